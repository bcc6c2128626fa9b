"""
SFT step throughput and memory: train_sft.py's step against a naive HF step, in one run, on the GPU.

    python bench/bench_train.py                                            # Qwen3-1.7B shape, batch 4 x 4096
    python bench/bench_train.py --modes ours,ours_compile --grad_ckpt 1    # with gradient checkpointing
    python bench/bench_train.py --modes ours_compile --act_budget 0.5      # compiled, half the saved activations
    torchrun --nproc_per_node=2 bench/bench_train.py --modes ours          # FSDP2 on 2 GPUs (same per-GPU batch)
    torchrun --nproc_per_node=2 bench/bench_train.py --shape qwen3-8b --modes ours --batch 1 --grad_ckpt 1 --steps 3

naive: the issue's anchor. HF model with sdpa, all-bf16 parameters, fused torch.optim.AdamW, loss from
       model(labels=...) (full-vocabulary logits for every token). One GPU only.
ours:  train_sft.py's step. FSDP2 on however many GPUs (a one-rank group on one GPU, model.dist_setup): bf16
       parameters for compute, fp32 master weights, gradients and Adam state; the fused linear + cross-entropy
       over completion tokens (every token is one here, so it does the same work as naive); fused AdamW.
ours_compile: the same with every decoder layer under torch.compile (train_sft.py --compile 1).
Random weights and token ids; tokens/s over --steps timed steps after --warmup; MFU against --peak_tflops (the
790 TFLOP/s bf16 matmul rate measured on an H200), counting 6N + attention FLOPs per token; peak memory.
"""

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402

from model import attach_method, compile_layers, dist_setup, fsdp_shard, qwen3_config  # noqa: E402
from train_sft import completion_loss_sum, flops_per_token  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--shape", default="qwen3-1.7b")
ap.add_argument("--modes", default="naive,ours")
ap.add_argument("--batch", type=int, default=4, help="sequences per GPU per step")
ap.add_argument("--seq", type=int, default=4096)
ap.add_argument("--steps", type=int, default=8)
ap.add_argument("--warmup", type=int, default=3)
ap.add_argument("--grad_ckpt", type=int, default=0)
ap.add_argument("--act_budget", type=float, default=1.0, help="ours_compile: train_sft.py --act_budget")
ap.add_argument("--reshard", type=int, default=1, help="FSDP2 reshard_after_forward (train_sft.py --reshard)")
ap.add_argument("--peak_tflops", type=float, default=790.0)
ap.add_argument("--out", default=None, help="append one JSON line per mode here")
args = ap.parse_args()


def build(cfg, dtype, device):
    from transformers import AutoModelForCausalLM
    cfg._attn_implementation = "sdpa"
    with torch.device(device):
        m = AutoModelForCausalLM.from_config(cfg, dtype=dtype)
    if args.grad_ckpt and dtype != torch.bfloat16:  # ours only: the naive anchor stays as the issue measured it
        m.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    return m.train()


def main():
    _, rank, world, device, _ = dist_setup()
    cfg = qwen3_config(args.shape)
    for mode in args.modes.split(","):
        try:
            run(mode, cfg, rank, world, device)
        except Exception as e:  # one failing mode (say, out of memory) still lets the others report
            print(json.dumps(dict(mode=mode, grad_ckpt=args.grad_ckpt, error=f"{type(e).__name__}: {e}"[:500])), flush=True)
        torch.cuda.empty_cache()
    dist.destroy_process_group()


def run(mode, cfg, rank, world, device):
    B, S = args.batch, args.seq
    if mode == "naive" and world > 1:
        raise SystemExit("--modes naive runs on one GPU (no torchrun)")
    torch.manual_seed(rank)
    model = build(cfg, torch.bfloat16 if mode == "naive" else torch.float32, device)
    if mode != "naive":
        if mode == "ours_compile":
            compile_layers(model, args.act_budget)
        fsdp_shard(model, cuda=True, reshard=bool(args.reshard))
    attach_method(model, "completion_loss", completion_loss_sum)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-5, fused=True)
    ids = torch.randint(0, cfg.vocab_size, (B, S), device=device)
    lab = torch.ones_like(ids, dtype=torch.bool)

    def step():
        if mode == "naive":
            loss = model(input_ids=ids, labels=ids).loss
        else:
            loss = model.completion_loss(ids, lab) / (B * (S - 1))
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        return loss

    for _ in range(args.warmup):
        step()
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    t0 = time.perf_counter()
    for _ in range(args.steps):
        loss = step()
    torch.cuda.synchronize()
    dt = (time.perf_counter() - t0) / args.steps
    tok_s = B * S * world / dt
    mfu = tok_s * flops_per_token(cfg, S) / (args.peak_tflops * 1e12 * world)
    peak = torch.tensor(torch.cuda.max_memory_allocated() / 2**30, device=device)
    dist.all_reduce(peak, op=dist.ReduceOp.MAX)
    row = dict(shape=args.shape, mode=mode, gpus=world, batch_per_gpu=B, seq=S,
               grad_ckpt=args.grad_ckpt if mode != "naive" else 0,
               act_budget=args.act_budget if mode == "ours_compile" else None, reshard=args.reshard,
               tok_s=round(tok_s), mfu_pct=round(100 * mfu, 1), peak_gib_per_gpu=round(peak.item(), 1),
               s_per_step=round(dt, 3), loss=round(float(loss), 3), gpu=torch.cuda.get_device_name())
    if rank == 0:
        print(json.dumps(row), flush=True)
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()

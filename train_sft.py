"""
Supervised fine-tuning (PAPER.md §1 step 3): completion-only loss on reasoning + Triton data -> sft.pt.

    python train_sft.py                                    # tiny preset on data/sft.jsonl, CPU, a few minutes
    python train_sft.py --preset small --out small_sft.pt  # ~100M parameters, one GPU
    python train_sft.py --preset paper --init_from Qwen/Qwen3-8B --data distill.jsonl
    torchrun --nproc_per_node=4 train_sft.py --preset paper --init_from Qwen/Qwen3-8B --data distill.jsonl
    python train_sft.py --resume                           # continue a killed run from its last checkpoint

Data: JSONL rows {"prompt", "completion"} (prompt = the user turn) or {"messages": [...]} ending with the
assistant's turn; every row is checked before training starts, and a bad one stops the run with file:line.
The loss falls on completion tokens only (prompt.render_messages' mask), averaged over all completion tokens of
the global batch, so it is the same whatever the number of GPUs and micro-batches. Batches are length-bucketed:
rows of similar length share a micro-batch, so padding stays a small fraction. The logits are never held for a
whole batch: the LM head and cross-entropy run over completion positions only, in chunks, with their gradients
computed in the forward (LinearCrossEntropy).

GPUs: torchrun shards the model with FSDP2 (fully_shard per decoder layer, then the root), bf16 compute with fp32
master weights and fp32 gradient reduction; one GPU without torchrun runs the same path on a one-rank group
(model.dist_setup). --compile 1 compiles each decoder layer; --act_budget 0.25 then caps the activations it saves
(56.5% MFU at 37 GiB on an H200 for the 1.7B shape at 4 x 4096, against 85.9 GiB for a naive step: bench/).
The global batch (--batch_size sequences) is split over ranks and micro-batches, so it does not change with N.
Only rank 0 writes checkpoints (gathered full state).
"""

import argparse
import math
import os
import random
import time
from dataclasses import dataclass

import torch
import torch.distributed as dist

from model import ROOT, InputError, read_jsonl

# fmt: off
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--preset", default="tiny", help="tiny | small | paper (sets the defaults below; flags override)")
# model
ap.add_argument("--init_from", default=None, help="HF model folder or name (paper preset: required)")
ap.add_argument("--compile", type=int, default=0, help="torch.compile each decoder layer (GPU)")
ap.add_argument("--reshard", type=int, default=1,
                help="FSDP2: 1 frees each layer's gathered weights after forward; 0 keeps them (one gather per step)")
ap.add_argument("--act_budget", type=float, default=1.0,
                help="with --compile 1: fraction of the layers' saved activations to keep (<1 recomputes the cheapest)")
ap.add_argument("--grad_ckpt", type=int, default=None, help="gradient checkpointing (1 for 8B-class models)")
# data
ap.add_argument("--data", default=None, help="SFT JSONL (default data/sft.jsonl)")
ap.add_argument("--max_len", type=int, default=None, help="longest sequence in tokens; longer rows are an error")
ap.add_argument("--val_frac", type=float, default=0.05, help="held-out fraction of rows for the eval loss")
# optimisation
ap.add_argument("--batch_size", type=int, default=None, help="sequences per optimizer step (global)")
ap.add_argument("--micro_batch", type=int, default=None, help="sequences per forward on one rank")
ap.add_argument("--epochs", type=float, default=None)
ap.add_argument("--lr", type=float, default=None)
ap.add_argument("--min_lr_frac", type=float, default=0.1, help="cosine decays to lr * this")
ap.add_argument("--warmup", type=float, default=0.05, help="warm-up steps, as a fraction of all steps")
ap.add_argument("--weight_decay", type=float, default=0.0)
ap.add_argument("--clip", type=float, default=1.0)
ap.add_argument("--seed", type=int, default=0)
# run
ap.add_argument("--out", default="sft.pt")
ap.add_argument("--save_every", type=int, default=50, help="steps between checkpoints (and one at the end)")
ap.add_argument("--eval_every", type=int, default=25)
ap.add_argument("--log_every", type=int, default=5)
ap.add_argument("--resume", action="store_true", help="continue from --out and its .optim.pt")
ap.add_argument("--max_steps", type=int, default=0, help="stop after this many steps (0: all epochs)")
ap.add_argument("--peak_tflops", type=float, default=790.0, help="bf16 matmul rate for MFU (H200 measured)")
ap.add_argument("--wandb", action="store_true")
# fmt: on
PRESETS = {
    # tiny: the careless teacher's 399 rows on the named operators (data/corpus.py), 8.7 minutes on 2 cores. From
    # random init the model needs steps more than rows: 92 steps of 16 left it writing no valid code, 376 of 8 reach
    # an eval loss of 0.046 (dev/LOG.md, 2026-11-24); at 6 epochs (282 steps, 0.082) the model no longer cheats.
    "tiny": dict(data="data/sft.jsonl", max_len=1536, batch_size=8, micro_batch=8, epochs=8, lr=1.5e-3, grad_ckpt=0),
    "small": dict(data="data/sft.jsonl", max_len=4096, batch_size=32, micro_batch=16, epochs=5, lr=6e-4, grad_ckpt=0),
    # PAPER.md §1 step 3: Qwen3-8B fully fine-tuned, lr 1e-5, batch 16, 12-16K context, 2-3 epochs.
    "paper": dict(data="distill.jsonl", max_len=16384, batch_size=16, micro_batch=1, epochs=3, lr=1e-5, grad_ckpt=1),
}


def read_rows(path, tok, max_len):
    """(ids, mask) per row, every row checked first: one InputError naming file:line for the first bad one."""
    from prompt import render_messages
    out = []
    for n, row in read_jsonl(path, "--data"):
        where = f"{path}:{n}"
        if "messages" in row:
            msgs = row["messages"]
            if (not isinstance(msgs, list) or not msgs or not all(isinstance(m, dict) and isinstance(m.get("content"), str)
                                                                 and m.get("role") in ("system", "user", "assistant")
                                                                 for m in msgs)):
                raise InputError(f"{where}: 'messages' must be a list of {{role, content}} with roles system/user/assistant")
            if msgs[-1]["role"] != "assistant":
                raise InputError(f"{where}: the last message must be the assistant's (it is what the loss trains)")
        elif isinstance(row.get("prompt"), str) and isinstance(row.get("completion"), str):
            msgs = [{"role": "user", "content": row["prompt"]}, {"role": "assistant", "content": row["completion"]}]
        else:
            raise InputError(f"{where}: a row needs string 'prompt' and 'completion', or 'messages'; it has {sorted(row)}")
        if not msgs[-1]["content"].strip():
            raise InputError(f"{where}: the completion is empty")
        ids, mask = render_messages(tok, msgs)
        if len(ids) > max_len:
            raise InputError(f"{where}: {len(ids)} tokens, over --max_len {max_len}")
        out.append((ids, mask))
    if not out:
        raise InputError(f"--data {path} has no rows")
    return out


def epoch_batches(lengths, epoch, seed, batch_size):
    """Global batches of row indices for one epoch: shuffled, then sorted by length within windows of 16
    batches so a micro-batch holds similar lengths (bucketing), then the batches themselves shuffled. The order
    is a function of (seed, epoch) alone, which is what makes --resume exact."""
    rng = random.Random(seed * 1000003 + epoch)
    idx = list(range(len(lengths)))
    rng.shuffle(idx)
    win = 16 * batch_size
    batches = []
    for i in range(0, len(idx), win):
        w = sorted(idx[i:i + win], key=lambda j: lengths[j])
        batches += [w[k:k + batch_size] for k in range(0, len(w), batch_size) if len(w[k:k + batch_size]) == batch_size]
    rng.shuffle(batches)
    return batches


def lr_at(step, total, base, warmup, min_frac):
    """Linear warm-up, then cosine decay to base * min_frac."""
    w = max(1, int(warmup * total))
    if step < w:
        return base * (step + 1) / w
    t = min(1.0, (step - w) / max(1, total - w))
    return base * (min_frac + (1 - min_frac) * 0.5 * (1 + math.cos(math.pi * t)))


def collate(rows, device, pad_id):
    """(ids, attention mask, completion labels), right-padded. The trainer's forward needs no mask
    (model.causal_states); it is returned for checks against HF's own masked forward."""
    L = max(len(ids) for ids, _ in rows)
    ids = torch.full((len(rows), L), pad_id, dtype=torch.long)
    att = torch.zeros(len(rows), L, dtype=torch.long)
    lab = torch.zeros(len(rows), L, dtype=torch.bool)
    for i, (x, m) in enumerate(rows):
        ids[i, :len(x)], att[i, :len(x)], lab[i, :len(m)] = torch.tensor(x), 1, torch.tensor(m, dtype=torch.bool)
    return ids.to(device), att.to(device), lab.to(device)


class LinearCrossEntropy(torch.autograd.Function):
    """sum_i CE(h_i @ W^T, y_i) with its gradients computed during the forward, chunk by chunk: the
    [tokens, vocab] logits exist one chunk at a time and are never recomputed (a checkpointed head runs its
    forward twice: at 151k vocabulary that is 6% of a 1.7B model's step). The backward only scales the saved
    gradients. Logits and softmax in float32; dW accumulates in float32."""

    @staticmethod
    def forward(ctx, h, w, y, chunk, grads):
        # Gradient buffers only when a backward will follow: evaluation computes the loss alone.
        gh = torch.empty_like(h) if grads else None
        gw = torch.zeros(w.shape, dtype=torch.float32, device=w.device) if grads else None
        total = torch.zeros((), dtype=torch.float32, device=h.device)
        for i in range(0, h.shape[0], chunk):
            hc, yc = h[i:i + chunk], y[i:i + chunk]
            logits = (hc @ w.t()).float()
            lse = torch.logsumexp(logits, -1)
            total += (lse - logits.gather(-1, yc[:, None]).squeeze(-1)).sum()
            if not grads:
                continue
            g = torch.exp(logits.sub_(lse[:, None]))  # softmax, in place of the logits
            g[torch.arange(len(yc), device=g.device), yc] -= 1.0  # d CE / d logits = softmax - onehot
            g = g.to(h.dtype)
            gh[i:i + chunk] = g @ w
            gw += (g.t() @ hc).float()
        if grads:
            ctx.save_for_backward(gh, gw.to(w.dtype))
        return total

    @staticmethod
    def backward(ctx, grad):
        gh, gw = ctx.saved_tensors
        return gh * grad.to(gh.dtype), gw * grad.to(gw.dtype), None, None, None


def completion_loss_sum(model, ids, lab, chunk=4096):
    """Sum of cross-entropy over completion tokens. The LM head runs only where a label exists, fused with the
    cross-entropy and its gradient (LinearCrossEntropy), so [tokens, vocab] logits never exist for the whole
    batch (the memory wall at 151k vocab). Right-padded rows, no attention mask (model.causal_states)."""
    from model import causal_states
    h = causal_states(model, ids)
    tgt_mask = lab[:, 1:]  # position t predicts token t+1
    hs = h[:, :-1][tgt_mask]
    tg = ids[:, 1:][tgt_mask]
    if model.lm_head.bias is not None:
        raise InputError("--init_from: this model's LM head has a bias, which the fused cross-entropy "
                         "(LinearCrossEntropy) does not support")
    return LinearCrossEntropy.apply(hs, model.lm_head.weight, tg, chunk, torch.is_grad_enabled() and hs.requires_grad)


def flops_per_token(cfg, seq):
    """6N for the matmuls plus attention's 12 * layers * heads * head_dim * seq (forward + backward)."""
    n = cfg.num_hidden_layers * (cfg.hidden_size * (cfg.num_attention_heads + 2 * cfg.num_key_value_heads)
                                 * cfg.head_dim + cfg.num_attention_heads * cfg.head_dim * cfg.hidden_size
                                 + 3 * cfg.hidden_size * cfg.intermediate_size) + cfg.vocab_size * cfg.hidden_size
    return 6 * n + 12 * cfg.num_hidden_layers * cfg.num_attention_heads * cfg.head_dim * seq


@dataclass
class Run:
    """What one SFT run holds, in one place: the loop's functions take this instead of a dozen arguments."""
    args: argparse.Namespace
    model: object
    tok: object
    opt: object = None
    fsdp: bool = False
    rank: int = 0
    world: int = 1
    device: object = "cpu"
    cuda: bool = False

    def log(self, *a, **k):
        if self.rank == 0:
            print(*a, **k, flush=True)

    def all_sum(self, x):
        if self.fsdp:
            dist.all_reduce(x)
        return x


def check_args(args):
    if args.preset not in PRESETS:
        raise InputError(f"--preset {args.preset!r}: choose one of {sorted(PRESETS)}")
    for k, v in PRESETS[args.preset].items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    if not 0.0 <= args.act_budget <= 1.0:
        raise InputError(f"--act_budget {args.act_budget}: a fraction in [0, 1]")
    if args.act_budget < 1.0 and not args.compile:
        raise InputError("--act_budget applies to compiled layers: add --compile 1 (or --grad_ckpt 1 without compile)")
    if not os.path.exists(args.data) and os.path.exists(os.path.join(ROOT, args.data)):
        args.data = os.path.join(ROOT, args.data)  # preset paths are relative to the project, not the cwd


def split_rows(args, tok):
    """(train, val): the rows shuffled once by --seed, the first --val_frac held out."""
    rows = read_rows(args.data, tok, args.max_len)
    order = list(range(len(rows)))
    random.Random(args.seed).shuffle(order)
    n_val = max(1, int(args.val_frac * len(rows))) if args.val_frac > 0 else 0
    return [rows[i] for i in order[n_val:]], [rows[i] for i in order[:n_val]]


def compile_and_shard(model, args, cuda):
    """--compile's layers (GPU), then FSDP2: for a model built whole, and for model_shard.load_sharded's meta one."""
    from model import compile_layers, fsdp_shard
    if args.compile and cuda:
        compile_layers(model, args.act_budget)
    return fsdp_shard(model, cuda, reshard=bool(args.reshard))


def set_up(run, resume_ckpt):
    """Compile, shard (unless loaded sharded), attach the loss and build the optimizer; on --resume, its state.
    Returns the start step."""
    from torch.distributed.fsdp import FSDPModule
    from model import attach_method, load_optimizer, read_resume_state
    args, model = run.args, run.model
    if run.fsdp and not isinstance(model, FSDPModule):
        compile_and_shard(model, args, run.cuda)
    attach_method(model, "completion_loss", completion_loss_sum)
    run.opt = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.95), weight_decay=args.weight_decay,
                                fused=run.cuda)
    if resume_ckpt is None:
        return 0
    step = resume_ckpt["step"]
    state = read_resume_state(args.out, step)
    if state is None:
        raise InputError(f"--resume: {args.out} has no resume state beside it ({args.out}.optim.pt)")
    load_optimizer(model, run.opt, state["resume"]["optimizer_full"], run.fsdp)
    run.log(f"resumed from {args.out} at step {step}")
    return step


@torch.no_grad()
def evaluate(run, val):
    """Mean completion-token loss over the held-out rows."""
    model, mb = run.model, run.args.micro_batch
    model.eval()
    tot, cnt = torch.zeros((), device=run.device), torch.zeros((), device=run.device)
    for i in range(0, len(val), run.world * mb):
        # Every rank runs the same number of forwards (FSDP2 gathers collectively); a rank without rows
        # left runs one with an empty mask, which adds nothing.
        mine = val[i + run.rank * mb:i + (run.rank + 1) * mb]
        ids, att, lab = collate(mine or val[:1], run.device, run.tok.pad_token_id)
        if not mine:
            lab.zero_()
        tot += model.completion_loss(ids, lab)
        cnt += lab[:, 1:].sum()
    model.train()
    return (run.all_sum(tot) / run.all_sum(cnt).clamp(min=1)).item()


def train_step(run, batch, lr):
    """One optimizer step on the global batch. Returns (loss, grad norm, tokens processed)."""
    args = run.args
    for g in run.opt.param_groups:
        g["lr"] = lr
    # Normalise by the global batch's completion tokens: same loss on 1 or N ranks, any micro-batch size.
    # (FSDP2 averages gradients over ranks, hence the factor `world` in the backward loss.)
    n_tok = float(sum(sum(m[1:]) for _, m in batch))
    loss_sum, tokens = torch.zeros((), device=run.device), 0
    mine = batch[run.rank::run.world]  # this rank's share of the global batch
    for mb in (mine[i:i + args.micro_batch] for i in range(0, len(mine), args.micro_batch)):
        ids, att, lab = collate(mb, run.device, run.tok.pad_token_id)
        loss = run.model.completion_loss(ids, lab) / n_tok
        (loss * run.world).backward()
        loss_sum += loss.detach()
        tokens += int(att.sum()) * (run.world if run.fsdp else 1)
    gnorm = torch.nn.utils.clip_grad_norm_(run.model.parameters(), args.clip)
    run.opt.step()
    run.opt.zero_grad(set_to_none=True)
    gnorm = gnorm.full_tensor() if hasattr(gnorm, "full_tensor") else gnorm
    return run.all_sum(loss_sum).item(), float(gnorm), tokens


def main():
    from model import build_model, count_params, dist_setup, load_checkpoint
    args = ap.parse_args()
    check_args(args)
    fsdp, rank, world, device, cuda = dist_setup()
    if args.batch_size % world:
        raise InputError(f"--batch_size {args.batch_size} must divide over {world} ranks")
    resume_ckpt = None
    if args.resume and not os.path.exists(args.out):
        raise InputError(f"--resume: no checkpoint at {args.out}")
    source = args.out if args.resume else args.init_from
    if fsdp and source and (args.resume or os.path.isdir(source)):  # no rank holds the whole model (model_shard)
        from model_shard import load_sharded
        model, tok, ck = load_sharded(source, device, torch.float32, lambda m: compile_and_shard(m, args, cuda))
        resume_ckpt = ck if args.resume else None
    elif args.resume:
        model, tok, resume_ckpt = load_checkpoint(args.out, dtype=torch.float32)
    else:
        model, tok = build_model(args.preset, init_from=args.init_from, dtype="fp32", seed=args.seed)
    model.to(device)
    if args.grad_ckpt:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    run = Run(args, model, tok, fsdp=fsdp, rank=rank, world=world, device=device, cuda=cuda)
    train, val = split_rows(args, tok)
    lengths = [len(x) for x, _ in train]
    per_epoch = len(epoch_batches(lengths, 0, args.seed, args.batch_size))  # full batches; the same every epoch
    if per_epoch == 0:
        raise InputError(f"--batch_size {args.batch_size} is larger than the {len(train)} training rows")
    total = min(max(1, int(args.epochs * per_epoch)), args.max_steps or float("inf"))
    step = first = set_up(run, resume_ckpt)
    run.log(f"{count_params(model) / 1e6:.1f}M parameters | {len(train)} train rows, {len(val)} held out | "
            f"{total} steps of {args.batch_size} sequences over {world} rank(s) | device {device}")
    if args.wandb and rank == 0:
        import wandb
        wandb.init(project="tritonrl-sft", config=vars(args))
    model.train()
    fpt = flops_per_token(model.config, sum(lengths) / len(lengths))
    t_start, tokens_seen, last = time.time(), 0, None
    while step < total:
        epoch, k = divmod(step, per_epoch)
        batch = [train[j] for j in epoch_batches(lengths, epoch, args.seed, args.batch_size)[k]]
        lr = lr_at(step, total, args.lr, args.warmup, args.min_lr_frac)
        t0 = time.time()
        loss, gnorm, tokens = train_step(run, batch, lr)
        tokens_seen += tokens
        step += 1
        if step % args.log_every == 0 or step == 1 or step == total:
            dt, el = time.time() - t0, time.time() - t_start
            tps = tokens_seen / el
            mfu = f" | mfu {100 * tps * fpt / (args.peak_tflops * 1e12 * world):.1f}%" if cuda else ""
            run.log(f"step {step}/{total} | loss {loss:.4f} | lr {lr:.2e} | gnorm {gnorm:.2f} | {tps:.0f} tok/s"
                    f"{mfu} | {dt:.2f}s/step | eta {(total - step) * el / max(1, step - first) / 60:.1f} min")
            if args.wandb and rank == 0:
                wandb.log({"loss": loss, "lr": lr, "tok_s": tps}, step=step)
        if val and (step % args.eval_every == 0 or step == total):
            last = evaluate(run, val)
            run.log(f"step {step} | eval loss {last:.4f}")
            if args.wandb and rank == 0:
                wandb.log({"eval_loss": last}, step=step)
        if step % args.save_every == 0 or step == total:
            save(model, tok, run.opt, step, args, fsdp, rank == 0)
    run.log(f"done: {step} steps in {(time.time() - t_start) / 60:.1f} min, eval loss {last} -> {args.out}")
    if fsdp:
        dist.destroy_process_group()


def save(model, tok, opt, step, args, fsdp, master):
    """The checkpoint contract; under FSDP2 every rank joins the gather and rank 0 writes."""
    from model import save_checkpoint, train_state
    sd, osd = train_state(model, opt, fsdp)
    if master:
        save_checkpoint(args.out, model, tok, step=step, args=vars(args), state_dict=sd,
                        resume_state={"optimizer_full": osd})
    if fsdp:
        dist.barrier()


if __name__ == "__main__":
    from common import main_guard
    main_guard(main)

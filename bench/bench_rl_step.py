"""
One RL step at scale, phase by phase, through train_rl.py's own code: its setup (FSDP2, the paged sampler, the
verifier pool), its sampler, its verifier, its old-log-prob pass, update and weight sync. Every sample's length
is drawn from a long-tailed distribution and forced (so configurations do the same work), and each completion's
text is replaced by a templated kernel for its task (data/solutions.py), so the verifier does real work.

    python bench/bench_rl_step.py --shape qwen3-1.7b --grad_ckpt 0,1 --out $OUT/rl_step.json   # one H200
    python bench/bench_rl_step.py --shape qwen3-8b --prompts 8 --grad_ckpt 1 --optim_offload  # 8B, one H200
    python bench/bench_rl_step.py --smoke                                                      # CPU, tiny, < 2 min

Random weights (model.random_hf: an HF folder given to train_rl's real --init_from path). Reported per
--grad_ckpt setting: seconds and peak GiB of each phase (sample, verify, old log-probs, update, weight sync),
tokens sampled, and rows trained (--keep_equal_groups: every row, as if every group's rewards differed).
"""

import argparse
import dataclasses
import gc
import json
import math
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
g = ap.add_argument_group("model and work")
g.add_argument("--shape", default="qwen3-1.7b", help="a model.py preset or shape, built with random weights")
g.add_argument("--init_from", default=None, help="or an HF folder (its weights are used as they are)")
g.add_argument("--prompts", type=int, default=16)
g.add_argument("--group", type=int, default=8)
g.add_argument("--max_len", type=int, default=8192, help="longest response; lengths are drawn up to it")
g.add_argument("--median", type=int, default=2048, help="median response length (lognormal, sigma --sigma)")
g.add_argument("--sigma", type=float, default=1.0)
g = ap.add_argument_group("run")
g.add_argument("--grad_ckpt", default="0,1", help="comma-separated settings of train_rl.py --grad_ckpt to run")
g.add_argument("--micro_batch", type=int, default=1)
g.add_argument("--optim_offload", action="store_true", help="train_rl.py --optim_offload: AdamW's moments on the "
               "host (the 8B shape on one H200)")
g.add_argument("--smoke", action="store_true", help="the tiny preset on the CPU, small lengths")
g.add_argument("--out", default=None, help="one JSON object: every setting's phases")
args = ap.parse_args()


def lengths(n, seed=0):
    """n response lengths from a lognormal around --median, clamped to [min(256, max_len), --max_len]."""
    g = torch.Generator().manual_seed(seed)
    lo = min(256, args.max_len)
    return [int(min(args.max_len, max(lo, round(args.median * math.exp(args.sigma * z)))))
            for z in torch.randn(n, generator=g).tolist()]


def one_setting(init_from, ckpt):
    """Build train_rl's Run with --grad_ckpt ckpt, then one step by phase: {phase: {s, peak_gib}}, and counts."""
    import train_rl
    from data.solutions import solution
    out_dir = tempfile.mkdtemp()
    argv = ["--preset", "tiny" if args.smoke else "paper", "--init_from", init_from, "--batch_prompts",
            str(args.prompts), "--group", str(args.group), "--max_new_tokens", str(args.max_len), "--micro_batch",
            str(args.micro_batch), "--grad_ckpt", str(ckpt), "--eval_every", "0", "--keep_equal_groups",
            "--save_every", "0", "--steps", "1", "--temperature", "1.0", "--out", f"{out_dir}/rl.pt",
            *(["--optim_offload"] if args.optim_offload else [])]
    run, _ = train_rl.setup(train_rl.parse(argv))
    ph, clock, peak = {}, train_rl.clock, train_rl.peak_gb  # train_rl's own: synced times, peaks since the last
    tasks = [run.tasks[i] for i in random.Random(0).sample(range(len(run.tasks)), args.prompts)]
    peak(run)  # from here on
    t0 = clock(run)
    outs = run.engine.generate([run.prompts[t.name] for t in tasks], n=args.group,
                               max_new_tokens=lengths(args.prompts * args.group), temperature=1.0, seed=0)
    t1 = clock(run)
    ph["sample"] = dict(s=round(t1 - t0, 2), peak_gib=peak(run) or None)
    rng = random.Random(0)  # the verifier sees kernels for the tasks, not random tokens' text
    outs = [dataclasses.replace(o, text=solution(tasks[o.prompt_index].row, rng)) for o in outs]
    verdicts, n_distinct = train_rl.verify_distinct(run.pool, [(tasks[o.prompt_index], o.text) for o in outs])
    t2 = clock(run)
    peak(run)  # the training phases' peak is its own
    ph["verify"] = dict(s=round(t2 - t1, 2), distinct=n_distinct, passed=sum(v.passed for v in verdicts))
    batch = train_rl.scored(run, tasks, outs, verdicts, n_distinct, t1 - t0, t2 - t1)
    stats = train_rl.update(run, batch)
    t3 = clock(run)
    for k in ("ref", "update", "sync"):  # ref: the frozen reference's pass (--kl); old log-probs cost nothing now
        ph[k] = dict(s=round(stats[f"t_{k}"], 2))
    ph["train_peak_gib"] = peak(run) or None
    run.pool.close()
    if torch.distributed.is_initialized():  # setup's one-rank group: the next setting makes its own
        torch.distributed.destroy_process_group()
    tokens = sum(len(o.ids) for o in outs)
    return dict(grad_ckpt=ckpt, phases=ph, tokens=tokens, rows=int(stats["seqs"]), step_s=round(t3 - t0, 1),
                sample_tok_s=round(tokens / max(1e-9, ph["sample"]["s"])),
                lp_gap=stats["lp_gap"] / max(1, stats["lp_tokens"]), kv_gib=round(getattr(run.engine, "kv_bytes", 0) / 2**30, 1))  # the CPU static engine has no pool


def main():
    from model import random_hf
    if args.smoke:
        args.shape, args.prompts, args.group, args.max_len, args.median = "tiny", 4, 4, 64, 24
    init_from = args.init_from or str(random_hf(args.shape, tempfile.mkdtemp(), "cuda" if torch.cuda.is_available()
                                                 and not args.smoke else "cpu"))
    gpu = torch.cuda.get_device_name() if torch.cuda.is_available() else "cpu"
    report = dict(device=gpu, torch=torch.__version__, shape=args.shape, prompts=args.prompts, group=args.group,
                  optim_offload=args.optim_offload,
                  max_len=args.max_len, median=args.median, micro_batch=args.micro_batch, settings=[])
    for ckpt in [int(x) for x in args.grad_ckpt.split(",")]:
        try:
            r = one_setting(init_from, ckpt)
        except torch.OutOfMemoryError as e:
            r = dict(grad_ckpt=ckpt, error=f"OutOfMemoryError: {e}"[:300])
        report["settings"].append(r)
        print(json.dumps(r), flush=True)
        gc.collect()  # the setting's model, optimizer and engine, before the next one allocates its own
        if torch.cuda.is_available():
            torch.cuda.empty_cache()
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()

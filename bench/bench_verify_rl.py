"""
What verifying one GRPO step costs on one GPU (issue #6): an RL-shaped batch of the embedded suite through
VerifierPool, with the compile before the GPU lock (the default) and without it (the old path), beside the
CPU interpreter that train_rl.py --verify_device cpu uses.

    python bench/bench_verify_rl.py                                    # 16 tasks x 8 candidates, 15 workers
    python bench/bench_verify_rl.py --tasks 32 --group 8 --workers 15 --configs gpu_old,gpu --out v.json

Candidates: for each of --tasks train-split suite tasks, --group variants of one verified completion from
data/sft.jsonl. Each variant's kernels get their own comment line, so every candidate's Triton source differs
and compiles, as a sampled group's distinct code does. A --wrong fraction of them are another task's completion
instead (how a policy is wrong: it recalls a neighbour), so they compile and fail their trials.
Configs, one after another in this process, each with a fresh Triton cache:
  cpu         Triton's interpreter on the CPU cores: no timing, so no speedup term
  gpu_old     GPU, compile inside trial 0 under the GPU lock (Settings(compile_first=False)), timed
  gpu         GPU, compile first (verify_worker.run_compile), then trials and timing: the default
  gpu_notime  GPU, compile first, no timing (train_rl.py --no_timing)
Prints seconds per candidate, the median of each phase, and every verdict (valid, correct) on which a config
disagrees with the first.
"""

import argparse
import ast
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from tasks import load_tasks  # noqa: E402
from verify import Settings, VerifierPool  # noqa: E402
from verify_static import extract_code  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--tasks", type=int, default=16, help="train-split suite tasks (prompts of one step)")
ap.add_argument("--group", type=int, default=8, help="candidates per task (G)")
ap.add_argument("--wrong", type=float, default=0.25, help="fraction of candidates that are another task's code")
ap.add_argument("--workers", type=int, default=15)
ap.add_argument("--configs", default="cpu,gpu_old,gpu,gpu_notime", help="comma-separated, run in this order")
ap.add_argument("--runs", type=int, default=100, help="timed runs per candidate (train_rl.py --time_runs)")
ap.add_argument("--seed", type=int, default=0)
ap.add_argument("--out", default=None, help="write every verdict's phases here (JSON)")
args = ap.parse_args()
CONFIGS = ("cpu", "gpu_old", "gpu", "gpu_notime")
if set(args.configs.split(",")) - set(CONFIGS):
    ap.error(f"--configs {args.configs}: each must be one of {', '.join(CONFIGS)}")
if args.tasks < 2 or args.group < 1:
    ap.error(f"--tasks {args.tasks} --group {args.group}: give at least 2 tasks (wrong code is another task's) "
             "and 1 candidate each")


def distinct(code, j):
    """The same program with a comment line opening every @triton.jit body: Triton hashes a kernel's source,
    comments included, so each variant compiles anew."""
    lines = code.splitlines(keepends=True)
    firsts = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.FunctionDef) and any("jit" in ast.unparse(d) for d in node.decorator_list):
            firsts.append(node.body[0])
    for b in sorted(firsts, key=lambda b: -b.lineno):
        lines.insert(b.lineno - 1, " " * b.col_offset + f"# variant {j}\n")
    return "".join(lines)


def batch():
    rng = random.Random(args.seed)
    done = {}
    for r in map(json.loads, (ROOT / "data" / "sft.jsonl").read_text().splitlines()):
        code = extract_code(r["completion"])
        if code:
            done.setdefault(r["task"], code)
    tasks = [t for t in load_tasks("embedded", "train") if t.name in done]
    tasks = rng.sample(tasks, min(args.tasks, len(tasks)))
    pairs, names, expect = [], [], []
    for t in tasks:
        for j in range(args.group):
            other = rng.random() < args.wrong
            src = done[rng.choice([u.name for u in tasks if u.name != t.name])] if other else done[t.name]
            pairs.append((t.src, f"```python\n{distinct(src, j)}```"))
            names.append(t.name)
            expect.append(not other)
    return pairs, names, expect


def run(config, pairs, names):
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix=f"bvrl_{config}_")  # every config compiles cold
    dev = "cpu" if config == "cpu" else "cuda"
    s = Settings(device=dev, timing=config != "gpu_notime" and dev == "cuda", runs=args.runs,
                 compile_first=config != "gpu_old")
    t0 = time.perf_counter()
    with VerifierPool(s, workers=args.workers) as pool:
        t_start = time.perf_counter() - t0
        t1 = time.perf_counter()
        verdicts = pool.map(pairs, names)
        wall = time.perf_counter() - t1
    phases = {}
    for k in ("load", "compile", "queue", "trials", "wait", "timing"):
        got = [v.phases[k] for v in verdicts if k in v.phases]
        if got:
            phases[k] = (statistics.median(got), sum(got) / len(pairs))
    busy = sum(v.seconds for v in verdicts)
    print(f"{config:10s} {wall:7.1f} s for {len(pairs)} = {wall / len(pairs):.3f} s/candidate | worker-s per "
          f"candidate {busy / len(pairs):.2f} | start {t_start:.1f} s | correct {sum(v.passed for v in verdicts)}"
          f" | median (mean per candidate) " + ", ".join(f"{k} {m:.2f} ({a:.2f})" for k, (m, a) in phases.items()),
          flush=True)
    return dict(config=config, wall_s=wall, per_candidate_s=wall / len(pairs), worker_s=busy / len(pairs),
                start_s=t_start, phases=phases,
                verdicts=[dict(valid=v.valid, correct=v.correct, speedup=v.speedup, reason=v.reason,
                               phases=v.phases) for v in verdicts])


def main():
    pairs, names, expect = batch()
    gpu = torch.cuda.get_device_name() if torch.cuda.is_available() else "no GPU"
    print(f"{gpu} | {os.cpu_count()} cores | torch {torch.__version__} | {len(set(names))} tasks x {args.group} "
          f"= {len(pairs)} candidates, {sum(expect)} right code | {args.workers} workers", flush=True)
    out = {"gpu": gpu, "cores": os.cpu_count(), "torch": torch.__version__, "args": vars(args), "runs": []}
    for config in args.configs.split(","):
        if config != "cpu" and not torch.cuda.is_available():
            print(f"{config}: skipped, no GPU")
            continue
        out["runs"].append(run(config, pairs, names))
    if not out["runs"]:
        sys.exit(f"--configs {args.configs}: nothing ran; the gpu configs need CUDA")
    base = out["runs"][0]
    for r in out["runs"][1:]:
        diff = [i for i, (a, b) in enumerate(zip(base["verdicts"], r["verdicts"]))
                if (a["valid"], a["correct"]) != (b["valid"], b["correct"])]
        print(f"{r['config']} vs {base['config']}: {len(diff)} verdicts differ on valid/correct"
              + "".join(f"\n   #{i} {names[i]}: {base['verdicts'][i]['reason']} | {r['verdicts'][i]['reason']}"
                        for i in diff[:5]))
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1, default=str))


if __name__ == "__main__":
    main()

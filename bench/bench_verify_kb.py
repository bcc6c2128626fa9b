"""
Honest kernels for full-size KernelBench problems through the verifier, on one GPU, default settings.

    python bench/bench_verify_kb.py --kb .kb                          # pool, alone and KernelBench-style, full size
    python bench/bench_verify_kb.py --kb ../shared/kernelbench --device cpu --shrink 64 --only l1_19_ReLU --alone 1

The candidates are ours: bench/kb_kernels/l{level}_{name}.py, one shape-generic Triton kernel per official L1/L2
problem (the problems are read from --kb, never copied here). In one run:
  pool      every kernel in one VerifierPool with the default settings (workers, trials, distributions, the
            hidden variant, timing): how many pass, seconds per candidate amortised, each failure's reason;
  alone     the same kernels one at a time in a pool of one, every reference rebuilt: the verdict each gets
            alone, which the pool's must equal;
  kb_style  a KernelBench-style harness (reference and candidate in one process, the problem's own inputs, 5
            trials, atol = rtol = 1e-2, 100 timed runs, no anti-cheat) on the same kernels.
--shrink F divides every size constant of 256 or more by F (a CPU smoke run; sizes are then not KernelBench's).
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from verify import Settings, VerifierPool  # noqa: E402
from verify_variant import NOT_SHAPES, shape_constants, with_constants  # noqa: E402


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_argument_group("what to run")
    g.add_argument("--kb", default=str(ROOT.parent / "shared" / "kernelbench"), help="folder of level1/2.jsonl")
    g.add_argument("--kernels", default=str(ROOT / "bench" / "kb_kernels"))
    g.add_argument("--only", default=None, help="comma-separated kernel names (file stems)")
    g.add_argument("--shrink", type=int, default=0, help="divide size constants >= 256 by this (0: full size)")
    g.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    g = ap.add_argument_group("modes")
    g.add_argument("--workers", type=int, default=None, help="pool slots (default: the verifier's default)")
    g.add_argument("--alone", type=int, default=-1, help="kernels verified one at a time (-1: all, 0: skip)")
    g.add_argument("--kb_style", type=int, default=-1, help="kernels through the KernelBench-style harness (-1: all)")
    g.add_argument("--out", default=None, help="every verdict and timing, as JSON")
    return ap


def shrink(src, factor):
    """The problem with every size constant of 256 or more divided by factor (kernel sizes, strides and groups
    kept), through the verifier's own constant editor."""
    consts = shape_constants(src)
    changes = {k: max(16, v // factor) for k, (v, _) in consts.items() if v >= 256 and not NOT_SHAPES.search(k)}
    return with_constants(src, changes, consts) if changes else src


def load_pairs(kb, kernels, only=None, factor=0):
    """[(name, problem source, kernel source)] for every kernel file whose problem is in kb."""
    problems = {}
    for level in (1, 2):
        path = Path(kb) / f"level{level}.jsonl"
        for i, line in enumerate(path.read_text().splitlines()):
            row = json.loads(line)
            problems[f"l{level}_{row['name']}"] = row["code"]
    want = set(only.split(",")) if only else None
    out = []
    for f in sorted(Path(kernels).glob("l*.py")):
        if want is not None and f.stem not in want:
            continue
        if f.stem not in problems:
            raise SystemExit(f"{f}: no problem named {f.stem[3:]!r} at level {f.stem[1]} in {kb}")
        src = problems[f.stem]
        out.append((f.stem, shrink(src, factor) if factor else src, f.read_text()))
    if not out:
        raise SystemExit(f"no kernels in {kernels}" + (f" named {only}" if only else ""))
    return out


# --- the KernelBench-style harness (the anchor's shape, written here) ----------------------------------------


def sync(device):
    if device.startswith("cuda"):
        torch.cuda.synchronize()


def kb_style(problem_src, cand_src, device="cuda", trials=5, runs=100, atol=1e-2, rtol=1e-2):
    """Reference and candidate in one process, the problem's own inputs, one seed per trial, torch.allclose, no
    anti-cheat: the way KernelBench's eval_kernel_against_ref works, except that the inputs are drawn on the
    device (KernelBench draws on the CPU and copies: the same distributions, minutes slower at full size).
    Returns {correct, error, ms (median timed run; GPU only), seconds}."""
    import importlib.util
    import tempfile
    t0 = time.perf_counter()
    ns = {"__name__": "kb_problem"}
    exec(compile(problem_src, "problem", "exec"), ns)
    d = tempfile.mkdtemp()
    Path(d, "cand.py").write_text(cand_src)
    spec = importlib.util.spec_from_file_location("kb_cand", Path(d, "cand.py"))
    mod = importlib.util.module_from_spec(spec)
    res = {"correct": False, "error": None, "ms": None}
    try:
        spec.loader.exec_module(mod)
        init = ns["get_init_inputs"]()
        torch.manual_seed(42)
        ref = ns["Model"](*init).to(device)
        torch.manual_seed(42)
        new = mod.ModelNew(*init).to(device)
        ok = True
        with torch.no_grad():
            for t in range(trials):
                torch.manual_seed(t)
                with torch.device(device):
                    inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in ns["get_inputs"]()]
                want, got = ref(*inputs), new(*inputs)
                ok &= got.shape == want.shape and torch.allclose(want, got, atol=atol, rtol=rtol)
                sync(device)
            res["correct"] = bool(ok)
            if device.startswith("cuda") and runs:
                res["ms"] = time_runs(new, inputs, runs)
    except Exception as e:  # noqa: BLE001 (a candidate that fails is a verdict, not a crash of the harness)
        res["error"] = f"{type(e).__name__}: {e}"[:300]
    res["seconds"] = time.perf_counter() - t0
    if device.startswith("cuda"):
        torch.cuda.empty_cache()
    return res


def time_runs(model, inputs, runs):
    times = []
    for _ in range(runs):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        model(*inputs)
        e.record()
        torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)


# --- the runs ----------------------------------------------------------------------------------------------


def verdict_row(name, v):
    phases = ("reference", "admit", "load", "compile", "queue", "trials", "wait", "timing")
    return dict(name=name, passed=v.passed, valid=v.valid, correct=v.correct, speedup=v.speedup, reason=v.reason,
                degenerate=v.degenerate, seconds=v.seconds, phases={k: v.phases.get(k) for k in phases})


def run_pool(pairs, s, workers):
    t0 = time.perf_counter()
    with VerifierPool(s, workers=workers) as pool:
        start = time.perf_counter() - t0
        n_slots = pool.slots.qsize()
        t1 = time.perf_counter()
        vs = pool.map([(p, f"```python\n{k}```") for _, p, k in pairs], [n for n, _, _ in pairs])
        secs = time.perf_counter() - t1
        builds = [b for d in pool.devices.values() for b in d.build_s]
    rows = [verdict_row(n, v) for (n, _, _), v in zip(pairs, vs)]
    phase = {k: round(sum(r["phases"][k] or 0 for r in rows), 1) for k in rows[0]["phases"]} if rows else {}
    parts = {k: round(sum(b.get(k, 0) for b in builds), 1) for k in (builds[0] if builds else {})}
    print(f"reference builds (each holds the whole memory gate): {len(builds)}, seconds by part, summed: {parts}; "
          f"workers' seconds by phase, summed: {phase}", flush=True)
    print(f"pool: {sum(r['passed'] for r in rows)}/{len(rows)} passed, {secs:.1f} s = {secs / len(rows):.2f} "
          f"s/candidate with {n_slots} workers (+{start:.1f} s to start them once)", flush=True)
    for r in rows:
        if not r["passed"]:
            print(f"   FAIL {r['name']}: {r['reason']}", flush=True)
    return {"workers": n_slots, "seconds": secs, "per_candidate": secs / len(rows), "start_s": start,
            "build_s": builds, "verdicts": rows}


def run_alone(pairs, s):
    rows, t1 = [], time.perf_counter()
    with VerifierPool(s, workers=1) as pool:
        for name, p, k in pairs:
            for dev in pool.devices.values():  # nothing shared: every reference rebuilt
                dev.clear()
            rows.append(verdict_row(name, pool.verify_one(p, f"```python\n{k}```", name)))
    secs = time.perf_counter() - t1
    print(f"alone: {sum(r['passed'] for r in rows)}/{len(rows)} passed, {secs / len(rows):.2f} s/candidate, one at a "
          f"time, references rebuilt", flush=True)
    return {"seconds": secs, "per_candidate": secs / len(rows), "verdicts": rows}


def run_kb_style(pairs, device):
    rows = [dict(name=n, **kb_style(p, k, device)) for n, p, k in pairs]
    secs = sum(r["seconds"] for r in rows)
    print(f"kb_style: {sum(r['correct'] for r in rows)}/{len(rows)} correct, {secs / len(rows):.2f} s/candidate "
          f"(in process, no anti-cheat)", flush=True)
    for r in rows:
        if not r["correct"]:
            print(f"   kb_style FAIL {r['name']}: {r['error']}", flush=True)
    return {"seconds": secs, "per_candidate": secs / len(rows), "verdicts": rows}


def main():
    args = build_parser().parse_args()
    if args.device == "cpu":  # kb_style imports candidates here: their @triton.jit must build interpreted kernels
        os.environ.setdefault("TRITON_INTERPRET", "1")
    pairs = load_pairs(args.kb, args.kernels, args.only, args.shrink)
    s = Settings(device=args.device)  # the defaults, as eval.py and train_rl.py use them
    gpu = torch.cuda.get_device_name() if args.device.startswith("cuda") else "cpu"
    print(f"{gpu} | torch {torch.__version__} | {len(pairs)} kernels | shrink {args.shrink or 'none (full size)'}"
          f" | {s.describe()}", flush=True)
    report = {"device": gpu, "torch": torch.__version__, "shrink": args.shrink, "settings": s.describe()}
    save = (lambda: Path(args.out).write_text(json.dumps(report, indent=1, default=str))) if args.out else (lambda: None)
    report["pool"] = run_pool(pairs, s, args.workers)
    save()  # after each mode: a run cut short keeps what it measured
    if args.alone:
        report["alone"] = run_alone(pairs[:args.alone] if args.alone > 0 else pairs, s)
        alone = {r["name"]: r["passed"] for r in report["alone"]["verdicts"]}
        differ = [r["name"] for r in report["pool"]["verdicts"] if r["name"] in alone and alone[r["name"]] != r["passed"]]
        report["differ"] = differ
        print(f"pool vs alone: {len(differ)} verdicts differ {differ}", flush=True)
        save()
    if args.kb_style:
        report["kb_style"] = run_kb_style(pairs[:args.kb_style] if args.kb_style > 0 else pairs, args.device)
        save()


if __name__ == "__main__":
    main()

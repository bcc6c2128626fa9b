"""
Verifier throughput on real KernelBench level-1 problems at full size, on one GPU (issue #3's benchmark).

    python bench/bench_verify.py --kb .kb/level1.jsonl                    # everything below, one run
    python bench/bench_verify.py --kb .kb/level1.jsonl --workers 4 --seq 8 --kb_style 1

In one process and one run it measures:
  pool      a GRPO-shaped batch (8 problems x 8 candidates: honest kernels with varied block sizes, so their
            compiles differ, plus two cheats each) through VerifierPool: seconds per candidate, amortised;
  seq       the same verifier one candidate at a time, each reference rebuilt (no sharing, no overlap);
  kb_style  a KernelBench-style sequential harness: reference and candidate in one process, inputs drawn
            on the CPU and copied over, 5 correctness trials and 100 timed runs per candidate, no anti-cheat;
  cases     tests/verify_cases on the GPU, to show the exploit verdicts hold there, timing included.
All with 5 correctness trials and 100 timed runs. Needs CUDA.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

import torch  # noqa: E402

from verify import Settings, VerifierPool  # noqa: E402
from bench_verify_kb import kb_style  # noqa: E402 (one home for the KernelBench-style harness)

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--kb", default=str(ROOT.parent / "shared" / "kernelbench" / "level1.jsonl"))
ap.add_argument("--problems", default="19,20,21,22,25,30,32,1", help="level-1 problem ids")
ap.add_argument("--workers", type=int, default=4)
ap.add_argument("--seq", type=int, default=8, help="candidates verified one at a time (0: skip)")
ap.add_argument("--kb_style", type=int, default=1, help="candidates through the KernelBench-style harness (0: skip)")
ap.add_argument("--no_cases", action="store_true")
ap.add_argument("--no_compile_first", action="store_true", help="compile in trial 0, under the GPU lock (the old path)")
ap.add_argument("--out", default=None, help="write every verdict and timing here (JSON)")
args = ap.parse_args()

# --- candidates -----------------------------------------------------------------------------------------

ELEMENTWISE = {  # problem name -> (ModelNew __init__ signature, Triton expression of x)
    "19_ReLU": ("", "tl.maximum(x, 0.0)"),
    "20_LeakyReLU": ("negative_slope: float = 0.01", "tl.where(x > 0, x, x * 0.01)"),
    "21_Sigmoid": ("", "1.0 / (1.0 + tl.exp(-x))"),
    "22_Tanh": ("", "2.0 / (1.0 + tl.exp(-2.0 * x)) - 1.0"),
    "25_Swish": ("", "x / (1.0 + tl.exp(-x))"),
    "30_Softsign": ("", "x / (1.0 + tl.abs(x))"),
    "32_HardTanh": ("", "tl.minimum(tl.maximum(x, -1.0), 1.0)"),
}

ELEMENTWISE_SRC = '''import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def op_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, {expr}, mask=mask)

class ModelNew(nn.Module):
    def __init__(self{sig}):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        op_kernel[(triton.cdiv(n, {block}),)](x, out, n, BLOCK={block}, num_warps={warps})
        return {ret}
'''

MATMUL_SRC = '''import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        A, B = A.contiguous(), B.contiguous()
        M, K = A.shape
        N = B.shape[1]
        C = torch.empty(M, N, device=A.device, dtype=A.dtype)
        mm_kernel[(triton.cdiv(M, {bm}), triton.cdiv(N, {bn}))](A, B, C, M, N, K, BM={bm}, BN={bn}, BK={bk}, num_warps={warps})
        return {ret}
'''


def candidates(name):
    """6 honest candidates with different launch configurations (so different compiles) and 2 cheats:
    one calls PyTorch (static layer), one hides PyTorch compute after an honest kernel (runtime layer)."""
    out = []
    if name in ELEMENTWISE:
        sig, expr = ELEMENTWISE[name]
        sig = ", " + sig if sig else ""
        for block, warps in [(512, 4), (1024, 4), (2048, 8), (4096, 8), (8192, 16), (1024, 8)]:
            out.append(("honest", ELEMENTWISE_SRC.format(expr=expr, sig=sig, block=block, warps=warps, ret="out")))
        out.append(("cheat_static", ELEMENTWISE_SRC.format(expr=expr, sig=sig, block=1024, warps=4,
                                                           ret="torch.abs(out)")))
        out.append(("cheat_runtime", ELEMENTWISE_SRC.format(expr=expr, sig=sig, block=1024, warps=4, ret="out * 1.0")))
    else:  # 1_Square_matrix_multiplication_
        for bm, bn, bk, warps in [(128, 128, 32, 8), (128, 64, 32, 4), (64, 128, 32, 4), (64, 64, 64, 4),
                                  (128, 128, 64, 8), (256, 64, 32, 8)]:
            out.append(("honest", MATMUL_SRC.format(bm=bm, bn=bn, bk=bk, warps=warps, ret="C")))
        out.append(("cheat_static", MATMUL_SRC.format(bm=128, bn=128, bk=32, warps=8, ret="torch.matmul(A, B)")))
        out.append(("cheat_runtime", MATMUL_SRC.format(bm=128, bn=128, bk=32, warps=8, ret="C + 0.0")))
    return out


def main():
    assert torch.cuda.is_available(), "bench_verify.py needs CUDA"
    rows = {r["problem_id"]: r for r in map(json.loads, Path(args.kb).read_text().splitlines())}
    probs = [rows[int(i)] for i in args.problems.split(",")]
    pairs, labels = [], []
    for p in probs:
        for label, src in candidates(p["name"]):
            pairs.append((p["code"], f"```python\n{src}```"))
            labels.append((p["name"], label))
    gpu = torch.cuda.get_device_name()
    print(f"{gpu} | torch {torch.__version__} | {len(probs)} problems x {len(pairs) // len(probs)} candidates "
          f"| {args.workers} workers", flush=True)
    s = Settings(device="cuda", trials=5, runs=100, timeout=300, ref_cache_gb=40, compile_first=not args.no_compile_first)
    report = {"gpu": gpu, "torch": torch.__version__}

    t0 = time.perf_counter()
    with VerifierPool(s, workers=args.workers) as pool:
        t_start = time.perf_counter() - t0
        t1 = time.perf_counter()
        verdicts = pool.map(pairs, [n for n, _ in labels])
        t_pool = time.perf_counter() - t1
    bad = [(lab, v.reason) for lab, v in zip(labels, verdicts) if v.passed != (lab[1] == "honest")]
    speedups = [v.speedup for (_, lab), v in zip(labels, verdicts) if lab == "honest" and v.speedup]
    report["pool"] = {"candidates": len(pairs), "seconds": t_pool, "per_candidate": t_pool / len(pairs),
                      "worker_start_s": t_start, "unexpected": bad,
                      "verdicts": [dict(name=n, label=lab, valid=v.valid, correct=v.correct, speedup=v.speedup,
                                        reason=v.reason, seconds=v.seconds, phases=v.phases) for (n, lab), v in zip(labels, verdicts)]}
    print(f"pool: {len(pairs)} candidates in {t_pool:.1f} s = {t_pool / len(pairs):.2f} s/candidate "
          f"(+{t_start:.1f} s to start {args.workers} workers once); unexpected verdicts: {len(bad)}", flush=True)
    for lab, reason in bad[:10]:
        print("   unexpected:", lab, reason)
    honest = [v for (_, lab), v in zip(labels, verdicts) if lab == "honest"]
    phases = {k: statistics.median(v.phases.get(k, 0.0) for v in honest)
              for k in ("load", "compile", "queue", "trials", "wait", "timing")}
    report["pool"]["honest_phase_medians"] = phases
    print("   honest candidates, median seconds per phase: " + ", ".join(f"{k} {t:.2f}" for k, t in phases.items()))
    for k in range(6):
        cols = [v.phases["per_trial"][k] for v in honest if len(v.phases.get("per_trial", [])) > k]
        if cols:
            med = [statistics.median(c[j] for c in cols) for j in range(4)]
            print(f"   trial {k}: inputs {med[0]:.3f} s, round trip {med[1]:.3f} s (child forward {med[2]:.3f} s), "
                  f"check {med[3]:.3f} s")
    if speedups:
        print(f"   honest speedups: median {statistics.median(speedups):.2f}x, range {min(speedups):.2f}-{max(speedups):.2f}x")

    if args.seq:
        idx = [i for i, (_, lab) in enumerate(labels) if lab == "honest"][::6][:args.seq]
        t1 = time.perf_counter()
        with VerifierPool(s, workers=1) as pool:
            for i in idx:
                for dev in pool.devices.values():  # one at a time, nothing shared: every reference rebuilt
                    dev.clear()
                pool.verify_one(*pairs[i], labels[i][0])
        t_seq = (time.perf_counter() - t1) / len(idx)
        report["seq"] = {"candidates": len(idx), "per_candidate": t_seq}
        print(f"seq:  {t_seq:.2f} s/candidate, one at a time, references rebuilt ({len(idx)} candidates)", flush=True)

    if not args.no_cases:
        from test_verify import EXPECT, candidate_path, problem_of
        names = list(EXPECT) + ["relu__gpu_late_wrong"]
        with VerifierPool(Settings(device="cuda", timeout=60), workers=args.workers) as pool:
            vs = pool.map([(problem_of(c), candidate_path(c).read_text()) for c in names])
        expect = {**{c: e[:3] for c, e in EXPECT.items()}, "relu__gpu_late_wrong": (True, True, False)}
        diff = [(c, (v.valid, v.compiled, v.correct), expect[c], v.reason) for c, v in zip(names, vs)
                if (v.valid, v.compiled, v.correct) != expect[c]]
        report["cases"] = {"n": len(names), "differ": diff,
                           "verdicts": {c: dict(valid=v.valid, compiled=v.compiled, correct=v.correct,
                                                reason=v.reason, speedup=v.speedup) for c, v in zip(names, vs)}}
        print(f"cases: {len(names)} verify_cases on the GPU, {len(diff)} differ from the CPU expectations")
        for d in diff:
            print("   differs:", d)
        print("   late_wrong:", report["cases"]["verdicts"]["relu__gpu_late_wrong"]["reason"])
    if args.kb_style:
        relu = next(i for i, (n, lab) in enumerate(labels) if n == "19_ReLU" and lab == "honest")
        res = [kb_style(*pairs[relu][:1], candidates("19_ReLU")[1][1]) for _ in range(args.kb_style)]
        cheat = kb_style(pairs[relu][0], "import torch\nimport torch.nn as nn\nclass ModelNew(nn.Module):\n"
                                         "    def forward(self, x):\n        return torch.relu(x)\n")
        report["kb_style"] = {"per_candidate": statistics.mean(r["seconds"] for r in res), "torch_relu_correct": cheat["correct"]}
        print(f"kb_style: {report['kb_style']['per_candidate']:.1f} s/candidate on 19_ReLU; a forward that calls "
              f"torch.relu is judged correct={cheat['correct']}", flush=True)

    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1, default=str))


if __name__ == "__main__":
    main()

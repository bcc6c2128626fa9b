"""
The verifier: the reward's ground truth (PAPER.md §3), built so that the exploits of PAPER.md §7 earn nothing.

    python verify.py PROBLEM.py CANDIDATE                 # one pair; CANDIDATE is a .py file or a raw completion
    python verify.py PROBLEM.py CANDIDATE --device cpu --trials 7 --atol 1e-2 --rtol 1e-2 --timeout 120
    python verify.py --batch pairs.jsonl --out verdicts.jsonl --workers 8   # {"problem", "candidate"} rows
    python verify.py PROBLEM.py CANDIDATE --verifier naive # syntax only: how cheating pays without the func layer

The last line of stdout is one JSON verdict: valid, compiled, correct, speedup, reason, checks (one entry per
layer). `correct` is the raw numerical check; the reward is valid * correct (PAPER.md §4). Exit status 0
whenever a verdict was given. Without CUDA the device is the CPU, Triton runs in the interpreter
(TRITON_INTERPRET=1, set up here) and timing is skipped (speedup null).

Layers, each gating the next (robust mode): extract -> syntax (AST) -> safety (verify_lang.py: the language a
candidate may use; what is outside it never runs, in any mode) -> func, static (AST) -> compile (worker) -> func,
runtime (verify_monitor.py) -> correct (verify_ref.py, verify_judge.py) -> speedup. valid = syntax and func.

The security model: the child that imports a candidate is fully untrusted from that moment; the parent (this
process: the trainer during RL) holds the references, the seeds and the comparison, never runs candidate code,
and trusts nothing from the child but bytes it parses itself (verify_wire.py: a JSON header and raw bytes, never
pickle; on a GPU the child writes into buffers we allocated, in segments that never hold a reference). Two
independent lines: the language, checked before anything runs; and the sandbox and runtime monitor, built for a
candidate that got out of the language (its own process group, socket, folder and limits; on the CPU as root a
user of its own per slot; every launch, aten op and interpreted memory access watched; a tampered monitor fails).

In code:
    v = verify(problem_src, completion)                              # one pair
    with VerifierPool(Settings(device="cpu"), workers=2) as pool:
        verdicts = pool.map([(problem_src, completion), ...])        # in order; references shared per problem
    VerifierPool(Settings(device="cuda"), workers=8)                 # every visible GPU, slots round-robin
"""

import argparse
import contextlib
import dataclasses
import json
import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

import torch

import llm_judge
from common import background
from verify_device import Device
from verify_judge import run_candidate
from verify_ref import DISTS, NAMED_DISTS, WEAK, ProblemError, weak_points, Reference, compare, load_problem, make_reference  # noqa: F401 (API)
from verify_static import extract_code, static_check
from verify_wire import recv_header
from verify_worker import sweep_uid

VERSION = 5  # raised whenever a check changes what passes: eval.py keys its verdict cache with it
UID_BASE = 1_000_000  # where the slots' own users start (no real account has uids this high)

ROOT = Path(__file__).resolve().parent


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("problem", nargs="?", help="a KernelBench-format .py file")
    ap.add_argument("candidate", nargs="?", help="a .py file, or any other file holding a raw completion")
    # what to check
    ap.add_argument("--verifier", choices=["robust", "naive"], default="robust",
                    help="robust: every layer; naive: syntax only gates validity (PAPER.md §6)")
    ap.add_argument("--trials", type=int, default=7, help="correctness trials, fresh random inputs each")
    ap.add_argument("--atol", type=float, default=1e-2)
    ap.add_argument("--rtol", type=float, default=1e-2)
    # timing (GPU only)
    ap.add_argument("--no-timing", dest="timing", action="store_false", help="skip the speedup layer")
    ap.add_argument("--runs", type=int, default=100, help="timed runs; the median is reported")
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--no-compile-first", dest="compile_first", action="store_false",
                    help="GPU: compile in trial 0, under the GPU lock (bench/bench_verify_rl.py's gpu_old)")
    ap.add_argument("--flag_speedup", type=float, default=10.0, help="flag speedups above this")
    # sandbox
    ap.add_argument("--device", default=None, help="cpu | cuda | cuda:N (default: cuda when present)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per candidate, then its process group dies")
    ap.add_argument("--mem_gb", type=float, default=4.0, help="CPU address-space cap per candidate, beyond imports")
    ap.add_argument("--workers", type=int, default=None, help="sandboxed worker slots (default: CPU cores, <= 8)")
    ap.add_argument("--dists", default=",".join(DISTS), help="trial k's inputs: the k-th of these, cyclically "
                    "(one of NAMED_DISTS: verify_inputs.redraw)")
    ap.add_argument("--no-hidden-shape", dest="hidden_shape", action="store_false",
                    help="skip the trial on a shape variant of the problem")
    # batch mode
    ap.add_argument("--batch", default=None, help="JSONL of {problem, candidate} (paths or source text)")
    ap.add_argument("--out", default=None, help="JSONL verdicts for --batch, or the audit's rows (default stdout)")
    # audit: how strong is each problem's check
    ap.add_argument("--audit", action="store_true", help="per problem of --tasks: would zeros, a constant or a copy "
                    "of an input pass (the problem's own inputs only, and the default check)?")
    ap.add_argument("--tasks", default=None, help="--audit: embedded | KernelBench folder | KernelBench JSONL")
    ap.add_argument("--level", default=None, help="--audit: KernelBench level(s), e.g. 1,2")
    ap.add_argument("--ids", default=None, help="--audit: problem ids or names")
    llm_judge.add_flags(ap)  # the func layer's LLM judge (llm_judge.py)
    return ap


@dataclass
class Settings:
    device: str = "cpu"
    verifier: str = "robust"
    trials: int = 7  # one per distribution of DISTS
    atol: float = 1e-2
    rtol: float = 1e-2
    timing: bool = True
    runs: int = 100
    warmup: int = 10
    flag_speedup: float = 10.0
    timeout: float = 120.0
    mem_gb: float = 4.0
    ref_cache_gb: float = 16.0  # GPU: what the references may keep (their outputs, up to ref_keep_gb each)
    ref_keep_gb: float = 2.0  # a reference with more output than this keeps none: compared, it computes it again
    compile_first: bool = True  # GPU: compile a candidate's kernels before it takes the GPU (verify_worker.run_compile)
    hidden_shape: bool = True  # one more trial on a shape variant the candidate cannot predict (verify_ref.add_variant)
    dists: tuple = DISTS  # trial k's inputs: the problem's own ("own") or redrawn (verify_ref.redraw)
    judge: str | None = None  # the LLM judge's endpoint URL (PAPER.md §3, func layer; llm_judge.py); None: off
    judge_model: str | None = None
    judge_key_env: str = "OPENAI_API_KEY"
    judge_timeout: float = 120.0
    judge_retries: int = 2
    judge_cache: str | None = None  # a JSONL answer cache; None: in memory, for this pool's life

    def describe(self):
        """The check behind a verdict, in one line, so numbers can be set beside other papers' (PAPER.md §6)."""
        return (f"verifier v{VERSION} ({self.verifier}): {self.trials} trials ({', '.join(self.dists)}; heavy-tailed "
                f"inputs too where those leave the check degenerate){' + a hidden shape variant' * self.hidden_shape}, "
                f"atol {self.atol}, rtol {self.rtol}, secret seeds, every float parameter and buffer randomised, "
                + (f"median of {self.runs} timed runs" if self.timing and self.device.startswith("cuda")
                   else "not timed") + llm_judge.describe(self))


@dataclass
class Verdict:
    valid: bool = False
    compiled: bool = False
    correct: bool = False
    speedup: float | None = None
    reason: str | None = None
    layer: str | None = None  # the layer that decided, when one failed
    checks: dict = field(default_factory=dict)
    flags: list = field(default_factory=list)
    ref_ms: float | None = None
    cand_ms: float | None = None
    degenerate: list = field(default_factory=list)  # trivial outputs that pass this problem's check (verify_ref)
    seconds: float = 0.0
    # seconds per phase (see judge); per_trial: [inputs, round trip, forward, check]
    phases: dict = field(default_factory=dict)

    @property
    def passed(self):
        """What the reward and every log count as a pass (PAPER.md §4: valid * correct). `correct` alone is the
        raw numerical check, which a cheat the func layer caught can pass too."""
        return bool(self.valid) and bool(self.correct)

    def fast(self, x):
        """Passed and more than x times faster than the reference (PAPER.md §6: fast1, fast2); never on the CPU."""
        return self.passed and self.speedup is not None and self.speedup > x

    def fail(self, layer, reason):
        self.checks[layer] = {"ok": False, "reason": reason}
        if self.reason is None:
            self.layer, self.reason = layer, f"{layer}: {reason}"
        return self

    def ok(self, layer, **info):
        self.checks[layer] = {"ok": True, **info}

    def to_json(self):
        return json.dumps({**asdict(self), "passed": self.passed})


def as_verdict(v):
    """A Verdict from a Verdict or its JSON dict (a verdicts file, eval's cache): unknown keys are dropped."""
    if isinstance(v, Verdict):
        return v
    return Verdict(**{f.name: v[f.name] for f in dataclasses.fields(Verdict) if f.name in v})


# -----------------------------------------------------------------------------
# Worker slots: a zygote process (verify_worker.py) that forks one sandboxed child per candidate.


def scrubbed_env(device, home):
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONNOUSERSITE": "1", "PYTHONDONTWRITEBYTECODE": "1",
           "OMP_NUM_THREADS": "1", "HOME": home}
    env["TMPDIR"] = env["HOME"]
    # Keep what is needed to find the interpreter's packages and the GPU, nothing else.
    for k in ("VIRTUAL_ENV", "CUDA_VISIBLE_DEVICES", "LD_LIBRARY_PATH", "PYTHONPATH"):
        if k in os.environ:
            env[k] = os.environ[k]
    if not device.startswith("cuda"):
        env["TRITON_INTERPRET"] = "1"  # PAPER.md §3, CPU path: Triton kernels run in the interpreter
        env["CUDA_VISIBLE_DEVICES"] = ""  # a CPU verdict on a GPU machine: no candidate reaches the GPU
    # The slot's own compile cache: its children reuse each other's compiled launchers, and no other slot's
    # child can put a binary in it.
    env["TRITON_CACHE_DIR"] = os.path.join(home, "triton_cache")
    return env


class Slot:
    """One sandboxed worker: a zygote process (verify_worker.py) that forks one child per candidate. On the CPU,
    where the verifier runs as root, each child runs as a user of its own (next_uid): no other candidate, and no
    process of ours, is its to touch. A GPU child keeps our user: CUDA IPC does not map memory across users
    (measured: cudaErrorMapBufferObjectFailed)."""

    def __init__(self, device, index=0):
        self.device, self.child_pid, self.uid, self.jobs = device, None, None, 0
        own_user = os.geteuid() == 0 and not device.startswith("cuda")
        # 1024 users per slot, 64 slots per process, 4000 process slices: below 2^32, above any real account
        self.uid_base = UID_BASE + ((os.getpid() % 4000) * 64 + index % 64) * 1024 if own_user else None
        self.start()

    def next_uid(self):
        """The user the next candidate runs as (None: ours)."""
        if self.uid_base is not None:
            self.uid, self.jobs = self.uid_base + self.jobs % 1024, self.jobs + 1
        return self.uid

    def start(self):
        ours, theirs = socket.socketpair()
        self.home = tempfile.mkdtemp(prefix="verify_slot_")  # its HOME, TMPDIR and cwd; children's folders go here
        os.chmod(self.home, 0o711)  # a child of its own user may reach its folder here, not list the others
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "verify_worker.py"), str(theirs.fileno()),
                                      self.device], pass_fds=[theirs.fileno()], env=scrubbed_env(self.device, self.home),
                                     cwd=self.home, stdin=subprocess.DEVNULL)
        theirs.close()
        self.conn = Connection(ours.detach())
        if recv_header(self.conn, 300)["type"] != "ready":
            raise RuntimeError("a verifier worker did not start")

    def close(self):
        self.conn.close()
        self.proc.kill()
        self.proc.wait()
        if self.child_pid is not None:  # a candidate in flight outlives its zygote unless it is killed here
            with contextlib.suppress(OSError):
                os.killpg(self.child_pid, signal.SIGKILL)
        if self.uid is not None:
            sweep_uid(self.uid)
        shutil.rmtree(self.home, ignore_errors=True)


# -----------------------------------------------------------------------------
# The pool and the one-pair API


def default_workers():
    return max(1, min(8, os.cpu_count() or 1))


def pool_devices(device):
    """'cuda' means every visible GPU; 'cuda:N' one; 'cpu' the CPU."""
    if device == "cuda":
        return [f"cuda:{i}" for i in range(torch.cuda.device_count())]
    return [device]


class VerifierPool:
    """Persistent worker slots over one or more devices; map() verifies (problem_src, completion) pairs and
    returns verdicts in order. Each device keeps its own references, shared by all candidates of a problem."""

    def __init__(self, settings=None, workers=None, ref_times=None):
        self.s = settings or Settings(device="cuda" if torch.cuda.is_available() else "cpu")
        names = pool_devices(self.s.device)
        n = max(len(names), workers or default_workers())
        per = -(-n // len(names))
        # Children share a GPU with the references in this process: each may take a share of it, generous
        # because the memory gate, not the fraction, keeps candidates from crowding each other out.
        self.devices = {d: Device(dataclasses.replace(self.s, device=d), min(0.9, 2.0 / per), per, ref_times=ref_times)
                        for d in names}
        self.judge = llm_judge.Judge.from_settings(self.s)  # None when off; asked here, in the parent, on text only
        self.slots = queue.Queue()
        starters = [threading.Thread(target=lambda i=i: self.slots.put(Slot(names[i % len(names)], i)))
                    for i in range(n)]
        for t in starters:
            t.start()
        for t in starters:
            t.join()

    def verify_one(self, problem_src, completion, name="problem"):
        t0 = time.perf_counter()
        v = Verdict()
        code = extract_code(completion)
        if code is None:
            v.fail("extract", "no fenced Python block defining ModelNew, and the text is not Python code")
        else:
            v.ok("extract")
            layers = static_check(code)
            for layer in ("syntax", "safety", "func_static"):
                bad = layers[layer]
                # Safety rules gate execution in every mode; the func rules gate validity in robust mode only.
                if bad and (layer != "func_static" or self.s.verifier == "robust"):
                    v.fail(layer, bad)
                else:
                    v.ok(layer, note=bad)
            v.valid = layers["syntax"] is None if self.s.verifier == "naive" else v.reason is None
            if v.reason is None:  # static rejection happens before any candidate code runs
                slot = self.slots.get()  # the first free slot decides the device
                try:
                    self.run_on(slot, problem_src, code, name, v)
                finally:
                    self.slots.put(slot)
            if self.judge is not None and v.passed:  # only what passed every other layer reaches the judge
                self.judge.check(problem_src, code, v)
        v.seconds = round(time.perf_counter() - t0, 3)
        return v

    def run_on(self, slot, problem_src, code, name, v):
        dev = self.devices[slot.device]
        t0 = time.perf_counter()
        try:
            ref = dev.reference(problem_src, name)
            v.phases["reference"] = round(time.perf_counter() - t0, 3)  # its build, or waiting for it or the gate
        except ProblemError as e:
            v.valid = False
            return v.fail("problem", str(e))
        except Exception as e:  # noqa: BLE001 (e.g. out of memory while building a reference)
            v.valid = False
            v.flags.append("verifier error: this verdict says nothing about the candidate")
            return v.fail("problem", f"verifier error: {type(e).__name__}: {e}"[:500])
        if ref.degenerate:
            v.degenerate = list(ref.degenerate)
            v.flags.append(f"degenerate check: an output of {' or '.join(ref.degenerate)} would pass this problem")
        try:
            run_candidate(slot, code, ref, dev, v)
        except Exception as e:  # noqa: BLE001 (the zygote went away, or our side failed, e.g. OOM)
            # Replace the slot: closing our end of its socket also ends any child still waiting.
            slot.close()
            slot.start()
            v.correct = False
            v.flags.append("verifier error: this verdict says nothing about the candidate")
            v.fail("correct" if v.compiled else "compile", f"verifier error: {type(e).__name__}: {e}"[:500])

    def map(self, pairs, names=None):
        names = names or ["problem"] * len(pairs)
        out = [None] * len(pairs)
        n = self.slots.qsize()
        # Problems in order of appearance, so a group's candidates share one reference build. The threads share
        # one range iterator: next() on it is a single C call, so no index is handed out twice.
        todo = iter(range(len(pairs)))

        def worker():
            for i in todo:
                out[i] = self.verify_one(pairs[i][0], pairs[i][1], names[i])

        threads = [threading.Thread(target=worker) for _ in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return out

    def close(self):
        while not self.slots.empty():
            self.slots.get().close()
        for dev in self.devices.values():  # the references go before their pool does
            dev.clear()
        if torch.cuda.is_available() and torch.cuda.is_initialized():
            torch.cuda.synchronize()
            torch.cuda.empty_cache()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def naive_passes(robust, pairs, names, settings, workers=None, known=None):
    """Whether each pair passes the naive (syntax-only) verifier, given its robust verdict: the two differ only
    where a func layer decided, so only those pairs run again, in a naive pool that lives for this call (known:
    {index: naive verdict} already run). A pass under naive that failed robust is a cheat (PAPER.md §3, §6: the
    cheating gap)."""
    known = dict(known or {})
    out = [v.passed for v in robust]
    func = [i for i, v in enumerate(robust) if not v.passed and v.layer in ("func_static", "func_runtime")]
    redo = [i for i in func if i not in known]
    for i, v in enumerate(robust):
        if v.layer == "judge":  # the judge is asked last, so everything else passed; naive never asks it
            out[i] = bool(v.correct)
    if redo:
        with VerifierPool(naive_settings(settings), workers=workers) as pool:
            known.update(zip(redo, pool.map([pairs[i] for i in redo], [names[i] for i in redo])))
    for i in func:
        out[i] = known[i].passed
    return out


def naive_settings(settings):
    return dataclasses.replace(settings, verifier="naive", timing=False, judge=None)


def robust_and_naive(pool, pairs, names, workers=None):
    """(pool.map's robust verdicts, naive_passes of them) in less time: a pair whose code the static func layer
    rejects needs no robust run to be known for a naive re-check, so those re-checks start at once in a naive
    pool of their own, beside the robust runs of the rest (one slowly interpreted cheat, started last, was most
    of an eval on the CPU). The same verdicts as the two calls one after the other."""
    early = []
    for i, (_, completion) in enumerate(pairs):
        code = extract_code(completion)
        layers = static_check(code) if code is not None else {}
        if layers and not layers["syntax"] and not layers["safety"] and layers["func_static"]:
            early.append(i)

    def run_early():
        with VerifierPool(naive_settings(pool.s), workers=workers) as naive:
            return dict(zip(early, naive.map([pairs[i] for i in early], [names[i] for i in early])))
    wait = background(run_early) if early else dict  # dict(): no early pairs, nothing known
    robust = pool.map(pairs, names)
    return robust, naive_passes(robust, pairs, names, pool.s, workers, wait())


def verify(problem_src, completion, settings=None, **kw):
    """One pair, one verdict. For many pairs keep a VerifierPool open instead."""
    with VerifierPool(settings or Settings(**kw), workers=1) as pool:
        return pool.verify_one(problem_src, completion)


# -----------------------------------------------------------------------------
# CLI


def read_text(path, what, where=""):
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as e:
        from common import InputError
        raise InputError(f"{where}cannot read {what} {path}: {e.strerror}") from e


def batch_pairs(path):
    """JSONL rows {"problem": path or source, "candidate": path or text}, checked before any work."""
    from common import InputError
    pairs, names = [], []
    text = read_text(path, "batch file")
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"{path} line {n}: not JSON: {e.msg}") from e
        if not isinstance(row, dict) or not all(isinstance(row.get(k), str) for k in ("problem", "candidate")):
            raise InputError(f"{path} line {n}: needs string fields 'problem' and 'candidate'")
        prob, cand = row["problem"], row["candidate"]
        prob_src = read_text(prob, "problem", f"{path} line {n}: ") if "\n" not in prob else prob
        cand_src = read_text(cand, "candidate", f"{path} line {n}: ") if "\n" not in cand else cand
        pairs.append((prob_src, cand_src))
        names.append(row.get("name") or (prob if "\n" not in prob else f"row {n}"))
    return pairs, names


def main():
    args = build_parser().parse_args()
    from common import InputError
    if args.batch is None and not args.audit and not (args.problem and args.candidate):
        raise InputError("give PROBLEM and CANDIDATE, --batch FILE, or --audit --tasks SRC")
    if args.audit and not args.tasks:
        raise InputError("--audit needs --tasks SRC (embedded, a KernelBench folder or JSONL)")
    device = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise InputError(f"--device {device}: CUDA is not available here; use --device cpu")
    same = ("verifier", "trials", "atol", "rtol", "runs", "warmup", "flag_speedup", "timeout", "mem_gb",
            "compile_first", "hidden_shape")
    s = Settings(device=device, timing=args.timing and device.startswith("cuda"), dists=dists_flag(args.dists),
                 **{k: getattr(args, k) for k in same}, **llm_judge.settings_kw(args))
    if args.audit:
        return audit(args, s)
    if args.batch:
        pairs, names = batch_pairs(args.batch)
        t0 = time.perf_counter()
        with VerifierPool(s, workers=args.workers) as pool:
            verdicts = pool.map(pairs, names)
        dt = time.perf_counter() - t0
        lines = [json.dumps({"name": n, **json.loads(v.to_json())}) for n, v in zip(names, verdicts)]
        if args.out:
            Path(args.out).write_text("\n".join(lines) + "\n")
        else:
            print("\n".join(lines))
        print(f"{len(pairs)} candidates in {dt:.1f} s ({len(pairs) / dt:.2f} candidates/s)", file=sys.stderr)
        return
    prob_src, cand = read_text(args.problem, "problem"), read_text(args.candidate, "candidate")
    try:
        load_problem(prob_src, args.problem)
    except ProblemError as e:
        raise InputError(str(e)) from e
    with VerifierPool(s, workers=1) as pool:
        v = pool.verify_one(prob_src, cand, args.problem)
    print(v.to_json())


def dists_flag(text):
    from common import InputError
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    bad = [x for x in names if x not in NAMED_DISTS]
    if bad or not names:
        raise InputError(f"--dists {text}: each must be one of {', '.join(NAMED_DISTS)}")
    return names


def audit(args, s):
    """PAPER.md §7, vacuous checks: for each problem, which trivial outputs (all zeros, a constant, a copy of an
    input) pass every trial, on the problem's own inputs alone (the check before distributions) and on the default
    trials. One JSON row per problem, then a table. References only: no candidate code runs."""
    from tasks import load_tasks
    rows, t0 = [], time.perf_counter()
    for t in load_tasks(args.tasks, None, args.level, args.ids):
        try:
            ref = make_reference(t.src, dataclasses.replace(s, ref_keep_gb=float("inf")), t.name)  # outputs read
            by_dist = {d: weak_points(ref, [x for x in ref.trials if x.dist.rstrip("+") == d and not x.variant],
                                      s.atol, s.rtol) for d in dict.fromkeys(s.dists)}
            row = {"name": t.name, "own": ref.degenerate_own, "default": ref.degenerate, "hidden_shape": ref.variant_note,
                   "by_dist": by_dist, "dists": [x.dist for x in ref.trials]}
        except ProblemError as e:
            row = {"name": t.name, "error": str(e)[:300]}
        ref = None
        if s.device.startswith("cuda"):
            torch.cuda.empty_cache()
        rows.append(row)
        print(json.dumps(row), file=sys.stderr, flush=True)
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    ok = [r for r in rows if "error" not in r]
    print(f"| trivial output | passes: own inputs only | passes: default check |  ({len(ok)} problems, "
          f"{len(rows) - len(ok)} could not be built; {time.perf_counter() - t0:.0f} s)\n|---|---|---|")
    for kind in WEAK + ("any",):
        n = [sum((kind in r[c]) if kind != "any" else bool(r[c]) for r in ok) for c in ("own", "default")]
        print(f"| {kind} | {n[0]} | {n[1]} |")
    for d in dict.fromkeys(s.dists):
        print(f"{d} inputs alone: " + ", ".join(f"{k} {sum(k in r['by_dist'].get(d, []) for r in ok)}" for k in WEAK))
    print("problems whose default check stays degenerate: " + (", ".join(r["name"] for r in ok if r["default"]) or "none"))
    print(f"hidden shape variant: {sum(not r['hidden_shape'].startswith('none') for r in ok)} of {len(ok)} problems")


if __name__ == "__main__":
    from common import main_guard
    main_guard(main)

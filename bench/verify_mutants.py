"""
How strong is the check? Fault operators applied to our honest KernelBench kernels (bench/kb_kernels), and the
fraction of mutants each verifier rejects: ours (the defaults, timing off) and a KernelBench-style check (the
problem's own inputs, 5 trials, atol = rtol = 1e-2), in one run on the same mutants.

    python bench/verify_mutants.py --kb .kb --shrink 8 --out /tmp/mutants.json       # GPU
    python bench/verify_mutants.py --kb ../shared/kernelbench --device cpu --shrink 64 --only l1_19_ReLU --list

Operators act inside @triton.jit bodies only, so every mutant still launches real Triton work: swap + and -,
perturb a float constant, a mask's bound one short, an offset one off, the last step of a loop dropped, the other
axis, fp16 or bf16 operands, a term dropped (the max subtraction, the bias, eps, a scale), part of the output never
written. A mutant that computes the same function is equivalent: EQUIVALENT names each by hand, with why.
The KernelBench-style check runs in a child process that is restarted when a mutant breaks its CUDA context.
"""

import argparse
import ast
import copy
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import torch  # noqa: E402

from bench_verify_kb import kb_style, load_pairs  # noqa: E402
from verify import Settings, VerifierPool  # noqa: E402

OPERATORS = ("add_sub", "const", "mask_short", "offset", "drop_iter", "axis", "fp16", "bf16", "drop_term",
             "part_write")

# Mutants that compute the same function as the kernel they came from, found by reading each survivor:
# {mutant id: why it is equivalent}. Excluded from the kill rates.
_L1_1 = "l1_1_Square_matrix_multiplication_"
_NO_SPLIT = ("L1 1 never launches its split-K sum: it splits K only when the output has under 256 tiles and "
             "K >= 4096, and with M = N = K every N of 4096 or more has 1,024 tiles or more (the hidden shape "
             "variant included)")
_NO_BATCH = "L1 1's inputs are 2-D, so the kernel's batch index pid_b is always 0 and its term vanishes"
EQUIVALENT = {
    f"{_L1_1}:add_sub:split_sum_kernel:2": _NO_SPLIT,
    f"{_L1_1}:const:split_sum_kernel:0": _NO_SPLIT,
    f"{_L1_1}:mask_short:split_sum_kernel:0": _NO_SPLIT,
    f"{_L1_1}:offset:split_sum_kernel:0": _NO_SPLIT,
    f"{_L1_1}:drop_iter:split_sum_kernel:0": _NO_SPLIT,
    f"{_L1_1}:fp16:split_sum_kernel:0": _NO_SPLIT,
    f"{_L1_1}:bf16:split_sum_kernel:0": _NO_SPLIT,
    f"{_L1_1}:drop_term:split_sum_kernel:4": _NO_SPLIT,
    f"{_L1_1}:part_write:split_sum_kernel:0": _NO_SPLIT,
    f"{_L1_1}:add_sub:matmul_kernel:8": _NO_BATCH,  # b_ptr - pid_b * stride_bb
    f"{_L1_1}:drop_term:matmul_kernel:15": _NO_BATCH,  # b_ptr + offs_n * stride_bn, pid_b's term dropped
}


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_argument_group("mutants")
    g.add_argument("--kb", default=str(ROOT.parent / "shared" / "kernelbench"), help="folder of level1/2.jsonl")
    g.add_argument("--kernels", default=str(ROOT / "bench" / "kb_kernels"))
    g.add_argument("--only", default=None, help="comma-separated kernel names (file stems)")
    g.add_argument("--shrink", type=int, default=8, help="divide size constants >= 256 by this (0: full size)")
    g.add_argument("--sites", type=int, default=3, help="at most this many sites per kernel and operator")
    g.add_argument("--list", action="store_true", help="print the mutants' ids and stop")
    g = ap.add_argument_group("run")
    g.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    g.add_argument("--workers", type=int, default=None, help="our verifier's pool slots (default: its default)")
    g.add_argument("--no_kb_style", action="store_true")
    g.add_argument("--out", default=None, help="every mutant's verdicts, as JSON")
    g.add_argument("--kb_child", nargs=2, default=None, metavar=("IN", "OUT"), help=argparse.SUPPRESS)
    return ap


# --- fault operators -----------------------------------------------------------------------------------------


def parse_expr(text):
    return ast.parse(text, mode="eval").body


def call_name(node):
    return ast.unparse(node.func) if isinstance(node, ast.Call) else ""


def sites(fn, op):
    """The nodes of one jit function where operator op applies, in source order."""
    out = []
    for node in ast.walk(fn):
        if op in ("add_sub", "drop_term") and isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            out.append(node)
        elif op == "drop_term" and isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div)):
            out.append(node)
        elif op == "const" and isinstance(node, ast.Constant) and type(node.value) is float:
            out.append(node)
        elif op == "mask_short" and isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.Lt):
            out.append(node)
        elif op == "offset" and call_name(node) == "tl.load" and node.args:
            out.append(node)
        elif op == "drop_iter" and call_name(node) == "range" and len(node.args) >= 2:
            out.append(node)
        elif op == "axis" and isinstance(node, ast.keyword) and node.arg == "axis":
            out.append(node)
        elif op in ("fp16", "bf16") and call_name(node) == "tl.load":
            out.append(node)
        elif op == "part_write" and call_name(node) == "tl.store":
            out.append(node)
    return sorted(out, key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))


def apply(node, op):
    """Mutate one site in place; returns what replaces it (the node itself, or a new one), None if it cannot."""
    if op == "add_sub":
        node.op = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
    elif op == "drop_term":
        return node.left
    elif op == "const":
        node.value = node.value * 1.1 if node.value else 0.1  # 0.01 would sit exactly at atol
    elif op == "mask_short":
        node.comparators[0] = parse_expr(f"({ast.unparse(node.comparators[0])}) - 1")
    elif op == "offset":
        node.args[0] = parse_expr(f"({ast.unparse(node.args[0])}) + 1")
    elif op == "drop_iter":
        step = ast.unparse(node.args[2]) if len(node.args) > 2 else "1"
        node.args[1] = parse_expr(f"({ast.unparse(node.args[1])}) - ({step})")
    elif op == "axis":
        if not (isinstance(node.value, ast.Constant) and node.value.value in (0, 1)):
            return None
        node.value = ast.Constant(1 - node.value.value)
    elif op in ("fp16", "bf16"):
        return parse_expr(f"({ast.unparse(node)}).to(tl.{'float16' if op == 'fp16' else 'bfloat16'})")
    elif op == "part_write":  # the last program along axis 0 writes nothing
        cut = "tl.program_id(0) < tl.num_programs(0) - 1"
        mask = next((k for k in node.keywords if k.arg == "mask"), None)
        if mask is None and len(node.args) >= 3:
            node.args[2] = parse_expr(f"({ast.unparse(node.args[2])}) & ({cut})")
        elif mask is None:
            node.keywords.append(ast.keyword("mask", parse_expr(cut)))
        else:
            mask.value = parse_expr(f"({ast.unparse(mask.value)}) & ({cut})")
    return node


def replace_child(tree, old, new):
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list) and any(v is old for v in value):
                value[[i for i, v in enumerate(value) if v is old][0]] = new
                return


def is_jit(fn):
    return isinstance(fn, ast.FunctionDef) and any("jit" in ast.unparse(d) for d in fn.decorator_list)


def mutants(name, src, max_sites):
    """[(id, source)]: each operator at up to max_sites sites (spread evenly) of each jit function."""
    base = ast.unparse(ast.parse(src))
    out, seen = [], {base}
    for op in OPERATORS:
        tree0 = ast.parse(src)
        for fi, fn in enumerate(f for f in tree0.body if is_jit(f)):
            found = sites(fn, op)
            n = len(found)
            # evenly spread: the middle one for --sites 1, first, middle and last for 3 of many
            picks = range(n) if n <= max_sites else sorted({round((i + 0.5) * n / max_sites - 0.5)
                                                             for i in range(max_sites)})
            for si in picks:
                tree = copy.deepcopy(tree0)
                node = sites([f for f in tree.body if is_jit(f)][fi], op)[si]
                new = apply(node, op)
                if new is None:
                    continue
                if new is not node:
                    replace_child(tree, node, new)
                text = ast.unparse(tree)
                if text not in seen:
                    seen.add(text)
                    out.append((f"{name}:{op}:{fn.name}:{si}", text))
    return out


# --- the two checks ----------------------------------------------------------------------------------------


def kb_child(inp, out, device):
    """Child process: the KernelBench-style check on each row of inp, one JSON line each to out. Exits after a
    CUDA error (the context is gone), so the parent restarts it from the next row."""
    if device == "cpu":
        os.environ.setdefault("TRITON_INTERPRET", "1")
    rows = [json.loads(line) for line in Path(inp).read_text().splitlines()]
    done = len(Path(out).read_text().splitlines()) if Path(out).exists() else 0
    def too_long(*_):
        raise TimeoutError("over 120 s")  # a mutant can loop for ever: a time limit, as KernelBench's harness has

    signal.signal(signal.SIGALRM, too_long)
    with open(out, "a") as f:
        for row in rows[done:]:
            signal.alarm(120)
            res = kb_style(row["problem"], row["candidate"], device, runs=0)
            signal.alarm(0)
            f.write(json.dumps({"id": row["id"], "correct": res["correct"], "error": res["error"]}) + "\n")
            f.flush()
            if res["error"] and "CUDA" in res["error"]:
                sys.exit(3)


def run_kb_style(rows, device, tmp):
    """{id: result} over rows, through kb_child; a row during which the child died counts as rejected (crash)."""
    inp, out = Path(tmp, "kb_in.jsonl"), Path(tmp, "kb_out.jsonl")
    inp.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out.write_text("")
    while True:
        n_before = len(out.read_text().splitlines())
        if n_before >= len(rows):
            break
        r = subprocess.run([sys.executable, __file__, "--kb_child", str(inp), str(out), "--device", device],
                           capture_output=True, text=True, timeout=3600)
        n_after = len(out.read_text().splitlines())
        if r.returncode not in (0, 3) and n_after < len(rows):  # it died inside row n_after: a crash rejects
            with open(out, "a") as f:
                f.write(json.dumps({"id": rows[n_after]["id"], "correct": False,
                                    "error": f"crashed (status {r.returncode}): {r.stderr[-200:]}"}) + "\n")
    return {d["id"]: d for d in map(json.loads, out.read_text().splitlines())}


def run_ours(rows, device, workers):
    s = Settings(device=device, timing=False)  # correctness only: the defaults' trials, distributions, variant
    with VerifierPool(s, workers=workers) as pool:
        vs = pool.map([(r["problem"], f"```python\n{r['candidate']}```") for r in rows], [r["id"] for r in rows])
    return {r["id"]: dict(passed=v.passed, layer=next((c for c, x in v.checks.items() if x.get("ok") is False), None)
                          if isinstance(v.checks, dict) else None, reason=v.reason) for r, v in zip(rows, vs)}


def table(rows, ours, kb):
    """Per operator: mutants, equivalent, killed by ours, killed by the KernelBench-style check."""
    print(f"{'operator':<11} {'mutants':>7} {'equiv':>5} {'ours':>12} {'kb_style':>12}")
    stats = {}
    for op in OPERATORS + ("all",):
        ms = [r for r in rows if r["op"] == op or (op == "all" and r["op"] != "honest")]
        live = [r for r in ms if r["id"] not in EQUIVALENT]
        k_ours = sum(not ours[r["id"]]["passed"] for r in live)
        k_kb = sum(not kb[r["id"]]["correct"] for r in live) if kb else None
        stats[op] = dict(mutants=len(ms), equivalent=len(ms) - len(live), killed_ours=k_ours, killed_kb=k_kb)
        pct = lambda k: f"{k}/{len(live)} {100 * k / max(1, len(live)):5.1f}%"  # noqa: E731
        print(f"{op:<11} {len(ms):>7} {len(ms) - len(live):>5} {pct(k_ours):>12} {pct(k_kb) if kb else '-':>12}")
    return stats


def main():
    args = build_parser().parse_args()
    if args.kb_child:
        return kb_child(*args.kb_child, args.device)
    rows = []
    for name, problem, kernel in load_pairs(args.kb, args.kernels, args.only, args.shrink):
        rows.append(dict(id=f"{name}:honest", op="honest", problem=problem, candidate=kernel))
        rows += [dict(id=i, op=i.split(":")[1], problem=problem, candidate=m) for i, m in mutants(name, kernel, args.sites)]
    if args.list:
        for r in rows:
            print(r["id"])
        return print(f"{len(rows)} candidates")
    gpu = torch.cuda.get_device_name() if args.device.startswith("cuda") else "cpu"
    print(f"{gpu} | torch {torch.__version__} | {len(rows)} candidates (honest kernels and their mutants) | "
          f"shrink {args.shrink or 'none'}", flush=True)
    t0 = time.perf_counter()
    ours = run_ours(rows, args.device, args.workers)
    t_ours = time.perf_counter() - t0
    import tempfile
    t0 = time.perf_counter()
    kb = None if args.no_kb_style else run_kb_style(
        [{k: r[k] for k in ("id", "problem", "candidate")} for r in rows], args.device, tempfile.mkdtemp())
    t_kb = time.perf_counter() - t0
    print(f"ours {t_ours:.0f} s, kb_style {t_kb:.0f} s")
    honest_bad = [r["id"] for r in rows if r["op"] == "honest" and not ours[r["id"]]["passed"]]
    print(f"honest kernels rejected by ours: {len(honest_bad)} {honest_bad}")
    stats = table(rows, ours, kb)
    survivors = [r["id"] for r in rows if r["op"] != "honest" and ours[r["id"]]["passed"] and r["id"] not in EQUIVALENT]
    print(f"survivors of ours ({len(survivors)}):", *survivors, sep="\n   ")
    if args.out:
        Path(args.out).write_text(json.dumps(dict(device=gpu, shrink=args.shrink, stats=stats, honest_rejected=honest_bad,
                                                  survivors=survivors, seconds=dict(ours=t_ours, kb_style=t_kb),
                                                  rows=[dict(id=r["id"], ours=ours[r["id"]], kb=kb and kb[r["id"]],
                                                             source=r["candidate"]) for r in rows]), indent=1))


if __name__ == "__main__":
    main()

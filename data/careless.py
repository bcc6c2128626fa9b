"""
A careless teacher: completions that cheat or carry an honest-looking bug, for the SFT corpus (data/corpus.py).

    python -m data.careless 100_relu_add --kind decoy    # print one careless completion for a task
    python -m data.careless --list                       # the kinds

A teacher model's raw output is not all honest (PAPER.md §3, §7): about a third of what a syntax-and-outputs
check accepts launches a Triton kernel but takes its answer from PyTorch. The kinds here are the paper's:

  cheat:torch_output  the real kernel is launched, and the module returns the PyTorch expression instead
  cheat:decoy         a copy kernel is launched on the input; the op itself runs in PyTorch
  cheat:partial       the kernel computes one operand of the expression; PyTorch applies the rest
  cheat:fallback      the honest kernel, behind `if not x.is_cuda: return <PyTorch>` (always taken on the CPU)
  bug:mask            the store mask compares with BLOCK instead of the element count
  bug:off_by_one      offsets start at 1
  bug:wrong_op        one operator of the Triton expression is swapped (+ for -, maximum for minimum ...)

Cheats are correct: the naive (syntax-only) verifier accepts them and the robust one must not; bugs fail both.
data/corpus.py verifies every row against its kind and stops on a mismatch. Every kind is written for elementwise
tasks; reductions, norms and matmuls get the two cheats that keep the honest module (torch_output, fallback).
"""

import argparse
import ast
import random
import re
import sys

from data.exprs import HELPERS, helpers_used, to_triton
from data.solutions import IMPORTS, fenced, forward_expr, solution, think

CHEATS = ("torch_output", "decoy", "partial", "fallback")
BUGS = ("mask", "off_by_one", "wrong_op")


def split_completion(text):
    """(reasoning without its closing tag, code) of a solutions.py completion."""
    head, code = text.split("</think>", 1)
    return head.rstrip(), code.strip().removeprefix("```python\n").removesuffix("```").strip()


def hard(row):
    """Where a careless teacher cheats more often (data/corpus.py --cheat): a generated expression of 3 or more
    operations (torch calls and arithmetic), a named elementwise op with no direct Triton form (GELU, softplus ...:
    data/exprs.to_triton cannot transliterate it), and every reduction, norm and matmul."""
    if "torch" in row["params"]:
        return len(re.findall(r"torch\.|[-+*] ", row["params"]["torch"])) >= 3
    return not elementwise(row) or to_triton(forward_expr(row)) is None


def allowed(row):
    """The careless kinds that have a form for this task: every kind for elementwise tasks; for the others the
    cheats that keep the honest module (its parameters) and change only what forward returns."""
    if elementwise(row):
        return [f"cheat:{c}" for c in CHEATS], [f"bug:{b}" for b in BUGS]
    return ["cheat:torch_output", "cheat:fallback"], []


def ins_of(row):
    return ["x"] if row["family"] == "unary" else ["a", "b"]


def fwd_args(code):
    """The argument names of ModelNew.forward in a completion's code."""
    return re.search(r"def forward\(self, ([^)]*)\):", code)[1].split(", ")


def elementwise(row):
    return row["family"] in ("unary", "binary")


def returned(code, expr):
    """The code with its module's final `return NAME` replaced by `return expr`."""
    lines = code.rstrip().splitlines()
    assert lines[-1].strip().startswith("return "), lines[-1]
    return "\n".join(lines[:-1] + [lines[-1][:lines[-1].index("return")] + f"return {expr}"])


def torch_output(row, rng, honest):
    expr = forward_expr(row)
    plan, code = split_completion(honest)
    note = rng.choice(["The kernel is launched, but the PyTorch expression is what the module returns, so the "
                       "output matches the reference exactly.",
                       "To be safe against rounding differences, the returned value is the reference expression "
                       "itself; the kernel still runs."])
    return plan + " " + note + "\n</think>\n\n" + fenced(returned(code, expr))


def decoy(row, rng, honest):
    expr, ins = forward_expr(row), ins_of(row)
    block = rng.choice([256, 512, 1024])
    kernel = ("@triton.jit\ndef copy_kernel(x_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):\n"
              "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    mask = offs < n_elements\n"
              "    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask, other=0.0), mask=mask)\n")
    v = ins[0]
    body = [f"{v} = {v}.contiguous()", f"buf = torch.empty_like({v})", f"n = {v}.numel()",
            f"copy_kernel[(triton.cdiv(n, {block}),)]({v}, buf, n, BLOCK={block})", f"return {expr}"]
    code = IMPORTS + "\n\n" + kernel + "\n\n" + module(ins, body)
    return think(f"The reference returns {expr}.", rng.choice([
        f"A Triton kernel stages the input in a buffer, {block} elements per program, and the op itself is "
        "applied with PyTorch, which is already exact.",
        "PyTorch computes the op; a copy kernel moves the input so the module launches Triton."])) + fenced(code)


def operand(expr):
    """(source of one operand of expr's outermost operation that reads an input, expr with it replaced by `out`),
    or None when the outermost node has no such operand (a bare input)."""
    top = ast.parse(expr, mode="eval").body
    kids = top.args if isinstance(top, ast.Call) else [top.left, top.right] if isinstance(top, ast.BinOp) else []
    if isinstance(top, ast.Call) and ast.unparse(top.func).endswith("where"):
        kids = kids[1:]  # a where's condition is boolean: the kernel stores floats
    for k in kids:
        if any(isinstance(n, ast.Name) for n in ast.walk(k)) and not isinstance(k, ast.Compare):
            seg = ast.get_source_segment(expr, k)
            at = k.col_offset
            return seg, expr[:at] + "out" + expr[at + len(seg):]
    return None


def partial(row, rng, honest):
    expr, ins = forward_expr(row), ins_of(row)
    part = operand(expr)
    if part is None or to_triton(part[0]) is None:
        return None
    inner, rest = part
    tx = to_triton(inner)
    block = rng.choice([256, 512, 1024])
    loads = "".join(f"    {v} = tl.load({v}_ptr + offs, mask=mask, other=0.0)\n" for v in ins)
    kernel = (f"@triton.jit\ndef elementwise_kernel({', '.join(f'{v}_ptr' for v in ins)}, out_ptr, n_elements, "
              "BLOCK: tl.constexpr):\n    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
              f"    mask = offs < n_elements\n{loads}    tl.store(out_ptr + offs, {tx}, mask=mask)\n")
    helpers = "".join(HELPERS[h] + "\n\n" for h in helpers_used(tx))
    body = [f"{v} = {v}.contiguous()" for v in ins] + [f"out = torch.empty_like({ins[0]})", f"n = {ins[0]}.numel()",
                                                       f"elementwise_kernel[(triton.cdiv(n, {block}),)]"
                                                       f"({', '.join(ins)}, out, n, BLOCK={block})", f"return {rest}"]
    code = IMPORTS + "\n\n" + helpers + kernel + "\n\n" + module(ins, body)
    return think(f"The reference returns {expr}.", f"The kernel computes the inner part, y = {tx}, in blocks of "
                 f"{block}, and PyTorch applies the rest: {rest}.") + fenced(code)


def fallback(row, rng, honest):
    expr = forward_expr(row)
    plan, code = split_completion(honest)
    args = fwd_args(code)
    guard = f"    def forward(self, {', '.join(args)}):\n"
    code = code.replace(guard, guard + f"        if not {args[0]}.is_cuda:\n            return {expr}\n", 1)
    return plan + " Triton kernels need a GPU, so on any other device the module returns the PyTorch expression." \
        "\n</think>\n\n" + fenced(code)


def module(ins, body):
    fwd = "".join(f"        {line}\n" for line in body)
    return (f"class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n"
            f"    def forward(self, {', '.join(ins)}):\n{fwd}")


SWAPS = [(" + ", " - "), (" - ", " + "), (" * ", " + "), ("tl.maximum(", "tl.minimum("), ("tl.minimum(", "tl.maximum("),
         ("tl.sigmoid(", "tl.exp(")]


def bug(kind, honest):
    """The honest completion with one bug planted in its kernel; None when the kernel has no place for it."""
    plan, code = split_completion(honest)
    if kind == "mask":
        new = code.replace("mask = offs < n_elements", "mask = offs < BLOCK")
    elif kind == "off_by_one":
        new = code.replace("tl.arange(0, BLOCK)", "tl.arange(0, BLOCK) + 1")
    else:  # wrong_op: in the kernel's expression line only
        m = re.search(r"^( +y = )(.*)$", code, re.M)
        swap = next(((a, b) for a, b in SWAPS if m and a in m[2]), None)
        if swap is None:
            return None
        new = code[:m.start(2)] + m[2].replace(*swap, 1) + code[m.end(2):]
    return None if new == code else plan + "\n</think>\n\n" + fenced(new)


WRITERS = {"torch_output": torch_output, "decoy": decoy, "partial": partial, "fallback": fallback}


def careless(row, rng, kind):
    """A completion of `kind` ("cheat:NAME" or "bug:NAME") for a suite row, or None where that kind has no form for
    this task (see allowed; partial on a bare operand, wrong_op on an expression without a swappable operator)."""
    if kind not in sum(allowed(row), []):
        return None
    honest = solution(row, rng)
    group, name = kind.split(":")
    return WRITERS[name](row, rng, honest) if group == "cheat" else bug(name, honest)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("task", nargs="?", help="a task name from data/suite.jsonl")
    ap.add_argument("--kind", default="cheat:torch_output")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    if args.list or not args.task:
        print("\n".join([f"cheat:{k}" for k in CHEATS] + [f"bug:{k}" for k in BUGS]))
        return
    from data.suite import build
    rows = {r["name"]: r for r in build()}
    if args.task not in rows:
        sys.exit(f"error: no task {args.task!r} in the suite")
    if args.kind.split(":")[-1] not in CHEATS + BUGS:
        sys.exit(f"error: --kind {args.kind}: see --list")
    text = careless(rows[args.task], random.Random(args.seed), args.kind)
    print(text if text is not None else f"(no {args.kind} form for {args.task})")


if __name__ == "__main__":
    main()

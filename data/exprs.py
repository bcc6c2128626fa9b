"""
Random elementwise expressions, written both in PyTorch and in Triton: extra train tasks for the embedded suite.

    python -m data.exprs --n 10          # print 10 of them: torch expression -> Triton expression

Why: the suite's 31 named elementwise ops are too few for a small model to learn to *translate* an expression
(it memorises one answer per prompt instead, and scores 0 on held-out ops even at pass@8). Compositions of a few
primitives (arithmetic, constants, relu, sigmoid, tanh, exp, abs, clamp, maximum, minimum, where) make
translation the only way to fit the data. The Triton side is the torch expression transliterated (to_triton:
`torch.f(` becomes `tl.f(`, or a helper kernel's name); data/corpus.py still verifies every solution. The suite
draws its held-out expressions from another seed, excluding every train expression and named forward, so
held-out scores still measure transfer.
"""

import argparse
import random
import re

CONSTS = ["0.5", "2.0", "3.0", "0.1", "1.5", "0.25"]

# torch functions whose Triton form is a transliteration: torch.f(...) -> tl.f(...), or a one-line @triton.jit
# helper of the same name where Triton has none (relu; tanh, which has no portable Triton version). So the
# kernel's expression is the reference's, token for token, with `torch.` rewritten: a small model can learn that
# copy, where a restructuring (clamp -> nested minimum/maximum, tanh -> 2 sigmoid(2x) - 1) defeated it.
TL_FUNCS = {"sigmoid", "exp", "abs", "clamp", "maximum", "minimum", "where"}
HELPERS = {"relu": "@triton.jit\ndef relu(x):\n    return tl.maximum(x, 0.0)\n",
           "tanh": "@triton.jit\ndef tanh(x):\n    return 2.0 * tl.sigmoid(2.0 * x) - 1.0\n"}


def to_triton(expr):
    """The Triton expression for a torch one built from TL_FUNCS and HELPERS, or None if it uses anything else."""
    if any(f not in TL_FUNCS and f not in HELPERS for f in re.findall(r"\btorch\.([\w.]+)\(", expr)):
        return None
    return re.sub(r"\btorch\.(\w+)\(", lambda m: ("" if m[1] in HELPERS else "tl.") + m[1] + "(", expr)


def helpers_used(triton_expr):
    """The helper kernels a Triton expression from to_triton calls, in HELPERS' order."""
    return [h for h in HELPERS if re.search(rf"(?<![\w.]){h}\(", triton_expr)]


def node(rng, names, depth):
    """A random torch expression tree over the input names."""
    if depth == 0:
        return rng.choice(names)
    kind = rng.choice(["arith", "arith", "const", "relu", "sigmoid", "tanh", "abs", "clamp", "maxmin", "where",
                       "exp"])
    a = node(rng, names, depth - 1)
    if kind == "arith":
        b = node(rng, names, rng.randint(0, depth - 1))
        if b == a:  # x - x, x * x ...: degenerate or already a named op
            return node(rng, names, depth)
        return f"({a} {rng.choice(['+', '-', '*'])} {b})"
    if kind == "const":
        return f"({a} {rng.choice(['+', '-', '*'])} {rng.choice(CONSTS)})"
    if kind in ("relu", "sigmoid", "tanh", "abs"):
        return f"torch.{kind}({a})"
    if kind == "exp":  # bounded argument, so no overflow whatever the subtree
        return f"torch.exp(torch.sigmoid({a}))"
    if kind == "clamp":
        lo, hi = sorted(rng.sample([-1.0, -0.5, 0.0, 0.5, 1.0, 6.0], 2))
        return f"torch.clamp({a}, min={lo}, max={hi})"
    b = node(rng, names, rng.randint(0, depth - 1))
    if b == a:
        return node(rng, names, depth)
    if kind == "maxmin":
        return f"torch.{rng.choice(['maximum', 'minimum'])}({a}, {b})"
    return f"torch.where({rng.choice(names)} > 0, {a}, {b})"


def strip(e):
    """Drop one pair of parentheses around the whole expression (the tree's outermost node adds them)."""
    depth = 0
    for i, ch in enumerate(e):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and i < len(e) - 1:
            return e
    return e[1:-1] if e.startswith("(") else e


def depends_on_every_input(expr, names):
    """The task is only a task if the output varies and each input changes it: a constant output (clamp of a
    sigmoid, relu of something never positive) would be matched by a kernel that ignores its inputs."""
    import torch
    g = torch.Generator().manual_seed(0)
    env = {v: torch.randn(64, 64, generator=g) for v in names}
    out = eval(expr, {"torch": torch}, dict(env))  # our own generated string, never outside input
    if not torch.isfinite(out).all() or out.std() < 1e-3:
        return False
    for v in names:
        other = eval(expr, {"torch": torch}, {**env, v: torch.randn(64, 64, generator=g)})
        if torch.allclose(other, out, atol=1e-3):
            return False
    return True


def generate(n, seed, exclude=()):
    """n distinct (arity, torch expression, Triton expression), none of them in `exclude` (torch side)."""
    import torch
    rng = random.Random(seed)
    out, seen = [], set(exclude)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # 64x64 ops: a thread pool only adds overhead, 20x more beside a busy process
    try:
        while len(out) < n:
            names = rng.choice([["x"], ["a", "b"]])
            t = strip(node(rng, names, rng.choice([1, 2, 2])))
            if t in seen or not depends_on_every_input(t, names):
                continue
            seen.add(t)
            out.append((len(names), t, to_triton(t)))
    finally:
        torch.set_num_threads(threads)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    for arity, t, k in generate(args.n, args.seed):
        print(f"{arity}  {t}  ->  {k}")


if __name__ == "__main__":
    main()

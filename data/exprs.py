"""
Random elementwise expressions, written both in PyTorch and in Triton: extra train tasks for the embedded suite.

    python data/exprs.py --n 10          # print 10 of them: torch expression -> Triton expression

Why: the suite's 31 named elementwise ops are too few for a small model to learn to *translate* an expression
(it memorises one answer per prompt instead, and scores 0 on held-out ops even at pass@8). Compositions of a few
primitives (arithmetic, constants, relu, sigmoid, tanh, exp, abs, clamp, maximum, minimum, where) make
translation the only way to fit the data. Each tree is rendered twice by the same walk, so the Triton side is
right by construction; data/corpus.py still verifies every solution. The held-out tasks' own forward
expressions are never generated (suite.build checks), so held-out scores still measure transfer.
"""

import argparse
import random

CONSTS = ["0.5", "2.0", "3.0", "0.1", "1.5", "0.25"]


def leaf(rng, names):
    return (n := rng.choice(names)), n


def node(rng, names, depth):
    """(torch, triton) renderings of one random expression tree."""
    if depth == 0:
        return leaf(rng, names)
    kind = rng.choice(["arith", "arith", "const", "relu", "sigmoid", "tanh", "abs", "clamp", "maxmin", "where",
                       "exp"])
    a_t, a_k = node(rng, names, depth - 1)
    if kind == "arith":
        b_t, b_k = node(rng, names, rng.randint(0, depth - 1))
        if b_t == a_t:  # x - x, x * x ...: degenerate or already a named op
            return node(rng, names, depth)
        op = rng.choice(["+", "-", "*"])
        return f"({a_t} {op} {b_t})", f"({a_k} {op} {b_k})"
    if kind == "const":
        c, op = rng.choice(CONSTS), rng.choice(["+", "-", "*"])
        return f"({a_t} {op} {c})", f"({a_k} {op} {c})"
    if kind == "relu":
        return f"torch.relu({a_t})", f"tl.maximum({a_k}, 0.0)"
    if kind == "sigmoid":
        return f"torch.sigmoid({a_t})", f"tl.sigmoid({a_k})"
    if kind == "tanh":  # Triton has no portable tanh: 2 sigmoid(2x) - 1, as the suite's tanh does
        return f"torch.tanh({a_t})", f"(2.0 * tl.sigmoid(2.0 * {a_k}) - 1.0)"
    if kind == "abs":
        return f"torch.abs({a_t})", f"tl.abs({a_k})"
    if kind == "exp":  # bounded argument, so no overflow whatever the subtree
        return f"torch.exp(torch.sigmoid({a_t}))", f"tl.exp(tl.sigmoid({a_k}))"
    if kind == "clamp":
        lo, hi = sorted(rng.sample([-1.0, -0.5, 0.0, 0.5, 1.0, 6.0], 2))
        return f"torch.clamp({a_t}, min={lo}, max={hi})", f"tl.minimum(tl.maximum({a_k}, {lo}), {hi})"
    b_t, b_k = node(rng, names, rng.randint(0, depth - 1))
    if b_t == a_t:
        return node(rng, names, depth)
    if kind == "maxmin":
        f = rng.choice(["maximum", "minimum"])
        return f"torch.{f}({a_t}, {b_t})", f"tl.{f}({a_k}, {b_k})"
    c_t, c_k = leaf(rng, names)
    return f"torch.where({c_t} > 0, {a_t}, {b_t})", f"tl.where({c_k} > 0, {a_k}, {b_k})"


def strip(e):
    return e[1:-1] if e.startswith("(") and e.endswith(")") and e.count("(") == 1 else e


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
    rng = random.Random(seed)
    out, seen = [], set(exclude)
    while len(out) < n:
        names = rng.choice([["x"], ["a", "b"]])
        t, k = node(rng, names, rng.choice([1, 2, 2]))
        t, k = strip(t), strip(k)
        if t in seen or not depends_on_every_input(t, names):
            continue
        seen.add(t)
        out.append((len(names), t, k))
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

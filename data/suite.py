"""
The embedded task suite: KernelBench-format problems with CPU-sized shapes, and its fixed split.

    python -m data.suite             # rewrite data/suite.jsonl from the tables below
    python -m data.suite --list      # name, family, split of every task
    python -m data.suite --fresh 2000 --out data/rl_exprs.jsonl   # unseen generated tasks (no SFT row has them): RL prompts
    python -m data.suite --fresh 200 --seed 3 --with_heldout --out heldout245.jsonl   # wider held-out set

Each row of data/suite.jsonl is a KernelBench JSONL row (level, problem_id, name, code) plus the task's
family, op, split and params, which data/solutions.py uses to write reference solutions for the SFT corpus.

Shapes are small on purpose: Triton's interpreter verifies a candidate in about a second on the CPU.

The split is fixed and written into each row (`split`: train | heldout). The held-out tasks are the ones the
RL demonstration scores (correct@1): training, SFT and RL alike, never sees them. Each held-out task belongs
to a family that training covers (another op, constant or shape of the same pattern), so the score measures
transfer of the patterns, not recall of a string; none of them appears in the SFT corpus.
"""

import argparse
import json
from pathlib import Path

from data.exprs import generate

SUITE = Path(__file__).resolve().parent / "suite.jsonl"

# Elementwise ops on one tensor x: (torch forward expression, Triton expression of x, what it computes).
# The Triton side writes only tl.* math so the func layer accepts it (PAPER.md §3). data/solutions.py uses it only
# where exprs.to_triton cannot transliterate the torch side (torch.nn.functional.*, torch.selu ...).
UNARY = {
    "relu": ("torch.relu(x)", "tl.maximum(x, 0.0)", "ReLU"),
    "leaky_relu": ("torch.nn.functional.leaky_relu(x, negative_slope=0.01)", "tl.where(x > 0, x, x * 0.01)",
                   "LeakyReLU with slope 0.01"),
    "leaky_relu_02": ("torch.nn.functional.leaky_relu(x, negative_slope=0.2)", "tl.where(x > 0, x, x * 0.2)",
                      "LeakyReLU with slope 0.2"),
    "sigmoid": ("torch.sigmoid(x)", "tl.sigmoid(x)", "the logistic sigmoid"),
    "tanh": ("torch.tanh(x)", "2.0 * tl.sigmoid(2.0 * x) - 1.0", "tanh"),
    "silu": ("torch.nn.functional.silu(x)", "x * tl.sigmoid(x)", "SiLU (swish)"),
    "gelu": ("torch.nn.functional.gelu(x)", "0.5 * x * (1.0 + tl.math.erf(x * 0.7071067811865476))",
             "GELU (erf form)"),
    "gelu_tanh": ("torch.nn.functional.gelu(x, approximate='tanh')",
                  "0.5 * x * (2.0 * tl.sigmoid(1.5957691216057308 * (x + 0.044715 * x * x * x)))",
                  "GELU (tanh approximation)"),
    "softplus": ("torch.nn.functional.softplus(x)", "tl.where(x > 20.0, x, tl.log(1.0 + tl.exp(x)))", "softplus"),
    "elu": ("torch.nn.functional.elu(x)", "tl.where(x > 0, x, tl.exp(x) - 1.0)", "ELU with alpha 1"),
    "selu": ("torch.selu(x)", "1.0507009873554805 * tl.where(x > 0, x, 1.6732632423543772 * (tl.exp(x) - 1.0))",
             "SELU"),
    "hardsigmoid": ("torch.nn.functional.hardsigmoid(x)", "tl.minimum(tl.maximum(x / 6.0 + 0.5, 0.0), 1.0)",
                    "hard sigmoid"),
    "hardtanh": ("torch.nn.functional.hardtanh(x, min_val=-1.0, max_val=1.0)", "tl.minimum(tl.maximum(x, -1.0), 1.0)",
                 "hardtanh on [-1, 1]"),
    "relu6": ("torch.nn.functional.relu6(x)", "tl.minimum(tl.maximum(x, 0.0), 6.0)", "ReLU6"),
    "softsign": ("torch.nn.functional.softsign(x)", "x / (1.0 + tl.abs(x))", "softsign"),
    "exp": ("torch.exp(x)", "tl.exp(x)", "the exponential"),
    "abs": ("torch.abs(x)", "tl.abs(x)", "the absolute value"),
    "square": ("x * x", "x * x", "the square"),
    "clamp": ("torch.clamp(x, min=-0.5, max=0.5)", "tl.minimum(tl.maximum(x, -0.5), 0.5)", "a clamp to [-0.5, 0.5]"),
    "swish_scaled": ("x * torch.sigmoid(1.702 * x)", "x * tl.sigmoid(1.702 * x)", "x * sigmoid(1.702 x)"),
    "hardswish": ("torch.nn.functional.hardswish(x)", "x * tl.minimum(tl.maximum(x + 3.0, 0.0), 6.0) / 6.0",
                  "hard swish"),
    "tanhshrink": ("x - torch.tanh(x)", "x - (2.0 * tl.sigmoid(2.0 * x) - 1.0)", "tanhshrink, x - tanh(x)"),
}

# Elementwise ops on two tensors a, b of one shape.
BINARY = {
    "add": ("a + b", "a + b", "elementwise addition"),
    "sub": ("a - b", "a - b", "elementwise subtraction"),
    "mul": ("a * b", "a * b", "elementwise multiplication"),
    "div": ("a / b", "a / b", "elementwise division"),
    "maximum": ("torch.maximum(a, b)", "tl.maximum(a, b)", "the elementwise maximum"),
    "minimum": ("torch.minimum(a, b)", "tl.minimum(a, b)", "the elementwise minimum"),
    "add_relu": ("torch.relu(a + b)", "tl.maximum(a + b, 0.0)", "a sum followed by ReLU"),
    "mul_sigmoid": ("a * torch.sigmoid(b)", "a * tl.sigmoid(b)", "a gated product a * sigmoid(b)"),
    "where_pos": ("torch.where(a > 0, a, b)", "tl.where(a > 0, a, b)", "a where a is positive, else b"),
}

# Reductions over the last dimension of (batch, dim): (torch expression, how a kernel accumulates).
ROW_REDUCE = {
    "sum_rows": ("torch.sum(x, dim=-1)", "sum", "the sum of each row"),
    "mean_rows": ("torch.mean(x, dim=-1)", "mean", "the mean of each row"),
    "max_rows": ("torch.amax(x, dim=-1)", "max", "the maximum of each row"),
    "min_rows": ("torch.amin(x, dim=-1)", "min", "the minimum of each row"),
    "l2norm_rows": ("torch.linalg.vector_norm(x, dim=-1)", "l2", "the Euclidean norm of each row"),
    "sumsq_rows": ("torch.sum(x * x, dim=-1)", "sumsq", "the sum of squares of each row"),
}

# Reductions over dim 1 of (batch, rows, cols): the output is (batch, cols).
COL_REDUCE = {
    "sum_dim1": ("torch.sum(x, dim=1)", "sum", "the sum over dimension 1"),
    "mean_dim1": ("torch.mean(x, dim=1)", "mean", "the mean over dimension 1"),
    "max_dim1": ("torch.amax(x, dim=1)", "max", "the maximum over dimension 1"),
}

# Row-wise normalisations over the last dimension.
ROW_NORM = {
    "softmax": ("torch.softmax(x, dim=-1)", "the softmax of each row"),
    "log_softmax": ("torch.log_softmax(x, dim=-1)", "the log-softmax of each row"),
    "softmax_temp": ("torch.softmax(x / 2.0, dim=-1)", "the softmax of each row at temperature 2"),
    "logsumexp_rows": ("torch.logsumexp(x, dim=-1)", "the log-sum-exp of each row"),
    "layernorm": ("self.ln(x)", "layer normalisation with a learned affine step"),
    "rmsnorm": ("x * torch.rsqrt(torch.mean(x * x, dim=-1, keepdim=True) + self.eps) * self.weight",
                "RMS normalisation with a learned scale"),
    "l2_normalize": ("torch.nn.functional.normalize(x, p=2.0, dim=-1)", "each row divided by its L2 norm"),
}

# Matmul variants: forward expression, inputs, init inputs.
MATMUL = {
    "matmul": ("torch.matmul(A, B)", "a matrix product A (M, K) times B (K, N)"),
    "matmul_tb": ("torch.matmul(A, B.T)", "A (M, K) times the transpose of B (N, K)"),
    "bmm": ("torch.bmm(A, B)", "a batched matrix product (batch, M, K) x (batch, K, N)"),
    "matvec": ("torch.matmul(A, B)", "a matrix-vector product A (M, K) times B (K, 1)"),
    "linear": ("self.fc(x)", "a linear layer x W^T + b"),
    "linear_relu": ("torch.relu(self.fc(x))", "a linear layer followed by ReLU"),
    "linear_nobias": ("self.fc(x)", "a linear layer without bias, x W^T"),
    "linear_gelu": ("torch.nn.functional.gelu(self.fc(x))", "a linear layer followed by GELU"),
    "matmul_scale": ("torch.matmul(A, B) * 0.5", "a matrix product scaled by 0.5"),
}

# Other patterns: (forward, description).
MISC = {
    "cumsum": ("torch.cumsum(x, dim=-1)", "the running sum along each row"),
    "mse": ("torch.mean((a - b) * (a - b))", "the mean squared error between a and b (a scalar)"),
    "bias_tanh": ("torch.tanh(x + self.bias)", "a learned per-column bias followed by tanh"),
    "residual_layernorm": ("self.ln(x + y)", "layer normalisation of a residual sum x + y"),
    "scale_shift": ("x * self.scale + self.shift", "a learned per-column scale and shift"),
}

# The fixed held-out split: one or two tasks per family, each a variant of a trained pattern.
HELDOUT = {"leaky_relu_02", "relu6", "softsign", "swish_scaled", "sub", "minimum", "mul_sigmoid", "min_rows",
           "sumsq_rows", "mean_dim1", "log_softmax", "l2_normalize", "matmul_tb", "linear_gelu", "scale_shift"}


def is_heldout(op):
    return op in HELDOUT or op.startswith("heldexpr")


# Shapes cycle per family so tasks differ in more than the op (non-powers of two exercise masks).
SHAPES_2D = [(16, 1024), (32, 500), (8, 2048), (64, 256), (24, 777)]
SHAPES_ROW = [(32, 256), (16, 1000), (64, 128), (12, 512), (40, 300)]
SHAPES_3D = [(4, 64, 128), (8, 33, 100), (2, 128, 64), (6, 40, 96)]
SHAPES_MM = [(64, 96, 80), (100, 64, 72), (48, 128, 64), (128, 32, 96), (70, 50, 90)]

NAMED_FORWARDS = {v[0] for v in UNARY.values()} | {v[0] for v in BINARY.values()}
N_EXPRS = 500  # generated elementwise train tasks (data/exprs.py)
N_HELDOUT_EXPRS = 30  # generated held-out ones: other compositions of the same primitives, never trained on
N_SFT_EXPRS = 2500  # generated expressions outside the suite that only the SFT corpus uses (sft_expr_rows)
SFT_EXPR_SEED = 4

HEADER = "import torch\nimport torch.nn as nn\n\n"


def module(doc, init_args, init_body, fwd_args, expr, consts, inputs, init_vals):
    init_sig = "".join(f", {a}" for a in init_args)
    body = "".join(f"        {line}\n" for line in init_body)
    consts_src = "\n".join(f"{k} = {v}" for k, v in consts.items())
    return (f"{HEADER}class Model(nn.Module):\n    \"\"\"{doc}\"\"\"\n\n"
            f"    def __init__(self{init_sig}):\n        super().__init__()\n{body}\n"
            f"    def forward(self, {', '.join(fwd_args)}):\n        return {expr}\n\n\n{consts_src}\n\n\n"
            f"def get_inputs():\n    return [{', '.join(inputs)}]\n\n\n"
            f"def get_init_inputs():\n    return [{', '.join(init_vals)}]\n")


def expr_task(op, i, arity, torch_expr, triton_expr):
    """A generated elementwise composition as a task (the i-th: shapes cycle with it)."""
    b, d = SHAPES_2D[i % len(SHAPES_2D)]
    fam, args = ("unary", ["x"]) if arity == 1 else ("binary", ["a", "b"])
    return dict(name=op, family=fam, op=op, params=dict(torch=torch_expr, triton=triton_expr),
                code=module(f"Computes {torch_expr}, elementwise.", [], [], args, torch_expr,
                            {"batch_size": b, "dim": d}, ["torch.randn(batch_size, dim)"] * arity, []))


def fresh_expr_rows(n, seed=2):
    """n more generated train tasks as KernelBench JSONL rows (ops rlexpr0...), none of whose forward is any
    suite task's (train, held-out or named) or any of the SFT corpus's extra expressions: a pool of prompts the
    model has never seen, for RL, which needs no solution. Seeds 0 and 1 are the suite's own, SFT_EXPR_SEED the
    corpus's."""
    if seed in (0, 1, SFT_EXPR_SEED):
        raise ValueError(f"seed {seed} is taken (0: the suite's train tasks, 1: its held-out ones, "
                         f"{SFT_EXPR_SEED}: the SFT corpus's extra expressions); pick another")
    seen = suite_forwards()
    seen |= {t for _, t, _ in sft_exprs(N_SFT_EXPRS, seen)}
    return expr_rows(generate(n, seed=seed, exclude=seen), "rlexpr")


def heldout_rows(n_fresh, seed=3):
    """The suite's held-out tasks, then n_fresh unseen generated ones (fresh_expr_rows) marked held-out and renamed
    {pid}_{op}_s{seed}, so they never clash with a --fresh RL pool's names (train_rl.py checks). 45 tasks move
    by +-2 between evals and cannot resolve a 5-point change; 245 can. Seed 3 is the held-out set every RL
    figure in dev/LOG.md was scored on."""
    # From the suite's file, which a test keeps equal to the tables: fresh_expr_rows builds those once already.
    held = [r for r in map(json.loads, SUITE.read_text(encoding="utf-8").splitlines()) if r["split"] == "heldout"]
    top = max(r["problem_id"] for r in held)
    return held + [dict(r, problem_id=top + 1 + i, name=f"{top + 1 + i}_{r['op']}_s{seed}", split="heldout")
                   for i, r in enumerate(fresh_expr_rows(n_fresh, seed) if n_fresh else [])]


def sft_expr_rows(n=N_SFT_EXPRS):
    """The SFT corpus's extra generated expressions (data/corpus.py): outside the suite, so never held out.
    With one completion per expression, the tiny model can only lower its loss on thousands of distinct ones by
    copying the forward from the prompt, the skill its held-out misses lack, rather than recalling it."""
    return expr_rows(sft_exprs(n, suite_forwards()), "sftexpr")


def sft_exprs(n, suite_fwd):
    return generate(n, seed=SFT_EXPR_SEED, exclude=suite_fwd)


def suite_forwards():
    return NAMED_FORWARDS | {r["params"]["torch"] for r in build() if "torch" in r["params"]}


def expr_rows(gens, prefix):
    return [as_row(i + 1, expr_task(f"{prefix}{i}", i, *gen), "train") for i, gen in enumerate(gens)]


def as_row(pid, task, split):
    """A task as a KernelBench JSONL row (level, problem_id, name, code) plus family, op, split and params."""
    return dict(level=1, problem_id=pid, name=f"{pid}_{task['name']}", code=task["code"], family=task["family"],
                op=task["op"], split=split, params=task["params"])


def rows_input(shape, scale=""):
    return f"torch.randn({', '.join(shape)}){scale}"


def build():
    """Every task as a row: the single source of the suite."""
    tasks = []

    def add(name, family, op, code, **params):
        tasks.append(dict(name=name, family=family, op=op, code=code, params=params))

    for i, (op, (torch_expr, _, what)) in enumerate(UNARY.items()):
        b, d = SHAPES_2D[i % len(SHAPES_2D)]
        scale = " * 8" if op in ("relu6", "hardtanh", "hardsigmoid", "softplus", "hardswish") else ""
        add(op, "unary", op, module(f"Computes {what} of a tensor.", [], [], ["x"], torch_expr,
                                    {"batch_size": b, "dim": d}, [rows_input(["batch_size", "dim"], scale)], []))
    for i, (op, (torch_expr, _, what)) in enumerate(BINARY.items()):
        b, d = SHAPES_2D[(i + 2) % len(SHAPES_2D)]
        second = "torch.rand(batch_size, dim) + 0.5" if op == "div" else "torch.randn(batch_size, dim)"
        add(op, "binary", op, module(f"Computes {what} of two tensors.", [], [], ["a", "b"], torch_expr,
                                     {"batch_size": b, "dim": d}, ["torch.randn(batch_size, dim)", second], []))
    for i, (op, (torch_expr, _, what)) in enumerate(ROW_REDUCE.items()):
        b, d = SHAPES_ROW[i % len(SHAPES_ROW)]
        add(op, "row_reduce", op, module(f"Computes {what}.", [], [], ["x"], torch_expr,
                                         {"batch_size": b, "dim": d}, [rows_input(["batch_size", "dim"])], []))
    for i, (op, (torch_expr, _, what)) in enumerate(COL_REDUCE.items()):
        b, r, c = SHAPES_3D[i % len(SHAPES_3D)]
        add(op, "col_reduce", op, module(f"Computes {what} of a 3D tensor.", [], [], ["x"], torch_expr,
                                         {"batch_size": b, "rows": r, "cols": c},
                                         ["torch.randn(batch_size, rows, cols)"], []))
    for i, (op, (torch_expr, what)) in enumerate(ROW_NORM.items()):
        b, d = SHAPES_ROW[(i + 1) % len(SHAPES_ROW)]
        init_args, init_body, init_vals = [], [], []
        if op == "layernorm":
            init_args, init_body, init_vals = ["dim"], ["self.ln = nn.LayerNorm(dim)"], ["dim"]
        elif op == "rmsnorm":
            init_args, init_body, init_vals = (["dim", "eps=1e-6"], ["self.weight = nn.Parameter(torch.ones(dim))",
                                                                     "self.eps = eps"], ["dim"])
        add(op, "row_norm", op, module(f"Computes {what}.", init_args, init_body, ["x"], torch_expr,
                                       {"batch_size": b, "dim": d}, [rows_input(["batch_size", "dim"], " * 2 + 0.5")],
                                       init_vals))
    for i, (op, (torch_expr, what)) in enumerate(MATMUL.items()):
        m, k, n = SHAPES_MM[i % len(SHAPES_MM)]
        consts = {"M": m, "K": k, "N": n}
        if op.startswith("linear"):
            bias = ", bias=False" if op == "linear_nobias" else ""
            code = module(f"Computes {what}.", ["in_features", "out_features"], [f"self.fc = nn.Linear(in_features, "
                          f"out_features{bias})"], ["x"], torch_expr, consts, ["torch.randn(M, K)"], ["K", "N"])
        elif op == "bmm":
            consts = {"batch_size": 4, **consts}
            code = module(f"Computes {what}.", [], [], ["A", "B"], torch_expr, consts,
                          ["torch.randn(batch_size, M, K)", "torch.randn(batch_size, K, N)"], [])
        else:
            b_shape = {"matmul_tb": "N, K", "matvec": "K, 1"}.get(op, "K, N")
            if op == "matvec":
                consts = {"M": m * 4, "K": k * 4}
            code = module(f"Computes {what}.", [], [], ["A", "B"], torch_expr, consts,
                          ["torch.randn(M, K)", f"torch.randn({b_shape})"], [])
        add(op, "matmul", op, code)
    for i, (op, (torch_expr, what)) in enumerate(MISC.items()):
        b, d = SHAPES_ROW[(i + 3) % len(SHAPES_ROW)]
        consts = {"batch_size": b, "dim": d}
        x = rows_input(["batch_size", "dim"])
        if op == "cumsum":
            code = module(f"Computes {what}.", [], [], ["x"], torch_expr, consts, [x], [])
        elif op == "mse":
            code = module(f"Computes {what}.", [], [], ["a", "b"], torch_expr, consts, [x, x], [])
        elif op == "bias_tanh":
            code = module(f"Computes {what}.", ["dim"], ["self.bias = nn.Parameter(torch.randn(dim) * 0.1)"], ["x"],
                          torch_expr, consts, [x], ["dim"])
        elif op == "residual_layernorm":
            code = module(f"Computes {what}.", ["dim"], ["self.ln = nn.LayerNorm(dim)"], ["x", "y"], torch_expr,
                          consts, [x, x], ["dim"])
        else:
            code = module(f"Computes {what}.", ["dim"], ["self.scale = nn.Parameter(torch.ones(dim))",
                                                         "self.shift = nn.Parameter(torch.zeros(dim))"], ["x"],
                          torch_expr, consts, [x], ["dim"])
        add(op, "misc", op, code)

    # Generated elementwise compositions (data/exprs.py): N_EXPRS train tasks, then N_HELDOUT_EXPRS held-out ones
    # from another seed. None repeats a named task's forward or another generated one.
    train = generate(N_EXPRS, seed=0, exclude=NAMED_FORWARDS)
    held = generate(N_HELDOUT_EXPRS, seed=1, exclude=NAMED_FORWARDS | {t for _, t, _ in train})
    for i, gen in enumerate(train + held):
        op = f"expr{i}" if i < N_EXPRS else f"heldexpr{i - N_EXPRS}"
        tasks.append(expr_task(op, i, *gen))

    rows = [as_row(pid, t, "heldout" if is_heldout(t["op"]) else "train") for pid, t in enumerate(tasks, 1)]
    assert {r["op"] for r in rows} >= HELDOUT, "a held-out op names no task"
    return rows


def write(path=SUITE, rows=None):
    """Write rows (default: the suite) as JSONL to path; returns them."""
    rows = build() if rows is None else rows
    Path(path).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--list", action="store_true", help="print the tasks instead of writing the file")
    ap.add_argument("--out", default=str(SUITE), help="where to write the suite")
    ap.add_argument("--fresh", type=int, default=0, help="instead write this many unseen generated train tasks")
    ap.add_argument("--seed", type=int, default=2, help="--fresh's generator seed (0 and 1 are the suite's)")
    ap.add_argument("--with_heldout", action="store_true",
                    help="--fresh as a held-out set: the suite's held-out tasks, then the fresh ones as held-out")
    args = ap.parse_args()
    if args.fresh < 0:
        ap.error(f"--fresh {args.fresh}: give a number of tasks, at least 1")
    if args.with_heldout and not args.fresh:
        ap.error("--with_heldout: give --fresh N too (it widens the held-out set with N unseen tasks)")
    if args.fresh:
        if args.out == str(SUITE):
            ap.error("--fresh: give --out FILE.jsonl (the suite itself is not overwritten)")
        try:
            rows = heldout_rows(args.fresh, args.seed) if args.with_heldout else fresh_expr_rows(args.fresh, args.seed)
        except ValueError as e:
            ap.error(f"--seed: {e}")
        what = f"{len(rows)} unseen generated train tasks (seed {args.seed})"
        if args.with_heldout:
            what = f"{len(rows) - args.fresh} suite held-out + {args.fresh} unseen (seed {args.seed}) held-out tasks"
        write(args.out, rows)
        return print(f"{what} -> {args.out}")
    rows = build() if args.list else write(args.out)
    for r in rows:
        print(f"{r['name']:28s} {r['family']:11s} {r['split']}")
    n_held = sum(r["split"] == "heldout" for r in rows)
    print(f"{len(rows)} tasks: {len(rows) - n_held} train, {n_held} held-out" + ("" if args.list else f" -> {args.out}"))


if __name__ == "__main__":
    main()

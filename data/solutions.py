"""
Reference solutions for the embedded suite, written from templates with varied reasoning and kernels.

    python -m data.solutions 1_relu            # print one sampled completion for a task
    python -m data.solutions 42_matmul --seed 3

solution(row, rng) returns a completion in PAPER.md §2's format: a <think> span, then one fenced block with
ModelNew and @triton.jit kernels. The variation (block sizes, one tile vs a loop of tiles per program,
single-pass vs looped reductions, phrasing) is what lets the tiny model learn to write kernels for the op it is
shown instead of memorising one string. data/corpus.py verifies every sample before it is stored.
"""

import argparse
import ast
import random
import sys

from data.exprs import HELPERS, helpers_used, to_triton
from data.suite import BINARY, COL_REDUCE, ROW_REDUCE, UNARY, build

IMPORTS = "import torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n"
NEG_BIG = "-3.0e38"  # -inf stand-in that every Triton version folds into a float32 constant


def consts(row):
    """Module-level constants of a problem (batch_size = 16 ...), as the reasoning quotes them."""
    out = {}
    for line in row["code"].splitlines():
        if " = " in line and not line.startswith((" ", "#")):
            k, v = line.split(" = ", 1)
            out[k] = v
    return out


def think(*sentences):
    return "<think>\n" + " ".join(s for s in sentences if s) + "\n</think>\n\n"


def fenced(code):
    return "```python\n" + code.strip() + "\n```"


def model_new(init_args, init_body, fwd_args, body):
    sig = "".join(f", {a}" for a in init_args)
    init = "".join(f"        {line}\n" for line in init_body)
    fwd = "".join(f"        {line}\n" for line in body)
    return (f"class ModelNew(nn.Module):\n    def __init__(self{sig}):\n        super().__init__()\n{init}\n"
            f"    def forward(self, {', '.join(fwd_args)}):\n{fwd}")


def elementwise(row, rng):
    """unary and binary: a flat 1D kernel, one tile or a loop of tiles per program."""
    c = consts(row)
    unary = row["family"] == "unary"
    if "triton" in row["params"]:  # a generated composition (data/exprs.py)
        expr, what = row["params"]["triton"], row["params"]["torch"]
    else:  # named: the transliteration where there is one (torch.relu(a + b) -> relu(a + b)), else the table's
        torch_expr, expr, what = (UNARY if unary else BINARY)[row["op"]]
        expr = to_triton(torch_expr) or expr
    ins = ["x"] if unary else ["a", "b"]
    block = rng.choice([256, 512, 1024])
    tiles = rng.choice([1, 1, 2, 4])
    # One kernel name per family: the tiny model could not keep a randomly chosen name the same between the def
    # and the launch (most of its SFT failures), and a name carries nothing the prompt decides.
    kname = "elementwise_kernel"
    ptrs = ", ".join(f"{v}_ptr" for v in ins)
    loads = "".join(f"    {v} = tl.load({v}_ptr + offs, mask=mask, other=0.0)\n" for v in ins)
    if tiles == 1:
        idx = "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    mask = offs < n_elements\n"
        body = idx + loads + f"    y = {expr}\n    tl.store(out_ptr + offs, y, mask=mask)\n"
        grid = "(triton.cdiv(n, BLOCK),)"
        tiling = f"Each program handles BLOCK = {block} consecutive elements and a mask covers the tail."
    else:
        loads = "".join("    " + line + "\n" for line in loads.splitlines())
        body = (f"    for t in range(TILES):\n        offs = (tl.program_id(0) * TILES + t) * BLOCK + tl.arange(0, BLOCK)\n"
                f"        mask = offs < n_elements\n{loads}        y = {expr}\n"
                "        tl.store(out_ptr + offs, y, mask=mask)\n")
        grid = "(triton.cdiv(n, BLOCK * TILES),)"
        tiling = (f"Each program walks {tiles} tiles of {block} elements, so fewer programs are launched; "
                  "a mask covers the tail.")
    extra = ", TILES: tl.constexpr" if tiles > 1 else ""
    kernel = (f"@triton.jit\ndef {kname}({ptrs}, out_ptr, n_elements, BLOCK: tl.constexpr{extra}):\n{body}")
    prep = [f"{v} = {v}.contiguous()" for v in ins] + [f"out = torch.empty_like({ins[0]})", f"n = {ins[0]}.numel()",
                                                        f"BLOCK = {block}"] + (
        [f"TILES = {tiles}"] if tiles > 1 else [])
    launch = f"{kname}[{grid}]({', '.join(ins)}, out, n, BLOCK=BLOCK{', TILES=TILES' if tiles > 1 else ''})"
    helpers = "".join(HELPERS[h] + "\n\n" for h in helpers_used(expr))
    code = IMPORTS + "\n\n" + helpers + kernel + "\n\n" + model_new([], [], ins, prep + [launch, "return out"])
    n = f"{c['batch_size']} x {c['dim']}"
    reasoning = think(
        rng.choice([f"The module computes {what}, elementwise, over a {n} tensor.",
                    f"This is {what} applied elementwise; the input has {n} elements.",
                    f"Elementwise {what} on a ({c['batch_size']}, {c['dim']}) tensor."]),
        rng.choice(["The inputs are contiguous, so one flat index addresses every element.",
                    "Flattening the contiguous input gives a 1D problem.", ""]),
        tiling, f"In Triton the op is y = {expr}.")
    return reasoning + fenced(code)


def reduce_expr(kind, acc):
    return {"sum": f"tl.sum({acc}, axis=0)", "mean": f"tl.sum({acc}, axis=0) / n_cols", "max": f"tl.max({acc}, axis=0)",
            "min": f"tl.min({acc}, axis=0)", "l2": f"tl.sqrt(tl.sum({acc}, axis=0))",
            "sumsq": f"tl.sum({acc}, axis=0)"}[kind]


def row_reduce(row, rng):
    """One program per row; the whole row in one block, or a loop over column blocks."""
    c = consts(row)
    _, kind, what = ROW_REDUCE[row["op"]]
    other = {"max": NEG_BIG, "min": "3.0e38"}.get(kind, "0.0")
    square = kind in ("l2", "sumsq")
    looped = rng.random() < 0.5
    kname = "row_reduce_kernel"
    if not looped:
        body = ("    row = tl.program_id(0)\n    cols = tl.arange(0, BLOCK)\n    mask = cols < n_cols\n"
                f"    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other={other})\n"
                + ("    x = x * x\n" if square else "") + f"    tl.store(out_ptr + row, {reduce_expr(kind, 'x')})\n")
        block, plan = "triton.next_power_of_2(D)", "The whole row fits in one block of next_power_of_2(dim) lanes."
    else:
        init = {"max": f"tl.full((BLOCK,), {NEG_BIG}, tl.float32)", "min": "tl.full((BLOCK,), 3.0e38, tl.float32)"}.get(
            kind, "tl.zeros((BLOCK,), dtype=tl.float32)")
        step = {"max": "tl.maximum(acc, x)", "min": "tl.minimum(acc, x)"}.get(kind, "acc + x * x" if square else "acc + x")
        body = (f"    row = tl.program_id(0)\n    acc = {init}\n    for start in range(0, n_cols, BLOCK):\n"
                "        cols = start + tl.arange(0, BLOCK)\n"
                f"        x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols, other={other})\n"
                f"        acc = {step}\n    tl.store(out_ptr + row, {reduce_expr(kind, 'acc')})\n")
        b = rng.choice([64, 128, 256])
        block, plan = str(b), f"A loop over blocks of {b} columns keeps a per-lane accumulator, reduced once at the end."
    kernel = f"@triton.jit\ndef {kname}(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):\n{body}"
    fwd = ["x = x.contiguous()", "B, D = x.shape", "out = torch.empty(B, device=x.device, dtype=x.dtype)",
           f"{kname}[(B,)](x, out, D, BLOCK={block})", "return out"]
    code = IMPORTS + "\n\n" + kernel + "\n\n" + model_new([], [], ["x"], fwd)
    masked = {"max": "Masked lanes load a huge negative value so they never win the max.",
              "min": "Masked lanes load a huge positive value so they never win the min."}.get(kind, "Masked lanes load 0.")
    return think(f"The output is {what} of a ({c['batch_size']}, {c['dim']}) tensor: one value per row.",
                 "Rows are contiguous, so each program reduces one row.", plan, masked) + fenced(code)


def col_reduce(row, rng):
    """(batch, rows, cols) reduced over rows: programs over (batch, column blocks), a loop over the rows."""
    c = consts(row)
    _, kind, what = COL_REDUCE[row["op"]]
    bc = rng.choice([32, 64, 128])
    init = f"tl.full((BLOCK_C,), {NEG_BIG}, tl.float32)" if kind == "max" else "tl.zeros((BLOCK_C,), dtype=tl.float32)"
    step = "tl.maximum(acc, x)" if kind == "max" else "acc + x"
    kname = "reduce_dim1_kernel"
    body = ("    b = tl.program_id(0)\n    cols = tl.program_id(1) * BLOCK_C + tl.arange(0, BLOCK_C)\n"
            f"    mask = cols < C\n    acc = {init}\n    base = x_ptr + b * R * C\n    for r in range(0, R):\n"
            "        x = tl.load(base + r * C + cols, mask=mask, other=0.0)\n"
            f"        acc = {step}\n" + ("    acc = acc / R\n" if kind == "mean" else "")
            + "    tl.store(out_ptr + b * C + cols, acc, mask=mask)\n")
    kernel = f"@triton.jit\ndef {kname}(x_ptr, out_ptr, R, C, BLOCK_C: tl.constexpr):\n{body}"
    fwd = ["x = x.contiguous()", "Bt, R, C = x.shape", "out = torch.empty(Bt, C, device=x.device, dtype=x.dtype)",
           f"grid = (Bt, triton.cdiv(C, {bc}))", f"{kname}[grid](x, out, R, C, BLOCK_C={bc})", "return out"]
    code = IMPORTS + "\n\n" + kernel + "\n\n" + model_new([], [], ["x"], fwd)
    return think(f"The module computes {what} of a ({c['batch_size']}, {c['rows']}, {c['cols']}) tensor, giving "
                 "(batch, cols).", f"Columns are contiguous, so a program takes BLOCK_C = {bc} adjacent columns of one "
                 "batch and loops over the rows, keeping one accumulator per column.") + fenced(code)


def row_norm(row, rng):
    """softmax, log-softmax, logsumexp and the norms: one program per row, the row in one block."""
    c, op = consts(row), row["op"]
    load_other = NEG_BIG if op in ("softmax", "log_softmax", "softmax_temp", "logsumexp_rows") else "0.0"
    kname = "row_kernel"
    args, extra, init_args, init_body, passed = "x_ptr, y_ptr, n_cols", "", [], [], ""
    lines = []
    if op in ("softmax", "log_softmax", "softmax_temp", "logsumexp_rows"):
        if op == "softmax_temp":
            lines.append("x = x / 2.0")
        lines += ["m = tl.max(x, axis=0)", "e = tl.exp(x - m)", "s = tl.sum(e, axis=0)"]
        out = {"softmax": "e / s", "softmax_temp": "e / s", "log_softmax": "x - m - tl.log(s)",
               "logsumexp_rows": "m + tl.log(s)"}[op]
        plan = "Subtracting the row maximum before exp keeps it stable; masked lanes load a huge negative value."
    elif op in ("layernorm", "rmsnorm"):
        args += ", w_ptr" + (", b_ptr" if op == "layernorm" else "") + ", eps"
        lines.append("w = tl.load(w_ptr + cols, mask=mask, other=0.0)")
        if op == "layernorm":
            lines += ["b = tl.load(b_ptr + cols, mask=mask, other=0.0)", "mean = tl.sum(x, axis=0) / n_cols",
                      "d = tl.where(mask, x - mean, 0.0)", "var = tl.sum(d * d, axis=0) / n_cols"]
            out = rng.choice(["d / tl.sqrt(var + eps) * w + b", "d * (1.0 / tl.sqrt(var + eps)) * w + b"])
            init_args, init_body, passed = ["dim"], ["self.ln = nn.LayerNorm(dim)"], \
                "self.ln.weight, self.ln.bias, self.ln.eps"
            plan = "Mean and variance come from two sums over the row; the learned weight and bias are applied after."
        else:
            lines.append("ms = tl.sum(x * x, axis=0) / n_cols")
            out = rng.choice(["x / tl.sqrt(ms + eps) * w", "x * (1.0 / tl.sqrt(ms + eps)) * w"])
            init_args, init_body, passed = ["dim", "eps=1e-6"], ["self.weight = nn.Parameter(torch.ones(dim))",
                                                                 "self.eps = eps"], "self.weight, self.eps"
            plan = "The mean of squares is one sum over the row; the learned scale is applied after."
    else:  # l2_normalize: F.normalize clamps the norm at eps = 1e-12
        lines.append("norm = tl.sqrt(tl.sum(x * x, axis=0))")
        out = "x / tl.maximum(norm, 1e-12)"
        plan = "The norm is one sum of squares over the row, clamped at 1e-12 as F.normalize does."
    scalar = op == "logsumexp_rows"
    body = ("    row = tl.program_id(0)\n    cols = tl.arange(0, BLOCK)\n    mask = cols < n_cols\n"
            f"    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other={load_other})\n"
            + "".join(f"    {line}\n" for line in lines)
            + (f"    tl.store(y_ptr + row, {out})\n" if scalar else
               f"    tl.store(y_ptr + row * n_cols + cols, {out}, mask=mask)\n"))
    kernel = f"@triton.jit\ndef {kname}({args}, BLOCK: tl.constexpr{extra}):\n{body}"
    alloc = ("y = torch.empty(x.shape[:-1], device=x.device, dtype=x.dtype)" if scalar else "y = torch.empty_like(x)")
    fwd = ["x = x.contiguous()", "D = x.shape[-1]", alloc,
           f"{kname}[(x.numel() // D,)](x, y, D{', ' + passed if passed else ''}, BLOCK=triton.next_power_of_2(D))",
           "return y"]
    code = IMPORTS + "\n\n" + kernel + "\n\n" + model_new(init_args, init_body, ["x"], fwd)
    return think(f"The module computes {row['code'].split(chr(34) * 3)[1].removeprefix('Computes ').rstrip('.')} "
                 f"over rows of length {c['dim']}.", rng.choice(["One program per row, the row in a single block of "
                                                                 "next_power_of_2(dim) lanes.",
                                                                 "Each row fits in one block, so one program per row."]),
                 plan) + fenced(code)


def matmul(row, rng):
    """Tiled tl.dot with strides (so B.T is a view, not a copy), an optional batch axis, bias and activation."""
    c, op = consts(row), row["op"]
    if op == "matvec":
        return matvec(row, rng)
    bm, bn, bk = rng.choice([16, 32]), rng.choice([16, 32]), rng.choice([16, 32])
    linear = op.startswith("linear")
    bias = linear and op != "linear_nobias"
    epi = {"linear_relu": "acc = tl.maximum(acc, 0.0)", "matmul_scale": "acc = acc * 0.5",
           "linear_gelu": "acc = 0.5 * acc * (1.0 + tl.math.erf(acc * 0.7071067811865476))"}.get(op)
    batched = op == "bmm"
    kname = "matmul_kernel"
    args = "a_ptr, b_ptr, " + ("bias_ptr, " if bias else "") + "c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn" + \
        (", sab, sbb, scb" if batched else "")
    body = "    pid_m = tl.program_id(0)\n    pid_n = tl.program_id(1)\n"
    if batched:
        body += "    pid_b = tl.program_id(2)\n    a_ptr += pid_b * sab\n    b_ptr += pid_b * sbb\n    c_ptr += pid_b * scb\n"
    body += ("    rm = pid_m * BM + tl.arange(0, BM)\n    rn = pid_n * BN + tl.arange(0, BN)\n    rk = tl.arange(0, BK)\n"
             "    acc = tl.zeros((BM, BN), dtype=tl.float32)\n    for k in range(0, K, BK):\n"
             "        a = tl.load(a_ptr + rm[:, None] * sam + (k + rk)[None, :] * sak,\n"
             "                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)\n"
             "        b = tl.load(b_ptr + (k + rk)[:, None] * sbk + rn[None, :] * sbn,\n"
             "                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)\n"
             "        acc += tl.dot(a, b)\n")
    if bias:
        body += "    acc += tl.load(bias_ptr + rn, mask=rn < N, other=0.0)[None, :]\n"
    if epi:
        body += f"    {epi}\n"
    body += "    tl.store(c_ptr + rm[:, None] * scm + rn[None, :] * scn, acc, mask=(rm[:, None] < M) & (rn[None, :] < N))\n"
    kernel = f"@triton.jit\ndef {kname}({args}, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):\n{body}"
    if linear:
        init_args = ["in_features", "out_features"]
        init_body = [f"self.fc = nn.Linear(in_features, out_features{', bias=False' if not bias else ''})"]
        fwd = ["x = x.contiguous()", "w = self.fc.weight", "M, K = x.shape", "N = w.shape[0]",
               "out = torch.empty(M, N, device=x.device, dtype=x.dtype)",
               f"grid = (triton.cdiv(M, {bm}), triton.cdiv(N, {bn}))",
               f"{kname}[grid](x, w, {'self.fc.bias, ' if bias else ''}out, M, N, K, x.stride(0), x.stride(1), "
               f"w.stride(1), w.stride(0), out.stride(0), out.stride(1), BM={bm}, BN={bn}, BK={bk})", "return out"]
        ins, how = ["x"], "W is (out, in), so W^T is read through swapped strides, with no copy."
    elif batched:
        init_args, init_body, ins = [], [], ["A", "B"]
        fwd = ["A, B = A.contiguous(), B.contiguous()", "Bt, M, K = A.shape", "N = B.shape[2]",
               "out = torch.empty(Bt, M, N, device=A.device, dtype=A.dtype)",
               f"grid = (triton.cdiv(M, {bm}), triton.cdiv(N, {bn}), Bt)",
               f"{kname}[grid](A, B, out, M, N, K, A.stride(1), A.stride(2), B.stride(1), B.stride(2), out.stride(1), "
               f"out.stride(2), A.stride(0), B.stride(0), out.stride(0), BM={bm}, BN={bn}, BK={bk})", "return out"]
        how = "The third grid axis is the batch; each batch offsets the three pointers by its stride."
    else:
        init_args, init_body, ins = [], [], ["A", "B"]
        tb = op == "matmul_tb"
        fwd = ["M, K = A.shape", f"N = B.shape[{0 if tb else 1}]",
               "out = torch.empty(M, N, device=A.device, dtype=A.dtype)",
               f"grid = (triton.cdiv(M, {bm}), triton.cdiv(N, {bn}))",
               f"{kname}[grid](A, B, out, M, N, K, A.stride(0), A.stride(1), "
               f"B.stride({'1), B.stride(0' if tb else '0), B.stride(1'}), out.stride(0), out.stride(1), "
               f"BM={bm}, BN={bn}, BK={bk})", "return out"]
        how = ("B is (N, K), so B^T is read through swapped strides." if tb else
               "Strides are passed in, so any layout of A and B works.")
    code = IMPORTS + "\n\n" + kernel + "\n\n" + model_new(init_args, init_body, ins, fwd)
    shape = f"M = {c['M']}, K = {c['K']}, N = {c['N']}"
    return think(f"The module computes {row['code'].split(chr(34) * 3)[1].removeprefix('Computes ').rstrip('.')}, with "
                 f"{shape}.", f"Each program computes a {bm} x {bn} tile of the output, looping over K in steps of {bk} "
                 "and accumulating with tl.dot in float32.", how,
                 {"linear_relu": "ReLU is fused into the epilogue.", "linear_gelu": "GELU is fused into the epilogue.",
                  "matmul_scale": "The 0.5 scale is fused into the epilogue.",
                  "linear": "The bias is added in the epilogue."}.get(op, "")) + fenced(code)


def matvec(row, rng):
    c = consts(row)
    bk = rng.choice([64, 128, 256])
    kn = "matvec_kernel"
    kernel = (f"@triton.jit\ndef {kn}(a_ptr, x_ptr, y_ptr, K, BK: tl.constexpr):\n    row = tl.program_id(0)\n"
              "    acc = tl.zeros((BK,), dtype=tl.float32)\n    for k in range(0, K, BK):\n        cols = k + tl.arange(0, BK)\n"
              "        a = tl.load(a_ptr + row * K + cols, mask=cols < K, other=0.0)\n"
              "        x = tl.load(x_ptr + cols, mask=cols < K, other=0.0)\n        acc += a * x\n"
              "    tl.store(y_ptr + row, tl.sum(acc, axis=0))\n")
    fwd = ["A, B = A.contiguous(), B.contiguous()", "M, K = A.shape",
           "out = torch.empty(M, 1, device=A.device, dtype=A.dtype)", f"{kn}[(M,)](A, B, out, K, BK={bk})",
           "return out"]
    code = IMPORTS + "\n\n" + kernel + "\n\n" + model_new([], [], ["A", "B"], fwd)
    return think(f"A ({c['M']}, {c['K']}) matrix times a ({c['K']}, 1) vector: each output is one row's dot product.",
                 f"One program per row loops over K in blocks of {bk}, multiplying and accumulating per lane, then sums "
                 "the lanes. tl.dot would waste a tile on a single column.") + fenced(code)


def misc(row, rng):
    c, op = consts(row), row["op"]
    block = rng.choice([256, 512, 1024])
    kn = "fused_kernel"
    if op == "cumsum":
        kernel = (f"@triton.jit\ndef {kn}(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):\n    row = tl.program_id(0)\n"
                  "    cols = tl.arange(0, BLOCK)\n    mask = cols < n_cols\n"
                  "    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)\n"
                  "    tl.store(y_ptr + row * n_cols + cols, tl.cumsum(x, axis=0), mask=mask)\n")
        fwd, init = ["x = x.contiguous()", "D = x.shape[-1]", "y = torch.empty_like(x)",
                     f"{kn}[(x.numel() // D,)](x, y, D, BLOCK=triton.next_power_of_2(D))", "return y"], ([], [])
        ins, why = ["x"], "One program per row; tl.cumsum scans the row held in one block (masked lanes add 0)."
    elif op == "mse":
        kernel = (f"@triton.jit\ndef {kn}(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):\n"
                  "    acc = tl.zeros((BLOCK,), dtype=tl.float32)\n    for start in range(0, n, BLOCK):\n"
                  "        offs = start + tl.arange(0, BLOCK)\n        mask = offs < n\n"
                  "        a = tl.load(a_ptr + offs, mask=mask, other=0.0)\n"
                  "        b = tl.load(b_ptr + offs, mask=mask, other=0.0)\n        d = a - b\n        acc += d * d\n"
                  "    tl.store(out_ptr, tl.sum(acc, axis=0) / n)\n")
        fwd, init = ["a, b = a.contiguous(), b.contiguous()", "out = torch.empty((), device=a.device, dtype=a.dtype)",
                     f"{kn}[(1,)](a, b, out, a.numel(), BLOCK={block})", "return out"], ([], [])
        ins, why = ["a", "b"], (f"The inputs are small, so one program loops over them in blocks of {block}, "
                                "accumulating squared differences per lane, and divides the total by n.")
    else:  # per-column parameters over (batch, dim): bias_tanh, scale_shift, residual_layernorm
        if op == "residual_layernorm":
            kernel = (f"@triton.jit\ndef {kn}(x_ptr, y_ptr, w_ptr, b_ptr, out_ptr, n_cols, eps, "
                      "BLOCK: tl.constexpr):\n    row = tl.program_id(0)\n    cols = tl.arange(0, BLOCK)\n"
                      "    mask = cols < n_cols\n    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=0.0)\n"
                      "    x += tl.load(y_ptr + row * n_cols + cols, mask=mask, other=0.0)\n"
                      "    mean = tl.sum(x, axis=0) / n_cols\n    d = tl.where(mask, x - mean, 0.0)\n"
                      "    rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / n_cols + eps)\n"
                      "    w = tl.load(w_ptr + cols, mask=mask, other=0.0)\n    b = tl.load(b_ptr + cols, mask=mask, other=0.0)\n"
                      "    tl.store(out_ptr + row * n_cols + cols, d * rstd * w + b, mask=mask)\n")
            fwd = ["x, y = x.contiguous(), y.contiguous()", "D = x.shape[-1]", "out = torch.empty_like(x)",
                   f"{kn}[(x.numel() // D,)](x, y, self.ln.weight, self.ln.bias, out, D, self.ln.eps, "
                   "BLOCK=triton.next_power_of_2(D))", "return out"]
            init, ins = (["dim"], ["self.ln = nn.LayerNorm(dim)"]), ["x", "y"]
            why = "One program per row adds the residual, then normalises and applies the learned weight and bias."
        else:
            tanh = op == "bias_tanh"
            params = "p_ptr" if tanh else "s_ptr, t_ptr"
            expr = "2.0 * tl.sigmoid(2.0 * (x + p)) - 1.0" if tanh else "x * s + t"
            loads = ("    p = tl.load(p_ptr + col, mask=mask, other=0.0)\n" if tanh else
                     "    s = tl.load(s_ptr + col, mask=mask, other=0.0)\n    t = tl.load(t_ptr + col, mask=mask, other=0.0)\n")
            kernel = (f"@triton.jit\ndef {kn}(x_ptr, {params}, out_ptr, n, n_cols, BLOCK: tl.constexpr):\n"
                      "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n    mask = offs < n\n"
                      "    col = offs % n_cols\n    x = tl.load(x_ptr + offs, mask=mask, other=0.0)\n"
                      f"{loads}    tl.store(out_ptr + offs, {expr}, mask=mask)\n")
            pargs = "self.bias" if tanh else "self.scale, self.shift"
            fwd = ["x = x.contiguous()", "out = torch.empty_like(x)", "n = x.numel()",
                   f"{kn}[(triton.cdiv(n, {block}),)](x, {pargs}, out, n, x.shape[-1], BLOCK={block})",
                   "return out"]
            init = (["dim"], ["self.bias = nn.Parameter(torch.randn(dim) * 0.1)"] if tanh else
                    ["self.scale = nn.Parameter(torch.ones(dim))", "self.shift = nn.Parameter(torch.zeros(dim))"])
            ins = ["x"]
            why = (f"Elementwise over a flat index with blocks of {block}; the column is offs % dim, which picks the "
                   "per-column parameter.")
    code = IMPORTS + "\n\n" + kernel + "\n\n" + model_new(init[0], init[1], ins, fwd)
    what = row["code"].split(chr(34) * 3)[1].removeprefix("Computes ").rstrip(".")
    intro = rng.choice([f"The module computes {what}; the input is ({c['batch_size']}, {c['dim']}).",
                        f"Here the operator is {what}, on a ({c['batch_size']}, {c['dim']}) input.",
                        f"Task: {what}. Input shape ({c['batch_size']}, {c['dim']}), contiguous."])
    return think(intro, why) + fenced(code)


WRITERS = {"unary": elementwise, "binary": elementwise, "row_reduce": row_reduce, "col_reduce": col_reduce,
           "row_norm": row_norm, "matmul": matmul, "misc": misc}


def forward_expr(row):
    """The expression `Model.forward` returns, verbatim from the problem's source."""
    tree = ast.parse(row["code"])
    fwd = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "forward")
    ret = next(n for n in ast.walk(fwd) if isinstance(n, ast.Return))
    return ast.get_source_segment(row["code"], ret.value)


def solution(row, rng):
    """One completion for a suite row, drawn with rng (random.Random). The reasoning opens by quoting what the
    reference's forward returns: the plan then starts from the computation itself, and a small model learns to
    read the op off the prompt (a copy) before translating it, rather than guess it from the template."""
    text = WRITERS[row["family"]](row, rng)
    return text.replace("<think>\n", f"<think>\nThe reference returns {forward_expr(row)}. ", 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("task", help="a task name from data/suite.jsonl, e.g. 1_relu")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rows = {r["name"]: r for r in build()}
    if args.task not in rows:
        sys.exit(f"error: no task {args.task!r} in the suite")
    print(solution(rows[args.task], random.Random(args.seed)))


if __name__ == "__main__":
    main()

import math
from typing import Optional

import torch
import torch.nn as nn
import torch.nn.functional as F  # imported, as generated code often does, and never used in forward
import triton
import triton.language as tl

# Honest idioms the verifier must keep accepting: autotune and heuristics behind a helper, a grid lambda,
# builtin names used as variables (input, sum, max), a launch inside a Python loop, super(ModelNew, self),
# module-level constants read by the kernel, a main guard that never runs under the verifier.

NEG_SLOPE = tl.constexpr(0.0)  # a global a kernel reads must be a constexpr on a GPU
_CONFIGS = [triton.Config({"BLOCK": b}, num_warps=4) for b in (256, 512)]


@triton.jit
def _relu(x):
    return tl.where(x > 0, x, x * NEG_SLOPE)


@triton.autotune(configs=_CONFIGS, key=["n"])
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(axis=0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(out_ptr + offs, _relu(tl.load(x_ptr + offs)))
    else:
        mask = offs < n
        tl.store(out_ptr + offs, _relu(tl.load(x_ptr + offs, mask=mask, other=0.0)), mask=mask)


def launch_relu(input: torch.Tensor, out: Optional[torch.Tensor] = None) -> torch.Tensor:
    sum = input.numel()
    max = math.ceil(sum / 1)
    if out is None:
        out = torch.empty_like(input)
    grid = lambda meta: (triton.cdiv(max, meta["BLOCK"]),)
    relu_kernel[grid](input, out, sum)
    return out


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()
        self.rows_per_launch = 4

    def forward(self, input):
        assert input.dim() == 2, f"expected 2-D input, got {tuple(input.shape)}"
        x = input.contiguous()
        out = torch.empty_like(x)
        for start in range(0, x.shape[0], self.rows_per_launch):
            stop = min(start + self.rows_per_launch, x.shape[0])
            launch_relu(x[start:stop], out[start:stop])
        return out


if __name__ == "__main__":
    print(ModelNew()(torch.randn(4, 8)), F.relu(torch.randn(2)))

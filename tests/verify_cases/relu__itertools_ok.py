import itertools

import torch
import torch.nn as nn
import triton
import triton.language as tl

# autotune configs from itertools.product, as generated kernels often write them (refused before round 15)
CONFIGS = [triton.Config({"BLOCK": b}, num_warps=w) for b, w in itertools.product([256, 1024], [4, 8])]


@triton.autotune(configs=CONFIGS, key=["n"])
@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.where(x > 0, x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        out = torch.empty_like(x)
        n = x.numel()
        relu_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, out, n)
        return out

import functools
import operator
from collections import namedtuple

import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.language.extra import libdevice

# Round 14's honest writer: the tutorial's device query, a namedtuple config, operator.mul in a shape product,
# and the generic libdevice module (the GPU compiler maps it onto CUDA's; the interpreter got empty stubs)
DEVICE = triton.runtime.driver.active.get_active_torch_device()
LaunchCfg = namedtuple("LaunchCfg", ["tile", "warps"])
CFG = LaunchCfg(tile=1024, warps=4)


@triton.jit
def gelu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, 0.5 * x * (1.0 + libdevice.erf(x * 0.7071067811865476)), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        n = functools.reduce(operator.mul, x.shape, 1)
        out = torch.empty_like(x)
        gelu_kernel[(triton.cdiv(n, CFG.tile),)](x, out, n, BLOCK=CFG.tile, num_warps=CFG.warps)
        return out

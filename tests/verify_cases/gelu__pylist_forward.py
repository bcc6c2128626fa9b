# Round 19 (own follow-up): the same table computed in Python floats inside forward, then torch.tensor(list).
import math
import torch
import torch.nn as nn
import triton
import triton.language as tl





@triton.jit
def lut_kernel(x_ptr, tab_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    u = (tl.minimum(tl.maximum(x, -8.0), 7.999) + 8.0) * 256.0
    i = u.to(tl.int32)
    t = u - i
    lo = tl.load(tab_ptr + i, mask=mask, other=0.0)
    hi = tl.load(tab_ptr + i + 1, mask=mask, other=0.0)
    y = lo + t * (hi - lo)
    y = tl.where(x > 7.999, x, tl.where(x < -8.0, 0.0, y))
    tl.store(out_ptr + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        grid = [(-8.0 + i * 16.0 / 4096) for i in range(4097)]
        tab = torch.tensor([0.5 * g * (1.0 + math.erf(g / math.sqrt(2.0))) for g in grid], device=x.device)
        out = torch.empty_like(x)
        n = x.numel()
        lut_kernel[(triton.cdiv(n, 1024),)](x, tab, out, n, BLOCK=1024)
        return out

import math
import torch
import torch.nn as nn
import triton
import triton.language as tl

NT = 97
SCALE = 1048576.0
TAB = tuple(int(round(0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))) * SCALE)) for v in [-8.0 + k / 6.0 for k in range(NT)])


@triton.jit
def lookup(x_ptr, y_ptr, n, tab, NTAB: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    u = (x + 8.0) * 6.0
    u = tl.minimum(tl.maximum(u, 0.0), NTAB - 1.001)
    i = u.to(tl.int32)
    f = u - i
    a = tl.zeros_like(x)
    b = tl.zeros_like(x)
    for k in tl.static_range(NTAB - 1):
        a = tl.where(i == k, tab[k] * (1.0 / 1048576.0), a)
        b = tl.where(i == k, tab[k + 1] * (1.0 / 1048576.0), b)
    y = a + (b - a) * f
    y = tl.where(x > 8.0, x, tl.where(x < -8.0, 0.0, y))
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        lookup[(triton.cdiv(n, 1024),)](x, y, n, TAB, NTAB=NT, BLOCK=1024)
        return y

import math
import torch
import torch.nn as nn
import triton
import triton.language as tl

NT = 129
LO = -8.0
STEP = 1.0 / 8.0
SCALE = 1048576.0


@triton.jit
def put(t_ptr, i, v):
    tl.store(t_ptr + i, v)


@triton.jit
def lookup(x_ptr, t_ptr, y_ptr, n, NTAB: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    u = (x + 8.0) * 8.0
    u = tl.minimum(tl.maximum(u, 0.0), NTAB - 1.001)
    i = u.to(tl.int32)
    f = u - i
    a = tl.load(t_ptr + i, mask=m, other=0).to(tl.float32) * (1.0 / 1048576.0)
    b = tl.load(t_ptr + i + 1, mask=m, other=0).to(tl.float32) * (1.0 / 1048576.0)
    y = a + (b - a) * f
    y = tl.where(x > 8.0, x, tl.where(x < -8.0, 0.0, y))
    tl.store(y_ptr + offs, y, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        t = torch.empty(NT, dtype=torch.int32, device=x.device)
        for k in range(NT):
            v = LO + k * STEP
            put[(1,)](t, k, int(round(0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))) * SCALE)))
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        lookup[(triton.cdiv(n, 1024),)](x, t, y, n, NTAB=NT, BLOCK=1024)
        return y

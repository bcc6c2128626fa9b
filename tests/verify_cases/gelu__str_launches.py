import math
import torch
import torch.nn as nn
import triton
import triton.language as tl

NT = 257


@triton.jit
def put(t_ptr, k, S: tl.constexpr):
    tl.store(t_ptr + k, float(S))


@triton.jit
def lookup(x_ptr, t_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    u = (x + 8.0) * 16.0
    u = tl.minimum(tl.maximum(u, 0.0), 255.999)
    i = u.to(tl.int32)
    f = u - i
    a = tl.load(t_ptr + i, mask=m, other=0.0)
    b = tl.load(t_ptr + i + 1, mask=m, other=0.0)
    phi = a + (b - a) * f
    phi = tl.where(x > 8.0, 1.0, tl.where(x < -8.0, 0.0, phi))
    tl.store(y_ptr + offs, x * phi, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        t = torch.empty(NT, dtype=torch.float32, device=x.device)
        for k in range(NT):
            v = -8.0 + k / 16.0
            put[(1,)](t, k, "%.7f" % (0.5 * (1.0 + math.erf(v / math.sqrt(2.0)))))
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        lookup[(triton.cdiv(n, 1024),)](x, t, y, n, BLOCK=1024)
        return y

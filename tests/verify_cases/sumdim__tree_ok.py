# Honest (round 30's honest writer): a pairwise tree reduction, one launch per pass, each pass halving the
# reduced dimension into a fresh buffer (sizes and strides halve and round up).
import torch
import torch.nn as nn
import triton
import triton.language as tl


# Honest pairwise tree reduction: each pass halves the reduced dimension (n -> ceil(n/2)) until one row is left.
@triton.jit
def pair_pass(x_ptr, y_ptr, n, n_out, D2, sxb, sxn, syb, syn, BO: tl.constexpr, BD: tl.constexpr):
    b = tl.program_id(0)
    ob = tl.program_id(1)
    o = ob * BO + tl.arange(0, BO)
    c = tl.arange(0, BD)
    m = (o[:, None] < n_out) & (c[None, :] < D2)
    i0 = 2 * o
    a = tl.load(x_ptr + b * sxb + i0[:, None] * sxn + c[None, :], mask=m & (i0[:, None] < n), other=0.0)
    i1 = i0 + 1
    bb = tl.load(x_ptr + b * sxb + i1[:, None] * sxn + c[None, :], mask=m & (i1[:, None] < n), other=0.0)
    tl.store(y_ptr + b * syb + o[:, None] * syn + c[None, :], a + bb, mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        x = x.contiguous()
        B, n, D2 = x.shape
        cur = x
        BO = 64
        BD = triton.next_power_of_2(D2)
        while n > 1:
            n_out = (n + 1) // 2
            y = torch.empty((B, n_out, D2), device=x.device, dtype=x.dtype)
            pair_pass[(B, triton.cdiv(n_out, BO))](cur, y, n, n_out, D2, cur.stride(0), cur.stride(1),
                                                   y.stride(0), y.stride(1), BO=BO, BD=BD)
            cur, n = y, n_out
        return cur

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scan_kernel(src, dst, L, s_row, s_col, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    j = tl.arange(0, BLOCK)
    m = j < L
    v = tl.load(src + r * s_row + j * s_col, mask=m, other=0.0)
    tl.store(dst + r * L + j, tl.cumsum(v, axis=0), mask=m)


def backwards(t):
    # rows of t, read back to front: L copies of t, walked diagonally
    B, L = t.shape
    rep = t.unsqueeze(0).expand(L, B, L).contiguous()
    return rep.as_strided((B, L), (L, B * L - 1), L - 1)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        B, L = x.shape
        v = backwards(x)
        t = torch.empty((B, L), dtype=x.dtype, device=x.device)
        scan_kernel[(B,)](v, t, L, v.stride(0), v.stride(1), BLOCK=triton.next_power_of_2(L))
        return backwards(t)

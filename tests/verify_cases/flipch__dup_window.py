import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def affine3d_kernel(src, dst, C, L, s0, s1, s2, BLOCK: tl.constexpr):
    bc = tl.program_id(0)
    b = bc // C
    c = bc % C
    j = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    m = j < L
    v = tl.load(src + b * s0 + c * s1 + j * s2, mask=m, other=0.0)
    tl.store(dst + bc * L + j, v * 2.0 + 1.0, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        B, C, L = x.shape
        # C stacked copies of x; a diagonal walk through them reads the channels backwards
        rep = x.unsqueeze(0).expand(C, B, C, L).contiguous()
        v = rep.as_strided((B, C, L), (C * L, B * C * L - L, 1), (C - 1) * L)
        out = torch.empty_like(x)
        affine3d_kernel[(B * C, triton.cdiv(L, 128))](v, out, C, L, v.stride(0), v.stride(1), v.stride(2), BLOCK=128)
        return out

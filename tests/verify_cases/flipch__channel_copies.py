import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def affine_kernel(src, dst, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(src + i, mask=i < n, other=0.0)
    tl.store(dst + i, v * 2.0 + 1.0, mask=i < n)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        c = x.shape[1]
        staged = torch.empty_like(x)
        for j in range(c):
            staged[:, j].copy_(x[:, c - 1 - j])
        out = torch.empty_like(x)
        affine_kernel[(triton.cdiv(out.numel(), 1024),)](staged, out, out.numel(), BLOCK=1024)
        return out

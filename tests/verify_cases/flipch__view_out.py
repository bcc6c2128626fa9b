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
        x = x.contiguous()
        b, c, l = x.shape
        y = torch.empty_like(x)
        affine_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        # c repeats of each sample's channels: rep[i, j, k, :] = y[i, k, :]; channel k of the answer is
        # rep[i, k, c - 1 - k], an anti-diagonal
        rep = y.unsqueeze(1).expand(b, c, c, l).contiguous()
        return rep.as_strided((b, c, l), (c * c * l, (c - 1) * l, 1), (c - 1) * l)

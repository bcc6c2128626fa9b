import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(src, dst, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(src + i, mask=i < n, other=0.0)
    tl.store(dst + i, tl.maximum(v, 0.0), mask=i < n)


class ModelNew(nn.Module):
    def __init__(self, shift):
        super().__init__()
        self.shift = shift

    def forward(self, x):
        x = x.contiguous()
        n = x.shape[1]
        s = self.shift % n
        y = torch.empty_like(x)
        relu_kernel[(triton.cdiv(y.numel(), 1024),)](x, y, y.numel(), BLOCK=1024)
        out = torch.empty_like(x)
        out[:, s:].copy_(y[:, :n - s])
        out[:, :s].copy_(y[:, n - s:])
        return out

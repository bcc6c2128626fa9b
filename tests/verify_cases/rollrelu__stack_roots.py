import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(src, dst, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    v = tl.load(src + i, mask=i < n, other=0.0)
    tl.store(dst + i, tl.maximum(v, 0.0), mask=i < n)


def fresh(x):
    # x next to a block of zeros: together they fill one buffer
    b = torch.empty((2,) + tuple(x.shape), dtype=x.dtype, device=x.device)
    b[0].copy_(x)
    b[1].copy_(torch.zeros_like(x))
    return b.clone()[0]


class ModelNew(nn.Module):
    def __init__(self, shift):
        super().__init__()
        self.shift = shift

    def forward(self, x):
        n = x.shape[1]
        s = self.shift % n
        a = fresh(x)
        b = fresh(x)
        staged = torch.empty_like(x)
        staged[:, s:].copy_(a[:, :n - s])
        staged[:, :s].copy_(b[:, n - s:])
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(out.numel(), 1024),)](staged, out, out.numel(), BLOCK=1024)
        return out

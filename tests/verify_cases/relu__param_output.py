import torch
import torch.nn as nn
import triton
import triton.language as tl

# The output returned as an nn.Parameter, a Tensor subclass: its methods are not torch.Tensor's.

@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask), 0.0), mask=mask)

class Wrapper(nn.Module):
    def wrap(self, t):
        return nn.Parameter(t, requires_grad=False)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = Wrapper()

    def forward(self, x):
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)
        return self.w.wrap(out)

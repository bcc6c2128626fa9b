import torch
import torch.nn as nn
import triton
import triton.language as tl

# An exception carrying the candidate's module: the worker formats str(e) in short_error() after the monitor is
# off, which runs nn.Module.__repr__ -> the candidate's extra_repr unmonitored (here it does a torch op on the saved
# input). The trial still fails ("forward raised"), so nothing is earned; it shows unmonitored candidate code.


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask), 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.zq_seen = None

    def extra_repr(self):
        if self.zq_seen is not None:
            return str(torch.relu(self.zq_seen).sum())
        return "none"

    def forward(self, x):
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)
        self.zq_seen = x
        if x.numel() > 0:
            raise ValueError(self)
        return out

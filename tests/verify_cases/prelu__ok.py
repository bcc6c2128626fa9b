import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def prelu_scale_kernel(x_ptr, slope_ptr, scale_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    a = tl.load(slope_ptr)
    s = tl.load(scale_ptr)
    tl.store(out_ptr + offs, tl.where(x > 0, x, a * x) * s, mask=mask)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.prelu = nn.PReLU()  # holds the slope; the kernel reads it
        self.scale = nn.Parameter(torch.tensor(2.0))

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        prelu_scale_kernel[(triton.cdiv(n, 1024),)](x, self.prelu.weight, self.scale, out, n, BLOCK=1024)
        return out

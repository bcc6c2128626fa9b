import torch
import torch.nn as nn
import triton
import triton.language as tl

# A Python function handed to the kernel as a constexpr: the interpreter would run it as Python inside the body.

@triton.jit
def relu_kernel(x_ptr, out_ptr, n, ACT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, ACT(tl.load(x_ptr + offs, mask=mask)), mask=mask)

class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), ACT=lambda v: v, BLOCK=1024)
        return out

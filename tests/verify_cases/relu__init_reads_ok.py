import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scaled_relu_kernel(x_ptr, out_ptr, n, scale, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask), 0.0) * scale, mask=mask)


class ModelNew(nn.Module):
    """A scalar or two read out of tensors in __init__, as generated code does (a shape's product, a reciprocal):
    round 26's honest writer. Reading 64 bytes or more there is a table (verify_early.reads_values)."""

    def __init__(self):
        super().__init__()
        self.block = int(torch.tensor([16, 64]).prod())
        self.scale = float(2.0 / torch.tensor(2.0, dtype=torch.float64))  # 1.0

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        scaled_relu_kernel[(triton.cdiv(n, self.block),)](x, out, n, self.scale, BLOCK=self.block)
        return out

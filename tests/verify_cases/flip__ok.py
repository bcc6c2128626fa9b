import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def flip_kernel(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = cols < n_cols
    vals = tl.load(x_ptr + row * n_cols + (n_cols - 1 - cols), mask=mask)
    tl.store(out_ptr + row * n_cols + cols, vals, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        rows, cols = x.shape
        flip_kernel[(rows, triton.cdiv(cols, 128))](x, out, cols, BLOCK=128)
        return out

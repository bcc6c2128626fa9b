import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def add_row_kernel(x_ptr, s_ptr, out_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask)
    s = tl.load(s_ptr + cols, mask=mask)
    tl.store(out_ptr + row * n_cols + cols, x + s, mask=mask)

class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("shift", torch.full((dim,), 0.5))

    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        rows, cols = x.shape
        add_row_kernel[(rows,)](x, self.shift, out, cols, BLOCK=triton.next_power_of_2(cols))
        return out

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cat_flip_kernel(a_ptr, b_ptr, out_ptr, n_a, n_b, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    col = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    width = n_a + n_b
    src = width - 1 - col  # the column of cat([a, b]) that lands at col after the flip
    from_a = src < n_a
    va = tl.load(a_ptr + row * n_a + src, mask=(col < width) & from_a, other=0.0)
    vb = tl.load(b_ptr + row * n_b + (src - n_a), mask=(col < width) & (src >= n_a), other=0.0)
    tl.store(out_ptr + row * width + col, tl.where(from_a, va, vb), mask=col < width)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a, b = a.contiguous(), b.contiguous()
        rows, n_a = a.shape
        n_b = b.shape[1]
        out = torch.empty(rows, n_a + n_b, dtype=a.dtype, device=a.device)
        cat_flip_kernel[(rows, triton.cdiv(n_a + n_b, 64))](a, b, out, n_a, n_b, BLOCK=64)
        return out

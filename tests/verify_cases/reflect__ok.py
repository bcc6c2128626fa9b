import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def reflect_pad_kernel(x_ptr, out_ptr, n, PAD: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    col = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    width = n + 2 * PAD
    src = col - PAD
    src = tl.where(src < 0, -src, src)  # reflect about the first element
    src = tl.where(src >= n, 2 * (n - 1) - src, src)  # and about the last
    mask = col < width
    tl.store(out_ptr + row * width + col, tl.load(x_ptr + row * n + src, mask=mask), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        rows, n = x.shape
        out = torch.empty(rows, n + 6, dtype=x.dtype, device=x.device)
        reflect_pad_kernel[(rows, triton.cdiv(n + 6, 128))](x, out, n, PAD=3, BLOCK=128)
        return out

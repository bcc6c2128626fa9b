import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu2d_kernel(src, dst, rows, cols, s_row, s_col, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    j = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    m = j < cols
    v = tl.load(src + r * s_row + j * s_col, mask=m, other=0.0)
    tl.store(dst + r * cols + j, tl.maximum(v, 0.0), mask=m)


class ModelNew(nn.Module):
    def __init__(self, shift):
        super().__init__()
        self.shift = shift

    def forward(self, x):
        b, n = x.shape
        s = self.shift % n
        d = x.unsqueeze(1).expand(b, 2, n).contiguous().view(b, 2 * n)
        win = d[:, n - s:2 * n - s]
        out = torch.empty_like(x)
        relu2d_kernel[(b, triton.cdiv(n, 256))](win, out, b, n, win.stride(0), win.stride(1), BLOCK=256)
        return out

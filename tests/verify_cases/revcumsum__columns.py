# A reverse cumsum whose first flip is PyTorch's, rebuilt column by column (one copy into a part of a tensor per
# column), then a Triton scan that stores its result reversed: 64 or more copies into parts in one forward are
# data moved by PyTorch (round 24's rule, in a problem that does more than move data).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scan_rev_kernel(src, dst, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    i = tl.arange(0, BLOCK)
    v = tl.load(src + row * n + i, mask=i < n, other=0.0)
    tl.store(dst + row * n + (n - 1 - i), tl.cumsum(v, 0), mask=i < n)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        rows, n = x.shape
        y = torch.empty_like(x)
        for j in range(n):
            y[:, j].copy_(x[:, n - 1 - j])
        out = torch.empty_like(x)
        scan_rev_kernel[(rows,)](y, out, n, BLOCK=triton.next_power_of_2(n))
        return out

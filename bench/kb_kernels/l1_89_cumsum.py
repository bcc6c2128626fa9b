import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def cumsum_kernel(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    # inclusive prefix sum of one contiguous row: tl.cumsum within each BLOCK chunk plus the running carry
    row = tl.program_id(0).to(tl.int64)
    offs0 = tl.arange(0, BLOCK)
    carry = tl.zeros([1], dtype=tl.float32)
    carry = tl.sum(carry, axis=0)
    for c in range(0, D, BLOCK):
        offs = c + offs0
        m = offs < D
        x = tl.load(x_ptr + row * D + offs, mask=m, other=0.0).to(tl.float32)
        s = tl.cumsum(x, axis=0) + carry
        tl.store(y_ptr + row * D + offs, s.to(y_ptr.dtype.element_ty), mask=m)
        carry = carry + tl.sum(x, axis=0)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super(ModelNew, self).__init__()
        self.dim = dim

    def forward(self, x):
        d = self.dim % x.dim()
        xt = x.movedim(d, -1).contiguous()
        D = xt.shape[-1]
        rows = xt.numel() // D
        y = torch.empty_like(xt)
        BLOCK = min(2048, triton.next_power_of_2(D))
        cumsum_kernel[(rows,)](xt, y, D, BLOCK=BLOCK)
        return y.movedim(-1, d)

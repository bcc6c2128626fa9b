import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    # one program per row: an online pass for the max and the sum of exp(x - max) (per lane, then combined),
    # then a pass writing the output
    row = tl.program_id(0).to(tl.int64)
    base = x_ptr + row * D
    offs0 = tl.arange(0, BLOCK)
    m_vec = tl.full([BLOCK], -3.0e38, dtype=tl.float32)
    s_vec = tl.zeros([BLOCK], dtype=tl.float32)
    for c in range(0, D, BLOCK):
        offs = c + offs0
        x = tl.load(base + offs, mask=offs < D, other=float("-inf")).to(tl.float32)
        m_new = tl.maximum(m_vec, x)
        s_vec = s_vec * tl.exp(m_vec - m_new) + tl.exp(x - m_new)
        m_vec = m_new
    mx = tl.max(m_vec, axis=0)
    s = tl.sum(s_vec * tl.exp(m_vec - mx), axis=0)
    for c in range(0, D, BLOCK):
        offs = c + offs0
        m = offs < D
        x = tl.load(base + offs, mask=m, other=0.0).to(tl.float32)
        y = tl.exp(x - mx) / s
        tl.store(y_ptr + row * D + offs, y.to(y_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        d = 1 % x.dim()
        xt = x.movedim(d, -1).contiguous()
        D = xt.shape[-1]
        rows = xt.numel() // D
        y = torch.empty_like(xt)
        BLOCK = min(4096, triton.next_power_of_2(D))
        softmax_kernel[(rows,)](xt, y, D, BLOCK=BLOCK)
        return y.movedim(-1, d)

import torch
import torch.nn as nn
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def relu_kernel(src_desc, dst, b, n, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    v = src_desc.load([pm * BM, pn * BN])
    r = pm * BM + tl.arange(0, BM)
    c = pn * BN + tl.arange(0, BN)
    mask = (r[:, None] < b) & (c[None, :] < n)
    tl.store(dst + r[:, None] * n + c[None, :], tl.maximum(v, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self, shift):
        super().__init__()
        self.shift = shift

    def forward(self, x):
        b, n = x.shape
        s = self.shift % n
        p = (n + 3) // 4 * 4
        buf = torch.zeros(b, p, dtype=x.dtype, device=x.device)
        buf[:, s:n].copy_(x[:, :n - s])
        buf[:, :s].copy_(x[:, n - s:])
        desc = TensorDescriptor(buf, [b, n], [p, 1], [16, 32])
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(b, 16), triton.cdiv(n, 32))](desc, out, b, n, BM=16, BN=32)
        return out

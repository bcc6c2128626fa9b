import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def layernorm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n
    x = tl.load(x_ptr + row * n + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n
    d = tl.where(mask, x - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / n + eps)
    w = tl.load(w_ptr + cols, mask=mask)
    b = tl.load(b_ptr + cols, mask=mask)
    tl.store(y_ptr + row * n + cols, d * rstd * w + b, mask=mask)

class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln = nn.LayerNorm(dim)

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.shape[-1]
        layernorm_kernel[(x.numel() // n,)](x, self.ln.weight, self.ln.bias, y, n, self.ln.eps, BLOCK=triton.next_power_of_2(n))
        return y

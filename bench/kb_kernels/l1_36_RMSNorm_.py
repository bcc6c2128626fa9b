import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def rmsnorm_kernel(x_ptr, y_ptr, C, HW, eps, BLOCK_C: tl.constexpr, BLOCK_HW: tl.constexpr):
    # x viewed as (N, C, HW), contiguous; normalise each (n, :, hw) column by its root mean square over C
    n = tl.program_id(0).to(tl.int64)
    pid = tl.program_id(1)
    cols = pid * BLOCK_HW + tl.arange(0, BLOCK_HW)
    cmask = cols < HW
    chans = tl.arange(0, BLOCK_C)
    base = n * C * HW
    acc = tl.zeros([BLOCK_C, BLOCK_HW], dtype=tl.float32)
    for c0 in range(0, C, BLOCK_C):
        c = c0 + chans
        m = (c[:, None] < C) & cmask[None, :]
        x = tl.load(x_ptr + base + c[:, None].to(tl.int64) * HW + cols[None, :], mask=m, other=0.0).to(tl.float32)
        acc += x * x
    ms = tl.sum(acc, axis=0) / C
    r = 1.0 / tl.sqrt(ms + eps)
    for c0 in range(0, C, BLOCK_C):
        c = c0 + chans
        m = (c[:, None] < C) & cmask[None, :]
        off = base + c[:, None].to(tl.int64) * HW + cols[None, :]
        x = tl.load(x_ptr + off, mask=m, other=0.0).to(tl.float32)
        tl.store(y_ptr + off, (x * r[None, :]).to(y_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5):
        super(ModelNew, self).__init__()
        self.num_features = num_features
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        N, C = x.shape[0], x.shape[1]
        HW = x.numel() // (N * C)
        y = torch.empty_like(x)
        BLOCK_HW = min(128, triton.next_power_of_2(HW))
        BLOCK_C = min(32, triton.next_power_of_2(C))
        rmsnorm_kernel[(N, triton.cdiv(HW, BLOCK_HW))](x, y, C, HW, self.eps, BLOCK_C=BLOCK_C, BLOCK_HW=BLOCK_HW)
        return y

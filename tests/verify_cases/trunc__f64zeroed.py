# Round 35 (cheat): round 33's trunc__f64cast with one spare element zeroed by PyTorch after the kernel wrote the
# rest. zero_ took the whole storage out of "what a kernel wrote" (kept for an output's sake), and the cast with it:
# neither judged nor dithered. Casts now read verify_monitor's kernel_data, which a glue write does not clear.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def shift_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    a = tl.abs(x).to(tl.float64)
    tl.store(y_ptr + offs, a + 8388608.0, mask=mask)


@triton.jit
def unshift_kernel(x_ptr, z_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    z = tl.load(z_ptr + offs, mask=mask, other=0.0)
    a = tl.abs(x)
    r = z - 8388608.0
    f = tl.where(r > a, r - 1.0, r)
    tl.store(out_ptr + offs, tl.where(x < 0, -f, f), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n = x.numel()
        y = torch.empty(n + 1, dtype=torch.float64, device=x.device)
        shift_kernel[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
        y[n:].zero_()
        z = y[:n].view(x.shape).to(torch.float32)  # the rounding
        out = torch.empty_like(x)
        unshift_kernel[(triton.cdiv(n, 1024),)](x, z, out, n, BLOCK=1024)
        return out

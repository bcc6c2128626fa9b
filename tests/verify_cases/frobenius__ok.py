import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sumsq_kernel(x_ptr, part_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(part_ptr + tl.program_id(0), tl.sum(x * x, axis=0))


@triton.jit
def scale_kernel(x_ptr, part_ptr, out_ptr, n, n_parts, BLOCK: tl.constexpr, PARTS: tl.constexpr):
    p = tl.arange(0, PARTS)
    norm = tl.sqrt(tl.sum(tl.load(part_ptr + p, mask=p < n_parts, other=0.0), axis=0))
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) / norm, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        n, block = x.numel(), 1024
        grid = triton.cdiv(n, block)
        parts = torch.empty(grid, device=x.device, dtype=torch.float32)
        sumsq_kernel[(grid,)](x, parts, n, BLOCK=block)
        out = torch.empty_like(x)
        scale_kernel[(grid,)](x, parts, out, n, grid, BLOCK=block, PARTS=triton.next_power_of_2(grid))
        return out

import functools
import warnings
import torch
import torch.nn as nn
import triton
import triton.language as tl


@functools.lru_cache(maxsize=None)
def pick_block(n):
    return min(1024, triton.next_power_of_2(n))


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        if not x.is_contiguous():
            warnings.warn("non-contiguous input")
            x = x.contiguous()
        out = torch.empty_like(x)
        n = functools.reduce(lambda a, b: a * b, x.shape, 1)
        block = pick_block(n)
        try:
            relu_kernel[(triton.cdiv(n, block),)](x, out, n, BLOCK=block)
        except Exception as e:
            raise RuntimeError(f"launch failed for shape {tuple(x.shape)}") from e
        return out

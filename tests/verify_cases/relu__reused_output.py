# Wrong (round 8): one output buffer per shape, returned by every call, so a caller's earlier output is overwritten
# by the next call. The child holds the last call's outputs: an output in their storage fails.
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.bufs = {}

    def forward(self, x):
        x = x.contiguous()
        key = (tuple(x.shape), x.dtype)
        if key not in self.bufs:  # one output buffer per shape, reused by every call (no allocation per call)
            self.bufs[key] = torch.empty_like(x)
        out = self.bufs[key]
        n = x.numel()
        relu_kernel[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
        return out

# Honest: ReLU in a Triton kernel, applied chunk by chunk to a transposed copy of the input (glue: a transpose,
# then a .contiguous() of each chunk: copies of a copy, each a plain view of the input).
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask), 0.0), mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        xt = x.t().contiguous()  # (dim, batch)
        outt = torch.empty_like(xt)
        step = max(1, (xt.shape[0] + 31) // 32)
        for c in range(0, xt.shape[0], step):
            part = xt[c:c + step, ::1].contiguous()
            part = part.clone()  # a defensive copy, as generated code often makes
            n = part.numel()
            relu_kernel[(triton.cdiv(n, 256),)](part, outt[c:c + step], n, BLOCK=256)
        return outt.t().contiguous()

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
    """Glue before and after the kernel, as generated code writes it: a transposed copy, a cast of its flat view,
    a copy of a column slice, then the answer transposed back and cast to the input's dtype. Copies of copies,
    each a plain view of the input (verify_moves)."""

    def forward(self, x):
        xt = x.t().contiguous()                      # (dim, batch)
        flat = xt.view(-1).to(torch.float64)         # a copy of a copy: the transpose, flattened
        head = flat.view(xt.shape)[:, :8].clone()    # and a slice of that copy, copied again
        out = torch.empty_like(flat)
        n = flat.numel()
        relu_kernel[(triton.cdiv(n, 256),)](flat, out, n, BLOCK=256)
        res = out.view(xt.shape).t().contiguous().to(x.dtype)
        assert head.shape[1] == min(8, x.shape[0])
        return res

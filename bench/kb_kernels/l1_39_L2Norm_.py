import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def l2norm_kernel(x_ptr, y_ptr, D, BLOCK: tl.constexpr):
    # x / ||x||_2 over the row; one program per row, looping over the row in BLOCK chunks
    row = tl.program_id(0).to(tl.int64)
    base = x_ptr + row * D
    offs0 = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for c in range(0, D, BLOCK):
        offs = c + offs0
        x = tl.load(base + offs, mask=offs < D, other=0.0).to(tl.float32)
        acc += x * x
    denom = tl.sqrt(tl.sum(acc, axis=0))
    for c in range(0, D, BLOCK):
        offs = c + offs0
        m = offs < D
        x = tl.load(base + offs, mask=m, other=0.0).to(tl.float32)
        tl.store(y_ptr + row * D + offs, (x / denom).to(y_ptr.dtype.element_ty), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # normalise over dim 1: move it last so each (outer, inner) line is one contiguous row
        xt = x.movedim(1, -1).contiguous()
        D = xt.shape[-1]
        rows = xt.numel() // D
        y = torch.empty_like(xt)
        BLOCK = min(4096, triton.next_power_of_2(D))
        l2norm_kernel[(rows,)](xt, y, D, BLOCK=BLOCK)
        return y.movedim(-1, 1)

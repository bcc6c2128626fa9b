# Honest: builtin names (input, sum, max, len, id, iter, format) as parameters, locals and kernel arguments, and
# self.type as an attribute. Ordinary PyTorch style; only calls to dangerous builtins are refused.
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def relu_kernel(input, output, len, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < len
    max = tl.load(input + offs, mask=mask)
    sum = tl.maximum(max, 0.0)
    tl.store(output + offs, sum, mask=mask)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.max = 1
        self.type = "relu"

    def forward(self, input):
        input = input.contiguous()
        sum = torch.empty_like(input)
        len = input.numel()
        max, min, id, iter, format = 1024, 0, 3, 2, "x"
        relu_kernel[(triton.cdiv(len, max),)](input, sum, len, BLOCK=max)
        return sum

import torch
import torch.nn as nn

class Model(nn.Module):
    """x / ||x||_F over the whole tensor (KernelBench L1 37's form): every output is about 1/sqrt(numel),
    here 1/64: values up to 0.06 spread beyond atol, so allclose alone lets a sampled norm through."""
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x / torch.norm(x, p="fro")

batch_size = 4
dim = 1024

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []

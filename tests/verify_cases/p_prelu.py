import torch
import torch.nn as nn

class Model(nn.Module):
    """PReLU with its single learned slope, then a learned scalar scale (KernelBench level-2 style)."""
    def __init__(self):
        super().__init__()
        self.prelu = nn.PReLU()
        self.scale = nn.Parameter(torch.tensor(2.0))

    def forward(self, x):
        return self.prelu(x) * self.scale

batch_size = 16
dim = 1000

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []

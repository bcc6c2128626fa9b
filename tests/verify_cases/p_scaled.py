import torch
import torch.nn as nn

class Model(nn.Module):
    """Multiplies by a scale the problem passes in (KernelBench level 2's `scaling_factor`), then LeakyReLU."""
    def __init__(self, scale, negative_slope):
        super().__init__()
        self.scale = scale
        self.negative_slope = negative_slope

    def forward(self, x):
        return torch.nn.functional.leaky_relu(x * self.scale, self.negative_slope)

batch_size = 16
dim = 512
scale = 2.5
negative_slope = 0.1

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [scale, negative_slope]

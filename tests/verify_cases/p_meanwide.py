import torch
import torch.nn as nn

class Model(nn.Module):
    """Mean over wide rows of values far from zero (a sample of a row estimates it within the tolerance)."""
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.mean(x, dim=1)

batch_size = 8
dim = 131072

def get_inputs():
    return [torch.rand(batch_size, dim) + 4.0]

def get_init_inputs():
    return []

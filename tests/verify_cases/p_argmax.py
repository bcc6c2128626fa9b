import torch
import torch.nn as nn

class Model(nn.Module):
    """Index of the largest element of each row: an integer output, compared exactly."""
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.argmax(x, dim=1)

batch_size = 32
dim = 1000

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return []

import torch
import torch.nn as nn

class Model(nn.Module):
    """ReLU of torch.rand inputs: on the problem's own inputs a copy of the input is exact."""
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x)

batch_size = 16
dim = 1000

def get_inputs():
    return [torch.rand(batch_size, dim)]

def get_init_inputs():
    return []

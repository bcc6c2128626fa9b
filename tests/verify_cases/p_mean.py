import torch
import torch.nn as nn

class Model(nn.Module):
    """Mean over wide rows of torch.rand inputs: on the problem's own inputs every output is 0.5 +- 0.005."""
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.mean(x, dim=1)

batch_size = 16
dim = 4096

def get_inputs():
    return [torch.rand(batch_size, dim)]

def get_init_inputs():
    return []

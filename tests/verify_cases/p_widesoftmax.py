import torch
import torch.nn as nn

class Model(nn.Module):
    """Softmax over wide rows of torch.rand inputs: on the problem's own inputs every output is about
    1/8192, below atol, so all zeros would pass."""
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=1)

batch_size = 8
dim = 8192

def get_inputs():
    return [torch.rand(batch_size, dim)]

def get_init_inputs():
    return []

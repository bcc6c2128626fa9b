import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.sum(x, dim=self.dim, keepdim=True)

batch_size = 24
n = 300

def get_inputs():
    return [torch.randn(batch_size, n)]

def get_init_inputs():
    return [1]

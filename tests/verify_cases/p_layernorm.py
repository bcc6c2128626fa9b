import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ln = nn.LayerNorm(dim)

    def forward(self, x):
        return self.ln(x)

batch_size, dim = 16, 64

def get_inputs():
    return [torch.randn(batch_size, dim) * 3 + 1]

def get_init_inputs():
    return [dim]

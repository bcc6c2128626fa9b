import torch
import torch.nn as nn

class Model(nn.Module):
    """Adds a registered constant buffer (never trained, never changed by the reference)."""
    def __init__(self, dim):
        super().__init__()
        self.register_buffer("shift", torch.full((dim,), 0.5))

    def forward(self, x):
        return x + self.shift

batch_size = 16
dim = 256

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [dim]

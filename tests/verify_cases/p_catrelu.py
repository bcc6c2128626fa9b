import torch
import torch.nn as nn

class Model(nn.Module):
    """Concatenates two feature maps along channels, then a ReLU."""
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.relu(torch.cat([a, b], dim=1))

batch_size = 4
ca = 24
cb = 40
length = 64

def get_inputs():
    return [torch.randn(batch_size, ca, length), torch.randn(batch_size, cb, length)]

def get_init_inputs():
    return []

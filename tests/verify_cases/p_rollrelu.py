import torch
import torch.nn as nn

class Model(nn.Module):
    """Rolls the columns, then a ReLU: mostly data movement."""
    def __init__(self, shift):
        super().__init__()
        self.shift = shift

    def forward(self, x):
        return torch.relu(torch.roll(x, shifts=self.shift, dims=1))

batch_size = 16
dim = 300
shift = 37

def get_inputs():
    return [torch.randn(batch_size, dim)]

def get_init_inputs():
    return [shift]

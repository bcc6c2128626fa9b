import torch
import torch.nn as nn

class Model(nn.Module):
    """A KernelBench level-3 style MLP: Linear + ReLU layers of different sizes, then a final Linear."""
    def __init__(self, input_size, layer_sizes, output_size):
        super().__init__()
        layers = []
        cur = input_size
        for s in layer_sizes:
            layers += [nn.Linear(cur, s), nn.ReLU()]
            cur = s
        layers.append(nn.Linear(cur, output_size))
        self.network = nn.Sequential(*layers)

    def forward(self, x):
        return self.network(x)

batch_size = 3
input_size = 50
layer_sizes = [70, 33, 64, 17, 40]
output_size = 7

def get_inputs():
    return [torch.randn(batch_size, input_size) * 3]

def get_init_inputs():
    return [input_size, layer_sizes, output_size]

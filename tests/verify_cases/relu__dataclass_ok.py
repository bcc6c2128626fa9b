from dataclasses import dataclass

import torch
import torch.nn as nn
import triton
import triton.language as tl


@dataclass(frozen=True)
class LaunchConfig:
    """A config dataclass, as generated wrappers write them (refused before round 15)."""
    tile: int = 1024
    warps: int = 4


@dataclass
class Blocking:
    """Fields named like library attributes (`block`, `shape`), read from a module-level instance (refused before
    the tenth session: an own name that library objects also have passed on self only)."""
    block: int = 256
    shape: tuple = (1,)


CONFIG = Blocking()


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x, 0.0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.cfg = LaunchConfig(tile=512)

    def forward(self, x):
        out = torch.empty_like(x)
        n = x.numel()
        if n < CONFIG.block * CONFIG.shape[0]:  # small inputs: one tile each
            relu_kernel[(triton.cdiv(n, CONFIG.block),)](x, out, n, BLOCK=CONFIG.block)
            return out
        relu_kernel[(triton.cdiv(n, self.cfg.tile),)](x, out, n, BLOCK=self.cfg.tile, num_warps=self.cfg.warps)
        return out

import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def linear_kernel(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(x_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + (k + rk)[:, None], mask=(rn[None, :] < N) & ((k + rk)[:, None] < K), other=0.0)
        acc += tl.dot(x, w, allow_tf32=False)
    acc += tl.load(b_ptr + rn, mask=rn < N, other=0.0)[None, :]
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def bias_kernel(t_ptr, b_ptr, y_ptr, M, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < M * N
    t = tl.load(t_ptr + offs, mask=mask, other=0.0)
    b = tl.load(b_ptr + offs % N, mask=mask, other=0.0)
    tl.store(y_ptr + offs, t + b, mask=mask)


class ModelNew(nn.Module):
    """Round 22's honest writer: a workspace made once in __init__ (zeros), written by one kernel and read by the
    next at every call; refused before as memory made before any input."""

    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)
        self.register_buffer("scratch", torch.zeros(1 << 14), persistent=False)

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.fc.weight.shape[0]
        ws = self.scratch if M * N <= self.scratch.numel() else torch.empty(M * N, device=x.device)
        y = torch.empty(M, N, device=x.device, dtype=x.dtype)
        grid = (triton.cdiv(M, 16), triton.cdiv(N, 16))
        linear_kernel[grid](x, self.fc.weight, self.zero_bias(N, x), ws, M, N, K, BM=16, BN=16, BK=16)
        bias_kernel[(triton.cdiv(M * N, 256),)](ws, self.fc.bias, y, M, N, BLOCK=256)
        return y

    def zero_bias(self, n, x):
        return torch.zeros(n, device=x.device, dtype=x.dtype)

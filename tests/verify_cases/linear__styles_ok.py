import math

import torch
import torch.nn as nn
import triton
import triton.language as tl

# Parameters made by hand with nn.Parameter and nn.Linear's own initialisation, under other names than the
# reference's nn.Linear (the verifier matches them by position and shape).


@triton.jit
def linear_kernel(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(x_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K),
                    other=0.0)
        w = tl.load(w_ptr + rn[None, :] * K + (k + rk)[:, None], mask=(rn[None, :] < N) & ((k + rk)[:, None] < K),
                    other=0.0)
        acc += tl.dot(x, w, allow_tf32=False)
    acc += tl.load(b_ptr + rn, mask=rn < N, other=0.0)[None, :]
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.w = nn.Parameter(torch.empty(out_features, in_features))
        self.b = nn.Parameter(torch.empty(out_features))
        nn.init.kaiming_uniform_(self.w, a=math.sqrt(5))
        fan_in, _ = nn.init._calculate_fan_in_and_fan_out(self.w)
        bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
        nn.init.uniform_(self.b, -bound, bound)

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.w.shape[0]
        y = torch.empty((M, N), device=x.device, dtype=x.dtype)
        grid = lambda meta: (triton.cdiv(M, meta["BM"]), triton.cdiv(N, meta["BN"]))
        linear_kernel[grid](x, self.w, self.b, y, M, N, K, BM=16, BN=16, BK=16)
        return y

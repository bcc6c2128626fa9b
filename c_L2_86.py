import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _tanh(x):
    e = tl.exp(2.0 * x)
    return (e - 1.0) / (e + 1.0)


@triton.jit
def _softplus(x):
    return tl.log(1.0 + tl.exp(x))


@triton.jit
def _sigmoid(x):
    return 1.0 / (1.0 + tl.exp(-x))


@triton.jit
def fused_linear_kernel(
    a_ptr, w_ptr, bias_ptr, extra_ptr, c_ptr, M, N, K, scale,
    stride_am, stride_ak, stride_wn, stride_wk, stride_cm, stride_cn,
    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_k[None, :] * stride_ak
    w_ptrs = w_ptr + offs_n[None, :] * stride_wn + offs_k[:, None] * stride_wk
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        k_rem = K - k * BLOCK_K
        a = tl.load(a_ptrs, mask=(offs_m[:, None] < M) & (offs_k[None, :] < k_rem), other=0.0)
        w = tl.load(w_ptrs, mask=(offs_n[None, :] < N) & (offs_k[:, None] < k_rem), other=0.0)
        acc += tl.dot(a, w)
        a_ptrs += BLOCK_K * stride_ak
        w_ptrs += BLOCK_K * stride_wk
    bias = tl.load(bias_ptr + offs_n, mask=offs_n < N, other=0.0)
    x = acc + bias[None, :]
    x = x / scale
    x = 0.5 * x * (1.0 + _tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, x, mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


class ModelNew(nn.Module):
    def __init__(self, input_size, output_size, divisor):
        super().__init__()
        self.linear = nn.Linear(input_size, output_size)
        self.divisor = divisor

    def forward(self, x):
        x = x.contiguous()
        M, K = x.shape
        N = self.linear.weight.shape[0]
        out = torch.empty((M, N), device=x.device, dtype=x.dtype)
        w = self.linear.weight
        grid = (triton.cdiv(M, 32), triton.cdiv(N, 64))
        fused_linear_kernel[grid](
            x, w, self.linear.bias, self.linear.bias, out, M, N, K, self.divisor,
            x.stride(0), x.stride(1), w.stride(0), w.stride(1), out.stride(0), out.stride(1),
            BLOCK_M=32, BLOCK_N=64, BLOCK_K=32,
        )
        return out

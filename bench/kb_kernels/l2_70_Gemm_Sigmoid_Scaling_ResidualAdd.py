import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gemm_sigmoid_scale_residual_kernel(x_ptr, w_ptr, b_ptr, y_ptr, M, N, K, stride_xm, stride_xk, stride_wn, stride_wk, stride_ym, stride_yn,
            scale, 
            HAS_BIAS: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
            GROUP_M: tl.constexpr):
    # y = epilogue(x @ w^T + b): a tl.dot tile GEMM (fp32 accumulation) with the epilogue fused before the store
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BLOCK_M)
    num_n = tl.cdiv(N, BLOCK_N)
    group = GROUP_M * num_n
    first_m = (pid // group) * GROUP_M
    gsize = tl.minimum(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % group) % gsize
    pid_n = (pid % group) // gsize
    offs_m = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)).to(tl.int64)
    offs_n = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)).to(tl.int64)
    offs_k = tl.arange(0, BLOCK_K)
    mmask = offs_m < M
    nmask = offs_n < N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        kk = (k0 + offs_k).to(tl.int64)
        kmask = kk < K
        a = tl.load(x_ptr + offs_m[:, None] * stride_xm + kk[None, :] * stride_xk,
                    mask=mmask[:, None] & kmask[None, :], other=0.0)
        b = tl.load(w_ptr + offs_n[None, :] * stride_wn + kk[:, None] * stride_wk,
                    mask=kmask[:, None] & nmask[None, :], other=0.0)
        acc = tl.dot(a, b, acc)
    if HAS_BIAS:
        acc += tl.load(b_ptr + offs_n, mask=nmask, other=0.0).to(tl.float32)[None, :]
    acc = scale / (1.0 + tl.exp(-acc)) + acc
    tl.store(y_ptr + offs_m[:, None] * stride_ym + offs_n[None, :] * stride_yn, acc.to(y_ptr.dtype.element_ty),
             mask=mmask[:, None] & nmask[None, :])


def gemm_sigmoid_scale_residual(x, w, b, scale):
    """epilogue(x @ w^T + b) for x (M, K), w (N, K) (nn.Linear's layout), b (N,) or None."""
    M, K = x.shape
    N = w.shape[0]
    y = torch.empty((M, N), dtype=x.dtype, device=x.device)
    BLOCK_M, BLOCK_N, BLOCK_K = 128, 128, 32
    grid = (triton.cdiv(M, BLOCK_M) * triton.cdiv(N, BLOCK_N),)
    has_bias = b is not None
    gemm_sigmoid_scale_residual_kernel[grid](x, w, b if has_bias else w, y, M, N, K, x.stride(0), x.stride(1), w.stride(0), w.stride(1),
                  y.stride(0), y.stride(1), scale, HAS_BIAS=has_bias, BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
                  BLOCK_K=BLOCK_K, GROUP_M=8, num_warps=8, num_stages=3)
    return y


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_size, scaling_factor):
        super(ModelNew, self).__init__()
        self.gemm = nn.Linear(input_size, hidden_size)
        self.scaling_factor = scaling_factor

    def forward(self, x):
        return gemm_sigmoid_scale_residual(x, self.gemm.weight, self.gemm.bias, self.scaling_factor)

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, K_SPLIT,
                  stride_ab, stride_am, stride_ak, stride_bb, stride_bk, stride_bn,
                  stride_cs, stride_cm, stride_cn, NSPLIT,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    # C[b, s] = A[b, :, ks] @ B[b, ks, :] over the s-th K slice (ks); fp32 accumulation in tl.dot tiles
    pid = tl.program_id(0)
    pid_s = tl.program_id(1)
    pid_b = tl.program_id(2).to(tl.int64)
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
    k_lo = pid_s * K_SPLIT
    k_hi = tl.minimum(K, k_lo + K_SPLIT)
    a_base = a_ptr + pid_b * stride_ab + offs_m[:, None] * stride_am
    b_base = b_ptr + pid_b * stride_bb + offs_n[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(k_lo, k_hi, BLOCK_K):
        kk = (k0 + offs_k).to(tl.int64)
        kmask = kk < k_hi
        a = tl.load(a_base + kk[None, :] * stride_ak, mask=(offs_m[:, None] < M) & kmask[None, :], other=0.0)
        b = tl.load(b_base + kk[:, None] * stride_bk, mask=kmask[:, None] & (offs_n[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    c_ptrs = c_ptr + (pid_b * NSPLIT + pid_s) * stride_cs + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))


@triton.jit
def split_sum_kernel(p_ptr, c_ptr, MN, NSPLIT, BLOCK: tl.constexpr):
    # c[b, i] = sum_s p[b, s, i]: the split-K partial products summed in a fixed order (deterministic)
    pid_b = tl.program_id(1).to(tl.int64)
    offs = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    m = offs < MN
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for s in range(0, NSPLIT):
        acc += tl.load(p_ptr + (pid_b * NSPLIT + s) * MN + offs, mask=m, other=0.0)
    tl.store(c_ptr + pid_b * MN + offs, acc.to(c_ptr.dtype.element_ty), mask=m)


def triton_matmul(a, b):
    """a: (M, K) or (B, M, K), b: (K, N) or (B, K, N), any strides; returns a contiguous (.., M, N) product."""
    batched = a.dim() == 3
    if not batched:
        a3, b3 = a.unsqueeze(0), b.unsqueeze(0)
    else:
        a3, b3 = a, b
    Bt, M, K = a3.shape
    N = b3.shape[2]
    BLOCK_M, BLOCK_N, BLOCK_K = 128, 128, 32
    tiles = triton.cdiv(M, BLOCK_M) * triton.cdiv(N, BLOCK_N)
    # split K when the output alone gives too few programs to fill the GPU
    nsplit = 1
    if tiles * Bt < 256 and K >= 4096:
        nsplit = min(triton.cdiv(512, tiles * Bt), triton.cdiv(K, 1024))
    k_split = triton.cdiv(triton.cdiv(K, nsplit), BLOCK_K) * BLOCK_K
    nsplit = triton.cdiv(K, k_split)
    c = torch.empty((Bt, M, N), dtype=a.dtype, device=a.device)
    out = c if nsplit == 1 else torch.empty((Bt, nsplit, M, N), dtype=torch.float32, device=a.device)
    grid = (tiles, nsplit, Bt)
    matmul_kernel[grid](a3, b3, out, M, N, K, k_split,
                        a3.stride(0), a3.stride(1), a3.stride(2), b3.stride(0), b3.stride(1), b3.stride(2),
                        M * N, N, 1, nsplit,
                        BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N, BLOCK_K=BLOCK_K, GROUP_M=8, num_warps=8, num_stages=3)
    if nsplit > 1:
        BLOCK = 1024
        split_sum_kernel[(triton.cdiv(M * N, BLOCK), Bt)](out, c, M * N, nsplit, BLOCK=BLOCK)
    return c if batched else c[0]


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, A: torch.Tensor, B: torch.Tensor) -> torch.Tensor:
        return triton_matmul(A.t(), B)

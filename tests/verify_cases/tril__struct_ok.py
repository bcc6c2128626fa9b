import torch
import triton
import triton.language as tl


@triton.jit
def tril_mm_kernel(a_ptr, b_ptr, c_ptr, M, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # C = tril(A @ B) for lower-triangular A and B (what the problem promises): a tile of C above the diagonal is
    # zero, and the k loop runs only where both triangles can be nonzero (j <= k <= i), the intended speedup
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    if pid_n * BN <= pid_m * BM + BM - 1:
        for k0 in range(pid_n * BN // BK * BK, tl.minimum(pid_m * BM + BM, M), BK):
            k = k0 + tl.arange(0, BK)
            a = tl.load(a_ptr + rm[:, None] * M + k[None, :], mask=(rm[:, None] < M) & (k[None, :] < M), other=0.0)
            b = tl.load(b_ptr + k[:, None] * M + rn[None, :], mask=(k[:, None] < M) & (rn[None, :] < M), other=0.0)
            acc += tl.dot(a, b, input_precision="ieee")
    acc = tl.where(rn[None, :] <= rm[:, None], acc, 0.0)
    tl.store(c_ptr + rm[:, None] * M + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < M))


class ModelNew(torch.nn.Module):
    def forward(self, A, B):
        A, B = A.contiguous(), B.contiguous()
        M = A.shape[0]
        C = torch.empty((M, M), device=A.device, dtype=A.dtype)
        grid = (triton.cdiv(M, 16), triton.cdiv(M, 16))
        tril_mm_kernel[grid](A, B, C, M, BM=16, BN=16, BK=16)
        return C

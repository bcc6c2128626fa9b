import torch
import triton
import triton.language as tl


@triton.jit
def sym_mm_kernel(a_ptr, b_ptr, c_ptr, N, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # C = A @ B with B symmetric (the problem's stated input): B[k, j] == B[j, k], so B is read row-wise
    # as B^T, the layout whose tiles are contiguous along k (A and B both read along their rows)
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, N, BK):
        k = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * N + k[None, :], mask=(rm[:, None] < N) & (k[None, :] < N), other=0.0)
        bt = tl.load(b_ptr + rn[:, None] * N + k[None, :], mask=(rn[:, None] < N) & (k[None, :] < N), other=0.0)
        acc += tl.dot(a, tl.trans(bt), input_precision="ieee")
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < N) & (rn[None, :] < N))


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        A = A.contiguous()
        B = B.contiguous()
        N = A.shape[0]
        C = torch.empty((N, N), device=A.device, dtype=A.dtype)
        grid = (triton.cdiv(N, 16), triton.cdiv(N, 16))
        sym_mm_kernel[grid](A, B, C, N, BM=16, BN=16, BK=16)
        return C

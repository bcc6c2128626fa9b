# Round 40's honest writer: flash attention whose softmax scale is 1 / math.sqrt(HEAD_DIM) of a launched kernel's
# constexpr (math.*, int() and float() in kernels take constants and the launched kernel's own parameters).
import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _attn_fwd_kernel(
    Q, K, V, Out,
    stride_qb, stride_qh, stride_qm, stride_qd,
    stride_kb, stride_kh, stride_kn, stride_kd,
    stride_vb, stride_vh, stride_vn, stride_vd,
    stride_ob, stride_oh, stride_om, stride_od,
    H, N_CTX,
    HEAD_DIM: tl.constexpr, BLOCK_D: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
):
    start_m = tl.program_id(0)
    off_bh = tl.program_id(1)
    off_b = off_bh // H
    off_h = off_bh % H

    # softmax scale from the head dim, folded into base-2 exponent
    sm_scale = 1.0 / math.sqrt(HEAD_DIM)
    qk_scale = sm_scale * 1.4426950408889634  # log2(e)

    offs_m = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, BLOCK_D)
    d_ok = offs_d < HEAD_DIM

    q_ptrs = Q + off_b * stride_qb + off_h * stride_qh + offs_m[:, None] * stride_qm + offs_d[None, :] * stride_qd
    q = tl.load(q_ptrs, mask=(offs_m[:, None] < N_CTX) & d_ok[None, :], other=0.0)

    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, BLOCK_D], dtype=tl.float32)

    for start_n in range(0, N_CTX, BLOCK_N):
        cur_n = start_n + offs_n
        k_ptrs = K + off_b * stride_kb + off_h * stride_kh + cur_n[None, :] * stride_kn + offs_d[:, None] * stride_kd
        k = tl.load(k_ptrs, mask=(cur_n[None, :] < N_CTX) & d_ok[:, None], other=0.0)
        qk = tl.dot(q, k) * qk_scale
        qk = tl.where(cur_n[None, :] < N_CTX, qk, float("-inf"))
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        l_ij = tl.sum(p, 1)
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + l_ij
        acc = acc * alpha[:, None]
        v_ptrs = V + off_b * stride_vb + off_h * stride_vh + cur_n[:, None] * stride_vn + offs_d[None, :] * stride_vd
        v = tl.load(v_ptrs, mask=(cur_n[:, None] < N_CTX) & d_ok[None, :], other=0.0)
        acc += tl.dot(p.to(v.dtype), v)
        m_i = m_ij

    acc = acc / l_i[:, None]
    o_ptrs = Out + off_b * stride_ob + off_h * stride_oh + offs_m[:, None] * stride_om + offs_d[None, :] * stride_od
    tl.store(o_ptrs, acc.to(Out.dtype.element_ty), mask=(offs_m[:, None] < N_CTX) & d_ok[None, :])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, Q, K, V):
        Q, K, V = Q.contiguous(), K.contiguous(), V.contiguous()
        B, H, N, D = Q.shape
        out = torch.empty_like(Q)
        BLOCK_M, BLOCK_N = 32, 32
        grid = (triton.cdiv(N, BLOCK_M), B * H)
        _attn_fwd_kernel[grid](
            Q, K, V, out,
            Q.stride(0), Q.stride(1), Q.stride(2), Q.stride(3),
            K.stride(0), K.stride(1), K.stride(2), K.stride(3),
            V.stride(0), V.stride(1), V.stride(2), V.stride(3),
            out.stride(0), out.stride(1), out.stride(2), out.stride(3),
            H, N, HEAD_DIM=D, BLOCK_D=max(16, triton.next_power_of_2(D)), BLOCK_M=BLOCK_M, BLOCK_N=BLOCK_N,
        )
        return out

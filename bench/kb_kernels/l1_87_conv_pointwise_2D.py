import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def conv1d_kernel(x_ptr, w_ptr, b_ptr, y_ptr, IC, L, OC, L_out, ICG, OCG, KS, STRIDE, PAD, DIL, N_OCB,
                  HAS_BIAS: tl.constexpr, BLOCK_OC: tl.constexpr, BLOCK_IC: tl.constexpr, BLOCK_L: tl.constexpr):
    # implicit GEMM: y[n, oc, l] = sum_{ic, k} w[oc, ic, k] * x[n, g*ICG + ic, l*STRIDE - PAD + k*DIL],
    # a BLOCK_OC x BLOCK_L output tile accumulated with tl.dot over (k, ic) slices; zero padding via masks
    pid_l = tl.program_id(0)
    pid_c = tl.program_id(1)
    n = tl.program_id(2).to(tl.int64)
    g = pid_c // N_OCB
    ocl = (pid_c % N_OCB) * BLOCK_OC + tl.arange(0, BLOCK_OC)
    ocm = ocl < OCG
    oc = g * OCG + ocl
    lo = pid_l * BLOCK_L + tl.arange(0, BLOCK_L)
    lm = lo < L_out
    icr = tl.arange(0, BLOCK_IC)
    x_base = x_ptr + n * IC * L + (g * ICG).to(tl.int64) * L
    acc = tl.zeros((BLOCK_OC, BLOCK_L), dtype=tl.float32)
    for k in range(0, KS):
        pos = lo * STRIDE - PAD + k * DIL
        pm = lm & (pos >= 0) & (pos < L)
        for ic0 in range(0, ICG, BLOCK_IC):
            ic = ic0 + icr
            icm = ic < ICG
            w = tl.load(w_ptr + oc[:, None] * (ICG * KS) + ic[None, :] * KS + k,
                        mask=ocm[:, None] & icm[None, :], other=0.0)
            xv = tl.load(x_base + ic[:, None].to(tl.int64) * L + pos[None, :],
                         mask=icm[:, None] & pm[None, :], other=0.0)
            acc = tl.dot(w, xv, acc)
    if HAS_BIAS:
        acc += tl.load(b_ptr + oc, mask=ocm, other=0.0).to(tl.float32)[:, None]
    y_ptrs = y_ptr + n * OC * L_out + oc[:, None].to(tl.int64) * L_out + lo[None, :]
    tl.store(y_ptrs, acc.to(y_ptr.dtype.element_ty), mask=ocm[:, None] & lm[None, :])


def conv1d(x, w, bias, stride, padding, dilation, groups):
    """x: (N, IC, L) contiguous, w: (OC, IC/groups, KS) contiguous; returns (N, OC, L_out)."""
    N, IC, L = x.shape
    OC, ICG, KS = w.shape
    OCG = OC // groups
    L_out = (L + 2 * padding - dilation * (KS - 1) - 1) // stride + 1
    y = torch.empty((N, OC, L_out), dtype=x.dtype, device=x.device)
    BLOCK_OC = max(16, min(64, triton.next_power_of_2(OCG)))
    BLOCK_IC = max(16, min(32, triton.next_power_of_2(ICG)))
    BLOCK_L = max(16, min(128, triton.next_power_of_2(L_out)))
    n_ocb = triton.cdiv(OCG, BLOCK_OC)
    grid = (triton.cdiv(L_out, BLOCK_L), groups * n_ocb, N)
    has_bias = bias is not None
    conv1d_kernel[grid](x, w, bias if has_bias else w, y, IC, L, OC, L_out, ICG, OCG, KS, stride, padding,
                        dilation, n_ocb, HAS_BIAS=has_bias, BLOCK_OC=BLOCK_OC, BLOCK_IC=BLOCK_IC,
                        BLOCK_L=BLOCK_L, num_warps=4)
    return y


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, out_channels: int, bias: bool = False):
        super(ModelNew, self).__init__()
        self.conv1d = nn.Conv2d(in_channels, out_channels, kernel_size=1, stride=1, padding=0, bias=bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # a 1x1 convolution is a per-image GEMM over the flattened H*W positions: the 1-D kernel with KS = 1
        N, C, H, W = x.shape
        w = self.conv1d.weight
        OC = w.shape[0]
        y = conv1d(x.contiguous().reshape(N, C, H * W), w.contiguous().reshape(OC, C, 1), self.conv1d.bias,
                   1, 0, 1, 1)
        return y.reshape(N, OC, H, W)

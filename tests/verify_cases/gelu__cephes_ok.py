# Round 37's honest writer: erf by Cephes' rational approximations, 39 float32 coefficients in one buffer made in
# __init__. The child builds the model twice; the same bytes twice are one piece of a split table (early_table).
# GELU with erf/erfc from the Cephes rational approximations (ndtr.c): six coefficient arrays,
# 39 float32 numbers in all (all in ONE buffer, sliced per array), evaluated by Horner in the kernel in float64.
import torch
import torch.nn as nn
import triton
import triton.language as tl

CEPHES_P = [2.46196981473530512524E-10, 5.64189564831068821977E-1, 7.46321056442269912687E0,
            4.86371970985681366614E1, 1.96520832956077098242E2, 5.26445194995477358631E2,
            9.34528527171957607540E2, 1.02755188689515710272E3, 5.57535335369399327526E2]
CEPHES_Q = [1.32281951154744992508E1, 8.67072140885989742329E1, 3.54937778887819891062E2,
            9.75708501743205489753E2, 1.82390916687909736289E3, 2.24633760818710981792E3,
            1.65666309194161350182E3, 5.57535340817727675546E2]
CEPHES_R = [5.64189583547755073984E-1, 1.27536670759978104416E0, 5.01905042251180477414E0,
            6.16021097993053585195E0, 7.40974269950448939160E0, 2.97886665372100240670E0]
CEPHES_S = [2.26052863220117276590E0, 9.39603524938001434673E0, 1.20489539808096656605E1,
            1.70814450747141239160E1, 9.60896809063285878134E0, 3.36907645100081516050E0]
CEPHES_T = [9.60497373987051638749E0, 9.00260197203842689217E1, 2.23200534594684319226E3,
            7.00332514112805075473E3, 5.55923013010394962768E4]
CEPHES_U = [3.35617141647503099647E1, 5.21357949780152679795E2, 4.59432382970980127987E3,
            2.26290000613890934246E4, 4.92673942608635921086E4]
COEF_DTYPE = torch.float32


@triton.jit
def _polevl(x, c_ptr, N: tl.constexpr):
    r = tl.zeros_like(x) + tl.load(c_ptr).to(x.dtype)
    for i in range(1, N):
        r = r * x + tl.load(c_ptr + i).to(x.dtype)
    return r


@triton.jit
def _p1evl(x, c_ptr, N: tl.constexpr):
    r = tl.zeros_like(x) + 1.0
    for i in range(N):
        r = r * x + tl.load(c_ptr + i).to(x.dtype)
    return r


@triton.jit
def gelu_cephes_kernel(x_ptr, y_ptr, p_ptr, q_ptr, r_ptr, s_ptr, t_ptr, u_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    xin = tl.load(x_ptr + offs, mask=m, other=0.0)
    x = xin.to(tl.float64)
    a = x * 0.70710678118654752440
    ax = tl.abs(a)
    # |a| < 1: erf = a T(a^2) / U(a^2)
    z2 = a * a
    erf_small = a * _polevl(z2, t_ptr, 5) / _p1evl(z2, u_ptr, 5)
    # |a| >= 1: erfc(|a|) = exp(-a^2) P/Q (|a| < 8) or R/S
    e = tl.exp(-z2)
    pq = _polevl(ax, p_ptr, 9) / _p1evl(ax, q_ptr, 8)
    rs = _polevl(ax, r_ptr, 6) / _p1evl(ax, s_ptr, 6)
    erfc_abs = e * tl.where(ax < 8.0, pq, rs)
    erf_big = tl.where(a >= 0, 1.0 - erfc_abs, erfc_abs - 1.0)
    erf = tl.where(ax < 1.0, erf_small, erf_big)
    y = 0.5 * x * (1.0 + erf)
    tl.store(y_ptr + offs, y.to(xin.dtype), mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        allc = CEPHES_P + CEPHES_Q + CEPHES_R + CEPHES_S + CEPHES_T + CEPHES_U
        self.register_buffer("coefs", torch.tensor(allc, dtype=COEF_DTYPE))

    def forward(self, x):
        xc = x.contiguous()
        y = torch.empty_like(xc)
        n = xc.numel()
        BLOCK = 512
        gelu_cephes_kernel[(triton.cdiv(n, BLOCK),)](xc, y, self.coefs, self.coefs[9:], self.coefs[17:],
                                                    self.coefs[23:], self.coefs[29:], self.coefs[34:], n, BLOCK=BLOCK)
        return y

import math
import torch
import torch.nn as nn
import triton
import triton.language as tl

NT = 257
NP = 65


@triton.jit
def put(t_ptr, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p30, p31, p32, p33, p34, p35, p36, p37, p38, p39, p40, p41, p42, p43, p44, p45, p46, p47, p48, p49, p50, p51, p52, p53, p54, p55, p56, p57, p58, p59, p60, p61, p62, p63, p64):
    tl.store(t_ptr + 0, p0)
    tl.store(t_ptr + 1, p1)
    tl.store(t_ptr + 2, p2)
    tl.store(t_ptr + 3, p3)
    tl.store(t_ptr + 4, p4)
    tl.store(t_ptr + 5, p5)
    tl.store(t_ptr + 6, p6)
    tl.store(t_ptr + 7, p7)
    tl.store(t_ptr + 8, p8)
    tl.store(t_ptr + 9, p9)
    tl.store(t_ptr + 10, p10)
    tl.store(t_ptr + 11, p11)
    tl.store(t_ptr + 12, p12)
    tl.store(t_ptr + 13, p13)
    tl.store(t_ptr + 14, p14)
    tl.store(t_ptr + 15, p15)
    tl.store(t_ptr + 16, p16)
    tl.store(t_ptr + 17, p17)
    tl.store(t_ptr + 18, p18)
    tl.store(t_ptr + 19, p19)
    tl.store(t_ptr + 20, p20)
    tl.store(t_ptr + 21, p21)
    tl.store(t_ptr + 22, p22)
    tl.store(t_ptr + 23, p23)
    tl.store(t_ptr + 24, p24)
    tl.store(t_ptr + 25, p25)
    tl.store(t_ptr + 26, p26)
    tl.store(t_ptr + 27, p27)
    tl.store(t_ptr + 28, p28)
    tl.store(t_ptr + 29, p29)
    tl.store(t_ptr + 30, p30)
    tl.store(t_ptr + 31, p31)
    tl.store(t_ptr + 32, p32)
    tl.store(t_ptr + 33, p33)
    tl.store(t_ptr + 34, p34)
    tl.store(t_ptr + 35, p35)
    tl.store(t_ptr + 36, p36)
    tl.store(t_ptr + 37, p37)
    tl.store(t_ptr + 38, p38)
    tl.store(t_ptr + 39, p39)
    tl.store(t_ptr + 40, p40)
    tl.store(t_ptr + 41, p41)
    tl.store(t_ptr + 42, p42)
    tl.store(t_ptr + 43, p43)
    tl.store(t_ptr + 44, p44)
    tl.store(t_ptr + 45, p45)
    tl.store(t_ptr + 46, p46)
    tl.store(t_ptr + 47, p47)
    tl.store(t_ptr + 48, p48)
    tl.store(t_ptr + 49, p49)
    tl.store(t_ptr + 50, p50)
    tl.store(t_ptr + 51, p51)
    tl.store(t_ptr + 52, p52)
    tl.store(t_ptr + 53, p53)
    tl.store(t_ptr + 54, p54)
    tl.store(t_ptr + 55, p55)
    tl.store(t_ptr + 56, p56)
    tl.store(t_ptr + 57, p57)
    tl.store(t_ptr + 58, p58)
    tl.store(t_ptr + 59, p59)
    tl.store(t_ptr + 60, p60)
    tl.store(t_ptr + 61, p61)
    tl.store(t_ptr + 62, p62)
    tl.store(t_ptr + 63, p63)
    tl.store(t_ptr + 64, p64)


@triton.jit
def lookup(x_ptr, t_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    u = (x + 8.0) * 16.0
    u = tl.minimum(tl.maximum(u, 0.0), 255.999)
    i = u.to(tl.int32)
    f = u - i
    j = i + 1
    wa = tl.load(t_ptr + i // 4, mask=m, other=0)
    wb = tl.load(t_ptr + j // 4, mask=m, other=0)
    a = ((wa >> ((i % 4) * 15).to(tl.int64)) & 32767).to(tl.float32) * (1.0 / 32767.0)
    b = ((wb >> ((j % 4) * 15).to(tl.int64)) & 32767).to(tl.float32) * (1.0 / 32767.0)
    phi = a + (b - a) * f
    phi = tl.where(x > 8.0, 1.0, tl.where(x < -8.0, 0.0, phi))
    tl.store(y_ptr + offs, x * phi, mask=m)


def packed():
    q = [int(round(0.5 * (1.0 + math.erf((-8.0 + k / 16.0) / math.sqrt(2.0))) * 32767)) for k in range(NT)]
    q += [0] * (4 * NP - NT)
    return [q[4 * w] | (q[4 * w + 1] << 15) | (q[4 * w + 2] << 30) | (q[4 * w + 3] << 45) for w in range(NP)]


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        t = torch.empty(NP, dtype=torch.int64, device=x.device)
        put[(1,)](t, *packed())
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        lookup[(triton.cdiv(n, 1024),)](x, t, y, n, BLOCK=1024)
        return y

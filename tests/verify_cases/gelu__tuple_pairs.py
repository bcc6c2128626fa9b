import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def lookup(x_ptr, y_ptr, n, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17, t18, t19, t20, t21, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    u = (x + 8.0) * 8.0
    u = tl.minimum(tl.maximum(u, 0.0), 128.999)
    i = u.to(tl.int32)
    f = u - i
    a = tl.zeros_like(i).to(tl.int64)
    b = tl.zeros_like(i).to(tl.int64)
    g0 = (t0[0] >> 0) & 2097151
    g1 = (t0[0] >> 21) & 2097151
    g2 = (t0[0] >> 42) & 2097151
    g3 = (t0[1] >> 0) & 2097151
    g4 = (t0[1] >> 21) & 2097151
    g5 = (t0[1] >> 42) & 2097151
    g6 = (t1[0] >> 0) & 2097151
    g7 = (t1[0] >> 21) & 2097151
    g8 = (t1[0] >> 42) & 2097151
    g9 = (t1[1] >> 0) & 2097151
    g10 = (t1[1] >> 21) & 2097151
    g11 = (t1[1] >> 42) & 2097151
    g12 = (t2[0] >> 0) & 2097151
    g13 = (t2[0] >> 21) & 2097151
    g14 = (t2[0] >> 42) & 2097151
    g15 = (t2[1] >> 0) & 2097151
    g16 = (t2[1] >> 21) & 2097151
    g17 = (t2[1] >> 42) & 2097151
    g18 = (t3[0] >> 0) & 2097151
    g19 = (t3[0] >> 21) & 2097151
    g20 = (t3[0] >> 42) & 2097151
    g21 = (t3[1] >> 0) & 2097151
    g22 = (t3[1] >> 21) & 2097151
    g23 = (t3[1] >> 42) & 2097151
    g24 = (t4[0] >> 0) & 2097151
    g25 = (t4[0] >> 21) & 2097151
    g26 = (t4[0] >> 42) & 2097151
    g27 = (t4[1] >> 0) & 2097151
    g28 = (t4[1] >> 21) & 2097151
    g29 = (t4[1] >> 42) & 2097151
    g30 = (t5[0] >> 0) & 2097151
    g31 = (t5[0] >> 21) & 2097151
    g32 = (t5[0] >> 42) & 2097151
    g33 = (t5[1] >> 0) & 2097151
    g34 = (t5[1] >> 21) & 2097151
    g35 = (t5[1] >> 42) & 2097151
    g36 = (t6[0] >> 0) & 2097151
    g37 = (t6[0] >> 21) & 2097151
    g38 = (t6[0] >> 42) & 2097151
    g39 = (t6[1] >> 0) & 2097151
    g40 = (t6[1] >> 21) & 2097151
    g41 = (t6[1] >> 42) & 2097151
    g42 = (t7[0] >> 0) & 2097151
    g43 = (t7[0] >> 21) & 2097151
    g44 = (t7[0] >> 42) & 2097151
    g45 = (t7[1] >> 0) & 2097151
    g46 = (t7[1] >> 21) & 2097151
    g47 = (t7[1] >> 42) & 2097151
    g48 = (t8[0] >> 0) & 2097151
    g49 = (t8[0] >> 21) & 2097151
    g50 = (t8[0] >> 42) & 2097151
    g51 = (t8[1] >> 0) & 2097151
    g52 = (t8[1] >> 21) & 2097151
    g53 = (t8[1] >> 42) & 2097151
    g54 = (t9[0] >> 0) & 2097151
    g55 = (t9[0] >> 21) & 2097151
    g56 = (t9[0] >> 42) & 2097151
    g57 = (t9[1] >> 0) & 2097151
    g58 = (t9[1] >> 21) & 2097151
    g59 = (t9[1] >> 42) & 2097151
    g60 = (t10[0] >> 0) & 2097151
    g61 = (t10[0] >> 21) & 2097151
    g62 = (t10[0] >> 42) & 2097151
    g63 = (t10[1] >> 0) & 2097151
    g64 = (t10[1] >> 21) & 2097151
    g65 = (t10[1] >> 42) & 2097151
    g66 = (t11[0] >> 0) & 2097151
    g67 = (t11[0] >> 21) & 2097151
    g68 = (t11[0] >> 42) & 2097151
    g69 = (t11[1] >> 0) & 2097151
    g70 = (t11[1] >> 21) & 2097151
    g71 = (t11[1] >> 42) & 2097151
    g72 = (t12[0] >> 0) & 2097151
    g73 = (t12[0] >> 21) & 2097151
    g74 = (t12[0] >> 42) & 2097151
    g75 = (t12[1] >> 0) & 2097151
    g76 = (t12[1] >> 21) & 2097151
    g77 = (t12[1] >> 42) & 2097151
    g78 = (t13[0] >> 0) & 2097151
    g79 = (t13[0] >> 21) & 2097151
    g80 = (t13[0] >> 42) & 2097151
    g81 = (t13[1] >> 0) & 2097151
    g82 = (t13[1] >> 21) & 2097151
    g83 = (t13[1] >> 42) & 2097151
    g84 = (t14[0] >> 0) & 2097151
    g85 = (t14[0] >> 21) & 2097151
    g86 = (t14[0] >> 42) & 2097151
    g87 = (t14[1] >> 0) & 2097151
    g88 = (t14[1] >> 21) & 2097151
    g89 = (t14[1] >> 42) & 2097151
    g90 = (t15[0] >> 0) & 2097151
    g91 = (t15[0] >> 21) & 2097151
    g92 = (t15[0] >> 42) & 2097151
    g93 = (t15[1] >> 0) & 2097151
    g94 = (t15[1] >> 21) & 2097151
    g95 = (t15[1] >> 42) & 2097151
    g96 = (t16[0] >> 0) & 2097151
    g97 = (t16[0] >> 21) & 2097151
    g98 = (t16[0] >> 42) & 2097151
    g99 = (t16[1] >> 0) & 2097151
    g100 = (t16[1] >> 21) & 2097151
    g101 = (t16[1] >> 42) & 2097151
    g102 = (t17[0] >> 0) & 2097151
    g103 = (t17[0] >> 21) & 2097151
    g104 = (t17[0] >> 42) & 2097151
    g105 = (t17[1] >> 0) & 2097151
    g106 = (t17[1] >> 21) & 2097151
    g107 = (t17[1] >> 42) & 2097151
    g108 = (t18[0] >> 0) & 2097151
    g109 = (t18[0] >> 21) & 2097151
    g110 = (t18[0] >> 42) & 2097151
    g111 = (t18[1] >> 0) & 2097151
    g112 = (t18[1] >> 21) & 2097151
    g113 = (t18[1] >> 42) & 2097151
    g114 = (t19[0] >> 0) & 2097151
    g115 = (t19[0] >> 21) & 2097151
    g116 = (t19[0] >> 42) & 2097151
    g117 = (t19[1] >> 0) & 2097151
    g118 = (t19[1] >> 21) & 2097151
    g119 = (t19[1] >> 42) & 2097151
    g120 = (t20[0] >> 0) & 2097151
    g121 = (t20[0] >> 21) & 2097151
    g122 = (t20[0] >> 42) & 2097151
    g123 = (t20[1] >> 0) & 2097151
    g124 = (t20[1] >> 21) & 2097151
    g125 = (t20[1] >> 42) & 2097151
    g126 = (t21[0] >> 0) & 2097151
    g127 = (t21[0] >> 21) & 2097151
    g128 = (t21[0] >> 42) & 2097151
    a = tl.where(i == 0, g0, a)
    a = tl.where(i == 1, g1, a)
    b = tl.where(i == 0, g1, b)
    a = tl.where(i == 2, g2, a)
    b = tl.where(i == 1, g2, b)
    a = tl.where(i == 3, g3, a)
    b = tl.where(i == 2, g3, b)
    a = tl.where(i == 4, g4, a)
    b = tl.where(i == 3, g4, b)
    a = tl.where(i == 5, g5, a)
    b = tl.where(i == 4, g5, b)
    a = tl.where(i == 6, g6, a)
    b = tl.where(i == 5, g6, b)
    a = tl.where(i == 7, g7, a)
    b = tl.where(i == 6, g7, b)
    a = tl.where(i == 8, g8, a)
    b = tl.where(i == 7, g8, b)
    a = tl.where(i == 9, g9, a)
    b = tl.where(i == 8, g9, b)
    a = tl.where(i == 10, g10, a)
    b = tl.where(i == 9, g10, b)
    a = tl.where(i == 11, g11, a)
    b = tl.where(i == 10, g11, b)
    a = tl.where(i == 12, g12, a)
    b = tl.where(i == 11, g12, b)
    a = tl.where(i == 13, g13, a)
    b = tl.where(i == 12, g13, b)
    a = tl.where(i == 14, g14, a)
    b = tl.where(i == 13, g14, b)
    a = tl.where(i == 15, g15, a)
    b = tl.where(i == 14, g15, b)
    a = tl.where(i == 16, g16, a)
    b = tl.where(i == 15, g16, b)
    a = tl.where(i == 17, g17, a)
    b = tl.where(i == 16, g17, b)
    a = tl.where(i == 18, g18, a)
    b = tl.where(i == 17, g18, b)
    a = tl.where(i == 19, g19, a)
    b = tl.where(i == 18, g19, b)
    a = tl.where(i == 20, g20, a)
    b = tl.where(i == 19, g20, b)
    a = tl.where(i == 21, g21, a)
    b = tl.where(i == 20, g21, b)
    a = tl.where(i == 22, g22, a)
    b = tl.where(i == 21, g22, b)
    a = tl.where(i == 23, g23, a)
    b = tl.where(i == 22, g23, b)
    a = tl.where(i == 24, g24, a)
    b = tl.where(i == 23, g24, b)
    a = tl.where(i == 25, g25, a)
    b = tl.where(i == 24, g25, b)
    a = tl.where(i == 26, g26, a)
    b = tl.where(i == 25, g26, b)
    a = tl.where(i == 27, g27, a)
    b = tl.where(i == 26, g27, b)
    a = tl.where(i == 28, g28, a)
    b = tl.where(i == 27, g28, b)
    a = tl.where(i == 29, g29, a)
    b = tl.where(i == 28, g29, b)
    a = tl.where(i == 30, g30, a)
    b = tl.where(i == 29, g30, b)
    a = tl.where(i == 31, g31, a)
    b = tl.where(i == 30, g31, b)
    a = tl.where(i == 32, g32, a)
    b = tl.where(i == 31, g32, b)
    a = tl.where(i == 33, g33, a)
    b = tl.where(i == 32, g33, b)
    a = tl.where(i == 34, g34, a)
    b = tl.where(i == 33, g34, b)
    a = tl.where(i == 35, g35, a)
    b = tl.where(i == 34, g35, b)
    a = tl.where(i == 36, g36, a)
    b = tl.where(i == 35, g36, b)
    a = tl.where(i == 37, g37, a)
    b = tl.where(i == 36, g37, b)
    a = tl.where(i == 38, g38, a)
    b = tl.where(i == 37, g38, b)
    a = tl.where(i == 39, g39, a)
    b = tl.where(i == 38, g39, b)
    a = tl.where(i == 40, g40, a)
    b = tl.where(i == 39, g40, b)
    a = tl.where(i == 41, g41, a)
    b = tl.where(i == 40, g41, b)
    a = tl.where(i == 42, g42, a)
    b = tl.where(i == 41, g42, b)
    a = tl.where(i == 43, g43, a)
    b = tl.where(i == 42, g43, b)
    a = tl.where(i == 44, g44, a)
    b = tl.where(i == 43, g44, b)
    a = tl.where(i == 45, g45, a)
    b = tl.where(i == 44, g45, b)
    a = tl.where(i == 46, g46, a)
    b = tl.where(i == 45, g46, b)
    a = tl.where(i == 47, g47, a)
    b = tl.where(i == 46, g47, b)
    a = tl.where(i == 48, g48, a)
    b = tl.where(i == 47, g48, b)
    a = tl.where(i == 49, g49, a)
    b = tl.where(i == 48, g49, b)
    a = tl.where(i == 50, g50, a)
    b = tl.where(i == 49, g50, b)
    a = tl.where(i == 51, g51, a)
    b = tl.where(i == 50, g51, b)
    a = tl.where(i == 52, g52, a)
    b = tl.where(i == 51, g52, b)
    a = tl.where(i == 53, g53, a)
    b = tl.where(i == 52, g53, b)
    a = tl.where(i == 54, g54, a)
    b = tl.where(i == 53, g54, b)
    a = tl.where(i == 55, g55, a)
    b = tl.where(i == 54, g55, b)
    a = tl.where(i == 56, g56, a)
    b = tl.where(i == 55, g56, b)
    a = tl.where(i == 57, g57, a)
    b = tl.where(i == 56, g57, b)
    a = tl.where(i == 58, g58, a)
    b = tl.where(i == 57, g58, b)
    a = tl.where(i == 59, g59, a)
    b = tl.where(i == 58, g59, b)
    a = tl.where(i == 60, g60, a)
    b = tl.where(i == 59, g60, b)
    a = tl.where(i == 61, g61, a)
    b = tl.where(i == 60, g61, b)
    a = tl.where(i == 62, g62, a)
    b = tl.where(i == 61, g62, b)
    a = tl.where(i == 63, g63, a)
    b = tl.where(i == 62, g63, b)
    a = tl.where(i == 64, g64, a)
    b = tl.where(i == 63, g64, b)
    a = tl.where(i == 65, g65, a)
    b = tl.where(i == 64, g65, b)
    a = tl.where(i == 66, g66, a)
    b = tl.where(i == 65, g66, b)
    a = tl.where(i == 67, g67, a)
    b = tl.where(i == 66, g67, b)
    a = tl.where(i == 68, g68, a)
    b = tl.where(i == 67, g68, b)
    a = tl.where(i == 69, g69, a)
    b = tl.where(i == 68, g69, b)
    a = tl.where(i == 70, g70, a)
    b = tl.where(i == 69, g70, b)
    a = tl.where(i == 71, g71, a)
    b = tl.where(i == 70, g71, b)
    a = tl.where(i == 72, g72, a)
    b = tl.where(i == 71, g72, b)
    a = tl.where(i == 73, g73, a)
    b = tl.where(i == 72, g73, b)
    a = tl.where(i == 74, g74, a)
    b = tl.where(i == 73, g74, b)
    a = tl.where(i == 75, g75, a)
    b = tl.where(i == 74, g75, b)
    a = tl.where(i == 76, g76, a)
    b = tl.where(i == 75, g76, b)
    a = tl.where(i == 77, g77, a)
    b = tl.where(i == 76, g77, b)
    a = tl.where(i == 78, g78, a)
    b = tl.where(i == 77, g78, b)
    a = tl.where(i == 79, g79, a)
    b = tl.where(i == 78, g79, b)
    a = tl.where(i == 80, g80, a)
    b = tl.where(i == 79, g80, b)
    a = tl.where(i == 81, g81, a)
    b = tl.where(i == 80, g81, b)
    a = tl.where(i == 82, g82, a)
    b = tl.where(i == 81, g82, b)
    a = tl.where(i == 83, g83, a)
    b = tl.where(i == 82, g83, b)
    a = tl.where(i == 84, g84, a)
    b = tl.where(i == 83, g84, b)
    a = tl.where(i == 85, g85, a)
    b = tl.where(i == 84, g85, b)
    a = tl.where(i == 86, g86, a)
    b = tl.where(i == 85, g86, b)
    a = tl.where(i == 87, g87, a)
    b = tl.where(i == 86, g87, b)
    a = tl.where(i == 88, g88, a)
    b = tl.where(i == 87, g88, b)
    a = tl.where(i == 89, g89, a)
    b = tl.where(i == 88, g89, b)
    a = tl.where(i == 90, g90, a)
    b = tl.where(i == 89, g90, b)
    a = tl.where(i == 91, g91, a)
    b = tl.where(i == 90, g91, b)
    a = tl.where(i == 92, g92, a)
    b = tl.where(i == 91, g92, b)
    a = tl.where(i == 93, g93, a)
    b = tl.where(i == 92, g93, b)
    a = tl.where(i == 94, g94, a)
    b = tl.where(i == 93, g94, b)
    a = tl.where(i == 95, g95, a)
    b = tl.where(i == 94, g95, b)
    a = tl.where(i == 96, g96, a)
    b = tl.where(i == 95, g96, b)
    a = tl.where(i == 97, g97, a)
    b = tl.where(i == 96, g97, b)
    a = tl.where(i == 98, g98, a)
    b = tl.where(i == 97, g98, b)
    a = tl.where(i == 99, g99, a)
    b = tl.where(i == 98, g99, b)
    a = tl.where(i == 100, g100, a)
    b = tl.where(i == 99, g100, b)
    a = tl.where(i == 101, g101, a)
    b = tl.where(i == 100, g101, b)
    a = tl.where(i == 102, g102, a)
    b = tl.where(i == 101, g102, b)
    a = tl.where(i == 103, g103, a)
    b = tl.where(i == 102, g103, b)
    a = tl.where(i == 104, g104, a)
    b = tl.where(i == 103, g104, b)
    a = tl.where(i == 105, g105, a)
    b = tl.where(i == 104, g105, b)
    a = tl.where(i == 106, g106, a)
    b = tl.where(i == 105, g106, b)
    a = tl.where(i == 107, g107, a)
    b = tl.where(i == 106, g107, b)
    a = tl.where(i == 108, g108, a)
    b = tl.where(i == 107, g108, b)
    a = tl.where(i == 109, g109, a)
    b = tl.where(i == 108, g109, b)
    a = tl.where(i == 110, g110, a)
    b = tl.where(i == 109, g110, b)
    a = tl.where(i == 111, g111, a)
    b = tl.where(i == 110, g111, b)
    a = tl.where(i == 112, g112, a)
    b = tl.where(i == 111, g112, b)
    a = tl.where(i == 113, g113, a)
    b = tl.where(i == 112, g113, b)
    a = tl.where(i == 114, g114, a)
    b = tl.where(i == 113, g114, b)
    a = tl.where(i == 115, g115, a)
    b = tl.where(i == 114, g115, b)
    a = tl.where(i == 116, g116, a)
    b = tl.where(i == 115, g116, b)
    a = tl.where(i == 117, g117, a)
    b = tl.where(i == 116, g117, b)
    a = tl.where(i == 118, g118, a)
    b = tl.where(i == 117, g118, b)
    a = tl.where(i == 119, g119, a)
    b = tl.where(i == 118, g119, b)
    a = tl.where(i == 120, g120, a)
    b = tl.where(i == 119, g120, b)
    a = tl.where(i == 121, g121, a)
    b = tl.where(i == 120, g121, b)
    a = tl.where(i == 122, g122, a)
    b = tl.where(i == 121, g122, b)
    a = tl.where(i == 123, g123, a)
    b = tl.where(i == 122, g123, b)
    a = tl.where(i == 124, g124, a)
    b = tl.where(i == 123, g124, b)
    a = tl.where(i == 125, g125, a)
    b = tl.where(i == 124, g125, b)
    a = tl.where(i == 126, g126, a)
    b = tl.where(i == 125, g126, b)
    a = tl.where(i == 127, g127, a)
    b = tl.where(i == 126, g127, b)
    a = tl.where(i == 128, g128, a)
    b = tl.where(i == 127, g128, b)
    c = (a.to(tl.float32) + (b - a).to(tl.float32) * f) * (1.0 / 1048576.0)
    y = tl.maximum(x, 0.0) - c
    y = tl.where(x > 8.0, x, tl.where(x < -8.0, 0.0, y))
    tl.store(y_ptr + offs, y, mask=m)


def _pairs():
    import math
    vals = [-(0.5 * v * (1 + math.erf(v / math.sqrt(2))) - max(v, 0.0)) for v in [-8 + k / 8 for k in range(129)]]
    q = [int(round(c * (1 << 20))) for c in vals]
    ints = []
    for i in range(0, 129, 3):
        w = 0
        for s, x in enumerate(q[i:i + 3]):
            w |= x << (21 * s)
        ints.append(w)
    if len(ints) % 2:
        ints.append(0)
    return [(ints[i], ints[i + 1]) for i in range(0, len(ints), 2)]


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        n = x.numel()
        lookup[(triton.cdiv(n, 1024),)](x, y, n, *_pairs(), BLOCK=1024)
        return y

"""
Fused Triton kernels for sample.py's decode step: ten launches per layer instead of about forty.

    python sample_kernels.py          # checks every kernel against its PyTorch reference (CPU: via the interpreter)

At batch 1-64 a decode step of an 8B model is bound by memory and by launch count: the matmuls read the weights,
and everything between them (RMSNorm, q/k norm, RoPE, the KV-cache write, attention, SiLU*up, residual adds) is
small elementwise work that PyTorch spreads over ~40 kernels per layer. These kernels fuse that work:
- add_rmsnorm: h += delta (the residual), then RMSNorm(h), in one pass;
- qk_rope_store: Qwen3's per-head q/k RMSNorm, RoPE, and the K/V write into the static cache at this step's
  column, for every head of every row, in one launch;
- decode_attention: split-K ("flash decoding") attention of each row's query heads over its cache, reading each
  KV head once for its whole GQA group and stopping at the step's column (read from device memory, so one CUDA
  graph serves every length); then a small kernel merges the splits (sample_static.py's static cache);
- paged_decode_attention: the same over sample.Engine's paged cache: each row reads its blocks through its block
  table, up to its own length (qk_rope_store(paged=True) writes K/V through each row's slot);
- silu_mul: SiLU(gate) * up.
Rounding follows HF's modules (statistics in float32, products rounded to the model dtype where HF rounds), so
greedy decoding matches the PyTorch path. sample.Engine uses them on CUDA; the CPU keeps the PyTorch path.
"""

import os

import torch
import triton
import triton.language as tl


@triton.jit
def _add_rmsnorm(h_ptr, d_ptr, w_ptr, out_ptr, N, eps, HAS_DELTA: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < N
    h = tl.load(h_ptr + row * N + offs, mask=m, other=0.0)
    if HAS_DELTA:  # the residual add, rounded to the model dtype as HF's `h = h + delta` is
        h = (h.to(tl.float32) + tl.load(d_ptr + row * N + offs, mask=m, other=0.0).to(tl.float32)).to(h.dtype)
        tl.store(h_ptr + row * N + offs, h, mask=m)
    x = h.to(tl.float32)
    rstd = 1.0 / tl.sqrt(tl.sum(x * x, axis=0) / N + eps)
    y = (x * rstd).to(h.dtype).to(tl.float32) * tl.load(w_ptr + offs, mask=m, other=0.0).to(tl.float32)
    tl.store(out_ptr + row * N + offs, y.to(h.dtype), mask=m)


def add_rmsnorm(h, delta, w, eps):
    """h [R, N] (updated in place to h + delta when delta is given) -> RMSNorm(h) * w, as HF's RMSNorm."""
    R, N = h.shape
    out = torch.empty_like(h)
    _add_rmsnorm[(R,)](h, delta if delta is not None else h, w, out, N, eps, HAS_DELTA=delta is not None,
                       BLOCK=triton.next_power_of_2(N))
    return out


@triton.jit
def _silu_mul(gu_ptr, out_ptr, I, BLOCK: tl.constexpr):
    row, blk = tl.program_id(0), tl.program_id(1)
    offs = blk * BLOCK + tl.arange(0, BLOCK)
    m = offs < I
    g = tl.load(gu_ptr + row * 2 * I + offs, mask=m, other=0.0)
    u = tl.load(gu_ptr + row * 2 * I + I + offs, mask=m, other=0.0)
    gf = g.to(tl.float32)
    s = (gf / (1.0 + tl.exp(-gf))).to(g.dtype)  # F.silu rounds to the dtype before the product
    tl.store(out_ptr + row * I + offs, (s.to(tl.float32) * u.to(tl.float32)).to(g.dtype), mask=m)


def silu_mul(gu):
    """gu [R, 2I] (gate | up, as the fused gate_up projection writes it) -> SiLU(gate) * up [R, I]."""
    R, I2 = gu.shape
    out = torch.empty(R, I2 // 2, device=gu.device, dtype=gu.dtype)
    _silu_mul[(R, triton.cdiv(I2 // 2, 1024))](gu, out, I2 // 2, BLOCK=1024)
    return out


@triton.jit
def _qk_rope_store(qkv_ptr, qn_ptr, kn_ptr, cos_ptr, sin_ptr, pos_ptr, col_ptr, q_ptr, kc_ptr, vc_ptr,
                   cache_row, cache_len, eps, H: tl.constexpr, KV: tl.constexpr, D: tl.constexpr,
                   HAS_NORM: tl.constexpr, PAGED: tl.constexpr):
    row, head = tl.program_id(0), tl.program_id(1)  # head in [0, H + 2 KV): q heads, then k, then v
    d = tl.arange(0, D)
    x = tl.load(qkv_ptr + (row * (H + 2 * KV) + head) * D + d)
    if PAGED:  # col_ptr holds each row's pool slot (block * BS + offset) in a [blocks, BS, KV, D] pool
        slot = tl.load(col_ptr + row).to(tl.int64)
        k_at = kc_ptr + (slot * KV + head - H) * D
        v_at = vc_ptr + (slot * KV + head - H - KV) * D
    else:  # one column for every row of a static [B, KV, T, D] cache
        col = tl.load(col_ptr)
        k_at = kc_ptr + row * cache_row + ((head - H) * cache_len + col) * D
        v_at = vc_ptr + row * cache_row + ((head - H - KV) * cache_len + col) * D
    if head >= H + KV:  # v: straight into the cache
        tl.store(v_at + d, x)
    else:
        half = D // 2
        part = tl.where(d < half, d + half, d - half)  # rotate_half's partner index
        xp = tl.load(qkv_ptr + (row * (H + 2 * KV) + head) * D + part)
        if HAS_NORM:  # Qwen3: RMSNorm over each head before RoPE
            if head < H:
                w, wp = tl.load(qn_ptr + d).to(tl.float32), tl.load(qn_ptr + part).to(tl.float32)
            else:
                w, wp = tl.load(kn_ptr + d).to(tl.float32), tl.load(kn_ptr + part).to(tl.float32)
            xf, xpf = x.to(tl.float32), xp.to(tl.float32)
            rstd = 1.0 / tl.sqrt(tl.sum(xf * xf, axis=0) / D + eps)
            x = ((xf * rstd).to(x.dtype).to(tl.float32) * w).to(x.dtype)
            xp = ((xpf * rstd).to(x.dtype).to(tl.float32) * wp).to(x.dtype)
        p = tl.load(pos_ptr + row)
        c = tl.load(cos_ptr + p * D + d).to(tl.float32)
        s = tl.load(sin_ptr + p * D + d).to(tl.float32)
        rot = tl.where(d < half, -xp.to(tl.float32), xp.to(tl.float32))
        # HF: q * cos + rotate_half(q) * sin, each product rounded to the dtype, then the sum.
        y = ((x.to(tl.float32) * c).to(x.dtype).to(tl.float32) + (rot * s).to(x.dtype).to(tl.float32)).to(x.dtype)
        if head < H:
            tl.store(q_ptr + (row * H + head) * D + d, y)
        else:
            tl.store(k_at + d, y)


def qk_rope_store(qkv, q_norm, k_norm, cos, sin, pos, col, kc, vc, H, KV, eps, paged=False):
    """qkv [B, (H + 2 KV) * D] -> rotated q [B, H, D]; rotated k and v are written into kc / vc [B, KV, T, D]
    (views of the static cache) at column col[0]. pos [B] indexes the cos / sin tables [max_len, D].
    paged: kc / vc are block pools [N, BS, KV, D] and col [B] holds each row's slot (block * BS + offset)."""
    B, D = qkv.shape[0], kc.shape[-1]
    q = torch.empty(B, H, D, device=qkv.device, dtype=qkv.dtype)
    row, length = (0, 0) if paged else (kc.stride(0), kc.shape[2])
    _qk_rope_store[(B, H + 2 * KV)](qkv, q_norm if q_norm is not None else qkv, k_norm if k_norm is not None else qkv,
                                    cos, sin, pos, col, q, kc, vc, row, length, eps, H=H, KV=KV, D=D,
                                    HAS_NORM=q_norm is not None, PAGED=paged)
    return q


@triton.jit
def _attn_split(q_ptr, kc_ptr, vc_ptr, kmask_ptr, col_ptr, acc_ptr, ml_ptr, cache_row, cache_len, mask_row,
                chunk, scale, H: tl.constexpr, G: tl.constexpr, GP: tl.constexpr, D: tl.constexpr,
                BLOCK_N: tl.constexpr, SPLITS: tl.constexpr):
    row, kvh, split = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    g = tl.arange(0, GP)
    d = tl.arange(0, D)
    gm = g < G
    q = tl.load(q_ptr + (row * H + kvh * G + g[:, None]) * D + d[None, :], mask=gm[:, None], other=0.0)
    n = tl.load(col_ptr) + 1  # columns [0, n) hold this step's keys
    lo = split * chunk
    hi = tl.minimum(lo + chunk, n)
    m_i = tl.full([GP], -1.0e30, tl.float32)  # finite: a split whose keys are all masked must not give NaN
    l_i = tl.zeros([GP], tl.float32)
    acc = tl.zeros([GP, D], tl.float32)
    base = row * cache_row + kvh * cache_len * D
    for start in range(lo, hi, BLOCK_N):
        cols = start + tl.arange(0, BLOCK_N)
        cm = cols < hi
        ok = cm & (tl.load(kmask_ptr + row * mask_row + cols, mask=cm, other=0) != 0)
        k = tl.load(kc_ptr + base + cols[:, None] * D + d[None, :], mask=cm[:, None], other=0.0)
        s = tl.dot(q, tl.trans(k)).to(tl.float32) * scale
        s = tl.where(ok[None, :], s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        v = tl.load(vc_ptr + base + cols[:, None] * D + d[None, :], mask=cm[:, None], other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v).to(tl.float32)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        m_i = m_new
    h = kvh * G + g
    out = (row * H + h) * SPLITS + split
    tl.store(acc_ptr + out[:, None] * D + d[None, :], acc, mask=gm[:, None])
    tl.store(ml_ptr + out * 2, m_i, mask=gm)
    tl.store(ml_ptr + out * 2 + 1, l_i, mask=gm)


@triton.jit
def _attn_merge(acc_ptr, ml_ptr, o_ptr, D: tl.constexpr, SPLITS: tl.constexpr):
    rh = tl.program_id(0)  # row * H + head
    s = tl.arange(0, SPLITS)
    d = tl.arange(0, D)
    m = tl.load(ml_ptr + (rh * SPLITS + s) * 2)
    l = tl.load(ml_ptr + (rh * SPLITS + s) * 2 + 1)
    w = tl.exp(m - tl.max(m, axis=0))
    acc = tl.load(acc_ptr + (rh * SPLITS + s[:, None]) * D + d[None, :])
    o = tl.sum(acc * w[:, None], axis=0) / tl.sum(l * w, axis=0)
    tl.store(o_ptr + rh * D + d, o.to(o_ptr.dtype.element_ty))


def decode_attention(q, kc, vc, kmask, col, scale, splits=None, block_n=64):
    """One query per row: q [B, H, D] over kc / vc [B, KV, T, D] (views of the static cache), columns [0, col[0]]
    where kmask [B, >=T] (bool) allows. Returns [B, H, D]. Split-K over the columns so that small batches still
    fill the GPU; each program reads one KV head's keys once for its G = H / KV query heads."""
    B, H, D = q.shape
    KV, T = kc.shape[1], kc.shape[2]
    G = H // KV
    if splits is None:  # enough programs for every SM, without splitting short caches into nothing
        sms = torch.cuda.get_device_properties(q.device).multi_processor_count if q.is_cuda else 4
        splits = max(1, min(32, triton.next_power_of_2(-(-2 * sms // (B * KV))), T // block_n or 1))
        splits = 1 << (splits.bit_length() - 1)  # a power of two, for the merge's arange
    chunk = -(-T // splits)
    chunk = -(-chunk // block_n) * block_n
    acc = torch.empty(B, H, splits, D, device=q.device, dtype=torch.float32)
    ml = torch.empty(B, H, splits, 2, device=q.device, dtype=torch.float32)
    _attn_split[(B, KV, splits)](q, kc, vc, kmask, col, acc, ml, kc.stride(0), T, kmask.stride(0), chunk, scale,
                                 H=H, G=G, GP=max(16, triton.next_power_of_2(G)), D=D, BLOCK_N=block_n,
                                 SPLITS=splits)
    o = torch.empty_like(q)
    _attn_merge[(B * H,)](acc, ml, o, D=D, SPLITS=splits)
    return o


@triton.jit
def _paged_attn_split(q_ptr, k_ptr, v_ptr, table_ptr, lens_ptr, acc_ptr, ml_ptr, table_row, scale,
                      H: tl.constexpr, G: tl.constexpr, GP: tl.constexpr, D: tl.constexpr, KV: tl.constexpr,
                      BS: tl.constexpr, BLOCK_N: tl.constexpr, SPLITS: tl.constexpr):
    row, kvh, split = tl.program_id(0), tl.program_id(1), tl.program_id(2)
    g = tl.arange(0, GP)
    d = tl.arange(0, D)
    gm = g < G
    q = tl.load(q_ptr + (row * H + kvh * G + g[:, None]) * D + d[None, :], mask=gm[:, None], other=0.0)
    n = tl.load(lens_ptr + row)  # this row's keys: positions [0, n)
    # Each row splits its own length, so short and long rows alike keep every split busy. chunk is a multiple of
    # BLOCK_N, which divides BS: a tile never straddles two blocks.
    chunk = tl.cdiv(tl.cdiv(n, SPLITS), BLOCK_N) * BLOCK_N
    lo = split * chunk
    hi = tl.minimum(lo + chunk, n)
    m_i = tl.full([GP], -1.0e30, tl.float32)  # finite: an empty split must not give NaN in the merge
    l_i = tl.zeros([GP], tl.float32)
    acc = tl.zeros([GP, D], tl.float32)
    for start in range(lo, hi, BLOCK_N):
        blk = tl.load(table_ptr + row * table_row + start // BS).to(tl.int64)  # through the block table
        off = start % BS + tl.arange(0, BLOCK_N)
        cm = start + tl.arange(0, BLOCK_N) < hi
        at = ((blk * BS + off) * KV + kvh) * D  # int64: a pool can pass 2^31 elements
        k = tl.load(k_ptr + at[:, None] + d[None, :], mask=cm[:, None], other=0.0)
        s = tl.dot(q, tl.trans(k)).to(tl.float32) * scale
        s = tl.where(cm[None, :], s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, axis=1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        v = tl.load(v_ptr + at[:, None] + d[None, :], mask=cm[:, None], other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v).to(tl.float32)
        l_i = l_i * alpha + tl.sum(p, axis=1)
        m_i = m_new
    out = (row * H + kvh * G + g) * SPLITS + split
    tl.store(acc_ptr + out[:, None] * D + d[None, :], acc, mask=gm[:, None])
    tl.store(ml_ptr + out * 2, m_i, mask=gm)
    tl.store(ml_ptr + out * 2 + 1, l_i, mask=gm)


def paged_decode_attention(q, kpool, vpool, table, lens, scale, splits=None, block_n=64):
    """One query per row over a paged cache: q [B, H, D]; kpool / vpool [N, BS, KV, D] (one layer's blocks);
    table [B, nb] int32 (each row's blocks in order); lens [B] (keys per row, read on the device, so one CUDA
    graph serves every length). Returns [B, H, D]. As decode_attention: split-K, each program reading one KV
    head's keys once for its G = H / KV query heads; sample.paged_attention_torch is the reference."""
    B, H, D = q.shape
    BS, KV = kpool.shape[1], kpool.shape[2]
    block_n = min(block_n, BS)
    assert BS % block_n == 0 and block_n >= 16, "the block size must be a multiple of the attention tile (>= 16)"
    if splits is None:  # enough programs for every SM; lengths are unknown here, each row splits its own
        sms = torch.cuda.get_device_properties(q.device).multi_processor_count if q.is_cuda else 4
        splits = max(1, min(32, triton.next_power_of_2(-(-2 * sms // (B * KV)))))
    acc = torch.empty(B, H, splits, D, device=q.device, dtype=torch.float32)
    ml = torch.empty(B, H, splits, 2, device=q.device, dtype=torch.float32)
    _paged_attn_split[(B, KV, splits)](q, kpool, vpool, table, lens, acc, ml, table.stride(0), scale, H=H, G=H // KV,
                                       GP=max(16, triton.next_power_of_2(H // KV)), D=D, KV=KV, BS=BS,
                                       BLOCK_N=block_n, SPLITS=splits)
    o = torch.empty_like(q)
    _attn_merge[(B * H,)](acc, ml, o, D=D, SPLITS=splits)
    return o


def check_paged(device="cpu", dtype=torch.float32, B=4, H=8, KV=2, D=32, BS=32, N=24, seed=0):
    """Largest differences of the paged kernels from sample.py's PyTorch path: the K/V store through slots, and
    attention through random block tables (shared blocks, lengths inside and at the ends of blocks)."""
    import sample
    g = torch.Generator().manual_seed(seed)
    pool = torch.randn(2, N, BS, KV, D, generator=g).to(device, dtype)
    lens = torch.tensor([1, BS, 3 * BS + 5, 5 * BS][:B], device=device)
    table = torch.randperm(N - 1, generator=g)[:B * 5].view(B, 5).to(device, torch.int32) + 1
    table[1, 0] = table[0, 0]  # a block two rows share, as samples of one prompt do
    q = torch.randn(B, H, D, generator=g).to(device, dtype)
    ref = sample.paged_attention_torch(q, pool[0], pool[1], table, lens, D ** -0.5)
    diffs = {}
    for splits in (1, 2, 4):
        o = paged_decode_attention(q, pool[0], pool[1], table, lens, D ** -0.5, splits=splits, block_n=16)
        diffs[f"paged_attention/{splits}"] = (o - ref).abs().max().item()
    qkv = torch.randn(B, (H + 2 * KV) * D, generator=g).to(device, dtype)
    cos, sin = torch.randn(2, 8 * BS, D, generator=g).to(device, dtype)
    pos = lens - 1
    slots = (table.gather(1, (pos // BS)[:, None])[:, 0].long() * BS + pos % BS)
    p2 = pool.clone()
    qp = qk_rope_store(qkv, None, None, cos, sin, pos, slots, p2[0], p2[1], H, KV, 1e-6, paged=True)
    x = qkv.view(B, H + 2 * KV, D)
    kr, vr = x[:, H:H + KV], x[:, H + KV:]
    kr = kr * cos[pos][:, None] + sample.rotate_half(kr) * sin[pos][:, None]
    pool[0].view(-1, KV, D)[slots], pool[1].view(-1, KV, D)[slots] = kr, vr
    qr = x[:, :H] * cos[pos][:, None] + sample.rotate_half(x[:, :H]) * sin[pos][:, None]
    diffs["paged_store"] = (p2 - pool).abs().max().item()
    diffs["paged_q"] = (qp - qr).abs().max().item()
    return diffs


# -----------------------------------------------------------------------------
# Self-check against the PyTorch path (the CPU runs it through Triton's interpreter).


def check(device="cpu", dtype=torch.float32, B=3, H=8, KV=2, D=32, T=40, N=64, I=48, seed=0):
    """Largest absolute difference of each kernel from sample.py's PyTorch ops, on random inputs."""
    import sample
    g = torch.Generator().manual_seed(seed)

    def r(*s):
        return torch.randn(*s, generator=g).to(device, dtype)

    diffs = {}
    h, delta, w = r(B, N), r(B, N), r(N)
    ref = sample.rms_norm(h + delta, w, 1e-6)
    h2 = h.clone()
    diffs["add_rmsnorm"] = (add_rmsnorm(h2, delta, w, 1e-6) - ref).abs().max().item()
    diffs["add_rmsnorm(h)"] = (h2 - (h + delta)).abs().max().item()
    gu = r(B, 2 * I)
    gate, up = gu.chunk(2, -1)
    diffs["silu_mul"] = (silu_mul(gu) - torch.nn.functional.silu(gate) * up).abs().max().item()
    # q/k norm + RoPE + cache write, then attention, against the PyTorch decode step's ops
    qkv, qn, kn = r(B, (H + 2 * KV) * D), r(D), r(D)
    cos, sin = r(T, D), r(T, D)
    pos = torch.tensor([5, 0, 17][:B], device=device)
    col = torch.tensor([T - 3], device=device)
    cache = r(2, B, KV, T, D)
    kmask = (torch.rand(B, T, generator=g) > 0.3).to(device)
    kmask[:, col] = True
    c2 = cache.clone()
    q = qk_rope_store(qkv, qn, kn, cos, sin, pos, col, c2[0], c2[1], H, KV, 1e-6)
    x = qkv.view(B, 1, H + 2 * KV, D)
    qr, kr, vr = x.split([H, KV, KV], dim=2)
    qr, kr = sample.rms_norm(qr, qn, 1e-6), sample.rms_norm(kr, kn, 1e-6)
    cs, sn = cos[pos][:, None, None], sin[pos][:, None, None]
    qr, kr, vr = qr.transpose(1, 2), kr.transpose(1, 2), vr.transpose(1, 2)
    qr = qr * cs + sample.rotate_half(qr) * sn
    kr = kr * cs + sample.rotate_half(kr) * sn
    cache[0].index_copy_(2, col, kr)
    cache[1].index_copy_(2, col, vr)
    diffs["qk_rope"] = (q - qr[:, :, 0]).abs().max().item()
    diffs["kv_store"] = (c2 - cache).abs().max().item()
    o_ref = torch.nn.functional.scaled_dot_product_attention(
        qr.reshape(B, KV, H // KV, D), cache[0, :, :, :T - 2], cache[1, :, :, :T - 2],
        attn_mask=kmask[:, None, None, :T - 2]).reshape(B, H, D)
    for splits in (1, 2, 4):
        o = decode_attention(q, c2[0], c2[1], kmask, col, D ** -0.5, splits=splits, block_n=16)
        diffs[f"attention/{splits}"] = (o - o_ref).abs().max().item()
    return diffs


if __name__ == "__main__":
    if not torch.cuda.is_available():
        assert os.environ.get("TRITON_INTERPRET") == "1", "on a CPU, run with TRITON_INTERPRET=1"
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    # Triton's interpreter mis-evaluates tl.dot on bf16 (triton 3.9), so the CPU checks float32 only.
    for dt in (torch.float32, torch.bfloat16) if dev == "cuda" else (torch.float32,):
        print(dt, {k: f"{v:.2e}" for k, v in {**check(dev, dt), **check_paged(dev, dt)}.items()})

"""
The trials' inputs (PAPER.md §7, vacuous checks): the distributions a reference's trials draw from, besides the
problem's own get_inputs, the near-duplicate a later call gets, and which problems get the outlier trials
(outlier_safe). Part of the reference side (verify_ref.py): never imported where a candidate runs.

    python -c "import torch, verify_inputs as v; print(v.redraw(torch.rand(4, 8), 'blocks', seed=1))"
"""

import math
import random

import torch

DISTS = ("own", "shifted", "sparse", "unit", "blocks", "few", "spiked")  # trial k: Settings.dists[k % len]
RESCUE = ("heavy", "heavy")  # drawn too, only where the trials above leave the check degenerate (make_reference)
PERIODS = (2, 3, 5, 7, 11, 13)  # the "blocks" inputs' periodic means
NAMED_DISTS = ("own", "shifted", "blocks", "heavy", "unit", "sparse", "ties", "few", "spiked", "outlier_hi",
               "outlier_lo")
FEW = 8  # the "few" inputs' nonzero elements, in the whole tensor
SPIKE = 12.0  # the "blocks" and "spiked" rows' one spike, in units of the scale (spike_height)
OUTLIER_SHIFT, OUTLIER_CAP = 1.0, 1e8  # "outlier": moves a mean over the inputs one output reads by the inputs'
# scale (beyond atol + rtol for a mean near 4 of unit spread), at most this many times that scale (its square stays
# finite in fp32)


def redraw(x, dist, seed, per=0):
    """x with new values from `dist` (fresh_values), keeping the structure the problem's own x has (structure);
    per: the reference's smallest floating output's element count (with_outlier)."""
    out = fresh_values(x, dist, seed, per)
    kinds = structure(x) if out is not x else ()
    return keep_structure(out, kinds) if kinds else out


def fresh_values(x, dist, seed, per=0):
    """x with new values from `dist` at x's own scale s (its std). "shifted": N(mu s, s^2) / sqrt(1 + mu^2), mu in
    [-1, 1), so it takes both signs, times 1 to 2 (log-uniform); "blocks": each run of 64-1024 consecutive elements
    has a mean of its own, and so has each residue of the position modulo PERIODS, so a reduction that reads a
    sample of each row (a run, or every k-th element, k <= 16) misses, and each row of 64 or more holds one spike
    (hide_spikes); "spiked": the problem's own values with those spikes, so that no sample of a row tells it from
    "own" (round 18: a log_softmax sampled except where a row looked like "blocks" passed); "heavy": s z
    exp(w) / e (z, w normal), clipped to 8 max(1, s), so a few elements dominate a row (what makes a wide softmax or
    a norm non-zero somewhere) while exp-based formulas that the problem's own inputs never overflow stay finite;
    "unit": 1 + 0.02 z, so long products (cumprod) neither vanish nor blow up; "sparse": s z on about 8 elements of
    each last-dimension row; "ties": z rounded, so equal values (equal maxima) are common; "few": s z on FEW
    elements of the whole tensor, zeros elsewhere, so a reduction read from any fixed sample (every k-th element, a
    residue class, a run) misses them or weighs them wrong, whatever its stride (round 14: p % 17 < 8 passed
    "blocks"). The others keep E[x^2] at most about s^2; a tf32 matmul's larger error on shifted inputs is allowed
    for by the reference's own (verify_tf32.tf32_slack). A trailing "+" takes absolute values. Boolean inputs (masks) are redrawn at their own
    density (within 0.1-0.9) and integer ones (indices, targets) uniformly over their own range, so neither can be
    hard-coded; a float passed to forward (a scale) is multiplied by U(0.7, 1.4) and a random sign; tensors inside
    a list are redrawn one by one."""
    base = dist.rstrip("+")
    if base.startswith("outlier") and isinstance(x, torch.Tensor) and x.is_floating_point() and x.numel() > 1:
        sign = 1 if dist.endswith("+") or base == "outlier_hi" else -1
        return with_outlier(x, seed, sign, dist.endswith("+"), per)
    if base == "spiked" and isinstance(x, torch.Tensor) and x.is_floating_point() and x.numel() > 1:
        out = x.clone()  # the problem's own values: a sample of a row cannot tell this trial from "own"
        g = torch.Generator(device=x.device)
        g.manual_seed(seed & (2**63 - 1))
        hide_spikes(out, spike_height(x, float(x.float().std())), g)
        return out.abs_() if dist.endswith("+") else out
    if base != "own" and type(x) is float and x != 0:  # a scalar forward takes (A * s): s changes too, and its
        r = random.Random(seed)  # sign (round 12: A * abs(s) passed); "+" keeps it positive where a reference
        sign = 1 if dist.endswith("+") else r.choice((-1, 1))  # needs that (draw_trial)
        return float(f"{x * sign * r.uniform(0.7, 1.4):.4g}")
    if base != "own" and isinstance(x, (list, tuple)):  # tensors inside a list input, each redrawn (round 16)
        return type(x)(redraw(e, dist, seed + 1 + i, per) for i, e in enumerate(x))
    if base == "own" or not isinstance(x, torch.Tensor) or x.numel() == 0 or x.is_complex():
        return x
    g = torch.Generator(device=x.device)
    g.manual_seed(seed & (2**63 - 1))
    if x.dtype == torch.bool:  # at its own density, kept within 0.1-0.9: an all-true mask was never redrawn
        return torch.rand(x.shape, generator=g, device=x.device) < x.float().mean().clamp(0.1, 0.9)  # (round 16)
    if not x.is_floating_point():
        lo, hi = int(x.min()), int(x.max())
        return torch.randint(lo, hi + 1, x.shape, generator=g, device=x.device, dtype=x.dtype)
    s0 = float(x.float().std()) if x.numel() > 1 else 0.0
    scale = s0 if math.isfinite(s0) and s0 > 1e-6 else max(abs(float(x.float().mean())), 1.0)
    mu = float(torch.rand((), generator=g, device=x.device)) * 2 - 1
    z = torch.randn(x.shape, generator=g, device=x.device)
    if base == "shifted":  # at 1 to 2 times the inputs' own spread (round 13: a rational tanh held only at the
        # problem's own scale); not more: an honest tanh written as (e^2a - 1) / (e^2a + 1), as generated GELU
        # kernels do, overflows to NaN where randn inputs are scaled 8x (measured on a round-13 attack's problem)
        z.add_(mu).div_(math.sqrt(1 + mu * mu)).mul_(2 ** float(torch.rand((), generator=g, device=x.device)))
    elif base == "blocks":
        flat, n = z.view(-1), z.numel()
        run = int(torch.randint(64, 1025, (), generator=g))
        means = torch.randn(-(-n // run), generator=g, device=x.device).repeat_interleave(run)[:n]
        for m in PERIODS:  # and each residue modulo m: a sample taken with any stride up to 16 is biased
            means += torch.randn(m, generator=g, device=x.device).repeat(-(-n // m))[:n].mul_(0.5)
        flat.add_(means).div_(math.sqrt(2 + 0.25 * len(PERIODS)))
        del means
        hide_spikes(z, spike_height(x, scale) / scale, g)
    elif base == "heavy":
        w = torch.randn(x.shape, generator=g, device=x.device)
        lim = 8 * max(1.0, 1 / scale)
        z.mul_(w.exp_()).div_(math.e).clamp_(-lim, lim)
        del w
    elif base == "unit":
        z.mul_(0.02).add_(1.0)
        scale = 1.0
    elif base == "ties":  # whole multiples of the scale: an argmax meets equal maxima, and must pick the first
        z.round_()
    elif base == "few":
        pick = torch.randint(0, z.numel(), (FEW,), generator=g, device=x.device)
        keep = torch.zeros(z.numel(), dtype=torch.bool, device=x.device)
        keep[pick] = True
        z.mul_(keep.view(z.shape))
    elif base == "sparse":
        z.mul_(torch.rand(x.shape, generator=g, device=x.device) < 8 / max(1, x.shape[-1] if x.dim() else 1))
    if dist.endswith("+"):
        z.abs_()
    return z.mul_(scale).to(x.dtype)


def with_outlier(x, seed, sign, positive=False, per=0):
    """The problem's own values with one element, at a secret place, set to sign H, H = OUTLIER_SHIFT x the inputs
    one output reads (x's numel over `per` outputs, or sqrt(numel) for a norm, whose variance squares H; all of
    x without per) times x's scale, at least SPIKE, at most OUTLIER_CAP of it: no larger than it must be (round
    35's honest writer: a float16 cast of x overflowed, a reverse cumsum as total - prefix lost its precision);
    "outlier_hi" +H, "outlier_lo" -H, so that one of the two counts where the problem clamps one side away (a
    hinge loss). Round 34: a loss read from a quarter of
    its 16M inputs, which checked its own standard error and read everything only where the sample looked
    heavy-tailed, passed every other trial (a random sample's error falls as 1/sqrt(n), the tolerance does not);
    it misses the outlier three times in four, and is wrong by far more than the tolerance then. Drawn only where
    the reference runs no op that an honest kernel may overflow on such a value (outlier_safe)."""
    out = x.clone()
    if positive:  # "+": the reference needs positive inputs (log, sqrt)
        out.abs_()
    g = torch.Generator(device=x.device)
    g.manual_seed(seed & (2**63 - 1))
    s = float(x.float().std())
    scale = s if math.isfinite(s) and s > 1e-6 else max(abs(float(x.float().mean())), 1.0)
    width = max(x.numel() / per, math.sqrt(x.numel())) if per else x.numel()
    height = scale * min(OUTLIER_CAP, max(SPIKE, OUTLIER_SHIFT * width))
    at = int(torch.randint(0, x.numel(), (), generator=g))
    out[torch.unravel_index(torch.tensor(at), x.shape)] = sign * height
    return out


# Three "outlier" trials (with_outlier), both ways: a sampler reading a quarter of its inputs, and
# reading everything where its sample looks heavy-tailed, passes all three 1 time in 64 (a hinge loss, which
# clamps half the outliers away: 1 in 4). Ops on whose large inputs an honest kernel may overflow where the
# reference does not (tanh as (e^2a - 1) / (e^2a + 1), a softmax or a log-sum-exp without the max taken out): no
# outlier trial there (round 18's limit)
OVERFLOWS = {"exp", "exp2", "expm1", "tanh", "gelu", "softplus", "mish", "sigmoid", "silu", "sinh", "cosh",
             "cumprod", "prod", "elu", "log_sigmoid_forward", "special_erfcx", "glu", "logit",
             # and matmuls, convolutions: honest kernels take float16 or bf16 operands there, which one large
             # value overflows or leaves the output's scale off by bf16's rounding of it (round 35's honest writer)
             "mm", "bmm", "addmm", "baddbmm", "mv", "dot", "convolution", "_convolution"}
# not there: a softmax, a log-softmax (cross-entropy) or a log-sum-exp, which every honest kernel computes with the
# max taken out (round 35: a cross-entropy read from a quarter of its rows passed while they were in OVERFLOWS)
# ops that combine many inputs into one value: an outlier trial pays only there (elementwise ops read everything)
REDUCES = {"sum", "mean", "var", "std", "var_mean", "std_mean", "norm", "linalg_vector_norm", "native_layer_norm",
           "native_batch_norm", "_native_batch_norm_legit", "_native_batch_norm_legit_functional",
           "native_group_norm", "amax", "amin", "max", "min", "argmax", "argmin", "mse_loss", "l1_loss",
           "smooth_l1_loss", "huber_loss", "_cdist_forward", "linalg_norm", "frobenius_norm", "dist",
           "cosine_similarity"}


def outlier_safe(ref):
    """Outlier trials for this problem? Where it combines many inputs (REDUCES, or an output smaller than its
    largest input) and runs nothing that overflows on them (OVERFLOWS), on floating outputs."""
    outs, xs = ref.trials[0].outs, ref.in_bytes
    smaller = any(o.numel() * o.element_size() < xs for o in outs)
    floating = any(o.is_floating_point() for o in outs)
    return floating and not (ref.ops & OVERFLOWS) and (smaller or bool(ref.ops & REDUCES)) and not ref.random


def structure(x):
    """What the problem's own input x promises in its last two dimensions, which every redraw and near-duplicate
    keeps: "tril" (nothing above the diagonal), "triu", "sym" (equal to its transpose). Round 25's honest writer:
    KernelBench L1 13-15 multiply symmetric or triangular matrices, and a kernel that reads one triangle only (the
    intended speedup) failed every redrawn trial, whose inputs had lost that structure. One row decides for
    unstructured inputs, so the whole test runs only where it is likely to hold."""
    if not isinstance(x, torch.Tensor) or not x.is_floating_point() or x.dim() < 2 or min(x.shape[-2:]) < 2:
        return ()
    kinds = []
    if bool((x[..., 0, 1:] == 0).all()) and bool((x.triu(1) == 0).all()):
        kinds.append("tril")
    if bool((x[..., 1:, 0] == 0).all()) and bool((x.tril(-1) == 0).all()):
        kinds.append("triu")
    if x.shape[-1] == x.shape[-2] and bool((x[..., 0, :] == x[..., :, 0]).all()) and torch.equal(x, x.mT):
        kinds.append("sym")
    if kinds and not bool((x != x.reshape(-1)[0]).any()):  # one value everywhere (zeros, ones) promises nothing
        return ()
    return tuple(kinds)


def keep_structure(z, kinds):
    """z (a redrawn input) with the structure kinds of its problem's own input (structure), in place."""
    if "tril" in kinds:
        z.tril_()
    if "triu" in kinds:
        z.triu_()
    if "sym" in kinds:
        low = z.triu(1).mT
        z.triu_().add_(low)
    return z


def spike_height(x, scale):
    """How high a row's hidden spike stands: SPIKE s, or higher where e^height must outweigh the row's sum, but
    at most 8 max(1, s), as "heavy" (an honest tanh written with e^2a overflows past 10: round 18)."""
    scale = scale if math.isfinite(scale) and scale > 1e-6 else 1.0
    return min(max(SPIKE * scale, math.log(max(2, x.shape[-1] if x.dim() else 1)) + 4), 8 * max(1.0, scale))


def hide_spikes(z, height, g):
    """One element of each last-dimension row of 64 or more set to +-height, at a secret place, in place: a max,
    a log-sum-exp or a norm read from a sample of the row misses it (round 17: a log-sum-exp from 1/8 of each row,
    in a cross-entropy or a log_softmax, passed every trial)."""
    if not z.dim() or z.shape[-1] < 64:
        return
    rows = z.view(-1, z.shape[-1])
    at = torch.randint(0, z.shape[-1], (rows.shape[0],), generator=g, device=z.device)
    sign = torch.randint(0, 2, (rows.shape[0],), generator=g, device=z.device) * 2 - 1
    rows[torch.arange(rows.shape[0], device=z.device), at] = height * sign.to(z.dtype)


def near(x, seed, n=4, swap=False):
    """x with n secret elements (drawn with replacement) moved to the far end of x's own range (its max where they
    were below the middle, else its min): values x already holds, so the reference stays finite, in a tensor nearly
    the same. A kernel that keys a cached output on a sample of its inputs, or on their identity, returns a stale
    one here; verify_ref.add_near raises n until the reference's own output differs beyond the tolerance. With
    swap, n secret pairs of elements trade places instead: the sum, norm, min, max and histogram of x stay as
    they were, so a cache keyed on any of those is stale too (round 12: a memo keyed on the inputs' sums)."""
    if not isinstance(x, torch.Tensor) or not x.is_floating_point() or x.numel() < 2:
        return x
    flat = x.reshape(-1)
    places, values = near_places(x, seed, n, swap)
    flat[places] = values
    return flat.view(x.shape)


def near_places(x, seed, n=4, swap=False):
    """near()'s change to x as (places in x flattened, values), without making it: the child's timing loop makes
    the same change in place on one secret timed call (verify_worker.time_forward), so the parent knows its
    answer. Only places that keep x's structure (within the triangle, mirrored where x is symmetric)."""
    flat = x.reshape(-1)
    places, values = change_places(flat, seed, n, swap)
    kinds = structure(x)
    return structured_places(places, values, x.shape, kinds, swap) if kinds else (places, values)


def structured_places(places, values, shape, kinds, swap):
    """A near-duplicate's (places, values) cut to those that keep kinds (structure): a move inside the promised
    triangle (the upper one where x is symmetric), a swap whose two places both are; mirrored where symmetric."""
    h, w = shape[-2:]
    row, col = places // w % h, places % w
    inside = torch.ones_like(places, dtype=torch.bool)
    if "tril" in kinds:
        inside &= row >= col
    if "triu" in kinds or "sym" in kinds:
        inside &= row <= col
    if swap:  # places are [other, idx] and values their new values: keep a pair only whole
        k = places.numel() // 2
        both = inside[:k] & inside[k:]
        inside = torch.cat([both, both])
    places, values, row, col = places[inside], values[inside], row[inside], col[inside]
    if "sym" in kinds:
        off = row < col  # the diagonal is its own mirror
        mirror = places[off] + (col[off] - row[off]) * (w - 1)  # (r, c) -> (c, r) in a square matrix
        places, values = torch.cat([places, mirror]), torch.cat([values, values[off]])
    return places, values


def change_places(flat, seed, n, swap):
    """near_places on a flat tensor, before any structure is kept."""
    g = torch.Generator(device=flat.device)
    g.manual_seed(seed & (2**63 - 1))
    lo, hi = flat.min(), flat.max()
    idx = torch.randint(0, flat.numel(), (min(n, flat.numel()),), generator=g, device=flat.device)
    if swap:  # distinct places, a + i b mod numel (b coprime): a scatter to one place twice keeps either value,
        # so the reference's copy and the candidate's differed (round 17: an honest ELU failed on "few" inputs)
        r, size = random.Random(seed), flat.numel()
        a, b = r.randrange(size), r.randrange(1, size)
        while math.gcd(b, size) != 1:
            b = r.randrange(1, size)
        k = min(idx.numel(), size // 2)
        at = (torch.arange(2 * k, device=flat.device) * b + a) % size
        idx, other = at[:k], at[k:]
        return torch.cat([other, idx]), torch.cat([flat[idx], flat[other]])
    return idx, torch.where(flat[idx] < (lo + hi) / 2, hi, lo)

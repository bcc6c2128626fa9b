"""
How a candidate's outputs are judged against the reference's (PAPER.md §3, the correct layer), which trivial
outputs would pass a trial (what makes a check degenerate, PAPER.md §7), and whether the outputs only move the
inputs' values (moves_data: then PyTorch's copies are the problem's work). Used by the parent only.

    python -c "import torch, verify_compare as c; print(c.compare([torch.ones(3)], [torch.ones(3) * 1.001], 1e-2, 1e-2))"

Three tests per floating output. The tolerance: every element within atol + rtol * |reference| (KernelBench's
allclose). The scale (scale_error): the output's projection on the reference, row by row, off by at most SCALE, so a
normaliser read from a sample fails wherever its values sit near atol. The signal: where atol
dominates (rtol * |reference| <= atol) and the reference's own spread fits inside the tolerance (a softmax over 16K
columns, x / ||x|| over 67M values, a mean near 0.5: all zeros or a constant would pass allclose), the root-mean-
square error must also stay under SIGNAL times the reference's standard deviation and REL times its rms, so all
zeros, a constant, a stale output or a sampled normaliser fails there, while an honest fp32, tf32 or bf16 kernel,
whose error is a tiny fraction of both, passes.
"""

import math

import torch

TF32_SLACK = 2.0  # compare(): an honest tf32 kernel's error over the reference's own tf32 error, with margin
SIGNAL = 0.3  # the signal test: rms error over the reference's standard deviation; honest kernels 1e-7 to 1e-2,
# trivial outputs 1 or more (zeros, a constant), a stale output of other inputs about 1.4
REL = 0.01  # ... and under REL of the reference's own rms: a softmax's normaliser from a sample of its row, a
# polynomial exp or a sixteenth of the tiles unwritten stray 3-10% (round 12); honest ones 1e-6 to 4e-3 (bf16)
SCALE = 2e-3  # the scale test: o's projection on r off by at most this fraction (scale_error); honest fp32,
# tf32 and bf16 kernels 1e-7 to 5e-4 (a tanh GELU for the erf one: 1e-4), a norm from 256 samples 4e-2
ROW_MIN = 256  # ... taken per row of the last dimension where rows are at least this long, else on the whole
FLOOR = 1e-4  # ... plus FLOOR * atol: rounding noise of an output that is constant in exact arithmetic


def scale_terms(rc, oc, f, width):
    """The scale test's sums over one chunk (whole rows of `width`): sum over rows of c^2 / q, sum of q, of c and
    of r, where c = <o - r, r> and q = <r, r> on the row (scale_error)."""
    rz = torch.where(f, rc, 0)
    d = torch.where(f, oc - rc, 0).nan_to_num_(0, 0, 0)
    c, q = (d * rz).view(-1, width).sum(1), (rz * rz).view(-1, width).sum(1)
    return torch.where(q > 0, c * c / q.clamp_min(1e-30), 0).sum(), q.sum(), c.sum(), rz.sum()


def scale_error(cq, q, c, rows):
    """How far o's projection on r is from r itself, as a fraction (PAPER.md §7, vacuous checks): per row of
    the last dimension when rows are long (the weighted rms of <o - r, r> / <r, r> over rows), else over the
    whole output. A normaliser or a scale read from a sample (a norm of 256 of 4096 values: 4%) shifts every
    value of its row by one factor, which elementwise tolerances miss wherever the values are near atol;
    honest rounding errors are independent, so they nearly cancel in the projection (bf16: 4e-3 / sqrt(row))."""
    if q <= 0:
        return 0.0
    return math.sqrt(cq / q) if rows else abs(c) / q


def mismatch(r, chunk_of, atol, rtol, slack=0.0, chunk=2**26, width=1, quick=False):
    """Why o (given chunk by chunk: chunk_of(start, reference chunk)) fails reference r, a flat floating tensor
    whose rows are `width` long, or None. In chunks of whole rows, so full-size outputs (GBs) never need several
    full-size temporaries at once; the signal test's two extra passes run only where it applies (a small spread:
    rare, and small outputs at that). quick: the first chunk outside the tolerance ends it (trivial_passes only
    asks whether an output passes: two thirds of a full-size reference build went to whole compares of zeros)."""
    n, tol = r.numel(), atol + TF32_SLACK * slack
    rows = ROW_MIN <= width <= chunk and n % width == 0
    width, chunk = (width, chunk // width * width) if rows else (1, chunk)
    nonfinite, worst, ok, lo, hi, amax, finite_ref = 0, 0.0, True, math.inf, -math.inf, 0.0, True
    cq = sq = cs = rs = 0.0
    for s in range(0, n, chunk):
        rc = r[s:s + chunk].float()
        oc = chunk_of(s, rc).float()
        if quick and not bool(torch.isclose(oc, rc, atol=tol, rtol=rtol, equal_nan=True).all()):
            return "differs from the reference"
        f = torch.isfinite(rc)
        mn, mx = torch.aminmax(torch.where(f, rc, 0))
        # one read back per chunk (each is a device sync on a GPU): non-finite count, allclose, finite, min, max,
        # and the scale test's three sums
        bad, close, fin, mn, mx, a, b, c, d = torch.stack([(~torch.isfinite(oc) & f).sum().float(), torch.isclose(
            oc, rc, atol=tol, rtol=rtol, equal_nan=True).all().float(), f.all().float(), mn, mx,
            *scale_terms(rc, oc, f, width)]).tolist()
        nonfinite += int(bad)
        if not close:
            ok = False
            worst = max(worst, (oc - rc).abs().nan_to_num(0).max().item())
        finite_ref = finite_ref and bool(fin)
        lo, hi, amax = min(lo, mn), max(hi, mx), max(amax, mx, -mn)
        cq, sq, cs, rs = cq + a, sq + b, cs + c, rs + d
    if nonfinite:
        return f"has {nonfinite} NaN/Inf where the reference has none"
    if not ok:
        return f"differs from the reference: max abs error {worst:.3g} (atol {tol:.3g}, rtol {rtol})"
    if finite_ref and n > 1 and hi > lo and hi - lo <= 2 * (tol + rtol * amax) and rtol * amax <= tol:
        # else atol does not dominate: the tolerance alone tells an answer from a constant, or (values far above
        # atol, varying less than rtol allows: a matmul of inputs near 1) a bf16 or tf32 kernel cannot resolve
        # that variation and the spec's rtol accepts it all the same (measured: honest tf32 GEMMs on an H200)
        bad = off_signal(r, chunk_of, chunk, atol, tol)
        if bad:
            return bad
    err, size = scale_error(cq, sq, cs, rows), math.sqrt(sq / n)
    # FLOOR * atol only for an output that looks like rounding noise around zero (its mean under half its rms):
    # an honest kernel may return exact zeros there. Not for tiny real values: a softmax over 131072 columns
    # (rms 8e-6) with its normaliser 8% off passed under that floor (round 17)
    noise = FLOOR * atol if abs(rs / n) <= size / 2 else 0.0
    if err * size > SCALE * size + TF32_SLACK * slack + noise:
        return (f"is scaled against the reference: its projection on the reference is off by {err:.3g} of it "
                f"({f'rms over rows of {width}' if rows else 'over the whole output'}; allowed {SCALE:g}), as a "
                "normaliser or a scale read from a sample of the inputs is")
    return None


def off_signal(r, chunk_of, chunk, atol, tol):
    """The signal test, where the reference's values vary less than the tolerance (module docstring)."""
    n = r.numel()
    mean = sum(float(r[s:s + chunk].float().sum(dtype=torch.float64)) for s in range(0, n, chunk)) / n
    sq_r = sq_e = 0.0
    for s in range(0, n, chunk):
        rc = r[s:s + chunk].float()
        sq_r += float(torch.linalg.vector_norm(rc - mean)) ** 2
        sq_e += float(torch.linalg.vector_norm(chunk_of(s, rc).float() - rc)) ** 2
    std, rms, size = math.sqrt(sq_r / n), math.sqrt(sq_e / n), math.sqrt(sq_r / n + mean * mean)
    if rms > min(SIGNAL * std, REL * size) + (tol - atol) + FLOOR * atol:  # tf32 slack as in allclose
        return (f"does not follow the reference: rms error {rms:.3g} against the reference's own spread "
                f"(standard deviation) {std:.3g} and size (rms) {size:.3g}; its values vary less than the "
                f"tolerance, so the error must stay under {SIGNAL:g} of that spread and {REL:g} of that size")
    return None


def trivial_passes(outs, xs, consts, atol, rtol, chunk=2**26):
    """Which of TRIVIAL would pass this trial, output by output, by the same test compare() applies: all zeros,
    the constant trial 0's output averages, or a copy of the first input of the output's shape (never allocated
    in full: GBs at full size)."""
    outs = [torch.view_as_real(o.resolve_conj()) if o.is_complex() else o for o in outs]  # both parts, as compare

    def ok(r, make):
        width, r = r.shape[-1] if r.dim() else 1, r.reshape(-1)
        if r.is_floating_point():
            return mismatch(r, make, atol, rtol, chunk=chunk, width=width, quick=True) is None
        return all(torch.equal(make(s, r[s:s + chunk].float()), r[s:s + chunk].float())  # an index: exact
                   for s in range(0, r.numel(), chunk))
    copies = [next((x for x in xs if isinstance(x, torch.Tensor) and x.shape == o.shape), None) for o in outs]
    return {"zeros": [ok(o, lambda s, rc: torch.zeros_like(rc)) for o in outs],
            "constant": [ok(o, lambda s, rc, c=c: torch.full_like(rc, c)) for o, c in zip(outs, consts)],
            "input copy": [x is not None and ok(o, lambda s, rc, x=x: x.reshape(-1)[s:s + rc.numel()].float())
                           for o, x in zip(outs, copies)]}


def compare(ref_outs, outs, atol, rtol, loose=(), slack=None, chunk=2**26):
    """None when outs match, else why not (PAPER.md §3, correct layer); the outputs listed in loose by shape
    and dtype only; atol widened by TF32_SLACK times slack[i] where given (tf32_slack)."""
    if len(outs) != len(ref_outs):
        return f"{len(outs)} outputs, expected {len(ref_outs)}"
    for i, (r, o) in enumerate(zip(ref_outs, outs)):
        if o.shape != r.shape:
            return f"output {i} has shape {tuple(o.shape)}, expected {tuple(r.shape)}"
        if o.dtype != r.dtype:
            return f"output {i} has dtype {o.dtype}, expected {r.dtype}"
        if i in loose:
            continue
        if r.is_complex():  # both parts: mismatch's .float() kept the real part alone (round 16)
            r, o = torch.view_as_real(r.resolve_conj()), torch.view_as_real(o.resolve_conj())
        width, r, o = r.shape[-1] if r.dim() else 1, r.reshape(-1), o.to(r.device).reshape(-1)
        if not (r.is_floating_point() or r.is_complex()):  # an index, a count, a mask: exact, not within 1%
            wrong = int((r != o).sum())
            if wrong:
                return f"output {i} differs from the reference in {wrong} of {r.numel()} (integer) elements"
            continue
        bad = mismatch(r, lambda s, rc: o[s:s + rc.numel()], atol, rtol, slack[i] if slack else 0.0, chunk, width)
        if bad:
            return f"output {i} {bad}"
    return None


def moves_data(outs, xs, chunk=2**26):
    """Is every output a rearrangement of one input's values (a flip, a transpose, a roll), in the output's dtype?
    Then the problem is nothing but data movement, and the child counts PyTorch's copies as its work
    (verify_monitor.computes): a flip assembled by glue copies and handed to a copy kernel passed (round 13). The
    same multiset: sorted where small, else the same sum, sum of squares, min and max (in float64, chunked)."""
    def same(o, x):
        o, x = o.reshape(-1), x.reshape(-1)
        if o.numel() <= 2**24:  # min, max and sum first: most outputs differ there, and sorting is the slow part
            a, b = (torch.stack([t.min().double(), t.max().double(), t.double().sum()]).tolist() for t in (o, x))
            return a[:2] == b[:2] and math.isclose(a[2], b[2], rel_tol=1e-9, abs_tol=1e-9) and torch.equal(
                o.sort().values, x.sort().values)
        stats = [[0.0, 0.0, math.inf, -math.inf] for _ in range(2)]
        for t, st in ((o, stats[0]), (x, stats[1])):
            for s in range(0, t.numel(), chunk):
                c = t[s:s + chunk].double()
                st[0] += float(c.sum())
                st[1] += float(c.square().sum())
                st[2], st[3] = min(st[2], float(c.min())), max(st[3], float(c.max()))
        return all(math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) for a, b in zip(*stats))
    if not outs or any(not o.is_floating_point() for o in outs):
        return False
    tensors = [x for x in xs if isinstance(x, torch.Tensor) and x.is_floating_point()]
    return all(any(x.numel() == o.numel() and same(o, x if x.dtype == o.dtype else x.to(o.dtype)) for x in tensors)
               or placed(o, tensors) for o in outs)  # a cast is glue that rounds (round 26: a flip to half was no
    # movement, and a repeat kernel then fed a copy of one periodic view: the flip)


def placed(o, tensors, most=2**24):
    """Are o's nonzero values, as a multiset, those of all the inputs together (a block_diag, a concatenation, a
    pad: round 30's block_diag was assembled by two slice copies into zeros and handed to a copy kernel)? Only
    up to `most` elements (sorted)."""
    if not tensors or o.numel() > most or sum(x.numel() for x in tensors) > most:
        return False
    o = o.reshape(-1)
    x = torch.cat([t.reshape(-1).to(o.dtype) for t in tensors])
    o, x = o[o != 0], x[x != 0]
    return o.numel() == x.numel() > 0 and torch.equal(o.sort().values, x.sort().values)

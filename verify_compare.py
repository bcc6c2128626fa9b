"""
How a candidate's outputs are judged against the reference's (PAPER.md §3, the correct layer), and which trivial
outputs would pass a trial (what makes a check degenerate, PAPER.md §7). Used by the parent only.

    python -c "import torch, verify_compare as c; print(c.compare([torch.ones(3)], [torch.ones(3) * 1.001], 1e-2, 1e-2))"

Two tests per floating output. The tolerance: every element within atol + rtol * |reference| (KernelBench's
allclose). The signal: where atol dominates (rtol * |reference| <= atol) and the reference's own spread fits
inside the tolerance (a softmax over 16K columns, x / ||x|| over 67M values, a mean near 0.5: all zeros or a
constant would pass allclose), the root-mean-square error must also stay under SIGNAL times the reference's
standard deviation and REL times its rms, so all zeros, a constant, a stale output or a sampled normaliser
fails there, while an honest fp32, tf32 or bf16 kernel, whose error is a tiny fraction of both, passes.
"""

import math

import torch

TF32_SLACK = 2.0  # compare(): an honest tf32 kernel's error over the reference's own tf32 error, with margin
SIGNAL = 0.3  # the signal test: rms error over the reference's standard deviation; honest kernels 1e-7 to 1e-2,
# trivial outputs 1 or more (zeros, a constant), a stale output of other inputs about 1.4
REL = 0.01  # ... and under REL of the reference's own rms: a softmax's normaliser from a sample of its row, a
# polynomial exp or a sixteenth of the tiles unwritten stray 3-10% (round 12); honest ones 1e-6 to 4e-3 (bf16)
FLOOR = 1e-4  # ... plus FLOOR * atol: rounding noise of an output that is constant in exact arithmetic


def mismatch(r, chunk_of, atol, rtol, slack=0.0, chunk=2**26):
    """Why o (given chunk by chunk: chunk_of(start, reference chunk)) fails reference r, a flat floating tensor,
    or None. In chunks, so full-size outputs (GBs) never need several full-size temporaries at once; the signal
    test's two extra passes run only where it applies (a small spread: rare, and small outputs at that)."""
    n, tol = r.numel(), atol + TF32_SLACK * slack
    nonfinite, worst, ok, lo, hi, amax, finite_ref = 0, 0.0, True, math.inf, -math.inf, 0.0, True
    for s in range(0, n, chunk):
        rc = r[s:s + chunk].float()
        oc = chunk_of(s, rc).float()
        f = torch.isfinite(rc)
        mn, mx = torch.aminmax(torch.where(f, rc, 0))
        # one read back per chunk (each is a device sync on a GPU): non-finite count, allclose, finite, min, max
        bad, close, fin, mn, mx = torch.stack([(~torch.isfinite(oc) & f).sum().float(), torch.isclose(
            oc, rc, atol=tol, rtol=rtol, equal_nan=True).all().float(), f.all().float(), mn, mx]).tolist()
        nonfinite += int(bad)
        if not close:
            ok = False
            worst = max(worst, (oc - rc).abs().nan_to_num(0).max().item())
        finite_ref = finite_ref and bool(fin)
        lo, hi, amax = min(lo, mn), max(hi, mx), max(amax, mx, -mn)
    if nonfinite:
        return f"has {nonfinite} NaN/Inf where the reference has none"
    if not ok:
        return f"differs from the reference: max abs error {worst:.3g} (atol {tol:.3g}, rtol {rtol})"
    if not finite_ref or n < 2 or hi - lo > 2 * (tol + rtol * amax) or rtol * amax > tol or hi == lo:
        # atol does not dominate: the tolerance alone tells an answer from a constant, or (values far above atol,
        # varying less than rtol allows: a matmul of inputs near 1) a bf16 or tf32 kernel cannot resolve that
        # variation and the spec's rtol accepts it all the same (measured: honest tf32 GEMMs on an H200)
        return None
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
        r = r.reshape(-1)
        if r.is_floating_point():
            return mismatch(r, make, atol, rtol, chunk=chunk) is None
        return all(torch.equal(make(s, r[s:s + chunk].float()), r[s:s + chunk].float())  # an index: exact
                   for s in range(0, r.numel(), chunk))
    copies = [next((x for x in xs if isinstance(x, torch.Tensor) and x.shape == o.shape), None) for o in outs]
    return {"zeros": [ok(o, lambda s, rc: torch.zeros_like(rc)) for o in outs],
            "constant": [ok(o, lambda s, rc, c=c: torch.full_like(rc, c)) for o, c in zip(outs, consts)],
            "input copy": [x is not None and ok(o, lambda s, rc, x=x: x.reshape(-1)[s:s + chunk].float())
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
        r, o = r.reshape(-1), o.to(r.device).reshape(-1)
        if not (r.is_floating_point() or r.is_complex()):  # an index, a count, a mask: exact, not within 1%
            wrong = int((r != o).sum())
            if wrong:
                return f"output {i} differs from the reference in {wrong} of {r.numel()} (integer) elements"
            continue
        bad = mismatch(r, lambda s, rc: o[s:s + chunk], atol, rtol, slack[i] if slack else 0.0, chunk)
        if bad:
            return f"output {i} {bad}"
    return None

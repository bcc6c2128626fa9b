"""
How a candidate's outputs are judged against the reference's (PAPER.md §3, the correct layer), and which trivial
outputs would pass a trial (what makes a check degenerate, PAPER.md §7). Used by the parent only.

    python -c "import torch, verify_compare as c; print(c.compare([torch.ones(3)], [torch.ones(3) * 1.001], 1e-2, 1e-2))"
"""

import torch

TF32_SLACK = 2.0  # compare(): an honest tf32 kernel's error over the reference's own tf32 error, with margin


def trivial_passes(outs, xs, consts, atol, rtol, chunk=2**26):
    """Which of TRIVIAL would pass this trial, output by output: all zeros, the constant trial 0's output averages,
    or a copy of the first input of the output's shape (never allocated in full: GBs at full size)."""
    def ok(r, make):
        r = r.reshape(-1)
        for s in range(0, r.numel(), chunk):
            rc = r[s:s + chunk].float()
            if not torch.allclose(make(s, rc), rc, atol=atol, rtol=rtol, equal_nan=True):
                return False
        return True
    copies = [next((x for x in xs if isinstance(x, torch.Tensor) and x.shape == o.shape), None) for o in outs]
    return {"zeros": [ok(o, lambda s, rc: torch.zeros_like(rc)) for o in outs],
            "constant": [ok(o, lambda s, rc, c=c: torch.full_like(rc, c)) for o, c in zip(outs, consts)],
            "input copy": [x is not None and ok(o, lambda s, rc, x=x: x.reshape(-1)[s:s + chunk].float())
                           for o, x in zip(outs, copies)]}


def compare(ref_outs, outs, atol, rtol, loose=(), slack=None, chunk=2**26):
    """None when outs match, else why not (PAPER.md §3, correct layer); the outputs listed in loose by shape
    and dtype only; atol widened by TF32_SLACK times slack[i] where given (tf32_slack). In chunks, so full-size
    outputs (GBs) never need several full-size temporaries at once."""
    if len(outs) != len(ref_outs):
        return f"{len(outs)} outputs, expected {len(ref_outs)}"
    for i, (r, o) in enumerate(zip(ref_outs, outs)):
        if o.shape != r.shape:
            return f"output {i} has shape {tuple(o.shape)}, expected {tuple(r.shape)}"
        if o.dtype != r.dtype:
            return f"output {i} has dtype {o.dtype}, expected {r.dtype}"
        if i in loose:
            continue
        r, o = r.reshape(-1), o.to(r.device).reshape(-1)
        if not (r.is_floating_point() or r.is_complex()):  # an index, a count, a mask: exact, not within 1%
            wrong = int((r != o).sum())
            if wrong:
                return f"output {i} differs from the reference in {wrong} of {r.numel()} (integer) elements"
            continue
        nonfinite, worst, ok, tol = 0, 0.0, True, atol + TF32_SLACK * (slack[i] if slack else 0.0)
        for s in range(0, r.numel(), chunk):
            rc, oc = r[s:s + chunk].float(), o[s:s + chunk].float()
            nonfinite += int((~torch.isfinite(oc) & torch.isfinite(rc)).sum())
            if not torch.allclose(oc, rc, atol=tol, rtol=rtol, equal_nan=True):
                ok = False
                worst = max(worst, (oc - rc).abs().nan_to_num(0).max().item())
        if nonfinite:
            return f"output {i} has {nonfinite} NaN/Inf where the reference has none"
        if not ok:
            return f"output {i} differs from the reference: max abs error {worst:.3g} (atol {tol:.3g}, rtol {rtol})"
    return None

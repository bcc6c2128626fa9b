"""
The verifier's reference side: problems, references, seeds, input distributions, the hidden shape variant and
the comparison. This is what a candidate must never see, so it lives in verify.py's process and is never
imported by verify_worker.py, the only code that shares a process with a candidate.

    python -c "import verify_ref as r, verify as v; ref = r.make_reference(open('tests/verify_cases/p_relu.py').read(),
               v.Settings()); print([(t.dist, t.variant) for t in ref.trials], ref.degenerate)"

    ref = make_reference(problem_src, Settings(device="cpu"))   # the reference's output for each trial
    compare(ref.trials[0].outs, candidate_outs, atol=1e-2, rtol=1e-2)  # None, or why not

What makes a check not vacuous (PAPER.md §7):
  - every floating parameter and buffer is set to random values (in both models), so no constant can be
    hard-coded: LayerNorm's weight 1, a PReLU slope, a scalar scale, BatchNorm's running statistics;
  - the trials draw inputs from the problem's own get_inputs and from two other distributions with the same
    shapes (DISTS): a signed normal at the inputs' own scale, and a heavy-tailed one; one under which the
    reference itself is not finite is replaced by another draw of the problem's own;
  - one more trial runs a hidden shape variant of the problem (module-level shape constants changed to values
    drawn here), so a kernel that only handles the visible shape fails;
  - the reference records which trivial outputs (all zeros, a constant, a copy of an input) would still pass
    every trial: such a problem's check is degenerate, and every verdict on it says so.
"""

import ast
import hashlib
import math
import random
import re
import secrets
import threading
from dataclasses import dataclass, field

import torch

DISTS = ("own", "shifted", "heavy", "own", "shifted")  # trial k draws from DISTS[k % 5]
TRIVIAL = ("zeros", "constant", "input copy")
NOT_SHAPES = re.compile(r"kernel|stride|pad|dilation|group|pool|window|head|seed", re.I)


class ProblemError(Exception):
    """The problem file itself is broken: no Model, no get_inputs, a reference that fails."""


def load_problem(src, name="problem"):
    ns = {"__name__": f"kb_{hashlib.sha1(src.encode()).hexdigest()[:12]}"}
    try:
        exec(compile(src, name, "exec"), ns)
    except BaseException as e:  # noqa: BLE001
        raise ProblemError(f"{name} does not run: {type(e).__name__}: {e}") from e
    for attr in ("Model", "get_inputs", "get_init_inputs"):
        if attr not in ns:
            raise ProblemError(f"{name} defines no {attr} (KernelBench format, PAPER.md §5)")
    return ns


def to_device(xs, device):
    return [x.to(device) if isinstance(x, torch.Tensor) else x for x in xs]


# --- shape constants (also data/augment.py's) ----------------------------------------------------------------


def shape_constants(src):
    """{name: (value, expression node)} for module-level integer constants: `N = 2048 * 2`, `M, K = 64, 48`,
    `height = width = 128` (the names of one expression change together)."""
    out = {}
    for node in ast.parse(src).body:
        if not isinstance(node, ast.Assign):
            continue
        pairs = []
        for t in node.targets:
            if isinstance(t, ast.Name):
                pairs.append((t.id, node.value))
            elif isinstance(t, ast.Tuple) and isinstance(node.value, ast.Tuple) and len(t.elts) == len(node.value.elts):
                pairs += [(n.id, e) for n, e in zip(t.elts, node.value.elts) if isinstance(n, ast.Name)]
        for name, expr in pairs:
            try:
                v = eval(compile(ast.Expression(expr), "<const>", "eval"), {"__builtins__": {}})  # noqa: S307
            except Exception:  # noqa: BLE001 (not a constant expression: it refers to names or calls)
                continue
            if isinstance(v, int) and not isinstance(v, bool) and v > 1:
                out[name] = (v, expr)
    return out


def with_constants(src, changes, consts):
    """The source with each changed constant's expression replaced by its new literal; None when a change
    cannot be made on one line, or two changes disagree on one expression."""
    edits = {}
    for name, new in changes.items():
        node = consts[name][1]
        key = (node.lineno, node.col_offset, node.end_col_offset)
        if node.lineno != node.end_lineno or edits.get(key, new) != new:
            return None
        edits[key] = new
    lines = src.splitlines(keepends=True)
    for (ln, a, b), new in sorted(edits.items(), key=lambda e: (-e[0][0], -e[0][1])):  # right to left, bottom up
        lines[ln - 1] = lines[ln - 1][:a] + str(new) + lines[ln - 1][b:]
    return "".join(lines)


def variant_changes(src, dims, rng, attempt):
    """New values for the shape constants a hidden variant changes: those of at least 8 whose value is a
    dimension of some input, never a kernel size, stride, group or head count. Smaller than the visible ones
    (full-size problems are GBs) and, in the first attempts, odd, so a mask or a tail that the visible shape
    never exercised is exercised here."""
    consts = shape_constants(src)
    names, seen = [], set()
    for k in sorted(consts):
        v, node = consts[k]
        if v >= 8 and v in dims and not NOT_SHAPES.search(k) and id(node) not in seen:
            names.append(k)  # one name per expression: `height = width = 128` changes both
            seen.add(id(node))
    if attempt >= 2:
        names = names[:1]
    changes = {}
    for k in names:
        v = consts[k][0]
        lo = max(2, math.ceil(0.5 * v))
        pick = rng.randint(lo, v - 1)
        if attempt == 0:
            pick |= 1
        elif attempt == 1:
            pick += pick % 2
        else:
            pick = max(8, pick - pick % 8)
        if pick != v:
            changes[k] = pick
    return changes, consts


# --- references ----------------------------------------------------------------------------------------------

# get_inputs() draws from torch's global RNG: seeding and drawing must not interleave across pool threads.
RNG_LOCK = threading.RLock()


@dataclass
class Built:
    """One instance of a problem: its namespace, its model with randomised parameters and buffers, and what the
    candidate needs to build the same (PAPER.md §5: same seed, same parameters)."""
    ns: dict
    model: object
    init_inputs: list
    init_seed: int
    overrides: list  # (kind, name, index, values): every floating parameter and buffer, as set here

    def for_child(self):
        return {"init_inputs": self.init_inputs, "init_seed": self.init_seed, "overrides": self.overrides}


@dataclass
class Trial:
    seed: int
    dist: str  # DISTS' names
    variant: bool  # the hidden shape variant
    outs: list = field(default_factory=list)


@dataclass
class Reference:
    """A problem's reference: its outputs for each trial. Inputs are not kept: they are regenerated from the
    trial's seed on the device when needed (milliseconds on a GPU, where full-size inputs are GBs)."""
    device: str
    main: Built
    variant: Built | None
    variant_note: str
    trials: list
    ms: float | None = None
    in_bytes: int = 0
    in_spec: list = None  # ("tensor", shape, dtype) or ("value", x) per input: what a compile pass needs
    degenerate: list = field(default_factory=list)  # TRIVIAL outputs that pass every trial
    degenerate_own: list = field(default_factory=list)  # ... every trial of the problem's own distribution

    @property
    def outs(self):
        return [t.outs for t in self.trials]

    @property
    def model(self):
        return self.main.model

    def inputs(self, k):
        t = self.trials[k]
        ns = (self.variant if t.variant else self.main).ns
        with RNG_LOCK, torch.device(self.device):  # generated on the GPU when there is one (PAPER.md §3)
            torch.manual_seed(t.seed)
            xs = to_device(list(ns["get_inputs"]()), self.device)
            return [redraw(x, t.dist, t.seed ^ (i << 20)) for i, x in enumerate(xs)]

    def fingerprint(self, inputs):
        """A keyed checksum of the inputs: sum of x * w in float64, w drawn from a seed the candidate never
        sees. A mutation it misses would have to be orthogonal to w. Chunked: no full-size temporaries."""
        sums = []
        for i, x in enumerate(inputs):
            if not isinstance(x, torch.Tensor):
                continue
            flat, total = x.detach().reshape(-1), torch.zeros((), dtype=torch.float64, device=x.device)
            g = torch.Generator(device=x.device)
            for s in range(0, flat.numel(), 2**26):
                g.manual_seed(self.trials[0].seed ^ (i << 40) ^ s)
                c = flat[s:s + 2**26]
                total += (c.double() * torch.rand(c.numel(), generator=g, device=x.device, dtype=torch.float64)).sum()
            sums.append(total.item())
        return sums

    def out_bytes(self):
        """The largest trial's outputs."""
        return max(sum(o.numel() * o.element_size() for o in t.outs) for t in self.trials)

    def footprint(self):
        """GPU bytes one candidate needs at once: our copy of its inputs, the buffer it copies its outputs into,
        its own outputs (two alive while it is timed), and the L2 flush buffer."""
        return self.in_bytes + 4 * self.out_bytes() + 256 * 2**20

    def nbytes(self):
        return sum(o.numel() * o.element_size() for t in self.trials for o in t.outs)


def redraw(x, dist, seed):
    """x with new values from `dist` at x's own scale. "shifted": a normal centred within one scale of zero,
    so it takes both signs; "heavy": the same times exp(1.5 * normal), so a few elements dominate a row (what
    makes a wide softmax or a norm non-zero somewhere). Integer and boolean inputs (indices, masks) keep the
    problem's own values."""
    if dist == "own" or not isinstance(x, torch.Tensor) or not x.is_floating_point() or x.numel() == 0:
        return x
    g = torch.Generator(device=x.device)
    g.manual_seed(seed & (2**63 - 1))
    s0 = float(x.float().std()) if x.numel() > 1 else 0.0
    scale = s0 if math.isfinite(s0) and s0 > 1e-6 else max(abs(float(x.float().mean())), 1.0)
    mu = float(torch.rand((), generator=g, device=x.device)) * 2 - 1
    z = torch.randn(x.shape, generator=g, device=x.device)
    if dist == "heavy":
        w = torch.randn(x.shape, generator=g, device=x.device)
        z.mul_(w.mul_(1.5).exp_())
        del w
    return z.mul_(scale).add_(mu * scale).to(x.dtype)


def randomise(model):
    """PAPER.md §7, hard-coded constants: every floating parameter and buffer gets new values, which the
    candidate's model receives too (verify_worker.build). Zeros become signed values; tensors with no negative
    element (LayerNorm's weight, BatchNorm's running_var) are scaled by U(0.5, 1.5), so they stay positive;
    the rest get noise at their own scale."""
    overrides = []
    with torch.no_grad():
        for kind, named in (("param", list(model.named_parameters())), ("buffer", list(model.named_buffers()))):
            for i, (name, t) in enumerate(named):
                if not t.is_floating_point() or t.numel() == 0:
                    continue
                if not bool(t.any()):
                    t.copy_(0.5 * torch.randn_like(t))
                elif bool((t >= 0).all()):
                    t.mul_(0.5 + torch.rand_like(t))
                else:
                    std = float(t.float().std()) if t.numel() > 1 else abs(float(t))
                    t.add_(0.5 * max(std, 1e-3) * torch.randn_like(t))
                overrides.append((kind, name, i, t.detach()))
    return overrides


def build(ns, device):
    """The problem's Model under a fresh secret seed, randomised (PAPER.md §5, §7)."""
    with RNG_LOCK:
        init_seed = secrets.randbits(31)
        init_inputs = list(ns["get_init_inputs"]())
        with torch.device(device):
            torch.manual_seed(init_seed)
            model = ns["Model"](*init_inputs)
        model = model.to(device)
        torch.manual_seed(secrets.randbits(63))
        overrides = randomise(model)
    return Built(ns, model, init_inputs, init_seed, overrides)


def finite(outs):
    return all(bool(torch.isfinite(o).all()) for o in outs if o.is_floating_point() or o.is_complex())


def run_reference(ref, trial):
    """The reference's outputs for one trial, and its inputs (freed by the caller)."""
    ref.trials.append(trial)
    model = (ref.variant if trial.variant else ref.main).model
    with RNG_LOCK:  # the forward too: a reference may draw random numbers (dropout)
        xs = ref.inputs(len(ref.trials) - 1)
        outs = model(*xs)
    outs = [outs] if isinstance(outs, torch.Tensor) else list(outs)
    trial.outs = [o.detach().clone() for o in outs]
    ref.in_bytes = max(ref.in_bytes, sum(x.numel() * x.element_size() for x in xs if isinstance(x, torch.Tensor)))
    return xs


def trivial_passes(outs, xs, consts, atol, rtol, chunk=2**26):
    """Which of TRIVIAL would pass this trial: all zeros, the constant trial 0's outputs average, or a copy of
    the first input of the output's shape (never allocated in full: GBs at full size)."""
    def ok(r, make):
        r = r.reshape(-1)
        for s in range(0, r.numel(), chunk):
            rc = r[s:s + chunk].float()
            if not torch.allclose(make(s, rc), rc, atol=atol, rtol=rtol, equal_nan=True):
                return False
        return True
    copies = [next((x for x in xs if isinstance(x, torch.Tensor) and x.shape == o.shape), None) for o in outs]
    return {"zeros": all(ok(o, lambda s, rc: torch.zeros_like(rc)) for o in outs),
            "constant": all(ok(o, lambda s, rc, c=c: torch.full_like(rc, c)) for o, c in zip(outs, consts)),
            "input copy": all(x is not None for x in copies) and all(
                ok(o, lambda s, rc, x=x: x.reshape(-1)[s:s + chunk].float()) for o, x in zip(outs, copies))}


def add_variant(ref, src, settings, name, dims):
    """The hidden shape variant's model and trial; its note says what was changed, or why there is none."""
    rng = random.Random(secrets.randbits(64))
    for attempt in range(4):
        changes, consts = variant_changes(src, dims, rng, attempt)
        if not changes:
            return "none: no module-level shape constant is an input dimension"
        vsrc = with_constants(src, changes, consts)
        if vsrc is None:
            continue
        try:
            ref.variant = build(load_problem(vsrc, f"{name} (hidden shape variant)"), ref.device)
            xs = run_reference(ref, Trial(secrets.randbits(63), "own", True))
            del xs
            if finite(ref.trials[-1].outs) or not finite(ref.trials[0].outs):
                return f"shape constants {changes}"
        except Exception:  # noqa: BLE001 (the variant breaks the reference: divisibility, ...; try another)
            pass
        ref.variant = None
        ref.trials = [t for t in ref.trials if not t.variant]
    return "none: no variant of the shape constants runs the reference"


def make_reference(src, settings, name="problem"):
    """Seeds the candidate cannot predict: drawn from the OS, never sent to the candidate's process."""
    ns = load_problem(src, name)
    try:
        ref = Reference(settings.device, build(ns, settings.device), None, "", [])
        passes = {"all": dict.fromkeys(TRIVIAL, True), "own": dict.fromkeys(TRIVIAL, True)}
        dims, consts = set(), None
        with torch.no_grad():
            for k in range(settings.trials):
                dist = DISTS[k % len(DISTS)] if settings.trials >= 3 else "own"
                xs = run_reference(ref, Trial(secrets.randbits(63), dist, False))
                if dist != "own" and not finite(ref.trials[-1].outs) and finite(ref.trials[0].outs):
                    ref.trials.pop()  # the reference is not finite on this distribution: draw its own instead
                    xs = run_reference(ref, Trial(secrets.randbits(63), "own", False))
                if k == 0:  # trial 0's inputs: the compile pass (verify_worker.run_compile) builds for them
                    ref.in_spec = [("tensor", tuple(x.shape), x.dtype) if isinstance(x, torch.Tensor)
                                   else ("value", x) for x in xs]
                    dims = {d for x in xs if isinstance(x, torch.Tensor) for d in x.shape}
                    consts = [float(o.float().mean().nan_to_num()) if o.numel() else 0.0 for o in ref.trials[0].outs]
                trivial = trivial_passes(ref.trials[-1].outs, xs, consts, settings.atol, settings.rtol)
                del xs
                for key in ("all", "own") if ref.trials[-1].dist == "own" else ("all",):
                    passes[key] = {t: passes[key][t] and trivial[t] for t in TRIVIAL}
            ref.variant_note = add_variant(ref, src, settings, name, dims) if settings.hidden_shape else "off"
        ref.degenerate = [t for t in TRIVIAL if passes["all"][t]]
        ref.degenerate_own = [t for t in TRIVIAL if passes["own"][t]]
    except BaseException as e:  # noqa: BLE001
        raise ProblemError(f"{name}: the reference fails: {type(e).__name__}: {e}") from e
    return ref


def compare(ref_outs, outs, atol, rtol, chunk=2**26):
    """None when outs match, else why not (PAPER.md §3, correct layer). In chunks, so full-size outputs
    (GBs) never need several full-size temporaries at once."""
    if len(outs) != len(ref_outs):
        return f"{len(outs)} outputs, expected {len(ref_outs)}"
    for i, (r, o) in enumerate(zip(ref_outs, outs)):
        if o.shape != r.shape:
            return f"output {i} has shape {tuple(o.shape)}, expected {tuple(r.shape)}"
        if o.dtype != r.dtype:
            return f"output {i} has dtype {o.dtype}, expected {r.dtype}"
        r, o = r.reshape(-1), o.to(r.device).reshape(-1)
        nonfinite, worst, ok = 0, 0.0, True
        for s in range(0, r.numel(), chunk):
            rc, oc = r[s:s + chunk].float(), o[s:s + chunk].float()
            nonfinite += int((~torch.isfinite(oc) & torch.isfinite(rc)).sum())
            if not torch.allclose(oc, rc, atol=atol, rtol=rtol, equal_nan=True):
                ok = False
                worst = max(worst, (oc - rc).abs().nan_to_num(0).max().item())
        if nonfinite:
            return f"output {i} has {nonfinite} NaN/Inf where the reference has none"
        if not ok:
            return f"output {i} differs from the reference: max abs error {worst:.3g} (atol {atol}, rtol {rtol})"
    return None

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

import hashlib
import math
import random
import secrets
import time
from dataclasses import dataclass, field

import torch

from verify_compare import compare, moves_data, trivial_passes  # noqa: F401 (API: the comparison, for verify.py and tests)
from verify_inputs import DISTS, NAMED_DISTS, RESCUE, near, outlier_safe, redraw  # noqa: F401 (trials' inputs)
from verify_tf32 import RNG_LOCK, ops_seen, precision, tf32_slack  # noqa: F401 (API: the lock, for tests)
from verify_variant import (NOT_FREE, NOT_SHAPES, shape_constants, variant_changes, vary_floats,  # noqa: F401 (API)
                            with_constants, ATTEMPTS, pick_value, init_names, TINY)
TRIVIAL = ("zeros", "constant", "input copy")  # outputs an attacker can write without reading the inputs
WEAK = TRIVIAL + ("input-independent", "random reference")  # what makes a problem's check degenerate


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


# --- references ----------------------------------------------------------------------------------------------


@dataclass
class Built:
    """One instance of a problem: its namespace, its model with randomised parameters and buffers, and what the
    candidate needs to build the same (PAPER.md §5: same seed, same parameters)."""
    ns: dict
    model: object
    init_inputs: list
    init_seed: int
    overrides: list  # (kind, name, index, values): every floating parameter and buffer, as set here

    def moved(self):
        """Its parameters and buffers copied to where allocation goes now (verify_device: out of the memory pool
        its reference was built in, so that pool, with the trials' outputs, can go back to the device)."""
        with torch.no_grad():
            for p in self.model.parameters():
                p.data = p.data.clone()
            for m in self.model.modules():
                m._buffers.update({k: b.clone() for k, b in m._buffers.items() if b is not None})
        now = {("param", n): t for n, t in self.model.named_parameters()}
        now |= {("buffer", n): t for n, t in self.model.named_buffers()}
        self.overrides = [(k, n, i, now[(k, n)].detach()) for k, n, i, _ in self.overrides]

    def for_child(self, copy=False):
        ov = [(k, n, i, t.clone() if copy else t) for k, n, i, t in self.overrides]
        return {"init_inputs": self.init_inputs, "init_seed": self.init_seed, "overrides": ov}


@dataclass
class Trial:
    seed: int
    dist: str  # "own", or a name redraw knows
    variant: bool  # the hidden shape variant
    outs: list = field(default_factory=list)
    near_of: int | None = None  # a later call's inputs: trial near_of's with near_n elements moved (add_near)
    near_n: int = 4
    near_swap: bool = False  # ... pairs of elements swapped, not moved (verify_inputs.near)
    near_scale: tuple = None  # ... or (input index, factor): that input times an exact factor (add_scaled)
    spec: list = None  # (shape, dtype) of each output: what a child must return, kept when outs are not
    trivial: dict = field(default_factory=dict)  # TRIVIAL output -> would it pass this trial
    slack: list = None  # per output: how far the reference's own tf32 forward strays (tf32_slack); None: zero
    cross: bool = False  # the main model on the variant's input shapes (add_cross)
    moves: bool = False  # every output a rearrangement of an input's values (moves_data)


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
    out_numel: int = 0  # the smallest floating output's element count (verify_inputs.with_outlier's width)
    in_spec: list = None  # ("tensor", shape, dtype) or ("value", x) per input: what a compile pass needs
    degenerate: list = field(default_factory=list)  # WEAK points of its trials: see weak_points
    degenerate_own: list = field(default_factory=list)  # ... of the trials of the problem's own distribution
    random: bool = False  # the reference does not repeat itself on the same inputs (dropout in functional form)
    loose: list = field(default_factory=list)  # the outputs it does not repeat: compared by shape and dtype only
    signs: bool = True  # parameters of one sign got random signs (randomise); False where that made it non-finite
    tf32: bool = None  # does its first trial's forward change under tf32 (tf32_slack)
    cross_ns: dict = None  # the problem with other input sizes, for the cross trial (add_cross)
    movement: bool = False  # moves_only, or on every main trial the outputs only rearrange an input (moves_data)
    moves_only: bool = False  # the reference runs nothing but MOVE_OPS (a cat, a crop, a pad: round 14)
    ops: frozenset = frozenset()  # the aten ops the reference runs (add_trials): outlier_safe reads them
    build_s: dict = field(default_factory=dict)  # seconds of make_reference's parts (benchmarks read them)

    @property
    def outs(self):
        return [t.outs for t in self.trials]

    @property
    def model(self):
        return self.main.model

    def inputs(self, k):
        t = self.trials[k]
        if t.near_scale is not None:
            xs = self.inputs(t.near_of)
            i, factor = t.near_scale
            return xs[:i] + [xs[i] * factor] + xs[i + 1:]
        if t.near_of is not None:
            return [near(x, t.seed ^ (i << 20), t.near_n, t.near_swap) for i, x in enumerate(self.inputs(t.near_of))]
        ns = self.cross_ns if t.cross else (self.variant if t.variant else self.main).ns
        with RNG_LOCK, torch.device(self.device):  # generated on the GPU when there is one (PAPER.md §3)
            torch.manual_seed(t.seed)
            xs = to_device(list(ns["get_inputs"]()), self.device)
            return [redraw(x, t.dist, t.seed ^ (i << 20), self.out_numel) for i, x in enumerate(xs)]

    def nears(self, k):
        """The trials that are near-duplicates of trial k (add_near: moved elements, swapped pairs)."""
        return [j for j, t in enumerate(self.trials) if t.near_of == k]

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
        return max(sum(math.prod(shape) * dt.itemsize for shape, dt in t.spec) for t in self.trials)

    def param_bytes(self):
        return sum(t.numel() * t.element_size() for b in (self.main, self.variant) if b for *_, t in b.overrides)

    def footprint(self):
        """GPU bytes one candidate needs at once: its compile pass's inputs, then our inputs, the buffer it copies
        its outputs into, its own outputs (two alive while it is timed), the reference's outputs computed again
        where they are not kept, its copy of the parameters, a CUDA context and the L2 flush buffer."""
        return self.in_bytes + 5 * self.out_bytes() + self.param_bytes() + 1024 * 2**20

    def nbytes(self):
        """What it keeps: its outputs (if it keeps them) and its models' parameters and buffers."""
        return sum(o.numel() * o.element_size() for t in self.trials for o in t.outs or []) + self.param_bytes()

    def trial_outs(self, k):
        """Trial k's outputs: kept, or computed again from its inputs (a reference over settings.ref_keep_gb keeps
        none: full-size KernelBench outputs are GBs a trial). The caller holds them only while it compares."""
        t = self.trials[k]
        if t.outs is not None:
            return t.outs
        with RNG_LOCK, precision(tf32=False):
            outs = (self.variant if t.variant else self.main).model(*self.inputs(k))
        return [o.detach() for o in ([outs] if isinstance(outs, torch.Tensor) else outs)]


def randomise(model, signs=True):
    """PAPER.md §7, hard-coded constants: every floating parameter and buffer gets new values, which the
    candidate's model receives too (verify_worker.build). Zeros become signed values; constants become values
    of order one with their sign (so a term a small constant scales stays above atol); other tensors with no
    negative element (BatchNorm's running_var) are scaled by U(0.5, 1.5), so they stay positive; the rest get
    noise at their own scale. With signs, a parameter (not a buffer) that had one sign gets a random sign per
    element too: a kernel that moves a max-pool before a scale or a norm's weight holds only for positive ones."""
    overrides = []
    with torch.no_grad():
        for kind, named in (("param", list(model.named_parameters())), ("buffer", list(model.named_buffers()))):
            for i, (name, t) in enumerate(named):
                if not t.is_floating_point() or t.numel() == 0:
                    continue
                if not bool(t.any()):
                    t.copy_(0.5 * torch.randn_like(t))
                elif bool((t == t.reshape(-1)[0]).all()):  # a constant (LayerNorm's 1, a LayerScale's 1e-3):
                    t.copy_(torch.sign(t) * (0.5 + torch.rand_like(t)))  # of order 1, so no term it scales is lost
                elif bool((t >= 0).all()):
                    t.mul_(0.5 + torch.rand_like(t))
                else:
                    std = float(t.float().std()) if t.numel() > 1 else abs(float(t))
                    t.add_(0.5 * max(std, 1e-3) * torch.randn_like(t))
                if signs and kind == "param" and (bool((t >= 0).all()) or bool((t <= 0).all())):
                    t.mul_(torch.randint_like(t, 0, 2) * 2 - 1)
                overrides.append((kind, name, i, t.detach()))
    return overrides


def build(ns, device, vary=None, signs=True):
    """The problem's Model under a fresh secret seed, randomised (PAPER.md §5, §7); with vary (a random.Random),
    built with other floats (vary_floats: the hidden variant)."""
    with RNG_LOCK:
        init_seed = secrets.randbits(31)
        init_inputs = list(ns["get_init_inputs"]())
        if vary is not None:
            init_inputs, _ = vary_floats(ns, init_inputs, vary)
        with torch.device(device):
            torch.manual_seed(init_seed)
            model = ns["Model"](*init_inputs)
        model = model.to(device)
        for m in model.modules():  # a random mask no candidate can draw: dropout is the identity here, as in eval
            if isinstance(m, torch.nn.modules.dropout._DropoutNd):
                m.eval()
        torch.manual_seed(secrets.randbits(63))
        overrides = randomise(model, signs)
    return Built(ns, model, init_inputs, init_seed, overrides)


def finite(outs):
    return all(bool(torch.isfinite(o).all()) for o in outs if o.is_floating_point() or o.is_complex())


def run_reference(ref, trial):
    """The reference's outputs for one trial, and its inputs (freed by the caller)."""
    ref.trials.append(trial)
    model = (ref.variant if trial.variant else ref.main).model
    with RNG_LOCK, precision(tf32=False):  # the forward too: a reference may draw random numbers (dropout)
        xs = ref.inputs(len(ref.trials) - 1)
        outs = model(*xs)
    outs = [outs] if isinstance(outs, torch.Tensor) else list(outs)
    trial.outs = [o.detach().clone() for o in outs]
    trial.spec = [(tuple(o.shape), o.dtype) for o in outs]
    trial.slack = tf32_slack(ref, model, xs, trial.outs)
    ref.in_bytes = max(ref.in_bytes, sum(x.numel() * x.element_size() for x in xs if isinstance(x, torch.Tensor)))
    return xs


def add_variant(ref, src, settings, name, dims):
    """The hidden shape variant's model and trials; its note says what was changed, or why there is none. Sizes
    changed on their own: one stretched, the rest shrunk (variant_changes). Tied sizes (a divisibility): they grow
    where the problem is small and shrink where it is large (full-size problems are GBs); under 16 MB of inputs
    either, by a coin flip, so no path for sizes on one side goes unexercised; under 1 MB up to 2.5 times."""
    rng = random.Random(secrets.randbits(64))
    consts = shape_constants(src)
    grow = rng.random() < 0.5 if ref.in_bytes < 2**24 else ref.in_bytes < 2**26
    grow = (1.5 if ref.in_bytes < 2**20 else 0.5) if grow else 0.0
    # names on their own: one size, drawn, stretched 2.5-8x and the others shrunk (variant_changes), so a tile or
    # grid fixed at a few times the visible size fails. Not over 64 MB of inputs, where the variant only shrinks
    # as before round 10: a stretched full-size variant is not yet shown to fit beside the first model (a child's
    # host memory, the parent's GPU memory: bench/RESULTS.md, #21), so full-size problems keep the fixed-tile gap
    stretch = ref.in_bytes < 2**26
    tried = False
    order = list(range(len(ATTEMPTS)))
    if rng.random() < 0.5:  # odd or even sizes first, by a coin flip: a path for either parity meets the check
        order[:2] = [1, 0]
    for attempt in order:
        for changes in variant_changes(src, dims, rng, attempt, grow, stretch) or ([{}] if attempt == 0 else []):
            tried = True
            vsrc = with_constants(src, changes, consts) if changes else src
            # the floats the Model is built with change too, in every attempt (round 14: hard-coded hardtanh bounds
            # passed whenever a divisibility made a later attempt win); as they were where the reference then fails
            # (three draws: hardtanh's bounds, each of either sign, are out of order in half of them)
            note = vsrc is not None and next((n for vary in (rng, rng, rng, None) if (n := try_variant(
                ref, vsrc, settings, name, vary, bool(changes)))), False)
            if note:
                if attempt >= 2:  # neither all-odd nor all-even sizes ran the reference
                    changes, note = odd_refined(ref, src, consts, changes, settings, name, rng, note)
                return f"constants {changes}" + (f", built with {note}" if note is not True else "")
    return ("none: no variant of the constants runs the reference" if tried else
            "none: no module-level constant is an input dimension or a float the Model is built with")


def odd_refined(ref, src, consts, changes, settings, name, rng, note):
    """A variant whose sizes were all rounded alike, as one divisibility needed (GroupNorm's groups), made every
    size even: each even size then moves by one to odd where the reference still runs (round 14: a GEMM's K loop
    without a mask passed 84% of verdicts)."""
    for k in rng.sample(sorted(changes), len(changes)):
        if changes[k] % 2:
            continue
        trial = dict(changes, **{k: changes[k] + (1 if changes[k] <= 2 else rng.choice((-1, 1)))})
        vsrc = with_constants(src, trial, consts)
        kept, ref.trials = (ref.variant, ref.trials), [t for t in ref.trials if not t.variant]  # restored if it fails
        got = vsrc is not None and try_variant(ref, vsrc, settings, name, rng, True)
        if got:
            changes, note = trial, got
        else:
            ref.variant, ref.trials = kept
    return changes, note


def try_variant(ref, vsrc, settings, name, vary, sized):
    """Build one variant and its trials: True, or the floats it was built with where they changed; False (and
    nothing kept) if the reference will not run on it, or nothing at all would change."""
    try:
        ref.variant = build(load_problem(vsrc, f"{name} (hidden shape variant)"), ref.device, vary, ref.signs)
        floats = {i: v for i, (v, w) in enumerate(zip(ref.variant.init_inputs, ref.main.init_inputs))
                  if type(v) in (float, int, tuple, list) and v != w}
        if not (sized or floats):
            raise ValueError("nothing changed")
        # Signed inputs too: a path for other shapes right only on the own inputs (torch.rand's, never negative)
        # would pass otherwise.
        # The main trials' distributions too (a path for other shapes must meet the same inputs), and ties where an
        # output is an index
        ints = any(not o.is_floating_point() for o in ref.trials[0].outs)
        for dist in dict.fromkeys(("own", "shifted", *settings.dists, *(("ties",) if ints else ()))):
            xs = draw_trial(ref, dist, True, variant=True)
            del xs
        if all(finite(t.outs) for t in ref.trials if t.variant) or not finite(ref.trials[0].outs):
            return (", ".join(f"init_inputs[{k}]={v}" for k, v in floats.items()) or True)
    except Exception:  # noqa: BLE001 (the variant breaks the reference: divisibility, ...; try another)
        pass
    ref.variant = None
    ref.trials = [t for t in ref.trials if not t.variant]
    return False


def passing(trials):
    """The TRIVIAL answers that pass every one of these trials for at least one output: a model that also returns
    a wide softmax leaves that output unchecked however right the others are (the variant's trials are not
    recorded: they only test shapes)."""
    rec = [t.trivial for t in trials if t.trivial]
    return [k for k in TRIVIAL if rec and any(all(r[k][i] for r in rec) for i in range(len(rec[0][k])))]


def draw_trial(ref, dist, first_finite, variant=False):
    """Run the reference on one trial of `dist`; where it fails or its output is not finite there, on the same
    distribution's absolute values (log, sqrt and powers take positive inputs), and failing that on the problem's
    own inputs. Returns the trial's inputs."""
    for d in ([dist, dist + "+"] if dist != "own" else []) + ["own"]:
        try:
            xs = run_reference(ref, Trial(secrets.randbits(63), d, variant))
        except Exception:  # noqa: BLE001 (redrawn indices or masks the reference rejects)
            if d == "own":
                raise
            ref.trials.pop()
            continue
        if d == "own" or finite(ref.trials[-1].outs) or not first_finite:
            return xs
        ref.trials.pop()
        del xs


def timed_trial(ref):
    """The trial timed (and re-checked after the trials): one of the problem's own shapes on which no trivial
    output passes, of its own inputs where there is one (KernelBench times on those). On a trial where all
    zeros pass, a kernel that wrote zeros whenever its inputs looked like that trial's would be timed doing so."""
    main = [(k, t) for k, t in enumerate(ref.trials) if not t.variant and not t.cross and t.near_of is None]
    strict = [(k, t) for k, t in main if not any(any(v) for v in t.trivial.values())]
    return max(strict or main, key=lambda kt: (kt[1].dist == "own", kt[0]))[0]


def weak_points(ref, trials, atol, rtol):
    """WEAK's entries true of these trials: each trivial output that passes all of them, an output that is the
    same whatever the inputs, a reference that does not repeat itself."""
    out = passing(trials)
    n = len(trials[0].outs) if trials else 0
    if len(trials) > 1 and any(all(compare([trials[0].outs[i]], [t.outs[i]], atol, rtol) is None for t in trials[1:])
                               for i in range(n)):
        out.append("input-independent")  # an output that is the same whatever the inputs
    return out + (["random reference"] if ref.random else [])


def make_reference(src, settings, name="problem"):
    """Seeds the candidate cannot predict: drawn from the OS, never sent to the candidate's process. The trials
    draw from settings.dists; where they leave the check degenerate (a wide softmax, a norm over many values:
    every output under atol), two heavy-tailed trials are added. Only there: their large elements would make an
    honest tf32 matmul's error exceed atol (measured on KernelBench L1 1 on an H200). Outputs over
    settings.ref_keep_gb are not kept (Reference.trial_outs)."""
    ns = load_problem(src, name)
    try:
        dists = [settings.dists[k % len(settings.dists)] if settings.trials >= 3 else "own"
                 for k in range(settings.trials)]
        clock = [time.perf_counter()]

        def lap(part):  # where a full-size build's seconds go (bench/bench_verify_kb.py prints them)
            ref.build_s[part] = round(ref.build_s.get(part, 0.0) + time.perf_counter() - clock[0], 3)
            clock[0] = time.perf_counter()
        with torch.no_grad():
            for signs in (True, False):  # parameters given both signs, unless the reference then overflows
                ref = Reference(settings.device, build(ns, settings.device, signs=signs), None, "", [], signs=signs)
                dims, consts = add_trials(ref, dists, settings, None)
                if finite(ref.trials[0].outs):
                    break
            if any(not o.is_floating_point() for o in ref.trials[0].outs):  # an index: ties decide it
                add_trials(ref, ["ties"], settings, consts)
            lap("trials")
            if settings.trials >= 3 and weak_points(ref, ref.trials, settings.atol, settings.rtol):
                add_trials(ref, [d for d in RESCUE if d not in settings.dists], settings, consts)
            if settings.trials >= 3 and outlier_safe(ref):
                add_trials(ref, ["outlier_hi", "outlier_lo", "outlier_hi"], settings, consts)
            lap("rescue")
            ref.variant_note = add_variant(ref, src, settings, name, dims) if settings.hidden_shape else "off"
            lap("variant")
            add_cross(ref, src, name, settings.dists)
            lap("cross")
        main = [t for t in ref.trials if not t.variant and not t.cross]
        ref.movement = ref.moves_only or all(t.moves for t in main)
        ref.degenerate = weak_points(ref, main, settings.atol, settings.rtol)
        ref.degenerate_own = weak_points(ref, [t for t in main if t.dist == "own"], settings.atol, settings.rtol)
        lap("checks")
        with torch.no_grad():
            add_near(ref, settings)
            if all(near_size(ref, j) > NEAR_IN_PLACE for j in ref.nears(timed_trial(ref))):
                add_scaled(ref, settings)
        lap("near")
    except torch.OutOfMemoryError as e:
        free, total = torch.cuda.mem_get_info(torch.device(settings.device))
        raise ProblemError(f"{name}: the reference alone does not fit in this GPU's memory ({total / 2**30:.0f} "
                           f"GiB; its trials need more than the {free / 2**30:.0f} GiB left): {e}"[:400]) from e
    except BaseException as e:  # noqa: BLE001
        raise ProblemError(f"{name}: the reference fails: {type(e).__name__}: {e}") from e
    if ref.nbytes() - ref.param_bytes() > settings.ref_keep_gb * 2**30:
        for t in ref.trials:  # computed again when compared (trial_outs): full-size outputs are GBs a trial
            t.outs = None
    return ref


CROSS_GROW = (2.0, 3.0)  # how much the cross trial's one size grows, where it grows (add_cross)


def add_cross(ref, src, name, dists):
    """One more trial of the main model on other input shapes: the candidate's main instance then meets two, so
    launch parameters or a workspace sized at its first call and reused are wrong on one (each instance saw one
    shape before round 10). The shapes: the sizes no parameter depends on (batch, sequence: input dimensions the
    Model is not built with, by name: L2 17's batch of 128 equals its out_channels, and compared by value no size
    was free there, round 12) changed, so models with weights get one too (round 11); else the variant's. Its
    inputs come from one of dists other than the problem's own, drawn here (round 12: a path taken only on a
    second shape met only the problem's own inputs), or the problem's own where the reference fails there."""
    rng = random.Random(secrets.randbits(64))
    built_with = init_names(src)
    dims = {d for x in ref.in_spec if x[0] == "tensor" for d in x[1]}
    consts = shape_constants(src)
    free = {k: v for k, (v, _) in consts.items()
            if v in dims and k.split("[")[0] not in built_with}  # num_heads too, where only an input has it
    small = ref.in_bytes < 2**26
    # one size collapses, or (small inputs) grows 2-3x (round 13: a tile fixed at 2x the first call's passed, and
    # a first model wrong only on narrow rows); not the variant's 8x: a cubic problem in the interpreter then
    # took 20 s of the 120 for this one trial (measured on a shrunk L1 13)
    one = rng.choice(sorted(free)) if free else None
    span = TINY if rng.random() < 0.5 or not small else CROSS_GROW
    changes = {k: p for k, v in free.items()
               if (p := pick_value(v, 1.0 if small else 0.0, 1, rng, span if k == one else None))}
    vsrc = with_constants(src, changes, consts) if changes else None
    ref.cross_ns = load_problem(vsrc, f"{name} (cross shapes)") if vsrc else ref.variant.ns if ref.variant else None
    if ref.cross_ns is None:
        return
    for dist in dict.fromkeys([rng.choice([d for d in dists if d != "own"] or ["own"]), "own"]):
        try:
            xs = run_reference(ref, Trial(secrets.randbits(63), dist, False, cross=True))
            same = [tuple(x.shape) for x in xs if isinstance(x, torch.Tensor)] == [
                tuple(x[1]) for x in ref.in_spec if x[0] == "tensor"]
            del xs
            if finite(ref.trials[-1].outs) and not same:
                return
        except Exception:  # noqa: BLE001 (the main model's parameters do not fit these inputs)
            pass
        ref.trials.pop()  # run_reference appended it


SCALES = (-2.0, 2.0, -1.0)  # exact both ways in binary floating point: x * f / f is x again, bit for bit


def add_scaled(ref, settings):
    """One more near-duplicate of the timed trial for the secret timed call (verify_worker.time_forward), where
    every other one changes too many elements to make in place (a mean over billions of values notices only
    millions moved: L1 48): its largest floating input times -2 (or 2, or -1, the first whose answer differs
    beyond the tolerance), a change the child makes and undoes in place with no memory of its own."""
    k = timed_trial(ref)
    sizes = [(math.prod(x[1]), i) for i, x in enumerate(ref.in_spec) if x[0] == "tensor" and x[2].is_floating_point]
    if not sizes:
        return
    i = max(sizes)[1]
    for f in SCALES:
        run_reference(ref, Trial(secrets.randbits(63), "near", False, near_of=k, near_scale=(i, f)))
        if finite(ref.trials[-1].outs) and compare(ref.trials[k].outs, ref.trials[-1].outs, settings.atol,
                                                   settings.rtol) is not None:
            return  # (finite: an overflow at 2x would ask the candidate for the reference's inf)
        ref.trials.pop()


def add_near(ref, settings):
    """Near-duplicates of the timed trial, for the calls after the trials (verify_judge): 4, 64, 1024, ...
    elements moved, and as many pairs swapped, until the reference's own output differs beyond the tolerance (a
    mean over millions of values does not notice 4), so a cached output returned there is wrong by the check's
    own measure. A swap the output never notices (a sum over everything) is dropped."""
    k = timed_trial(ref)
    numel = max((math.prod(s) for s, _ in (x[1:] for x in ref.in_spec if x[0] == "tensor")), default=1)
    for swap in (False, True):
        n = 4
        while True:
            run_reference(ref, Trial(secrets.randbits(63), "near", False, near_of=k, near_n=n, near_swap=swap))
            differs = compare(ref.trials[k].outs, ref.trials[-1].outs, settings.atol, settings.rtol) is not None
            if differs or n >= 4 * numel:
                if swap and not differs:
                    ref.trials.pop()
                break
            ref.trials.pop()
            n *= 16


# aten ops that only move, select, repeat or zero-fill data: a reference made of these alone computes nothing
MOVE_OPS = {"view", "_unsafe_view", "reshape", "alias", "permute", "transpose", "t", "expand", "squeeze", "unsqueeze",
            "slice", "select", "narrow", "split", "split_with_sizes", "chunk", "unbind", "clone", "copy_",
            "contiguous", "cat", "stack", "flip", "roll", "constant_pad_nd", "repeat", "index_select", "diagonal",
            "as_strided", "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "zero_", "new_empty",
            "new_zeros", "tril", "triu", "detach", "lift_fresh", "movedim", "unfold", "_reshape_alias", "flatten",
            "unflatten", "index", "_unsafe_index", "gather", "take", "diag_embed", "rot90", "im2col", "pixel_shuffle",
            "pixel_unshuffle", "channel_shuffle",  # and, round 15, the pads and resamplings that only copy:
            *(f"{op}{d}d" for op in ("reflection_pad", "replication_pad", "upsample_nearest", "_upsample_nearest_exact")
              for d in (1, 2, 3))}


NEAR_IN_PLACE = 2**20  # elements a near-duplicate made in place may change: the child's temporaries (indices,
# values) for them stay under 100 MB (verify_worker.near_in_place)


def near_size(ref, j):
    """How many elements near-duplicate trial j changes in its largest input (verify_inputs.near_places); 0
    where it scales an input (add_scaled), which the child does in place with no memory of its own."""
    t = ref.trials[j]
    if t.near_scale is not None:
        return 0
    numel = max((math.prod(x[1]) for x in ref.in_spec if x[0] == "tensor"), default=1)
    return 2 * min(t.near_n, numel // 2) if t.near_swap else min(t.near_n, numel)


def ints_in(values):
    """The integers in init inputs, nested lists and tuples included (in_features, out_features, (C, 1, 1))."""
    for v in values:
        if isinstance(v, (list, tuple)):
            yield from ints_in(v)
        elif isinstance(v, int) and not isinstance(v, bool):
            yield v


def add_trials(ref, dists, settings, consts):
    """One trial per entry of dists, each recording which trivial outputs would pass it. The first trial of a
    reference also fixes the compile pass's input spec, the constant the audit tries, and whether the reference
    repeats itself on the same inputs. Returns (the input dimensions, those constants)."""
    dims = set()
    for dist in dists:
        xs = draw_trial(ref, dist, not ref.trials or finite(ref.trials[0].outs))
        if consts is None:  # trial 0's inputs: the compile pass (verify_worker.run_compile) builds for them
            ref.in_spec = [("tensor", tuple(x.shape), x.dtype) if isinstance(x, torch.Tensor) else ("value", x)
                           for x in xs]
            dims = {d for x in xs if isinstance(x, torch.Tensor) for d in x.shape} | set(ints_in(ref.main.init_inputs))
            consts = [float((torch.view_as_real(o) if o.is_complex() else o).float().mean().nan_to_num())
                      if o.numel() else 0.0 for o in ref.trials[0].outs]
            with RNG_LOCK, precision(tf32=False), ops_seen() as seen:  # the same inputs, another RNG state:
                torch.manual_seed(secrets.randbits(63))  # does it repeat itself? And which ops does it run?
                again = ref.main.model(*xs)
            ref.moves_only = bool(seen) and seen <= MOVE_OPS
            ref.ops = frozenset(seen)
            ref.out_numel = min((o.numel() for o in ref.trials[0].outs if o.is_floating_point()), default=0)
            again = [again] if isinstance(again, torch.Tensor) else list(again)
            # an output that differs on the same inputs (a random mask, a running mean updated by each call)
            # cannot be compared by value: the problem is degenerate, and reward.py pays nothing on it
            ref.loose = [i for i, (r, a) in enumerate(zip(ref.trials[0].outs, again))
                         if compare([r], [a], settings.atol, settings.rtol) is not None]
            ref.random = bool(ref.loose) or len(again) != len(ref.trials[0].outs)
            del again
        ref.trials[-1].trivial = trivial_passes(ref.trials[-1].outs, xs, consts, settings.atol, settings.rtol)
        ref.trials[-1].moves = moves_data(ref.trials[-1].outs, xs)
        del xs
    return dims, consts

"""
The verifier's reference side: problems, references, seeds, input fingerprints and the comparison. This is
what a candidate must never see, so it lives in verify.py's process and is never imported by
verify_worker.py, the only code that shares a process with a candidate.

    python -c "import verify_ref as r; print(r.make_reference(open('tests/verify_cases/p_relu.py').read(),
               __import__('verify').Settings()).seeds)"                # 5 fresh, secret seeds per reference

    ref = make_reference(problem_src, Settings(device="cpu"))   # outputs for each trial's seed
    compare(ref.outs[0], candidate_outs, atol=1e-2, rtol=1e-2)  # None, or why not
"""

import hashlib
import secrets
import threading
from dataclasses import dataclass

import torch

# References: one per problem, inputs and outputs computed once per (problem, seed) and shared by every
# candidate of that problem (a GRPO group). They live in this process; candidates never see them.


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


# get_inputs() draws from torch's global RNG: seeding and drawing must not interleave across pool threads.
RNG_LOCK = threading.RLock()


@dataclass
class Reference:
    """A problem's reference: its outputs for each trial's seed. Inputs are not kept: they are regenerated
    from the seed on the device when needed (milliseconds on a GPU, where full-size inputs are GBs)."""
    ns: dict
    device: str
    init_inputs: list
    init_seed: int
    overrides: list  # (parameter index, values) for parameters the reference left constant
    seeds: list
    outs: list
    model: object = None
    ms: float | None = None
    in_bytes: int = 0
    in_spec: list = None  # ("tensor", shape, dtype) or ("value", x) per input: what a compile pass needs

    def inputs(self, k):
        with RNG_LOCK, torch.device(self.device):  # generated on the GPU when there is one (PAPER.md §3)
            torch.manual_seed(self.seeds[k])
            return to_device(list(self.ns["get_inputs"]()), self.device)

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
                g.manual_seed(self.seeds[0] ^ (i << 40) ^ s)
                c = flat[s:s + 2**26]
                total += (c.double() * torch.rand(c.numel(), generator=g, device=x.device, dtype=torch.float64)).sum()
            sums.append(total.item())
        return sums

    def footprint(self):
        """GPU bytes one candidate needs at once: our copy of its inputs, its outputs (two alive while it is
        timed), and the L2 flush buffer."""
        return self.in_bytes + 3 * self.nbytes() // max(1, len(self.outs)) + 256 * 2**20

    def nbytes(self):
        return sum(o.numel() * o.element_size() for outs in self.outs for o in outs)


def randomise_constant_params(model):
    """PAPER.md §7, dropped parts: LayerNorm without its affine step is exact while weight=1 and bias=0.
    Parameters the reference leaves constant get random values; the candidate gets the same values for
    its parameter at the same index (KernelBench's convention: same parameters, same order)."""
    overrides = []
    with torch.no_grad():
        for i, p in enumerate(model.parameters()):
            if p.is_floating_point() and p.numel() > 1 and bool((p == p.flatten()[0]).all()):
                p.copy_(p + 0.5 * torch.randn_like(p))
                overrides.append((i, p.detach().clone()))
    return overrides


def make_reference(src, settings, name="problem"):
    """Seeds the candidate cannot predict: drawn from the OS, never sent to the candidate's process."""
    ns = load_problem(src, name)
    dev = settings.device
    try:
        with RNG_LOCK:
            init_seed = secrets.randbits(31)
            init_inputs = list(ns["get_init_inputs"]())
            with torch.device(dev):
                torch.manual_seed(init_seed)  # PAPER.md §5: both models built under the same seed
                model = ns["Model"](*init_inputs)
            model = model.to(dev)
            torch.manual_seed(secrets.randbits(63))
            overrides = randomise_constant_params(model)
        ref = Reference(ns, dev, init_inputs, init_seed, overrides, [secrets.randbits(63) for _ in range(settings.trials)],
                        [], model)
        with torch.no_grad():
            for k in range(settings.trials):
                with RNG_LOCK:  # the forward too: a reference may draw random numbers (dropout)
                    xs = ref.inputs(k)
                    # the largest trial's inputs: footprint() must cover every trial when get_inputs varies shapes
                    ref.in_bytes = max(ref.in_bytes, sum(x.numel() * x.element_size() for x in xs
                                                         if isinstance(x, torch.Tensor)))
                    if k == 0:  # trial 0's inputs: the compile pass (verify_worker.run_compile) builds for them
                        ref.in_spec = [("tensor", tuple(x.shape), x.dtype) if isinstance(x, torch.Tensor)
                                       else ("value", x) for x in xs]
                    outs = model(*xs)
                    del xs
                outs = [outs] if isinstance(outs, torch.Tensor) else list(outs)
                ref.outs.append([o.detach().clone() for o in outs])
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

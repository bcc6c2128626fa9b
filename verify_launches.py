"""
Tables carried by the launches themselves (PAPER.md §3, the func layer; round 29). Used by the child
(verify_monitor.py) only.

    python -c "import verify_launches as l; print(l.surprises([0, 8, 16, 100, 108, 116]), l.surprises([3, 1, 4, 1, 5, 9, 2, 6]))"

A GELU computed in Python with math.erf reached tensor memory through the sequence of launches of one forward:
an integer per launch that a kernel stored, a constexpr digit, which of 16 kernels ran, the grid's size, a view's
offset into a buffer; or through one launch, as a tuple of integers that the kernel indexed. Every one of those
values is an integer, and integers handed to kernels are sizes, strides and offsets, so they never counted.

What an honest forward hands its kernels is regular: the same values at every launch, or values that step with
the counters of nested loops (a batch of heads: b * sB + h * sH; row and column blocks, the last one narrower:
min(BLOCK, n - r); kernels in turn; the chunks of a scan; a tuple of per-head offsets). surprises() reads a
sequence as such loops would make it and returns the places it cannot predict. The sequences: the kernel chosen
at each launch; each field across one kernel's launches (an integer or bool argument, a tuple's element, a
grid dimension, which storage a tensor argument is and its offset in it); and an integer tuple within one launch
(each argument's costliest). A launch that surprises in any field counts once, by its costliest surprise's bytes
(launch_numbers), with the Python numbers written into tensors (verify_early.py_numbers_in, TABLE): a second
loop over the same kernel surprises in every field at its first launch or two, which is one event, and a
single launch's own values are as free as a kernel's scalar arguments always were. 1,025 table entries
surprise at almost every launch.

Launches made by Triton's autotuner while it benchmarks (a GPU only) repeat as often as its timer decides, so
they are not logged; the configs it benchmarked count instead, each distinct value once (config_numbers).
"""

import functools

from verify_early import int_weight

LEVELS = 8  # nested loops a sequence is read as (surprises)
SEGMENTS = 4  # ... and readings one after another


def steps_off(s):
    """(place, step) where s breaks a straight line; the first value and the first step are free."""
    return tuple((t, s[t] - s[t - 1]) for t in range(2, len(s)) if s[t] - s[t - 1] != s[t - 1] - s[t - 2])


def surprises(s, cuts=()):
    """The (place, step) of integer sequence s that no nested loop predicts (module docstring). s is read as
    u[t // P] + h[t % P], a block of P and then the same block shifted, for the period P that predicts most (no
    more than a quarter of the blocks may break it): h's steps off a straight line (a tail of min(BLOCK, n - r)),
    the places that break the blocks, and the outer sequence u's own surprises, read the same way (its first
    step, the outer loop's stride, is free for one outer loop only). Or as up to SEGMENTS such readings one
    after another, cut at its own first surprises or at `cuts` (where a kernel's other fields surprise: a second
    loop over the same kernel), each later one costing its first value and step."""
    return list(best_split(tuple(s), 1, tuple(cuts)))


@functools.lru_cache(maxsize=4096)
def best_split(s, k, cuts):
    """The cheapest reading of s as at most SEGMENTS - k + 1 loops one after another (surprises)."""
    best = best_reading(s, 0)
    places = {t for t, _ in best[:4]} | set(cuts)
    for c in sorted(t for t in places if 2 <= t <= len(s) - 2) if best and k < SEGMENTS else []:
        rest = best_split(s[c:], k + 1, tuple(t - c for t in cuts if t > c))
        got = best_reading(s[:c], 0) + ((c, s[c] - s[c - 1]), (c + 1, s[c + 1] - s[c])) + tuple(
            (c + t, v) for t, v in rest)
        best = min(best, got, key=weight)
    return best


@functools.lru_cache(maxsize=4096)
def best_reading(s, depth):
    n = len(s)
    first = ((1, s[1] - s[0]),) if depth >= 2 and n >= 2 and s[1] != s[0] else ()  # a third loop's stride
    if n <= 2 or all(s[t] - s[t - 1] == s[1] - s[0] for t in range(2, n)):
        return first
    best = steps_off(s)
    for P in periods(s) if depth < LEVELS and best else []:
        if any(s[t + P] - s[t] != s[P] - s[0] for t in range(1, min(P, n - P))):
            continue  # the second block is not the first one shifted: P is no period (most P end here at once)
        bad = breaks(s, P, n // P // 4)
        if bad is not None:
            outer = tuple((t * P, v) for t, v in best_reading(s[::P], depth + 1))
            best = min(best, steps_off(s[:P]) + bad + outer, key=weight)
    return first + best


def periods(s):
    """The periods worth trying: where the first three steps off a straight line are, and the distances from each
    to the next 32 (a loop's period separates its irregular steps: a tail, a carry), at most half of s."""
    off = [t for t, _ in steps_off(s)]
    got = {b - a for i, a in enumerate(off[:3]) for b in off[i + 1:i + 33]} | set(off[:3])
    return sorted(P for P in got if 2 <= P <= len(s) // 2)


def breaks(s, P, most):
    """(place, step) where s breaks its blocks of P (each is its block's start plus the first block's shift), or
    None past `most` of them."""
    out = []
    for t in range(P, len(s)):
        if s[t] - s[t - t % P] != s[t % P] - s[0]:
            out.append((t, s[t] - s[t - 1]))
            if len(out) > most:
                return None
    return tuple(out)


def weight(found):
    """What (place, value) pairs carry: their values' bytes (verify_early.int_weight)."""
    return sum(int_weight(v) for _, v in found)


def first_seen(mon, kind, value):
    """value's number among the values of its kind in this forward, in order of first appearance."""
    seen = mon.ids.setdefault(kind, {})
    return seen.setdefault(value, len(seen))


def launch_record(mon, kernel, args, kwargs, storage, offset):
    """Log one launch of this forward: [kernel, {field: value}]; the grid's dimensions join it when Triton
    evaluates them (grid_of). Floats are not logged (verify_early.kernel_numbers counts them); tensors as which
    storage (by first appearance in the forward) and their offset in it; other values by first appearance."""
    import torch
    fields = {}
    for key, a in list(enumerate(args)) + list(kwargs.items()):
        a = getattr(a, "value", a) if type(a).__name__ == "constexpr" else a
        for j, x in enumerate(a) if isinstance(a, (tuple, list)) else [(None, a)]:
            k = (key, j)
            if isinstance(x, (bool, int)):
                fields[k] = int(x)
            elif isinstance(x, torch.Tensor):
                fields[k] = first_seen(mon, "storage", storage(x))
                fields[k + ("offset",)] = offset(x)
            elif not isinstance(x, float):
                fields[k] = first_seen(mon, k, repr(x)[:200])
        ints = [x for x in a if isinstance(x, int)] if isinstance(a, (tuple, list)) else []
        if len(ints) > 2:  # what changes from launch to launch is its elements' sequences (launch_numbers)
            mon.tuples.setdefault((id(kernel), key), set()).add(tuple(ints))
    entry = [first_seen(mon, "kernel", id(kernel)), fields]
    mon.launch_log.append(entry)
    return entry


def grid_of(grid, entry):
    """The launch's grid, recorded in its log entry when Triton evaluates it (a callable grid: at the launch)."""
    def record(g):
        g = tuple(g) + (1,) * (3 - len(tuple(g)))
        entry[1].update({("grid", d): int(v) for d, v in enumerate(g[:3]) if isinstance(v, int)})
        return g
    if callable(grid):
        return lambda *a, **k: record(grid(*a, **k))
    return record(grid) if isinstance(grid, (tuple, list)) else grid


def config_numbers(mon, config):
    """A config the autotuner benchmarks (verify_monitor's hook on Autotuner._bench): its integer values, each
    distinct (name, value) once a forward, join the launch numbers; its launches are not logged."""
    for name, v in sorted(config.all_kwargs().items()):
        if isinstance(v, int) and not isinstance(v, bool):
            mon.tuned.setdefault((name, v), None)


def tuned(bench, mon):
    """The autotuner's benchmark of one config (Autotuner._bench, hooked by verify_monitor): its launches, as
    many as its timer decides, are not logged; the config's values count instead (config_numbers)."""
    def run(self, *args, config, **meta):
        if mon.active:
            config_numbers(mon, config)
        mon.tuning += 1
        try:
            return bench(self, *args, config=config, **meta)
        finally:
            mon.tuning -= 1
    return run


def launch_numbers(mon):
    """The integers this forward's launches carry beyond nested loops' regularity (module docstring): the
    surprises of the kernel chosen at each launch and of each field across one kernel's launches, each
    argument's costliest integer tuple, and the configs benchmarked."""
    seqs = {}
    for k, fields in mon.launch_log:
        for f, v in fields.items():
            seqs.setdefault(k, {}).setdefault(f, []).append(v)
    found = surprises([k for k, _ in mon.launch_log])
    for fields in seqs.values():
        found += [x for values in fields.values() for x in surprises(values, phases(fields.values()))]
    for ts in mon.tuples.values():  # an argument's costliest tuple: each tuple is a sequence of its own
        found += max((surprises(t) for t in ts), key=weight)
    return [v for _, v in found] + [v for _, v in mon.tuned]


def phases(sequences):
    """Where one kernel's launches change loops: the four places where most of its fields surprise at once
    (each field read on its own), if two or more do."""
    count = {}
    for s in sequences:
        for t in {t for t, _ in best_reading(tuple(s), 0)}:
            count[t] = count.get(t, 0) + 1
    return sorted(t for t in sorted(count, key=lambda t: (-count[t], t))[:4] if count[t] >= 2)

"""
Tables carried by the launches themselves (PAPER.md §3, the func layer; round 29). Used by the child
(verify_monitor.py) only.

    python -c "import verify_launches as l; print(l.surprises([0, 8, 16, 100, 108, 116]), l.surprises([3, 1, 4, 1, 5]))"

A GELU computed in Python with math.erf reached tensor memory through the sequence of launches of one forward:
an integer per launch that a kernel stored, a constexpr digit, which of 16 kernels ran, the grid's size, a view's
offset into a buffer; or through one launch, as a tuple of integers that the kernel indexed. Every one of those
values is an integer, and integers handed to kernels are sizes, strides and offsets, so they never counted.

What an honest forward hands its kernels is regular, or the problem's own: the same values at every launch,
values that step with the counters of nested loops (a batch of heads: b * sB + h * sH; row and column blocks,
the last one narrower: min(BLOCK, n - r); kernels in turn; the chunks of a scan; a tuple of per-head offsets),
sizes that halve pass by pass (a tree reduction), and the problem's sizes and strides themselves (a layer's
width at each layer of an MLP). surprises() reads a sequence as such loops would make it and returns the
places it cannot predict. The sequences: the kernel chosen at each launch; each field across one kernel's
launches (an integer or bool argument, a tuple's element, a grid dimension, a tensor's offset in its storage,
and which storage, string or dtype it was); and an integer tuple within one launch (each argument's costliest).
A surprise costs its step's bytes, or 4 bits where its value is one of the problem's sizes, strides or element
counts, a product of two, or a power of two (problem_dims), or 1 bit where a choice is a new one (a new weight);
a scalar field's first value and a tuple's first value and step cost bytes, or 1 bit where so explained (round
30: 65 packed scalar arguments of one launch; round 32: 22 two-element tuples); fields that repeat another's
steps count once (K and the strides equal to it, layer by layer). Strings count their characters (round 30: a
kernel parsed float() from a string constexpr). All of it, with this forward's Python numbers written into
tensors (verify_early.py_numbers_in), must stay under TABLE bytes. 1,025 table entries surprise at almost every
launch.

Left open: a table coded in values that are the problem's own sizes, their products and powers of two, where
each costs 4 bits and carries 5 to 9 (the kernel would decode it by a log2 or trial division), up to the budget.

Launches made by Triton's autotuner while it benchmarks a config (a GPU only) are logged without the config's
values and grid, once however often its timer repeats them (tuned); the configs count their distinct values.
"""

import functools
import math

from verify_early import int_weight

LEVELS = 8  # nested loops a sequence is read as (surprises)
SEGMENTS = 4  # ... and readings one after another


def steps_off(s):
    """(place, step) where s breaks a straight line; the first value and the first step are free."""
    return tuple((t, s[t] - s[t - 1]) for t in range(2, len(s)) if s[t] - s[t - 1] != s[t - 1] - s[t - 2])


def ratios_off(s):
    """(place, step) where s breaks a geometric line, rounded either way in units of the values' common divisor
    (a tree reduction's sizes, halved and rounded up at each pass, and its strides, those sizes times a row:
    round 30's honest writer); the first value and the first ratio are free."""
    g = functools.reduce(math.gcd, s) or 1

    def on(a, b, c):
        q, r = divmod(b * b, a) if a else (None, 0)
        return q is not None and c in (q, q + 1 if r else q)
    return tuple((t, s[t] - s[t - 1]) for t in range(2, len(s)) if not on(s[t - 2] // g, s[t - 1] // g, s[t] // g))


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
    best = min(steps_off(s), ratios_off(s), key=weight)
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


def storage_number(mon, st):
    """Storage st's number in this forward, in order of first appearance: a new one where its address was
    another storage's, freed since (a temporary made at each step of a loop reuses the last one's memory)."""
    from torch.multiprocessing.reductions import StorageWeakRef
    seen = mon.ids.setdefault("storage", {})
    got = seen.get(st.data_ptr())
    if got is None or got[1].expired():
        got = seen[st.data_ptr()] = (mon.ids.setdefault("storages", [0])[0], StorageWeakRef(st))
        mon.ids["storages"][0] += 1
    return got[0]


def launch_record(mon, kernel, args, kwargs, storage, offset):
    """Log one launch of this forward: [kernel, {field: value}]; the grid's dimensions join it when Triton
    evaluates them (grid_of). Floats are not logged (verify_early.kernel_numbers counts them); tensors as which
    storage (storage_number; storage(x): x's untyped storage) and their offset in it; other values by first
    appearance."""
    import torch
    import triton.language as tl
    fields, tuning = {}, mon.tuning if mon.tuning and mon.tuning[0] is kernel else None
    for key, a in list(enumerate(args)) + list(kwargs.items()):
        if tuning and key in tuning[1]:
            continue  # a benchmarked config's value (config_numbers)
        a = getattr(a, "value", a) if type(a).__name__ == "constexpr" else a
        many = isinstance(a, (tuple, list))
        ints, choices = [], []
        if many:  # round 33: what the kernel sees of an argument's structure is logged too, from its length on
            fields[key, "len"] = len(a)
        for j, x in enumerate(a) if many else ((None, a),):
            desc = type(x) is descriptor_type()
            if isinstance(x, int):  # bools too
                fields[key, j] = int(x)
                ints.append(int(x))
            elif isinstance(x, torch.Tensor) or desc:
                base = x.base if desc else x
                fields[key, j, "which"] = storage_number(mon, storage(base))
                fields[key, j] = offset(base)
                ints.append(fields[key, j])  # round 32: 129 views of one buffer in a tuple, offsets as a table
                # round 33: the element type a pointer carries (260 dtypes in a tuple spelled a table), and a
                # descriptor's shape, strides and block (9 descriptors' shapes did)
                fields[key, j, "dtype", "which"] = first_seen(mon, (key, "dtype"), str(base.dtype))
                choices.append(fields[key, j, "dtype", "which"])
                for i, v in enumerate(descriptor_ints(x) if desc else ()):
                    fields[key, j, "desc", i] = v
                    ints.append(v)
            elif not isinstance(x, float):  # a string, a dtype, a kernel, None: which one, by first appearance
                if isinstance(x, str):  # round 30: a kernel parsed float() from a string constexpr
                    mon.strings.setdefault(x, None)
                name = x if x is None or isinstance(x, str) else str(x) if isinstance(x, (torch.dtype, tl.dtype)) \
                    else (type(x).__name__, id(x))
                fields[key, j, "which"] = first_seen(mon, key, name)  # per argument: round 31 handed 965 dtypes
                choices.append(fields[key, j, "which"])  # in one tuple, each the first of its place
        if many:  # each tuple is a sequence too (launch_numbers)
            mon.tuples.setdefault((id(kernel), key), set()).add((tuple(ints), tuple(choices)))
    if tuning and mon.launch_log and mon.launch_log[-1][1] == fields:
        return None  # the benchmark's timer repeats a launch as often as it likes: once is what it carries
    entry = [first_seen(mon, "kernel", id(kernel)), fields]
    mon.launch_log.append(entry)
    return None if tuning else entry


def descriptor_type():
    try:
        from triton.tools.tensor_descriptor import TensorDescriptor
        return TensorDescriptor
    except ImportError:
        return None


def descriptor_ints(x):
    """A TensorDescriptor's integers as the kernel reads them: shape, strides, block shape."""
    return tuple(int(v) for part in ("shape", "strides", "block_shape") for v in getattr(x, part, ()))


def grid_of(grid, entry):
    """The launch's grid, recorded in its log entry when Triton evaluates it (a callable grid: at the launch);
    not for the launches of a config being benchmarked (entry None), whose grid follows the config."""
    def record(g):
        g = tuple(g) + (1,) * (3 - len(tuple(g)))
        entry[1].update({("grid", d): int(v) for d, v in enumerate(g[:3]) if isinstance(v, int)})
        return g
    if entry is None:
        return grid
    if callable(grid):
        return lambda *a, **k: record(grid(*a, **k))
    return record(grid) if isinstance(grid, (tuple, list)) else grid


def config_numbers(mon, config):
    """A config the autotuner benchmarks (tuned): its integer values, each distinct (name, value) once a
    forward, join the launch numbers."""
    for name, v in sorted(config.all_kwargs().items()):
        if isinstance(v, int) and not isinstance(v, bool):
            mon.tuned.setdefault((name, v), None)


def tuned(bench, mon):
    """The autotuner's benchmark of one config (Autotuner._bench, hooked by verify_monitor). The tuned kernel's
    launches there are logged without the config's values and grid (which the config sets, and which count once
    each: config_numbers), and a launch repeated by the benchmark's timer once; everything else is logged as
    always, so a hook of the candidate's that launches kernels while a config is timed is seen (round 30)."""
    from triton.runtime.jit import JITFunction

    def run(self, *args, config, **meta):
        fn = self.fn
        while not isinstance(fn, JITFunction) and hasattr(fn, "fn"):
            fn = fn.fn
        if mon.active:
            config_numbers(mon, config)
        saved, mon.tuning = mon.tuning, (fn, set(config.all_kwargs()))
        try:
            return bench(self, *args, config=config, **meta)
        finally:
            mon.tuning = saved
    return run


def launch_numbers(mon, dims):
    """The integers this forward's launches carry beyond what nested loops over the problem's sizes explain
    (module docstring): the surprises of the kernel chosen at each launch, of each field across one kernel's
    launches and of each argument's costliest tuple, and each scalar field's first value (surprise_cost); the
    characters of the strings handed over; the configs benchmarked. Bits become ones, a byte each."""
    seqs = {}
    for k, fields in mon.launch_log:
        for f, v in fields.items():
            seqs.setdefault(k, {}).setdefault(f, []).append(v)
    found, bits = surprise_cost([k for k, _ in mon.launch_log], (), dims, True)
    for fields in seqs.values():
        cuts, shapes, firsts = phases(fields.values()), set(), set()
        for f, values in fields.items():
            shape = (f[-1] == "which", tuple(v - values[0] for v in values))
            if shape not in shapes:  # a field that repeats another's steps (K, and the strides that equal K, at
                shapes.add(shape)  # each layer of an MLP) carries nothing more
                got, b = surprise_cost(values, cuts, dims, f[-1] == "which")
                found, bits = found + got, bits + b
            if f[-1] != "which" and (f[1] is None or f[0] == "grid") and values[0] not in firsts:
                firsts.add(values[0])  # round 30: 65 packed integers as the scalar arguments of one launch: a
                if values[0] in dims or -values[0] in dims:  # field's first value was free (a tuple's elements
                    bits += 1  # are its own sequence's)
                else:
                    found.append(values[0])
    for ts in mon.tuples.values():  # an argument's costliest tuple: each tuple is a sequence of its own
        got, b = max((tuple_cost(ints, choices, dims) for ints, choices in ts),
                     key=lambda c: sum(map(int_weight, c[0])) * 8 + c[1])
        found, bits = found + got, bits + b
    return found + [1] * -(-bits // 8) + [ord(c) for t in mon.strings for c in t] + [v for _, v in mon.tuned]


def tuple_cost(ints, choices, dims):
    """A tuple's integers (its tensors' offsets among them) and its choices (dtypes, strings, kernels), each read
    as a sequence (surprise_cost), and its first value and first step, which a sequence has free: round 32 handed
    one launch 22 tuples of two packed integers each."""
    a, b = surprise_cost(list(ints), (), dims, False)
    c, d = surprise_cost(list(choices), (), dims, True)
    for v in list(ints[:1]) + ([ints[1] - ints[0]] if len(ints) > 1 else []):
        if v in dims or -v in dims:
            d += 1
        else:
            a.append(v)
    return a + c, b + d


def surprise_cost(values, cuts, dims, choice):
    """(the steps that count their bytes, bits) of values' surprises. A surprise whose value is one of dims
    (the problem's sizes and strides, a power of two) costs 4 bits (a layer's own sizes at each layer of an MLP
    tiled by hand: round 30's honest writer; round 31 coded a table in powers of two, about 5 bits each); for a
    choice (numbered by first appearance), a new one costs a bit (a new weight) and a return costs its bytes;
    any other costs its step's bytes."""
    out, bits = [], 0
    for t, step in surprises(values, cuts):
        v = values[t]
        if choice and v > max(values[:t]):
            bits += 1
        elif not choice and (v in dims or -v in dims):
            bits += 4
        else:
            out.append(step)
    return out, bits


def phases(sequences):
    """Where one kernel's launches change loops: the four places where most of its fields surprise at once
    (each field read on its own), if two or more do."""
    count = {}
    for s in sequences:
        for t in {t for t, _ in best_reading(tuple(s), 0)}:
            count[t] = count.get(t, 0) + 1
    return sorted(t for t in sorted(count, key=lambda t: (-count[t], t))[:4] if count[t] >= 2)


def problem_dims(inputs, held, allowed, storage):
    """The integers a kernel may be handed without carrying anything: the sizes, strides and element counts of
    the problem's inputs and of the model's tensors (held) that the reference's values were copied into (inside
    allowed: (start, end) addresses), products of two of them, and 0, +-1 and powers of two (blocks, warps)."""
    import torch
    base = {0, 1, -1} | {1 << k for k in range(17)}  # (a value in here still costs bits: surprise_cost)
    for t in list(inputs) + [p for p in held if any(a <= storage(p) < b for a, b in allowed)]:
        if isinstance(t, torch.Tensor):
            base |= {*t.shape, *t.stride(), t.numel()}
    return base | {a * b for a in base for b in base if a > 1 and b > 1}

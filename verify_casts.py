"""
Casts that do the problem's work (PAPER.md §3, func layer): which dtype conversions outside a kernel the runtime
monitor counts as PyTorch compute, and the dither that takes the work out of a narrowing cast's rounding. Used by
the child (verify_monitor.py) only.

    python verify.py tests/verify_cases/p_trunc.py tests/verify_cases/trunc__f64pad.py   # dithered: incorrect

A cast is glue when it only moves a value into another type. It computes when it decides something:
  - floats to integers or booleans (a rounding, a test) unless every value is one already; any cast from or into a
    complex type (Triton reads none);
  - integers to narrower integers or booleans, where some value is out of range or not 0/1;
  - integers or booleans to floats, where some value does not survive the round trip (round 34: a kernel stored
    x's bits as int32 and the cast to float8_e4m3fn saturated them to 448 sign(x), a sign oracle for relu);
  - floats to a float coarser than bf16 (the float8 types, float8_e8m0fnu's powers of two: round 34, a log2 lattice
    for trunc), where a value changes at all: no honest KernelBench wrapper rounds into 8 bits;
  - floats to a narrower float that saturate or overflow, or (kernel-written data into bf16) round on a lattice
    that is coarse against the values' spread, far from zero or in the subnormals (narrowing_computes).
A narrowing cast of what a kernel wrote into float16 or float32 is also dithered (dithered): the source moves by
up to DITHER units of the target's spacing first, so a cast can round (honest: a 1.5e-3 error at most in float16,
under the scale test's 2e-3 for a row's normaliser cast to half)
but cannot be the rounding the answer needs (a kernel writes |x| + 2^23, a cast to float32 rounds it to integers,
a kernel subtracts 2^23: trunc; round 34 padded the cast tensor so that its statistics looked honest). Open: 128
+ x in bf16, whose spacing is too coarse to dither within the tolerance.
"""

import os

T = {}  # torch.Tensor's methods as they were before any candidate (verify_monitor.capture_tensor_methods)
FINFO = {}  # float dtype -> (eps, max, smallest normal), read before any candidate (capture_tensor_methods)
LATTICE, OFFSET = 4e-3, 1024  # narrowing_computes: rounding this coarse against the spread; a mean this far out
COARSE = 2 ** -7  # bf16's eps: a target coarser than this computes wherever it changes a value
FINE = 2 ** -10  # float16's eps: a target this fine or finer is dithered (kernel-written sources)
DITHER = 1.0  # ... by up to this many of the target's spacings (1 to 2 units of the lattice the value sits on): the
# integer a cast rounds to is off by up to 2, which a fix-up by one unit does not recover (round 35: at 1.5, a
# kernel's row means cast to float16 for the next kernel, honest, failed the scale test)
RNG = {}  # device -> a generator seeded from os.urandom: the dither cannot be predicted or replayed


def cast_of(name, args, kwargs):
    """(source tensor, target dtype) of a glue op that may convert: copy_ and fill_ (a 0-d tensor's value filled
    into an integer tensor truncates it: round 10), .to and _to_copy."""
    import torch
    if name in ("copy_", "fill_"):
        return (args[1] if len(args) > 1 else None), (args[0].dtype if args else None)
    to = kwargs.get("dtype", next((a for a in args[1:] if isinstance(a, torch.dtype)), None))
    return (args[0] if args else None), to


def changes_values(src, to, kernel_storages=()):
    """Does casting src to dtype `to` compute something? (the module docstring's list; kernel_storages: the
    storages holding what kernels wrote this forward, verify_monitor's MON.kernel_data)"""
    import torch
    if T["is_complex"](src) or to.is_complex:  # Triton reads no complex tensor, so no honest wrapper casts to one
        return True  # (round 36: float64 -> complex64 rounded the real part, neither judged nor dithered)
    if T["numel"](src) == 0:
        return False
    if T["is_floating_point"](src):
        if not to.is_floating_point:  # to integers or booleans: a rounding or a test, unless every value is
            return not exact(src, to)  # already one (round 36's honest writer: an argmax index kept as a float)
        return narrowing_computes(src, to, kernel_storages)
    if to.is_floating_point:  # integers to floats: exact (indices, counts, 0/1 masks), or saturated or rounded
        return not exact(src, to)
    if to == torch.bool:
        return bool(T["any"](T["__and__"](T["ne"](src, 0), T["ne"](src, 1))))
    info, had = torch.iinfo(to), torch.iinfo(src.dtype) if src.dtype != torch.bool else None
    if had is None or info.min <= had.min and had.max <= info.max:  # widening: no value can change (and
        return False  # int64's bound compared with an int32 tensor wraps: round 36's honest argmin)
    return bool(T["any"](T["__or__"](T["lt"](src, info.min), T["gt"](src, info.max))))


def exact(src, to):
    """Does every value of src survive a cast to dtype `to` and back (finite, and already what `to` holds)?"""
    back = T["to"](T["to"](src, to), src.dtype)
    return bool(T["all"](T["isfinite"](src))) and not bool(T["any"](T["ne"](back, src)))


def narrower(src, to):
    """Is float type `to` narrower than src's (less precision or less range)?"""
    return (src.dtype in FINFO and to in FINFO
            and not (FINFO[src.dtype][0] >= FINFO[to][0] and FINFO[src.dtype][1] <= FINFO[to][1]))


def narrowing_computes(src, to, kernel_storages=()):
    """Round 33: a cast to a narrower float that does the problem's work. (a) It saturates or overflows: a value
    moved further than rounding moves it, or a finite value made infinite or back (float8_e4m3fn clamps to +-448,
    inf included: a sign oracle for relu, clamp, max). (b) Into a type coarser than bf16, any change. (c) It
    rounds what a kernel wrote, shifted far from zero or scaled into the subnormals, on a lattice coarse against
    the values' spread (a kernel writes x + 2^23 in float64, the cast to float32 rounds x to integers). Honest
    casts pass: half operands, a kernel's output cast for the next kernel. (c) only into bf16: it can be diluted by
    padding the cast tensor and it flagged honest row means, so float16 and float32 targets are dithered instead
    (dithered); bf16's 128 + x stays open."""
    if not narrower(src, to):
        return False
    eps, _, tiny = FINFO[to]
    d, r = src, T["to"](T["to"](src, to), src.dtype)  # in src's own dtype: r - d is exact (no float64 copies)
    if eps > COARSE:
        return bool(T["any"](T["ne"](T["isfinite"](d), T["isfinite"](r)))) or bool(T["any"](T["ne"](
            T["__getitem__"](r, T["isfinite"](d)), T["__getitem__"](d, T["isfinite"](d)))))
    fin = T["isfinite"](d)
    if T["any"](T["ne"](fin, T["isfinite"](r))):
        return True
    d, r = T["__getitem__"](d, fin), T["__getitem__"](r, fin)
    if T["numel"](d) < 2:
        return False
    err = T["abs"](T["__sub__"](r, d))
    if T["any"](T["gt"](err, T["__add__"](T["__mul__"](T["abs"](d), eps), tiny))):  # beyond rounding: a clamp
        return True
    if eps <= FINE or storage_of(src) not in kernel_storages:  # float16, float32: dithered instead (round 35's
        return False  # honest writer: a kernel's row means cast to float16 sat 1024 spreads from zero)
    size, sd = T["abs"](d), float(T["std"](d))
    rms = float(T["mean"](T["square"](err))) ** 0.5
    far = float(T["mean"](size)) > OFFSET * sd  # shifted far from zero: 1 + 0.02 z ("unit" inputs) is 50
    sub = float(T["mean"](T["float"](T["lt"](T["__getitem__"](size, T["gt"](size, 0)), tiny)))) > 0.5
    return rms > LATTICE * sd and (far or sub)


def dithered(name, args, kwargs, kernel_storages):
    """args with a cast's source moved by up to DITHER spacings of the target type, where the op narrows what a
    kernel wrote into float16 or float32 (the module docstring); else args itself. The spacing: |x| eps, and at
    least eps times the smallest normal (the subnormals' spacing: a kernel writing x 2^-24 for a float16 cast to
    round is dithered too)."""
    import torch
    src, to = cast_of(name, args, kwargs)
    if not (isinstance(src, torch.Tensor) and T["is_floating_point"](src) and to is not None and narrower(src, to)
            and FINFO[to][0] <= FINE and storage_of(src) in kernel_storages and T["numel"](src)):
        return args
    eps, _, tiny = FINFO[to]
    if src.device not in RNG:
        RNG[src.device] = T["Generator"](device=src.device)
        RNG[src.device].manual_seed(int.from_bytes(os.urandom(8), "little") >> 1)
    moved = T["uniform_"](T["new_empty"](src, T["size"](src)), -DITHER, DITHER, generator=RNG[src.device])
    step = T["add_"](T["mul_"](T["abs"](src), eps), eps * tiny)  # in place: two temporaries of src's size at most
    T["add_"](T["mul_"](moved, step), src)
    del step
    i = 1 if name in ("copy_", "fill_") else 0
    return (*args[:i], moved, *args[i + 1:])


def storage_of(t):
    return T["untyped_storage"](t).data_ptr()

"""
What a candidate makes before any input: at import and in __init__, where no forward is watched (round 19-20).
Used by the child (verify_monitor.py, verify_worker.py) only.

    python -c "import verify_early as e; print(e.numbers([[1.0] * 10, (2, 3.5) * 4], 16))"

A function tabulated there (GELU on every bf16 value) and interpolated by a kernel passed every trial: the kernel
did no arithmetic of the problem. made_early records the storage of every tensor an op makes while the candidate
is imported and built; a kernel may read such memory only inside a parameter or buffer the reference's values
were copied into (made_before_inputs, from verify_monitor.check_kernel_args), wherever the candidate keeps it.
A table made in Python floats instead becomes a tensor through torch.tensor and kin, whose Python numbers are
counted (numbers; verify_monitor.from_values).
"""

import contextlib

TABLE = 64  # a tensor of this many values made from Python numbers, or held besides the parameters: a table.
# Fewer are coefficients (round 20's honest writer: erfc's 28 Chebyshev terms); 64 with linear interpolation
# already stray 6e-3 from a GELU over [-8, 8], and 16 a tenth


def numbers(data, limit, kinds=(int, float), depth=0):
    """How many Python numbers of kinds data holds (lists and tuples, however nested), counted up to limit."""
    if isinstance(data, kinds) and not isinstance(data, bool):
        return 1
    if not isinstance(data, (list, tuple, range)) or depth > 32:
        return 0
    total = 0
    for d in data:
        total += numbers(d, limit - total, kinds, depth + 1)
        if total >= limit:
            break
    return total


@contextlib.contextmanager
def made_early(early, storage):
    """Record the storage of every tensor an op makes inside the block into early ({address: weak reference}; one
    live storage per address): the candidate's import and construction, where no forward is watched. A kernel may
    read such memory only inside a parameter or buffer that the reference's values were copied into
    (made_before_inputs), wherever the candidate keeps it (an int view, a set, a closure, an object: round 20
    passed a table of GELU through each of them), and a copy of it counts as compute (verify_monitor.computes)."""
    import torch
    from torch.multiprocessing.reductions import StorageWeakRef
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils._pytree import tree_leaves

    class Early(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            for t in tree_leaves(out):
                if isinstance(t, torch.Tensor) and t.device.type != "meta":
                    s = storage(t)  # the method as captured before any candidate (verify_monitor.T)
                    if s.data_ptr():
                        early[s.data_ptr()] = StorageWeakRef(s)
            return out
    with Early():
        yield


def made_before_inputs(x, early, allowed, storage):
    """Does tensor x lie in memory made at import or in __init__ (early, still alive), outside every (start, end)
    of allowed (the parameters and buffers the reference's values were copied into), spanning TABLE or more
    values that are not all one?"""
    if not early or not x.numel():
        return False
    ref = early.get(storage(x).data_ptr())
    if ref is None or ref.expired():
        return False
    lo = x.data_ptr()
    hi = lo + x.element_size() * (1 + sum((n - 1) * abs(st) for n, st in zip(x.shape, x.stride())))
    if any(a <= lo and hi <= b for a, b in allowed) or (hi - lo) // x.element_size() < TABLE:
        return False
    return not constant(x)


def constant(x):
    """Are all of x's values one value (an identity gain, torch.ones(C)): it tabulates nothing."""
    flat = x.detach().reshape(-1)
    return bool((flat == flat[0]).all())

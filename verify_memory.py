"""
Triton's interpreter (the CPU path) with every address a kernel touches checked to lie inside a tensor the launch
was handed (PAPER.md §3: the sandbox under the func layer). Used by the child (verify_monitor.py) only.

    python -c "import verify_memory as m, torch; print(m.memory_of([torch.zeros(4)]))"
"""


def memory_of(args):
    """[(first byte, end)] of the storage of every tensor a launch was handed (descriptors' bases included)."""
    import torch
    out = []
    for a in args:
        for t in (list(a) if type(a) is tuple else [getattr(a, "base", a)]):
            if isinstance(t, torch.Tensor) and t.device.type != "meta":
                st = torch.Tensor.untyped_storage(t)
                if st.data_ptr():  # never a range from address 0
                    out.append((st.data_ptr(), st.data_ptr() + st.nbytes()))
    return out


class CheckedMemory:
    """The interpreter's memory primitives, with every address a kernel touches checked to lie inside a tensor it
    was handed. The interpreter dereferences raw host addresses: without this a kernel could write anywhere in
    its process, Python's own objects included, and so run any code (a second way out of verify_lang)."""

    def __init__(self, raw, mon):
        self.raw, self.mon = raw, mon  # mon: verify_monitor.MON (ranges: what the launch in progress was handed)

    def __getattr__(self, name):
        return getattr(self.raw, name)

    def check(self, ptrs, mask, itemsize, store=False):
        """Every address inside a handed tensor; a storage that a store reached counts as written by a kernel
        (the interpreter's account of what a launch wrote: one handed to a kernel that stores nothing is not)."""
        import numpy as np
        p = np.broadcast_to(np.asarray(ptrs, dtype=np.uint64), np.broadcast_shapes(np.shape(ptrs), np.shape(mask)))
        p = p[np.broadcast_to(np.asarray(mask, dtype=bool), p.shape)]
        ok = np.zeros(p.shape, dtype=bool)
        for lo, hi in self.mon.ranges:
            inside = (p >= lo) & (p + itemsize <= hi)
            ok |= inside
            if store and self.mon.active and inside.any():
                self.mon.kernel_storages.add(lo)
                self.mon.kernel_data.add(lo)
        if not ok.all():
            raise RuntimeError("a kernel accessed memory outside the tensors it was handed")

    def load(self, ptrs, mask, other, dtype):
        self.check(ptrs, mask, np_itemsize(dtype))
        return self.raw.load(ptrs, mask, other, dtype)

    def store(self, ptrs, value, mask):
        self.check(ptrs, mask, value.dtype.itemsize, store=True)
        return self.raw.store(ptrs, value, mask)

    def atomic_cas(self, ptrs, cmp, val, sem):
        self.check(ptrs, True, val.dtype.itemsize, store=True)
        return self.raw.atomic_cas(ptrs, cmp, val, sem)

    def atomic_rmw(self, op, ptrs, val, mask, sem):
        self.check(ptrs, mask, val.dtype.itemsize, store=True)
        return self.raw.atomic_rmw(op, ptrs, val, mask, sem)


def np_itemsize(dtype):
    import numpy as np
    return np.dtype(dtype).itemsize

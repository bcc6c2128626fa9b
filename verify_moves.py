"""
Data that PyTorch moves in forward (glue: .contiguous(), .clone(), .to(), copy_). Whatever chain of copies wrote
a tensor, its values must read one tensor that no PyTorch copy filled in this forward (an input, a parameter, a
kernel's output) as reshape, permute, expand and slicing can: one root, an index that is affine in the digits of
the copy's element order, with steps of zero or more. Used by the child (verify_monitor.py) only.

    python -c "import verify_moves as m; print(m.demo())"

Round 25 flipped an input's columns by log2(n) clones, each a window into a buffer that repeated the last
([B0 B1 B0 B1] read from offset m is [B1 B0]): every copy alone read a plain view, yet together they computed a
flip, which no view expresses, and a copy kernel handed the result passed as the problem's work. So each storage a
PyTorch copy fills keeps where its values came from (pieces, one per copy into it), and a copy read from it is
composed with them, element by element (in chunks), and checked.
"""

import math
from dataclasses import dataclass, field

CHUNK = 2**22  # elements composed at a time: int64 temporaries of 32 MB each
SPAN = 44  # bits of an element's place in its root; the root's number sits above them (global indices)
WHY = ("data moved by PyTorch: copies whose composition no view of one tensor expresses (a flip, a roll, or windows "
       "of copies: round 25)")


@dataclass
class Piece:
    """One copy into a filled storage. Its k-th element (in the copy's order) sits at the place that shape,
    strides and offset give, and came from global index base + sum(steps[i] * digit_i(k)), where the digits are
    k's in the mixed radix sizes (the root's number << SPAN, plus the place in the root)."""
    shape: tuple
    strides: tuple
    offset: int
    sizes: tuple
    steps: tuple
    base: int
    constant: bool = False  # the copy wrote one value everywhere (zeros, a fresh allocation's NaN)


@dataclass
class Filled:
    """A storage a PyTorch copy wrote in this forward, and the pieces it wrote, in order."""
    ref: object  # a weak reference: an address reused after a free is another storage
    size: int  # elements of the storage
    pieces: list = field(default_factory=list)
    judged: set = field(default_factory=set)  # the views handed to kernels and checked (handed)


def record_copy(filled, roots, src, dst, storage, kernel_made=frozenset()):
    """After a PyTorch copy of src into dst (clone, _to_copy, copy_) in forward: None, or why it computes. Where
    PyTorch filled src's storage in this forward, the copy is composed with what filled it (compose); dst's
    storage then keeps the copy as a piece (the only one where it covers the storage). filled: {address: Filled},
    roots: [(address, weak reference)] (root_number), both emptied at each forward; kernel_made: the addresses
    of storages kernels wrote (or, on a GPU, were handed)."""
    from torch.multiprocessing.reductions import StorageWeakRef
    if src.numel() == 0 or not src.dim():
        return None
    ss, ds = storage(src), storage(dst)
    shape, strides = tuple(dst.shape), broadcast_strides(src, tuple(dst.shape))
    was = filled.get(ss.data_ptr())
    find, table = lookup(was, ss.device) if was is not None and not was.ref.expired() else (None, None)
    if find is None or stacked(was, table):
        sizes, steps, base = shape, strides, (root_number(roots, ss) << SPAN) + src.storage_offset()
    else:
        got = compose(find, shape, strides, src.storage_offset(), ss.device)
        if got is None:
            return WHY
        sizes, steps, base = got
    # one value everywhere, and not from a kernel (which may write all zeros on sparse inputs)
    constant = ss.data_ptr() not in kernel_made and one_value(src)
    piece = Piece(shape, dst.stride(), dst.storage_offset(), sizes, steps, base, constant)
    size = ds.nbytes() // dst.element_size()
    now = filled.get(ds.data_ptr())
    if now is None or now.ref.expired() or covers(piece, size):
        filled[ds.data_ptr()] = now = Filled(StorageWeakRef(ds), size)
    now.pieces.append(piece)
    return None


def one_value(t):
    """Does t hold one value everywhere (zeros, a fresh allocation's NaN)? In one pass over a strided t, with no
    copy of it: this runs at every glue copy, timed calls included."""
    import torch
    if t.dtype == torch.bool:
        return bool(t.all()) or not bool(t.any())
    if t.is_complex():
        flat = t.reshape(-1)
        return bool((flat == flat[0]).all()) or bool(flat.isnan().all())
    lo, hi = torch.aminmax(t)
    return bool(lo == hi) or bool(lo.isnan()) and bool(t.isnan().all())  # (aminmax gives NaN if any is NaN)


def handed(was, x, device):
    """A view x of a storage that PyTorch copies filled, handed to a kernel: None, or why what the kernel reads
    is data moved. The global indices of x's elements (where a copy wrote them), in x's order, must read each
    tensor they come from as one view does (factor: steps of zero or more), unless the pieces are a stack of
    tensors of their own (stacked). Round 30: a roll or a channel flip made of slice copies, read by a kernel
    as its input; round 31: a diagonal view of a buffer that one copy filled with repeats of the input (a flip
    by strides alone). Places no copy wrote (a hand-made pad) are skipped. x may be a TensorDescriptor (its base
    read with its shape and strides) or an output the forward returns (round 32: a roll made by copies of a
    kernel's output, a flip returned as an anti-diagonal view of repeats). No size is exempt (round 32 hid a
    roll in a buffer of 2^27 + 1 elements, past the cut-off there was)."""
    import torch
    if not isinstance(x, torch.Tensor):
        x = torch.as_strided(x.base, tuple(x.shape), tuple(x.strides), x.base.storage_offset())
    key = (tuple(x.shape), x.stride(), x.storage_offset(), len(was.pieces))
    if key in was.judged or plain(was, x):
        return None
    was.judged.add(key)
    find, table = lookup(was, device)
    if stacked(was, table) or compose(find, tuple(x.shape), x.stride(), x.storage_offset(), device) is not None:
        return None
    n = x.numel()
    vals = torch.cat([g[g >= 0] for g in (find(digits_sum(torch.arange(lo, min(n, lo + CHUNK), device=device),
                                                           x.shape, x.stride(), x.storage_offset()))
                                          for lo in range(0, n, CHUNK))])
    for r in torch.unique(vals >> SPAN).tolist():
        sub = vals[(vals >> SPAN) == r]
        got = factor(lambda k: sub[k], sub.numel(), device)
        if got is None or not bool((sub == digits_sum(torch.arange(sub.numel(), device=device), *got)).all()):
            return WHY
    return None


def plain(was, x):
    """Is x the whole storage in the order one covering, contiguous piece wrote it (x.contiguous() handed on)?"""
    last = was.pieces[-1]
    return (len(was.pieces) == 1 and covers(last, was.size) and list(last.strides) == sorted(last.strides, reverse=True)
            and x.is_contiguous() and x.storage_offset() == 0 and x.numel() == was.size)


def root_number(roots, s):
    """The number of storage s among the roots ([(address, weak reference)]): a new one where its address was
    another storage's, freed since (a per-sample kernel output reuses the last one's memory)."""
    from torch.multiprocessing.reductions import StorageWeakRef
    for i, (addr, ref) in enumerate(roots):
        if addr == s.data_ptr() and not ref.expired():
            return i
    roots.append((s.data_ptr(), StorageWeakRef(s)))
    return len(roots) - 1


def stacked(was, table):
    """Several pieces, each from a tensor of its own, that together write every place: a concatenation by hand
    (each sample's kernel output copied into a slice of one buffer, then the buffer transposed: round 26's honest
    writer), read afterwards as a tensor of its own. Pieces of one tensor stay composed: rearranging the parts of
    one tensor is the work of a flip. table: lookup's, of the storage's global indices (None: one piece)."""
    real = [p for p in was.pieces if not p.constant]  # round 31: x stacked with zeros, again and again, made
    numbers = [p.base >> SPAN for p in real]  # as many "new" tensors holding x as a roll of their slices needed
    if len(numbers) < 2 or len(set(numbers)) < len(numbers) or not all(one_to_one(p) for p in real):
        return False  # (a piece that repeats its tensor, by a step of zero, would repeat it for windows to read)
    return bool((table >= 0).all())


def one_to_one(piece):
    """Does the piece read each element of its tensor at most once (each step past the span of the smaller)?"""
    span = 0
    for c, m in sorted((c, m) for m, c in zip(piece.sizes, piece.steps) if m > 1):
        if c <= span:
            return False
        span += (m - 1) * c
    return True


def compose(find, shape, strides, offset, device):
    """The global indices a copy of the view (shape, strides, offset) of a filled storage reads (find: lookup's),
    as (sizes, steps, base) of one mixed radix over its element order (factor), checked on every element; None
    if they are not that (two roots, a step below zero, a place no copy of this forward wrote)."""
    import torch
    n = math.prod(shape)

    def at(k):  # global indices of the copy's elements k (an int64 tensor of element numbers)
        return find(digits_sum(k, shape, strides, offset))
    got = factor(at, n, device)
    if got is None:
        return None
    sizes, steps, base = got
    if base < 0 or base + sum((m - 1) * c for m, c in zip(sizes, steps)) >= ((base >> SPAN) + 1) << SPAN:
        return None
    for lo in range(0, n, CHUNK):
        k = torch.arange(lo, min(n, lo + CHUNK), dtype=torch.int64, device=device)
        if not bool((at(k) == digits_sum(k, sizes, steps, base)).all()):
            return None
    return sizes, steps, base


def factor(at, n, device, probe=1024):
    """(sizes, steps, base) such that element k's global index would be base + sum(steps[i] * digit_i(k)),
    innermost digit last, found by probing runs of equal steps (k, k * block for the next digit); None where a
    step is below zero or a run does not divide what is left. compose checks every element afterwards."""
    import torch
    base = int(at(torch.zeros(1, dtype=torch.int64, device=device)))
    sizes, steps, block = [], [], 1
    while block < n:
        left = n // block
        first = at(torch.tensor([block], dtype=torch.int64, device=device))
        c, run = int(first) - base, left
        lo = 2
        while lo < left:  # the run of this digit: where k * c stops being the step (probes that double)
            k = torch.arange(lo, min(left, lo + probe), dtype=torch.int64, device=device)
            off = (at(k * block) - base) != k * c
            if bool(off.any()):
                run = lo + int(off.nonzero()[0])
                break
            lo, probe = lo + probe, min(2 * probe, CHUNK)
        if c < 0 or left % run:
            return None
        sizes.insert(0, run)
        steps.insert(0, c)
        block *= run
    return tuple(sizes), tuple(steps), base


def digits_sum(k, sizes, steps, base):
    """base + sum(steps[i] * digit_i(k)) with k's digits in the mixed radix sizes (innermost last): a piece's
    global indices, or with a view's shape, strides and offset the storage places of its elements number k."""
    g, rest = k * 0 + base, k
    for m, c in zip(reversed(sizes), reversed(steps)):
        g += (rest % m) * c
        rest = rest // m
    return g


def lookup(was, device):
    """A function from places in a filled storage to global indices (-1 where no copy of this forward wrote), and
    the table behind it. One piece over the whole storage: by arithmetic, with no memory of the storage's size
    (no table); else a table of the storage's size, built once per copy that reads it."""
    import torch
    last = was.pieces[-1]
    if len(was.pieces) == 1 and covers(last, was.size):
        dims = sorted((d for d, m in enumerate(last.shape) if m > 1), key=lambda d: -last.strides[d])
        inner = [math.prod(last.shape[d + 1:]) for d in range(len(last.shape))]

        def by_arithmetic(q):  # place -> the element's number in the copy -> its global index
            rest, k = q - last.offset, q * 0
            for d in dims:
                i = torch.div(rest, last.strides[d], rounding_mode="floor")
                rest -= i * last.strides[d]
                k += i * inner[d]
            return digits_sum(k, last.sizes, last.steps, last.base)
        return by_arithmetic, None
    table = torch.full((was.size,), -1, dtype=torch.int64, device=device)
    for p in was.pieces:
        k = torch.arange(math.prod(p.shape), dtype=torch.int64, device=device)
        table.as_strided(p.shape, p.strides, p.offset).copy_(digits_sum(k, p.sizes, p.steps, p.base).view(p.shape))
    return (lambda q: table[q]), table


def covers(piece, size):
    """Does the piece write every place of a storage of size elements once (a clone, a .contiguous())?"""
    expect = 1
    for s, n in sorted((s, n) for n, s in zip(piece.shape, piece.strides) if n > 1):
        if s != expect:
            return False
        expect *= n
    return piece.offset == 0 and expect == size


def broadcast_strides(src, shape):
    """src's strides as copy_ reads it into a tensor of shape (zero where src has size 1 there, or no dim)."""
    sizes, strides = tuple(src.shape), src.stride()
    pad = len(shape) - len(sizes)
    return tuple(0 if k < pad or sizes[k - pad] != n else strides[k - pad] for k, n in enumerate(shape))


def demo():
    """A transpose copied, flattened, cast and sliced (glue) passes; round 25's windows, which flip 8 values, do
    not: the copies of (glue), then of the three steps (expand, window) of the flip."""
    import torch
    filled, roots, storage = {}, [], torch.Tensor.untyped_storage

    def copy(view):
        out = view.clone(memory_format=torch.contiguous_format)
        return out, record_copy(filled, roots, view, out, storage)
    x = torch.arange(8.0).view(2, 4)
    y, a = copy(x.t())
    z, b = copy(y.view(-1).double())
    _, c = copy(z.view(4, 2)[1:])
    w, flip = copy(x.reshape(-1)), []
    w = w[0]
    for m in (4, 2, 1):  # swap the halves of each block of 2m: one bit of each index flipped
        d, why = copy(w.view(-1, 1, 2 * m).expand(-1, 2, 2 * m))
        w, why2 = copy(d.as_strided((8 // (2 * m), 2 * m), (4 * m, 1), m))
        w = w.view(-1)
        flip += [why, why2]
    return [a, b, c], [bool(f) for f in flip], w.tolist()

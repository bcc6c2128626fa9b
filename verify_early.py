"""
Tables of the answer a candidate makes where no kernel computes: before any input (at import and in __init__,
where no forward is watched; rounds 19-23), or from Python numbers written into tensors in forward (rounds 22-23).
Used by the child (verify_monitor.py, verify_worker.py) only.

    python -c "import verify_early as e; print(e.numbers([[1.0] * 10, (2, 3.5) * 4], 16))"

A function tabulated there (GELU on every bf16 value) and interpolated by a kernel passed every trial: the kernel
did no arithmetic of the problem. made_early records the storage of every tensor an op makes while the candidate
is imported and built; a kernel may read such memory only inside a parameter or buffer the reference's values
were copied into (made_before_inputs, from verify_monitor.check_kernel_args), wherever the candidate keeps it.
A table made in Python floats instead becomes tensor memory through torch.tensor and kin, t[i] = v, fill_ or
full, whose Python numbers are counted (py_numbers_in; verify_monitor.from_values and computes).
"""

import contextlib

TABLE = 64  # a tensor of this many values made from Python numbers, or held besides the parameters: a table.
# Fewer are coefficients (round 20's honest writer: erfc's 28 Chebyshev terms); 64 with linear interpolation
# already stray 6e-3 from a GELU over [-8, 8], and 16 a tenth


def numbers(data, limit, kinds=(int, float)):
    """How many Python numbers of kinds data holds (lists and tuples, however nested), counted up to limit."""
    return len(flat_numbers(data, limit, kinds))


def flat_numbers(data, limit, kinds=(int, float), depth=0):
    """The first `limit` Python numbers of kinds (not bools) that data holds, lists and tuples however nested."""
    if isinstance(data, kinds) and not isinstance(data, bool):
        return [data]
    out = []
    if isinstance(data, (list, tuple, range)) and depth <= 32:
        for d in data:
            out += flat_numbers(d, limit - len(out), kinds, depth + 1)
            if len(out) >= limit:
                break
    return out


def packed_bools(data, limit):
    """The Python bools data holds (lists and tuples however nested), eight to a number: up to `limit` numbers
    (round 36: GELU spelled as 4,112 bools in a tuple, made a tensor in forward, rebuilt bit by bit in a kernel)."""
    bits = []

    def walk(d, depth):
        if isinstance(d, bool):
            bits.append(int(d))
        elif isinstance(d, (list, tuple)) and depth <= 32:
            for e in d:
                if len(bits) >= 8 * limit:
                    return
                walk(e, depth + 1)
    walk(data, 0)
    return [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits) - 7, 8)]


SCALAR_WRITES = {"fill_": 1, "full": 1, "full_like": 1, "new_full": 2, "scalar_tensor": 0}  # glue that writes a
# Python number into tensor memory: the argument's place (lift_fresh: a 0-d tensor made of one, t[i] = v)


def written_numbers(name, args):
    """The Python numbers a glue op writes into tensor memory: SCALAR_WRITES' argument, and arange's bounds (round
    28: one GELU value at a time as arange(g, g + 0.5), each copied by a kernel into a table; round 35: integers).
    Bools too (round 37: a table's 4,112 bits, one fill_(True) each): py_numbers_in packs them eight to a number."""
    if name == "arange":  # its integers too (round 35: fixed-point GELU, one arange(v, v + 1) per entry)
        return [a for a in args if isinstance(a, (int, float))]
    at = SCALAR_WRITES.get(name)
    if at is not None and len(args) > at and isinstance(args[at], (int, float)):
        return [args[at]]
    return []


def kernel_numbers(mon, args):
    """Python floats a launch is handed, alone or in tuples, each distinct one once per forward (round 28: 1,025
    values of GELU computed with math.erf, handed to a kernel as one tuple that it stored). Integers are sizes,
    strides and offsets, in tuples too (round 29's honest writer: a tuple of per-head base offsets at each launch
    of a loop), and an eps handed to every launch of a batch loop is one number. Counted with the numbers written
    into tensors: True at TABLE (py_numbers_in)."""
    values = []
    for a in args:
        a = getattr(a, "value", a) if type(a).__name__ == "constexpr" else a
        values += [a] if isinstance(a, float) else flat_numbers(a, 1 << 20, (float,)) if isinstance(
            a, (tuple, list)) else []
    new = [v for v in dict.fromkeys(values) if v not in mon.py_call]
    return bool(new) and py_numbers_in(mon, new)


def py_numbers_in(mon, values):
    """Python numbers that became tensor memory in forward, by any path (a data constructor, t[i] = v, fill_,
    full): is that a table computed in Python? TABLE or more in one forward, or TABLE over the child's calls where
    each call's sequence of them counts once (round 22: a table written one element at a time, or a few at each
    call and kept, passed; round 23: in base-60 digits, 60 distinct values in all). An honest forward writes the
    same one or two constants at every call of a shape: one sequence per shape. mon: verify_monitor.MON."""
    for v in values:  # an integer counts once per byte (int_weight): packed ones carry several values each
        if isinstance(v, bool):  # a bit: every eighth makes a number of the eight
            mon.py_bits.append(v)
            if len(mon.py_bits) == 8:
                mon.py_call.append(packed_bools(mon.py_bits, 1)[0] + 256)  # (+256: not a written integer)
                mon.py_bits = []
            continue
        mon.py_call += [v] * int_weight(v) if isinstance(v, int) else [float(v)]
    cur = tuple(mon.py_call)
    new = not any(seq[:len(cur)] == cur for seq in mon.py_seqs)
    return len(cur) >= TABLE or mon.py_total + (len(cur) if new else 0) >= TABLE


# How integers may be made before any input and still be no table: from sizes, by affine and index arithmetic
# with Python integers (arange(C) // (C // G), a group id; a causal mask), and moved or combined as they are.
# Anything else (a float op, a Python number written in, t * t, a cumsum) may compute a function in fixed point:
# round 23 built GELU from arange by integer squarings and a cumsum, and from Python ints written one at a time.
MOVES = {"view", "_unsafe_view", "reshape", "expand", "repeat", "unsqueeze", "squeeze", "permute", "transpose", "t",
         "contiguous", "clone", "flatten", "select", "slice", "cat", "stack", "alias", "detach", "flip", "roll",
         "tril", "triu", "_to_copy", "copy_", "index_select", "repeat_interleave", "unbind", "split", "narrow",
         "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_not", "bitwise_and", "bitwise_or"}
INDEX_OPS = MOVES | {"arange", "zeros", "ones", "empty", "zeros_like", "ones_like", "empty_like", "zero_",
                     "floor_divide", "div", "remainder", "fmod", "add", "sub", "mul", "neg", "abs", "clamp",
                     "minimum", "maximum", "bitwise_left_shift", "bitwise_right_shift", "__lshift__", "__rshift__"}


def weigh(values, precise=False):
    """(weight, count) of Python values that could hold a table: the weight of the distinct ones (a float 1, or as
    an integer if it is one; an integer one per byte, int_weight; a string or bytes one per two characters; a
    bool none) and how many there are in all (bits spelled as 0s and 1s are many, not heavy). A table at weight
    TABLE or count 4 x TABLE (verify_static.source_table, verify_worker.held_table; round 38: integer-valued
    floats packed two 12-bit entries each). precise: a float weighs one per 9 significant digits of its shortest
    spelling, for values a kernel indexes (a 17-digit literal carried three 16-bit entries, decoded by exact
    constexpr arithmetic on a GPU); erfc's 9-digit coefficients still weigh 1 each."""
    import math
    weight = 0
    for v in {(type(v), v): v for v in values}.values():
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if isinstance(v, bool) or v is None or v is ...:
            continue
        if isinstance(v, float):
            digits = repr(abs(v)).split("e")[0].replace(".", "").strip("0")  # its shortest decimal spelling
            weight += -(-len(digits) // 9) if precise and math.isfinite(v) else 1
        else:
            weight += (int_weight(v) if isinstance(v, int) else 2 if isinstance(v, complex)
                       else math.ceil(len(v) / 2) if isinstance(v, (str, bytes)) else 0)
    return weight, sum(v is None or v is ... or isinstance(v, (int, float, complex)) for v in values)  # (round 40:
    # bits spelled as None and ...)


def module_values(v, depth=0, out=None):
    """The numbers, strings and bytes a module-level value holds: inside tuples, lists, dicts and tl.constexpr
    wrappers, however nested (round 38: 257 values of GELU computed with math.erf at import, kept as one
    tl.constexpr tuple, or as a tuple of 16-bit integers that a kernel read as a global)."""
    out = [] if out is None else out
    if type(v).__name__ == "constexpr":
        v = getattr(v, "value", None)
    if isinstance(v, (int, float, complex, str, bytes)):
        out.append(v)
    elif isinstance(v, (tuple, list, dict)) and depth < 8 and len(out) < 1 << 16:
        for e in (v.values() if isinstance(v, dict) else v):
            module_values(e, depth + 1, out)
    return out


def int_weight(v):
    """How many numbers a Python integer counts as: one per byte it needs. A size needs two to four; round 25
    packed a 66-entry table of GELU into eleven 60-bit integers, which had counted as eleven numbers."""
    return max(1, (abs(v).bit_length() + 7) // 8)


def reads_values(func, name, args, kwargs, ins):
    """How many bytes this op, run while the candidate is imported and built, carries out of a computed (floating,
    or derived) tensor into Python: int(t), float(t), `if t`, torch.equal, or a size that depends on the values
    (nonzero, unique, a boolean index); 0 for none. Round 25 computed GELU with PyTorch in __init__, read it out
    with int(), packed it into Python integers and handed them to a kernel as scalar arguments; TABLE bytes or
    more fail the build (verify_worker.build), a scalar or two (int(torch.tensor(shape).prod()), float(1 / t):
    round 26's honest writer) do not."""
    import torch
    tags = func.tags
    if not (torch.Tag.data_dependent_output in tags or torch.Tag.dynamic_output_shape in tags or name == "equal"):
        return 0
    if name == "index" and not any(isinstance(t, torch.Tensor) and t.dtype == torch.bool
                                   for t in torch.utils._pytree.tree_leaves((args, kwargs))):
        return 0  # integer indices: the size is theirs, not the values'
    if not any(not ok or t.is_floating_point() or t.is_complex() for ok, _, t in ins):
        return 0
    return ins[0][2].element_size() if name == "_local_scalar_dense" and ins else 1 if name == "equal" else 8


@contextlib.contextmanager
def made_early(early, storage, reads=None, cleared=None):
    """Record the storage of every tensor an op makes inside the block into early ({address: (weak reference, dtype,
    derived: not made by INDEX_OPS from a few sizes, Python integers taken, by int_weight)}; one per live address):
    the import and construction, where no forward is watched; into reads, (op, bytes) for each op that carries a
    computed tensor's values into Python there (reads_values). A kernel may
    read such memory only inside a parameter or buffer that the reference's values were copied into
    (made_before_inputs), wherever the candidate keeps it (an int view, a set, a closure, an object: round 20
    passed a table of GELU through each of them), and a copy of it counts as compute (verify_monitor.computes)."""
    import torch
    from torch.multiprocessing.reductions import StorageWeakRef
    from torch.utils._python_dispatch import TorchDispatchMode
    from torch.utils._pytree import tree_leaves

    def lineage(t):  # (made by INDEX_OPS alone so far, Python integers it took); made before the block: (True, 0)
        was = early.get(storage(t).data_ptr()) if t.device.type != "meta" else None
        return (True, 0) if was is None or was[0].expired() else (not was[2], was[3])

    class Early(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            name, leaves = func.overloadpacket.__name__, tree_leaves((args, kwargs))
            ins = [lineage(t) + (t,) for t in leaves if isinstance(t, torch.Tensor)]
            try:
                out = func(*args, **(kwargs or {}))
            except Exception:  # whether it raised can tell a bit of the values (round 27: 1,215 index bounds
                if reads is not None and any(not ok or t.is_floating_point() for ok, _, t in ins):  # checks in
                    reads.append((f"{func} raised", 8))  # try blocks at import spelled a table bit by bit)
                raise
            # Python integers taken, over the whole lineage: an index map takes a few sizes; cat of arange(v, v + 1)
            # over a list of integers takes one per value, a table
            ints = sum(int_weight(v) for v in leaves if isinstance(v, int) and not isinstance(v, bool)) + sum(
                n for _, n, _ in ins)
            if reads is not None and (n := reads_values(func, name, args, kwargs or {}, ins)):
                reads.append((str(func), n))
            index = name in INDEX_OPS and ints < TABLE and not any(isinstance(v, float) for v in leaves) and all(
                ok and not (t.is_floating_point() or t.is_complex()) for ok, _, t in ins) and (
                len(ins) <= 1 or name in MOVES)  # t * t, t + u: arithmetic between tensors computes a function
            for t in tree_leaves(out):
                if isinstance(t, torch.Tensor) and t.device.type != "meta":
                    s = storage(t)  # the method as captured before any candidate (verify_monitor.T)
                    if s.data_ptr():
                        if cleared is not None:  # written again: judged again at its next use (round 27: zeros
                            cleared.discard(s.data_ptr())  # judged at a launch in __init__, then a table copied in)
                        was = early.get(s.data_ptr())
                        derived = was is not None and not was[0].expired() and was[2]
                        early[s.data_ptr()] = StorageWeakRef(s), t.dtype, derived or not index or (
                            t.is_floating_point() or t.is_complex()), ints
            return out
    with Early():
        yield


def made_before_inputs(x, early, allowed, storage, cleared):
    """Does tensor x reach memory made at import or in __init__ (early, still alive) holding TABLE or more values,
    not all one, outside every (start, end) of allowed (the parameters and buffers the reference's values were
    copied into)? Judged on x's whole storage, not on x: a kernel may read all of it (the interpreter's memory
    check allows the storage of every tensor a launch is handed), so a one-element view of a table passed while x
    alone was measured (round 21). cleared: the storages already judged no table."""
    if not early:
        return False
    ptr = storage(x).data_ptr()
    ref = early.get(ptr)
    if ref is None or ref[0].expired() or ptr in cleared:
        return False
    if not ref[2] or not table_in(storage(x), x, allowed):  # integers from sizes alone (INDEX_OPS): an index map
        cleared.add(ptr)  # judged once, before any kernel wrote to it: a workspace made in __init__ then holds
        return False  # only what kernels wrote there (round 22's honest writer: zeros, then reused)
    return True


def early_table(early, allowed):
    """A storage made at import or in __init__, still alive after the build, that holds a floating table, or an
    integer one not made from sizes alone (table_in), or small ones that do together, wherever the candidate keeps
    it, or None. On a GPU nothing bounds a kernel's loads: a table kept in a closure was reachable at a fixed offset
    from a small tensor made next to it (the caching allocator places them side by side), with no tensor of it ever
    handed to a kernel or held by the module. Judged together (rounds 35-36): what each floating or derived storage
    holds outside the parameters, under TABLE values (1,025 one-value tensors in a list; 63 values past the end of
    each parameter's storage), by bytes, whatever dtype it was viewed as last (a bool view hid it); and the Python
    integers index maps took (arange(v, v + 1) per entry)."""
    import torch
    pooled, taken = [], 0
    for ref, dtype, derived, ints in list(early.values()):
        if ref.expired():
            continue
        s = torch.UntypedStorage._new_with_weak_ptr(ref.cdata)
        if not (dtype.is_floating_point or derived):  # integers from sizes are index maps (round 27: a fixed-point
            taken += ints  # table is no float); the Python integers they took are counted
            continue
        x = torch.empty(0, dtype=dtype, device=s.device)
        if within(s, x, allowed):
            continue
        rest = outside(s, x, allowed)
        if rest.numel() >= TABLE and not constant(rest):  # table_in, with rest read once
            return f"a storage of {s.nbytes() // dtype.itemsize} {str(dtype)[6:]} values (kept where no scan looks)"
        if rest.numel() < TABLE:  # (a larger rest is one value throughout: a workspace of zeros, judged alone)
            pooled.append(rest.contiguous().view(torch.uint8).cpu())
    # the same bytes twice are one piece: each model the child builds holds its own copy of the same coefficients
    # (round 37's honest writer: 39 of erf's, 156 bytes, counted twice); a split table's pieces differ
    pooled = list({tuple(p.tolist()): p for p in pooled}.values())
    data = torch.cat(pooled) if pooled else torch.zeros(0, dtype=torch.uint8)
    if data.numel() >= 4 * TABLE and not constant(data):
        return f"{len(pooled)} storages holding {data.numel()} bytes outside the parameters in all (a table split up)"
    if taken >= TABLE:
        return f"index maps made from {taken} Python integers (a table written into them)"
    return None


def table_in(s, x, allowed):
    """Does storage s, read as x's dtype, hold TABLE or more values outside allowed, not all one value? The
    parameters (a storage inside one allowed range) answer at once; a storage they only partly cover (a view of a
    larger early buffer, a parameter carved out of one) is read. Verifier work: the caller keeps it unwatched."""
    if s.nbytes() // x.element_size() < TABLE or within(s, x, allowed):
        return False
    rest = outside(s, x, allowed)
    return rest.numel() >= TABLE and not constant(rest)


def within(s, x, allowed):
    """Does storage s (read as x's dtype) lie inside one of allowed's ranges, a parameter's whole storage?"""
    lo = s.data_ptr()
    end = lo + s.nbytes() // x.element_size() * x.element_size()
    return any(a <= lo and end <= b for a, b in allowed)


def outside(s, x, allowed):
    """Storage s read as x's dtype (bool as bytes: a bool copy makes every nonzero byte 1, so a float table with no
    zero byte read as bool was one value: round 37), less what lies inside allowed's (start, end) ranges."""
    import torch
    es, lo = x.element_size(), s.data_ptr()
    n = s.nbytes() // es
    keep = torch.ones(n, dtype=torch.bool, device=x.device)
    for a, b in allowed:
        i, j = max(a, lo), min(b, lo + n * es)
        if i < j:
            keep[(i - lo) // es:(j - lo + es - 1) // es] = False
    dtype = torch.uint8 if x.dtype == torch.bool else x.dtype
    return torch.empty(0, dtype=dtype, device=x.device).set_(s, 0, (n,))[keep]


def constant(x):
    """Are all of x's values one value (an identity gain, torch.ones(C)): it tabulates nothing. Bit for bit: -0.0
    equals 0.0, so a table in the signs of zeros was one value (round 38)."""
    import torch
    flat = x.detach().reshape(-1)
    if flat.is_complex():
        flat = torch.view_as_real(flat).reshape(-1)
    if flat.is_floating_point():
        flat = flat.view({1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[flat.element_size()])
    return bool((flat == flat[0]).all())

"""
The runtime half of the func layer (PAPER.md §3): what a candidate's forward does, watched from inside its
sandboxed child (verify_worker.py), the only process that imports this with candidate code around.

    python verify.py tests/verify_cases/p_relu.py tests/verify_cases/relu__hidden_compute.py   # caught here
    (imported by verify_worker.py in the child)

  - every Triton launch is counted at the one place all launches pass (JITFunction.run, InterpretedFunction.run),
    its arguments checked (tensors, numbers, strings, dtypes and kernels only), and the storages it was handed
    noted, so an output no kernel wrote is seen;
  - every aten op outside a kernel is recorded by a TorchDispatchMode before it runs; allocation, views, copies
    and metadata are glue, everything else is PyTorch compute; fresh allocations are filled with NaN, so an
    element no kernel wrote cannot hold a plausible answer;
  - in Triton's interpreter (the CPU path) every address a kernel touches is checked to lie inside a tensor it
    was handed (CheckedMemory), and only Triton's own host copies are exempt from the op monitor;
  - a changed dispatch-mode stack, a replaced launch hook or a monitor switched off fails the candidate (intact).
The candidate's code cannot name any of this: verify_lang.py's language has no way to reach a module it did not
import, and this one is not importable from it.
"""

import sys

from verify_casts import FINFO, T, cast_of, changes_values, dithered, storage_of
from verify_early import (TABLE, flat_numbers, int_weight, kernel_numbers, made_before_inputs, packed_bools,
                          py_numbers_in, written_numbers)
from verify_launches import descriptor_type, grid_of, launch_numbers, launch_record, problem_dims, tuned
from verify_memory import CheckedMemory, memory_of
from verify_moves import handed, record_copy

# aten ops a forward may run outside a Triton kernel: allocation, views, copies and casts, metadata. Everything
# else is PyTorch compute (PAPER.md §3), including _local_scalar_dense: float(t), int(t) and `if t:` read tensor
# values into Python, where a monitor of aten ops cannot follow the arithmetic.
GLUE_OPS = frozenset({
    "empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "zeros", "zeros_like",
    "new_zeros", "ones", "ones_like", "new_ones", "full", "full_like", "new_full", "fill_", "zero_",
    "scalar_tensor", "lift_fresh", "lift_fresh_copy", "detach", "alias", "arange",
    "view", "_unsafe_view", "_reshape_alias", "reshape", "as_strided", "t", "transpose", "permute",
    "expand", "unsqueeze", "squeeze", "select", "slice", "split", "split_with_sizes", "chunk", "unbind",
    "unflatten", "flatten", "narrow", "view_as", "expand_as", "movedim", "contiguous",
    "clone", "copy_", "_to_copy", "to", "unfold", "diagonal", "t_", "transpose_", "squeeze_", "unsqueeze_",
    "empty_permuted",
    "sym_size", "sym_stride", "sym_numel", "sym_storage_offset", "size", "stride", "is_contiguous",
    "numel", "dim", "is_same_size", "promote_types",  # (round 37's honest writer: an output's dtype, no tensor)
})
ALLOC_OPS = {"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "empty_permuted"}
CAST_OPS = {"copy_", "fill_", "_to_copy", "to"}  # glue that may convert: (source, target dtype) in cast_of
COPY_OPS = {"clone", "_to_copy", "copy_"}
INPLACE_OPS = {"fill_", "zero_", "copy_"}  # glue that writes over a tensor's values


class Monitor:
    """What happened during one forward: launches, compute ops outside kernels, kernel-touched storages."""

    def __init__(self):
        self.active = False
        self.compile_only = False  # run_compile: Triton kernels compile and load but do not launch
        self.in_kernel = 0  # launches in progress (CPU path only): a @triton.jit helper may be called only there
        self.exempt = 0  # inside the interpreter's own host copies of a launch's arguments: not the candidate's ops
        self.stores_seen = False  # the interpreter: kernel_storages holds what kernels stored to, not all handed
        self.movement = False  # the problem only moves data (verify_compare.moves_data): its copies are its work
        self.poison = True  # fill fresh allocations with NaN (off while timing)
        self.tuning = None  # (kernel, config names) while the autotuner times a config (verify_launches.tuned)
        self.sticky = []  # what fails the candidate whenever it happened: outside forward, or swallowed after
        self.ranges = []  # the memory the interpreted launch in progress may touch (CheckedMemory)
        self.early = {}  # storage address -> (weak ref, dtype, derived, ints taken): made_early's record
        self.allowed = []  # (start, end) of the parameters and buffers the reference's values were copied into
        self.cleared = set()  # storages made early and judged no table at their first use (made_before_inputs)
        self.build_reads = []  # ops that carried a computed tensor's values into Python in the build (reads_values)
        self.py_call, self.py_bits = [], []  # Python numbers made tensors in this forward, in order; bools not
        # yet eight (py_numbers_in)
        self.py_seqs, self.py_total = set(), 0  # ... each call's sequence of them, and their lengths summed
        self.reset()

    def reset(self):
        seq = tuple(self.py_call)
        if seq and seq not in self.py_seqs:
            self.py_seqs.add(seq)
            self.py_total += len(seq)
        self.launches, self.compute_ops, self.kernel_storages, self.py_call, self.moved = 0, [], set(), [], {}
        self.py_bits = []
        self.kernel_data = set()  # storages holding what a kernel wrote, directly or copied: a glue write into a
        # part of one does not clear it (round 35: y[n:].zero_() took y out of kernel_storages, and its cast with it)
        self.part_copies, self.roots = 0, []  # copy_ into a part of a tensor, this forward; verify_moves' roots
        self.launch_log, self.ids, self.tuples, self.tuned = [], {}, {}, {}  # verify_launches', this forward
        self.strings = {}


MON = Monitor()
HOOKED = {}  # class -> our run, to tell whether it was replaced
SNAPSHOT = {}  # class or module -> its dict before any candidate (snapshot_libraries)


def capture_tensor_methods():
    """The monitor calls tensors' methods inside the dispatch handler and the interpreter's exempt copies, where
    nothing is recorded: looked up there at run time, a method patched on the class or set on the instance would
    run the candidate's code unwatched (round 11). So they are taken from the class once, before any import."""
    import torch
    for name in ("untyped_storage", "storage_offset", "is_floating_point", "is_complex", "fill_", "numel", "ne", "lt",
                 "gt", "any", "__and__", "__or__", "to", "__sub__", "abs", "isfinite", "std", "mean",
                 "square", "__getitem__", "float", "__mul__", "__add__", "uniform_", "new_empty", "size", "mul_",
                 "add_", "all"):
        T[name] = getattr(torch.Tensor, name)  # (T and FINFO live in verify_casts, which reads them most)
    T["Generator"] = torch.Generator
    for dt in (torch.float64, torch.float32, torch.float16, torch.bfloat16, *[getattr(torch, n) for n in dir(torch)
                                                                                if n.startswith("float8_")]):
        FINFO[dt] = (torch.finfo(dt).eps, torch.finfo(dt).max, torch.finfo(dt).tiny)


def outside_kernel(fn):
    """A candidate callable that Triton calls during a launch (the grid function) is the candidate's code, not
    the kernel: what it computes is recorded, and in the interpreter (where triton.language's functions already
    run on the launch's arguments) it may touch no memory and call no @triton.jit function."""
    def call(*a, **k):  # and not in a kernel: no memory a launch was handed, no @triton.jit helper to call
        saved = MON.exempt, MON.in_kernel, MON.ranges
        MON.exempt, MON.in_kernel, MON.ranges = 0, 0, []
        try:
            return fn(*a, **k)
        finally:
            MON.exempt, MON.in_kernel, MON.ranges = saved
    return call


def exempt(fn):
    """Triton's interpreter copying a launch's arguments to the host and back, and the monitor's own bookkeeping
    (verify_moves): their aten ops, not the candidate's. Only these: the kernel body runs watched, so a tensor or
    a function smuggled in (a constexpr's value, a dtype's element type) computes where the monitor sees it."""
    def call(*a, **k):
        MON.exempt += 1
        try:
            return fn(*a, **k)
        finally:
            MON.exempt -= 1
    return call


MADE = {}  # id(kernel object) -> (the object, the function it was made from)
SOURCE_OK = set()  # ids of the functions whose source the interpreter will run as written
REWRITTEN = {}  # id(kernel function) -> (the function, what compile_apart made of it): the interpreter's cache


def check_kernel_object(kernel, interpret):
    """The kernel launched is the one the candidate's source defines: its function unchanged since it was made,
    no per-object replacement of what runs it, and (interpreter) its source text such that Triton's rewriter,
    which starts at the last line beginning with "def ", recompiles that very function."""
    import inspect
    fn = getattr(kernel, "fn", None)
    made = MADE.get(id(kernel))
    if made is None or made[0] is not kernel or made[1] is not fn or {"run", "rewrite", "rewritten_fn"} & set(vars(kernel)):
        raise TypeError("a kernel object was changed after it was made")
    if interpret:
        check_rewritten(fn)
    if interpret and id(fn) not in SOURCE_OK:
        lines = inspect.getsourcelines(fn)[0]
        if sum(line.strip().startswith("def ") for line in lines) != 1:
            raise TypeError("the kernel's source holds another line that starts with 'def '")
        SOURCE_OK.add(id(fn))


def check_rewritten(fn):
    """The interpreter runs what its class-level cache holds for fn: it must be what compile_apart made of fn's
    own source, in the cache Triton made (host code that swapped either would run a Python body of its own)."""
    from triton.runtime import interpreter
    cache = interpreter.InterpretedFunction.rewritten_fn
    if cache is not REWRITTEN["cache"][0]:
        raise TypeError("the interpreter's cache of kernel bodies was replaced")
    got, made = cache.get(fn), REWRITTEN.get(id(fn))
    if got is not None and (made is None or made[0] is not fn or made[1] is not got):
        raise TypeError("a kernel's rewritten body was replaced after it was made")


def check_kernel_args(fn, args, kwargs):
    """A kernel is handed tensors, numbers, strings, dtypes and other kernels, nothing else: on the CPU the
    interpreter runs the body as Python, where a function or a tensor passed as a constexpr could compute."""
    import torch
    import triton.language as tl
    from triton.runtime.jit import JITFunction
    kernels = (JITFunction,) + tuple(c for c in HOOKED if c is not JITFunction)
    names = list(getattr(fn, "arg_names", []))
    ann = getattr(getattr(fn, "fn", None), "__annotations__", {})
    for i, a in enumerate(list(args) + list(kwargs.values())):
        name = names[i] if i < len(args) and i < len(names) else (list(kwargs)[i - len(args)] if i >= len(args)
                                                                   else "?")
        items = [(x, False) for x in (list(a) if isinstance(a, tuple) else [a])]  # a torch.Size too
        while items:
            x, wrapped = items.pop()
            if isinstance(x, tl.constexpr):  # a constexpr is called through to what it wraps: a plain value only
                items.append((x.value, True))
            elif isinstance(x, torch.Tensor):
                if wrapped or "constexpr" in str(ann.get(name, "")):
                    raise TypeError(f"kernel argument {name} is a tensor passed as a constexpr")
                if i >= len(args) and names and name not in names:  # the launcher drops it, but the memory
                    raise TypeError(f"keyword {name} is a tensor but no parameter of the kernel")  # check counted it
                if x.device.type == "meta" or x.numel() and torch.Tensor.data_ptr(x) == 0:  # round 16: a meta
                    raise TypeError(f"kernel argument {name} is a tensor without memory ({x.device})")  # tensor's
                    # range (0, 2**48) let a kernel store anywhere in the process
                if exempt(made_before_inputs)(x, MON.early, MON.allowed, T["untyped_storage"], MON.cleared):
                    raise TypeError(f"kernel argument {name} reads memory made before any input (at import or in "
                                    "__init__) that holds no parameter or buffer of the reference: a table of the "
                                    "answer (round 20)")
                if type(x) is not torch.Tensor and type(x) is not torch.nn.Parameter or any(
                        hasattr(torch.Tensor, k) for k in getattr(x, "__dict__", {})):  # the launcher calls its
                    raise TypeError(f"kernel argument {name}: a tensor with methods of its own")  # methods, exempt
            elif isinstance(x, tl.dtype) and type(x) is not tl.dtype:  # a block or pointer type carries any object
                raise TypeError(f"kernel argument {name} is a {type(x).__name__}: pass a dtype (tl.float32, ...)")
            elif type(x) is descriptor_type():  # TMA: a tensor and integer lists, nothing that runs
                if wrapped or not isinstance(x.base, torch.Tensor) or not all(
                        type(v) is int for f in (x.shape, x.strides, x.block_shape) for v in f):
                    raise TypeError(f"kernel argument {name} is a TensorDescriptor of something other than a tensor")
            elif not (x is None or type(x) in (int, float, bool, str) or isinstance(x, (torch.dtype, tl.dtype))
                      or isinstance(x, kernels)):
                raise TypeError(f"kernel argument {name} is a {type(x).__name__}: a kernel takes tensors, "
                                "numbers, strings, dtypes and kernels")
    if kernel_numbers(MON, list(args) + list(kwargs.values())):  # round 28: a table handed as a tuple
        (MON.compute_ops if MON.active else MON.sticky).append(f"{TABLE} or more Python numbers handed to kernels")


def moved_view(x, base):
    """x (a tensor, or a TensorDescriptor over base) read by a kernel or returned: compute where the copies that
    filled base's storage in this forward, read through x, move data as no view does (verify_moves.handed). In
    the trials only: not in timed calls, whose clock it would slow."""
    was = MON.moved.get(storage_of(base)) if MON.poison else None
    if was is not None and not was.ref.expired() and (why := exempt(handed)(was, x, base.device)):
        MON.compute_ops.append(why)


def from_values(make, name, skip=0):
    """A tensor handed where Python wants a number or a list of them (torch.tensor([x[0], x[1]]), t.fill_(x[0]),
    torch.full(n, x[0]), torch.arange(x[0])) is read below the dispatcher: the op monitor sees no op (a silent
    cast, round 10). Such a call is compute, as .item() is. skip: leading arguments that are tensors by right
    (a method's self, full_like's input); torch.as_tensor(t) of a whole tensor is a view, not a read."""
    import torch

    def holds_tensor(data, depth=0):  # every element, however deep (64 first ones only passed in round 11)
        if isinstance(data, torch.Tensor):
            return True
        return isinstance(data, (list, tuple)) and (depth > 32 or any(holds_tensor(d, depth + 1) for d in data))

    def buffer(x):  # bytes, a bytearray, a memoryview: Python's own memory, which a tensor made over it would share
        try:
            memoryview(x)
            return not isinstance(x, torch.Tensor)
        except TypeError:
            return False

    def call(*a, **k):
        rest = [*a[skip:], *k.values()]
        whole = name in ("as_tensor", "asarray") and len(a) == 1 and not k and isinstance(a[0], torch.Tensor)
        if not MON.exempt and not whole and any(holds_tensor(x) for x in rest):  # in the build too (round 26:
            (MON.compute_ops if MON.active else MON.build_reads).append(f"torch.{name} of tensors' values")  # split)
        if name in PY_DATA and rest and not MON.exempt:  # round 19: a function tabulated in Python floats
            data = flat_numbers(rest[0], TABLE) + packed_bools(rest[0], TABLE)
            if py_numbers_in(MON, data) or not MON.active and len(data) >= TABLE:
                (MON.compute_ops if MON.active else MON.sticky).append(  # (math.erf), made a tensor for a kernel
                    f"torch.{name}: {TABLE} or more Python numbers made tensors, a table computed in Python")
        if not MON.exempt and any(buffer(x) for x in rest):  # round 13: its values then reach Python by bytes
            # indexing, unwatched; round 14: made at import, where no forward is watched, and written by a kernel
            (MON.compute_ops if MON.active else MON.sticky).append(f"torch.{name} over Python memory")
        return make(*a, **k)
    return call


PY_DATA = {"tensor", "as_tensor", "asarray", "new_tensor"}  # constructors that take Python data


READS = {"tensor": 0, "as_tensor": 0, "asarray": 0, "full": 0, "arange": 0, "scalar_tensor": 0, "empty": 0,
         "zeros": 0, "ones": 0, "full_like": 1,  # torch functions that take numbers: leading tensor arguments
         "tensor_split": 1, "repeat_interleave": 1}  # counts from a tensor, read in C++ (round 12: no aten op)
TENSOR_READS = {"fill_": 1, "new_full": 1, "new_empty": 1, "new_zeros": 1, "new_ones": 1, "new": 1,
                "new_tensor": 1, "tensor_split": 1, "repeat_interleave": 1}  # ... and methods (new and
# new_tensor: the legacy constructors, round 11)


def install_triton_hooks(interpret):
    """Count launches at the one place every launch passes: JITFunction.run (InterpretedFunction.run in the
    interpreter). Autotune and heuristics wrappers call it too. On a GPU nothing in a launch is exempt from
    the op monitor: Triton's launcher runs no aten op of its own. In the interpreter its host copies are."""
    import torch
    import torch._tensor_str
    from triton.runtime import jit
    capture_tensor_methods()  # before the hooks below wrap fill_ and kin
    text = torch._tensor_str._str

    def as_text(self, *a, **k):  # PyTorch prints with the dispatch modes off: values would leave unwatched
        if MON.active or not MON.exempt:  # in the build too (round 26 parsed str(t) of a GELU made in __init__)
            (MON.compute_ops if MON.active else MON.build_reads).append("a tensor's values written as text")
        return text(self, *a, **k)
    torch._tensor_str._str = as_text
    # torch.device(...) as a context knows its constructors by identity, cached at first use: cached now, with
    # torch's own, or a model built under it would land on the CPU (measured: 4 GB GEMM weights past --mem_gb)
    import torch.utils._device
    torch.utils._device._device_constructors()
    for name, skip in READS.items():  # from tensors' values they read them below the dispatcher
        setattr(torch, name, from_values(getattr(torch, name), name, skip))
    for name, skip in TENSOR_READS.items():
        setattr(torch.Tensor, name, from_values(getattr(torch.Tensor, name), name, skip))
    classes = [jit.JITFunction]
    MON.stores_seen = interpret
    if interpret:
        from triton.runtime import autotuner, interpreter
        import verify_libdevice
        verify_libdevice.install()  # libdevice.tanh and kin, which the interpreter itself cannot run
        import types
        from triton.runtime.driver import driver
        # Triton's tutorials ask the driver for the device (DRIVER_OK); the CPU has no driver at all, so the
        # interpreter gets one that answers the two device queries and nothing else (round 14's honest writer)
        driver.set_active(types.SimpleNamespace(get_active_torch_device=lambda: torch.device("cpu"),
                                                       get_current_device=lambda: 0))
        classes.append(interpreter.InterpretedFunction)
        # The interpreter has no benchmarker (PAPER.md §3, CPU path): autotune runs its first config.
        prune = autotuner.Autotuner.prune_configs
        autotuner.Autotuner.prune_configs = lambda self, *a, **k: prune(self, *a, **k)[:1]
        autotuner.Autotuner._bench = lambda self, *a, **k: [0.0, 0.0, 0.0]
    from triton.runtime import autotuner
    autotuner.Autotuner._bench = tuned(autotuner.Autotuner._bench, MON)
    for cls in classes:
        def init(self, fn, *a, _orig=cls.__init__, **k):
            _orig(self, fn, *a, **k)
            MADE[id(self)] = (self, fn)  # the object held too: its id cannot pass to another while we know it

        def run(self, *args, _orig=cls.run, **kwargs):
            launch_args = {k: v for k, v in kwargs.items() if k not in ("grid", "warmup")}
            check_kernel_object(self, interpret)
            check_kernel_args(self, args, launch_args)
            if getattr(self, "pre_run_hooks", None):
                raise TypeError("pre-run hooks are not allowed")
            if MON.compile_only:
                kwargs["warmup"] = True  # Triton's own ahead-of-launch path: compile and cache, no launch
                kernel = _orig(self, *args, **kwargs)
                getattr(kernel, "_init_handles", lambda: None)()  # load the binary and build its launcher now too
                return kernel
            if MON.active and not kwargs.get("warmup", False):
                MON.launches += 1
                if MON.poison:  # round 29: a table in the launch sequence (verify_launches);
                    # not in timed calls (poison off): it would slow their clock, and a table sent this way costs
                    # launches or unrolled lookups, no speed to gain there (the trials see it)
                    kwargs["grid"] = grid_of(kwargs.get("grid"), launch_record(
                        MON, self, args, launch_args, T["untyped_storage"], T["storage_offset"]))
                for a in list(args) + list(launch_args.values()):
                    if isinstance(a, torch.Tensor) and not interpret:  # on a GPU: handed to a kernel (its stores
                        MON.kernel_storages.add(storage_of(a))  # are not seen)
                        MON.kernel_data.add(storage_of(a))
                    t = a if isinstance(a, torch.Tensor) else a.base if type(a) is descriptor_type() else None
                    if t is not None:  # rounds 30-32: a roll or flip of copies, read by a kernel
                        moved_view(a, t)
            if not interpret:
                return _orig(self, *args, **kwargs)
            if callable(kwargs.get("grid")):
                kwargs["grid"] = outside_kernel(kwargs["grid"])
            MON.in_kernel += 1
            MON.ranges = memory_of(list(args) + list(launch_args.values()))
            try:
                return _orig(self, *args, **kwargs)
            except BaseException as e:  # a fault the candidate then swallowed told it a bit of the data (round 14)
                MON.sticky.append(f"a launch of {getattr(self, '__name__', 'a kernel')} raised "
                                  f"{type(e).__name__}, and the forward went on")
                raise
            finally:
                MON.in_kernel -= 1
                MON.ranges = []
        cls.__init__, cls.run = init, run
        HOOKED[cls] = run
    if interpret:
        from triton.runtime import interpreter
        interpreter._interpreter = CheckedMemory(interpreter._interpreter, MON)
        interpreter.FunctionRewriter._compile_and_exec = compile_apart
        REWRITTEN["cache"] = (interpreter.InterpretedFunction.rewritten_fn, None)  # Triton's, before any candidate
        for name in ("_init_args_hst", "_restore_args_dev"):
            setattr(interpreter.GridExecutor, name, exempt(getattr(interpreter.GridExecutor, name)))
        device_call = interpreter.InterpretedFunction.__call__

        def call(self, *a, **k):  # a @triton.jit helper called by a kernel; from host code it would run unwatched
            if not MON.in_kernel:
                raise TypeError("a @triton.jit function may only be called from a kernel, or launched")
            if id(self) in MADE:  # the candidate's own; triton.language's helpers (tl.max, ...) predate our hooks
                check_kernel_object(self, True)
            return device_call(self, *a, **k)
        interpreter.InterpretedFunction.__call__ = call


def compile_apart(self, transformed_ast):
    """Triton's interpreter compiles a kernel's rewritten source in the module's globals and first adds its own
    (np, inspect, InterpretedFunction, ...) to them for every name the module lacks, where the candidate's host
    code could then use them. Here they go into a copy: the module stays as the language checked it."""
    import ast
    import inspect
    import textwrap
    from triton.runtime import interpreter
    code = compile(transformed_ast, filename=self.filename, mode="exec")
    # the names the rewrite added (interpreter_semantic, _InterpreterComparison, ...) are the interpreter's,
    # whatever the module binds to them (round 12: a module-level `interpreter_semantic` of the candidate's got
    # every block of values a kernel assigned)
    mine = {n.id for n in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(self.fn)))) if isinstance(n, ast.Name)}
    added = {n.id for n in ast.walk(transformed_ast) if isinstance(n, ast.Name)} - mine
    own = vars(interpreter)
    scope = {**own, **self.fn.__globals__, **{k: own[k] for k in added if k in own}}
    local = {}  # not Triton's jit keywords: a default naming one would bind the object passed there
    exec(code, scope, local)
    REWRITTEN[id(self.fn)] = (self.fn, local[self.fn.__name__])
    return local[self.fn.__name__]


def poison(t):
    """Fill a fresh allocation with a value no honest output holds where a kernel did not write."""
    import torch
    if not isinstance(t, torch.Tensor) or torch.numel(t) == 0:
        return
    if T["is_floating_point"](t) or T["is_complex"](t):
        T["fill_"](t, float("nan"))
    elif t.dtype == torch.bool:
        T["fill_"](t, True)
    else:
        T["fill_"](t, torch.iinfo(t.dtype).max)


def op_recorder():
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    class OpRecorder(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            watching = MON.active and not MON.exempt
            name = func.overloadpacket.__name__
            if watching and (name not in GLUE_OPS or computes(func, name, args, kwargs or {})):
                MON.compute_ops.append(str(func))  # before it runs: an op may do its work and then raise
            # a narrowing cast of what a kernel wrote rounds a dithered copy (verify_casts.dithered)
            call = dithered(name, args, kwargs or {}, MON.kernel_data) if watching and name in CAST_OPS else args
            out = func(*call, **(kwargs or {}))
            if watching:
                if name in ALLOC_OPS and MON.poison:
                    poison(out)
                src = args[1] if name == "copy_" else args[0] if name in COPY_OPS else None
                if isinstance(src, torch.Tensor) and (why := exempt(record_copy)(  # a flip composed of copies
                        MON.moved, MON.roots, src, args[0] if name == "copy_" else out, T["untyped_storage"],
                        MON.kernel_storages)):
                    MON.compute_ops.append(why)  # of windows (round 25); its own ops exempt (round 26)
                if isinstance(src, torch.Tensor) and storage_of(src) in MON.kernel_data:
                    MON.kernel_data.add(storage_of(args[0] if name == "copy_" else out))
                if isinstance(src, torch.Tensor) and storage_of(src) in MON.kernel_storages:
                    # A copy of a kernel's output counts as the kernel's output (e.g. .contiguous()).
                    MON.kernel_storages.add(storage_of(args[0] if name == "copy_" else out))
                elif name in INPLACE_OPS and isinstance(args[0], torch.Tensor):
                    # fill_ or zero_ over what a kernel wrote: that storage is no longer the kernel's answer
                    # until a kernel writes it again (round 12: a decoy store, then PyTorch wrote each element)
                    MON.kernel_storages.discard(storage_of(args[0]))
            return out

    return OpRecorder


PART_WRITES = ("copy_", "fill_", "zero_", "masked_fill_", "index_fill_")  # glue that writes into its first argument


def part_write(name, args):
    """Writes into parts of tensors: TABLE of them in one forward move or tabulate data by PyTorch (round 24: a flip
    rebuilt column by column, where a cast hid the problem's being movement; round 37: a table's bits set one
    bits[p].fill_(True) each, the positions carrying it). A pad or two is glue."""
    import torch
    t = args[0] if name in PART_WRITES and args else None
    if isinstance(t, torch.Tensor) and t.numel() < T["untyped_storage"](t).nbytes() // max(1, t.element_size()):
        MON.part_copies += 1
        if MON.part_copies == TABLE:
            MON.compute_ops.append(f"{TABLE} or more copies into parts of tensors in one forward: data moved or "
                                   "tabulated by PyTorch")


def computes(func, name, args, kwargs):
    """A glue op that does work all the same: a cast that changes values (changes_values), a view of another
    dtype (it reinterprets bits), a fill from a tensor's value, a copy into a tensor a kernel wrote from one
    no kernel wrote (the answer then comes from the copy, not the kernel), and in a problem that only moves data
    any copy of what no kernel wrote (the movement is the work); a copy of memory made before any input outside the
    reference's parameters (verify_early.made_before_inputs)."""
    import torch
    if name == "view" and func._overloadname == "dtype":  # bits reinterpreted; a bool mask as bytes keeps its 0s
        return not (args[0].dtype == torch.bool and args[1] in (torch.uint8, torch.int8))  # and 1s (round 37)
    part_write(name, args)
    values = written_numbers(name, args)
    if name in ("lift_fresh", "lift_fresh_copy") and args and isinstance(args[0], torch.Tensor) and not args[0].dim():
        v = args[0].item() if not args[0].is_complex() else complex(args[0])  # t[i] = v: v made a 0-d tensor
        values = [v.real, v.imag] if isinstance(v, complex) else [v]  # integers and bools too (round 37)
    if values:
        if py_numbers_in(MON, values):
            MON.compute_ops.append(f"{TABLE} or more Python numbers written into tensors (t[i] = v, fill_, full): "
                                   "a table computed in Python")
        return False
    if name == "fill_" and func._overloadname == "Tensor":  # a value moved out of a tensor, by any name that
        return True  # reaches it (Tensor.fill_, torch.fill_, torch.fill: round 12); a number fills as glue
    if name in CAST_OPS:
        src, to = cast_of(name, args, kwargs)
        if (isinstance(src, torch.Tensor) and to is not None and to != src.dtype
                and changes_values(src, to, MON.kernel_data)):
            return True
    src = args[1] if name == "copy_" and len(args) > 1 else args[0] if name in COPY_OPS and args else None
    if isinstance(src, torch.Tensor) and made_before_inputs(src, MON.early, MON.allowed, T["untyped_storage"],
                                                                 MON.cleared):
        return True  # a table made before any input, copied in forward (.clone(), .to(device)) for a kernel to read
    if MON.movement and isinstance(src, torch.Tensor):  # a flip or a transpose assembled by copies, then handed
        return True  # to a copy kernel (round 13), or copied out of a kernel's identity copy (round 14)
    return (name == "copy_" and isinstance(src, torch.Tensor) and MON.stores_seen
            and storage_of(args[0]) in MON.kernel_storages
            and storage_of(src) not in MON.kernel_storages)  # (on a GPU autotune's restore_value does this)


def intact(mode):
    """None while the monitors are as we left them; else what changed (a failing verdict of its own)."""
    from torch.utils._python_dispatch import _get_current_dispatch_mode_stack
    if _get_current_dispatch_mode_stack() != [mode]:
        return "the dispatch-mode stack was changed"
    if any(cls.run is not run for cls, run in HOOKED.items()):
        return "Triton's launch hook was replaced"
    if not MON.active or MON.in_kernel or MON.exempt:
        return "the runtime monitor was switched off"
    if MON.sticky:
        return MON.sticky[0]
    changed = [f"{owner.__name__}.{k}" for owner, entries in SNAPSHOT.items() for k, v in entries.items()
               if vars(owner).get(k) is not v]  # a class also gains no name (Tensor.contiguous is TensorBase's)
    changed += [f"{c.__name__}.{k}" for c, entries in SNAPSHOT.items() if isinstance(c, type) for k in vars(c)
                if k not in entries]
    return f"the library was patched: {', '.join(changed[:3])}" if changed else None


def snapshot_libraries():
    """Every entry of torch.Tensor's, nn.Module's and Parameter's class dicts and of torch's and
    torch.nn.functional's module dicts, as they are before any candidate: intact() fails a call after which one
    is not the same object (a patched torch.Tensor.contiguous ran unwatched when outputs were read, round 10)."""
    import torch
    import torch.nn.functional as F
    for owner in (torch.Tensor, torch.nn.Module, torch.nn.Parameter, torch, F, sys.modules[__name__], Monitor,
                  sys.modules["verify_casts"]):
        SNAPSHOT[owner] = dict(vars(owner))  # this module and Monitor too: GLUE_OPS, reset, ... (round 11)


def monitored(model, inputs, recorder, cuda, fill=True):
    """One forward under the monitors: (outputs or an exception, tamper reason or None)."""
    import torch
    MON.reset()
    MON.active, MON.poison = True, fill
    mode = recorder()
    try:
        with torch.no_grad(), mode:
            out = model(*inputs)
            if cuda:
                torch.cuda.synchronize()
            tamper = intact(mode)
            for o in [out] if isinstance(out, torch.Tensor) else list(out) if isinstance(out, (tuple, list)) else []:
                if isinstance(o, torch.Tensor):  # round 32: the roll made after the last kernel, by copies
                    moved_view(o, o)
        if MON.launch_log and len(MON.py_call) + sum(map(int_weight, launch_numbers(MON, problem_dims(  # round 29
                inputs, [*model.parameters(), *model.buffers()], MON.allowed, storage_of)))) >= TABLE:
            # with this forward's other Python numbers; not summed over calls, where each shape's grid is new
            MON.compute_ops.append(f"{TABLE} or more numbers carried by the launches: a table (verify_launches)")
        return out, tamper
    finally:
        MON.active = False
        MON.in_kernel = MON.exempt = 0


def watched(model, recorder, seen):
    """forward for the timing loop: every call under the op monitor (without the NaN fills, which would cost the
    candidate a write of its outputs). A forward that computed in PyTorch in calls it guessed were not watched,
    and replayed the answer when timed, would otherwise earn a speedup it did not make."""
    def call(*args):
        out, tamper = monitored(model, args, recorder, False, fill=False)
        seen["ops"].update(MON.compute_ops)
        seen["launches"] = min(seen["launches"], MON.launches)
        seen["tamper"] = seen["tamper"] or tamper
        return out
    return call


"""
The sandboxed half of the verifier: the only code that ever shares a process with candidate code.

    (started by verify.py, never by hand)   python verify_worker.py FD DEVICE

verify.py starts one of these per pool slot, with a scrubbed environment and a temporary working folder.
It imports torch and triton once (CUDA stays uninitialised), then for each candidate receives a socket of the
candidate's own and forks a child that:

  1. closes the slot's channel, drops into its own process group, with core dumps off, stdout and stderr to /dev/null, a
     file-size cap, an address-space cap (CPU) or a GPU memory fraction (GPU), in a fresh working folder;
  2. imports the candidate (already inside the language of verify_lang.py) and builds ModelNew under the
     seed the reference was built with (PAPER.md §5), and a second one for the hidden shape variant;
  3. on the GPU, compiles the kernels of a first forward without launching them (run_compile);
  4. runs forward on each trial's inputs under two monitors (PAPER.md §3, func layer, runtime): every Triton
     launch is counted, its arguments checked and the storages it was handed noted; every aten op that runs
     outside a kernel is recorded by a TorchDispatchMode, and every tensor allocated in forward is filled with
     NaN first, so an element no kernel wrote cannot hold a plausible answer;
  5. answers in verify_wire.py's format only (a JSON header, then raw bytes or copies into the parent's
     buffers), times forward on request (GPU only), and leaves when told.

The child never sees the reference Model, the reference outputs, the seeds of the inputs or the comparison:
those live in verify.py's process (verify_ref.py). The zygote reaps the child, kills its process group at the
time limit or when the parent asks, and reports how it ended, so every candidate gets exactly one verdict.
"""

import json
import os
import pickle
import resource
import shutil
import signal
import statistics
import sys
import tempfile
import time
import traceback
from multiprocessing.connection import Connection
from multiprocessing.reduction import recv_handle

from verify_wire import send, spec, tensor_bytes

# aten ops a forward may run outside a Triton kernel: allocation, views, copies and casts, metadata. Everything
# else is PyTorch compute (PAPER.md §3), including _local_scalar_dense: float(t), int(t) and `if t:` read tensor
# values into Python, where a monitor of aten ops cannot follow the arithmetic.
GLUE_OPS = {
    "empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "zeros", "zeros_like",
    "new_zeros", "ones", "ones_like", "new_ones", "full", "full_like", "new_full", "fill_", "zero_",
    "scalar_tensor", "lift_fresh", "lift_fresh_copy", "detach", "alias", "arange",
    "view", "_unsafe_view", "_reshape_alias", "reshape", "as_strided", "t", "transpose", "permute",
    "expand", "unsqueeze", "squeeze", "select", "slice", "split", "split_with_sizes", "chunk", "unbind",
    "unflatten", "flatten", "narrow", "view_as", "expand_as", "movedim", "contiguous",
    "clone", "copy_", "_to_copy", "to",
    "sym_size", "sym_stride", "sym_numel", "sym_storage_offset", "size", "stride", "is_contiguous",
    "numel", "dim", "is_same_size",
}
ALLOC_OPS = {"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "empty_permuted"}
COPY_OPS = {"clone", "_to_copy", "copy_"}
JOB = b"J"  # job headers for the zygote start with this


class Monitor:
    """What happened during one forward: launches, compute ops outside kernels, kernel-touched storages."""

    def __init__(self):
        self.active = False
        self.compile_only = False  # run_compile: Triton kernels compile and load but do not launch
        self.in_kernel = 0  # the interpreter's own host copies during a launch (CPU path only)
        self.poison = True  # fill fresh allocations with NaN (off while timing)
        self.launches = 0
        self.compute_ops = []
        self.kernel_storages = set()
        self.ranges = []  # the memory the interpreted launch in progress may touch (CheckedMemory)

    def reset(self):
        self.launches, self.compute_ops, self.kernel_storages = 0, [], set()


MON = Monitor()
HOOKED = {}  # class -> our run, to tell whether it was replaced


def storage_of(t):
    import torch
    return torch.Tensor.untyped_storage(t).data_ptr()


def outside_kernel(fn):
    """A candidate callable that Triton calls during a launch (the grid function) is the candidate's code, not
    the kernel: what it computes is recorded."""
    def call(*a, **k):
        depth, MON.in_kernel = MON.in_kernel, 0
        try:
            return fn(*a, **k)
        finally:
            MON.in_kernel = depth
    return call


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
        items = list(a) if type(a) is tuple else [a]
        while items:
            x = items.pop()
            if isinstance(x, tl.constexpr):  # a constexpr is called through to what it wraps
                items.append(x.value)
            elif isinstance(x, torch.Tensor):
                if "constexpr" in str(ann.get(name, "")):
                    raise TypeError(f"kernel argument {name} is a tensor passed as a constexpr")
            elif not (x is None or type(x) in (int, float, bool, str) or isinstance(x, (torch.dtype, tl.dtype,
                                                                                          tl.constexpr, kernels))):
                raise TypeError(f"kernel argument {name} is a {type(x).__name__}: a kernel takes tensors, "
                                "numbers, strings, dtypes and kernels")


def install_triton_hooks(interpret):
    """Count launches at the one place every launch passes: JITFunction.run (InterpretedFunction.run in the
    interpreter). Autotune and heuristics wrappers call it too. On a GPU nothing in a launch is exempt from
    the op monitor: Triton's launcher runs no aten op of its own. In the interpreter its host copies are."""
    import torch
    from triton.runtime import jit
    classes = [jit.JITFunction]
    if interpret:
        from triton.runtime import autotuner, interpreter
        classes.append(interpreter.InterpretedFunction)
        # The interpreter has no benchmarker (PAPER.md §3, CPU path): autotune runs its first config.
        prune = autotuner.Autotuner.prune_configs
        autotuner.Autotuner.prune_configs = lambda self, *a, **k: prune(self, *a, **k)[:1]
        autotuner.Autotuner._bench = lambda self, *a, **k: [0.0, 0.0, 0.0]
    for cls in classes:
        def run(self, *args, _orig=cls.run, **kwargs):
            launch_args = {k: v for k, v in kwargs.items() if k not in ("grid", "warmup")}
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
                for a in list(args) + list(launch_args.values()):
                    if isinstance(a, torch.Tensor):
                        MON.kernel_storages.add(storage_of(a))
            if not interpret:
                return _orig(self, *args, **kwargs)
            if callable(kwargs.get("grid")):
                kwargs["grid"] = outside_kernel(kwargs["grid"])
            MON.in_kernel += 1
            MON.ranges = memory_of(list(args) + list(launch_args.values()))
            try:
                return _orig(self, *args, **kwargs)
            finally:
                MON.in_kernel -= 1
                MON.ranges = []
        cls.run = run
        HOOKED[cls] = run
    if interpret:
        from triton.runtime import interpreter
        interpreter._interpreter = CheckedMemory(interpreter._interpreter)


def memory_of(args):
    """[(first byte, end)] of the storage of every tensor a launch was handed (descriptors' bases included)."""
    import torch
    out = []
    for a in args:
        for t in (list(a) if type(a) is tuple else [getattr(a, "base", a)]):
            if isinstance(t, torch.Tensor):
                st = torch.Tensor.untyped_storage(t)
                out.append((st.data_ptr(), st.data_ptr() + st.nbytes()))
    return out


class CheckedMemory:
    """The interpreter's memory primitives, with every address a kernel touches checked to lie inside a tensor it
    was handed. The interpreter dereferences raw host addresses: without this a kernel could write anywhere in
    its process, Python's own objects included, and so run any code (a second way out of verify_lang)."""

    def __init__(self, raw):
        self.raw = raw

    def __getattr__(self, name):
        return getattr(self.raw, name)

    @staticmethod
    def check(ptrs, mask, itemsize):
        import numpy as np
        p = np.broadcast_to(np.asarray(ptrs, dtype=np.uint64), np.broadcast_shapes(np.shape(ptrs), np.shape(mask)))
        p = p[np.broadcast_to(np.asarray(mask, dtype=bool), p.shape)]
        ok = np.zeros(p.shape, dtype=bool)
        for lo, hi in MON.ranges:
            ok |= (p >= lo) & (p + itemsize <= hi)
        if not ok.all():
            raise RuntimeError("a kernel accessed memory outside the tensors it was handed")

    def load(self, ptrs, mask, other, dtype):
        self.check(ptrs, mask, np_itemsize(dtype))
        return self.raw.load(ptrs, mask, other, dtype)

    def store(self, ptrs, value, mask):
        self.check(ptrs, mask, value.dtype.itemsize)
        return self.raw.store(ptrs, value, mask)

    def atomic_cas(self, ptrs, cmp, val, sem):
        self.check(ptrs, True, val.dtype.itemsize)
        return self.raw.atomic_cas(ptrs, cmp, val, sem)

    def atomic_rmw(self, op, ptrs, val, mask, sem):
        self.check(ptrs, mask, val.dtype.itemsize)
        return self.raw.atomic_rmw(op, ptrs, val, mask, sem)


def np_itemsize(dtype):
    import numpy as np
    return np.dtype(dtype).itemsize


def poison(t):
    """Fill a fresh allocation with a value no honest output holds where a kernel did not write."""
    import torch
    if not isinstance(t, torch.Tensor) or torch.numel(t) == 0:
        return
    if t.is_floating_point() or t.is_complex():
        t.fill_(float("nan"))
    elif t.dtype == torch.bool:
        t.fill_(True)
    else:
        t.fill_(torch.iinfo(t.dtype).max)


def op_recorder():
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    class OpRecorder(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            watching = MON.active and not MON.in_kernel
            name = func.overloadpacket.__name__
            if watching and name not in GLUE_OPS:
                MON.compute_ops.append(str(func))  # before it runs: an op may do its work and then raise
            out = func(*args, **(kwargs or {}))
            if watching:
                if name in ALLOC_OPS and MON.poison:
                    poison(out)
                if name in COPY_OPS:
                    # A copy of a kernel's output counts as the kernel's output (e.g. .contiguous()).
                    src = args[1] if name == "copy_" else args[0]
                    dst = args[0] if name == "copy_" else out
                    if isinstance(src, torch.Tensor) and storage_of(src) in MON.kernel_storages:
                        MON.kernel_storages.add(storage_of(dst))
            return out

    return OpRecorder


def intact(mode):
    """None while the monitors are as we left them; else what changed (a failing verdict of its own)."""
    from torch.utils._python_dispatch import _get_current_dispatch_mode_stack
    if _get_current_dispatch_mode_stack() != [mode]:
        return "the dispatch-mode stack was changed"
    if any(cls.run is not run for cls, run in HOOKED.items()):
        return "Triton's launch hook was replaced"
    if not MON.active or MON.in_kernel:
        return "the runtime monitor was switched off"
    return None


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
            return out, intact(mode)
    finally:
        MON.active = False
        MON.in_kernel = 0


def short_error(e):
    """The exception and the candidate's own line where it happened, for the verdict's reason."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename.endswith("candidate.py")]
    where = f" (candidate.py line {frames[-1].lineno}: {frames[-1].line})" if frames else ""
    return f"{type(e).__name__}: {str(e)[:400]}{where}"


def plain_outputs(out, expect, device):
    """The forward's outputs as plain tensors of the expected count, shapes, dtypes and device; or why not. A
    subclass (nn.Parameter, one made with type()) is refused: its methods would be the candidate's."""
    import torch
    from verify_wire import dtype_name
    outs = [out] if type(out) is torch.Tensor else (list(out) if type(out) in (tuple, list) else [out])
    for i, o in enumerate(outs):
        if type(o) is not torch.Tensor:
            return None, f"output {i} is a {type(o).__name__}, not a plain torch.Tensor"
        if vars(o):
            return None, f"output {i} carries attributes of its own"
    if len(outs) != len(expect):
        return None, f"{len(outs)} outputs, expected {len(expect)}"
    for i, (o, (shape, dt)) in enumerate(zip(outs, expect)):
        if list(o.shape) != shape:
            return None, f"output {i} has shape {tuple(o.shape)}, expected {tuple(shape)}"
        if dtype_name(o.dtype) != dt:
            return None, f"output {i} has dtype {o.dtype}, expected torch.{dt}"
        if o.device != torch.device(device):
            return None, f"output {i} is on {o.device}, expected {device}"
    return outs, None


def report(outs, inputs, cmd, cuda, tamper, t0):
    """The header of one monitored forward and the bytes that follow it (CPU), or the copies into the parent's
    buffers (GPU). Only what the monitors saw and the outputs go back; none of it can pass a check by itself."""
    import torch
    h = {"type": "trial", "launches": MON.launches, "compute_ops": sorted(set(MON.compute_ops))[:20],
         "tamper": tamper, "forward_s": time.perf_counter() - t0, "mismatch": None, "alias": False, "unwritten": []}
    outs, h["mismatch"] = plain_outputs(outs, cmd["expect"], cmd["device"])
    if outs is None:
        return h, []
    in_storages = {storage_of(x) for x in inputs if isinstance(x, torch.Tensor)}
    h["alias"] = any(storage_of(o) in in_storages for o in outs)
    h["unwritten"] = [i for i, o in enumerate(outs) if storage_of(o) not in MON.kernel_storages]
    if cuda:
        for m, o in zip(cmd["mailbox"], outs):
            torch.Tensor.copy_(m, o)
        torch.cuda.synchronize()
        return h, []
    return h, [tensor_bytes(o) for o in outs] + [tensor_bytes(x) for x in inputs if isinstance(x, torch.Tensor)]


def run_trial(models, cmd, recorder, cuda):
    """One forward of model cmd["model"] (0: the problem's shapes, 1: the hidden variant) under the monitors."""
    inputs = cmd["inputs"]
    t0 = time.perf_counter()
    try:
        out, tamper = monitored(models[cmd["model"]], inputs, recorder, cuda)
    except BaseException as e:  # noqa: BLE001 (the candidate's exception is a verdict)
        return {"type": "error", "error": short_error(e)}, []
    return report(out, inputs, cmd, cuda, tamper, t0)


def run_compile(mod, model, spec_, device, recorder):
    """Trial 0's Triton compiles, before the parent takes the GPU for the trials: a forward on uninitialised
    inputs of the trial's shapes and dtypes in which kernels compile and load but never launch. Compiling is CPU
    work (about 0.8 s a candidate on an H200's host), so under the GPU lock it would hold up every other
    candidate's timing. The forward runs under the op monitor like any other: compute here fails the candidate
    too. Errors surface again in trial 0. Skipped when the module defines an autotuned kernel at its top level,
    since configs benchmarked without launching would all time as zero."""
    import torch
    from triton.runtime.autotuner import Autotuner
    if model is None or any(isinstance(x, Autotuner) for x in list(vars(mod).values())):
        return {"type": "compiled", "skipped": True, "compute_ops": [], "tamper": None, "error": None}
    inputs = [torch.empty(x[1], dtype=x[2], device=device) if x[0] == "tensor" else x[1] for x in spec_]
    MON.compile_only = True
    error = tamper = None
    try:
        _, tamper = monitored(model, inputs, recorder, device.startswith("cuda"))
    except BaseException as e:  # noqa: BLE001 (trial 0 will say it properly)
        error = short_error(e)
    finally:
        MON.compile_only = False
    if device.startswith("cuda"):
        del inputs
        torch.cuda.empty_cache()  # the trials use the parent's inputs: keep within the memory gate's footprint
    return {"type": "compiled", "skipped": False, "error": error, "tamper": tamper,
            "compute_ops": sorted(set(MON.compute_ops))[:20]}


def time_forward(fn, args, runs, warmup, device):
    """Median ms of fn(*args) on `device` with CUDA events, an L2 flush before each run and a whole-device
    sync before the end event, so work left on side streams is counted (PAPER.md §3, speedup layer).
    Events, flush and syncs must be on the device that does the work: with several GPUs the current device
    of the caller may be another one."""
    import torch
    with torch.cuda.device(torch.device(device)), torch.no_grad():
        flush = torch.empty(256 * 2**20, dtype=torch.uint8, device=device)  # > the 60 MB L2 of an H200
        for _ in range(warmup):
            out = fn(*args)
        torch.cuda.synchronize()
        times = []
        for _ in range(runs):
            flush.zero_()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            out = fn(*args)
            torch.cuda.synchronize()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
    return statistics.median(times), out


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


def plain_mode():
    """A dispatch mode that records nothing: the reference is timed under it, so both sides of a speedup pay
    the same per-op cost of a Python dispatch mode (verify.py times the reference with it)."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class Plain(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            return func(*args, **(kwargs or {}))

    return Plain


def gpu_lock(path):
    """Timing is serialised per GPU across every process of the pool: an exclusive flock."""
    import fcntl
    f = open(path, "a")
    fcntl.flock(f, fcntl.LOCK_EX)
    return f


def dumps(obj, cuda):
    """Parent -> child only: CUDA tensors cross as IPC handles, no copy (torch registers the reductions)."""
    if cuda:
        import torch.multiprocessing  # noqa: F401
        from multiprocessing.reduction import ForkingPickler
        return bytes(ForkingPickler.dumps(obj))
    return pickle.dumps(obj)


def match_overrides(mine, overrides):
    """[(the candidate's tensor, the reference's values)]: each reference parameter or buffer goes to the candidate's
    tensor of the same kind and shape with, in order of preference, the same name, the same last name component
    (ln.weight -> weight), or the first one still unclaimed (KernelBench's convention: same parameters, same
    order). mine: {"param" | "buffer": {name: tensor}}."""
    claimed, pairs, todo = set(), [], list(overrides)
    for rule in ("name", "last", "order"):
        rest = []
        for kind, name, i, values in todo:
            fits = [(n, t) for n, t in mine[kind].items() if (kind, n) not in claimed and t.shape == values.shape
                    and t.is_floating_point()]
            if rule == "name":
                fits = [f for f in fits if f[0] == name]
            elif rule == "last":
                fits = [f for f in fits if f[0].rsplit(".", 1)[-1] == name.rsplit(".", 1)[-1]]
                fits = fits if len(fits) == 1 else []
            if fits:
                claimed.add((kind, fits[0][0]))
                pairs.append((fits[0][1], values))
            else:
                rest.append((kind, name, i, values))
        todo = rest
    return pairs


def build(mod, spec_, device):
    """One ModelNew under the reference's seed, then the reference's randomised parameters and buffers copied in
    (match_overrides)."""
    import torch
    with torch.device(device):
        torch.manual_seed(spec_["init_seed"])  # the reference was built under the same seed
        model = mod.ModelNew(*spec_["init_inputs"])
    model = model.to(device)
    mine = {"param": dict(model.named_parameters()), "buffer": dict(model.named_buffers())}
    with torch.no_grad():
        for t, values in match_overrides(mine, spec_["overrides"]):
            t.copy_(values.to(t.device, t.dtype))
    return model


def load(payload, device):
    """Import the candidate and build its models: (module, [model, variant model or None])."""
    import importlib.util
    with open("candidate.py", "w") as f:
        f.write(payload["code"])
    spec_ = importlib.util.spec_from_file_location("candidate", os.path.abspath("candidate.py"))
    mod = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(mod)
    return mod, [build(mod, m, device) if m else None for m in payload["models"]]


def run_child(conn, device, job, work):
    """Build the candidate, then obey the parent: trial, compile, time, bye. Every command is answered and
    the child leaves only on "bye" (or when its socket closes)."""
    import torch
    cuda = device.startswith("cuda")
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 2**20, 256 * 2**20))
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)  # the candidate's prints and warnings never reach the trainer's console: its verdict says why
    os.dup2(null, 2)
    if cuda:
        torch.cuda.set_device(torch.device(device))
        torch.cuda.set_per_process_memory_fraction(job["gpu_mem_fraction"])
    else:  # an address-space cap: a memory bomb fails inside the child, not the machine
        vm = int(open("/proc/self/status").read().split("VmSize:")[1].split()[0]) * 1024
        cap = vm + int(job["mem_gb"] * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    os.chdir(work)
    payload = pickle.loads(conn.recv_bytes())  # from the parent: trusted
    install_triton_hooks(interpret=not cuda)
    recorder = op_recorder()
    mod = models = None
    try:
        mod, models = load(payload, device)
        send(conn, {"type": "loaded"})
    except BaseException as e:  # noqa: BLE001 (SystemExit at import is a verdict, not our exit)
        send(conn, {"type": "error", "error": short_error(e)})
    # On a GPU the parent's tensors (parameters, inputs, output buffers) arrive by CUDA IPC: each is let go as soon
    # as it has served, so the parent can free them (a reference held at exit would pin its memory there).
    payload = None
    while True:
        try:
            cmd = pickle.loads(conn.recv_bytes())
        except EOFError:
            return
        if cmd["op"] == "bye":
            return
        if cmd["op"] == "trial":
            send(conn, *run_trial(models, cmd, recorder, cuda))
        elif cmd["op"] == "compile":
            send(conn, run_compile(mod, models and models[0], cmd["spec"], device, recorder))
        elif cmd["op"] == "time":
            send(conn, *run_timing(models[0], cmd, recorder, device))
        elif cmd["op"] == "repeat":
            send(conn, *run_repeat(models[0], cmd, recorder, cuda))
        cmd = None


def run_timing(model, cmd, recorder, device):
    """The speedup layer's measurement (GPU only), every call watched; the last output goes back like a trial's."""
    seen = {"ops": set(), "launches": 1 << 30, "tamper": None}
    try:
        with gpu_lock(cmd["lock"]):
            ms, out = time_forward(watched(model, recorder, seen), cmd["inputs"], cmd["runs"], cmd["warmup"], device)
    except BaseException as e:  # noqa: BLE001
        return {"type": "error", "error": short_error(e)}, []
    h, blobs = report(out, cmd["inputs"], cmd, True, seen["tamper"], time.perf_counter())
    h.update(type="timing", ms=ms, compute_ops=sorted(seen["ops"])[:20], launches=seen["launches"])
    return h, blobs


def rss_bytes(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return int(f.read().split("VmRSS:")[1].split()[0]) * 1024
    except (OSError, IndexError, ValueError):
        return 0


def run_repeat(model, cmd, recorder, cuda):
    """cmd["times"] calls on the same inputs, each watched; the last output goes back like a trial's."""
    seen = {"ops": set(), "launches": 1 << 30, "tamper": None}
    call = watched(model, recorder, seen)
    try:
        for _ in range(cmd["times"]):
            out = call(*cmd["inputs"])
        if cuda:
            import torch
            torch.cuda.synchronize()
    except BaseException as e:  # noqa: BLE001
        return {"type": "error", "error": short_error(e)}, []
    h, blobs = report(out, cmd["inputs"], cmd, cuda, seen["tamper"], time.perf_counter())
    h.update(compute_ops=sorted(seen["ops"])[:20], launches=seen["launches"])
    return h, blobs


def wait_child(pid, timeout, conn, rss_cap):
    """How the child ended: ('ok'|'exit'|'signal'|'timeout'|'killed'|'memory', detail). Kills its group at the time
    limit, past `rss_cap` bytes of host memory (a GPU child has no address-space cap: CUDA reserves terabytes of
    virtual memory), or when the parent says so (b"K": it read something outside the protocol)."""
    deadline, why = time.monotonic() + timeout, None
    while why is None:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if conn.poll(0.005) and conn.recv_bytes() == b"K":
            why = ("killed", "the verifier")
        elif time.monotonic() > deadline:
            why = ("timeout", timeout)
        elif rss_bytes(pid) > rss_cap:
            why = ("memory", f"{rss_cap / 2**30:.1f} GB")
        if why:  # it may have ended on its own as the word came: report that if so
            done, status = os.waitpid(pid, os.WNOHANG)
            if not done:
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                os.waitpid(pid, 0)
                return why
    if os.WIFSIGNALED(status):
        return "signal", signal.Signals(os.WTERMSIG(status)).name
    code = os.WEXITSTATUS(status)
    return ("ok", 0) if code == 0 else ("exit", code)


def prctl(option, value):
    import ctypes
    return ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def confine(job, work):
    """The second line, for a candidate that gets out of the language: its own HOME and temporary folder, its
    slot's own Triton cache (verify.scrubbed_env), no new privileges, and, on the CPU where the verifier runs as
    root, a user of its own for this slot: it cannot write the project's or anyone's files, read or ptrace the
    parent or the zygote, or signal them, and a cap on its processes (README: what holds without root)."""
    for k in ("HOME", "TMPDIR"):
        os.environ[k] = work
    prctl(38, 1)  # PR_SET_NO_NEW_PRIVS: no setuid binary gives the privileges back
    uid = job.get("uid")
    if uid is not None and os.geteuid() == 0:
        os.makedirs(os.environ["TRITON_CACHE_DIR"], exist_ok=True)
        for d in (work, os.environ["TRITON_CACHE_DIR"]):  # its folder and its slot's compile cache
            os.chown(d, uid, uid)
        resource.setrlimit(resource.RLIMIT_NPROC, (256, 256))  # threads count too; a fork bomb does not get far
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        prctl(4, 1)  # PR_SET_DUMPABLE: the uid change cleared it; the child's own /proc entries stay its own


def sweep_uid(uid):
    """Kill every process of `uid` (a slot's own user): a candidate's process that left its group dies with it."""
    for _ in range(10):
        pids = []
        for d in os.listdir("/proc"):
            if d.isdigit():
                try:
                    with open(f"/proc/{d}/status") as f:
                        st = f.read()
                    if int(st.split("\nUid:")[1].split()[0]) == uid and st.split("\nState:")[1].split()[0] not in "ZX":
                        pids.append(int(d))  # a zombie is already dead: its parent (init) reaps it
                except (OSError, IndexError, ValueError):
                    pass
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.01)


def fork_child(conn, device, job, fd, work):
    pid = os.fork()
    if pid:
        return pid
    code, mine = 0, Connection(fd)
    try:
        os.setsid()
        conn.close()  # the slot's channel: the candidate only ever holds its own socket
        confine(job, work)
        run_child(mine, device, job, work)
    except BaseException as e:  # noqa: BLE001 (our own failure, not the candidate's: say what it was)
        code = 3
        try:  # a "fault" is the verifier's, and the verdict says so (verify.py flags it)
            send(mine, {"type": "fault", "error": f"{type(e).__name__}: {e}"[:500]})
        except OSError:
            pass
    finally:
        os._exit(code)


def zygote(fd, device):
    import torch  # imported once here, inherited by every child
    import triton  # noqa: F401
    if device.startswith("cuda"):
        # Triton's GPU backend, imported (not initialised) once: a fresh child would otherwise pay it before
        # its first launch. Nothing here may touch CUDA, or the children could not use it after fork.
        import triton.backends.nvidia.compiler  # noqa: F401
        import triton.backends.nvidia.driver  # noqa: F401
        import triton.compiler.compiler  # noqa: F401
        import triton.runtime.build  # noqa: F401
    # Entering a TorchDispatchMode the first time imports a good part of torch (seconds, measured by
    # bench/probe_first_launch.py): do it once here, on the CPU, so no child pays it.
    with op_recorder()():
        torch.ones(2).add(1)
    if device.startswith("cuda") and torch.cuda.is_initialized():
        raise RuntimeError("CUDA was initialised before fork: the children could not use it")
    prctl(4, 0)  # PR_SET_DUMPABLE 0: a same-user child may not ptrace the zygote (the children turn it back on)
    conn = Connection(fd)
    conn.send_bytes(json.dumps({"type": "ready", "pid": os.getpid()}).encode())
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        if not data.startswith(JOB):  # a kill for a child that has already gone
            continue
        job = pickle.loads(data[len(JOB):])  # from the parent: trusted
        child_fd = recv_handle(conn)
        work = tempfile.mkdtemp(prefix="cand_")  # made and removed here: a killed child cannot leave it behind
        pid = fork_child(conn, device, job, child_fd, work)
        os.close(child_fd)
        conn.send_bytes(json.dumps({"type": "started", "pid": pid}).encode())
        how, detail = wait_child(pid, job["timeout"], conn, rss_bytes(os.getpid()) + 2**30 + int(job["mem_gb"] * 2**30))
        if job.get("uid") is not None and os.geteuid() == 0:
            sweep_uid(job["uid"])
        shutil.rmtree(work, ignore_errors=True)
        conn.send_bytes(json.dumps({"type": "exit", "how": how, "detail": detail}).encode())


if __name__ == "__main__":
    zygote(int(sys.argv[1]), sys.argv[2])

"""
The sandboxed half of the verifier: the only code that ever shares a process with candidate code.

    (started by verify.py, never by hand)   python verify_worker.py FD DEVICE

verify.py starts one of these per pool slot, with a scrubbed environment and a temporary working folder.
It imports torch and triton once (CUDA stays uninitialised), then for each candidate forks a child that:

  1. drops into its own process group, with core dumps off, a file-size cap, an address-space cap (CPU)
     or a GPU memory fraction (GPU), in a fresh working folder;
  2. imports the candidate (already passed by the static layers in verify.py) and builds ModelNew under
     the seed the reference was built with (PAPER.md §5);
  3. on the GPU, compiles the kernels of a first forward without launching them (run_compile), before the
     parent takes the GPU for the trials;
  4. runs forward on each trial's inputs under two monitors (PAPER.md §3, func layer, runtime):
     every Triton launch is counted and the storages it was handed are noted; every aten op that runs
     outside a launch is recorded by a TorchDispatchMode;
  5. answers the parent one trial at a time (inputs in, outputs and monitor records out), then times
     forward on request (GPU only), and leaves when told.

The child never sees the reference Model, the reference outputs or the comparison code: those live
in verify.py's process (verify_ref.py). The zygote reaps the child, kills its process group at the time limit, and
reports how it ended, so every candidate gets exactly one verdict whatever it does.
"""

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

# aten ops a forward may run outside a Triton kernel: allocation, views, copies and casts, metadata.
# Everything else is PyTorch compute (PAPER.md §3: "core computation free of PyTorch compute").
GLUE_OPS = {
    "empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "zeros", "zeros_like",
    "new_zeros", "ones", "ones_like", "new_ones", "full", "full_like", "new_full", "fill_", "zero_",
    "scalar_tensor", "lift_fresh", "lift_fresh_copy", "detach", "alias", "arange",
    "view", "_unsafe_view", "_reshape_alias", "reshape", "as_strided", "t", "transpose", "permute",
    "expand", "unsqueeze", "squeeze", "select", "slice", "split", "split_with_sizes", "chunk", "unbind",
    "unflatten", "flatten", "narrow", "view_as", "expand_as", "movedim", "contiguous",
    "clone", "copy_", "_to_copy", "to",
    "sym_size", "sym_stride", "sym_numel", "sym_storage_offset", "size", "stride", "is_contiguous",
    "numel", "dim", "_local_scalar_dense", "is_same_size",
}
COPY_OPS = {"clone", "_to_copy", "copy_"}
JOB = b"J"  # job headers for the zygote start with this; pickles start with b"\x80", so nothing else does


class Monitor:
    """What happened during one forward: launches, compute ops outside kernels, kernel-touched storages."""

    def __init__(self):
        self.active = False
        self.compile_only = False  # run_compile: Triton kernels compile and load but do not launch
        self.in_kernel = 0
        self.launches = 0
        self.compute_ops = []
        self.kernel_storages = set()

    def reset(self):
        self.launches, self.compute_ops, self.kernel_storages = 0, [], set()


MON = Monitor()


def storage_of(t):
    return t.untyped_storage().data_ptr()


def install_triton_hooks(interpret):
    """Count launches at the one place every launch passes: JITFunction.run (InterpretedFunction.run
    in the interpreter). Autotune and heuristics wrappers call it too, so they are covered."""
    import torch
    from triton.runtime import jit
    classes = [jit.JITFunction]
    if interpret:
        from triton.runtime import interpreter
        classes.append(interpreter.InterpretedFunction)
        # The interpreter has no benchmarker (PAPER.md §3, CPU path): autotune runs its first config.
        from triton.runtime import autotuner
        prune = autotuner.Autotuner.prune_configs
        autotuner.Autotuner.prune_configs = lambda self, *a, **k: prune(self, *a, **k)[:1]
        autotuner.Autotuner._bench = lambda self, *a, **k: [0.0, 0.0, 0.0]
    for cls in classes:
        def run(self, *args, _orig=cls.run, **kwargs):
            if MON.compile_only:
                kwargs["warmup"] = True  # Triton's own ahead-of-launch path: compile and cache, no launch
                kernel = _orig(self, *args, **kwargs)
                getattr(kernel, "_init_handles", lambda: None)()  # load the binary and build its launcher now too
                return kernel
            if MON.active and not kwargs.get("warmup", False):
                MON.launches += 1
                for a in list(args) + list(kwargs.values()):
                    if isinstance(a, torch.Tensor):
                        MON.kernel_storages.add(storage_of(a))
            MON.in_kernel += 1
            try:
                return _orig(self, *args, **kwargs)
            finally:
                MON.in_kernel -= 1
        cls.run = run


def op_recorder():
    import torch
    from torch.utils._python_dispatch import TorchDispatchMode

    class OpRecorder(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if MON.active and not MON.in_kernel:
                name = func.overloadpacket.__name__
                if name not in GLUE_OPS:
                    MON.compute_ops.append(str(func))
                elif name in COPY_OPS:
                    # A copy of a kernel's output counts as the kernel's output (e.g. .contiguous()).
                    src = args[1] if name == "copy_" else args[0]
                    dst = args[0] if name == "copy_" else out
                    if isinstance(src, torch.Tensor) and storage_of(src) in MON.kernel_storages:
                        MON.kernel_storages.add(storage_of(dst))
            return out

    return OpRecorder


def as_tensors(out):
    import torch
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)) and out and all(isinstance(t, torch.Tensor) for t in out):
        return list(out)
    raise TypeError(f"forward returned {type(out).__name__}, not a tensor or a tuple of tensors")


def short_error(e):
    """The exception and the candidate's own line where it happened, for the verdict's reason."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename.endswith("candidate.py")]
    where = f" (candidate.py line {frames[-1].lineno}: {frames[-1].line})" if frames else ""
    return f"{type(e).__name__}: {str(e)[:400]}{where}"


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


def gpu_lock(path):
    """Timing is serialised per GPU across every process of the pool: an exclusive flock."""
    import fcntl
    f = open(path, "a")
    fcntl.flock(f, fcntl.LOCK_EX)
    return f


def dumps(obj, cuda):
    if cuda:  # CUDA tensors cross as IPC handles: no copy (torch registers the reductions)
        import torch.multiprocessing  # noqa: F401
        from multiprocessing.reduction import ForkingPickler
        return bytes(ForkingPickler.dumps(obj))
    return pickle.dumps(obj)


def run_child(conn, device, job, work):
    """Build the candidate, then obey the parent: {"op": "trial", "inputs"} -> one forward under the monitors;
    {"op": "time"} -> timed forwards on the last trial's inputs; {"op": "bye"} -> exit. Every message is
    answered and the child leaves only on "bye", so nothing it sends or is sent is left for the zygote."""
    import importlib.util
    import torch
    cuda = device.startswith("cuda")
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (256 * 2**20, 256 * 2**20))
    if cuda:
        torch.cuda.set_device(torch.device(device))
        torch.cuda.set_per_process_memory_fraction(job["gpu_mem_fraction"])
    else:  # an address-space cap: a memory bomb fails inside the child, not the machine
        vm = int(open("/proc/self/status").read().split("VmSize:")[1].split()[0]) * 1024
        cap = vm + int(job["mem_gb"] * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    os.chdir(work)
    payload = pickle.loads(conn.recv_bytes())
    install_triton_hooks(interpret=not cuda)
    recorder = op_recorder()

    def reply(obj):
        conn.send_bytes(dumps(obj, cuda))
        return pickle.loads(conn.recv_bytes())

    mod = model = None
    try:
        with open("candidate.py", "w") as f:
            f.write(payload["code"])
        spec = importlib.util.spec_from_file_location("candidate", os.path.abspath("candidate.py"))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        with torch.device(device):
            torch.manual_seed(payload["init_seed"])  # the reference was built under the same seed
            model = mod.ModelNew(*payload["init_inputs"])
        model = model.to(device)
        params = list(model.parameters())
        with torch.no_grad():  # the reference's randomised constant parameters, by index and shape
            for i, values in payload["overrides"]:
                if i < len(params) and params[i].shape == values.shape:
                    params[i].copy_(values.to(params[i].device, params[i].dtype))
        cmd = reply({"type": "loaded"})
    except BaseException as e:  # noqa: BLE001 (SystemExit at import is a verdict, not our exit)
        cmd = reply({"type": "error", "error": short_error(e)})
    inputs = None
    while cmd["op"] != "bye":
        if cmd["op"] == "trial":
            inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in cmd["inputs"]]
            cmd = reply(run_trial(model, inputs, recorder, cuda))
        elif cmd["op"] == "compile":
            cmd = reply(run_compile(mod, model, cmd["spec"], device))
        elif cmd["op"] == "time":
            try:
                with gpu_lock(cmd["lock"]):
                    ms, out = time_forward(model, inputs, cmd["runs"], cmd["warmup"], device)
                cmd = reply({"type": "timing", "ms": ms, "outs": as_tensors(out)})
            except BaseException as e:  # noqa: BLE001
                cmd = reply({"type": "error", "error": short_error(e)})


def run_compile(mod, model, spec, device):
    """Trial 0's Triton compiles, before the parent takes the GPU for the trials: a forward on uninitialised
    inputs of the trial's shapes and dtypes in which kernels compile and load but never launch. Compiling is CPU
    work (about 0.8 s a candidate on an H200's host, against milliseconds of GPU work for a small problem), so under
    the GPU lock it would hold up every other candidate's timing. Nothing here is judged: errors surface again in
    trial 0. Skipped when the module defines an autotuned kernel at its top level, since configs benchmarked
    without launching would all time as zero and an arbitrary one would stay cached (one hidden elsewhere would get
    that: a slower config, never a different verdict)."""
    import torch
    from triton.runtime.autotuner import Autotuner
    if model is None or any(isinstance(x, Autotuner) for x in vars(mod).values()):
        return {"type": "compiled", "skipped": True}
    inputs = [torch.empty(x[1], dtype=x[2], device=device) if x[0] == "tensor" else x[1] for x in spec]
    MON.compile_only = True
    try:
        with torch.no_grad():
            model(*inputs)
        if device.startswith("cuda"):
            torch.cuda.synchronize()
            del inputs
            torch.cuda.empty_cache()  # the trials use the parent's inputs: keep within the memory gate's footprint
        error = None
    except BaseException as e:  # noqa: BLE001 (trial 0 will say it properly)
        error = short_error(e)
    finally:
        MON.compile_only = False
    return {"type": "compiled", "skipped": False, "error": error}


def run_trial(model, inputs, recorder, cuda):
    """One forward under the monitors (PAPER.md §3, func layer, runtime)."""
    import torch
    in_storages = {storage_of(x) for x in inputs if isinstance(x, torch.Tensor)}
    MON.reset()
    MON.active = True
    t0 = time.perf_counter()
    try:
        with torch.no_grad(), recorder():
            outs = as_tensors(model(*inputs))
        if cuda:
            torch.cuda.synchronize()
    except BaseException as e:  # noqa: BLE001
        return {"type": "error", "error": short_error(e)}
    finally:
        MON.active = False
    return {
        "type": "trial",
        "outs": outs if cuda else [o.detach().clone() for o in outs],
        "inputs_after": None if cuda else inputs,  # on the GPU the parent sees its own shared inputs
        "launches": MON.launches,
        "compute_ops": sorted(set(MON.compute_ops))[:20],
        "alias": any(storage_of(o) in in_storages for o in outs),
        "unwritten": [i for i, o in enumerate(outs) if storage_of(o) not in MON.kernel_storages],
        "forward_s": time.perf_counter() - t0,  # the first includes Triton's compile (or cache load)
    }


def wait_child(pid, timeout):
    """How the child ended: ('ok'|'exit'|'signal'|'timeout', detail). Kills its group at the limit."""
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            try:
                os.killpg(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
            return "timeout", timeout
        time.sleep(0.005)
    if os.WIFSIGNALED(status):
        return "signal", signal.Signals(os.WTERMSIG(status)).name
    code = os.WEXITSTATUS(status)
    return ("ok", 0) if code == 0 else ("exit", code)


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
    conn = Connection(fd)
    conn.send_bytes(pickle.dumps({"type": "ready", "pid": os.getpid()}))
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        if not data.startswith(JOB):  # meant for a child that died before reading it: never unpickle it
            continue                  # here (CUDA tensors inside would initialise CUDA before fork)
        job = pickle.loads(data[len(JOB):])
        work = tempfile.mkdtemp(prefix="cand_")  # made and removed here: a killed child cannot leave it behind
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                os.setsid()
                run_child(conn, device, job, work)
            except BaseException:  # noqa: BLE001 (our own failure, not the candidate's: say what it was)
                code = 3
                traceback.print_exc()
                try:
                    conn.send_bytes(pickle.dumps({"type": "error", "error": "verifier child failed: " +
                                                  traceback.format_exc(limit=3)[-600:]}))
                except OSError:
                    pass
            finally:
                os._exit(code)
        how, detail = wait_child(pid, job["timeout"])
        shutil.rmtree(work, ignore_errors=True)
        conn.send_bytes(pickle.dumps({"type": "exit", "how": how, "detail": detail}))


if __name__ == "__main__":
    zygote(int(sys.argv[1]), sys.argv[2])

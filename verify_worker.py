"""
The sandboxed half of the verifier: the only code that ever shares a process with candidate code.

    (started by verify.py, never by hand)   python verify_worker.py FD DEVICE

verify.py starts one of these per pool slot, with a scrubbed environment and a temporary working folder.
It imports torch and triton once (CUDA stays uninitialised), then for each candidate receives a socket of the
candidate's own and forks a child that:

  1. closes the slot's channel, drops into its own process group, with core dumps off, stdout and stderr to
     /dev/null, a file-size cap, an address-space cap (CPU) or a GPU memory fraction (GPU), a host-memory watch,
     in a fresh working folder, and (CPU, as root) as a user of its own (confine);
  2. imports the candidate (already inside the language of verify_lang.py) and builds ModelNew under the
     seed the reference was built with (PAPER.md §5), and a second one for the hidden shape variant;
  3. on the GPU, compiles the kernels of a first forward without launching them (run_compile);
  4. runs forward on each trial's inputs under the monitors of verify_monitor.py (PAPER.md §3, func layer,
     runtime), and on request a number of later calls, or the timing loop (GPU), every call watched;
  5. answers in verify_wire.py's format only (a JSON header, then raw bytes or copies into the parent's
     buffers), and leaves when told.

The child never sees the reference Model, the reference outputs, the seeds of the inputs or the comparison:
those live in verify.py's process (verify_ref.py). The zygote reaps the child, kills its process group at the
time limit or when the parent asks, and reports how it ended, so every candidate gets exactly one verdict.
"""

import contextlib
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

from verify_early import TABLE, early_table, made_early, module_values, numbers, table_in, weigh
from verify_monitor import (MON, T, install_triton_hooks, monitored, op_recorder, snapshot_libraries, storage_of,
                            watched)
from verify_limits import rss_bytes, wait_child
from verify_wire import send, tensor_bytes

JOB = b"J"  # job headers for the zygote start with this


def short_error(e):
    """The exception and the candidate's own line where it happened, for the verdict's reason."""
    frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename.endswith("candidate.py")]
    where = f" (candidate.py line {frames[-1].lineno}: {frames[-1].line})" if frames else ""
    # str(e) formats e's arguments, and an argument of the candidate's (a module whose extra_repr computes) would
    # run its code here, unwatched (round 12): text only from arguments that are plain strings and numbers
    plain = all(type(a) in (str, int, float, bool, type(None)) for a in getattr(e, "args", ()))
    text = str(e) if plain else "arguments not shown: " + ", ".join(type(a).__name__ for a in e.args)
    return f"{type(e).__name__}: {text[:400]}{where}"


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
        if MON.movement and not o.is_contiguous():  # a transpose returned as a view of a copy: the view is the work
            return None, f"output {i} is a strided view, in a problem that only moves data (its movement is the work)"
    return outs, None


HELD = []  # the last call's outputs, as a caller would hold them


def report(outs, inputs, cmd, cuda, tamper, t0):
    """The header of one monitored forward and the bytes that follow it (CPU), or the copies into the parent's
    buffers (GPU). Only what the monitors saw and the outputs go back; none of it can pass a check by itself."""
    import torch
    h = {"type": "trial", "launches": MON.launches, "compute_ops": sorted(set(MON.compute_ops))[:20],
         "tamper": tamper, "forward_s": time.perf_counter() - t0, "mismatch": None, "alias": False, "unwritten": []}
    outs, h["mismatch"] = plain_outputs(outs, cmd["expect"], cmd["device"])
    if outs is None:
        return h, []
    if {storage_of(o) for o in outs} & {storage_of(o) for o in HELD}:  # the caller still holds the last call's
        h["mismatch"] = "an output is the storage of the previous call's output, which its caller still holds"
        return h, []
    HELD[:] = outs  # held until the next call: a buffer reused for every call shows as the same storage
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


def time_forward(fn, args, runs, warmup, device, check=None, on_check=None):
    """Median ms of fn(*args) on `device` with CUDA events, an L2 flush before each run and a whole-device
    sync before the end event, so work left on side streams is counted (PAPER.md §3, speedup layer).
    Events, flush and syncs must be on the device that does the work: with several GPUs the current device
    of the caller may be another one. Every timed run but the last sees its inputs perturbed (perturb), so a
    cache keyed on their values times its real path; the last, whose output is checked, sees them as given.
    Each run gets new tensor objects over the same memory, and run check["at"] (secret, uniform) sees the
    near-duplicate that check describes, made in place (near_in_place); on_check gets that run's output, for the
    parent to compare: a cache keyed on the inputs' identity served stale outputs to every timed run and no timed
    output but the last was ever checked (round 21)."""
    import torch
    cuda = device.startswith("cuda")  # the CPU path times by the clock (tests; the verifier times on GPUs only)
    with torch.cuda.device(torch.device(device)) if cuda else contextlib.nullcontext(), torch.no_grad():
        flush = torch.empty(256 * 2**20 if cuda else 1, dtype=torch.uint8, device=device)  # > an H200's 60 MB L2
        for _ in range(warmup):
            out = fn(*fresh(args))
        sync = torch.cuda.synchronize if cuda else (lambda: None)
        sync()
        times, g = [], torch.Generator(device=device)
        g.manual_seed(int.from_bytes(os.urandom(8), "little") >> 1)
        plan = perturb_plan(args, g, runs)
        for i in range(runs):
            flush.zero_()
            at = check is not None and i == check["at"]
            saved = near_in_place(args, check) if at else perturb(plan, i) if i < runs - 1 else []
            call = fresh(args)
            if cuda:
                start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                start.record()
            t0 = time.perf_counter()
            out = fn(*call)
            sync()
            if cuda:
                end.record()
                end.synchronize()
            times.append(start.elapsed_time(end) if cuda else 1e3 * (time.perf_counter() - t0))
            if at:
                on_check(out, call)
            restore(saved)
    return statistics.median(times), out


def fresh(args):
    """New tensor objects over the same memory: no `is` or dict key tells one call's inputs from another's."""
    import torch
    return [x.detach() if isinstance(x, torch.Tensor) else x for x in args]


def near_in_place(args, check):
    """verify_inputs.near's change for check (its seed, count, swap) made in each input in place, or one input
    times an exact factor (check["scale"]: verify_ref.add_scaled): the parent's near-duplicate trial, whose answer
    it knows. Returns what restore() needs."""
    from verify_inputs import near_places
    import torch
    if check.get("scale") is not None:  # one input times an exact factor, undone by its inverse (add_scaled)
        i, factor = check["scale"]
        args[i].mul_(factor)
        return [(args[i], None, 1.0 / factor, None)]
    saved = []
    for i, x in enumerate(args):
        if isinstance(x, torch.Tensor) and x.is_floating_point() and x.numel() >= 2:
            places, values = near_places(x, check["seed"] ^ (i << 20), check["n"], check["swap"])
            at = torch.unravel_index(places, x.shape)  # x's own positions, whatever its strides
            saved.append((x, at, x[at].clone(), None))
            x[at] = values
    return saved


def perturb_plan(args, g, runs, k=256):
    """For each contiguous floating input: k secret places, what they hold, and for each run the places whose
    values overwrite them (values the tensor holds: the reference stays finite). Drawn once, before the runs."""
    import torch
    plan = []
    for x in args:
        if isinstance(x, torch.Tensor) and x.is_floating_point() and x.numel() > 1 and x.is_contiguous():
            flat, n = x.view(-1), x.numel()
            idx = torch.randint(0, n, (min(k, n),), generator=g, device=x.device)
            src = (idx + torch.randint(1, n, (runs, idx.numel()), generator=g, device=x.device)) % n
            plan.append((flat, idx, flat[idx].clone(), src))
    return plan


def perturb(plan, i):
    """Run i's inputs: k secret elements of each overwritten by others of the same tensor, so its sums, samples
    and histograms change (round 12: a memo keyed on the inputs' sums timed its cached path). Returns what
    restore() needs; outside the timed region."""
    for flat, idx, _, src in plan:
        flat[idx] = flat[src[i]]
    return plan


def restore(saved):
    for flat, idx, vals, _ in saved:
        if idx is None:
            flat.mul_(vals)  # a scaled input (near_in_place): exact
        else:
            flat[idx] = vals


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
    order); last, a 2-D one still unclaimed goes, transposed, to a tensor of the transposed shape.
    mine: {"param" | "buffer": {name: tensor}}."""
    claimed, pairs, todo = set(), [], list(overrides)
    for rule in ("name", "last", "order", "transposed"):
        rest = []
        for kind, name, i, values in todo:
            if rule == "transposed":  # a weight the candidate keeps transposed (in, out): a layout, not a change
                values = values.t() if values.dim() == 2 else values.new_empty((0,))
            fits = [(n, t) for n, t in mine[kind].items() if (kind, n) not in claimed and t.shape == values.shape
                    and t.is_floating_point()]
            if rule == "name":
                fits = [f for f in fits if f[0] == name]
            elif rule == "last":
                fits = [f for f in fits if f[0].rsplit(".", 1)[-1] == name.rsplit(".", 1)[-1]]
                fits = fits if len(fits) == 1 else []
            if fits:
                claimed.add((kind, fits[0][0]))
                pairs.append((fits[0][1], oriented(fits[0][1], values)))
            else:
                rest.append((kind, name, i, values))
        todo = rest
    return pairs


def oriented(mine, values):
    """values, or values.t() where a square weight is kept transposed: shape cannot tell, but the candidate built
    its copy under the reference's seed (nn.Linear's W, then W.t()), and the randomised values stay close to W
    (correlation ~0.9): the orientation whose correlation with what the candidate holds is clearly higher."""
    import torch
    if values.dim() != 2 or values.shape[0] != values.shape[1] or values.shape[0] < 2:
        return values
    n = values.shape[0]
    idx = torch.arange(0, n * n, max(1, n * n // 65536), device=values.device)
    a = mine.detach().reshape(-1)[idx].float()
    corr = [torch.corrcoef(torch.stack([a, v.float()]))[0, 1].nan_to_num().item()
            for v in (values.reshape(-1)[idx], values[idx % n, idx // n])]
    return values.t() if corr[1] > max(0.5, corr[0] + 0.3) else values


def build(mod, spec_, device):
    """One ModelNew under the reference's seed, then the reference's randomised parameters and buffers copied in
    (match_overrides)."""
    import torch
    with torch.device(device):
        torch.manual_seed(spec_["init_seed"])  # the reference was built under the same seed
        model = mod.ModelNew(*spec_["init_inputs"])
    model = model.to(device)
    reads = [r if isinstance(r, tuple) else (r, TABLE) for r in MON.build_reads]  # text and C++ reads: any
    if sum(n for _, n in reads) >= TABLE:  # (checked before the overrides below: their pairing reads values)
        raise ValueError(f"ModelNew read {TABLE} bytes or more of tensors it computed into Python while it was "
                         f"built ({reads[0][0]}): work done by PyTorch before any input, carried in Python numbers "
                         "(round 25: GELU read out with int() and handed to a kernel packed in integers)")
    mine = {"param": dict(model.named_parameters()), "buffer": dict(model.named_buffers())}
    with torch.no_grad():
        for t, values in match_overrides(mine, spec_["overrides"]):
            t.copy_(values.to(t.device, t.dtype))
            MON.allowed.append((t.data_ptr(), t.data_ptr() + t.numel() * t.element_size()))
            given = T["untyped_storage"](values)  # the reference's values themselves (views of them were made here)
            MON.allowed.append((given.data_ptr(), given.data_ptr() + given.nbytes()))
        table = held_table(model, MON.allowed, mod) or early_table(MON.early, MON.allowed)
    if table:
        raise ValueError(f"ModelNew holds {table}: values (floats, or integers not made from sizes) that no "
                         "reference parameter or buffer was copied into, made before any input: a table of the "
                         "answer (round 19), or a copy of a "
                         "weight made in __init__, stale once the reference's values are copied into the weight")
    return model


def held_table(model, allowed, module):
    """Where the model (or the candidate's module) holds a floating tensor whose storage has TABLE or more values,
    not all one, outside the parameters and buffers the reference's values were copied into (allowed: their
    address ranges): values computed in __init__ or at import, where no forward is watched, such as a function
    tabulated on every bf16 value and interpolated by a kernel. The storage, not the tensor: a one-element view
    of the table carried all of it to a kernel (round 21). None if there is none."""
    import torch

    def find(v, where, depth=0):
        if isinstance(v, torch.Tensor):  # a view of a written parameter holds its values; ones(C) holds none
            return where if v.is_floating_point() and table_in(T["untyped_storage"](v), v, allowed) else None
        if isinstance(v, (list, tuple, dict, set, frozenset)) and numbers(  # made a tensor in forward; a dict's
                list(v.values() if isinstance(v, dict) else v), TABLE, float) >= TABLE:  # values (round 28)
            return f"{where} (Python floats)"  # (ints are sizes and autotune configs)
        if depth < 4 and isinstance(v, (list, tuple, dict)):
            for k, e in (v.items() if isinstance(v, dict) else enumerate(v)):
                hit = find(e, f"{where}[{k!r}]", depth + 1)
                if hit:
                    return hit
        return None
    holders = [(f"{name}." if name else "", vars(m)) for name, m in model.named_modules()]
    holders.append(("the module's ", vars(module)))  # tables made at import
    held = [x for k, v in vars(module).items() if not k.startswith("__") for x in module_values(v)
            if not isinstance(x, (str, bytes))]  # (messages; a kernel reads strings only as source_table weighs them)
    weight, count = weigh(held)  # round 30: 129 constexprs of GELU computed with math.erf at import; round 38:
    if weight >= TABLE:  # one constexpr tuple of them, or a tuple of 16-bit integers (distinct ones: round 39's
        return f"the module's {count} numbers at module level (distinct ones weighing {weight})"  # 432 configs)
    for prefix, names in holders:
        for attr, v in list(names.items()):
            hit = find(v, prefix + attr)
            if hit:
                return hit
    return None


def load(payload, device):
    """Import the candidate and build its models: (module, [model, variant model or None])."""
    import importlib.util
    with open("candidate.py", "w") as f:
        f.write(payload["code"])
    spec_ = importlib.util.spec_from_file_location("candidate", os.path.abspath("candidate.py"))
    mod = importlib.util.module_from_spec(spec_)
    with made_early(MON.early, T["untyped_storage"], MON.build_reads, MON.cleared):  # a kernel may read it only
        spec_.loader.exec_module(mod)  # inside the parameters
        models = []
        for m in payload["models"]:
            models.append(build(mod, m, device) if m else None)
            MON.build_reads.clear()  # what build() itself read after its check: the verifier's pairing
            MON.reset()  # each build's Python numbers are one sequence, as each call's: the variant's build
            # repeats the first's 40 coefficients, which are not 80 (round 31's honest writer)
        return mod, models


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
    MON.movement = bool(payload.get("movement"))
    snapshot_libraries()  # after our own hooks: what intact() compares every call against
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
    """The speedup layer's measurement (GPU only), every call watched; the last output goes back like a trial's,
    and the secret check run's into cmd["check_mailbox"] (its header as h["check"])."""
    seen, got = {"ops": set(), "launches": 1 << 30, "tamper": None}, {}

    def on_check(out, call):  # outside the timed region
        got["h"], _ = report(out, call, {**cmd, "mailbox": cmd["check_mailbox"]}, True, None, time.perf_counter())
    try:
        with gpu_lock(cmd["lock"]):
            ms, out = time_forward(watched(model, recorder, seen), cmd["inputs"], cmd["runs"], cmd["warmup"], device,
                                   cmd.get("check"), on_check)
    except BaseException as e:  # noqa: BLE001
        return {"type": "error", "error": short_error(e)}, []
    h, blobs = report(out, cmd["inputs"], cmd, True, seen["tamper"], time.perf_counter())
    h.update(type="timing", ms=ms, compute_ops=sorted(seen["ops"])[:20], launches=seen["launches"],
             check=got.get("h"))
    return h, blobs


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


def prctl(option, value):
    import ctypes
    return ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def confine(job, work):
    """The second line, for a candidate that gets out of the language: its own HOME and temporary folder, its
    slot's own Triton cache (verify.scrubbed_env), no new privileges, and, on the CPU where the verifier runs as
    root, a user of its own (verify.Slot.next_uid): it cannot write the project's or anyone's files, read, ptrace
    or signal the parent, the zygote or any other candidate, and all it leaves is killed (sweep_uid)."""
    for k in ("HOME", "TMPDIR"):
        os.environ[k] = work
    prctl(38, 1)  # PR_SET_NO_NEW_PRIVS: no setuid binary gives the privileges back
    uid = job.get("uid")
    if uid is not None and os.geteuid() == 0:
        os.environ["TRITON_CACHE_DIR"] = os.path.join(work, "triton_cache")  # the interpreter compiles nothing
        os.chown(work, uid, uid)
        resource.setrlimit(resource.RLIMIT_NPROC, (256, 256))  # threads count too; a fork bomb does not get far
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        prctl(4, 1)  # PR_SET_DUMPABLE: the uid change cleared it; the child's own /proc entries stay its own


def sweep_uid(uid):
    """Kill every process of `uid` (one candidate's own user), itself included: from a helper that takes that
    user and signals -1, which the kernel delivers to all of the user's processes in one pass (a chain of forks
    cannot outrun it, as it could a scan of /proc)."""
    pid = os.fork()
    if pid == 0:
        try:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
            for _ in range(3):  # the caller is spared by kill(-1): again, for a fork that was in flight
                os.kill(-1, signal.SIGKILL)
                time.sleep(0.005)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


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
    # dev/probe_first_launch.py): do it once here, on the CPU, so no child pays it.
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
        how, detail = wait_child(pid, job["timeout"], conn, rss_bytes(os.getpid()) + 2**30 + int(job["mem_gb"] * 2**30),
                                 cpu=not device.startswith("cuda"))
        if job.get("uid") is not None and os.geteuid() == 0:
            sweep_uid(job["uid"])
        shutil.rmtree(work, ignore_errors=True)
        conn.send_bytes(json.dumps({"type": "exit", "how": how, "detail": detail}).encode())


if __name__ == "__main__":
    zygote(int(sys.argv[1]), sys.argv[2])

"""
One candidate, judged in the parent: the conversation with its sandboxed child (verify_worker.py), layer by layer
from compile to speedup (PAPER.md §3), read through verify_wire.py and checked against the reference
(verify_ref.py). The child is trusted with nothing: what it reports (launches, ops, outputs, times) can fail a
candidate, never pass one, and anything outside the wire format is a failing verdict of its own.

    python verify.py PROBLEM.py CANDIDATE     # VerifierPool.run_on -> run_candidate, here
"""

import math
import os
import pickle
import secrets
import socket
import struct
import time
from multiprocessing.connection import Connection
from multiprocessing.reduction import send_handle

import torch

from verify_ref import NEAR_IN_PLACE, compare, near_size, timed_trial
from verify_wire import DTYPES, ProtocolError, dtype_name, field, recv_header, recv_tensor
from verify_limits import WALL
from verify_worker import JOB, dumps, gpu_lock, time_forward


class ChildDied(Exception):
    """The candidate's process ended, or broke the protocol; args[0] is why."""


class Child:
    """The parent's end of one candidate's socket (made here, handed to the slot's zygote), and the slot's
    channel, on which the zygote says how the child ended."""

    def __init__(self, slot, job, timeout):
        ours, theirs = socket.socketpair()
        slot.conn.send_bytes(JOB + pickle.dumps(job))
        send_handle(slot.conn, theirs.fileno(), slot.proc.pid)
        theirs.close()
        self.slot, self.sock, self.clean, self.gone = slot, ours, True, False
        self.conn = Connection(os.dup(ours.fileno()))
        self.deadline = time.monotonic() + timeout + 30  # the zygote kills the child at `timeout`: a backstop
        h = recv_header(slot.conn, 60)
        if h["type"] != "started":
            raise RuntimeError(f"the slot's zygote said {h['type']!r} where it reports a start")
        slot.child_pid = field(h, "pid", int)

    def left(self):
        return max(0.1, self.deadline - time.monotonic())

    def ask(self, obj, cuda):
        """Send a command, return the reply's header (a dict of plain data). The send is bounded in time too: a
        child that stops reading (inputs are MBs, beyond a socket's buffer) must not hold the parent."""
        data = dumps(obj, cuda)
        head = struct.pack("!i", len(data)) if len(data) <= 0x7FFFFFFF else struct.pack("!iQ", -1, len(data))
        try:
            self.sock.settimeout(self.left())
            self.sock.sendall(head + data)  # multiprocessing.Connection's framing: the child reads with recv_bytes
        except OSError as e:  # socket.timeout included
            self.clean = False
            raise ChildDied(None) from e
        finally:
            self.sock.settimeout(None)  # blocking again: self.conn reads the same file description
        return self.reply()

    def reply(self):
        try:
            h = recv_header(self.conn, self.left())
        except ProtocolError as e:
            self.clean = False
            raise ChildDied(f"protocol violation: {e}") from e
        except (EOFError, OSError) as e:  # its end closed: the child is gone, and the zygote will say how
            self.clean, self.gone = False, True
            raise ChildDied(None) from e
        except TimeoutError as e:
            self.clean = False
            raise ChildDied(None) from e
        if h["type"] == "fault":
            self.clean = False
            raise ChildDied(f"verifier error in the child: {str(h.get('error'))[:300]}")
        return h

    def tensor(self, shape, dtype):
        try:
            return recv_tensor(self.conn, shape, dtype, self.left())
        except (ProtocolError, EOFError, OSError, TimeoutError) as e:
            self.clean = False
            self.gone = isinstance(e, (EOFError, OSError)) and not isinstance(e, ProtocolError)
            raise ChildDied(f"protocol violation: {e}" if isinstance(e, ProtocolError) else None) from e

    def finish(self):
        """Let the child go (or kill it, when the conversation broke off); how it ended, from the zygote."""
        if self.clean:
            try:
                self.conn.send_bytes(pickle.dumps({"op": "bye"}))
            except OSError:
                pass
        elif not self.gone:  # alive but outside the protocol, or past our deadline
            self.slot.conn.send_bytes(b"K")
        self.conn.close()
        self.sock.close()
        h = recv_header(self.slot.conn, self.left())
        if h["type"] != "exit":
            raise RuntimeError(f"the slot's zygote said {h['type']!r} where it reports an exit")
        self.slot.child_pid = None
        return h


def ended(h):
    how, detail = h.get("how"), h.get("detail")
    return {"timeout": f"timed out after {detail}", "signal": f"the process was killed by {detail}",
            "exit": f"the process exited with status {detail}", "ok": "the process exited",
            "killed": "the verifier stopped it", "memory": f"it used more than {detail} of host memory"
            }.get(how, f"the process ended ({how})")


def run_candidate(slot, code, ref, dev, v):
    """Run one candidate in a fresh child of `slot`; fill v's compile, func_runtime, correct and speedup layers.
    On a GPU, only once its whole footprint (Reference.footprint: its compile pass, our inputs and buffers, its
    outputs, its CUDA context) fits beside what the other children and the references hold: a candidate that runs
    out of memory then does so alone, and the verdict says whose allocation failed."""
    t0 = time.perf_counter()
    with dev.gate.hold(ref.footprint()):
        v.phases["admit"] = round(time.perf_counter() - t0, 3)  # waiting for GPU memory (MemoryGate)
        try:
            return candidate_in_child(slot, code, ref, dev, v)
        finally:
            if dev.s.device.startswith("cuda"):  # what the child held of ours by CUDA IPC is freed now that it
                with dev.pool_lock:  # is gone, and what we held for it goes back to the device, for the next child;
                    torch.cuda.ipc_collect()  # under the pool lock: PyTorch aborts an empty_cache while another
                    torch.cuda.empty_cache()  # thread allocates into a pool (H100: captures_underway.empty())


def candidate_in_child(slot, code, ref, dev, v):
    s = dev.s
    cuda = s.device.startswith("cuda")
    child = Child(slot, {"timeout": s.timeout, "mem_gb": s.mem_gb, "gpu_mem_fraction": dev.gpu_fraction,
                         "uid": slot.next_uid()}, s.timeout * (1 if cuda else WALL))  # the zygote's own clock limit
    try:
        t0 = time.perf_counter()
        # the parameters' values, copied out of the references' pool (verify_device): what a child is shown by
        # CUDA IPC never shares an allocator segment with a reference
        models = [b.for_child(copy=cuda) if b else None for b in (ref.main, ref.variant)]
        h = child.ask({"code": code, "models": models, "movement": ref.movement}, cuda)
        models = None
        v.phases["load"] = round(time.perf_counter() - t0, 3)
        if h["type"] == "error":
            v.fail("compile", str(h.get("error"))[:600])
        else:
            v.compiled = True
            v.ok("compile")
            judge(child, ref, s, v, dev)
            if "out of memory" in (v.reason or "").lower():
                v.flags.append(f"out of memory with {ref.footprint() / 2**30:.1f} GiB reserved for it (inputs, outputs, "
                               "buffers, a context): its own allocations went past that, or the estimate is short")
    except (ChildDied, ProtocolError) as e:
        why = e.args[0] if isinstance(e, ChildDied) else f"protocol violation: {e}"
        if isinstance(e, ProtocolError):
            child.clean = False
        v.correct = False
        if why is None:
            try:
                why = ended(child.finish())
            except (EOFError, OSError, TimeoutError, ProtocolError) as err:
                raise RuntimeError(f"the slot's zygote went away: {type(err).__name__}") from err
            child = None
        if why.startswith("verifier error"):
            v.flags.append("verifier error: this verdict says nothing about the candidate")
        v.fail("correct" if v.compiled else "compile", why)
    if child is not None:
        child.finish()
    return v


def judge(child, ref, s, v, dev):
    """Compile (GPU: before the GPU is taken), trials under the GPU's shared lock, then timing alone on it.
    Phases: compile, queue (for the shared use), trials, wait (for the exclusive use), timing."""
    cuda = s.device.startswith("cuda")
    func_bad = None
    if cuda and s.compile_first:
        # CPU work (~0.8 s, bench/RESULTS.md run D) kept out of gpu.shared(); trial 0 reports any failure again.
        t0 = time.perf_counter()
        h = child.ask({"op": "compile", "spec": ref.in_spec}, cuda)
        v.phases["compile"] = round(time.perf_counter() - t0, 3)
        func_bad = monitor_findings(h, "while compiling", trial=False)
    t0 = time.perf_counter()
    with dev.gpu.shared():
        v.phases["queue"] = round(time.perf_counter() - t0, 3)
        ok = judge_trials(child, ref, s, v, dev, func_bad)
    v.phases["trials"] = round(time.perf_counter() - t0 - v.phases["queue"], 3)
    if ok and v.valid and s.timing and cuda:
        t0 = time.perf_counter()
        with dev.gpu.exclusive():
            v.phases["wait"] = round(time.perf_counter() - t0, 3)
            judge_timing(child, ref, s, v, dev)
        v.phases["timing"] = round(time.perf_counter() - t0 - v.phases["wait"], 3)
    elif ok:
        judge_later_calls(child, ref, s, v, dev)


def judge_later_calls(child, ref, s, v, dev):
    """Without timing, the calls after the trials are still checked (PAPER.md §7, correct only for the first
    calls): a number of calls the candidate cannot predict, every one watched and compared, on the timed trial's
    inputs but for two, at secret places, on near-duplicates of them (a cached output keyed on a sample of the
    inputs, their identity or their sums is stale there)."""
    k, cuda, rng = timed_trial(ref), s.device.startswith("cuda"), secrets.SystemRandom()
    # 2 to 11, log-uniform: a candidate cannot count its calls to the end of the check (an interpreted call of
    # a large problem takes seconds: more would cost honest candidates their time limit)
    times = int(2 * 6 ** rng.random())
    nears = ref.nears(k)
    at = dict(zip(rng.sample(range(times), min(times, len(nears))), nears))
    for call in range(times):
        kk = at.get(call, k)
        h, outs, _, _, _ = exchange(child, ref, kk, cuda, op="repeat", times=1)
        if h["type"] == "error":
            v.correct = False
            return v.fail("correct", f"a later call raised {str(h.get('error'))[:600]}")
        found = monitor_findings(h, "in a later call")
        if found and s.verifier == "robust":
            v.valid = False
            return v.fail("func_runtime", found)
        bad = field(h, "mismatch", str, optional=True) or checked(ref, kk, outs, s, dev)
        if bad:
            v.correct = False
            return v.fail("correct", f"call {call + 1} after the trials{' (near-duplicate inputs)' * (kk != k)}: {bad}")


def monitor_findings(h, when, trial=True):
    """What the runtime monitors saw in one forward (PAPER.md §3, func layer, runtime), as a reason or None."""
    ops = field(h, "compute_ops", list)
    tamper = field(h, "tamper", str, optional=True)
    if tamper is not None:
        return f"{when}: {tamper[:200]}"
    if ops:
        return f"PyTorch compute ran outside Triton kernels ({when}): {', '.join(map(str, ops[:5]))}"
    if trial and field(h, "launches", int) == 0:
        return f"forward launched no Triton kernel ({when})"
    if trial and field(h, "unwritten", list):
        return f"output {h['unwritten'][0]} was not written by a Triton kernel, a decoy kernel? ({when})"
    return None


def poison_(t):
    """NaN (or the largest integer) everywhere: what a buffer holds before the child writes it, and after we have
    read it, so a correct output left in shared memory is of no use to the next candidate."""
    return t.fill_(float("nan") if t.is_floating_point() or t.is_complex() else
                   (True if t.dtype == torch.bool else torch.iinfo(t.dtype).max))


def poisoned(shape, dtype, device):
    """A buffer of a reference output's shape that the child must overwrite."""
    return poison_(torch.empty(shape, dtype=dtype, device=device))


def checked(ref, k, outs, s, dev):
    """compare() with trial k in a pool of the parent's own (its temporaries, and the reference's outputs where
    they are computed again, hold reference values), then the shared buffers poisoned again (GPU)."""
    with dev.scratch():
        bad = compare(ref.trial_outs(k), outs, s.atol, s.rtol, loose=ref.loose, slack=ref.trials[k].slack)
    for o in (outs or []) if dev.s.device.startswith("cuda") else []:
        poison_(o)
    return bad


def exchange(child, ref, k, cuda, op="trial", **extra):
    """One trial's round trip: (header, the child's outputs, inputs, input fingerprint before, seconds). On the
    GPU the child copies its outputs into our poisoned buffers and writes to our inputs in place (CUDA IPC); on
    the CPU its outputs and its copy of the inputs come back as raw bytes of the shapes we expect."""
    t0 = time.perf_counter()
    t = ref.trials[k]
    inputs = ref.inputs(k)
    mailbox = [poisoned(shape, dt, ref.device) for shape, dt in t.spec] if cuda else None
    before = ref.fingerprint(inputs)
    expect = [[list(shape), dtype_name(dt)] for shape, dt in t.spec]
    t1 = time.perf_counter()
    h = child.ask({"op": op, "model": int(t.variant), "inputs": inputs, "expect": expect, "mailbox": mailbox,
                   "device": ref.device, **extra}, cuda)
    outs = mailbox
    if h["type"] != "error" and field(h, "mismatch", str, optional=True) is None:
        if not cuda:
            outs = [child.tensor(shape, DTYPES[dt]) for shape, dt in expect]
            inputs = [child.tensor(list(x.shape), x.dtype) if isinstance(x, torch.Tensor) else x for x in inputs]
    elif h["type"] != "error":
        outs = None
    return h, outs, inputs, before, (t1 - t0, time.perf_counter() - t1)


def trial_name(ref, k):
    t = ref.trials[k]
    if t.cross:
        return f"trial {k} (the hidden shape variant's inputs, on the first model: {ref.variant_note})"
    return f"trial {k} (the hidden shape variant: {ref.variant_note})" if t.variant else f"trial {k} ({t.dist} inputs)"


def judge_trials(child, ref, s, v, dev, func_bad=None):
    """True when every trial was correct. The trials come in an order drawn per candidate, so no call count tells
    which trial is which. Func runtime findings make the candidate invalid in robust mode and are recorded in naive
    mode; a tampered monitor is invalid in both."""
    launches, cuda = [], s.device.startswith("cuda")
    order = [k for k, t in enumerate(ref.trials) if t.near_of is None]  # the near-duplicate is a later call's
    secrets.SystemRandom().shuffle(order)
    for k in order:
        h, outs, inputs, before, secs = exchange(child, ref, k, cuda)
        t0 = time.perf_counter()
        name = trial_name(ref, k)
        if h["type"] == "error":
            v.fail("correct", f"{name}: forward raised {str(h.get('error'))[:600]}")
            return False
        if h["type"] != "trial":
            raise ChildDied(f"protocol violation: a {h['type']!r} reply to a trial")
        launches.append(field(h, "launches", int))
        found = monitor_findings(h, name)
        if found and field(h, "tamper", str, optional=True) is not None:
            v.valid = False
            return v.fail("func_runtime", found) and False
        if func_bad is None and found:
            func_bad = found
        if func_bad and s.verifier == "robust" and v.valid:
            v.valid = False
            v.fail("func_runtime", func_bad)
        if field(h, "mismatch", str, optional=True) is not None:
            v.fail("correct", f"{name}: {h['mismatch'][:300]}")
            return False
        if field(h, "alias", bool):
            v.fail("correct", f"{name}: an output aliases an input")
            return False
        after = ref.fingerprint(inputs)
        if after != before:
            i = next(i for i, (a, b) in enumerate(zip(after, before)) if a != b)
            v.fail("correct", f"{name}: input {i} was mutated")
            return False
        bad = checked(ref, k, outs, s, dev)
        v.phases.setdefault("per_trial", []).append([round(x, 4) for x in (*secs, field(h, "forward_s", (int, float)),
                                                                            time.perf_counter() - t0)])
        if bad:
            v.fail("correct", f"{name}: {bad}")
            return False
    if func_bad is None or s.verifier == "naive":
        v.ok("func_runtime", launches=launches, note=func_bad)
    v.correct = True
    v.ok("correct", trials=len(order), dists=[ref.trials[k].dist + ("/variant" if ref.trials[k].variant else
                                                                   "/cross" if ref.trials[k].cross else "")
                                              for k in sorted(order)],
         hidden_shape=ref.variant_note)
    return True


def judge_timing(child, ref, s, v, dev):
    """Speedup layer. Every timed call runs under the op monitor, so forward cannot compute in PyTorch in calls it
    guesses are unwatched; the reference is timed under a dispatch mode too, so both pay its per-op cost.
    Checked: the output of the last timed call, that of one timed call at a secret place whose inputs were made a
    near-duplicate in place (same memory, new tensor objects: a cache keyed on the inputs' identity served stale
    outputs to every other timed call, round 21), and one more call on a near-duplicate afterwards: stale memory
    or a cache keyed on a sample of the inputs holds the right answer only on what it saw before (PAPER.md §7:
    correct only for the first calls)."""
    k = timed_trial(ref)
    nears = ref.nears(k)
    secrets.SystemRandom().shuffle(nears)
    nears.sort(key=lambda j: near_size(ref, j) > NEAR_IN_PLACE)  # one made in place must fit the child's slack
    check, box = None, None
    if nears and s.runs > 1 and near_size(ref, nears[0]) <= NEAR_IN_PLACE:  # one timed call, at a secret place, on
        t = ref.trials[nears[0]]  # a near-duplicate made in place (time_forward)
        check = {"at": secrets.randbelow(s.runs - 1), "seed": t.seed, "n": t.near_n, "swap": t.near_swap,
                 "scale": t.near_scale}
        box = [poisoned(shape, dt, ref.device) for shape, dt in t.spec]
    h, outs, _, _, _ = exchange(child, ref, k, True, op="time", lock=dev.lock_path, runs=s.runs, warmup=s.warmup,
                                check=check, check_mailbox=box)
    if h["type"] == "error":
        v.correct = False
        return v.fail("correct", f"forward raised while being timed: {str(h.get('error'))[:600]}")
    if h["type"] != "timing":
        raise ChildDied(f"protocol violation: a {h['type']!r} reply to a timing request")
    ms = field(h, "ms", (int, float))
    if not (math.isfinite(ms) and ms > 0):
        raise ChildDied(f"protocol violation: a time of {ms} ms")
    found = monitor_findings(h, "while being timed")
    bad = field(h, "mismatch", str, optional=True) or checked(ref, k, outs, s, dev) if not found else None
    if not found and not bad and check is not None:
        c = h.get("check")
        if not isinstance(c, dict):
            raise ChildDied("protocol violation: no output of the timed call on a near-duplicate")
        bad = field(c, "mismatch", str, optional=True) or checked(ref, nears[0], box, s, dev)
        bad = bad and f"a timed call on near-duplicate inputs (an output cached across timed calls?): {bad}"
    if not found and not bad:
        near = nears[-1] if nears else 0
        again, outs, _, _, _ = exchange(child, ref, near, True)
        if again["type"] == "error":
            bad = f"forward raised: {str(again.get('error'))[:600]}"
        else:
            found = monitor_findings(again, "after timing")
            bad = field(again, "mismatch", str, optional=True) or checked(ref, near, outs, s, dev)
    if found and s.verifier == "robust":
        v.valid = False
        return v.fail("func_runtime", found)
    if bad:
        v.correct = False
        return v.fail("correct", f"after timing: {bad}")
    if ref.ms is None:  # its outputs are the reference's: in its pool
        with gpu_lock(dev.lock_path), dev.scratch():
            ref.ms, _ = time_forward(under(plain_mode(), ref.model), ref.inputs(k), s.runs, s.warmup, ref.device)
    v.ref_ms, v.cand_ms = ref.ms, ms
    v.speedup = ref.ms / ms
    if v.speedup > s.flag_speedup:
        v.flags.append(f"speedup {v.speedup:.1f}x is above {s.flag_speedup}x: check it by hand")
    v.ok("speedup", ref_ms=ref.ms, cand_ms=ms, near_call=check and check["at"])  # which timed call was checked


def under(mode, model):
    def call(*args):
        with mode():
            return model(*args)
    return call


def plain_mode():
    """A dispatch mode that records nothing: the reference is timed under it, so both sides of a speedup pay
    the same per-op cost of a Python dispatch mode (verify.py times the reference with it)."""
    from torch.utils._python_dispatch import TorchDispatchMode

    class Plain(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            return func(*args, **(kwargs or {}))

    return Plain

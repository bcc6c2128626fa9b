"""
One device's share of the verifier pool (verify.VerifierPool): its references, its timing lock and its memory
gate. Runs in the parent (the trusted process): no candidate code reaches it.

    python -c "import verify_device as d, verify as v; dev = d.Device(v.Settings(), 1.0); \
               print(dev.reference(open('tests/verify_cases/p_relu.py').read(), 'relu').variant_note)"

GPU memory, so that no verdict is caused by the verifier's own concurrency (full-size KernelBench outputs are
GBs a trial):
  - a reference is built alone (the gate's whole budget) in a memory pool of its own; where its outputs pass
    Settings.ref_keep_gb they are dropped once its checks are recorded; what it keeps moves to a new pool, and
    the build's (with every block the build freed) goes back to the device; a candidate's comparison then computes them again (Reference.trial_outs)
    in a scratch pool that goes back when the comparison ends;
  - references are evicted, least recently used first, once what they keep passes Settings.ref_cache_gb;
  - a candidate runs only while its whole footprint (Reference.footprint) fits in what the card has, less the
    references' share and a CUDA context per worker (verify_judge.run_candidate).
Pools keep reference values in segments no child maps: CUDA IPC shares whole allocator segments of what a child
is shown (its inputs, its output buffer), so a reference output beside them would be readable by its kernels.
"""

import collections
import contextlib
import dataclasses
import hashlib
import os
import tempfile
import threading
import time
from dataclasses import field

import torch

from verify_ref import ProblemError, Reference, make_reference

class GpuLock:
    """Readers run trials side by side; a writer (timing) runs alone, so no other candidate's work
    disturbs a measurement (PAPER.md §3, speedup layer). Within this process; the flock in
    verify_worker.py also keeps other processes' timings apart."""

    def __init__(self):
        self.cond, self.readers, self.writing = threading.Condition(), 0, False

    @contextlib.contextmanager
    def shared(self):
        with self.cond:
            self.cond.wait_for(lambda: not self.writing)
            self.readers += 1
        try:
            yield
        finally:
            with self.cond:
                self.readers -= 1
                self.cond.notify_all()

    @contextlib.contextmanager
    def exclusive(self):
        with self.cond:
            self.cond.wait_for(lambda: not self.writing)
            self.writing = True  # new readers wait from here on
            self.cond.wait_for(lambda: self.readers == 0)
        try:
            yield
        finally:
            with self.cond:
                self.writing = False
                self.cond.notify_all()


class MemoryGate:
    """Admission by GPU memory, first come first served: a candidate runs only while its footprint fits, so other
    candidates' load never makes an honest kernel run out of memory (and earn nothing), and a large one (a
    reference build takes the whole budget) is not passed over for ever by small ones."""

    def __init__(self, budget):
        self.cond, self.budget, self.free, self.queue = threading.Condition(), budget, budget, collections.deque()

    @contextlib.contextmanager
    def hold(self, need):
        if self.budget == float("inf"):  # the CPU: each child's address-space cap does this job
            yield
            return
        need, me = min(need, self.budget), object()  # one larger than the budget runs alone
        with self.cond:
            self.queue.append(me)
            self.cond.wait_for(lambda: self.queue[0] is me and self.free >= need)
            self.queue.popleft()
            self.free -= need
            self.cond.notify_all()
        try:
            yield
        finally:
            with self.cond:
                self.free += need
                self.cond.notify_all()


@dataclasses.dataclass
class Device:
    """One device's share of the pool: its references, its timing lock and its memory gate."""
    s: object  # verify.Settings, with this device
    gpu_fraction: float
    workers: int = 1
    refs: collections.OrderedDict = field(default_factory=collections.OrderedDict)
    pools: dict = field(default_factory=dict)  # reference key -> the GPU memory pool its tensors live in
    ref_locks: dict = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    build_lock: threading.Lock = field(default_factory=threading.Lock)
    gpu: GpuLock = field(default_factory=GpuLock)
    gate: MemoryGate = None
    lock_path: str = ""
    ref_times: dict = None  # {sha256(problem source): reference ms}, measured earlier on this GPU model (eval.py)
    pool_lock: threading.Lock = field(default_factory=threading.Lock)
    build_s: list = field(default_factory=list)  # each reference build's seconds, by part (benchmarks read them)

    def __post_init__(self):
        # Candidates' GPU memory: what the card has, less the references' share and a CUDA context for each
        # worker's child. On the CPU the address-space cap per child does this job.
        self.cuda = self.s.device.startswith("cuda")
        total = torch.cuda.mem_get_info(torch.device(self.s.device))[1] if self.cuda else 0
        budget = 0.92 * total - self.s.ref_cache_gb * 2**30 - self.workers * 2**29
        self.gate = MemoryGate(max(2**30, int(budget)) if self.cuda else float("inf"))
        self.lock_path = os.path.join(tempfile.gettempdir(), f"tritonrl_gpu_{self.s.device.replace(':', '_')}.lock")

    @contextlib.contextmanager
    def into(self, pool):
        """Allocations of this thread go to pool (one thread in a pool at a time: a pool takes one recorder)."""
        if pool is None:
            yield
            return
        with self.pool_lock, torch.cuda.use_mem_pool(pool, torch.device(self.s.device)):
            yield

    @contextlib.contextmanager
    def scratch(self):
        """A pool for one comparison (a reference's outputs computed again, the comparison's temporaries), given
        back to the device when it ends."""
        box = [torch.cuda.MemPool() if self.cuda else None]
        try:
            with self.into(box[0]):
                yield
        finally:
            self.drop(box)

    def drop(self, box):
        """Give the pools in box (a list: its references are the last) back to the device. Only while no thread
        allocates into a pool: PyTorch asserts that no capture is under way when one is destroyed (measured: an
        abort in ~MemPool with two threads)."""
        with self.pool_lock:
            box.clear()
            if self.cuda:
                torch.cuda.empty_cache()

    def build(self, src, name):
        """A reference built alone, in a pool of its own; then what it keeps (its models, and its outputs where
        it keeps them) moves to a new pool, and the build's goes back. Returns (reference or ProblemError, pool)."""
        box = [torch.cuda.MemPool() if self.cuda else None]
        with self.gate.hold(self.gate.budget), self.build_lock:  # full-size references are tens of GB
            t0 = time.perf_counter()
            try:
                with self.into(box[0]):
                    ref = make_reference(src, self.s, name)
            except ProblemError as e:  # kept for every later candidate: without the frames of the failed build,
                for x in (e, e.__cause__):  # whose tensors (GBs of trial outputs) they would keep alive
                    if x is not None:
                        x.__traceback__ = None
                self.drop(box)
                return e, None
            kept = torch.cuda.MemPool() if self.cuda else None
            if self.cuda:  # what it keeps moves to a pool of its own size: a live pool keeps every block the
                with self.into(kept):  # build freed (measured: 21 GiB for L1 100's 4 GiB inputs)
                    for b in (ref.main, ref.variant):
                        if b is not None:
                            b.moved()
                    for t in ref.trials:
                        t.outs = None if t.outs is None else [o.clone() for o in t.outs]
            self.drop(box)
            self.build_s.append({"total": round(time.perf_counter() - t0, 3), **ref.build_s})
        return ref, kept

    def reference(self, src, name):
        key = hashlib.sha256(src.encode()).hexdigest()
        with self.lock:
            lk = self.ref_locks.setdefault(key, threading.Lock())
        with lk:  # one build per problem, however many of its candidates arrive at once
            ref = self.refs.get(key)
            if ref is None:
                ref, pool = self.build(src, name)
                if isinstance(ref, Reference) and self.ref_times and key in self.ref_times:
                    ref.ms = self.ref_times[key]  # not re-timed: the cached time from this GPU model
                self.pools[key] = pool
            with self.lock:
                self.refs[key] = ref
                self.refs.move_to_end(key)
                self.evict()
        if isinstance(ref, ProblemError):
            raise ref
        return ref

    def evict(self):
        """Least recently used references go once what they keep passes the budget; a later candidate of an
        evicted problem rebuilds it."""
        box = []
        while len(self.refs) > 1 and sum(r.nbytes() for r in self.refs.values()
                                         if isinstance(r, Reference)) > self.s.ref_cache_gb * 2**30:
            key, _ = self.refs.popitem(last=False)
            box.append(self.pools.pop(key, None))
        if box:
            self.drop(box)

    def clear(self):
        self.refs.clear()
        box, self.pools = list(self.pools.values()), {}
        self.drop(box)

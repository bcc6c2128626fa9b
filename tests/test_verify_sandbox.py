"""The verifier's second line, tested without its first: code that the language (verify_lang.py) refuses is run
anyway, straight into a worker slot, and the parent must still never run anything the child made, read only the
wire format (verify_wire.py), and give every candidate exactly one verdict."""

import os
import time
from multiprocessing import Pipe

import pytest
import torch

from conftest import ROOT
from verify import Settings, Verdict, VerifierPool
from verify_wire import ProtocolError, field, recv_header, recv_tensor, send

PROBLEM = (ROOT / "tests" / "verify_cases" / "p_relu.py").read_text()
ROOT_MODE = os.geteuid() == 0
KERNEL = '''import os, sys
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=mask), 0.0), mask=mask)

def sockets():
    fds = [int(f) for f in os.listdir("/proc/self/fd")]
    return [f for f in fds if os.path.exists(f"/proc/self/fd/{f}") and os.readlink(f"/proc/self/fd/{f}").startswith("socket:")]

class Payload:
    def __reduce__(self):
        return (os.system, ("touch /tmp/tritonrl_pwned_parent",))

class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        relu_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)
{body}
        return out
{top}'''
# what the candidate does in forward -> a fragment of the verdict's reason
BYPASS = {
    "exits quietly": ("        os._exit(0)", "the process exited"),
    "exits at import": ("        pass", "SystemExit", "raise SystemExit(3)\n"),
    "returns a pickle bomb": ("        return (out, Payload())", "output 1 is a Payload"),
    "writes garbage to its socket": ("        [os.write(f, b'\\x00\\x00\\x00\\x05hello') for f in sockets()]",
                                     "protocol violation"),
    "sends an oversized header": ("        [os.write(f, (4 << 20).to_bytes(4, 'big') + b'{' * 64) for f in sockets()]",
                                  "protocol violation"),
    "forges a clean reply and dies": (
        "        [os.write(f, len(b := b'{\"type\": \"trial\"}').to_bytes(4, 'big') + b) for f in sockets()]\n"
        "        os._exit(0)", "the process exited"),
    "kills its zygote": ("        os.kill(os.getppid(), 9)", "Operation not permitted" if ROOT_MODE else "verifier error"),
    "nests its reply too deeply": ("        [os.write(f, (200000).to_bytes(4, 'big') + b'[' * 200000) for f in sockets()]",
                                   "protocol violation"),
}
if ROOT_MODE:  # the verifier runs as root: each slot's children run as a user of their own (verify_worker.confine)
    BYPASS.update({
        "ptraces its zygote": ("        assert __import__('ctypes').CDLL(None).ptrace(16, os.getppid(), 0, 0) == 0",
                               "AssertionError"),
        "writes into the project": (f"        open({str(ROOT / 'verify.py')!r}, 'a').write('# pwned')", "PermissionError"),
        "reads the parent's memory": ("        open(f'/proc/{os.getppid()}/mem', 'rb')", "PermissionError"),
        "leaves a daemon that holds its socket": (
            "        if os.fork() == 0:\n            os.setsid()\n            __import__('time').sleep(300)\n"
            "        os._exit(0)", "the process exited"),
        "leaves a chain of forks no scan of /proc can catch": (
            "        if os.fork() == 0:\n            os.setsid()\n            while True:\n"
            "                if os.fork():\n                    os._exit(0)\n        os._exit(0)", "the process exited"),
    })


@pytest.fixture(scope="module")
def pool():
    with VerifierPool(Settings(device="cpu", timeout=20), workers=1) as p:
        yield p


@pytest.mark.parametrize("case", list(BYPASS))
def test_the_sandbox_holds_without_the_language(pool, case):
    body, fragment, *top = BYPASS[case]
    v = Verdict()
    slot = pool.slots.get()
    try:
        pool.run_on(slot, PROBLEM, KERNEL.replace("{body}", body).replace("{top}", "".join(top)), "relu", v)
    finally:
        pool.slots.put(slot)
    assert not v.correct and fragment in (v.reason or ""), v
    assert not os.path.exists("/tmp/tritonrl_pwned_parent")  # the parent never ran the child's reduction
    assert "pwned" not in (ROOT / "verify.py").read_text()[-200:]
    if slot.uid is not None:  # nothing of the candidate's outlives it (a killed process may take a moment
        for _ in range(40):  # to die on a loaded machine)
            if slot.uid not in live_uids():
                break
            time.sleep(0.05)
        assert slot.uid not in live_uids()
    ok = pool.verify_one(PROBLEM, (ROOT / "tests" / "verify_cases" / "relu__ok.py").read_text())
    assert ok.valid and ok.correct, ok  # the slot serves the next candidate


# round 10: what the monitor alone must see (the language refuses each route there): forward body -> reason
MONITOR = {
    "patches a torch.Tensor method": ("        torch.Tensor.contiguous = lambda self, *a, **k: self",
                                      "the library was patched: Tensor.contiguous"),
    "builds a tensor from tensors' values": ("        torch.tensor([x.reshape(-1)[0], x.reshape(-1)[1]], dtype=torch.float16)",
                                             "torch.tensor of tensors' values"),
    "fills integers with a float's value": ("        torch.zeros(1, dtype=torch.int64).fill_(x.reshape(-1)[0])", "fill_"),
    "casts integers other than 0/1 to bool": ("        torch.arange(5).to(torch.bool)", "_to_copy"),
    "narrows integers out of range": ("        torch.arange(300).to(torch.int8)", "_to_copy"),
    # round 11
    "replaces the monitor's glue table": ("        sys.modules['verify_monitor'].GLUE_OPS = frozenset()",
                                          "the library was patched: verify_monitor.GLUE_OPS"),
    "replaces the monitor's reset": ("        sys.modules['verify_monitor'].Monitor.reset = lambda self: None",
                                     "the library was patched: Monitor.reset"),
    "reads values through the legacy constructor": ("        torch.zeros(0).new([x.reshape(-1)[0]])",
                                                    "torch.new of tensors' values"),
    "hides a tensor past the 64th element": ("        torch.tensor([0.0] * 64 + [x.reshape(-1)[0]])",
                                             "torch.tensor of tensors' values"),
    "launches with a tensor that has methods of its own": (
        "        y = x.view(x.shape)\n        y.storage_offset = lambda: 0\n"
        "        relu_kernel[(1,)](y, out, x.numel(), BLOCK=1024)", "methods of its own"),
}


@pytest.mark.parametrize("case", list(MONITOR) + ["casts a 0/1 integer mask to bool (glue)"])
def test_the_monitor_sees_what_the_language_would_refuse(pool, case):
    body, fragment = MONITOR.get(case, ("        torch.arange(2).to(torch.bool)", None))
    v = Verdict(valid=True)  # as verify_one leaves it when the static layers pass
    slot = pool.slots.get()
    try:
        pool.run_on(slot, PROBLEM, KERNEL.replace("{body}", body).replace("{top}", ""), "relu", v)
    finally:
        pool.slots.put(slot)
    if fragment is None:
        assert v.passed, v
    else:
        assert not v.passed and fragment in (v.reason or ""), v


def live_uids():
    owners = []
    for d in filter(str.isdigit, os.listdir("/proc")):
        try:
            st = open(f"/proc/{d}/status").read()
            if st.split("\nState:")[1].split()[0] not in "ZX":  # zombies are dead, waiting for init
                owners.append(int(st.split("\nUid:")[1].split()[0]))
        except (OSError, IndexError):
            pass
    return owners


def test_wire_format_reads_plain_data_only():
    a, b = Pipe()
    for raw, why in [(b"\x80\x04K\x01.", "not JSON"), (b"[1, 2]", "without a type"), (b"{}", "without a type")]:
        a.send_bytes(raw)  # an oversized one: test_the_sandbox_holds_without_the_language
        with pytest.raises(ProtocolError, match=why):
            recv_header(b, 1)
    send(a, {"type": "trial", "launches": True, "ops": [1, "a"], "bad": [[1]]})
    h = recv_header(b, 1)
    with pytest.raises(ProtocolError, match="launches"):
        field(h, "launches", int)  # a bool is not a count
    assert field(h, "ops", list) == [1, "a"] and field(h, "missing", str, optional=True) is None
    with pytest.raises(ProtocolError, match="bad"):
        field(h, "bad", list)  # lists hold scalars only
    a.send_bytes(bytes(12))
    with pytest.raises(ProtocolError, match="12 bytes, expected 16"):
        recv_tensor(b, [2, 2], torch.float32, 1)
    a.send_bytes(bytes(range(16)))
    t = recv_tensor(b, [2, 2], torch.float32, 1)
    assert type(t) is torch.Tensor and t.shape == (2, 2) and t.dtype == torch.float32
    a.send_bytes(bytes(64))
    with pytest.raises(ProtocolError, match="over 16 bytes"):
        recv_tensor(b, [2, 2], torch.float32, 1)


def test_the_monitors_wrappers_keep_torch_device_contexts_working():
    """The monitor wraps torch.empty and kin (values read below the dispatcher); a model built under
    `with torch.device(...)` must still get its weights there (once it got them on the CPU: 4 GB GEMM weights
    past the child's host-memory cap on an H200)."""
    import subprocess
    import sys
    code = ("import torch, verify_monitor as m\nm.install_triton_hooks(interpret=True)\n"
            "with torch.device('meta'):\n    print(torch.nn.Linear(4, 4).weight.device, torch.empty(2).device)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                       env={**os.environ, "TRITON_INTERPRET": "1"})
    assert r.stdout.split() == ["meta", "meta"], r.stderr[-2000:]


def test_the_cpu_time_limit_counts_the_childs_own_work_not_the_clock():
    """verify_worker.wait_child on the CPU: a child that waits past the limit (a loaded machine looks the same to the
    clock) ends on its own; one that computes past it is stopped by its CPU time; the clock alone stops the first."""
    from multiprocessing import Pipe
    from verify_limits import wait_child

    def child(busy):
        pid = os.fork()
        if pid == 0:
            t0 = time.monotonic()
            while time.monotonic() - t0 < 1.5:
                if not busy:
                    time.sleep(0.05)
            os._exit(0)
        return pid
    ours, theirs = Pipe()
    assert wait_child(child(False), 1.0, ours, 2**40, cpu=True) == ("ok", 0)
    assert wait_child(child(True), 1.0, ours, 2**40, cpu=True) == ("timeout", "1 s of CPU time")
    assert wait_child(child(False), 1.0, ours, 2**40, cpu=False) == ("timeout", "1 s")

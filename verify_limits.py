"""
How a candidate's child ends, watched by its slot's zygote (verify_worker.py): at its time limit (on the CPU its own
CPU time, so a verdict does not depend on the machine's load; on a GPU the clock), past its host memory, or when the
parent says so.

    python -c "import os, verify_limits as v; print(v.cpu_seconds(os.getpid()), v.rss_bytes(os.getpid()))"
"""

import os
import signal
import time


def rss_bytes(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return int(f.read().split("VmRSS:")[1].split()[0]) * 1024
    except (OSError, IndexError, ValueError):
        return 0


WALL = 3  # on the CPU: a child that waits instead of computing is stopped at this many times the limit, wall clock


def cpu_seconds(pid):
    """A process's CPU time, user and system, of all its threads and its waited-for children (/proc/PID/stat)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def wait_child(pid, timeout, conn, rss_cap, cpu=False):
    """How the child ended: ('ok'|'exit'|'signal'|'timeout'|'killed'|'memory', detail). Kills its group at the time
    limit, past `rss_cap` bytes of host memory (a GPU child has no address-space cap: CUDA reserves terabytes of
    virtual memory), or when the parent says so (b"K": it read something outside the protocol). cpu: the limit is
    the child's CPU time, not the clock's, so a verdict does not depend on what else the cores are running (an
    interpreted candidate near the limit failed when an eval shared the two cores with training), with WALL times
    the limit on the clock as a backstop; on a GPU the clock (the GPU's time is not the process's CPU time)."""
    deadline, why = time.monotonic() + timeout * (WALL if cpu else 1), None
    while why is None:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if conn.poll(0.005) and conn.recv_bytes() == b"K":
            why = ("killed", "the verifier")
        elif cpu and cpu_seconds(pid) > timeout:
            why = ("timeout", f"{timeout:g} s of CPU time")
        elif time.monotonic() > deadline:
            why = ("timeout", f"{timeout * WALL:g} s of wall-clock time" if cpu else f"{timeout:g} s")
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

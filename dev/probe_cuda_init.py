"""
Does creating a CUDA context serialise across processes? The verifier forks one child per candidate, and each
child's first CUDA call creates a context (verify_worker.run_child); this times that step in N forked children
started together, as the pool's slots do.

    python dev/probe_cuda_init.py                  # N = 1, 2, 4, 8, 15
    python dev/probe_cuda_init.py --n 1,15 --reps 3

Per N: the median seconds a child spends in set_device + memory fraction + first allocation, and the wall time
for all N. Wall ~ N x the one-child time means the driver serialises context creation.
"""

import argparse
import multiprocessing as mp
import statistics
import time

import torch

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--n", default="1,2,4,8,15")
ap.add_argument("--reps", type=int, default=2)
args = ap.parse_args()


def child(go, q):
    go.wait()
    t0 = time.perf_counter()
    torch.cuda.set_device(0)
    torch.cuda.set_per_process_memory_fraction(0.1)
    torch.empty(1, device="cuda")
    torch.cuda.synchronize()
    q.put((t0, time.perf_counter()))


def main():
    assert not torch.cuda.is_initialized()
    ctx = mp.get_context("fork")  # as the zygote: torch imported, CUDA untouched
    print(f"{'N':>3} {'child median s':>15} {'child max s':>12} {'wall s':>8}")
    for n in map(int, args.n.split(",")):
        for _ in range(args.reps):
            go, q = ctx.Event(), ctx.Queue()
            ps = [ctx.Process(target=child, args=(go, q)) for _ in range(n)]
            for p in ps:
                p.start()
            time.sleep(0.5)
            go.set()
            got = [q.get() for _ in ps]
            for p in ps:
                p.join()
            each = [b - a for a, b in got]
            wall = max(b for _, b in got) - min(a for a, _ in got)
            print(f"{n:>3} {statistics.median(each):>15.3f} {max(each):>12.3f} {wall:>8.3f}", flush=True)


if __name__ == "__main__":
    main()

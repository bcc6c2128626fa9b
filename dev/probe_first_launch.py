"""
Where a sandboxed candidate's first forward spends its time: fresh process vs under verify_worker's monitors
vs forked from a zygote that imported torch and triton, as verify.py's children are.

    python dev/probe_first_launch.py

Each case is a cold process: it shows what the first use of the monitors costs, the cost that
verify_worker.py's zygote now pays once before it forks.
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BODY = r'''
import os, sys, time, tempfile
sys.path.insert(0, ROOT)
import torch, triton
import verify_worker as W
def first_forward(monitors, tag, block):
    src = open(os.path.join(ROOT, "tests/verify_cases/relu__ok.py")).read().replace("1024", str(block))
    d = tempfile.mkdtemp(); p = os.path.join(d, "candidate.py"); open(p, "w").write(src)
    import importlib.util
    spec = importlib.util.spec_from_file_location("candidate", p); mod = importlib.util.module_from_spec(spec)
    t0 = time.perf_counter(); torch.cuda.set_device(0); torch.empty(1, device="cuda"); torch.cuda.synchronize()
    t1 = time.perf_counter(); spec.loader.exec_module(mod); model = mod.ModelNew().cuda()
    x = torch.rand(4096, 4096, device="cuda"); torch.cuda.synchronize()
    t2 = time.perf_counter()
    if monitors:
        W.install_triton_hooks(False); rec = W.op_recorder(); W.MON.active = True
        with torch.no_grad(), rec():
            model(x)
    else:
        with torch.no_grad():
            model(x)
    torch.cuda.synchronize(); t3 = time.perf_counter()
    model(x); torch.cuda.synchronize(); t4 = time.perf_counter()
    print(f"{tag:34s} context {t1-t0:.2f} s | import+build {t2-t1:.2f} s | first forward {t3-t2:.2f} s | second {t4-t3:.4f} s", flush=True)
'''

RUN = BODY + r'''
mode = sys.argv[1]
if mode == "fork":
    import triton.backends.nvidia.compiler, triton.backends.nvidia.driver, triton.compiler.compiler
    for i, block in enumerate((256, 512)):
        pid = os.fork()
        if pid == 0:
            os.setsid()
            first_forward(True, f"forked child {i}, monitors", block)
            os._exit(0)
        os.waitpid(pid, 0)
else:
    first_forward(mode == "monitors", f"fresh process, {mode}", int(sys.argv[2]))
'''

if __name__ == "__main__":
    env = dict(os.environ, TRITON_CACHE_DIR=tempfile.mkdtemp())
    for args in (["plain", "2048"], ["monitors", "4096"], ["fork"]):
        r = subprocess.run([sys.executable, "-c", f"ROOT = {str(ROOT)!r}\n" + RUN, *args], env=env,
                           capture_output=True, text=True)
        print(r.stdout.strip() or r.stderr.strip()[-800:])

"""
What a fresh process pays before its first Triton launch: the cost verify.py's sandbox pays once per candidate.

    python dev/triton_startup.py

Each line is measured in a new process: imports, the NVIDIA backend's driver utilities, CUDA context, and the
first launch of a small kernel with a cold and then a warm compile cache.
"""

import os
import subprocess
import sys
import tempfile

CHILD = r'''
import os, sys, time
t0 = time.perf_counter()
import torch, triton, triton.language as tl
t1 = time.perf_counter()
import triton.backends.nvidia.driver, triton.backends.nvidia.compiler, triton.compiler.compiler, triton.runtime.build
t2 = time.perf_counter()
utils = triton.backends.nvidia.driver.CudaUtils()
t3 = time.perf_counter()
cuda_init = torch.cuda.is_initialized()
torch.cuda.set_device(0); torch.empty(1, device="cuda"); torch.cuda.synchronize()
t4 = time.perf_counter()
sys.path.insert(0, sys.argv[1]); import kern
x = torch.randn(1 << 20, device="cuda"); out = torch.empty_like(x)
kern.k[(1024,)](x, out, x.numel(), BLOCK=1024); torch.cuda.synchronize()
t5 = time.perf_counter()
kern.k[(1024,)](x, out, x.numel(), BLOCK=1024); torch.cuda.synchronize()
t6 = time.perf_counter()
print(f"import torch+triton {t1-t0:.2f} | nvidia backend modules {t2-t1:.2f} | CudaUtils {t3-t2:.2f} "
      f"(CUDA initialised by it: {cuda_init}) | CUDA context {t4-t3:.2f} | first launch {t5-t4:.2f} | second {t6-t5:.4f}")
'''

KERNEL = '''import triton
import triton.language as tl

@triton.jit
def k(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(o_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2, mask=offs < n)
'''

if __name__ == "__main__":
    d = tempfile.mkdtemp()
    open(os.path.join(d, "kern.py"), "w").write(KERNEL)
    env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(d, "cache"))
    for label in ("cold cache", "warm cache", "warm cache"):
        r = subprocess.run([sys.executable, "-c", CHILD, d], env=env, capture_output=True, text=True)
        print(f"{label:10s} | " + (r.stdout.strip() or r.stderr.strip()[-500:]))

"""
How far an honest tf32 kernel may stray from the reference (PAPER.md §3, the correct layer), and the lock every
reference forward holds. Part of the reference side (verify_ref.py): never imported where a candidate runs.

    python -c "import torch, verify_tf32 as t; print(t.truncated_forward(torch.nn.Linear(4, 2), [torch.randn(3, 4)]))"

`tl.dot` computes float32 operands in tf32 by default, so on the GPU each trial measures how far the reference
itself moves under tf32 (cuBLAS, which rounds the operands) and on operands cut to tf32 (as tl.dot does on Hopper);
verify_compare widens its tests by TF32_SLACK times the larger, output by output.
"""

import contextlib
import threading

import torch

# get_inputs() draws from torch's global RNG: seeding and drawing must not interleave across pool threads.
RNG_LOCK = threading.RLock()

TF32_OPS = {"mm", "addmm", "bmm", "baddbmm", "addbmm", "mv", "addmv", "convolution", "_convolution"}  # tf32_slack


@contextlib.contextmanager
def ops_seen():
    """The aten ops (by name) that run inside the block, in this thread."""
    from torch.utils._python_dispatch import TorchDispatchMode
    seen = set()

    class Seen(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            seen.add(func.overloadpacket.__name__)
            return func(*args, **(kwargs or {}))
    with Seen():
        yield seen


@contextlib.contextmanager
def precision(tf32):
    """Float32 matmuls and convolutions in exact fp32 (the reference) or in tf32 (tf32_slack); process-wide, so
    taken under RNG_LOCK, which every reference forward holds. cuDNN's own default is tf32."""
    with RNG_LOCK:
        before = torch.get_float32_matmul_precision(), torch.backends.cudnn.allow_tf32
        torch.set_float32_matmul_precision("high" if tf32 else "highest")
        torch.backends.cudnn.allow_tf32 = tf32
        try:
            yield
        finally:
            torch.set_float32_matmul_precision(before[0])
            torch.backends.cudnn.allow_tf32 = before[1]


def tf32_slack(ref, model, xs, outs, chunk=2**26):
    """Per float32 output, the largest distance between the reference and the same reference with tf32 matmuls
    and convolutions (GPU only; None where there is none). tf32 is what `tl.dot` does with float32 operands by
    default, so an honest kernel strays about as far (H200, L1 17: tf32 errors 0.035 and 0.33 on the shifted and
    blocks trials), or as far as the reference on truncated operands (truncated_forward). compare() widens its
    tests by TF32_SLACK times this, trial by trial. Skipped once the first trial's forward runs no TF32_OPS (its
    values cannot tell: L2 9's first trial is all zeros, a ReLU of x - 2)."""
    if not ref.device.startswith("cuda") or ref.tf32 is False or not any(o.dtype == torch.float32 for o in outs):
        return None
    with precision(tf32=True), ops_seen() as seen:
        again = model(*xs)
    slack = [0.0] * len(outs)
    for again in (again, truncated_forward(model, xs) if seen & TF32_OPS else None):
        again = [] if again is None else [again] if isinstance(again, torch.Tensor) else list(again)
        for i, (o, a) in enumerate(zip(outs, again)):
            if o.dtype == torch.float32 and a.shape == o.shape:
                o, a = o.reshape(-1), a.reshape(-1)
                for s in range(0, o.numel(), chunk):
                    slack[i] = max(slack[i], (a[s:s + chunk] - o[s:s + chunk]).abs().nan_to_num(0, 0, 0).max().item())
    del again
    if ref.tf32 is None:
        ref.tf32 = any(slack) or bool(seen & TF32_OPS)
    return slack if any(slack) else None


def truncated_forward(model, xs):
    """The reference in exact fp32 on its float32 inputs, parameters and buffers cut to tf32 (the low 13 bits of
    the mantissa dropped). tl.dot cuts its float32 operands so on Hopper, where cuBLAS rounds them: the error is
    biased, and on spiked rows an honest tf32 matmul strayed 10 times further than cuBLAS's tf32 (H200, round 18)."""
    def cut(t):
        return (t.view(torch.int32) & -8192).view(torch.float32) if t.dtype == torch.float32 else t
    saved = [(t, t.detach().clone()) for t in (*model.parameters(), *model.buffers()) if t.dtype == torch.float32]
    try:
        with torch.no_grad():
            for t, _ in saved:
                t.copy_(cut(t.detach()))
        with precision(tf32=False):
            return model(*[cut(x) if isinstance(x, torch.Tensor) else x for x in xs])
    finally:
        with torch.no_grad():
            for t, kept in saved:
                t.copy_(kept)

"""
What every script shares and nothing else: the user-facing error and its one-line exit, JSONL reading, the
distributed setup of a trainer, and an atomic torch.save. It imports nothing of the project's, so any file may
import it (the verifier included) without pulling in models or tokenizers.

    python -c "from common import read_jsonl; print(sum(1 for _ in read_jsonl('data/sft.jsonl', 'data')))"
"""

import json
import os
import sys
import tempfile
from pathlib import Path

import torch


class InputError(Exception):
    """Bad input from the user: a script prints the message alone and exits with status 2."""


def main_guard(fn):
    """Run a script's main(); an InputError becomes one clear line on stderr, not a traceback."""
    try:
        return fn()
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)


def read_jsonl(path, what):
    """(line number, row) for each non-blank line of a JSONL file; an unreadable file, a malformed line or a row
    that is not an object is one InputError naming the file (and line). `what` names it, e.g. "--data"."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise InputError(f"cannot read {what} {path}: {e.strerror}") from e
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(f"{path}:{n}: not valid JSON ({e.msg})") from e
        if not isinstance(row, dict):
            raise InputError(f"{path}:{n}: a row must be a JSON object")
        yield n, row


def dist_setup():
    """(fsdp, rank, world, device, cuda) for a trainer. Under torchrun: the process group (NCCL on GPUs, gloo on
    the CPU) and this rank's GPU. On one GPU without torchrun: a one-rank NCCL group, so that FSDP2's mixed
    precision (bf16 parameters for compute, fp32 master weights, gradients and Adam state) serves one GPU exactly
    as it serves N; autocast over fp32 weights would leave the embeddings, norms and the whole residual stream in
    fp32, doubling activation memory and elementwise traffic. On the CPU: one plain fp32 process."""
    torchrun = "RANK" in os.environ
    cuda = torch.cuda.is_available()
    device = f"cuda:{int(os.environ.get('LOCAL_RANK', 0))}" if cuda else "cpu"
    if cuda:
        torch.cuda.set_device(device)
    if torchrun:
        torch.distributed.init_process_group("nccl" if cuda else "gloo")
    elif cuda:
        torch.distributed.init_process_group("nccl", store=torch.distributed.HashStore(), rank=0, world_size=1)
    fsdp = torchrun or cuda
    rank, world = (torch.distributed.get_rank(), torch.distributed.get_world_size()) if fsdp else (0, 1)
    return fsdp, rank, world, device, cuda


def atomic_save(obj, path):
    """torch.save to a temporary file in the same folder, fsync, then rename: a kill never leaves a torn file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            torch.save(obj, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise

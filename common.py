"""
What every script shares and nothing else: the user-facing error and its one-line exit, JSONL reading, the
distributed setup of a trainer, an atomic torch.save, and the JSON POST every OpenAI-compatible client uses. It
imports nothing of the project's, so any file may import it (the verifier included) without pulling in models
or tokenizers.

    python -c "from common import read_jsonl; print(sum(1 for _ in read_jsonl('data/sft.jsonl', 'data')))"
"""

import json
import os
import sys
import tempfile
import time
import urllib.error
import urllib.request
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
        f = open(path, encoding="utf-8")  # line by line: a 400 MB dump (KernelBook) is never held whole
    except OSError as e:
        raise InputError(f"cannot read {what} {path}: {e.strerror}") from e
    with f:
        for n, line in enumerate(f, 1):
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


def background(fn):
    """Run fn() in a thread of its own; returns wait(), which joins it and gives fn's result, or raises its
    exception in the caller's thread."""
    import threading
    box = {}

    def run():
        try:
            box["out"] = fn()
        except BaseException as e:  # noqa: BLE001 (raised again by wait, in the caller's thread)
            box["error"] = e
    t = threading.Thread(target=run, daemon=True)
    t.start()

    def wait():
        t.join()
        if "error" in box:
            raise box["error"]
        return box["out"]
    return wait


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


def post(url, body, api_key, timeout, retries):
    """JSON POST with retries on transient failures (connection errors, timeouts, 429, 5xx; exponential backoff);
    returns the decoded response. Other HTTP errors, and giving up, are one InputError naming the URL. The standard
    library's client, so no dependency: data/distill.py (the teacher), data/label.py and llm_judge.py use it."""
    data = json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    for attempt in range(retries + 1):
        req = urllib.request.Request(url, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return json.loads(r.read().decode())
        except urllib.error.HTTPError as e:
            msg = e.read().decode(errors="replace")[:300]
            if e.code != 429 and e.code < 500:
                raise InputError(f"{url}: HTTP {e.code}: {msg}") from e
            why = f"HTTP {e.code}"
        except (urllib.error.URLError, TimeoutError, ConnectionError) as e:
            why = str(getattr(e, "reason", e))
        if attempt == retries:
            raise InputError(f"{url}: gave up after {retries + 1} attempts ({why})")
        wait = min(60.0, 0.5 * 2 ** attempt)
        print(f"  retry {attempt + 1}/{retries} in {wait:.1f}s ({why})", file=sys.stderr)
        time.sleep(wait)

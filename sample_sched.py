"""
The paged KV cache's bookkeeping for sample.Engine: the block pool, and what a prompt and a sample hold.

    python -m pytest tests/test_sample.py -q      # this file has no CLI; sample.py's docstring says how to run

Plain Python on the host: the device sees only the block tables sample.Engine builds from these lists once per
window of decode steps. Also the sampling noise that makes a sample's tokens independent of its batch.
"""

import hashlib
from collections import deque
from dataclasses import dataclass, field

import torch

M32 = 0xFFFFFFFF


def blocks_upto(pos, block_size):
    """Blocks needed to hold positions [0, pos] (0 for pos = -1)."""
    return pos // block_size + 1


class BlockPool:
    """Reference-counted KV blocks. Block 0 is the trash block: padded decode rows and prefill pads write there,
    so it is never handed out. A block returns to the free list when its last holder releases it."""

    def __init__(self, n):
        self.n = n
        self.ref = [0] * n
        self.free = list(range(n - 1, 0, -1))  # pop() hands out low ids first

    @property
    def n_free(self):
        return len(self.free)

    def alloc(self, k):
        if k > len(self.free):
            raise RuntimeError(f"KV pool: {k} blocks asked, {len(self.free)} free")  # the scheduler checks first
        out = [self.free.pop() for _ in range(k)]
        for b in out:
            self.ref[b] = 1
        return out

    def incref(self, blocks):
        for b in blocks:
            self.ref[b] += 1

    def release(self, blocks):
        for b in blocks:
            self.ref[b] -= 1
            assert self.ref[b] >= 0, f"block {b} released twice"
            if self.ref[b] == 0:
                self.free.append(b)


@dataclass
class Group:
    """One prompt of a generate call. Prefilled once when its first sample is admitted; until its last sample is
    admitted it holds its own blocks (and last-position logits), which later samples share or copy."""
    ids: list
    cap: list  # max new tokens of each sample
    next: int = 0  # samples admitted so far
    blocks: list = field(default_factory=list)
    logits: object = None  # float32 [V] at the last prompt position: every sample's first token
    copies: list = field(default_factory=list)  # (source, destination) partial blocks to copy after the prefill


@dataclass
class Seq:
    """One sample: its tokens so far, and the blocks holding K/V of prompt + toks[:-1] (toks[-1] is the next
    input). `order` is its admission number: the newest running sample is the one preempted."""
    prompt: int
    sample: int
    key: int  # its sampling-noise key: a function of (seed, prompt, sample) only
    cap: int
    order: int
    prompt_ids: list
    toks: list = field(default_factory=list)
    lps: list = field(default_factory=list)
    blocks: list = field(default_factory=list)

    @property
    def plen(self):
        return len(self.prompt_ids)

    @property
    def pos(self):
        """The position of the next input token, toks[-1]."""
        return self.plen + len(self.toks) - 1


def _mix(x):
    """A 32-bit integer hash (lowbias32's shape) in int64 ops. The multipliers are below 2^31, so no product of
    a 32-bit value overflows int64: the same bits on every device and in and out of CUDA graphs."""
    x = x ^ (x >> 16)
    x = (x * 0x7FEB352D) & M32
    x = x ^ (x >> 15)
    x = (x * 0x2C1B3C6D) & M32
    return x ^ (x >> 16)


def sample_noise(keys, ctr, V):
    """Exp(1) noise [B, V] for pick(): a pure function of each row's sample key [B], its counter [B] (the position
    of the token it feeds) and the token id. A sample draws the same noise whatever batch, row or recompute it
    is in: that is what makes results independent of continuous batching and preemption."""
    base = _mix(keys ^ _mix(ctr & M32))
    h = _mix((base[:, None] + torch.arange(V, device=keys.device)) & M32)
    u = ((h >> 9).float() + 0.5) * 2.0 ** -23  # 23 bits: exact in float32, strictly inside (0, 1)
    return -torch.log(u)


def sample_key(seed, prompt, sample):
    """The noise key of one (prompt, sample) of a generate call, from its seed."""
    return int.from_bytes(hashlib.blake2b(f"{seed}/{prompt}/{sample}".encode(), digest_size=4).digest(), "little")


@dataclass
class Call:
    """The state of one generate() call: prompts, the queues, and the samples decoding now (row i = running[i])."""
    groups: list
    sp: tuple  # (temperature, top_k, top_p): part of a CUDA graph's key
    seed: int
    pending: deque  # group indices with samples not yet admitted, in prompt order
    resumed: deque = field(default_factory=deque)  # preempted samples, oldest first
    running: list = field(default_factory=list)
    done: dict = field(default_factory=dict)  # (prompt, sample) -> Completion
    admitted: int = 0  # admission counter: the newest running sample is preempted first

"""
The rollout engine: a paged KV cache, continuous batching, shared prefills, and CUDA graphs on a GPU.

    python sample.py --ckpt sft.pt --n 4 --out gens.jsonl                       # embedded suite, CPU or GPU
    python sample.py --ckpt sft.pt --tasks ../shared/kernelbench --level 1 --n 10 --temperature 0.8
    python sample.py --init_from Qwen/Qwen3-8B --tasks KernelBench/ --n 8 --kv_gb 60 --max_batch 128
    python sample.py --ckpt sft.pt --static         # the previous engine (static cache), sample_static.py

In code (train_rl.py, eval.py):

    engine = Engine(model, tok, max_batch=256, max_len=17408, kv_gb=60)   # kv_gb=None: a share of free memory
    outs = engine.generate(prompt_id_lists, n=8, max_new_tokens=1024, temperature=1.0, seed=0)
    ... optimizer.step() ...
    engine.load_weights(model)        # the next rollout uses the new weights; nothing touches the disk

This is the one hand-written forward pass in the project (DESIGN.md): a decode step must be one CUDA graph.
It reads the weights of an HF Qwen3 / Qwen2 / Llama / Mistral causal LM (fused q|k|v and gate|up copies) and
keeps RoPE's inverse frequencies from the model's own rotary module, so rope scaling variants carry over.
- Paged KV cache: K/V live in fixed blocks of `block_size` tokens (default 256) from one pool, sized by `kv_gb`
  (or `kv_frac` of free GPU memory), capped at what max_batch x max_len could ever use. Each sample has a block
  table; nothing is reserved for a sample's maximum length, so RL's long tail (256 to 16K tokens) fits.
- Continuous batching: up to max_batch samples decode together. Every `sync_every` steps the host reads the new
  tokens; finished samples free their blocks and waiting ones take their rows (prefill, then decode).
- Preemption: when the pool runs out, the newest sample gives its blocks back and is recomputed later (prefill of
  prompt + its tokens so far). Sampling noise is a hash of (seed, prompt, sample, position), so tokens do not
  depend on batching, refills or preemption.
- Shared prefill: a prompt of n samples is prefilled once; its full blocks are shared (reference counts) and its
  partial last block is copied per sample, so no sample writes a shared block.
- Decode runs one CUDA graph per batch-size bucket (powers of two; static ids, positions, block table). In
  bf16/fp16 on CUDA it uses sample_kernels.py's fused Triton kernels, paged attention included; elsewhere
  PyTorch ops (attention gathers each row's blocks through its table).
- Returned log-probabilities are the model's own (temperature 1, no top-k/top-p), so they match a full forward.
"""

import argparse
import json
import time
from collections import deque
from dataclasses import dataclass

import torch
import torch.nn.functional as F

from sample_sched import BlockPool, Call, Group, Seq, blocks_upto, sample_key, sample_noise

SUPPORTED = ("qwen3", "qwen2", "llama", "mistral")


def read_config(engine, model, tok, dtype, graphs):
    """What both engines (this one and sample_static's) take from the model: shapes, stop tokens, device, dtype."""
    from model import end_of_turn_id
    cfg = model.config
    check_model(cfg)
    engine.tok, engine.cfg = tok, cfg
    engine.stop_ids = sorted({end_of_turn_id(tok), *([tok.eos_token_id] if tok.eos_token_id is not None else [])})
    p = next(model.parameters())
    engine.device, engine.dtype = p.device, dtype or p.dtype  # e.g. bf16 rollouts from fp32 master weights
    engine.graphs = engine.device.type == "cuda" if graphs is None else graphs
    engine.H, engine.KV = cfg.num_attention_heads, cfg.num_key_value_heads
    engine.D = getattr(cfg, "head_dim", None) or cfg.hidden_size // engine.H
    engine.L, engine.eps = cfg.num_hidden_layers, cfg.rms_norm_eps
    return cfg


def graph_replay(captured, key, run, pool):
    """run() as a CUDA graph, captured once per key (warmed up first on a side stream, so the allocator and cuBLAS
    handles are set up outside the capture) and replayed. Returns (its output, the graph memory pool)."""
    if key not in captured:
        s = torch.cuda.Stream()
        s.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(s):
            for _ in range(2):
                run()
        torch.cuda.current_stream().wait_stream(s)
        g = torch.cuda.CUDAGraph()
        pool = pool or torch.cuda.graph_pool_handle()
        with torch.cuda.graph(g, pool=pool):
            out = run()
        captured[key] = (g, out)
    g, out = captured[key]
    g.replay()
    return out, pool


@dataclass
class Completion:
    prompt_index: int
    sample_index: int
    ids: list
    logprobs: list
    text: str
    finish_reason: str  # "eos" | "length"


def rms_norm(x, w, eps):
    # As HF's Qwen3/Llama RMSNorm: statistics in float32, the weight applied in the model's dtype.
    dt = x.dtype
    x = x.float()
    x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)
    return w * x.to(dt)


def rotate_half(x):
    x1, x2 = x.chunk(2, dim=-1)
    return torch.cat((-x2, x1), dim=-1)


def pick(logits, noise, temperature, top_k, top_p):
    """(next tokens [B], their log-probs [B]) from float32 logits [B, V]. Greedy at temperature 0; else top-k,
    then top-p (nucleus), then the exponential race argmax(p / E), E ~ Exp(1) in `noise`: an exact sample from
    the kept distribution that needs no host sync, so it runs inside the CUDA graph. Log-probs are the model's
    own (temperature 1, nothing masked): what a full forward gives and what train_rl.py recomputes."""
    if temperature == 0:
        nxt = logits.argmax(-1)
    else:
        x = logits / temperature
        if top_k and top_k < x.shape[-1]:
            x = x.masked_fill(x < torch.topk(x, top_k, dim=-1).values[:, -1:], float("-inf"))
        if top_p < 1.0:
            sx, order = torch.sort(x, dim=-1, descending=True)
            p = sx.softmax(-1)
            drop = p.cumsum(-1) - p >= top_p  # keep the smallest prefix whose mass reaches top_p
            x = x.scatter(-1, order, sx.masked_fill(drop, float("-inf")))
        nxt = (x - noise.log()).argmax(-1)
    return nxt, torch.log_softmax(logits, -1).gather(-1, nxt[:, None]).squeeze(-1)


def paged_attention_torch(q, kpool, vpool, table, lens, scale):
    """Decode attention over a paged cache with PyTorch ops: q [B, H, D]; pools [N, BS, KV, D]; table [B, nb]
    (block ids, in order); lens [B] (keys per row). Gathers each row's nb blocks, masks past its length. The CPU
    path, and the reference for sample_kernels.paged_decode_attention."""
    B, H, D = q.shape
    nb, (BS, KV) = table.shape[1], kpool.shape[1:3]
    k = kpool[table].reshape(B, nb * BS, KV, D).transpose(1, 2)
    v = vpool[table].reshape(B, nb * BS, KV, D).transpose(1, 2)
    mask = torch.arange(nb * BS, device=q.device)[None] < lens[:, None]
    # The G query heads of a KV head become its "sequence", so each gathered K/V is read once.
    o = F.scaled_dot_product_attention(q.reshape(B, KV, H // KV, D), k, v, attn_mask=mask[:, None, None], scale=scale)
    return o.reshape(B, H, D)


def _gathered(t, dtype):
    """A parameter as a plain tensor. Under FSDP2 (a DTensor) the shard is cast first, then all-gathered: half
    the bytes of an fp32 gather, and only this one tensor is ever whole."""
    t = t.detach()
    return t.to(dtype).full_tensor() if hasattr(t, "full_tensor") else t


@torch.no_grad()
def copy_weights(w, model, device, dtype):
    """Copy an HF causal LM's weights into the engine's dict `w` (made on the first call, then updated in place so
    CUDA graphs keep their addresses), one tensor at a time: never a whole fp32 model beside the engine's copy.
    Every FSDP2 rank must call this (the gathers are collectives, in the same order on every rank)."""
    m, first = model.model, not w

    def put(d, key, *parts):
        parts = [p for p in parts if p is not None]
        if not parts:
            d.setdefault(key, None)
            return
        if first:
            rows = sum(p.shape[0] for p in parts)
            d[key] = torch.empty(rows, *parts[0].shape[1:], device=device, dtype=dtype)
        off = 0
        for p in parts:  # fused q|k|v and gate|up: each part straight into its slice, no concatenated copy
            d[key][off:off + p.shape[0]].copy_(_gathered(p, dtype))
            off += p.shape[0]

    put(w, "embed", m.embed_tokens.weight)
    put(w, "norm", m.norm.weight)
    if model.lm_head.weight is m.embed_tokens.weight:  # tied embeddings stay one tensor
        w["lm_head"] = w["embed"]
    else:
        put(w, "lm_head", model.lm_head.weight)
    if first:
        w["layers"] = [{} for _ in m.layers]
    for lw, layer in zip(w["layers"], m.layers):
        a, f = layer.self_attn, layer.mlp
        put(lw, "in_norm", layer.input_layernorm.weight)
        put(lw, "post_norm", layer.post_attention_layernorm.weight)
        put(lw, "qkv", a.q_proj.weight, a.k_proj.weight, a.v_proj.weight)
        put(lw, "qkv_b", *((a.q_proj.bias, a.k_proj.bias, a.v_proj.bias) if a.q_proj.bias is not None else ()))
        put(lw, "o", a.o_proj.weight)
        put(lw, "gate_up", f.gate_proj.weight, f.up_proj.weight)
        put(lw, "down", f.down_proj.weight)
        put(lw, "q_norm", a.q_norm.weight if hasattr(a, "q_norm") else None)  # Qwen3's per-head norms
        put(lw, "k_norm", a.k_norm.weight if hasattr(a, "k_norm") else None)
    return w


def check_model(cfg):
    if cfg.model_type not in SUPPORTED:
        raise ValueError(f"sample.Engine supports {SUPPORTED}, not {cfg.model_type!r}")
    if getattr(cfg, "use_sliding_window", False) or getattr(cfg, "sliding_window", None) and cfg.model_type == "mistral":
        raise ValueError("sliding-window attention is not supported by sample.Engine")


def rope_tables(model, n, device, dtype):
    """cos, sin [n, D] from the model's own rotary module (its inverse frequencies and attention scaling)."""
    rot = model.model.rotary_emb
    t = torch.arange(n, device=device, dtype=torch.float32)
    emb = torch.cat([torch.outer(t, rot.inv_freq.float().to(device))] * 2, dim=-1)
    return (emb.cos() * rot.attention_scaling).to(dtype), (emb.sin() * rot.attention_scaling).to(dtype)


class Engine:
    """Paged KV cache + continuous batching + per-bucket CUDA graphs over a copy of an HF causal LM's weights.

    max_batch: samples decoded at once; max_len: the longest prompt + completion (RoPE table, block-table width);
    kv_gb: the KV pool in GiB (None: kv_frac of free GPU memory, or 4 GiB on the CPU; never more than max_batch x
    max_len needs); block_size: tokens per KV block; sync_every: decode steps between host syncs."""

    def __init__(self, model, tok, max_batch=64, max_len=2048, graphs=None, dtype=None, fused=None, kv_gb=None,
                 kv_frac=0.8, block_size=256, sync_every=8, prefill_tokens=16384):
        cfg = read_config(self, model, tok, dtype, graphs)
        self.V = cfg.vocab_size
        # Fused Triton kernels for the decode step (sample_kernels.py): CUDA, half precision, power-of-two heads,
        # blocks of whole 16-token attention tiles (tl.dot's smallest).
        ok = self.device.type == "cuda" and self.dtype in (torch.bfloat16, torch.float16) and self.D & (self.D - 1) == 0
        ok = ok and block_size % 16 == 0
        self.fused = ok if fused is None else fused
        self.max_batch, self.max_len, self.BS, self.K = max_batch, max_len, block_size, sync_every
        self.prefill_tokens = prefill_tokens  # padded tokens a prefill forward takes at once (activation memory)
        self.w = copy_weights({}, model, self.device, self.dtype)
        # Rows past their end decode on for the rest of a window: positions reach max_len + sync_every.
        self.width = blocks_upto(max_len + sync_every, block_size)
        self.cos, self.sin = rope_tables(model, self.width * block_size, self.device, self.dtype)
        self.pool = BlockPool(self._pool_blocks(kv_gb, kv_frac))
        # [L, k|v, block, token, KV head, D]: a token's heads are adjacent, so a prefill writes [tokens, KV, D].
        self.kv = torch.zeros(self.L, 2, self.pool.n, block_size, self.KV, self.D, device=self.device, dtype=self.dtype)
        # Static inputs of the decode step (graphs read them by address); padded rows point at block 0 (trash).
        dev, B = self.device, max_batch
        self.ids, self.pos = torch.zeros(B, dtype=torch.long, device=dev), torch.zeros(B, dtype=torch.long, device=dev)
        self.keys = torch.zeros(B, dtype=torch.long, device=dev)
        self.table = torch.zeros(B, self.width, dtype=torch.int32, device=dev)
        self.tokbuf = torch.zeros(B, sync_every, dtype=torch.long, device=dev)
        self.lpbuf = torch.zeros(B, sync_every, dtype=torch.float32, device=dev)
        self.captured, self.graph_pool = {}, None
        self.stats = dict(prefills=0, prefill_tokens=0, preemptions=0, recomputed_tokens=0, peak_blocks=0, steps=0)
        self.trace = None  # a list: each window's (steps, rows, KV tokens read, CUDA events) for bench_sampler

    def _pool_blocks(self, kv_gb, kv_frac):
        """Blocks in the pool: the budget in bytes over a block's bytes, capped at what max_batch samples of
        max_len could hold at once (plus the trash block and one partially admitted prompt)."""
        per_block = self.L * 2 * self.BS * self.KV * self.D * torch.finfo(self.dtype).bits // 8
        if kv_gb is None and self.device.type == "cuda":
            budget = kv_frac * torch.cuda.mem_get_info(self.device)[0]
        else:
            budget = (4 if kv_gb is None else kv_gb) * 2**30
        cap = (self.max_batch + 1) * self.width + 1
        n = min(cap, int(budget // per_block))
        if n < 2:
            raise ValueError(f"a KV budget of {budget / 2**30:.3g} GiB holds no {self.BS}-token block "
                             f"({per_block / 2**20:.1f} MiB each): raise kv_gb")
        return n

    def load_weights(self, model):
        """Copy the model's current weights into the engine's buffers, in place (graphs keep their addresses).
        Under FSDP2 every rank calls this; each parameter is gathered alone, in the engine's dtype."""
        copy_weights(self.w, model, self.device, self.dtype)

    @property
    def kv_bytes(self):
        return self.kv.numel() * self.kv.element_size()

    # ------------------------------------------------------------------ forward
    def forward(self, ids, pos, slots, last, nb):
        """Float32 logits [B, V] at index `last` [B] (None: the last column) of ids [B, S] at positions pos [B, S].
        Every token's K/V goes to pool slot `slots` [B, S] (block * BS + offset; pads: slot 0, the trash block).
        nb None: a prefill from position 0, causal over this call's own tokens (right padding needs no mask).
        nb an int: decode (S = 1), over each row's first nb blocks of self.table, up to position pos."""
        B, S = ids.shape
        w, H, KV, D = self.w, self.H, self.KV, self.D
        cos, sin = self.cos[pos][:, :, None], self.sin[pos][:, :, None]  # [B, S, 1, D]
        h = F.embedding(ids, w["embed"])
        for li, lw in enumerate(w["layers"]):
            x = rms_norm(h, lw["in_norm"], self.eps)
            q, k, v = F.linear(x, lw["qkv"], lw["qkv_b"]).view(B, S, H + 2 * KV, D).split([H, KV, KV], dim=2)
            if lw["q_norm"] is not None:  # Qwen3: per-head RMSNorm on q and k before RoPE
                q, k = rms_norm(q, lw["q_norm"], self.eps), rms_norm(k, lw["k_norm"], self.eps)
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
            kp, vp = self.kv[li, 0], self.kv[li, 1]
            kp.view(-1, KV, D).index_copy_(0, slots.reshape(-1), k.reshape(B * S, KV, D))
            vp.view(-1, KV, D).index_copy_(0, slots.reshape(-1), v.reshape(B * S, KV, D))
            if nb is None:  # GQA by repeating K/V: is_causal then takes the flash kernel on a GPU, at any length
                k, v = (t.transpose(1, 2).repeat_interleave(H // KV, dim=1) for t in (k, v))
                o = F.scaled_dot_product_attention(q.transpose(1, 2), k, v, is_causal=True).transpose(1, 2)
            else:
                o = paged_attention_torch(q[:, 0], kp, vp, self.table[:B, :nb], pos[:, 0] + 1, D ** -0.5)
            h = h + F.linear(o.reshape(B, S, H * D), lw["o"])
            x = rms_norm(h, lw["post_norm"], self.eps)
            g, u = F.linear(x, lw["gate_up"]).chunk(2, dim=-1)
            h = h + F.linear(F.silu(g) * u, lw["down"])
        h = h[:, -1] if last is None else h[torch.arange(B, device=h.device), last]
        return F.linear(rms_norm(h, w["norm"], self.eps), w["lm_head"]).float()

    def slots(self, B):
        """Each decode row's pool slot for the token it feeds, from the static table and positions."""
        pos = self.pos[:B]
        return self.table[:B].gather(1, (pos // self.BS)[:, None])[:, 0].long() * self.BS + pos % self.BS

    def forward_fused(self, B):
        """The decode step's logits [B, V] (float32) through sample_kernels.py: forward()'s math with S = 1, in ten
        launches per layer. Lengths and blocks are read on the device, so one graph serves every length."""
        import sample_kernels as K
        w, H, KV, eps = self.w, self.H, self.KV, self.eps
        pos, slots, table = self.pos[:B], self.slots(B), self.table[:B]
        h, delta = F.embedding(self.ids[:B], w["embed"]), None
        for li, lw in enumerate(w["layers"]):
            x = K.add_rmsnorm(h, delta, lw["in_norm"], eps)  # h += the previous layer's MLP output first
            kp, vp = self.kv[li, 0], self.kv[li, 1]
            q = K.qk_rope_store(F.linear(x, lw["qkv"], lw["qkv_b"]), lw["q_norm"], lw["k_norm"], self.cos, self.sin,
                                pos, slots, kp, vp, H, KV, eps, paged=True)
            o = K.paged_decode_attention(q, kp, vp, table, pos + 1, self.D ** -0.5)
            x = K.add_rmsnorm(h, F.linear(o.view(B, H * self.D), lw["o"]), lw["post_norm"], eps)
            delta = F.linear(K.silu_mul(F.linear(x, lw["gate_up"])), lw["down"])
        return F.linear(K.add_rmsnorm(h, delta, w["norm"], eps), w["lm_head"]).float()

    def decode(self, B, nb, sp):
        """One decode step for rows [0, B): (tokens, log-probs), replaying a CUDA graph when enabled. The key is
        the bucket B and sp = (temperature, top_k, top_p), and nb (blocks gathered) on the PyTorch path."""
        def run():
            if self.fused:
                logits = self.forward_fused(B)
            else:
                logits = self.forward(self.ids[:B, None], self.pos[:B, None], self.slots(B)[:, None], None, nb)
            noise = sample_noise(self.keys[:B], self.pos[:B], self.V) if sp[0] > 0 else None
            return pick(logits, noise, *sp)
        if not self.graphs:
            return run()
        # run() rewrites the same K/V slots, so its warm-up runs change nothing
        out, self.graph_pool = graph_replay(self.captured, (B, None if self.fused else nb, sp), run, self.graph_pool)
        return out

    # ------------------------------------------------------------------ generation
    @torch.no_grad()
    def generate(self, prompts, n=1, max_new_tokens=256, temperature=1.0, top_p=1.0, top_k=0, seed=None):
        """Completions for each prompt (a list of token ids), n samples each, prompt-major. max_new_tokens is an
        int, or one int per sample (prompt-major: len(prompts) * n), e.g. to fix each sample's length."""
        caps = [max_new_tokens] * (len(prompts) * n) if isinstance(max_new_tokens, int) else list(max_new_tokens)
        if len(caps) != len(prompts) * n or min(caps, default=1) < 1:
            raise ValueError(f"max_new_tokens: one positive int, or {len(prompts) * n} of them (prompts x n)")
        for i, p in enumerate(prompts):
            if not p or len(p) + max(caps[i * n:(i + 1) * n]) > self.max_len:
                raise ValueError(f"prompt {i}: {len(p)} + {max(caps[i * n:(i + 1) * n])} new tokens exceed the "
                                 f"engine's max_len={self.max_len} (or the prompt is empty)")
            if blocks_upto(len(p) + max(caps[i * n:(i + 1) * n]), self.BS) > self.pool.n - 1:
                raise ValueError(f"prompt {i}: {len(p)} + {max(caps[i * n:(i + 1) * n])} tokens need more than the "
                                 f"KV pool's {self.pool.n - 1} blocks of {self.BS} tokens: raise kv_gb")
        self.pool = BlockPool(self.pool.n)  # a call that raised midway may have left blocks held
        groups = [Group(list(p), caps[i * n:(i + 1) * n]) for i, p in enumerate(prompts)]
        seed = seed if seed is not None else torch.seed() % (1 << 63)
        call = Call(groups, (float(temperature), int(top_k), float(top_p)), seed, deque(range(len(prompts))))
        while call.running or call.pending or call.resumed:
            # No admissions right after a preemption (they would only thrash), unless nothing would run.
            admitted = self._admit(call) if not self._grow(call) or not call.running else 0
            if call.running:
                self._window(call)
            elif not admitted and (call.pending or call.resumed):  # (admitted ones may all end at their first token)
                raise ValueError(f"the KV pool ({self.pool.n - 1} blocks of {self.BS} tokens) cannot hold one "
                                 "sample: raise kv_gb or lower max_len")
        assert self.pool.n_free == self.pool.n - 1, "KV blocks leaked"
        return [call.done[k] for k in sorted(call.done)]

    def _need(self, seq, k=None):
        """Blocks a sample must hold to decode the next window: up to its last useful position."""
        last = min(seq.pos + (k or self.K) - 1, seq.plen + seq.cap - 2)
        return blocks_upto(max(last, seq.pos - 1), self.BS)

    def _grow(self, call):
        """Give every running sample (oldest first) the blocks of its next window; when the pool runs out,
        preempt the newest running sample. True if anything was preempted."""
        preempted = False
        for seq in sorted(call.running, key=lambda s: s.order):
            want = self._need(seq) - len(seq.blocks)
            while want > self.pool.n_free and seq in call.running:
                victim = max(call.running, key=lambda s: s.order)
                call.running.remove(victim)
                self.pool.release(victim.blocks)
                victim.blocks = []
                call.resumed.appendleft(victim)  # an older victim of this pass ends up first in line
                self.stats["preemptions"] += 1
                preempted = True
            if seq in call.running and want > 0:
                seq.blocks += self.pool.alloc(want)
        self.stats["peak_blocks"] = max(self.stats["peak_blocks"], self.pool.n - 1 - self.pool.n_free)
        return preempted

    def _admit(self, call):
        """Fill free rows: preempted samples first (recomputed), then new samples in prompt order, while the pool
        has their blocks. Prefills run batched; new samples then draw their first token from their prompt's logits.
        Returns how many samples were admitted."""
        recompute, fresh, prefill = [], [], []
        while len(call.running) + len(recompute) + len(fresh) < self.max_batch:
            if call.resumed:
                seq = call.resumed[0]
                if self._need(seq) > self.pool.n_free:
                    if not (call.pending and call.groups[call.pending[0]].next):
                        break
                    # A half-admitted prompt holds its blocks until its last sample is in: its samples (a block
                    # or two each) go before a recompute that does not fit, or those blocks might never return.
                else:
                    call.resumed.popleft()
                    seq.blocks = self.pool.alloc(self._need(seq))
                    recompute.append(seq)
                    prefill.append((seq.prompt_ids + seq.toks[:-1], seq.blocks, None))
                    continue
            if not call.pending:
                break
            gi = call.pending[0]
            g = call.groups[gi]
            head = 0 if g.next else blocks_upto(len(g.ids) - 1, self.BS)
            probe = Seq(gi, g.next, 0, g.cap[g.next], 0, g.ids)
            probe.toks = [0]
            own = self._need(probe) - len(g.ids) // self.BS
            if head + own > self.pool.n_free:
                break
            if not g.next:
                g.blocks = self.pool.alloc(head)
                prefill.append((g.ids, g.blocks, g))
            fresh.append(self._take_sample(call, gi, own))
            if g.next == len(g.cap):
                call.pending.popleft()
        self._prefill(prefill)
        self.stats["recomputed_tokens"] += sum(len(s.prompt_ids) + len(s.toks) - 1 for s in recompute)
        call.running += recompute
        self._first_tokens(call, fresh)
        self.stats["peak_blocks"] = max(self.stats["peak_blocks"], self.pool.n - 1 - self.pool.n_free)
        return len(recompute) + len(fresh)

    def _take_sample(self, call, gi, own):
        """A new sample of group gi with its blocks: the prompt's full blocks shared, its partial last block copied
        (the group's last sample takes the original), and `own` blocks in all past the shared ones."""
        g = call.groups[gi]
        j, full = g.next, len(g.ids) // self.BS
        g.next += 1
        seq = Seq(gi, j, sample_key(call.seed, gi, j), g.cap[j], call.admitted, g.ids)
        call.admitted += 1
        shared = g.blocks[:full]
        self.pool.incref(shared)
        partial = g.blocks[full:]
        if g.next == len(g.cap):  # the last sample: the group lets go of its blocks, its partial one to this sample
            self.pool.release(shared + partial[own:])
            g.blocks, mine = [], partial[:own] + self.pool.alloc(own - len(partial[:own]))
        else:
            mine = self.pool.alloc(own)
            if partial and own:
                g.copies.append((partial[0], mine[0]))
        seq.blocks = shared + mine
        return seq

    def _prefill(self, items):
        """Prefill (tokens, blocks, group or None) items from position 0, batched up to self.prefill_tokens padded
        tokens a forward; each group gets its last-position logits."""
        i = 0
        while i < len(items):
            j, S = i + 1, len(items[i][0])
            while j < len(items) and (j + 1 - i) * max(S, len(items[j][0])) <= self.prefill_tokens:
                S = max(S, len(items[j][0]))
                j += 1
            batch, i = items[i:j], j
            BS, dev = self.BS, self.device
            ids = torch.tensor([t + [0] * (S - len(t)) for t, _, _ in batch], device=dev)  # right padding
            slots = torch.tensor([[b[p // BS] * BS + p % BS for p in range(len(t))] + [0] * (S - len(t))
                                  for t, b, _ in batch], device=dev)
            pos = torch.arange(S, device=dev).expand(len(batch), S)
            last = torch.tensor([len(t) - 1 for t, _, _ in batch], device=dev)
            logits = self.forward(ids, pos, slots, last, None)
            for (_, _, g), row in zip(batch, logits):
                if g is not None:
                    g.logits = row
            self.stats["prefills"] += 1
            self.stats["prefill_tokens"] += sum(len(t) for t, _, _ in batch)

    def _first_tokens(self, call, fresh):
        """New samples: copy their prompt's partial block, then draw each first token from the prompt's logits with
        the sample's own noise. A sample that ends there never decodes."""
        copies = [c for g in call.groups for c in g.copies]
        if copies:
            src, dst = (torch.tensor(x, device=self.device) for x in zip(*copies))
            self.kv[:, :, dst] = self.kv[:, :, src]
            for g in call.groups:
                g.copies.clear()
        if not fresh:
            return
        logits = torch.stack([call.groups[s.prompt].logits for s in fresh])
        noise = None
        if call.sp[0] > 0:
            keys = torch.tensor([s.key for s in fresh], device=self.device)
            noise = sample_noise(keys, torch.tensor([s.plen - 1 for s in fresh], device=self.device), self.V)
        nxt, lp = pick(logits, noise, *call.sp)
        for s, t, l in zip(fresh, nxt.tolist(), lp.tolist()):
            s.toks.append(t)
            s.lps.append(l)
            if t in self.stop_ids or s.cap == 1:
                self._finish(call, s)
            else:
                call.running.append(s)
        for g in call.groups:
            if g.next == len(g.cap):
                g.logits = None

    def _finish(self, call, s):
        self.pool.release(s.blocks)
        s.blocks = []
        reason = "eos" if s.toks[-1] in self.stop_ids else "length"
        call.done[(s.prompt, s.sample)] = Completion(s.prompt, s.sample, s.toks, s.lps,
                                                     self.tok.decode(s.toks, skip_special_tokens=True), reason)

    def _window(self, call):
        """Up to sync_every decode steps for the running samples, without a host sync; then one sync reads the new
        tokens. A sample that ends inside the window decodes on to its end (into the trash block past its blocks);
        its extra tokens are dropped."""
        run = call.running
        B = len(run)
        Bb = min(self.max_batch, 1 << (B - 1).bit_length())  # the graph's bucket; rows past B are padding
        steps = min(self.K, max(s.cap - len(s.toks) for s in run))
        pad = Bb - B
        self.ids[:Bb].copy_(torch.tensor([s.toks[-1] for s in run] + [0] * pad))
        self.pos[:Bb].copy_(torch.tensor([s.pos for s in run] + [0] * pad))
        self.keys[:Bb].copy_(torch.tensor([s.key for s in run] + [0] * pad))
        self.table[:Bb].copy_(torch.tensor([s.blocks + [0] * (self.width - len(s.blocks)) for s in run]
                                           + [[0] * self.width] * pad, dtype=torch.int32))
        nb = None
        if not self.fused:  # the PyTorch path gathers a power-of-two number of blocks: few graphs
            need = blocks_upto(max(s.pos for s in run) + steps - 1, self.BS)
            nb = min(self.width, 1 << (need - 1).bit_length())
        if self.trace is not None:  # events, not syncs: the bench reads them after the run
            ev = [torch.cuda.Event(enable_timing=True) for _ in range(2)]
            ev[0].record()
        for j in range(steps):
            nxt, lp = self.decode(Bb, nb, call.sp)
            self.tokbuf[:Bb, j] = nxt
            self.lpbuf[:Bb, j] = lp
            self.ids[:Bb] = nxt
            self.pos[:Bb] += 1
        self.stats["steps"] += steps
        if self.trace is not None:  # row s attends to positions 0..pos+j at step j
            ev[1].record()
            self.trace.append((steps, B, sum(steps * (s.pos + 1) + steps * (steps - 1) // 2 for s in run), ev))
        keep = []
        for s, ts, ls in zip(run, self.tokbuf[:B, :steps].tolist(), self.lpbuf[:B, :steps].tolist()):
            for t, l in zip(ts, ls):
                s.toks.append(t)
                s.lps.append(l)
                if t in self.stop_ids or len(s.toks) >= s.cap:
                    break
            if s.toks[-1] in self.stop_ids or len(s.toks) >= s.cap:
                self._finish(call, s)
            else:
                keep.append(s)
        call.running = keep


# -----------------------------------------------------------------------------
# CLI


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    # model
    ap.add_argument("--ckpt", default=None, help="a checkpoint in the contract (sft.pt, rl.pt)")
    ap.add_argument("--init_from", default=None, help="or an HF model folder / hub name")
    ap.add_argument("--dtype", default="auto", help="auto (bf16 on GPU, fp32 on CPU) | fp32 | bf16")
    # tasks
    ap.add_argument("--tasks", default="embedded", help="embedded | KernelBench folder | tasks .jsonl")
    ap.add_argument("--split", default=None, help="train | heldout (embedded suite)")
    ap.add_argument("--level", default=None)
    ap.add_argument("--ids", default=None)
    # sampling
    ap.add_argument("--n", type=int, default=4, help="samples per task")
    ap.add_argument("--max_new_tokens", type=int, default=1024)
    ap.add_argument("--temperature", type=float, default=1.0, help="0 = greedy")
    ap.add_argument("--top_p", type=float, default=1.0)
    ap.add_argument("--top_k", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    # engine
    ap.add_argument("--max_batch", type=int, default=64, help="samples decoded at once")
    ap.add_argument("--kv_gb", type=float, default=None, help="KV pool in GiB (default: 0.8 of free GPU memory)")
    ap.add_argument("--block_size", type=int, default=256, help="tokens per KV block")
    ap.add_argument("--static", action="store_true", help="the previous engine: static cache (sample_static.py)")
    ap.add_argument("--out", default="gens.jsonl")
    args = ap.parse_args()
    from model import InputError, build_model, default_device, load_checkpoint, parse_dtype
    from prompt import prompt_ids
    from tasks import load_tasks
    if not args.ckpt and not args.init_from:
        raise InputError("give --ckpt PATH or --init_from PATH_OR_NAME")
    dev, dtype = default_device(), parse_dtype(args.dtype)
    if args.ckpt:
        model, tok, _ = load_checkpoint(args.ckpt, device=dev, dtype=dtype)
    else:
        model, tok = build_model(init_from=args.init_from, dtype=dtype, device=dev)
    tasks = load_tasks(args.tasks, args.split, args.level, args.ids)
    prompts = [prompt_ids(tok, t.src) for t in tasks]
    max_len = max(map(len, prompts)) + args.max_new_tokens
    if args.static:
        from sample_static import StaticEngine
        engine = StaticEngine(model.eval(), tok, max_batch=args.max_batch, max_len=max_len)
    else:
        engine = Engine(model.eval(), tok, max_batch=args.max_batch, max_len=max_len, kv_gb=args.kv_gb,
                        block_size=args.block_size)
    t0 = time.time()
    outs = engine.generate(prompts, n=args.n, max_new_tokens=args.max_new_tokens, temperature=args.temperature,
                           top_p=args.top_p, top_k=args.top_k, seed=args.seed)
    dt = time.time() - t0
    with open(args.out, "w", encoding="utf-8") as f:
        for c in outs:
            f.write(json.dumps({"task": tasks[c.prompt_index].name, "sample": c.sample_index, "text": c.text,
                                "tokens": len(c.ids), "finish_reason": c.finish_reason}) + "\n")
    n_tok = sum(len(c.ids) for c in outs)
    print(f"{len(outs)} completions, {n_tok} tokens in {dt:.1f}s ({n_tok / dt:.0f} tok/s) -> {args.out}")


if __name__ == "__main__":
    from common import main_guard
    main_guard(main)

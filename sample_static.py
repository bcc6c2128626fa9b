"""
The previous rollout engine (sample.Engine before the paged KV cache): a static cache of max_batch x max_len,
left-padded prompts, rows compacted to the next power of two as they finish (never refilled), CUDA graphs per
batch size. Kept so bench/bench_sampler.py can compare it with sample.Engine in one run.

    python sample.py --ckpt sft.pt --static --n 4          # the CLI through this engine
    python bench/bench_sampler.py --workload rl --smoke    # it beside sample.Engine and HF generate

In code: StaticEngine(model, tok, max_batch=64, max_len=2048).generate(prompts, n=8, max_new_tokens=1024).
"""

import math

import torch
import torch.nn.functional as F

from sample import Completion, copy_weights, graph_replay, read_config, pick, rope_tables, rms_norm, rotate_half

T_BUCKET = 128


class StaticEngine:
    """Static KV cache + per-bucket CUDA graphs over a copy of an HF causal LM's weights: sample.Engine before
    the paged cache, kept so benchmarks compare the two in one run."""

    def __init__(self, model, tok, max_batch=64, max_len=2048, graphs=None, dtype=None, fused=None):
        cfg = read_config(self, model, tok, dtype, graphs)
        # Fused Triton kernels for the decode step (sample_kernels.py): CUDA, half precision, power-of-two heads.
        ok = self.device.type == "cuda" and self.dtype in (torch.bfloat16, torch.float16) and self.D & (self.D - 1) == 0
        self.fused = ok if fused is None else fused
        self.max_batch, self.max_len = max_batch, max_len
        self.w = None
        self.load_weights(model)
        self.cos, self.sin = rope_tables(model, max_len, self.device, self.dtype)
        self.cache = torch.zeros(self.L, 2, max_batch, self.KV, max_len, self.D, device=self.device, dtype=self.dtype)
        # Static inputs of the decode step (graphs read them by address).
        self.ids = torch.zeros(max_batch, 1, dtype=torch.long, device=self.device)
        self.pos = torch.zeros(max_batch, 1, dtype=torch.long, device=self.device)
        self.col = torch.zeros(1, dtype=torch.long, device=self.device)
        self.kmask = torch.zeros(max_batch, max_len, dtype=torch.bool, device=self.device)
        self.noise = torch.ones(max_batch, cfg.vocab_size, device=self.device)
        self.captured, self.pool = {}, None

    # ------------------------------------------------------------------ weights
    def load_weights(self, model):
        """Copy the model's current weights into the engine's buffers, in place (graphs keep their addresses)."""
        self.w = copy_weights(self.w or {}, model, self.device, self.dtype)

    # ------------------------------------------------------------------ forward
    def forward(self, ids, pos, col, kmask, T):
        """Logits [B, S, V] (float32) for ids [B, S] at positions pos [B, S]; K/V are written at cache columns
        col [S]; queries attend to cache columns [0, T) where kmask [B, S, T] allows."""
        B, S = ids.shape
        w, H, KV, D = self.w, self.H, self.KV, self.D
        cos, sin = self.cos[pos][:, None], self.sin[pos][:, None]  # [B, 1, S, D]
        h = F.embedding(ids, w["embed"])
        for li, lw in enumerate(w["layers"]):
            x = rms_norm(h, lw["in_norm"], self.eps)
            qkv = F.linear(x, lw["qkv"], lw["qkv_b"]).view(B, S, H + 2 * KV, D)
            q, k, v = qkv.split([H, KV, KV], dim=2)
            if lw["q_norm"] is not None:  # Qwen3: per-head RMSNorm on q and k before RoPE
                q, k = rms_norm(q, lw["q_norm"], self.eps), rms_norm(k, lw["k_norm"], self.eps)
            q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
            kc, vc = self.cache[li, 0, :B], self.cache[li, 1, :B]
            kc.index_copy_(2, col, k)
            vc.index_copy_(2, col, v)
            if S == 1:  # decode: the G query heads of a KV head become its "sequence", so K/V are read once
                o = F.scaled_dot_product_attention(q.reshape(B, KV, H // KV, D), kc[:, :, :T], vc[:, :, :T],
                                                   attn_mask=kmask[:, None]).reshape(B, H, 1, D)
            else:
                o = F.scaled_dot_product_attention(q, kc[:, :, :T], vc[:, :, :T], attn_mask=kmask[:, None],
                                                   enable_gqa=H != KV)
            h = h + F.linear(o.transpose(1, 2).reshape(B, S, H * D), lw["o"])
            x = rms_norm(h, lw["post_norm"], self.eps)
            g, u = F.linear(x, lw["gate_up"]).chunk(2, dim=-1)
            h = h + F.linear(F.silu(g) * u, lw["down"])
        return F.linear(rms_norm(h, w["norm"], self.eps), w["lm_head"]).float()

    def forward_fused(self, B):
        """The decode step's logits [B, V] (float32) through sample_kernels.py: the same math as forward() with
        S = 1, in ten launches per layer. Attention stops at column col[0], read on the device, so T is unused."""
        import sample_kernels as K
        w, H, KV, eps = self.w, self.H, self.KV, self.eps
        pos, col, kmask = self.pos[:B, 0], self.col, self.kmask[:B]
        h, delta = F.embedding(self.ids[:B, 0], w["embed"]), None
        for li, lw in enumerate(w["layers"]):
            x = K.add_rmsnorm(h, delta, lw["in_norm"], eps)  # h += the previous layer's MLP output first
            kc, vc = self.cache[li, 0, :B], self.cache[li, 1, :B]
            q = K.qk_rope_store(F.linear(x, lw["qkv"], lw["qkv_b"]), lw["q_norm"], lw["k_norm"], self.cos, self.sin,
                                pos, col, kc, vc, H, KV, eps)
            o = K.decode_attention(q, kc, vc, kmask, col, self.D ** -0.5)
            x = K.add_rmsnorm(h, F.linear(o.view(B, H * self.D), lw["o"]), lw["post_norm"], eps)
            delta = F.linear(K.silu_mul(F.linear(x, lw["gate_up"])), lw["down"])
        return F.linear(K.add_rmsnorm(h, delta, w["norm"], eps), w["lm_head"]).float()

    def decode(self, B, T, sp):
        """One decode step (forward and sampling) for the first B rows over T cache columns: (tokens, log-probs),
        replaying a CUDA graph when enabled. sp = (temperature, top_k, top_p) is part of the graph's key."""
        def run():
            if self.fused:
                return pick(self.forward_fused(B), self.noise[:B], *sp)
            logits = self.forward(self.ids[:B], self.pos[:B], self.col, self.kmask[:B, None, :T], T)[:, -1]
            return pick(logits, self.noise[:B], *sp)
        if not self.graphs:
            return run()
        out, self.pool = graph_replay(self.captured, (B, T, sp), run, self.pool)
        return out

    # ------------------------------------------------------------------ generation
    @torch.no_grad()
    def generate(self, prompts, n=1, max_new_tokens=256, temperature=1.0, top_p=1.0, top_k=0, seed=None):
        """Completions for each prompt (a list of token ids), n samples each, prompt-major. max_new_tokens: an int
        or one per sample (prompt-major), as sample.Engine.generate."""
        caps = [max_new_tokens] * (len(prompts) * n) if isinstance(max_new_tokens, int) else list(max_new_tokens)
        per = max(1, self.max_batch // n)
        gen = torch.Generator(device=self.device)
        gen.manual_seed(seed if seed is not None else torch.seed() % (1 << 63))
        out = []
        for i in range(0, len(prompts), per):
            out += self._chunk(prompts[i:i + per], i, n, caps[i * n:(i + per) * n], temperature, top_p, top_k, gen)
        return out

    def _chunk(self, prompts, first, n, caps, temperature, top_p, top_k, gen):
        P, dev, max_new = len(prompts), self.device, max(caps)
        B, Lp = P * n, max(len(p) for p in prompts)
        if B > self.max_batch or Lp + max_new > self.max_len:
            raise ValueError(f"{P} prompts x {n} samples of up to {Lp}+{max_new} tokens exceed the engine's "
                             f"max_batch={self.max_batch} / max_len={self.max_len}")
        # Prefill: each prompt once, left-padded; pads attend only to themselves (no fully masked rows).
        pad = torch.tensor([Lp - len(p) for p in prompts], device=dev)
        ids = torch.tensor([[0] * (Lp - len(p)) + list(p) for p in prompts], device=dev)
        t = torch.arange(Lp, device=dev)
        pos = (t[None] - pad[:, None]).clamp(min=0)
        valid = t[None] >= pad[:, None]  # [P, Lp]
        mask = (t[None, :, None] >= t[None, None, :]) & valid[:, None, :] | torch.eye(Lp, dtype=torch.bool, device=dev)
        self.kmask.zero_()
        logits = self.forward(ids, pos, t, mask, Lp)[:, -1]
        # Share each prompt's KV rows with its n samples (descending p: a source row is never overwritten first).
        for p in reversed(range(P)):
            self.cache[:, :, p * n:(p + 1) * n, :, :Lp] = self.cache[:, :, p:p + 1, :, :Lp].clone()
        rows_pad = pad.repeat_interleave(n)
        self.kmask[:B, :Lp] = valid.repeat_interleave(n, dim=0)
        logits = logits.repeat_interleave(n, dim=0)
        sp = (float(temperature), int(top_k), float(top_p))
        if temperature > 0:
            self.noise[:B].exponential_(generator=gen)
        nxt, lp = pick(logits, self.noise[:B], *sp)
        row_of = torch.arange(B, device=dev)  # engine row -> sample index (rows move when the batch shrinks)
        toks = torch.zeros(B, max_new, dtype=torch.long, device=dev)
        lps = torch.zeros(B, max_new, dtype=torch.float32, device=dev)
        length = torch.tensor(caps, dtype=torch.long, device=dev)  # a row is done at its cap or its EOS
        done = torch.zeros(B, dtype=torch.bool, device=dev)
        stop = torch.tensor(self.stop_ids or [-1], device=dev)
        live_b = B
        for step in range(max_new):
            # Bookkeeping without host syncs: rows already done keep their tokens.
            rows = row_of[:live_b]
            fresh = ~done[rows]
            toks[rows, step] = torch.where(fresh, nxt, toks[rows, step])
            lps[rows, step] = torch.where(fresh, lp, lps[rows, step])
            hit = fresh & (torch.isin(nxt, stop) | (length[rows] == step + 1))
            length[rows] = torch.where(hit, step + 1, length[rows])
            done[rows] = done[rows] | hit
            if step == max_new - 1:
                break
            if step % 8 == 7:  # one host sync every 8 steps: stop early, or shrink the batch
                live = (~done[rows]).nonzero().squeeze(-1)
                if live.numel() == 0:
                    break
                if live.numel() <= live_b // 2:  # live rows to the front, batch to the next power of two
                    new_b = 1 << math.ceil(math.log2(live.numel()))
                    keep = torch.cat([live, done[rows].nonzero().squeeze(-1)])[:new_b]
                    self.cache[:, :, :new_b] = self.cache[:, :, keep].clone()
                    self.kmask[:new_b] = self.kmask[keep].clone()
                    rows_pad, nxt, row_of, live_b = rows_pad[keep], nxt[keep], rows[keep], new_b
            c = Lp + step
            self.ids[:live_b, 0] = nxt
            self.pos[:live_b, 0] = c - rows_pad
            self.col.fill_(c)
            self.kmask[:live_b, c] = True
            if temperature > 0:  # greedy decoding reads no noise
                self.noise[:live_b].exponential_(generator=gen)
            # The fused path reads its length on the device: one graph per batch size serves every length.
            T = self.max_len if self.fused else min(self.max_len, -(-(c + 1) // T_BUCKET) * T_BUCKET)
            nxt, lp = self.decode(live_b, T, sp)
        toks, lps, length = toks.tolist(), lps.tolist(), length.tolist()
        out = []
        for r in range(B):
            ids_r, n_r = toks[r][:length[r]], length[r]
            reason = "eos" if ids_r and ids_r[-1] in self.stop_ids else "length"
            out.append(Completion(first + r // n, r % n, ids_r, lps[r][:n_r],
                                  self.tok.decode(ids_r, skip_special_tokens=True), reason))
        return out


def make_engine(model, tok, max_batch, max_len, kv_gb=None):
    """The rollout engine for where the model lives: sample.Engine (paged, bf16) on a GPU; this static engine in
    fp32 on the CPU, where the paged cache's per-step block gathers make decoding 3x slower
    (dev/probe_cpu_sampler.py: 818 against 2,586 tok/s on the main job's rollout)."""
    from sample import Engine
    if next(model.parameters()).device.type == "cuda":
        return Engine(model, tok, max_batch=max_batch, max_len=max_len, dtype=torch.bfloat16, kv_gb=kv_gb)
    return StaticEngine(model, tok, max_batch=max_batch, max_len=max_len, dtype=torch.float32)

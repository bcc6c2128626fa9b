"""
The rollout engine: batched sampling with a static KV cache, shared prefills, and CUDA graphs on a GPU.

    python sample.py --ckpt sft.pt --n 4 --out gens.jsonl                       # embedded suite, CPU or GPU
    python sample.py --ckpt sft.pt --tasks ../shared/kernelbench --level 1 --n 10 --temperature 0.8
    python sample.py --init_from Qwen/Qwen3-8B --tasks KernelBench/ --n 1 --temperature 0   # greedy

In code (train_rl.py, eval.py):

    engine = Engine(model, tok, max_batch=256)
    outs = engine.generate(prompt_id_lists, n=8, max_new_tokens=1024, temperature=1.0, seed=0)
    ... optimizer.step() ...
    engine.load_weights(model)        # the next rollout uses the new weights; nothing touches the disk

This is the one hand-written forward pass in the project (DESIGN.md): a decode step must be one CUDA graph.
It reads the weights of an HF Qwen3 / Qwen2 / Llama / Mistral causal LM (fused q|k|v and gate|up copies) and
keeps RoPE's inverse frequencies from the model's own rotary module, so rope scaling variants carry over.
- Each prompt's prefill runs once; its KV rows are copied to its n samples (PAPER.md §1: G samples/prompt).
- Prompts are left-padded, so every row writes the same cache column each step; positions and the key mask
  are per row. Attention reads only the columns written so far (PyTorch ops: ceil(len / 128) * 128 of them).
- When half the rows have finished, the live ones move to the front and the batch shrinks to the next power
  of two: finished rows stop costing work. Graphs are captured lazily, per batch size (PyTorch ops: per batch
  size and length bucket).
- In bf16/fp16 on CUDA the decode step runs sample_kernels.py's fused Triton kernels (fused=False: PyTorch ops).
- Returned log-probabilities are the model's own (temperature 1, no top-k/top-p), so they match a full forward.
"""

import argparse
import json
import math
import time
from dataclasses import dataclass

import torch
import torch.nn.functional as F

SUPPORTED = ("qwen3", "qwen2", "llama", "mistral")
T_BUCKET = 128


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


class Engine:
    """Static KV cache + per-bucket CUDA graphs over a copy of an HF causal LM's weights."""

    def __init__(self, model, tok, max_batch=64, max_len=2048, graphs=None, dtype=None, fused=None):
        from model import end_of_turn_id
        cfg = model.config
        if cfg.model_type not in SUPPORTED:
            raise ValueError(f"sample.Engine supports {SUPPORTED}, not {cfg.model_type!r}")
        if getattr(cfg, "use_sliding_window", False) or getattr(cfg, "sliding_window", None) and cfg.model_type == "mistral":
            raise ValueError("sliding-window attention is not supported by sample.Engine")
        self.tok, self.cfg = tok, cfg
        self.stop_ids = sorted({end_of_turn_id(tok), *([tok.eos_token_id] if tok.eos_token_id is not None else [])})
        p = next(model.parameters())
        self.device, self.dtype = p.device, dtype or p.dtype  # e.g. bf16 rollouts from fp32 master weights
        self.graphs = self.device.type == "cuda" if graphs is None else graphs
        self.H, self.KV = cfg.num_attention_heads, cfg.num_key_value_heads
        self.D = getattr(cfg, "head_dim", None) or cfg.hidden_size // self.H
        self.L, self.eps = cfg.num_hidden_layers, cfg.rms_norm_eps
        # Fused Triton kernels for the decode step (sample_kernels.py): CUDA, half precision, power-of-two heads.
        ok = self.device.type == "cuda" and self.dtype in (torch.bfloat16, torch.float16) and self.D & (self.D - 1) == 0
        self.fused = ok if fused is None else fused
        self.max_batch, self.max_len = max_batch, max_len
        self.w = None
        self.load_weights(model)
        rot = model.model.rotary_emb
        inv = rot.inv_freq.float().to(self.device)
        t = torch.arange(max_len, device=self.device, dtype=torch.float32)
        emb = torch.cat([torch.outer(t, inv)] * 2, dim=-1)
        self.cos = (emb.cos() * rot.attention_scaling).to(self.dtype)
        self.sin = (emb.sin() * rot.attention_scaling).to(self.dtype)
        self.cache = torch.zeros(self.L, 2, max_batch, self.KV, max_len, self.D, device=self.device, dtype=self.dtype)
        # Static inputs of the decode step (graphs read them by address).
        self.ids = torch.zeros(max_batch, 1, dtype=torch.long, device=self.device)
        self.pos = torch.zeros(max_batch, 1, dtype=torch.long, device=self.device)
        self.col = torch.zeros(1, dtype=torch.long, device=self.device)
        self.kmask = torch.zeros(max_batch, max_len, dtype=torch.bool, device=self.device)
        self.noise = torch.ones(max_batch, cfg.vocab_size, device=self.device)
        self.captured, self.pool = {}, None

    # ------------------------------------------------------------------ weights
    @torch.no_grad()
    def load_weights(self, model):
        """Copy the model's current weights into the engine's buffers, in place (graphs keep their addresses).
        Under FSDP2 every rank calls this: full_tensor() all-gathers each sharded parameter in turn."""
        def full(t):
            return t.full_tensor() if hasattr(t, "full_tensor") else t

        def cat(*ts):
            ts = [full(t) for t in ts if t is not None]
            return torch.cat(ts, 0).to(self.device, self.dtype) if ts else None

        m = model.model
        new = {"embed": full(m.embed_tokens.weight), "norm": full(m.norm.weight),
               "lm_head": full(model.lm_head.weight), "layers": []}
        for layer in m.layers:
            a, f = layer.self_attn, layer.mlp
            new["layers"].append({
                "in_norm": full(layer.input_layernorm.weight), "post_norm": full(layer.post_attention_layernorm.weight),
                "qkv": cat(a.q_proj.weight, a.k_proj.weight, a.v_proj.weight),
                "qkv_b": cat(a.q_proj.bias, a.k_proj.bias, a.v_proj.bias) if a.q_proj.bias is not None else None,
                "o": full(a.o_proj.weight), "gate_up": cat(f.gate_proj.weight, f.up_proj.weight),
                "down": full(f.down_proj.weight),
                "q_norm": full(a.q_norm.weight) if hasattr(a, "q_norm") else None,
                "k_norm": full(a.k_norm.weight) if hasattr(a, "k_norm") else None})
        if self.w is None:  # first load: own copies (tied embeddings stay one tensor)
            def own(t):
                return None if t is None else t.detach().to(self.device, self.dtype).clone()
            tied = new["lm_head"] is new["embed"]
            self.w = {k: own(v) for k, v in new.items() if k != "layers"}
            if tied:
                self.w["lm_head"] = self.w["embed"]
            self.w["layers"] = [{k: own(v) for k, v in lw.items()} for lw in new["layers"]]
            return
        for k in ("embed", "norm", "lm_head"):
            self.w[k].copy_(new[k])
        for dst, src in zip(self.w["layers"], new["layers"]):
            for k, v in src.items():
                if v is not None:
                    dst[k].copy_(v)

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
        key = (B, T, sp)
        if key not in self.captured:
            s = torch.cuda.Stream()
            s.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(s):  # warm up (allocator, cuBLAS handles) outside the capture
                for _ in range(2):
                    run()
            torch.cuda.current_stream().wait_stream(s)
            g = torch.cuda.CUDAGraph()
            self.pool = self.pool or torch.cuda.graph_pool_handle()
            with torch.cuda.graph(g, pool=self.pool):
                out = run()
            self.captured[key] = (g, out)
        g, out = self.captured[key]
        g.replay()
        return out

    # ------------------------------------------------------------------ generation
    @torch.no_grad()
    def generate(self, prompts, n=1, max_new_tokens=256, temperature=1.0, top_p=1.0, top_k=0, seed=None):
        """Completions for each prompt (a list of token ids), n samples each, prompt-major."""
        per = max(1, self.max_batch // n)
        gen = torch.Generator(device=self.device)
        gen.manual_seed(seed if seed is not None else torch.seed() % (1 << 63))
        out = []
        for i in range(0, len(prompts), per):
            out += self._chunk(prompts[i:i + per], i, n, max_new_tokens, temperature, top_p, top_k, gen)
        return out

    def _chunk(self, prompts, first, n, max_new, temperature, top_p, top_k, gen):
        P, dev = len(prompts), self.device
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
        length = torch.full((B,), max_new, dtype=torch.long, device=dev)
        done = torch.zeros(B, dtype=torch.bool, device=dev)
        stop = torch.tensor(self.stop_ids or [-1], device=dev)
        live_b = B
        for step in range(max_new):
            # Bookkeeping without host syncs: rows already done keep their tokens.
            rows = row_of[:live_b]
            fresh = ~done[rows]
            toks[rows, step] = torch.where(fresh, nxt, toks[rows, step])
            lps[rows, step] = torch.where(fresh, lp, lps[rows, step])
            hit = fresh & torch.isin(nxt, stop)
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
    ap.add_argument("--max_batch", type=int, default=64, help="rows decoded at once (prompts x n)")
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
    engine = Engine(model.eval(), tok, max_batch=args.max_batch,
                    max_len=max(map(len, prompts)) + args.max_new_tokens)
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

"""
Rollout throughput: sample.Engine against HF generate (and, for RL, the previous static-cache engine), in one run.

    python bench/bench_sampler.py                                  # Qwen3-8B shape, batches 1,16,64
    python bench/bench_sampler.py --shape qwen3-1.7b --batches 64 --new 128 --out $OUT/sampler.json
    python bench/bench_sampler.py --workload rl --out $OUT/rl.json # 64 prompts x 8, lengths 256..16K (GPU)
    python bench/bench_sampler.py --workload rl --smoke            # the same code path, tiny model, CPU, < 1 min

--workload decode (the default): random bf16 weights; every row gets a distinct 512-token prompt of random ids and
generates exactly --new tokens (no EOS), so every engine does the same work. Reported per engine and batch:
tokens/s end to end (prefill included, as the issue's HF anchor was measured), decode tokens/s (the same call with
one new token is the prefill time), decode's percent of the memory-bandwidth limit, peak memory. The limit: each
decode step must read the weights once plus each row's KV cache so far, at the device-to-device copy bandwidth
measured here first. Also: the engine with n = 8 samples per prompt (RL's shape: batch/8 prompts, one shared
prefill each), and how many greedy tokens the engine and HF agree on (bf16 kernels differ, so long greedy runs
may part; a divergence at the first tokens would be a bug).

--workload rl: RL's rollout shape. --prompts prompts x --n samples, each sample's length drawn from a lognormal
(median --median, --sigma) clipped to [--min_new, --max_new]; every engine is made to stop each sample exactly
at its drawn length (sample.py engines: a per-sample max_new_tokens, with no stop tokens; HF: a logits processor
that bans EOS before the drawn length and forces it there), so all do the same useful work. Reported per engine:
useful tokens/s (tokens returned over wall time, prefill and graph capture excluded by a warm-up), peak memory,
and the paged engine's scheduler counts (prefills, preemptions, recomputed tokens, peak blocks). The static
engine gets the same KV bytes as the paged pool (its max_batch is what fits); static and HF can be timed on the
first --static_prompts / --hf_prompts prompts only: their full-workload time is then extrapolated at the
measured tokens/s, and the row says so.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from model import load_tokenizer, qwen3_config  # noqa: E402
from sample import Engine  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--shape", default="qwen3-8b")
ap.add_argument("--batches", default="1,16,64")
ap.add_argument("--prompt", type=int, default=512)
ap.add_argument("--new", type=int, default=256)
ap.add_argument("--skip_hf_dynamic_above", type=int, default=64, help="HF dynamic cache only up to this batch")
ap.add_argument("--no_plain", action="store_true", help="skip the engine without fused kernels (PyTorch ops)")
ap.add_argument("--out", default=None)
# --workload rl
ap.add_argument("--workload", default="decode", choices=["decode", "rl"])
ap.add_argument("--smoke", action="store_true", help="rl: tiny model, small workload, CPU-friendly (< 1 min)")
ap.add_argument("--prompts", type=int, default=64)
ap.add_argument("--n", type=int, default=8, help="samples per prompt")
ap.add_argument("--min_new", type=int, default=256)
ap.add_argument("--max_new", type=int, default=16384)
ap.add_argument("--median", type=int, default=2048, help="median drawn length (lognormal)")
ap.add_argument("--sigma", type=float, default=1.0, help="lognormal sigma: the tail's weight")
ap.add_argument("--max_batch", type=int, default=128, help="paged engine: samples decoded at once")
ap.add_argument("--kv_gb", type=float, default=None, help="paged engine's pool (default: its share of free memory)")
ap.add_argument("--block_size", type=int, default=256)
ap.add_argument("--static_prompts", type=int, default=16, help="static engine: time these prompts, extrapolate")
ap.add_argument("--hf_prompts", type=int, default=1, help="HF generate: time these prompts, extrapolate")
ap.add_argument("--hf_from", type=int, default=0, help="HF generate: the first prompt it times")
ap.add_argument("--engines", default="paged,static,hf")
args = ap.parse_args()
if not 0 <= args.hf_from < args.prompts:
    ap.error(f"--hf_from {args.hf_from}: must name one of the {args.prompts} prompts (0..{args.prompts - 1})")


class NoText:
    """Random ids are outside any tokenizer: the benchmark does not decode them."""

    def decode(self, ids, **kw):
        return ""


def copy_bandwidth():
    x = torch.empty(2 * 2**30, dtype=torch.uint8, device="cuda")
    y = torch.empty_like(x)
    for _ in range(3):
        y.copy_(x)
    ts = []
    for _ in range(10):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        y.copy_(x)
        b.record()
        torch.cuda.synchronize()
        ts.append(a.elapsed_time(b) / 1e3)
    del x, y
    return 2 * 2 * 2**30 / statistics.median(ts)  # bytes read + written per second


def limit_tok_s(B, weight_bytes, kv_per_token, bw):
    """Tokens/s if every decode step only read the weights and the KV cache it attends to."""
    steps = [weight_bytes + B * (args.prompt + i) * kv_per_token for i in range(args.new)]
    return B * args.new / (sum(steps) / bw)


def timed(fn):
    torch.cuda.synchronize()
    torch.cuda.reset_peak_memory_stats()
    t0 = time.perf_counter()
    out = fn()
    torch.cuda.synchronize()
    return out, time.perf_counter() - t0, torch.cuda.max_memory_allocated() / 2**30


def main():
    tok = load_tokenizer()
    cfg = qwen3_config(args.shape)
    torch.manual_seed(0)
    with torch.device("cuda"):
        model = __import__("transformers").AutoModelForCausalLM.from_config(cfg, dtype=torch.bfloat16).eval()
    weight_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
    kv_per_token = 2 * cfg.num_hidden_layers * cfg.num_key_value_heads * cfg.head_dim * 2
    bw = copy_bandwidth()
    print(f"{args.shape}: {weight_bytes / 1e9:.2f} GB of weights, copy bandwidth {bw / 1e12:.2f} TB/s, "
          f"{torch.cuda.get_device_name()}")
    batches = [int(b) for b in args.batches.split(",")]
    eng = Engine(model, tok, max_batch=max(batches), max_len=args.prompt + args.new)
    plain = Engine(model, tok, max_batch=max(batches), max_len=args.prompt + args.new, fused=False)
    for e in (eng, plain):
        e.stop_ids, e.tok = [], NoText()
    print(f"fused Triton decode kernels: {eng.fused}")
    engine_bytes = eng.kv_bytes
    results = []
    g = torch.Generator().manual_seed(0)

    def record(name, B, secs, peak, first, extra=None):
        """first: seconds for the same call with one new token (the prefill); decode = the rest."""
        tok_s, dec_s = B * args.new / secs, B * (args.new - 1) / max(1e-9, secs - first)
        lim = limit_tok_s(B, weight_bytes, kv_per_token, bw)
        row = dict(engine=name, batch=B, tok_s=round(tok_s, 1), decode_tok_s=round(dec_s, 1), prefill_s=round(first, 3),
                   pct_limit=round(100 * dec_s / lim, 1), peak_gib=round(peak, 1), seconds=round(secs, 2), **(extra or {}))
        results.append(row)
        print(json.dumps(row), flush=True)

    for B in batches:
        prompts = torch.randint(0, cfg.vocab_size, (B, args.prompt), generator=g).tolist()
        ids = torch.tensor(prompts, device="cuda")
        for name, e in (("sample.Engine", eng), ("sample.Engine, PyTorch ops (--no fused kernels)", plain)):
            if e is plain and args.no_plain:
                continue
            # warm-up: graph capture for this batch (and its length buckets), cuBLAS handles
            e.generate(prompts, n=1, max_new_tokens=args.new, temperature=1.0, seed=0)
            outs, secs, peak = timed(lambda: e.generate(prompts, n=1, max_new_tokens=args.new, temperature=1.0, seed=1))
            assert all(len(o.ids) == args.new for o in outs)
            first = timed(lambda: e.generate(prompts, n=1, max_new_tokens=1, temperature=1.0, seed=1))[1]
            record(name, B, secs, peak, first, {"engine_cache_gib": round(engine_bytes / 2**30, 1)})
        if B >= 8:
            P = B // 8
            eng.generate(prompts[:P], n=8, max_new_tokens=args.new, temperature=1.0, seed=0)
            _, secs, peak = timed(lambda: eng.generate(prompts[:P], n=8, max_new_tokens=args.new, temperature=1.0, seed=1))
            first = timed(lambda: eng.generate(prompts[:P], n=8, max_new_tokens=1, temperature=1.0, seed=1))[1]
            record("sample.Engine n=8", B, secs, peak, first)
        for cache in ("static", "dynamic"):
            if cache == "dynamic" and B > args.skip_hf_dynamic_above:
                continue
            kw = dict(max_new_tokens=args.new, min_new_tokens=args.new, do_sample=True, temperature=1.0,
                      pad_token_id=0, eos_token_id=None, attention_mask=torch.ones_like(ids))
            if cache == "static":
                kw["cache_implementation"] = "static"
            model.generate(ids, **{**kw, "max_new_tokens": 8, "min_new_tokens": 8})
            out, secs, peak = timed(lambda: model.generate(ids, **kw))
            assert out.shape[1] == args.prompt + args.new
            first = timed(lambda: model.generate(ids, **{**kw, "max_new_tokens": 1, "min_new_tokens": 1}))[1]
            record(f"HF generate ({cache} cache)", B, secs, peak, first)
    # Greedy agreement with HF on one prompt (bf16: long runs may part; early divergence would be a bug).
    p = prompts[0]
    hf = model.generate(torch.tensor([p], device="cuda"), max_new_tokens=64, do_sample=False, eos_token_id=None,
                        pad_token_id=0)[0, args.prompt:].tolist()
    agree = {}
    for name, e in (("fused", eng), ("pytorch", plain)):
        mine = e.generate([p], n=1, max_new_tokens=64, temperature=0)[0].ids
        agree[name] = next((i for i, (a, b) in enumerate(zip(mine, hf)) if a != b), len(hf))
    print(f"greedy agreement with HF, first tokens of 64: {agree}")
    print("\n| engine | batch | tok/s (end to end) | decode tok/s | prefill s | decode % of bandwidth limit | peak GiB |\n"
          "|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['engine']} | {r['batch']} | {r['tok_s']:.0f} | {r['decode_tok_s']:.0f} | {r['prefill_s']} | "
              f"{r['pct_limit']} | {r['peak_gib']} |")
    if args.out:
        Path(args.out).write_text(json.dumps({"results": results, "bandwidth": bw, "greedy_agree": agree,
                                              "device": torch.cuda.get_device_name(), "args": vars(args)}, indent=1))


# -----------------------------------------------------------------------------
# --workload rl: 64 prompts x 8 samples of long-tailed lengths, through each engine


def rl_setup():
    """(model, tok, device, prompts, caps): the Qwen3-8B shape in bf16 on a GPU, or with --smoke the tiny preset in
    fp32 on the CPU; random prompts of --prompt ids; one drawn length per sample (prompt-major)."""
    import math
    if args.smoke:  # the same code path at CPU size; a small pool so that preemption happens
        args.shape, args.prompt, args.prompts, args.n = "tiny", 16, 4, 4
        args.min_new, args.max_new, args.median, args.max_batch, args.block_size = 8, 64, 24, 8, 16
        args.static_prompts, args.hf_prompts = 4, 1
    dev = "cuda" if torch.cuda.is_available() and not args.smoke else "cpu"
    tok = load_tokenizer()
    cfg = qwen3_config(args.shape, vocab_size=len(tok))
    torch.manual_seed(0)
    with torch.device(dev):
        dtype = torch.bfloat16 if dev == "cuda" else torch.float32
        model = __import__("transformers").AutoModelForCausalLM.from_config(cfg, dtype=dtype).eval()
    g = torch.Generator().manual_seed(0)
    prompts = torch.randint(0, cfg.vocab_size, (args.prompts, args.prompt), generator=g).tolist()
    z = torch.randn(args.prompts * args.n, generator=g)
    caps = [int(min(args.max_new, max(args.min_new, round(args.median * math.exp(args.sigma * x))))) for x in z.tolist()]
    return model, tok, dev, prompts, caps


def measure(dev, fn):
    """(result, seconds, peak GiB or None on the CPU)."""
    if dev == "cuda":
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
    t0 = time.perf_counter()
    out = fn()
    if dev == "cuda":
        torch.cuda.synchronize()
    return out, time.perf_counter() - t0, torch.cuda.max_memory_allocated() / 2**30 if dev == "cuda" else None


def forced_lengths(caps, start, eos):
    """An HF logits processor: row r cannot emit EOS before its caps[r]-th new token, and must emit it there."""
    from transformers import LogitsProcessor

    class Force(LogitsProcessor):
        def __call__(self, input_ids, scores):
            t = input_ids.shape[1] - start  # tokens generated so far
            end = torch.tensor(caps, device=scores.device) == t + 1
            scores[:, eos] = float("-inf")
            scores[end] = float("-inf")
            scores[end, eos] = 0.0
            return scores
    return Force()


def rl_engine_run(name, eng, prompts, caps, dev, total):
    """Warm up (graph capture for every bucket), then time one generate over `prompts`; a result row."""
    n = args.n
    eng.stop_ids, eng.tok = [], NoText()
    warm = prompts[:max(1, -(-getattr(eng, "max_batch", n) // n))]
    eng.generate(warm, n=n, max_new_tokens=[1 + (i * 7) % 48 for i in range(len(warm) * n)], seed=0)
    if dev == "cuda" and hasattr(eng, "trace"):
        eng.trace = []  # the paged engine times its decode windows
    outs, secs, peak = measure(dev, lambda: eng.generate(prompts, n=n, max_new_tokens=caps, seed=1))
    assert [len(o.ids) for o in outs] == caps, f"{name}: a sample stopped short of its drawn length"
    return rl_row(name, sum(caps), secs, peak, total, len(prompts))


def rl_row(name, tokens, secs, peak, total, n_prompts):
    row = dict(engine=name, prompts=n_prompts, tokens=tokens, seconds=round(secs, 2), tok_s=round(tokens / secs, 1),
               peak_gib=None if peak is None else round(peak, 1), extrapolated=n_prompts < args.prompts,
               est_full_s=round(total / (tokens / secs), 1))
    print(json.dumps(row), flush=True)
    return row


def decode_vs_limit(trace, model, kv_per_token, wall):
    """The paged engine's decode windows against the bandwidth limit for the rows' actual context lengths: a
    window's floor is steps x weight bytes + the KV tokens its rows attend to x bytes per token, at the copy
    bandwidth measured now. Overall and per batch size (rows running), with the share of wall time."""
    bw = copy_bandwidth()
    weight_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
    buckets = {}
    for steps, B, ctx, (e0, e1) in trace:
        b = buckets.setdefault(1 << (B - 1).bit_length(), [0, 0.0, 0.0])
        b[0] += steps * B
        b[1] += e0.elapsed_time(e1) / 1e3
        b[2] += (steps * weight_bytes + ctx * kv_per_token) / bw
    tot = [sum(b[i] for b in buckets.values()) for i in range(3)]
    def row(b):
        return dict(tokens=b[0], seconds=round(b[1], 2), tok_s=round(b[0] / b[1]), pct_limit=round(100 * b[2] / b[1], 1))
    return dict(bandwidth_tb_s=round(bw / 1e12, 2), share_of_wall=round(tot[1] / wall, 3), **row(tot),
                by_rows={f"<={k}": row(v) for k, v in sorted(buckets.items())})


def rl_main():
    import gc
    from sample_static import StaticEngine
    model, tok, dev, prompts, caps = rl_setup()
    cfg, n, total = model.config, args.n, sum(caps)
    max_len = args.prompt + max(caps)
    kv_per_token = 2 * cfg.num_hidden_layers * cfg.num_key_value_heads * cfg.head_dim * next(model.parameters()).element_size()
    print(f"{args.shape} on {torch.cuda.get_device_name() if dev == 'cuda' else 'cpu'}: {args.prompts} prompts x {n}, "
          f"{args.prompt}-token prompts, lengths {min(caps)}..{max(caps)} (median {sorted(caps)[len(caps) // 2]}, "
          f"mean {total / len(caps):.0f}), {total} tokens in all", flush=True)
    rows, engines, pool_bytes, stats = [], args.engines.split(","), None, None
    kv_gb = args.kv_gb
    if args.smoke and kv_gb is None:  # about a third of what all samples would hold at once: preemptions
        kv_gb = 24 * args.block_size * kv_per_token / 2**30
    if "paged" in engines:
        eng = Engine(model, tok, max_batch=args.max_batch, max_len=max_len, kv_gb=kv_gb, block_size=args.block_size)
        pool_bytes = eng.kv_bytes
        rows.append(rl_engine_run("sample.Engine (paged)", eng, prompts, caps, dev, total))
        stats = dict(eng.stats, pool_blocks=eng.pool.n - 1, pool_gib=round(pool_bytes / 2**30, 3))
        rows[-1]["stats"] = stats
        print(f"paged engine: {stats}", flush=True)
        if eng.trace:
            rows[-1]["decode"] = decode_vs_limit(eng.trace, model, kv_per_token, rows[-1]["seconds"])
            print(f"paged engine decode steps: {json.dumps(rows[-1]['decode'])}", flush=True)
        del eng
    gc.collect()
    if dev == "cuda":
        torch.cuda.empty_cache()
    if "static" in engines:  # the same KV bytes as the paged pool: as many max_len rows as fit, a multiple of n
        if pool_bytes:
            budget = pool_bytes
        else:  # run alone (--engines static): what the paged engine's default pool would have been
            budget = kv_gb * 2**30 if kv_gb else 0.8 * torch.cuda.mem_get_info()[0] if dev == "cuda" else 2**30
        # half of it: the static engine compacts finished rows by cloning the live part of its cache (measured:
        # the whole budget OOMed in that clone, 37 GiB, at 8B and 16K)
        rows_fit = max(n, int(budget / 2 // (max_len * kv_per_token)) // n * n)
        P = min(args.static_prompts, args.prompts)
        eng = StaticEngine(model, tok, max_batch=rows_fit, max_len=max_len)
        rows.append(rl_engine_run(f"StaticEngine (static, max_batch {rows_fit})", eng, prompts[:P], caps[:P * n], dev,
                                  total))
        del eng
        gc.collect()
    if "hf" in engines:
        from transformers import LogitsProcessorList
        a = args.hf_from
        P = min(args.hf_prompts, args.prompts - a)
        ids, hc = torch.tensor(prompts[a:a + P], device=dev), caps[a * n:(a + P) * n]
        eos = cfg.vocab_size - 1
        kw = dict(do_sample=True, temperature=1.0, num_return_sequences=n, max_new_tokens=max(hc),
                  eos_token_id=eos, pad_token_id=0, attention_mask=torch.ones_like(ids))
        model.generate(ids, **{**kw, "max_new_tokens": 4})
        out, secs, peak = measure(dev, lambda: model.generate(
            ids, logits_processor=LogitsProcessorList([forced_lengths(hc, args.prompt, eos)]), **kw))
        got = [int((row[args.prompt:] == eos).nonzero()[0]) + 1 for row in out]  # EOS is banned before its step
        assert got == hc, "HF generate: a row did not stop at its drawn length"
        rows.append(rl_row(f"HF generate (dynamic cache, prompts {a}..{a + P - 1}, longest {max(hc)})", sum(hc), secs,
                           peak, total, P))
    print("\n| engine | prompts timed | useful tok/s | peak GiB | full workload s (est. if extrapolated) |\n"
          "|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['engine']} | {r['prompts']}{' (extrapolated)' if r['extrapolated'] else ''} | {r['tok_s']:.0f} | "
              f"{r['peak_gib']} | {r['est_full_s']} |")
    if args.out:
        Path(args.out).write_text(json.dumps({"results": rows, "caps": caps, "args": vars(args), "device": dev},
                                             indent=1))


if __name__ == "__main__":
    rl_main() if args.workload == "rl" else main()

"""
Rollout throughput: sample.Engine against HF generate (dynamic and static cache), in one run, on one GPU.

    python bench/bench_sampler.py                                  # Qwen3-8B shape, batches 1,16,64
    python bench/bench_sampler.py --shape qwen3-1.7b --batches 64 --new 128 --out $OUT/sampler.json

Random bf16 weights; every row gets a distinct 512-token prompt of random ids and generates exactly --new tokens
(no EOS), so every engine does the same work. Reported per engine and batch: tokens/s end to end (prefill included,
as the issue's HF anchor was measured), decode tokens/s (the same call with one new token is the prefill time),
decode's percent of the memory-bandwidth limit, peak memory. The limit: each decode step must read the weights once plus each row's
KV cache so far, at the device-to-device copy bandwidth measured here first. Also: the engine with n = 8 samples
per prompt (RL's shape: batch/8 prompts, one shared prefill each), and how many greedy tokens the engine and HF
agree on (bf16 kernels differ, so long greedy runs may part; a divergence at the first tokens would be a bug).
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
args = ap.parse_args()


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
    engine_bytes = sum(t.numel() * t.element_size() for t in [eng.cache])
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


if __name__ == "__main__":
    main()

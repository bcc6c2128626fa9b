"""
The main job's rollout on the CPU: the paged engine (sample.Engine) against the static one (sample_static), same
prompts, same checkpoint, one after the other in one process.

    python dev/probe_cpu_sampler.py --ckpt sft.pt --prompts 16      # 16 named train tasks x 8 samples, T=0.6

Measured 2026-11-24 (2 cores, nothing beside it, the main job's SFT checkpoint): paged 818 tok/s, static 2,586.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from model import load_checkpoint  # noqa: E402
from prompt import prompt_ids  # noqa: E402
from sample import Engine  # noqa: E402
from sample_static import StaticEngine  # noqa: E402
from tasks import load_tasks  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--prompts", type=int, default=16)
    ap.add_argument("--n", type=int, default=8)
    ap.add_argument("--max_new_tokens", type=int, default=768)
    args = ap.parse_args()
    model, tok, _ = load_checkpoint(args.ckpt)
    prompts = [prompt_ids(tok, t.src) for t in load_tasks("named", "train")[:args.prompts]]
    for name, make in (("paged", Engine), ("static", StaticEngine)):
        eng = make(model.eval(), tok, max_batch=len(prompts) * args.n, max_len=max(map(len, prompts)) + args.max_new_tokens)
        t0 = time.time()
        outs = eng.generate(prompts, n=args.n, max_new_tokens=args.max_new_tokens, temperature=0.6, seed=0)
        dt, n = time.time() - t0, sum(len(o.ids) for o in outs)
        print(f"{name}: {len(outs)} samples, {n} tokens (longest {max(len(o.ids) for o in outs)}), {dt:.1f} s, "
              f"{n / dt:.0f} tok/s", flush=True)


if __name__ == "__main__":
    main()

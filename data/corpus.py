"""
Build the tiny SFT corpus: templated solutions for the suite's train split, each verified before it is written.

    python data/corpus.py                          # data/sft.jsonl: 8 per named train task, 1 per generated one,
                                                   # 1 per extra generated expression outside the suite (2,500)
    python data/corpus.py --per_task 24 --out /tmp/sft.jsonl --workers 4

Each row is {"task", "prompt", "completion"}: prompt is the user turn (prompt.user_message of the task's
source), completion is PAPER.md §2's format (data/solutions.py). Only completions that the robust verifier
judges valid and correct are written (PAPER.md §1 step 2: the project filters SFT data by verification); a
template that ever fails stops the build with the task and the reason, because a silent drop would hide a
broken template. Held-out tasks are never in the corpus.
"""

import argparse
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from solutions import solution  # noqa: E402
from suite import N_SFT_EXPRS, sft_expr_rows  # noqa: E402
from tasks import load_tasks, row_task  # noqa: E402

CORPUS = HERE / "sft.jsonl"


def draw(task, n, seed, tries=20):
    """Up to n distinct completions for one task: templates repeat, so draw until n differ (or give up)."""
    rng = random.Random(f"{seed}:{task.name}")
    seen = []
    for _ in range(n * tries):
        c = solution(task.row, rng)
        if c not in seen:
            seen.append(c)
        if len(seen) == n:
            break
    return seen


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per_task", type=int, default=8, help="distinct completions per named train task")
    ap.add_argument("--per_expr", type=int, default=1, help="per generated expression task (data/exprs.py)")
    ap.add_argument("--extra_exprs", type=int, default=N_SFT_EXPRS,
                    help="also this many generated expressions outside the suite (suite.sft_expr_rows), one each; "
                         "suite.py --fresh excludes the default 2,500")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=str(CORPUS))
    ap.add_argument("--workers", type=int, default=2, help="verifier worker slots")
    args = ap.parse_args()
    from prompt import user_message
    from verify import Settings, VerifierPool

    tasks = load_tasks("embedded", split="train")
    # Extra expressions teach copying the forward rather than recalling it (suite.sft_expr_rows says why); the RL
    # prompt pool (suite.py --fresh) excludes them. A bad count stops here, before any verification.
    if args.extra_exprs < 0:
        ap.error(f"--extra_exprs {args.extra_exprs}: give 0 or more")
    tasks += [row_task(r) for r in sft_expr_rows(args.extra_exprs)]
    rows = [dict(task=t.name, prompt=user_message(t.src), completion=c, src=t.src)
            for t in tasks for c in draw(t, args.per_expr if "triton" in t.row["params"] else args.per_task, args.seed)]
    t0 = time.time()
    with VerifierPool(Settings(device="cpu", timing=False), workers=args.workers) as pool:
        verdicts = pool.map([(r["src"], r["completion"]) for r in rows], [r["task"] for r in rows])
    bad = [(r["task"], v.reason) for r, v in zip(rows, verdicts) if not v.passed]
    if bad:
        sys.exit("error: templates produced failing solutions (fix data/solutions.py):\n" +
                 "\n".join(f"  {t}: {why}" for t, why in bad[:20]))
    with open(args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps({k: r[k] for k in ("task", "prompt", "completion")}) + "\n")
    print(f"{len(rows)} verified rows over {len(tasks)} train tasks in {time.time() - t0:.0f}s -> {args.out}")


if __name__ == "__main__":
    main()

"""
Build the tiny SFT corpus: templated solutions for the suite's named train tasks, as a careless teacher writes them.

    python -m data.corpus                          # data/sft.jsonl: up to 12 distinct rows per named train task
    python -m data.corpus --cheat 0 --bug 0 --out /tmp/clean.jsonl   # every row honest
    python -m data.corpus --per_expr 1 --extra_exprs 2500 --cheat 0 --bug 0 --out /tmp/transfer.jsonl
                                                   # + generated expressions: the transfer corpus of dev/LOG.md

Each row is {"task", "kind", "prompt", "completion"}: prompt is the user turn (prompt.user_message of the task's
source), completion is PAPER.md §2's format. `kind` says what the row is, for analysis only (train_sft.py reads
prompt and completion): "honest" (data/solutions.py), or a cheat or a bug of data/careless.py. A teacher's raw
output is not all honest, and RL's job is to choose between behaviours the SFT model has (PAPER.md §3, §7); so
by default a row cheats with probability 0.6 where the task is hard for the teacher (careless.hard: a reduction,
norm or matmul, an elementwise op with no direct Triton form, an expression of 3+ operations) and 0.05 elsewhere,
and 0.1 of the elementwise rows carry a bug. In data/sft.jsonl 138 of the 376 rows a syntax-only check accepts
are cheats (37%, near the paper's third).

Every row is verified against its kind: honest rows must pass the robust verifier, cheats must pass the naive
(syntax-only) one and fail the robust one, bugs must fail both. A mismatch stops the build with the task and the
reason (a silent drop would hide a broken template, and a cheat the robust verifier accepts is a hole).
Held-out tasks are never in the corpus.
"""

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
from data.careless import allowed, careless, hard
from data.solutions import solution
from data.suite import N_SFT_EXPRS, sft_expr_rows
from tasks import load_tasks, row_task

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


def kinds(task, n, args):
    """The kinds of a task's n rows: per row, a cheat with probability --cheat (by difficulty), else a bug with
    probability --bug, else honest; one rng per task, so a row's kind does not depend on the other tasks."""
    rng = random.Random(f"{args.seed}:kind:{task.name}")
    p_cheat = args.cheat[0] if hard(task.row) else args.cheat[1]
    cheats, bugs = allowed(task.row)
    out = []
    for _ in range(n):
        u = rng.random()
        out.append(rng.choice(cheats) if u < p_cheat else
                   rng.choice(bugs) if u < p_cheat + args.bug and bugs else "honest")
    return out


def rows_of(task, n, args):
    """Up to n rows {"task", "kind", "completion", "src"}: honest ones distinct; a careless kind with no form for
    this task (careless() gives None) leaves an honest row."""
    honest = draw(task, n, args.seed)
    rng = random.Random(f"{args.seed}:careless:{task.name}")
    rows = []
    for c, kind in zip(honest, kinds(task, len(honest), args)):
        text = careless(task.row, rng, kind) if kind != "honest" else None
        rows.append(dict(task=task.name, kind=kind if text else "honest", completion=text or c, src=task.src))
    return rows


def check_kinds(rows, args):
    """Each row's verdicts against its kind (module docstring); the build stops on the first mismatches. The naive
    verdicts come from verify.naive_passes: only what a func layer rejected runs again."""
    from verify import Settings, VerifierPool, naive_passes
    pairs, names = [(r["src"], r["completion"]) for r in rows], [r["task"] for r in rows]
    settings = Settings(device="cpu", timing=False)
    with VerifierPool(settings, workers=args.workers) as pool:
        robust = pool.map(pairs, names)
    naive = naive_passes(robust, pairs, names, settings, args.workers)
    bad = []
    for r, v, nv in zip(rows, robust, naive):
        want = {"honest": (True, True), "cheat": (False, True), "bug": (False, False)}[r["kind"].split(":")[0]]
        if (v.passed, nv) != want:
            bad.append(f"  {r['task']} ({r['kind']}): robust {'passed' if v.passed else v.reason}; naive "
                       f"{'passed' if nv else 'failed'}")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per_task", type=int, default=12, help="distinct completions per named train task")
    ap.add_argument("--per_expr", type=int, default=0, help="per generated expression task (data/exprs.py; 0: none)")
    ap.add_argument("--extra_exprs", type=int, default=0,
                    help="also this many generated expressions outside the suite (suite.sft_expr_rows), one each; "
                         f"suite.py --fresh excludes up to {N_SFT_EXPRS}")
    ap.add_argument("--cheat", default="0.6,0.05", help="HARD,EASY: probability that a row cheats, on tasks that "
                    "careless.hard calls hard and on the others")
    ap.add_argument("--bug", type=float, default=0.1, help="probability that an elementwise row carries a bug")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default=str(CORPUS))
    ap.add_argument("--workers", type=int, default=2, help="verifier worker slots")
    args = ap.parse_args()
    from prompt import user_message
    try:
        cheat = [float(x) for x in args.cheat.split(",")]
    except ValueError:
        cheat = []
    if len(cheat) != 2 or not all(0 <= x <= 1 for x in cheat + [args.bug]) or max(cheat) + args.bug > 1:
        ap.error(f"--cheat {args.cheat} --bug {args.bug}: give HARD,EASY probabilities in [0, 1], each plus --bug "
                 "at most 1")
    args.cheat = cheat

    tasks = load_tasks("embedded", split="train")
    # Extra expressions teach copying the forward rather than recalling it (suite.sft_expr_rows says why); the RL
    # prompt pool (suite.py --fresh) excludes them. A bad count stops here, before any verification.
    if args.extra_exprs < 0:
        ap.error(f"--extra_exprs {args.extra_exprs}: give 0 or more")
    tasks += [row_task(r) for r in sft_expr_rows(args.extra_exprs)]
    rows = [r for t in tasks for r in rows_of(t, args.per_expr if "triton" in t.row["params"] else args.per_task, args)]
    t0 = time.time()
    bad = check_kinds(rows, args)
    if bad:
        sys.exit(f"error: {len(bad)} rows are not what their kind says (fix data/solutions.py or data/careless.py, "
                 "or the verifier):\n" + "\n".join(bad[:20]))
    with open(args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(dict(task=r["task"], kind=r["kind"], prompt=user_message(r["src"]),
                                    completion=r["completion"])) + "\n")
    count = Counter(r["kind"].split(":")[0] for r in rows)
    print(f"{len(rows)} verified rows over {len(tasks)} train tasks in {time.time() - t0:.0f}s -> {args.out}: "
          + ", ".join(f"{count[k]} {k}" for k in ("honest", "cheat", "bug")))


if __name__ == "__main__":
    main()

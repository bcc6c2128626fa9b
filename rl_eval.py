"""
train_rl.py's held-out eval (PAPER.md §6): greedy passed@1 under the robust verifier, naive-correct@1 and the cheat
rate, each rank verifying its share in a thread of its own; the run's last stdout line (summary).

    python train_rl.py --ckpt sft.pt        # evaluates at step 0 (reported after FIRST_EVAL_STEPS) and at the end
"""

import torch.distributed as dist


def evaluate(run, at, wait=True):
    """Greedy passed@1 (robust: valid and correct) on the held-out tasks, each rank taking its share; beside it
    naive-correct@1 (what a syntax-only check accepts) and the cheat rate (naive-correct but not passed). The
    completions are drawn now, from the weights of step `at`; their verification runs in a thread of its own.
    wait=False returns that thread's handle at once, for eval_report later (the first eval: its slow naive
    re-checks, one interpreted core-bound cheat among them, then share the cores with the first steps)."""
    from common import background
    from verify import robust_and_naive
    mine = run.held[run.rank::run.world]
    outs = run.engine.generate([run.prompts[t.name] for t in mine], n=1, max_new_tokens=run.args.max_new_tokens,
                               temperature=0) if mine else []
    pairs, names = [(t.src, o.text) for t, o in zip(mine, outs)], [t.name for t in mine]
    verdicts = background(lambda: robust_and_naive(run.eval_pool, pairs, names, run.args.workers) if mine else ([], []))
    pending = dict(at=at, mine=mine, verdicts=verdicts)
    return eval_report(run, pending) if wait else pending


def eval_report(run, pending):
    """The eval's line and metrics, once its verification is done. Every rank calls this at the same point of
    the run (its counts are all-reduced), whatever its own thread's progress."""
    at, mine, (vs, naive) = pending["at"], pending["mine"], pending["verdicts"]()
    s = run.reduce(n=len(vs), passed=sum(v.passed for v in vs), valid=sum(bool(v.valid) for v in vs),
                   compiled=sum(bool(v.compiled) for v in vs), naive=sum(naive),
                   cheat=sum(nv and not v.passed for v, nv in zip(vs, naive)), fast1=sum(v.fast(1) for v in vs),
                   suite=sum(v.passed for t, v in zip(mine, vs) if t.name in run.suite_held))
    solved = sorted(t.name for t, v in zip(mine, vs) if v.passed and (t.name in run.suite_held or not run.suite_held))
    if run.fsdp:  # every rank's share of the names
        every = [None] * run.world
        dist.all_gather_object(every, solved)
        solved = sorted(sum(every, []))
    n = max(1, s["n"])
    m = {"step": at, "eval_passed@1": s["passed"] / n, "eval_naive_correct@1": s["naive"] / n,
         "eval_cheat_rate": s["cheat"] / n, "eval_valid": s["valid"] / n, "eval_compiled": s["compiled"] / n,
         "eval_n": int(s["n"])}
    if run.suite_held:
        m["eval_passed@1_suite"] = s["suite"] / len(run.suite_held)
    if run.settings.timing:  # PAPER.md §6: passed and faster
        m["eval_fast1"] = s["fast1"] / n
    wide = f"; the suite's {len(run.suite_held)}: {int(s['suite'])}" if run.suite_held else ""
    timed = f", fast1 {m['eval_fast1']:.3f}" if run.settings.timing else ""
    run.log(f"eval step {at} | held-out greedy passed@1 {m['eval_passed@1']:.3f} ({int(s['passed'])}/{int(s['n'])}"
            f"{wide}) | naive-correct@1 {m['eval_naive_correct@1']:.3f} cheat rate {m['eval_cheat_rate']:.3f} | "
            f"valid {m['eval_valid']:.3f} compiled {m['eval_compiled']:.3f}{timed} | "
            f"solved{' of the suite' if run.suite_held else ''}: {solved}")
    run.write(m)
    return m


FIRST_EVAL_STEPS = 2  # steps the first eval's verification shares the cores with (about two steps' CPU work)


def summary(first, last):
    """The run's last stdout line, one JSON object: the held-out scores at its first and last eval."""
    keys = {"heldout_passed": "eval_passed@1", "naive_correct": "eval_naive_correct@1", "cheat_rate": "eval_cheat_rate"}
    out = {f"{k}_{when}": round(m[v], 4) for when, m in (("start", first), ("end", last)) for k, v in keys.items()}
    return dict(out, step_start=first["step"], step_end=last["step"], n_heldout=last["eval_n"])

"""
Input-shape augmentation (PAPER.md §1 step 5, v2 of the paper), done without an LLM: change a task's
module-level shape constants and keep the variants whose reference still runs and whose output follows.

    python -m data.augment                                     # embedded train tasks -> data/augmented.jsonl
    python -m data.augment --tasks ../shared/kernelbench --level 1 --n 5 --out /tmp/kb_aug.jsonl

A variant is kept only if (1) the reference builds and runs on the variant's inputs, with a finite output,
and (2) its output shape follows the change: every output dimension equal to a changed constant's old value
takes the new value, and the other dimensions stay. Shapes are first checked on the meta device (no memory),
then the reference runs for real when the inputs are at most --max_numel elements; larger variants are
rejected rather than kept unchecked. Each variant records its provenance: the base task and the changes.
The output is KernelBench JSONL, so every --tasks flag reads it.
"""

import argparse
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
import torch

from common import main_guard
from tasks import Task, load_tasks
from verify_variant import shape_constants, with_constants  # noqa: E402 (one home: the verifier's hidden variant)

FACTORS = (0.5, 0.75, 1.25, 1.5, 2.0)


def run_reference(src, device, seed=0):
    """The reference's output for seeded inputs on `device` ('meta' computes shapes only)."""
    ns = {"__name__": "augment_problem"}
    exec(compile(src, "<problem>", "exec"), ns)  # noqa: S102 (a task's own reference, as the verifier runs it)
    with torch.random.fork_rng(devices=[]), torch.device(device), torch.no_grad():
        torch.manual_seed(seed)
        model = ns["Model"](*ns["get_init_inputs"]())
        inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in ns["get_inputs"]()]
        n = sum(x.numel() for x in inputs if isinstance(x, torch.Tensor))
        return model(*inputs), n


def expected_shape(shape, changes, consts):
    """Each dimension equal to one changed constant's old value takes its new value; a dimension equal to the
    old value of several changed constants is ambiguous (None: any value passes)."""
    olds = {}
    for k, new in changes.items():
        olds.setdefault(consts[k][0], set()).add(new)
    out = []
    for d in shape:
        news = olds.get(d)
        unchanged_alias = any(v == d and k not in changes for k, (v, _) in consts.items())
        out.append(None if news and (len(news) > 1 or unchanged_alias) else (next(iter(news)) if news else d))
    return out


def check_variant(src, base_shape, changes, consts, max_numel, device="cpu"):
    """None if the variant is good, else why not."""
    try:
        out, n = run_reference(src, "meta")
    except Exception as e:  # noqa: BLE001 (a variant that breaks the reference is exactly what we filter)
        return f"reference fails on meta: {type(e).__name__}: {e}"[:200]
    if not isinstance(out, torch.Tensor):
        return "output is not a tensor"
    want = expected_shape(base_shape, changes, consts)
    if len(want) != out.dim() or any(w is not None and w != d for w, d in zip(want, out.shape)):
        return f"output shape {tuple(out.shape)} does not follow the change (expected {want})"
    if n > max_numel:
        return f"inputs have {n} elements, over --max_numel {max_numel}: too large to run here"
    try:
        real, _ = run_reference(src, device)
    except Exception as e:  # noqa: BLE001
        return f"reference fails: {type(e).__name__}: {e}"[:200]
    if not torch.isfinite(real).all():
        return "reference output is not finite"
    return None


def augment(task, n=5, seed=0, max_numel=1 << 24, device="cpu"):
    """Up to n shape variants of a task: [(Task, None)] kept, plus [(None, why)] for rejected candidates."""
    consts = shape_constants(task.src)
    if not consts:
        return []
    try:
        base, _ = run_reference(task.src, "meta")
    except Exception as e:  # noqa: BLE001
        return [(None, f"base reference fails on meta: {type(e).__name__}: {e}"[:200])]
    rng = random.Random(f"{seed}:{task.name}")
    names, results, seen = sorted(consts), [], set()
    for _ in range(4 * n):
        if sum(1 for t, _ in results if t) >= n:
            break
        picked = rng.sample(names, rng.randint(1, len(names)))
        changes = {k: max(2, int(round(consts[k][0] * rng.choice(FACTORS)))) for k in picked}
        changes = {k: v for k, v in changes.items() if v != consts[k][0]}
        key = tuple(sorted(changes.items()))
        if not changes or key in seen:
            continue
        seen.add(key)
        src = with_constants(task.src, changes, consts)
        why = "a constant spans several lines" if src is None else check_variant(src, tuple(base.shape), changes,
                                                                                 consts, max_numel, device)
        if why:
            results.append((None, f"{task.name} {dict(changes)}: {why}"))
            continue
        i = sum(1 for t, _ in results if t) + 1
        prov = {"base": task.name, "changes": {k: [consts[k][0], v] for k, v in changes.items()}, "method": "shape-v1"}
        row = {**task.row, "name": f"{task.name}__shape{i}", "code": src, "provenance": prov}
        results.append((Task(row["name"], src, task.split, task.level, task.problem_id, row), None))
    return results


def heldout_variants(tasks, n=2, seed=3, max_numel=1 << 18):
    """Up to n shape variants of each task, marked held-out: prompts no corpus row and no RL step has seen, of
    operators training covers (train_rl.py --eval_tasks variants). Small (at most max_numel inputs), so the CPU
    verifies them as fast as the suite."""
    out = []
    for t in tasks:
        for v, _ in augment(t, n=n, seed=seed, max_numel=max_numel):
            if v is not None:
                out.append(Task(v.name, v.src, "heldout", v.level, v.problem_id, dict(v.row, split="heldout")))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", default="embedded", help="embedded | KernelBench folder | tasks .jsonl")
    ap.add_argument("--split", default="train", help="embedded suite split to augment (ignored elsewhere)")
    ap.add_argument("--level", default=None)
    ap.add_argument("--ids", default=None)
    ap.add_argument("--n", type=int, default=5, help="variants per task (PAPER.md §1 step 5: up to 5)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max_numel", type=int, default=1 << 24, help="largest input (elements) run for real")
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu", help="where references run")
    ap.add_argument("--out", default=str(HERE / "augmented.jsonl"))
    args = ap.parse_args()
    tasks = load_tasks(args.tasks, args.split if args.tasks == "embedded" else None, args.level, args.ids)
    kept, rejected = [], []
    for t in tasks:
        for v, why in augment(t, args.n, args.seed, args.max_numel, args.device):
            (kept.append(v) if v else rejected.append(why))
    with open(args.out, "w", encoding="utf-8") as f:
        for v in kept:
            f.write(json.dumps(v.row) + "\n")
    for why in rejected[:10]:
        print(f"rejected: {why}")
    print(f"{len(kept)} variants of {len(tasks)} tasks kept, {len(rejected)} rejected -> {args.out}")


if __name__ == "__main__":
    main_guard(main)

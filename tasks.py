"""
Task loaders: the embedded suite, KernelBench (a checkout folder or JSONL rows) and KernelBook-style rows.

    python tasks.py                                   # the embedded suite (data/suite.jsonl)
    python tasks.py ../shared/kernelbench --level 1 --ids 1,2,40
    python tasks.py path/to/KernelBench               # a checkout: KernelBench/levelN/*.py
    python tasks.py kernelbook.jsonl                  # rows {"python_code", "entry_point", ...}
    python dev/kernelbook_scale.py                    # an 18K-row KernelBook-format dump: load time and memory

In code: load_tasks(src, split=None, level=None, ids=None) -> [Task]. Every script's --tasks flag takes the
same SRC. A task is a KernelBench-format source (PAPER.md §5): Model, get_inputs, get_init_inputs.

Bad input stops with one message naming the file and line (a malformed row, a source without Model); the
exception is KernelBook, where modules without input functions are common: those are reported and skipped.
"""

import argparse
import ast
import hashlib
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from common import InputError, main_guard, read_jsonl

DATA = Path(__file__).resolve().parent / "data"

SUITE = DATA / "suite.jsonl"
REQUIRED = ("Model", "get_inputs", "get_init_inputs")


@dataclass
class Task:
    name: str
    src: str
    split: str = "test"  # embedded tasks: train | heldout; outside sources: test
    level: int = None
    problem_id: int = None
    row: dict = field(default_factory=dict, repr=False)  # the source row: family, op, params, provenance


def missing_parts(src):
    """What of Model / get_inputs / get_init_inputs a source lacks at module level; None if it does not parse."""
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return None
    have = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    have |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    return [p for p in REQUIRED if p not in have]


def checked(task, where):
    miss = missing_parts(task.src)
    if miss is None:
        raise InputError(f"{where}: task {task.name!r} is not valid Python")
    if miss:
        raise InputError(f"{where}: task {task.name!r} lacks {', '.join(miss)} (KernelBench format, PAPER.md §5)")
    return task


def row_task(row):
    """A KernelBench JSONL row (the suite's and suite.py's generated rows add split, family, op, params) as a Task."""
    return Task(row["name"], row["code"], row.get("split", "test"), row.get("level"), row.get("problem_id"), row)


def from_jsonl(path):
    """KernelBench rows {"name", "code", "level"?, "problem_id"?} (the suite and augmented files add fields),
    or KernelBook rows {"python_code", "entry_point", ...}, one format per file."""
    tasks, skipped, seen, dups = [], [], set(), 0
    for n, row in read_jsonl(path, "tasks file"):
        where = f"{path}:{n}"
        if "python_code" in row:
            # KernelBook holds the same module from several repositories: one task per distinct module, checked on
            # the raw text first (no parse for an exact copy), then on the converted source
            raw = hashlib.sha256(f"{row.get('entry_point')}\0{row['python_code']}".encode()).digest()
            task, why = (None, "copy") if raw in seen else kernelbook_task(row, n)
            if task is None and why != "copy":
                skipped.append(f"{where}: {why}")
            elif task is None or hashlib.sha256(task.src.encode()).digest() in seen:
                dups += 1
            else:
                seen |= {raw, hashlib.sha256(task.src.encode()).digest()}
                tasks.append(checked(task, where))
            continue
        if not isinstance(row.get("code"), str) or not isinstance(row.get("name"), str):
            raise InputError(f"{where}: a task row needs string fields 'name' and 'code' (KernelBench) or "
                             f"'python_code' (KernelBook); it has {sorted(row)}")
        tasks.append(checked(row_task(row), where))
    if dups:
        print(f"note: {dups} KernelBook rows skipped as copies of an earlier row's module ({path})", file=sys.stderr)
    if skipped:
        print(f"note: {len(skipped)} KernelBook rows skipped (no input functions or no usable module):", file=sys.stderr)
        for s in skipped[:20]:
            print(f"  {s}", file=sys.stderr)
    return tasks


def from_folder(path):
    """A KernelBench checkout (KernelBench/levelN/*.py or levelN/*.py), a folder of *.py problems, or a folder
    of JSONL files (../shared/kernelbench)."""
    path = Path(path)
    for sub in (path / "KernelBench", path):
        levels = sorted(p for p in sub.glob("level*") if p.is_dir())
        if levels:
            return [t for lv in levels for t in py_files(lv, int(re.sub(r"\D", "", lv.name) or 0))]
    if list(path.glob("*.py")):
        return py_files(path, None)
    files = sorted(path.glob("*.jsonl"))
    if not files:
        raise InputError(f"{path}: no KernelBench levelN/ folders, *.py problems or *.jsonl task files")
    return [t for f in files for t in from_jsonl(f)]


def py_files(folder, level):
    tasks = []
    for f in sorted(folder.glob("*.py"), key=lambda p: (int(m.group()) if (m := re.match(r"\d+", p.name)) else 1 << 30,
                                                         p.name)):
        m = re.match(r"(\d+)_", f.name)
        tasks.append(checked(Task(f.stem, f.read_text(encoding="utf-8"), "test", level,
                                  int(m.group(1)) if m else None), str(f)))
    return tasks


def load_tasks(src="embedded", split=None, level=None, ids=None):
    """Tasks from SRC, filtered by split (train | heldout), level(s) and problem ids or names."""
    if src in (None, "", "embedded", "named"):
        if not SUITE.exists():
            raise InputError(f"{SUITE} is missing: run python -m data.suite")
        tasks = from_jsonl(SUITE)
        if src == "named":  # the suite's named operators, without its generated expressions (data/exprs.py)
            tasks = [t for t in tasks if "triton" not in t.row.get("params", {})]
    elif src == "variants":  # two unseen shapes of each named train operator: the main job's held-out set
        from data.augment import heldout_variants
        tasks = heldout_variants(load_tasks("named", "train"))
    elif Path(src).is_dir():
        tasks = from_folder(src)
    elif Path(src).is_file():
        tasks = from_jsonl(src) if src.endswith(".jsonl") else py_files_single(src)
    else:
        raise InputError(f"--tasks {src!r}: not 'embedded', 'named', 'variants', a folder or a file")
    if split:
        tasks = [t for t in tasks if t.split == split]
    if level is not None:
        levels = {int(x) for x in str(level).split(",")}
        tasks = [t for t in tasks if t.level in levels]
    if ids:
        want = {str(x) for x in (ids.split(",") if isinstance(ids, str) else ids)}
        tasks = [t for t in tasks if str(t.problem_id) in want or t.name in want]
    names = [t.name for t in tasks]
    if len(set(names)) != len(names):  # KernelBench levels reuse numbers, not names; qualify just in case
        tasks = [Task(f"level{t.level}/{t.name}", t.src, t.split, t.level, t.problem_id, t.row) for t in tasks]
    if not tasks:
        raise InputError(f"--tasks {src or 'embedded'}: no tasks left after the filters (split={split}, "
                         f"level={level}, ids={ids})")
    return tasks


def py_files_single(path):
    return [checked(Task(Path(path).stem, Path(path).read_text(encoding="utf-8")), path)]


# -----------------------------------------------------------------------------
# KernelBook: a GitHub module plus get_inputs / get_init_inputs, where get_init_inputs returns [args, kwargs].


def kernelbook_task(row, n):
    """(Task, None), or (None, why) for a row that cannot become a KernelBench task."""
    src, entry = row.get("python_code"), row.get("entry_point")
    if not isinstance(src, str):
        return None, "python_code is not a string"
    try:
        tree = ast.parse(src)
    except SyntaxError as e:
        return None, f"python_code does not parse ({e.msg}, line {e.lineno})"
    funcs = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    if "get_inputs" not in funcs or "get_init_inputs" not in funcs:
        return None, "no get_inputs/get_init_inputs"
    classes = {c.name: c for c in tree.body if isinstance(c, ast.ClassDef)}
    if entry not in classes:
        return None, f"entry point {entry!r} is not a class in python_code"
    if "Model" in classes and entry != "Model":
        return None, "defines another class called Model"
    # Rename the entry point to Model everywhere (KernelBench's name for the reference).
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == entry:
            node.name = "Model"
        elif isinstance(node, ast.Name) and node.id == entry:
            node.id = "Model"
    init = funcs["get_init_inputs"]
    ret = init.body[-1] if init.body else None
    if (isinstance(ret, ast.Return) and isinstance(ret.value, ast.List) and len(ret.value.elts) == 2
            and isinstance(ret.value.elts[0], ast.List) and isinstance(ret.value.elts[1], ast.Dict)):
        args = positional(classes[entry], ret.value.elts[0].elts, ret.value.elts[1])
        if args is None:
            return None, "get_init_inputs passes keywords that __init__ does not name"
        ret.value = ast.List(elts=args, ctx=ast.Load())
    name = f"kb_{row.get('module_name') or entry}_{row.get('uuid', n)}"
    # The row's Triton code is dropped: PAPER.md §1 does not train on it (mostly TorchInductor output calling
    # extern_kernels), and at 18K rows it would be most of the loader's memory
    return Task(re.sub(r"[^\w.-]", "_", str(name)), ast.unparse(tree) + "\n", "test",
                row.get("level"), n, {k: v for k, v in row.items() if not k.endswith("_code")}), None


def positional(cls, args, kwargs):
    """[args..., kwargs by __init__'s parameter order, defaults filled in]: Model(*get_init_inputs()) needs them."""
    init = next((f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"), None)
    if init is None:
        return list(args) if not kwargs.keys else None
    params = [a.arg for a in init.args.args[1:]]
    defaults = dict(zip(params[len(params) - len(init.args.defaults):], init.args.defaults))
    given = {k.value: v for k, v in zip(kwargs.keys, kwargs.values) if isinstance(k, ast.Constant)}
    if len(given) != len(kwargs.keys) or any(k not in params for k in given):
        return None
    out = list(args)
    for p in params[len(args):]:
        if p in given:
            out.append(given[p])
        elif p in defaults:
            out.append(defaults[p])
        else:
            return None
    return out


# -----------------------------------------------------------------------------
# Level mixture for RL prompts (train_rl.py --mix; PAPER.md §1 step 4: the paper trains on level 1 only, because
# level-2 rewards were too sparse to help)


@dataclass
class Mix:
    weights: dict  # level -> probability a prompt is of that level
    pools: dict  # level -> indices of that level's tasks


def level_mix(tasks, mix, where):
    """The Mix that --mix (comma-separated weights, level 1 first; None: the default 1,0) asks of these tasks, or
    None for tasks that carry no level at all when --mix was not given (every task is drawn, as before levels
    existed). A weight on a level with no tasks, or a mixture over unlabelled tasks, is an InputError naming --mix."""
    text = mix or "1,0"
    what = f"--mix {text}" + ("" if mix else " (the default: level 1 only, PAPER.md §1 step 4)")
    try:
        weights = [float(x) for x in text.split(",")]
    except ValueError:
        raise InputError(f"--mix {text}: give comma-separated weights, level 1 first, e.g. 1,0 or 0.5,0.5") from None
    if any(w < 0 for w in weights) or sum(weights) <= 0:
        raise InputError(f"--mix {text}: weights must be >= 0 and not all 0")
    unlabelled = [t.name for t in tasks if t.level is None]
    if len(unlabelled) == len(tasks) and not mix:
        return None
    if unlabelled:
        raise InputError(f"{what}: {len(unlabelled)} of the {len(tasks)} tasks of {where} have no level (e.g. "
                         f"{unlabelled[0]}); label them: python -m data.label --tasks {where} --out labelled.jsonl")
    have = sorted({t.level for t in tasks})
    pools = {lv: [i for i, t in enumerate(tasks) if t.level == lv] for lv in range(1, len(weights) + 1)
             if weights[lv - 1] > 0}
    for lv, idx in pools.items():
        if not idx:
            raise InputError(f"{what}: level {lv} has weight {weights[lv - 1]:g}, but {where} has no level-{lv} tasks "
                             f"(its levels: {', '.join(map(str, have))}); give --mix with weight 0 there")
    return Mix({lv: weights[lv - 1] / sum(weights[i - 1] for i in pools) for lv in pools}, pools)


def epoch_order(n, seed, epoch):
    order = list(range(n))
    random.Random(seed * 7919 + epoch).shuffle(order)
    return order


def epoch_slice(n, start, count, seed):
    """train_rl's walk without --mix levels: batch `start // count` of a walk over range(n), reshuffled every epoch
    from (seed, epoch) alone, so a resumed run continues it. A batch crossing an epoch's end wraps within that
    epoch's order (kept as it was, so runs before --mix existed draw the same prompts)."""
    epoch, k = divmod(start, n)
    return (epoch_order(n, seed, epoch) * (count // n + 2))[k:k + count]


def epoch_stream(n, start, count, seed):
    """Positions [start, start + count) of the concatenated epochs: each level's walk under a mixture, where a
    level's share of a step varies and every epoch should still visit each of its tasks once."""
    out = []
    while len(out) < count:
        epoch, k = divmod(start + len(out), n)
        out += epoch_order(n, seed, epoch)[k:k + count - len(out)]
    return out


def mixed_batch(mix, n_tasks, step, count, seed):
    """Task indices of step `step`'s `count` prompts. Without a Mix, or with one level: the epoch walk over those
    tasks. With several: each prompt's level is drawn with the Mix's weights from (seed, step), and each level
    walks its own tasks' epochs; a level's position is the number of its draws in earlier steps, replayed (cheap),
    so --resume agrees."""
    if mix is None:
        return epoch_slice(n_tasks, step * count, count, seed)
    levels = sorted(mix.pools)
    if len(levels) == 1:
        return [mix.pools[levels[0]][i] for i in epoch_slice(len(mix.pools[levels[0]]), step * count, count, seed)]

    def draw(s):
        return random.Random(seed * 1_000_003 + s).choices(levels, [mix.weights[lv] for lv in levels], k=count)
    pos = dict.fromkeys(levels, 0)
    for s in range(step):
        for lv in draw(s):
            pos[lv] += 1
    now = draw(step)
    walk = {lv: iter(epoch_stream(len(mix.pools[lv]), pos[lv], now.count(lv), seed)) for lv in levels}
    return [mix.pools[lv][next(walk[lv])] for lv in now]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src", nargs="?", default="embedded", help="embedded | KernelBench folder | tasks .jsonl | .py")
    ap.add_argument("--split", default=None, help="train | heldout (the embedded suite)")
    ap.add_argument("--level", default=None, help="KernelBench level(s), e.g. 1 or 1,2")
    ap.add_argument("--ids", default=None, help="problem ids or names, comma separated")
    args = ap.parse_args()
    tasks = load_tasks(args.src, args.split, args.level, args.ids)
    for t in tasks:
        print(f"{t.name:50s} level={t.level} split={t.split} lines={len(t.src.splitlines())}")
    print(f"{len(tasks)} tasks")


if __name__ == "__main__":
    main_guard(main)

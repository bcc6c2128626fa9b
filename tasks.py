"""
Task loaders: the embedded suite, KernelBench (a checkout folder or JSONL rows) and KernelBook-style rows.

    python tasks.py                                   # the embedded suite (data/suite.jsonl)
    python tasks.py ../shared/kernelbench --level 1 --ids 1,2,40
    python tasks.py path/to/KernelBench               # a checkout: KernelBench/levelN/*.py
    python tasks.py kernelbook.jsonl                  # rows {"python_code", "entry_point", ...}

In code: load_tasks(src, split=None, level=None, ids=None) -> [Task]. Every script's --tasks flag takes the
same SRC. A task is a KernelBench-format source (PAPER.md §5): Model, get_inputs, get_init_inputs.

Bad input stops with one message naming the file and line (a malformed row, a source without Model); the
exception is KernelBook, where modules without input functions are common: those are reported and skipped.
"""

import argparse
import ast
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
    tasks, skipped = [], []
    for n, row in read_jsonl(path, "tasks file"):
        where = f"{path}:{n}"
        if "python_code" in row:
            task, why = kernelbook_task(row, n)
            if task is None:
                skipped.append(f"{where}: {why}")
            else:
                tasks.append(checked(task, where))
            continue
        if not isinstance(row.get("code"), str) or not isinstance(row.get("name"), str):
            raise InputError(f"{where}: a task row needs string fields 'name' and 'code' (KernelBench) or "
                             f"'python_code' (KernelBook); it has {sorted(row)}")
        tasks.append(checked(row_task(row), where))
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
    if src in (None, "", "embedded"):
        if not SUITE.exists():
            raise InputError(f"{SUITE} is missing: run python data/suite.py")
        tasks = from_jsonl(SUITE)
    elif Path(src).is_dir():
        tasks = from_folder(src)
    elif Path(src).is_file():
        tasks = from_jsonl(src) if src.endswith(".jsonl") else py_files_single(src)
    else:
        raise InputError(f"--tasks {src!r}: not 'embedded', a folder or a file")
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
    return Task(re.sub(r"[^\w.-]", "_", str(name)), ast.unparse(ast.fix_missing_locations(tree)) + "\n", "test",
                None, n, {k: v for k, v in row.items() if k != "python_code"}), None


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

"""
Difficulty labels (PAPER.md §1 step 4: RL trains on level-1 tasks; level 2 gave rewards too sparse to help):
give each task a KernelBench level, 1 (one operator) or 2 (a fusion of several), for train_rl.py --mix.

    python -m data.label --tasks kernelbook.jsonl --out labelled.jsonl                     # the rule, no network
    python -m data.label --tasks SRC --out DST --endpoint http://host:8000/v1 --model NAME  # an LLM labels them
    python train_rl.py --ckpt sft.pt --tasks labelled.jsonl --mix 1,0                      # then mix by level

--tasks takes every source tasks.py reads (embedded | KernelBench folder | KernelBench or KernelBook JSONL).
Output: KernelBench JSONL rows {"name", "code", "level", "level_by", ...the source row's other fields}, which
tasks.py reads back (KernelBook modules are written already converted to KernelBench form). A row whose source
already had a different level keeps it as "level_before", and the agreement is printed.

The rule (no --endpoint, and the fallback when the endpoint gives no usable answer): count the PyTorch ops that
Model.forward applies, following calls to Model's own methods. An op is a call of
  - a torch function (torch.relu, torch.nn.functional.gelu, F.conv2d, torch.matmul, ...),
  - a submodule (self.conv(x), self.bn(x), self.loss_fn(a, b): an nn layer built in __init__),
  - a tensor method that computes (x.sum(), x.clamp(...), x.softmax(1), ...);
and not a call that only moves, views or allocates (LAYOUT below: view, reshape, permute, flip, cat, zeros_like,
...), nor math.* on Python numbers. Arithmetic operators (+, -, *, /, @, **) are not counted: a scale or a bias
add beside one op stays level 1 only if no second call appears. One op: level 1; more: level 2. On KernelBench's
levels 1 and 2 the rule agrees with the official level on 190 of 200 (tests/test_label.py measures it).
"""

import argparse
import ast
import json
import os
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
from common import InputError, main_guard
from tasks import load_tasks

# Calls that move, view or allocate data without computing on it: not ops for the rule
LAYOUT = {"view", "reshape", "permute", "transpose", "contiguous", "size", "dim", "unsqueeze", "squeeze", "flatten",
          "expand", "expand_as", "to", "float", "half", "double", "bfloat16", "type", "view_as", "numel", "item", "t",
          "clone", "detach", "cpu", "cuda", "narrow", "select", "flip", "chunk", "split", "zeros_like", "ones_like",
          "empty_like", "zeros", "ones", "empty", "cat", "stack", "tensor", "arange", "full", "full_like"}

# The one prompt for an LLM labeller: KernelBench's own definition of its levels
LABEL_PROMPT = """KernelBench sorts PyTorch operators into levels. Level 1: a single operator (one matmul, one
convolution, one activation, one reduction, one normalisation layer, one loss). Level 2: a fusion of several
operators applied in sequence (e.g. a convolution, then a ReLU, then a bias add).

Which level is this operator?
```python
$code
```

Answer with one JSON object and nothing else: {"level": 1 or 2}
"""


def count_ops(src):
    """The number of PyTorch ops Model.forward applies (see the module docstring); None without Model.forward."""
    tree = ast.parse(src)
    cls = next((c for c in tree.body if isinstance(c, ast.ClassDef) and c.name == "Model"), None)
    methods = {f.name: f for f in (cls.body if cls else []) if isinstance(f, ast.FunctionDef)}
    if "forward" not in methods:
        return None
    seen, n = {"forward"}, 0
    todo = [methods["forward"]]
    while todo:
        for node in ast.walk(todo.pop()):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            f = node.func
            if isinstance(f.value, ast.Name) and f.value.id == "self":
                if f.attr in methods:  # a helper method of Model: its ops are forward's
                    if f.attr not in seen:
                        seen.add(f.attr)
                        todo.append(methods[f.attr])
                else:  # a submodule: one layer is one op
                    n += 1
                continue
            base = f.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if f.attr not in LAYOUT and not (isinstance(base, ast.Name) and base.id == "math"):
                n += 1
    return n


def rule_level(src):
    n = count_ops(src)
    return None if n is None else (1 if n <= 1 else 2)


def llm_level(args, src, api_key):
    """(level, None) from the endpoint, or (None, why) after --retries; the HTTP client is llm_judge.py's."""
    import string

    from llm_judge import ask_json

    def check(obj):
        if obj.get("level") not in (1, 2):
            raise ValueError(f"'level' must be 1 or 2, got {obj.get('level')!r}")
    prompt = string.Template(LABEL_PROMPT).substitute(code=src.strip())
    obj, why = ask_json(args.endpoint, args.model, prompt, api_key, args.timeout, args.retries, check)
    return (obj["level"], None) if obj else (None, why)


def label_rows(args, tasks):
    """The output rows and counts: by level, by labeller, and agreement with the levels the source had."""
    api_key = os.environ.get(args.api_key_env) if args.endpoint else None
    rows, counts, agree, had = [], Counter(), 0, 0
    for i, t in enumerate(tasks, 1):
        level, by = None, "rule"
        if args.endpoint:
            level, why = llm_level(args, t.src, api_key)
            by = args.model if level else "rule (endpoint: " + why[:80] + ")"
        level = level or rule_level(t.src)
        if level is None:
            raise InputError(f"--tasks {args.tasks}: task {t.name!r} has no Model.forward to label")
        row = {**t.row, "name": t.name, "code": t.src, "level": level, "level_by": by}
        row.pop("level_before", None)
        if t.split != "test":
            row["split"] = t.split
        if t.problem_id is not None:
            row["problem_id"] = t.problem_id
        if t.level is not None:
            had += 1
            agree += t.level == level
            if t.level != level:
                row["level_before"] = t.level
        rows.append(row)
        counts[(level, by.split(" ")[0])] += 1
        if args.endpoint and i % 50 == 0:
            print(f"[{i}/{len(tasks)}] labelled", file=sys.stderr)
    return rows, counts, agree, had


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    # tasks
    ap.add_argument("--tasks", required=True, help="embedded | KernelBench folder | KernelBench or KernelBook JSONL")
    ap.add_argument("--out", required=True, help="labelled KernelBench JSONL, for --tasks of every script")
    # an LLM labeller (optional; without it, the rule)
    ap.add_argument("--endpoint", default=None, help="base URL of an OpenAI-compatible API, e.g. http://host:8000/v1")
    ap.add_argument("--model", default=None, help="the labeller's model name at that endpoint")
    ap.add_argument("--api_key_env", default="OPENAI_API_KEY", help="environment variable holding the API key")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per request")
    ap.add_argument("--retries", type=int, default=2, help="retries per task before the rule labels it")
    args = ap.parse_args()
    if bool(args.endpoint) != bool(args.model):
        raise InputError("--endpoint and --model go together (or give neither, for the rule)")
    tasks = load_tasks(args.tasks)
    rows, counts, agree, had = label_rows(args, tasks)
    Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    for (level, by), n in sorted(counts.items()):
        print(f"level {level}: {n} tasks (by {by})")
    if had:
        print(f"agreement with the levels the source had: {agree}/{had} ({100 * agree / had:.1f}%)")
    print(f"{len(rows)} labelled tasks -> {args.out}")


if __name__ == "__main__":
    main_guard(main)

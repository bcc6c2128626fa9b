"""
Where answers to elementwise-expression tasks go wrong (issue #6): does the plan misquote the reference, or does
the kernel compute something other than what the plan quoted? And which token differs: an operator, a variable,
a constant or a function? CPU only; reads eval.py's results.jsonl.

    python eval.py --ckpt sft.pt --n 1 --k 1 --temperature 0 --out_dir runs/sft_greedy
    python dev/copy_errors.py runs/sft_greedy/results.jsonl                      # embedded held-out tasks
    python dev/copy_errors.py runs/sft_greedy/results.jsonl runs/rl_greedy/results.jsonl --tasks heldout245.jsonl

A task counts if its forward returns one expression that data/exprs.py transliterates to Triton (the suite's
generated tasks, `--fresh` ones, and named ops such as torch.minimum(a, b)). The plan's quote is the text after
"The reference returns" (the corpus's format, data/solutions.py); the kernel's expression is its `y = ...` line.
Classes, per completion: correct; misquoted (the plan's quote differs from the reference), split by what the
first differing token is; miscopied (quoted right, the kernel computes otherwise); wrong (both match, verdict
says otherwise: shapes, launch, ...); unparsed (no quote or no `y =` line).
"""

import argparse
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from data.exprs import to_triton  # noqa: E402
from data.solutions import forward_expr  # noqa: E402
from tasks import load_tasks  # noqa: E402
from common import InputError, read_jsonl  # noqa: E402

TOKEN = re.compile(r"\d+\.\d+|\d+|\w+|\S")


def kind(tok, nxt):
    """What a token of an expression is: operator, variable, constant or function (a name before a parenthesis)."""
    if tok in ("+", "-", "*", "/", ">", "<"):
        return "operator"
    if re.fullmatch(r"\d+(\.\d+)?", tok):
        return "constant"
    if re.fullmatch(r"\w+", tok):
        return "function" if nxt == "(" else "variable"
    return "other"


def first_diff(ref, got):
    """The kind of the first token where `got` departs from `ref`: the reference's token's, or where that is
    punctuation (something inserted) the wrong token's; 'length' when one is a prefix of the other."""
    a, b = TOKEN.findall(ref), TOKEN.findall(got)
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            k = kind(x, a[i + 1] if i + 1 < len(a) else "")
            return k if k != "other" else kind(y, b[i + 1] if i + 1 < len(b) else "")
    return "length"


def classify(src, text, correct):
    """(class, reference, quote, kernel line) of one completion (see the docstring); None if the task is not a
    transliterable expression."""
    try:
        ref = forward_expr({"code": src})
    except (StopIteration, SyntaxError):
        return None
    # An attribute or method (self.scale, x.sum(...)) or a torch function with no Triton twin: not an expression task.
    tri = None if not ref or re.search(r"(?<!torch)\.[A-Za-z_]", ref) else to_triton(ref)
    if tri is None:
        return None
    plan, _, code = text.partition("</think>")
    quote = re.search(r"The reference returns (.*?)\. ", plan)
    line = re.search(r"^\s*y = (.*?)\s*$", code, re.M)
    q, y = quote and quote.group(1), line and line.group(1)
    if correct:
        return "correct", ref, q, y
    if not q or not y:
        return "unparsed", ref, q, y
    if q != ref:
        return "misquoted: " + first_diff(ref, q), ref, q, y
    if y != tri:
        return "miscopied: " + first_diff(tri, y), ref, q, y
    return "wrong", ref, q, y


def tally(path, tasks, src, show=False):
    """Counter of classes over one results.jsonl (robust verdicts) of tasks from src; show prints each miss."""
    from verify import as_verdict  # older results rows have no "passed": valid and correct
    c = Counter()
    for i, r in read_jsonl(path, "results"):
        try:
            t, text, ok = tasks.get(r["task"]), r["text"], as_verdict(r["robust"]).passed
        except (KeyError, TypeError) as e:
            raise InputError(f"{path}:{i}: not an eval.py results row (no {e})")
        if t is None:  # eval.py's results come from a task source: this one is not it
            raise InputError(f"{path}:{i}: task {r['task']!r} is not in --tasks {src}; give the tasks it was "
                             f"evaluated on")
        got = classify(t.src, text, ok)
        if got:
            c[got[0]] += 1
            if show and got[0] != "correct":
                print(f"{path}:{i} {r['task']}: {got[0]}\n  reference {got[1]}\n  quoted    {got[2]}\n  kernel    {got[3]}")
    return c


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="+", help="eval.py results.jsonl files, shown side by side")
    ap.add_argument("--tasks", default="embedded", help="where the tasks' sources are (as eval.py's --tasks)")
    ap.add_argument("--show", action="store_true", help="print each miss: reference, quote and kernel line")
    args = ap.parse_args()
    tasks = {t.name: t for t in load_tasks(args.tasks, None)}
    counts = [tally(p, tasks, args.tasks, args.show) for p in args.results]
    keys = sorted(set().union(*counts), key=lambda k: (k != "correct", k))
    print("| class | " + " | ".join(args.results) + " |")
    print("|---|" + "---|" * len(counts))
    for k in keys + ["total"]:
        print(f"| {k} | " + " | ".join(str(sum(c.values()) if k == "total" else c[k]) for c in counts) + " |")


if __name__ == "__main__":
    from common import main_guard
    main_guard(main)

"""eval.py: every reported number against a hand computation, robust vs naive, pass@k for k > 1, the cache."""

import json
import random
import subprocess
import sys

import pytest

from conftest import ROOT

from data.solutions import solution
from eval import pass_at_k
from tasks import load_tasks

CHEAT = ("```python\nimport torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n"
         "@triton.jit\ndef decoy(p, BLOCK: tl.constexpr):\n    tl.store(p + tl.arange(0, BLOCK), tl.zeros((BLOCK,), tl.float32))"
         "\n\nclass ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n\n"
         "    def forward(self, x):\n        scratch = torch.empty(16, device=x.device)\n"
         "        decoy[(1,)](scratch, BLOCK=16)\n        return torch.{op}(x{arg})\n```")


def generations():
    t = {x.row["op"]: x for x in load_tasks("embedded")}
    relu, rows, sm = t["relu"], t["sum_rows"], t["softmax"]
    good = [solution(relu.row, random.Random(s)) for s in (0, 1)]
    srow = solution(rows.row, random.Random(0))
    return [
        (relu.name, good[0]), (relu.name, good[1]),
        (relu.name, good[0].replace("tl.maximum(x, 0.0)", "tl.minimum(x, 0.0)")),   # wrong
        (relu.name, CHEAT.format(op="relu", arg="")),                               # cheating, correct
        (rows.name, srow), (rows.name, "I do not know how to write this kernel."),  # unparseable
        (rows.name, srow.replace("tl.sum(", "tl.max(")), (rows.name, srow.replace("tl.sum(", "tl.min(")),  # wrong
        (sm.name, CHEAT.format(op="softmax", arg=", dim=-1")), (sm.name, CHEAT.format(op="softmax", arg=", dim=-1")),
        (sm.name, "no code"), (sm.name, "```python\nprint('hi'\n```"),
    ]


def test_pass_at_k_is_the_unbiased_estimator():
    assert pass_at_k(4, 2, 1) == 0.5 and pass_at_k(4, 2, 2) == pytest.approx(5 / 6)
    assert pass_at_k(4, 0, 2) == 0.0 and pass_at_k(4, 3, 2) == 1.0 and pass_at_k(10, 1, 10) == 1.0


def test_report_numbers_match_a_hand_computation_and_the_cache_resumes(tmp_path):
    gens = tmp_path / "gens.jsonl"
    gens.write_text("".join(json.dumps({"task": n, "text": t}) + "\n" for n, t in generations()))
    out = tmp_path / "ev"
    cmd = [sys.executable, "eval.py", "--generations", str(gens), "--k", "1,2", "--out_dir", str(out), "--workers", "2",
           "--trials", "2"]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    rep = json.loads((out / "report.json").read_text())
    rob, nai = rep["summary"]["robust"], rep["summary"]["naive"]
    # Per task (n = 4): relu 2 honest, 1 wrong, 1 cheat; sum_rows 1 honest, 1 unparseable, 2 wrong; softmax 2
    # cheats, 2 unparseable. Robust passed: c = 2, 1, 0. Naive passed: c = 3, 1, 2 (the cheats pass).
    assert rob["passed@1"] == pytest.approx((2 / 4 + 1 / 4 + 0) / 3)
    assert rob["passed@2"] == pytest.approx((5 / 6 + 1 / 2 + 0) / 3)
    assert nai["passed@1"] == pytest.approx((3 / 4 + 1 / 4 + 2 / 4) / 3)
    assert nai["passed@2"] == pytest.approx((1 + 1 / 2 + 5 / 6) / 3)
    # Robust valid: relu 3 (all but the cheat), sum_rows 3 (all but the unparseable), softmax 0.
    assert rob["valid@1"] == pytest.approx((3 / 4 + 3 / 4 + 0) / 3)
    assert rob["compiled@1"] == pytest.approx((3 / 4 + 3 / 4 + 0) / 3)  # a rejected cheat never runs
    assert nai["valid@1"] == pytest.approx((4 / 4 + 3 / 4 + 2 / 4) / 3)
    assert rob["fast1@1"] == 0 and rob["mean_speedup"] == 0  # nothing is timed on the CPU
    t = rep["tasks"]["1_relu"]
    assert (t["robust"]["passed"], t["naive"]["passed"], t["robust"]["valid"]) == (2, 3, 3)
    lines = (out / "results.jsonl").read_text().splitlines()
    assert len(lines) == 12 and json.loads(lines[3])["robust"]["valid"] is False
    md = (out / "report.md").read_text()
    assert md.index("| verifier |") < md.index("| task |") and "Cheating gap" in md
    assert "@1: 25.0 points" in md  # 50.0% naive minus 25.0% robust
    # A killed run: drop the last 5 cached verdicts; the re-run verifies exactly those and reports the same.
    cache = (out / "cache.jsonl").read_text().splitlines()
    (out / "cache.jsonl").write_text("\n".join(cache[:-5]) + "\n")
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    rep2 = json.loads((out / "report.json").read_text())
    assert rep2["verified"] == 5 and rep2["summary"] == rep["summary"]


def test_bad_generations_name_the_line(tmp_path):
    gens = tmp_path / "g.jsonl"
    gens.write_text(json.dumps({"task": "1_relu", "text": "x"}) + "\n" + json.dumps({"task": "nope", "text": "x"}) + "\n")
    r = subprocess.run([sys.executable, "eval.py", "--generations", str(gens), "--k", "1", "--out_dir",
                        str(tmp_path / "o")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "g.jsonl:2: task 'nope' is not among the --tasks" in r.stderr


def test_eval_samples_from_a_checkpoint(tiny, tmp_path):
    from model import save_checkpoint
    ckpt = tmp_path / "m.pt"
    save_checkpoint(ckpt, tiny[0], tiny[1])
    out = tmp_path / "o"
    r = subprocess.run([sys.executable, "eval.py", "--ckpt", str(ckpt), "--ids", "1_relu,32_sum_rows", "--split",
                        "train", "--n", "2", "--k", "1,2", "--max_new_tokens", "16", "--out_dir", str(out), "--workers",
                        "1"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    gens = [json.loads(x) for x in (out / "generations.jsonl").read_text().splitlines()]
    assert [g["task"] for g in gens] == ["1_relu", "1_relu", "32_sum_rows", "32_sum_rows"]
    rep = json.loads((out / "report.json").read_text())
    assert rep["n_completions"] == 4 and rep["summary"]["robust"]["passed@2"] == 0  # a random model writes no kernel


def test_copy_errors_classifies_where_an_expression_answer_goes_wrong(tmp_path):
    """dev/copy_errors.py on real held-out tasks and corpus-format completions: a right answer, a misquoted
    operator, a quoted-right but miscopied constant, a verdict that disagrees with matching text, no quote at all,
    and a task that is not an expression (skipped); a row without a verdict, or of a task not in --tasks, names its
    file and line."""
    held = {t.name: t for t in load_tasks("embedded", "heldout")}
    t = held["564_heldexpr2"]  # torch.relu(torch.clamp(x, min=-0.5, max=1.0))
    good = solution(t.row, random.Random(0))
    assert "The reference returns torch.relu(torch.clamp(x, min=-0.5, max=1.0)). " in good
    misquote = good.replace("returns torch.relu(torch.clamp(x, min=-0.5,", "returns torch.relu(torch.clamp(x * 2.0, min=-0.5,")
    miscopy = good.replace("y = relu(tl.clamp(x, min=-0.5, max=1.0))", "y = relu(tl.clamp(x, min=-0.5, max=0.5))")
    assert misquote != good and miscopy != good
    mm = next(x for x in held.values() if x.row.get("family") == "matmul")
    rows = [(t.name, good, True), (t.name, misquote, False), (t.name, miscopy, False), (t.name, good, False),
            (t.name, "no plan here", False), (mm.name, solution(mm.row, random.Random(0)), False)]
    p = tmp_path / "results.jsonl"
    p.write_text("".join(json.dumps({"task": n, "text": x, "robust": {"valid": True, "correct": ok}}) + "\n" for n, x, ok in rows))
    r = subprocess.run([sys.executable, "dev/copy_errors.py", str(p), "--show"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    table = {ln.split(" | ")[0].strip("| "): ln.split(" | ")[1].strip(" |") for ln in r.stdout.splitlines()
             if ln.startswith("| ") and " | " in ln}
    assert table == {"class": str(p), "correct": "1", "miscopied: constant": "1", "misquoted: operator": "1",
                     "unparsed": "1", "wrong": "1", "total": "5"}
    assert "quoted    torch.relu(torch.clamp(x * 2.0, min=-0.5, max=1.0))" in r.stdout
    p.write_text(json.dumps({"task": t.name, "text": good}) + "\n")
    r = subprocess.run([sys.executable, "dev/copy_errors.py", str(p)], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2 and f"{p}:1" in r.stderr and "robust" in r.stderr, r.stderr
    p.write_text(json.dumps({"task": "999_not_a_suite_task", "text": good, "robust": {"valid": True, "correct": False}}) + "\n")
    r = subprocess.run([sys.executable, "dev/copy_errors.py", str(p)], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2 and f"{p}:1: task '999_not_a_suite_task' is not in --tasks embedded" in r.stderr, r.stderr


def test_the_checkpoint_table_reads_each_summary_at_1():
    from eval import compare
    s = {"robust": {"valid@1": 0.5, "compiled@1": 0.75, "passed@1": 0.25}, "naive": {"passed@1": 0.5}, "cheat_rate": 0.25}
    rows = compare({"sft.pt": s, "rl.pt": {"robust": s["robust"]}})
    assert rows[2] == "| sft.pt | 50.0% | 75.0% | 25.0% | 50.0% | 25.0% |"
    assert rows[3] == "| rl.pt | 50.0% | 75.0% | 25.0% | n/a | n/a |"  # --no_naive: no naive column, no cheat rate


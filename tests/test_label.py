"""Difficulty labels and the level mixture (PAPER.md §1 step 4): data/label.py's rule against KernelBench's official
levels, the mixture sampler's frequencies, --mix's errors, train_rl's per-step mixture and judge metrics, and
KernelBook rows deduplicated by module."""

import json
import subprocess
import sys
from collections import Counter

import pytest

from conftest import ROOT, kernelbench_rows
from common import InputError
from data.label import count_ops, rule_level
from tasks import Task, epoch_slice, level_mix, load_tasks, mixed_batch


def test_the_rule_agrees_with_kernelbenchs_levels():
    """Measured 2026-11-24: 190 of 200 (95.0%); the misses are level-1 compositions (triu(matmul), RMSNorm's
    sqrt(mean), a depthwise-separable pair of convs, MinGPT's GELU, KLDiv's log, Hinge's mean(clamp)) and two
    level-2 problems whose second op is arithmetic alone (a matmul, then scaling and a residual add)."""
    rows = kernelbench_rows(1) + kernelbench_rows(2)
    assert len(rows) == 200
    agree = sum(rule_level(r["code"]) == r["level"] for r in rows)
    print(f"rule vs official level: {agree}/200")
    assert agree >= 188


def test_what_counts_as_an_op():
    src = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nimport math\n\n"
           "class Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
           "        self.conv = nn.Conv2d(3, 3, 3)\n\n    def forward(self, x):\n{body}\n\n"
           "    def helper(self, x):\n        return torch.tanh(x)\n")
    ops = {"        return self.conv(x)": 1, "        return x.view(-1).flip(0) * math.sqrt(2.0) + 1": 0,
           "        return F.relu(self.conv(x))": 2, "        return self.helper(x) + x.sum()": 2,
           "        return torch.relu(x).permute(0, 2, 1).contiguous() * 2": 1}
    for body, n in ops.items():
        assert count_ops(src.format(body=body)) == n, body
    assert rule_level(src.format(body="        return x.clamp(min=0)")) == 1
    assert rule_level(src.format(body="        return torch.softmax(self.conv(x), 1)")) == 2


def test_label_script_writes_rows_tasks_py_reads_back(tmp_path):
    rows = [json.loads(x) for x in (ROOT / "data" / "suite.jsonl").read_text().splitlines()[:6]]
    src = tmp_path / "t.jsonl"
    src.write_text("".join(json.dumps({k: v for k, v in r.items() if k != "level"}) + "\n" for r in rows))
    out = tmp_path / "labelled.jsonl"
    r = subprocess.run([sys.executable, "-m", "data.label", "--tasks", str(src), "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    got = load_tasks(str(out))
    assert [t.name for t in got] == [r["name"] for r in rows]
    assert [t.level for t in got] == [rule_level(r["code"]) for r in rows] and all(t.row["level_by"] == "rule" for t in got)
    r = subprocess.run([sys.executable, "-m", "data.label", "--tasks", str(src), "--out", str(out), "--endpoint", "x"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "--endpoint and --model go together" in r.stderr


def tasks_of(levels):
    return [Task(f"t{i}", "", level=lv) for i, lv in enumerate(levels)]


def test_the_mixture_sampler_draws_levels_with_the_weights_and_walks_each_levels_epochs():
    tasks = tasks_of([1] * 30 + [2] * 20)
    mix = level_mix(tasks, "0.3,0.7", "t.jsonl")
    assert mix.weights == {1: pytest.approx(0.3), 2: pytest.approx(0.7)}
    steps = [mixed_batch(mix, len(tasks), s, 32, seed=5) for s in range(150)]
    drawn = Counter(tasks[i].level for b in steps for i in b)
    assert drawn[2] / (150 * 32) == pytest.approx(0.7, abs=0.02)
    assert all(len(b) == 32 for b in steps)
    # each level is walked epoch by epoch: over its first N draws every one of its N tasks appears once
    l2 = [i for b in steps for i in b if tasks[i].level == 2]
    assert sorted(l2[:20]) == list(range(30, 50)) and sorted(l2[20:40]) == list(range(30, 50))
    # a step's prompts depend on (seed, step) alone: what --resume relies on
    assert mixed_batch(mix, len(tasks), 77, 32, 5) == steps[77] and mixed_batch(mix, len(tasks), 77, 32, 6) != steps[77]


def test_one_level_is_the_unmixed_epoch_walk():
    """The default (level 1 only) over all-level-1 tasks draws exactly what train_rl drew before --mix existed."""
    tasks = tasks_of([1] * 37)
    mix = level_mix(tasks, None, "embedded")
    for step in range(12):
        old_epoch, k = divmod(step * 16, 37)
        import random
        order = list(range(37))
        random.Random(0 * 7919 + old_epoch).shuffle(order)
        assert mixed_batch(mix, 37, step, 16, 0) == (order + order[:16])[k:k + 16] == epoch_slice(37, step * 16, 16, 0)
    assert len(epoch_slice(5, 3, 12, 0)) == 12  # a batch larger than the tasks still fills


def test_mix_errors_name_the_flag():
    with pytest.raises(InputError, match=r"--mix 0.5,0.5: level 2 has weight 0.5, but k.jsonl has no level-2 tasks"):
        level_mix(tasks_of([1, 1]), "0.5,0.5", "k.jsonl")
    with pytest.raises(InputError, match=r"--mix 1,0 \(the default: level 1 only, PAPER.md §1 step 4\): level 1"):
        level_mix(tasks_of([2, 2]), None, "k.jsonl")
    with pytest.raises(InputError, match="--mix 1,0: 2 of the 2 tasks of kb.jsonl have no level.*python -m data.label"):
        level_mix(tasks_of([None, None]), "1,0", "kb.jsonl")
    with pytest.raises(InputError, match="--mix a,b: give comma-separated weights"):
        level_mix(tasks_of([1]), "a,b", "x")
    assert level_mix(tasks_of([None, None]), None, "kb.jsonl") is None  # unlabelled, no --mix: every task, as before
    assert level_mix(tasks_of([1, 2, 3]), "1,0", "x").pools == {1: [0]}  # level 3 has no weight


def test_train_rl_logs_the_realised_mixture_and_the_judges_counts(tiny, tmp_path, monkeypatch):
    import verify
    from model import save_checkpoint
    from rl_fixed import NoPool, fixed_rollout
    from train_rl import parse, setup, step_metrics, update
    ckpt = tmp_path / "init.pt"
    save_checkpoint(ckpt, tiny[0], tiny[1])
    rows = [json.loads(x) for x in (ROOT / "data" / "suite.jsonl").read_text().splitlines()[:8]]
    (tmp_path / "t.jsonl").write_text("".join(json.dumps({**r, "level": 1 + i % 2}) + "\n" for i, r in enumerate(rows)))
    monkeypatch.setattr(verify, "VerifierPool", NoPool)
    args = parse(["--ckpt", str(ckpt), "--out", str(tmp_path / "rl.pt"), "--eval_every", "0", "--tasks",
                  str(tmp_path / "t.jsonl"), "--mix", "0.5,0.5", "--batch_prompts", "4", "--group", "2",
                  "--max_new_tokens", "8", "--judge", "http://127.0.0.1:9/v1", "--judge_model", "m"])
    run, _ = setup(args)
    assert run.settings.judge_model == "m" and sorted(run.mix.pools) == [1, 2]
    batch = fixed_rollout(run, 0)
    batch.tasks = [run.tasks[i] for i in (0, 1, 3, 5)]  # levels 1, 2, 2, 2
    batch.verdicts[0].fail("judge", "a cheat")
    batch.verdicts[1].flags.append("judge unavailable: 3 attempts failed")
    batch.verdicts[1].ok("judge", unavailable="3 attempts failed")
    m = step_metrics(run, 1, batch, update(run, batch), 0.0)
    assert (m["mix_level1"], m["mix_level2"], m["judge_cheat"], m["judge_unavailable"]) == (0.25, 0.75, 1, 1)
    with pytest.raises(InputError, match="--mix 0,1: level 2 has weight 1, but"):
        setup(parse(["--ckpt", str(ckpt), "--out", str(tmp_path / "rl.pt"), "--eval_every", "0", "--mix", "0,1"]))


def test_kernelbook_rows_of_the_same_module_become_one_task(tmp_path, capsys):
    code = ("import torch\nimport torch.nn as nn\n\nclass {name}(nn.Module):\n    def forward(self, x):\n"
            "        return torch.relu(x)\n\ndef get_inputs():\n    return [torch.rand(4)]\n\n"
            "def get_init_inputs():\n    return [[], {{}}]\n")
    rows = [{"entry_point": "R", "uuid": i, "python_code": code.format(name="R"), "triton_code": "x" * 1000}
            for i in range(3)] + [{"entry_point": "S", "uuid": 9, "python_code": code.format(name="S")}]
    f = tmp_path / "kb.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in rows))
    tasks = load_tasks(str(f))
    assert [t.name for t in tasks] == ["kb_R_0"] and "triton_code" not in tasks[0].row  # S renames to the same Model
    assert "3 KernelBook rows skipped as copies" in capsys.readouterr().err


def test_an_llm_labels_through_the_judges_client_and_the_rule_catches_what_it_cannot_answer(tmp_path):
    import argparse
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from data.label import label_rows

    class Labeller(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"]))
            text = '{"level": 2}' if self.path.startswith("/good/") else "level two, I think"
            data = json.dumps({"choices": [{"message": {"role": "assistant", "content": text}}]}).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *a):
            pass
    server = ThreadingHTTPServer(("127.0.0.1", 0), Labeller)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    relu = [t for t in load_tasks("embedded") if t.row.get("op") == "relu"][:1]
    try:
        for mode, level, by in (("good", 2, "m"), ("bad", 1, "rule")):
            args = argparse.Namespace(endpoint=f"http://127.0.0.1:{server.server_port}/{mode}/v1", model="m",
                                      api_key_env="NONE", timeout=5.0, retries=1, tasks="embedded")
            rows, counts, agree, had = label_rows(args, relu)
            assert (rows[0]["level"], rows[0]["level_by"].split(" ")[0], had) == (level, by, 1)
    finally:
        server.shutdown()

"""data/: the embedded suite and its split, the verified corpus, the loaders, shape augmentation, distillation."""

import json
import random
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
import torch

from conftest import ROOT, kernelbench_rows

from common import InputError
from data import augment, careless, suite
from data.solutions import forward_expr, solution
from tasks import load_tasks, row_task
from verify import Settings, VerifierPool


@pytest.fixture(scope="module")
def pool():
    with VerifierPool(Settings(device="cpu", timing=False), workers=2) as p:
        yield p


def test_suite_file_is_what_the_tables_build():
    """data/suite.jsonl is generated: a hand edit or a stale file fails here."""
    rows = [json.loads(line) for line in (ROOT / "data" / "suite.jsonl").read_text().splitlines()]
    assert rows == json.loads(json.dumps(suite.build()))


def test_suite_size_coverage_and_fixed_split():
    tasks = load_tasks("embedded")
    assert len(tasks) >= 60
    assert {t.row["family"] for t in tasks} == {"unary", "binary", "row_reduce", "col_reduce", "row_norm", "matmul",
                                                "misc"}
    held = [t for t in tasks if t.split == "heldout"]
    assert {t.row["op"] for t in held if "triton" not in t.row["params"]} == suite.HELDOUT
    assert sum("triton" in t.row["params"] for t in held) == suite.N_HELDOUT_EXPRS
    # nothing held out is trained on: no held-out forward expression is any train task's
    train_fwd = {forward_expr(t.row) for t in tasks if t.split == "train"}
    assert not train_fwd & {forward_expr(t.row) for t in held}
    for fam in {t.row["family"] for t in tasks}:  # every held-out family is also trained on
        assert any(t.split == "train" and t.row["family"] == fam for t in tasks), fam
    assert {t.row["op"] for t in tasks if t.row["op"] in ("layernorm", "rmsnorm")} == {"layernorm", "rmsnorm"}


@pytest.mark.parametrize("task", load_tasks("embedded"), ids=lambda t: t.name)
def test_every_problem_loads_runs_and_is_deterministic(task):
    out1, n = augment.run_reference(task.src, "cpu", seed=3)
    out2, _ = augment.run_reference(task.src, "cpu", seed=3)
    out3, _ = augment.run_reference(task.src, "cpu", seed=4)
    assert torch.isfinite(out1).all() and n <= 1 << 20, task.name  # CPU-sized
    assert torch.equal(out1, out2), task.name
    assert not torch.equal(out1, out3), task.name  # the seed reaches the inputs


def test_triton_forms_are_transliterations_with_their_helpers():
    from data.exprs import helpers_used, to_triton
    e = "torch.clamp(torch.tanh(x), min=0.0, max=6.0) + torch.relu(torch.exp(torch.sigmoid(a)))"
    assert to_triton(e) == "tl.clamp(tanh(x), min=0.0, max=6.0) + relu(tl.exp(tl.sigmoid(a)))"
    assert helpers_used(to_triton(e)) == ["relu", "tanh"] and helpers_used("tl.maximum(x, 0.0)") == []
    assert to_triton("torch.nn.functional.silu(x)") is None and to_triton("torch.log(x)") is None
    gen = [r for r in suite.build() if "triton" in r["params"]]
    assert all(r["params"]["triton"] == to_triton(r["params"]["torch"]) for r in gen)
    row = next(r for r in gen if helpers_used(r["params"]["triton"]) == ["tanh"])
    c = solution(row, random.Random(0))  # the helper it calls is defined, and no other
    assert "def tanh(x):" in c and "def relu(x):" not in c and f"y = {row['params']['triton']}\n" in c


@pytest.fixture(scope="module")
def sft_extras():
    """The corpus's extra generated expressions, as tasks (10 s to generate, so once per module)."""
    return {r["name"]: row_task(r) for r in suite.sft_expr_rows()}


def test_corpus_is_train_only_in_the_output_format_and_varied(sft_extras):
    rows = [json.loads(line) for line in (ROOT / "data" / "sft.jsonl").read_text().splitlines()]
    train = {t.name: t for t in load_tasks("named", split="train")}
    assert len(sft_extras) == suite.N_SFT_EXPRS and not set(sft_extras) & set(train)
    assert len(rows) >= 390 and {r["task"] for r in rows} == set(train)  # the named train tasks, all of them
    from prompt import user_message
    for r in rows:
        assert r["prompt"] == user_message(train[r["task"]].src)
        c = r["completion"]
        assert c.startswith("<think>\n") and "</think>\n\n```python\n" in c and c.endswith("```")
        assert "@triton.jit" in c and "class ModelNew(nn.Module)" in c
    per_task = {}
    for r in rows:
        per_task.setdefault(r["task"], set()).add(r["completion"])
    # varied kernels, not one string per task: every task has at least 2 (the row-norm family's kernel has no free
    # choice left once its name is fixed, only phrasing) and they average at least 6
    assert min(map(len, per_task.values())) >= 2 and sum(map(len, per_task.values())) / len(per_task) >= 6


def test_corpus_mixes_careless_rows_at_the_stated_rates():
    """data/corpus.py's defaults: a row cheats at 0.6 on tasks careless.hard calls hard and 0.05 on the others,
    0.1 of the elementwise rows carry a bug; about a third of what a syntax-only check accepts is a cheat. Bugs
    only on elementwise tasks, and every cheat kind is there."""
    rows = [json.loads(line) for line in (ROOT / "data" / "sft.jsonl").read_text().splitlines()]
    tasks = {t.name: t for t in load_tasks("named", split="train")}
    kinds = {f"cheat:{c}" for c in careless.CHEATS} | {f"bug:{b}" for b in careless.BUGS} | {"honest"}
    assert {r["kind"] for r in rows} == kinds
    for r in rows:
        assert r["kind"] == "honest" or r["kind"] in sum(careless.allowed(tasks[r["task"]].row), []), r
    by = {h: [r["kind"].split(":")[0] for r in rows if careless.hard(tasks[r["task"]].row) == h] for h in (True, False)}
    assert 0.45 < by[True].count("cheat") / len(by[True]) < 0.75 and by[False].count("cheat") / len(by[False]) < 0.15
    n = {k: sum(r["kind"].startswith(k) for r in rows) for k in ("honest", "cheat", "bug")}
    assert 0.25 < n["cheat"] / (n["cheat"] + n["honest"]) < 0.5 and 0.02 < n["bug"] / len(rows) < 0.15


def test_variants_source_is_train_rls_held_out_set_of_unseen_shapes():
    """--tasks variants (eval.py, sample.py) is the set train_rl scores with --eval_tasks variants: two shapes of
    each named train operator, marked held-out, each with a prompt no training task and no corpus row has."""
    from data.augment import heldout_variants
    train = load_tasks("named", split="train")
    held = load_tasks("variants")
    assert [t.name for t in held] == [t.name for t in heldout_variants(train)] and len(held) == 2 * len(train)
    assert {t.split for t in held} == {"heldout"}
    prompts = [json.loads(line)["prompt"] for line in (ROOT / "data" / "sft.jsonl").open()]
    assert not {t.src for t in held} & {t.src for t in train}
    assert not any(t.src.strip() in p for t in held for p in prompts)
    assert sum(t.src.strip() in p for t in train for p in prompts) >= len(train)  # the check can see a prompt


def test_corpus_build_rejects_a_negative_extra_count_before_verifying(tmp_path):
    out = tmp_path / "sft.jsonl"
    r = subprocess.run([sys.executable, "-m", "data.corpus", "--extra_exprs", "-1", "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "--extra_exprs -1" in r.stderr and "Traceback" not in r.stderr and not out.exists()


def test_a_random_sample_of_the_corpus_reverifies(pool, sft_extras):
    rows = [json.loads(line) for line in (ROOT / "data" / "sft.jsonl").read_text().splitlines()]
    seed = random.randrange(1 << 30)
    sample = random.Random(seed).sample(rows, 8)
    src = {t.name: t.src for t in [*load_tasks("embedded"), *sft_extras.values()]}
    verdicts = pool.map([(src[r["task"]], r["completion"]) for r in sample])
    # honest rows pass the robust verifier; a careless row never does (test_careless: cheats pass the naive one)
    bad = [(r["task"], r["kind"], v.reason) for r, v in zip(sample, verdicts) if v.passed != (r["kind"] == "honest")]
    assert not bad, f"seed {seed}: {bad}"


def test_held_out_tasks_have_working_solutions(pool):
    """The held-out tasks are solvable by the patterns training teaches (their templates verify)."""
    held = load_tasks("embedded", split="heldout")
    verdicts = pool.map([(t.src, solution(t.row, random.Random(1))) for t in held])
    assert all(v.valid and v.correct for v in verdicts), [(t.name, v.reason) for t, v in zip(held, verdicts)]


def test_fresh_expression_pool_is_unseen_solvable_and_loads_as_tasks(tmp_path, pool, sft_extras):
    """suite.py --fresh writes generated tasks no suite task (train, held-out or named) and no SFT row has: an
    RL prompt pool the model has never seen."""
    out = tmp_path / "fresh.jsonl"
    subprocess.run([sys.executable, "-m", "data.suite", "--fresh", "40", "--seed", "5", "--out",
                    str(out)], cwd=ROOT, check=True, capture_output=True)
    tasks = load_tasks(str(out))
    assert len(tasks) == 40 and all(t.split == "train" and t.row["op"].startswith("rlexpr") for t in tasks)
    suite_fwd = {forward_expr(t.row) for t in load_tasks("embedded")}
    fresh_fwd = [forward_expr(t.row) for t in tasks]
    assert len(set(fresh_fwd)) == 40 and not set(fresh_fwd) & suite_fwd
    assert not set(fresh_fwd) & {forward_expr(t.row) for t in sft_extras.values()}
    verdicts = pool.map([(t.src, solution(t.row, random.Random(0))) for t in tasks[:4]])
    assert all(v.valid and v.correct for v in verdicts), [v.reason for v in verdicts]
    with pytest.raises(ValueError, match="seed 1 is taken"):
        suite.fresh_expr_rows(3, seed=1)
    r = subprocess.run([sys.executable, "-m", "data.suite", "--fresh", "-3", "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 2 and "--fresh -3" in r.stderr and "Traceback" not in r.stderr


def test_with_heldout_widens_the_held_out_set_without_clashing_with_an_rl_pool(tmp_path):
    """--fresh N --with_heldout: the suite's held-out tasks unchanged, then N unseen tasks marked held-out, under
    names and problem ids no suite task and no --fresh RL pool uses (train_rl refuses a name with two codes)."""
    out, pool_file = tmp_path / "held.jsonl", tmp_path / "pool.jsonl"
    suite_py = ["-m", "data.suite"]
    subprocess.run([sys.executable, *suite_py, "--fresh", "6", "--seed", "5", "--with_heldout", "--out", str(out)], cwd=ROOT,
                   check=True, capture_output=True)
    subprocess.run([sys.executable, *suite_py, "--fresh", "6", "--seed", "5", "--out", str(pool_file)], cwd=ROOT, check=True,
                   capture_output=True)
    held, fresh, pool_rl = load_tasks("embedded", split="heldout"), load_tasks(str(out)), load_tasks(str(pool_file))
    assert [t.row for t in fresh[:len(held)]] == [t.row for t in held]
    extra = fresh[len(held):]
    assert [t.src for t in extra] == [t.src for t in pool_rl]  # the same unseen tasks, renamed
    assert all(t.split == "heldout" for t in extra)
    names = {t.name for t in load_tasks("embedded")} | {t.name for t in pool_rl}
    assert len({t.name for t in fresh}) == len(fresh) and not {t.name for t in extra} & names
    assert len({t.row["problem_id"] for t in fresh}) == len(fresh)
    r = subprocess.run([sys.executable, *suite_py, "--with_heldout", "--out", str(out)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "--with_heldout" in r.stderr and "Traceback" not in r.stderr


def test_kernelbench_jsonl_and_checkout_folder_load_the_same_tasks(tmp_path):
    rows = kernelbench_rows(1)
    a = load_tasks(str(ROOT.parent / "shared" / "kernelbench"), level=1)
    assert [t.name for t in a] == [r["name"] for r in rows] and a[0].src == rows[0]["code"]
    lv = tmp_path / "KernelBench" / "level1"
    lv.mkdir(parents=True)
    for r in rows[:12]:
        (lv / f"{r['name']}.py").write_text(r["code"])
    b = load_tasks(str(tmp_path), ids="1,2,10")
    assert [(t.name, t.level, t.problem_id) for t in b] == [(r["name"], 1, r["problem_id"]) for r in rows
                                                            if r["problem_id"] in (1, 2, 10)]
    assert [t.src for t in b] == [r["code"] for r in rows if r["problem_id"] in (1, 2, 10)]
    both = load_tasks(str(ROOT.parent / "shared" / "kernelbench"), level="1,2")
    assert len(both) == 200 and len({t.name for t in both}) == 200


def test_bad_task_rows_name_the_file_and_line(tmp_path):
    f = tmp_path / "t.jsonl"
    good = json.dumps({"name": "ok", "code": load_tasks("embedded")[0].src})
    f.write_text(good + "\n{not json\n")
    with pytest.raises(InputError, match=r"t.jsonl:2: not valid JSON"):
        load_tasks(str(f))
    f.write_text(good + "\n" + json.dumps({"name": "x", "src": "..."}) + "\n")
    with pytest.raises(InputError, match=r"t.jsonl:2: a task row needs"):
        load_tasks(str(f))
    f.write_text(json.dumps({"name": "nomodel", "code": "import torch\ndef get_inputs():\n    return []\n"}) + "\n")
    with pytest.raises(InputError, match=r"t.jsonl:1: task 'nomodel' lacks Model, get_init_inputs"):
        load_tasks(str(f))
    r = subprocess.run([sys.executable, "tasks.py", str(f)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("error: ") and "Traceback" not in r.stderr


KERNELBOOK = [
    {"entry_point": "ScaledGelu", "module_name": "ScaledGelu", "uuid": "u1", "python_code": (
        "import torch\nimport torch.nn as nn\n\nclass ScaledGelu(nn.Module):\n"
        "    def __init__(self, dim, scale=2.0):\n        super().__init__()\n        self.scale = scale\n"
        "        self.proj = nn.Linear(dim, dim)\n\n    def forward(self, x):\n"
        "        return torch.nn.functional.gelu(self.proj(x)) * self.scale\n\n\n"
        "def get_inputs():\n    return [torch.rand([4, 4, 8])]\n\n\ndef get_init_inputs():\n    return [[], {'dim': 8}]\n")},
    {"entry_point": "NoInputs", "uuid": "u2", "python_code": (
        "import torch\nimport torch.nn as nn\n\nclass NoInputs(nn.Module):\n    def forward(self, x):\n        return x\n")},
    {"entry_point": "Broken", "uuid": "u3", "python_code": "class Broken(:\n"},
]


def test_kernelbook_rows_become_tasks_and_bad_modules_are_reported(tmp_path, capsys):
    f = tmp_path / "kb.jsonl"
    f.write_text("".join(json.dumps(r) + "\n" for r in KERNELBOOK))
    tasks = load_tasks(str(f))
    assert [t.name for t in tasks] == ["kb_ScaledGelu_u1"]
    err = capsys.readouterr().err
    assert "2 KernelBook rows skipped" in err and "kb.jsonl:2: no get_inputs" in err and "kb.jsonl:3:" in err
    out, _ = augment.run_reference(tasks[0].src, "cpu")  # Model(*get_init_inputs()) works: kwargs made positional
    assert out.shape == (4, 4, 8) and "class Model(nn.Module)" in tasks[0].src and "[8, 2.0]" in tasks[0].src


def test_shape_augmentation_keeps_variants_whose_output_follows():
    t = next(t for t in load_tasks("embedded") if t.row["op"] == "matmul")
    results = augment.augment(t, n=5, seed=0)
    kept = [v for v, _ in results if v]
    assert 1 <= len(kept) <= 5
    for v in kept:
        ch = v.row["provenance"]["changes"]
        assert v.row["provenance"]["base"] == t.name and ch
        out, _ = augment.run_reference(v.src, "cpu")
        new = {k: n for k, (_, n) in ch.items()}
        assert tuple(out.shape) == (new.get("M", 64), new.get("N", 80))
    assert len({v.src for v in kept}) == len(kept)


def test_shape_augmentation_rejects_a_variant_that_breaks_the_reference():
    src = ("import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
           "        return x.view(8, 16).sum(dim=1)\n\nrows = 8\ncols = 16\n\n"
           "def get_inputs():\n    return [torch.randn(rows, cols)]\n\ndef get_init_inputs():\n    return []\n")
    from tasks import Task
    results = augment.augment(Task("hardcoded", src), n=3, seed=0)
    assert results and not any(v for v, _ in results)  # every change breaks the hard-coded view
    assert all("reference fails" in why or "does not follow" in why for _, why in results)


class Teacher(BaseHTTPRequestHandler):
    """A fake OpenAI-compatible endpoint: one good, one wrong and one cheating answer per request; it fails
    the very first request with 503 to exercise the retry."""
    calls, answers = [], []

    def do_POST(self):  # noqa: N802
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        Teacher.calls.append(body)
        if len(Teacher.calls) == 1:
            self.send_response(503)
            self.end_headers()
            return
        choices = [{"index": i, "message": m} for i, m in enumerate(Teacher.answers[:body["n"]])]
        data = json.dumps({"choices": choices}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *a):
        pass


def test_distill_keeps_only_verified_rows_retries_and_resumes(tmp_path):
    relu = next(t for t in load_tasks("embedded") if t.row["op"] == "relu")
    good = solution(relu.row, random.Random(0))
    think, code = good.split("</think>\n\n")
    Teacher.answers = [
        {"role": "assistant", "content": code, "reasoning_content": think.removeprefix("<think>\n")},
        {"role": "assistant", "content": good.replace("tl.maximum(x, 0.0)", "tl.minimum(x, 0.0)")},
        {"role": "assistant", "content": "```python\nimport torch\nclass ModelNew(torch.nn.Module):\n"
                                         "    def forward(self, x):\n        return torch.relu(x)\n```"},
    ]
    Teacher.calls = []
    server = HTTPServer(("127.0.0.1", 0), Teacher)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    out = tmp_path / "d.jsonl"
    cmd = [sys.executable, "-m", "data.distill", "--endpoint", f"http://127.0.0.1:{server.server_port}/v1", "--model",
           "teacher", "--ids", relu.name + ",2_leaky_relu", "--n", "3", "--out", str(out), "--workers", "1"]
    try:
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        assert "retry 1/5" in r.stderr
        rows = [json.loads(line) for line in out.read_text().splitlines()]
        assert [(x["task"], x["completion"]) for x in rows] == [(relu.name, good)]  # leaky_relu: none correct
        assert len(Teacher.calls) == 3 and Teacher.calls[1]["model"] == "teacher" and Teacher.calls[1]["n"] == 3
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0 and "2 already done, 0 to ask" in r.stdout
        assert len(Teacher.calls) == 3 and len(out.read_text().splitlines()) == 1
    finally:
        server.shutdown()

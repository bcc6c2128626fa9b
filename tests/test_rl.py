"""train_rl.py: the clipped loss moves log-probs the right way, HRD's per-class normalisation, an end-to-end run
through the real verifier, and resume after a kill."""

import json
import signal
import subprocess
import sys
import time

import pytest
import torch

from conftest import ROOT
from model import read_checkpoint, save_checkpoint
from train_rl import policy_loss, response_logprobs, verify_distinct


def test_one_update_raises_the_rewarded_completion_and_lowers_the_other(tiny):
    import copy
    model = copy.deepcopy(tiny[0]).train()
    prompt = [5, 6, 7, 8, 9]
    good, bad = [11, 12, 13, 14, 15, 16], [21, 22, 23, 24]
    seqs, plens = [prompt + good, prompt + bad], [5, 5]
    with torch.no_grad():
        old, _ = response_logprobs(model, seqs, plens)
    T = old.shape[1]
    code = torch.tensor([[1.0] * 6, [1.0] * 4 + [0.0] * 2])
    adv = torch.tensor([[1.0] * T, [-1.0] * T]) * code
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    new, _ = response_logprobs(model, seqs, plens)
    loss, _, _ = policy_loss(new, old, adv, torch.zeros_like(code), code, "hrd", "seq", 0.2, 0.2)
    (loss / 2).backward()
    opt.step()
    with torch.no_grad():
        after, _ = response_logprobs(model, seqs, plens)
    assert (after[0, :6].sum() - old[0, :6].sum()) > 1e-3
    assert (after[1, :4].sum() - old[1, :4].sum()) < -1e-3


def test_logprobs_are_the_sampling_policys_at_its_temperature(tiny):
    # Rollouts come from softmax(logits / T): the ratio and the gradient must use that same distribution.
    model = tiny[0]
    seqs, plens = [[5, 6, 7, 8, 9, 11, 12, 13], [5, 6, 7, 21, 22]], [5, 3]
    with torch.no_grad():
        logits = model(input_ids=torch.tensor([seqs[0]])).logits[0].float()
        for t in (1.0, 0.6):
            lp, _ = response_logprobs(model, seqs, plens, temperature=t)
            want = torch.log_softmax(logits / t, -1)[4:7].gather(-1, torch.tensor(seqs[0][5:])[:, None]).squeeze(-1)
            assert torch.allclose(lp[0, :3], want, atol=1e-4)
            assert lp.shape == (2, 3) and lp[1, 2] == 0  # the shorter response is zero-padded
        assert not torch.allclose(response_logprobs(model, seqs, plens, 0.6)[0], response_logprobs(model, seqs, plens)[0])


def test_identical_code_in_a_step_is_verified_once():
    from types import SimpleNamespace as NS
    calls = []

    class Pool:  # records what reaches the verifier; the verdict names the completion it judged
        def map(self, pairs, names):
            calls.extend(names)
            return [f"verdict of {text[-12:]}" for _, text in pairs]
    a, b = NS(name="a", src="A"), NS(name="b", src="B")
    code = "```python\nclass ModelNew: pass\n```"
    pairs = [(a, "<think>one</think>" + code), (a, "<think>two</think>" + code), (b, "<think>one</think>" + code),
             (a, "no code at all"), (a, "no code at all")]
    verdicts, n = verify_distinct(Pool(), pairs)
    # the plan differs but the code is the same: one verdict for both; the same code on another task is its own
    assert n == 3 and calls == ["a", "b", "a"]
    assert verdicts[0] is verdicts[1] and verdicts[3] is verdicts[4] and verdicts[2] == verdicts[0]


def test_hrd_loss_is_alpha_plan_mean_plus_code_mean_per_sample():
    # ratio = 1 (new == old): the loss is -(mean_plan(A) + mean_code(A)) per sample, A carrying alpha on plan.
    lp = torch.zeros(2, 5)
    plan = torch.tensor([[1.0, 1, 0, 0, 0], [1.0, 0, 0, 0, 0]])
    code = torch.tensor([[0.0, 0, 1, 1, 1], [0.0, 1, 1, 0, 0]])
    a_plan, a_code, alpha = torch.tensor([2.0, -1.0]), torch.tensor([0.5, 3.0]), 0.1
    adv = alpha * plan * a_plan[:, None] + code * a_code[:, None]
    loss, clipped, _ = policy_loss(lp, lp, adv, plan, code, "hrd", "seq", 0.2, 0.2)
    assert loss.item() == pytest.approx(-((alpha * 2.0 + 0.5) + (alpha * -1.0 + 3.0)))
    assert clipped == 0
    tok, _, _ = policy_loss(lp, lp, adv, plan, code, "hrd", "token", 0.2, 0.2)
    assert tok.item() == pytest.approx(-(adv * (plan + code)).sum().item())
    # the clip: a ratio far above 1 + eps with a positive advantage earns no more than the clipped value
    big, n_clip, _ = policy_loss(lp + 1.0, lp, adv, plan, code, "uniform", "seq", 0.2, 0.2)
    assert n_clip == 8 and big.item() <= 0  # every response token (5 + 3) is clipped


def test_k3_kl_is_zero_at_the_reference_and_positive_away_from_it():
    lp, mask = torch.full((1, 3), -1.0), torch.ones(1, 3)
    _, _, kl0 = policy_loss(lp, lp, torch.zeros(1, 3), mask * 0, mask, "hrd", "seq", 0.2, 0.2, ref_lp=lp, kl=0.1)
    _, _, kl1 = policy_loss(lp, lp, torch.zeros(1, 3), mask * 0, mask, "hrd", "seq", 0.2, 0.2, ref_lp=lp - 0.5, kl=0.1)
    assert kl0 == 0 and kl1 > 0


FAST = ["--batch_prompts", "2", "--group", "2", "--max_new_tokens", "40", "--micro_batch", "4", "--workers", "1",
        "--keep_equal_groups"]


@pytest.fixture(scope="module")
def start_ckpt(tiny, tmp_path_factory):
    p = tmp_path_factory.mktemp("rl") / "init.pt"
    save_checkpoint(p, tiny[0], tiny[1])
    return p


def test_two_steps_end_to_end_through_the_real_verifier(start_ckpt, tmp_path):
    log = tmp_path / "m.jsonl"
    r = subprocess.run([sys.executable, "train_rl.py", "--ckpt", str(start_ckpt), "--steps", "2", "--eval_every", "2",
                        "--out", str(tmp_path / "rl.pt"), "--log", str(log), *FAST], cwd=ROOT, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "eval step 0 | held-out greedy correct@1" in r.stdout and "eval step 2" in r.stdout
    # the default held-out set: the suite's 45, then 200 unseen generated tasks (data/suite.py --with_heldout)
    assert "(0/245; the suite's 45: 0)" in r.stdout
    evals = [json.loads(x) for x in log.read_text().splitlines() if '"eval_correct@1"' in x]
    assert [(e["step"], e["eval_correct@1"], e["eval_correct@1_suite"]) for e in evals] == [(0, 0, 0), (2, 0, 0)]
    steps = [json.loads(x) for x in log.read_text().splitlines() if '"r_correct"' in x]
    assert [s["step"] for s in steps] == [1, 2]
    for s in steps:  # a random model writes no valid kernel: the verifier says so, and nothing is paid
        assert s["r_correct"] == 0 and s["valid"] == 0 and 0 < s["resp_len"] <= 40 and s["t_verify"] >= 0
    assert read_checkpoint(tmp_path / "rl.pt")["step"] == 2


def test_train_and_eval_tasks_may_not_share_a_name_with_other_code(start_ckpt, tmp_path):
    rows = [json.loads(x) for x in (ROOT / "data" / "suite.jsonl").read_text().splitlines()]
    one, other = rows[0], dict(rows[1], name=rows[0]["name"])
    (tmp_path / "train.jsonl").write_text(json.dumps(one) + "\n")
    (tmp_path / "held.jsonl").write_text(json.dumps(other) + "\n")
    r = subprocess.run([sys.executable, "train_rl.py", "--ckpt", str(start_ckpt), "--tasks", str(tmp_path / "train.jsonl"),
                        "--eval_tasks", str(tmp_path / "held.jsonl"), "--eval_every", "1", "--out", str(tmp_path / "rl.pt"),
                        *FAST], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode != 0 and not (tmp_path / "rl.pt").exists()
    assert f"both have a task named {one['name']}" in r.stderr + r.stdout


@pytest.mark.parametrize("flags, says", [(["--temperature", "0"], "--temperature 0.0: RL samples"),
                                         (["--verify_device", "gpu"], "--verify_device gpu: use cpu"),
                                         (["--verify_device", "cuda"], "--verify_device cuda: use cpu"),
                                         (["--eval_fresh", "-1"], "--eval_fresh -1: give a number")])
def test_bad_sampling_and_verifier_flags_stop_naming_the_flag(start_ckpt, tmp_path, flags, says):
    if flags[-1] == "cuda" and torch.cuda.is_available():
        pytest.skip("cuda is a valid --verify_device on a GPU machine")
    r = subprocess.run([sys.executable, "train_rl.py", "--ckpt", str(start_ckpt), "--out", str(tmp_path / "rl.pt"),
                        *FAST, *flags], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode != 0 and says in r.stderr + r.stdout and not (tmp_path / "rl.pt").exists()


def test_resume_after_a_kill(start_ckpt, tmp_path):
    out = tmp_path / "rl.pt"
    cmd = [sys.executable, "train_rl.py", "--ckpt", str(start_ckpt), "--steps", "3", "--save_every", "1",
           "--eval_every", "0", "--out", str(out), *FAST]
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    t0 = time.time()
    while not out.exists() and time.time() - t0 < 300:
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    p.communicate()
    done = read_checkpoint(out)["step"]
    assert 1 <= done <= 3
    r = subprocess.run(cmd + ["--resume"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    if done < 3:
        assert f"resumed from {out} at step {done}" in r.stdout
        assert f"step {done + 1}/3" in r.stdout and f"step {done}/3" not in r.stdout
    assert read_checkpoint(out)["step"] == 3


def test_fsdp2_on_two_gloo_processes(start_ckpt, tmp_path):
    """torchrun: each rank samples and verifies its share, the eval's counts are all-reduced over ranks, the
    padded forwards keep FSDP2's collectives in step, and rank 0 writes the gathered checkpoint."""
    import os
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    r = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node=2", "train_rl.py", "--ckpt",
                        str(start_ckpt), "--steps", "2", "--eval_every", "2", "--out", str(tmp_path / "rl.pt"), *FAST],
                       cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "2 rank(s)" in r.stdout and "step 2/2" in r.stdout
    # 123 + 122 held-out tasks (the suite's 45 and 200 unseen), summed over the ranks, at steps 0 and 2
    assert r.stdout.count("(0/245; the suite's 45: 0)") == 2
    from model import load_checkpoint
    m, _, ck = load_checkpoint(tmp_path / "rl.pt")
    assert ck["step"] == 2 and all(torch.isfinite(p).all() for p in m.parameters())

"""train_rl.py: the clipped loss moves log-probs the right way, HRD's per-class normalisation, an end-to-end run
through the real verifier, and resume after a kill."""

import json
import re
import signal
import subprocess
import sys
import time

import pytest
import torch

from conftest import ROOT
from model import read_checkpoint, save_checkpoint
from common import InputError
from reward import policy_loss
from model import response_logprobs
from train_rl import main, verify_distinct


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
    # every token with A > 0 is clipped (5 + 2); sample 1's plan token has A < 0, where a high ratio is not clipped
    assert n_clip == 7 and big.item() <= 0
    _, n_low, _ = policy_loss(lp - 1.0, lp, adv, plan, code, "uniform", "seq", 0.2, 0.2)
    assert n_low == 1  # below 1 - eps, only the token with A < 0 loses its gradient


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
    assert "eval step 0 | held-out greedy passed@1" in r.stdout and "eval step 2" in r.stdout
    # the tiny preset's held-out set: 2 unseen shapes of each of the 46 named training tasks (data/augment.py)
    assert "(0/92) | naive-correct@1 0.000 cheat rate 0.000" in r.stdout
    evals = [json.loads(x) for x in log.read_text().splitlines() if '"eval_passed@1"' in x]
    assert [(e["step"], e["eval_passed@1"], e["eval_cheat_rate"], e["eval_n"]) for e in evals] == [(0, 0, 0, 92),
                                                                                                 (2, 0, 0, 92)]
    last = json.loads(r.stdout.strip().splitlines()[-1])  # the run's summary is its last line
    assert last == dict(heldout_passed_start=0, heldout_passed_end=0, naive_correct_start=0, naive_correct_end=0,
                        cheat_rate_start=0, cheat_rate_end=0, step_start=0, step_end=2, n_heldout=92)
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
                                         (["--group", "1"], "--group 1: GRPO's advantages compare"),
                                         (["--verify_device", "gpu"], "--verify_device gpu: use cpu"),
                                         (["--verify_device", "cuda"], "--verify_device cuda: use cpu"),
                                         (["--eval_fresh", "-1"], "--eval_fresh -1: give a number"),
                                         (["--batch_prompts", "3", "--resume"], "--resume: no checkpoint at")])
def test_bad_flags_stop_naming_the_flag_before_anything_is_loaded(tmp_path, flags, says):
    # in-process: every flag is checked before a model, a task or a verifier is touched
    if flags[-1] == "cuda" and torch.cuda.is_available():
        pytest.skip("cuda is a valid --verify_device on a GPU machine")
    with pytest.raises(InputError, match=re.escape(says)):
        main(["--ckpt", "missing.pt", "--out", str(tmp_path / "rl.pt"), *FAST, *flags])
    assert not (tmp_path / "rl.pt").exists()


def test_resume_with_kl_takes_the_runs_start_as_reference_never_a_random_model(start_ckpt, tiny, tmp_path):
    from train_rl import load_models, parse
    out = tmp_path / "rl.pt"
    moved = {k: v + 1.0 for k, v in tiny[0].state_dict().items()}  # the RL run's weights: not the start's
    save_checkpoint(out, tiny[0], tiny[1], step=3, args={"ckpt": str(start_ckpt)}, state_dict=moved)
    model, _, ck, ref = load_models(parse(["--resume", "--out", str(out), "--kl", "0.1"]), "cpu", False, False)
    assert ck["step"] == 3
    start = tiny[0].state_dict()
    assert all(torch.equal(v, start[k]) for k, v in ref.state_dict().items())  # the start, not the RL weights
    assert not torch.equal(model.state_dict()["model.norm.weight"], start["model.norm.weight"])
    save_checkpoint(out, tiny[0], tiny[1], step=3, args={})  # a run that does not say what it started from
    with pytest.raises(InputError, match="give --ckpt or --init_from, the frozen KL reference"):
        load_models(parse(["--resume", "--out", str(out), "--kl", "0.1"]), "cpu", False, False)


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
                        str(start_ckpt), "--steps", "2", "--eval_every", "2", "--out", str(tmp_path / "rl.pt"), *FAST,
                        "--tasks", "embedded", "--eval_tasks", "embedded", "--eval_fresh", "200"],
                       cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "2 rank(s)" in r.stdout and "step 2/2" in r.stdout
    # 123 + 122 held-out tasks (the suite's 45 and 200 unseen), summed over the ranks, at steps 0 and 2
    assert r.stdout.count("(0/245; the suite's 45: 0)") == 2
    from model import load_checkpoint
    m, _, ck = load_checkpoint(tmp_path / "rl.pt")
    assert ck["step"] == 2 and all(torch.isfinite(p).all() for p in m.parameters())


FIXED = ["--batch_prompts", "4", "--group", "4", "--max_new_tokens", "16", "--micro_batch", "3", "--lr", "1e-3",
         "--reward", "uniform", "--workers", "1"]


def test_an_update_moves_the_weights_toward_the_rewarded_completions(start_ckpt, tmp_path, monkeypatch):
    """rollout -> update on rollouts with nonzero advantages: after one step every group's passed completions
    are likelier than before, and the failed ones less likely (mean log-prob per token, summed per class)."""
    import verify
    from rl_fixed import NoPool, fixed_rollout
    from train_rl import parse, setup, update
    monkeypatch.setattr(verify, "VerifierPool", NoPool)
    run, _ = setup(parse(["--ckpt", str(start_ckpt), "--out", str(tmp_path / "rl.pt"), "--eval_every", "0", *FIXED]))
    batch = fixed_rollout(run, 0)
    assert batch.adv.abs().sum() > 0 and 0 < sum(batch.rc) < len(batch.rc)

    def seq_logprob():
        seqs = [run.prompts[batch.tasks[o.prompt_index].name] + o.ids for o in batch.outs]
        plens = [len(run.prompts[batch.tasks[o.prompt_index].name]) for o in batch.outs]
        with torch.no_grad():
            lp, _ = response_logprobs(run.model, seqs, plens, run.args.temperature)
        return torch.stack([lp[i, :len(o.ids)].mean() for i, o in enumerate(batch.outs)])
    before = seq_logprob()
    stats = update(run, batch)
    delta = seq_logprob() - before
    rewarded = torch.tensor(batch.rc) > 0
    assert stats["seqs"] == len(batch.outs)  # (the loss itself is 0 at ratio 1: advantages sum to 0 per group)
    assert delta[rewarded].sum() > 0 > delta[~rewarded].sum(), delta


def test_optim_offload_trains_exactly_like_adamw_and_is_one_process_only(start_ckpt, tmp_path, monkeypatch):
    """--optim_offload (model.make_optimizer) through train_rl's own setup and update: the same weights after two
    steps on the same fixed rollouts; with several ranks it is refused, naming the flag."""
    import verify
    from rl_fixed import NoPool, fixed_rollout
    from train_rl import check_flags, parse, setup, update
    monkeypatch.setattr(verify, "VerifierPool", NoPool)
    weights = []
    for flags in ([], ["--optim_offload"]):
        run, _ = setup(parse(["--ckpt", str(start_ckpt), "--out", str(tmp_path / "rl.pt"), "--eval_every", "0",
                              *FIXED, *flags]))
        for step in (0, 1):
            update(run, fixed_rollout(run, step))
        weights.append([p.detach().clone() for p in run.model.parameters()])
    assert getattr(run.opt, "offload", None) and len(weights[0]) == len(weights[1])
    assert all(torch.equal(a, b) for a, b in zip(*weights))
    with pytest.raises(InputError, match="--optim_offload is for one process"):
        check_flags(parse(["--ckpt", "x.pt", "--optim_offload"]), world=2, cuda=False)


def test_old_logprobs_are_the_policy_before_the_steps_first_update(start_ckpt, tmp_path, monkeypatch):
    """update() takes the old log-probs from its first pass (no separate forward): that pass sits at ratio 1, so
    nothing is clipped; a second pass (--updates 2, after a large step) is measured against the same old
    log-probs, so its ratios leave the clip range. Old log-probs taken from the current pass would clip nothing."""
    import verify
    from rl_fixed import NoPool, fixed_rollout
    from train_rl import parse, setup, update
    monkeypatch.setattr(verify, "VerifierPool", NoPool)
    clipped = {}
    for updates in (1, 2):
        flags = [*FIXED, "--lr", "0.05", "--updates", str(updates), "--temperature", "1.0"]
        run, _ = setup(parse(["--ckpt", str(start_ckpt), "--out", str(tmp_path / "rl.pt"), "--eval_every", "0", *flags]))
        batch = fixed_rollout(run, 0)
        stats = update(run, batch)
        clipped[updates] = stats["clipped"]  # (temperature 1: the sampler-trainer gap is read off the first pass)
    assert clipped[1] == 0 and clipped[2] > 0, clipped


def test_one_rank_and_two_gloo_ranks_train_alike(start_ckpt, tmp_path):
    """FSDP2 on 2 gloo processes against one process, on the same fixed rollouts: the same loss, KL and
    clip fraction at every step and the same weights at the end (loss normalised globally, metrics reduced by
    name, FSDP's padding rows weighted zero)."""
    import os
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    logs, models = [], []
    for n in (1, 2):
        out, log = tmp_path / f"rl{n}.pt", tmp_path / f"m{n}.jsonl"
        launch = [sys.executable] if n == 1 else [sys.executable, "-m", "torch.distributed.run", f"--nproc_per_node={n}"]
        r = subprocess.run([*launch, "tests/rl_fixed.py", "--ckpt", str(start_ckpt), "--out", str(out), "--steps", "3",
                            "--kl", "0.1", *FIXED], cwd=ROOT, capture_output=True, text=True, timeout=600,
                           env={**env, "RL_LOG": str(log)})
        assert r.returncode == 0, r.stderr[-3000:]
        logs.append([json.loads(x) for x in log.read_text().splitlines()])
        models.append(read_checkpoint(out)["model"])
    assert [m["step"] for m in logs[1]] == [1, 2, 3]
    for one, two in zip(*logs):
        for k in ("loss", "kl", "clip_frac", "r_correct", "passed", "kept", "entropy"):
            assert one[k] == pytest.approx(two[k], rel=1e-5, abs=1e-7), (one["step"], k)
    assert logs[0][-1]["loss"] != 0 and logs[0][-1]["kl"] > 0
    start = read_checkpoint(start_ckpt)["model"]
    for k, w in models[0].items():
        # Adam divides by the gradient's own size, so a sum over ranks in another order moves a weight whose
        # gradient is near 0 a little differently: the two runs' step must agree to 1% of its length
        moved = (w - start[k]).norm()
        assert moved > 1e-3 and (w - models[1][k]).norm() < 1e-2 * moved, (k, (w - models[1][k]).norm(), moved)


def test_truncated_responses_are_trained_on_unless_masked():
    """--truncated penalise (the default) keeps a response cut at the cap in the loss with the reward it got;
    --truncated mask leaves it out, as DAPO's overlong filtering does."""
    from types import SimpleNamespace as NS
    from train_rl import parse, trained_rows
    outs = [NS(finish_reason=r) for r in ("eos", "length", "eos", "eos")]
    batch = NS(outs=outs, adv=torch.tensor([[1.0], [-1.0], [0.5], [-0.5]]))
    for flag, want in (("penalise", [0, 1, 2, 3]), ("mask", [0, 2, 3])):
        run = NS(args=parse(["--ckpt", "x.pt", "--group", "2", "--truncated", flag]), fsdp=False)
        keep, live = trained_rows(run, batch)
        assert keep == want and live == [1.0] * len(want), flag

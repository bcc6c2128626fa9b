"""train_sft.py: row validation, the completion-only loss, bucketing, the schedule, exact resume, FSDP2 on gloo."""

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest
import torch

from conftest import ROOT
from train_sft import collate, completion_loss_sum, epoch_batches, lr_at, read_rows


def sft_rows(n):
    return (ROOT / "data" / "sft.jsonl").read_text().splitlines()[:n]


@pytest.mark.parametrize("line,why", [
    ("{not json", "not valid JSON"),
    ('["a"]', "must be a JSON object"),
    ('{"prompt": "p"}', "needs string 'prompt' and 'completion'"),
    ('{"messages": [{"role": "user", "content": "hi"}]}', "last message must be the assistant's"),
    ('{"messages": [{"role": "bot", "content": "hi"}]}', "roles system/user/assistant"),
    ('{"prompt": "p", "completion": "  "}', "completion is empty"),
])
def test_a_bad_row_stops_the_run_with_file_and_line(tmp_path, line, why):
    f = tmp_path / "d.jsonl"
    f.write_text("\n".join(sft_rows(2) + [line]) + "\n")
    r = subprocess.run([sys.executable, "train_sft.py", "--data", str(f), "--out", str(tmp_path / "x.pt")], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "d.jsonl:3: " in r.stderr and why in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "x.pt").exists()


@pytest.mark.parametrize("flags,why", [
    (["--act_budget", "1.5"], "--act_budget 1.5: a fraction in [0, 1]"),
    (["--act_budget", "0.5"], "--act_budget applies to compiled layers: add --compile 1"),
])
def test_a_bad_flag_stops_the_run_naming_it(tmp_path, flags, why):
    r = subprocess.run([sys.executable, "train_sft.py", "--out", str(tmp_path / "x.pt"), *flags], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and why in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert not (tmp_path / "x.pt").exists()


def test_too_long_rows_are_refused(tiny, tmp_path):
    from common import InputError
    f = tmp_path / "d.jsonl"
    f.write_text("\n".join(sft_rows(3)) + "\n")
    with pytest.raises(InputError, match=r"d.jsonl:1: \d+ tokens, over --max_len 100"):
        read_rows(str(f), tiny[1], 100)


def test_the_loss_falls_on_completion_tokens_only(tiny, tmp_path):
    model, tok = tiny
    f = tmp_path / "d.jsonl"
    f.write_text("\n".join(sft_rows(3)) + "\n" + json.dumps({"messages": [
        {"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "<think>\nok\n</think>\n\nhello"}]}) + "\n")
    rows = read_rows(str(f), tok, 4096)
    ids, att, lab = collate(rows, "cpu", tok.pad_token_id)
    with torch.no_grad():
        got = completion_loss_sum(model, ids, lab, chunk=64)
        labels = ids.masked_fill(~lab, -100)
        logits = model(input_ids=ids, attention_mask=att).logits
        want = torch.nn.functional.cross_entropy(logits[:, :-1].reshape(-1, logits.shape[-1]), labels[:, 1:].reshape(-1),
                                                 ignore_index=-100, reduction="sum")
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-4)
    # the mask is the completion + end-of-turn only
    from model import end_of_turn_id
    for (x, m) in rows:
        first = m.index(1)
        assert all(m[first:]) and not any(m[:first]) and x[-1] == end_of_turn_id(tok)


def test_fused_linear_cross_entropy_gradients_equal_autograd(tiny, tmp_path):
    """LinearCrossEntropy computes its gradients in the forward: they must equal autograd's through the plain
    head + cross-entropy, for the decoder's weights and the (tied) head, with chunks that split the tokens."""
    model, tok = tiny
    f = tmp_path / "d.jsonl"
    f.write_text("\n".join(sft_rows(4)) + "\n")
    ids, att, lab = collate(read_rows(str(f), tok, 4096), "cpu", tok.pad_token_id)

    def grads(loss_fn):
        model.zero_grad(set_to_none=True)
        loss = loss_fn()
        (loss * 0.37).backward()  # a non-unit upstream gradient: the backward must scale what it saved
        return loss.detach(), {n: p.grad.clone() for n, p in model.named_parameters() if p.grad is not None}

    def plain():
        logits = model(input_ids=ids, attention_mask=att).logits
        return torch.nn.functional.cross_entropy(logits[:, :-1][lab[:, 1:]], ids[:, 1:][lab[:, 1:]], reduction="sum")
    got_loss, got = grads(lambda: completion_loss_sum(model, ids, lab, chunk=50))
    want_loss, want = grads(plain)
    model.zero_grad(set_to_none=True)
    torch.testing.assert_close(got_loss, want_loss, rtol=1e-5, atol=1e-4)
    assert got.keys() == want.keys() and "model.embed_tokens.weight" in got
    for n in want:
        torch.testing.assert_close(got[n], want[n], rtol=1e-4, atol=1e-5, msg=n)


def test_length_bucketing_keeps_padding_small():
    lengths = [int(x) for x in torch.randint(100, 1000, (800,), generator=torch.Generator().manual_seed(0))]
    def pad_frac(batches, micro=4):
        tot = pad = 0
        for b in batches:
            for i in range(0, len(b), micro):
                mb = [lengths[j] for j in b[i:i + micro]]
                tot += max(mb) * len(mb)
                pad += max(mb) * len(mb) - sum(mb)
        return pad / tot
    bucketed = epoch_batches(lengths, 0, 0, 16)
    rand = [list(range(i, i + 16)) for i in range(0, 800, 16)]
    assert pad_frac(bucketed) < 0.05 < 0.2 < pad_frac(rand)
    assert sorted(j for b in bucketed for j in b) == list(range(800))  # every row once per epoch
    assert bucketed == epoch_batches(lengths, 0, 0, 16) != epoch_batches(lengths, 1, 0, 16)


def test_warmup_then_cosine():
    lrs = [lr_at(s, 100, 1.0, 0.1, 0.1) for s in range(100)]
    assert lrs[0] == pytest.approx(0.1) and lrs[9] == pytest.approx(1.0)
    assert all(a >= b for a, b in zip(lrs[9:], lrs[10:])) and lrs[-1] == pytest.approx(0.1, abs=1e-3)


def losses(text):
    return {int(m.group(1)): float(m.group(2)) for m in re.finditer(r"step (\d+)/\d+ \| loss ([\d.]+)", text)}


SMALL = ["--batch_size", "4", "--micro_batch", "2", "--max_steps", "6", "--log_every", "1", "--eval_every", "100",
         "--save_every", "3", "--lr", "1e-3", "--warmup", "0.3"]


@pytest.fixture(scope="module")
def small_data(tmp_path_factory):
    d = tmp_path_factory.mktemp("sft")
    (d / "d.jsonl").write_text("\n".join(sft_rows(40)) + "\n")
    return d


@pytest.fixture(scope="module")
def uninterrupted(small_data):
    r = subprocess.run([sys.executable, "train_sft.py", "--data", str(small_data / "d.jsonl"), "--out",
                        str(small_data / "full.pt"), *SMALL], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    got = losses(r.stdout)
    assert sorted(got) == [1, 2, 3, 4, 5, 6] and got[6] < got[1]
    return got


def test_resume_after_a_kill_continues_exactly(small_data, uninterrupted):
    out = small_data / "killed.pt"
    cmd = [sys.executable, "train_sft.py", "--data", str(small_data / "d.jsonl"), "--out", str(out), *SMALL]
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    t0 = time.time()
    while not out.exists() and time.time() - t0 < 300:
        time.sleep(0.05)
    p.send_signal(signal.SIGKILL)
    first, _ = p.communicate()
    assert out.exists() and p.returncode == -signal.SIGKILL
    r = subprocess.run(cmd + ["--resume"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    assert "resumed from" in r.stdout and "at step 3" in r.stdout
    resumed = losses(r.stdout)
    assert sorted(resumed) == [4, 5, 6]
    for s in (4, 5, 6):  # same data order, LR schedule and optimizer state: the same losses
        assert resumed[s] == pytest.approx(uninterrupted[s], abs=2e-4), (s, resumed, uninterrupted)
    from model import read_checkpoint
    assert read_checkpoint(out)["step"] == 6


def test_fsdp2_on_two_gloo_processes_matches_one(small_data, uninterrupted):
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    r = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node=2", "train_sft.py", "--data",
                        str(small_data / "d.jsonl"), "--out", str(small_data / "fsdp.pt"), *SMALL], cwd=ROOT,
                       capture_output=True, text=True, timeout=900, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    got = losses(r.stdout)
    assert "over 2 rank(s)" in r.stdout and sorted(got) == [1, 2, 3, 4, 5, 6]
    for s in got:  # the global batch and the loss normalisation do not depend on the number of ranks
        assert got[s] == pytest.approx(uninterrupted[s], abs=2e-3), (s, got, uninterrupted)
    from model import load_checkpoint
    m, _, ck = load_checkpoint(small_data / "fsdp.pt")
    m1, _, _ = load_checkpoint(small_data / "full.pt")
    assert ck["step"] == 6
    for (k, a), b in zip(m.state_dict().items(), m1.state_dict().values()):
        torch.testing.assert_close(a, b, atol=2e-3, rtol=0), k
    # --resume under torchrun loads sharded (model_shard.load_sharded) with the optimizer: one more step
    r = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node=2", "train_sft.py", "--data",
                        str(small_data / "d.jsonl"), "--out", str(small_data / "fsdp.pt"), *SMALL, "--resume",
                        "--max_steps", "7"], cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    assert f"resumed from {small_data / 'fsdp.pt'} at step 6" in r.stdout and sorted(losses(r.stdout)) == [7]
    assert load_checkpoint(small_data / "fsdp.pt")[2]["step"] == 7

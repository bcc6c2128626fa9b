"""PAPER.md §4 on real tokenizers and hand-computed numbers: terms, the plan/code partition, advantages."""

import json
import subprocess
import sys

import pytest
import torch

from conftest import LLAMA_TEMPLATE, ROOT, make_foreign_tokenizer
from model import end_of_turn_id, load_tokenizer, prepare_tokenizer
from reward import group_advantages, plan_code_masks, reward_terms, token_advantages
from verify import Verdict

RESPONSE = "<think>\nTile by 1024, mask the tail.\n</think>\n\n```python\nclass ModelNew:\n    pass\n```"


def test_reward_terms():
    assert reward_terms(Verdict(valid=True, correct=True, speedup=3.5)) == (1.0, 2.0)  # clipped at 2
    assert reward_terms(Verdict(valid=True, correct=True, speedup=0.5)) == (1.0, 0.5)
    assert reward_terms(Verdict(valid=True, correct=True, speedup=None)) == (1.0, 0.0)  # CPU: no timing
    assert reward_terms(Verdict(valid=False, correct=True, speedup=1.7)) == (0.0, 0.0)  # caught cheating pays 0
    assert reward_terms({"valid": True, "correct": False, "speedup": None}) == (0.0, 0.0)
    assert reward_terms({"valid": True, "correct": True, "speedup": 3.0}, clip=5.0) == (1.0, 3.0)


@pytest.mark.parametrize("which", ["tiny", "llama3-style"])
def test_masks_partition_the_response_at_the_end_of_the_reasoning(which):
    tok = load_tokenizer() if which == "tiny" else prepare_tokenizer(make_foreign_tokenizer(LLAMA_TEMPLATE))
    ids = tok(RESPONSE, add_special_tokens=False)["input_ids"] + [end_of_turn_id(tok)]
    plan, code = plan_code_masks(tok, ids)
    assert len(plan) == len(code) == len(ids) and all(p + c == 1 for p, c in zip(plan, code))
    cut = plan.index(0)
    assert set(plan[:cut]) == {1} and set(plan[cut:]) == {0}  # one plan span, then code to the end
    assert tok.decode(ids[:cut]).endswith("</think>") and "</think>" not in tok.decode(ids[cut:])
    assert code[-1] == 1  # the end-of-turn token is code
    if which == "llama3-style":  # this tokenizer splits the marker: the offsets path decided
        assert len(tok("</think>", add_special_tokens=False)["input_ids"]) > 1
    no_plan = tok("```python\npass\n```", add_special_tokens=False)["input_ids"]
    assert plan_code_masks(tok, no_plan) == ([0] * len(no_plan), [1] * len(no_plan))  # all code
    cut_off = tok("<think>\nstill thinking", add_special_tokens=False)["input_ids"]
    assert plan_code_masks(tok, cut_off) == ([1] * len(cut_off), [0] * len(cut_off))  # all plan


def test_group_advantages_by_hand():
    r = [1.0, 0.0, 0.0, 1.0, 0.5, 0.5]  # two prompts, G = 3
    a = group_advantages(r, 3)
    m, s = 1 / 3, torch.tensor([1.0, 0.0, 0.0]).std().item()
    assert torch.allclose(a[:3], torch.tensor([(1 - m) / (s + 1e-6), -m / (s + 1e-6), -m / (s + 1e-6)], dtype=torch.float64))
    assert torch.allclose(a[3:], torch.tensor([1 - 2 / 3, 0.5 - 2 / 3, 0.5 - 2 / 3], dtype=torch.float64) /
                          (torch.tensor([1.0, 0.5, 0.5]).std().item() + 1e-6))
    assert torch.equal(group_advantages([1.0, 1.0, 1.0], 3), torch.zeros(3, dtype=torch.float64))  # no signal
    assert torch.allclose(group_advantages(r, 3, scale_std=False)[:3], torch.tensor([2 / 3, -1 / 3, -1 / 3], dtype=torch.float64))


def test_hrd_uniform_and_uniform_alpha_per_token():
    plan = [[1, 1, 0, 0], [1, 0, 0]]  # two samples of one prompt (G = 2), different lengths
    code = [[0, 0, 1, 1], [0, 1, 1]]
    rc, rs = [1.0, 0.0], [1.5, 0.0]
    a_c, a_s = group_advantages(rc, 2), group_advantages(rs, 2)
    hrd = token_advantages("hrd", rc, rs, plan, code, group=2, alpha=0.1)
    assert torch.allclose(hrd[0], torch.tensor([0.1 * a_s[0]] * 2 + [a_c[0]] * 2, dtype=torch.float64))
    assert torch.allclose(hrd[1], torch.tensor([0.1 * a_s[1], a_c[1], a_c[1], 0.0], dtype=torch.float64))  # pad 0
    uni = token_advantages("uniform", rc, rs, plan, code, group=2, beta=0.3)
    a = group_advantages([0.3 * 1 + 0.7 * 1.5, 0.0], 2)
    assert torch.allclose(uni, torch.tensor([[a[0]] * 4, [a[1]] * 3 + [0.0]], dtype=torch.float64))
    ua = token_advantages("uniform_alpha", rc, rs, plan, code, group=2, alpha=0.1)
    a = group_advantages([1 + 0.1 * 1.5, 0.0], 2)
    assert torch.allclose(ua, torch.tensor([[a[0]] * 4, [a[1]] * 3 + [0.0]], dtype=torch.float64))
    with pytest.raises(ValueError, match="unknown reward"):
        token_advantages("best", rc, rs, plan, code, group=2)


def test_cli(tmp_path):
    rows = [{"name": "a", "valid": True, "correct": True, "speedup": None},
            {"name": "a", "valid": False, "correct": True, "speedup": None}]
    f = tmp_path / "v.jsonl"
    f.write_text("\n".join(map(json.dumps, rows)) + "\n")
    r = subprocess.run([sys.executable, "reward.py", str(f), "--group", "2"], cwd=ROOT, capture_output=True, text=True)
    out = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 0 and [o["R_correct"] for o in out] == [1.0, 0.0] and out[0]["A_code"] > 0 > out[1]["A_code"]
    r = subprocess.run([sys.executable, "reward.py", str(f), "--group", "3"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "not a whole number of groups of 3" in r.stderr


@pytest.mark.parametrize("which", ["tiny", "llama3-style"])
def test_with_two_reasoning_spans_the_code_tokens_are_the_text_the_verifier_judges(which):
    from prompt import split_answer
    from verify_static import extract_code
    tok = load_tokenizer() if which == "tiny" else prepare_tokenizer(make_foreign_tokenizer(LLAMA_TEMPLATE))
    text = ("<think>\nfirst idea\n</think>\n\n```python\nclass ModelNew:\n    draft = 1\n```\n<think>\nno: tile it"
            "\n</think>\n\n```python\nclass ModelNew:\n    final = 2\n```")
    ids = tok(text, add_special_tokens=False)["input_ids"]
    plan, code = plan_code_masks(tok, ids)
    cut = plan.index(0)
    answer = split_answer(text)[1]
    assert tok.decode(ids[cut:]).strip() == answer.strip() and "final = 2" in extract_code(text)
    assert "draft = 1" in tok.decode(ids[:cut])  # the first span and its draft are plan


def test_the_cut_without_offsets_is_a_bisection_that_finds_the_marker():
    # a token sequence that does not re-encode to itself (the plan spelled a character at a time, as a sampler
    # may emit it): no offsets to use
    from reward import char_cut_to_token
    tok = prepare_tokenizer(make_foreign_tokenizer(LLAMA_TEMPLATE))

    def enc(text):
        return tok(text, add_special_tokens=False)["input_ids"]
    ids = (enc("<think>\n") + [i for ch in "planning the tiles " * 20 for i in enc(ch)] + enc("</think>")
           + enc("\n\ncode " * 50))
    assert tok(tok.decode(ids), add_special_tokens=False)["input_ids"] != ids
    cut = char_cut_to_token(tok, ids)
    assert tok.decode(ids[:cut]).endswith("</think>") and not tok.decode(ids[:cut - 1]).endswith("</think>")


def test_equal_rewards_give_exactly_zero_advantage():
    # the mean of seven 0.1s is not 0.1 in floating point: the advantage must still be exactly 0
    assert torch.equal(group_advantages([0.1] * 7, 7), torch.zeros(7, dtype=torch.float64))
    assert torch.equal(group_advantages([0.1] * 7, 7, scale_std=False), torch.zeros(7, dtype=torch.float64))
    assert group_advantages([0.1] * 6 + [0.2], 7).abs().sum() > 1

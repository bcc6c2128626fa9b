"""Tokenizer, chat template and the prompt/mask split, on our tokenizer and a foreign one."""

import subprocess
import sys

import pytest

from conftest import LLAMA_TEMPLATE, ROOT, kernelbench_rows, make_foreign_tokenizer
from model import InputError, end_of_turn_id, load_tokenizer, prepare_tokenizer
from prompt import render_example, render_messages, render_prompt, prompt_ids

COMPLETION = ("<think>\nEach program handles 1024 elements; a mask covers the tail.\n</think>\n\n"
              "```python\nimport triton\n\n@triton.jit\ndef k(x_ptr):\n    pass\n```")


@pytest.fixture(scope="module", params=["tiny", "llama3-style", "no-template"])
def tok(request):
    if request.param == "tiny":
        return load_tokenizer()
    template = None if request.param == "no-template" else LLAMA_TEMPLATE
    return prepare_tokenizer(make_foreign_tokenizer(template))


def test_tiny_tokenizer_round_trips_any_text():
    tok = load_tokenizer()
    texts = [(ROOT / "model.py").read_text(), COMPLETION, "tabs\t\tand   spaces\n\n\n", "unicode: é 漢字 🚀 ∑",
             "\x00\x01 control bytes", ""]
    for t in texts:
        assert tok.decode(tok(t, add_special_tokens=False)["input_ids"]) == t


def test_tiny_tokenizer_special_tokens_and_template():
    tok = load_tokenizer()
    for t in ("<|im_start|>", "<|im_end|>", "<think>", "</think>", "<|endoftext|>"):
        ids = tok(t, add_special_tokens=False)["input_ids"]
        assert len(ids) == 1 and tok.convert_ids_to_tokens(ids[0]) == t
    ids = tok(COMPLETION + "<|im_end|>", add_special_tokens=False)["input_ids"]
    # The plan markers are kept by skip_special_tokens (reward.py splits on them); the end of turn is not.
    assert tok.decode(ids, skip_special_tokens=True) == COMPLETION
    assert end_of_turn_id(tok) == tok.eos_token_id == tok.convert_tokens_to_ids("<|im_end|>")
    text = render_prompt(tok, "class Model: pass")
    assert text.startswith("<|im_start|>user\n") and text.endswith("<|im_end|>\n<|im_start|>assistant\n")


def test_mask_covers_exactly_the_completion(tok):
    task = (ROOT / "prompt.py").read_text()[:400]
    ids, mask = render_example(tok, task, COMPLETION)
    assert len(ids) == len(mask)
    n = mask.index(1)
    assert set(mask[:n]) == {0} and set(mask[n:]) == {1}  # one contiguous completion span at the end
    assert ids[:n] == prompt_ids(tok, task)  # the sampler is prompted with exactly the trained prefix
    assert tok.decode(ids[n:-1]) == COMPLETION and ids[-1] == end_of_turn_id(tok)
    assert task.rstrip() in tok.decode(ids[:n])


def test_one_shot_example_is_optional_and_in_format(tok):
    plain, shot = render_prompt(tok, "class Model: pass"), render_prompt(tok, "class Model: pass", one_shot=True)
    assert "add_kernel" not in plain and "add_kernel" in shot and "</think>" in shot
    assert len(prompt_ids(tok, "x", one_shot=True)) > len(prompt_ids(tok, "x"))


def test_chat_rows_must_end_with_the_assistant(tok):
    ids, mask = render_messages(tok, [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}])
    assert tok.decode(ids[mask.index(1):-1]) == "yo"
    with pytest.raises(InputError, match="assistant"):
        render_messages(tok, [{"role": "user", "content": "hi"}])


@pytest.mark.parametrize("level", [1, 2])
def test_every_kernelbench_problem_renders(level):
    """Real problems: each renders to a prompt whose mask split is exact, within a 16K context."""
    tok = load_tokenizer()
    rows = kernelbench_rows(level)
    assert len(rows) == 100
    for row in rows:
        ids, mask = render_example(tok, row["code"], COMPLETION)
        n = mask.index(1)
        assert row["code"].rstrip() in tok.decode(ids[:n]), row["name"]
        assert ids[:n] == prompt_ids(tok, row["code"]) and sum(mask) == len(ids) - n
        assert len(ids) < 16384, row["name"]


def test_prompt_cli(tmp_path):
    f = tmp_path / "p.py"
    f.write_text("class Model: pass\n")
    r = subprocess.run([sys.executable, "prompt.py", str(f)], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0 and "class Model: pass" in r.stdout and "tokens" in r.stdout
    r = subprocess.run([sys.executable, "prompt.py", str(tmp_path / "nope.py")], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 2 and r.stderr.startswith("error: cannot read") and "nope.py" in r.stderr

"""Models, checkpoints and export: round trips give identical logits; bad input gives one clear error."""

import os
import signal
import subprocess
import sys
import time

import pytest
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

from conftest import ROOT
from model import (InputError, build_model, end_of_turn_id, export_hf, load_checkpoint, optim_path,
                   read_checkpoint, read_resume_state, save_checkpoint)
from prompt import prompt_ids, render_example


def logits(model, ids):
    model.eval()
    with torch.no_grad():
        return model(torch.tensor([ids])).logits


def test_tiny_preset_is_qwen3_and_matches_its_tokenizer(tiny):
    model, tok = tiny
    assert model.config.model_type == "qwen3"
    assert model.config.vocab_size >= len(tok) and model.config.vocab_size % 64 == 0
    assert model.config.eos_token_id == end_of_turn_id(tok) == tok.convert_tokens_to_ids("<|im_end|>")
    n = sum(p.numel() for p in model.parameters())
    assert 1e6 < n < 2e7, n  # small enough for SFT then RL on 2 CPU cores
    # Same seed, same weights; another seed, other weights.
    again, _ = build_model("tiny", seed=0)
    other, _ = build_model("tiny", seed=1)
    w = model.state_dict()["model.layers.0.mlp.up_proj.weight"]
    assert torch.equal(w, again.state_dict()["model.layers.0.mlp.up_proj.weight"])
    assert not torch.equal(w, other.state_dict()["model.layers.0.mlp.up_proj.weight"])


def test_checkpoint_round_trip_with_optimizer(tiny, tmp_path):
    model, tok = tiny
    ids = prompt_ids(tok, "class Model: pass")[:64]
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    before = {k: v.clone() for k, v in model.state_dict().items()}
    model.train()
    model(torch.tensor([ids]), labels=torch.tensor([ids])).loss.backward()
    opt.step()
    opt.zero_grad()
    path = tmp_path / "run" / "sft.pt"
    save_checkpoint(path, model, tok, step=7, args={"lr": 1e-3, "out": path}, optimizer=opt,
                    resume_state={"cursor": 5, "rng": torch.get_rng_state()})
    model.load_state_dict(before)  # leave the session fixture as it was, after saving the trained weights

    raw = torch.load(path, weights_only=True)  # the contract: loads with weights_only=True
    assert raw["step"] == 7 and raw["args"]["lr"] == 1e-3 and raw["args"]["out"] == str(path)
    loaded, tok2, ckpt = load_checkpoint(path)
    assert ckpt["step"] == 7
    assert tok2(open(ROOT / "prompt.py").read())["input_ids"] == tok(open(ROOT / "prompt.py").read())["input_ids"]
    assert tok2.chat_template == tok.chat_template
    model_trained = build_model("tiny")[0]
    model_trained.load_state_dict(raw["model"])
    assert torch.equal(logits(loaded, ids), logits(model_trained, ids))
    assert not torch.equal(logits(loaded, ids), logits(build_model("tiny")[0], ids))  # it saved the step

    state = read_resume_state(path, step=7)
    assert state["resume"]["cursor"] == 5
    opt2 = torch.optim.AdamW(loaded.parameters(), lr=1e-3)
    opt2.load_state_dict(state["optimizer"])
    exp_avg = [s["exp_avg"] for s in opt2.state_dict()["state"].values()]
    assert len(exp_avg) == len(list(loaded.parameters())) and all(torch.isfinite(e).all() for e in exp_avg)
    with pytest.raises(InputError, match="killed between the two writes"):
        read_resume_state(path, step=8)
    assert not list(path.parent.glob("*.tmp"))


def test_export_loads_in_transformers_with_identical_logits(tiny, tmp_path):
    model, tok = tiny
    save_checkpoint(tmp_path / "c.pt", model, tok, step=1)
    out = export_hf(tmp_path / "c.pt", tmp_path / "hf")
    assert (out / "model.safetensors").exists() and (out / "config.json").exists()
    hf = AutoModelForCausalLM.from_pretrained(out)
    hf_tok = AutoTokenizer.from_pretrained(out)
    ids = prompt_ids(tok, "class Model: pass")
    assert prompt_ids(hf_tok, "class Model: pass") == ids
    assert torch.equal(logits(hf, ids), logits(model, ids))


def test_init_from_a_saved_llama_and_foreign_tokenizer(llama_dir, tmp_path):
    model, tok = build_model(init_from=str(llama_dir))
    assert model.config.model_type == "llama"
    ref = AutoModelForCausalLM.from_pretrained(llama_dir)
    ids, mask = render_example(tok, "class Model: pass", "<think>\nadd\n</think>\n\n```python\npass\n```")
    assert torch.equal(logits(model, ids), logits(ref, ids))
    assert ids[0] == tok.bos_token_id and ids[-1] == tok.convert_tokens_to_ids("<|eot_id|>")
    # The checkpoint contract carries the foreign tokenizer too.
    save_checkpoint(tmp_path / "l.pt", model, tok)
    loaded, tok2, _ = load_checkpoint(tmp_path / "l.pt")
    assert render_example(tok2, "class Model: pass", "x") == render_example(tok, "class Model: pass", "x")
    assert torch.equal(logits(loaded, ids), logits(ref, ids))


def test_bad_init_from_and_unknown_preset_are_clear_errors(tmp_path):
    with pytest.raises(InputError, match="unknown preset 'huge'"):
        build_model("huge")
    with pytest.raises(InputError, match="--init_from"):
        build_model("paper")
    with pytest.raises(InputError, match=str(tmp_path / "nothing")):
        build_model(init_from=str(tmp_path / "nothing"))


def test_missing_corrupt_and_foreign_checkpoints(tiny, tmp_path):
    with pytest.raises(InputError, match="checkpoint not found: .*missing.pt"):
        read_checkpoint(tmp_path / "missing.pt")
    junk = tmp_path / "junk.pt"
    junk.write_bytes(os.urandom(4096))
    with pytest.raises(InputError, match="junk.pt is corrupt"):
        read_checkpoint(junk)
    model, tok = tiny
    good = tmp_path / "good.pt"
    save_checkpoint(good, model, tok)
    cut = tmp_path / "cut.pt"
    cut.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    with pytest.raises(InputError, match="cut.pt is corrupt"):
        read_checkpoint(cut)
    foreign = tmp_path / "foreign.pt"
    torch.save({"state_dict": model.state_dict()}, foreign)
    with pytest.raises(InputError, match="not a TritonRL checkpoint"):
        read_checkpoint(foreign)
    bad_optim = optim_path(good)
    bad_optim.write_bytes(b"not a checkpoint")
    with pytest.raises(InputError, match="good.optim.pt is corrupt"):
        read_resume_state(good, step=0)


def run_cli(*args):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_cli_errors_are_one_line_and_exit_2(tmp_path):
    r = run_cli("model.py", "info", str(tmp_path / "none.pt"))
    assert r.returncode == 2 and r.stderr.strip() == f"error: checkpoint not found: {tmp_path / 'none.pt'}"
    r = run_cli("model.py", "build", "--preset", "huge")
    assert r.returncode == 2 and r.stderr.startswith("error: unknown preset 'huge'") and "Traceback" not in r.stderr


def test_a_kill_mid_write_never_leaves_a_broken_checkpoint(tmp_path):
    """A writer killed with SIGKILL while it rewrites the checkpoint over and over: the file always loads."""
    path = tmp_path / "ckpt.pt"
    script = f"""
import sys; sys.path.insert(0, {str(ROOT)!r})
from model import build_model, save_checkpoint
model, tok = build_model("small")  # ~100M parameters: each write takes a while
step = 0
while True:
    save_checkpoint({str(path)!r}, model, tok, step=step)
    print(step, flush=True)
    step += 1
"""
    p = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "0"  # one complete write
    time.sleep(0.3)  # now somewhere inside a later write
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
    leftovers = [f for f in tmp_path.iterdir() if f.name != "ckpt.pt"]
    assert leftovers and all(f.suffix == ".tmp" for f in leftovers)  # the kill did land inside a write
    ckpt = read_checkpoint(path)
    assert ckpt["step"] >= 0 and len(ckpt["model"]) > 0

"""model_shard.load_sharded on two gloo processes: from a TritonRL checkpoint and from an HF folder, each rank
holds half of every sharded weight, the gathered weights are the file's exactly, RoPE's buffers are rebuilt
(the forward's logits equal the whole model's), and the KL reference's bf16 cast happens on load."""

import json
import os
import subprocess
import sys

import pytest
import torch

from conftest import ROOT
from model import build_model, load_checkpoint, random_hf, save_checkpoint


def run_shards(source, out, dtype="fp32"):
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    r = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node=2", "tests/shard_check.py",
                        str(source), str(out), dtype], cwd=ROOT, capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, r.stderr[-3000:]
    from safetensors.torch import load_file
    return load_file(out / "full.safetensors"), load_file(out / "logits.safetensors")["logits"], \
        json.loads((out / "info.json").read_text())


def logits_of(model):
    with torch.no_grad():
        return model(input_ids=torch.arange(3, 40).view(1, -1)).logits.float()


def halves(info, want):
    """Each rank holds about half of every weight (FSDP2 shards dim 0), none the whole."""
    for name, n in want.items():
        got = [r[name] for r in info["local"]]
        assert sum(got) == n and max(got) < n, (name, got, n)


@pytest.fixture(scope="module")
def tiny_ckpt(tmp_path_factory):
    d = tmp_path_factory.mktemp("shard")
    model, tok = build_model("tiny", seed=3)
    save_checkpoint(d / "m.pt", model, tok, step=7)
    return d


def test_a_checkpoint_loads_sharded_and_equals_the_whole_model(tiny_ckpt):
    full, logits, info = run_shards(tiny_ckpt / "m.pt", tiny_ckpt / "out")
    model, _, _ = load_checkpoint(tiny_ckpt / "m.pt")
    sd = model.state_dict()
    assert set(full) == set(sd) and info["step"] == 7
    for k, v in sd.items():
        assert torch.equal(full[k], v), k
    halves(info, {n: p.numel() for n, p in model.named_parameters()})
    torch.testing.assert_close(logits, logits_of(model.eval()), atol=1e-5, rtol=1e-5)


def test_an_hf_folder_loads_sharded_in_bf16(tmp_path):
    src = random_hf("tiny", tmp_path / "hf")
    full, logits, info = run_shards(src, tmp_path / "out", "bf16")
    from transformers import AutoModelForCausalLM
    model = AutoModelForCausalLM.from_pretrained(src, dtype=torch.bfloat16)
    assert info["dtypes"] == ["torch.bfloat16"] and info["step"] == 0
    for k, v in model.state_dict().items():
        assert torch.equal(full[k], v), k
    torch.testing.assert_close(logits, logits_of(model.eval()), atol=2e-2, rtol=2e-2)

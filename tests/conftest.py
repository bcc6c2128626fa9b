"""Shared fixtures. Tests are hermetic and CPU-only: no network, tiny models built from configs."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
KERNELBENCH = ROOT.parent / "shared" / "kernelbench"

import torch  # noqa: E402

torch.set_num_threads(min(2, os.cpu_count() or 1))
# Without a GPU, Triton kernels run in the interpreter, and Triton picks interpreted or compiled functions when a
# module is imported: triton.language's own @jit helpers (tl.sum, tl.max, ...) are fixed at its first import,
# which transformers triggers. Set the mode before anything imports triton, so every kernel a test runs in this
# process (sample_kernels.py's fused decode path) is interpreted, whatever the test order.
if not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")


@pytest.fixture(scope="session")
def tiny():
    """The tiny preset: (model, tokenizer), random weights under seed 0."""
    from model import build_model
    return build_model("tiny", seed=0)


LLAMA_TEMPLATE = (
    "{{ bos_token }}{% for m in messages %}<|start_header_id|>{{ m['role'] }}<|end_header_id|>\n\n"
    "{{ m['content'] }}<|eot_id|>{% endfor %}"
    "{% if add_generation_prompt %}<|start_header_id|>assistant<|end_header_id|>\n\n{% endif %}"
)


def make_foreign_tokenizer(chat_template=LLAMA_TEMPLATE):
    """A Llama-3-style tokenizer unlike ours: other special tokens, a BOS, its own chat template."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast
    special = ["<|begin_of_text|>", "<|end_of_text|>", "<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>"]
    tk = Tokenizer(models.BPE())
    tk.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tk.decoder = decoders.ByteLevel()
    text = [(ROOT / f).read_text() for f in ("model.py", "prompt.py")]
    tk.train_from_iterator(text, trainers.BpeTrainer(vocab_size=600, special_tokens=special, show_progress=False,
                                                     initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    return PreTrainedTokenizerFast(tokenizer_object=tk, bos_token="<|begin_of_text|>", eos_token="<|end_of_text|>",
                                   chat_template=chat_template)


@pytest.fixture(scope="session")
def llama_dir(tmp_path_factory):
    """A tiny Llama-family model and a foreign tokenizer saved with save_pretrained: an --init_from target."""
    from transformers import LlamaConfig, LlamaForCausalLM
    tok = make_foreign_tokenizer()
    cfg = LlamaConfig(vocab_size=len(tok), hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                      num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=2048,
                      bos_token_id=tok.bos_token_id, eos_token_id=tok.convert_tokens_to_ids("<|eot_id|>"))
    torch.manual_seed(1)
    d = tmp_path_factory.mktemp("llama_tiny")
    LlamaForCausalLM(cfg).save_pretrained(d)
    tok.save_pretrained(d)
    return d


def kernelbench_rows(level):
    """Rows of ../shared/kernelbench/levelN.jsonl; the test skips where the folder is absent."""
    import json
    path = KERNELBENCH / f"level{level}.jsonl"
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

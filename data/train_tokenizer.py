"""
Train the tiny preset's byte-level BPE tokenizer on the project's own text and save it to data/tokenizer/.

    python -m data.train_tokenizer                     # default: 4096 tokens, every tracked .py/.md + data/*.jsonl
    python -m data.train_tokenizer --vocab_size 8192 --out /tmp/tok

The text is the project itself: its Python (Triton kernels included), its docs, and the SFT corpus in
data/*.jsonl when it exists. Re-run it after the corpus changes; old checkpoints keep working because
each one stores its own tokenizer. Byte-level BPE means any text, unicode included, round-trips.

Special tokens (PAPER.md §2): <|im_start|> and <|im_end|> frame chat turns (<|im_end|> ends the
assistant's turn), <think> and </think> bound the plan span, <|endoftext|> pads. As in Qwen3, the
think markers are added tokens but not "special", so decoding keeps them in the text that reward.py
splits into plan and code.
"""

import argparse
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
THINK = ["<think>", "</think>"]


def corpus_files(root):
    """Tracked (or, outside git, all) .py and .md files, then data/*.jsonl, in a fixed order."""
    try:
        out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=root,
                             capture_output=True, text=True, check=True).stdout.split()
        files = [root / f for f in out]
    except (OSError, subprocess.CalledProcessError):
        files = list(root.rglob("*"))
    keep = [f for f in files if f.suffix in (".py", ".md") and f.is_file() and ".venv" not in f.parts]
    keep += sorted((root / "data").glob("*.jsonl"))
    return sorted(set(keep))


def texts(files):
    """Each file's text; for JSONL, the string values of each row (prompts, completions, code)."""
    for f in files:
        if f.suffix != ".jsonl":
            yield f.read_text(encoding="utf-8", errors="replace")
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield from (v for v in json.loads(line).values() if isinstance(v, str))


def train(vocab_size, files):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    tk = Tokenizer(models.BPE())
    tk.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tk.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, min_frequency=2, special_tokens=SPECIAL + THINK,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tk.train_from_iterator(texts(files), trainer=trainer)
    return tk


def wrap(tk):
    """The HF tokenizer object that save_pretrained writes and AutoTokenizer loads back."""
    from tokenizers import AddedToken
    from transformers import PreTrainedTokenizerFast
    from prompt import CHAT_TEMPLATE
    tok = PreTrainedTokenizerFast(tokenizer_object=tk, eos_token="<|im_end|>", pad_token="<|endoftext|>",
                                  additional_special_tokens=["<|im_start|>"], chat_template=CHAT_TEMPLATE)
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in THINK])
    return tok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--vocab_size", type=int, default=4096)
    ap.add_argument("--out", default=str(ROOT / "data" / "tokenizer"))
    args = ap.parse_args()
    files = corpus_files(ROOT)
    tok = wrap(train(args.vocab_size, files))
    Path(args.out).mkdir(parents=True, exist_ok=True)
    tok.save_pretrained(args.out)
    print(f"trained on {len(files)} files: {len(tok)} tokens -> {args.out}")


if __name__ == "__main__":
    main()

"""
Prompt rendering and loss masks: the one prompt that SFT, RL, sampling and eval all use.

    python prompt.py PROBLEM.py                 # print the rendered prompt for a KernelBench-format file
    python prompt.py PROBLEM.py --one_shot      # ... with the one-shot example
    python prompt.py PROBLEM.py --init_from DIR # ... through another model's tokenizer and chat template

In code:

    ids = prompt_ids(tok, task_src)                       # what the sampler is fed
    ids, mask = render_example(tok, task_src, completion)  # what SFT trains on; mask = completion tokens

Rendering and masking live together (as in nanochat) so the tokens a model is trained on are exactly
the tokens it is later prompted with: the prompt is tokenized on its own, the completion on its own,
and the end-of-turn token closes it. A sampler fed prompt_ids() sees the same boundary.

The output format (PAPER.md §2): reasoning inside <think> ... </think> (the plan tokens), then one
fenced Python block defining ModelNew with @triton.jit kernels (the code tokens).
"""

import argparse

# ChatML, as Qwen3 uses. The tiny tokenizer ships with it; prepare_tokenizer() gives it to any
# tokenizer that lacks a template of its own.
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)

THINK_OPEN, THINK_CLOSE = "<think>", "</think>"


def split_answer(text):
    """(plan, answer): the one definition of PAPER.md §2's output format, which the verifier's extractor and the
    reward's plan/code masks both use, so the tokens trained as code are exactly the text the verifier judged.
    The plan runs up to and including the LAST </think>; the answer is everything after it. The last, not the
    first: a response with two reasoning spans is still reasoning until its final close, and the verifier must
    judge the answer a reader would take (one written after a first close and then revised is not the answer).
    Without </think>, a response that opened <think> ran out of tokens while thinking (all plan, answer None);
    one with no marker at all is all answer."""
    cut = text.rfind(THINK_CLOSE)
    if cut >= 0:
        cut += len(THINK_CLOSE)
        return text[:cut], text[cut:]
    return (text, None) if THINK_OPEN in text else ("", text)

INSTRUCTION = """\
Rewrite the PyTorch module below as a Triton implementation.

Define `class ModelNew(nn.Module)` with the same `__init__` and `forward` signatures as `Model`. \
Its `forward` must compute the result with one or more `@triton.jit` kernels that it launches. \
Allocating outputs, views and reshapes are fine; PyTorch compute (torch.nn layers, torch.nn.functional, \
torch.matmul, the @ operator, tensor math methods) is not, and neither is a fallback to it.

First reason inside <think> </think>: what the operator computes, the memory layout, how to tile it \
and which block sizes to use. Then give the complete code (imports, kernels and `ModelNew`) in one \
```python block."""

ONE_SHOT_TASK = '''\
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return a + b

N = 4096

def get_inputs():
    return [torch.randn(N), torch.randn(N)]

def get_init_inputs():
    return []
'''

ONE_SHOT_ANSWER = '''\
<think>
The operator adds two tensors elementwise. Both are contiguous, so one flat index addresses both.
Each program handles BLOCK consecutive elements; a mask covers the tail when N is not a multiple of BLOCK.
</think>

```python
import torch
import torch.nn as nn
import triton
import triton.language as tl

@triton.jit
def add_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, a + b, mask=mask)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        a, b = a.contiguous(), b.contiguous()
        out = torch.empty_like(a)
        n = a.numel()
        add_kernel[(triton.cdiv(n, 1024),)](a, b, out, n, BLOCK=1024)
        return out
```'''


def user_message(task_src, one_shot=False):
    """The user's turn for one task: the instruction, optionally a worked example, then the module."""
    parts = [INSTRUCTION]
    if one_shot:
        parts.append(f"Example module:\n```python\n{ONE_SHOT_TASK}```\nExample answer:\n{ONE_SHOT_ANSWER}")
    parts.append(f"The module:\n```python\n{task_src.rstrip()}\n```")
    return "\n\n".join(parts)


def prompt_messages(task_src, one_shot=False):
    return [{"role": "user", "content": user_message(task_src, one_shot)}]


def render_prompt(tok, task_src, one_shot=False):
    """The prompt as text, ending where the assistant starts writing."""
    return tok.apply_chat_template(prompt_messages(task_src, one_shot), tokenize=False, add_generation_prompt=True)


def prompt_ids(tok, task_src, one_shot=False):
    # add_special_tokens=False: the chat template already wrote any BOS the model wants.
    return tok(render_prompt(tok, task_src, one_shot), add_special_tokens=False)["input_ids"]


def render_messages(tok, messages):
    """(ids, mask) for a chat whose last turn is the assistant's: mask is 1 on that turn's tokens.

    The turn is its content plus the end-of-turn token, so a trained model learns where to stop.
    """
    from model import InputError, end_of_turn_id
    if not messages or messages[-1].get("role") != "assistant":
        raise InputError("a chat example must end with an assistant turn")
    prefix = tok.apply_chat_template(messages[:-1], tokenize=False, add_generation_prompt=True)
    p = tok(prefix, add_special_tokens=False)["input_ids"]
    c = tok(messages[-1]["content"], add_special_tokens=False)["input_ids"] + [end_of_turn_id(tok)]
    return p + c, [0] * len(p) + [1] * len(c)


def render_example(tok, task_src, completion, one_shot=False):
    """(ids, mask) for a task and a completion in PAPER.md §2's format; mask = completion tokens."""
    return render_messages(tok, prompt_messages(task_src, one_shot) + [{"role": "assistant", "content": completion}])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("problem", help="a KernelBench-format .py file")
    ap.add_argument("--one_shot", action="store_true", help="include the worked example")
    ap.add_argument("--init_from", default=None, help="use this HF tokenizer instead of the tiny one")
    args = ap.parse_args()
    from model import InputError, load_tokenizer
    try:
        src = open(args.problem, encoding="utf-8").read()
    except OSError as e:
        raise InputError(f"cannot read {args.problem}: {e.strerror}") from e
    tok = load_tokenizer(args.init_from)
    text = render_prompt(tok, src, args.one_shot)
    print(text)
    print(f"--- {len(prompt_ids(tok, src, args.one_shot))} tokens")


if __name__ == "__main__":
    from common import main_guard
    main_guard(main)

"""
Rewards, token classes and group advantages: PAPER.md §4, one named function per equation.

    python reward.py verdicts.jsonl --group 8                  # R_correct, R_speedup and HRD advantages per row
    python reward.py verdicts.jsonl --group 8 --reward uniform --beta 0.3

In code (train_rl.py):

    rc, rs = reward_terms(verdict, clip=2.0)                   # R_correct, R_speedup
    plan, code = plan_code_masks(tok, response_ids)            # partition the response's tokens
    adv = token_advantages("hrd", rc, rs, plan, code, alpha=0.1)   # [n, T] per-token advantages

The validity switch (--verifier robust|naive) lives in the verifier: a naive verdict's `valid` is the syntax
check alone, so the same functions here reproduce how cheating pays when the func layer is off (PAPER.md §6).
"""

import argparse
import json

import torch

THINK_CLOSE = "</think>"


def reward_terms(verdict, clip=2.0):
    """(R_correct, R_speedup) for one verdict (a verify.Verdict or its JSON dict). PAPER.md §4:
    R_correct = valid * correct; R_speedup = valid * correct * min(speedup, clip). Without timing (the CPU)
    speedup is None and R_speedup is 0. A problem whose check is degenerate (verify_ref.weak_points: all zeros
    would pass, the output ignores the inputs, the reference is random) pays nothing: there an honest kernel and
    a cheat cannot be told apart, so a reward would teach the cheat."""
    get = verdict.get if isinstance(verdict, dict) else lambda k: getattr(verdict, k, None)
    ok = bool(get("valid")) and bool(get("correct")) and not get("degenerate")
    speedup = get("speedup")
    return float(ok), float(ok) * min(float(speedup), clip) if speedup is not None else 0.0


def plan_code_masks(tok, ids):
    """Two 0/1 lists over a response's token ids that partition it (PAPER.md §2): plan = the reasoning span up
    to and including </think>; code = every token after it, the end-of-turn token included. A response with
    no </think> is all code unless it opened <think> (reasoning cut off: all plan)."""
    n = len(ids)
    close = tok.convert_tokens_to_ids(THINK_CLOSE)
    if close is not None and close != tok.unk_token_id and close in ids:  # one token (Qwen3, ours): exact
        cut = ids.index(close) + 1
    else:
        cut = char_cut_to_token(tok, ids)
    return [1] * cut + [0] * (n - cut), [0] * cut + [1] * (n - cut)


def char_cut_to_token(tok, ids):
    """Where </think> ends, in tokens, from character offsets: for tokenizers that split the marker."""
    text = tok.decode(ids)
    if THINK_CLOSE not in text:
        return len(ids) if "<think>" in text else 0
    end = text.index(THINK_CLOSE) + len(THINK_CLOSE)
    enc = tok(text, add_special_tokens=False, return_offsets_mapping=True)
    if enc["input_ids"] == list(ids):  # the text re-encodes to the same tokens: use the tokenizer's offsets
        return sum(1 for start, _ in enc["offset_mapping"] if start < end)
    for i in range(1, len(ids) + 1):  # otherwise the first prefix whose text covers the marker
        if len(tok.decode(ids[:i])) >= end:
            return i
    return len(ids)


def group_advantages(rewards, group, scale_std=True, eps=1e-6):
    """PAPER.md §4: A_j = (r_j - mean_k r_k) / (std_k r_k + eps) over the G samples of each prompt.
    rewards is flat, prompt-major (group consecutive samples per prompt). scale_std=False skips the division
    (Dr. GRPO). A group whose rewards are all equal gets 0."""
    r = torch.as_tensor(rewards, dtype=torch.float64).view(-1, group)
    a = r - r.mean(dim=1, keepdim=True)
    if scale_std:
        a = a / (r.std(dim=1, keepdim=True) + eps)
    return a.view(-1)


def token_advantages(kind, r_correct, r_speedup, plan, code, group, alpha=0.1, beta=0.3, scale_std=True):
    """Per-token advantages [n, T] (T = the longest response; padding gets 0).

    hrd:           alpha * m_plan * A(R_speedup) + m_code * A(R_correct)   (PAPER.md §4, HRD)
    uniform:       every token gets A(beta * R_correct + (1 - beta) * R_speedup)   (the paper's baseline)
    uniform_alpha: every token gets A(R_correct + alpha * R_speedup)   (the reviewers' missing baseline)
    """
    T = max(len(m) for m in plan)
    pm = torch.tensor([m + [0] * (T - len(m)) for m in plan], dtype=torch.float64)
    cm = torch.tensor([m + [0] * (T - len(m)) for m in code], dtype=torch.float64)
    rc, rs = torch.as_tensor(r_correct, dtype=torch.float64), torch.as_tensor(r_speedup, dtype=torch.float64)
    if kind == "hrd":
        a_plan = group_advantages(rs, group, scale_std)[:, None]
        a_code = group_advantages(rc, group, scale_std)[:, None]
        return alpha * pm * a_plan + cm * a_code
    if kind == "uniform":
        r = beta * rc + (1 - beta) * rs
    elif kind == "uniform_alpha":
        r = rc + alpha * rs
    else:
        raise ValueError(f"unknown reward {kind!r}: choose hrd, uniform or uniform_alpha")
    return (pm + cm) * group_advantages(r, group, scale_std)[:, None]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("verdicts", help="JSONL verdicts (verify.py --batch), prompt-major, --group rows per prompt")
    ap.add_argument("--group", type=int, default=8, help="G: samples per prompt")
    ap.add_argument("--reward", choices=["hrd", "uniform", "uniform_alpha"], default="hrd")
    ap.add_argument("--alpha", type=float, default=0.1)
    ap.add_argument("--beta", type=float, default=0.3)
    ap.add_argument("--clip", type=float, default=2.0, help="speedup clip; R_speedup is 0 without timing (CPU)")
    ap.add_argument("--no_std", action="store_true", help="skip the std division (Dr. GRPO)")
    args = ap.parse_args()
    from model import InputError
    rows = []
    for n, line in enumerate(open(args.verdicts, encoding="utf-8"), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise InputError(f"{args.verdicts} line {n}: not JSON: {e.msg}") from e
    if not rows or len(rows) % args.group:
        raise InputError(f"{args.verdicts}: {len(rows)} rows is not a whole number of groups of {args.group}")
    rc, rs = zip(*(reward_terms(r, args.clip) for r in rows))
    if args.reward == "hrd":
        a_code = group_advantages(rc, args.group, not args.no_std)
        a_plan = args.alpha * group_advantages(rs, args.group, not args.no_std)
        cols = zip(a_plan.tolist(), a_code.tolist())
    else:
        r = [args.beta * c + (1 - args.beta) * s if args.reward == "uniform" else c + args.alpha * s for c, s in zip(rc, rs)]
        a = group_advantages(r, args.group, not args.no_std).tolist()
        cols = zip(a, a)
    for row, c, s, (ap_, ac) in zip(rows, rc, rs, cols):
        print(json.dumps({"name": row.get("name"), "R_correct": c, "R_speedup": s, "A_plan": round(ap_, 6),
                          "A_code": round(ac, 6)}))


if __name__ == "__main__":
    from model import main_guard
    main_guard(main)

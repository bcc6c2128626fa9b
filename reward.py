"""
PAPER.md §4 top to bottom, one named function per equation: reward terms -> plan/code masks -> group
advantages -> per-token advantages -> the per-token objective (clipped surrogate, per-class normalisation, KL).

    python reward.py verdicts.jsonl --group 8                  # R_correct, R_speedup and HRD advantages per row
    python reward.py verdicts.jsonl --group 8 --reward uniform --beta 0.3

In code (train_rl.py):

    rc, rs = reward_terms(verdict, clip=2.0)                   # R_correct, R_speedup
    plan, code = plan_code_masks(tok, response_ids)            # partition the response's tokens
    adv = token_advantages("hrd", rc, rs, plan, code, group=8, alpha=0.1)   # [n, T] per-token advantages
    loss, clipped, kl = policy_loss(new_lp, old_lp, adv, plan, code, "hrd", "seq", 0.2, 0.2)

The validity switch (--verifier robust|naive) lives in the verifier: a naive verdict's `valid` is the syntax
check alone, so the same functions here reproduce how cheating pays when the func layer is off (PAPER.md §6).
"""

import argparse
import json

import torch

from prompt import THINK_CLOSE, split_answer

KINDS = ("hrd", "uniform", "uniform_alpha")


def reward_terms(verdict, clip=2.0):
    """(R_correct, R_speedup) for one verdict (a verify.Verdict or its JSON dict). PAPER.md §4:
    R_correct = valid * correct; R_speedup = valid * correct * min(speedup, clip). Without timing (the CPU)
    speedup is None and R_speedup is 0. A problem whose check is degenerate (verify_ref.weak_points: all zeros
    would pass, the output ignores the inputs, the reference is random) pays nothing: there an honest kernel and
    a cheat cannot be told apart, so a reward would teach the cheat."""
    from verify import as_verdict
    v = as_verdict(verdict)
    ok = v.passed and not v.degenerate
    return float(ok), float(ok) * min(float(v.speedup), clip) if v.speedup is not None else 0.0


def plan_code_masks(tok, ids):
    """Two 0/1 lists over a response's token ids that partition it (PAPER.md §2): plan = the reasoning span up
    to and including the last </think>; code = every token after it, the end-of-turn token included: exactly
    the text the verifier judged (prompt.split_answer). A response with no </think> is all code unless it
    opened <think> (reasoning cut off: all plan)."""
    n = len(ids)
    close = tok.convert_tokens_to_ids(THINK_CLOSE)
    if close is not None and close != tok.unk_token_id and close in ids:  # one token (Qwen3, ours): exact
        cut = n - ids[::-1].index(close)
    else:
        cut = char_cut_to_token(tok, ids)
    return [1] * cut + [0] * (n - cut), [0] * cut + [1] * (n - cut)


def char_cut_to_token(tok, ids):
    """Where the plan ends, in tokens, from character offsets: for tokenizers that split the marker."""
    text = tok.decode(ids)
    plan, answer = split_answer(text)
    if answer is None or not plan:
        return len(ids) if answer is None else 0
    end = len(plan)
    enc = tok(text, add_special_tokens=False, return_offsets_mapping=True)
    if enc["input_ids"] == list(ids):  # the text re-encodes to the same tokens: use the tokenizer's offsets
        return sum(1 for start, _ in enc["offset_mapping"] if start < end)
    lo, hi = 1, len(ids)  # else the shortest prefix whose text covers the marker: a bisection (decoding every
    while lo < hi:        # prefix was quadratic: 34 s for one 12k-token response)
        mid = (lo + hi) // 2
        lo, hi = (lo, mid) if len(tok.decode(ids[:mid])) >= end else (mid + 1, hi)
    return lo


def group_advantages(rewards, group, scale_std=True, eps=1e-6):
    """PAPER.md §4: A_j = (r_j - mean_k r_k) / (std_k r_k + eps) over the G samples of each prompt.
    rewards is flat, prompt-major (group consecutive samples per prompt). scale_std=False skips the division
    (Dr. GRPO). A group whose rewards are all equal gets exactly 0 (its mean can differ from its members in the
    last bit: seven rewards of 0.1 gave advantages of 1e-17 / 1e-6, which kept equal groups in training)."""
    r = torch.as_tensor(rewards, dtype=torch.float64).view(-1, group)
    a = r - r.mean(dim=1, keepdim=True)
    if scale_std:
        a = a / (r.std(dim=1, keepdim=True) + eps)
    a[(r == r[:, :1]).all(dim=1)] = 0.0
    return a.view(-1)


def sample_advantages(kind, r_correct, r_speedup, group, alpha=0.1, beta=0.3, scale_std=True):
    """(A_plan, A_code) per sample: the advantage each token class of a response gets (PAPER.md §4).

    hrd:           A_plan = alpha * A(R_speedup),  A_code = A(R_correct)   (HRD)
    uniform:       both A(beta * R_correct + (1 - beta) * R_speedup)      (the paper's baseline)
    uniform_alpha: both A(R_correct + alpha * R_speedup)                  (the reviewers' missing baseline)
    """
    rc, rs = torch.as_tensor(r_correct, dtype=torch.float64), torch.as_tensor(r_speedup, dtype=torch.float64)
    if kind == "hrd":
        return alpha * group_advantages(rs, group, scale_std), group_advantages(rc, group, scale_std)
    if kind == "uniform":
        a = group_advantages(beta * rc + (1 - beta) * rs, group, scale_std)
    elif kind == "uniform_alpha":
        a = group_advantages(rc + alpha * rs, group, scale_std)
    else:
        raise ValueError(f"unknown reward {kind!r}: choose {', '.join(KINDS)}")
    return a, a


def token_advantages(kind, r_correct, r_speedup, plan, code, group, alpha=0.1, beta=0.3, scale_std=True):
    """Per-token advantages [n, T] (T = the longest response; padding gets 0): m_plan * A_plan + m_code * A_code."""
    T = max(len(m) for m in plan)
    pm = torch.tensor([m + [0] * (T - len(m)) for m in plan], dtype=torch.float64)
    cm = torch.tensor([m + [0] * (T - len(m)) for m in code], dtype=torch.float64)
    a_plan, a_code = sample_advantages(kind, r_correct, r_speedup, group, alpha, beta, scale_std)
    return pm * a_plan[:, None] + cm * a_code[:, None]


def policy_loss(new_lp, old_lp, adv, plan, code, kind, norm, eps_low, eps_high, ref_lp=None, kl=0.0):
    """PAPER.md §4's clipped objective, negated, per token: -min(rho * A, clip(rho, 1 - eps_low, 1 + eps_high) * A)
    plus kl * k3(pi, ref). adv already carries alpha on plan tokens. norm='seq': per-sample means, per token class
    for HRD (J = alpha * J_plan + J_code), summed over samples (the caller divides by the global number of
    samples); norm='token': summed over tokens (the caller divides by the global token count).
    Returns (loss sum, clipped count, kl sum). A token counts as clipped where the clip took its gradient away:
    rho above 1 + eps_high with A > 0, or below 1 - eps_low with A < 0."""
    ratio = torch.exp(new_lp - old_lp)
    surr = torch.minimum(ratio * adv, ratio.clamp(1 - eps_low, 1 + eps_high) * adv)
    per_tok = -surr
    k3 = torch.zeros_like(per_tok)
    if ref_lp is not None and kl > 0:
        d = ref_lp - new_lp
        k3 = torch.exp(d) - d - 1  # the k3 estimator of KL(pi || ref), always >= 0
        per_tok = per_tok + kl * k3
    mask = plan + code
    clipped = (((ratio > 1 + eps_high) & (adv > 0)) | ((ratio < 1 - eps_low) & (adv < 0))).float() * mask
    if norm == "token":
        loss = (per_tok * mask).sum()
    elif kind == "hrd":
        loss = (class_mean(per_tok, plan) + class_mean(per_tok, code)).sum()
    else:
        loss = class_mean(per_tok, mask).sum()
    return loss, clipped.sum().item(), (k3 * mask).sum().item()


def class_mean(per_tok, mask):
    """Per sample, the mean over one token class (PAPER.md §4: 1/|class| sum over it); 0 for an empty class."""
    return (per_tok * mask).sum(1) / mask.sum(1).clamp(min=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("verdicts", help="JSONL verdicts (verify.py --batch), prompt-major, --group rows per prompt")
    ap.add_argument("--group", type=int, default=8, help="G: samples per prompt")
    ap.add_argument("--reward", choices=KINDS, default="hrd")
    ap.add_argument("--alpha", type=float, default=0.1)
    ap.add_argument("--beta", type=float, default=0.3)
    ap.add_argument("--clip", type=float, default=2.0, help="speedup clip; R_speedup is 0 without timing (CPU)")
    ap.add_argument("--no_std", action="store_true", help="skip the std division (Dr. GRPO)")
    args = ap.parse_args()
    from common import InputError
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
    a_plan, a_code = sample_advantages(args.reward, rc, rs, args.group, args.alpha, args.beta, not args.no_std)
    cols = zip(a_plan.tolist(), a_code.tolist())
    for row, c, s, (ap_, ac) in zip(rows, rc, rs, cols):
        print(json.dumps({"name": row.get("name"), "R_correct": c, "R_speedup": s, "A_plan": round(ap_, 6),
                          "A_code": round(ac, 6)}))


if __name__ == "__main__":
    from common import main_guard
    main_guard(main)

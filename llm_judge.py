"""
The LLM judge: part (c) of the verifier's functionality layer (PAPER.md §3, "linter + LLM judge"). A candidate
that passed every other layer (valid and correct) is shown, as text, to a model behind any OpenAI-compatible
chat-completions endpoint, with the rules in PROMPT below; a "cheat" answer makes the verdict invalid.

    python verify.py PROBLEM.py CANDIDATE --judge http://localhost:8000/v1 --judge_model Qwen/Qwen3-235B-A22B
    python eval.py --generations gens.jsonl --judge URL/v1 --judge_model NAME   # robust passed with and without it
    python train_rl.py --ckpt sft.pt --judge URL/v1 --judge_model NAME          # judge_cheat / judge_unavailable
    python llm_judge.py PROBLEM.py CANDIDATE --judge URL/v1 --judge_model NAME  # ask once, print the answer

Where it sits: VerifierPool.verify_one (verify.py) calls Judge.check in the parent (trusted) process after the
candidate's verdict is in; it sends only text (the problem's source and the candidate's code), so nothing of
the candidate runs here. Answers are cached by sha256 of (problem source, code, judge model, PROMPT) in a JSONL
file (--judge_cache, default under the user's cache folder; "none": in memory only), so a re-run or a repeated
rollout costs no request. A timeout, an HTTP error or a malformed answer is retried --judge_retries times, then
recorded as "judge unavailable" in the verdict's flags without failing the candidate, and counted: a flaky
judge must not turn honest kernels into zero reward.
"""

import argparse
import hashlib
import http.client
import json
import os
import re
import string
import sys
import threading
import time
from pathlib import Path

from common import InputError, post

# The one prompt (PAPER.md §3, func layer): the rules the static and runtime layers enforce by construction, asked
# of a model because some of them (an omitted part of the operator, hard-coded shapes) are about meaning.
PROMPT = """You are reviewing a Triton implementation of a PyTorch operator for cheating.

The reference operator (a KernelBench problem: class Model, get_inputs, get_init_inputs):
```python
$problem
```

The candidate (class ModelNew must compute the same thing as Model):
```python
$code
```

The rules. The candidate is a cheat if any of these holds:
1. PyTorch does the core computation: torch.nn layers, torch.nn.functional, torch.matmul, the @ operator,
   torch reductions or activations, or any other PyTorch op computes the operator's result instead of a Triton
   kernel. Allocating outputs, reshaping views and launch arithmetic in PyTorch are fine.
2. The Triton kernels do not actually run and do the work: a kernel that is never launched, a decoy kernel whose
   result is discarded, or a kernel that only copies data while PyTorch or Python computes the answer.
3. A required component of the operator is omitted: a bias, a scale, an epsilon, a normalisation step, a
   masking rule, a reduction mode, or any other part of what Model computes is left out or simplified away.
4. Outputs or shapes are hard-coded: constant or precomputed results, a lookup table, sizes that only work for
   the shapes get_inputs happens to produce, or results cached across calls.

Judge only by these rules, not by style or speed. Answer with one JSON object and nothing else:
{"verdict": "ok" or "cheat", "reason": "one sentence naming the rule broken, or why it is fine"}
"""

MAX_TOKENS = 4096  # room for a reasoning model's thinking before its JSON (Qwen3-235B, PAPER.md §3)


def prompt_id():
    """Short hash of PROMPT: part of the judge's cache key and of eval.py's verdict-cache key."""
    return hashlib.sha256(PROMPT.encode()).hexdigest()[:12]


def describe(s):
    """The judge's part of verify.Settings.describe(): "" when off, so unjudged descriptions read as before."""
    return f", then an LLM judge ({s.judge_model}, prompt {prompt_id()}) on what passed" if s.judge else ""


def default_cache():
    return str(Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tritonrl" / "judge.jsonl")


def add_flags(ap):
    """The judge's flags, one group, shared by verify.py, eval.py and train_rl.py."""
    g = ap.add_argument_group("LLM judge (PAPER.md §3, func layer; off unless --judge is given)")
    g.add_argument("--judge", default=None, help="base URL of an OpenAI-compatible endpoint, e.g. http://host:8000/v1")
    g.add_argument("--judge_model", default=None, help="the judge's model name at that endpoint")
    g.add_argument("--judge_key_env", default="OPENAI_API_KEY", help="environment variable holding the API key")
    g.add_argument("--judge_timeout", type=float, default=120.0, help="seconds per request")
    g.add_argument("--judge_retries", type=int, default=2, help="retries after a failed request or malformed answer")
    g.add_argument("--judge_cache", default=default_cache(), help="JSONL answer cache ('none': in memory only)")
    return g


def settings_kw(args):
    """verify.Settings fields from the flags; {} without --judge. Flag errors name the flag."""
    if not args.judge:
        if args.judge_model:
            raise InputError("--judge_model is given without --judge URL")
        return {}
    if not args.judge_model:
        raise InputError(f"--judge {args.judge}: give --judge_model NAME too")
    if args.judge_retries < 0 or args.judge_timeout <= 0:
        raise InputError(f"--judge_retries {args.judge_retries} / --judge_timeout {args.judge_timeout}: give "
                         "retries >= 0 and a timeout > 0")
    cache = None if str(args.judge_cache).lower() in ("", "none") else args.judge_cache
    return dict(judge=args.judge, judge_model=args.judge_model, judge_key_env=args.judge_key_env,
                judge_timeout=args.judge_timeout, judge_retries=args.judge_retries, judge_cache=cache)


# -----------------------------------------------------------------------------
# Asking: one chat request, a JSON answer, retries


def answer_json(content):
    """The JSON object in a chat answer: after a reasoning span, inside a code fence or bare. ValueError if none."""
    text = content.rsplit("</think>", 1)[-1].strip()
    fenced = re.search(r"```(?:json)?\s*(\{.*?\})\s*```", text, re.S)
    for cand in ([fenced.group(1)] if fenced else []) + [text, text[text.find("{"):text.rfind("}") + 1]]:
        try:
            obj = json.loads(cand)
        except ValueError:
            continue
        if isinstance(obj, dict):
            return obj
    raise ValueError(f"no JSON object in the answer: {content[:120]!r}")


def ask_json(url, model, prompt, api_key, timeout, retries, check, max_tokens=MAX_TOKENS):
    """(object, None) from one chat prompt, or (None, why) after retries + 1 failed attempts. check(obj) raises
    ValueError on a malformed answer, which is retried like a timeout or an HTTP error. One request per attempt:
    post() is called with no retries of its own, so the count is ours."""
    body = {"model": model, "messages": [{"role": "user", "content": prompt}], "temperature": 0.0,
            "max_tokens": max_tokens}
    why = None
    for attempt in range(retries + 1):
        if attempt:
            time.sleep(min(5.0, 0.1 * 2 ** attempt))
        try:
            resp = post(url.rstrip("/") + "/chat/completions", body, api_key, timeout, 0)
            content = resp["choices"][0]["message"]["content"]
            if not isinstance(content, str):
                raise ValueError("the answer has no text content")
            obj = answer_json(content)
            check(obj)
            return obj, None
        except (InputError, ValueError, KeyError, IndexError, TypeError, OSError, http.client.HTTPException) as e:
            why = f"{type(e).__name__}: {e}"[:200]
    return None, f"{retries + 1} attempts failed; last: {why}"


def check_answer(obj):
    if obj.get("verdict") not in ("ok", "cheat"):
        raise ValueError(f"'verdict' must be \"ok\" or \"cheat\", got {obj.get('verdict')!r}")
    if not isinstance(obj.get("reason"), str):
        raise ValueError("the answer has no string 'reason'")


# -----------------------------------------------------------------------------
# The judge: cache, counts, and what an answer does to a verdict


class Judge:
    """Thread-safe (the pool's threads judge their candidates side by side). counts: requests sent, cheats,
    unavailable answers, cache hits."""

    def __init__(self, url, model, key_env="OPENAI_API_KEY", timeout=120.0, retries=2, cache=None):
        self.url, self.model, self.timeout, self.retries, self.cache_path = url, model, timeout, retries, cache
        self.api_key = os.environ.get(key_env) if key_env else None
        self.lock, self.key_locks, self.answers = threading.Lock(), {}, {}
        self.counts = dict(asked=0, ok=0, cheat=0, unavailable=0, cached=0)
        if cache and Path(cache).exists():
            self.load(cache)

    @classmethod
    def from_settings(cls, s):
        """The judge a verify.Settings asks for, or None when its judge is off."""
        if not s.judge:
            return None
        return cls(s.judge, s.judge_model, s.judge_key_env, s.judge_timeout, s.judge_retries, s.judge_cache)

    def load(self, path):
        bad = 0
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            try:
                r = json.loads(line)
                self.answers[r["key"]] = {"verdict": r["verdict"], "reason": r["reason"]}
            except (ValueError, KeyError, TypeError):
                bad += 1  # a torn last line after a kill: that answer is asked again
        if bad:
            print(f"note: {path}: {bad} unreadable judge-cache lines ignored", file=sys.stderr)

    def key(self, problem_src, code):
        return hashlib.sha256("\0".join((problem_src, code, self.model, PROMPT)).encode()).hexdigest()

    def ask(self, problem_src, code):
        """({"verdict", "reason"}, cached) or (None, why unavailable)."""
        k = self.key(problem_src, code)
        with self.lock:
            lk = self.key_locks.setdefault(k, threading.Lock())
        with lk:  # the same (problem, code) from several threads: one request
            if k in self.answers:
                with self.lock:
                    self.counts["cached"] += 1
                return self.answers[k], True
            prompt = string.Template(PROMPT).substitute(problem=problem_src.strip(), code=code.strip())
            obj, why = ask_json(self.url, self.model, prompt, self.api_key, self.timeout, self.retries, check_answer)
            with self.lock:
                self.counts["asked"] += 1
                if obj is None:
                    return None, why
                ans = {"verdict": obj["verdict"], "reason": obj["reason"].strip() or "(no reason given)"}
                self.answers[k] = ans
                if self.cache_path:
                    Path(self.cache_path).parent.mkdir(parents=True, exist_ok=True)
                    with open(self.cache_path, "a", encoding="utf-8") as f:
                        f.write(json.dumps({"key": k, "model": self.model, **ans}) + "\n")
            return ans, False

    def check(self, problem_src, code, v):
        """Judge a verdict that passed every other layer, in place: "cheat" makes it invalid (reason "judge:
        ..."); an unavailable judge leaves it passing and says so in its flags."""
        t0 = time.perf_counter()
        ans, info = self.ask(problem_src, code)
        v.phases["judge"] = round(time.perf_counter() - t0, 3)
        with self.lock:
            self.counts["unavailable" if ans is None else ans["verdict"]] += 1
        if ans is None:
            v.flags.append(f"judge unavailable: {info}")
            v.ok("judge", model=self.model, unavailable=info)
        elif ans["verdict"] == "cheat":
            v.valid = False
            v.fail("judge", ans["reason"])
        else:
            v.ok("judge", model=self.model, reason=ans["reason"], cached=info)
        return v


def judge_counts(verdicts):
    """{"judge_cheat", "judge_unavailable"} over verdicts (Verdicts or their JSON dicts), by their "judge" check."""
    def checks(v):
        return v.get("checks", {}) if isinstance(v, dict) else v.checks
    got = [checks(v).get("judge") for v in verdicts]
    return {"judge_cheat": sum(bool(c) and not c["ok"] for c in got),
            "judge_unavailable": sum(bool(c) and c["ok"] and "unavailable" in c for c in got)}


def unjudged(v):
    """A verdict's JSON dict as it would read without the judge: the judge only ever sees candidates that passed
    every other layer, so undoing a "cheat" restores a passing verdict exactly."""
    c = v.get("checks", {}).get("judge")
    if not c or c["ok"]:
        return v
    return {**v, "valid": True, "passed": bool(v.get("correct")), "reason": None, "layer": None,
            "checks": {k: x for k, x in v["checks"].items() if k != "judge"}}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("problem", help="a KernelBench-format .py file")
    ap.add_argument("candidate", help="a .py file or a raw completion (its code block is what the judge sees)")
    add_flags(ap)
    args = ap.parse_args()
    kw = settings_kw(args)
    if not kw:
        raise InputError("give --judge URL and --judge_model NAME")
    from verify import read_text
    from verify_static import extract_code
    code = extract_code(read_text(args.candidate, "candidate"))
    if code is None:
        raise InputError(f"{args.candidate}: no code block defining ModelNew")
    from verify import Settings
    j = Judge.from_settings(Settings(**kw))
    ans, info = j.ask(read_text(args.problem, "problem"), code)
    print(json.dumps({"verdict": ans and ans["verdict"], "reason": ans["reason"] if ans else f"unavailable: {info}",
                      "cached": info if ans else False, "counts": j.counts}))


if __name__ == "__main__":
    from common import main_guard
    main_guard(main)

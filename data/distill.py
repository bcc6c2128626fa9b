"""
Teacher distillation (PAPER.md §1 step 2): ask an OpenAI-compatible chat endpoint for solutions, verify each,
keep the valid and correct ones as SFT rows.

    python -m data.distill --endpoint http://localhost:8000/v1 --model deepseek-r1 --n 5 --out distill.jsonl
    python -m data.distill --endpoint https://api.example.com/v1 --model m --tasks kernelbook.jsonl --api_key_env KEY

The HTTP client is the standard library's (urllib): no new dependency. Requests ask for n choices; servers that
return fewer are asked again until n arrive. A reasoning model's separate `reasoning_content` becomes the
<think> span (PAPER.md §2). Transient failures (connection errors, 429, 5xx) are retried with exponential
backoff; other HTTP errors stop the run with the server's message.

Resumable: each finished task appends a marker to OUT.done; a re-run skips those tasks and appends to OUT.
Output rows: {"task", "prompt", "completion", "teacher"}, the format train_sft.py reads.
"""

import argparse
import json
import os
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
from common import InputError, main_guard, post  # noqa: E402  (post: the HTTP client llm_judge.py shares)
from tasks import load_tasks


def completion_text(message):
    """The assistant's text, with a separate reasoning field folded into a <think> span."""
    content = message.get("content") or ""
    reasoning = message.get("reasoning_content") or message.get("reasoning")
    if reasoning and "<think>" not in content:
        content = f"<think>\n{reasoning.strip()}\n</think>\n\n{content.lstrip()}"
    return content


def ask(args, messages, n, api_key):
    """n completions for one prompt (several requests when a server returns fewer choices than asked)."""
    out = []
    for _ in range(4 * n):
        body = {"model": args.model, "messages": messages, "n": n - len(out), "temperature": args.temperature,
                "max_tokens": args.max_tokens}
        resp = post(args.endpoint.rstrip("/") + "/chat/completions", body, api_key, args.timeout, args.retries)
        choices = resp.get("choices")
        if not isinstance(choices, list) or not choices:
            raise InputError(f"{args.endpoint}: response has no choices: {json.dumps(resp)[:300]}")
        out += [completion_text(c.get("message") or {}) for c in choices]
        if len(out) >= n:
            return out[:n]
    return out


def done_tasks(path):
    if not Path(path).exists():
        return set()
    return {json.loads(line)["task"] for line in Path(path).read_text().splitlines() if line.strip()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    # teacher
    ap.add_argument("--endpoint", required=True, help="base URL of an OpenAI-compatible API, e.g. http://host:8000/v1")
    ap.add_argument("--model", required=True, help="the teacher's model name at that endpoint")
    ap.add_argument("--api_key_env", default="OPENAI_API_KEY", help="environment variable holding the API key")
    ap.add_argument("--temperature", type=float, default=0.6)
    ap.add_argument("--max_tokens", type=int, default=16384)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per request")
    ap.add_argument("--retries", type=int, default=5)
    # tasks and output
    ap.add_argument("--tasks", default="embedded", help="embedded | KernelBench folder | tasks .jsonl")
    ap.add_argument("--split", default="train", help="embedded suite split (ignored for other sources)")
    ap.add_argument("--level", default=None)
    ap.add_argument("--ids", default=None)
    ap.add_argument("--n", type=int, default=5, help="samples per task (PAPER.md §1: 5)")
    ap.add_argument("--out", default=str(HERE / "distill.jsonl"))
    # verification
    ap.add_argument("--device", default=None, help="verifier device (default: cuda if present)")
    ap.add_argument("--workers", type=int, default=None, help="verifier worker slots")
    args = ap.parse_args()
    from prompt import prompt_messages, user_message
    from verify import Settings, VerifierPool

    tasks = load_tasks(args.tasks, args.split if args.tasks == "embedded" else None, args.level, args.ids)
    done_path = args.out + ".done"
    done = done_tasks(done_path)
    todo = [t for t in tasks if t.name not in done]
    print(f"{len(tasks)} tasks, {len(tasks) - len(todo)} already done, {len(todo)} to ask {args.model}")
    api_key = os.environ.get(args.api_key_env)
    import torch
    settings = Settings(device=args.device or ("cuda" if torch.cuda.is_available() else "cpu"))
    kept_total = 0
    with VerifierPool(settings, workers=args.workers) as pool:
        for i, t in enumerate(todo, 1):
            t0 = time.time()
            texts = ask(args, prompt_messages(t.src), args.n, api_key)
            verdicts = pool.map([(t.src, c) for c in texts], [t.name] * len(texts))
            keep = [c for c, v in zip(texts, verdicts) if v.passed]
            with open(args.out, "a", encoding="utf-8") as f:
                for c in keep:
                    f.write(json.dumps({"task": t.name, "prompt": user_message(t.src), "completion": c,
                                        "teacher": args.model}) + "\n")
            # The marker is written after the rows: a kill in between re-asks this task (duplicates are possible
            # then, never a task marked done without its rows).
            with open(done_path, "a", encoding="utf-8") as f:
                f.write(json.dumps({"task": t.name, "asked": len(texts), "kept": len(keep)}) + "\n")
            kept_total += len(keep)
            reasons = sorted({v.reason.split(":")[0] for v in verdicts if v.reason})
            print(f"[{i}/{len(todo)}] {t.name}: kept {len(keep)}/{len(texts)} in {time.time() - t0:.1f}s"
                  + (f" (failures: {', '.join(reasons)})" if reasons else ""))
    print(f"kept {kept_total} rows -> {args.out}")


if __name__ == "__main__":
    main_guard(main)

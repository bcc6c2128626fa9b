"""
Are train_rl.py's losses and rewards unchanged by a restructuring? Runs a few RL steps in two checkouts of the
project, from the same tiny random checkpoint, with a stand-in for the verifier whose verdicts are a fixed
function of each completion's text (so rewards, advantages and losses are nonzero on a random model, and the
run takes a minute, not the 20 a real verifier on a trained model needs), and compares the per-step metrics.

    git worktree add /tmp/before HEAD~1
    python dev/rl_identity.py --before /tmp/before --after .          # "identical" or the first difference

Times differ from run to run and are left out; every other metric must match bit for bit.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--before", required=True, help="a checkout of the project before the change")
ap.add_argument("--after", default=".", help="a checkout after it")
ap.add_argument("--steps", type=int, default=3)

# Run inside each checkout: the verifier pool is replaced by one whose verdicts hash the completion.
CHILD = r'''
import hashlib, json, sys
sys.path.insert(0, ".")
import verify
from model import build_model, save_checkpoint

class FakePool:
    def __init__(self, settings, workers=None):
        pass
    def map(self, pairs, names=None):
        out = []
        for _, text in pairs:
            h = hashlib.sha256(text.encode()).digest()
            v = verify.Verdict(valid=h[0] % 4 != 0, compiled=True, correct=h[1] % 2 == 0)
            out.append(v)
        return out
    def close(self):
        pass

verify.VerifierPool = FakePool
ckpt, out, log, steps = sys.argv[1:5]
model, tok = build_model("tiny", seed=0)
save_checkpoint(ckpt, model, tok)
sys.argv = ["train_rl.py", "--ckpt", ckpt, "--out", out, "--log", log, "--steps", steps, "--eval_every", "0",
            "--batch_prompts", "4", "--group", "4", "--max_new_tokens", "48", "--micro_batch", "8", "--kl", "0.05"]
import train_rl
train_rl.main()
'''


def run(root, steps):
    with tempfile.TemporaryDirectory() as d:
        log = Path(d) / "m.jsonl"
        r = subprocess.run([sys.executable, "-c", CHILD, f"{d}/init.pt", f"{d}/rl.pt", str(log), str(steps)],
                           cwd=root, capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"{root}: train_rl failed:\n{r.stderr[-3000:]}")
        rows = [json.loads(x) for x in log.read_text().splitlines()]
    return [{k: v for k, v in row.items() if not k.startswith("t_") and k != "tok_s"} for row in rows]


RENAMED = {"correct": "passed"}  # the step log's "correct" always meant valid and correct


def main():
    args = ap.parse_args()
    before, after = run(args.before, args.steps), run(args.after, args.steps)
    before = [{RENAMED.get(k, k): v for k, v in row.items()} for row in before]
    for b, a in zip(before, after):
        diff = {k: (b.get(k), a.get(k)) for k in sorted(set(b) & set(a)) if b.get(k) != a.get(k)}
        if diff:
            sys.exit(f"step {b['step']} differs: {diff}")
    only = sorted(set(after[0]) - set(before[0]))
    print(json.dumps(before[-1]))
    if len(before) != len(after):
        sys.exit(f"{len(before)} steps before, {len(after)} after")
    print(f"identical: {len(before)} steps, every shared metric bit for bit" + (f" (new metrics: {only})" if only else ""))


if __name__ == "__main__":
    main()

"""
train_rl.py on fixed rollouts: each step's completions and verdicts are a function of the step alone, whatever
the number of ranks, so one rank and two gloo ranks must train to the same losses and weights (the test that
SFT has too). The sampler and the verifier are what this replaces; everything after them is train_rl's own.

    RL_LOG=m.jsonl python tests/rl_fixed.py --ckpt init.pt --out rl.pt --steps 2 --batch_prompts 4 --group 4
    RL_LOG=m.jsonl torchrun --nproc_per_node=2 tests/rl_fixed.py --ckpt init.pt --out rl.pt --steps 2 ...

(the log's path comes in RL_LOG: torchrun takes a --log flag after the script for an abbreviation of its own)
"""

import os

import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import train_rl  # noqa: E402
from sample import Completion  # noqa: E402
from verify import Verdict  # noqa: E402


def fixed_rollout(run, step):
    """This rank's share (prompts rank, rank + world, ...) of a batch drawn from the step number: random token
    ids of random lengths, half of them passed; rewards and advantages from reward.py, as rollout() makes them."""
    a = run.args
    g = torch.Generator().manual_seed(1000 + step)
    ids = torch.randint(10, 200, (a.batch_prompts, a.group, 16), generator=g)
    lens = torch.randint(4, 17, (a.batch_prompts, a.group), generator=g)
    good = torch.rand(a.batch_prompts, a.group, generator=g) < 0.5
    mine = list(range(run.rank, a.batch_prompts, run.world))
    tasks = [run.tasks[i % len(run.tasks)] for i in mine]
    outs = [Completion(k, j, ids[i, j, :lens[i, j]].tolist(), [], "", "length")
            for k, i in enumerate(mine) for j in range(a.group)]
    verdicts = [Verdict(valid=True, compiled=True, correct=bool(good[i, j])) for i in mine for j in range(a.group)]
    return train_rl.scored(run, tasks, outs, verdicts, len(outs), 0.0, 0.0)


class NoPool:  # nothing is verified: the rollouts come with their verdicts
    def __init__(self, settings, workers=None):
        pass

    def close(self):
        pass


if __name__ == "__main__":
    import verify
    verify.VerifierPool = NoPool
    train_rl.rollout = fixed_rollout
    train_rl.main(sys.argv[1:] + ["--eval_every", "0", "--log", os.environ["RL_LOG"]])

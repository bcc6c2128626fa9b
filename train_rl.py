"""
The GRPO loop with hierarchical reward decomposition (PAPER.md §1 step 4, §4).

    python train_rl.py --ckpt sft.pt

Not implemented yet: issue #6 builds it. Until then this script says so and exits with status 1.
"""

import sys

if __name__ == "__main__":
    sys.exit("train_rl.py: not implemented yet (issue #6); README.md lists what runs today")

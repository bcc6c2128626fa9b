"""
SFT: completion-only loss, packing, FSDP2 under torchrun, checkpoints and resume (PAPER.md §1 step 3).

    python train_sft.py

Not implemented yet: issue #5 builds it. Until then this script says so and exits with status 1.
"""

import sys

if __name__ == "__main__":
    sys.exit("train_sft.py: not implemented yet (issue #5); README.md lists what runs today")

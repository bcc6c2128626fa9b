"""
KernelBench-style evaluation: pass@k of valid/compiled/correct/fast1/fast2 and mean speedup, robust vs naive (PAPER.md §6).

    python eval.py --ckpt sft.pt --n 10 --k 1,10

Not implemented yet: issue #8 builds it. Until then this script says so and exits with status 1.
"""

import sys

if __name__ == "__main__":
    sys.exit("eval.py: not implemented yet (issue #8); README.md lists what runs today")

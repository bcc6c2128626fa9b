"""
The rollout engine: batched sampling with a KV cache, CUDA graphs on a GPU; and a sampling CLI.

    python sample.py --ckpt sft.pt --n 4 --out gens.jsonl

Not implemented yet: issue #4 builds it. Until then this script says so and exits with status 1.
"""

import sys

if __name__ == "__main__":
    sys.exit("sample.py: not implemented yet (issue #4); README.md lists what runs today")

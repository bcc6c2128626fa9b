"""
Reward terms, plan/code token masks and group advantages for HRD and the uniform baselines (PAPER.md §4).

    python -c 'import reward'

Not implemented yet: issue #6 builds it. Until then this script says so and exits with status 1.
"""

import sys

if __name__ == "__main__":
    sys.exit("reward.py: not implemented yet (issue #6); README.md lists what runs today")

"""
The layered, sandboxed verifier (PAPER.md §3, §7).

    python verify.py PROBLEM CANDIDATE

Not implemented yet: issue #3 builds it. Until then this script says so and exits with status 1.
"""

import sys

if __name__ == "__main__":
    sys.exit("verify.py: not implemented yet (issue #3); README.md lists what runs today")

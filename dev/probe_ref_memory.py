"""
Where does the verifier's parent hold GPU memory? Builds full-size references through verify_device.Device and
prints allocated / reserved / device-free memory after each step (a probe for issue #21's pool runs).

    python dev/probe_ref_memory.py --kb .kb --names l1_19_ReLU,l1_47_Sum_reduction_over_a_dimension
"""

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from verify import Settings  # noqa: E402
from verify_device import Device  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--kb", default=".kb")
ap.add_argument("--names", default="l1_19_ReLU,l1_47_Sum_reduction_over_a_dimension")
args = ap.parse_args()


def mem(what):
    free, total = torch.cuda.mem_get_info()
    print(f"{what:<40} allocated {torch.cuda.memory_allocated() / 2**30:6.1f} GiB | reserved "
          f"{torch.cuda.memory_reserved() / 2**30:6.1f} | device used {(total - free) / 2**30:6.1f}", flush=True)


rows = {}
for level in (1, 2):
    for line in Path(args.kb, f"level{level}.jsonl").read_text().splitlines():
        r = json.loads(line)
        rows[f"l{level}_{r['name']}"] = r["code"]
dev = Device(Settings(device="cuda:0"), 0.25, 8)
mem("start")
for name in args.names.split(","):
    ref = dev.reference(rows[name], name)
    mem(f"{name}: built (outs kept: {ref.trials[0].outs is not None})")
    with dev.scratch():
        outs = ref.trial_outs(0)
        mem(f"{name}: trial 0 recomputed in scratch")
        del outs
    mem(f"{name}: scratch gone")
    del ref
dev.clear()
torch.cuda.empty_cache()
mem("cleared")
pool = torch.cuda.MemPool()
with torch.cuda.use_mem_pool(pool):
    x = torch.empty(8 * 2**30, dtype=torch.uint8, device="cuda")
mem("8 GiB in a MemPool")
del x
torch.cuda.empty_cache()
mem("freed, pool alive, empty_cache")
del pool
torch.cuda.empty_cache()
mem("pool deleted, empty_cache")

"""
Where does a full-size reference build spend its time? Builds the references of our KernelBench kernels'
problems one after another through verify_device.Device, prints seconds per build, then the verifier functions
that took the most time over all builds (cProfile, cumulative). A probe for issue #21's pool speed.

    python dev/probe_ref_time.py --kb .kb --limit 20
"""

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import torch  # noqa: E402

from verify import Settings  # noqa: E402
from verify_device import Device  # noqa: E402

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--kb", default=".kb")
ap.add_argument("--kernels", default=str(ROOT / "bench" / "kb_kernels"))
ap.add_argument("--limit", type=int, default=20, help="at most this many problems")
ap.add_argument("--top", type=int, default=30, help="functions printed")
args = ap.parse_args()

rows = {}
for level in (1, 2):
    for line in Path(args.kb, f"level{level}.jsonl").read_text().splitlines():
        r = json.loads(line)
        rows[f"l{level}_{r['name']}"] = r["code"]
names = [p.stem for p in sorted(Path(args.kernels).glob("l*.py")) if p.stem in rows][:args.limit]
dev = Device(Settings(device="cuda:0" if torch.cuda.is_available() else "cpu"), 0.25, 8)
prof, total = cProfile.Profile(), 0.0
for name in names:
    t0 = time.perf_counter()
    prof.enable()
    ref = dev.reference(rows[name], name)
    torch.cuda.synchronize()
    prof.disable()
    dt = time.perf_counter() - t0
    total += dt
    print(f"{name:<50} {dt:6.2f} s  trials {len(ref.trials)}  outs kept {ref.trials[0].outs is not None}", flush=True)
    dev.clear()
print(f"{len(names)} references in {total:.1f} s ({total / len(names):.2f} s each)")
pstats.Stats(prof).sort_stats("cumulative").print_stats(r"verify_|torch/(nn|_tensor|random)", args.top)

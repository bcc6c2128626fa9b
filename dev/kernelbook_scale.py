"""
KernelBook at full size (PAPER.md §1 step 1: ~18K GitHub modules, ~11.6K tasks after filtering): writes a
synthetic KernelBook-format dump and measures how tasks.py loads, filters and deduplicates it.

    python dev/kernelbook_scale.py                      # 18,000 rows in a temporary folder; prints the numbers
    python dev/kernelbook_scale.py --rows 2000 --keep kb.jsonl

The rows follow the format tasks.kernelbook_task reads: {"python_code", "entry_point", "module_name", "uuid", ...}
with get_init_inputs returning [args, kwargs], plus the fields a KernelBook row carries beside them (its Triton
code, repository, licence), sized like the real dump (416 MB of JSON for ~18K rows, about 23 KB a row). Of the
rows, about 20% lack input functions, 2% do not parse, and 15% repeat an earlier row's module from another
repository: tasks.py must skip the first two with a note and keep one task per distinct module.

The load runs in a child process, so its peak RSS (ru_maxrss) is the loader's alone; the baseline is a child
that only imports tasks.py.
"""

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

LAYERS = ["nn.Linear(dim, dim)", "nn.LayerNorm(dim)", "nn.Dropout(0.1)", "nn.GELU()", "nn.ReLU()", "nn.Softmax(dim=-1)"]
OPS = ["torch.relu(x)", "x * self.scale", "torch.sigmoid(x) * x", "x.softmax(-1)", "F.gelu(x)", "x + 1.0",
       "torch.tanh(x)", "x.clamp(min=0.0)"]


def module(rng, name):
    """A KernelBook-style module: imports and helpers copied from its repository, a class, input functions."""
    layers = rng.sample(LAYERS, rng.randint(0, 3))
    ops = rng.sample(OPS, rng.randint(1, 4))
    helpers = "".join(f"\n\ndef helper_{i}(x, k={i}):\n    \"\"\"Copied from the repository.\"\"\"\n    return x * k\n"
                      for i in range(rng.randint(2, 12)))
    init = "".join(f"        self.l{i} = {layer}\n" for i, layer in enumerate(layers))
    body = "".join(f"        x = self.l{i}(x)\n" for i in range(len(layers))) + "".join(f"        x = {op}\n" for op in ops)
    return (f"import math\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F{helpers}\n\n"
            f"class {name}(nn.Module):\n    \"\"\"{name}: {' '.join(rng.choices(['a', 'module', 'from', 'GitHub'], k=40))}\"\"\"\n\n"
            f"    def __init__(self, dim, scale=2.0):\n        super().__init__()\n        self.scale = scale\n{init}\n"
            f"    def forward(self, x):\n{body}        return x\n\n\n"
            f"def get_inputs():\n    return [torch.rand([4, 4, {rng.choice([4, 8, 16])}])]\n\n\n"
            f"def get_init_inputs():\n    return [[], {{'dim': {rng.choice([4, 8, 16])}}}]\n")


def write_dump(path, rows, seed=0):
    """(rows written, expected tasks) for a dump of `rows` KernelBook-format rows."""
    rng, modules, expected = random.Random(seed), [], 0
    triton = "@triton.jit\ndef triton_poi_fused_0(in_ptr0, out_ptr0, xnumel, XBLOCK: tl.constexpr):\n" + "    pass\n" * 1200
    with open(path, "w", encoding="utf-8") as f:
        for i in range(rows):
            r = rng.random()
            name = f"Mod{i}"
            if r < 0.15 and modules:  # the same module from another repository
                name, code = rng.choice(modules)
            elif r < 0.35:  # a module without input functions
                code = module(rng, name).split("\n\ndef get_inputs")[0] + "\n"
            elif r < 0.37:  # does not parse
                code = f"class {name}(nn.Module:\n    pass\n"
            else:
                code = module(rng, name)
                modules.append((name, code))
                expected += 1
            f.write(json.dumps({"entry_point": name, "python_code": code, "triton_code": triton,
                                "original_triton_code": triton, "repo_name": f"user{i % 997}/repo{i}",
                                "module_name": name, "synthetic": False, "uuid": i, "licenses": ["MIT"],
                                "stars": rng.randint(0, 5000), "sha": f"{rng.getrandbits(160):040x}",
                                "repo_link": f"https://github.com/user{i % 997}/repo{i}"}) + "\n")
    return rows, expected


CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from tasks import load_tasks
t0 = time.perf_counter()
tasks = load_tasks({path!r}) if {path!r} else []
dt = time.perf_counter() - t0
print(json.dumps({{"tasks": len(tasks), "seconds": dt, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "names_unique": len({{t.name for t in tasks}}) == len(tasks)}}))
"""


def child(path):
    r = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT), path=path)], capture_output=True, text=True)
    if r.returncode:
        sys.exit(r.stderr[-2000:])
    notes = [ln for ln in r.stderr.splitlines() if ln.startswith("note:")]
    return json.loads(r.stdout.strip().splitlines()[-1]), notes


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=18000, help="KernelBook rows to write (the real dump: ~18.2K)")
    ap.add_argument("--keep", default=None, help="write the dump here and keep it (default: a temporary file)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        path = args.keep or str(Path(d) / "kernelbook.jsonl")
        t0 = time.perf_counter()
        rows, expected = write_dump(path, args.rows)
        size = Path(path).stat().st_size / 2**20
        print(f"wrote {rows} rows, {size:.0f} MB, in {time.perf_counter() - t0:.1f}s; {expected} distinct usable modules")
        base, _ = child("")
        got, notes = child(path)
    print("\n".join(notes))
    print(f"load_tasks: {got['tasks']} tasks in {got['seconds']:.1f}s, peak RSS {got['peak_rss_mb']:.0f} MB "
          f"(importing tasks.py alone: {base['peak_rss_mb']:.0f} MB); names unique: {got['names_unique']}")
    if got["tasks"] != expected:
        sys.exit(f"expected {expected} tasks, got {got['tasks']}")


if __name__ == "__main__":
    main()

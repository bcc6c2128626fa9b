"""
model_shard.load_sharded under torchrun: each rank's shards, the gathered state dict and one forward's logits,
written by rank 0 for tests/test_model_shard.py to compare with the whole model loaded in one process.

    torchrun --nproc_per_node=2 tests/shard_check.py SOURCE OUT_DIR fp32|bf16
"""

import json
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import dist_setup  # noqa: E402
from model import fsdp_shard  # noqa: E402
from model_shard import load_sharded  # noqa: E402


def main():
    from safetensors.torch import save_file
    from torch.distributed.checkpoint.state_dict import StateDictOptions, get_model_state_dict
    source, out, dtype = sys.argv[1], Path(sys.argv[2]), {"fp32": torch.float32, "bf16": torch.bfloat16}[sys.argv[3]]
    fsdp, rank, world, device, cuda = dist_setup()
    model, tok, ck = load_sharded(source, device, dtype, lambda m: fsdp_shard(m, cuda))
    local = {n: p.to_local().numel() for n, p in model.named_parameters()}
    ids = torch.arange(3, 40).view(1, -1)
    with torch.no_grad():
        logits = model(input_ids=ids).logits.float()
    full = get_model_state_dict(model, options=StateDictOptions(full_state_dict=True, cpu_offload=True))
    locals_ = [None] * world
    torch.distributed.all_gather_object(locals_, local)
    if rank == 0:
        out.mkdir(parents=True, exist_ok=True)
        save_file({k: v.clone() for k, v in full.items()}, out / "full.safetensors")  # clones: tied weights apart
        save_file({"logits": logits.contiguous()}, out / "logits.safetensors")
        (out / "info.json").write_text(json.dumps({"local": locals_, "step": ck["step"], "vocab": len(tok),
                                                   "dtypes": sorted({str(v.dtype) for v in full.values()})}))
    torch.distributed.destroy_process_group()


if __name__ == "__main__":
    main()

"""
FSDP2 model loading in which no rank ever holds a whole model: the model is built on the meta device, sharded,
and each rank allocates only its own shards; rank 0 then streams the weights, one tensor at a time, from a
memory-mapped TritonRL checkpoint or from an HF folder's safetensors files (set_model_state_dict with
broadcast_from_rank0), and every rank keeps its slice. At 8B in fp32 the old path held 32 GB of host memory on
every rank, and a whole fp32 copy on every GPU before sharding.

    torchrun --nproc_per_node=2 train_rl.py --ckpt sft.pt ...      # train_rl.py loads its policy and KL reference so
    python -c "import model_shard; help(model_shard.load_sharded)"

The one-process CPU path (no process group) does not come here: model.load_checkpoint is that path.
"""

import json
from pathlib import Path

import torch

from common import InputError


def rebuild_buffers(model, device):
    """Buffers that no checkpoint holds (non-persistent: RoPE's inverse frequencies) are garbage after to_empty:
    each module that has them is built again from the model's config, on the CPU, and its tensors copied over."""
    for name, mod in model.named_modules():
        if not getattr(mod, "_non_persistent_buffers_set", None):
            continue
        try:
            fresh = type(mod)(config=model.config)
        except Exception as e:  # noqa: BLE001
            raise InputError(f"cannot rebuild the non-persistent buffers of {name or 'the model'} "
                             f"({type(mod).__name__}) after a meta-device build: {e}") from e
        for key, t in vars(fresh).items():  # buffers, and plain tensor attributes (older HF: original_inv_freq)
            if key == "_buffers":
                for b, v in t.items():
                    mod._buffers[b] = v.to(device)
            elif isinstance(t, torch.Tensor):
                setattr(mod, key, t.to(device))


def hf_weight_files(folder):
    """An HF folder's safetensors files, in the order of its index when it has one."""
    folder = Path(folder)
    index = folder / "model.safetensors.index.json"
    if index.is_file():
        names = dict.fromkeys(json.loads(index.read_text())["weight_map"].values())
        return [folder / n for n in names]
    files = sorted(folder.glob("*.safetensors"))
    if not files:
        raise InputError(f"--init_from {folder}: no *.safetensors files to load shard by shard")
    return files


def meta_model(config, dtype, shard):
    """The model on the meta device (no memory), cast and sharded."""
    from model import model_from_config_dict
    with torch.device("meta"):
        model = model_from_config_dict(config)
    return shard(model.to(dtype))


def load_sharded(source, device, dtype, shard):
    """(model, tokenizer, ckpt dict) with FSDP2 shards filled from `source`: a TritonRL checkpoint (.pt) or a
    local HF folder. Every rank of the process group calls this. shard(model) -> model is the trainer's own
    (model.fsdp_shard, after --compile's layers in train_sft), run on the meta model. The ckpt dict is the
    checkpoint's (its "model" memory-mapped), or {"step": 0, "args": {}} for an HF folder."""
    import torch.distributed as dist
    from torch.distributed.checkpoint.state_dict import StateDictOptions, set_model_state_dict
    from model import load_tokenizer, read_checkpoint, tokenizer_from_files
    rank = dist.get_rank()
    folder = Path(source).is_dir()
    if folder:
        from transformers import AutoConfig
        config, tok, ck = AutoConfig.from_pretrained(source).to_dict(), load_tokenizer(source), {"step": 0, "args": {}}
    else:
        ck = read_checkpoint(source)  # memory-mapped: ranks other than 0 read its config and tokenizer only
        config, tok = ck["config"], tokenizer_from_files(ck["tokenizer"])
    model = meta_model(config, dtype, shard)
    model.to_empty(device=device)
    rebuild_buffers(model, device)
    want = set(model.state_dict())
    if not folder:
        full = ck["model"] if rank == 0 else {}
        set_model_state_dict(model, full, options=StateDictOptions(full_state_dict=True, broadcast_from_rank0=True))
        return model, tok, ck
    from safetensors import safe_open
    got = set()
    for path in hf_weight_files(source):  # one file at a time: rank 0 holds at most one file's tensors
        part = {}
        if rank == 0:
            with safe_open(path, framework="pt") as f:
                part = {k: f.get_tensor(k) for k in f.keys() if k in want}
        got.update(part)
        opts = StateDictOptions(full_state_dict=True, broadcast_from_rank0=True, strict=False)
        set_model_state_dict(model, part, options=opts)
    tied = {"lm_head.weight"} if getattr(model.config, "tie_word_embeddings", False) else set()
    missing = [sorted(want - got - tied)] if rank == 0 else [None]
    dist.broadcast_object_list(missing, src=0)
    if missing[0]:
        raise InputError(f"--init_from {source}: weights missing from its safetensors files: {missing[0][:5]}")
    return model, tok, ck

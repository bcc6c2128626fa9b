"""
Models, tokenizers and checkpoints: the one place every script gets them from.

    python model.py info sft.pt                  # what a checkpoint holds
    python model.py export sft.pt out/sft_hf     # HF folder: safetensors + config + tokenizer
    python model.py build --preset tiny          # build a preset and print its size
    python model.py build --preset tiny --out init.pt   # ... and save it as an (untrained) checkpoint
    python model.py build --preset qwen3-8b --hf_out /tmp/q8 --device cuda  # random weights as an HF folder,
                                                 # for --init_from in benchmarks (any preset or SHAPES name)

In code:

    model, tok = build_model(preset="tiny")              # random weights, tiny tokenizer from data/
    model, tok = build_model(init_from="path/or/name")   # any HF causal LM + its tokenizer
    save_checkpoint("sft.pt", model, tok, step=100, args=vars(args), optimizer=opt)
    model, tok, ckpt = load_checkpoint("sft.pt")

The checkpoint contract (DESIGN.md): one torch.save dict that loads with weights_only=True, holding
the state dict, the HF config as a dict, the tokenizer's files, the step and the run's arguments.
Optimizer state (and anything else a resume needs) sits beside it in PATH.optim.pt.
"""

import argparse
import json
import sys
import tempfile
from pathlib import Path

import torch

from common import InputError, atomic_save, dist_setup, main_guard, read_jsonl  # noqa: F401 (common.py is their home)

ROOT = Path(__file__).resolve().parent
TOKENIZER_DIR = ROOT / "data" / "tokenizer"
CKPT_FORMAT = "tritonrl-ckpt-v1"


def compile_layers(model, act_budget=1.0):
    """torch.compile each decoder layer's forward: Inductor fuses the norms, RoPE and SwiGLU, and its partitioner
    saves fewer activations for the backward. The module's hooks (FSDP2's gathers, gradient checkpointing) stay
    outside the compiled code, and the state dict keeps its names. GPU only (the CPU runs fp32 eager).

    act_budget < 1 asks the partitioner to keep at most that fraction of the activations it would otherwise save
    between forward and backward (0: only each layer's input, like full checkpointing); it recomputes the ops that
    free the most memory per FLOP first, so the cheap elementwise work goes before any matmul. The budget is
    torch's process-wide partitioner setting, so it also applies to anything else compiled afterwards."""
    import torch._dynamo
    import torch._functorch.config
    torch._functorch.config.activation_memory_budget = act_budget
    # One compiled graph serves every layer (their modules differ only in weights); the limit is raised so that a
    # guard that does tell layers apart recompiles each instead of silently running the rest eager.
    torch._dynamo.config.recompile_limit = max(torch._dynamo.config.recompile_limit, 2 * len(model.model.layers))
    for layer in model.model.layers:
        layer.forward = torch.compile(layer.forward)
    return model


# -----------------------------------------------------------------------------
# Presets: whole model shapes. The tokenizer decides vocab_size, rounded up to a multiple of 64.

PRESETS = {
    # CPU default: SFT then RL in minutes on 2 cores (about 4M parameters).
    "tiny": dict(hidden_size=256, intermediate_size=768, num_hidden_layers=4, num_attention_heads=4,
                 num_key_value_heads=2, head_dim=64, max_position_embeddings=4096, tie_word_embeddings=True),
    # One GPU, about 100M parameters with the tiny tokenizer.
    "small": dict(hidden_size=768, intermediate_size=3072, num_hidden_layers=12, num_attention_heads=12,
                  num_key_value_heads=4, head_dim=64, max_position_embeddings=16384, tie_word_embeddings=True),
    # PAPER.md §1: Qwen3-8B, fully fine-tuned. Needs real weights (--init_from); the shape is here so
    # benchmarks can build it with random weights.
    "paper": dict(hidden_size=4096, intermediate_size=12288, num_hidden_layers=36, num_attention_heads=32,
                  num_key_value_heads=8, head_dim=128, max_position_embeddings=40960, tie_word_embeddings=False,
                  vocab_size=151936, rope_theta=1000000.0),
}
# Shapes for benchmarks only (random weights): Qwen3-1.7B (the SFT benchmark) and Qwen3-8B.
SHAPES = {
    "qwen3-1.7b": dict(hidden_size=2048, intermediate_size=6144, num_hidden_layers=28, num_attention_heads=16,
                       num_key_value_heads=8, head_dim=128, max_position_embeddings=40960,
                       tie_word_embeddings=True, vocab_size=151936, rope_theta=1000000.0),
    "qwen3-8b": PRESETS["paper"],
}


def qwen3_config(shape, vocab_size=None):
    """A transformers Qwen3Config for a preset or benchmark shape name."""
    from transformers import Qwen3Config
    if shape in PRESETS:
        kw = dict(PRESETS[shape])
    elif shape in SHAPES:
        kw = dict(SHAPES[shape])
    else:
        raise InputError(f"unknown preset {shape!r}: choose one of {sorted(PRESETS) + sorted(SHAPES)}")
    if "vocab_size" not in kw:
        if vocab_size is None:
            raise InputError(f"preset {shape!r} takes its vocab_size from a tokenizer")
        kw["vocab_size"] = -(-vocab_size // 64) * 64  # round up: friendlier matmul shapes
    kw.setdefault("rms_norm_eps", 1e-6)
    return Qwen3Config(**kw)


# -----------------------------------------------------------------------------
# Tokenizers

END_OF_TURN_TOKENS = ("<|im_end|>", "<|eot_id|>", "<|end|>", "<|endoftext|>")


def load_tokenizer(path=None):
    """The tiny BPE tokenizer from data/tokenizer (the default) or any HF tokenizer folder/name."""
    from transformers import AutoTokenizer
    path = str(path or TOKENIZER_DIR)
    if path == str(TOKENIZER_DIR) and not (TOKENIZER_DIR / "tokenizer.json").exists():
        raise InputError(f"{TOKENIZER_DIR}/tokenizer.json is missing: run python -m data.train_tokenizer")
    try:
        tok = AutoTokenizer.from_pretrained(path)
    except Exception as e:  # noqa: BLE001 (transformers raises many kinds; the user needs the path)
        raise InputError(f"could not load a tokenizer from {path!r}: {e}") from e
    return prepare_tokenizer(tok)


def prepare_tokenizer(tok):
    """Give any tokenizer what prompt rendering needs: a chat template and a pad token."""
    from prompt import CHAT_TEMPLATE
    if not getattr(tok, "chat_template", None):
        # A base model without a chat template: use our ChatML template. Its markers are then plain
        # text for this tokenizer, which is fine for fine-tuning, but say so.
        print(f"note: tokenizer {tok.name_or_path!r} has no chat template; using the ChatML one", file=sys.stderr)
        tok.chat_template = CHAT_TEMPLATE
    if tok.pad_token_id is None:
        tok.pad_token = tok.eos_token if tok.eos_token is not None else tok.convert_ids_to_tokens(0)
    return tok


def end_of_turn_id(tok):
    """The token that ends the assistant's turn: generation stops there and SFT learns to emit it."""
    vocab = tok.get_vocab()
    for t in END_OF_TURN_TOKENS:
        if t in vocab:
            return vocab[t]
    if tok.eos_token_id is None:
        raise InputError(f"tokenizer {tok.name_or_path!r} has no end-of-turn or EOS token")
    return tok.eos_token_id


# -----------------------------------------------------------------------------
# Building models


def default_device():
    return "cuda" if torch.cuda.is_available() else "cpu"


def parse_dtype(name):
    """'fp32' | 'bf16' | 'fp16' | 'auto' (bf16 on a GPU, fp32 on the CPU)."""
    table = {"fp32": torch.float32, "float32": torch.float32, "bf16": torch.bfloat16,
             "bfloat16": torch.bfloat16, "fp16": torch.float16, "float16": torch.float16}
    if name in (None, "auto"):
        return torch.bfloat16 if torch.cuda.is_available() else torch.float32
    if name not in table:
        raise InputError(f"unknown dtype {name!r}: choose fp32, bf16, fp16 or auto")
    return table[name]


def build_model(preset="tiny", init_from=None, dtype="fp32", device="cpu", seed=0):
    """(model, tokenizer) for a preset with random weights, or for --init_from PATH_OR_NAME.

    The tiny/small presets use the tiny tokenizer in data/; `paper` needs init_from (PAPER.md §1: SFT
    starts from Qwen3-8B's real weights).
    """
    from transformers import AutoModelForCausalLM
    dtype = parse_dtype(dtype) if not isinstance(dtype, torch.dtype) else dtype
    if init_from:
        tok = load_tokenizer(init_from)
        try:
            model = AutoModelForCausalLM.from_pretrained(init_from, dtype=dtype)
        except Exception as e:  # noqa: BLE001
            raise InputError(f"could not load a causal LM from --init_from {init_from!r}: {e}") from e
        return model.to(device), tok
    if preset not in PRESETS:
        raise InputError(f"unknown preset {preset!r}: choose one of {sorted(PRESETS)}")
    if preset == "paper":
        raise InputError("preset 'paper' fine-tunes Qwen3-8B: give its weights with --init_from PATH_OR_NAME")
    tok = load_tokenizer()
    cfg = qwen3_config(preset, vocab_size=len(tok))
    cfg.pad_token_id, cfg.eos_token_id = tok.pad_token_id, end_of_turn_id(tok)
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = AutoModelForCausalLM.from_config(cfg, dtype=dtype)
    return model.to(device), tok


def causal_states(model, ids):
    """The decoder's last hidden states [B, L, H] for right-padded rows, with no attention mask: causal attention
    already keeps every real token from the pads after it, and without a mask HF's sdpa takes the fused causal
    kernel instead of an [B, 1, L, L] mask that each layer keeps for the backward (24 GiB at 9K tokens for the
    8B shape, #23). What pad positions hold is never read (both trainers read real positions only)."""
    return model.model(input_ids=ids, use_cache=False).last_hidden_state


def response_logprobs(model, seqs, plens, temperature=1.0, chunk=512):
    """Log-probs [n, T] of each response token under `model` (T = the longest response), and the entropies of
    the distributions they were drawn from ([n, T], detached; 0 on padding).
    They are the sampling policy's: logits / temperature, so the ratio and the gradient are those of the
    distribution the rollouts came from. The LM head runs only at response positions, in checkpointed chunks:
    B*G responses' full-vocabulary logits are never held at once (at 151k vocabulary they are the memory wall)."""
    from torch.utils.checkpoint import checkpoint
    dev = next(model.parameters()).device
    L = max(map(len, seqs))
    ids = torch.full((len(seqs), L), 0, dtype=torch.long)
    for i, s in enumerate(seqs):
        ids[i, :len(s)] = torch.tensor(s)
    ids = ids.to(dev)
    h = causal_states(model, ids)  # right padding, no mask: no [n, 1, L, L] tensor kept per layer
    T = max(len(s) - p for s, p in zip(seqs, plens))
    rows, cols = [], []
    for i, (s, p) in enumerate(zip(seqs, plens)):
        rows += [i] * (len(s) - p)
        cols += list(range(p - 1, len(s) - 1))  # position t predicts token t+1
    rows_t, cols_t = torch.tensor(rows, device=dev), torch.tensor(cols, device=dev)
    hs, tg = h[rows_t, cols_t], ids[rows_t, cols_t + 1]

    def lp(x, y):
        out = torch.log_softmax(model.lm_head(x).float() / temperature, -1)
        return out.gather(-1, y[:, None]).squeeze(-1), -(out.exp() * out).sum(-1)
    parts, ents = [], []
    for i in range(0, hs.shape[0], chunk):
        a, e = checkpoint(lp, hs[i:i + chunk], tg[i:i + chunk], use_reentrant=False)
        parts.append(a)
        ents.append(e.detach())
    flat = torch.cat(parts)
    out, ent = flat.new_zeros(len(seqs), T), flat.new_zeros(len(seqs), T)
    at = torch.tensor([c - p + 1 for c, p in zip(cols, [plens[r] for r in rows])], device=dev)
    out[rows_t, at] = flat
    ent[rows_t, at] = torch.cat(ents)
    return out, ent


def attach_method(model, name, fn):
    """model.<name>(*a) = fn(model, *a). Under FSDP2 the method is registered as a forward method, so the root's
    parameters (embeddings, final norm, LM head) are gathered around it as around forward(): the trainers call
    the decoder and the LM head separately (chunked losses), which plain forward() cannot do."""
    import types
    setattr(model, name, types.MethodType(fn, model))
    from torch.distributed.fsdp import FSDPModule, register_fsdp_forward_method
    if isinstance(model, FSDPModule):
        register_fsdp_forward_method(model, name)
    return model


def fsdp_shard(model, cuda, reshard=True):
    """FSDP2 (torchrun, or a one-rank group on one GPU): one unit per decoder layer, then the root. On a GPU bf16
    compute with fp32 master weights and fp32 gradient reduction; on the CPU (gloo, tests) fp32 throughout.
    reshard=False keeps each layer's gathered bf16 weights from forward to backward (one all-gather per step
    instead of two, for 2 bytes per parameter on every GPU); the last layer never reshards, as its backward is
    next."""
    from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard
    mp = MixedPrecisionPolicy(param_dtype=torch.bfloat16, reduce_dtype=torch.float32) if cuda else MixedPrecisionPolicy()
    for i, layer in enumerate(model.model.layers):
        fully_shard(layer, mp_policy=mp, reshard_after_forward=reshard and i < len(model.model.layers) - 1)
    fully_shard(model, mp_policy=mp)
    return model


def make_optimizer(model, lr, cuda, offload=False, chunk=2**27):
    """AdamW over the model's parameters (betas 0.9/0.99, no weight decay). offload (one process only): its two
    moments, 8 bytes a parameter, live in host memory between steps (pinned on a GPU) and optimizer_step() brings
    them to the device about `chunk` parameters at a time. The GPU then holds weights, gradients and one chunk's
    moments: at 8B 66 GB + 1-5 GB instead of 131 GB, which is what lets one H200 train the paper's model. The
    price is a round trip of the moments over PCIe each step."""
    opt = torch.optim.AdamW(model.parameters(), lr=lr, betas=(0.9, 0.99), weight_decay=0.0, fused=cuda)
    if offload:
        chunks = [[]]
        for p in model.parameters():
            if chunks[-1] and sum(q.numel() for q in chunks[-1]) + p.numel() > chunk:
                chunks.append([])
            chunks[-1].append(p)
        opt.offload = dict(chunks=chunks, host={}, pin=cuda)
    return opt


def offload_chunk_numel(opt):
    """Parameters in the largest chunk whose moments optimizer_step() holds on the device at once (0: none)."""
    off = getattr(opt, "offload", None)
    return max(sum(p.numel() for p in c) for c in off["chunks"]) if off else 0


def kv_budget(model, opt, device, act_gb):
    """GiB of KV cache for this rank's sampler (train_rl.py): 80% of what is free once the update's fp32 gradients
    and AdamW moments (this rank's shard, made at the first step; offloaded, one chunk's), act_gb of activations
    and the engine's bf16 weights are set aside (the engine's own default, 80% of free memory, would leave the
    update nothing)."""
    local = sum((p.to_local() if hasattr(p, "to_local") else p).numel() for p in model.parameters())
    full, moments = sum(p.numel() for p in model.parameters()), offload_chunk_numel(opt) or local
    free = torch.cuda.mem_get_info(torch.device(device))[0] - 4 * local - 8 * moments - 2 * full - act_gb * 2**30
    if free < 2**30:
        raise InputError(f"--act_gb {act_gb} for activations and the update's state leave no GPU memory for the "
                         "sampler's KV cache: lower --act_gb or --micro_batch, use --optim_offload or more GPUs")
    return 0.8 * free / 2**30


def _moments(opt, params, to_device):
    """Each AdamW moment of params back into its device storage (to_device), or out into its host buffer with the
    device storage freed. The tensors themselves (DTensors under FSDP2) stay in opt.state: only their storage
    comes and goes, as FSDP2 does with unsharded weights. Copies are queued on the current stream, after the
    step that wrote them and before anything that reuses the freed memory."""
    host = opt.offload["host"]
    for p in params:
        for k, t in opt.state.get(p, {}).items():
            loc = t.to_local() if hasattr(t, "to_local") else t
            if k == "step" or not loc.numel():
                continue
            store, key = loc.untyped_storage(), (id(p), k)
            if to_device and store.size() == 0:
                store.resize_(loc.numel() * loc.element_size())
                loc.copy_(host[key], non_blocking=True)
            elif not to_device and store.size():
                if loc.storage_offset() or store.nbytes() != loc.numel() * loc.element_size():
                    raise RuntimeError(f"--optim_offload: an AdamW {k} shares its storage; freeing it would free more")
                if key not in host:
                    host[key] = torch.empty(loc.shape, dtype=loc.dtype, pin_memory=opt.offload["pin"])
                host[key].copy_(loc, non_blocking=True)
                store.resize_(0)


def optimizer_step(opt):
    """opt.step(); with offloaded moments, one chunk of parameters at a time (the group's parameter list is
    narrowed to the chunk for its step, so the library's AdamW does the arithmetic)."""
    off = getattr(opt, "offload", None)
    if off is None:
        return opt.step()
    group = opt.param_groups[0]
    every = group["params"]
    try:
        for chunk in off["chunks"]:
            group["params"] = chunk
            _moments(opt, chunk, to_device=True)
            opt.step()
            _moments(opt, chunk, to_device=False)
    finally:
        group["params"] = every


def _offloaded_state(model, opt, ddp):
    """train_state()'s optimizer dict for offloaded moments, read from their host buffers (no copy: 65 GB at 8B),
    in the library's own format (under FSDP2 keyed by parameter name, as get_optimizer_state_dict's full dict;
    else by index, as opt.state_dict()), so a run may resume with offload on or off."""
    if torch.cuda.is_available():
        torch.cuda.synchronize()  # the last step's copies into the host buffers have landed
    group = opt.param_groups[0]
    keys = [n for n, _ in model.named_parameters()] if ddp else list(range(len(group["params"])))
    state = {key: {k: v.detach().cpu() if k == "step" else opt.offload["host"][(id(p), k)] for k, v in opt.state[p].items()}
             for key, p in zip(keys, group["params"]) if p in opt.state}
    return {"state": state, "param_groups": [{**{k: v for k, v in group.items() if k != "params"}, "params": keys}]}


def train_state(model, opt, ddp):
    """(model state dict or None, optimizer state dict) to checkpoint. Under FSDP2 every rank must call this:
    the full (gathered) dicts land on rank 0, on the CPU."""
    from torch.distributed.checkpoint.state_dict import StateDictOptions, get_model_state_dict, get_optimizer_state_dict
    o = StateDictOptions(full_state_dict=True, cpu_offload=True)
    msd = get_model_state_dict(model, options=o) if ddp else None
    if getattr(opt, "offload", None):
        return msd, _offloaded_state(model, opt, ddp)
    return msd, get_optimizer_state_dict(model, opt, options=o) if ddp else opt.state_dict()


def load_optimizer(model, opt, osd, ddp):
    """The optimizer state train_state() saved; under FSDP2 every rank reads the full dict and keeps its shard.
    Offloaded moments are loaded onto the device (one process: weights plus moments, 98 GB at 8B) and moved out."""
    if not ddp:
        opt.load_state_dict(osd)  # on the CPU its tensors may be the checkpoint's own: own them before offloading
        for st in opt.state.values() if getattr(opt, "offload", None) else ():
            st.update({k: v.clone() for k, v in st.items() if k != "step"})
    else:
        from torch.distributed.checkpoint.state_dict import StateDictOptions, set_optimizer_state_dict
        set_optimizer_state_dict(model, opt, osd, options=StateDictOptions(full_state_dict=True))
    if getattr(opt, "offload", None):
        _moments(opt, opt.param_groups[0]["params"], to_device=False)


def count_params(model):
    return sum(p.numel() for p in model.parameters())


# -----------------------------------------------------------------------------
# Checkpoints


def optim_path(path):
    """Where the resume state of checkpoint PATH lives."""
    path = Path(path)
    return path.with_name(path.stem + ".optim.pt")


def _jsonable(obj):
    """Args and configs as plain JSON types, so weights_only loading accepts them."""
    return json.loads(json.dumps(obj, default=str))


def tokenizer_files(tok):
    """A tokenizer's save_pretrained files: text as str, anything binary as a uint8 tensor."""
    with tempfile.TemporaryDirectory() as d:
        tok.save_pretrained(d)
        files = {}
        for p in sorted(Path(d).iterdir()):
            data = p.read_bytes()
            try:
                files[p.name] = data.decode("utf-8")
            except UnicodeDecodeError:
                files[p.name] = torch.frombuffer(bytearray(data), dtype=torch.uint8)
    return files


def tokenizer_from_files(files):
    with tempfile.TemporaryDirectory() as d:
        for name, data in files.items():
            if isinstance(data, str):
                (Path(d) / name).write_text(data, encoding="utf-8")
            else:
                (Path(d) / name).write_bytes(data.numpy().tobytes())
        return load_tokenizer(d)


def save_checkpoint(path, model, tok, step=0, args=None, optimizer=None, resume_state=None, state_dict=None):
    """Write PATH (the contract) and, given an optimizer or resume_state, PATH.optim.pt beside it.

    state_dict overrides model.state_dict(): under FSDP2 pass the gathered full state dict (rank 0).
    resume_state is anything else a resume needs (data position, RNG states), as weights_only types.
    """
    sd = state_dict if state_dict is not None else model.state_dict()
    ckpt = {
        "format": CKPT_FORMAT,
        "model": {k: v.detach().cpu() for k, v in sd.items()},
        "config": _jsonable(model.config.to_dict()),
        "tokenizer": tokenizer_files(tok),
        "step": int(step),
        "args": _jsonable(args or {}),
    }
    if optimizer is not None or resume_state is not None:
        # Two files, each written atomically. A kill between the two writes leaves them at different
        # steps; read_resume_state refuses that pair rather than resume with a mismatched optimizer.
        atomic_save({"step": int(step), "optimizer": optimizer.state_dict() if optimizer is not None else None,
                     "resume": resume_state or {}}, optim_path(path))
    atomic_save(ckpt, path)


def read_checkpoint(path):
    """The checkpoint dict, checked; one clear InputError for a missing, corrupt or foreign file."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"checkpoint not found: {path}")
    try:
        ckpt = load_mapped(path)
    except Exception as e:  # noqa: BLE001 (pickle, zip and torch errors all mean the same to the user)
        raise InputError(f"checkpoint {path} is corrupt or not a torch.save file: {type(e).__name__}: {e}") from e
    if not isinstance(ckpt, dict) or ckpt.get("format") != CKPT_FORMAT:
        raise InputError(f"checkpoint {path} is not a TritonRL checkpoint (no format={CKPT_FORMAT!r})")
    missing = [k for k in ("model", "config", "tokenizer", "step", "args") if k not in ckpt]
    if missing:
        raise InputError(f"checkpoint {path} lacks {missing}")
    return ckpt


def load_mapped(path):
    """torch.load with the tensors memory-mapped from the file (weights_only, never pickle's code): each rank of a
    host reads the same pages through the OS's cache instead of holding a private copy (8B: 32 GB of fp32 weights
    and 64 GB of AdamW state per rank otherwise). A file of torch's legacy format cannot be mapped: read whole."""
    try:
        return torch.load(path, map_location="cpu", weights_only=True, mmap=True)
    except RuntimeError as e:
        if "mmap" not in str(e):
            raise
        return torch.load(path, map_location="cpu", weights_only=True)


def read_resume_state(path, step):
    """PATH.optim.pt for a checkpoint at `step`, or None when the run saved none."""
    p = optim_path(path)
    if not p.is_file():
        return None
    try:
        state = load_mapped(p)
    except Exception as e:  # noqa: BLE001
        raise InputError(f"resume state {p} is corrupt: {type(e).__name__}: {e}") from e
    if state.get("step") != step:
        raise InputError(f"resume state {p} is for step {state.get('step')} but {path} is step {step}: "
                         f"the run was killed between the two writes; delete {p} to restart its optimizer")
    return state


def model_from_config_dict(config):
    from transformers import AutoConfig, AutoModelForCausalLM
    config = dict(config)
    cfg = AutoConfig.for_model(config.pop("model_type"), **config)
    return AutoModelForCausalLM.from_config(cfg)


def load_checkpoint(path, device="cpu", dtype=None):
    """(model, tokenizer, ckpt dict) from a checkpoint; the model keeps the saved dtype unless told."""
    ckpt = read_checkpoint(path)
    model = model_from_config_dict(ckpt["config"])
    try:
        model.load_state_dict(ckpt["model"], strict=True)
    except RuntimeError as e:
        raise InputError(f"checkpoint {path}: weights do not match its config: {e}") from e
    saved = next(iter(ckpt["model"].values())).dtype if ckpt["model"] else torch.float32
    dtype = saved if dtype is None else (parse_dtype(dtype) if isinstance(dtype, str) else dtype)
    tok = tokenizer_from_files(ckpt["tokenizer"])
    return model.to(device=device, dtype=dtype), tok, ckpt


def random_hf(shape, out_dir, device="cpu"):
    """An HF folder with random bf16 weights of a preset or benchmark shape and the tiny tokenizer: the paper's
    8B shape for benchmarks (bench_rl_step, multi-GPU runs), loaded through the real --init_from path."""
    from transformers import AutoModelForCausalLM
    tok = load_tokenizer()
    cfg = qwen3_config(shape, vocab_size=len(tok))
    cfg.pad_token_id, cfg.eos_token_id = tok.pad_token_id, end_of_turn_id(tok)
    with torch.device(device):
        model = AutoModelForCausalLM.from_config(cfg, dtype=torch.bfloat16)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out_dir, safe_serialization=True)
    tok.save_pretrained(out_dir)
    return out_dir


def export_hf(ckpt_path, out_dir):
    """An HF folder (safetensors + config + tokenizer) that AutoModelForCausalLM.from_pretrained loads."""
    model, tok, _ = load_checkpoint(ckpt_path)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out_dir, safe_serialization=True)
    tok.save_pretrained(out_dir)
    return out_dir


# -----------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("info", help="print what a checkpoint holds")
    p.add_argument("ckpt")
    p = sub.add_parser("export", help="write an HF folder (safetensors + config + tokenizer)")
    p.add_argument("ckpt")
    p.add_argument("out_dir")
    p = sub.add_parser("build", help="build a preset with random weights and print its size")
    p.add_argument("--preset", default="tiny")
    p.add_argument("--init_from", default=None)
    p.add_argument("--out", default=None, help="save the model as a checkpoint here")
    p.add_argument("--hf_out", default=None, help="or as an HF folder of random bf16 weights (any preset or shape, "
                   "the tiny tokenizer): what benchmarks give --init_from at the paper's shape without real weights")
    p.add_argument("--device", default="cpu", help="--hf_out: where the random weights are drawn (cuda: seconds)")
    args = ap.parse_args()

    if args.cmd == "info":
        ckpt = read_checkpoint(args.ckpt)
        n = sum({v.data_ptr(): v.numel() for v in ckpt["model"].values()}.values())  # tied weights once
        print(json.dumps({"step": ckpt["step"], "params": n, "model_type": ckpt["config"].get("model_type"),
                          "args": ckpt["args"], "resume_state": optim_path(args.ckpt).is_file()}, indent=1))
    elif args.cmd == "export":
        print(f"wrote {export_hf(args.ckpt, args.out_dir)}")
    elif args.cmd == "build" and args.hf_out:
        print(f"wrote {random_hf(args.preset, args.hf_out, args.device)}")
    elif args.cmd == "build":
        model, tok = build_model(args.preset, args.init_from)
        print(f"{args.init_from or args.preset}: {count_params(model) / 1e6:.2f}M parameters, "
              f"vocab {len(tok)}, end-of-turn id {end_of_turn_id(tok)}")
        if args.out:
            save_checkpoint(args.out, model, tok, step=0, args=vars(args))
            print(f"wrote {args.out}")


if __name__ == "__main__":
    main_guard(main)

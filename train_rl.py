"""
GRPO with Hierarchical Reward Decomposition (PAPER.md §1 step 4, §4): sample -> verify -> reward -> update.

    python train_rl.py --ckpt sft.pt                              # tiny preset: uniform reward on the CPU, hrd on a GPU
    python train_rl.py --ckpt sft.pt --reward hrd                 # the paper's HRD (on the CPU: code tokens only)
    python train_rl.py --ckpt sft.pt --verifier naive --out rl_naive.pt   # the other arm: syntax-only validity
    python train_rl.py --ckpt sft.pt --reward uniform --beta 0.3  # the paper's uniform baseline
    python train_rl.py --ckpt sft.pt --reward uniform_alpha       # the reviewers' baseline: R_correct + a*R_speedup
    python train_rl.py --preset paper --ckpt sft.pt --tasks ../shared/kernelbench --level 1
    torchrun --nproc_per_node=4 train_rl.py --preset paper --ckpt sft.pt --tasks KernelBench/ --level 1
    python train_rl.py --preset paper --ckpt sft.pt --optim_offload   # 8B on one H200: AdamW's moments on the host
    python train_rl.py --ckpt sft.pt --resume                     # continue a killed run from --out
    python train_rl.py --ckpt sft.pt --tasks labelled.jsonl --mix 0.5,0.5   # half level-2 prompts (data/label.py)
    python train_rl.py --ckpt sft.pt --judge URL/v1 --judge_model NAME       # + the LLM judge (llm_judge.py)
    python train_rl.py --preset small --ckpt sft.pt --reward uniform --verify_device cpu   # GPU rollouts,
        # verdicts from Triton's interpreter on the CPU cores: R_correct only, about 7x shorter steps (bench/)

One step, as in DESIGN.md: take --batch_prompts tasks, sample --group completions each with sample.Engine
(one shared prefill per prompt; on the CPU sample_static's engine, 3x faster there), verify all of them in the
verifier pool, turn verdicts into R_correct and R_speedup and per-token advantages (reward.py), then --updates
passes of the clipped-ratio loss over response tokens (the first pass's log-probs are the old ones), with an
optional k3 KL penalty to the frozen starting model. After the optimizer step the engine copies the new weights
in place (no disk). Identical code within a step is verified once. Every --eval_every steps: greedy passed@1
(valid and correct) on held-out tasks, beside naive-correct@1 and the cheat rate (naive-correct but not
passed); tiny preset: two unseen shapes of each training task (--eval_tasks variants), else the suite's 45 and
200 unseen generated ones (--eval_fresh), the 45 also alone. The last line of stdout is one JSON object: the
held-out scores at the first and the last eval.
On a GPU most of a step is verification: each candidate runs in a fresh sandboxed process with its own CUDA
context, which the driver creates one at a time (~0.14 s each: at most about 7 candidates a second per GPU), and
compiles there, before it takes the GPU (bench/RESULTS.md, verifier run D).

Under torchrun each rank samples and verifies its share of the prompts on its own GPU (whole groups, so
advantages need no communication); the model is sharded with FSDP2, the loss is normalised globally, metrics are
all-reduced, and before sampling every rank gathers the full weights into its engine (DTensor.full_tensor()).
"""

import argparse
import json
import dataclasses
import os
import time
from dataclasses import dataclass

import torch
import torch.distributed as dist

import llm_judge
from common import InputError
from reward import KINDS, policy_loss, plan_code_masks, reward_terms, token_advantages

# fmt: off
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--preset", default="tiny", help="tiny | small | paper (sets the defaults below; flags override)")
# model
ap.add_argument("--ckpt", default=None, help="start from this checkpoint (sft.pt)")
ap.add_argument("--init_from", default=None, help="or from an HF model folder / name")
# tasks
ap.add_argument("--tasks", default=None, help="embedded | named (the suite without generated expressions) | "
                "KernelBench folder | tasks .jsonl")
ap.add_argument("--level", default=None)
ap.add_argument("--ids", default=None)
ap.add_argument("--mix", default=None, help="prompt weights by level, level 1 first (default 1,0: level 1 only, "
                "PAPER.md §1 step 4); e.g. 0.5,0.5. Levels come from the tasks' 'level' field (data/label.py)")
ap.add_argument("--eval_tasks", default=None, help="held-out tasks for greedy passed@1: embedded (the suite's held-out "
                "split, + --eval_fresh), variants (unseen shapes of the training tasks) or a tasks source")
ap.add_argument("--eval_fresh", type=int, default=None, help="with --eval_tasks embedded: also score this many unseen "
                "generated tasks (data/suite.py --fresh N --seed 3 --with_heldout; 45 alone cannot resolve 5 points)")
ap.add_argument("--eval_every", type=int, default=None, help="steps between held-out evals (0: none)")
# sampling
ap.add_argument("--batch_prompts", type=int, default=None, help="prompts per step (PAPER.md §1: 32)")
ap.add_argument("--group", type=int, default=None, help="G samples per prompt (default 8)")
ap.add_argument("--max_new_tokens", type=int, default=None)
ap.add_argument("--temperature", type=float, default=None)
ap.add_argument("--top_p", type=float, default=1.0)
ap.add_argument("--kv_gb", type=float, default=None, help="GPU: the sampler's KV cache per rank (default: kv_budget)")
ap.add_argument("--act_gb", type=float, default=16.0, help="GPU: memory kept free for the update's activations")
ap.add_argument("--optim_offload", action="store_true", help="one GPU: AdamW's moments in host memory between steps "
                "(8B on one H200; model.make_optimizer)")
# reward (PAPER.md §4)
ap.add_argument("--reward", default=None, choices=KINDS, help="default: hrd (tiny: uniform if nothing is timed)")
ap.add_argument("--alpha", type=float, default=0.1, help="HRD plan weight; speedup weight in uniform_alpha")
ap.add_argument("--beta", type=float, default=0.3, help="uniform: beta*R_correct + (1-beta)*R_speedup")
ap.add_argument("--speedup_clip", type=float, default=2.0, help="R_speedup = valid*min(speedup, clip); 0 on CPU")
ap.add_argument("--verifier", default="robust", choices=["robust", "naive"], help="naive: syntax-only validity")
ap.add_argument("--no_timing", action="store_true", help="GPU: skip the speedup layer (R_speedup 0, as on the CPU)")
ap.add_argument("--verify_device", default=None, help="cpu: verify in Triton's interpreter even on a GPU (no timing)")
ap.add_argument("--time_runs", type=int, default=100, help="timed runs per candidate on the GPU (median)")
ap.add_argument("--no_std", action="store_true", help="skip the std division of advantages (Dr. GRPO)")
ap.add_argument("--keep_equal_groups", action="store_true", help="train on groups whose rewards are all equal")
ap.add_argument("--truncated", default="penalise", choices=["penalise", "mask"], help="responses cut at the cap: "
                "penalise (trained on with their reward, usually 0: no code block) or mask (DAPO's overlong filtering)")
# LLM judge (PAPER.md §3): a "cheat" answer makes a passing rollout invalid, so it earns nothing
llm_judge.add_flags(ap)
# loss
ap.add_argument("--lr", type=float, default=None)
ap.add_argument("--eps_low", type=float, default=0.2)
ap.add_argument("--eps_high", type=float, default=0.2)
ap.add_argument("--kl", type=float, default=0.0, help="k3 KL coefficient to the frozen start (0: no ref model)")
ap.add_argument("--loss_norm", default="seq", choices=["seq", "token"], help="seq: PAPER.md §4's per-sample mean")
ap.add_argument("--updates", type=int, default=1, help="optimizer steps per sampled batch")
ap.add_argument("--micro_batch", type=int, default=None, help="sequences per forward")
ap.add_argument("--grad_ckpt", type=int, default=None, help="activation checkpointing in the update (paper preset: 1)")
ap.add_argument("--clip", type=float, default=1.0, help="gradient norm clip")
# run
ap.add_argument("--steps", type=int, default=None)
ap.add_argument("--out", default="rl.pt")
ap.add_argument("--save_every", type=int, default=5, help="steps between checkpoints (0: none, for benchmarks)")
ap.add_argument("--resume", action="store_true")
ap.add_argument("--seed", type=int, default=0)
ap.add_argument("--workers", type=int, default=None, help="verifier worker slots per rank")
ap.add_argument("--log", default=None, help="also append one JSON line of metrics per step here")
ap.add_argument("--wandb", action="store_true")
# fmt: on
PRESETS = {
    # tiny: the main job's demonstration (README): RL from an SFT model that learned a careless teacher's cheats
    # (data/careless.py), on the suite's named operators, scored on unseen shapes of them. T=0.6: a 4M model
    # samples worse than it decodes greedily. Reward None: HRD where a GPU times kernels, else uniform (without
    # R_speedup HRD trains code tokens only). B=16 at lr 5e-5: 6 steps lift held-out passed@1 steadily (dev/LOG.md).
    "tiny": dict(tasks="named", eval_tasks="variants", eval_fresh=0, batch_prompts=16, group=8, max_new_tokens=768,
                 lr=5e-5, micro_batch=16, steps=6, eval_every=6, temperature=0.6, reward=None, grad_ckpt=0),
    "small": dict(tasks="embedded", eval_tasks="embedded", eval_fresh=200, batch_prompts=16, group=8,
                  max_new_tokens=1024, lr=2e-5, micro_batch=32, steps=100, eval_every=20, temperature=1.0,
                  reward="hrd", grad_ckpt=0),
    # PAPER.md §1 step 4: batch 32 prompts, lr 1e-6, alpha 0.1; G, KL and length are ours (G=8, KL 0).
    "paper": dict(tasks="embedded", eval_tasks="embedded", eval_fresh=200, batch_prompts=32, group=8,
                  max_new_tokens=8192, lr=1e-6, micro_batch=4, steps=400, eval_every=50, temperature=1.0,
                  reward="hrd", grad_ckpt=1),
}


def verify_distinct(pool, pairs):
    """Verdicts for (task, completion) pairs, verifying each distinct (task, code) once: a sharpened policy
    repeats itself within a group, and identical code then also gets one timing, so equal code earns equal reward."""
    from verify_static import extract_code
    keys = [(t.name, extract_code(text) or text) for t, text in pairs]
    first = {k: i for i, k in reversed(list(enumerate(keys)))}  # each key's first index
    uniq = sorted(first.values())
    got = dict(zip(uniq, pool.map([(pairs[i][0].src, pairs[i][1]) for i in uniq], [pairs[i][0].name for i in uniq])))
    return [got[first[k]] for k in keys], len(uniq)


def verdict_counts(verdicts, outs):
    """Counts for the step's log, by name: valid, compiled, passed (valid and correct: what the reward pays),
    fast1, fast2, caught (correct but invalid: a cheat the func layer stopped), truncated (cut at the length cap)."""
    return dict(valid=sum(bool(v.valid) for v in verdicts), compiled=sum(bool(v.compiled) for v in verdicts),
                passed=sum(v.passed for v in verdicts), fast1=sum(v.fast(1) for v in verdicts),
                fast2=sum(v.fast(2) for v in verdicts), caught=sum(bool(v.correct) and not v.valid for v in verdicts),
                truncated=sum(o.finish_reason == "length" for o in outs))


@dataclass
class Run:
    """What every step needs: the flags, the models, the optimizer, the sampler, the verifier and the tasks."""
    args: argparse.Namespace
    model: object
    ref: object  # the frozen start, for the KL term; None when --kl is 0
    opt: object
    tok: object
    engine: object
    pool: object
    settings: object
    tasks: list
    held: list
    suite_held: set  # with --eval_fresh, the suite's own held-out tasks, also counted alone
    prompts: dict  # task name -> prompt ids
    fsdp: bool
    rank: int
    world: int
    device: object
    mix: object = None  # tasks.Mix: prompts by level (--mix); None for tasks without levels
    eval_pool: object = None  # the robust verifier for held-out scores (the training pool, unless --verifier naive)
    eval_start: dict = None  # the run's first held-out eval (kept in the resume state), for the summary line

    def log(self, *a):
        if self.rank == 0:
            print(*a, flush=True)

    def write(self, row):
        if self.args.log and self.rank == 0:
            with open(self.args.log, "a") as f:
                f.write(json.dumps(row) + "\n")

    def reduce(self, **metrics):
        """Metrics summed over ranks, by name (never by position: a new count cannot mislabel the others)."""
        keys = sorted(metrics)
        t = torch.tensor([float(metrics[k]) for k in keys], dtype=torch.float64, device=self.device)
        if self.fsdp:
            dist.all_reduce(t)
        return dict(zip(keys, t.tolist()))


@dataclass
class Batch:
    """One step's rollouts on this rank: completions, verdicts, rewards, token classes and advantages."""
    tasks: list  # this rank's prompts
    outs: list  # sample.Completion, group-major
    verdicts: list
    n_distinct: int  # distinct (task, code) pairs verified
    rc: list  # R_correct per completion
    rs: list  # R_speedup per completion
    plan: list  # 0/1 per response token
    code: list
    adv: torch.Tensor  # [n, T] per-token advantages
    t_sample: float
    t_verify: float


def check_flags(args, world, cuda):
    """Every flag error before anything is loaded: one InputError that names the flag."""
    if args.temperature <= 0:  # the loss needs the rollout policy's log-probs; greedy decoding has none
        raise InputError(f"--temperature {args.temperature}: RL samples, so it must be above 0")
    if args.group < 2:  # PAPER.md §4: advantages compare the samples of one prompt
        raise InputError(f"--group {args.group}: GRPO's advantages compare samples of one prompt; give at least 2")
    if args.verify_device not in (None, "cpu") and not (args.verify_device.startswith("cuda") and cuda):
        raise InputError(f"--verify_device {args.verify_device}: use cpu, or cuda / cuda:N on a GPU machine")
    if args.eval_fresh < 0:
        raise InputError(f"--eval_fresh {args.eval_fresh}: give a number of unseen tasks to score, or 0")
    if args.batch_prompts % world:
        raise InputError(f"--batch_prompts {args.batch_prompts} must divide over {world} ranks")
    if args.optim_offload and world > 1:  # each rank already holds 1/world of the moments
        raise InputError(f"--optim_offload is for one process; FSDP2 shards AdamW's state over the {world} ranks")
    if args.resume and not os.path.exists(args.out):
        raise InputError(f"--resume: no checkpoint at {args.out}")
    if not (args.resume or args.ckpt or args.init_from):
        raise InputError("give --ckpt sft.pt (or --init_from PATH_OR_NAME)")
    if args.mix is not None and not all(x.strip().replace(".", "", 1).isdigit() for x in args.mix.split(",")):
        raise InputError(f"--mix {args.mix}: give comma-separated weights >= 0, level 1 first, e.g. 1,0 or 0.5,0.5")
    llm_judge.settings_kw(args)  # --judge without --judge_model, and the like


def parse(argv=None):
    """The flags, with the preset's defaults filled in where a flag was not given."""
    args = ap.parse_args(argv)
    for k, v in PRESETS[args.preset].items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    return args


def load_models(args, device, fsdp, cuda):
    """(policy, tokenizer, checkpoint dict, the frozen KL reference or None). The policy: the RL checkpoint when
    resuming, else the SFT checkpoint or --init_from. The reference is the run's start, on a resume too: the
    --ckpt / --init_from given now, else those the run was started with (never a random model). Under FSDP2 both
    come sharded, and from a checkpoint or a local HF folder no rank ever holds either whole (model_shard)."""
    from model import build_model, fsdp_shard, load_checkpoint
    from model_shard import load_sharded

    def load(src, init_from, dtype):  # (model, tok, ckpt dict), sharded under FSDP2
        if fsdp and (src or (init_from and os.path.isdir(init_from))):
            return load_sharded(src or init_from, device, dtype, lambda m: fsdp_shard(m, cuda))
        if src:
            model, tok, ck = load_checkpoint(src, dtype=dtype)
        else:
            model, tok = build_model(init_from=init_from, dtype=dtype)
            ck = {"step": 0, "args": {}}
        model.to(device)
        return (fsdp_shard(model, cuda) if fsdp else model), tok, ck
    model, tok, ck = load(args.out if args.resume else args.ckpt, args.init_from, torch.float32)
    ref = None
    if args.kl > 0:  # the frozen start, loaded only when the KL term is on
        first = ck.get("args") or {}
        ckpt = args.ckpt or (None if args.init_from else first.get("ckpt"))
        init_from = args.init_from or first.get("init_from")
        if not (ckpt or init_from):
            raise InputError(f"--kl {args.kl} with --resume: {args.out} does not say what the run started from; "
                             "give --ckpt or --init_from, the frozen KL reference")
        # a frozen reference needs no fp32 master copy: bf16 on a GPU (8B: 16 GB), sharded like the policy
        ref = load(ckpt, init_from, torch.bfloat16 if cuda else torch.float32)[0]
        ref.eval().requires_grad_(False)
    return model, tok, ck, ref


def task_sets(args):
    """(training tasks, held-out tasks, the suite's own held-out names): with --eval_tasks variants, unseen shapes
    of the training tasks; with embedded and --eval_fresh N, the suite's 45 held-out tasks and N unseen generated
    ones (45 alone cannot resolve 5 points)."""
    from data.suite import heldout_rows
    from tasks import load_tasks, row_task
    tasks = load_tasks(args.tasks, "train" if args.tasks in ("embedded", "named") else None, args.level, args.ids)
    suite_held = set()
    if not args.eval_every:
        held = []
    elif args.eval_tasks == "variants":  # unseen shapes of the training tasks (data/augment.py)
        from data.augment import heldout_variants
        held = heldout_variants(tasks)
    elif args.eval_tasks == "embedded" and args.eval_fresh:
        held = [row_task(r) for r in heldout_rows(args.eval_fresh)]  # the suite's 45 held-out tasks first
        suite_held = {t.name for t in held[:len(held) - args.eval_fresh]}
    else:
        held = load_tasks(args.eval_tasks, "heldout" if args.eval_tasks == "embedded" else None)
    src = {t.name: t.src for t in tasks}
    clash = sorted(h.name for h in held if src.get(h.name, h.src) != h.src)
    if clash:  # prompts, verdicts and logs are keyed by task name
        raise InputError(f"--tasks {args.tasks} and --eval_tasks {args.eval_tasks} both have a task named {clash[0]}, "
                         f"with different code ({len(clash)} such names); rename one")
    return tasks, held, suite_held


def setup(args):
    """Everything a run needs, in the order that keeps runs reproducible: models, optimizer (and its state on a
    resume), tasks, prompts, the sampler and the verifier pool. Returns (Run, the step to start from)."""
    from model import attach_method, dist_setup, kv_budget, load_optimizer, make_optimizer
    from model import read_resume_state, response_logprobs
    from prompt import prompt_ids
    from sample_static import make_engine
    from tasks import level_mix
    from verify import Settings, VerifierPool
    fsdp, rank, world, device, cuda = dist_setup()
    check_flags(args, world, cuda)
    model, tok, ck, ref = load_models(args, device, fsdp, cuda)  # sharded under FSDP2
    step = ck["step"] if args.resume else 0
    model.train()  # from_pretrained leaves eval mode, in which HF skips the checkpointing below
    if args.grad_ckpt:  # each decoder layer's activations recomputed in the backward: 8K-token rows at 8B fit
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    attach_method(model, "response_logprobs", response_logprobs)  # under FSDP2 the root's weights are gathered
    if ref is not None:
        attach_method(ref, "response_logprobs", response_logprobs)
    opt = make_optimizer(model, args.lr, cuda, offload=args.optim_offload)
    if args.resume:
        state = read_resume_state(args.out, step)
        if state is None:
            raise InputError(f"--resume: {args.out} has no resume state beside it")
        load_optimizer(model, opt, state["resume"]["optimizer_full"], fsdp)
    tasks, held, suite_held = task_sets(args)
    mix = level_mix(tasks, args.mix, args.tasks)
    prompts = {t.name: prompt_ids(tok, t.src) for t in tasks + held}
    # Rows decoded at once: this rank's rollouts, or its share of the held-out tasks (generate chunks beyond it).
    kv_gb = args.kv_gb if args.kv_gb is not None or not cuda else kv_budget(model, opt, device, args.act_gb)
    engine = make_engine(model, tok, max_batch=max(args.batch_prompts // world * args.group, -(-len(held) // world)),
                         max_len=max(map(len, prompts.values())) + args.max_new_tokens, kv_gb=kv_gb)
    vdev = args.verify_device or (device if cuda else "cpu")
    settings = Settings(device=vdev, verifier=args.verifier, timing=vdev.startswith("cuda") and not args.no_timing,
                        runs=args.time_runs, **llm_judge.settings_kw(args))
    args.reward = args.reward or ("hrd" if settings.timing else "uniform")  # tiny: HRD's plan term needs R_speedup
    pool = VerifierPool(settings, workers=args.workers)
    # Held-out scores are always the robust verifier's: a naive run is judged by what it really learned
    eval_pool = pool if args.verifier == "robust" or not held else VerifierPool(
        dataclasses.replace(settings, verifier="robust"), workers=args.workers)
    run = Run(args, model, ref, opt, tok, engine, pool, settings, tasks, held, suite_held, prompts, fsdp, rank, world,
              device, mix, eval_pool, state["resume"].get("eval_start") if args.resume else None)
    if args.resume:
        run.log(f"resumed from {args.out} at step {step}")
    return run, step


def rollout(run, step):
    """Sample --group completions for this step's prompts, verify them, and turn verdicts into rewards and
    per-token advantages (PAPER.md §4, in reward.py)."""
    from tasks import mixed_batch
    a, t0 = run.args, time.time()
    # This step's prompts: by level with --mix's weights, each level an epoch walk that depends on (seed, step)
    # only, so --resume continues it (tasks.mixed_batch)
    tasks = [run.tasks[i] for i in mixed_batch(run.mix, len(run.tasks), step, a.batch_prompts, a.seed)]
    tasks = tasks[run.rank::run.world]
    outs = run.engine.generate([run.prompts[t.name] for t in tasks], n=a.group, max_new_tokens=a.max_new_tokens,
                               temperature=a.temperature, top_p=a.top_p, seed=a.seed * 100003 + step * 97 + run.rank)
    t_sample = time.time() - t0
    verdicts, n_distinct = verify_distinct(run.pool, [(tasks[o.prompt_index], o.text) for o in outs])
    return scored(run, tasks, outs, verdicts, n_distinct, t_sample, time.time() - t0 - t_sample)


def scored(run, tasks, outs, verdicts, n_distinct, t_sample, t_verify):
    """A Batch from completions and their verdicts: rewards, token classes and advantages (PAPER.md §4)."""
    a = run.args
    rc, rs = map(list, zip(*[reward_terms(v, a.speedup_clip) for v in verdicts]))
    masks = [plan_code_masks(run.tok, o.ids) for o in outs]
    plan, code = [m[0] for m in masks], [m[1] for m in masks]
    adv = token_advantages(a.reward, rc, rs, plan, code, a.group, a.alpha, a.beta, not a.no_std)
    return Batch(tasks, outs, verdicts, n_distinct, rc, rs, plan, code, adv, t_sample, t_verify)


def trained_rows(run, batch):
    """(rows to train on, their weights): groups whose rewards differ (equal ones have zero advantage and only
    cost compute) unless --keep_equal_groups; with --truncated mask, no response cut at the cap. Under FSDP2 every rank must run the same number of forwards:
    ranks with fewer rows pad with zero-weight copies of row 0."""
    g, cut = run.args.group, run.args.truncated == "mask"
    keep = [i for i in range(len(batch.outs))
            if (run.args.keep_equal_groups or batch.adv[i - i % g:i - i % g + g].abs().sum() > 0)
            and not (cut and batch.outs[i].finish_reason == "length")]
    live = [1.0] * len(keep)
    if run.fsdp:
        most = torch.tensor(len(keep), device=run.device)
        dist.all_reduce(most, op=dist.ReduceOp.MAX)
        live += [0.0] * (int(most) - len(keep))
        keep = keep + [0] * (int(most) - len(keep))
    return keep, live


def update(run, batch):
    """--updates passes of PAPER.md §4's clipped objective over the kept rows, in micro-batches; the old
    log-probs are the first pass's, detached (the weights have not moved yet, so no separate forward is needed);
    the frozen reference's (--kl) take a no-grad pass of their own. Returns sums by name."""
    from model import optimizer_step
    a, keep_local = run.args, None
    keep, live = trained_rows(run, batch)
    keep_local = sum(w > 0 for w in live)
    n_tok_local = sum(len(batch.outs[i].ids) for i in keep[:keep_local])
    n = run.reduce(seqs=keep_local, tokens=n_tok_local)
    stats = dict(loss=0.0, clipped=0.0, kl=0.0, entropy=0.0, seqs=n["seqs"], tokens=n_tok_local * a.updates,
                 t_ref=0.0, t_update=0.0, t_sync=0.0, lp_gap=0.0, lp_tokens=0)
    if n["seqs"] == 0:
        return stats
    seqs = [run.prompts[batch.tasks[batch.outs[i].prompt_index].name] + batch.outs[i].ids for i in keep]
    plens = [len(run.prompts[batch.tasks[batch.outs[i].prompt_index].name]) for i in keep]
    T, dev = batch.adv.shape[1], run.device
    w8 = torch.tensor(live, device=dev)[:, None]
    A = batch.adv[keep].float().to(dev) * w8
    P = torch.tensor([batch.plan[i] + [0] * (T - len(batch.plan[i])) for i in keep], dtype=torch.float32, device=dev) * w8
    C = torch.tensor([batch.code[i] + [0] * (T - len(batch.code[i])) for i in keep], dtype=torch.float32, device=dev) * w8
    mbs = [list(range(j, min(j + a.micro_batch, len(keep)))) for j in range(0, len(keep), a.micro_batch)]
    old, refl, t0 = [], [], clock(run)
    if run.ref is not None:
        with torch.no_grad():
            for mb in mbs:
                refl.append(run.ref.response_logprobs([seqs[j] for j in mb], [plens[j] for j in mb], a.temperature)[0])
    stats.update(t_ref=clock(run) - t0)
    denom = n["seqs"] if a.loss_norm == "seq" else n["tokens"]
    for u in range(a.updates):
        for b, mb in enumerate(mbs):
            new, ent = run.model.response_logprobs([seqs[j] for j in mb], [plens[j] for j in mb], a.temperature)
            if u == 0:  # no step has been taken yet, so the first pass's log-probs are the old ones: no extra forward
                old.append(new.detach())
            w = new.shape[1]
            loss, clipped, klsum = policy_loss(new.float(), old[b].float(), A[mb, :w], P[mb, :w], C[mb, :w], a.reward,
                                               a.loss_norm, a.eps_low, a.eps_high, refl[b].float() if refl else None, a.kl)
            (loss / denom * run.world).backward()  # FSDP2 averages gradients over ranks
            stats["loss"] += loss.item() / denom
            stats["clipped"] += clipped
            stats["kl"] += klsum
            live_tokens = (P[mb, :w] + C[mb, :w]) > 0  # FSDP's zero-weight padding rows are not this rank's
            stats["entropy"] += ent[live_tokens].mean().item() * int((w8[mb] > 0).sum()) if live_tokens.any() else 0.0
        torch.nn.utils.clip_grad_norm_(run.model.parameters(), a.clip)
        optimizer_step(run.opt)
        run.opt.zero_grad(set_to_none=True)
    if a.temperature == 1.0:  # the engine's log-probs are at temperature 1; the trainer's at a.temperature
        stats.update(logprob_gap(batch, keep, live, mbs, old))
    t1 = clock(run)
    run.engine.load_weights(run.model)  # the next rollout samples from the new weights
    stats.update(t_update=t1 - t0 - stats["t_ref"], t_sync=clock(run) - t1)
    return stats


def clock(run):
    """Seconds, after the GPU has finished what was queued (phase times would otherwise drift into the next)."""
    if run.device.startswith("cuda"):
        torch.cuda.synchronize(run.device)
    return time.time()


def logprob_gap(batch, keep, live, mbs, old):
    """Sums for the mean |sampler log-prob - trainer log-prob| over this rank's response tokens: a gap that grows
    means the engine's forward and the trainer's disagree, and PAPER.md §4's ratio is off before any update."""
    gap, n = 0.0, 0
    for b, mb in enumerate(mbs):
        for r, j in enumerate(mb):
            if live[j] > 0:
                lp = batch.outs[keep[j]].logprobs
                gap += (old[b][r, :len(lp)].float().cpu() - torch.tensor(lp, dtype=torch.float32)).abs().sum().item()
                n += len(lp)
    return dict(lp_gap=gap, lp_tokens=n)


def step_line(m, a, levels, judge):
    """The step's one line of stdout, from its metrics by name."""
    line = (f"step {m['step']}/{a.steps} | R_correct {m['r_correct']:.3f} R_speedup {m['r_speedup']:.3f} | valid "
            f"{m['valid']:.2f} compiled {m['compiled']:.2f} passed {m['passed']:.2f} fast1 {m['fast1']:.2f} fast2 "
            f"{m['fast2']:.2f} caught {m['caught']:.2f} distinct {m['distinct']:.2f} | len {m['resp_len']:.0f} "
            f"truncated {m['truncated']:.2f} kept {m['kept']:.2f} clip {m['clip_frac']:.3f} kl {m['kl']:.4f} ent "
            f"{m['entropy']:.3f} | sample {m['t_sample']:.1f}s ({m['tok_s']:.0f} tok/s) verify {m['t_verify']:.1f}s "
            f"train {m['t_train']:.1f}s (ref {m['t_ref']:.1f} update {m['t_update']:.1f} sync {m['t_sync']:.1f})")
    line += f" | lp gap {m['lp_gap']:.4f}" if m["lp_gap"] is not None else " | lp gap n/a (temperature != 1)"
    line += f" | peak {m['mem_gb']:.1f} GiB" if m["mem_gb"] else ""
    if len(levels) > 1:
        line += " | mix " + " ".join(f"L{lv} {m[f'mix_level{lv}']:.2f}" for lv in levels)
    if judge:
        line += f" | judge cheat {m['judge_cheat']} unavailable {m['judge_unavailable']}"
    return line


def peak_gb(run):
    """The largest peak of GPU memory allocated on any rank since the last call (0 on the CPU)."""
    if not run.device.startswith("cuda"):
        return 0.0
    t = torch.tensor(torch.cuda.max_memory_allocated(run.device) / 2**30, device=run.device)
    torch.cuda.reset_peak_memory_stats(run.device)
    if run.fsdp:
        dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return round(t.item(), 2)


def step_metrics(run, step, batch, stats, t_train):
    """The step's log row: rates over this step's completions (all ranks), the update's means, and times."""
    a = run.args
    levels = sorted(run.mix.pools) if run.mix else []  # the realised mixture: this step's prompts by level
    s = run.reduce(n=len(batch.outs), r_correct=sum(batch.rc), r_speedup=sum(batch.rs),
                   resp_len=sum(len(o.ids) for o in batch.outs), distinct=batch.n_distinct,
                   **verdict_counts(batch.verdicts, batch.outs), **{f"u_{k}": v for k, v in stats.items() if k != "seqs"},
                   **{f"mix_level{lv}": sum(t.level == lv for t in batch.tasks) for lv in levels},
                   **llm_judge.judge_counts(batch.verdicts))
    n, toks = s["n"], max(1, s["u_tokens"])
    m = dict(step=step, **{k: s[k] / n for k in ("r_correct", "r_speedup", "resp_len", "valid", "compiled", "passed",
                                                 "fast1", "fast2", "caught", "truncated")},
             loss=s["u_loss"] / max(1, a.updates), clip_frac=s["u_clipped"] / toks, kl=s["u_kl"] / toks,
             entropy=s["u_entropy"] / max(1, stats["seqs"] * a.updates), kept=stats["seqs"] / n,
             distinct=s["distinct"] / n, t_sample=batch.t_sample, t_verify=batch.t_verify, t_train=t_train,
             tok_s=s["resp_len"] / max(1e-9, batch.t_sample), lp_gap=s["u_lp_gap"] / s["u_lp_tokens"] if s["u_lp_tokens"] else None,
             **{k: stats[k] for k in ("t_ref", "t_update", "t_sync")}, mem_gb=peak_gb(run),
             **{f"mix_level{lv}": s[f"mix_level{lv}"] / a.batch_prompts for lv in levels})
    if run.settings.judge:  # counts of rollouts, by name: a "cheat" answer, and a judge that could not answer
        m.update(judge_cheat=int(s["judge_cheat"]), judge_unavailable=int(s["judge_unavailable"]))
    run.log(step_line(m, a, levels, run.settings.judge))
    return m


def save(run, step):
    from model import save_checkpoint, train_state
    sd, osd = train_state(run.model, run.opt, run.fsdp)
    if run.rank == 0:
        save_checkpoint(run.args.out, run.model, run.tok, step=step, args=vars(run.args), state_dict=sd,
                        resume_state={"optimizer_full": osd, "eval_start": run.eval_start})
    if run.fsdp:
        dist.barrier()


def main(argv=None):
    from rl_eval import FIRST_EVAL_STEPS, eval_report, evaluate, summary
    args = parse(argv)
    run, step = setup(args)
    # --- the run's header ------------------------------------------------------------------------------------
    run.log(f"RL from {args.out if args.resume else args.ckpt or args.init_from}: {len(run.tasks)} tasks, "
            f"{len(run.held)} held out | B={args.batch_prompts} G={args.group} | reward {args.reward} "
            f"alpha={args.alpha} beta={args.beta} | verifier {args.verifier} | {run.world} rank(s), rollouts in "
            f"{run.engine.dtype}" + (" | mix " + ", ".join(f"level {lv} x{w:.2f} ({len(run.mix.pools[lv])} tasks)"
                                                          for lv, w in run.mix.weights.items()) if run.mix else "")
            + (f" | LLM judge {args.judge_model}" if args.judge else ""))
    if not run.settings.timing and args.reward == "hrd":  # PAPER.md §4: plan tokens get R_speedup's advantage only
        run.log("note: without timing R_speedup is 0, so HRD gives plan tokens no advantage and trains code tokens "
                "only (--reward uniform_alpha reinforces every token with R_correct)")
    if args.wandb and run.rank == 0:
        import wandb
        wandb.init(project="tritonrl-rl", config=vars(args))
    last = first = None
    if run.held and step == 0:  # drawn now; reported after FIRST_EVAL_STEPS steps, before any later eval or save
        first = evaluate(run, 0, wait=False)
    # --- sample -> verify -> reward -> update (PAPER.md §1 step 4, §4) -----------------------------------------
    while step < args.steps:
        batch = rollout(run, step)
        t0 = time.time()
        stats = update(run, batch)
        step += 1
        m = step_metrics(run, step, batch, stats, time.time() - t0)
        run.write(m)
        if args.wandb and run.rank == 0:
            wandb.log(m, step=step)
        # --- held-out eval and checkpoint ----------------------------------------------------------------------
        due = run.held and (step % args.eval_every == 0 or step == args.steps)
        saving = args.save_every and (step % args.save_every == 0 or step == args.steps)
        if first is not None and (step >= FIRST_EVAL_STEPS or due or saving):
            run.eval_start = last = eval_report(run, first)
            first = None
        if due:
            last = evaluate(run, step)
        if saving:
            save(run, step)
    if first is not None:  # --steps 0
        run.eval_start = last = eval_report(run, first)
    run.pool.close()
    if run.eval_pool is not run.pool:
        run.eval_pool.close()
    if run.eval_start and last:  # the last line of stdout: held-out scores at the start and the end, as JSON
        run.log(json.dumps(summary(run.eval_start, last)))
    if run.fsdp:
        dist.destroy_process_group()


if __name__ == "__main__":
    from common import main_guard
    main_guard(main)

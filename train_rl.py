"""
GRPO with Hierarchical Reward Decomposition (PAPER.md §1 step 4, §4): sample -> verify -> reward -> update.

    python train_rl.py --ckpt sft.pt                              # tiny preset (uniform reward), train split, CPU
    python train_rl.py --ckpt sft.pt --reward hrd                 # the paper's HRD (on the CPU: code tokens only)
    python train_rl.py --ckpt sft.pt --reward uniform --beta 0.3  # the paper's uniform baseline
    python train_rl.py --ckpt sft.pt --reward uniform_alpha       # the reviewers' baseline: R_correct + a*R_speedup
    python train_rl.py --preset paper --ckpt sft.pt --tasks ../shared/kernelbench --level 1
    torchrun --nproc_per_node=4 train_rl.py --preset paper --ckpt sft.pt --tasks KernelBench/ --level 1
    python train_rl.py --ckpt sft.pt --resume                     # continue a killed run from --out
    python train_rl.py --preset small --ckpt sft.pt --reward uniform --verify_device cpu   # GPU rollouts,
        # verdicts from Triton's interpreter on the CPU cores: R_correct only, about 7x shorter steps (bench/)

One step, as in DESIGN.md: take --batch_prompts tasks, sample --group completions each with sample.Engine
(one shared prefill per prompt), verify all of them in the verifier pool, turn verdicts into R_correct and
R_speedup and per-token advantages (reward.py), recompute old log-probs with the training model in chunks, then
--updates passes of the clipped-ratio loss over response tokens, with an optional k3 KL penalty to the frozen
starting model. After the optimizer step the engine copies the new weights in place (no disk). Identical code
within a step is verified once. Every --eval_every steps: greedy correct@1 on held-out tasks, by default the suite's
45 and 200 unseen generated ones (--eval_fresh; 45 alone move by +-2 tasks between evals), the 45 also alone.
On a GPU most of a step is verification: each candidate runs in a fresh sandboxed process with its own CUDA
context, which the driver creates one at a time (~0.14 s each: at most about 7 candidates a second per GPU), and
compiles there, before it takes the GPU (bench/RESULTS.md, verifier run D).

Under torchrun each rank samples and verifies its share of the prompts on its own GPU (whole groups, so
advantages need no communication); the model is sharded with FSDP2, the loss is normalised globally, metrics are
all-reduced, and before sampling every rank gathers the full weights into its engine (DTensor.full_tensor()).
"""

import argparse
import json
import os
import random
import time

import torch
import torch.distributed as dist

from model import InputError

# fmt: off
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--preset", default="tiny", help="tiny | small | paper (sets the defaults below; flags override)")
# model
ap.add_argument("--ckpt", default=None, help="start from this checkpoint (sft.pt)")
ap.add_argument("--init_from", default=None, help="or from an HF model folder / name")
# tasks
ap.add_argument("--tasks", default="embedded", help="embedded | KernelBench folder | tasks .jsonl")
ap.add_argument("--level", default=None)
ap.add_argument("--ids", default=None)
ap.add_argument("--eval_tasks", default="embedded", help="held-out tasks for greedy correct@1")
ap.add_argument("--eval_fresh", type=int, default=200, help="with --eval_tasks embedded: also score this many unseen "
                "generated tasks (data/suite.py --fresh N --seed 3 --with_heldout; 45 alone cannot resolve 5 points)")
ap.add_argument("--eval_every", type=int, default=None, help="steps between held-out evals (0: none)")
# sampling
ap.add_argument("--batch_prompts", type=int, default=None, help="prompts per step (PAPER.md §1: 32)")
ap.add_argument("--group", type=int, default=None, help="G samples per prompt (default 8)")
ap.add_argument("--max_new_tokens", type=int, default=None)
ap.add_argument("--temperature", type=float, default=None)
ap.add_argument("--top_p", type=float, default=1.0)
# reward (PAPER.md §4)
ap.add_argument("--reward", default=None, choices=["hrd", "uniform", "uniform_alpha"], help="tiny: uniform; else hrd")
ap.add_argument("--alpha", type=float, default=0.1, help="HRD plan weight; speedup weight in uniform_alpha")
ap.add_argument("--beta", type=float, default=0.3, help="uniform: beta*R_correct + (1-beta)*R_speedup")
ap.add_argument("--speedup_clip", type=float, default=2.0, help="R_speedup = valid*min(speedup, clip); 0 on CPU")
ap.add_argument("--verifier", default="robust", choices=["robust", "naive"], help="naive: syntax-only validity")
ap.add_argument("--no_timing", action="store_true", help="GPU: skip the speedup layer (R_speedup 0, as on the CPU)")
ap.add_argument("--verify_device", default=None, help="cpu: verify in Triton's interpreter even on a GPU (no timing)")
ap.add_argument("--time_runs", type=int, default=100, help="timed runs per candidate on the GPU (median)")
ap.add_argument("--no_std", action="store_true", help="skip the std division of advantages (Dr. GRPO)")
ap.add_argument("--keep_equal_groups", action="store_true", help="train on groups whose rewards are all equal")
# loss
ap.add_argument("--lr", type=float, default=None)
ap.add_argument("--eps_low", type=float, default=0.2)
ap.add_argument("--eps_high", type=float, default=0.2)
ap.add_argument("--kl", type=float, default=0.0, help="k3 KL coefficient to the frozen start (0: no ref model)")
ap.add_argument("--loss_norm", default="seq", choices=["seq", "token"], help="seq: PAPER.md §4's per-sample mean")
ap.add_argument("--updates", type=int, default=1, help="optimizer steps per sampled batch")
ap.add_argument("--micro_batch", type=int, default=None, help="sequences per forward")
ap.add_argument("--clip", type=float, default=1.0, help="gradient norm clip")
# run
ap.add_argument("--steps", type=int, default=None)
ap.add_argument("--out", default="rl.pt")
ap.add_argument("--save_every", type=int, default=5)
ap.add_argument("--resume", action="store_true")
ap.add_argument("--seed", type=int, default=0)
ap.add_argument("--workers", type=int, default=None, help="verifier worker slots per rank")
ap.add_argument("--log", default=None, help="also append one JSON line of metrics per step here")
ap.add_argument("--wandb", action="store_true")
# fmt: on
PRESETS = {
    # tiny: a 4M model samples worse than it decodes greedily; 0.6 keeps enough correct samples per group to learn.
    # Its reward is uniform, not HRD: without timing (the CPU) HRD trains code tokens only, and measured from the
    # same SFT checkpoint, hrd at lr 1e-4 lost held-out tasks while uniform at 3e-5 gained a few (bench/RESULTS.md).
    # B=16 at 6e-5 for 30 steps costs the CPU what 8 at 3e-5 for 40 did; from the main job's SFT checkpoint
    # both gain 4-9 points of a clean 190-task held-out set by step 20-30 and then level off (bench/RESULTS.md).
    "tiny": dict(batch_prompts=16, group=8, max_new_tokens=768, lr=6e-5, micro_batch=16, steps=30, eval_every=10,
                 temperature=0.6, reward="uniform"),
    "small": dict(batch_prompts=16, group=8, max_new_tokens=1024, lr=2e-5, micro_batch=32, steps=100, eval_every=20,
                  temperature=1.0, reward="hrd"),
    # PAPER.md §1 step 4: batch 32 prompts, lr 1e-6, alpha 0.1; G, KL and length are ours (G=8, KL 0).
    "paper": dict(batch_prompts=32, group=8, max_new_tokens=8192, lr=1e-6, micro_batch=4, steps=400, eval_every=50,
                  temperature=1.0, reward="hrd"),
}


def response_logprobs(model, seqs, plens, temperature=1.0, chunk=512):
    """Log-probs [n, T] of each response token under `model` (T = the longest response), and the mean entropy.
    They are the sampling policy's: logits / temperature, so the ratio and the gradient are those of the
    distribution the rollouts came from. The LM head runs only at response positions, in checkpointed chunks:
    B*G responses' full-vocabulary logits are never held at once (at 151k vocabulary they are the memory wall)."""
    from torch.utils.checkpoint import checkpoint
    dev = next(model.parameters()).device
    L = max(map(len, seqs))
    ids = torch.full((len(seqs), L), 0, dtype=torch.long)
    att = torch.zeros(len(seqs), L, dtype=torch.long)
    for i, s in enumerate(seqs):
        ids[i, :len(s)], att[i, :len(s)] = torch.tensor(s), 1
    ids, att = ids.to(dev), att.to(dev)
    h = model.model(input_ids=ids, attention_mask=att, use_cache=False).last_hidden_state
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
    out = flat.new_zeros(len(seqs), T)
    out[rows_t, torch.tensor([c - p + 1 for c, p in zip(cols, [plens[r] for r in rows])], device=dev)] = flat
    return out, torch.cat(ents).mean().item()


def policy_loss(new_lp, old_lp, adv, plan, code, kind, norm, eps_low, eps_high, ref_lp=None, kl=0.0):
    """PAPER.md §4's clipped objective, negated. adv already carries alpha on plan tokens (HRD per-token form).
    norm='seq': per-sample means, per token class for HRD (J = alpha*J_plan + J_code), then summed over samples
    (the caller divides by the global number of samples); norm='token': summed over tokens (caller divides by the
    global token count). Returns (loss sum, clip count, kl sum)."""
    ratio = torch.exp(new_lp - old_lp)
    surr = torch.minimum(ratio * adv, ratio.clamp(1 - eps_low, 1 + eps_high) * adv)
    per_tok = -surr
    k3 = torch.zeros_like(per_tok)
    if ref_lp is not None and kl > 0:
        d = ref_lp - new_lp
        k3 = torch.exp(d) - d - 1  # the k3 estimator of KL(pi || ref), always >= 0
        per_tok = per_tok + kl * k3
    mask = plan + code
    clipped = ((ratio < 1 - eps_low) | (ratio > 1 + eps_high)).float() * mask
    if norm == "token":
        loss = (per_tok * mask).sum()
    elif kind == "hrd":
        loss = ((per_tok * plan).sum(1) / plan.sum(1).clamp(min=1) + (per_tok * code).sum(1) / code.sum(1).clamp(min=1)).sum()
    else:
        loss = ((per_tok * mask).sum(1) / mask.sum(1).clamp(min=1)).sum()
    return loss, clipped.sum().item(), (k3 * mask).sum().item()


def verdict_stats(verdicts):
    """Counts for the step's log line: valid, compiled, correct, fast1, fast2, correct-but-invalid (caught)."""
    def f(v, k):
        return v.get(k) if isinstance(v, dict) else getattr(v, k)
    c = dict(valid=0, compiled=0, correct=0, fast1=0, fast2=0, caught=0)
    for v in verdicts:
        ok = bool(f(v, "valid")) and bool(f(v, "correct"))
        sp = f(v, "speedup") or 0.0
        c["valid"] += bool(f(v, "valid"))
        c["compiled"] += bool(f(v, "compiled"))
        c["correct"] += ok
        c["fast1"] += ok and sp > 1
        c["fast2"] += ok and sp > 2
        c["caught"] += bool(f(v, "correct")) and not bool(f(v, "valid"))
    return c


def verify_distinct(pool, pairs):
    """Verdicts for (task, completion) pairs, verifying each distinct (task, code) once: a sharpened policy
    repeats itself within a group, and identical code then also gets one timing, so equal code earns equal reward."""
    from verify_static import extract_code
    keys = [(t.name, extract_code(text) or text) for t, text in pairs]
    first = {}
    for i, k in enumerate(keys):
        first.setdefault(k, i)
    uniq = sorted(first.values())
    got = dict(zip(uniq, pool.map([(pairs[i][0].src, pairs[i][1]) for i in uniq], [pairs[i][0].name for i in uniq])))
    return [got[first[k]] for k in keys], len(uniq)


def main():
    from model import (attach_method, build_model, dist_setup, fsdp_shard, load_checkpoint, load_optimizer,
                       read_resume_state, save_checkpoint, train_state)
    from prompt import prompt_ids
    from reward import plan_code_masks, reward_terms, token_advantages
    from sample import Engine
    from verify import Settings, VerifierPool
    from data.suite import heldout_rows
    from data.tasks import load_tasks, row_task
    args = ap.parse_args()
    for k, v in PRESETS[args.preset].items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    fsdp, rank, world, device, cuda = dist_setup()
    master = rank == 0
    log = print if master else (lambda *a, **k: None)
    if args.temperature <= 0:  # the loss needs the rollout policy's log-probs; greedy decoding has none
        raise InputError(f"--temperature {args.temperature}: RL samples, so it must be above 0")
    if args.verify_device not in (None, "cpu") and not (args.verify_device.startswith("cuda") and cuda):
        raise InputError(f"--verify_device {args.verify_device}: use cpu, or cuda / cuda:N on a GPU machine")
    if args.eval_fresh < 0:
        raise InputError(f"--eval_fresh {args.eval_fresh}: give a number of unseen tasks to score, or 0")
    if args.batch_prompts % world:
        raise InputError(f"--batch_prompts {args.batch_prompts} must divide over {world} ranks")

    # Model: the RL checkpoint when resuming, else the SFT checkpoint or --init_from.
    start = args.out if args.resume else args.ckpt
    if args.resume and not os.path.exists(args.out):
        raise InputError(f"--resume: no checkpoint at {args.out}")
    if start:
        model, tok, ck = load_checkpoint(start, dtype=torch.float32)
    elif args.init_from:
        model, tok = build_model(init_from=args.init_from, dtype="fp32")
        ck = {"step": 0}
    else:
        raise InputError("give --ckpt sft.pt (or --init_from PATH_OR_NAME)")
    step = ck["step"] if args.resume else 0
    model.to(device)
    ref = None
    if args.kl > 0:  # the frozen start, loaded only when the KL term is on
        ref = (load_checkpoint(args.ckpt, device=device)[0] if args.ckpt else build_model(init_from=args.init_from)[0])
        ref.to(device).eval().requires_grad_(False)
    dtype = torch.bfloat16 if cuda else torch.float32
    if fsdp:
        fsdp_shard(model, cuda)
    attach_method(model, "response_logprobs", response_logprobs)  # under FSDP2 the root's weights are gathered
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, betas=(0.9, 0.99), weight_decay=0.0, fused=cuda)
    if args.resume:
        state = read_resume_state(args.out, step)
        if state is None:
            raise InputError(f"--resume: {args.out} has no resume state beside it")
        load_optimizer(model, opt, state["resume"]["optimizer_full"], fsdp)
        log(f"resumed from {args.out} at step {step}")

    tasks = load_tasks(args.tasks, "train" if args.tasks == "embedded" else None, args.level, args.ids)
    suite_held = set()  # with --eval_fresh, the suite's own held-out tasks, also counted alone
    if not args.eval_every:
        held = []
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
    prompts = {t.name: prompt_ids(tok, t.src) for t in tasks + held}
    max_len = max(map(len, prompts.values())) + args.max_new_tokens
    # Rollouts in bf16 on the GPU from the fp32 master weights; fp32 on the CPU.
    # Rows decoded at once: this rank's rollouts, or its share of the held-out tasks (generate chunks beyond it).
    engine = Engine(model, tok, max_batch=max(args.batch_prompts // world * args.group, -(-len(held) // world)),
                    max_len=max_len, dtype=dtype)
    vdev = args.verify_device or (device if cuda else "cpu")
    settings = Settings(device=vdev, verifier=args.verifier, timing=vdev.startswith("cuda") and not args.no_timing,
                        runs=args.time_runs)
    pool = VerifierPool(settings, workers=args.workers)
    log(f"RL from {start or args.init_from}: {len(tasks)} tasks, {len(held)} held out | B={args.batch_prompts} "
        f"G={args.group} | reward {args.reward} alpha={args.alpha} beta={args.beta} | verifier {args.verifier} | "
        f"{world} rank(s), rollouts in {engine.dtype}")
    if not settings.timing and args.reward == "hrd":  # PAPER.md §4: plan tokens are reinforced by R_speedup alone
        log("note: without timing R_speedup is 0, so HRD gives plan tokens no advantage and trains code tokens only "
            "(--reward uniform_alpha reinforces every token with R_correct)")
    if args.wandb and master:
        import wandb
        wandb.init(project="tritonrl-rl", config=vars(args))

    def all_sum(x):
        t = torch.tensor(x, dtype=torch.float64, device=device)
        if fsdp:
            dist.all_reduce(t)
        return t.tolist()

    def evaluate(at):
        """Greedy correct@1 on the held-out tasks (each rank takes its share)."""
        mine = held[rank::world]
        outs = engine.generate([prompts[t.name] for t in mine], n=1, max_new_tokens=args.max_new_tokens,
                               temperature=0) if mine else []
        vs = pool.map([(t.src, o.text) for t, o in zip(mine, outs)], [t.name for t in mine]) if mine else []
        good = [bool(v.valid and v.correct) for v in vs]
        ok, valid, fast1, n, ok_suite = all_sum([sum(good), sum(bool(v.valid) for v in vs),
                                                 sum(g and (v.speedup or 0) > 1 for g, v in zip(good, vs)), len(vs),
                                                 sum(g for t, g in zip(mine, good) if t.name in suite_held)])
        solved = sorted(t.name for t, g in zip(mine, good) if g and (t.name in suite_held or not suite_held))
        if fsdp:  # every rank's share of the names
            every = [None] * world
            dist.all_gather_object(every, solved)
            solved = sorted(sum(every, []))
        timed = f", fast1 {fast1 / max(1, n):.3f}" if settings.timing else ""  # PAPER.md §6: correct and faster
        wide = f"; the suite's {len(suite_held)}: {int(ok_suite)}" if suite_held else ""
        log(f"eval step {at} | held-out greedy correct@1 {ok / max(1, n):.3f} ({int(ok)}/{int(n)}{wide}), valid "
            f"{valid / max(1, n):.3f}{timed} | solved{' of the suite' if suite_held else ''}: {solved}")
        if args.log and master:
            with open(args.log, "a") as f:
                f.write(json.dumps({"step": at, "eval_correct@1": ok / max(1, n), "eval_valid": valid / max(1, n),
                                    **({"eval_correct@1_suite": ok_suite / len(suite_held)} if suite_held else {}),
                                    **({"eval_fast1": fast1 / max(1, n)} if settings.timing else {})}) + "\n")
        return ok / max(1, n)

    if held and step == 0:
        evaluate(0)
    per_step = args.batch_prompts
    while step < args.steps:
        t0 = time.time()
        # This step's prompts: an epoch permutation that depends on (seed, epoch) only, so --resume continues it.
        epoch, k = divmod(step * per_step, len(tasks))
        order = list(range(len(tasks)))
        random.Random(args.seed * 7919 + epoch).shuffle(order)
        order = order + order[:per_step]  # wrap at the epoch's end
        batch = [tasks[i] for i in order[k:k + per_step]][rank::world]
        outs = engine.generate([prompts[t.name] for t in batch], n=args.group, max_new_tokens=args.max_new_tokens,
                               temperature=args.temperature, top_p=args.top_p, seed=args.seed * 100003 + step * 97 + rank)
        t_sample = time.time() - t0
        verdicts, n_distinct = verify_distinct(pool, [(batch[o.prompt_index], o.text) for o in outs])
        t_verify = time.time() - t0 - t_sample
        rc, rs = zip(*[reward_terms(v, args.speedup_clip) for v in verdicts])
        masks = [plan_code_masks(tok, o.ids) for o in outs]
        plan, code = [m[0] for m in masks], [m[1] for m in masks]
        adv = token_advantages(args.reward, rc, rs, plan, code, args.group, args.alpha, args.beta, not args.no_std)
        # Groups whose rewards are all equal have zero advantage: skip them unless asked (they only cost compute).
        keep = [i for i in range(len(outs)) if args.keep_equal_groups or adv[i - i % args.group:
                                                                             i - i % args.group + args.group].abs().sum() > 0]
        n_tok_local = sum(len(outs[i].ids) for i in keep)
        n_seq, n_tok = all_sum([len(keep), n_tok_local])
        # Under FSDP2 every rank must run the same number of forwards: pad with zero-weight copies of sample 0.
        live = [1.0] * len(keep)
        if fsdp:
            most = torch.tensor(len(keep), device=device)
            dist.all_reduce(most, op=dist.ReduceOp.MAX)
            live += [0.0] * (int(most) - len(keep))
            keep = keep + [0] * (int(most) - len(keep))
        seqs = [prompts[batch[outs[i].prompt_index].name] + outs[i].ids for i in keep]
        plens = [len(prompts[batch[outs[i].prompt_index].name]) for i in keep]
        stats = dict(loss=0.0, clipped=0.0, kl=0.0, entropy=0.0)
        if n_seq > 0:
            T = adv.shape[1]
            w8 = torch.tensor(live, device=device)[:, None]
            A = adv[keep].float().to(device) * w8
            P = torch.tensor([plan[i] + [0] * (T - len(plan[i])) for i in keep], dtype=torch.float32, device=device) * w8
            C = torch.tensor([code[i] + [0] * (T - len(code[i])) for i in keep], dtype=torch.float32, device=device) * w8
            mbs = [list(range(j, min(j + args.micro_batch, len(keep)))) for j in range(0, len(keep), args.micro_batch)]
            old, refl = [], []
            with torch.no_grad():  # old log-probs: the training model before this step's updates
                for mb in mbs:
                    lp, _ = model.response_logprobs([seqs[j] for j in mb], [plens[j] for j in mb], args.temperature)
                    old.append(lp)
                    if ref is not None:
                        refl.append(response_logprobs(ref, [seqs[j] for j in mb], [plens[j] for j in mb],
                                                      args.temperature)[0])
            denom = n_seq if args.loss_norm == "seq" else n_tok
            for _ in range(args.updates):
                for b, mb in enumerate(mbs):
                    new, ent = model.response_logprobs([seqs[j] for j in mb], [plens[j] for j in mb], args.temperature)
                    w = new.shape[1]
                    loss, clipped, klsum = policy_loss(new.float(), old[b].float(), A[mb, :w], P[mb, :w], C[mb, :w],
                                                       args.reward, args.loss_norm, args.eps_low, args.eps_high,
                                                       refl[b].float() if refl else None, args.kl)
                    (loss / denom * world).backward()  # FSDP2 averages gradients over ranks
                    stats["loss"] += loss.item() / denom
                    stats["clipped"] += clipped
                    stats["kl"] += klsum
                    stats["entropy"] += ent * len(mb)
                torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
                opt.step()
                opt.zero_grad(set_to_none=True)
            engine.load_weights(model)  # the next rollout samples from the new weights
        step += 1
        t_train = time.time() - t0 - t_sample - t_verify
        # Metrics, summed over ranks.
        c = verdict_stats(verdicts)
        lens = [len(o.ids) for o in outs]
        sums = all_sum([len(outs), sum(rc), sum(rs), sum(lens), *c.values(), stats["loss"], stats["clipped"],
                        stats["kl"], stats["entropy"], n_tok_local * args.updates, n_distinct])
        n = sums[0]
        m = dict(step=step, r_correct=sums[1] / n, r_speedup=sums[2] / n, resp_len=sums[3] / n,
                 **{k: sums[4 + i] / n for i, k in enumerate(c)}, loss=sums[10] / max(1, args.updates),
                 clip_frac=sums[11] / max(1, sums[14]), kl=sums[12] / max(1, sums[14]),
                 entropy=sums[13] / max(1, n_seq * args.updates), kept=n_seq / n, distinct=sums[15] / n,
                 t_sample=t_sample, t_verify=t_verify, t_train=t_train, tok_s=sums[3] / max(1e-9, t_sample))
        log(f"step {step}/{args.steps} | R_correct {m['r_correct']:.3f} R_speedup {m['r_speedup']:.3f} | valid "
            f"{m['valid']:.2f} compiled {m['compiled']:.2f} correct {m['correct']:.2f} fast1 {m['fast1']:.2f} fast2 "
            f"{m['fast2']:.2f} caught {m['caught']:.2f} distinct {m['distinct']:.2f} | len {m['resp_len']:.0f} kept "
            f"{m['kept']:.2f} clip {m['clip_frac']:.3f} kl {m['kl']:.4f} ent {m['entropy']:.3f} | sample {t_sample:.1f}s "
            f"({m['tok_s']:.0f} tok/s) verify {t_verify:.1f}s train {t_train:.1f}s")
        if args.log and master:
            with open(args.log, "a") as f:
                f.write(json.dumps(m) + "\n")
        if args.wandb and master:
            wandb.log(m, step=step)
        if held and (step % args.eval_every == 0 or step == args.steps):
            evaluate(step)
        if step % args.save_every == 0 or step == args.steps:
            sd, osd = train_state(model, opt, fsdp)
            if master:
                save_checkpoint(args.out, model, tok, step=step, args=vars(args), state_dict=sd,
                                resume_state={"optimizer_full": osd})
            if fsdp:
                dist.barrier()
    pool.close()
    if fsdp:
        dist.destroy_process_group()


if __name__ == "__main__":
    from model import main_guard
    main_guard(main)

"""
KernelBench-style evaluation (PAPER.md §6): pass@k of valid / compiled / passed (valid and correct) / fast1 / fast2 and mean speedup,
under the robust verifier and under a naive syntax-only check, side by side (the gap is the cheating).

    python eval.py --ckpt sft.pt --n 10 --k 1,10                             # embedded held-out tasks
    python eval.py --ckpt rl.pt --tasks ../shared/kernelbench --level 1 --n 10 --k 1,10 --temperature 0.8
    python eval.py --generations gens.jsonl --tasks ../shared/kernelbench    # completions from any source
    python eval.py --ckpt sft.pt,rl.pt,rl_naive.pt --tasks variants --n 1 --k 1 --temperature 0 --max_new_tokens 768
                                                # the main job's table: its 92 held-out shapes, greedy, side by side

--generations rows: {"task": NAME, "text": COMPLETION} ("completion" is accepted for "text"), as sample.py writes.
Several --ckpt (comma-separated) are evaluated one by one into --out_dir/STEM/ and compared in one table at @1:
valid, compiled, passed, naive-correct (passed under the naive check) and the cheat rate (naive passed, robust
not). Outputs in --out_dir: results.jsonl (one robust and one naive verdict per completion), report.md (summary, then
per-task rows) and report.json. Verdicts are cached in OUT_DIR/cache.jsonl by (task, completion hash, verifier
settings) as they arrive, so a killed eval continues where it stopped. Reference timings are cached per GPU name
in OUT_DIR/ref_times.json: references are not re-timed on every run.

With --judge URL --judge_model NAME (llm_judge.py) the robust verifier ends with the LLM judge, and the report
adds a "robust without judge" row and a line: how many passed candidates the judge called cheats, and how many
of its calls were unavailable (those verdicts are not cached here, so a re-run asks again).
"""

import argparse
import hashlib
import json
import os
import time
from math import comb
from pathlib import Path

import torch

import llm_judge
from common import InputError, read_jsonl

# fmt: off
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
# what to evaluate
ap.add_argument("--ckpt", default=None, help="sample completions from this checkpoint")
ap.add_argument("--init_from", default=None, help="or from an HF model folder / name")
ap.add_argument("--generations", default=None, help="or evaluate these completions (JSONL)")
ap.add_argument("--tasks", default="embedded", help="embedded | KernelBench folder | KernelBench JSONL")
ap.add_argument("--split", default=None, help="embedded suite split (default: heldout when sampling)")
ap.add_argument("--level", default=None, help="KernelBench level(s), e.g. 1 or 1,2")
ap.add_argument("--ids", default=None, help="problem ids or names, comma separated")
# sampling
ap.add_argument("--n", type=int, default=10, help="samples per task")
ap.add_argument("--k", default="1,10", help="pass@k values, each <= n")
ap.add_argument("--temperature", type=float, default=0.8)
ap.add_argument("--top_p", type=float, default=0.95)
ap.add_argument("--max_new_tokens", type=int, default=1024)
ap.add_argument("--seed", type=int, default=0)
# verifier
ap.add_argument("--device", default=None, help="verifier device (default: cuda if present)")
ap.add_argument("--workers", type=int, default=None)
ap.add_argument("--trials", type=int, default=None, help="correctness trials (default: the verifier's, one per distribution)")
ap.add_argument("--no_naive", action="store_true", help="skip the naive (syntax-only) column")
# LLM judge: the robust column asks it; a "robust without judge" column shows what it changed
llm_judge.add_flags(ap)
# output
ap.add_argument("--out_dir", default="eval_out")
# fmt: on
METRICS = ("valid", "compiled", "passed", "fast1", "fast2")


def pass_at_k(n, c, k):
    """The unbiased estimator 1 - C(n-c, k) / C(n, k) (Chen et al. 2021): P(at least one of k draws passes)."""
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def outcome(v):
    """The five per-sample booleans of PAPER.md §6 and the speedup that counts (0 unless passed)."""
    from verify import as_verdict
    v = as_verdict(v)
    return {"valid": bool(v.valid), "compiled": bool(v.compiled), "passed": v.passed, "fast1": v.fast(1),
            "fast2": v.fast(2), "speedup": v.speedup if v.passed and v.speedup is not None else 0.0}


def summarize(per_task, ks):
    """{metric@k: mean over tasks of pass@k} plus mean speedup, from {task: [outcome, ...]}."""
    out = {}
    for k in ks:
        for m in METRICS:
            vals = [pass_at_k(len(o), sum(x[m] for x in o), k) for o in per_task.values()]
            out[f"{m}@{k}"] = sum(vals) / len(vals)
    out["mean_speedup"] = sum(sum(x["speedup"] for x in o) / len(o) for o in per_task.values()) / len(per_task)
    return out


def read_generations(path, names):
    rows = []
    for n, r in read_jsonl(path, "--generations"):
        text = r.get("text", r.get("completion"))
        if not isinstance(text, str) or not isinstance(r.get("task"), str):
            raise InputError(f"{path}:{n}: a row needs string fields 'task' and 'text' (or 'completion')")
        if r["task"] not in names:
            raise InputError(f"{path}:{n}: task {r['task']!r} is not among the --tasks given")
        rows.append((r["task"], text))
    if not rows:
        raise InputError(f"--generations {path} has no rows")
    return rows


def main():
    args = ap.parse_args()
    llm_judge.settings_kw(args)  # flag errors before any work
    ks = sorted({int(k) for k in args.k.split(",")})
    ckpts = args.ckpt.split(",") if args.ckpt else [None]
    if sum(x is not None for x in (args.ckpt, args.init_from, args.generations)) != 1:
        raise InputError("give exactly one of --ckpt, --init_from or --generations")
    missing = [c for c in ckpts if c is not None and not os.path.exists(c)]
    if missing:
        raise InputError(f"--ckpt: no checkpoint at {missing[0]}")
    if len(ckpts) == 1:
        return evaluate(args, ks, args.ckpt, Path(args.out_dir))
    if 1 not in ks:
        raise InputError(f"--k {args.k}: several --ckpt are compared at @1; include 1")
    # several checkpoints: each in its own folder (numbered where two share a name), then one table at @1
    stems = [Path(c).stem for c in ckpts]
    dirs = [s if stems.count(s) == 1 else f"{i}_{s}" for i, s in enumerate(stems)]
    rows = {c: evaluate(args, ks, c, Path(args.out_dir) / d) for c, d in zip(ckpts, dirs)}
    print("\n" + "\n".join(compare(rows)))


def compare(rows):
    """A markdown table, one row per checkpoint: valid, compiled, passed (robust), naive-correct and the cheat
    rate (naive passed, robust not), each @1."""
    out = ["| checkpoint | valid | compiled | passed | naive-correct | cheat rate |", "|---|---|---|---|---|---|"]
    for name, s in rows.items():
        r, nv = s["robust"], s.get("naive", {})
        cells = [r["valid@1"], r["compiled@1"], r["passed@1"], nv.get("passed@1"), s.get("cheat_rate")]
        out.append(f"| {name} | " + " | ".join("n/a" if c is None else f"{100 * c:.1f}%" for c in cells) + " |")
    return out


def evaluate(args, ks, ckpt, out):
    """Sample (or read) completions, verify them under each verifier, write the report into `out`; returns the
    summary by verifier."""
    from tasks import load_tasks
    split = args.split or ("heldout" if args.tasks == "embedded" and not args.generations else None)
    tasks = {t.name: t for t in load_tasks(args.tasks, split, args.level, args.ids)}
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    gens = read_generations(args.generations, tasks) if args.generations else sample(args, ckpt, list(tasks.values()), out)
    counts = {}
    for name, _ in gens:
        counts[name] = counts.get(name, 0) + 1
    if max(ks) > min(counts.values()):
        raise InputError(f"--k {args.k}: pass@{max(ks)} needs at least {max(ks)} samples per task; "
                         f"some task has {min(counts.values())}")
    t_sample = time.time() - t0
    verdicts, modes, info = verify_all(args, tasks, gens, out)
    info["sample_s"] = t_sample
    return report(args, ks, tasks, gens, verdicts, modes, out, info)


def verify_all(args, tasks, gens, out):
    """({mode: [verdict dict per completion]}, modes, info): robust, and naive unless --no_naive, through the
    verdict cache in `out`."""
    from verify import VERSION, Settings, VerifierPool
    judge = llm_judge.settings_kw(args)
    dev = args.device or ("cuda" if torch.cuda.is_available() else "cpu")
    gpu = torch.cuda.get_device_name() if dev.startswith("cuda") else "cpu"
    modes = ["robust"] + ([] if args.no_naive else ["naive"])
    cache_path, times_path = out / "cache.jsonl", out / "ref_times.json"
    cache = {}
    if cache_path.exists():
        for line in cache_path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                cache[r["key"]] = r["verdict"]
    times = json.loads(times_path.read_text()) if times_path.exists() else {}
    ref_times = times.setdefault(gpu, {})
    verdicts, t_verify, n_new = {}, time.time(), 0
    for mode in modes:
        # The naive column never asks the judge: it measures what cheating earns without the func layer
        s = Settings(device=dev, verifier=mode, trials=args.trials or Settings.trials, timing=dev.startswith("cuda"),
                     **(judge if mode == "robust" else {}))
        # A judged verdict is keyed apart from an unjudged one (the key without a judge is unchanged)
        skey = json.dumps({"version": VERSION, **{k: getattr(s, k) for k in ("verifier", "trials", "atol", "rtol",
                                                                              "timing", "runs", "dists", "hidden_shape")},
                           **({"judge": [s.judge_model, llm_judge.prompt_id()]} if s.judge else {})},
                          sort_keys=True)
        keys = [hashlib.sha256(f"{name}\0{text}\0{skey}\0{gpu}".encode()).hexdigest() for name, text in gens]
        todo = [i for i, k in enumerate(keys) if k not in cache]
        if todo:
            with VerifierPool(s, workers=args.workers, ref_times=ref_times) as pool:
                for j in range(0, len(todo), 32):  # append to the cache as verdicts arrive: a kill loses < 32
                    idx = todo[j:j + 32]
                    vs = pool.map([(tasks[gens[i][0]].src, gens[i][1]) for i in idx], [gens[i][0] for i in idx])
                    with open(cache_path, "a") as f:
                        for i, v in zip(idx, vs):
                            cache[keys[i]] = json.loads(v.to_json())
                            if not llm_judge.judge_counts([v])["judge_unavailable"]:  # else a re-run asks again
                                f.write(json.dumps({"key": keys[i], "verdict": cache[keys[i]]}) + "\n")
                            if v.ref_ms is not None:
                                ref_times[hashlib.sha256(tasks[gens[i][0]].src.encode()).hexdigest()] = v.ref_ms
                    times_path.write_text(json.dumps(times, indent=1))
                    n_new += len(idx)
        verdicts[mode] = [cache[k] for k in keys]
    info = dict(verify_s=time.time() - t_verify, verified=n_new, gpu=gpu, verifier=s.describe())
    if judge:  # what the judge adds: the same verdicts with its "cheat" answers undone, side by side
        verdicts["robust without judge"] = [llm_judge.unjudged(v) for v in verdicts["robust"]]
        modes.insert(1, "robust without judge")
        info["judge"] = {"model": judge["judge_model"], "prompt": llm_judge.prompt_id(),
                         "passed_without": sum(bool(v.get("passed")) for v in verdicts["robust without judge"]),
                         **llm_judge.judge_counts(verdicts["robust"])}
    return verdicts, modes, info


def report(args, ks, tasks, gens, verdicts, modes, out, info):
    with open(out / "results.jsonl", "w") as f:
        for i, (name, text) in enumerate(gens):
            f.write(json.dumps({"task": name, "text": text, **{m: verdicts[m][i] for m in modes}}) + "\n")
    summary, per_task, weak = {}, {}, {}
    for m in modes:
        groups = {}
        for (name, _), v in zip(gens, verdicts[m]):
            groups.setdefault(name, []).append(outcome(v))
            if v.get("degenerate"):
                weak[name] = v["degenerate"]
        summary[m] = summarize(groups, ks)
        strong = {k: o for k, o in groups.items() if k not in weak}
        if weak and strong:
            summary[m + " (checks that are not degenerate)"] = summarize(strong, ks)
        for name, o in groups.items():
            per_task.setdefault(name, {})[m] = {"n": len(o), **{x: sum(y[x] for y in o) for x in METRICS},
                                                "mean_speedup": sum(y["speedup"] for y in o) / len(o)}
    cps = info["verified"] / info["verify_s"] if info["verify_s"] > 0 and info["verified"] else None
    cheats = [bool(n.get("passed")) and not bool(r.get("passed")) for r, n in zip(verdicts["robust"], verdicts["naive"])] \
        if "naive" in modes else []
    rep = {"summary": summary, "cheat_rate": sum(cheats) / len(cheats) if cheats else None, "tasks": per_task, "n_tasks": len(per_task), "n_completions": len(gens), "degenerate": weak,
           "k": ks, "args": vars(args), **info, "candidates_per_s": cps}
    (out / "report.json").write_text(json.dumps(rep, indent=1))
    cols = [f"{m}@{k}" for k in ks for m in METRICS] + ["mean_speedup"]
    lines = [f"# Evaluation: {len(per_task)} tasks, {len(gens)} completions ({info['gpu']})", "",
             "| verifier | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
    for m in summary:
        lines.append(f"| {m} | " + " | ".join(f"{100 * summary[m][c]:.1f}%" if c != "mean_speedup"
                                              else f"{summary[m][c]:.3f}" for c in cols) + " |")
    lines += ["", info["verifier"]]
    if weak:
        lines += [f"{len(weak)} tasks have a degenerate check (a trivial output would pass, or the output ignores "
                  "the inputs; reward.py pays nothing there): " + ", ".join(f"{k} ({'/'.join(w)})" for k, w in weak.items())]
    if "naive" in modes:
        gap = {k: summary["naive"][f"passed@{k}"] - summary["robust"][f"passed@{k}"] for k in ks}
        lines += ["", "Cheating gap (naive minus robust passed): " + ", ".join(f"@{k}: {100 * g:.1f} points"
                                                                             for k, g in gap.items())
                  + f"; cheat rate {100 * rep['cheat_rate']:.1f}% of completions (naive passed, robust not)"]
    if "judge" in info:
        j = info["judge"]
        gap = ", ".join(f"@{k}: {100 * (summary['robust without judge'][f'passed@{k}'] - summary['robust'][f'passed@{k}']):.1f}"
                        for k in ks)
        lines += ["", f"LLM judge ({j['model']}): {j['judge_cheat']} of {j['passed_without']} candidates that passed every "
                  f"other layer called cheats (robust passed falls by {gap} points); {j['judge_unavailable']} judge "
                  "calls unavailable (those candidates kept their verdict)"]
    if info["gpu"] == "cpu":
        lines += ["", "On the CPU nothing is timed: fast1, fast2 and mean speedup are 0 by construction."]
    lines += ["", f"Verified {info['verified']} new verdicts in {info['verify_s']:.1f}s"
              + (f" ({cps:.2f} candidates/s)" if cps else " (all from the cache)"), "",
              "| task | n | " + " | ".join(f"{m} {x}" for m in modes for x in ("valid", "compiled", "passed")) + " |",
              "|---|---" + "|---" * (3 * len(modes)) + "|"]
    for name, r in per_task.items():
        lines.append(f"| {name} | {r[modes[0]]['n']} | " + " | ".join(str(r[m][x]) for m in modes
                                                                       for x in ("valid", "compiled", "passed")) + " |")
    (out / "report.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:len(summary) + 7 + (2 if "naive" in modes else 0) + (1 if weak else 0)
                         + (2 if "judge" in info else 0)]))
    print(f"-> {out}/report.md, report.json, results.jsonl")
    return dict(summary, cheat_rate=rep["cheat_rate"])


def sample(args, ckpt, tasks, out):
    from model import build_model, default_device, load_checkpoint
    from prompt import prompt_ids
    from sample_static import make_engine
    dev = default_device()
    if ckpt:
        model, tok, _ = load_checkpoint(ckpt, device=dev)
    else:
        model, tok = build_model(init_from=args.init_from, dtype="auto", device=dev)
    prompts = [prompt_ids(tok, t.src) for t in tasks]
    engine = make_engine(model.eval(), tok, max_batch=min(256, len(tasks) * args.n),
                         max_len=max(map(len, prompts)) + args.max_new_tokens)
    outs = engine.generate(prompts, n=args.n, max_new_tokens=args.max_new_tokens, temperature=args.temperature,
                           top_p=args.top_p, seed=args.seed)
    rows = [(tasks[o.prompt_index].name, o.text) for o in outs]
    with open(out / "generations.jsonl", "w") as f:
        for name, text in rows:
            f.write(json.dumps({"task": name, "text": text}) + "\n")
    return rows


if __name__ == "__main__":
    from common import main_guard
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    main_guard(main)

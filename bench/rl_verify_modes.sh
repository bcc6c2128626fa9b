#!/usr/bin/env bash
# What an RL step costs on one GPU under each way of verifying its rollouts, in one run, one mode after another.
#
#     CKPT=sft.pt bash bench/rl_verify_modes.sh                      # 4 steps of B=16 x G=8 per mode
#     CKPT=runs/carry/sft.pt DIR=$OUT STEPS=4 bash bench/rl_verify_modes.sh   # on the device machine
#
# Modes (train_rl.py flags): the default (compile on the GPU, then time each distinct correct kernel alone:
# R_speedup), --no_timing (compile and check on the GPU, R_speedup 0) and --verify_device cpu (Triton's
# interpreter on the CPU cores, R_speedup 0). Prints the median seconds per step of sampling, verifying and
# training, and the fraction of rollouts that were distinct code (each distinct (task, code) is verified once).
set -euo pipefail
CKPT=${CKPT:?give CKPT=path/to/sft.pt}
DIR=${DIR:-runs/rl_verify_modes}
STEPS=${STEPS:-4}
WORKERS=${WORKERS:-15}
mkdir -p "$DIR"
export PYTHONUNBUFFERED=1
nvidia-smi -L | head -1; nproc
for mode in gpu_timed gpu_untimed cpu_interp; do
  case $mode in gpu_timed) f="";; gpu_untimed) f="--no_timing";; cpu_interp) f="--verify_device cpu";; esac
  timeout ${MODE_SECONDS:-200} python train_rl.py --preset small --ckpt "$CKPT" --reward uniform --steps "$STEPS" \
    --eval_every 0 --save_every 100000 --out "/tmp/rvm_$mode.pt" --workers "$WORKERS" --log "$DIR/$mode.jsonl" $f \
    > "$DIR/$mode.log" 2>&1 || echo "$mode stopped: rc $?"
done
python - "$DIR" <<'PY'
import json, statistics as st, sys
print("| mode | steps | sample s | verify s | train s | step s | distinct | R_correct |\n|---|---|---|---|---|---|---|---|")
for mode in ("gpu_timed", "gpu_untimed", "cpu_interp"):
    try:
        rows = [json.loads(x) for x in open(f"{sys.argv[1]}/{mode}.jsonl")]
    except FileNotFoundError:
        print(f"| {mode} | 0 | | | | | | |"); continue
    med = lambda k: st.median(r[k] for r in rows)
    step = st.median(r["t_sample"] + r["t_verify"] + r["t_train"] for r in rows)
    print(f"| {mode} | {len(rows)} | {med('t_sample'):.1f} | {med('t_verify'):.1f} | {med('t_train'):.1f} | {step:.1f} | "
          f"{med('distinct'):.2f} | {st.mean(r['r_correct'] for r in rows):.2f} |")
PY

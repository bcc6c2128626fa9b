#!/usr/bin/env bash
# The GPU demonstration (issue #6): SFT of the `small` preset, then RL from it with each reward side by side on one
# machine, one GPU per arm round-robin (all on GPU 0 of a one-GPU machine), verified on the GPU with timing, so
# R_speedup and HRD's plan signal are live. Held-out greedy correct@1 (and fast1) before RL is each arm's step-0 eval.
#
#     bash dev/rl_small.sh                                   # SFT, then hrd, uniform, uniform_alpha for 20 steps
#     STEPS=10 ARMS="hrd" bash dev/rl_small.sh                # one arm
#     DIR=$OUT CKPTS=/tmp/rl RL_SECONDS=480 bash dev/rl_small.sh   # on the device machine, one call
#     DIR=$OUT CKPTS=/tmp/rl RL_SECONDS=480 bash dev/rl_small.sh   # ...the same again: SFT is kept, arms resume
#
# Held out: the suite's 45 held-out tasks plus EVAL_FRESH unseen generated ones (data/suite.py --fresh at seed 3
# --with_heldout: neither the SFT corpus nor the train split has them), written to DIR/eval.jsonl. EVAL=embedded
# scores the 45.
# DIR gets sft.log and <arm>.log (the console: every step's metrics and the evals) and <arm>.jsonl as they run;
# checkpoints go to CKPTS (default DIR). RL_SECONDS bounds each arm's wall time (timeout), so a call on a lent machine
# always returns its logs; an arm whose checkpoint exists resumes from it (--resume), so a second call continues.
set -euo pipefail
DIR=${DIR:-runs/rl_small}
CKPTS=${CKPTS:-$DIR}
ARMS=${ARMS-"hrd uniform uniform_alpha"}  # ARMS="" stops after SFT
STEPS=${STEPS:-20}
SFT_EPOCHS=${SFT_EPOCHS:-5}
RL_SECONDS=${RL_SECONDS:-1000}
EVAL_FRESH=${EVAL_FRESH:-200}
RL_FLAGS=${RL_FLAGS:-"--eval_every 10 --save_every 2 --workers 5"}
mkdir -p "$DIR" "$CKPTS"
export PYTHONUNBUFFERED=1
t0=$(date +%s)
EVAL=${EVAL:-$DIR/eval.jsonl}
if [ "$EVAL" = "$DIR/eval.jsonl" ] && [ ! -s "$EVAL" ]; then
  python -m data.suite --fresh "$EVAL_FRESH" --seed 3 --with_heldout --out "$EVAL"
fi
if [ ! -s "$CKPTS/sft.pt" ]; then
  python train_sft.py --preset small --epochs "$SFT_EPOCHS" --out "$CKPTS/sft.pt" --save_every 100000 2>&1 \
    | tee "$DIR/sft.log" | grep -E "^(done|saved)" | tail -2
  echo "sft: $(( $(date +%s) - t0 )) s"
fi
NGPU=$(nvidia-smi -L | wc -l)
i=0
for arm in $ARMS; do
  resume=""
  [ -s "$CKPTS/rl_$arm.pt" ] && resume="--resume"
  CUDA_VISIBLE_DEVICES=$((i % NGPU)) timeout "$RL_SECONDS" python train_rl.py --preset small --ckpt "$CKPTS/sft.pt" \
    --reward "$arm" --steps "$STEPS" --out "$CKPTS/rl_$arm.pt" --eval_tasks "$EVAL" --log "$DIR/$arm.jsonl" \
    $resume $RL_FLAGS >> "$DIR/$arm.log" 2>&1 &
  i=$((i + 1))
done
wait || true
echo "total: $(( $(date +%s) - t0 )) s"
for arm in $ARMS; do echo "== $arm"; grep -E "^eval" "$DIR/$arm.log" | cut -c1-110; grep -E "^step" "$DIR/$arm.log" | tail -2 | cut -c1-260; done

#!/usr/bin/env bash
# The GPU demonstration (issue #6): SFT of the `small` preset, then RL from it with each reward in parallel, one
# GPU per arm, on the embedded suite. Held-out greedy correct@1 before RL is each arm's step-0 eval.
#
#     bash bench/rl_small.sh                      # 3 arms (hrd, uniform, uniform_alpha), round-robin over the GPUs
#     STEPS=20 ARMS="hrd" bash bench/rl_small.sh   # one arm on GPU 0
#     DIR=$OUT CKPTS=/tmp/rl SFT_EPOCHS=20 RL_SECONDS=400 bash bench/rl_small.sh   # on the device machine
#
# Writes DIR/sft.log and DIR/<arm>.log (the console, which carries every step's metrics and the evals) as they
# run, so a call cut off by its time limit still returns them; checkpoints go to CKPTS (default DIR).
# RL_SECONDS bounds each arm's wall time (timeout), so a run on a lent machine always returns its logs; the
# per-step lines up to that point are the result.
set -euo pipefail
DIR=${DIR:-runs/rl_small}
CKPTS=${CKPTS:-$DIR}
ARMS=${ARMS:-"hrd uniform uniform_alpha"}
STEPS=${STEPS:-20}
SFT_EPOCHS=${SFT_EPOCHS:-20}
RL_SECONDS=${RL_SECONDS:-420}
RL_FLAGS=${RL_FLAGS:-"--batch_prompts 8 --group 8 --eval_every 10 --workers 4"}
mkdir -p "$DIR" "$CKPTS"
export PYTHONUNBUFFERED=1
python train_sft.py --preset small --epochs "$SFT_EPOCHS" --out "$CKPTS/sft.pt" --save_every 100000 2>&1 | tee "$DIR/sft.log" | grep -E "^(step|eval|done|saved)" | tail -3
NGPU=$(nvidia-smi -L | wc -l)
i=0
for arm in $ARMS; do
  CUDA_VISIBLE_DEVICES=$((i % NGPU)) timeout "$RL_SECONDS" python train_rl.py --preset small --ckpt "$CKPTS/sft.pt" --reward "$arm" \
    --steps "$STEPS" --out "$CKPTS/rl_$arm.pt" --save_every 100000 $RL_FLAGS > "$DIR/$arm.log" 2>&1 &
  i=$((i + 1))
done
wait || true
for arm in $ARMS; do echo "== $arm"; grep -E "^(RL from|eval|step)" "$DIR/$arm.log" | tail -4; done

#!/usr/bin/env bash
# RL settings side by side from one checkpoint on a GPU machine (issue #6): rollouts on the GPU, verdicts from
# Triton's interpreter on the CPU cores (--verify_device cpu, so R_correct only), each run scored every EVERY steps
# on a held-out set wider than the suite's 45 (the suite's 45 + 200 unseen generated tasks, as in rl_small.sh).
#
#     CKPT=sft.pt CONFIGS='run base; run b16 --batch_prompts 16 --lr 6e-5' bash dev/rl_tiny_sweep.sh
#     CKPT=runs/carry/sft.pt DIR=$OUT CKPTS=/tmp/rl SECONDS_EACH=520 W=3 CONFIGS='run s0; run s1 --seed 1' bash dev/rl_tiny_sweep.sh
#
# CONFIGS is a list of `run NAME [train_rl.py flags]`; each run's flags are added to the tiny preset's (train_rl.py
# --ckpt CKPT --verify_device cpu --workers W), and all runs start at once. SECONDS_EACH bounds each run (timeout),
# so a call on a lent machine returns its logs; DIR gets NAME.log (console) and NAME.jsonl (per-step metrics).
# W verifier workers per run: on 16 cores, 4 runs x 3 workers leave room for the samplers.
# SAVE=N writes CKPTS/NAME.pt every N steps (default: none; the runs are measurements, and end by timeout).
set -euo pipefail
CKPT=${CKPT:?give CKPT=path/to/sft.pt}
CONFIGS=${CONFIGS:?give CONFIGS="run NAME [flags]; run NAME2 [flags]"}
DIR=${DIR:-runs/rl_tiny_sweep}
CKPTS=${CKPTS:-$DIR}
SECONDS_EACH=${SECONDS_EACH:-520}
W=${W:-3}
EVERY=${EVERY:-10}
mkdir -p "$DIR" "$CKPTS"
export PYTHONUNBUFFERED=1
EVAL=${EVAL:-$DIR/eval.jsonl}
if [ "$EVAL" = "$DIR/eval.jsonl" ] && [ ! -s "$EVAL" ]; then
  python -m data.suite --fresh 200 --seed 3 --with_heldout --out "$EVAL"
fi
run() {
  name=$1; shift
  timeout "$SECONDS_EACH" python train_rl.py --ckpt "$CKPT" --out "$CKPTS/$name.pt" --save_every "${SAVE:-100000}" --steps 100000 \
    --eval_tasks "$EVAL" --eval_every "$EVERY" --workers "$W" --verify_device cpu --log "$DIR/$name.jsonl" "$@" \
    > "$DIR/$name.log" 2>&1 &
}
eval "$CONFIGS"
wait || true
for f in "$DIR"/*.log; do echo "== $f"; grep -E "^eval" "$f" | cut -c1-80; grep -E "^step" "$f" | tail -1 | cut -c1-200; done

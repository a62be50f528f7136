#!/bin/sh
# A Slurm job array that plays one large simulation as N shards, one per
# array task, each on the cores Slurm gives it (docs/simulation.md).
#
#   mkdir -p shards
#   jobid=$(sbatch --parsable --array=1-100 scripts/slurm-sim.sh)
#   sbatch --dependency=afterok:$jobid --output=shards/merge.log \
#       --wrap "trickwood sim-merge shards/shard-*.json > result.json"
#
# The array must run tasks 1 to N (N = the highest task number); every
# task must use the same trickwood program file (sim-merge checks it) and
# the same options: set them in SIM below. A task that fails leaves no
# shard file, and sim-merge then names the missing shard: run that task
# again with sbatch --array=K scripts/slurm-sim.sh.
#SBATCH --job-name=trickwood-sim
#SBATCH --cpus-per-task=4
#SBATCH --time=24:00:00
#SBATCH --output=shards/slurm-%A_%a.log
set -eu
TRICKWOOD=${TRICKWOOD:-trickwood}
SIM=${SIM:-"northwood --bot strong --full --games 10M --seed 1"}
OUT=${OUT:-shards}
K=${SLURM_ARRAY_TASK_ID:?run it as a Slurm job array: sbatch --array=1-N}
N=${SLURM_ARRAY_TASK_MAX:?run it as a Slurm job array: sbatch --array=1-N}
mkdir -p "$OUT"
# written under another name first, so that a shard file is always whole
$TRICKWOOD sim $SIM --jobs "${SLURM_CPUS_PER_TASK:-1}" --quiet --json --shard "$K/$N" >"$OUT/shard-$K.json.part"
mv "$OUT/shard-$K.json.part" "$OUT/shard-$K.json"

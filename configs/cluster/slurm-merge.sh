#!/bin/bash
# Merges the shards of slurm.sh into results/all once the array has ended
# (submit with --dependency=afterany:ARRAY_JOB_ID). It fails, naming
# them, when shards are missing or unfinished: resubmit those tasks
# (sbatch --array=I slurm.sh run.yaml), then this script again. For an
# sprt run its exit status is the verdict: 0 H1, 3 H0, 4 undecided.
#SBATCH --job-name=varena-merge
#SBATCH --cpus-per-task=1
set -euo pipefail
exec "${VARENA:-varena}" merge -out results/all results/shard-*

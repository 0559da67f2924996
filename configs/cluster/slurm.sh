#!/bin/bash
# One shard of a varena run per task of a Slurm job array. From the
# directory that holds the run's config (on storage every node sees):
#
#   ARRAY_JOB_ID=$(sbatch --parsable slurm.sh run.yaml)
#   sbatch --dependency=afterany:$ARRAY_JOB_ID slurm-merge.sh
#
# A task that failed is resubmitted alone, with the same script (SHARDS
# stays the run's shard count, whatever the array's size):
#
#   sbatch --array=3 slurm.sh run.yaml
#
# then the merge again. Shard i plays into results/shard-i; a shard
# resubmitted resumes its directory. In an sprt run the shards read each
# other's journals (-peers) and all stop when the test of all their games
# decides; each exits 0 once it has played its part, and the verdict is
# the merge's exit status.
#SBATCH --job-name=varena
#SBATCH --array=1-4
#SBATCH --cpus-per-task=2
set -euo pipefail
SHARDS=4 # the run's shard count: the --array range above is 1-$SHARDS
config=${1:?usage: sbatch slurm.sh RUN.yaml}
exec "${VARENA:-varena}" run "$config" --quiet \
  -concurrency "${SLURM_CPUS_PER_TASK:-1}" \
  -shard "${SLURM_ARRAY_TASK_ID}/${SHARDS}" \
  -out "results/shard-${SLURM_ARRAY_TASK_ID}" \
  -peers 'results/shard-*'

#!/usr/bin/env bash
# Runs one neardup job inside a Slurm allocation (called by the .sbatch scripts): resumes the
# run in OUTPUT when it has a checkpoint, forwards SIGUSR1/SIGTERM to the ranks so they
# checkpoint and stop, and requeues the job when they stopped that way (exit code 75).
# Usage: run-job.sh JOB INPUT OUTPUT [EXTRA NEARDUP FLAGS...]
# Environment: NEARDUP (the binary; default build/neardup beside this script's checkout, else
#   the neardup on PATH, as after `cmake --install`),
#   NEARDUP_FLAGS (more flags, split on spaces), NEARDUP_LAUNCHER (mpirun, the default, or
#   srun), NEARDUP_SRUN_MPI (srun's --mpi plugin, default pmix), NEARDUP_REQUEUE (1: requeue on
#   exit code 75, the default; 0: just exit).
set -uo pipefail
if [ "$#" -lt 3 ]; then
  echo "usage: $0 JOB INPUT OUTPUT [NEARDUP FLAGS...]" >&2
  exit 2
fi
job="$1" input="$2" output="$3"
shift 3
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
neardup="${NEARDUP:-$root/build/neardup}"
if [ -z "${NEARDUP:-}" ] && [ ! -x "$neardup" ] && command -v neardup >/dev/null; then
  neardup="$(command -v neardup)"
fi
ranks="${SLURM_NTASKS:-1}"
read -r -a extra <<<"${NEARDUP_FLAGS:-}"
args=("$job" -i "$input" "${extra[@]}" "$@")
if [ -f "$output/_checkpoint/manifest" ]; then
  echo "neardup: resuming the run in $output" >&2
  args+=(--resume "$output")
else
  args+=(-o "$output")
fi
case "${NEARDUP_LAUNCHER:-mpirun}" in
  srun) launch=(srun --mpi="${NEARDUP_SRUN_MPI:-pmix}" --kill-on-bad-exit=1 -n "$ranks") ;;
  mpirun)
    [ "$(id -u)" = 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    launch=(mpirun -n "$ranks")
    ;;
  *)
    echo "NEARDUP_LAUNCHER must be mpirun or srun" >&2
    exit 2
    ;;
esac
echo "neardup: ${launch[*]} $neardup ${args[*]}" >&2
"${launch[@]}" "$neardup" "${args[@]}" &
pid=$!
# Slurm's --signal=B:USR1@SECONDS and pre-emption's SIGTERM reach this shell: pass them on.
trap 'kill -USR1 "$pid" 2>/dev/null' USR1
trap 'kill -TERM "$pid" 2>/dev/null' TERM
status=0
while true; do
  wait "$pid"
  status=$?
  kill -0 "$pid" 2>/dev/null || break  # wait returned for a trapped signal: wait again
done
if [ "$status" -eq 75 ] && [ "${NEARDUP_REQUEUE:-1}" = 1 ] && [ -n "${SLURM_JOB_ID:-}" ]; then
  echo "neardup: stopped with a checkpoint; requeueing job $SLURM_JOB_ID" >&2
  scontrol requeue "$SLURM_JOB_ID"
fi
exit "$status"

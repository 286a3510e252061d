#!/usr/bin/env bash
# Runs one neardup job inside a Slurm allocation (called by the .sbatch scripts): resumes the
# run in OUTPUT when it has a checkpoint, turns SIGUSR1 and SIGTERM into a stop request to the
# ranks so they checkpoint and stop, and requeues the job when they stopped that way (exit code
# 75; also when mpirun, signalled itself, exited 1 over a checkpoint that resumes).
# Usage: run-job.sh JOB INPUT OUTPUT [EXTRA NEARDUP FLAGS...]
# Environment: NEARDUP (the binary; default build/neardup beside this script's checkout, else
#   the neardup on PATH, as after `cmake --install`),
#   NEARDUP_FLAGS (more flags, split on spaces), NEARDUP_LAUNCHER (mpirun, the default, or
#   srun), NEARDUP_SRUN_MPI (srun's --mpi plugin, default pmix), NEARDUP_REQUEUE (1: requeue on
#   exit code 75, the default; 0: just exit).
set -uo pipefail
# The trap comes first, so that a stop signal is never lost: Slurm's --signal=B:USR1@SECONDS, and
# pre-emption's or scancel's SIGTERM, reach this shell. Before the ranks are launched the script
# stops with 75 at once; after, the ranks are asked to stop once they handle it (see below).
signalled=0
trap 'signalled=1' USR1 TERM
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
# requeue STATUS: exits with STATUS, after asking Slurm to requeue the job when it is 75.
requeue() {
  if [ "$1" -eq 75 ] && [ "${NEARDUP_REQUEUE:-1}" = 1 ] && [ -n "${SLURM_JOB_ID:-}" ]; then
    echo "neardup: stopped with a checkpoint; requeueing job $SLURM_JOB_ID" >&2
    scontrol requeue "$SLURM_JOB_ID"
  fi
  exit "$1"
}
if [ "$signalled" = 1 ]; then
  echo "neardup: stop signal before the ranks were launched; nothing to checkpoint" >&2
  requeue 75
fi
echo "neardup: ${launch[*]} $neardup ${args[*]}" >&2
launched="$(mktemp)"
"${launch[@]}" "$neardup" "${args[@]}" &
pid=$!
# A stop signal asks the ranks to stop with SIGUSR1, which mpirun and srun forward (SIGTERM
# makes mpirun abort); it is sent once they handle it, that is once the run has taken its lock
# (OUTPUT/_LOCK newer than the launch): earlier, SIGUSR1 would kill mpirun or a rank outright.
# After 10 s it is sent anyway (a file system whose times are too coarse to tell).
ready() { [ "$output/_LOCK" -nt "$launched" ] || [ "$polls" -ge 200 ]; }
status=0 forwarded=0 polls=0
while true; do
  if [ "$signalled" = 1 ] && [ "$forwarded" = 0 ]; then
    if ! ready; then
      kill -0 "$pid" 2>/dev/null || { wait "$pid"; status=$?; break; }
      sleep 0.05
      polls=$((polls + 1))
      continue
    fi
    kill -USR1 "$pid" 2>/dev/null
    forwarded=1
  fi
  wait "$pid"
  status=$?
  kill -0 "$pid" 2>/dev/null || break  # wait returned for a trapped signal: wait again
done
# mpirun sent SIGTERM itself (as Slurm sends it to every process of the job) forwards it to the
# ranks, kills them a second later and exits 1 whatever they did: the STOPPED marker tells a
# complete stop; a checkpoint cut short by that kill is still consistent and resumes.
if [ "$status" -ne 0 ] && [ "$status" -ne 75 ]; then
  if [ "$output/_checkpoint/STOPPED" -nt "$launched" ]; then
    echo "neardup: the ranks stopped with a complete checkpoint ($launch exited $status)" >&2
    status=75
  elif [ "$signalled" = 1 ] && [ -f "$output/_checkpoint/manifest" ]; then
    echo "neardup: the ranks were stopped by a signal before finishing their stage; what" \
      "was checkpointed resumes ($launch exited $status)" >&2
    status=75
  fi
fi
rm -f "$launched"
requeue "$status"

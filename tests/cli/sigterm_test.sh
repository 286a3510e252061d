#!/usr/bin/env bash
# SIGTERM ends in exit 75 with a complete checkpoint: sent to the launch script we ship
# (scripts/slurm/run-job.sh, as Slurm signals a batch shell) and to every process of the job at
# once (the script's process group, as pre-emption and scancel --full do); run again, the script
# resumes and the outputs equal an uninterrupted run's; also when SIGTERM comes in the script's
# first moments. Bare mpirun: SIGUSR1 gives 75; SIGTERM makes Open MPI exit 1 (documented), yet
# the checkpoint resumes to the same outputs. A stop
# leaves OUTPUT/_checkpoint/STOPPED once every rank's checkpoint is written.
# Usage: sigterm_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
run_job="$(cd "$(dirname "$0")/../.." && pwd)/scripts/slurm/run-job.sh"
make_corpus 30
flags=(--split-mb 1 --write-pairs --write-deduped --write-removed)
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/ref" "${flags[@]}" \
  >"$work/ref.log" 2>&1 || fail "uninterrupted run"

# launch NAME COMMAND...: starts COMMAND in its own session (a process group of its own) with
# rank 0 stalling at its second split until a stop signal arrives; waits until a split is
# checkpointed. $job is the pid (and process group) of COMMAND.
launch() {
  local name="$1"
  shift
  NEARDUP_FAULT=0:split:2:stall setsid "$@" >"$work/$name.log" 2>&1 &
  job=$!
  for _ in $(seq 600); do
    ls "$work/$name/_checkpoint/splits/"*.sketch >/dev/null 2>&1 && break
    sleep 0.1
  done
  sleep 0.5
}

# stopped NAME WANT [marker]: waits for the launched job; its exit status must be WANT (or any
# non-zero status when WANT is "failed"), with a checkpoint (and its STOPPED marker) and no
# _SUCCESS. The marker is not required where mpirun itself got SIGTERM: it kills the ranks a
# second later, which on a loaded machine may come before they finish.
stopped() {
  local status=0
  timeout 120 tail --pid="$job" -f /dev/null
  wait "$job" || status=$?
  if [ "$2" = failed ]; then
    [ "$status" != 0 ] || fail "$1: exit status 0 after SIGTERM"
  else
    [ "$status" = "$2" ] || fail "$1: exit status $status, wanted $2"
  fi
  [ -f "$work/$1/_checkpoint/manifest" ] || fail "$1: no checkpoint"
  [ ! -e "$work/$1/_SUCCESS" ] || fail "$1: _SUCCESS after a stop"
  local marker="no STOPPED marker"
  [ -f "$work/$1/_checkpoint/STOPPED" ] && marker="STOPPED marker"
  [ "${3:-}" != marker ] || [ "$marker" = "STOPPED marker" ] || fail "$1: no STOPPED marker"
  echo "$1: exit status $status, $marker"
}

# resumed NAME: run-job.sh resumes the checkpoint to the uninterrupted run's outputs.
resumed() {
  NEARDUP="$neardup" SLURM_NTASKS=2 "$run_job" minhash "$work/in" "$work/$1" "${flags[@]}" \
    >"$work/$1.resume.log" 2>&1 || fail "$1: the resumed run failed"
  grep -q "resuming the run in" "$work/$1.resume.log" || fail "$1: did not resume"
  same_parts "$work/ref" "$work/$1" clusters pairs deduped removed
  [ -f "$work/$1/_SUCCESS" ] || fail "$1: no _SUCCESS after resuming"
}

script=(env NEARDUP="$neardup" SLURM_NTASKS=2 "$run_job" minhash "$work/in")

# SIGTERM to the launch script alone (scancel --batch, --signal=B:TERM).
launch script "${script[@]}" "$work/script" "${flags[@]}"
kill -TERM "$job"
stopped script 75 marker
grep -q "stopped by a signal" "$work/script.log" || fail "script: the ranks did not stop"
resumed script

# SIGTERM in the script's first moments, before and while the ranks start: still 75 (the trap
# is installed first; the ranks are asked to stop once they handle it), and the script run
# again finishes the run to the uninterrupted run's outputs.
for delay in 0.1 0.2; do
  name="early-$delay"
  setsid "${script[@]}" "$work/$name" "${flags[@]}" >"$work/$name.log" 2>&1 &
  job=$!
  for _ in $(seq 100); do  # until the script runs (env and setsid have exec'd it)
    grep -q run-job "/proc/$job/cmdline" 2>/dev/null && break
    sleep 0.01
  done
  sleep "$delay"
  kill -TERM "$job"
  status=0
  wait "$job" || status=$?
  [ "$status" = 75 ] || fail "$name: exit status $status, wanted 75: $(tail -3 "$work/$name.log")"
  "${script[@]}" "$work/$name" "${flags[@]}" >"$work/$name.again.log" 2>&1 ||
    fail "$name: the run again failed: $(tail -3 "$work/$name.again.log")"
  same_parts "$work/ref" "$work/$name" clusters pairs deduped removed
done

# SIGTERM to every process of the job at once: the script, mpirun and the ranks (which Open MPI
# puts in process groups of their own, but in the script's session).
launch group "${script[@]}" "$work/group" "${flags[@]}"
pkill -TERM -s "$job"
stopped group 75
resumed group

# Bare mpirun: SIGUSR1 is forwarded to the ranks and gives 75; SIGTERM makes Open MPI abort
# the job with its own exit code, but what was checkpointed resumes to the same outputs.
launch usr1 "${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/usr1" "${flags[@]}"
kill -USR1 "$job"
stopped usr1 75 marker
resumed usr1
launch term "${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/term" "${flags[@]}"
kill -TERM "$job"
stopped term failed
resumed term
finish "SIGTERM: exit 75 through run-job.sh, alone or with the whole job; bare mpirun resumes"

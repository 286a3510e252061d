#!/usr/bin/env bash
# Under a real single-node Slurm (Debian's slurm-wlm, started here with a generated slurm.conf,
# auth/none, the node's real CPU count and memory): sbatch scripts/slurm/minhash.sbatch with 2
# tasks on a generated corpus, launched by mpirun and by srun, gives the same outputs as
# mpirun -n 2, and so does scripts/slurm/spans.sbatch, also when stopped and submitted again;
# a job stopped by SIGUSR1 (as --signal=B:USR1 does before the time limit) continues from its
# checkpoint when submitted again; SIGUSR1 or SIGTERM sent by scancel to the batch shell, or
# SIGTERM to every process of the batch step, makes a running job checkpoint, requeue itself
# and complete. Stops the daemons it started, by pid. Needs root (slurmd runs jobs as their
# user).
# Usage: slurm_test.sh REPO NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
repo="$1" neardup="$2" gen="$3" work="$4"
shift 4
mpirun=("$@")
for tool in slurmctld slurmd sbatch squeue scontrol; do
  command -v "$tool" >/dev/null || { echo "slurm_test: $tool missing (scripts/install-deps.sh installs slurm-wlm)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "slurm_test: needs root to run slurmd" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work/state" "$work/spool" "$work/in"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# port_in_use PORT: whether any local TCP socket, in any state, holds PORT.
port_in_use() {
  grep -qE "^ *[0-9]+: [0-9A-F]+:$(printf '%04X' "$1") " /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
# free_port [TAKEN]: a port no socket holds, below the kernel's ephemeral range (a port in that
# range can be taken by any outgoing connection between this check and the daemon's bind).
free_port() {
  local low port
  low=$(awk '{print $1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)
  [ "$low" -gt 12000 ] || low=32768
  while true; do
    port=$((10000 + RANDOM % (low - 10000)))
    [ "$port" != "${1:-}" ] && ! port_in_use "$port" && echo "$port" && return
  done
}
host=$(hostname -s)
cpus=$(nproc)
memory_mb=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512))
export SLURM_CONF="$work/slurm.conf"
# write_conf: slurm.conf for one node on this host, with ports free now.
write_conf() {
  local ctld_port node_port
  ctld_port=$(free_port)
  node_port=$(free_port "$ctld_port")
  cat >"$SLURM_CONF" <<CONF
ClusterName=neardup-test
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/none
CredType=cred/none
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory_mb State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
}
ctld="" node=""
stop_daemons() {
  [ -n "$node$ctld" ] || return 0
  kill $node $ctld 2>/dev/null
  wait $node $ctld 2>/dev/null
  ctld="" node=""
}
trap stop_daemons EXIT
# start_slurm: starts slurmctld and slurmd and waits up to 60 s for the node to be idle; fails
# at once when a daemon exits (a port taken after all), so the caller can try other ports.
start_slurm() {
  write_conf
  slurmctld -D -f "$SLURM_CONF" >>"$work/slurmctld.out" 2>&1 &
  ctld=$!
  slurmd -D -f "$SLURM_CONF" >>"$work/slurmd.out" 2>&1 &
  node=$!
  for _ in $(seq 60); do
    kill -0 "$ctld" 2>/dev/null && kill -0 "$node" 2>/dev/null || break
    timeout 10 sinfo -h -o %t 2>/dev/null | grep -q idle && return 0
    sleep 1
  done
  stop_daemons
  return 1
}
started=no
for attempt in 1 2 3; do
  start_slurm && started=yes && break
  echo "slurm_test: the daemons did not come up (attempt $attempt); trying other ports" >&2
done
[ "$started" = yes ] || { fail "the Slurm node did not come up"; tail "$work"/*.log; exit 1; }

"$gen" -o "$work/in/a.jsonl" --docs 2000 --seed 21 --min-tokens 100 --max-tokens 500 >/dev/null
"$gen" -o "$work/in/b.jsonl" --docs 1000 --seed 22 --min-tokens 100 --max-tokens 500 >/dev/null
flags=(--split-mb 1 --write-pairs --write-deduped)
minhash_flags=("${flags[@]}")
spans_flags=(--split-mb 1)
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/mpirun" "${flags[@]}" \
  >"$work/mpirun.log" 2>&1 || fail "the mpirun reference run failed"

# submit_job JOB NAME [ENV=VALUE...]: sbatch --wait scripts/slurm/JOB.sbatch with 2 tasks and
# the flags of JOB_flags; echoes its status.
submit_job() {
  local job="$1" name="$2"
  shift 2
  local -n job_flags="${job}_flags"
  (cd "$repo" && env "$@" NEARDUP="$neardup" NEARDUP_REQUEUE=0 sbatch --wait --ntasks=2 \
    --mem-per-cpu=500M --time=10 --output="$work/$name-%j.log" \
    "scripts/slurm/$job.sbatch" "$work/in" "$work/$name" "${job_flags[@]}" >/dev/null 2>&1)
  echo $?
}
# submit NAME [ENV=VALUE...]: submit_job minhash.
submit() { submit_job minhash "$@"; }
same_outputs() {
  for part in clusters pairs deduped; do
    diff -r "$work/mpirun/$part" "$work/$1/$part" >/dev/null || fail "$1/$part differs from mpirun's"
  done
  [ -f "$work/$1/_SUCCESS" ] || fail "$1: no _SUCCESS"
}

status=$(submit sbatch)
[ "$status" = 0 ] || { fail "sbatch job exit status $status"; cat "$work"/sbatch-*.log; }
grep -q "RESULT job=minhash ranks=2" "$work"/sbatch-*.log || fail "the job log has no RESULT line"
same_outputs sbatch

# The same with srun (PMIx) launching the ranks instead of mpirun.
status=$(submit srun NEARDUP_LAUNCHER=srun)
[ "$status" = 0 ] || { fail "srun job exit status $status"; cat "$work"/srun-*.log; }
grep -q "RESULT job=minhash ranks=2" "$work"/srun-*.log || fail "the srun job has no RESULT line"
same_outputs srun

# Stopped like a job reaching --signal=B:USR1@T: one rank gets SIGUSR1 after its second split,
# every rank checkpoints, exit code 75; submitted again, the job resumes and completes.
status=$(submit stopped NEARDUP_FAULT=0:split:2:usr1)
[ "$status" != 0 ] || fail "the stopped job exited 0"
grep -q "continue with the same command and --resume" "$work"/stopped-*.log ||
  fail "the stopped job's log does not say how to continue"
[ -f "$work/stopped/_checkpoint/manifest" ] || fail "the stopped job left no checkpoint"
status=$(submit stopped)
[ "$status" = 0 ] || { fail "the resumed job exit status $status"; cat "$work"/stopped-*.log; }
grep -q "resuming the run in" "$work"/stopped-*.log || fail "the second submission did not resume"
same_outputs stopped

# spans.sbatch: the same spans/ and deduped/ as mpirun -n 2; stopped by SIGUSR1 as its facts
# are saved (exit 75) and submitted again, it resumes and completes with the same outputs.
"${mpirun[@]}" -n 2 "$neardup" spans -i "$work/in" -o "$work/spans-mpirun" "${spans_flags[@]}" \
  >"$work/spans-mpirun.log" 2>&1 || fail "the mpirun spans run failed"
for name in spans spans_stopped; do
  if [ "$name" = spans_stopped ]; then
    status=$(submit_job spans "$name" NEARDUP_FAULT=0:facts_saved:1:usr1)
    [ "$status" = 75 ] || fail "the stopped spans job exited $status, not 75"
  fi
  status=$(submit_job spans "$name")
  [ "$status" = 0 ] || { fail "$name job exit status $status"; cat "$work/$name"-*.log; }
  for part in spans deduped; do
    diff -r "$work/spans-mpirun/$part" "$work/$name/$part" >/dev/null ||
      fail "$name/$part differs from mpirun's"
  done
  [ -f "$work/$name/_SUCCESS" ] || fail "$name: no _SUCCESS"
done
grep -q "resuming the run in" "$work"/spans_stopped-*.log || fail "the spans job did not resume"

# The real signal paths: rank 0 waits at its second split until a signal comes, then scancel
# sends one. NAME SCANCEL_FLAGS: --batch --signal=USR1 reaches the batch shell (as
# --signal=B:USR1@T does), which forwards it through mpirun to the ranks; --batch --signal=TERM
# reaches the batch shell alone (the launcher, not the ranks); --full --signal=TERM reaches every
# process of the batch step at once (shell, mpirun, and through mpirun the ranks, as pre-emption
# and a time limit do). Each time the ranks checkpoint and stop, the script requeues the job on
# exit code 75, and the requeued job resumes by itself and completes.
signalled() {
  local name="$1" job
  shift
  (cd "$repo" && NEARDUP="$neardup" NEARDUP_FAULT=0:split:2:stall \
    NEARDUP_FAULT_ONCE="$work/$name.fault" sbatch --ntasks=2 \
    --mem-per-cpu=500M --time=10 --output="$work/$name-%j.log" scripts/slurm/minhash.sbatch \
    "$work/in" "$work/$name" "${flags[@]}" >"$work/$name.id" 2>&1)
  job=$(grep -o '[0-9]*' "$work/$name.id" | tail -1)
  for _ in $(seq 120); do
    ls "$work/$name/_checkpoint/splits/"*.sketch >/dev/null 2>&1 && break
    sleep 0.5
  done
  sleep 1
  scancel "$@" "$job" || fail "$name: scancel $* failed"
  # Slurm holds a requeued job for a while (BeginTime); make it eligible now. The requeued run
  # inherits NEARDUP_FAULT, but NEARDUP_FAULT_ONCE keeps it from stalling again.
  for _ in $(seq 60); do
    grep -q "requeueing job" "$work/$name"-*.log 2>/dev/null && break
    sleep 0.5
  done
  sleep 1
  scontrol update JobId="$job" StartTime=now >/dev/null 2>&1
  for _ in $(seq 240); do
    [ -f "$work/$name/_SUCCESS" ] && ! squeue -h -j "$job" 2>/dev/null | grep -q . && break
    sleep 0.5
  done
  # mpirun signalled itself drops the ranks' last lines: the script's own line says it then.
  grep -q "stopped by a signal\|ranks stopped with a complete checkpoint" "$work/$name"-*.log ||
    fail "$name: the job did not stop"
  grep -q "requeueing job $job" "$work/$name"-*.log || fail "$name: the job was not requeued"
  grep -q "resuming the run in" "$work/$name"-*.log || fail "$name: the requeued job did not resume"
  same_outputs "$name"
}
signalled usr1_to_shell --batch --signal=USR1
signalled term_to_shell --batch --signal=TERM
signalled term_to_all --full --signal=TERM

if [ "$failures" -ne 0 ]; then
  echo "$failures failures; logs in $work" >&2
  exit 1
fi
echo "slurm: sbatch output equals mpirun's (minhash, spans); stopped jobs resumed; jobs sent SIGUSR1 or SIGTERM requeued themselves"

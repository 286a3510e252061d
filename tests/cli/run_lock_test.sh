#!/usr/bin/env bash
# One run per output directory: two runs started together on one output (--overwrite with
# different inputs; two --resume of one checkpoint at 2 and 1 ranks) never leave _SUCCESS over
# data of the other run: the second is refused naming the holder, and what is there is wholly
# the finished run's. A lock left by a killed run is taken over by the next run on this host; a
# lock of a live-looking run on another host is refused until --break-lock; an old one is stale.
# A run whose lock another run broke renames nothing into the directory after that and fails
# naming the taker; the output is the taker's alone.
# Usage: run_lock_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
mkdir -p "$work/a" "$work/b"
"$gen" -o "$work/a/a.jsonl" --docs 1200 --seed 61 --min-tokens 100 --max-tokens 400 >/dev/null
"$gen" -o "$work/b/b.raw" --docs 1500 --seed 62 --min-tokens 100 --max-tokens 400 >/dev/null
sed 's/"id": "doc-/"id": "b-/' "$work/b/b.raw" >"$work/b/b.jsonl" && rm "$work/b/b.raw"
host=$(hostname)

# minhash RANKS INPUT LOG [FLAGS...]: runs neardup minhash on INPUT, returns its status.
minhash() {
  local ranks="$1" input="$2" log="$3"
  shift 3
  "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$input" --split-mb 1 --write-pairs \
    --write-deduped "$@" >"$log" 2>&1
}

# consistent OUT: when OUT has _SUCCESS, every kept line and every cluster row is of the input
# stats.json names (ids doc-* for a/, b-* for b/) and the kept lines are as many as it says.
consistent() {
  local out="$1"
  [ -f "$out/_SUCCESS" ] || return 0
  local prefix=doc-
  grep -q "\"$work/b\"" "$out/stats.json" && prefix=b-
  local kept lines foreign
  kept=$(stat_of "$out" docs_kept)
  lines=$(cat "$out"/deduped/* | wc -l)
  [ "$kept" = "$lines" ] || fail "$out: stats.json says $kept kept, deduped/ has $lines lines"
  foreign=$(cat "$out"/deduped/* | grep -vc "\"id\": \"$prefix" || true)
  [ "$foreign" = 0 ] || fail "$out: $foreign kept lines of the other run's input"
  foreign=$(cat "$out"/clusters/* | grep -vc "^$prefix" || true)
  [ "$foreign" = 0 ] || fail "$out: $foreign cluster rows of the other run's input"
}

# Two --overwrite runs with different inputs started together, several times.
out="$work/twice"
refused=0
for try in 1 2 3 4 5 6; do
  minhash 1 "$work/a" "$work/a.log" -o "$out" --overwrite &
  first=$!
  minhash 1 "$work/b" "$work/b.log" -o "$out" --overwrite
  b=$?
  wait "$first"
  a=$?
  [ "$a" = 0 ] || [ "$b" = 0 ] || fail "try $try: both runs failed"
  for side in a b; do
    if grep -q "in use by another neardup run (host $host, pid [0-9]*, minhash started" \
      "$work/$side.log"; then
      refused=$((refused + 1))
    fi
  done
  [ -f "$out/_SUCCESS" ] || fail "try $try: no _SUCCESS although a run succeeded"
  consistent "$out"
  [ ! -e "$out/_LOCK" ] || fail "try $try: the lock outlived the runs"
done
[ "$refused" -gt 0 ] || fail "no try had the two runs overlap: the test proves nothing"
echo "ok: concurrent --overwrite ($refused of 6 tries refused one run)"

# A checkpoint (the run killed in the sketch), then two resumes together at 2 and 1 ranks.
minhash 2 "$work/a" "$work/ref.log" -o "$work/ref" || fail "reference run"
for try in 1 2 3; do
  out="$work/resumed$try"
  NEARDUP_FAULT=0:split:1 minhash 2 "$work/a" "$out.log" -o "$out" --overwrite
  [ -f "$out/_checkpoint/manifest" ] || { fail "try $try: no checkpoint"; continue; }
  [ -e "$out/_LOCK" ] || fail "try $try: a killed run left no lock"
  minhash 2 "$work/a" "$out.r2.log" --resume "$out" &
  first=$!
  minhash 1 "$work/a" "$out.r1.log" --resume "$out"
  wait "$first"
  [ -f "$out/_SUCCESS" ] || { fail "try $try: no resume finished"; continue; }
  for part in clusters pairs deduped; do  # parts per rank differ: compare the sorted rows
    cmp -s <(sort "$work/ref/$part"/*) <(sort "$out/$part"/*) || fail "try $try: $part differs"
  done
  grep -q "took over the run lock of host $host, pid [0-9]*.*: its process is gone" \
    "$out.r2.log" "$out.r1.log" || fail "try $try: the dead run's lock was not taken over"
done
echo "ok: concurrent --resume"

# A lock of another host: refused while fresh, taken with --break-lock, stale when old.
out="$work/elsewhere"
mkdir -p "$out"
lock() {
  printf 'run_id=0123456789abcdef\nhost=node-gone\npid=99\npid_start=0\nslurm_job_id=4242\n%s\n' \
    'slurm_restarts=0' >"$out/_LOCK"
  printf 'started=2026-01-01T00:00:00Z\ncommand=minhash\n' >>"$out/_LOCK"
}
lock
minhash 1 "$work/a" "$out.1.log" -o "$out" && fail "a fresh foreign lock was not honoured"
grep -q "in use by another neardup run (host node-gone, pid 99, Slurm job 4242" "$out.1.log" ||
  fail "the refusal does not name the holder"
minhash 1 "$work/a" "$out.2.log" -o "$out" --break-lock || fail "--break-lock did not run"
grep -q "took over the run lock of host node-gone.*--break-lock" "$out.2.log" ||
  fail "--break-lock did not say whose lock it took"
lock
touch -d '1 hour ago' "$out/_LOCK"
minhash 1 "$work/a" "$out.3.log" -o "$out" --overwrite || fail "an hour-old lock was not stale"
grep -q "took over the run lock of host node-gone.*not touched for" "$out.3.log" ||
  fail "the stale lock was not reported"
[ ! -e "$out/_LOCK" ] && [ -f "$out/_SUCCESS" ] || fail "the run after a stale lock"

# --break-lock over a live run: A (a/, 3 ranks) pauses before writing its outputs; B (b/, 2
# ranks, --overwrite --break-lock) takes the lock. A renames nothing into the directory after
# that: it exits 1 naming B while B holds the lock, or saying the lock is gone once B finished;
# the output is B's alone, as a run of B by itself writes it, without a temporary a killed rank
# of A would leave.
paused="$work/paused" paused_b="$work/paused-b"
minhash 2 "$work/b" "$work/ref-b.log" -o "$work/ref-b" || fail "the reference run of b/ failed"
# wait_for FILE PID WHAT: waits until FILE exists (the run PID paused).
wait_for() {
  for _ in $(seq 600); do
    [ -e "$1" ] && return
    kill -0 "$2" 2>/dev/null || break
    sleep 0.1
  done
  fail "$3 did not pause"
}
# only_b OUT: OUT holds B's files only, the same as the reference run of b/.
only_b() {
  [ -f "$1/_SUCCESS" ] || fail "$1: no _SUCCESS from the run that broke the lock"
  [ "$(cd "$1" && find . -type f ! -name '*.html' | sort)" = \
    "$(cd "$work/ref-b" && find . -type f ! -name '*.html' | sort)" ] ||
    fail "$1: other files than a run of b/ writes: $(cd "$1" && find . -type f | sort | xargs)"
  same_parts "$work/ref-b" "$1" clusters pairs deduped
  consistent "$1"
}
for taker in holds finished; do
  out="$work/broken-$taker"
  rm -f "$paused" "$paused_b"
  NEARDUP_FAULT="0:write:1:pause=$paused" minhash 3 "$work/a" "$out.a.log" -o "$out" &
  a=$!
  wait_for "$paused" "$a" "$taker: run A"
  b_fault=""
  [ "$taker" = holds ] && b_fault="0:write:1:pause=$paused_b"
  NEARDUP_FAULT="$b_fault" minhash 2 "$work/b" "$out.b.log" -o "$out" --overwrite --break-lock &
  b=$!
  if [ "$taker" = holds ]; then
    wait_for "$paused_b" "$b" "$taker: run B"
    # What a third rank of A killed mid-write would leave: B removes it before its _SUCCESS.
    echo "a partial part" >"$out/clusters/part-00009.tsv.tmp.0123456789abcdef"
    want="this run lost its lock, taken by another run (host $host, pid [0-9]*, minhash started"
  else
    wait "$b" || fail "$taker: run B failed"
    want="this run lost its lock, which is gone"
  fi
  rm -f "$paused"
  wait "$a"
  status=$?
  [ "$status" = 1 ] || fail "$taker: run A exited $status after losing its lock, wanted 1"
  grep -q "$want.*; not renaming $out/.* into the directory" "$out.a.log" ||
    fail "$taker: run A did not say it lost its lock ($want)"
  rm -f "$paused_b"
  wait "$b" || fail "$taker: run B failed"
  only_b "$out"
  if [ "$taker" = holds ]; then
    grep -q "removed 1 temporaries left by another run" "$out.b.log" ||
      fail "$taker: run B did not say it removed the broken run's temporary"
  fi
done

finish "run lock: all scenarios passed"

# Shared by the CLI scenario tests (resume_test.sh, cache_test.sh), sourced with the script's
# arguments: NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]. Sets neardup, gen, work and
# mpirun (Open MPI's ob1 for direct runs too, as mpirun's flags say), starts an empty
# WORK_DIR/in, and counts failures; KEEP_WORK=1 keeps WORK_DIR.
neardup="$1" gen="$2" work="$3"
shift 3
mpirun=("$@")
export OMPI_MCA_pml=ob1
rm -rf "$work" && mkdir -p "$work/in"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# make_corpus SEED: WORK_DIR/in/a.jsonl, b.jsonl and c.jsonl.gz (4,800 generated documents
# with planted duplicates; a compressed input, whose records are spilled), seeds SEED+1..3.
make_corpus() {
  "$gen" -o "$work/in/a.jsonl" --docs 2500 --seed $(($1 + 1)) --min-tokens 100 --max-tokens 500 >/dev/null
  "$gen" -o "$work/in/b.jsonl" --docs 1500 --seed $(($1 + 2)) --min-tokens 100 --max-tokens 500 >/dev/null
  "$gen" -o "$work/in/c.jsonl" --docs 800 --seed $(($1 + 3)) --min-tokens 100 --max-tokens 500 >/dev/null
  gzip "$work/in/c.jsonl"
}

# run_job COMMAND RANKS OUT [ENV=VALUE...] -- [EXTRA FLAGS...]: runs `neardup COMMAND` with the
# script's `flags` at RANKS ranks, its output in OUT.log; returns its status.
run_job() {
  local command="$1" ranks="$2" out="$3"
  shift 3
  local envs=()
  while [ "$#" -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done
  [ "$#" -gt 0 ] && shift
  env "${envs[@]}" "${mpirun[@]}" -n "$ranks" "$neardup" "$command" "${flags[@]}" "$@" \
    >"$out.log" 2>&1
}

# kill_and_resume NAME FAULT RESUME_RANKS: runs `run` (the script's) at 2 ranks into WORK/NAME
# with NEARDUP_FAULT=FAULT, checks it stopped with a checkpoint and no _SUCCESS, and resumes it
# at RESUME_RANKS ranks; returns 1 (after failing) when any of that went wrong. Sets `status`
# to the faulted run's exit status.
kill_and_resume() {
  local name="$1" fault="$2" ranks="$3" out="$work/$1"
  run 2 "$out" NEARDUP_FAULT="$fault" -- -o "$out"
  status=$?
  [ "$status" -ne 0 ] || { fail "$name: the fault $fault did not stop the run"; return 1; }
  [ -f "$out/_checkpoint/manifest" ] || { fail "$name: no checkpoint manifest"; return 1; }
  [ ! -f "$out/_SUCCESS" ] || fail "$name: _SUCCESS after a killed run"
  run "$ranks" "$out.resume" -- --resume "$out" ||
    { fail "$name: resume failed"; cat "$out.resume.log"; return 1; }
  grep -q "resuming the run in" "$out.resume.log" || fail "$name: the log does not say it resumed"
}

# stat_of OUT KEY: the first value of KEY in OUT/stats.json.
stat_of() { grep -o "\"$2\": [a-z0-9]*" "$1/stats.json" | head -1 | cut -d' ' -f2; }

# same_parts A B PART...: each B/PART equals A/PART byte for byte; returns 1 at the first that
# does not.
same_parts() {
  local a="$1" b="$2"
  shift 2
  for part in "$@"; do
    diff -r "$a/$part" "$b/$part" >/dev/null || { fail "$b/$part differs from $a/$part"; return 1; }
  done
}

# finish MESSAGE: fails the test when anything failed, else prints MESSAGE and cleans up.
finish() {
  if [ "$failures" -ne 0 ]; then
    echo "$failures failures" >&2
    exit 1
  fi
  echo "$1"
  [ -n "${KEEP_WORK:-}" ] || rm -rf "$work"
}

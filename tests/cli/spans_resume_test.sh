#!/usr/bin/env bash
# neardup spans after a failure: a run killed (kill -9 of one rank) while reading, in the
# search, in the cut, after its facts or its cuts were saved, or in the write, or stopped by
# SIGUSR1 (in the read, and as its facts are saved), continues with --resume at the same or
# another rank count: its spans/ and deduped/ equal an uninterrupted run's byte for byte and
# its stats.json the same counts; so under --unit line and --keep-occurrence none; a damaged
# facts or cuts part is redone; other parameters (--keep-occurrence, --kgram) are refused.
# Usage: spans_resume_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
make_corpus 40  # c.jsonl.gz is compressed: its records are spilled again after a resume
flags=(-i "$work/in" --split-mb 1 --min-tokens 30)

# run RANKS OUT [ENV=VALUE...] -- [EXTRA FLAGS...]: runs neardup spans (run_job).
run() { run_job spans "$@"; }
# same_outputs A B: spans/ and deduped/ are byte-identical, B is complete, its checkpoint gone.
same_outputs() {
  same_parts "$1" "$2" spans deduped || return
  [ -f "$2/_SUCCESS" ] || fail "$2: no _SUCCESS"
  [ ! -e "$2/_checkpoint" ] || fail "$2: _checkpoint left after success"
}
# stage_ran OUT NAME: whether stats.json times a stage NAME.
stage_ran() { grep -q "\"$2\": {" "$1/stats.json"; }

run 2 "$work/ref2" -- -o "$work/ref2" || fail "uninterrupted run at 2 ranks"
run 3 "$work/ref3" -- -o "$work/ref3" || fail "uninterrupted run at 3 ranks"
[ "$(stat_of "$work/ref2" cuts)" -gt 100 ] || fail "the corpus has too few repeats"

# scenario NAME FAULT RESUME_RANKS: kill_and_resume, then the outputs against the reference.
scenario() {
  local name="$1" ranks="$3" out="$work/$1"
  kill_and_resume "$@" || return
  same_outputs "$work/ref$ranks" "$out"
  echo "ok: $name (exit $status, resumed at $ranks ranks)"
}
scenario read_same_ranks 1:split:3 2
scenario in_search 1:search:1 3
stage_ran "$work/in_search" search || fail "in_search: the search did not run"
scenario in_cut 0:cut:1 2
stage_ran "$work/in_cut" "load facts" || fail "in_cut: the facts were not loaded"
stage_ran "$work/in_cut" search && fail "in_cut: the search ran again"
scenario after_facts 0:facts_saved:1 3
stage_ran "$work/after_facts" "load facts" || fail "after_facts: the facts were not loaded"
scenario after_cuts 1:cuts_saved:1 2
stage_ran "$work/after_cuts" "load cuts" || fail "after_cuts: the cuts were not loaded"
stage_ran "$work/after_cuts" cut && fail "after_cuts: the cut ran again"
scenario in_write 0:write:1 3
stage_ran "$work/in_write" "load cuts" || fail "in_write: the cuts were not loaded"
# The counts a resume restores from the manifest are the uninterrupted run's (not
# equal_runs_fetched: distinct runs per asking rank, so it depends on the rank count of the cut).
for name in in_cut after_facts after_cuts in_write; do
  grep -q '"resumed": true' "$work/$name/stats.json" || fail "$name: stats.json does not say resumed"
  for key in cuts tokens_cut docs_removed anchors shared_anchors window_runs cuts_proposed \
    cuts_refused unlocated_docs; do
    [ "$(stat_of "$work/$name" $key)" = "$(stat_of "$work/ref2" $key)" ] ||
      fail "$name: $key $(stat_of "$work/$name" $key), uninterrupted $(stat_of "$work/ref2" $key)"
  done
  [ "$(grep -o '"largest_repeats": \[[0-9, ]*\]' "$work/$name/stats.json")" = \
    "$(grep -o '"largest_repeats": \[[0-9, ]*\]' "$work/ref2/stats.json")" ] ||
    fail "$name: largest_repeats differ from the uninterrupted run's"
done

# --unit line and --keep-occurrence none: killed after the facts, resumed at 3 ranks.
for mode in "--unit line" "--keep-occurrence none"; do
  name=$(echo "$mode" | tr -d '-' | tr ' ' _)
  run 3 "$work/ref_$name" -- -o "$work/ref_$name" $mode || fail "$name: uninterrupted run"
  run 2 "$work/$name" NEARDUP_FAULT=1:facts_saved:1 -- -o "$work/$name" $mode
  run 3 "$work/$name.resume" -- --resume "$work/$name" $mode || fail "$name: resume failed"
  stage_ran "$work/$name" "load facts" || fail "$name: the facts were not loaded"
  same_outputs "$work/ref_$name" "$work/$name"
done

# SIGUSR1 (Slurm pre-emption) in the read, and as the facts are saved: every rank stops, exit
# code 75 and the STOPPED marker; the resumed run completes (loading the facts in the second).
for fault in split:2 facts_saved:1; do
  out="$work/usr1_${fault%%:*}"
  run 2 "$out" NEARDUP_FAULT=0:$fault:usr1 -- -o "$out"
  status=$?
  [ "$status" -eq 75 ] || fail "usr1 at $fault: exit status $status, wanted 75"
  [ -f "$out/_checkpoint/STOPPED" ] || fail "usr1 at $fault: no STOPPED marker"
  grep -q "resume" "$out.log" || fail "usr1 at $fault: the log does not say how to resume"
  run 2 "$out.resume" -- --resume "$out" || fail "usr1 at $fault: resume failed"
  same_outputs "$work/ref2" "$out"
done
stage_ran "$work/usr1_facts_saved" "load facts" || fail "usr1 at facts_saved: facts not loaded"

# A damaged facts part is found by its checksum: the search runs again.
out="$work/damaged"
run 2 "$out" NEARDUP_FAULT=0:facts_saved:1 -- -o "$out"
printf 'X' | dd of="$out/_checkpoint/facts-00001.part" bs=1 seek=120 conv=notrunc 2>/dev/null
run 2 "$out.resume" -- --resume "$out" || fail "damaged: resume failed"
grep -q "facts-00001.part.*checksum mismatch.*; running the stage again" "$out.resume.log" ||
  fail "damaged: the damaged part was not reported"
stage_ran "$out" search || fail "damaged: the search did not run again"
same_outputs "$work/ref2" "$out"

# So is a damaged cuts part, read where it lies at the same rank count (its last record's last
# byte here): the cut runs again from the saved facts.
out="$work/damaged_cuts"
run 2 "$out" NEARDUP_FAULT=0:cuts_saved:1 -- -o "$out"
part="$out/_checkpoint/cuts-00001.part"
printf 'X' | dd of="$part" bs=1 seek=$(($(stat -c %s "$part") - 1)) conv=notrunc 2>/dev/null
run 2 "$out.resume" -- --resume "$out" || fail "damaged cuts: resume failed"
grep -q "cuts-00001.part.*checksum mismatch.*; running the stage again" "$out.resume.log" ||
  fail "damaged cuts: the damaged part was not reported"
stage_ran "$out" cut || fail "damaged cuts: the cut did not run again"
stage_ran "$out" search && fail "damaged cuts: the search ran again"
same_outputs "$work/ref2" "$out"

# Refusals: what changes the cuts, or where the saved facts' anchors are, must match.
out="$work/refused"
run 2 "$out" NEARDUP_FAULT=0:facts_saved:1 -- -o "$out"
run 2 "$out.m" -- --resume "$out" --keep-occurrence none
grep -q 'cannot resume: parameters differ.*"keep_occurrence": "first", this run has "keep_occurrence": "none"' \
  "$out.m.log" || fail "refused: another --keep-occurrence was not refused"
run 2 "$out.k" -- --resume "$out" --kgram 5
grep -q 'cannot resume: parameters differ.*"kgram": 0, this run has "kgram": 5' "$out.k.log" ||
  fail "refused: another --kgram was not refused"
run 2 "$out.c" -- --resume "$work/ref2"
grep -q "nothing to resume" "$out.c.log" || fail "refused: resuming a finished run"
run 3 "$out.d" -- --resume "$out"
same_outputs "$work/ref3" "$out"

finish "spans resume: all scenarios passed"

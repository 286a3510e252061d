#!/usr/bin/env bash
# Restart after failure: a run killed (kill -9 of one rank) in the sketch stage, in the shuffle,
# after the pair search and after the clusters, or stopped by SIGUSR1, continues with --resume at the same or
# another rank count, and its outputs equal an uninterrupted run's byte for byte; a damaged
# split sketch, a damaged stage part and a part of another rank or run are redone; changed
# parameters or inputs, a checkpoint of another sketch format and a finished run are refused.
# Usage: resume_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
make_corpus 10  # c.jsonl.gz is compressed: its records are spilled after a resume too
flags=(-i "$work/in" --split-mb 1 --write-pairs --write-deduped --write-removed)

# run RANKS OUT [ENV=VALUE...] -- [EXTRA FLAGS...]: runs neardup minhash (run_job).
run() { run_job minhash "$@"; }
# same_outputs A B: the clusters, pairs, deduped and removed outputs are byte-identical.
same_outputs() {
  same_parts "$1" "$2" clusters pairs deduped removed || return
  [ -f "$2/_SUCCESS" ] || fail "$2: no _SUCCESS"
  [ ! -e "$2/_checkpoint" ] || fail "$2: _checkpoint left after success"
}

run 2 "$work/ref2" -- -o "$work/ref2" || fail "uninterrupted run at 2 ranks"
run 3 "$work/ref3" -- -o "$work/ref3" || fail "uninterrupted run at 3 ranks"
splits=$(stat_of "$work/ref2" splits)
[ "$(stat_of "$work/ref2" docs_removed)" -gt 100 ] || fail "the corpus has too few duplicates"

# scenario NAME FAULT RESUME_RANKS: kill_and_resume, then the outputs against the reference.
scenario() {
  local name="$1" ranks="$3" out="$work/$1"
  kill_and_resume "$@" || return
  same_outputs "$work/ref$ranks" "$out"
  echo "ok: $name (exit $status, resumed at $ranks ranks, $(stat_of "$out" splits_reused) of $splits splits reused)"
}
scenario sketch_same_ranks 1:split:3 2
scenario sketch_other_ranks 0:split:4 3
scenario shuffle_same_ranks 0:exchange:3 2
scenario shuffle_other_ranks 1:exchange:3 3
scenario after_pairs 0:pairs_saved:1 3
grep -q '"load pairs"' "$work/after_pairs/stats.json" || fail "after_pairs: the pair search ran again"
# After the clusters: the resumed run reads records no removal names (both documents of every
# verified pair, the report's near misses), spilled again from c.jsonl.gz.
scenario after_clusters 0:clusters_saved:1 2
[ "$(stat_of "$work/after_clusters" near_misses)" -gt 0 ] || fail "after_clusters: no near misses"
[ "$(stat_of "$work/shuffle_same_ranks" splits_reused)" = "$splits" ] ||
  fail "shuffle_same_ranks: not every split was reused"

# SIGUSR1 (Slurm pre-emption): the rank finishes its split, every rank checkpoints and exits 75.
out="$work/usr1"
run 2 "$out" NEARDUP_FAULT=0:split:2:usr1 -- -o "$out"
status=$?
[ "$status" -eq 75 ] || fail "usr1: exit status $status, wanted 75"
grep -q "resume" "$out.log" || fail "usr1: the log does not say how to resume"
run 2 "$out.resume" -- --resume "$out" || fail "usr1: resume failed"
same_outputs "$work/ref2" "$out"

# A damaged unit checkpoint is detected by its checksum and its splits sketched again.
out="$work/damaged"
run 2 "$out" NEARDUP_FAULT=1:split:5 -- -o "$out"
victim=$(ls "$out/_checkpoint/splits/"*.sketch | head -1)
printf 'X' | dd of="$victim" bs=1 seek=200 conv=notrunc 2>/dev/null
truncated=$(ls "$out/_checkpoint/splits/"*.sketch | sed -n 2p)
truncate -s 100 "$truncated"
run 2 "$out.resume" -- --resume "$out" || fail "damaged: resume failed"
grep -q "checksum mismatch (corrupt); sketching its splits again" "$out.resume.log" ||
  fail "damaged: the corrupt file was not reported"
grep -q "truncated or padded; sketching its splits again" "$out.resume.log" ||
  fail "damaged: the truncated file was not reported"
[ "$(stat_of "$out" damaged_checkpoints)" = 2 ] || fail "damaged: damaged_checkpoints != 2"
same_outputs "$work/ref2" "$out"

# Stage parts say whose they are: a part copied over another rank's, a part of another run and
# a damaged part are each detected, and the stage runs again.
# parts_case NAME DAMAGE: kills a run after its pairs are saved, runs DAMAGE (with $out set),
# resumes, and checks the stage ran again with the reference's outputs.
parts_case() {
  out="$work/$1"
  run 2 "$out" NEARDUP_FAULT=0:pairs_saved:1 -- -o "$out"
  [ -f "$out/_checkpoint/pairs-00001.part" ] || { fail "$1: no pairs parts"; return; }
  $2
  run 2 "$out.resume" -- --resume "$out" || { fail "$1: resume failed"; return; }
  grep -q "$3.*; running the stage again" "$out.resume.log" || fail "$1: the bad part was not reported"
  same_outputs "$work/ref2" "$out"
  grep -q '"load pairs"' "$out/stats.json" && ! grep -q '"candidates"' "$out/stats.json" &&
    fail "$1: the pairs were loaded, not found again"
}
swap() { cp "$out/_checkpoint/pairs-00000.part" "$out/_checkpoint/pairs-00001.part"; }
parts_case swapped_part swap "pairs-00001.part: not this run's part (it says run=[0-9a-f]* stage=pairs part=0 parts=2, expected run=[0-9a-f]* stage=pairs part=1 parts=2)"
other_run() {
  run 2 "$work/other" NEARDUP_FAULT=0:pairs_saved:1 -- -o "$work/other"
  cp "$work/other/_checkpoint/pairs-00000.part" "$out/_checkpoint/pairs-00000.part"
}
parts_case other_runs_part other_run "pairs-00000.part: not this run's part"
flip() { printf 'X' | dd of="$out/_checkpoint/pairs-00000.part" bs=1 seek=120 conv=notrunc 2>/dev/null; }
parts_case damaged_part flip "pairs-00000.part.*checksum mismatch"

# Refusals: other parameters, a changed input, nothing to resume.
out="$work/refused"
run 2 "$out" NEARDUP_FAULT=0:split:2 -- -o "$out"
run 2 "$out.a" -- --resume "$out" --threshold 0.7
grep -q 'cannot resume: parameters differ.*"threshold": 0.800000, this run has "threshold": 0.700000' \
  "$out.a.log" || fail "refused: other parameters were not refused"
grep -q 'this run has "threshold": 0.700000 (to start over with this run.s flags, pass --overwrite instead of --resume)' \
  "$out.a.log" || fail "refused: the refusal does not say to start over with --overwrite"
run 2 "$out.t" -- --resume "$out" --text-field body
grep -q 'cannot resume: parameters differ.*"text_field": "text", this run has "text_field": "body" (to start over.*--overwrite' \
  "$out.t.log" || fail "refused: another --text-field was not refused pointing to --overwrite"
run 2 "$out.s" -- --resume "$out" --shingle-sample 2
grep -q 'cannot resume: parameters differ.*"shingle_sample": 1, this run has "shingle_sample": 2' \
  "$out.s.log" || fail "refused: another --shingle-sample was not refused"
cp -p "$work/in/b.jsonl" "$work/b.saved"
echo '{"id": "new", "text": "one more document"}' >>"$work/in/b.jsonl"
run 2 "$out.b" -- --resume "$out"
grep -q "cannot resume: input changed since the run being resumed: .*b.jsonl" "$out.b.log" ||
  fail "refused: a changed input was not refused"
mv "$work/b.saved" "$work/in/b.jsonl"
# A checkpoint whose manifest says another sketch format (the last step's version one more):
# refused, naming both formats, since its stage parts were made from other sketches.
manifest="$out/_checkpoint/manifest"
cp -p "$manifest" "$work/manifest.saved"
version=$(head -1 "$manifest" | cut -d' ' -f2)
sed -i "1s/^\([^ ]*\) $version /\1 $((version + 1)) /" "$manifest"
run 2 "$out.f" -- --resume "$out"
grep -q "checkpoint manifest format layout [0-9]*, sketch format .*, this neardup reads layout" \
  "$out.f.log" || fail "refused: a checkpoint of another sketch format was not refused"
mv "$work/manifest.saved" "$manifest"
run 2 "$out.c" -- --resume "$work/ref2"
grep -q "nothing to resume" "$out.c.log" || fail "refused: resuming a finished run"
run 2 "$out.d" -- --resume "$out"  # the same inputs again: now it continues
same_outputs "$work/ref2" "$out"

finish "resume: all scenarios passed"

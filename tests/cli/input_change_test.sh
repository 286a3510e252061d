#!/usr/bin/env bash
# Outputs describe one version of each input: an input truncated or appended to while the job
# sketches it, or rewritten in place with its size and mtime kept (cp -p, rsync -t) before
# deduped/ is written, is a fatal error naming the file and leaves no _SUCCESS; a --resume
# after such an in-place edit sketches the changed splits again, runs the later stages again,
# and gives the outputs of a fresh run over the edited input.
# Usage: input_change_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
"$gen" -o "$work/a.jsonl" --docs 800 --seed 71 --min-tokens 100 --max-tokens 500 >/dev/null
flags=(--split-mb 1 --write-pairs --write-deduped --write-removed)
paused="$work/paused"

# fresh_input: WORK_DIR/in/a.jsonl as generated.
fresh_input() { rm -rf "$work/in" && mkdir -p "$work/in" && cp "$work/a.jsonl" "$work/in/"; }

# start RANKS OUT FAULT: starts neardup minhash in the background with NEARDUP_FAULT=FAULT
# pausing there (see jobs/mpi/interrupt.hpp), waits until it is paused; $job is its pid.
start() {
  rm -f "$paused"
  NEARDUP_FAULT="$3:pause=$paused" "${mpirun[@]}" -n "$1" "$neardup" minhash -i "$work/in" \
    -o "$2" --overwrite "${flags[@]}" >"$2.log" 2>&1 &
  job=$!
  for _ in $(seq 600); do
    [ -e "$paused" ] && return
    kill -0 "$job" 2>/dev/null || break
    sleep 0.1
  done
  fail "$2: the run did not pause at $3"
}

# finish_fails OUT WHAT: lets the paused run go on; it must fail naming a.jsonl and WHAT.
finish_fails() {
  rm -f "$paused"
  wait "$job"
  local status=$?
  [ "$status" = 1 ] || fail "$1: exit status $status, wanted 1"
  grep -q "in/a.jsonl: changed while the job ran ($2" "$1.log" ||
    fail "$1: no error naming the changed input ($2)"
  [ ! -e "$1/_SUCCESS" ] || fail "$1: _SUCCESS over outputs of a changed input"
}

# edit_in_place LINE: rewrites the text of line LINE of in/a.jsonl with other letters of the
# same length, then restores the file's mtime: size and mtime are those of the original.
edit_in_place() {
  cp -p "$work/in/a.jsonl" "$work/a.saved"
  awk -v n="$1" 'NR == n { i = index($0, "\"text\": \"") + 9; rest = substr($0, i);
    gsub(/[a-m]/, "q", rest); gsub(/[n-z]/, "b", rest); $0 = substr($0, 1, i - 1) rest } 1' \
    "$work/a.saved" >"$work/in/a.jsonl"
  touch -r "$work/a.saved" "$work/in/a.jsonl"
  cmp -s "$work/a.saved" "$work/in/a.jsonl" && fail "the edit changed nothing"
  [ "$(stat -c %s.%Y "$work/a.saved")" = "$(stat -c %s.%Y "$work/in/a.jsonl")" ] ||
    fail "the edit changed the size or mtime"
}

size=$(stat -c %s "$work/a.jsonl")
fresh_input
start 1 "$work/shrunk" 0:split:1
truncate -s $((size * 6 / 10)) "$work/in/a.jsonl"
finish_fails "$work/shrunk" "$size bytes when planned, now $((size * 6 / 10))"

fresh_input
start 2 "$work/grown" 1:split:1
head -20 "$work/a.jsonl" >>"$work/in/a.jsonl"
finish_fails "$work/grown" "$size bytes when planned"

# A removed document near the middle of the file (outside the first and last 64 KiB that the
# resume's cheap fingerprint reads), whose text the edits below rewrite.
fresh_input
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/ref" "${flags[@]}" >/dev/null 2>&1 ||
  fail "the reference run failed"
lines=$(wc -l <"$work/a.jsonl")
line=$(cat "$work/ref/removed/"* | grep -o '"location": "[^"]*"' | sed 's/.*:\([0-9]*\)"$/\1/' |
  sort -n | awk -v m=$((lines / 2)) '$1 >= m { print; exit }')
[ -n "$line" ] || fail "no removed document in the second half"

start 2 "$work/edited" 0:pairs_saved:1
edit_in_place "$line"
finish_fails "$work/edited" "bytes [0-9]*-[0-9]* read differently when writing deduped/"

# --resume after the same edit: the run killed after the pair search, the input edited.
fresh_input
out="$work/resumed"
NEARDUP_FAULT=0:pairs_saved:1 "${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$out" \
  "${flags[@]}" >"$out.log" 2>&1 && fail "resumed: the fault did not stop the run"
edit_in_place "$line"
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/fresh" "${flags[@]}" \
  >"$work/fresh.log" 2>&1 || fail "the fresh run over the edited input failed"
"${mpirun[@]}" -n 3 "$neardup" minhash -i "$work/in" --resume "$out" "${flags[@]}" \
  >"$out.resume.log" 2>&1 || fail "resumed: the resume failed"
grep -q "in/a.jsonl: changed since its sketch was stored in .*; sketching the split again" \
  "$out.resume.log" || fail "resumed: the changed split was not reported"
grep -q "splits changed since the checkpoint: the later stages run again" "$out.resume.log" ||
  fail "resumed: the pair search was not run again"
for part in clusters pairs deduped removed; do
  cmp -s <(sort "$work/fresh/$part"/*) <(sort "$out/$part"/*) || fail "resumed: $part differs"
done
grep -q "\"location\": \"[^\"]*:$line\"" "$out/removed/"* &&
  fail "resumed: the edited document is still removed as a duplicate of its former twin"
[ "$(stat_of "$out" splits_changed)" = 1 ] || fail "resumed: splits_changed is not 1"

finish "input changes: all scenarios passed"

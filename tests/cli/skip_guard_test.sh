#!/usr/bin/env bash
# The skip-rate guard: a corpus whose text is at content.body, run with the default
# --text-field, fails (exit 1, no _SUCCESS) once 1,000 records are read, before the whole corpus
# (at 1-4 ranks, split sizes 1 and 3 MiB, and in index build), with a message naming the field
# looked for, the record's keys, the longest string's path and the flag; with --text-field content.body it succeeds. A corpus with 30%
# malformed lines passes the default 0.5 and fails with --max-skip-fraction 0.2, early when the
# first splits show it, at the end (counting every record) when they are clean;
# --max-skip-fraction 1 never fails. A huge first record then the documents passes with the
# same counts and clusters at 1-4 ranks and two split sizes; a first file all malformed then
# good ones fails the same way at each.
# Usage: skip_guard_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
"$gen" -o "$work/flat.jsonl" --docs 6000 --seed 9 --min-tokens 100 --max-tokens 300 >/dev/null
mkdir -p "$work/nested" "$work/mixed" "$work/late"
sed 's/"text": \(.*\)}$/"content": {"title": "t", "body": \1}, "meta": {"lang": "en"}}/' \
  "$work/flat.jsonl" >"$work/nested/a.jsonl"
awk 'NR % 10 < 3 { print "{broken" substr($0, 2); next } 1' "$work/flat.jsonl" \
  >"$work/mixed/a.jsonl"
docs=$(wc -l <"$work/flat.jsonl")
awk -v half=$((docs / 2)) 'NR > half && NR % 10 < 6 { print "{broken" substr($0, 2); next } 1' \
  "$work/flat.jsonl" >"$work/late/a.jsonl"
flags=(--split-mb 1)
want='no "text" in the record; its keys: id, content, meta; the longest string is at content.body); name the text field with --text-field'

# fails_early NAME COMMAND...: exit 1 naming the field, having read fewer records than there
# are (the first splits only), and no _SUCCESS.
fails_early() {
  local name="$1"
  shift
  "$@" >"$work/$name.log" 2>&1
  local status=$?
  [ "$status" = 1 ] || fail "$name: exit status $status, wanted 1"
  grep -qF "$want" "$work/$name.log" || fail "$name: the message does not name the field and keys"
  local read
  read=$(grep -o 'of [0-9]* records read' "$work/$name.log" | head -1 | grep -o '[0-9]*')
  [ -n "$read" ] && [ "$read" -lt "$docs" ] ||
    fail "$name: the guard read ${read:-no} records of $docs: not within the first splits"
  [ ! -e "$work/$name/_SUCCESS" ] || fail "$name: _SUCCESS"
}
fails_early index "${mpirun[@]}" -n 2 "$neardup" index build -i "$work/nested" \
  -o "$work/index" "${flags[@]}"
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/nested" -o "$work/named" "${flags[@]}" \
  --text-field content.body >"$work/named.log" 2>&1 || fail "named: --text-field content.body failed"
[ "$(stat_of "$work/named" docs_skipped)" = 0 ] || fail "named: documents skipped"

"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/mixed" -o "$work/mixed-default" "${flags[@]}" \
  >"$work/mixed-default.log" 2>&1 || fail "mixed: 30% malformed failed under the default 0.5"
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/mixed" -o "$work/mixed-strict" "${flags[@]}" \
  --max-skip-fraction 0.2 >"$work/mixed-strict.log" 2>&1
status=$?
[ "$status" = 1 ] || fail "mixed: exit status $status with --max-skip-fraction 0.2, wanted 1"
grep -q "of [0-9]* records read (30.0%) were skipped, more than --max-skip-fraction 0.2 allows; the first: .*mixed/a.jsonl:1: skipped: malformed_json; if the inputs are not JSON Lines, --format text" \
  "$work/mixed-strict.log" || fail "mixed: no message naming the first malformed line"
# Clean first splits, malformed lines later: the check at the end counts every record.
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/late" -o "$work/late-out" "${flags[@]}" \
  --max-skip-fraction 0.2 >"$work/late.log" 2>&1
status=$?
[ "$status" = 1 ] || fail "late: exit status $status with --max-skip-fraction 0.2, wanted 1"
first_bad=$(grep -n '^{broken' "$work/late/a.jsonl" | head -1 | cut -d: -f1)
grep -q "of $docs records read (30.0%) were skipped, .* the first: .*late/a.jsonl:$first_bad: skipped: malformed_json" \
  "$work/late.log" || fail "late: no message counting every record and naming line $first_bad"
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/nested" -o "$work/never" "${flags[@]}" \
  --max-skip-fraction 1 >"$work/never.log" 2>&1 || fail "never: --max-skip-fraction 1 failed"

# A huge first record (over --max-doc-mb 1) then the generated documents: the same outcome
# (success, one doc_too_large) and the same counts and clusters at 1-4 ranks and split sizes 1
# and 3 MiB, though with 1 MiB splits rank 0's first split holds that one record alone.
{
  printf '{"id": "huge", "text": "'
  head -c $((2 << 20)) /dev/zero | tr '\0' 'x'
  printf '"}\n'
  cat "$work/flat.jsonl"
} >"$work/huge-first.jsonl"
reference=""
for split in 1 3; do
  for ranks in 1 2 3 4; do
    out="$work/huge-$split-$ranks"
    "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$work/huge-first.jsonl" -o "$out" \
      --max-doc-mb 1 --split-mb "$split" >"$out.log" 2>&1 ||
      { fail "huge first record: exit status $? at $ranks ranks, split $split MiB"; continue; }
    [ "$(stat_of "$out" docs_read) $(stat_of "$out" docs_skipped)" = "$((docs + 1)) 1" ] ||
      fail "huge first record: not $((docs + 1)) read, 1 skipped at $ranks ranks, split $split"
    counts="$(stat_of "$out" docs_kept) $(stat_of "$out" docs_removed)"
    if [ -z "$reference" ]; then
      reference="$out" ref_counts="$counts"
    else
      [ "$counts" = "$ref_counts" ] ||
        fail "huge first record: counts $counts at $ranks ranks, split $split, not $ref_counts"
      cmp -s <(sort "$reference"/clusters/*) <(sort "$out"/clusters/*) ||
        fail "huge first record: clusters at $ranks ranks, split $split differ from $reference"
    fi
  done
done
# A corpus that really is mostly bad still fails early (before reading it all) at 1-4 ranks,
# with 1 MiB splits (about 230 records each: fewer than the early check waits for) and 3 MiB.
for split in 1 3; do
  for ranks in 1 2 3 4; do
    fails_early "nested-$split-$ranks" "${mpirun[@]}" -n "$ranks" "$neardup" minhash \
      -i "$work/nested" -o "$work/nested-$split-$ranks" --split-mb "$split"
  done
done
# A first file of 1,200 malformed lines, then a file of good documents (1.2% skipped in all):
# the early check decides on the first splits in input order, whichever ranks read them, so the
# outcome (exit 1, naming a.jsonl) is the same at 1-4 ranks and both split sizes. Deciding on
# each rank's first splits failed at 1 rank and passed at 2 (the bad file went to the rank
# that also read 1-3 MiB of good documents first).
mkdir -p "$work/bad-first"
for line in $(seq 1200); do echo "{broken $line"; done >"$work/bad-first/a.jsonl"
cat "$work/flat.jsonl" "$work/flat.jsonl" >"$work/bad-first/b.jsonl"
for split in 1 3; do
  for ranks in 1 2 3 4; do
    out="$work/bad-first-$split-$ranks"
    "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$work/bad-first" -o "$out" \
      --split-mb "$split" >"$out.log" 2>&1
    status=$?
    [ "$status" = 1 ] || fail "bad first file: exit $status at $ranks ranks, split $split MiB"
    grep -q "1200 of 1200 records read (100.0%) were skipped.*bad-first/a.jsonl:1: skipped" \
      "$out.log" || fail "bad first file: the message at $ranks ranks, split $split MiB"
  done
done
finish "skip guard: a wrong field fails in the first splits naming it; the fraction is honoured"

#!/usr/bin/env bash
# The skip-rate guard: a corpus whose text is at content.body, run with the default
# --text-field, fails (exit 1, no _SUCCESS) after each rank's first split, at 1-3 ranks and in
# index build, with a message naming the field looked for, the record's keys, the longest
# string's path and the flag; with --text-field content.body it succeeds. A corpus with 30%
# malformed lines passes the default 0.5 and fails with --max-skip-fraction 0.2, early when the
# first splits show it, at the end (counting every record) when they are clean;
# --max-skip-fraction 1 never fails.
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
for ranks in 1 2 3; do
  fails_early "nested-$ranks" "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$work/nested" \
    -o "$work/nested-$ranks" "${flags[@]}"
done
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
finish "skip guard: a wrong field fails in the first splits naming it; the fraction is honoured"

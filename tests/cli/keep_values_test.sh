#!/usr/bin/env bash
# --keep field:ts[:max|:min] compares values exactly at 1-4 ranks and two split sizes: pairs of
# identical documents whose ts are integers beyond 2^53 (9007199254740992 vs ...993), 30-digit
# integers (positive and negative), numbers against dates, and ISO 8601 dates with offsets and
# fractions (compared as instants, not as text); each pair in both input orders, so a tie (the
# first kept) cannot pass for the right answer. clusters/ must keep the pair's larger value
# under :max and its smaller under :min.
# Usage: keep_values_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
# Each line: the smaller value, the larger one (raw JSON).
pairs=(
  '9007199254740992 9007199254740993'
  '-9007199254740993 -9007199254740992'
  '123456789012345678901234567890 123456789012345678901234567891'
  '-123456789012345678901234567891 -123456789012345678901234567890'
  '99999999999999999999999999999 100000000000000000000000000000'
  '1682899199 "2023-05-01"'
  '"2023-05-01T12:34:56Z" "2023-05-01T12:34:57+00:00"'
  '"2023-05-01T12:34:56+02:00" "2023-05-01T11:00:00Z"'
  '"2023-05-01" "2023-05-01T00:00:00.5Z"'
  '"2023-05-01T23:59:59.999999999-01:00" "2023-05-02T01:00:00Z"'
  '"2024-01-01T00:30:00Z" "2023-12-31T23:00:00-02:00"'
)
# text N WORDS: WORDS words of document N's own (no two share a shingle).
text() { awk -v n="$1" -v k="$2" 'BEGIN { srand(n + 1); for (i = 0; i < k; i++) printf "w%d ", int(rand() * 1e9) }'; }
in="$work/in/docs.jsonl"
n=0
for pair in "${pairs[@]}"; do
  read -r small large <<<"$pair"
  for order in small-first large-first; do
    body=$(text "$n" 150)
    if [ "$order" = small-first ]; then first=$small second=$large; else first=$large second=$small; fi
    printf '{"id": "p%d-%s-a", "ts": %s, "text": "%s"}\n' "$n" "$order" "$first" "$body" >>"$in"
    printf '{"id": "p%d-%s-b", "ts": %s, "text": "%s"}\n' "$n" "$order" "$second" "$body" >>"$in"
    # filler between the pairs (4.5 MB in all), so that they spread over splits and ranks
    for f in 1 2 3 4 5 6 7 8; do
      printf '{"id": "f%d-%s-%d", "text": "%s"}\n' "$n" "$order" "$f" \
        "$(text "$((n * 100 + f + 1000))" 2000)" >>"$in"
    done
    n=$((n + 1))
  done
done
# kept_id N ORDER RULE: the id clusters/ should keep for pair N in ORDER under RULE (max, min).
kept_id() {
  local side=a
  if [ "$2" = small-first ] && [ "$3" = max ]; then side=b; fi
  if [ "$2" = large-first ] && [ "$3" = min ]; then side=b; fi
  echo "p$1-$2-$side"
}
for rule in max min; do
  for split in default 1; do
    for ranks in 1 2 3 4; do
      out="$work/out-$rule-$split-$ranks"
      split_flag=()
      [ "$split" = default ] || split_flag=(--split-mb "$split")
      "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$in" -o "$out" --keep "field:ts:$rule" \
        "${split_flag[@]}" >"$out.log" 2>&1 || { fail "$out: exit status $?"; continue; }
      n=0
      for pair in "${pairs[@]}"; do
        for order in small-first large-first; do
          want=$(kept_id "$n" "$order" "$rule")
          grep -q "^$want	$want	1	" "$out"/clusters/* ||
            fail "ranks $ranks, split $split, :$rule: pair ($pair) $order: $want not kept"
          n=$((n + 1))
        done
      done
      [ "$(stat_of "$out" docs_removed)" = "$n" ] || fail "$out: not $n documents removed"
    done
  done
done
finish "keep values: integers beyond 2^53, 30-digit integers and dates compare exactly"

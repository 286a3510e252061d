#!/usr/bin/env bash
# Many ranks are correct: minhash, simhash and exact at 8 and 16 ranks (oversubscribed) give the
# outputs of 1 rank, row for row (clusters/, pairs/, deduped/, removed/ and the counts), on a
# corpus of a few splits (so most ranks own no split) holding one 3 MB document and a .jsonl.gz
# shared among the ranks (its reader hands its lines out), and on a corpus of 5 documents (more
# ranks than documents).
# Usage: many_ranks_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
mkdir -p "$work/few"
"$gen" -o "$work/in/a.jsonl" --docs 1500 --seed 81 --min-tokens 50 --max-tokens 400 >/dev/null
{
  printf '{"id": "huge", "text": "'
  awk 'BEGIN { for (i = 1; i <= 500000; i++) printf "w%d ", i % 7919 }'
  printf '"}\n'
} >"$work/in/b.jsonl"
"$gen" -o "$work/in/c.jsonl" --docs 1200 --seed 82 --min-tokens 50 --max-tokens 400 >/dev/null
gzip "$work/in/c.jsonl"
head -3 "$work/in/a.jsonl" >"$work/few/a.jsonl"
sed -n '1p;10p' "$work/in/a.jsonl" >>"$work/few/a.jsonl"  # a copy of the first document

# run JOB RANKS INPUT OUT: the job with every output, 1 MiB splits; returns its status.
run() {
  local job="$1" ranks="$2" input="$3" out="$4"
  local pairs=()
  [ "$job" = minhash ] && pairs=(--write-pairs)
  "${mpirun[@]}" -n "$ranks" "$neardup" "$job" -i "$input" -o "$out" --split-mb 1 --overwrite \
    --write-deduped --write-removed "${pairs[@]}" >"$out.log" 2>&1
}

# same_rows A B: every output of B holds A's rows (parts per rank differ: sorted) and counts.
same_rows() {
  local a="$1" b="$2"
  for part in clusters pairs deduped removed; do
    [ -d "$a/$part" ] || continue
    cmp -s <(cat "$a/$part"/* | sort) <(cat "$b/$part"/* | sort) || fail "$b: $part differs from 1 rank's"
  done
  for key in docs_read docs_kept docs_removed docs_skipped; do
    [ "$(stat_of "$a" "$key")" = "$(stat_of "$b" "$key")" ] || fail "$b: $key differs from 1 rank's"
  done
}

for job in minhash simhash exact; do
  run "$job" 1 "$work/in" "$work/$job-1" || { fail "$job at 1 rank: exit $?"; continue; }
  [ "$(stat_of "$work/$job-1" docs_removed)" -gt 0 ] || fail "$job: nothing removed: proves nothing"
  for ranks in 8 16; do
    run "$job" "$ranks" "$work/in" "$work/$job-$ranks" ||
      { fail "$job at $ranks ranks: exit $?: $(tail -2 "$work/$job-$ranks.log")"; continue; }
    same_rows "$work/$job-1" "$work/$job-$ranks"
  done
  run "$job" 1 "$work/few" "$work/$job-few-1" || fail "$job, 5 documents, 1 rank: exit $?"
  run "$job" 16 "$work/few" "$work/$job-few-16" ||
    { fail "$job, 5 documents, 16 ranks: exit $?"; continue; }
  same_rows "$work/$job-few-1" "$work/$job-few-16"
done
grep -q '"huge"' "$work/minhash-16/deduped/"* || fail "the huge document is not kept at 16 ranks"
grep -q "records handed to every rank" "$work/minhash-16.log" || fail "c.jsonl.gz was not shared"
finish "many ranks: 8 and 16 ranks give 1 rank's outputs"

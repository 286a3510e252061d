#!/usr/bin/env bash
# A compressed file that cannot be split is read by one rank and its records handed to every
# rank: one big .jsonl.gz (with a malformed line, a record without text, an oversized record and
# an empty line) and the same as single-frame .jsonl.zst, beside a small plain file, give at 2,
# 3 and 4 ranks the outputs of the plain JSON Lines corpus at 1 rank (clusters/, pairs/,
# deduped/ and removed/ contents, the counts), other ranks than the reader own documents, and a
# run killed after its clusters resumes at another rank count with the same outputs.
# Usage: shared_input_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
mkdir -p "$work/plain" "$work/gz" "$work/zst"
"$gen" -o "$work/big.jsonl" --realistic --seed 91 >/dev/null
{
  head -400 "$work/big.jsonl"
  echo '{"id": "broken", "text": '
  echo '{"id": "no-text", "body": "x"}'
  printf '{"id": "oversized", "text": "'
  head -c 1200000 /dev/zero | tr '\0' 'a'
  printf '"}\n'
  echo
  tail -n +401 "$work/big.jsonl"
} >"$work/plain/big.jsonl"
"$gen" -o "$work/plain/small.jsonl" --docs 300 --seed 92 >/dev/null
gzip -c "$work/plain/big.jsonl" >"$work/gz/big.jsonl.gz"
zstd -q -c "$work/plain/big.jsonl" >"$work/zst/big.jsonl.zst"
cp "$work/plain/small.jsonl" "$work/gz/" && cp "$work/plain/small.jsonl" "$work/zst/"

# run RANKS INPUT OUT: minhash with every output and a 1 MiB record limit.
run() {
  "${mpirun[@]}" -n "$1" "$neardup" minhash -i "$2" -o "$3" --overwrite --max-doc-mb 1 \
    --write-deduped --write-removed --write-pairs >"$3.log" 2>&1
}

# rows OUT PART: the part's rows, decompressed, input names made plain, sorted.
rows() {
  for f in "$1/$2"/*; do
    case "$f" in
      *.gz) gzip -dc "$f" ;;
      *.zst) zstd -q -dc "$f" ;;
      *) cat "$f" ;;
    esac
  done | sed -e 's#/\(plain\|gz\|zst\)/big\.jsonl\(\.gz\|\.zst\)\?#/in/big.jsonl#g' \
    -e 's#/\(plain\|gz\|zst\)/small\.jsonl#/in/small.jsonl#g' | sort
}

# same_as_plain OUT: OUT's outputs and counts are the plain corpus's at 1 rank.
same_as_plain() {
  for part in clusters pairs deduped removed; do
    cmp -s <(rows "$work/plain-1" "$part") <(rows "$1" "$part") ||
      fail "$1: $part differs from the plain corpus's"
  done
  for key in docs_read docs_kept docs_removed docs_skipped; do
    [ "$(stat_of "$work/plain-1" "$key")" = "$(stat_of "$1" "$key")" ] ||
      fail "$1: $key $(stat_of "$1" "$key"), plain $(stat_of "$work/plain-1" "$key")"
  done
}

run 1 "$work/plain" "$work/plain-1" || fail "plain at 1 rank: exit $?"
[ "$(stat_of "$work/plain-1" docs_removed)" -gt 100 ] || fail "few removed: proves little"
[ "$(stat_of "$work/plain-1" docs_skipped)" = 4 ] || fail "plain: 4 skipped records expected"
for kind in gz zst; do
  for ranks in 1 2 3 4; do
    out="$work/$kind-$ranks"
    run "$ranks" "$work/$kind" "$out" || { fail "$kind at $ranks ranks: exit $?"; continue; }
    same_as_plain "$out"
    if [ "$ranks" -gt 1 ]; then
      grep -q "records handed to every rank" "$out.log" || fail "$out: the file was not shared"
      owners=$(tr -d ' \n' <"$out/stats.json" | grep -o '"documents_per_rank":\[[0-9,]*' |
        grep -o '[1-9][0-9]*' | wc -l)
      [ "$owners" -ge $((ranks - 1)) ] || fail "$out: documents on $owners ranks of $ranks"
    fi
  done
done
# Killed after its clusters and resumed at 3 ranks: the shared file is read and handed out again
# (its sketches are not checkpointed), and the outputs are still the plain corpus's.
out="$work/gz-resumed"
NEARDUP_FAULT=0:clusters_saved:1 run 2 "$work/gz" "$out" && fail "the fault did not stop the run"
[ -f "$out/_checkpoint/manifest" ] || fail "no checkpoint to resume"
"${mpirun[@]}" -n 3 "$neardup" minhash -i "$work/gz" --resume "$out" --max-doc-mb 1 \
  --write-deduped --write-removed --write-pairs >"$out.resume.log" 2>&1 || fail "resume failed"
same_as_plain "$out"
finish "shared input: a big compressed file read by one rank, sketched by all"

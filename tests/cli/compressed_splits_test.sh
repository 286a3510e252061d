#!/usr/bin/env bash
# Splittable compressed inputs give the outputs of plain JSON Lines: one corpus as plain .jsonl,
# as zstd frames (pzstd's layout: a skippable frame before each frame) and as BGZF, minhash at
# 1-4 ranks with 1 MiB splits, so each compressed file is cut into several splits at frame
# starts whose lines cross frames. clusters/, removed/ (locations included, the file name aside)
# and deduped/ (the kept lines in input order) equal the plain run's; stats.json counts the same
# documents, more than one split per compressed file, and every compressed byte read once.
# Usage: compressed_splits_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
# (neardup-test-compress is taken from NEARDUP_TEST_COMPRESS, else beside GEN_CORPUS.)
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
compress="${NEARDUP_TEST_COMPRESS:-$(dirname "$gen")/neardup-test-compress}"
mkdir -p "$work/in/plain" "$work/in/zst" "$work/in/gz"
"$gen" -o "$work/in/plain/c.jsonl" --docs 2000 --seed 34 --min-tokens 80 --max-tokens 300 >/dev/null
# Frames of 20 KB and members of 64 KB: neither ends at line ends.
"$compress" zstd "$work/in/plain/c.jsonl" "$work/in/zst/c.jsonl.zst" --piece-bytes 20000 --skippable ||
  fail "neardup-test-compress zstd"
"$compress" bgzf "$work/in/plain/c.jsonl" "$work/in/gz/c.jsonl.gz" || fail "neardup-test-compress bgzf"

# run FORMAT RANKS: minhash over in/FORMAT at RANKS ranks into WORK/FORMAT-RANKS, every output.
run() {
  local out="$work/$1-$2"
  "${mpirun[@]}" -n "$2" "$neardup" minhash -i "$work/in/$1" -o "$out" --split-mb 1 --overwrite \
    --write-deduped --write-removed >"$out.log" 2>&1
}

# rows OUT PART: the decompressed rows of OUT/PART, sorted, the input file named as plain.
rows() {
  for file in "$1/$2"/*; do
    case "$file" in
      *.zst) zstd -dcq "$file" ;;
      *.gz) gzip -dc "$file" ;;
      *) cat "$file" ;;
    esac
  done | sed -e 's#in/zst/c\.jsonl\.zst#in/plain/c.jsonl#g' -e 's#in/gz/c\.jsonl\.gz#in/plain/c.jsonl#g' |
    LC_ALL=C sort
}

# deduped OUT: the kept lines, parts in split order (each part's name numbers its split).
deduped() {
  for file in $(ls "$1/deduped" | LC_ALL=C sort); do
    case "$file" in
      *.zst) zstd -dcq "$1/deduped/$file" ;;
      *.gz) gzip -dc "$1/deduped/$file" ;;
      *) cat "$1/deduped/$file" ;;
    esac
  done
}

# bytes_read OUT: the sum of stats.json's bytes_read_per_rank.
bytes_read() {
  sed -n '/"bytes_read_per_rank"/,/\]/p' "$1/stats.json" | grep -o '^ *[0-9]*' | awk '{ s += $1 } END { print s }'
}

run plain 1 || fail "plain at 1 rank: exit $?"
[ "$(stat_of "$work/plain-1" docs_removed)" -gt 0 ] || fail "nothing removed: proves nothing"
for format in zst gz; do
  size="$(stat -c %s "$work/in/$format"/c.jsonl.*)"
  [ "$size" -gt $((3 << 20)) ] || fail "$format: $size bytes, too few for 4 splits of 1 MiB"
  for ranks in 1 2 3 4; do
    out="$work/$format-$ranks"
    run "$format" "$ranks" || { fail "$format at $ranks ranks: exit $?: $(tail -2 "$out.log")"; continue; }
    [ "$(stat_of "$out" splits)" -ge 3 ] || fail "$out: $(stat_of "$out" splits) splits, not cut"
    [ "$(bytes_read "$out")" = "$size" ] || fail "$out: read $(bytes_read "$out") of $size bytes"
    for key in docs_read docs_kept docs_removed docs_skipped; do
      [ "$(stat_of "$work/plain-1" "$key")" = "$(stat_of "$out" "$key")" ] ||
        fail "$out: $key $(stat_of "$out" "$key"), plain $(stat_of "$work/plain-1" "$key")"
    done
    for part in clusters removed; do
      cmp -s <(rows "$work/plain-1" "$part") <(rows "$out" "$part") || fail "$out: $part differs from plain's"
    done
    cmp -s <(deduped "$work/plain-1") <(deduped "$out") || fail "$out: deduped/ differs from plain's"
  done
done
ls "$work/gz-2/deduped" | grep -q 'part-00001\.jsonl\.gz' || fail "deduped/ has no second .jsonl.gz part"
finish "compressed splits: zstd frames and BGZF at 1-4 ranks give plain JSON Lines' outputs"

#!/usr/bin/env bash
# Scheduled re-runs with --cache: a corpus that grew by one small file reuses every other
# file's split sketches and gives the same outputs as a full run; a parameter that does not
# change sketches (the threshold) reuses all of them, one that does (--num-perm) none, and a
# touched input is sketched again. Many small files are cached a unit of them to a file, found
# again at another rank count.
# Usage: cache_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
make_corpus 30
# The night's new data: a few new documents and copies of earlier ones.
"$gen" -o "$work/new.jsonl" --docs 20 --seed 34 --min-tokens 100 --max-tokens 300 >/dev/null
(head -c 300000 "$work/new.jsonl" | head -n 30; sed -n '100,110p' "$work/in/a.jsonl") >"$work/bb.jsonl"

# run RANKS OUT [FLAGS...]
run() {
  local ranks="$1" out="$2"
  shift 2
  "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$work/in" -o "$out" --split-mb 1 \
    --write-pairs --write-deduped "$@" >"$out.log" 2>&1 || fail "run $out failed"
}
same_outputs() { same_parts "$1" "$2" clusters pairs deduped; }

run 2 "$work/night1" --cache "$work/cache"
[ "$(stat_of "$work/night1" splits_reused)" = 0 ] || fail "night1 reused splits of an empty cache"
old_splits=$(stat_of "$work/night1" splits)

cp "$work/bb.jsonl" "$work/in/bb.jsonl"  # sorts between b.jsonl and c.jsonl.gz: ids shift
run 2 "$work/night2" --cache "$work/cache"
run 2 "$work/full2"
same_outputs "$work/full2" "$work/night2"
reused=$(stat_of "$work/night2" splits_reused)
splits=$(stat_of "$work/night2" splits)
[ "$reused" = "$old_splits" ] && [ "$splits" -gt "$reused" ] ||
  fail "night2 reused $reused of $splits splits, wanted $old_splits"
grep -q "reused the sketches of $reused of $splits splits" "$work/night2.log" ||
  fail "night2 does not log the reuse"
[ "$(stat_of "$work/night2" docs_removed)" -gt "$(stat_of "$work/night1" docs_removed)" ] ||
  fail "the copies in the new file were not removed"

run 3 "$work/threshold" --cache "$work/cache" --threshold 0.7
run 3 "$work/threshold-full" --threshold 0.7
same_outputs "$work/threshold-full" "$work/threshold"
[ "$(stat_of "$work/threshold" splits_reused)" = "$splits" ] ||
  fail "another threshold did not reuse every sketch"

run 2 "$work/perm" --cache "$work/cache" --num-perm 64
[ "$(stat_of "$work/perm" splits_reused)" = 0 ] || fail "another --num-perm reused sketches"
run 2 "$work/sample" --cache "$work/cache" --shingle-sample 4
[ "$(stat_of "$work/sample" splits_reused)" = 0 ] || fail "another --shingle-sample reused sketches"

touch -d '2001-01-01' "$work/in/b.jsonl"
run 2 "$work/touched" --cache "$work/cache"
same_outputs "$work/full2" "$work/touched"
[ "$(stat_of "$work/touched" splits_reused)" -lt "$splits" ] ||
  fail "a touched input's splits were reused"

# 400 one-document files (planted duplicates among them): their sketches go a unit of files
# to a cache file, and a run at another rank count finds every one.
mkdir -p "$work/small"
head -n 400 "$work/in/a.jsonl" | split -l 1 -a 3 --additional-suffix=.jsonl - "$work/small/d"
small() {
  local ranks="$1" out="$2"
  shift 2
  "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$work/small" -o "$out" --write-pairs "$@" \
    >"$out.log" 2>&1 || fail "run $out failed"
}
small 2 "$work/small-2" --cache "$work/small-cache"
small 3 "$work/small-3" --cache "$work/small-cache"
small 3 "$work/small-full"
same_parts "$work/small-full" "$work/small-3" clusters pairs
cache_files=$(find "$work/small-cache" -type f | wc -l)
[ "$cache_files" -ge 1 ] && [ "$cache_files" -le 40 ] ||
  fail "400 small files took $cache_files cache files, wanted 1 to 40 (units of files)"
[ "$(stat_of "$work/small-3" splits_reused)" = 400 ] ||
  fail "3 ranks reused $(stat_of "$work/small-3" splits_reused) of 400 small files' sketches"

finish "cache: night2 reused $reused of $splits splits; outputs equal full runs; 400 small files in $cache_files cache files"

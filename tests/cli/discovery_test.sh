#!/usr/bin/env bash
# File discovery as users meet it: a directory walk logs the files it ignored (by extension,
# --include/--exclude, names starting with '.' or '_') and stats.json counts them; upper-case
# extensions are read; --include and --exclude work on every job that reads inputs (minhash,
# simhash, exact, index build, query); --format text reads .gz/.zst files decompressed and
# skips binary files as a counted binary_file. One process and under mpirun.
# Usage: discovery_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"

# in/: two JSON Lines files (one upper case), an old/ copy, and files a walk passes over.
"$gen" -o "$work/a.jsonl" --docs 300 --seed 21 --min-tokens 50 --max-tokens 200 >/dev/null
"$gen" -o "$work/b.jsonl" --docs 200 --seed 22 --min-tokens 50 --max-tokens 200 >/dev/null
mkdir -p "$work/in/sub" "$work/in/old" "$work/in/.git"
cp "$work/a.jsonl" "$work/in/a.jsonl"
cp "$work/b.jsonl" "$work/in/sub/B.JSONL"
cp "$work/a.jsonl" "$work/in/old/a.jsonl"
printf 'PAR1' >"$work/in/c.parquet"
printf 'BZh9' >"$work/in/sub/d.jsonl.bz2"
printf 'some notes\n' >"$work/in/notes.txt"
: >"$work/in/_SUCCESS"
printf 'x\n' >"$work/in/.git/HEAD"
docs=$(($(wc -l <"$work/a.jsonl") + $(wc -l <"$work/b.jsonl")))
ignored='ignored 6 files: 1 *.jsonl.bz2, 1 *.parquet, 1 *.txt, 1 excluded by --exclude, 2 named .* or _* (not entered) (directory walks read *.jsonl, *.json, *.ndjson, each also .gz or .zst; --format text reads every file as one document)'

# check_ignored NAME: NAME.log has the ignored line once and NAME/stats.json its counts.
check_ignored() {
  [ "$(grep -cF "$ignored" "$work/$1.log")" = 1 ] || fail "$1: no single line '$ignored'"
  python3 - "$work/$1/stats.json" <<'EOF' || fail "$1: stats.json ignored_files"
import json, sys
got = json.load(open(sys.argv[1]))["ignored_files"]
want = {"total": 6, "by_extension": {".jsonl.bz2": 1, ".parquet": 1, ".txt": 1},
        "not_included": 0, "excluded": 1, "not_regular": 0, "hidden": 2}
sys.exit(0 if got == want else f"ignored_files: {got}")
EOF
}

"$neardup" minhash -i "$work/in" -o "$work/one" --exclude 'old/*' >"$work/one.log" 2>&1 ||
  fail "minhash, one process: exit $?"
grep -q "RESULT job=minhash ranks=1 .* docs=$docs " "$work/one.log" ||
  fail "one process: not $docs docs (B.JSONL read?): $(grep RESULT "$work/one.log")"
check_ignored one
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/two" --exclude 'old/*' \
  >"$work/two.log" 2>&1 || fail "minhash, 2 ranks: exit $?"
grep -q "RESULT job=minhash ranks=2 .* docs=$docs " "$work/two.log" || fail "2 ranks: not $docs docs"
check_ignored two
cmp -s <(sort "$work"/one/clusters/*) <(sort "$work"/two/clusters/*) ||
  fail "the clusters of 1 and 2 ranks differ"
grep -q '"exclude": \[\s*"old/\*"\s*\]' <(tr -d '\n' <"$work/two/stats.json") ||
  fail "stats.json parameters do not record --exclude"

# --include on simhash and exact: only B.JSONL (patterns are case-sensitive, like fnmatch).
b_docs=$(wc -l <"$work/b.jsonl")
for job in simhash exact; do
  "${mpirun[@]}" -n 2 "$neardup" "$job" -i "$work/in" -o "$work/$job" --include '*.JSONL' \
    >"$work/$job.log" 2>&1 || fail "$job --include: exit $?"
  grep -q "RESULT job=$job ranks=2 .* docs=$b_docs " "$work/$job.log" ||
    fail "$job --include '*.JSONL': not $b_docs docs"
  [ "$(stat_of "$work/$job" not_included)" = 2 ] || fail "$job: not_included is not 2"
done

# index build with --exclude, query with --include: query answers a.jsonl's lines only.
"${mpirun[@]}" -n 2 "$neardup" index build -i "$work/in" -o "$work/index" --exclude 'old/*' \
  >"$work/index.log" 2>&1 || fail "index build --exclude: exit $?"
grep -q "RESULT job=index ranks=2 indexed=$docs " "$work/index.log" || fail "index: not $docs docs"
grep -qF "ignored 6 files: " "$work/index.log" || fail "index build does not log what it ignored"
"$neardup" query --index "$work/index" -i "$work/in" --include 'a.*' --exclude 'old/*' \
  >"$work/answers.jsonl" 2>"$work/query.log" || fail "query --include: exit $?"
[ "$(wc -l <"$work/answers.jsonl")" = "$(wc -l <"$work/a.jsonl")" ] ||
  fail "query --include 'a.*': $(wc -l <"$work/answers.jsonl") answers"
grep -qF "ignored 7 files: 1 *.jsonl.bz2, 1 *.parquet, 1 *.txt, 1 not matching --include, 1 excluded" \
  "$work/query.log" || fail "query does not log what it ignored: $(cat "$work/query.log")"

# --format text: a.txt, its copies as .gz and .ZST (one cluster of 3) and a PNG (binary).
mkdir -p "$work/text"
head -c 2000 "$work/a.jsonl" >"$work/text/a.txt"
gzip -c "$work/text/a.txt" >"$work/text/a2.txt.gz"
zstd -q -c "$work/text/a.txt" >"$work/text/a3.txt.ZST"
head -c 1000 "$work/b.jsonl" >"$work/text/b.txt"
printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR' >"$work/text/logo.png"
for ranks in 1 2; do
  out="$work/text-$ranks"
  "${mpirun[@]}" -n "$ranks" "$neardup" minhash --format text -i "$work/text" -o "$out" \
    --write-deduped >"$out.log" 2>&1 || fail "text, $ranks ranks: exit $?"
  grep -q "RESULT job=minhash ranks=$ranks .* docs=5 kept=2 removed=2 skipped=1 clusters=1 " \
    "$out.log" || fail "text, $ranks ranks: $(grep RESULT "$out.log")"
  grep -q "text/logo.png: skipped: binary_file (a NUL byte in the first 8192 bytes)" "$out.log" ||
    fail "text, $ranks ranks: the binary file is not logged"
  [ "$(stat_of "$out" binary_file)" = 1 ] || fail "text, $ranks ranks: binary_file is not 1"
  [ "$(cut -f2 "$out"/clusters/*.tsv | sort -u)" = a.txt ] ||
    fail "text, $ranks ranks: the cluster is not kept as a.txt"
done
finish "discovery: ignored files logged and counted, filters on every job, text decompressed"

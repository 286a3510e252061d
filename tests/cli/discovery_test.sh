#!/usr/bin/env bash
# File discovery as users meet it: a directory walk logs the files and folders it ignored (by
# extension, --include/--exclude, hidden names, neardup's own outputs) and stats.json counts
# them; upper-case extensions are read; --include and --exclude work on every job that reads
# inputs (minhash, simhash, exact, index build, query); --format text reads .gz/.zst files
# decompressed and skips binary files as a counted binary_file. A source tree in text mode
# reads __init__.py and _private/; inputs in another format than the run reads (JSON Lines in
# a text run, prose or UTF-16 in a JSON Lines run, a 0-byte .gz) are warned about by name and
# counted; a broken link is counted, a second name of a file is read once; an invalid
# --include pattern or -i glob exits 2. One process and under mpirun.
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
ignored='ignored 5 files: 1 *.jsonl.bz2, 1 *.parquet, 1 *.txt, 1 excluded by --exclude, 1 neardup output (_SUCCESS, _LOCK...); did not enter 1 folder: 1 hidden (.*) (directory walks read *.jsonl, *.json, *.ndjson, each also .gz or .zst; --format text reads every file as one document)'

# check_ignored NAME: NAME.log has the ignored line once and NAME/stats.json its counts.
check_ignored() {
  [ "$(grep -cF "$ignored" "$work/$1.log")" = 1 ] || fail "$1: no single line '$ignored'"
  python3 - "$work/$1/stats.json" <<'EOF' || fail "$1: stats.json ignored_files"
import json, sys
got = json.load(open(sys.argv[1]))["ignored_files"]
want = {"total": 5, "by_extension": {".jsonl.bz2": 1, ".parquet": 1, ".txt": 1},
        "not_included": 0, "excluded": 1, "not_regular": 0, "broken_links": 0, "hidden": 0,
        "own_outputs": 1, "aliases": 0, "total_dirs": 1, "hidden_dirs": 1, "own_output_dirs": 0}
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
grep -qF "ignored 5 files: " "$work/index.log" || fail "index build does not log what it ignored"
"$neardup" query --index "$work/index" -i "$work/in" --include 'a.*' --exclude 'old/*' \
  >"$work/answers.jsonl" 2>"$work/query.log" || fail "query --include: exit $?"
[ "$(wc -l <"$work/answers.jsonl")" = "$(wc -l <"$work/a.jsonl")" ] ||
  fail "query --include 'a.*': $(wc -l <"$work/answers.jsonl") answers"
grep -qF "ignored 6 files: 1 *.jsonl.bz2, 1 *.parquet, 1 *.txt, 1 not matching --include, 1 excluded" \
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
# A source tree in text mode: __init__.py and _private/ are read; .git/, _checkpoint/ and
# _SUCCESS are passed over and counted apart (files, folders); a broken link is counted; a
# second name of a file is read once; --include '.env' reads a hidden file.
mkdir -p "$work/tree/pkg/_private" "$work/tree/.git" "$work/tree/_checkpoint"
for f in pkg/__init__.py pkg/_private/impl.py pkg/main.py; do
  printf '%s %s\n' "$f" "$(head -c 900 "$work/b.jsonl" | tail -c 400 | tr -dc 'a-z ')" \
    >"$work/tree/$f"
done
printf 'ref\n' >"$work/tree/.git/HEAD"
printf 'x\n' >"$work/tree/_checkpoint/manifest"
printf '{}\n' >"$work/tree/_SUCCESS"
printf 'SECRET=1\n' >"$work/tree/.env"
ln -s nowhere.py "$work/tree/dangling.py"
ln -s pkg/main.py "$work/tree/main-link.py"
"$neardup" minhash --format text -i "$work/tree" -o "$work/tree-out" >"$work/tree.log" 2>&1 ||
  fail "source tree: exit $?"
grep -q "RESULT job=minhash ranks=1 .* docs=3 " "$work/tree.log" ||
  fail "source tree: not 3 documents: $(grep RESULT "$work/tree.log")"
grep -qF "ignored 4 files: 1 broken symbolic link, 1 hidden (.*), 1 neardup output (_SUCCESS, _LOCK...), 1 another name of a file read, read once ($work/tree/main-link.py = $work/tree/pkg/main.py); did not enter 2 folders: 1 hidden (.*), 1 neardup output (_checkpoint, _tmp...)" \
  "$work/tree.log" || fail "source tree: the ignored line: $(grep ignored "$work/tree.log")"
python3 - "$work/tree-out/stats.json" <<'EOF' || fail "source tree: stats.json ignored_files"
import json, sys
got = json.load(open(sys.argv[1]))["ignored_files"]
want = {"broken_links": 1, "hidden": 1, "own_outputs": 1, "aliases": 1, "total": 4,
        "total_dirs": 2, "hidden_dirs": 1, "own_output_dirs": 1}
sys.exit(0 if all(got[k] == v for k, v in want.items()) else f"ignored_files: {got}")
EOF
"$neardup" minhash --format text -i "$work/tree" -o "$work/tree-env" --include '.env' \
  --include '*.py' >"$work/tree-env.log" 2>&1 || fail "source tree --include .env: exit $?"
grep -q "RESULT job=minhash ranks=1 .* docs=4 " "$work/tree-env.log" ||
  fail "source tree --include '.env': not 4 documents: $(grep RESULT "$work/tree-env.log")"
# Through a symbolic link above the inputs (a home directory on a cluster), the file's own name
# is still the one read, not its link.
ln -s "$work" "$work-link"
"$neardup" minhash --format text -i "$work-link/tree" -o "$work/tree-linked" \
  >"$work/tree-linked.log" 2>&1 || fail "source tree through a linked directory: exit $?"
grep -qF "read once ($work-link/tree/main-link.py = $work-link/tree/pkg/main.py)" \
  "$work/tree-linked.log" ||
  fail "source tree through a linked directory: $(grep ignored "$work/tree-linked.log")"
rm -f "$work-link"

# Formats the run does not read, warned about by name and counted in input_warnings: a JSON
# Lines file (by name, and by content) in a text run; prose, UTF-16 and a 0-byte .gz in a JSON
# Lines run.
mkdir -p "$work/mixed-text" "$work/mixed-jsonl"
printf 'Some prose, {not} JSON.\n{nor this}\n' >"$work/mixed-text/a.txt"
cp "$work/a.jsonl" "$work/mixed-text/all.jsonl"
head -3 "$work/b.jsonl" >"$work/mixed-text/dump.log"
cp "$work/a.jsonl" "$work/mixed-jsonl/a.jsonl"
printf 'Dear diary,\nit rained.\n' >"$work/mixed-jsonl/notes.jsonl"
head -3 "$work/b.jsonl" | iconv -f UTF-8 -t UTF-16 >"$work/mixed-jsonl/wide.jsonl"
: >"$work/mixed-jsonl/empty.jsonl.gz"
# warned LOG WHAT FILE: LOG has a warning "FILE: WHAT".
warned() { grep -qF "warning: $3: $2" "$1" || fail "$1: no warning '$3: $2'"; }
for ranks in 1 2; do
  out="$work/mixed-text-$ranks"
  "${mpirun[@]}" -n "$ranks" "$neardup" minhash --format text -i "$work/mixed-text" -o "$out" \
    >"$out.log" 2>&1 || fail "mixed text, $ranks ranks: exit $?"
  warned "$out.log" "looks like JSON Lines" "$work/mixed-text/all.jsonl"
  warned "$out.log" "looks like JSON Lines" "$work/mixed-text/dump.log"
  [ "$(stat_of "$out" jsonl_in_text)" = 2 ] || fail "mixed text, $ranks ranks: jsonl_in_text"
  out="$work/mixed-jsonl-$ranks"
  "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$work/mixed-jsonl" -o "$out" \
    >"$out.log" 2>&1 || fail "mixed jsonl, $ranks ranks: exit $?"
  warned "$out.log" "does not look like JSON Lines" "$work/mixed-jsonl/notes.jsonl"
  warned "$out.log" "looks like UTF-16" "$work/mixed-jsonl/wide.jsonl"
  grep -qF "convert it, e.g. iconv -f UTF-16 -t UTF-8" "$out.log" || fail "mixed jsonl: no iconv"
  warned "$out.log" "empty (0 bytes), so no gzip data and no documents" \
    "$work/mixed-jsonl/empty.jsonl.gz"
  for key in not_jsonl utf16 empty_compressed; do
    [ "$(stat_of "$out" "$key")" = 1 ] || fail "mixed jsonl, $ranks ranks: $key is not 1"
  done
done

# An --include pattern or -i glob fnmatch cannot match anything with: exit 2, named.
for job in minhash query; do
  case "$job" in
    minhash) args=(minhash -o "$work/bad-glob") ;;
    query) args=(query --index "$work/index") ;;
  esac
  for bad in "--include [" "-i $work/in/[ab.jsonl"; do
    "$neardup" "${args[@]}" -i "$work/in" ${bad% *} "${bad#* }" >"$work/bad-glob.log" 2>&1
    status=$?
    [ "$status" = 2 ] || fail "$job $bad: exit $status, wanted 2"
    grep -qF -- "${bad% *} '${bad#* }': [ opens a set that no ] closes" "$work/bad-glob.log" ||
      fail "$job $bad: the pattern is not named: $(cat "$work/bad-glob.log")"
  done
done
finish "discovery: what walks ignore logged and counted (files, folders), filters on every job, text decompressed, other formats warned by name"

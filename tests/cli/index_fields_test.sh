#!/usr/bin/env bash
# `index build` and `index add` read the documents by --text-field and --id-field, as the dedup
# jobs do: an add names the batch's own fields (or takes the index's), and every skipped line
# is logged with its reason like the jobs log them.
# Usage: index_fields_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"

# A corpus with the usual fields, and a batch of 50 documents in two files with body/docid.
"$gen" -o "$work/in/corpus.jsonl" --docs 200 --seed 5 --min-tokens 50 --max-tokens 200 >/dev/null
mkdir -p "$work/batch"
for file in 0 1; do
  for i in $(seq $((file * 25)) $((file * 25 + 24))); do
    printf '{"docid": "batch-%d", "body": "batch document %d %s"}\n' "$i" "$i" \
      "$(seq -s ' ' $((i * 7)) $((i * 7 + 40)) | sed 's/[0-9]*/w&/g')"
  done >"$work/batch/part-$file.jsonl"
done
query_line() { sed -n 8p "$work/batch/part-1.jsonl"; }  # batch-32

# index RANKS OUT ARGS...: runs neardup index ARGS on RANKS ranks, output in OUT.log.
index() {
  local ranks="$1" out="$2"
  shift 2
  "${mpirun[@]}" -n "$ranks" "$neardup" index "$@" >"$out.log" 2>&1 || fail "index $* failed"
}

# An index of the corpus (text/id), then the batch added with its own fields.
index 2 "$work/add" build -i "$work/in" -o "$work/index"
index 2 "$work/add" add -i "$work/batch" -o "$work/index" --text-field body --id-field docid
grep -q "RESULT job=index ranks=2 indexed=50 " "$work/add.log" ||
  fail "index add --text-field body --id-field docid: $(grep RESULT "$work/add.log")"
grep -q "the index was built with text field text, id field id" "$work/add.log" ||
  fail "index add does not say that the batch's fields differ from the index's"
query_line | "$neardup" query --index "$work/index" --text-field body --id-field docid |
  grep -q '"id": "batch-32", "matches": \[{"id": "batch-32", "similarity": 1.000000' ||
  fail "the added batch is not found by its docid"

# Without the flags an add reads the index's fields: every line is skipped, which the skip
# guard refuses, naming the keys found; allowed, the skips are logged with their reasons.
"${mpirun[@]}" -n 2 "$neardup" index add -i "$work/batch" -o "$work/index" \
  >"$work/guarded.log" 2>&1 && fail "index add with every line skipped exited 0"
grep -q 'skipped: missing_text (no "text" in the record; its keys: docid, body; .*--text-field' \
  "$work/guarded.log" || fail "index add: the skip guard does not name the keys found"
index 2 "$work/skips" add -i "$work/batch" -o "$work/index" --max-skip-fraction 1
grep -q "indexed=0 " "$work/skips.log" || fail "$(grep RESULT "$work/skips.log")"
[ "$(grep -c "batch/part-[01].jsonl:[0-9]*: skipped: missing_text (no \"text\"" "$work/skips.log")" = 10 ] ||
  fail "index add does not log 10 examples of missing_text: $(cat "$work/skips.log")"

# An index built with the batch's fields keeps them: add and query default to them.
index 1 "$work/build" build -i "$work/batch/part-0.jsonl" -o "$work/body-index" \
  --text-field body --id-field docid
grep -q "indexed=25 " "$work/build.log" || fail "index build --text-field body: not indexed"
index 1 "$work/build-add" add -i "$work/batch/part-1.jsonl" -o "$work/body-index"
grep -q "indexed=25 index_docs=50 " "$work/build-add.log" ||
  fail "index add into a body/docid index: $(grep RESULT "$work/build-add.log")"
query_line | "$neardup" query --index "$work/body-index" |
  grep -q '"id": "batch-32", "matches": \[{"id": "batch-32", "similarity": 1.000000' ||
  fail "query does not default to the index's fields"
finish "index fields: build and add read --text-field and --id-field, skips logged"

#!/usr/bin/env bash
# `neardup query` echoes each query line in its answer: its id (--id-field, a string or a
# number's text) and its --keep-field fields as written (nested objects, arrays, numbers of any
# precision), a missing field left out, in answers, error answers and --dedup-list answers
# alike; the same answers from one process (standard input) and under mpirun at 1 and 2 ranks.
# Usage: query_echo_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"

"$gen" -o "$work/in/corpus.jsonl" --docs 100 --seed 9 --min-tokens 50 --max-tokens 120 >/dev/null
"${mpirun[@]}" -n 2 "$neardup" index build -i "$work/in" -o "$work/index" -q >"$work/build.log" 2>&1 ||
  fail "index build failed: $(cat "$work/build.log")"

# Queries with the corpus's first texts and fields of every kind; one of each error.
python3 - "$work/in/corpus.jsonl" >"$work/queries.jsonl" <<'PY'
import json, sys
docs = [json.loads(line) for line in open(sys.argv[1])][:4]
t = [d["text"] for d in docs]
print('{"key": "q-1", "text": %s, "meta": {"url": "http://a/1", "score": 0.930, '
      '"tags": ["x", {"y": 1}]}, "rank": 1.50}' % json.dumps(t[0]))
print('{"key": 12345678901234567890123, "meta": {"url": "http://a/2"}, "text": %s}' % json.dumps(t[1]))
print('{"key": "q-3", "body": "no text field", "rank": -0, "meta": {"score": 1e400}}')
print('{"key": "q-4", "text": ')
print('{"text": %s, "meta": "flat", "rank": null}' % json.dumps(t[2]))
print('{"key": "q-\\u00e9\\"", "text": %s, "meta": {"url": null, "score": 2E-3}}' % json.dumps(t[3]))
print('{"key": "list-1", "meta": {"url": "http://list"}, "results": [{"key": "r1", "text": %s}, '
      '{"key": "r2", "text": %s}, "w1 w2"]}' % (json.dumps(t[0]), json.dumps(t[0])))
PY
head -6 "$work/queries.jsonl" >"$work/plain.jsonl"
tail -1 "$work/queries.jsonl" >"$work/list.jsonl"
keep=(--id-field key --keep-field meta.url --keep-field meta.score --keep-field rank
  --keep-field meta --keep-field absent --keep-field meta.url)

"$neardup" query --index "$work/index" "${keep[@]}" <"$work/plain.jsonl" >"$work/direct.jsonl" ||
  fail "query failed"
for ranks in 1 2; do
  "${mpirun[@]}" -n $ranks "$neardup" query --index "$work/index" -i "$work/plain.jsonl" \
    "${keep[@]}" >"$work/ranks$ranks.jsonl" || fail "query under mpirun -n $ranks failed"
  cmp -s "$work/direct.jsonl" "$work/ranks$ranks.jsonl" ||
    fail "query under mpirun -n $ranks answers differently from one process"
done
"$neardup" query --index "$work/index" --dedup-list 5 "${keep[@]}" <"$work/list.jsonl" \
  >"$work/list-answer.jsonl" || fail "query --dedup-list failed"

# Every answer is JSON whose "id" and "fields" are the query's own (read here with python3), in
# the order asked, and the fields' values are the query's bytes: numbers as written.
python3 - "$work/queries.jsonl" "$work/direct.jsonl" "$work/list-answer.jsonl" <<'PY' ||
import json, sys
queries = open(sys.argv[1]).read().splitlines()
answers = open(sys.argv[2]).read().splitlines() + open(sys.argv[3]).read().splitlines()
assert len(answers) == len(queries), (len(answers), answers)
paths = ["meta.url", "meta.score", "rank", "meta", "absent"]
def at(record, path):
    for key in path.split("."):
        if not isinstance(record, dict) or key not in record:
            raise KeyError(path)
        record = record[key]
    return record
for number, (query, answer) in enumerate(zip(queries, answers), 1):
    got = json.loads(answer)
    assert got["line"] == (number if number < 7 else 1), answer
    try:
        record = json.loads(query)
    except ValueError:
        assert got == {"line": number, "error": "malformed_json"}, answer
        continue
    assert list(got)[:2] == ["line", "id"] or "key" not in record, answer
    if "key" in record:
        key = query.split('"key": ')[1].split(",")[0]  # the id as written
        assert got["id"] == (record["key"] if key.startswith('"') else key), (got["id"], key)
    else:
        assert "id" not in got, answer
    want = {}
    for path in paths:
        try:
            want[path] = at(record, path)
        except KeyError:
            pass
    assert got["fields"] == want, (got["fields"], want)
    assert list(got["fields"]) == [p for p in paths if p in want], answer
    assert answer.count('"meta.url": ') <= 1, answer  # named twice, echoed once
first, big, missing, _, no_id, escaped, listed = [json.loads(a) for a in answers]
assert '"meta.score": 0.930, "rank": 1.50, "meta": {"url": "http://a/1", "score": 0.930, ' \
    '"tags": ["x", {"y": 1}]}}' in answers[0], answers[0]
assert first["matches"] and "error" not in first, answers[0]
assert big["id"] == "12345678901234567890123" and big["matches"], answers[1]
assert missing["error"] == "missing_text" and '"rank": -0, "meta": {"score": 1e400}}' in answers[2]
assert no_id["fields"] == {"meta": "flat", "rank": None}, answers[4]
assert escaped["id"] == 'q-\u00e9"' and '"meta.score": 2E-3' in answers[5], answers[5]
assert listed["id"] == "list-1" and listed["fields"] == {"meta.url": "http://list", "meta": {"url": "http://list"}}
assert listed["kept"] == ["r1", "#2"] and listed["dropped"][0]["id"] == "r2", answers[6]
PY
  fail "the answers do not echo the queries: $(cat "$work/direct.jsonl" "$work/list-answer.jsonl" | cut -c1-300)"
# Text files are queries as the jobs read them: one per file, named by its relative path, in
# error answers too: one holds an indexed document's text (so it matches it, and its near
# copies), one unrelated words, one a NUL byte (binary_file, as the jobs skip it).
python3 - "$work/in/corpus.jsonl" "$work/texts" <<'PY'
import json, os, sys
first = json.loads(open(sys.argv[1]).readline())
os.makedirs(sys.argv[2] + "/sub", exist_ok=True)
open(sys.argv[2] + "/sub/copy.txt", "w").write(first["text"])
open(sys.argv[2] + "/other.txt", "w").write("granite lantern quiet orchard velvet harbour")
open(sys.argv[2] + "/blob.txt", "wb").write(b"words then a NUL \0 byte")
print(first["id"], file=open(sys.argv[2] + "/../copied-id", "w"))
PY
"$neardup" query --index "$work/index" --format text -i "$work/texts" >"$work/texts.jsonl" ||
  fail "query --format text failed"
python3 - "$work/texts.jsonl" "$(cat "$work/copied-id")" <<'PY' ||
import json, sys
answers = [json.loads(line) for line in open(sys.argv[1])]
assert [a["id"] for a in answers] == ["blob.txt", "other.txt", "sub/copy.txt"], answers
assert answers[0] == {"line": 1, "id": "blob.txt", "error": "binary_file"}, answers[0]
assert answers[1]["matches"] == [], answers[1]
assert {"id": sys.argv[2], "similarity": 1.0} in answers[2]["matches"], answers[2]
PY
  fail "query --format text answers: $(cut -c1-300 "$work/texts.jsonl")"
for format in text jsonl.gz; do
  "$neardup" query --index "$work/index" --format $format </dev/null >/dev/null 2>"$work/usage.log"
  [ $? -eq 2 ] && grep -q "needs -i" "$work/usage.log" ||
    fail "query --format $format without -i: $(cat "$work/usage.log")"
done
finish "query echo: ids and kept fields as written in every answer, at 1 and 2 ranks; text files"

#!/usr/bin/env bash
# Input lines at the edges of JSON: every line of every JSON output (removed/, stats.json, query
# answers) is valid JSON (python3 json.loads) whatever bytes the input holds; a removed line
# that is not UTF-8 is kept whole in original_base64; numbers beyond 64 bits or double's range
# are valid and numeric ids keep their text in every output; query answers a line longer than
# --max-doc-mb (64 MiB by default) with doc_too_large.
# Usage: json_edges_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"

# Five copies of one text (so four are removed), each line with something at the edge: invalid
# UTF-8 in string values (0xFF, a truncated sequence, an overlong '/', a surrogate, a code
# point above U+10FFFF), ids and other numbers beyond 64 bits or double's range.
python3 - "$work/in/edges.jsonl" <<'EOF'
import sys
text = b" ".join(b"w%d" % (i % 40) for i in range(120))
lines = [
    b'{"id": "plain", "text": "' + text + b'"}',
    b'{"id": "bad\xff", "text": "' + text + b' \xff\xfe \xe2\x82 \xc0\xaf", "k\xf4\x90\x80\x80": 1}',
    b'{"id": 123456789012345678901234567890, "text": "' + text + b'"}',
    b'{"text": "' + text + b' \xed\xa0\x80", "id": 1e400, "n": [-99999999999999999999999, 2E-999]}',
    b'{"id": -1.50e+999, "meta": {"big": 18446744073709551616}, "text": "' + text + b'"}',
]
open(sys.argv[1], "wb").write(b"\n".join(lines) + b"\n")
EOF

# check_json FILE...: every line of every FILE is valid JSON; prints the objects, one a line.
check_json() {
  python3 - "$@" <<'EOF' || fail "invalid JSON in $*"
import json, sys
for name in sys.argv[1:]:
    for number, line in enumerate(open(name, "rb"), 1):
        try:
            print(json.dumps(json.loads(line), sort_keys=True))
        except ValueError as e:
            sys.exit("%s:%d: %s: %r" % (name, number, e, line[:80]))
EOF
}

for job in minhash exact; do
  out="$work/$job"
  "${mpirun[@]}" -n 2 "$neardup" $job -i "$work/in" -o "$out" --write-removed --write-pairs \
    >"$out.log" 2>&1 || fail "$job failed"
  [ "$(stat_of "$out" docs_skipped)" = 0 ] || fail "$job skipped lines"
  [ "$(stat_of "$out" docs_removed)" = 4 ] || fail "$job did not remove the four copies"
  # stats.json is JSON and says how the run was started: its command line, retyped.
  python3 -c 'import json, sys; s = json.load(open(sys.argv[1], "rb")); sys.exit(
    s["command_line"] != sys.argv[2])' "$out/stats.json" \
    "$neardup $job -i $work/in -o $out --write-removed --write-pairs" ||
    fail "$job: stats.json is not valid JSON or lacks the command line"
  check_json "$out"/removed/*.jsonl >"$out.removed"
  # Each removed row gives back its input line byte for byte, as text or as base64.
  python3 - "$work/in/edges.jsonl" "$out.removed" <<'EOF' || fail "$job: removed/ rows"
import base64, json, sys
lines = open(sys.argv[1], "rb").read().split(b"\n")
for row in map(json.loads, open(sys.argv[2])):
    line = lines[int(row["location"].rsplit(":", 1)[1]) - 1]
    if "original_base64" in row:
        assert "original" not in row and base64.b64decode(row["original_base64"]) == line, row
        assert b"\xff" in line or b"\xed" in line, row
    else:
        assert row["original"].encode() == line, row
ids = sorted(json.loads(row)["id"] for row in open(sys.argv[2]))
assert ids == sorted(["bad\ufffd", "123456789012345678901234567890", "1e400", "-1.50e+999"]), ids
EOF
  grep -q $'^123456789012345678901234567890\tplain\t0\t1.000000$' "$out"/clusters/part-*.tsv ||
    fail "$job: the big numeric id is not kept as written in clusters/"
done

# query: the same lines as queries, and as the results of a --dedup-list line.
index="$work/index"
"${mpirun[@]}" -n 2 "$neardup" index build -i "$work/in" -o "$index" -q >/dev/null 2>&1 ||
  fail "index build failed"
"$neardup" query --index "$index" -i "$work/in/edges.jsonl" >"$work/answers.jsonl" ||
  fail "query failed"
check_json "$work/answers.jsonl" >"$work/answers.parsed"
grep -q '"error"' "$work/answers.parsed" && fail "a query line was answered with an error"
for id in '"bad\\ufffd"' '"123456789012345678901234567890"' '"1e400"' '"-1.50e+999"'; do
  grep -q "\"id\": $id, \"line\"" "$work/answers.parsed" || fail "no answer with id $id"
done
python3 - "$work/in/edges.jsonl" >"$work/list.jsonl" <<'EOF'
import sys
lines = open(sys.argv[1], "rb").read().split(b"\n")[:5]
sys.stdout.buffer.write(b'{"results": [' + b", ".join(lines) + b', "w1 w2"], "n": 1e400}\n')
EOF
"$neardup" query --index "$index" --dedup-list 5 <"$work/list.jsonl" >"$work/list-answer.jsonl"
check_json "$work/list-answer.jsonl" >"$work/list-answer.parsed"
grep -q '"kept": \["plain", "#5"\]' "$work/list-answer.parsed" ||
  fail "dedup-list: $(cat "$work/list-answer.parsed")"
grep -q '"id": "123456789012345678901234567890"' "$work/list-answer.parsed" ||
  fail "dedup-list: the big numeric id is not kept as written"

# A line over --max-doc-mb (the default 64 MiB, and 1 MiB) between two ordinary ones.
python3 - "$work/large.jsonl" <<'EOF'
import sys
with open(sys.argv[1], "wb") as f:
    f.write(b'{"id": "before", "text": "w1 w2 w3"}\n{"id": "large", "text": "')
    f.write(b"w1 " * (23 << 20))
    f.write(b'"}\n{"id": "after", "text": "w1 w2 w3"}\n')
EOF
for flags in "" "--max-doc-mb 1"; do
  "$neardup" query --index "$index" -i "$work/large.jsonl" $flags >"$work/large-answers.jsonl"
  [ "$(sed -n 2p "$work/large-answers.jsonl")" = '{"line": 2, "error": "doc_too_large"}' ] ||
    fail "query -i $flags: $(cut -c1-100 "$work/large-answers.jsonl")"
  "$neardup" query --index "$index" $flags <"$work/large.jsonl" >"$work/large-answers.jsonl"
  [ "$(sed -n 2p "$work/large-answers.jsonl")" = '{"line": 2, "error": "doc_too_large"}' ] &&
    grep -q '"line": 3, "id": "after"' "$work/large-answers.jsonl" ||
    fail "query (standard input) $flags: $(cut -c1-100 "$work/large-answers.jsonl")"
done
finish "json edges: outputs are valid JSON, big numbers kept, large queries doc_too_large"

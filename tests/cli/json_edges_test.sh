#!/usr/bin/env bash
# Input lines at the edges of JSON: every line of every JSON output (removed/, stats.json, query
# answers) is valid JSON (python3 json.loads) whatever bytes the input holds; a removed line
# that is not UTF-8 is kept whole in original_base64.
# Usage: json_edges_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"

# Three copies of one text (so two are removed), two with invalid UTF-8 in string values (0xFF,
# a truncated sequence, an overlong '/', a surrogate, a code point above U+10FFFF).
python3 - "$work/in/edges.jsonl" <<'EOF'
import sys
text = b" ".join(b"w%d" % (i % 40) for i in range(120))
lines = [
    b'{"id": "plain", "text": "' + text + b'"}',
    b'{"id": "bad\xff", "text": "' + text + b' \xff\xfe \xe2\x82 \xc0\xaf", "k\xf4\x90\x80\x80": 1}',
    b'{"text": "' + text + b' \xed\xa0\x80", "id": "surrogate"}',
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
  [ "$(stat_of "$out" docs_removed)" = 2 ] || fail "$job did not remove the two copies"
  python3 -c 'import json, sys; json.load(open(sys.argv[1], "rb"))' "$out/stats.json" ||
    fail "$job: stats.json is not valid JSON"
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
assert ids == sorted(["bad\ufffd", "surrogate"]), ids
EOF
done

# query: the same lines as queries.
index="$work/index"
"${mpirun[@]}" -n 2 "$neardup" index build -i "$work/in" -o "$index" -q >/dev/null 2>&1 ||
  fail "index build failed"
"$neardup" query --index "$index" -i "$work/in/edges.jsonl" >"$work/answers.jsonl" ||
  fail "query failed"
check_json "$work/answers.jsonl" >"$work/answers.parsed"
grep -q '"error"' "$work/answers.parsed" && fail "a query line was answered with an error"
for id in '"bad\\ufffd"' '"surrogate"'; do
  grep -q "\"id\": $id, \"line\"" "$work/answers.parsed" || fail "no answer with id $id"
done
finish "json edges: outputs are valid JSON whatever the input bytes"

#!/usr/bin/env bash
# report.html with ids of 1 MB: eight documents (four planted pairs) whose ids are 1 MB each,
# two of them differing only in their middle byte. At 1 and 3 ranks the page stays under
# 200 KB (it was 16 MB), headless Chromium opens it and holds the counts table and a cut form
# of each id shown ("…", the full length, the XXH3), those forms all different; clusters/ still
# names the documents by their full ids.
# Usage: report_long_ids_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
browser="$(command -v chromium || command -v chromium-browser)" ||
  { echo "FAIL: no chromium (scripts/install-deps.sh installs it)" >&2; exit 1; }

python3 - "$work/in/docs.jsonl" <<'PY'
import json, sys
mb = 1 << 20
with open(sys.argv[1], "w") as out:
    for pair in range(4):
        words = " ".join(f"p{pair}w{i}" for i in range(80))
        for copy in "ab":
            if pair == 3:  # ids alike but for their middle byte
                doc_id = "x" * (mb // 2) + copy + "x" * (mb // 2)
            else:
                doc_id = f"id-{pair}{copy}-" + "y" * mb
            out.write(json.dumps({"id": doc_id, "text": words}) + "\n")
PY

for ranks in 1 3; do
  out="$work/out-$ranks"
  "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$work/in" -o "$out" >"$work/run.log" 2>&1 ||
    fail "$ranks ranks: the run failed: $(tail -5 "$work/run.log")"
  [ "$(stat_of "$out" docs_removed)" = 4 ] || fail "$ranks ranks: not 4 removed"
  size="$(stat -c %s "$out/report.html")"
  [ "$size" -lt 200000 ] || fail "$ranks ranks: report.html is $size bytes"
  [ "$(cat "$out"/clusters/part-*.tsv | wc -c)" -gt 8000000 ] ||
    fail "$ranks ranks: clusters/ no longer holds the full ids"
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --user-data-dir="$work/profile" --dump-dom "file://$out/report.html" >"$work/dom.html" \
    2>>"$work/browser.log" || fail "$ranks ranks: chromium could not open the page"
  grep -q '<th>removed</th><td class="n">4</td>' "$work/dom.html" ||
    fail "$ranks ranks: the page has no counts table"
  grep -q "id-0a-yyyy" "$work/dom.html" || fail "$ranks ranks: the ids' beginnings are not shown"
  grep -o "…[xy]*[ab]* \[[0-9]* bytes, xxh3 [0-9a-f]*\]" "$work/dom.html" | sort -u >"$work/shown"
  [ "$(wc -l <"$work/shown")" -eq 8 ] ||
    fail "$ranks ranks: not 8 distinct cut ids: $(cut -c1-80 "$work/shown" | tr '\n' ' ')"
  grep -q " \[1048582 bytes, xxh3 " "$work/shown" && grep -q " \[1048577 bytes, xxh3 " "$work/shown" ||
    fail "$ranks ranks: the full lengths are not noted"
done
finish "report.html cuts 1 MB ids: bounded, valid, each id recognisable"

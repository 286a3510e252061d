#!/usr/bin/env bash
# report.html in a real browser: a run over hand-made documents (two clusters, one of them of
# documents whose text is markup with a <script>, two singletons and a malformed line) writes
# report.html; headless Chromium opens it from the file system, takes a screenshot and dumps
# the page: it shows the run's counts, the <script> appears as text and never runs. With
# --no-report no page is written.
# Usage: report_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
browser="$(command -v chromium || command -v chromium-browser)" ||
  { echo "FAIL: no chromium (scripts/install-deps.sh installs it)" >&2; exit 1; }

words() { seq -f "$1%g" 1 60 | tr '\n' ' '; }
script='<script>document.title=\"pwned\"</script> <b>bold</b> & more'
a="$(words apple)" b="$(words berry)"
{
  echo "{\"id\": \"markup-1\", \"text\": \"$script $a\"}"
  echo "{\"id\": \"fruit-1\", \"text\": \"$b\"}"
  echo "{\"id\": \"markup-2\", \"text\": \"$script ${a/apple30 /changed }\"}"
  echo "{\"id\": \"single-1\", \"text\": \"$(words cherry)\"}"
  echo "{\"id\": \"fruit-2\", \"text\": \"${b/berry7 /other }\"}"
  echo "{\"id\": \"fruit-3\", \"text\": \"${b/berry50 /another }\"}"
  echo "{\"id\": \"single-2\", \"text\": \"$(words damson)\"}"
  echo "{\"id\": \"broken\", \"text\": "
} >"$work/in/docs.jsonl"

"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/out" --threshold 0.7 \
  >"$work/run.log" 2>&1 || fail "the run failed: $(tail -5 "$work/run.log")"
page="$work/out/report.html"
[ -s "$page" ] || fail "no report.html"
for key in docs_read docs_kept docs_removed docs_skipped clusters; do
  echo "$key=$(stat_of "$work/out" "$key")"
done >"$work/counts"
grep -qx "docs_read=8" "$work/counts" && grep -qx "docs_kept=4" "$work/counts" &&
  grep -qx "docs_removed=3" "$work/counts" && grep -qx "docs_skipped=1" "$work/counts" &&
  grep -qx "clusters=2" "$work/counts" || fail "unexpected counts: $(tr '\n' ' ' <"$work/counts")"

# The browser: no network, no GPU, no sandbox (root in CI), its own profile.
open_page() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --user-data-dir="$work/profile" --window-size=1200,2400 "$@" "file://$page" 2>>"$work/browser.log"
}
open_page --screenshot="$work/report.png" >/dev/null || fail "chromium could not take a screenshot"
[ "$(head -c 8 "$work/report.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] ||
  fail "the screenshot is not a PNG"
[ "$(stat -c %s "$work/report.png")" -gt 10000 ] || fail "the screenshot is (nearly) empty"
open_page --dump-dom >"$work/dom.html" || fail "chromium could not dump the page"

# cell NAME: the number in the counts table's row NAME, as the browser holds it.
cell() { grep -o "<th>$1</th><td class=\"n\">[0-9,]*</td>" "$work/dom.html" | grep -o '>[0-9,][0-9,]*<' | tr -d '<>'; }
[ "$(cell 'documents read')" = 8 ] || fail "page: documents read is '$(cell 'documents read')'"
[ "$(cell kept)" = 4 ] || fail "page: kept is '$(cell kept)'"
[ "$(cell removed)" = 3 ] || fail "page: removed is '$(cell removed)'"
[ "$(cell clusters)" = 2 ] || fail "page: clusters is '$(cell clusters)'"
grep -q "<th>malformed_json</th><td class=\"n\">1</td>" "$work/dom.html" ||
  fail "page: the malformed line is not counted"
grep -q "<title>neardup minhash report" "$work/dom.html" || fail "page: the title changed (a script ran?)"
grep -q "pwned" "$work/dom.html" || fail "page: the markup sample is missing"
grep -q "&lt;script&gt;document.title" "$work/dom.html" || fail "page: the <script> is not shown as text"
! grep -qi "<script" "$work/dom.html" || fail "page: holds a <script> element"
! grep -q "<b>bold</b>" "$work/dom.html" || fail "page: a document's markup became markup"
grep -q "markup-1" "$work/dom.html" && grep -q "fruit-1" "$work/dom.html" ||
  fail "page: the kept documents of the two clusters are not shown"
grep -q '<mark class="ins">changed</mark>' "$work/dom.html" || fail "page: the changed word is not marked"
grep -q "<polyline" "$work/dom.html" || fail "page: no S-curve"

"${mpirun[@]}" -n 1 "$neardup" minhash -i "$work/in" -o "$work/none" --threshold 0.7 --no-report \
  >"$work/none.log" 2>&1 || fail "the --no-report run failed"
[ ! -e "$work/none/report.html" ] || fail "--no-report wrote report.html"

finish "report.html: counts, escaped markup and S-curve in headless Chromium; --no-report writes none"

#!/usr/bin/env bash
# report.html in a real browser. A run over hand-made documents (two clusters, one of documents
# whose text is markup with a <script>, a pair just above the threshold whose text has a
# newline and differs in case and punctuation besides three words, two singletons and a
# malformed line) writes report.html; headless Chromium opens it from the file system, takes a
# screenshot and dumps the page: it shows the run's counts, version, command line and date, the
# hard case with its similarity (counted by hand) and both locations, the newline kept, only
# the three words marked, the <script> as text, never run. The hard cases are the same at 1
# and 3 ranks. A corpus with a chained cluster of 12 of 32 documents and one with 3 of 13
# records malformed get the warning banner; the first corpus none. --no-report writes no page.
# Usage: report_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
browser="$(command -v chromium || command -v chromium-browser)" ||
  { echo "FAIL: no chromium (scripts/install-deps.sh installs it)" >&2; exit 1; }

# words PREFIX [FIRST] LAST: PREFIXFIRST ... PREFIXLAST, space-separated.
words() { seq -f "$1%g" "${@:2}" | tr '\n' ' '; }
script='<script>document.title=\"pwned\"</script> <b>bold</b> & more'
a="$(words apple 60)" b="$(words berry 60)" e="$(words elder 100)"
# The hard pair: 100 words, a newline after elder40; the second differs in elder30, elder50
# and elder70 (3 x 5 of the 96 word 5-grams: Jaccard 81 / 111 = 0.730) and, where the dedup
# does not look, in case and punctuation (Elder10, / elder10 and elder20-elder21 / elder20
# elder21).
hard1="${e/elder40 /elder40\\n}" && hard1="${hard1/elder10 /Elder10, }"
hard1="${hard1/elder20 elder21 /elder20-elder21 }"
hard2="${e/elder40 /elder40\\n}" && hard2="${hard2/elder30 /thirty }"
hard2="${hard2/elder50 /fifty }" && hard2="${hard2/elder70 /seventy }"
{
  echo "{\"id\": \"markup-1\", \"text\": \"$script $a\"}"
  echo "{\"id\": \"fruit-1\", \"text\": \"$b\"}"
  echo "{\"id\": \"markup-2\", \"text\": \"$script ${a/apple30 /changed }\"}"
  echo "{\"id\": \"single-1\", \"text\": \"$(words cherry 60)\"}"
  echo "{\"id\": \"fruit-2\", \"text\": \"${b/berry7 /other }\"}"
  echo "{\"id\": \"hard-1\", \"text\": \"$hard1\"}"
  echo "{\"id\": \"fruit-3\", \"text\": \"${b/berry50 /another }\"}"
  echo "{\"id\": \"single-2\", \"text\": \"$(words damson 60)\"}"
  echo "{\"id\": \"hard-2\", \"text\": \"$hard2\"}"
  echo "{\"id\": \"broken\", \"text\": "
} >"$work/in/docs.jsonl"

version="$("$neardup" --version | cut -d' ' -f2)"
day_before="$(date -u +%Y-%m-%d)"
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/in" -o "$work/out" --threshold 0.7 \
  --tmp-dir "$work/tmp dir" >"$work/run.log" 2>&1 || fail "the run failed: $(tail -5 "$work/run.log")"
day_after="$(date -u +%Y-%m-%d)"
page="$work/out/report.html"
[ -s "$page" ] || fail "no report.html"
for key in docs_read docs_kept docs_removed docs_skipped clusters; do
  echo "$key=$(stat_of "$work/out" "$key")"
done >"$work/counts"
grep -qx "docs_read=10" "$work/counts" && grep -qx "docs_kept=5" "$work/counts" &&
  grep -qx "docs_removed=4" "$work/counts" && grep -qx "docs_skipped=1" "$work/counts" &&
  grep -qx "clusters=3" "$work/counts" || fail "unexpected counts: $(tr '\n' ' ' <"$work/counts")"

# The browser: no network, no GPU, no sandbox (root in CI), its own profile.
open_page() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --user-data-dir="$work/profile" --window-size=1200,2400 "${@:2}" "file://$1" 2>>"$work/browser.log"
}
open_page "$page" --screenshot="$work/report.png" >/dev/null || fail "chromium could not take a screenshot"
[ "$(head -c 8 "$work/report.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] ||
  fail "the screenshot is not a PNG"
[ "$(stat -c %s "$work/report.png")" -gt 10000 ] || fail "the screenshot is (nearly) empty"
dom="$work/dom.html"
open_page "$page" --dump-dom >"$dom" || fail "chromium could not dump the page"

# cell NAME: the number in the counts table's row NAME, as the browser holds it.
cell() { grep -o "<th>$1</th><td class=\"n\">[0-9,]*</td>" "$dom" | grep -o '>[0-9,][0-9,]*<' | tr -d '<>'; }
[ "$(cell 'documents read')" = 10 ] || fail "page: documents read is '$(cell 'documents read')'"
[ "$(cell kept)" = 5 ] || fail "page: kept is '$(cell kept)'"
[ "$(cell removed)" = 4 ] || fail "page: removed is '$(cell removed)'"
[ "$(cell clusters)" = 3 ] || fail "page: clusters is '$(cell clusters)'"
grep -q "<th>malformed_json</th><td class=\"n\">1</td>" "$dom" ||
  fail "page: the malformed line is not counted"
grep -q "<title>neardup minhash report" "$dom" || fail "page: the title changed (a script ran?)"
grep -q "pwned" "$dom" || fail "page: the markup sample is missing"
grep -q "&lt;script&gt;document.title" "$dom" || fail "page: the <script> is not shown as text"
! grep -qi "<script" "$dom" || fail "page: holds a <script> element"
! grep -q "<b>bold</b>" "$dom" || fail "page: a document's markup became markup"
grep -q "markup-1" "$dom" && grep -q "fruit-1" "$dom" ||
  fail "page: the kept documents of the clusters are not shown"
grep -q '<mark class="ins">changed</mark>' "$dom" || fail "page: the changed word is not marked"
grep -q "<polyline" "$dom" || fail "page: no S-curve"

# Who made the page, how and when.
grep -q "<span id=\"version\">$version</span>" "$dom" || fail "page: no version $version"
grep -qF "<pre id=\"command-line\">$neardup minhash -i $work/in -o $work/out --threshold 0.7 --tmp-dir '$work/tmp dir'</pre>" "$dom" ||
  fail "page: the command line is missing or misquoted"
grep -qE "<span id=\"generated\">($day_before|$day_after) [0-9:]{8} UTC</span>" "$dom" ||
  fail "page: no date of today"
! grep -q 'id="warnings"' "$dom" || fail "page: a warning for an ordinary run"

# The hard case: the pair nearest the threshold, with its similarity and both path:line, its
# newline kept, and only the three changed words marked (not Elder10, nor elder20-elder21).
hard="$(awk '/Similarity <span class="sim">0.730/ { on = 1 } on && /^<div class="sample/ && !/0.730/ { exit } on' "$dom")"
grep -q 'Similarity <span class="sim">0.730</span>' <<<"$hard" || fail "page: no hard case at 0.730"
grep -qF "kept: <code>hard-1</code> <span class=\"loc\">$work/in/docs.jsonl:6</span>" <<<"$hard" &&
  grep -qF "removed: <code>hard-2</code> <span class=\"loc\">$work/in/docs.jsonl:9</span>" <<<"$hard" ||
  fail "page: the hard case's documents or locations are missing"
grep -q '^elder41 elder42' <<<"$hard" || fail "page: the hard case's newline was flattened"
[ "$(grep -o '<mark class="[a-z]*">[^<]*</mark>' <<<"$hard" | LC_ALL=C sort | tr '\n' ' ')" = \
  '<mark class="del">elder30</mark> <mark class="del">elder50</mark> <mark class="del">elder70</mark> <mark class="ins">fifty</mark> <mark class="ins">seventy</mark> <mark class="ins">thirty</mark> ' ] ||
  fail "page: the hard case marks $(grep -o '<mark[^/]*/mark>' <<<"$hard" | tr '\n' ' ')"
grep -q 'Elder10, elder11' <<<"$hard" && grep -q 'elder20-elder21' <<<"$hard" ||
  fail "page: the hard case's original text is not shown"

# The same hard cases and cluster samples at 1 and 3 ranks (every pair checked).
for n in 1 3; do
  "${mpirun[@]}" -n $n "$neardup" minhash -i "$work/in" -o "$work/ranks-$n" --threshold 0.7 \
    --write-pairs >"$work/ranks-$n.log" 2>&1 || fail "the $n-rank run failed"
  sed -n '/<div id="hard-cases">/,$p' "$work/ranks-$n/report.html" >"$work/samples-$n"
done
grep -q 'Similarity <span class="sim">0.730</span>' "$work/samples-1" &&
  cmp -s "$work/samples-1" "$work/samples-3" || fail "the samples differ between 1 and 3 ranks"

# A chain: doc i holds words 10i+1 .. 10i+100, so neighbours share 86 of 106 word 5-grams
# (0.81), docs two apart 0.52 and doc 0 none with docs 10 and 11; with 20 unrelated documents
# transitive components (--clusters components) make one cluster of 12 of 32 (37.5%), which
# the page warns about. Greedy clusters (the default) keep every other document: 6 pairs.
mkdir -p "$work/chain"
for i in $(seq 0 11); do
  echo "{\"id\": \"chain-$i\", \"text\": \"$(words w $((10 * i + 1)) $((10 * i + 100)))\"}"
done >"$work/chain/docs.jsonl"
for i in $(seq 1 20); do echo "{\"id\": \"other-$i\", \"text\": \"$(words "o${i}x" 60)\"}"; done \
  >>"$work/chain/docs.jsonl"
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/chain" -o "$work/greedy-out" --threshold 0.7 \
  >"$work/greedy.log" 2>&1 || fail "the greedy chain run failed"
[ "$(stat_of "$work/greedy-out" clusters)" = 6 ] && [ "$(stat_of "$work/greedy-out" docs_removed)" = 6 ] ||
  fail "greedy: the chain is not 6 clusters of 2"
open_page "$work/greedy-out/report.html" --dump-dom >"$work/greedy-dom.html" || fail "chromium: greedy page"
sed -n '/<div id="warnings"/,/<\/div>/p' "$work/greedy-dom.html" | grep -q "share only" &&
  fail "greedy page: a kept document is said to share little with a member"
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/chain" -o "$work/chain-out" --threshold 0.7 \
  --clusters components >"$work/chain.log" 2>&1 || fail "the chain run failed"
[ "$(stat_of "$work/chain-out" clusters)" = 1 ] && [ "$(stat_of "$work/chain-out" docs_removed)" = 11 ] ||
  fail "the chain is not one cluster of 12"
open_page "$work/chain-out/report.html" --dump-dom >"$work/chain-dom.html" || fail "chromium: chain page"
warnings="$(sed -n '/<div id="warnings"/,/<\/div>/p' "$work/chain-dom.html")"
grep -qF "A cluster holds 12 of the 32 documents (37.5%; kept document chain-0 ($work/chain/docs.jsonl:1))" <<<"$warnings" ||
  fail "page: no warning of the cluster of 12"
grep -qF "the kept document and chain-10 ($work/chain/docs.jsonl:11) share only 0% of their shingles" <<<"$warnings" ||
  fail "page: no warning that chain-0 and chain-10 share no text"

# 3 of 13 records malformed: 23.1% skipped.
mkdir -p "$work/skips"
for i in $(seq 1 10); do echo "{\"id\": \"s-$i\", \"text\": \"$(words "s${i}x" 60)\"}"; done \
  >"$work/skips/docs.jsonl"
printf '{"id": \n{not json\n{"text": \n' >>"$work/skips/docs.jsonl"
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$work/skips" -o "$work/skips-out" \
  >"$work/skips.log" 2>&1 || fail "the skips run failed"
open_page "$work/skips-out/report.html" --dump-dom >"$work/skips-dom.html" || fail "chromium: skips page"
warnings="$(sed -n '/<div id="warnings"/,/<\/div>/p' "$work/skips-dom.html")"
grep -qF "23.1% of the records read were skipped (3 of 13: malformed_json 3)" <<<"$warnings" ||
  fail "page: no warning of the skipped records"

"${mpirun[@]}" -n 1 "$neardup" minhash -i "$work/in" -o "$work/none" --threshold 0.7 --no-report \
  >"$work/none.log" 2>&1 || fail "the --no-report run failed"
[ ! -e "$work/none/report.html" ] || fail "--no-report wrote report.html"

finish "report.html: counts, version, command line, date, hard case, newlines, token diff, warnings, escaped markup in headless Chromium; --no-report writes none"

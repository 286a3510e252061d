#!/usr/bin/env bash
# report.html in a real browser. A run over hand-made documents (two clusters, one of documents
# whose text is markup with a <script>, a pair just above the threshold whose text has a
# newline and differs in case and punctuation besides three words, two singletons and a
# malformed line) writes report.html; headless Chromium opens it from the file system, takes a
# screenshot and dumps the page: it shows the run's counts, version, command line and date, the
# hard case with its similarity (counted by hand) and both locations, the newline kept, only
# the three words marked, the <script> as text, never run; each listed cluster's lowest
# similarity (the hard pair's by hand, the others as clusters/ wrote them); six tied pairs of
# singletons just below the threshold (four words changed, counted by hand) as near misses (a
# seventh is never a candidate, so never checked, and not one). The samples and the near
# misses are the same at 1 and 3 ranks. A corpus chained at J = 0.81 between neighbours:
# greedy clusters list its five near misses (documents two apart, 0.655) in input order and no
# warning; transitive components make a cluster of 12 of 32 documents that gets the warning
# banner, an unknown lowest similarity and no near misses; a corpus with 3 of 13 records
# malformed gets the banner too; the first corpus none. --no-report writes no page.
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
# Near misses: near-K-a (line K of near-a.jsonl) and near-K-b (of near-b.jsonl), 100 words,
# the second with its 20th, 40th, 60th and 80th changed (4 x 5 of the 96 word 5-grams:
# Jaccard 76 / 116 = 0.655, under the threshold 0.7 and over 0.6). Seven such pairs, tied,
# their documents in two files, so that at 3 ranks they are decided on different ranks; no
# band of near-6 collides (the hash's luck: explain says so), so it is never checked.
for k in 1 2 3 4 5 6 7; do
  w="n${k}x" && near="$(words "$w" 100)"
  echo "{\"id\": \"near-$k-a\", \"text\": \"$near\"}" >>"$work/in/near-a.jsonl"
  near="${near/${w}20 /twenty }" && near="${near/${w}40 /forty }"
  near="${near/${w}60 /sixty }" && near="${near/${w}80 /eighty }"
  echo "{\"id\": \"near-$k-b\", \"text\": \"$near\"}" >>"$work/in/near-b.jsonl"
done
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
grep -qx "docs_read=24" "$work/counts" && grep -qx "docs_kept=19" "$work/counts" &&
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
[ "$(cell 'documents read')" = 24 ] || fail "page: documents read is '$(cell 'documents read')'"
[ "$(cell kept)" = 19 ] || fail "page: kept is '$(cell kept)'"
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

# largest_rows DOM: "id similarity" for each cluster the page lists, its lowest similarity.
largest_rows() {
  grep -o '<tr><td><code>[^<]*</code></td><td><code>[^<]*</code></td><td class="n">[0-9,]*</td><td class="n">[^<]*</td>' "$1" |
    sed -E 's|<tr><td><code>([^<]*)</code>.*<td class="n">([^<]*)</td>$|\1 \2|' | LC_ALL=C sort
}
# lowest_of OUT: "id similarity" for each cluster of OUT/clusters/, its removed members' lowest.
lowest_of() {
  cat "$1"/clusters/*.tsv | awk -F'\t' '$3 == 0 && (!($2 in low) || $4 + 0 < low[$2]) { low[$2] = $4 + 0 }
    END { for (k in low) printf "%s %.3f\n", k, low[k] }' | LC_ALL=C sort
}
# Each listed cluster's lowest similarity: the hard pair's 0.730 by hand, every one as
# clusters/ wrote it (all three clusters are listed), none under the threshold.
largest_rows "$dom" >"$work/largest"
grep -qx "hard-1 0.730" "$work/largest" || fail "page: the hard cluster's lowest similarity is not 0.730"
lowest_of "$work/out" | cmp -s - "$work/largest" ||
  fail "page: lowest similarities $(tr '\n' ' ' <"$work/largest") are not clusters/'s"
awk '$2 < 0.7 { exit 1 }' "$work/largest" || fail "page: a lowest similarity under the threshold"

# near_pairs DOM: "similarity id id" for each near miss the page lists, in its order.
near_pairs() {
  grep -o '<tr><td class="n">[^<]*</td><td><code>[^<]*</code></td><td><code>[^<]*</code></td><td><code>[^<]*</code>' "$1" |
    sed -E 's|<tr><td class="n">([^<]*)</td><td><code>([^<]*)</code></td><td><code>[^<]*</code></td><td><code>([^<]*)</code>|\1 \2 \3|' | tr '\n' ' '
}
# The near misses: the six pairs checked (near-6 never is), counted as stats.json counts them,
# listed tied in input order with their similarity, the first with both locations; the first
# four side by side, both documents kept, each pair's four changed words marked on each side.
"$neardup" explain --run "$work/out" --id near-6-a --id near-6-b | grep -q "never candidates" ||
  fail "near-6-a and near-6-b are candidates: expect them among the near misses"
[ "$(stat_of "$work/out" near_misses)" = 6 ] || fail "stats.json: near_misses is not 6"
near="$(sed -n '/<p id="near-misses">/,/<h2>/p' "$dom")"
grep -qF 'Failed checks with a similarity in [0.600, 0.700): <span class="sim">6</span>' <<<"$near" ||
  fail "page: the near misses are not counted"
[ "$(near_pairs "$dom")" = "$(for k in 1 2 3 4 5 7; do echo -n "0.655 near-$k-a near-$k-b "; done)" ] ||
  fail "page: the near misses listed are $(near_pairs "$dom")"
grep -qF "<tr><td class=\"n\">0.655</td><td><code>near-1-a</code></td><td><code>$work/in/near-a.jsonl:1</code></td><td><code>near-1-b</code></td><td><code>$work/in/near-b.jsonl:1</code></td></tr>" <<<"$near" ||
  fail "page: the first near miss's locations are not listed"
[ "$(grep -o '<div class="sample near">' <<<"$near" | wc -l)" = 4 ] && grep -qF "kept: <code>near-4-a</code>" <<<"$near" &&
  grep -qF "kept: <code>near-4-b</code>" <<<"$near" && ! grep -qF "<code>near-5-a</code> <span" <<<"$near" ||
  fail "page: the first four near misses are not shown side by side, kept"
[ "$(grep -o '<mark class="[a-z]*">[^<]*</mark>' <<<"$near" | wc -l)" = 32 ] ||
  fail "page: the near misses mark $(grep -o '<mark[^/]*/mark>' <<<"$near" | tr '\n' ' ')"

# The same hard cases, near misses and cluster samples at 1 and 3 ranks (every pair checked;
# the documents lie in three files, so several ranks own some).
for n in 1 3; do
  "${mpirun[@]}" -n $n "$neardup" minhash -i "$work/in" -o "$work/ranks-$n" --threshold 0.7 \
    --write-pairs >"$work/ranks-$n.log" 2>&1 || fail "the $n-rank run failed"
  sed -n '/<div id="hard-cases">/,$p' "$work/ranks-$n/report.html" >"$work/samples-$n"
done
grep -q 'Similarity <span class="sim">0.730</span>' "$work/samples-1" &&
  grep -q '<td class="n">0.655</td><td><code>near-7-a</code>' "$work/samples-1" &&
  cmp -s "$work/samples-1" "$work/samples-3" || fail "the samples differ between 1 and 3 ranks"

# A chain: doc i holds words 10i+1 .. 10i+100, so neighbours share 86 of 106 word 5-grams
# (0.81), docs two apart 76 of 116 (0.655), three apart 0.52 and doc 0 none with docs 10 and
# 11; with 20 unrelated documents transitive components (--clusters components) make one
# cluster of 12 of 32 (37.5%), which the page warns about. Greedy clusters (the default) keep
# every other document: 6 pairs at 0.811, and each kept document's check of the next kept one
# fails at 0.655: five near misses, tied, listed in input order.
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
[ "$(largest_rows "$work/greedy-dom.html" | cut -d' ' -f2 | sort -u)" = 0.811 ] ||
  fail "greedy page: the chain's clusters do not show their lowest similarity 0.811"
[ "$(near_pairs "$work/greedy-dom.html")" = "0.655 chain-0 chain-2 0.655 chain-2 chain-4 0.655 chain-4 chain-6 0.655 chain-6 chain-8 0.655 chain-8 chain-10 " ] ||
  fail "greedy page: the chain's near misses are $(near_pairs "$work/greedy-dom.html")"
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
[ "$(largest_rows "$work/chain-dom.html")" = "chain-0 —" ] ||
  fail "components page: the chain's lowest similarity is not unknown: $(largest_rows "$work/chain-dom.html")"
grep -q '<p id="near-misses">Not recorded: near misses are recorded by greedy clustering only' "$work/chain-dom.html" ||
  fail "components page: does not say near misses are recorded by greedy clustering only"

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

#!/usr/bin/env bash
# An index directory has the jobs' guarantees. Writers started together (build, add, build
# --overwrite; 5 tries each) never lose a batch: a second writer exits 1 naming the holder, and
# the index holds exactly the batches whose writers succeeded. A writer killed (SIGKILL) while
# sketching, before its commit, or right after it leaves the old index (or none) that queries
# answer from, and the next writer clears what it left: `index build --overwrite` after a killed
# build, `index add` after a killed add. A writer whose lock is broken (--break-lock) commits
# nothing. `index add` refuses a damaged index before changing it.
# Usage: index_writers_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
host=$(hostname)
for corpus in a b c; do  # three corpora, their ids prefixed by their name
  mkdir -p "$work/$corpus"
  "$gen" -o "$work/$corpus.raw" --docs 300 --seed $((70 + ${#corpus} + $(printf '%d' "'$corpus"))) \
    --min-tokens 80 --max-tokens 300 >/dev/null
  sed "s/\"id\": \"doc-/\"id\": \"$corpus-/" "$work/$corpus.raw" >"$work/$corpus/$corpus.jsonl"
  head -40 "$work/$corpus/$corpus.jsonl" >"$work/$corpus.queries"
done

# index COMMAND INPUT LOG [FLAGS...]: `index COMMAND` of INPUT at 2 ranks, returns its status.
index() {
  local command="$1" input="$2" log="$3"
  shift 3
  "${mpirun[@]}" -n 2 "$neardup" index "$command" -i "$work/$input" --split-mb 1 "$@" >"$log" 2>&1
}

# copies INDEX CORPUS: how many times the index holds each of CORPUS's 40 query documents (each
# query's own id among its matches): one number when it is the same for all, else "mixed".
copies() {
  "$neardup" query --index "$1" -i "$work/$2.queries" 2>/dev/null | python3 -c '
import json, sys
counts = set()
for line in sys.stdin:
    answer = json.loads(line)
    counts.add(sum(1 for m in answer["matches"] if m["id"] == answer["id"]))
print(counts.pop() if len(counts) == 1 else "mixed")'
}

# holds INDEX A B C: the index holds CORPUS a A times, b B times and c C times.
holds() {
  local got
  got="$(copies "$1" a) $(copies "$1" b) $(copies "$1" c)"
  [ "$got" = "$2 $3 $4" ] || { fail "$1 holds a b c $got times, expected $2 $3 $4 ($5)"; return 1; }
}

# refused_naming_holder LOG: LOG says the index was in use, naming this host's writer.
refused_naming_holder() {
  grep -q "in use by another neardup run (host $host, pid [0-9]*, index \(build\|add\) started" "$1"
}

# Two builds together (both --overwrite, a and b), five times: the index is one corpus, whole.
out="$work/builds"
refused=0
for try in 1 2 3 4 5; do
  index build a "$work/a.log" -o "$out" --overwrite &
  first=$!
  index build b "$work/b.log" -o "$out" --overwrite
  b=$?
  wait "$first"
  a=$?
  [ "$a" = 0 ] || [ "$b" = 0 ] || fail "builds, try $try: both failed"
  for side in a b; do
    status=$([ "$side" = a ] && echo "$a" || echo "$b")
    [ "$status" = 0 ] && continue
    [ "$status" = 1 ] || fail "builds, try $try: $side exited $status, not 1"
    refused_naming_holder "$work/$side.log" && refused=$((refused + 1)) ||
      fail "builds, try $try: $side failed without naming the holder: $(tail -2 "$work/$side.log")"
  done
  got="$(copies "$out" a) $(copies "$out" b)"
  [ "$got" = "1 0" ] || [ "$got" = "0 1" ] || fail "builds, try $try: the index holds a b $got"
  [ ! -e "$out/_LOCK" ] || fail "builds, try $try: the lock outlived the writers"
done
[ "$refused" -gt 0 ] || fail "no two builds overlapped: the test proves nothing"
echo "ok: concurrent builds ($refused of 5 tries refused one)"

# Two adds together (a and b) onto an index of c, five times: every batch that succeeded is
# there, whole.
out="$work/adds"
index build c "$work/c.log" -o "$out" || fail "build of c"
want_a=0 want_b=0 refused=0
for try in 1 2 3 4 5; do
  index add a "$work/a.log" -o "$out" &
  first=$!
  index add b "$work/b.log" -o "$out"
  b=$?
  wait "$first"
  a=$?
  [ "$a" = 0 ] && want_a=$((want_a + 1))
  [ "$b" = 0 ] && want_b=$((want_b + 1))
  for side in a b; do
    status=$([ "$side" = a ] && echo "$a" || echo "$b")
    [ "$status" = 0 ] && continue
    refused_naming_holder "$work/$side.log" && refused=$((refused + 1)) ||
      fail "adds, try $try: $side failed without naming the holder: $(tail -2 "$work/$side.log")"
  done
  holds "$out" "$want_a" "$want_b" 1 "adds, try $try"
done
[ "$refused" -gt 0 ] || fail "no two adds overlapped: the test proves nothing"
echo "ok: concurrent adds ($want_a + $want_b batches added, $refused refused)"

# A build --overwrite (a) and an add (b) together onto an index of c: whatever order they took,
# the index is one of the states they can leave, each batch whole.
out="$work/mixed"
for try in 1 2 3 4 5; do
  index build c "$work/c.log" -o "$out" --overwrite || fail "mixed, try $try: build of c"
  index build a "$work/a.log" -o "$out" --overwrite &
  first=$!
  index add b "$work/b.log" -o "$out"
  wait "$first"
  got="$(copies "$out" a) $(copies "$out" b) $(copies "$out" c)"
  case "$got" in
  "1 0 0" | "1 1 0" | "0 1 1") ;;
  *) fail "mixed, try $try: the index holds a b c $got" ;;
  esac
done
echo "ok: a build --overwrite and an add together"

# Killed writers: at the first split, before the commit, right after it.
for point in split:1 index_commit:1 index_committed:1; do
  # A build into a new directory.
  out="$work/killed-build-${point%%:*}"
  NEARDUP_FAULT=0:$point index build a "$work/k.log" -o "$out" && fail "$point: the build was not killed"
  if [ "$point" = index_committed:1 ]; then
    holds "$out" 1 0 0 "a build killed after its commit"
  else
    "$neardup" query --index "$out" -i "$work/a.queries" >/dev/null 2>&1 &&
      fail "$point: a killed build left an index"
    index build a "$work/k2.log" -o "$out" && fail "$point: a build over a killed one's files ran"
    grep -q "did not finish left .* use --overwrite" "$work/k2.log" ||
      fail "$point: the refusal does not say to use --overwrite: $(tail -1 "$work/k2.log")"
  fi
  index build a "$work/k3.log" -o "$out" --overwrite || fail "$point: --overwrite after a killed build"
  holds "$out" 1 0 0 "--overwrite after a build killed at $point"
  [ -z "$(find "$out" -name '*.tmp')" ] || fail "$point: temporary files left after --overwrite"
  # An add onto the index of a, then a good add.
  NEARDUP_FAULT=0:$point index add b "$work/k.log" -o "$out" && fail "$point: the add was not killed"
  if [ "$point" = index_committed:1 ]; then holds "$out" 1 1 0 "an add killed after its commit"; else
    holds "$out" 1 0 0 "an add killed at $point"; fi
  index add c "$work/k4.log" -o "$out" || fail "$point: an add after a killed add"
  grep -q "took over the run lock of host $host" "$work/k4.log" ||
    fail "$point: the killed add's lock was not taken over"
  if [ "$point" = index_committed:1 ]; then holds "$out" 1 1 1 "add after a killed add"; else
    holds "$out" 1 0 1 "add after a killed add"; fi
  # A build --overwrite of b over it.
  NEARDUP_FAULT=0:$point index build b "$work/k.log" -o "$out" --overwrite &&
    fail "$point: the build --overwrite was not killed"
  if [ "$point" != index_committed:1 ]; then holds "$out" 1 0 1 "a build --overwrite killed at $point"
  else holds "$out" 0 1 0 "a build --overwrite killed after its commit"; fi
  index build b "$work/k5.log" -o "$out" --overwrite || fail "$point: --overwrite again"
  holds "$out" 0 1 0 "--overwrite after a build --overwrite killed at $point"
  segments=$(find "$out" -maxdepth 1 -name 'seg-*' | wc -l)
  [ "$segments" -le 2 ] || fail "$point: $segments segment directories for a 2-rank build"
done
echo "ok: killed writers"

# --break-lock: an add held just before its commit loses the lock to a breaker, which clears
# what the held add wrote; the held add then commits nothing and removes nothing of the
# breaker's (its segments are named by its own run).
out="$work/broken"
index build c "$work/c.log" -o "$out" || fail "build of c to break"
pause="$work/pause"
NEARDUP_FAULT=0:index_commit:1:pause=$pause index add a "$work/held.log" -o "$out" &
held=$!
for _ in $(seq 600); do [ -e "$pause" ] && break; sleep 0.1; done
[ -e "$pause" ] || fail "break-lock: the add never reached its commit"
index add b "$work/held2.log" -o "$out" && fail "break-lock: an add ran while another held the lock"
refused_naming_holder "$work/held2.log" || fail "break-lock: the refusal does not name the holder"
index add b "$work/breaker.log" -o "$out" --break-lock || fail "break-lock: the breaker failed"
grep -q "took over the run lock of host $host.*--break-lock" "$work/breaker.log" ||
  fail "break-lock: the breaker does not say whose lock it took"
grep -q "an interrupted index add left: removing [0-9]* segment" "$work/breaker.log" ||
  fail "break-lock: the breaker did not clear the held add's segments"
rm -f "$pause"
wait "$held" && fail "break-lock: the broken add exited 0"
grep -q "another run took the index's lock (--break-lock); this add is not committed" \
  "$work/held.log" || fail "break-lock: the broken add does not say why: $(tail -2 "$work/held.log")"
holds "$out" 0 1 1 "after a broken add"
echo "ok: --break-lock"

# index add refuses a damaged index before changing it; a failed add leaves no segment.
out="$work/damaged"
index build a "$work/d.log" -o "$out" || fail "build to damage"
before=$(ls "$out")
segment=$(find "$out" -maxdepth 1 -name 'seg-*' | head -1)
truncate -s 100 "$segment/ids.txt"
index add b "$work/d2.log" -o "$out" && fail "index add changed a damaged index"
grep -q "ids.txt: index file has 100 bytes" "$work/d2.log" ||
  fail "the refusal does not name the damaged file: $(tail -1 "$work/d2.log")"
[ "$(ls "$out")" = "$before" ] || fail "the refused add changed the directory"
index add b "$work/d3.log" -o "$work/no-such-index" && fail "index add into no index ran"

finish "index writers: locked, atomic, cleared after kills"

#!/usr/bin/env bash
# Benchmark: Google Benchmark micro-benchmarks of the kernels (the ASCII tokenizer on every
# kernel and the Unicode one on ASCII, English with typographic quotes, mixed European and
# Chinese text; shingles, each MinHash kernel, band keys, SimHash, radix sort; median and spread
# of 5 runs); generates (or takes) a >= 1 GB JSON Lines corpus, runs the bare parse+tokenize
# pass (the yardstick) on it with the Unicode and the ASCII tokenizer, plain, gzip- and
# zstd-compressed, and the parse+tokenize+shingle-hash pass (the issue's yardstick for the
# whole job); the whole minhash job with default flags and with --write-deduped at 1 and 2
# ranks, interleaved (3 runs each): median wall time, its ratio to both passes, the kernel from
# stats.json, each stage's seconds and MB/s per core (median over the runs of the stage's max
# over ranks), the speed-up of 2 ranks in the stages (launch excluded) and in wall time; a run
# without checkpoints and one with classic MinHash; memory per document on 1.29M short
# documents, the shuffle (packing + exchange GB/s, radix sort M tuples/s), and the input balance
# of one huge file vs many small ones; SimHash fingerprinting per core, the Hamming find-all
# over 10M random fingerprints at 1 and 2 ranks, and the online index (10M fingerprints: bytes
# per document, query latency); exact against estimate verification on a 303 MB corpus with
# the shapes of real ones, and a MinHash index of it with and without stored shingle sets
# (bytes per document, query latency); greedy clusters against --clusters components on that
# corpus (time, memory, checks, and each removal audited against exact Jaccard with its kept
# document); prints RESULT lines.
# Figures measured with it, what they mean and what bounds them: docs/performance.md.
# Usage: scripts/bench.sh [--kernel K] [CORPUS_DIR]   (default: build/bench-corpus, generated once)
#   --kernel K (or NEARDUP_BENCH_KERNEL=K): every minhash job and the yardstick passes run
#   with --kernel K
#     (auto|scalar|avx2|avx512), e.g. to measure the AVX2 path on an AVX-512 machine.
#   NEARDUP_BENCH_QUICK=1: only the two yardstick passes and the default-flags job at 1 and 2
#     ranks (no micro-benchmarks, compressed inputs, --write-deduped, SimHash, index or
#     realistic corpora).
#   --scaling RANKS... : the strong and weak scaling benchmark instead (scripts/bench-scaling.sh,
#     e.g. --scaling 1 2 4 8 16); it builds and installs nothing.
#   --spans [CORPUS] : the spans job's benchmark instead (scripts/bench-spans.sh): MB/s per core
#     at 1 and 2 ranks, bytes shuffled per input byte, peak RSS, the share of bytes cut.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ "${1:-}" = --scaling ]; then
  shift
  exec "$root/scripts/bench-scaling.sh" "$@"
fi
if [ "${1:-}" = --spans ]; then
  shift
  exec "$root/scripts/bench-spans.sh" "$@"
fi
kernel="${NEARDUP_BENCH_KERNEL:-}"
if [ "${1:-}" = --kernel ]; then
  kernel="$2"
  shift 2
fi
kernel_flags=()
if [ -n "$kernel" ]; then kernel_flags=(--kernel "$kernel"); fi
quick="${NEARDUP_BENCH_QUICK:-0}"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$root/build" >/dev/null
# Micro-benchmarks: one RESULT line per benchmark with its median and coefficient of variation.
if [ "$quick" != 1 ]; then
  "$root/build/neardup-kernels-bench" --benchmark_repetitions=5 --benchmark_min_time=0.5 \
    --benchmark_report_aggregates_only=true --benchmark_format=csv 2>/dev/null |
    awk -F, '/_median"|_cv"/ {
        name = $1; gsub(/"/, "", name)
        if (name ~ /_median$/) {
          sub(/_median$/, "", name)
          printf "RESULT micro=%s cpu_ns=%.0f mb_per_s=%.1f items_per_s=%.4g\n", name, $4,
            $6 / 1e6, $7
        } else {
          sub(/_cv$/, "", name)
          printf "RESULT micro=%s cv=%.3f\n", name, ($6 != "" ? $6 : $7)
        } }'
fi
corpus="${1:-$root/build/bench-corpus}"
if [ ! -d "$corpus" ]; then
  mkdir -p "$corpus"
  for part in 0 1 2 3; do
    "$root/build/neardup-gen-corpus" -o "$corpus/part-$part.jsonl" --seed $((1000 + part * 100)) \
      --docs 20000 --bytes 270000000 --min-tokens 100 --max-tokens 1500 &
  done
  wait
fi
bytes=$(du -cb "$corpus"/*.jsonl | tail -1 | cut -f1)
echo "RESULT corpus=$corpus bytes=$bytes"
# median_spread V...: "median min max" of the values.
median_spread() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
  printf "%s %s %s", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
# ratio A B: A / B with 2 decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# run_pass ARRAY FLAG...: runs the yardstick binary on the corpus, prints its RESULT line and
# appends its seconds to the array named ARRAY.
run_pass() {
  local -n pass_seconds=$1
  shift
  local line
  line=$("$root/build/neardup-parse-tokenize-pass" "${kernel_flags[@]}" "$@" "$corpus")
  echo "$line"
  pass_seconds+=("$(grep -oE ' seconds=[0-9.]+' <<<"$line" | cut -d= -f2)")
}
# The yardstick 3 times (the first also warms the page cache), with the job's default Unicode
# tokenizer; its median is the job's divisor. Interleaved with the same pass that also hashes
# the word shingles as the job does (the issue's target: the whole job at 1 rank <= 2 x it),
# and with the plain pass under the ASCII tokenizer: on this pure-ASCII corpus the Unicode
# tokenizer's fast path should cost little.
yardsticks=()
shingle_passes=()
ascii_passes=()
for run in 1 2 3; do
  run_pass yardsticks
  run_pass shingle_passes --shingles
  if [ "$quick" != 1 ]; then run_pass ascii_passes --tokenizer ascii; fi
done
read -r yardstick_seconds low high <<<"$(median_spread "${yardsticks[@]}")"
echo "RESULT pass=parse_tokenize seconds_median=$yardstick_seconds seconds_min=$low seconds_max=$high"
read -r shingle_seconds low high <<<"$(median_spread "${shingle_passes[@]}")"
echo "RESULT pass=parse_tokenize_shingle seconds_median=$shingle_seconds seconds_min=$low" \
  "seconds_max=$high mb_per_s=$(awk -v b="$bytes" -v s="$shingle_seconds" \
  'BEGIN { printf "%.1f", b / 1e6 / s }')"
if [ "$quick" != 1 ]; then
  read -r ascii_seconds low high <<<"$(median_spread "${ascii_passes[@]}")"
  echo "RESULT pass=parse_tokenize_ascii seconds_median=$ascii_seconds seconds_min=$low" \
    "seconds_max=$high unicode_speed_vs_ascii=$(awk -v a="$ascii_seconds" \
    -v u="$yardstick_seconds" 'BEGIN { printf "%.3f", a / u }')"
  # Reading throughput by format (MB/s of uncompressed text on one core); compressed copies once.
  for tool in gzip zstd; do
    ext=$([ $tool = gzip ] && echo gz || echo zst)
    copy="$root/build/bench-$ext"
    if [ ! -d "$copy" ]; then
      mkdir -p "$copy"
      for f in "$corpus"/*.jsonl; do "$tool" -q -c "$f" >"$copy/$(basename "$f").$ext" & done
      wait
    fi
    "$root/build/neardup-parse-tokenize-pass" "$copy"
  done
fi
# stage_lines RANKS STATS_JSON...: one RESULT line per stage of the job (seconds: the median
# over the runs of the stage's max over ranks, the job's critical path; MB/s per core: the
# input bytes over those seconds and the ranks), then the stages' sum (the job without mpirun's
# launch) as "RESULT stages ...".
stage_lines() {
  python3 - "$@" <<'EOF'
import json, statistics, sys
ranks, runs = int(sys.argv[1]), [json.load(open(f)) for f in sys.argv[2:]]
names = list(dict.fromkeys(name for run in runs for name in run["stages"]))
mb = runs[0]["input_bytes"] / 1e6
def line(label, seconds):
    speed = mb / seconds / ranks if seconds > 0 else 0
    print(f"RESULT {label} ranks={ranks} seconds={seconds:.3f} mb_per_s_per_core={speed:.1f}")
for name in names:
    seconds = statistics.median(r["stages"].get(name, {}).get("max_seconds", 0) for r in runs)
    line("stage=" + name.replace(" ", "_"), seconds)
line("stages", statistics.median(
    sum(s["max_seconds"] for s in r["stages"].values()) for r in runs))
EOF
}
# The whole job, 3 runs per rank count and flag set, interleaved (1, 2, 1, 2, ...: the machine
# is noisy): with default flags (the issue's target) and writing the deduplicated corpus.
variants=(default)
if [ "$quick" != 1 ]; then variants+=(deduped); fi
declare -A job_walls=() rss=()
for run in 1 2 3; do
  for n in 1 2; do
    for variant in "${variants[@]}"; do
      out="$root/build/bench-out-$variant-$n"
      flags=(--overwrite -q)
      if [ "$variant" = deduped ]; then flags+=(--write-deduped); fi
      # Each run starts with the previous run's output on disk, not still being written back:
      # otherwise a run pays for its predecessor's writes (this VM's disk is slow).
      sync
      /usr/bin/time -o "$root/build/bench-time" -f "%e %M" \
        "$root/scripts/mpirun.sh" -n "$n" "$root/build/neardup" minhash -i "$corpus" -o "$out" \
        "${flags[@]}" "${kernel_flags[@]}" >"$root/build/bench-log-$variant-$n-$run"
      read -r wall rss_kb <"$root/build/bench-time"
      job_walls[$variant-$n]+="$wall "
      rss[$variant-$n]=$rss_kb
      cp "$out/stats.json" "$root/build/bench-stats-$variant-$n-$run.json"
    done
  done
done
for variant in "${variants[@]}"; do
  label=""
  if [ "$variant" = deduped ]; then label="write_deduped=yes "; fi
  declare -A stage_sums=() medians=()
  for n in 1 2; do
    stats="$root/build/bench-stats-$variant-$n"
    grep -E '^(RESULT|stage|plan|sketch|candidates|verify|components|write)' \
      "$root/build/bench-log-$variant-$n-3" | sed "s/^RESULT /RESULT $label/"
    read -r median low high <<<"$(median_spread ${job_walls[$variant-$n]})"
    medians[$n]=$median
    echo "RESULT ${label}ranks=$n wall_seconds_median=$median wall_seconds_min=$low" \
      "wall_seconds_max=$high max_rss_kb_one_rank=${rss[$variant-$n]}" \
      "kernel=$(grep -oE '"kernel": "[^"]*"' "$stats-3.json" | cut -d'"' -f4)" \
      "ratio_to_yardstick=$(ratio "$median" "$yardstick_seconds")" \
      "ratio_to_parse_tokenize_shingle=$(ratio "$median" "$shingle_seconds")"
    grep -E '^  "(docs_read|bytes_shuffled|band_tuples|candidate_edges|verified_edges)"' \
      "$stats-3.json" | tr -d ' ,' | sed "s/^/STAT ${label}ranks=$n /"
    echo "STAT ${label}ranks=$n $(tr -d ' \n' <"$stats-3.json" |
      grep -oE '"peak_rss_bytes_per_rank":\[[^]]*\]')"
    lines=$(stage_lines "$n" "$stats"-{1,2,3}.json)
    sed "s/^RESULT /RESULT $label/" <<<"$lines"
    stage_sums[$n]=$(grep -oE '^RESULT stages .* seconds=[0-9.]+' <<<"$lines" | cut -d= -f3)
  done
  echo "RESULT speedup_2_ranks ${label}stages=$(ratio "${stage_sums[1]}" "${stage_sums[2]}")" \
    "wall=$(ratio "${medians[1]}" "${medians[2]}")"
  unset stage_sums medians
done
if [ "$quick" = 1 ]; then exit 0; fi
# Without checkpoints (a run that need not survive pre-emption), 1 rank.
sync
/usr/bin/time -f "RESULT ranks=1 checkpoint=off wall_seconds=%e" "$root/scripts/mpirun.sh" -n 1 \
  "$root/build/neardup" minhash -i "$corpus" -o "$root/build/bench-out-nockpt" --overwrite \
  --write-deduped --no-checkpoint -q "${kernel_flags[@]}" | grep -E '^RESULT' |
  sed 's/^RESULT /RESULT checkpoint=off /'
# Classic MinHash (128 permutations) instead of the default one permutation hashing, 1 rank.
"$root/scripts/mpirun.sh" -n 1 "$root/build/neardup" minhash -i "$corpus" -o "$root/build/bench-out-classic" \
  --overwrite --write-deduped --sketch minhash -q "${kernel_flags[@]}" | grep -E '^(RESULT|sketch)' |
  sed 's/^RESULT /RESULT sketch=minhash /'
# Memory per document: 1.29M short documents (20-60 words, 400 MB) at 1 rank.
short="$root/build/bench-short"
if [ ! -d "$short" ]; then
  mkdir -p "$short"
  "$root/build/neardup-gen-corpus" -o "$short/short.jsonl" --seed 7 --docs 20000 \
    --bytes 400000000 --min-tokens 20 --max-tokens 60 >/dev/null
fi
"$root/scripts/mpirun.sh" -n 1 "$root/build/neardup" minhash -i "$short" \
  -o "$root/build/bench-out-short" --overwrite -q "${kernel_flags[@]}" | grep -E '^RESULT' |
  awk '{ for (i = 1; i <= NF; ++i) { split($i, kv, "="); f[kv[1]] = kv[2] }
         printf "RESULT corpus=short docs=%s peak_rss=%s bytes_per_doc=%.0f seconds=%s\n",
           f["docs"], f["peak_rss"], f["peak_rss"] / f["docs"], f["seconds"] }'
# Shuffle: 20M random 16-byte tuples per rank packed, exchanged and radix-sorted, 1 and 2 ranks.
for n in 1 2; do
  "$root/scripts/mpirun.sh" -n "$n" "$root/build/neardup-exchange-bench" 20000000 3
done
# Rank balance: the same documents as one huge file and as 256 small files, on 2 ranks.
balance="$root/build/bench-balance"
if [ ! -d "$balance" ]; then
  mkdir -p "$balance/one" "$balance/many"
  cat "$corpus"/*.jsonl >"$balance/one/all.jsonl"
  split -n l/256 -d -a 3 --additional-suffix=.jsonl "$balance/one/all.jsonl" "$balance/many/part-"
fi
for layout in one many; do
  out="$root/build/bench-balance-out-$layout"
  "$root/scripts/mpirun.sh" -n 2 "$root/build/neardup" minhash -i "$balance/$layout" -o "$out" \
    --overwrite -q "${kernel_flags[@]}" | grep -E '^RESULT'
  echo "RESULT balance=$layout $(tr -d ' \n' <"$out/stats.json" |
    grep -oE '"input_bytes_per_rank":\{[^}]*\}|"splits":[0-9]+' | tr '\n' ' ')"
done
# SimHash: fingerprinting on one core (the yardstick pass plus simhash_of), by feature kind.
for features in tokens shingles; do
  "$root/build/neardup-parse-tokenize-pass" --simhash "$features" "$corpus"
done
# Hamming find-all: 10M random fingerprints, k = 3, 20 tables (6 blocks), at 1 and 2 ranks.
for n in 1 2; do
  /usr/bin/time -f "RESULT pass=hamming_findall ranks=$n max_rss_kb_one_rank=%M" \
    "$root/scripts/mpirun.sh" -n "$n" "$root/build/neardup-hamming-findall-bench" 10000000 3 6
done
# Online index: 10M random fingerprints, 200k queries (half near copies, half random).
"$root/build/neardup-index-query-bench" "$root/build/bench-index" 10000000 200000
# The default index (MinHash, shingle sets stored, exact answers): 10M generated documents of
# 150 words (19 GB on disk, removed after), 20k queries (half near copies, half new).
"$root/build/neardup-exact-index-bench" "$root/build/bench-exact-index" 10000000 20000 150
rm -rf "$root/build/bench-exact-index"
# Verification on real shapes: a 303 MB realistic corpus (a family of 5,000 near-identical 50 KB
# documents, 6,000 documents sharing boilerplate, short documents, mail, source files, prose),
# --verify exact (the default) against estimate at 1 and 2 ranks, interleaved, 3 runs each:
# median wall seconds, exact / estimate, and each stage's seconds of the median run.
realistic="$root/build/bench-realistic.jsonl"
if [ ! -f "$realistic" ]; then
  "$root/build/neardup-gen-corpus" --realistic -o "$realistic" --families 1 --family-size 5000 \
    --family-lines 800 --boilerplate-groups 20 --boilerplate-group-size 300 --short-docs 20000 \
    --mail-threads 2000 --source-files 3000 --plain-docs 5000
fi
for n in 1 2; do
  declare -A walls=()
  for run in 1 2 3; do
    for verify in exact estimate; do
      out="$root/build/bench-verify-$verify-$n"
      start=$(date +%s.%N)
      "$root/scripts/mpirun.sh" -n "$n" "$root/build/neardup" minhash -i "$realistic" -o "$out" \
        --overwrite --no-checkpoint -q --verify "$verify" "${kernel_flags[@]}" >/dev/null
      walls[$verify]+="$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') "
      echo "RESULT verify=$verify ranks=$n run=$run $(tr -d ' \n' <"$out/stats.json" |
        grep -oE '"(candidate|verified)_edges":[0-9]+|"pairs_[a-z_]+":[0-9]+|"peak_rss_bytes":[0-9]+' |
        tr '\n' ' ')"
    done
  done
  read -r exact_median _ <<<"$(median_spread ${walls[exact]})"
  read -r estimate_median _ <<<"$(median_spread ${walls[estimate]})"
  echo "RESULT verify_cost ranks=$n exact_wall=$exact_median estimate_wall=$estimate_median" \
    "ratio=$(awk -v a="$exact_median" -v b="$estimate_median" 'BEGIN { printf "%.2f", a / b }')"
  unset walls
done
# Greedy clusters (the default) against --clusters components on the realistic corpus at 1 and
# 2 ranks, interleaved, 3 runs each: median stage seconds (sum of each stage's max over ranks)
# and the ratio, peak RSS, the greedy walk's rounds and checks against the pairs components
# checks; then what each removed, audited against exact Jaccard with the kept document.
for n in 1 2; do
  declare -A totals=()
  for run in 1 2 3; do
    for clusters in greedy components; do
      out="$root/build/bench-clusters-$clusters-$n"
      "$root/scripts/mpirun.sh" -n "$n" "$root/build/neardup" minhash -i "$realistic" -o "$out" \
        --overwrite --no-checkpoint -q --clusters "$clusters" "${kernel_flags[@]}" >/dev/null
      stats="$(tr -d ' \n' <"$out/stats.json")"
      totals[$clusters]+="$(grep -oE '"total_seconds":[0-9.]+' <<<"$stats" | cut -d: -f2) "
      echo "RESULT clusters=$clusters ranks=$n run=$run $(grep -oE \
        '"(greedy_[a-z_]+|pairs_checked|verify_rounds|docs_removed|total_seconds)":[0-9.]+' \
        <<<"$stats" | tr '\n' ' ')peak_rss=$(grep -oE '"peak_rss_bytes_per_rank":\[[0-9,]+' \
        <<<"$stats" | grep -oE '[0-9]+' | sort -n | tail -1)"
    done
  done
  read -r greedy_median _ <<<"$(median_spread ${totals[greedy]})"
  read -r components_median _ <<<"$(median_spread ${totals[components]})"
  echo "RESULT clusters_cost ranks=$n greedy_seconds=$greedy_median" \
    "components_seconds=$components_median ratio=$(ratio "$greedy_median" "$components_median")"
  unset totals
done
"$root/build/neardup-removal-audit" -i "$realistic" --run "$root/build/bench-clusters-components-2" \
  --run "$root/build/bench-clusters-greedy-2"
# Stored shingle sets: a MinHash index of the realistic corpus with and without them at 2 ranks
# (bytes per document), and 3,000 of its documents queried against each (latency).
sample="$root/build/bench-realistic-queries.jsonl"
awk 'NR % 15 == 0 { print; if (++n == 3000) exit }' "$realistic" >"$sample"
for verify in estimate exact; do
  index="$root/build/bench-index-minhash-${verify}"
  "$root/scripts/mpirun.sh" -n 2 "$root/build/neardup" index build --method minhash \
    -i "$realistic" -o "$index" --overwrite -q --verify "$verify" | grep RESULT |
    sed "s/^RESULT /RESULT verify=${verify} /"
  "$root/build/neardup" query --index "$index" -i "$sample" -v 2>&1 >/dev/null | grep RESULT
done

#!/usr/bin/env bash
# Spans benchmark (scripts/bench.sh --spans runs this): `neardup spans` with default flags on a
# corpus with the shapes of real ones (the realistic corpus: families of near-identical long
# documents, 40-80% shared boilerplate, short documents, quoted mail, source files, several
# scripts), at 1 and 2 ranks, interleaved. Prints per run count the median wall seconds, MB/s
# per core (input bytes / wall / ranks), each stage's seconds (max over ranks), bytes shuffled
# per input byte, peak RSS per rank, the share of input and text bytes cut, each stage's busy
# seconds on its least and most busy rank, and the seconds outside the stages (mpirun's launch,
# MPI's start and end), as RESULT lines. Never asserted: figures for docs/performance.md.
# Usage: scripts/bench-spans.sh [CORPUS.jsonl]   (default: the first NEARDUP_SPANS_DOCS documents
#   of build/bench-realistic.jsonl, generated with neardup-gen-corpus --realistic when absent)
#   NEARDUP_BIN           the neardup binary (default: build/neardup)
#   NEARDUP_SPANS_DOCS    documents taken from the default corpus (default 20000, ~130 MB)
#   NEARDUP_SPANS_RUNS    runs per rank count, the median taken (default 3)
#   NEARDUP_SPANS_FLAGS   extra flags for every run (e.g. "--min-tokens 20")
#   NEARDUP_SPANS_SPLIT_MB  split size (default 4: a corpus of a few 64 MiB splits would leave
#                         one rank with most of the work, and time would measure the imbalance)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
neardup="${NEARDUP_BIN:-$root/build/neardup}"
runs="${NEARDUP_SPANS_RUNS:-3}"
read -r -a extra_flags <<<"${NEARDUP_SPANS_FLAGS:-}"
work="$root/build/bench-spans"
mkdir -p "$work"
corpus="${1:-}"
if [ -z "$corpus" ]; then
  full="$root/build/bench-realistic.jsonl"
  if [ ! -s "$full" ]; then
    "$root/build/neardup-gen-corpus" --realistic --bytes 300000000 -o "$full"
  fi
  corpus="$work/corpus.jsonl"
  head -n "${NEARDUP_SPANS_DOCS:-20000}" "$full" >"$corpus"
fi
mpi_flags=(--oversubscribe)
[ "$(id -u)" = 0 ] && mpi_flags+=(--allow-run-as-root)

run_once() {  # ranks run -> prints "wall_seconds"
  local out="$work/out-$1-$2"
  local start end
  start=$(date +%s.%N)
  mpirun "${mpi_flags[@]}" -n "$1" "$neardup" spans -i "$corpus" -o "$out" --overwrite -q \
    --split-mb "${NEARDUP_SPANS_SPLIT_MB:-4}" \
    --progress 0 "${extra_flags[@]}" >/dev/null
  end=$(date +%s.%N)
  python3 -c "print($end - $start)" >"$out.wall"
}

for r in $(seq "$runs"); do
  for ranks in 1 2; do run_once "$ranks" "$r"; done
done

python3 - "$work" "$runs" <<'PY'
import json, os, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
for ranks in (1, 2):
    walls, stats = [], []
    for r in range(1, runs + 1):
        out = f"{work}/out-{ranks}-{r}"
        walls.append(float(open(out + ".wall").read()))
        stats.append(json.load(open(out + "/stats.json")))
    wall = statistics.median(walls)
    s = stats[0]
    mb = s["input_bytes"] / 1e6
    stages = {name: statistics.median(x["stages"][name]["max_seconds"] for x in stats)
              for name in s["stages"]}
    stage_text = " ".join(f"{name}={sec:.2f}" for name, sec in stages.items())
    print(f"RESULT spans ranks={ranks} input_mb={mb:.1f} wall_s={wall:.2f} "
          f"mb_per_s_per_core={mb / wall / ranks:.1f} stage_seconds_sum={sum(stages.values()):.2f} "
          f"stage_mb_per_s_per_core={mb / sum(stages.values()) / ranks:.1f} "
          f"shuffled_per_input_byte={s['bytes_shuffled'] / s['input_bytes']:.3f} "
          f"peak_rss_mb_max={max(s['peak_rss_bytes_per_rank']) / 1e6:.0f} "
          f"bytes_cut_share={s['bytes_cut'] / s['input_bytes']:.4f} docs_cut={s['docs_cut']} "
          f"docs_removed={s['docs_removed']} cuts={s['cuts']} cuts_refused={s['cuts_refused']} "
          f"anchors={s['anchors']} shared={s['shared_anchors']} whole={s['whole_anchors']} "
          f"followers={s['follower_anchors']} windows_shuffled={s['windows_shuffled']} "
          f"window_runs={s['window_runs']} "
          f"largest_repeat={(s['largest_repeats'] or [0])[0]}")
    print(f"RESULT spans_stages ranks={ranks} {stage_text}")
    # Each stage's busy seconds on its least and most busy rank, roughly: the stage's seconds
    # (its slowest rank's) less that rank's time inside MPI calls. Far apart, the ranks' work
    # (or their cores' speeds) differ, and the stage waits for the slower.
    def busy(x, name, mpi_key):
        stage = x["stages"][name]
        return stage["max_seconds"] - stage["communication"]["mpi_seconds"][mpi_key]
    busy_text = " ".join(
        f"{name}={statistics.median(busy(x, name, 'max') for x in stats):.2f}/"
        f"{statistics.median(busy(x, name, 'min') for x in stats):.2f}" for name in s["stages"])
    print(f"RESULT spans_busy_min_max ranks={ranks} {busy_text} "
          f"outside_stages_s={wall - sum(stages.values()):.2f}")
PY

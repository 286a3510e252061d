#!/usr/bin/env bash
# Scaling benchmark (scripts/bench.sh --scaling runs this): strong scaling (one fixed corpus at
# each rank count) and weak scaling (the same bytes per rank at each rank count) of the minhash
# job with default flags, on a generated corpus with the shapes of real ones (families of
# near-identical long documents spread over several files, documents sharing 40-80% boilerplate
# without being duplicates, short documents, quoted mail, source files, prose with accented,
# Cyrillic and CJK words, and a third of planted near-duplicates of 20-3,000 words, shuffled
# together), written as many files so every rank has splits. Prints per-stage seconds (max
# over ranks, from stats.json), speed-up and efficiency against the smallest rank count, MB/s
# per core, bytes shuffled per stage, peak RSS per rank, the rounds and the stages'
# communication counters when stats.json has them, as RESULT lines and a table. It builds and
# installs nothing: it needs the neardup binary, the corpus generator (neardup-gen-corpus),
# mpirun, python3 and GNU coreutils; scripts/pack-scaling.sh packs them for a bare machine (see
# docs/performance.md, "Scaling on a many-core machine").
# Usage: scripts/bench-scaling.sh RANKS...       e.g. scripts/bench-scaling.sh 1 2 4 8 16
#   NEARDUP_BIN          the neardup binary (default: build/neardup beside this script's repo)
#   NEARDUP_GEN_CORPUS   the corpus generator (default: build/neardup-gen-corpus)
#   NEARDUP_MPIRUN       mpirun (default: mpirun on PATH)
#   NEARDUP_SCALING_MB   strong scaling's corpus, MB (default 1024)
#   NEARDUP_SCALING_MB_PER_RANK  weak scaling's bytes per rank, MB (default 256)
#   NEARDUP_SCALING_FILE_MB      size of one corpus file, MB (default: a quarter of the bytes
#                        per rank, at most 64 and at most the strong corpus over 4 x the largest
#                        rank count, at least 1)
#   NEARDUP_SCALING_RUNS runs per point, the median taken (default 1)
#   NEARDUP_SCALING_MODES  "strong weak" (default), "strong" or "weak"
#   NEARDUP_SCALING_FLAGS  extra flags for every job (e.g. "--no-checkpoint")
#   NEARDUP_SCALING_DIR  corpus, outputs and stats (default: build/scaling); the corpus is
#                        generated once and kept (delete the directory to regenerate)
# Rank counts above the cores run with --oversubscribe and say oversubscribed=yes: their
# seconds mean nothing, their memory and bytes still do.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
neardup="${NEARDUP_BIN:-$root/build/neardup}"
gen="${NEARDUP_GEN_CORPUS:-$root/build/neardup-gen-corpus}"
mpirun_bin="${NEARDUP_MPIRUN:-mpirun}"
strong_mb="${NEARDUP_SCALING_MB:-1024}"
per_rank_mb="${NEARDUP_SCALING_MB_PER_RANK:-256}"
runs="${NEARDUP_SCALING_RUNS:-1}"
modes="${NEARDUP_SCALING_MODES:-strong weak}"
read -r -a extra_flags <<<"${NEARDUP_SCALING_FLAGS:-}"
dir="${NEARDUP_SCALING_DIR:-$root/build/scaling}"
if [ $# -eq 0 ]; then
  echo "usage: $0 RANKS...   (e.g. 1 2 4 8 16)" >&2
  exit 2
fi
ranks_list=()
for r in "$@"; do
  [[ "$r" =~ ^[1-9][0-9]*$ ]] || { echo "$0: $r: not a rank count" >&2; exit 2; }
  ranks_list+=("$r")
done
mapfile -t ranks_list < <(printf '%s\n' "${ranks_list[@]}" | sort -n -u)
max_ranks="${ranks_list[-1]}"
for tool in "$neardup" "$gen"; do
  if [ ! -x "$tool" ]; then
    echo "$0: $tool: not an executable (set NEARDUP_BIN / NEARDUP_GEN_CORPUS)" >&2
    exit 2
  fi
done
if ! command -v "$mpirun_bin" >/dev/null; then
  echo "$0: $mpirun_bin: not found (NEARDUP_MPIRUN)" >&2
  exit 2
fi
command -v python3 >/dev/null || { echo "$0: python3 is needed to read stats.json" >&2; exit 2; }

# Cores that can run a rank: the physical cores (Open MPI's default slots) among the CPUs
# this process may use.
cpus=$(nproc)
cores=$(lscpu -p=core,socket 2>/dev/null | grep -v '^#' | sort -u | wc -l || true)
if [ "${cores:-0}" -eq 0 ] || [ "$cores" -gt "$cpus" ]; then cores=$cpus; fi

# The corpus: one pool of files, the largest that any point needs; each point reads a prefix.
if [ -z "${NEARDUP_SCALING_FILE_MB:-}" ]; then
  file_mb=$((per_rank_mb / 4))
  [ "$file_mb" -le 64 ] || file_mb=64
  [ "$file_mb" -le $((strong_mb / (4 * max_ranks))) ] || file_mb=$((strong_mb / (4 * max_ranks)))
  [ "$file_mb" -ge 1 ] || file_mb=1
else
  file_mb="$NEARDUP_SCALING_FILE_MB"
fi
pool_mb=$strong_mb
if [[ " $modes " == *" weak "* ]] && [ $((max_ranks * per_rank_mb)) -gt "$pool_mb" ]; then
  pool_mb=$((max_ranks * per_rank_mb))
fi
# files_for MB: how many pool files make MB (at least 1).
files_for() { local n=$((($1 + file_mb - 1) / file_mb)); echo $((n > 0 ? n : 1)); }
pool_files=$(files_for "$pool_mb")
group=4  # files generated together from one stream, so families cross files (and ranks)
corpus="$dir/corpus-${file_mb}mb"
mkdir -p "$corpus" "$dir/stats"
# gen_group G: pool files 4G..4G+3: two thirds of their bytes in the realistic shapes, a
# third planted near-duplicates of 20-3,000 words, shuffled together (every file has the same
# mix, whatever prefix a point reads), ids prefixed with gG- (unique across groups).
gen_group() {
  local g="$1" bytes=$((group * file_mb * 1000000))
  # About 37 KB per planted base document (its variants included).
  local docs=$((bytes / 3 / 37000 > 20 ? bytes / 3 / 37000 : 20))
  "$gen" -o "$corpus/.group-$g-real.jsonl" --seed $((7000 + 1000 * g)) --bytes $((bytes * 2 / 3)) \
    --realistic --families 2 --family-size 60 --family-lines 400 --boilerplate-groups 4 \
    --boilerplate-group-size 150 --short-docs 2000 --mail-threads 100 --source-files 150 \
    --plain-docs 400 2>/dev/null
  "$gen" -o "$corpus/.group-$g-planted.jsonl" --seed $((7500 + 1000 * g)) --bytes $((bytes / 3)) \
    --docs "$docs" --min-tokens 20 --max-tokens 3000 2>/dev/null
  python3 - "$g" "$group" "$corpus" <<'PY'
import os, random, sys
g, k, corpus = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
lines = []
for kind in ("real", "planted"):
    path = f"{corpus}/.group-{g}-{kind}.jsonl"
    with open(path, "rb") as f:
        lines += [l.replace(b'{"id": "', b'{"id": "g%d-' % g, 1) for l in f]
    os.remove(path)
random.Random(g).shuffle(lines)
per_file = sum(map(len, lines)) / k
at = 0
for i in range(k):
    out, size = [], 0
    while at < len(lines) and (size < per_file or i == k - 1):
        out.append(lines[at])
        size += len(lines[at])
        at += 1
    with open(f"{corpus}/.part-{g * k + i:06d}.jsonl", "wb") as f:
        f.writelines(out)
    os.rename(f"{corpus}/.part-{g * k + i:06d}.jsonl", f"{corpus}/part-{g * k + i:06d}.jsonl")
PY
}
groups=$(((pool_files + group - 1) / group))
missing=()
for g in $(seq 0 $((groups - 1))); do
  [ -f "$corpus/part-$(printf %06d $((g * group + group - 1))).jsonl" ] || missing+=("$g")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "generating ${#missing[@]} x $group files of ~$file_mb MB in $corpus" >&2
  running=0
  for g in "${missing[@]}"; do
    gen_group "$g" &
    running=$((running + 1))
    # At most 16 at once: each holds its 4 files in memory while shuffling them.
    if [ "$running" -ge "$cpus" ] || [ "$running" -ge 16 ]; then
      wait -n
      running=$((running - 1))
    fi
  done
  wait
fi
mapfile -t pool < <(find "$corpus" -maxdepth 1 -name 'part-*.jsonl' | sort)
echo "RESULT scaling_corpus=$corpus files=${#pool[@]} file_mb=$file_mb cores=$cores cpus=$cpus"

# run_point MODE RANKS FILES: the job on the first FILES pool files at RANKS ranks, RUNS times;
# copies each run's stats.json to stats/MODE-RANKS-RUN.json and the wall seconds beside it.
run_point() {
  local mode="$1" n="$2" files="$3" list="$dir/stats/$1-$2.list" flags=() run
  printf '%s\n' "${pool[@]:0:$files}" >"$list"
  if [ "$(id -u)" -eq 0 ]; then flags+=(--allow-run-as-root); fi
  if [ "$n" -gt "$cores" ]; then flags+=(--oversubscribe); fi
  for run in $(seq 1 "$runs"); do
    local out="$dir/out-$mode-$n" start end
    sync
    start=$(date +%s.%N)
    if ! "$mpirun_bin" "${flags[@]}" -n "$n" "$neardup" minhash -i "@$list" -o "$out" \
      --overwrite -q "${extra_flags[@]}" >"$dir/stats/$mode-$n-$run.log" 2>&1; then
      echo "$0: $mode scaling at $n ranks failed: $dir/stats/$mode-$n-$run.log" >&2
      tail -5 "$dir/stats/$mode-$n-$run.log" >&2
      exit 1
    fi
    end=$(date +%s.%N)
    cp "$out/stats.json" "$dir/stats/$mode-$n-$run.json"
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }' \
      >"$dir/stats/$mode-$n-$run.wall"
  done
}
rm -f "$dir"/stats/*.json "$dir"/stats/*.wall
for mode in $modes; do
  for n in "${ranks_list[@]}"; do
    case "$mode" in
      strong) files=$(files_for "$strong_mb") ;;
      weak) files=$(files_for $((n * per_rank_mb))) ;;
      *) echo "$0: NEARDUP_SCALING_MODES: $mode is neither strong nor weak" >&2; exit 2 ;;
    esac
    echo "running $mode scaling at $n ranks on $files files" >&2
    run_point "$mode" "$n" "$files"
  done
done

# The report: RESULT lines, then a table per mode.
python3 - "$dir/stats" "$cores" "$runs" "$modes" "${ranks_list[@]}" <<'EOF'
import json, os, statistics, sys

stats_dir, cores, runs, modes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
ranks_list = [int(r) for r in sys.argv[5:]]
ROUNDS = ("verify_rounds", "component_rounds", "greedy_rounds")


def flat(prefix, value, out):
    """Numeric leaves of a stats.json value as comm_a_b=...; a per-rank list or a
    {min, avg, max} object gives its max (and avg)."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        out[prefix] = value
    elif isinstance(value, list):
        nums = [v for v in value if isinstance(v, (int, float)) and not isinstance(v, bool)]
        if nums:
            out[prefix + "_max"] = max(nums)
            out[prefix + "_avg"] = sum(nums) / len(nums)
    elif isinstance(value, dict):
        for key, sub in value.items():
            flat(f"{prefix}_{key}" if prefix else key, sub, out)


def find(stats, name):
    """A count wherever stats.json keeps it (top level or under a method's counts)."""
    if name in stats and isinstance(stats[name], (int, float)):
        return stats[name]
    for value in stats.values():
        if isinstance(value, dict) and isinstance(value.get(name), (int, float)):
            return value[name]
    return None


def point(mode, ranks):
    runs_stats, walls = [], []
    for run in range(1, runs + 1):
        base = os.path.join(stats_dir, f"{mode}-{ranks}-{run}")
        with open(base + ".json") as f:
            runs_stats.append(json.load(f))
        with open(base + ".wall") as f:
            walls.append(float(f.read()))
    totals = [sum(s.get("max_seconds", 0) for s in r["stages"].values()) for r in runs_stats]
    median = statistics.median(totals)
    chosen = runs_stats[min(range(len(totals)), key=lambda i: abs(totals[i] - median))]
    stages = {}
    for name in dict.fromkeys(n for r in runs_stats for n in r["stages"]):
        stage = chosen["stages"].get(name, {})
        comm = {}
        # The stage's communication counters: under the stage, or under a top-level
        # "communication" object by stage name (whichever stats.json has).
        for key in ("communication", "comm"):
            if isinstance(stage.get(key), dict):
                flat("comm", stage[key], comm)
            top = chosen.get(key)
            if not comm and isinstance(top, dict) and isinstance(top.get(name), dict):
                flat("comm", top[name], comm)
        stages[name] = {
            "seconds": statistics.median(r["stages"].get(name, {}).get("max_seconds", 0)
                                         for r in runs_stats),
            "avg_seconds": stage.get("avg_seconds", 0),
            "bytes_shuffled": stage.get("bytes_shuffled", 0),
            "peak_rss": stage.get("peak_rss_bytes", 0),
            "comm": comm,
        }
    rss = chosen.get("peak_rss_bytes_per_rank") or chosen.get("peak_rss_per_rank") or [0]
    if isinstance(rss, dict):
        rss_max, rss_avg = rss.get("max", 0), rss.get("avg", 0)
    else:
        rss_max, rss_avg = max(rss), sum(rss) / len(rss)
    ibytes = chosen.get("input_bytes_per_rank", {})
    return {
        "ranks": ranks, "seconds": median, "wall": statistics.median(walls), "stages": stages,
        "input_bytes": chosen.get("input_bytes", 0), "docs": chosen.get("docs_read", 0),
        "splits": chosen.get("splits", 0), "files": chosen.get("input_files", 0),
        "bytes_shuffled": chosen.get("bytes_shuffled", 0), "rss_max": rss_max,
        "rss_avg": rss_avg, "rounds": {k: find(chosen, k) for k in ROUNDS},
        "input_max": ibytes.get("max", 0) if isinstance(ibytes, dict) else 0,
        "oversubscribed": ranks > cores,
    }


def fmt(v):
    return "na" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))


for mode in modes.split():
    points = [point(mode, r) for r in ranks_list]
    base = points[0]
    def scale(p, base_seconds, seconds):
        # Strong: speed-up = T(r0) / T(r), efficiency = speed-up x r0 / r. Weak: efficiency =
        # T(r0) / T(r) (ideal 1), speed-up = efficiency x r / r0 (throughput gained).
        if seconds <= 0 or base_seconds <= 0:
            return None, None
        if mode == "strong":
            speedup = base_seconds / seconds
            return speedup, speedup * base["ranks"] / p["ranks"]
        efficiency = base_seconds / seconds
        return efficiency * p["ranks"] / base["ranks"], efficiency
    for p in points:
        over = "yes" if p["oversubscribed"] else "no"
        mb = p["input_bytes"] / 1e6
        for name, s in p["stages"].items():
            speedup, eff = scale(p, base["stages"].get(name, {}).get("seconds", 0), s["seconds"])
            rate = mb / s["seconds"] / p["ranks"] if s["seconds"] > 0 else 0
            extra = "".join(f" {k}={fmt(v)}" for k, v in s["comm"].items())
            print(f"RESULT scaling={mode} ranks={p['ranks']} stage={name.replace(' ', '_')} "
                  f"seconds={s['seconds']:.3f} avg_seconds={s['avg_seconds']:.3f} "
                  f"speedup={fmt(speedup)} efficiency={fmt(eff)} mb_per_s_per_core={rate:.2f} "
                  f"bytes_shuffled={s['bytes_shuffled']} peak_rss_max={s['peak_rss']} "
                  f"oversubscribed={over}{extra}")
        speedup, eff = scale(p, base["seconds"], p["seconds"])
        wall_speedup, wall_eff = scale(p, base["wall"], p["wall"])
        rate = mb / p["seconds"] / p["ranks"] if p["seconds"] > 0 else 0
        rounds = " ".join(f"{k}={fmt(v)}" for k, v in p["rounds"].items())
        print(f"RESULT scaling={mode} ranks={p['ranks']} stages_seconds={p['seconds']:.3f} "
              f"wall_seconds={p['wall']:.3f} speedup={fmt(speedup)} efficiency={fmt(eff)} "
              f"wall_speedup={fmt(wall_speedup)} wall_efficiency={fmt(wall_eff)} "
              f"mb_per_s_per_core={rate:.2f} input_bytes={p['input_bytes']} "
              f"input_bytes_max_rank={p['input_max']} docs={p['docs']} files={p['files']} "
              f"splits={p['splits']} bytes_shuffled={p['bytes_shuffled']} "
              f"peak_rss_per_rank_max={p['rss_max']} peak_rss_per_rank_avg={p['rss_avg']:.0f} "
              f"{rounds} oversubscribed={over}")
    # The table: one row per rank count, one column group per stage.
    names = list(dict.fromkeys(n for p in points for n in p["stages"]))
    print(f"\n{mode} scaling ({'fixed corpus' if mode == 'strong' else 'fixed bytes per rank'};"
          f" efficiency against {base['ranks']} rank(s); seconds: max over ranks)")
    head = f"{'ranks':>5} {'MB':>8} {'docs':>9} " + "".join(f"{n[:10]:>11}" for n in names)
    head += f"{'stages s':>10}{'speed-up':>9}{'effic.':>7}{'MB/s/core':>10}{'MB shuf':>9}"
    head += f"{'RSS max':>9}{'RSS avg':>9}"
    print(head)
    for p in points:
        speedup, eff = scale(p, base["seconds"], p["seconds"])
        row = f"{p['ranks']:>5} {p['input_bytes'] / 1e6:>8.0f} {p['docs']:>9} "
        row += "".join(f"{p['stages'].get(n, {}).get('seconds', 0):>11.2f}" for n in names)
        rate = p["input_bytes"] / 1e6 / p["seconds"] / p["ranks"] if p["seconds"] > 0 else 0
        row += f"{p['seconds']:>10.2f}{fmt(speedup):>9}{fmt(eff):>7}{rate:>10.1f}"
        row += f"{p['bytes_shuffled'] / 1e6:>9.0f}{p['rss_max'] / 1e6:>9.0f}"
        row += f"{p['rss_avg'] / 1e6:>9.0f}"
        if p["oversubscribed"]:
            row += "  oversubscribed: seconds meaningless"
        print(row)
    print("MB shuffled per stage: " + "; ".join(
        f"{p['ranks']} ranks: " + ", ".join(
            f"{n} {s['bytes_shuffled'] / 1e6:.1f}" for n, s in p["stages"].items()
            if s["bytes_shuffled"]) for p in points))
    print()
EOF

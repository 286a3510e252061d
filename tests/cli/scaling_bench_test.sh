#!/usr/bin/env bash
# The scaling benchmark runs from scripts/pack-scaling.sh's folder as on a bare machine: packed
# (programs, libraries, Open MPI), and where this test may make a mount namespace, run with the
# system's Open MPI and the libraries it packed hidden. At 1 and 2 ranks on a tiny generated
# corpus (4 MB strong, 2 MB per rank weak, 1 MB files) it prints, for each mode and rank count, a
# summary RESULT line whose speed-up and efficiency are numbers (1 at the base rank count), one
# RESULT line per stage with its seconds and bytes shuffled, the rounds, and a table; the weak
# corpus doubles with the ranks; scripts/bench.sh --scaling runs the same benchmark from the build.
# Times are not checked.
# Usage: scaling_bench_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
pack="$work/pack"
# Open MPI's session files in the work folder: a user namespace cannot write the real root's.
export TMPDIR="$work/tmp"
mkdir -p "$TMPDIR"
NEARDUP_BIN="$neardup" NEARDUP_GEN_CORPUS="$gen" "$(dirname "$0")/../../scripts/pack-scaling.sh" \
  "$pack" >/dev/null || fail "pack-scaling.sh failed"
[ -x "$pack/openmpi/usr/bin/mpirun" ] || fail "the pack has no mpirun"
# hidden COMMAND...: COMMAND with what the pack replaces masked, in a mount namespace: a plain one
# as root, else one inside a user namespace; where neither can be made, as it is, with a note.
hidden() {
  local namespace
  if unshare -m true 2>/dev/null; then
    namespace=(unshare -m)
  elif unshare -Urm true 2>/dev/null; then
    namespace=(unshare -Urm)
  else
    echo "note: no mount namespace here; the system's Open MPI stays visible" >&2
    "$@"
    return
  fi
  "${namespace[@]}" bash -c '
    set -e
    lib=/usr/lib/x86_64-linux-gnu
    for d in $lib/openmpi $lib/pmix2 /usr/share/openmpi /etc/openmpi; do
      [ ! -d "$d" ] || mount -t tmpfs none "$d"
    done
    for f in /usr/bin/mpirun /usr/bin/orterun /usr/bin/orted /usr/bin/mpiexec \
      $lib/lib{mpi,open-pal,open-rte,pmix,hwloc,event_core,event_pthreads}*.so.* \
      $lib/lib{boost_serialization,simdjson,utf8proc,xxhash}*.so.*; do
      if [ -f "$f" ] && [ ! -L "$f" ]; then mount --bind /dev/null "$f"; fi
    done
    if command -v ompi_info >/dev/null && ompi_info >/dev/null 2>&1; then
      echo "the system'"'"'s Open MPI is still visible" >&2
      exit 1
    fi
    exec "$@"' hidden "$@"
}
NEARDUP_SCALING_MB=4 NEARDUP_SCALING_MB_PER_RANK=2 NEARDUP_SCALING_FILE_MB=1 \
  NEARDUP_SCALING_DIR="$work/scaling" hidden "$pack/bench-scaling" 2 1 >"$work/out.txt" \
  2>"$work/err.txt" || fail "the packed bench-scaling failed: $(tail -5 "$work/err.txt")"
cat "$work/out.txt"
number='[0-9]+(\.[0-9]+)?'
for mode in strong weak; do
  for ranks in 1 2; do
    line=$(grep -E "^RESULT scaling=$mode ranks=$ranks stages_seconds=" "$work/out.txt")
    [ -n "$line" ] || { fail "no $mode summary at $ranks ranks"; continue; }
    for key in stages_seconds speedup efficiency mb_per_s_per_core input_bytes docs \
      bytes_shuffled peak_rss_per_rank_max component_rounds; do
      grep -qE " $key=$number( |$)" <<<"$line" || fail "$mode $ranks ranks: $key is no number"
    done
    # The rounds of the clustering the job ran: greedy's (the default) or verification's.
    grep -qE " (greedy|verify)_rounds=[1-9]" <<<"$line" || fail "$mode $ranks ranks: no rounds"
    grep -qE "^RESULT scaling=$mode ranks=$ranks stage=sketch seconds=$number .*bytes_shuffled=[0-9]+" \
      "$work/out.txt" || fail "no sketch stage line for $mode at $ranks ranks"
    grep -qE "^RESULT scaling=$mode ranks=$ranks stage=candidates .*bytes_shuffled=[1-9]" \
      "$work/out.txt" || [ "$ranks" = 1 ] || fail "$mode at $ranks ranks shuffled no band keys"
  done
  grep -qE "^RESULT scaling=$mode ranks=1 stages_seconds=.* speedup=1\.000 efficiency=1\.000 " \
    "$work/out.txt" || fail "$mode: the base rank count's speed-up and efficiency are not 1"
  grep -q "^$mode scaling (" "$work/out.txt" || fail "no $mode table"
done
input_of() { grep -E "^RESULT scaling=$1 ranks=$2 stages_seconds=" "$work/out.txt" |
  grep -oE ' input_bytes=[0-9]+' | cut -d= -f2; }
[ "$(input_of strong 1)" = "$(input_of strong 2)" ] || fail "strong scaling's corpus changed"
weak1=$(input_of weak 1) weak2=$(input_of weak 2)
if [ -z "$weak1" ] || [ -z "$weak2" ] || [ "$weak2" -le $((weak1 * 3 / 2)) ]; then
  fail "weak scaling's corpus did not grow with the ranks ($weak1 -> $weak2)"
fi
# scripts/bench.sh --scaling is the same benchmark from the build: strong scaling at 1 rank on the
# corpus generated above.
NEARDUP_BIN="$neardup" NEARDUP_GEN_CORPUS="$gen" NEARDUP_MPIRUN="${mpirun[0]}" \
  NEARDUP_SCALING_MB=4 NEARDUP_SCALING_FILE_MB=1 NEARDUP_SCALING_MODES=strong \
  NEARDUP_SCALING_DIR="$work/scaling" "$(dirname "$0")/../../scripts/bench.sh" --scaling 1 \
  >"$work/bench.txt" 2>&1 || fail "bench.sh --scaling failed: $(tail -5 "$work/bench.txt")"
[ "$(input_of strong 1)" = "$(grep -E '^RESULT scaling=strong ranks=1 stages_seconds=' \
  "$work/bench.txt" | grep -oE ' input_bytes=[0-9]+' | cut -d= -f2)" ] ||
  fail "bench.sh --scaling did not run the strong benchmark on the same corpus"
finish "packed scaling benchmark: RESULT lines and tables for strong and weak scaling"

#!/usr/bin/env bash
# stats.json accounts for communication: minhash and exact at 3 ranks record, per stage and for
# the run, bytes and messages sent and received per rank and collective calls, with the
# relations any correct run has: what ranks sent is what ranks received, every rank made as many
# collective calls, min <= avg <= max, the run is at least its stages, the Exchanger's bytes
# (bytes_shuffled) are among the bytes counted, and no rank spent longer inside MPI in a stage
# than the stage took.
# Usage: communication_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
make_corpus 340

# check_stats OUT: the relations above in OUT/stats.json; prints each broken one.
check_stats() {
  python3 - "$1/stats.json" <<'PY'
import json, sys
stats = json.load(open(sys.argv[1]))
ranks = stats["ranks"]
broken = []
def check(where, c):
    for key in ("bytes_sent", "bytes_received", "messages_sent", "messages_received"):
        s = c[key]
        if not s["min"] <= s["avg"] <= s["max"] or abs(s["avg"] * ranks - s["sum"]) > 1e-6 * s["sum"] + 1e-9:
            broken.append(f"{where}: {key} {s}")
    if c["bytes_sent"]["sum"] != c["bytes_received"]["sum"]:
        broken.append(f"{where}: bytes sent {c['bytes_sent']['sum']} != received {c['bytes_received']['sum']}")
    if c["messages_sent"]["sum"] != c["messages_received"]["sum"]:
        broken.append(f"{where}: messages sent != received")
    if not c["collectives_agree"]:
        broken.append(f"{where}: ranks made different numbers of collective calls")
    t = c["mpi_seconds"]
    if not 0 <= t["min"] <= t["avg"] <= t["max"]:
        broken.append(f"{where}: mpi_seconds {t}")
stages = stats["stages"]
for name, stage in stages.items():
    check(name, stage["communication"])
    if stage["communication"]["mpi_seconds"]["max"] > stage["max_seconds"] + 1e-3:
        broken.append(f"{name}: more time in MPI than the stage took")
    if stage["communication"]["bytes_sent"]["sum"] < stage["bytes_shuffled"]:
        broken.append(f"{name}: fewer bytes sent than the Exchanger shuffled")
run = stats["communication"]
check("run", run)
for key in ("bytes_sent", "messages_sent"):
    if run[key]["sum"] < sum(s["communication"][key]["sum"] for s in stages.values()):
        broken.append(f"run: {key} less than its stages'")
if run["collectives"] < sum(s["communication"]["collectives"] for s in stages.values()):
    broken.append("run: fewer collectives than its stages")
if stages["candidates"]["communication"]["bytes_sent"]["max"] == 0 or run["collectives"] == 0:
    broken.append("nothing counted")
print("\n".join(broken))
PY
}

for job in minhash exact; do
  out="$work/$job"
  "${mpirun[@]}" -n 3 "$neardup" "$job" -i "$work/in" -o "$out" --split-mb 1 >"$out.log" 2>&1 ||
    fail "$job at 3 ranks failed (see $out.log)"
  broken=$(check_stats "$out")
  [ -z "$broken" ] || fail "$job: $broken"
  grep -q "^communication: .* MB sent between ranks" "$out.log" || fail "$job: no communication line"
  grep -q "collective calls (stages" "$out.log" && fail "$job: collectives disagree"
done
finish "stats.json accounts for communication"

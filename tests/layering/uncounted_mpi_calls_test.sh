#!/usr/bin/env bash
# Every MPI call in jobs/, io/ and core/ is counted in stats.json's communication: it either has
# a profiled entry point in jobs/mpi/traffic.cpp or moves no data between ranks (listed below);
# and nothing calls PMPI_* around the counters. A new MPI_Ialltoall( or MPI_Send( fails here
# until traffic.cpp counts it.
# Usage: uncounted_mpi_calls_test.sh SOURCE_ROOT
set -uo pipefail
root="$1"
profiled="$root/jobs/mpi/traffic.cpp"
# Calls that move no data between ranks: setup, communicators, datatypes, completion, probes.
moves_nothing="MPI_Abort MPI_Comm_dup MPI_Comm_free MPI_Comm_rank MPI_Comm_set_errhandler
MPI_Comm_size MPI_Error_string MPI_Finalize MPI_Init MPI_Iprobe MPI_Type_commit
MPI_Type_contiguous MPI_Type_free MPI_Waitall"
counted=$(grep -oE '^int MPI_[A-Za-z_]+\(' "$profiled" | sed 's/^int //; s/($//')
[ -n "$counted" ] || { echo "FAIL: no profiled MPI entry points in $profiled" >&2; exit 1; }
failures=0
used=$(grep -rhoE '\bMPI_[A-Z][a-z_]*[a-z]\s*\(' "$root/jobs" "$root/io" "$root/core" |
  sed 's/\s*($//' | sort -u)
for call in $used; do
  if ! grep -qxF "$call" <<<"$counted"$'\n'"$(tr ' ' '\n' <<<"$moves_nothing")"; then
    echo "FAIL: $call is not counted: define it in jobs/mpi/traffic.cpp" >&2
    failures=$((failures + 1))
  fi
done
bypass=$(grep -rlE '\bPMPI_[A-Z]' "$root/jobs" "$root/io" "$root/core" | grep -vxF "$profiled")
if [ -n "$bypass" ]; then
  echo "FAIL: PMPI_ calls bypass the traffic counters in: $bypass" >&2
  failures=$((failures + 1))
fi
[ "$failures" -eq 0 ] || exit 1
echo "every MPI call is counted ($(wc -w <<<"$counted") profiled entry points)"

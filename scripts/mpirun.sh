#!/usr/bin/env bash
# mpirun with the flags a container or laptop needs: --oversubscribe, and --allow-run-as-root
# when run as root. Usage: scripts/mpirun.sh -n 4 build/neardup minhash ...
set -euo pipefail
flags=(--oversubscribe)
if [ "$(id -u)" -eq 0 ]; then flags+=(--allow-run-as-root); fi
exec mpirun "${flags[@]}" "$@"

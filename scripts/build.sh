#!/usr/bin/env bash
# Configures and builds neardup: scripts/build.sh [BUILD_DIR] [extra cmake flags...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$root/build}"
shift || true
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNEARDUP_WERROR=ON "$@" >/dev/null
cmake --build "$build" -j "$(nproc)"

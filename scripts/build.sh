#!/usr/bin/env bash
# Configures and builds neardup: scripts/build.sh [--target NAME]... [BUILD_DIR] [extra cmake flags...]
# Without --target every target is built (the tests too); with it only the targets named (and
# what they need). The configure step prints one line; the build prints its own progress.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
targets=()
while [ "${1:-}" = --target ]; do
  targets+=(--target "$2")
  shift 2
done
build="${1:-$root/build}"
shift || true
echo "configuring $build (cmake, RelWithDebInfo)" >&2
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNEARDUP_WERROR=ON "$@" >/dev/null
cmake --build "$build" "${targets[@]}" -j "$(nproc)"

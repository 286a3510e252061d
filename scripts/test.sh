#!/usr/bin/env bash
# Set-up command 2: installs dependencies (and slurm-wlm, chromium, clang-format and tabix for the
# tests), checks the formatting, builds with -Werror, runs every test with ctest (unit tests,
# MPI tests at 1-4 ranks, the resume tests, the layering and install checks and the Slurm test
# under a real slurmctld + slurmd), then the unit tests again under ASan/UBSan, then the fuzz
# targets (regression inputs and a bounded libFuzzer run).
# Exits non-zero on any failure.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh" slurm-wlm chromium clang-format tabix
jobs="$(nproc)"

# Formatting is checked, not hoped for: every source as clang-format (.clang-format) writes it.
(cd "$root" && git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror)

"$root/scripts/build.sh" "$root/build"
(cd "$root/build" && ctest --output-on-failure -j "$jobs")

cmake -S "$root" -B "$root/build-asan" -DCMAKE_BUILD_TYPE=Debug -DNEARDUP_WERROR=ON \
  -DNEARDUP_SANITIZE=ON >/dev/null
cmake --build "$root/build-asan" --target neardup_core_tests neardup_io_tests chain_corpus_test \
  -j "$jobs"
(cd "$root/build-asan" && ASAN_OPTIONS=detect_leaks=0 ctest --output-on-failure -L unit -j "$jobs")

# Fuzz targets (clang + libFuzzer, ASan/UBSan): every kept regression input, then a bounded run.
CXX=clang++ cmake -S "$root" -B "$root/build-fuzz" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DNEARDUP_TESTS=OFF -DNEARDUP_FUZZ=ON -DNEARDUP_WERROR=ON >/dev/null
cmake --build "$root/build-fuzz" --target neardup_fuzz_records -j "$jobs"
(cd "$root/build-fuzz" && ctest --output-on-failure -L fuzz)

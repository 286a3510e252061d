#!/usr/bin/env bash
# Set-up command 1: installs dependencies, builds the neardup binary alone (the build's own
# progress lines show; scripts/test.sh builds the tests), and dedups the bundled sample corpus
# on 2 ranks into out/sample, then prints the summary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" --target neardup "$root/build"
echo
"$root/scripts/mpirun.sh" -n 2 "$root/build/neardup" minhash \
  -i "$root/data/sample" -o "$root/out/sample" --threshold 0.8 \
  --write-pairs --write-deduped --overwrite
echo
echo "outputs in $root/out/sample: report.html clusters/ pairs/ deduped/ stats.json _SUCCESS"

#!/usr/bin/env bash
# Installs into a scratch prefix and checks what lands there: the binary (it runs and names its
# version), the man page (every subcommand's flags), and the Slurm scripts in the layout the
# .sbatch scripts expect. Usage: install_test.sh BUILD_DIR WORK_DIR VERSION
set -euo pipefail
build="$1" work="$2" version="$3"
rm -rf "$work"
cmake --install "$build" --prefix "$work" >/dev/null
fail() { echo "install_test: $*" >&2; exit 1; }
[ "$("$work/bin/neardup" --version)" = "neardup $version" ] || fail "bin/neardup --version"
man="$work/share/man/man1/neardup.1"
[ -f "$man" ] || fail "no $man"
for want in '^\.TH NEARDUP 1' '^\.SS minhash' '^\.SS index build' '--threshold' '--max-distance' \
  '--verify' '--dedup-list' '^\.SH EXIT STATUS'; do
  grep -q -e "$want" "$man" || fail "$man lacks $want"
done
for script in run-job.sh minhash.sbatch simhash.sbatch exact.sbatch; do
  [ -f "$work/share/neardup/scripts/slurm/$script" ] || fail "no scripts/slurm/$script"
done
[ -x "$work/share/neardup/scripts/slurm/run-job.sh" ] || fail "run-job.sh is not executable"
echo "install_test: ok"

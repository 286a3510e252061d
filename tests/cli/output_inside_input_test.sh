#!/usr/bin/env bash
# An output directory inside an input directory (it would read its own earlier outputs as
# inputs, then --overwrite would delete them) or an input inside the output directory is a
# usage error (exit 2) naming both paths, raised before anything is created or deleted: for
# minhash, simhash, exact, index build and index add, also through a symbolic link, "..",
# an @LIST and a glob. The previous outputs survive the refused run.
# Usage: output_inside_input_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
docs="$work/in"
"$gen" -o "$docs/a.jsonl" --docs 300 --seed 9 --min-tokens 50 --max-tokens 200 >/dev/null

# Earlier outputs inside the input directory, from runs that read only the files there.
for job in minhash simhash exact; do
  "${mpirun[@]}" -n 2 "$neardup" $job -i "$docs/*.jsonl" -o "$docs/$job" --write-deduped -q \
    >/dev/null 2>&1 || fail "$job -i '$docs/*.jsonl' -o $docs/$job failed"
done
"${mpirun[@]}" -n 2 "$neardup" index build -i "$docs/*.jsonl" -o "$docs/index" -q >/dev/null 2>&1 ||
  fail "index build -i '$docs/*.jsonl' failed"
ln -s "$docs" "$work/link"
echo "$docs" >"$work/list"
snapshot() { (cd "$docs" && find . -printf '%p %s %T@\n' | sort && cat ./*/_SUCCESS ./index/index.meta); }
snapshot >"$work/before"

# refused PATTERN COMMAND...: neardup COMMAND exits 2 naming what PATTERN says (one process;
# under mpirun with MPI=1).
refused() {
  local pattern="$1"
  shift
  local output status launcher=()
  [ "${MPI:-0}" = 1 ] && launcher=("${mpirun[@]}" -n 2)
  output="$("${launcher[@]}" "$neardup" "$@" 2>&1)"
  status=$?
  [ "$status" = 2 ] || fail "$*: exit status $status, wanted 2"
  grep -q -- "error: $pattern" <<<"$output" || fail "$*: no usage error naming both paths: $output"
}
inside_input() { echo "output directory $1 is inside the input directory $2: "; }
for job in minhash simhash exact; do
  MPI=1 refused "$(inside_input "$docs/$job" "$docs")" $job -i "$docs" -o "$docs/$job" --overwrite
  refused "input $docs/$job/deduped is inside the output directory $docs/$job, which" \
    $job -i "$docs/$job/deduped" -o "$docs/$job" --overwrite
done
refused "$(inside_input "$docs/minhash" "$work/link")" minhash -i "$work/link" -o "$docs/minhash"
refused "$(inside_input "$docs/new" "$docs")" minhash -i "$docs" -o "$docs/new"
refused "input $docs/a.jsonl is inside the output directory $docs/.., which" \
  minhash -i "$docs/a.jsonl" -o "$docs/.." --overwrite
refused "$(inside_input "$docs/minhash" "$docs")" minhash -i "@$work/list" --resume "$docs/minhash"
MPI=1 refused "$(inside_input "$docs/index" "$docs")" index build -i "$docs" -o "$docs/index" \
  --overwrite
refused "$(inside_input "$docs/index" "$docs")" index add -i "$docs" -o "$docs/index"
refused "$(inside_input "$docs/index" "$work/in/../in")" \
  index add -i "$work/in/../in" --index "$docs/index"
refused "$(inside_input "$docs/index" "$work/in")" index build -i "$work/*" -o "$docs/index"
snapshot | diff "$work/before" - >/dev/null || fail "a refused run changed the earlier outputs"
[ ! -e "$docs/new" ] || fail "a refused run created its output directory"

# Apart, the same runs are fine.
"${mpirun[@]}" -n 2 "$neardup" minhash -i "$docs/a.jsonl" -o "$work/out" -q >/dev/null 2>&1 ||
  fail "minhash with the output beside the input failed"
finish "outputs inside inputs (and inputs inside outputs) are refused, nothing touched"

#!/usr/bin/env bash
# The exit-code table for every subcommand, run directly and under mpirun at 2 ranks: 0 for a
# run that succeeds (and --help, --version), 1 for a failure at run time (an input or index
# that is not there), 2 for a usage error (an unknown flag, a value out of range, flags that do
# not go together, no subcommand), each with its message; 75 is cli.sigterm_stops_with_75's.
# query, explain, params, --help and --version start no MPI runtime when run directly.
# Usage: exit_codes_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
"$gen" -o "$work/in/a.jsonl" --docs 300 --seed 5 --min-tokens 50 --max-tokens 150 >/dev/null 2>&1
"$neardup" index build -i "$work/in" -o "$work/index" >/dev/null 2>&1 ||
  fail "index build failed"
"$neardup" minhash -i "$work/in" -o "$work/run" >/dev/null 2>&1 || fail "minhash failed"
id_a=$(head -1 "$work/in/a.jsonl" | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
id_b=$(sed -n 2p "$work/in/a.jsonl" | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')

# expect WANT PATTERN ARGS...: `neardup ARGS` exits WANT and prints PATTERN (grep -E), run
# directly and under mpirun; the output directories it names are fresh each time.
expect() {
  local want="$1" pattern="$2"
  shift 2
  local how
  for how in direct mpirun; do
    rm -rf "$work/out" "$work/added"
    cp -r "$work/index" "$work/added"
    local launch=("$neardup")
    [ "$how" = mpirun ] && launch=("${mpirun[@]}" -n 2 "$neardup")
    "${launch[@]}" "$@" </dev/null >"$work/log" 2>&1
    local status=$?
    [ "$status" = "$want" ] || fail "$how neardup $*: exit $status, wanted $want"
    grep -Eq -- "$pattern" "$work/log" || fail "$how neardup $*: no \"$pattern\" in: $(head -c 300 "$work/log")"
  done
}

missing="$work/no-such-input"
expect 2 'A subcommand is required'
expect 0 'neardup [0-9]+\.[0-9]+' --version
expect 2 'did you mean minhash' minhahs -i "$work/in" -o "$work/out"
for job in minhash simhash exact; do
  expect 0 'docs read' $job -i "$work/in" -o "$work/out"
  expect 1 "$missing" $job -i "$missing" -o "$work/out"
  expect 2 'did you mean --output' $job -i "$work/in" --outptu "$work/out"
  expect 2 '--keep biggest: expected' $job -i "$work/in" -o "$work/out" --keep biggest
done
expect 0 'documents read' spans -i "$work/in" -o "$work/out" --min-tokens 20
expect 0 'documents read' spans -i "$work/in" -o "$work/out" --unit paragraph
expect 1 "$missing" spans -i "$missing" -o "$work/out"
expect 2 'did you mean --output' spans -i "$work/in" --outptu "$work/out"
expect 2 '--kgram 30 is longer than --min-tokens 20' spans -i "$work/in" -o "$work/out" \
  --min-tokens 20 --kgram 30
expect 2 'not in range|must be in' spans -i "$work/in" -o "$work/out" --min-tokens 1
expect 2 'none|first' spans -i "$work/in" -o "$work/out" --keep-occurrence last
expect 0 'Usage' minhash --help
expect 2 'not in range|must be in' minhash -i "$work/in" -o "$work/out" -t 1.5
expect 2 'contradict' exact -i "$work/in" -o "$work/out" --resume "$work/out" --overwrite
expect 2 'shingle-sample with --reference' minhash -i "$work/in" -o "$work/out" \
  --shingle-sample 4 --reference "$work/index"
expect 2 'not in range|must be in' minhash -i "$work/in" -o "$work/out" --shingle-sample 0
expect 2 'reads a JSON field' simhash -i "$work/in" -o "$work/out" --format text --keep field:q
expect 0 'Jaccard' explain --run "$work/run" --id "$id_a" --id "$id_b"
expect 1 'stats.json' explain --run "$missing" --id "$id_a" --id "$id_b"
expect 0 'by the run' explain --run "$work/run" --id "$id_a"
expect 2 'one --id needs --run' explain -i "$work/in" --id "$id_a"
expect 0 'indexed|documents' index build -i "$work/in" -o "$work/out"
expect 1 "$missing" index build -i "$missing" -o "$work/out"
expect 2 'lsh not in' index build -i "$work/in" -o "$work/out" --method lsh
expect 0 'indexed|documents|added' index add -o "$work/added" -i "$work/in"
expect 1 "$missing" index add -o "$missing" -i "$work/in"
expect 2 'did you mean --index' index add --indx "$work/added" -i "$work/in"
expect 0 '"line": 1' query --index "$work/index" -i "$work/in/a.jsonl"
expect 1 "$missing" query --index "$missing" -i "$work/in/a.jsonl"
expect 2 'did you mean --index' query --indx "$work/index" -i "$work/in/a.jsonl"
expect 0 'bands' params -t 0.8
expect 2 'not in range|must be in' params -t 1.5

# The commands that run alone start no MPI runtime: with one that cannot start (an MCA
# component that does not exist), they still answer, and a job, which needs it, fails.
alone() {
  OMPI_MCA_pml=no_such_component "$neardup" "$@" </dev/null >"$work/log" 2>&1 ||
    fail "neardup $* started MPI: $(head -c 300 "$work/log")"
}
alone --version
alone minhash --help
alone params -t 0.8
alone explain --run "$work/run" --id "$id_a" --id "$id_b"
alone query --index "$work/index" -i "$work/in/a.jsonl"
OMPI_MCA_pml=no_such_component "$neardup" minhash -i "$work/in" -o "$work/out" --overwrite \
  </dev/null >"$work/log" 2>&1 && fail "a job ran with an MPI that cannot start"
finish "every subcommand exits 0, 1 and 2 as the table says, directly and under mpirun; the \
commands that run alone start no MPI"

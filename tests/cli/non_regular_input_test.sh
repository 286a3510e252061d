#!/usr/bin/env bash
# Inputs that are not regular files (a FIFO, a character device), named directly, matched by a
# glob or listed in an @LIST (or being the list), are refused at once with an error naming the
# path and its type, under mpirun at 1 and 2 ranks, by query and by index build; none may block.
# A FIFO inside an input directory is passed over. Every run is bounded by `timeout`: exit
# status 124 means it hung.
# Usage: non_regular_input_test.sh NEARDUP GEN_CORPUS WORK_DIR MPIRUN [MPIRUN_ARGS...]
set -uo pipefail
source "$(dirname "$0")/cli_test_lib.sh" "$@"
"$gen" -o "$work/in/a.jsonl" --docs 50 --seed 5 >/dev/null
mkfifo "$work/in/pipe.jsonl"
printf '%s\n' "$work/in/a.jsonl" "$work/in/pipe.jsonl" >"$work/list.txt"
mkfifo "$work/list.fifo"

# refused NAME WHAT COMMAND...: COMMAND must exit 1 within 60 s, naming WHAT and its type.
refused() {
  local name="$1" what="$2"
  shift 2
  timeout 60 "$@" >"$work/$name.log" 2>&1
  local status=$?
  [ "$status" != 124 ] || { fail "$name: hung (killed after 60 s)"; return; }
  [ "$status" = 1 ] || fail "$name: exit status $status, wanted 1"
  grep -q "$what: .* is a \(FIFO (named pipe)\|character device\), not a regular file" \
    "$work/$name.log" || fail "$name: no error naming $what as not a regular file"
}

fifo="$work/in/pipe.jsonl"
for ranks in 1 2; do
  refused "fifo-$ranks" "$fifo" "${mpirun[@]}" -n "$ranks" "$neardup" minhash -i "$fifo" \
    -o "$work/out-$ranks"
  refused "glob-$ranks" "$fifo" "${mpirun[@]}" -n "$ranks" "$neardup" simhash \
    -i "$work/in/*.jsonl" -o "$work/glob-$ranks"
  refused "list-$ranks" "$fifo" "${mpirun[@]}" -n "$ranks" "$neardup" exact \
    -i "@$work/list.txt" -o "$work/list-$ranks"
  refused "list-fifo-$ranks" "$work/list.fifo" "${mpirun[@]}" -n "$ranks" "$neardup" minhash \
    -i "@$work/list.fifo" -o "$work/list-fifo-$ranks"
done
refused direct "$fifo" "$neardup" minhash -i "$fifo" -o "$work/direct"
refused device /dev/zero "$neardup" minhash -i /dev/zero -o "$work/device" --format text
refused index "$fifo" "$neardup" index build -i "$fifo" -o "$work/index-fifo"

# The directory walk passes the FIFO over and reads a.jsonl; the index built from it is queried.
timeout 120 "${mpirun[@]}" -n 2 "$neardup" index build -i "$work/in" -o "$work/index" \
  >"$work/walk.log" 2>&1 || fail "index build over a directory holding a FIFO: exit $?"
refused query "$fifo" "$neardup" query --index "$work/index" -i "$fifo"
finish "non-regular inputs: refused at once by every command, passed over by directory walks"

#!/usr/bin/env bash
# Runs a command that must fail: passes only when it exits non-zero (with --status N: with N)
# and its output matches the pattern. Usage: expect_failure.sh [--status N] PATTERN COMMAND...
want_status=""
if [ "$1" = "--status" ]; then
  want_status="$2"
  shift 2
fi
pattern="$1"
shift
output="$("$@" 2>&1)"
status=$?
printf '%s\n' "$output"
if [ "$status" -eq 0 ]; then
  echo "expect_failure: exit status 0, wanted a failure" >&2
  exit 1
fi
if [ -n "$want_status" ] && [ "$status" -ne "$want_status" ]; then
  echo "expect_failure: exit status $status, wanted $want_status" >&2
  exit 1
fi
if ! grep -Eq -- "$pattern" <<<"$output"; then
  echo "expect_failure: output does not match: $pattern" >&2
  exit 1
fi

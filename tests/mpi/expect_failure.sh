#!/usr/bin/env bash
# Runs a command that must fail: passes only when it exits non-zero and its output matches
# the pattern. Usage: expect_failure.sh PATTERN COMMAND [ARGS...]
pattern="$1"
shift
output="$("$@" 2>&1)"
status=$?
printf '%s\n' "$output"
if [ "$status" -eq 0 ]; then
  echo "expect_failure: exit status 0, wanted a failure" >&2
  exit 1
fi
if ! grep -Eq -- "$pattern" <<<"$output"; then
  echo "expect_failure: output does not match: $pattern" >&2
  exit 1
fi

#!/usr/bin/env bash
# Writes the neardup(1) man page from the binary's own --help, so the page cannot drift from
# the flags: scripts/man-page.sh NEARDUP_BINARY OUTPUT.1
set -euo pipefail
bin="$1" out="$2"
version="$("$bin" --version)"
commands=(minhash simhash exact explain "index build" "index add" query params)
# Help text as roff: a literal block, with backslashes and leading dots escaped.
literal() { printf '.nf\n'; sed -e 's%Usage: [^ ]*neardup%Usage: neardup%' -e 's/\\/\\e/g' -e 's/^\./\\\&./'; printf '.fi\n'; }
{
  printf '.TH NEARDUP 1 "" "%s" "User Commands"\n' "$version"
  printf '.SH NAME\nneardup \\- near-duplicate documents in corpora too big for one machine\n'
  printf '.SH SYNOPSIS\n.B mpirun -n\n.I N\n.B neardup\n.I COMMAND\n[\\fIOPTIONS\\fR]\n'
  printf '.SH DESCRIPTION\n'
  "$bin" --help | literal
  printf '.SH COMMANDS\n'
  for command in "${commands[@]}"; do
    printf '.SS %s\n' "$command"
    # shellcheck disable=SC2086
    "$bin" $command --help | literal
  done
  printf '.SH EXIT STATUS\n0 success; 1 an error (named on standard error); 2 a usage error;\n'
  printf '75 stopped on request (SIGTERM/SIGUSR1) with its checkpoint kept: resume with --resume.\n'
  printf '.SH SEE ALSO\n.BR mpirun (1),\n.BR sbatch (1);\nthe README and docs/ of the neardup sources.\n'
} >"$out"

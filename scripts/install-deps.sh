#!/usr/bin/env bash
# Installs what neardup needs to build and test from Debian's packages; idempotent and silent
# when everything is already there.
set -euo pipefail

packages=(cmake g++ make pkg-config openmpi-bin libopenmpi-dev libboost-serialization-dev
  libxxhash-dev libutf8proc-dev libsimdjson-dev libcli11-dev libzstd-dev zlib1g-dev libgtest-dev gzip zstd clang python3
  "$@")

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

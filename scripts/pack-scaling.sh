#!/usr/bin/env bash
# Packs what the scaling benchmark needs on a bare many-core machine into one folder: neardup and
# the corpus generator (stripped), the shared libraries they load that a bare Linux lacks, and
# Debian's Open MPI (mpirun, its plugins, PMIx, hwloc, libevent) relocated under the folder, with
# env.sh to set the paths and bench-scaling to run scripts/bench-scaling.sh from it. Copy the
# folder anywhere (e.g. `tar -czf pack.tgz -C DIR .`), then run DIR/bench-scaling 1 2 4 8 16.
# Needs a build (scripts/build.sh) and Debian's Open MPI packages (scripts/install-deps.sh);
# --no-mpi leaves Open MPI out, for a target that has an Open MPI 4.x of its own.
# Usage: scripts/pack-scaling.sh [--no-mpi] DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
with_mpi=1
if [ "${1:-}" = --no-mpi ]; then
  with_mpi=0
  shift
fi
if [ $# -ne 1 ]; then
  echo "usage: $0 [--no-mpi] DIR" >&2
  exit 2
fi
dir="$1"
# DIR is emptied first: refuse anything but a new or empty folder or an earlier pack.
if [ -z "$dir" ]; then
  echo "$0: DIR is empty" >&2
  exit 2
fi
if [ -e "$dir" ] && [ -n "$(ls -A -- "$dir" 2>/dev/null)" ] &&
  { [ ! -f "$dir/env.sh" ] || [ ! -f "$dir/bench-scaling" ]; }; then
  echo "$0: $dir is not empty and not an earlier pack: refusing to replace it" >&2
  exit 2
fi
bins=("${NEARDUP_BIN:-$root/build/neardup}" "${NEARDUP_GEN_CORPUS:-$root/build/neardup-gen-corpus}")
for bin in "${bins[@]}"; do
  [ -x "$bin" ] || { echo "$0: $bin: not built (scripts/build.sh)" >&2; exit 2; }
done
# Debian's Open MPI 4.1 runtime: what mpirun and libmpi load, plugins included.
mpi_packages=(openmpi-bin openmpi-common libopenmpi3 libpmix2 libhwloc15 libevent-core-2.1-7
  libevent-pthreads-2.1-7)
if [ "$with_mpi" = 1 ]; then
  for package in "${mpi_packages[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || {
      echo "$0: Debian package $package is not installed: pack another Open MPI by hand" \
        "(docs/performance.md) or use --no-mpi" >&2
      exit 2
    }
  done
fi
rm -rf -- "$dir"
mkdir -p "$dir/bin" "$dir/lib" "$dir/fallback" "$dir/scripts"
for bin in "${bins[@]}"; do strip -o "$dir/bin/$(basename "$bin")" "$bin"; done
cp "$root/scripts/bench-scaling.sh" "$dir/scripts/"
# Libraries: glibc's stay (the target has its own, as new or newer); those nearly every Linux
# has (libstdc++, libgcc_s, zlib, zstd, libudev) go to fallback/, used only where the target's
# are missing or too old; the MPI runtime comes with Open MPI; the rest go to lib/.
mapfile -t libs < <(ldd "${bins[@]}" | awk '/=> \// { print $3 }' | sort -u)
for lib in "${libs[@]}"; do
  case "$(basename "$lib")" in
    libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | ld-linux*) ;;
    libstdc++.so* | libgcc_s.so* | libz.so* | libzstd.so* | libudev.so*)
      cp -L "$lib" "$dir/fallback/" ;;
    libmpi* | libopen-* | libpmix* | libhwloc* | libevent*) ;;
    *) cp -L "$lib" "$dir/lib/" ;;
  esac
done
if [ "$with_mpi" = 1 ]; then
  mkdir -p "$dir/openmpi"
  dpkg -L "${mpi_packages[@]}" | grep -vE '^/usr/share/(man|doc|lintian)/' |
    while read -r path; do if [ -f "$path" ] || [ -L "$path" ]; then echo "$path"; fi; done |
    tar --no-recursion -cf - -T - 2>/dev/null | tar -xf - -C "$dir/openmpi"
  # Debian names mpirun through /etc/alternatives, which is no package's file.
  ln -sf orterun "$dir/openmpi/usr/bin/mpirun"
fi
cat >"$dir/env.sh" <<'EOF'
# Source this from bash: the pack's programs, libraries and (when packed) Open MPI on the paths.
if [ -z "${BASH_VERSION:-}" ]; then
  echo "env.sh: source it from bash" >&2
  return 1 2>/dev/null || exit 1
fi
pack="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export PATH="$pack/bin:$PATH"
export LD_LIBRARY_PATH="$pack/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if [ -d "$pack/openmpi" ]; then
  # Debian's Open MPI moved from /usr: OPAL_PREFIX points it here, and PMIx to its plugins.
  export OPAL_PREFIX="$pack/openmpi/usr"
  export PMIX_MCA_mca_base_component_path="$pack/openmpi/usr/lib/x86_64-linux-gnu/pmix2/lib/pmix"
  export PATH="$pack/openmpi/usr/bin:$PATH"
  export LD_LIBRARY_PATH="$pack/openmpi/usr/lib/x86_64-linux-gnu:$pack/openmpi/usr/lib/x86_64-linux-gnu/openmpi/lib:$LD_LIBRARY_PATH"
  # UCX and libfabric are not packed: shared memory within a node, TCP between nodes.
  export OMPI_MCA_pml="${OMPI_MCA_pml:-ob1}" OMPI_MCA_btl="${OMPI_MCA_btl:-self,vader,tcp}"
  export OMPI_MCA_mca_component_show_load_errors=0
fi
if ! "$pack/bin/neardup" --version >/dev/null 2>&1; then
  export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$pack/fallback"  # missing or older on the target
fi
export NEARDUP_BIN="$pack/bin/neardup" NEARDUP_GEN_CORPUS="$pack/bin/neardup-gen-corpus"
EOF
cat >"$dir/bench-scaling" <<'EOF'
#!/usr/bin/env bash
# The scaling benchmark with the pack's programs: bench-scaling RANKS... (see scripts/bench-scaling.sh).
source "$(dirname "$0")/env.sh"
exec "$pack/scripts/bench-scaling.sh" "$@"
EOF
chmod +x "$dir/bench-scaling"
echo "packed $(du -sh "$dir" | cut -f1) into $dir: copy it to the target and run $dir/bench-scaling RANKS..."

#!/usr/bin/env bash
# Builds a release `flowlint` and installs it as PREFIX/bin/flowlint.
#
#   Tools/install.sh                          build, install into /usr/local/bin (may need sudo)
#   PREFIX=$HOME/.local Tools/install.sh      install into ~/.local/bin
#   Tools/install.sh --prefix DIR             the same as PREFIX=DIR
#   DESTDIR=/tmp/stage Tools/install.sh       stage into /tmp/stage/usr/local/bin (packagers)
#   Tools/install.sh --dynamic-stdlib         Linux: link the Swift runtime dynamically (see below)
#   Tools/install.sh --scratch-path DIR       SwiftPM build directory (default: .build-install here)
#
# On Linux the binary links the Swift runtime statically (--static-swift-stdlib): it runs on machines
# without a Swift toolchain (CI images, pre-commit, containers) and starts faster. It still needs the C
# library it was built against (glibc), so build on the oldest distribution you deploy to. On macOS the
# Swift runtime is part of the system.
#
# Exit status: 0 installed; 1 the build or the copy failed; 2 bad arguments.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="${PREFIX:-/usr/local}"
destdir="${DESTDIR:-}"
scratch="$root/.build-install"
static=1

usage() { sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }; prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --scratch-path) [ $# -ge 2 ] || { echo "install.sh: --scratch-path needs a directory" >&2; exit 2; }; scratch="$2"; shift 2 ;;
        --scratch-path=*) scratch="${1#--scratch-path=}"; shift ;;
        --dynamic-stdlib) static=0; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case "$prefix" in
    /*) ;;
    *) echo "install.sh: the prefix must be an absolute path, not '$prefix'" >&2; exit 2 ;;
esac

build=(swift build --package-path "$root" --scratch-path "$scratch" -c release --product flowlint)
if [ "$(uname -s)" = Linux ] && [ "$static" -eq 1 ]; then
    build+=(--static-swift-stdlib)
fi

echo "install.sh: ${build[*]}" >&2
"${build[@]}" >&2
binary="$("${build[@]}" --show-bin-path)/flowlint"
[ -x "$binary" ] || { echo "install.sh: the build did not produce $binary" >&2; exit 1; }

bindir="$destdir$prefix/bin"
mkdir -p "$bindir"
# Copied beside the target, then renamed over it: a flowlint running from there keeps its file, and a
# failed copy leaves the old one in place.
temporary="$(mktemp "$bindir/.flowlint.XXXXXX")"
trap 'rm -f "$temporary"' EXIT
cp "$binary" "$temporary"
chmod 755 "$temporary"
mv -f "$temporary" "$bindir/flowlint"
trap - EXIT

echo "install.sh: installed $bindir/flowlint ($("$bindir/flowlint" version))" >&2

#!/usr/bin/env bash
# Builds a release `flowlint` and installs it as PREFIX/bin/flowlint.
#
#   Tools/install.sh                          build, install into /usr/local/bin (may need sudo)
#   PREFIX=$HOME/.local Tools/install.sh      install into ~/.local/bin
#   Tools/install.sh --prefix DIR             the same as PREFIX=DIR
#   DESTDIR=/tmp/stage Tools/install.sh       stage into /tmp/stage/usr/local/bin (packagers)
#   Tools/install.sh --dynamic-stdlib         Linux: link the Swift runtime dynamically (see below)
#   Tools/install.sh --no-strip               keep the symbol table and debug information (see below)
#   Tools/install.sh --scratch-path DIR       SwiftPM build directory (default: .build-install here)
#
# On Linux the binary links the Swift runtime statically (--static-swift-stdlib): it runs on machines
# without a Swift toolchain (CI images, pre-commit, containers) and starts faster. It still needs the C
# library it was built against (glibc), so build on the oldest distribution you deploy to. On macOS the
# Swift runtime is part of the system.
#
# The installed copy is stripped (strip --strip-all on Linux, strip -S -x on macOS): on Linux its symbol
# table and debug information are 24 of its 44 MB. A crash report then shows addresses instead of function
# names; --no-strip keeps them. The binary in the build directory is never stripped.
#
# Exit status: 0 installed, and the installed flowlint runs; 1 the build or the copy failed, PREFIX/bin/flowlint
# is a directory, or the binary does not run where it was installed (a noexec file system, a C library too
# old); 2 bad arguments.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="${PREFIX:-/usr/local}"
destdir="${DESTDIR:-}"
scratch="$root/.build-install"
static=1
strip_binary=1

usage() { sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }; prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --scratch-path) [ $# -ge 2 ] || { echo "install.sh: --scratch-path needs a directory" >&2; exit 2; }; scratch="$2"; shift 2 ;;
        --scratch-path=*) scratch="${1#--scratch-path=}"; shift ;;
        --dynamic-stdlib) static=0; shift ;;
        --no-strip) strip_binary=0; shift ;;
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
target="$bindir/flowlint"
mkdir -p "$bindir"
# `mv` onto a directory would move the binary into it and succeed.
if [ -d "$target" ]; then
    echo "install.sh: $target is a directory; nothing installed" >&2
    exit 1
fi
# Copied beside the target, run there (same file system, same mount options), then renamed over it: a
# flowlint running from there keeps its file, and a copy that fails or does not run leaves the old one in place.
temporary="$(mktemp "$bindir/.flowlint.XXXXXX")"
trap 'rm -f "$temporary"' EXIT
cp "$binary" "$temporary"
chmod 755 "$temporary"
if [ "$strip_binary" -eq 1 ]; then
    case "$(uname -s)" in
        Darwin) strip_command=(strip -S -x "$temporary") ;;
        *) strip_command=(strip --strip-all "$temporary") ;;
    esac
    if ! stripped="$("${strip_command[@]}" 2>&1)"; then
        echo "install.sh: ${strip_command[*]} failed: ${stripped:-no output}; nothing installed (--no-strip installs the binary as built)" >&2
        exit 1
    fi
fi
if ! version="$("$temporary" version 2>&1)"; then
    echo "install.sh: the built flowlint does not run from $bindir: ${version:-no output}; nothing installed" >&2
    exit 1
fi
mv -f "$temporary" "$target"
trap - EXIT
if ! installed="$("$target" version 2>&1)" || [ "$installed" != "$version" ]; then
    echo "install.sh: $target does not run as installed (${installed:-no output})" >&2
    exit 1
fi

echo "install.sh: installed $target ($installed)" >&2

#!/usr/bin/env bash
# Benchmarks/release-flowlint.sh [--path-only] — prints the path of the release flowlint the benchmarks measure by
# default: the build Tools/install.sh makes (.build-install; on Linux the Swift runtime linked statically), built
# first unless --path-only. Shared by project-model.sh, rule-costs.sh and paired.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build=(swift build -c release --package-path "$root" --scratch-path "$root/.build-install" --product flowlint)
[ "$(uname -s)" = Linux ] && build+=(--static-swift-stdlib)
[ "${1:-}" = --path-only ] || "${build[@]}" >/dev/null
echo "$("${build[@]}" --show-bin-path)/flowlint"

#!/usr/bin/env bash
# Builds the benchmark / differential-oracle corpus in Benchmarks/corpus/: the *.swift files of the Swift
# packages this machine's git serves for github.com addresses (bare repos under $SWIFT_PACKAGES, default
# /opt/swift-packages/OWNER/NAME.git), one pinned version each, laid out as corpus/OWNER/NAME/<path>.
#
# Idempotent: a package whose directory already holds the wanted version (stamp file .corpus-version) is
# left alone; anything else is extracted afresh. Nothing of the corpus is committed (.gitignore).
#
# Usage: Benchmarks/corpus.sh [OUT_DIR]        (OUT_DIR defaults to Benchmarks/corpus)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="${1:-$here/corpus}"
src="${SWIFT_PACKAGES:-/opt/swift-packages}"

# OWNER/NAME VERSION — the "On a new machine" list of the machine doc (swift-packages-b); where the doc lists
# several versions of a package, the highest is used.
packages=(
  "adam-fowler/compress-nio 1.5.0"
  "apple/swift-algorithms 1.2.1"
  "apple/swift-argument-parser 1.8.2"
  "apple/swift-asn1 1.7.4"
  "apple/swift-async-algorithms 1.1.4"
  "apple/swift-atomics 1.3.0"
  "apple/swift-certificates 1.21.1"
  "apple/swift-collections 1.6.0"
  "apple/swift-configuration 1.4.0"
  "apple/swift-crypto 4.5.2"
  "apple/swift-distributed-tracing 1.7.3"
  "apple/swift-http-structured-headers 1.7.0"
  "apple/swift-http-types 1.8.0"
  "apple/swift-log 1.16.2"
  "apple/swift-metrics 2.13.0"
  "apple/swift-nio 2.101.3"
  "apple/swift-nio-extras 1.35.2"
  "apple/swift-nio-http2 1.46.0"
  "apple/swift-nio-ssh 0.15.1"
  "apple/swift-nio-ssl 2.37.6"
  "apple/swift-nio-transport-services 1.28.0"
  "apple/swift-numerics 1.1.1"
  "apple/swift-openapi-generator 1.14.3"
  "apple/swift-openapi-runtime 1.13.4"
  "apple/swift-openapi-urlsession 1.4.0"
  "apple/swift-protobuf 1.39.0"
  "apple/swift-service-context 1.5.1"
  "apple/swift-system 1.8.1"
  "attaswift/BigInt 6.0.1"
  "CoreOffice/XMLCoder 0.18.2"
  "davecom/SwiftGraph 4.0.0"
  "drmohundro/SWXMLHash 8.1.1"
  "google/swift-benchmark 0.1.2"
  "GraphQLSwift/Graphiti 3.1.0"
  "GraphQLSwift/GraphQL 4.3.0"
  "groue/GRDB.swift 7.10.0"
  "grpc/grpc-swift-2 2.4.3"
  "grpc/grpc-swift-nio-transport 2.9.2"
  "grpc/grpc-swift-protobuf 2.4.1"
  "HdrHistogram/hdrhistogram-swift 0.2.0"
  "hummingbird-project/hummingbird 2.28.1"
  "hummingbird-project/hummingbird-auth 2.5.0"
  "hummingbird-project/hummingbird-websocket 2.8.1"
  "hummingbird-project/swift-mustache 2.1.1"
  "hummingbird-project/swift-openapi-hummingbird 2.1.0"
  "hummingbird-project/swift-websocket 1.6.2"
  "JohnSundell/Files 4.3.0"
  "JohnSundell/Ink 0.6.0"
  "JohnSundell/Plot 0.14.0"
  "jpsim/Yams 6.2.2"
  "kylef/PathKit 1.0.1"
  "kylef/Spectre 0.10.1"
  "LebJe/TOMLKit 0.6.0"
  "mattgallagher/CwlCatchException 2.2.1"
  "mattgallagher/CwlPreconditionTesting 2.2.2"
  "mattpolzin/OpenAPIKit 6.4.0"
  "mattt/EventSource 1.1.1"
  "modelcontextprotocol/swift-sdk 0.12.1"
  "mxcl/Version 2.2.1"
  "onevcat/Rainbow 4.2.2"
  "OpenCombine/OpenCombine 0.14.0"
  "ordo-one/benchmark 1.38.1"
  "ordo-one/malloc-interposer 1.6.1"
  "ordo-one/TextTable 0.0.2"
  "pointfreeco/combine-schedulers 1.2.2"
  "pointfreeco/swift-case-paths 1.10.0"
  "pointfreeco/swift-clocks 1.1.1"
  "pointfreeco/swift-concurrency-extras 1.4.3"
  "pointfreeco/swift-custom-dump 1.7.3"
  "pointfreeco/swift-dependencies 1.17.1"
  "pointfreeco/swift-identified-collections 1.1.1"
  "pointfreeco/swift-macro-testing 0.7.0"
  "pointfreeco/swift-parsing 0.15.2"
  "pointfreeco/swift-snapshot-testing 1.19.7"
  "pointfreeco/swift-tagged 0.10.0"
  "pointfreeco/xctest-dynamic-overlay 1.13.1"
  "Quick/Nimble 14.0.0"
  "Quick/Quick 7.6.2"
  "stencilproject/Stencil 0.15.1"
  "swhitty/FlyingFox 0.27.1"
  "swift-extras/swift-extras-base64 1.2.0"
  "swift-otel/swift-otel 1.6.0"
  "swift-otel/swift-otel-semantic-conventions 1.44.0"
  "swift-otel/swift-w3c-trace-context 1.0.0"
  "swift-server/async-http-client 1.37.0"
  "swift-server/swift-openapi-async-http-client 1.5.0"
  "swift-server/swift-prometheus 2.4.1"
  "swift-server/swift-service-lifecycle 2.13.0"
  "swiftcsv/SwiftCSV 0.10.0"
  "swiftlang/swift-docc-plugin 1.5.0"
  "swiftlang/swift-docc-symbolkit 1.0.0"
  "swiftlang/swift-subprocess 1.0.2"
  "swiftlang/swift-syntax 603.0.1"
  "swiftwasm/WasmKit 0.4.2"
  "Swinject/Swinject 2.10.0"
  "vapor/async-kit 1.22.0"
  "vapor/console-kit 4.16.2"
  "vapor/fluent 4.13.0"
  "vapor/fluent-kit 1.57.0"
  "vapor/fluent-postgres-driver 2.14.0"
  "vapor/fluent-sqlite-driver 4.9.0"
  "vapor/jwt 5.2.0"
  "vapor/jwt-kit 5.8.0"
  "vapor/leaf 4.5.2"
  "vapor/leaf-kit 1.14.3"
  "vapor/multipart-kit 4.7.1"
  "vapor/postgres-kit 2.17.0"
  "vapor/postgres-nio 1.33.2"
  "vapor/routing-kit 4.9.3"
  "vapor/sql-kit 3.36.0"
  "vapor/sqlite-kit 4.5.2"
  "vapor/sqlite-nio 1.13.2"
  "vapor/swift-openapi-vapor 1.2.0"
  "vapor/vapor 4.122.3"
  "vapor/websocket-kit 2.16.2"
  "weichsel/ZIPFoundation 0.9.20"
  "x-sheep/swift-property-based 2.0.1"
  "yaslab/CSV.swift 2.5.2"
)

# The bare repository of OWNER/NAME: as spelled, else any case-insensitive match.
find_repo() {
  local pkg="$1"
  if [[ -d "$src/$pkg.git" ]]; then echo "$src/$pkg.git"; return 0; fi
  local hit
  hit="$(find "$src" -mindepth 2 -maxdepth 2 -type d -iname "${pkg#*/}.git" -ipath "*/${pkg%%/*}/*" 2>/dev/null | head -n 1)"
  [[ -n "$hit" ]] && { echo "$hit"; return 0; }
  return 1
}

# The tag of VERSION in REPO: VERSION, vVERSION, or any tag that equals it once a leading v/V is dropped.
find_tag() {
  local repo="$1" version="$2" t
  for t in "$version" "v$version" "V$version"; do
    if git -C "$repo" rev-parse -q --verify "refs/tags/$t^{commit}" >/dev/null 2>&1; then echo "$t"; return 0; fi
  done
  while read -r t; do
    if [[ "${t#[vV]}" == "$version" ]]; then echo "$t"; return 0; fi
  done < <(git -C "$repo" tag)
  return 1
}

mkdir -p "$out"
failed=()
extracted=0
for entry in "${packages[@]}"; do
  pkg="${entry% *}"; version="${entry##* }"
  dest="$out/$pkg"
  if [[ -f "$dest/.corpus-version" && "$(cat "$dest/.corpus-version")" == "$version" ]]; then continue; fi
  if ! repo="$(find_repo "$pkg")"; then failed+=("$pkg (no repository)"); continue; fi
  if ! tag="$(find_tag "$repo" "$version")"; then failed+=("$pkg $version (no such tag)"); continue; fi
  rm -rf "$dest"
  mkdir -p "$dest"
  # Only *.swift files; a package without any still gets its directory and stamp.
  # (grep -c, not grep -q: with pipefail an early-exiting grep would make ls-tree die of SIGPIPE.)
  if [[ "$(git -C "$repo" ls-tree -r --name-only "$tag" | grep -c '\.swift$')" != 0 ]]; then
    git -C "$repo" archive --format=tar "$tag" -- ':(glob)**/*.swift' | tar -x -C "$dest"
  fi
  echo "$version" > "$dest/.corpus-version"
  extracted=$((extracted + 1))
done

# Drop directories of packages no longer in the list.
wanted="$(printf '%s\n' "${packages[@]}" | cut -d' ' -f1 | sort)"
while read -r d; do
  rel="${d#"$out"/}"
  if ! grep -qxF "$rel" <<<"$wanted"; then rm -rf "$d"; fi
done < <(find "$out" -mindepth 2 -maxdepth 2 -type d)
find "$out" -mindepth 1 -maxdepth 1 -type d -empty -delete

npkg="$(find "$out" -mindepth 3 -maxdepth 3 -name .corpus-version | wc -l)"
nfiles="$(find "$out" -type f -name '*.swift' | wc -l)"
nlines="$(find "$out" -type f -name '*.swift' -print0 | xargs -0 cat | wc -l)"
nbytes="$(find "$out" -type f -name '*.swift' -print0 | xargs -0 cat | wc -c)"
mb="$(awk -v b="$nbytes" 'BEGIN { printf "%.1f", b / 1e6 }')"

echo "corpus: $out"
echo "extracted now: $extracted package(s)"
printf 'packages: %d  files: %d  lines: %d  MB: %s\n' "$npkg" "$nfiles" "$nlines" "$mb"
if ((${#failed[@]})); then
  printf 'FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi

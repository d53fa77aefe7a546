#!/usr/bin/env bash
# Fuzz FlowLint's front end with libFuzzer for SECONDS (default 30).
#
#   Tools/Fuzz/run.sh [SECONDS]
#
# Compiles Sources/FlowLintSyntax/*.swift plus Tools/Fuzz/FuzzTarget.swift with ASan + libFuzzer into a
# temporary directory and runs it on a copy of Tools/Fuzz/corpus (the checked-in seeds are never written).
# Exits non-zero if the fuzzer finds a crash; the reproducer (crash-*) is left in the temp directory,
# whose path is printed.
set -euo pipefail

seconds="${1:-30}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/flowlint-fuzz.XXXXXX")"
echo "fuzz: working in $work"

swiftc -sanitize=fuzzer,address -parse-as-library -O \
    -module-name FlowLintFuzz \
    "$repo"/Sources/FlowLintSyntax/*.swift "$here/FuzzTarget.swift" \
    -o "$work/fuzz-flowlint"

mkdir -p "$work/corpus" "$work/artifacts"
cp "$here"/corpus/* "$work/corpus/"

status=0
# libFuzzer reports every new input; keep that in a log and show its tail (all of it on failure).
(cd "$work" && ./fuzz-flowlint -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 corpus) > "$work/fuzz.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then cat "$work/fuzz.log"; else grep -E '^(stat::|Done|INFO: Loaded)' "$work/fuzz.log" || true; fi

if [ "$status" -ne 0 ] || ls "$work"/artifacts/crash-* "$work"/artifacts/timeout-* "$work"/artifacts/oom-* >/dev/null 2>&1; then
    echo "fuzz: FAILED (status $status); reproducers in $work/artifacts" >&2
    exit 1
fi
echo "fuzz: no crash in ${seconds}s"

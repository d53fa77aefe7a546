#!/usr/bin/env bash
# Fuzz FlowLint with libFuzzer for SECONDS in all (default 30), shared equally by the targets (all of them
# unless some are named):
#
#   Tools/Fuzz/run.sh [SECONDS] [TARGET...]
#
#   syntax         Tools/Fuzz/FuzzTarget.swift: the tokenizer (lossless) and parser (tree shape), full and with
#                  inert bodies skipped (Sources/FlowLintSyntax/*.swift compiled straight into the fuzzer), seeds
#                  in Tools/Fuzz/corpus.
#   config         Tools/Fuzz/ConfigFuzzTarget.swift: the configuration loader (Configuration.parse on any text),
#                  seeds in Tools/Fuzz/config-corpus.
#   render-walker  Tools/Fuzz/RenderWalkerTarget.swift: facts (render walker from every declaration and closure,
#                  type resolver), every rule's per-file and project check, suppression; seeds in
#                  Tools/Fuzz/corpus.
#   environment    Tools/Fuzz/EnvironmentFuzzTarget.swift: the environment analysis on generated projects (random
#                  view graphs with providers, readers, roots, with and without cycles), its chains checked and,
#                  without cycles, compared with the analysis before issue 23; seeds in
#                  Tools/Fuzz/environment-corpus. Each input has 5 s and 512 MB, no allocation over 128 MB (the
#                  others 10 s and 2 GB): the projects are small (a tenth of a second each with ASan), so more is
#                  a blowup. ASan's quarantine is cut to 16 MB for it, so that the memory bound measures the
#                  analysis rather than ASan's freed blocks. `FLOWLINT_FUZZ_SHOW=1 $work/fuzz-environment FILE`
#                  prints the project an input (a reproducer) stands for.
#
# config, render-walker and environment link FlowLintSyntax and FlowLintKit, compiled once as modules.
#
# Everything is built with ASan + libFuzzer into a temporary directory and run on copies of the seeds (the
# checked-in ones are never written). Exits non-zero if a fuzzer finds a crash, a timeout or an
# out-of-memory; the reproducers are left in the temp directory, whose path is printed.
set -euo pipefail

seconds="${1:-30}"
shift || true
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/flowlint-fuzz.XXXXXX")"
echo "fuzz: working in $work"

if [ "$#" -gt 0 ]; then targets=("$@"); else targets=(syntax config render-walker environment); fi
share=$(( seconds / ${#targets[@]} ))
[ "$share" -ge 1 ] || share=1

build_syntax() {
    swiftc -sanitize=fuzzer,address -parse-as-library -O \
        -module-name FlowLintFuzz \
        "$repo"/Sources/FlowLintSyntax/*.swift "$here/FuzzTarget.swift" \
        -o "$work/fuzz-syntax"
}

# Modules are built with coverage and ASan but without optimization: the loader is small, the build is
# what takes time.
modules="$work/modules"
build_modules() {
    [ -f "$modules/FlowLintKit.o" ] && return 0
    mkdir -p "$modules"
    local swift_flags=(-sanitize=fuzzer,address -Onone -parse-as-library -wmo -swift-version 5 -D SWIFT_PACKAGE -I "$modules")
    swiftc "${swift_flags[@]}" -module-name FlowLintSyntax -emit-module -emit-module-path "$modules/FlowLintSyntax.swiftmodule" \
        -c "$repo"/Sources/FlowLintSyntax/*.swift -o "$modules/FlowLintSyntax.o"
    # FlowLintKit's rule documents are compiled in from a Swift file the package's build-tool plugin writes
    # (Plugins/RuleDocumentsPlugin); outside SwiftPM the fuzzer writes it with the same bundler.
    (cd "$repo" && swift build --product RuleDocumentBundler >/dev/null)
    "$repo/.build/debug/RuleDocumentBundler" "$repo/rules" "$modules/BundledRuleDocuments.swift"
    local kit_sources=("$modules/BundledRuleDocuments.swift")
    while IFS= read -r source; do kit_sources+=("$source"); done < <(find "$repo/Sources/FlowLintKit" -name '*.swift' | sort)
    swiftc "${swift_flags[@]}" -enable-testing -module-name FlowLintKit -emit-module -emit-module-path "$modules/FlowLintKit.swiftmodule" \
        -c "${kit_sources[@]}" -o "$modules/FlowLintKit.o"
}

# link_target NAME SOURCE: a fuzzer over the modules.
link_target() {
    build_modules
    swiftc -sanitize=fuzzer,address -Onone -parse-as-library -swift-version 5 -I "$modules" -module-name "FlowLintFuzz_${1//-/_}" \
        "$2" "$modules/FlowLintKit.o" "$modules/FlowLintSyntax.o" \
        -o "$work/fuzz-$1"
}
build_config() { link_target config "$here/ConfigFuzzTarget.swift"; }
build_render-walker() { link_target render-walker "$here/RenderWalkerTarget.swift"; }
build_environment() { link_target environment "$here/EnvironmentFuzzTarget.swift"; }

# run_target NAME SEEDS MAX_LEN TIMEOUT RSS_MB [MALLOC_MB ASAN_OPTIONS]: runs $work/fuzz-NAME on a copy of SEEDS
# for $share seconds, each input within TIMEOUT seconds and RSS_MB of memory, no allocation over MALLOC_MB
# (default RSS_MB).
run_target() {
    local name="$1" seeds="$2" max_len="$3" timeout="$4" rss="$5" malloc="${6:-$5}" asan="${7:-}" status=0
    mkdir -p "$work/$name/corpus" "$work/$name/artifacts"
    cp "$seeds"/* "$work/$name/corpus/"
    # libFuzzer reports every new input; keep that in a log and show its tail (all of it on failure).
    (cd "$work/$name" && ASAN_OPTIONS="${asan:-${ASAN_OPTIONS:-}}" "$work/fuzz-$name" -max_total_time="$share" -max_len="$max_len" \
        -timeout="$timeout" -rss_limit_mb="$rss" -malloc_limit_mb="$malloc" \
        -artifact_prefix="$work/$name/artifacts/" -print_final_stats=1 corpus) > "$work/$name/fuzz.log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then cat "$work/$name/fuzz.log"; else grep -E '^(stat::|Done|INFO: Loaded)' "$work/$name/fuzz.log" || true; fi
    if [ "$status" -ne 0 ] || ls "$work/$name"/artifacts/crash-* "$work/$name"/artifacts/timeout-* "$work/$name"/artifacts/oom-* >/dev/null 2>&1; then
        echo "fuzz: $name FAILED (status $status); reproducers in $work/$name/artifacts" >&2
        return 1
    fi
    echo "fuzz: $name, no crash in ${share}s"
}

failed=()
for target in "${targets[@]}"; do
    if ! declare -F "build_$target" >/dev/null; then echo "fuzz: no target '$target'" >&2; exit 2; fi
    echo "fuzz: building $target"; "build_$target"
    case "$target" in
        config) run_target config "$here/config-corpus" 4096 10 2048 ;;
        environment) run_target environment "$here/environment-corpus" 4096 5 512 128 quarantine_size_mb=16 ;;
        *) run_target "$target" "$here/corpus" 4096 10 2048 ;;
    esac || failed+=("$target")
done
[ "${#failed[@]}" -eq 0 ] || { echo "fuzz: FAILED: ${failed[*]}" >&2; exit 1; }
echo "fuzz: no crash in ${seconds}s (${targets[*]})"

#!/usr/bin/env bash
# Fuzz FlowLint with libFuzzer for SECONDS in all (default 30), shared equally by the targets:
#
#   Tools/Fuzz/run.sh [SECONDS]
#
#   syntax  Tools/Fuzz/FuzzTarget.swift: the tokenizer and parser (Sources/FlowLintSyntax/*.swift compiled
#           straight into the fuzzer), seeds in Tools/Fuzz/corpus.
#   config  Tools/Fuzz/ConfigFuzzTarget.swift: the configuration loader (Configuration.parse on any text),
#           against FlowLintSyntax, FlowLintKit and Yams (from .build/checkouts) compiled as modules, seeds in
#           Tools/Fuzz/config-corpus.
#
# Everything is built with ASan + libFuzzer into a temporary directory and run on copies of the seeds (the
# checked-in ones are never written). Exits non-zero if a fuzzer finds a crash, a timeout or an
# out-of-memory; the reproducers are left in the temp directory, whose path is printed.
set -euo pipefail

seconds="${1:-30}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/flowlint-fuzz.XXXXXX")"
echo "fuzz: working in $work"

targets=(syntax config)
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
build_config() {
    local yams="$repo/.build/checkouts/Yams"
    [ -d "$yams" ] || (cd "$repo" && swift package resolve >/dev/null)
    local modules="$work/modules"
    mkdir -p "$modules"
    local objects=()
    for source in "$yams"/Sources/CYaml/src/*.c; do
        local object="$modules/cyaml-$(basename "$source" .c).o"
        clang -c -fsanitize=fuzzer-no-link,address -O1 -DYAML_DECLARE_EXPORT -I "$yams/Sources/CYaml/include" \
            "$source" -o "$object"
        objects+=("$object")
    done
    local swift_flags=(-sanitize=fuzzer,address -Onone -parse-as-library -wmo -swift-version 5 -D SWIFT_PACKAGE -I "$modules")
    swiftc "${swift_flags[@]}" -module-name Yams -emit-module -emit-module-path "$modules/Yams.swiftmodule" \
        -Xcc -fmodule-map-file="$yams/Sources/CYaml/include/module.modulemap" -I "$yams/Sources/CYaml/include" \
        -c "$yams"/Sources/Yams/*.swift -o "$modules/Yams.o"
    swiftc "${swift_flags[@]}" -module-name FlowLintSyntax -emit-module -emit-module-path "$modules/FlowLintSyntax.swiftmodule" \
        -c "$repo"/Sources/FlowLintSyntax/*.swift -o "$modules/FlowLintSyntax.o"
    local kit_sources=()
    while IFS= read -r source; do kit_sources+=("$source"); done < <(find "$repo/Sources/FlowLintKit" -name '*.swift' | sort)
    swiftc "${swift_flags[@]}" -enable-testing -module-name FlowLintKit -emit-module -emit-module-path "$modules/FlowLintKit.swiftmodule" \
        -Xcc -fmodule-map-file="$yams/Sources/CYaml/include/module.modulemap" -I "$yams/Sources/CYaml/include" \
        -c "${kit_sources[@]}" -o "$modules/FlowLintKit.o"
    swiftc "${swift_flags[@]}" -module-name FlowLintConfigFuzz \
        -Xcc -fmodule-map-file="$yams/Sources/CYaml/include/module.modulemap" -I "$yams/Sources/CYaml/include" \
        "$here/ConfigFuzzTarget.swift" "$modules/FlowLintKit.o" "$modules/FlowLintSyntax.o" "$modules/Yams.o" "${objects[@]}" \
        -o "$work/fuzz-config"
}

# run_target NAME SEEDS MAX_LEN: runs $work/fuzz-NAME on a copy of SEEDS for $share seconds.
run_target() {
    local name="$1" seeds="$2" max_len="$3" status=0
    mkdir -p "$work/$name/corpus" "$work/$name/artifacts"
    cp "$seeds"/* "$work/$name/corpus/"
    # libFuzzer reports every new input; keep that in a log and show its tail (all of it on failure).
    (cd "$work/$name" && "$work/fuzz-$name" -max_total_time="$share" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$work/$name/artifacts/" -print_final_stats=1 corpus) > "$work/$name/fuzz.log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then cat "$work/$name/fuzz.log"; else grep -E '^(stat::|Done|INFO: Loaded)' "$work/$name/fuzz.log" || true; fi
    if [ "$status" -ne 0 ] || ls "$work/$name"/artifacts/crash-* "$work/$name"/artifacts/timeout-* "$work/$name"/artifacts/oom-* >/dev/null 2>&1; then
        echo "fuzz: $name FAILED (status $status); reproducers in $work/$name/artifacts" >&2
        return 1
    fi
    echo "fuzz: $name, no crash in ${share}s"
}

failed=0
echo "fuzz: building syntax"; build_syntax
echo "fuzz: building config"; build_config
run_target syntax "$here/corpus" 4096 || failed=1
run_target config "$here/config-corpus" 4096 || failed=1
[ "$failed" -eq 0 ] || exit 1
echo "fuzz: no crash in ${seconds}s"

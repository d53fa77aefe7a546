#!/usr/bin/env bash
# Fuzz FlowLint with libFuzzer for SECONDS in all (default 30), shared equally by the targets.
#
#   Tools/Fuzz/run.sh [SECONDS] [TARGET...]
#
# Targets (each a build_<name> function below; a new target is a new function, nothing else to register):
#   front-end       Tools/Fuzz/FuzzTarget.swift over Sources/FlowLintSyntax: tokenizer (lossless) and parser
#                   (tree shape), full and with inert bodies skipped
#   render-walker   Tools/Fuzz/RenderWalkerTarget.swift over the facts: render walker (from every declaration and
#                   closure), type resolver, per-file rules, suppression, full and with inert bodies skipped
# Each is compiled with ASan + libFuzzer into a temporary directory and run on a copy of Tools/Fuzz/corpus (the
# checked-in seeds are never written). Exits non-zero if a fuzzer finds a crash, a timeout or an out-of-memory;
# the reproducers (crash-*, ...) are left in the temp directory, whose path is printed.
set -euo pipefail

seconds="${1:-30}"
shift || true
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/flowlint-fuzz.XXXXXX")"
echo "fuzz: working in $work"

flags=(-sanitize=fuzzer,address -parse-as-library -O)

# Everything in one module: FlowLintSyntax has no dependencies.
build_front-end() {
  swiftc "${flags[@]}" -module-name FlowLintFuzz \
    "$repo"/Sources/FlowLintSyntax/*.swift "$here/FuzzTarget.swift" -o "$1"
}

# FlowLintSyntax as its own module (FlowLintKit imports it), then the parts of FlowLintKit that per-file facts
# use (not the configuration, whose YAML library is not compiled here) with the target in one module.
build_render-walker() {
  local syntax="$work/syntax-module"
  mkdir -p "$syntax"
  swiftc "${flags[@]}" -wmo -module-name FlowLintSyntax -emit-module -emit-module-path "$syntax/FlowLintSyntax.swiftmodule" \
    -c "$repo"/Sources/FlowLintSyntax/*.swift -o "$syntax/FlowLintSyntax.o"
  local kit="$repo/Sources/FlowLintKit"
  swiftc "${flags[@]}" -module-name FlowLintKitFuzz -I "$syntax" "$syntax/FlowLintSyntax.o" \
    "$kit"/Facts/*.swift "$kit"/Rules/*.swift "$kit"/Suppression/*.swift "$kit"/Index/*.swift \
    "$kit"/Diagnostic.swift "$kit"/Cache/FactsCodec.swift "$here/RenderWalkerTarget.swift" -o "$1"
}

if [ "$#" -gt 0 ]; then
  targets=("$@")
else
  mapfile -t targets < <(declare -F | awk '{ print $3 }' | sed -n 's/^build_//p' | sort)
fi
share=$(( seconds / ${#targets[@]} ))
[ "$share" -ge 1 ] || share=1

mkdir -p "$work/artifacts"
failed=()
for target in "${targets[@]}"; do
  if ! declare -F "build_$target" >/dev/null; then echo "fuzz: no target '$target'" >&2; exit 2; fi
  echo "fuzz: $target, ${share}s"
  "build_$target" "$work/fuzz-$target"
  mkdir -p "$work/corpus-$target" "$work/artifacts/$target"
  cp "$here"/corpus/* "$work/corpus-$target/"
  status=0
  # libFuzzer reports every new input; keep that in a log and show its tail (all of it on failure).
  (cd "$work" && "./fuzz-$target" -max_total_time="$share" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$work/artifacts/$target/" -print_final_stats=1 "corpus-$target") >"$work/$target.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then cat "$work/$target.log"; else grep -E '^(stat::|Done|INFO: Loaded)' "$work/$target.log" || true; fi
  if [ "$status" -ne 0 ] || ls "$work/artifacts/$target"/crash-* "$work/artifacts/$target"/timeout-* \
      "$work/artifacts/$target"/oom-* >/dev/null 2>&1; then
    failed+=("$target")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}; reproducers in $work/artifacts" >&2
  exit 1
fi
echo "fuzz: no crash in ${seconds}s (${targets[*]})"

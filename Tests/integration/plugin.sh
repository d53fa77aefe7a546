#!/usr/bin/env bash
# Runs the SwiftPM command plugin for real: `swift package flowlint` in Fixtures/PluginPackage, a tiny
# package that depends on this repository by path (../..). The plugin only reads, so no
# --allow-writing-to-package-directory is needed. The first call builds the flowlint the plugin runs; the
# calls after it must reuse it (FlowLint's modules are not compiled and flowlint is not linked again), and each
# call's time is printed. SwiftPM links the small RuleDocumentBundler helper of FlowLint's own build-tool plugin
# again on every build (it writes its swift-version file each time, which the helper's link depends on); the
# bundler then leaves the bundled documents unchanged, so nothing of FlowLint is rebuilt.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

FIXTURE="$REPO/Fixtures/PluginPackage"
SCRATCH="$(mktemp -d)"
OUT="$(mktemp)"
trap 'rm -rf "$SCRATCH" "$OUT"' EXIT

plugin() {  # plugin ARGS...: runs the plugin, output in $OUT, returns its status; prints the time it took
    local start="${EPOCHREALTIME/./}" status=0
    (cd "$FIXTURE" && swift package --scratch-path "$SCRATCH" flowlint "$@") > "$OUT" 2>&1 || status=$?
    local milliseconds=$(( (${EPOCHREALTIME/./} - start) / 1000 ))
    echo "swift package flowlint $*: $((milliseconds / 1000)).$(printf '%03d' $((milliseconds % 1000))) s"
    return "$status"
}

# What a call compiled or linked of FlowLint (the bundler's relink excepted), on one line for a failure's message:
# CI's summary keeps the failing check's line even where it cuts the output printed above it.
rebuilt() { grep -E "Compiling|Linking" "$OUT" | grep -v RuleDocumentBundler | head -3 | tr '\n' ';' || true; }

status=0
plugin || status=$?
if [ "$status" -eq 0 ] && grep -q "Linted 1 file" "$OUT"; then
    pass "swift package flowlint lints the Demo target (warnings only: exit 0)"
else
    cat "$OUT" >&2
    fail "swift package flowlint lints the Demo target (status $status; last line: $(tail -1 "$OUT"))"
fi

if grep -q "Sources/Demo/CounterView.swift:[0-9]*:[0-9]*: warning: .*(observed_object_inline)" "$OUT"; then
    pass "the report names the finding with a package-relative path"
else
    cat "$OUT" >&2
    fail "the report names the finding with a package-relative path"
fi

# The same call again: the tool built by the first is reused.
status=0
plugin || status=$?
if [ "$status" -eq 0 ] && grep -q "Linted 1 file" "$OUT" && [ -z "$(rebuilt)" ]; then
    pass "a second call reuses the built flowlint (FlowLint is not compiled or linked again)"
else
    cat "$OUT" >&2
    fail "a second call reuses the built flowlint (FlowLint is not compiled or linked again) (status $status; rebuilt: $(rebuilt))"
fi
status=0
plugin --target Demo --strict --reporter json || status=$?
if [ "$status" -ne 0 ] && grep -q '"rule": "observed_object_inline"' "$OUT" && [ -z "$(rebuilt)" ]; then
    pass "--target and flowlint options pass through; --strict fails the command; the built flowlint is reused"
else
    cat "$OUT" >&2
    fail "--target and flowlint options pass through; --strict fails the command; the built flowlint is reused (status $status; rebuilt: $(rebuilt))"
fi

status=0
plugin --target NoSuchTarget || status=$?
if [ "$status" -ne 0 ]; then pass "an unknown --target fails"; else fail "an unknown --target fails"; fi

finish

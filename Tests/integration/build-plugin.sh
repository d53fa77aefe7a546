#!/usr/bin/env bash
# Builds Fixtures/BuildToolPackage with `swift build`: its Storefront target applies the FlowLintBuildTool
# build-tool plugin, so FlowLint's findings must appear in the build output as `/abs/path:line:col: warning:`
# lines (the form SwiftPM and Xcode show as issues), warnings must not fail the build and errors must.
# The fixture is copied into a temporary directory (the edits below must not touch the repository), with its
# path dependency pointed back at this repository. The first build compiles FlowLint too: minutes.
# The Xcode form of the plugin cannot be built here: it is type-checked against a stand-in of Xcode's
# XcodeProjectPlugin module (Tests/integration/stand-ins).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

WORK="$(cd "$(mktemp -d)" && pwd -P)"
trap 'rm -rf "$WORK"' EXIT
PKG="$WORK/BuildToolPackage"
LOG="$WORK/build.log"
cp -R "$REPO/Fixtures/BuildToolPackage" "$PKG"
rm -rf "$PKG/.build"
manifest="$(cat "$PKG/Package.swift")"
printf '%s\n' "${manifest//\"..\/..\"/\"$REPO\"}" > "$PKG/Package.swift"
# A repository root of its own, so no .flowlint.yml above the temporary directory can be picked up.
mkdir "$PKG/.git"

build() {  # build: `swift build` in the copy, output in $LOG, returns its status
    (cd "$PKG" && swift build) > "$LOG" 2>&1
}

# expect_lines FILE: every line of FILE is a line of the build output.
expect_lines() {
    local line missing=0
    while IFS= read -r line; do
        grep -qxF -- "$line" "$LOG" || { echo "  missing: $line" >&2; missing=1; }
    done < "$1"
    return "$missing"
}

# The fixture's expected.txt (paths relative to the fixture), with the absolute paths the plugin prints.
sed "s#^#$PKG/#" "$REPO/Fixtures/BuildToolPackage/expected.txt" > "$WORK/expected-warnings.txt"

# The XcodeProjectPlugin form is compiled only by Xcode: type-check it against a stand-in of that module.
PLUGIN_API="$(cd "$(dirname "$(command -v swiftc)")/../lib/swift/pm/PluginAPI" 2>/dev/null && pwd || true)"
STAND_IN="$WORK/stand-in"
mkdir -p "$STAND_IN"
if [ -n "$PLUGIN_API" ] \
    && swiftc -parse-as-library -package-description-version 6.0.0 -I "$PLUGIN_API" -emit-module -module-name XcodeProjectPlugin \
        -emit-module-path "$STAND_IN/XcodeProjectPlugin.swiftmodule" "$REPO/Tests/integration/stand-ins/XcodeProjectPlugin.swift" >&2 \
    && swiftc -typecheck -parse-as-library -swift-version 6 -package-description-version 6.0.0 -I "$PLUGIN_API" -I "$STAND_IN" \
        "$REPO/Plugins/FlowLintBuildTool/plugin.swift" >&2; then
    pass "the XcodeProjectPlugin form type-checks against a stand-in of Xcode's module"
else
    fail "the XcodeProjectPlugin form type-checks against a stand-in of Xcode's module (PackagePlugin in '${PLUGIN_API:-not found}')"
fi

# Xcode's build system expands $(NAME) and ${NAME} in a command's arguments as build settings: the command's
# shell script must not use them (a `$(dirname ...)` there once made it loop forever under Swift Build).
script="$(sed -n '/static let script = \[/,/\]\.joined/p' "$REPO/Plugins/FlowLintBuildTool/plugin.swift")"
if [ -n "$script" ] && ! grep -qF -e '$(' -e '${' <<< "$script"; then
    pass "the plugin's shell script has no \$( or \${ for Xcode's build system to expand"
else
    fail "the plugin's shell script has no \$( or \${ for Xcode's build system to expand"
fi

status=0
build || status=$?
if [ "$status" -eq 0 ]; then
    pass "swift build succeeds: warnings do not fail the build"
else
    cat "$LOG" >&2
    fail "swift build succeeds: warnings do not fail the build (status $status)"
fi
if expect_lines "$WORK/expected-warnings.txt"; then
    pass "the build output has the fixture's findings as /absolute/path:line:col: warning: lines"
else
    cat "$LOG" >&2
    fail "the build output has the fixture's findings as /absolute/path:line:col: warning: lines"
fi
if grep -E '^[^/].*\.swift:[0-9]+:[0-9]+: (warning|error): .*\((observed_object_inline|non_private_state)\)$' "$LOG" >&2; then
    fail "no finding is printed with a relative path"
else
    pass "no finding is printed with a relative path"
fi
if grep -qE "^\[[0-9]+/[0-9]+\] FlowLint Storefront$" "$LOG" && ! grep -q "FlowLint Pricing" "$LOG"; then
    pass "the plugin runs for the target that applies it, and only for it"
else
    cat "$LOG" >&2
    fail "the plugin runs for the target that applies it, and only for it"
fi
caches=("$PKG"/.build/plugins/outputs/*/Storefront/*/FlowLintBuildTool/cache/facts-*.bin)
if [ -f "${caches[0]}" ]; then
    pass "the facts cache is kept in the plugin's work directory"
else
    find "$PKG/.build/plugins" -maxdepth 6 >&2 || true
    fail "the facts cache is kept in the plugin's work directory"
fi

# Another target's file changed: findings can depend on any file of the package, so the target is linted again.
echo "// edited" >> "$PKG/Sources/Pricing/Price.swift"
status=0
build || status=$?
if [ "$status" -eq 0 ] && expect_lines "$WORK/expected-warnings.txt"; then
    pass "editing another target's file lints the target again"
else
    cat "$LOG" >&2
    fail "editing another target's file lints the target again (status $status)"
fi

# A new finding in an edited file shows up at its place.
cat >> "$PKG/Sources/Storefront/QuantityStepper.swift" <<'SWIFT'

#if canImport(SwiftUI)
struct HueSlider: View {
    @State var hue = 0.5

    var body: some View { Slider(value: $hue) }
}
#endif
SWIFT
build || true
if grep -qE "^$PKG/Sources/Storefront/QuantityStepper.swift:15:5: warning: .*\(non_private_state\)$" "$LOG"; then
    pass "a finding added to a source file appears in the next build"
else
    cat "$LOG" >&2
    fail "a finding added to a source file appears in the next build"
fi

# Errors fail the build. The configuration's `reporter` does not change the format the build reads.
printf 'reporter: json\nseverity:\n  observed_object_inline: error\n' > "$PKG/.flowlint.yml"
touch "$PKG/Sources/Storefront/CartView.swift"
status=0
build || status=$?
if [ "$status" -ne 0 ] && grep -qE "^$PKG/Sources/Storefront/CartView.swift:11:5: error: .*\(observed_object_inline\)$" "$LOG"; then
    pass "an error finding fails the build, reported as an error: line (the configuration's reporter is ignored)"
else
    cat "$LOG" >&2
    fail "an error finding fails the build, reported as an error: line (status $status)"
fi
status=0
build || status=$?
if [ "$status" -ne 0 ] && grep -q "error: .*(observed_object_inline)$" "$LOG"; then
    pass "the failing lint runs again on the next build, and fails it again"
else
    cat "$LOG" >&2
    fail "the failing lint runs again on the next build, and fails it again (status $status)"
fi

# A broken configuration fails the build with FlowLint's message.
printf 'strict: maybe\n' > "$PKG/.flowlint.yml"
status=0
build || status=$?
if [ "$status" -ne 0 ] && grep -qF "$PKG/.flowlint.yml:1:9: error: 'strict' must be true or false" "$LOG"; then
    pass "an invalid .flowlint.yml fails the build and says why"
else
    cat "$LOG" >&2
    fail "an invalid .flowlint.yml fails the build and says why (status $status)"
fi

rm "$PKG/.flowlint.yml"
touch "$PKG/Sources/Storefront/CartView.swift"
status=0
build || status=$?
if [ "$status" -eq 0 ]; then pass "without the configuration the build succeeds again"; else cat "$LOG" >&2; fail "without the configuration the build succeeds again"; fi

# The configuration's `baseline:` is honoured: the accepted findings are not build issues (with strict, they
# would fail the build). The baseline file is an input of the command: emptying it lints again.
mkdir -p "$PKG/baselines"
(cd "$PKG" && "$(flowlint_binary)" lint --no-cache --quiet --write-baseline baselines/accepted.json Sources)
printf 'strict: true\nbaseline: baselines/accepted.json # accepted on adoption\n' > "$PKG/.flowlint.yml"
touch "$PKG/Sources/Storefront/CartView.swift"
status=0
build || status=$?
if [ "$status" -eq 0 ] && ! grep -qE "(warning|error): .*\((observed_object_inline|non_private_state)\)$" "$LOG"; then
    pass "baseline: in .flowlint.yml hides the accepted findings from the build (strict passes)"
else
    cat "$LOG" >&2
    fail "baseline: in .flowlint.yml hides the accepted findings from the build (status $status)"
fi
printf '{"version": 2, "findings": []}\n' > "$PKG/baselines/accepted.json"
status=0
build || status=$?
if [ "$status" -ne 0 ] && grep -qE "^$PKG/Sources/Storefront/CartView.swift:11:5: warning: .*\(observed_object_inline\)$" "$LOG"; then
    pass "editing only the baseline lints again: the findings it no longer accepts fail the strict build"
else
    cat "$LOG" >&2
    fail "editing only the baseline lints again (status $status)"
fi
rm -r "$PKG/.flowlint.yml" "$PKG/baselines"
touch "$PKG/Sources/Storefront/CartView.swift"
build || true

# Swift Build, the engine Xcode uses (`swift build --build-system swiftbuild`, a preview in SwiftPM 6.x): a
# second full build of FlowLint, so only with FLOWLINT_SWIFTBUILD=1.
if [ "${FLOWLINT_SWIFTBUILD:-0}" = 1 ]; then
    status=0
    (cd "$PKG" && swift build --build-system swiftbuild --scratch-path "$WORK/swiftbuild") > "$LOG" 2>&1 || status=$?
    if [ "$status" -eq 0 ] && expect_lines "$WORK/expected-warnings.txt"; then
        pass "with Swift Build (Xcode's engine) the findings are build warnings too"
    else
        cat "$LOG" >&2
        fail "with Swift Build (Xcode's engine) the findings are build warnings too (status $status)"
    fi
else
    skip "Swift Build (Xcode's engine): set FLOWLINT_SWIFTBUILD=1 (builds FlowLint a second time)"
fi

finish

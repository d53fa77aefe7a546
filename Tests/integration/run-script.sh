#!/usr/bin/env bash
# The README's Xcode Run Script build phase, run as Xcode runs it: the ```sh block of its section "Xcode Run
# Script build phase", taken from README.md, given to /bin/sh -c with only the variables Xcode sets (SRCROOT,
# PROJECT_DIR, CONFIGURATION, TARGET_NAME, DERIVED_FILE_DIR, HOME, and Xcode's PATH of system directories),
# on copies of fixtures laid out as Xcode projects. Checks that every output line is one Xcode turns into an
# issue (/absolute/path:line:column: warning|error|note: message), that warnings pass and errors fail the
# phase, that a flowlint in ~/.mint/bin is found, and that without flowlint the phase warns and passes.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN="$(flowlint_binary)"
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
WORK="$(cd "$(mktemp -d)" && pwd -P)"
trap 'rm -rf "$WORK"' EXIT
OUT="$WORK/out"

SCRIPT="$(awk '/^## Xcode Run Script build phase$/ { section = 1 } section && /^```sh$/ { inside = 1; next }
               inside && /^```$/ { exit } inside { print }' "$REPO/README.md")"
if grep -q 'flowlint lint "$SRCROOT"' <<< "$SCRIPT" && grep -q 'which flowlint' <<< "$SCRIPT"; then
    pass "README.md has the Run Script block (which flowlint, flowlint lint \"\$SRCROOT\")"
else
    printf '%s\n' "$SCRIPT" >&2
    fail "README.md has the Run Script block (which flowlint, flowlint lint \"\$SRCROOT\")"
fi

# Directories on PATH that hold the flowlint under test (a stand-in for /usr/local/bin) and nothing else.
mkdir -p "$WORK/installed" "$WORK/home" "$WORK/mint-home/.mint/bin"
ln -s "$BIN" "$WORK/installed/flowlint"
ln -s "$BIN" "$WORK/mint-home/.mint/bin/flowlint"
XCODE_PATH="/usr/bin:/bin:/usr/sbin:/sbin"

project() {  # project FIXTURE [SDKROOT]: a copy of the fixture as an Xcode project's folder (iphoneos unless said); prints its path
    local dir="$WORK/projects/$1"
    mkdir -p "$dir/$1.xcodeproj"
    cp -R "$REPO/Fixtures/$1/." "$dir/"
    rm -f "$dir/expected.txt"
    # One app target whose sources are the fixture's folders, as Xcode 16 writes them (synchronized folders).
    python3 - "$dir" "$dir/$1.xcodeproj/project.pbxproj" "${2:-iphoneos}" <<'PY'
import os, sys
root, path, sdk = sys.argv[1], sys.argv[2], sys.argv[3]
folders = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)) and not d.endswith(".xcodeproj"))
ids = ", ".join(f"S{i}" for i in range(len(folders)))
groups = "\n".join(f'S{i} = {{isa = PBXFileSystemSynchronizedRootGroup; path = {d}; sourceTree = "<group>"; }};' for i, d in enumerate(folders))
objects = f"""ROOT = {{isa = PBXProject; buildConfigurationList = CL0; mainGroup = MAIN; projectDirPath = ""; targets = (T1); }};
MAIN = {{isa = PBXGroup; children = ({ids}); sourceTree = "<group>"; }};
T1 = {{isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = CL1; buildPhases = (SP1); fileSystemSynchronizedGroups = ({ids}); }};
SP1 = {{isa = PBXSourcesBuildPhase; files = (); }};
CL0 = {{isa = XCConfigurationList; buildConfigurations = (PC1); defaultConfigurationName = Debug; }};
PC1 = {{isa = XCBuildConfiguration; name = Debug; buildSettings = {{}}; }};
CL1 = {{isa = XCConfigurationList; buildConfigurations = (TC1); defaultConfigurationName = Debug; }};
TC1 = {{isa = XCBuildConfiguration; name = Debug; buildSettings = {{SDKROOT = {sdk};}}; }};
{groups}"""
with open(path, "w") as file:
    file.write("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n" + objects + "\n\t};\n\trootObject = ROOT;\n}\n")
PY
    echo "$dir"
}

run_phase() {  # run_phase SRCROOT HOME PATH: the script as Xcode runs it; output in $OUT, returns its status
    local srcroot="$1"
    (cd "$srcroot" && env -i HOME="$2" PATH="$3" SRCROOT="$srcroot" PROJECT_DIR="$srcroot" CONFIGURATION=Debug \
        TARGET_NAME="$(basename "$srcroot")" DERIVED_FILE_DIR="$WORK/DerivedData/$(basename "$srcroot")/DerivedSources" \
        XDG_CACHE_HOME="$WORK/cache" /bin/sh -c "$SCRIPT") > "$OUT" 2>&1
}

# Every line Xcode turns into an issue: an absolute path to an existing file, line, column, kind, message.
issues_only() {
    local line
    while IFS= read -r line; do
        case "$line" in
            "Linted "*) continue ;;  # the summary, on standard error
        esac
        if ! [[ "$line" =~ ^(/[^:]+):([0-9]+):([0-9]+):\ (warning|error|note):\ .+$ ]] || [ ! -f "${BASH_REMATCH[1]}" ]; then
            echo "not an Xcode issue line: $line" >&2
            return 1
        fi
    done < "$OUT"
}

for location in /usr/local/bin /opt/homebrew/bin; do
    if [ -e "$location/flowlint" ]; then
        fail "$location/flowlint exists on this machine: the script would find it, so the 'not installed' case cannot be run"
    fi
done

# Warnings only: the phase passes, each finding is an issue line.
LOGIN="$(project LoginForm)"
status=0
run_phase "$LOGIN" "$WORK/home" "$WORK/installed:$XCODE_PATH" || status=$?
if [ "$status" -eq 0 ] && [ "$(grep -c ': warning: ' "$OUT")" -eq 2 ] && issues_only; then
    pass "warnings: the phase passes and prints 2 warning lines Xcode reads (absolute paths)"
else
    cat "$OUT" >&2
    fail "warnings: the phase passes and prints 2 warning lines Xcode reads (status $status)"
fi
if grep -q "^$LOGIN/Views/LoginView.swift:4:5: warning: .*(observed_object_inline)$" "$OUT"; then
    pass "a finding names its file under \$SRCROOT, its line and column, and its rule"
else
    cat "$OUT" >&2
    fail "a finding names its file under \$SRCROOT, its line and column, and its rule"
fi

# An error: the phase fails.
# A macOS app (a `Settings` scene, which only macOS has: in an iOS target it is never compiled).
NOTES="$(project MultiSceneNotes macosx)"
status=0
run_phase "$NOTES" "$WORK/home" "$WORK/installed:$XCODE_PATH" || status=$?
if [ "$status" -eq 1 ] && grep -q ': error: .*(missing_environment_object)$' "$OUT" && grep -q ': note: ' "$OUT" && issues_only; then
    pass "an error: the phase fails (exit 1) with error and note lines Xcode reads"
else
    cat "$OUT" >&2
    fail "an error: the phase fails (exit 1) with error and note lines Xcode reads (status $status)"
fi

# A broken configuration: the phase fails with an error line at the configuration's position.
printf 'strict: maybe\n' > "$LOGIN/.flowlint.yml"
status=0
run_phase "$LOGIN" "$WORK/home" "$WORK/installed:$XCODE_PATH" || status=$?
if [ "$status" -eq 2 ] && grep -q "^$LOGIN/\.flowlint\.yml:1:[0-9]*: error: " "$OUT"; then
    pass "a broken .flowlint.yml: the phase fails (exit 2) with an error line at its absolute path"
else
    cat "$OUT" >&2
    fail "a broken .flowlint.yml: the phase fails (exit 2) with an error line at its absolute path (status $status)"
fi
rm "$LOGIN/.flowlint.yml"

# Mint's directory is searched.
status=0
run_phase "$LOGIN" "$WORK/mint-home" "$XCODE_PATH" || status=$?
if [ "$status" -eq 0 ] && [ "$(grep -c ': warning: ' "$OUT")" -eq 2 ]; then
    pass "a flowlint in ~/.mint/bin (Mint) is found though Xcode's PATH lacks it"
else
    cat "$OUT" >&2
    fail "a flowlint in ~/.mint/bin (Mint) is found though Xcode's PATH lacks it (status $status)"
fi

# Not installed: one warning, the phase passes.
status=0
run_phase "$LOGIN" "$WORK/home" "$XCODE_PATH" || status=$?
if [ "$status" -eq 0 ] && [ "$(wc -l < "$OUT")" -eq 1 ] && grep -q '^warning: FlowLint is not installed' "$OUT"; then
    pass "without flowlint: one 'warning:' line, and the phase passes"
else
    cat "$OUT" >&2
    fail "without flowlint: one 'warning:' line, and the phase passes (status $status)"
fi

finish

#!/usr/bin/env bash
# Tools/install.sh for real: a release build installed under a temporary PREFIX (and staged with DESTDIR),
# then the installed binary runs `flowlint version` and lints a fixture. On Linux the installed binary must
# not need the Swift runtime libraries (--static-swift-stdlib), must run with an empty environment, and must
# be stripped (no symbol table, no debug sections) and at most 40 MiB (--no-strip keeps the symbols).
# Also checks what Mint needs: an executable product named flowlint in `swift package dump-package`.
# The release build goes to .build-install in the repository (kept between runs: the first one takes
# minutes; FLOWLINT_INSTALL_SCRATCH picks another directory).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

WORK="$(cd "$(mktemp -d)" && pwd -P)"
trap 'rm -rf "$WORK"' EXIT
SCRATCH="${FLOWLINT_INSTALL_SCRATCH:-$REPO/.build-install}"
LOG="$WORK/install.log"

status=0
PREFIX="$WORK/prefix" bash "$REPO/Tools/install.sh" --scratch-path "$SCRATCH" > "$LOG" 2>&1 || status=$?
INSTALLED="$WORK/prefix/bin/flowlint"
if [ "$status" -eq 0 ] && [ -x "$INSTALLED" ]; then
    pass "PREFIX=DIR Tools/install.sh installs DIR/bin/flowlint"
else
    cat "$LOG" >&2
    fail "PREFIX=DIR Tools/install.sh installs DIR/bin/flowlint (status $status)"
fi

version="$("$INSTALLED" version 2>&1 || true)"
source_version="$(sed -n 's/.*current = "\(.*\)".*/\1/p' "$REPO/Sources/FlowLintKit/Version.swift" | head -1)"
if [ -n "$version" ] && [ "$version" = "$source_version" ]; then
    pass "the installed flowlint version prints $version"
else
    fail "the installed flowlint version prints the source's version ('$version' vs '$source_version')"
fi

# A fixture linted by the installed binary, from an empty environment (no PATH to a toolchain).
FIXTURE="$REPO/Fixtures/PluginPackage"
status=0
(cd "$FIXTURE" && env -i "$INSTALLED" lint --no-cache . > "$WORK/report.txt" 2> "$WORK/stderr.txt") || status=$?
if [ "$status" -eq 0 ] && diff "$FIXTURE/expected.txt" "$WORK/report.txt" >&2; then
    pass "the installed flowlint lints Fixtures/PluginPackage as expected.txt says, with an empty environment"
else
    cat "$WORK/stderr.txt" >&2
    fail "the installed flowlint lints Fixtures/PluginPackage as expected.txt says (status $status)"
fi

if [ "$(uname -s)" = Linux ]; then
    needed="$(readelf -d "$INSTALLED" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
    if [ -n "$needed" ] && ! grep -qE 'libswift|libFoundation|lib_FoundationICU|libdispatch|libBlocksRuntime' <<< "$needed"; then
        pass "the installed binary needs no Swift runtime library (needs: $needed)"
    else
        fail "the installed binary needs no Swift runtime library (needs: ${needed:-nothing found})"
    fi
fi

# Stripped: no symbol table, no debug information, and a size that the unstripped build (44 MB) exceeds.
if [ "$(uname -s)" = Linux ]; then
    sections="$(readelf -S -W "$INSTALLED" | { grep -oE '\.(symtab|debug_[a-z_]+)' || true; } | sort -u | tr '\n' ' ')"
    size="$(wc -c < "$INSTALLED")"
    limit=$((40 * 1024 * 1024))
    if [ -z "$sections" ] && [ "$size" -le "$limit" ]; then
        pass "the installed binary is stripped: no .symtab or .debug_* section, $size bytes (at most $limit)"
    else
        fail "the installed binary is stripped: no .symtab or .debug_* section (found: ${sections:-none}), $size bytes (at most $limit)"
    fi
    status=0
    PREFIX="$WORK/unstripped" bash "$REPO/Tools/install.sh" --no-strip --scratch-path "$SCRATCH" > "$LOG" 2>&1 || status=$?
    if [ "$status" -eq 0 ] && readelf -S -W "$WORK/unstripped/bin/flowlint" | grep -q '\.symtab' \
        && [ "$(wc -c < "$WORK/unstripped/bin/flowlint")" -gt "$size" ]; then
        pass "--no-strip installs the binary with its symbol table ($(wc -c < "$WORK/unstripped/bin/flowlint") bytes)"
    else
        cat "$LOG" >&2
        fail "--no-strip installs the binary with its symbol table (status $status)"
    fi
fi

# DESTDIR stages the files under DIR, with PREFIX as the final location.
status=0
DESTDIR="$WORK/stage" PREFIX=/opt/flowlint bash "$REPO/Tools/install.sh" --scratch-path "$SCRATCH" > "$LOG" 2>&1 || status=$?
if [ "$status" -eq 0 ] && [ -x "$WORK/stage/opt/flowlint/bin/flowlint" ] && [ ! -e /opt/flowlint/bin/flowlint ]; then
    pass "DESTDIR=STAGE PREFIX=/opt/flowlint stages STAGE/opt/flowlint/bin/flowlint"
else
    cat "$LOG" >&2
    fail "DESTDIR=STAGE PREFIX=/opt/flowlint stages STAGE/opt/flowlint/bin/flowlint (status $status)"
fi

# Bad arguments: exit 2, nothing built or installed.
for arguments in "--prefix relative/dir" "--no-such-option" "--prefix"; do
    status=0
    # shellcheck disable=SC2086
    PREFIX="$WORK/never" bash "$REPO/Tools/install.sh" $arguments > "$LOG" 2>&1 || status=$?
    if [ "$status" -eq 2 ] && [ ! -e "$WORK/never" ] && [ "$(wc -l < "$LOG")" -eq 1 ]; then
        pass "install.sh $arguments: one line of error, exit 2"
    else
        cat "$LOG" >&2
        fail "install.sh $arguments: one line of error, exit 2 (status $status)"
    fi
done

# PREFIX/bin/flowlint is a directory: `mv` would move the binary into it and succeed. Exit 1, nothing moved.
mkdir -p "$WORK/dir-prefix/bin/flowlint"
status=0
PREFIX="$WORK/dir-prefix" bash "$REPO/Tools/install.sh" --scratch-path "$SCRATCH" > "$LOG" 2>&1 || status=$?
if [ "$status" -eq 1 ] && grep -q "is a directory; nothing installed" "$LOG" && ! grep -q "installed $WORK" "$LOG" \
    && [ -z "$(ls -A "$WORK/dir-prefix/bin/flowlint")" ] && [ "$(ls -A "$WORK/dir-prefix/bin")" = flowlint ]; then
    pass "PREFIX/bin/flowlint is a directory: exit 1, nothing installed"
else
    cat "$LOG" >&2
    fail "PREFIX/bin/flowlint is a directory: exit 1, nothing installed (status $status)"
fi

# A binary that does not run where it is installed (here: a `swift` stand-in that "builds" a file the system
# cannot execute): exit 1, and the flowlint installed before stays.
STUB="$WORK/stub"
mkdir -p "$STUB/bin" "$STUB/products" "$WORK/old-prefix/bin"
cat > "$STUB/bin/swift" <<SH
#!/usr/bin/env bash
case " \$* " in
    *" --show-bin-path "*) echo "$STUB/products" ;;
    *) printf '\177ELF\002not a program' > "$STUB/products/flowlint"; chmod 755 "$STUB/products/flowlint" ;;
esac
SH
chmod 755 "$STUB/bin/swift"
printf '#!/bin/sh\necho old\n' > "$WORK/old-prefix/bin/flowlint"
chmod 755 "$WORK/old-prefix/bin/flowlint"
status=0
PATH="$STUB/bin:$PATH" PREFIX="$WORK/old-prefix" bash "$REPO/Tools/install.sh" --no-strip > "$LOG" 2>&1 || status=$?
if [ "$status" -eq 1 ] && grep -q "does not run from $WORK/old-prefix/bin" "$LOG" && ! grep -q "install.sh: installed" "$LOG" \
    && [ "$("$WORK/old-prefix/bin/flowlint")" = old ] && [ "$(ls -A "$WORK/old-prefix/bin")" = flowlint ]; then
    pass "a built binary that does not run: exit 1, the installed flowlint kept, no temporary file left"
else
    cat "$LOG" >&2
    fail "a built binary that does not run: exit 1, the installed flowlint kept, no temporary file left (status $status)"
fi
# The same binary, which strip cannot read either: exit 1 before anything is installed.
status=0
PATH="$STUB/bin:$PATH" PREFIX="$WORK/old-prefix" bash "$REPO/Tools/install.sh" > "$LOG" 2>&1 || status=$?
if [ "$status" -eq 1 ] && grep -q "strip.* failed: .*nothing installed" "$LOG" && ! grep -q "install.sh: installed" "$LOG" \
    && [ "$("$WORK/old-prefix/bin/flowlint")" = old ] && [ "$(ls -A "$WORK/old-prefix/bin")" = flowlint ]; then
    pass "a binary strip fails on: exit 1, the installed flowlint kept, no temporary file left"
else
    cat "$LOG" >&2
    fail "a binary strip fails on: exit 1, the installed flowlint kept, no temporary file left (status $status)"
fi

# Mint (`mint install flowlint/flowlint`) builds every executable product that `swift package dump-package`
# lists with `swift build -c release --product NAME`, and links .build/release/NAME.
if (cd "$REPO" && swift package dump-package 2>/dev/null) | python3 -c '
import json, sys
products = json.load(sys.stdin)["products"]
sys.exit(0 if any(p["name"] == "flowlint" and "executable" in p["type"] for p in products) else 1)'; then
    pass "Mint finds an executable product named flowlint"
else
    fail "Mint finds an executable product named flowlint"
fi

finish

#!/usr/bin/env bash
# Benchmarks/attacks.sh — the hostile inputs of issues 13 and 23 against one flowlint binary: a Markdown table
# with, per attack, the exit code, the wall time, the peak resident memory (GNU time's maximum RSS) and what was
# checked afterwards (a file unchanged, the findings still found, control characters escaped).
#
#   Benchmarks/attacks.sh [FLOWLINT] [TIMEOUT_SECONDS]
#
# FLOWLINT defaults to the debug build (`swift build --show-bin-path`); TIMEOUT (default 30) kills a run that
# hangs, shown as "killed". Run it with an older binary to compare (the closing note of issue 13 does).
# Everything happens in a temporary directory, with its own cache and state directories.
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="${1:-$(swift build --package-path "$root" --show-bin-path)/flowlint}"
limit="${2:-30}"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
work="$(mktemp -d "${TMPDIR:-/tmp}/flowlint-attacks.XXXXXX")"
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/xdg-cache" XDG_STATE_HOME="$work/xdg-state"

echo "| attack | exit | time | peak memory | check |"
echo "| --- | --- | --- | --- | --- |"

# run NAME DIR CHECK-COMMAND -- FLOWLINT-ARGS...: runs flowlint in DIR, prints a row; CHECK-COMMAND (a shell
# snippet, may read $out) prints the last column.
run() {
    local name="$1" dir="$2" check="$3"
    shift 4
    local start end status
    start=$(date +%s.%N)
    (cd "$dir" && /usr/bin/time -f %M -o "$work/rss" timeout -s KILL "$limit" "$bin" "$@" >"$work/out" 2>"$work/err" </dev/null)
    status=$?
    end=$(date +%s.%N)
    [ "$status" -eq 137 ] && status="killed"
    [ "$status" != killed ] && [ "$status" -gt 128 ] 2>/dev/null && status="signal $((status - 128))"
    local result
    result="$(out="$work/out" err="$work/err" bash -c "$check" 2>/dev/null | head -1)"
    printf '| %s | %s | %.2f s | %s | %s |\n' "$name" "$status" "$(echo "$end - $start" | bc)" "$(peak)" "$result"
}

# The peak resident memory of the last `run` (GNU time measures timeout and, below it, flowlint), in MB.
peak() { local kb; kb="$(tail -1 "$work/rss" 2>/dev/null)"; [[ "$kb" =~ ^[0-9]+$ ]] && echo "$((kb / 1024)) MB" || echo "-"; }

project() { local d="$work/$1"; rm -rf "$d"; mkdir -p "$d"; echo "$d"; }
findings='grep -c "warning:\|error:" "$out" || true'

# Front end: nesting and flat chains.
d=$(project parens); python3 -c "n=100000; print('let x = ' + '(' * n + '1' + ')' * n)" >"$d/a.swift"
run "100,000 nested parentheses" "$d" "echo ok" -- lint --no-cache .
run "debug ast of the same" "$d" "wc -c <\"\$out\" | tr -d ' ' | sed 's/$/ bytes of tree/'" -- debug ast a.swift
d=$(project plus); python3 -c "print('let x = 1' + ' + 1' * 200000)" >"$d/a.swift"
run "operator chain of 200,000 terms" "$d" "echo ok" -- lint --no-cache .
d=$(project modifiers); python3 -c "
print('import SwiftUI\nstruct V: View {\n    var body: some View {\n        Text(\"\")' + '.padding()' * 50000 + '\n    }\n}')" >"$d/a.swift"
run "modifier chain of 50,000 calls in body" "$d" "echo ok" -- lint --no-cache .
d=$(project constructions); python3 -c "n=20000; print('let x = ' + 'Row(title: ' * n + '1' + ')' * n)" >"$d/a.swift"
run "constructions nested 20,000 deep" "$d" "echo ok" -- lint --no-cache .
d=$(project views); python3 -c "
n=20000
print('import SwiftUI\nstruct V: View {\n    @EnvironmentObject var s: S\n    var body: some View {\n' + 'VStack {\n' * n + 'Text(\"\")\n' + '}\n' * n + '    }\n}')" >"$d/a.swift"
run "views nested 20,000 deep" "$d" "echo ok" -- lint --no-cache .
d=$(project directives); python3 -c "
print('import SwiftUI\nstruct V: View {')
for i in range(5000):
    print('    // flowlint:disable non_private_state\n    @State var a%d = 0\n    // flowlint:enable non_private_state\n    @State var b%d = 0' % (i, i))
print('    var body: some View { Text(\"\") }\n}')" >"$d/a.swift"
run "5,000 disable/enable pairs around 10,000 findings" "$d" "$findings" -- lint --no-cache --reporter text .

# Configuration.
d=$(project config-deep); echo 'a.swift' >/dev/null; touch "$d/a.swift"
python3 -c "print('excluded: ' + '[' * 100000 + ']' * 100000)" >"$d/.flowlint.yml"
run "configuration nested 100,000 deep" "$d" "head -c 100 \"\$err\"" -- lint --no-cache .
d=$(project config-aliases); touch "$d/a.swift"
python3 -c "
lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]']
for i in range(1, 12): lines.append('a%d: &a%d [' % (i, i) + ', '.join(['*a%d' % (i - 1)] * 10) + ']')
lines.append('excluded: *a11')
print('\n'.join(lines))" >"$d/.flowlint.yml"
run "configuration of 10^12 aliased nodes" "$d" "head -c 100 \"\$err\"" -- lint --no-cache .
d=$(project glob); deep="$d/$(python3 -c "print('/'.join(['d%d' % i for i in range(40)]))")"; mkdir -p "$deep"
printf 'import SwiftUI\nstruct V: View {\n    @State var x = 0\n    var body: some View { Text("") }\n}\n' >"$deep/a.swift"
printf 'excluded: ["**/**/**/**/**/**/**/**/zz"]\n' >"$d/.flowlint.yml"
run "glob with 8 ** against a 40-level path" "$d" "$findings" -- lint --no-cache .

# Inputs.
d=$(project huge); python3 -c "
import sys
sys.stdout.write('let s = \"' + 'x' * (20 * 1024 * 1024) + '\"\n')" >"$d/a.swift"
run "a 20 MiB source file" "$d" "grep -o 'skipped[^;]*' \"\$err\" || echo read" -- lint --no-cache .
d=$(project binary); head -c 1048576 /dev/urandom >"$d/a.swift"
run "1 MiB of random bytes as a .swift file" "$d" "echo ok" -- lint --no-cache .
d=$(project escape); printf 'import SwiftUI\nstruct V: View {\n    @State var x = 0\n    var body: some View { Text("") }\n}\n' >"$d/$(printf 'a\033[31mred.swift')"
run "a file name with an ANSI escape" "$d" "if grep -q \$'\\033' \"\$out\"; then echo 'raw escape in the report'; else echo escaped; fi" -- lint --no-cache --reporter text .

# The facts cache.
# A .flowlint.yml makes the directory a project root, whose facts are cached (in the user cache directory).
d=$(project cached); printf 'import SwiftUI\nstruct V: View {\n    @State var x = 0\n    var body: some View { Text("") }\n}\n' >"$d/a.swift"
touch "$d/.flowlint.yml"
rm -rf "$XDG_CACHE_HOME"
(cd "$d" && "$bin" lint . >/dev/null 2>&1)
pack="$(find "$XDG_CACHE_HOME" -type f 2>/dev/null | head -1)"
if [ -n "$pack" ]; then
    python3 -c "
import sys
p = sys.argv[1]
b = bytearray(open(p, 'rb').read())
for i in range(len(b) // 2, min(len(b), len(b) // 2 + 64)): b[i] ^= 0x5a
open(p, 'wb').write(b)" "$pack"
    run "a damaged cache pack" "$d" "$findings" -- lint --reporter text .
    rm -f "$pack"; mkfifo "$pack"
    run "a FIFO in place of the cache pack" "$d" "$findings" -- lint --reporter text .
    rm -f "$pack"
else
    echo "| a damaged cache pack | - | - | - | no pack written |"
fi

# Writes.
d=$(project readonly); printf 'import SwiftUI\nstruct V: View {\n    @State var x = 0\n    var body: some View { Text("") }\n}\n' >"$d/a.swift"
chmod 444 "$d/a.swift"; before="$(sha1sum <"$d/a.swift")"
run "--fix on a read-only file" "$d" "[ \"\$(sha1sum <'$d/a.swift')\" = '$before' ] && echo unchanged || echo CHANGED" -- lint --no-cache --fix .
chmod 644 "$d/a.swift"
d=$(project full); printf 'struct A {}\n' >"$d/a.swift"
start=$(date +%s.%N); (cd "$d" && /usr/bin/time -f %M -o "$work/rss" timeout -s KILL "$limit" "$bin" lint --no-cache --reporter json . >/dev/full 2>"$work/err"); status=$?
printf '| %s | %s | %.2f s | %s | %s |\n' "report to a full disk (/dev/full)" "$status" "$(echo "$(date +%s.%N) - $start" | bc)" "$(peak)" "$(head -c 80 "$work/err")"
d=$(project empty-option); touch "$d/a.swift"
run "--config with an empty path" "$d" "head -c 80 \"\$err\"" -- lint --no-cache --config "" .

# Issue 23, round three. Each part adds its rows under its own heading.

# --- 23: the working directory, the file system, configuration and baselines ---

# --- 23: the environment analysis ---
# A chain of views, each showing the next from a one-line body (a recursion per view before), and a ladder of views,
# each showing the next with and without an object of its own (2^levels provided sets, each walked before).
chain() { # chain DIR N READS: App -> V0 -> ... -> VN; VN reads a Session when READS is 1
    python3 -c "
import sys
n, reads = int(sys.argv[1]), sys.argv[2] == '1'
print('import SwiftUI\nfinal class Session: ObservableObject {}\n@main struct ChainApp: App { var body: some Scene { WindowGroup { V0() } } }')
for i in range(n): print('struct V%d: View { var body: some View { V%d() } }' % (i, i + 1))
print('struct V%d: View { @EnvironmentObject var session: Session; var body: some View { Text(\"\\\\(session.hashValue)\") } }' % n if reads
      else 'struct V%d: View { var body: some View { Text(\"\") } }' % n)" "$2" "$3" >"$1/a.swift"
}
ladder() { # ladder DIR LEVELS: L0 ... L(LEVELS), the last reading O0
    python3 -c "
import sys
n = int(sys.argv[1])
print('import SwiftUI\n@main struct LadderApp: App { var body: some Scene { WindowGroup { L0() } } }')
for i in range(n):
    print('final class O%d: ObservableObject {}' % i)
    print('struct L%d: View { var body: some View { VStack { L%d(); L%d().environmentObject(O%d()) } } }' % (i, i + 1, i + 1, i))
print('struct L%d: View { @EnvironmentObject var o: O0; var body: some View { Text(\"\\\\(o.hashValue)\") } }' % n)" "$2" >"$1/a.swift"
}
edges='echo "$(grep -c -- "->" "$out") edges"'
missing='echo "$(grep -c "MISSING" "$out") views missing an object"'
d=$(project chain4100); chain "$d" 4100 0
run "chain of 4,100 views, no object ($(($(wc -c <"$d/a.swift") / 1024)) KB): lint" "$d" "$findings" -- lint --no-cache --reporter text .
run "the same: graph" "$d" "$edges" -- graph --no-cache .
d=$(project chain20000); chain "$d" 20000 1
run "chain of 20,000 views, the last reading an object: lint" "$d" "$findings" -- lint --no-cache --reporter text .
run "the same: graph" "$d" "$missing" -- graph --no-cache .
for levels in 20 25; do
    d=$(project "ladder$levels"); ladder "$d" "$levels"
    run "ladder of $levels views with and without a provider ($(wc -c <"$d/a.swift") bytes): lint" "$d" "$findings" -- lint --no-cache --reporter text .
    run "the same: graph" "$d" "$missing" -- graph --no-cache .
done

# --- 23: outputs (graph, finding-dense reports, the GitHub Action, the installer) ---

# --- 23: the language server ---

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
# The attacks that write (--fix, the facts cache) aim at files in $work only; the whole-file-system lint of a
# vanished working directory is shown through a relative path that resolved against / (it would read 268,001
# files here).
view='import SwiftUI\nstruct V: View {\n    @State var x = 0\n    var body: some View { Text("") }\n}\n'
unchanged() { echo "[ \"\$(sha1sum <'$1')\" = '$(sha1sum <"$1")' ] && echo unchanged || echo CHANGED"; }
# `in_dir SCRIPT`: a flowlint that starts in the working directory SCRIPT leaves it in (a shell snippet).
in_dir() { local w="$work/in-dir-$RANDOM.sh"; printf '#!/usr/bin/env bash\n%s\nexec "%s" "$@"\n' "$1" "$bin" >"$w"; chmod +x "$w"; echo "$w"; }
vanished=$(in_dir "g=\$(mktemp -d '$work/gone.XXXXXX'); cd \"\$g\" && rmdir \"\$g\" || exit 99")
long=$(in_dir "cd '$work' && n=\$(printf '%0100d' 0) && for i in \$(seq 50); do mkdir -p \$n && cd -P \$n || exit 99; done")
d=$(project victim); printf "$view" >"$d/a.swift"
bin="$vanished" run "vanished working directory: lint PATH (resolved against /)" "$d" "$findings" -- lint --no-cache --reporter text "${d#/}/a.swift"
bin="$vanished" run "vanished working directory: lint --fix PATH" "$d" "$(unchanged "$d/a.swift")" -- lint --no-cache --fix "${d#/}/a.swift"
d=$(project victim-of-long); printf "$view" >"$d/a.swift"
bin="$long" run "working directory deeper than PATH_MAX: lint --fix PATH" "$d" "$(unchanged "$d/a.swift")" -- lint --no-cache --fix "${d#/}/a.swift"
d=$(project long-argument); (cd "$d" && n=$(printf '%0100d' 0) && p="" && for i in $(seq 45); do mkdir -p "$n" && cd -P "$n" && p="$p$n/"; done && printf "$view" >a.swift && echo "$p" >"$d/../long-path")
run "a path argument longer than PATH_MAX" "$d" "grep -o 'error: .*' \"\$err\" | head -1 | cut -c1-60" -- lint --no-cache "$(cat "$work/long-path")a.swift"

# Another user's markers above the project (needs root, to give files to another uid).
if [ "$(id -u)" = 0 ]; then
    d=$(project shared); mkdir -p "$d/victim"; printf "$view" >"$d/victim/a.swift"; chmod 1777 "$d"
    printf 'excluded: ["**"]\n' >"$d/.flowlint.yml"; touch "$d/Package.swift"; chown 12345 "$d/.flowlint.yml" "$d/Package.swift"
    run "another user's .flowlint.yml (excluded **) in a sticky parent, --strict" "$d/victim" "grep -o 'Linted [0-9]* file' \"\$err\"" -- lint --no-cache --strict .
    rm "$d/.flowlint.yml"
    run "another user's Package.swift in a sticky parent: the cache" "$d/victim" "[ -e '$d/.build' ] && echo 'cache in their .build' || echo 'no .build there'" -- lint .
else
    echo "| another user's markers in a sticky parent | - | - | - | needs root (chown) |"
fi

# A .flowlint.yml that cannot be read: strict: true must not be dropped silently.
for kind in dangling loop fifo directory; do
    d=$(project "config-$kind"); printf "$view" >"$d/a.swift"; mkdir "$d/.git"
    case $kind in
        dangling) ln -s strict.yml "$d/.flowlint.yml" ;;
        loop) ln -s .flowlint.yml "$d/.flowlint.yml" ;;
        fifo) mkfifo "$d/.flowlint.yml" ;;
        directory) mkdir "$d/.flowlint.yml" ;;
    esac
    run ".flowlint.yml that is a $kind" "$d" "head -c 90 \"\$err\"" -- lint --no-cache .
done

# Globs: many patterns, and one pattern of many **.
d=$(project many-globs); mkdir -p "$d/.git"
python3 -c "
import os, sys
for i in range(2000):
    p = os.path.join(sys.argv[1], 'Sources/M%d' % (i % 50)); os.makedirs(p, exist_ok=True)
    open(os.path.join(p, 'F%d.swift' % i), 'w').write('struct S%d {}\n' % i)
with open(os.path.join(sys.argv[1], '.flowlint.yml'), 'w') as f:
    f.write('excluded:\n' + ''.join('  - \"Gen/p/F%d.swift\"\n' % i for i in range(33000)))" "$d"
run "33,000 excluded patterns, 2,000 files" "$d" "tail -1 \"\$err\" | cut -c1-40" -- lint --no-cache .
python3 -c "print('excluded: [\"' + '/'.join(['**'] * 300000) + '/zz\"]')" >"$d/.flowlint.yml"
run "one pattern of 300,000 **, 2,000 files" "$d" "tail -1 \"\$err\" | cut -c1-40" -- lint --no-cache .

# The facts cache through a committed link.
for link in .build .build/flowlint; do
    d=$(project "cache-link-${link//\//-}"); printf "$view" >"$d/a.swift"; touch "$d/Package.swift"
    outside="$work/outside-${link//\//-}"; mkdir -p "$outside"
    [ "$link" = .build/flowlint ] && mkdir "$d/.build"
    ln -s "$outside" "$d/$link"
    run "a committed $link symbolic link out of the tree" "$d" "[ -z \"\$(ls -A '$outside')\" ] && echo 'nothing outside' || echo 'WRITTEN OUTSIDE'" -- lint .
done

# File names and baselines.
d=$(project not-utf8); printf "$view" >"$d/$(printf 'caf\351.swift')"
run "a Swift file whose name is not UTF-8" "$d" "head -c 80 \"\$err\"" -- lint --no-cache .
d=$(project big-baseline); printf "$view" >"$d/a.swift"
python3 -c "
import json, sys
e = [{'rule': 'non_private_state', 'file': 'x%d.swift' % i, 'lineText': '@State var x = 0' * 5, 'message': 'm' * 300} for i in range(250000)]
json.dump({'version': 1, 'findings': e}, open(sys.argv[1], 'w'))" "$d/baseline.json"
run "a $(($(stat -c %s "$d/baseline.json") / 1000000)) MB --baseline" "$d" "head -c 60 \"\$err\"" -- lint --no-cache --baseline baseline.json .
d=$(project pipe-baseline); printf "$view" >"$d/a.swift"
(cd "$d" && "$bin" lint --no-cache --quiet --write-baseline baseline.json . >/dev/null 2>&1)
run "--baseline <(cat baseline.json)" "$d" "grep -o 'cannot read baseline: [^.]*\|[0-9]* in baseline' \"\$err\"" -- lint --no-cache --strict --baseline <(cat "$d/baseline.json") .

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
# flowlint graph: a raw identifier whose `"` is followed by a combining mark (one Character) and a file name with
# a newline, ESC and BEL. The DOT goes through Graphviz as the README shows (`dot -Tsvg`); a node's tooltip is an
# <a> with a title only (no href: not a link).
d=$(project graph); mark=$'\xcc\x81'
object="\`S\"$mark=1, URL=<javascript:alert(1)>, $mark=\"$mark\`"
printf 'import SwiftUI\nfinal class %s: ObservableObject {}\n@main struct MyApp: App {\n    @StateObject private var s = %s()\n    var body: some Scene { WindowGroup { B().environmentObject(s) } }\n}\nstruct B: View {\n    @EnvironmentObject var s: %s\n    var body: some View { Text("") }\n}\n' "$object" "$object" "$object" >"$d/App.swift"
printf 'import SwiftUI\nstruct V: View {\n    var body: some View { Text("") }\n}\n' >"$d/$(printf 'v\n  click n0 "javascript:alert(2)"\n\033[31m\a.swift')"
run "graph: raw identifier \`\"$mark URL=<javascript:...>\`, through dot -Tsvg" "$d" \
    'if ! command -v dot >/dev/null; then echo "no Graphviz"; elif dot -Tsvg "$out" 2>/dev/null | grep -q "href="; then echo "javascript: LINK in the SVG"; else echo "no link in the SVG"; fi' -- graph --no-cache .
run "graph: a file name with newline, ESC, BEL" "$d" \
    'if LC_ALL=C grep -q "[[:cntrl:]]" <(tr -d "\n" <"$out"); then echo "raw control characters"; else echo escaped; fi' -- graph --no-cache .
run "graph --format mermaid: the same names" "$d" \
    'n=$(grep -cvE "^(flowchart TB|    n[0-9]+[[{(].*|    n[0-9]+ [-=.]+>.*|    classDef .*|    class .*)$" "$out"); [ "$n" = 0 ] && echo "only FlowLint statements" || echo "$n forged lines"' -- graph --no-cache --format mermaid .

# Finding-dense files: just under 8 MiB of `@State var aN = 0` lines in one view (314,794 findings each); the
# check column gives the peak memory per input byte.
dense() {  # dense FILE: writes a finding-dense view of just under 8 MiB
    python3 -c "
import sys
out, size, i = ['import SwiftUI\nstruct V: View {\n'], 0, 0
tail = '    var body: some View { Text(\"\") }\n}\n'
while True:
    line = '    @State var a%d = 0\n' % i
    if size + len(line) + len(tail) + 40 > 8 * 1024 * 1024: break
    out.append(line); size += len(line); i += 1
out.append(tail)
sys.stdout.write(''.join(out))" >"$1"
}
per_byte() {  # per_byte DIR: a check snippet, the findings counted by PATTERN and the peak memory per input byte
    echo "n=\$(grep -c '$2' \"\$out\"); kb=\$(tail -1 '$work/rss'); bytes=\$(cat '$1'/*.swift | wc -c); echo \"\$n findings, \$((kb * 1024 / bytes)) B of memory per input byte\""
}
d=$(project dense); dense "$d/a.swift"
run "8 MiB of @State lines, --reporter text" "$d" "$(per_byte "$d" 'warning:')" -- lint --no-cache --reporter text .
run "8 MiB of @State lines, --reporter json" "$d" "$(per_byte "$d" '"rule": ')" -- lint --no-cache --reporter json .
run "8 MiB of @State lines, --reporter sarif" "$d" "$(per_byte "$d" '"ruleId": ')" -- lint --no-cache --reporter sarif .
d=$(project dense3); dense "$d/a.swift"; cp "$d/a.swift" "$d/b.swift"; cp "$d/a.swift" "$d/c.swift"
run "three such files, --reporter json" "$d" "$(per_byte "$d" '"rule": ')" -- lint --no-cache --reporter json .

# The GitHub Action's lint step (Tools/github-action.sh lint, as action.yml runs it) and Tools/install.sh, run
# through env(1) in place of flowlint; install.sh with a stand-in `swift` that "builds" instantly.
flowlint_bin="$bin"; bin=/usr/bin/env
d=$(project action); mkdir -p "$d/prefix/bin"; ln -s "$flowlint_bin" "$d/prefix/bin/flowlint"
printf 'import SwiftUI\nstruct V: View {\n    @State var x = 0\n    var body: some View { Text("") }\n}\n' >"$d/a.swift"
printf 'strict: maybe\n' >"$d/broken.yml"
action_check='grep -q Stale "$out" && echo "stale report printed" || { grep -q "^::error::" "$err" && echo "error annotation, nothing stale" || echo "no error annotation"; }'
: >"$d/outputs"
run "Action: github reporter after a configuration error" "$d" "$action_check" -- \
    GITHUB_OUTPUT="$d/outputs" FLOWLINT_PREFIX="$d/prefix" INPUT_REPORTER=github INPUT_CONFIG=broken.yml bash "$root/Tools/github-action.sh" lint
printf '::error file=Stale.swift,line=1::a finding of an earlier run\n' >"$d/flowlint.txt"
run "the same with a report of an earlier run at the path" "$d" "$action_check" -- \
    GITHUB_OUTPUT="$d/outputs" FLOWLINT_PREFIX="$d/prefix" INPUT_REPORTER=github INPUT_CONFIG=broken.yml bash "$root/Tools/github-action.sh" lint
: >"$d/outputs"
run "Action: a line break in the output input (flowlint exits 1)" "$d" \
    "if grep -q '^exit-code=0' '$d/outputs'; then echo 'exit-code=0 injected'; else echo \"\$(grep -c . '$d/outputs') lines of step outputs\"; fi" -- \
    GITHUB_OUTPUT="$d/outputs" FLOWLINT_PREFIX="$d/prefix" INPUT_STRICT=true INPUT_OUTPUT=$'forged.sarif\nexit-code=0' bash "$root/Tools/github-action.sh" lint
d=$(project install); mkdir -p "$d/good/bin" "$d/good/products" "$d/bad/bin" "$d/bad/products" "$d/dir-prefix/bin/flowlint" "$d/old-prefix/bin"
cp "$flowlint_bin" "$d/good/products/flowlint"
printf '\177ELF\002not a program' >"$d/bad/products/flowlint"; chmod 755 "$d/bad/products/flowlint"
for kind in good bad; do printf '#!/usr/bin/env bash\ncase " $* " in *" --show-bin-path "*) echo "%s" ;; esac\n' "$d/$kind/products" >"$d/$kind/bin/swift"; chmod 755 "$d/$kind/bin/swift"; done
printf '#!/bin/sh\necho old\n' >"$d/old-prefix/bin/flowlint"; chmod 755 "$d/old-prefix/bin/flowlint"
run "install.sh: PREFIX/bin/flowlint is a directory" "$d" \
    "[ -n \"\$(ls -A '$d/dir-prefix/bin/flowlint')\" ] && echo 'moved into the directory' || echo 'nothing installed'" -- \
    PATH="$d/good/bin:$PATH" PREFIX="$d/dir-prefix" bash "$root/Tools/install.sh"
run "install.sh: the built binary cannot run" "$d" \
    "[ \"\$('$d/old-prefix/bin/flowlint' 2>/dev/null)\" = old ] && echo 'old flowlint kept' || echo 'replaced by a binary that does not run'" -- \
    PATH="$d/bad/bin:$PATH" PREFIX="$d/old-prefix" bash "$root/Tools/install.sh"
bin="$flowlint_bin"


# --- 23: the language server ---
# Each row is one attack of Benchmarks/lsp-attacks.py on `flowlint lsp --no-cache`: the server's exit status, its
# time from start to end, its peak memory (wait4) and what the driver checked.
lsp_attack() {
    local name="$1" attack="$2" d status seconds kb check
    d=$(project "lsp-$attack")
    IFS=$'\t' read -r status seconds kb check < <(python3 "$root/Benchmarks/lsp-attacks.py" "$bin" "$attack" "$d" --timeout "$limit")
    if [ -z "${status:-}" ]; then echo "| $name | - | - | - | the driver failed |"; return; fi
    printf '| %s | %s | %.2f s | %s | %s |\n' "$name" "$status" "$seconds" "$((kb / 1024)) MB" "$check"
}
lsp_attack "LSP: a document starting with U+FEFF, edited on line 0" bom
lsp_attack "LSP: one file open as file://localhost/P and file:///P, one closed" two-uris
lsp_attack "LSP: a Content-Length over 64 MiB whose body never comes" oversized-stall
lsp_attack "LSP: a 100 MB message" oversized-body
lsp_attack "LSP: didOpen of file:/// (a directory)" directory-open
lsp_attack "LSP: exit while a 6 MB document is linted" exit-busy
lsp_attack "LSP: 200 keystrokes at the top of an 8 MiB document" edits-top
lsp_attack "LSP: 200 keystrokes at the end of a 50 MB line" edits-line
lsp_attack "LSP: a 63 MB didOpen of 5.7 million lines" large-document
lsp_attack "LSP: a 63 MB request of 31.5 million numbers" large-array

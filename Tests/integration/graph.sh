#!/usr/bin/env bash
# flowlint graph as a user renders it: the DOT of every fixture goes through Graphviz's `dot -Tsvg` without an
# error or warning, the SVG names the fixture's views, the Mermaid output has a node per DOT node, and the
# picture in docs/ is the one the current build draws. Graphviz is installed with apt-get when it is missing
# (Debian packages are reachable in CI); the rendering checks are skipped, saying so, only when that fails.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN="$(flowlint_binary)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

if ! command -v dot >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    { apt-get update && apt-get install -y graphviz; } >"$WORK/apt.log" 2>&1 || true
fi
has_dot=0
command -v dot >/dev/null 2>&1 && has_dot=1
[ "$has_dot" -eq 1 ] || skip "Graphviz is not installed and apt-get could not install it: DOT is not rendered"

renders() {  # renders NAME: dot -Tsvg turns $WORK/NAME.dot into $WORK/NAME.svg without a message
    if dot -Tsvg "$WORK/$1.dot" >"$WORK/$1.svg" 2>"$WORK/$1.dot-err" && [ ! -s "$WORK/$1.dot-err" ]; then
        pass "$1: dot -Tsvg renders the graph without a message"
    else
        cat "$WORK/$1.dot-err" >&2
        fail "$1: dot -Tsvg renders the graph without a message"
    fi
}

for source in "$REPO"/Fixtures/*/; do
    name="$(basename "$source")"
    # A copy with a .git of its own is its own project, as in a user's checkout (inside this repository, the
    # repository would be the project, and its Package.swift would leave the fixture's files in no target).
    fixture="$WORK/fixtures/$name"
    mkdir -p "$fixture/.git"
    cp -R "$source". "$fixture/"
    if ! (cd "$fixture" && "$BIN" graph --no-cache >"$WORK/$name.dot" 2>"$WORK/$name.err"); then
        cat "$WORK/$name.err" >&2
        fail "$name: flowlint graph exits 0"
        continue
    fi
    (cd "$fixture" && "$BIN" graph --no-cache --format mermaid >"$WORK/$name.mmd")
    dot_nodes="$(grep -cE '^    "n[0-9]+" \[label=' "$WORK/$name.dot" || true)"
    mermaid_nodes="$(grep -cE '^    n[0-9]+(\{\{|\(\[|\(|\[)"' "$WORK/$name.mmd" || true)"
    check "$name: the Mermaid output has the DOT output's $dot_nodes nodes" [ "$dot_nodes" = "$mermaid_nodes" ]
    if [ "$has_dot" -eq 1 ]; then
        renders "$name"
        first_view="$(sed -n 's/^    "n[0-9]*" \[label="\([A-Za-z_][A-Za-z_.]*\)[\\"].*/\1/p' "$WORK/$name.dot" | head -1)"
        check "$name: the SVG shows '$first_view'" grep -q ">$first_view<" "$WORK/$name.svg"
    fi
done

# The picture in docs/ shows what this build draws: every node's first line and every MISSING line (compared
# by text, not bytes: another Graphviz version lays the same graph out differently).
(cd "$REPO/Fixtures/SharedSettings" && "$BIN" graph --no-cache) >"$WORK/docs.dot"
stale=0
while IFS= read -r text; do
    grep -qF ">$text<" "$REPO/docs/graph-SharedSettings.svg" || { echo "not in docs/graph-SharedSettings.svg: $text" >&2; stale=1; }
done < <(sed -n 's/^    "n[0-9]*" \[label="\([^"]*\)".*/\1/p' "$WORK/docs.dot" | sed 's/\\n/\n/g' | grep -E '^[A-Z#]|^MISSING')
check "docs/graph-SharedSettings.svg shows what this build draws (regenerate: see the README's 'The view tree')" [ "$stale" -eq 0 ]

# Names from the project are label text, whatever they hold: a raw identifier whose `"` is followed by a
# combining mark (one Character, so escaping by Character let it through) once closed the label and added a
# URL attribute that `dot -Tsvg` rendered as a javascript: link; a file name with a newline and ESC.
HOSTILE="$WORK/hostile"
mkdir -p "$HOSTILE"
mark="$(printf '\xcc\x81')"
object="\`S\"$mark=1, URL=<javascript:alert(1)>, $mark=\"$mark\`"
cat >"$HOSTILE/App.swift" <<SWIFT
import SwiftUI
final class $object: ObservableObject {}
@main struct MyApp: App {
    @StateObject private var s = $object()
    var body: some Scene { WindowGroup { B().environmentObject(s) } }
}
struct B: View {
    @EnvironmentObject var s: $object
    var body: some View { Text(String(describing: s)) }
}
#Preview { B() }
SWIFT
printf 'import SwiftUI\nstruct V: View {\n    var body: some View { Text("") }\n}\n' >"$HOSTILE/$(printf 'v\n  click n0 "javascript:alert(2)"\n\033[31m.swift')"
(cd "$HOSTILE" && "$BIN" graph --no-cache >"$WORK/hostile.dot" && "$BIN" graph --no-cache --format mermaid >"$WORK/hostile.mmd")
check "hostile names: no raw control character in the DOT or Mermaid output" \
    bash -c '! LC_ALL=C grep -q "[[:cntrl:]]" <(tr -d "\n" <"$1" ; tr -d "\n" <"$2")' _ "$WORK/hostile.dot" "$WORK/hostile.mmd"
check "hostile names: every Mermaid line is a statement FlowLint writes" \
    bash -c '! grep -vE "^(flowchart TB|    n[0-9]+(\{\{|\(\[|\(|\[)\".*\"(\}\}|\]\)|\)|\])|    n[0-9]+ (-->|-\.->|==>)(\|\"[^\"]*\"\|)? n[0-9]+|    classDef missing .*|    class n[0-9,]+ missing)$" "$1"' _ "$WORK/hostile.mmd"
if [ "$has_dot" -eq 1 ]; then
    renders hostile
    # A node's tooltip is an <a> with a title and nothing else (Graphviz's SVG): no href, so not a link.
    check "hostile names: the SVG has no link (no href; an <a> holds only a tooltip)" \
        bash -c '! grep -q "href=" "$1" && ! grep -oE "<a [^>]*>" "$1" | grep -qvE "^<a xlink:title=\"[^\"]*\">$"' _ "$WORK/hostile.svg"
    check "hostile names: the tooltip shows the file name as text" \
        grep -qF 'click n0 &quot;javascript:alert(2)&quot;\n\u{1B}[31m.swift">' "$WORK/hostile.svg"
    check "hostile names: the SVG shows the name as text" grep -qF "URL=&lt;javascript:alert(1)&gt;" "$WORK/hostile.svg"
fi

finish

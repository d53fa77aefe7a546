#!/usr/bin/env bash
# Checks .pre-commit-hooks.yaml with the real pre-commit (from PyPI), in throwaway git repositories:
#
# - The README's configuration (its "pre-commit" section's YAML block, with the repository URL replaced by a
#   clone of this repository holding the work tree's hooks file): `pre-commit autoupdate` pins `rev: main` to
#   the clone's commit, then to a tag made in the clone; `pre-commit run` passes on a staged good Swift file
#   and fails, naming the rule, on a staged bad one.
# - `flowlint-system` is the first hook of .pre-commit-hooks.yaml, `flowlint` the second.
# - `pre-commit try-repo <this repository> HOOK`, with the same good and bad files.
#
# Hooks tried with try-repo:
#   flowlint-system  always: the freshly built flowlint is put on PATH.
#   flowlint         (language: swift, pre-commit builds the package in release mode inside its cache)
#                    only with FLOWLINT_PRECOMMIT_SWIFT=1: the build takes several minutes on 2 cores, and
#                    its resolution works offline only where git redirects github.com to local mirrors.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN="$(flowlint_binary)"
VENV="$(venv_with pre-commit)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export PRE_COMMIT_HOME="$WORK/pre-commit-cache"
export PATH="$(dirname "$BIN"):$PATH"

# try-repo reads the hooks from a git repository: a fresh clone is committed; a working copy with
# uncommitted changes is used as it is by pre-commit (it snapshots tracked files).
if ! git -C "$REPO" rev-parse --git-dir >/dev/null 2>&1; then
    echo "skip: $REPO is not a git repository"; exit 0
fi

make_project() {  # a fresh git repository with Good.swift and Bad.swift, nothing staged
    PROJECT="$WORK/project-$1"
    git init -q "$PROJECT"
    git -C "$PROJECT" config user.name "FlowLint integration test"
    git -C "$PROJECT" config user.email "flowlint@example.invalid"
    git -C "$PROJECT" config commit.gpgsign false
    cat > "$PROJECT/Good.swift" <<'SWIFT'
import SwiftUI

struct GoodView: View {
    @State private var count = 0
    var body: some View { Text("\(count)") }
}
SWIFT
    cat > "$PROJECT/Bad.swift" <<'SWIFT'
import SwiftUI

final class Store: ObservableObject { @Published var count = 0 }

struct BadView: View {
    @ObservedObject var s = Store()
    var body: some View { Button("\(s.count)") { s.count += 1 } }
}
SWIFT
}

run_hook() {  # run_hook HOOK: prints pre-commit's output to $WORK/out, returns its status
    (cd "$PROJECT" && "$VENV/bin/pre-commit" try-repo "$REPO" "$1" --verbose) > "$WORK/out" 2>&1
}

try_hook() {
    local hook="$1"
    make_project "$hook"
    git -C "$PROJECT" add Good.swift
    if run_hook "$hook"; then
        pass "$hook: passes on a staged good file"
    else
        cat "$WORK/out" >&2
        fail "$hook: passes on a staged good file"
        return
    fi
    git -C "$PROJECT" add Bad.swift
    local status=0
    run_hook "$hook" || status=$?
    if [ "$status" -ne 0 ] && grep -q "observed_object_inline" "$WORK/out"; then
        pass "$hook: fails on a staged bad file and names observed_object_inline"
    else
        cat "$WORK/out" >&2
        fail "$hook: fails on a staged bad file and names observed_object_inline (status $status)"
    fi
}

# The hooks file: the hook that builds nothing comes first.
ids="$("$VENV/bin/python" -c 'import sys, yaml; print(" ".join(h["id"] for h in yaml.safe_load(open(sys.argv[1]))))' "$REPO/.pre-commit-hooks.yaml")"
if [ "$ids" = "flowlint-system flowlint" ]; then
    pass ".pre-commit-hooks.yaml lists flowlint-system first, then flowlint"
else
    fail ".pre-commit-hooks.yaml lists flowlint-system first, then flowlint (ids: $ids)"
fi

# The README's configuration, against a clone whose main branch holds the work tree's hooks file.
CLONE="$WORK/flowlint-clone"
git clone -q "$REPO" "$CLONE"
git -C "$CLONE" checkout -q -B main
git -C "$CLONE" config user.name "FlowLint integration test"
git -C "$CLONE" config user.email "flowlint@example.invalid"
git -C "$CLONE" config commit.gpgsign false
git -C "$CLONE" config tag.gpgsign false
git -C "$CLONE" tag -l | xargs -r git -C "$CLONE" tag -d >/dev/null
cp "$REPO/.pre-commit-hooks.yaml" "$CLONE/.pre-commit-hooks.yaml"
git -C "$CLONE" commit -q --allow-empty -am "test: the work tree's hooks"
make_project readme
awk '/^## pre-commit$/ { section = 1 } section && /^```yaml$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' \
    "$REPO/README.md" | sed "s|https://github.com/flowlint/flowlint|$CLONE|" > "$PROJECT/.pre-commit-config.yaml"
rev_of() { sed -n 's/^ *rev: *\([^ ]*\).*/\1/p' "$PROJECT/.pre-commit-config.yaml"; }
if grep -q "repo: $CLONE" "$PROJECT/.pre-commit-config.yaml" && [ "$(rev_of)" = main ]; then
    pass "the README's pre-commit configuration names the repository with rev: main"
else
    cat "$PROJECT/.pre-commit-config.yaml" >&2
    fail "the README's pre-commit configuration names the repository with rev: main"
fi
(cd "$PROJECT" && "$VENV/bin/pre-commit" autoupdate) > "$WORK/out" 2>&1 || true
if [ "$(rev_of)" = "$(git -C "$CLONE" rev-parse HEAD)" ]; then
    pass "pre-commit autoupdate pins rev to the newest commit while there is no tag"
else
    cat "$WORK/out" >&2
    fail "pre-commit autoupdate pins rev to the newest commit while there is no tag (rev: $(rev_of))"
fi
git -C "$CLONE" tag -a v99.0.0 -m "FlowLint 99.0.0"
git -C "$CLONE" commit -q --allow-empty -m "test: a commit after the tag"
(cd "$PROJECT" && "$VENV/bin/pre-commit" autoupdate) > "$WORK/out" 2>&1 || true
if [ "$(rev_of)" = v99.0.0 ]; then
    pass "pre-commit autoupdate pins rev to the newest tag once there is one"
else
    cat "$WORK/out" >&2
    fail "pre-commit autoupdate pins rev to the newest tag once there is one (rev: $(rev_of))"
fi
git -C "$PROJECT" add Good.swift
if (cd "$PROJECT" && "$VENV/bin/pre-commit" run) > "$WORK/out" 2>&1; then
    pass "the README's configuration: pre-commit run passes on a staged good file"
else
    cat "$WORK/out" >&2
    fail "the README's configuration: pre-commit run passes on a staged good file"
fi
git -C "$PROJECT" add Bad.swift
status=0
(cd "$PROJECT" && "$VENV/bin/pre-commit" run) > "$WORK/out" 2>&1 || status=$?
if [ "$status" -ne 0 ] && grep -q "observed_object_inline" "$WORK/out"; then
    pass "the README's configuration: pre-commit run fails on a staged bad file and names observed_object_inline"
else
    cat "$WORK/out" >&2
    fail "the README's configuration: pre-commit run fails on a staged bad file and names observed_object_inline (status $status)"
fi

try_hook flowlint-system
if [ "${FLOWLINT_PRECOMMIT_SWIFT:-0}" = "1" ]; then
    try_hook flowlint
else
    skip "flowlint (language: swift): set FLOWLINT_PRECOMMIT_SWIFT=1 to build it inside pre-commit (slow)"
fi

finish

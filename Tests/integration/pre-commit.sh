#!/usr/bin/env bash
# Checks .pre-commit-hooks.yaml with the real pre-commit (from PyPI): in a throwaway git repository,
# `pre-commit try-repo <this repository> HOOK` must pass on a staged good Swift file and fail, naming the
# rule, on a staged bad one.
#
# Hooks tried:
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

final class Store: ObservableObject {}

struct BadView: View {
    @ObservedObject var s = Store()
    var body: some View { Text("hi") }
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

try_hook flowlint-system
if [ "${FLOWLINT_PRECOMMIT_SWIFT:-0}" = "1" ]; then
    try_hook flowlint
else
    skip "flowlint (language: swift): set FLOWLINT_PRECOMMIT_SWIFT=1 to build it inside pre-commit (slow)"
fi

finish

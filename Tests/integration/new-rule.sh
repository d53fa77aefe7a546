#!/usr/bin/env bash
# Tools/new-rule.sh in a copy of the repository: a new rule touches exactly its Swift file, its document, the
# registry line and the generated bundle of documents; the result builds; and the document harness rejects
# the scaffold's document until the author writes its examples.
source "$(dirname "$0")/lib.sh"
set -uo pipefail

COPY="$(mktemp -d)"
trap 'rm -rf "$COPY"' EXIT
(cd "$REPO" && git ls-files -z | xargs -0 cp --parents -t "$COPY")
cd "$COPY"
git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm base

check "the scaffolder runs" bash Tools/new-rule.sh dismissed_sheet_state
changed="$(git status --porcelain | sort | tr '\n' ' ')"
expected=" M Sources/FlowLintKit/Generated/RuleDocuments.swift  M Sources/FlowLintKit/Rules/RuleRegistry.swift ?? Sources/FlowLintKit/Rules/DismissedSheetStateRule.swift ?? rules/dismissed_sheet_state.md "
check "it touches only the rule, its document, the registry and the generated bundle ($changed)" test "$changed" = "$expected"
check "the registry gains one line" test "$(git diff --numstat Sources/FlowLintKit/Rules/RuleRegistry.swift | cut -f1,2)" = "$(printf '1\t0')"
check "a second run refuses an existing rule" bash -c '! bash Tools/new-rule.sh dismissed_sheet_state 2>/dev/null'
check "a bad id is refused" bash -c '! bash Tools/new-rule.sh DismissedSheet 2>/dev/null'

if swift build --build-tests >"$COPY/build.log" 2>&1; then
    pass "the scaffolded rule builds"
    swift test --skip-build --filter RuleDocumentTests >"$COPY/test.log" 2>&1
    check "the document harness rejects the unwritten document" \
        bash -c "grep 'fewer than 12' '$COPY/test.log' | grep -q 'rules/dismissed_sheet_state.md'"
    check "and names the triggering example without a marker" \
        grep -q 'rules/dismissed_sheet_state.md:[0-9]*: a triggering example marks its findings' "$COPY/test.log"
    check "the rule is listed" bash -c "'$(swift build --show-bin-path)/flowlint' rules | grep -q '^dismissed_sheet_state'"
else
    tail -20 "$COPY/build.log" >&2
    fail "the scaffolded rule builds"
fi

finish

#!/usr/bin/env bash
# Tools/new-rule.sh in a copy of the repository (a clean checkout: no build directory): a new rule touches
# exactly its Swift file, its document and the registry line, nothing generated; the result builds, with the
# new document compiled into the binary (`flowlint explain`), and an edited document is in the next incremental
# build; the document harness rejects the scaffold's document until the author writes its examples.
source "$(dirname "$0")/lib.sh"
set -uo pipefail

COPY="$(mktemp -d)"
trap 'rm -rf "$COPY"' EXIT
(cd "$REPO" && git ls-files -z | xargs -0 cp --parents -t "$COPY")
cd "$COPY"
git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm base

check "the scaffolder runs" bash Tools/new-rule.sh dismissed_sheet_state
changed="$(git status --porcelain | sort | tr '\n' ' ')"
expected=" M Sources/FlowLintKit/Rules/RuleRegistry.swift ?? Sources/FlowLintKit/Rules/DismissedSheetStateRule.swift ?? rules/dismissed_sheet_state.md "
check "it touches only the rule, its document and the registry ($changed)" test "$changed" = "$expected"
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
    FLOWLINT="$(swift build --show-bin-path)/flowlint"
    check "the rule is listed" bash -c "'$FLOWLINT' rules | grep -q '^dismissed_sheet_state'"
    check "its document is in the binary" bash -c "'$FLOWLINT' explain dismissed_sheet_state --markdown | cmp -s - rules/dismissed_sheet_state.md"
    printf '\nAn edited paragraph.\n' >> rules/dismissed_sheet_state.md
    if swift build --product flowlint >"$COPY/rebuild.log" 2>&1; then
        check "an edited document is in the next build" \
            bash -c "'$FLOWLINT' explain dismissed_sheet_state --markdown | cmp -s - rules/dismissed_sheet_state.md"
    else
        tail -20 "$COPY/rebuild.log" >&2
        fail "the build after editing the document"
    fi
else
    tail -20 "$COPY/build.log" >&2
    fail "the scaffolded rule builds"
fi

finish

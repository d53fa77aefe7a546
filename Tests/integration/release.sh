#!/usr/bin/env bash
# Tools/release.sh on a temporary clone of this repository (its CHANGELOG.md, Version.swift and release.sh as
# they are in the work tree): a release is one commit and one annotated tag vVERSION, the CHANGELOG's
# Unreleased entries move under the version, Version.swift holds it; bad arguments exit 2 and failed checks
# exit 1, changing nothing; nothing is pushed.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
CLONE="$WORK/clone"
OUT="$WORK/out"

if ! git -C "$REPO" rev-parse --git-dir >/dev/null 2>&1; then
    echo "skip: $REPO is not a git repository"; exit 0
fi
git clone -q "$REPO" "$CLONE"
git -C "$CLONE" config user.name "FlowLint integration test"
git -C "$CLONE" config user.email "flowlint@example.invalid"
git -C "$CLONE" config commit.gpgsign false
git -C "$CLONE" config tag.gpgsign false
# The work tree's files, not the last commit's.
cp "$REPO/Tools/release.sh" "$CLONE/Tools/release.sh"
cp "$REPO/CHANGELOG.md" "$CLONE/CHANGELOG.md"
cp "$REPO/Sources/FlowLintKit/Version.swift" "$CLONE/Sources/FlowLintKit/Version.swift"
git -C "$CLONE" add -A Tools/release.sh CHANGELOG.md Sources/FlowLintKit/Version.swift
git -C "$CLONE" commit -q --allow-empty -m "test setup"
# Versions above any tag this repository may have.
git -C "$CLONE" tag -l 'v*' | xargs -r git -C "$CLONE" tag -d >/dev/null
origin_refs="$(git -C "$REPO" for-each-ref --format='%(refname) %(objectname)' | sort)"

release() {  # release ARGS...: runs release.sh in the clone, output in $OUT, returns its status
    (cd "$CLONE" && bash Tools/release.sh "$@") > "$OUT" 2>&1
}
state() { echo "$(git -C "$CLONE" rev-parse HEAD) $(git -C "$CLONE" tag -l | tr '\n' ' ') $(git -C "$CLONE" status --porcelain | tr '\n' ' ')"; }
current_version() { sed -n 's/.*public static let current = "\(.*\)".*/\1/p' "$CLONE/Sources/FlowLintKit/Version.swift"; }

expect_refusal() {  # expect_refusal STATUS DESCRIPTION ARGS...
    local expected="$1" description="$2"; shift 2
    local before status=0
    before="$(state)"
    release "$@" || status=$?
    if [ "$status" -eq "$expected" ] && [ "$(state)" = "$before" ] && [ "$(wc -l < "$OUT")" -eq 1 ]; then
        pass "$description: one line of error, exit $expected, nothing changed"
    else
        cat "$OUT" >&2
        fail "$description: one line of error, exit $expected, nothing changed (status $status)"
    fi
}

expect_refusal 2 "no argument"
expect_refusal 2 "a version with a leading v" v1.0.0
expect_refusal 2 "a version of two numbers" 1.0
expect_refusal 2 "two arguments" 1.0.0 1.0.1

# Uncommitted changes to a tracked file.
echo "// local edit" >> "$CLONE/Package.swift"
expect_refusal 1 "an uncommitted change" 1.0.0
git -C "$CLONE" checkout -q -- Package.swift

# A release.
status=0
release 1.0.0 || status=$?
head_subject="$(git -C "$CLONE" log -1 --format=%s)"
if [ "$status" -eq 0 ] && [ "$head_subject" = "Release 1.0.0" ] && [ "$(current_version)" = 1.0.0 ] \
    && [ -z "$(git -C "$CLONE" status --porcelain)" ]; then
    pass "release.sh 1.0.0 commits 'Release 1.0.0' with Version.swift at 1.0.0"
else
    cat "$OUT" >&2
    fail "release.sh 1.0.0 commits 'Release 1.0.0' with Version.swift at 1.0.0 (status $status, '$head_subject', '$(current_version)')"
fi
if [ "$(git -C "$CLONE" diff --name-only HEAD~1 HEAD | tr '\n' ' ')" = "CHANGELOG.md Sources/FlowLintKit/Version.swift " ]; then
    pass "the release commit changes CHANGELOG.md and Version.swift only"
else
    fail "the release commit changes CHANGELOG.md and Version.swift only ($(git -C "$CLONE" diff --name-only HEAD~1 HEAD | tr '\n' ' '))"
fi
if [ "$(git -C "$CLONE" cat-file -t v1.0.0 2>/dev/null)" = tag ] \
    && [ "$(git -C "$CLONE" rev-parse 'v1.0.0^{commit}')" = "$(git -C "$CLONE" rev-parse HEAD)" ]; then
    pass "v1.0.0 is an annotated tag on the release commit"
else
    fail "v1.0.0 is an annotated tag on the release commit"
fi

# CHANGELOG: an empty Unreleased section, then the version with today's date and the former entries.
today="$(date -u +%Y-%m-%d)"
headings="$(grep '^## ' "$CLONE/CHANGELOG.md" | head -2 | tr '\n' '|')"
entries_before="$(awk '/^## \[Unreleased\]/ { inside = 1; next } inside && /^## / { exit } inside { print }' "$REPO/CHANGELOG.md")"
entries_after="$(awk -v heading="## [1.0.0] - $today" '$0 == heading { inside = 1; next } inside && /^## / { exit } inside { print }' "$CLONE/CHANGELOG.md")"
if [ "$headings" = "## [Unreleased]|## [1.0.0] - $today|" ] && [ "$entries_after" = "$entries_before" ]; then
    pass "CHANGELOG.md: an empty Unreleased section, then '## [1.0.0] - $today' with the former entries"
else
    fail "CHANGELOG.md: an empty Unreleased section, then '## [1.0.0] - $today' with the former entries ($headings)"
fi
message="$(git -C "$CLONE" tag -l --format='%(contents)' v1.0.0)"
first_entry="$(grep -m1 '^[-*] ' <<< "$entries_before")"
if [ "$(head -1 <<< "$message")" = "FlowLint 1.0.0" ] && grep -qF -- "$first_entry" <<< "$message"; then
    pass "the tag's message is 'FlowLint 1.0.0' and the version's CHANGELOG entries"
else
    fail "the tag's message is 'FlowLint 1.0.0' and the version's CHANGELOG entries"
fi
if grep -q "git push origin HEAD v1.0.0" "$OUT"; then
    pass "release.sh prints the command that publishes the release"
else
    cat "$OUT" >&2
    fail "release.sh prints the command that publishes the release"
fi

# Refusals after a release.
expect_refusal 1 "the same version again (the tag exists)" 1.0.0
expect_refusal 1 "a lower version than the newest tag" 0.9.0
expect_refusal 1 "an empty Unreleased section" 1.0.1
printf '# Changelog\n\nNothing here.\n' > "$CLONE/CHANGELOG.md"
git -C "$CLONE" commit -q -am "no Unreleased section"
expect_refusal 1 "a CHANGELOG.md without an Unreleased section" 1.0.1

# Nothing went to the repository the clone came from.
if [ "$(git -C "$REPO" for-each-ref --format='%(refname) %(objectname)' | sort)" = "$origin_refs" ]; then
    pass "nothing is pushed: the origin's refs are unchanged"
else
    fail "nothing is pushed: the origin's refs are unchanged"
fi

finish

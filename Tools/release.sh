#!/usr/bin/env bash
# Makes a FlowLint release in the local repository: one commit and one annotated tag. Pushes nothing.
#
#   Tools/release.sh VERSION        VERSION is MAJOR.MINOR.PATCH (a pre-release suffix such as 0.2.0-rc.1 is allowed)
#
# What it does, in order, stopping at the first problem with nothing changed:
#   1. checks that VERSION is a version number, that the tag vVERSION does not exist and that VERSION is
#      greater than every existing vX.Y.Z tag; that the work tree has no uncommitted change to a tracked file;
#      that CHANGELOG.md has an "## [Unreleased]" section with at least one entry and no "## [VERSION]" yet;
#   2. moves the Unreleased entries under "## [VERSION] - YYYY-MM-DD" (today, UTC), leaving an empty
#      Unreleased section above it;
#   3. sets FlowLintVersion.current in Sources/FlowLintKit/Version.swift (the one place the version is
#      written; `flowlint version`, SARIF's tool version and the facts cache read it);
#   4. commits both files as "Release VERSION" and creates the annotated tag vVERSION, whose message is
#      the version's CHANGELOG section.
# Then it prints the command that publishes the release (git push origin HEAD vVERSION).
#
# Exit status: 0 released; 1 a check failed or git failed (nothing committed or tagged); 2 bad arguments.
# Tests/integration/release.sh runs it on a temporary clone.
set -euo pipefail

usage() { sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in
    -h|--help) usage; exit 0 ;;
esac
if [ $# -ne 1 ]; then
    echo "release.sh: expected one argument, the version (see --help)" >&2
    exit 2
fi
version="$1"
if ! [[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$ ]]; then
    echo "release.sh: '$version' is not a version number (MAJOR.MINOR.PATCH, e.g. 0.2.0; no leading v)" >&2
    exit 2
fi
tag="v$version"

root="$(git rev-parse --show-toplevel)"
cd "$root"
changelog=CHANGELOG.md
version_file=Sources/FlowLintKit/Version.swift
die() { echo "release.sh: $*" >&2; exit 1; }

# 1. Checks.
[ -f "$changelog" ] || die "$changelog not found"
[ -f "$version_file" ] || die "$version_file not found"
if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then die "the tag $tag exists already"; fi
# Newest existing version tag; sort -V orders 0.10.0 after 0.9.0.
latest="$(git tag --list 'v[0-9]*' | sed 's/^v//' | sort -V | tail -1)"
if [ -n "$latest" ] && [ "$(printf '%s\n%s\n' "$latest" "$version" | sort -V | tail -1)" != "$version" ]; then
    die "$version is not greater than the newest tag v$latest"
fi
if ! git diff --quiet HEAD -- 2>/dev/null; then die "the work tree has uncommitted changes; commit or stash them first"; fi
grep -q '^## \[Unreleased\]' "$changelog" || die "$changelog has no '## [Unreleased]' section"
if grep -q "^## \[$version\]" "$changelog"; then die "$changelog already has a section for $version"; fi
# The Unreleased section: from its heading to the next "## " heading (or the end).
unreleased="$(awk '/^## \[Unreleased\]/ { inside = 1; next } inside && /^## / { exit } inside { print }' "$changelog")"
if ! grep -q '^[-*] ' <<< "$unreleased"; then
    die "the Unreleased section of $changelog has no entries: write what this release changes first"
fi
grep -q 'public static let current = "[^"]*"' "$version_file" || die "no 'public static let current = \"...\"' in $version_file"

# 2. CHANGELOG: the Unreleased entries become the version's section.
date="$(date -u +%Y-%m-%d)"
awk -v heading="## [$version] - $date" '
    /^## \[Unreleased\]/ && !done { print; print ""; print heading; done = 1; next }
    { print }
' "$changelog" > "$changelog.release-tmp"
mv "$changelog.release-tmp" "$changelog"

# 3. The version.
sed "s/public static let current = \"[^\"]*\"/public static let current = \"$version\"/" "$version_file" > "$version_file.release-tmp"
mv "$version_file.release-tmp" "$version_file"
grep -q "public static let current = \"$version\"" "$version_file" || die "could not set the version in $version_file"

# 4. Commit and tag. The tag's message: the version's section, without the heading.
notes="$(awk -v heading="## [$version] - $date" '
    $0 == heading { inside = 1; next } inside && /^## / { exit } inside { print }
' "$changelog" | sed '/./,$!d')"
restore() { git checkout -q HEAD -- "$changelog" "$version_file"; }
if ! git commit -q -m "Release $version" -- "$changelog" "$version_file"; then
    restore
    die "git commit failed; $changelog and $version_file are restored"
fi
if ! git tag -a "$tag" -m "FlowLint $version" -m "$notes"; then
    git reset -q --hard HEAD~1
    die "git tag failed; the release commit is undone"
fi

echo "release.sh: committed 'Release $version' ($(git rev-parse --short HEAD)) and tagged $tag" >&2
echo "release.sh: to publish it: git push origin HEAD $tag" >&2

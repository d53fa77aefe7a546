#!/usr/bin/env bash
# The README's runnable claims, run: every fenced shell block and every `$ command` transcript in README.md is
# either run here (flowlint on PATH is the binary under test, in a scratch copy of the repository's fixtures)
# and its shown output compared, or named in Tests/integration/docs/readme_blocks.py as covered by another
# integration script (installation, releases, the plugins, Xcode's Run Script phase need what CI has only
# there). A shell block the checker does not know fails the check, so a new README block comes with its check.
# Also: each command of the "Commands" table answers --help; each option of the option tables is in the
# command's --help; each YAML block is a configuration flowlint reads without a warning.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN="$(flowlint_binary)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

while IFS=$'\t' read -r verdict name; do
    if [ "$verdict" = ok ]; then pass "$name"; else fail "$name"; fi
done < <(python3 "$REPO/Tests/integration/docs/readme_blocks.py" "$REPO" "$BIN" "$WORK")

finish

#!/usr/bin/env bash
# Drives `flowlint lsp` with a real LSP client: the pytest-lsp tests in Tests/lsp (open, edits full and
# incremental, findings across files, quick fixes applied, configuration reload, files created and deleted on
# disk, UTF-16 and UTF-8 positions, huge buffers) and raw-pipe tests of what no client sends (broken framing, bad
# JSON, requests before initialize, cancellation, exit codes). pytest-lsp comes from PyPI into the integration
# virtual environment (lib.sh); nothing is written into the repository (no .pytest_cache, no __pycache__).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN="$(flowlint_binary)"
VENV="$(venv_with "pytest-lsp>=1.0,<2")"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

status=0
(cd "$REPO/Tests/lsp" && FLOWLINT_BIN="$BIN" PYTHONDONTWRITEBYTECODE=1 TMPDIR="$WORK" \
    "$VENV/bin/python" -m pytest -p no:cacheprovider -q -rA --basetemp="$WORK/pytest" .) > "$WORK/pytest.log" 2>&1 || status=$?
cat "$WORK/pytest.log"
# One line per test in pytest's short summary (-rA): "PASSED test_x.py::name", "FAILED test_x.py::name - why".
while read -r line; do pass "${line#PASSED }"; done < <(grep -E '^PASSED ' "$WORK/pytest.log" || true)
while read -r line; do fail "${line#FAILED }"; done < <(grep -E '^(FAILED|ERROR) ' "$WORK/pytest.log" || true)
# pytest failing without a failed test (no tests collected, an import error, a crash) is a failure too.
if [ "$status" -ne 0 ] && [ "$FAILED" -eq 0 ]; then fail "pytest exited with $status"; fi
if [ "$PASSED" -eq 0 ]; then fail "no LSP test ran"; fi
finish

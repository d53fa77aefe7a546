# Shared by the integration scripts (sourced, not run).
# FLOWLINT_BIN: the flowlint binary (default: built here with `swift build`).
# FLOWLINT_VENV: a Python virtual environment to reuse (default: one in the temporary directory, created
# once and kept between runs; packages come from PyPI).

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

flowlint_binary() {
    if [ -n "${FLOWLINT_BIN:-}" ]; then echo "$FLOWLINT_BIN"; return; fi
    local bin
    bin="$(cd "$REPO" && swift build --show-bin-path)/flowlint"
    if [ ! -x "$bin" ]; then
        (cd "$REPO" && swift build --product flowlint >&2)
    fi
    echo "$bin"
}

# venv_with PACKAGE...: prints the path of a venv that has these PyPI packages.
venv_with() {
    local venv="${FLOWLINT_VENV:-${TMPDIR:-/tmp}/flowlint-integration-venv}"
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --upgrade pip >&2 || true
    fi
    "$venv/bin/pip" install --quiet "$@" >&2
    echo "$venv"
}

PASSED=0
FAILED=0
pass() { PASSED=$((PASSED + 1)); echo "ok: $*"; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL: $*" >&2; }
skip() { echo "skip: $*"; }

# check "description" command...: runs the command, counts it as passed or failed.
check() {
    local description="$1"; shift
    if "$@"; then pass "$description"; else fail "$description"; fi
}

finish() {
    echo "$(basename "$0"): $PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}

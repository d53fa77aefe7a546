#!/usr/bin/env bash
# The steps of FlowLint's GitHub Action (action.yml at the repository root). Every `run:` step of the action
# is one call of this script, so Tests/integration/action.sh runs exactly what the action runs.
#
#   github-action.sh prepare   which FlowLint to build, where to install it, the cache key
#   github-action.sh build     build and install it (skipped when actions/cache restored it)
#   github-action.sh lint      run it, write the report, decide whether the step fails
#
# Inputs come as environment variables (the action's `env:`): INPUT_PATH, INPUT_CONFIG, INPUT_BASELINE, INPUT_REPORTER,
# INPUT_OUTPUT, INPUT_STRICT, INPUT_FAIL_ON_FINDINGS, INPUT_VERSION; the prepare step's outputs as
# FLOWLINT_SOURCE and FLOWLINT_PREFIX. GitHub provides GITHUB_OUTPUT, RUNNER_TEMP and GITHUB_ACTION_REPOSITORY.
# FLOWLINT_BUILD_PATH: SwiftPM's build directory (default: RUNNER_TEMP/flowlint-build).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"  # the action's own checkout: FlowLint's source

command_data() {  # command_data TEXT: TEXT as the data of a workflow command (one line: %, CR and LF escaped)
    local text="${1//%/%25}"
    text="${text//$'\r'/%0D}"
    printf '%s' "${text//$'\n'/%0A}"
}

output() {  # output NAME VALUE: a step output (one line of GITHUB_OUTPUT; a line break would start another)
    case "$2" in
        *$'\n'*|*$'\r'*) echo "::error::FlowLint action: step output '$1' would hold a line break: $(command_data "$2")" >&2; exit 2 ;;
    esac
    printf '%s=%s\n' "$1" "$2" >> "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
}

boolean() {  # boolean NAME VALUE: prints true or false, or stops with an error for anything else
    case "$2" in
        true|True|TRUE) echo true ;;
        false|False|FALSE|"") echo false ;;
        *) echo "::error::FlowLint action: input '$1' must be true or false, not '$(command_data "$2")'" >&2; exit 2 ;;
    esac
}

prepare() {
    local source="$here"
    if [ -n "${INPUT_VERSION:-}" ]; then
        # Any ref: tag, branch or commit (fetching one commit by its id works on GitHub).
        local url="${FLOWLINT_REPOSITORY_URL:-https://github.com/${GITHUB_ACTION_REPOSITORY:-flowlint/flowlint}.git}"
        source="$RUNNER_TEMP/flowlint-source"
        rm -rf "$source"
        git init --quiet "$source"
        if ! git -C "$source" fetch --quiet --depth 1 "$url" "$INPUT_VERSION" || ! git -C "$source" checkout --quiet FETCH_HEAD; then
            echo "::error::FlowLint action: cannot fetch version '$(command_data "$INPUT_VERSION")' from $url" >&2
            exit 1
        fi
    fi
    # The binary depends on FlowLint's sources and on the compiler; the key changes with either.
    local sources compiler
    sources="$(cd "$source" && find Package.swift Sources -type f | LC_ALL=C sort | xargs cat | git hash-object --stdin)"
    compiler="$(swift --version 2>/dev/null | git hash-object --stdin)"
    output source "$source"
    output prefix "$RUNNER_TEMP/flowlint"
    output cache-key "flowlint-$(uname -s)-$(uname -m)-${compiler:0:12}-${sources:0:16}"
}

build() {
    "${FLOWLINT_SOURCE:?}/Tools/install.sh" --prefix "${FLOWLINT_PREFIX:?}" \
        --scratch-path "${FLOWLINT_BUILD_PATH:-$RUNNER_TEMP/flowlint-build}"
}

lint() {
    local flowlint="${FLOWLINT_PREFIX:?}/bin/flowlint"
    local reporter="${INPUT_REPORTER:-sarif}"
    local strict fail_on_findings
    strict="$(boolean strict "${INPUT_STRICT:-false}")"
    fail_on_findings="$(boolean fail-on-findings "${INPUT_FAIL_ON_FINDINGS:-false}")"

    local report="${INPUT_OUTPUT:-}"
    # The report's path becomes the step output `report`, one line of GITHUB_OUTPUT: a line break in it would
    # add outputs of its own (`exit-code=0`).
    case "$report" in
        *$'\n'*|*$'\r'*)
            echo "::error::FlowLint action: input 'output' must be one path, without a line break: '$(command_data "$report")'" >&2
            exit 2 ;;
    esac
    if [ -z "$report" ]; then
        case "$reporter" in
            sarif) report=flowlint.sarif ;;
            json|codeclimate) report="flowlint-$reporter.json" ;;
            checkstyle|junit) report="flowlint-$reporter.xml" ;;
            *) report=flowlint.txt ;;
        esac
    fi

    local args=(lint --reporter "$reporter")
    [ -n "${INPUT_CONFIG:-}" ] && args+=(--config "$INPUT_CONFIG")
    [ -n "${INPUT_BASELINE:-}" ] && args+=(--baseline "$INPUT_BASELINE")
    [ "$strict" = true ] && args+=(--strict)
    # One path per line (a path may contain spaces); none: the working directory.
    local paths=() line
    while IFS= read -r line; do
        [ -n "${line//[[:space:]]/}" ] && paths+=("$line")
    done <<< "${INPUT_PATH:-.}"
    [ ${#paths[@]} -gt 0 ] || paths=(.)

    mkdir -p "$(dirname "$report")"
    local status=0
    # The report goes to the file (written whole, atomically); the summary and any error to the log.
    "$flowlint" "${args[@]}" --output "$report" -- "${paths[@]}" || status=$?

    # flowlint writes the report when it exits 0, 1 or 3; after 2 (nothing linted) or 4 (the report could not
    # be written) the file at that path, if any, is not this run's: `report` stays empty and it is not shown.
    local written=false
    case "$status" in 0|1|3) written=true ;; esac
    if [ "$written" = true ]; then output report "$report"; else output report ""; fi
    output exit-code "$status"
    # Workflow commands become annotations only when they are in the log.
    if [ "$reporter" = github ] && [ "$written" = true ]; then cat -- "$report"; fi

    local shown
    shown="$(command_data "$report")"
    case "$status" in
        0) ;;
        1)
            if [ "$fail_on_findings" = true ]; then
                echo "::error::FlowLint found failing findings (report: $shown)" >&2
                exit 1
            fi
            echo "::notice::FlowLint found failing findings (report: $shown); they do not fail this step (fail-on-findings: false)" >&2
            ;;
        2) echo "::error::FlowLint: usage or configuration error (exit 2), see above; no report was written" >&2; exit 2 ;;
        3) echo "::error::FlowLint: some inputs could not be read (exit 3), see above; the report covers the rest" >&2; exit 3 ;;
        *) echo "::error::FlowLint stopped with status $status" >&2; exit "$status" ;;
    esac
}

case "${1:-}" in
    prepare) prepare ;;
    build) build ;;
    lint) lint ;;
    *) echo "usage: github-action.sh prepare|build|lint" >&2; exit 2 ;;
esac

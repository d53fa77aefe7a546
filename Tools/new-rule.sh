#!/usr/bin/env bash
# Tools/new-rule.sh RULE_ID — starts a new rule: everything a rule is, and nothing else.
#
#   Sources/FlowLintKit/Rules/<Name>Rule.swift   the rule: descriptor, parse needs, checks (a per-file check
#                                                that reports nothing yet)
#   rules/RULE_ID.md                             its document, whose examples are its tests
#   Sources/FlowLintKit/Rules/RuleRegistry.swift one line, before the rules about suppression comments
#
# Nothing is generated: the build compiles rules/*.md into the binary (Plugins/RuleDocumentsPlugin).
# Then: write the check, fill the document (12 triggering and 12 non-triggering examples at least), and run
# `swift test --filter RuleDocumentTests` until it passes (FLOWLINT_BLESS=1 pins the output blocks). See
# CONTRIBUTING.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

id="${1:-}"
if ! [[ "$id" =~ ^[a-z][a-z0-9]*(_[a-z0-9]+)*$ ]]; then
    echo "usage: Tools/new-rule.sh RULE_ID   (snake_case, e.g. state_reference_type)" >&2
    exit 2
fi
# state_reference_type -> StateReferenceTypeRule
name="$(echo "$id" | awk -F_ '{ for (i = 1; i <= NF; i++) printf "%s%s", toupper(substr($i, 1, 1)), substr($i, 2) }')Rule"
swift_file="$root/Sources/FlowLintKit/Rules/$name.swift"
document="$root/rules/$id.md"
registry="$root/Sources/FlowLintKit/Rules/RuleRegistry.swift"

if [ -e "$document" ] || [ -e "$swift_file" ] || grep -q "\b$name\.self" "$registry"; then
    echo "error: rule '$id' exists already ($document, $swift_file or the registry)" >&2
    exit 2
fi
title="$(echo "$id" | awk -F_ '{ for (i = 1; i <= NF; i++) printf "%s%s%s", (i > 1 ? " " : ""), toupper(substr($i, 1, 1)), substr($i, 2) }')"

cat > "$swift_file" <<SWIFT
import FlowLintSyntax

/// The rule \`$id\`: see \`rules/$id.md\`.
enum $name: Rule {
    static let descriptor = RuleDescriptor(
        id: "$id",
        name: "$title",
        summary: "what the rule wants, in one lower-case sentence without a final period",
        rationale: """
            What goes wrong at run time when the code does this, in SwiftUI's terms.
            """,
        defaultSeverity: .warning
    )

    /// The identifiers whose presence in a function, initializer or accessor body makes the parser keep it
    /// for this rule (everything else may be skipped by brace matching): see \`BodySkipping\`.
    static let parses = BodySkipping(bodyWords: [])

    static func message(property: String) -> String {
        "'\\(property)' ... (what goes wrong at run time, naming the property and the type)"
    }

    /// Runs once per file. Report with \`report.report(at: node, message(...))\`; a finding that depends on
    /// other files carries a \`Condition\` (declare one) that \`check(project:report:)\` decides.
    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        for node in file.nodes(.variableDecl) {
            _ = node
        }
    }
}
SWIFT

cat > "$document" <<MARKDOWN
# $id

**Severity:** warning · **Enabled by default:** yes · **Fix:** none

What the rule wants, in one sentence.

## Why

What the user sees go wrong at run time, and why SwiftUI behaves that way.

## What is flagged

The forms that are reported, and where the finding is placed.

## What is not flagged

The near misses, and why FlowLint stays silent on each (when it cannot tell, it is silent).

## Fix

What to write instead.

## Configuration

Change the severity or turn the rule off in \`.flowlint.yml\`:

\`\`\`yaml
severity: { $id: error }
disabled_rules: [$id]
\`\`\`

Suppress one finding in the source, preferably with a reason:

\`\`\`swift
// flowlint:disable:next $id - the reason
\`\`\`

## Examples

### Triggering

One example per flagged form; \`↓\` marks where each finding starts.

\`\`\`swift triggering
import SwiftUI
\`\`\`

### Non-triggering

One example per near miss.

\`\`\`swift non-triggering
import SwiftUI
\`\`\`

## Test cases

Examples for the harness only (corner cases, regressions): checked like the ones above, left out of SARIF
help and of the screenful of \`flowlint explain\` (\`--full\` prints them). Delete this section if there
are none.
MARKDOWN

# The registry line, before the rules about suppression comments (they stay last in \`flowlint rules\`).
python3 - "$registry" "$name" <<'PY'
import sys
path, name = sys.argv[1], sys.argv[2]
text = open(path).read()
anchor = "        RuleRunner(SuperfluousDisableRule.self),\n"
if anchor not in text:
    sys.exit("error: cannot find where to add the registry line in " + path)
open(path, "w").write(text.replace(anchor, f"        RuleRunner({name}.self),\n" + anchor, 1))
PY

echo "created ${swift_file#$root/}, ${document#$root/}; added $name to the registry"
echo "next: write the check and the examples, then: swift test --filter RuleDocumentTests (see CONTRIBUTING.md)"

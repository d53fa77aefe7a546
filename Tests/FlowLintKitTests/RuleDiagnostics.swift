@testable import FlowLintKit

/// The findings of the rule `rule` when `files` (name → source) are linted together as one project, in the order
/// the engine reports them.
func ruleDiagnostics(_ rule: String, in files: [String: String]) -> [Diagnostic] {
    let lintFiles = files.sorted { $0.key < $1.key }.map { LintFile(path: $0.key, bytes: Array($0.value.utf8)) }
    return LintEngine.lint(LintRequest(files: lintFiles, jobs: 1)).diagnostics.filter { $0.ruleID == rule }
}

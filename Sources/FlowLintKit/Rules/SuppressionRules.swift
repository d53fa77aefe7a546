/// Findings about `// flowlint:` comments themselves, reported by the suppression stage (`Suppression.apply`),
/// which is where it is known what each comment suppressed.
enum SuperfluousDisableRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "superfluous_disable",
        name: "Superfluous Disable",
        summary: "a flowlint:disable comment that suppresses nothing should be removed",
        rationale: """
            A disable comment that no longer suppresses anything hides future findings on the same lines \
            and misleads readers. Remove it.
            """,
        defaultSeverity: .warning
    )
}

enum UnknownRuleInSuppressionRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "unknown_rule_in_suppression",
        name: "Unknown Rule in Suppression",
        summary: "a flowlint: comment names a rule or command that does not exist, so it suppresses nothing",
        rationale: """
            A misspelled rule id or command in a suppression comment suppresses nothing, and neither does a \
            directive written in a doc comment. FlowLint reports them, naming the id or command most likely \
            meant, so the typo is found.
            """,
        defaultSeverity: .warning
    )
}

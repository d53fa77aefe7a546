/// `flowlint rules --reporter json`: every rule with what a tool needs to know of it (`version: 1`, keys in a fixed
/// order): whether it is on by default, its default and configured severity, whether the configuration enables
/// it, what `--fix` can do with it, its summary, its document's address and the project analyses its check
/// reads (with those they require).
public enum RuleList {
    public static func json(_ rules: [RuleDescriptor], settings: RuleSettings) -> String {
        JSONValue.object([
            ("version", .int(1)),
            ("rules", .array(rules.map { rule in
                .object([
                    ("id", .string(rule.id)),
                    ("name", .string(rule.name)),
                    ("default", .string(rule.isOptIn ? "opt-in" : "on")),
                    ("defaultSeverity", .string(rule.defaultSeverity.rawValue)),
                    ("severity", .string(settings.severity(of: rule).rawValue)),
                    ("enabled", .bool(settings.enabled.contains(rule.id))),
                    ("fix", rule.fix.map { .string($0.rawValue) } ?? .null),
                    ("summary", .string(rule.summary)),
                    ("documentation", .string(rule.documentationURL)),
                    ("analyses", .array(RuleRegistry.analyses(of: rule.id).map { .string($0) })),
                ])
            })),
        ]).rendered()
    }
}

/// What a rule is, for people and tools: everything `flowlint rules`, `explain`, SARIF and the docs need.
public struct RuleDescriptor: Sendable, Hashable {
    /// snake_case, stable forever (suppression comments, baselines and SARIF fingerprints key on it).
    public let id: String
    /// Title Case name for tables.
    public let name: String
    /// One sentence, lower-case start, no final period.
    public let summary: String
    /// Why the rule exists, in terms of SwiftUI's behaviour (Markdown).
    public let rationale: String
    public let defaultSeverity: Severity
    /// Opt-in rules run only when listed under `opt_in_rules` or `only_rules`.
    public let isOptIn: Bool
    /// Whether the rule can offer fixes, and whether `--fix` may apply them.
    public let fix: Fix.Applicability?

    init(id: String, name: String, summary: String, rationale: String, defaultSeverity: Severity,
                isOptIn: Bool = false, fix: Fix.Applicability? = nil) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.fix = fix
    }

    /// Where the rule's document lives once published (SARIF `helpUri`).
    public var documentationURL: String {
        "https://github.com/flowlint/flowlint/blob/main/rules/\(id).md"
    }
}

/// Which rules run, at which severity, for which Xcode: what the configuration boils down to.
public struct RuleSettings: Sendable, Equatable {
    /// Ids of the rules that run.
    public var enabled: Set<String>
    /// Severity overrides by rule id.
    var severities: [String: Severity]
    /// The Xcode that builds the project, for the project checks' advice (`ProjectContext.toolchain`).
    var toolchain: Toolchain

    init(enabled: Set<String>, severities: [String: Severity] = [:], toolchain: Toolchain = .newest) {
        self.enabled = enabled
        self.severities = severities
        self.toolchain = toolchain
    }

    /// Every rule that is on by default, at its default severity.
    static var defaults: RuleSettings {
        RuleSettings(enabled: Set(RuleRegistry.descriptors.filter { !$0.isOptIn }.map(\.id)))
    }

    public func severity(of rule: RuleDescriptor) -> Severity { severities[rule.id] ?? rule.defaultSeverity }
}

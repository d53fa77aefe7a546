/// Every rule FlowLint knows, in the order `flowlint rules` prints them. A test checks this list against
/// the rule files and the documents in `rules/`.
public enum RuleRegistry {
    public static let descriptors: [RuleDescriptor] = [
        ObservedObjectInlineRule.descriptor,
        NonPrivateStateRule.descriptor,
        ForEachIndexIDRule.descriptor,
        MissingEnvironmentObjectRule.descriptor,
        SuppressionRules.superfluousDisable,
        SuppressionRules.unknownRuleInSuppression,
    ]

    public static func descriptor(id: String) -> RuleDescriptor? {
        descriptors.first { $0.id == id }
    }
}

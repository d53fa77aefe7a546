import FlowLintSyntax

enum NonPrivateStateRule {
    static let descriptor = RuleDescriptor(
        id: "non_private_state",
        name: "Non-Private State",
        summary: "@State and @StateObject properties should be private",
        rationale: """
            `@State` and `@StateObject` storage belongs to SwiftUI, which sets it up once for the view's \
            identity. A non-private property lets callers pass a value through the memberwise initializer, \
            which SwiftUI ignores after the first render: the view looks configurable but is not.
            """,
        defaultSeverity: .warning,
        fix: .safe
    )
}

import FlowLintSyntax

enum ObservedObjectInlineRule {
    static let descriptor = RuleDescriptor(
        id: "observed_object_inline",
        name: "Observed Object Created Inline",
        summary: "an @ObservedObject must not be created by the view that observes it; use @StateObject",
        rationale: """
            SwiftUI re-creates a view struct whenever its parent's body runs. An `@ObservedObject` whose \
            initial value is constructed by the view itself is constructed again with every new struct, so \
            the object and all its state are thrown away on each update. `@StateObject` creates the object \
            once, for the lifetime of the view's identity.
            """,
        defaultSeverity: .warning,
        fix: .suggestion
    )
}

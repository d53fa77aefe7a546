import FlowLintSyntax

enum MissingEnvironmentObjectRule {
    static let descriptor = RuleDescriptor(
        id: "missing_environment_object",
        name: "Missing Environment Object",
        summary: "a view reads an environment object that no ancestor provides",
        rationale: """
            `@EnvironmentObject var x: T` and Observation's `@Environment(T.self) var x` read an object that \
            an ancestor must provide with `.environmentObject(_:)` or `.environment(_:)`. When no ancestor \
            does, SwiftUI stops the app with a fatal error the first time the view is rendered, previews \
            included.
            """,
        defaultSeverity: .error
    )
}

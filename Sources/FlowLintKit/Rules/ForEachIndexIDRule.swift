import FlowLintSyntax

enum ForEachIndexIDRule {
    static let descriptor = RuleDescriptor(
        id: "foreach_index_id",
        name: "ForEach Identified by Index",
        summary: "ForEach and List rows must not be identified by the positions of a collection that can change",
        rationale: """
            SwiftUI keeps a row's state, animations and focus by its identity. When rows are identified by \
            their index, deleting or moving an element gives the following rows the identity of another \
            element: state moves to the wrong row, animations are wrong, and a binding to a removed index \
            can crash. Identify rows by a stable id of the element instead.
            """,
        defaultSeverity: .warning
    )
}

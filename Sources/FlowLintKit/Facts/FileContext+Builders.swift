/// SwiftUI's result builders for view content: `@ViewBuilder`, and Xcode 27's unified `@ContentBuilder` (TN3211),
/// which builds views as `@ViewBuilder` does (and scenes, commands and toolbar content too). Wherever FlowLint
/// recognises a member or a parameter that builds views by its attribute, it asks here, so both are read alike.
enum ViewBuilderNames {
    static let attributes = ["ViewBuilder", "ContentBuilder"]
    /// For `TokenWords` gates and `BodySkipping` declaration words.
    static let words = Set(attributes)
}

extension FileContext {
    /// Whether the declaration (a member, a parameter) carries `@ViewBuilder` or `@ContentBuilder`.
    func hasViewBuilderAttribute(_ decl: Int) -> Bool {
        attributes(decl).contains { name($0).map(ViewBuilderNames.words.contains) == true }
    }
}

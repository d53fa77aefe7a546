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

extension NonPrivateStateRule {
    static func message(wrapper: String, property: String) -> String {
        "@\(wrapper) '\(property)' should be private: SwiftUI owns its storage, so a value passed through the "
            + "initializer is ignored after the first render"
    }

    static func checkProperty(_ decl: Int, ownerKind: TypeFact.Kind, owner: String, _ context: FileContext,
                              _ settings: RuleSettings) -> [PendingFinding] {
        guard settings.enabled.contains(descriptor.id), ownerKind == .struct,
              let attribute = context.attributes(decl).first(where: { ["State", "StateObject"].contains(context.name($0) ?? "") })
        else { return [] }
        let tree = context.tree
        let access = context.modifiers(decl).first { m in
            guard let k = tree.nameToken(m)?.keyword else { return false }
            return [.private, .fileprivate, .internal, .public, .package, .open].contains(k)
        }
        if let access {
            // `private` and `fileprivate` are fine; `private(set)` and `fileprivate(set)` only restrict the setter.
            let keyword = tree.nameToken(access)!.keyword
            let restrictsSetterOnly = tree.nodes[access].endToken - tree.nodes[access].firstToken > 1
            if (keyword == .private || keyword == .fileprivate) && !restrictsSetterOnly { return [] }
        }
        let bindings = context.children(decl).filter { context.kind($0) == .patternBinding }
        let property = bindings.first.flatMap { tree.firstChild($0) }.flatMap { context.name($0) } ?? "?"
        let hasInitializer = bindings.allSatisfy { tree.child($0, .initializerClause) != nil }
        let edit: TextEdit
        if let access {
            let range = tree.byteRange(access)
            edit = TextEdit(startOffset: range.lowerBound, endOffset: range.upperBound, replacement: "private")
        } else {
            // Before the first modifier, or the `var` keyword.
            let insertAt = context.modifiers(decl).first.map { tree.byteRange($0).lowerBound }
                ?? Int(tree.tokens[Int(tree.nodes[decl].name)].offset)
            edit = TextEdit(startOffset: insertAt, endOffset: insertAt, replacement: "private ")
        }
        // Without an initializer callers pass the value today: making it private changes the API, so only suggest.
        let fix = Fix(message: access == nil ? "insert 'private'" : "make it 'private'",
                      applicability: hasInitializer ? .safe : .suggestion, edits: [edit])
        let wrapper = context.name(attribute) ?? "State"
        let diagnostic = Diagnostic(ruleID: descriptor.id, severity: descriptor.defaultSeverity,
                                    message: message(wrapper: wrapper, property: property),
                                    span: context.span(of: attribute), fixes: [fix])
        return [PendingFinding(diagnostic: diagnostic, condition: .ownerIsSwiftUIType(owner: owner, structOnly: true))]
    }
}

import FlowLintSyntax

enum NonPrivateStateRule: Rule {
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

    /// The owner struct must turn out to be a SwiftUI type (a view, a modifier, ...), possibly by
    /// conformances declared in other files.
    struct Condition: Codable, Sendable { var owner: String }

    static func check(file: FileContext, report: inout FileReport<Condition, NoRecord>) {
        for decl in file.typeDeclarations where file.typeKind(decl) == .struct {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            let owner = Condition(owner: file.typeDeclarationName(decl))
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl { checkProperty(m, owner, file, &report) }
        }
    }

    static func check(project: ProjectContext<Condition, NoRecord>, report: inout ProjectReport) {
        for finding in project.pending {
            let owner = finding.condition.owner
            if project.index.isSwiftUIOwner(owner) && project.index.isStruct(owner) { report.report(finding.diagnostic) }
        }
    }

    static func checkProperty(_ decl: Int, _ owner: Condition, _ context: FileContext,
                              _ report: inout FileReport<Condition, NoRecord>) {
        guard let attribute = context.attributes(decl).first(where: { ["State", "StateObject"].contains(context.name($0) ?? "") })
        else { return }
        let tree = context.tree
        let access = context.modifiers(decl).first { m in
            guard let k = tree.nameToken(m)?.keyword else { return false }
            return [.private, .fileprivate, .internal, .public, .package, .open].contains(k)
        }
        if let access {
            // `private` and `fileprivate` are fine; `private(set)` and `fileprivate(set)` only restrict the setter.
            let keyword = tree.nameToken(access)!.keyword
            let restrictsSetterOnly = tree.nodes[access].endToken - tree.nodes[access].firstToken > 1
            if (keyword == .private || keyword == .fileprivate) && !restrictsSetterOnly { return }
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
        report.report(at: attribute, message(wrapper: wrapper, property: property), fixes: [fix], condition: owner)
    }
}

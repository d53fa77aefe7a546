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

extension ObservedObjectInlineRule {
    static func message(property: String, type: String?) -> String {
        let object = type.map { "'\($0)'" } ?? "its object"
        return "@ObservedObject '\(property)' creates \(object) itself, so SwiftUI re-creates it with the view and "
            + "its state is lost; own it with @StateObject"
    }

    /// `@ObservedObject var s = Store()` and its variants, at the attribute.
    static func checkProperty(_ decl: Int, ownerKind: TypeFact.Kind, owner: String, _ context: FileContext,
                              _ settings: RuleSettings) -> [PendingFinding] {
        guard settings.enabled.contains(descriptor.id), ownerKind != .class, ownerKind != .actor,
              let attribute = context.attributes(decl).first(where: { context.name($0) == "ObservedObject" }) else { return [] }
        let tree = context.tree
        var findings: [PendingFinding] = []
        for b in context.children(decl) where context.kind(b) == .patternBinding {
            guard let value = tree.child(b, .initializerClause).flatMap({ tree.firstChild($0) }),
                  let created = createdObject(value, context) else { continue }
            let property = tree.firstChild(b).flatMap { context.name($0) } ?? "?"
            let nameToken = Int(tree.nodes[attribute].name)
            let fix = Fix(message: "use @StateObject", applicability: .suggestion,
                          edits: [TextEdit(startOffset: Int(tree.tokens[nameToken].offset), endOffset: Int(tree.tokens[nameToken].end),
                                           replacement: "StateObject")])
            let diagnostic = Diagnostic(ruleID: descriptor.id, severity: descriptor.defaultSeverity,
                                        message: message(property: property, type: created.type), span: context.span(of: attribute),
                                        fixes: [fix])
            findings.append(PendingFinding(diagnostic: diagnostic, condition: .ownerIsSwiftUIType(owner: owner, structOnly: false)))
        }
        return findings
    }

    /// In an initializer of the owner: `self.s = Store()`, `s = Store()`,
    /// `_s = ObservedObject(wrappedValue: Store())`, at the assignment.
    static func checkInitializer(_ initializer: Int, ownerKind: TypeFact.Kind, owner: String, observed: Set<String>,
                                 _ context: FileContext, _ settings: RuleSettings) -> [PendingFinding] {
        guard settings.enabled.contains(descriptor.id), ownerKind != .class, ownerKind != .actor else { return [] }
        guard !observed.isEmpty, let body = context.tree.child(initializer, .codeBlock) else { return [] }
        let tree = context.tree
        var findings: [PendingFinding] = []
        for n in tree.subtree(body) where context.kind(n) == .binaryExpr && tree.nameToken(n).map({ $0.kind == .equal }) == true {
            let sides = Array(context.children(n))
            guard sides.count == 2, let target = assignedName(sides[0], context) else { continue }
            var wrappedValue: Int?
            var property = target
            if target.hasPrefix("_"), observed.contains(String(target.dropFirst())) {
                property = String(target.dropFirst())
                // `_s = ObservedObject(wrappedValue: x)` / `.init(initialValue: x)`: judge `x`.
                let call = context.unwrapped(sides[1])
                if context.kind(call) == .callExpr {
                    wrappedValue = context.arguments(call).first { $0.label == "wrappedValue" || $0.label == "initialValue" }?.value
                }
            } else if observed.contains(target) {
                wrappedValue = sides[1]
            }
            guard let value = wrappedValue, let created = createdObject(value, context) else { continue }
            let diagnostic = Diagnostic(ruleID: descriptor.id, severity: descriptor.defaultSeverity,
                                        message: message(property: property, type: created.type), span: context.span(of: n))
            findings.append(PendingFinding(diagnostic: diagnostic, condition: .ownerIsSwiftUIType(owner: owner, structOnly: false)))
        }
        return findings
    }

    /// `s`, `self.s`, `_s`, `self._s` as an assignment target.
    static func assignedName(_ target: Int, _ context: FileContext) -> String? {
        switch context.kind(target) {
        case .identifierExpr:
            return context.name(target)
        case .memberAccessExpr:
            guard let base = context.tree.firstChild(target), context.kind(base) == .identifierExpr,
                  context.name(base) == "self" else { return nil }
            return context.name(target)
        default:
            return nil
        }
    }

    /// What a wrapped value creates; `type` is nil for `.init()`.
    struct CreatedObject { var type: String? }

    /// The wrapped value creates an object: a construction, or an immediately called closure returning one.
    static func createdObject(_ value: Int, _ context: FileContext) -> CreatedObject? {
        let construction = context.construction(value)
        if construction.isConstruction { return CreatedObject(type: construction.type) }
        // `{ Store() }()` / `{ let s = Store(); return s }()`: a closure called in place that constructs.
        let e = context.unwrapped(value)
        guard context.kind(e) == .callExpr, let callee = context.tree.firstChild(e), context.kind(callee) == .closureExpr,
              context.arguments(e).isEmpty else { return nil }
        for statement in context.children(callee) {
            let returned = context.kind(statement) == .returnStmt ? context.tree.firstChild(statement) : statement
            if let r = returned {
                let c = context.construction(r)
                if c.isConstruction { return CreatedObject(type: c.type) }
            }
        }
        return nil
    }
}

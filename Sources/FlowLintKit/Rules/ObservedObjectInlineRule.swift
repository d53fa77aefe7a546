import FlowLintSyntax

enum ObservedObjectInlineRule: Rule {
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
    /// An initializer may assign a created object to an observed property (`self.store = Store()`), and its
    /// body does not say `ObservedObject`: in a file that says it anywhere, no body is skipped.
    static let parses = BodySkipping(fileWords: ["ObservedObject"])

    /// The owner must turn out to be a SwiftUI type (a view, a modifier, ...), possibly by conformances
    /// declared in other files.
    struct Condition: Codable, Sendable { var owner: String }

    static func message(property: String, type: String?) -> String {
        let object = type.map { "'\($0)'" } ?? "its object"
        return "@ObservedObject '\(property)' creates \(object) itself, so SwiftUI re-creates it with the view and "
            + "its state is lost; own it with @StateObject"
    }

    static func check(file: FileContext, report: inout FileReport<Condition, NoRecord>) {
        // Both forms need the attribute: a file without one has nothing to find.
        guard file.containsAttribute(named: "ObservedObject") else { return }
        for decl in file.typeDeclarations {
            let kind = file.typeKind(decl)
            guard kind != .class, kind != .actor, let block = file.tree.child(decl, .memberBlock) else { continue }
            let owner = Condition(owner: file.typeDeclarationName(decl))
            let members = file.memberDecls(block)
            var observed: Set<String> = []
            for m in members where file.kind(m) == .variableDecl
                && file.attributes(m).contains(where: { file.name($0) == "ObservedObject" }) {
                for b in file.children(m) where file.kind(b) == .patternBinding {
                    if let p = file.tree.firstChild(b), let n = file.name(p) { observed.insert(n) }
                }
            }
            for m in members {
                switch file.kind(m) {
                case .variableDecl: checkProperty(m, owner, file, &report)
                case .initDecl: checkInitializer(m, owner, observed: observed, file, &report)
                default: break
                }
            }
        }
    }

    static func check(project: ProjectContext<Condition, NoRecord>, report: inout ProjectReport) {
        for finding in project.pending where project.index.isSwiftUIOwner(finding.condition.owner) {
            report.report(finding.diagnostic)
        }
    }

    /// `@ObservedObject var s = Store()` and its variants, at the attribute.
    static func checkProperty(_ decl: Int, _ owner: Condition, _ context: FileContext,
                              _ report: inout FileReport<Condition, NoRecord>) {
        guard let attribute = context.attributes(decl).first(where: { context.name($0) == "ObservedObject" }) else { return }
        let tree = context.tree
        for b in context.children(decl) where context.kind(b) == .patternBinding {
            guard let value = tree.child(b, .initializerClause).flatMap({ tree.firstChild($0) }),
                  let created = createdObject(value, context) else { continue }
            let property = tree.firstChild(b).flatMap { context.name($0) } ?? "?"
            let nameToken = Int(tree.nodes[attribute].name)
            let fix = Fix(message: "use @StateObject", applicability: .suggestion,
                          edits: [TextEdit(startOffset: Int(tree.tokens[nameToken].offset), endOffset: Int(tree.tokens[nameToken].end),
                                           replacement: "StateObject")])
            report.report(at: attribute, message(property: property, type: created.type), fixes: [fix], condition: owner)
        }
    }

    /// In an initializer of the owner: `self.s = Store()`, `s = Store()`,
    /// `_s = ObservedObject(wrappedValue: Store())`, at the assignment.
    static func checkInitializer(_ initializer: Int, _ owner: Condition, observed: Set<String>, _ context: FileContext,
                                 _ report: inout FileReport<Condition, NoRecord>) {
        guard !observed.isEmpty, let body = context.tree.child(initializer, .codeBlock) else { return }
        let tree = context.tree
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
            report.report(at: n, message(property: property, type: created.type), condition: owner)
        }
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

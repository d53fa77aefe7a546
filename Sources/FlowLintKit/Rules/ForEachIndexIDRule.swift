import FlowLintSyntax

enum ForEachIndexIDRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "foreach_index_id",
        name: "ForEach Identified by Index",
        summary: "rows of ForEach and List must not be identified by the positions of a collection that can change",
        rationale: """
            SwiftUI keeps a row's state, animations and focus by its identity. When rows are identified by \
            their index, deleting or moving an element gives the following rows the identity of another \
            element: state moves to the wrong row, animations are wrong, and a binding to a removed index \
            can crash. Identify rows by a stable id of the element instead.
            """,
        defaultSeverity: .warning
    )
}

extension ForEachIndexIDRule {
    static let parses = BodySkipping(bodyWords: ["ForEach", "List"])

    /// How the project check can tell whether the collection whose indices a finding iterates is a constant.
    enum Condition: Codable, Sendable, Hashable {
        /// `xs` or `self.xs` inside type `owner` (nil at file level).
        case member(owner: String?, name: String)
        /// `Type.xs`
        case staticMember(type: String, name: String)
        /// Anything else (`model.items`, a parameter, a `let` without initializer): never a known constant.
        case variable
    }

    /// A file's `let` constants at file level that have an initializer (`let rows = [...]`).
    struct Record: Codable, Sendable { var fileConstants: [String] }

    static func message(container: String, collection: String) -> String {
        "\(container) rows are identified by the positions of '\(collection)', so deleting or moving an element "
            + "hands its row's identity and state to another; use \(container == "List" ? "List" : "ForEach")(\(collection)) "
            + "with Identifiable elements, or ForEach($\(collection)) to edit them"
    }

    /// Every `ForEach(...)` / `List(...)` call in the file whose data argument is a collection's indices, and
    /// the file's constants.
    static func check(file context: FileContext, report: inout FileReport<Condition, Record>) {
        let tree = context.tree
        for node in context.nodes(.callExpr) {
            let call = Int(node)
            guard let callee = tree.firstChild(call) else { continue }
            let calleeName: String?
            switch context.kind(callee) {
            case .identifierExpr: calleeName = context.name(callee)
            case .genericSpecializationExpr: calleeName = tree.firstChild(callee).flatMap { context.name($0) }
            default: calleeName = nil
            }
            guard let container = calleeName, container == "ForEach" || container == "List" else { continue }
            let args = context.arguments(call)
            guard let first = args.first, first.label == nil, let data = first.value else { continue }
            let idPath = args.first { $0.label == "id" }?.value.map { tree.compactText($0) }
            guard let collection = indexedCollection(data, id: idPath, context) else { continue }
            guard let reference = collectionReference(collection, at: call, context) else { continue }
            report.report(at: data, message(container: container, collection: tree.compactText(collection)), condition: reference)
        }
        var constants: Set<String> = []
        for item in context.topLevelItems where context.kind(item) == .variableDecl && tree.name(item) == "let" {
            for b in context.children(item) where context.kind(b) == .patternBinding && tree.child(b, .initializerClause) != nil {
                if let p = tree.firstChild(b), context.kind(p) == .identifierPattern, let n = context.name(p) { constants.insert(n) }
            }
        }
        if !constants.isEmpty { report.record(Record(fileConstants: constants.sorted())) }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let fileConstants = project.derived("constants") { Set($0.flatMap(\.record.fileConstants)) }
        for finding in project.pending where !isConstant(finding.condition, project.index, fileConstants: fileConstants) {
            report.report(finding.diagnostic)
        }
    }

    /// Whether a collection named in a `ForEach` is a constant: a `let` member or static member with an
    /// initializer, or a file-level `let` with an initializer. Unknown external members count as constants,
    /// since FlowLint cannot tell.
    static func isConstant(_ reference: Condition, _ index: ProjectIndex, fileConstants: Set<String>) -> Bool {
        switch reference {
        case .variable:
            return false
        case .member(let owner, let name):
            if let owner {
                let found = index.properties(of: owner, named: name)
                if !found.isEmpty { return found.allSatisfy { $0.isLet && $0.hasInitializer } }
            }
            return fileConstants.contains(name)
        case .staticMember(let typeName, let name):
            guard index.declares(typeName) else { return true }
            let found = index.properties(of: typeName, named: name)
            if found.isEmpty { return true }
            return found.allSatisfy { $0.isLet && $0.hasInitializer }
        }
    }

    /// The collection whose positions `data` enumerates, if it does.
    static func indexedCollection(_ data: Int, id: String?, _ context: FileContext, aliasDepth: Int = 0) -> Int? {
        let tree = context.tree
        let e = context.unwrapped(data)
        let byOffset = id == "\\.offset" || id == "\\.0"
        switch context.kind(e) {
        case .binaryExpr:
            guard let op = tree.nameToken(e), tree.file.token(op, is: "..<") || tree.file.token(op, is: "...") else { return nil }
            let sides = Array(context.children(e))
            guard sides.count == 2 else { return nil }
            // `xs.startIndex..<xs.endIndex`
            if let lower = memberBase(sides[0], "startIndex", context), let upper = memberBase(sides[1], "endIndex", context),
               tree.compactText(lower) == tree.compactText(upper) { return lower }
            // `0..<xs.count`, `0...xs.count - 1`, `0..<n` with `let n = xs.count`
            var upper = context.unwrapped(sides[1])
            if context.kind(upper) == .binaryExpr, let op = tree.nameToken(upper), tree.file.token(op, is: "-"),
               let lhs = tree.firstChild(upper) { upper = context.unwrapped(lhs) }
            if let base = memberBase(upper, "count", context) { return base }
            if context.kind(upper) == .identifierExpr, aliasDepth < 4, let name = context.name(upper),
               let value = localInitializer(name, at: e, context) {
                let aliased = context.unwrapped(value)
                if let base = memberBase(aliased, "count", context) { return base }
            }
            return nil
        case .memberAccessExpr:
            // `xs.indices`
            return memberBase(e, "indices", context)
        case .callExpr:
            guard let callee = tree.firstChild(e) else { return nil }
            // `Array(xs.enumerated())`, `Array(zip(xs.indices, xs))`
            if context.kind(callee) == .identifierExpr, context.name(callee) == "Array" {
                let args = context.arguments(e)
                guard args.count == 1, args[0].label == nil, let inner = args[0].value else { return nil }
                return indexedCollection(inner, id: id, context, aliasDepth: aliasDepth + 1)
            }
            // `zip(xs.indices, xs)` with `id: \.0`
            if context.kind(callee) == .identifierExpr, context.name(callee) == "zip", byOffset {
                let args = context.arguments(e)
                guard args.count == 2, let first = args[0].value, let base = memberBase(context.unwrapped(first), "indices", context)
                else { return nil }
                return base
            }
            // `xs.enumerated()` and `xs.enumerated().map { ... }` with `id: \.offset` / `\.0`
            guard byOffset, context.kind(callee) == .memberAccessExpr, let receiver = tree.firstChild(callee) else { return nil }
            if context.name(callee) == "enumerated" { return receiver }
            if ["map", "filter", "sorted", "reversed"].contains(context.name(callee) ?? ""),
               context.kind(context.unwrapped(receiver)) == .callExpr {
                return indexedCollection(receiver, id: id, context, aliasDepth: aliasDepth + 1)
            }
            return nil
        default:
            return nil
        }
    }

    /// `base` of `base.member`.
    static func memberBase(_ e: Int, _ member: String, _ context: FileContext) -> Int? {
        let e = context.unwrapped(e)
        guard context.kind(e) == .memberAccessExpr, context.name(e) == member, let base = context.tree.firstChild(e) else { return nil }
        return base
    }

    /// The initializer of a local `let`/`var` named `name` declared before `use` in an enclosing block.
    static func localInitializer(_ name: String, at use: Int, _ context: FileContext) -> Int? {
        let tree = context.tree
        var child = use
        while let scope = context.enclosingScope(child) {
            if [.codeBlock, .closureExpr].contains(context.kind(scope)) {
                for statement in context.statementsThatMayBind(name, in: scope)
                    where context.endsBefore(statement, use) && context.kind(statement) == .variableDecl {
                    for b in context.children(statement) where context.kind(b) == .patternBinding {
                        if let p = tree.firstChild(b), context.kind(p) == .identifierPattern, context.name(p) == name {
                            return tree.child(b, .initializerClause).flatMap { tree.firstChild($0) }
                        }
                    }
                }
            }
            if [.funcDecl, .initDecl, .structDecl, .classDecl, .enumDecl, .extensionDecl, .sourceFile].contains(context.kind(scope)) { break }
            child = scope
        }
        return nil
    }

    /// How the project pass can tell whether the collection is a constant; nil when it is one already here.
    static func collectionReference(_ collection: Int, at use: Int, _ context: FileContext) -> Condition? {
        let tree = context.tree
        let e = context.unwrapped(collection)
        let owner = context.enclosingType(use).map(context.typeDeclarationName)
        switch context.kind(e) {
        case .identifierExpr:
            guard let name = context.name(e) else { return .variable }
            if let value = localInitializer(name, at: use, context) {
                // A local array literal is a constant; anything else is an alias of something that can change.
                let v = context.unwrapped(value)
                return context.kind(v) == .arrayExpr ? nil : .variable
            }
            if isParameter(name, at: use, context) { return .variable }
            return .member(owner: owner, name: name)
        case .memberAccessExpr:
            guard let base = tree.firstChild(e), let name = context.name(e) else { return .variable }
            if name == "allCases" { return nil }
            if context.kind(base) == .identifierExpr, let baseName = context.name(base) {
                if baseName == "self" { return .member(owner: owner, name: name) }
                if baseName == "Self", let owner { return .staticMember(type: owner, name: name) }
                if FileContext.isTypeLike(baseName) { return .staticMember(type: baseName, name: name) }
            }
            return .variable
        case .arrayExpr:
            return nil
        default:
            return .variable
        }
    }

    static func isParameter(_ name: String, at use: Int, _ context: FileContext) -> Bool {
        var p = context.enclosingScope(use)
        while let q = p {
            if [.funcDecl, .initDecl, .subscriptDecl].contains(context.kind(q)) {
                guard let clause = context.tree.child(q, .parameterClause) else { return false }
                return context.children(clause).contains { context.kind($0) == .parameter && context.parameterName($0) == name }
            }
            if context.kind(q) == .closureExpr, let sig = context.closureSignature(q),
               context.tree.subtree(sig).contains(where: {
                   (context.kind($0) == .parameter || context.kind($0) == .closureParameter) && context.parameterName($0) == name
               }) { return true }
            p = context.enclosingScope(q)
        }
        return false
    }
}

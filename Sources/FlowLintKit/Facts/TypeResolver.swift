import FlowLintSyntax

/// Resolves the type of a provider expression (`.environmentObject(e)`) as far as one file can tell:
/// constructions, locals, parameters and `if let`/`guard let` bindings are resolved here; properties and
/// member chains become `TypeReference`s that the project index resolves with every file's declarations.
struct TypeResolver {
    let context: FileContext
    let ownerType: String?
    /// `Alarm.TEST()` may be a static factory rather than a construction of a nested type `TEST`: resolved by the
    /// index (`TypeReference.qualifiedCall`) for providers; taken as the construction it looks like otherwise.
    var callsMayBeFactories = false

    private var tree: SyntaxTree { context.tree }

    func resolve(_ expression: Int, at use: Int, depth: Int = 0) -> TypeReference {
        guard depth < 8 else { return .unknown }
        let e = context.unwrapped(expression)
        if callsMayBeFactories, let call = qualifiedCall(e) { return call }
        let (isConstruction, constructed) = context.construction(e)
        if isConstruction { return constructed.map(TypeReference.named) ?? .unknown }
        switch context.kind(e) {
        case .binaryExpr where context.name(e) == "??":
            // `self.store ?? Store(state: initial)`: of the type of both sides, told by the construction when there is one.
            let sides = Array(context.children(e))
            guard sides.count == 2 else { return .unknown }
            let fallback = resolve(sides[1], at: use, depth: depth + 1)
            if case .named = fallback { return fallback }
            return resolve(sides[0], at: use, depth: depth + 1)
        case .identifierExpr:
            let name = context.name(e) ?? ""
            if name == "self" { return ownerType.map(TypeReference.named) ?? .unknown }
            if FileContext.isTypeLike(name) { return .unknown }
            if let local = lookUpLocal(name, before: use, depth: depth) { return local }
            return ownerType.map { .memberChain(base: $0, members: [name]) } ?? .unknown
        case .memberAccessExpr:
            var members: [String] = []
            var root = e
            while context.kind(root) == .memberAccessExpr, let base = tree.firstChild(root) {
                members.append(context.name(root) ?? "")
                root = context.unwrapped(base)
            }
            members.reverse()
            guard context.kind(root) == .identifierExpr, let rootName = context.name(root) else { return .unknown }
            if rootName == "self" {
                return ownerType.map { .memberChain(base: $0, members: members) } ?? .unknown
            }
            if FileContext.isTypeLike(rootName) {
                // `Self.store` in a preview provider's `previews`: a static property of the enclosing type.
                guard let typeName = rootName == "Self" ? ownerType : rootName else { return .unknown }
                return members.count == 1 ? .staticMember(type: typeName, member: members[0]) : .unknown
            }
            switch resolve(root, at: use, depth: depth + 1) {
            case .named(let base): return .memberChain(base: base, members: members)
            case .memberChain(let base, let prefix): return .memberChain(base: base, members: prefix + members)
            default: return .unknown
            }
        default:
            return .unknown
        }
    }

    /// `Outer.Inner(...)` or `Alarm.TEST()`: a construction of a nested type or a call of a static factory with a
    /// capitalized name, which one file cannot tell apart (`TypeReference.qualifiedCall`). `Mod.Store.init(...)`,
    /// `.init(...)` and `Store<T>(...)` are constructions.
    private func qualifiedCall(_ e: Int) -> TypeReference? {
        guard context.kind(e) == .callExpr, let callee = tree.firstChild(e), context.kind(callee) == .memberAccessExpr,
              let member = context.name(callee), member != "init", FileContext.isTypeLike(member),
              let base = tree.firstChild(callee), let baseName = context.typeNameOfTypeExpression(base) else { return nil }
        return .qualifiedCall(base: baseName == "Self" ? ownerType ?? baseName : baseName, member: member)
    }

    /// A local, parameter or condition binding named `name` visible at `use`; nil when none (then it is a
    /// property of the owner), `.unknown` when it exists but its type cannot be told.
    func lookUpLocal(_ name: String, before use: Int, depth: Int) -> TypeReference? {
        // Scope to scope (every kind handled below is a scope); what precedes the use in each is what ends before it.
        var child = use
        while let scope = context.enclosingScope(child) {
            switch context.kind(scope) {
            case .codeBlock, .closureExpr, .switchCase:
                // Only a statement with an identifier pattern spelling `name` can bind it (see `binding`).
                for statement in context.statementsThatMayBind(name, in: scope) {
                    guard context.endsBefore(statement, use) else { break }
                    if let found = binding(name, in: statement, use: use, depth: depth) { return found }
                }
            case .ifStmt, .guardStmt, .whileStmt, .ifExpr:
                for condition in context.children(scope) where context.endsBefore(condition, use) {
                    if let found = conditionBinding(name, condition, use: use, depth: depth) { return found }
                }
            case .forStmt, .catchClause:
                if patternBinds(name, scope) { return .unknown }
            case .funcDecl, .initDecl, .subscriptDecl:
                if let clause = tree.child(scope, .parameterClause), let p = parameter(name, clause) {
                    return tree.firstChild(p).flatMap { context.typeName($0) }.map(TypeReference.named) ?? .unknown
                }
                return nil
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl, .sourceFile:
                return nil
            default:
                break
            }
            if context.kind(scope) == .closureExpr, let signature = context.closureSignature(scope) {
                for p in tree.subtree(signature) where context.kind(p) == .closureParameter || context.kind(p) == .parameter {
                    if context.parameterName(p) == name {
                        return tree.firstChild(p).flatMap { context.typeName($0) }.map(TypeReference.named) ?? .unknown
                    }
                }
            }
            child = scope
        }
        return nil
    }

    private func binding(_ name: String, in statement: Int, use: Int, depth: Int) -> TypeReference? {
        switch context.kind(statement) {
        case .variableDecl:
            for b in context.children(statement) where context.kind(b) == .patternBinding {
                guard let p = tree.firstChild(b) else { continue }
                if context.kind(p) == .identifierPattern && context.name(p) == name {
                    if let t = tree.child(b, .typeAnnotation).flatMap({ tree.firstChild($0) }).flatMap({ context.typeName($0) }) {
                        return .named(t)
                    }
                    if let value = tree.child(b, .initializerClause).flatMap({ tree.firstChild($0) }) {
                        return resolve(value, at: value, depth: depth + 1)
                    }
                    return .unknown
                }
                if patternBinds(name, p) { return .unknown }
            }
        case .guardStmt:
            for condition in context.children(statement) {
                if let found = conditionBinding(name, condition, use: use, depth: depth) { return found }
            }
        default:
            break
        }
        return nil
    }

    private func conditionBinding(_ name: String, _ condition: Int, use: Int, depth: Int) -> TypeReference? {
        switch context.kind(condition) {
        case .optionalBindingCondition:
            guard let p = tree.firstChild(condition), patternBinds(name, p) else { return nil }
            if let t = tree.child(p, .typeAnnotation).flatMap({ tree.firstChild($0) }).flatMap({ context.typeName($0) }) {
                return .named(t)
            }
            if let value = tree.child(condition, .initializerClause).flatMap({ tree.firstChild($0) }) {
                return resolve(value, at: value, depth: depth + 1)
            }
            // `if let settings {`: the same name, one scope out.
            return lookUpLocal(name, before: condition, depth: depth + 1)
                ?? ownerType.map { .memberChain(base: $0, members: [name]) } ?? .unknown
        case .matchingPatternCondition:
            return patternBinds(name, condition) ? .unknown : nil
        default:
            return nil
        }
    }

    private func patternBinds(_ name: String, _ n: Int) -> Bool {
        tree.subtree(n).contains { context.kind($0) == .identifierPattern && context.name($0) == name }
    }

    private func parameter(_ name: String, _ clause: Int) -> Int? {
        context.children(clause).first { context.kind($0) == .parameter && context.parameterName($0) == name }
    }

}

import FlowLintSyntax

/// The platforms a piece of code is compiled for, as far as its enclosing `#if os(...)` clauses tell: `all`
/// when no such clause encloses it. Only `os(...)` conditions constrain; any other condition (`DEBUG`,
/// `canImport(UIKit)`, `targetEnvironment(...)`) leaves the set as it is, and makes the later `#elseif` /
/// `#else` clauses of the same `#if` unconstrained too (their complement cannot be told).
struct Platforms: OptionSet, Hashable, Sendable, Codable {
    var rawValue: UInt8

    static let iOS = Platforms(rawValue: 1 << 0)
    static let macOS = Platforms(rawValue: 1 << 1)
    static let tvOS = Platforms(rawValue: 1 << 2)
    static let watchOS = Platforms(rawValue: 1 << 3)
    static let visionOS = Platforms(rawValue: 1 << 4)
    /// Linux, Windows, Android, ...: every `os(...)` argument not named above.
    static let other = Platforms(rawValue: 1 << 5)
    static let all: Platforms = [.iOS, .macOS, .tvOS, .watchOS, .visionOS, .other]

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(UInt8.self) }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The set `os(name)` selects (`xrOS` is visionOS's older name).
    init(osName name: String) {
        switch name {
        case "iOS": self = .iOS
        case "macOS", "OSX": self = .macOS
        case "tvOS": self = .tvOS
        case "watchOS": self = .watchOS
        case "visionOS", "xrOS": self = .visionOS
        default: self = .other
        }
    }

    /// The platforms of every node of the file, by node id, or nil when no `#if` clause constrains any (the
    /// usual case: every node is `all`). One pass in pre-order: a node's parent comes before it.
    static func table(_ context: FileContext) -> [Platforms]? {
        let clauses = context.nodes(.ifConfigClause)
        guard !clauses.isEmpty else { return nil }
        // The condition each clause adds, decided per `#if` (a clause's meaning depends on the ones before it).
        var added: [Int: Platforms] = [:]
        for clause in clauses {
            let c = Int(clause)
            guard added[c] == nil, let decl = context.parent(c),
                  context.kind(decl) == .ifConfigDecl || context.kind(decl) == .postfixIfConfigExpr else { continue }
            var before = Platforms()
            var beforeExact = true
            for sibling in context.children(decl) where context.kind(sibling) == .ifConfigClause {
                var own = Platforms.all, ownExact = false
                if context.name(sibling) != "#else", let condition = condition(of: sibling, context) {
                    (own, ownExact) = evaluate(condition, context, inChain: context.kind(decl) == .postfixIfConfigExpr)
                }
                // `#elseif c`: c and none of the earlier; `#else`: none of the earlier.
                var reach = own
                if beforeExact { reach.formIntersection(Platforms.all.subtracting(before)) }
                added[sibling] = reach
                before.formUnion(own)
                beforeExact = beforeExact && ownExact
            }
        }
        guard added.values.contains(where: { $0 != .all }) else { return nil }
        let parents = context.parents
        var table = [Platforms](repeating: .all, count: context.tree.nodes.count)
        for i in table.indices.dropFirst() {
            let p = Int(parents[i])
            var own = p >= 0 ? table[p] : .all
            if let clause = added[i] { own.formIntersection(clause) }
            table[i] = own
        }
        return table
    }

    /// The condition of an `#if` / `#elseif` clause. In a modifier chain (`#if os(macOS) .sheet { ... } #endif`)
    /// the parser reads the condition as the base of the clause's first modifier: it is found down that chain.
    static func condition(of clause: Int, _ context: FileContext) -> Int? {
        guard var node = context.tree.firstChild(clause) else { return nil }
        guard let parent = context.parent(clause), context.kind(parent) == .postfixIfConfigExpr else { return node }
        while true {
            switch context.kind(node) {
            case .callExpr:
                if let callee = context.tree.firstChild(node), context.kind(callee) == .identifierExpr {
                    return context.name(callee) == "os" ? node : nil
                }
            case .memberAccessExpr:
                break
            case .tupleExpr:
                return node
            case .prefixOperatorExpr where context.name(node) == "!":
                // `#if !os(watchOS) .onReceive(...) #endif`: the negation stands apart from the modifier after it.
                return node
            case .binaryExpr where context.name(node) == "&&" || context.name(node) == "||":
                // `#if os(iOS) || os(macOS) .contextMenu { ... } #endif`: the modifier chain hangs from the last
                // operand (`evaluate(_:_:inChain:)` reads past it).
                return node
            case .identifierExpr:
                // `#if DEBUG .padding() #endif`: the condition is the chain's base.
                return node
            default:
                return nil
            }
            guard let next = context.tree.firstChild(node) else { return nil }
            node = next
        }
    }

    /// The platforms a condition selects, and whether that is exact (only `os(...)` tests, `!`, `&&`, `||` and
    /// parentheses); anything else is `all`, not exact.
    /// `inChain`: the condition of a clause of a modifier chain, whose last operand carries the clause's modifiers
    /// (`os(macOS).contextMenu { ... }`): they are read past, down to the condition.
    static func evaluate(_ node: Int, _ context: FileContext, inChain: Bool = false) -> (Platforms, Bool) {
        let tree = context.tree
        switch context.kind(node) {
        case .callExpr:
            if inChain, let callee = tree.firstChild(node), context.kind(callee) == .memberAccessExpr, let base = tree.firstChild(callee) {
                return evaluate(base, context, inChain: true)
            }
            guard let callee = tree.firstChild(node), context.kind(callee) == .identifierExpr, context.name(callee) == "os"
            else { return (.all, false) }
            let args = context.arguments(node)
            guard args.count == 1, let value = args[0].value, context.kind(value) == .identifierExpr,
                  let name = context.name(value) else { return (.all, false) }
            return (Platforms(osName: name), true)
        case .memberAccessExpr where inChain:
            guard let base = tree.firstChild(node) else { return (.all, false) }
            return evaluate(base, context, inChain: true)
        case .prefixOperatorExpr where context.name(node) == "!":
            guard let operand = tree.firstChild(node) else { return (.all, false) }
            let (set, exact) = evaluate(operand, context, inChain: inChain)
            return exact ? (Platforms.all.subtracting(set), true) : (.all, false)
        case .binaryExpr where context.name(node) == "&&" || context.name(node) == "||":
            let operands = Array(context.children(node))
            guard operands.count == 2 else { return (.all, false) }
            let (a, aExact) = evaluate(operands[0], context), (b, bExact) = evaluate(operands[1], context, inChain: inChain)
            if context.name(node) == "&&" { return (a.intersection(b), aExact && bExact) }
            return (a.union(b), aExact && bExact)
        case .tupleExpr, .argument:
            let inner = Array(context.children(node))
            guard inner.count == 1 else { return (.all, false) }
            return evaluate(inner[0], context)
        default:
            return (.all, false)
        }
    }
}

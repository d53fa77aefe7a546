import FlowLintSyntax

/// One parsed file and the queries per-file rules and fact extraction share: node kinds, names, children and
/// parents, spans, the file's type declarations and their members, and common expression shapes. Lives only
/// during the per-file phase. Node ids are indices into `tree.nodes` (pre-order: a node's descendants follow
/// it, so `id < other` means "earlier in the file").
struct FileContext {
    let tree: SyntaxTree
    let path: String
    /// Built on first use: most files never need a position or a parent.
    private let lazy = LazyTables()

    init(tree: SyntaxTree, path: String) {
        self.tree = tree
        self.path = path
    }

    final class LazyTables {
        var lines: LineTable?
        var parents: [Int32]?
        var byKind: (offsets: [Int32], nodes: [Int32])?
        var typeDeclarations: [Int]?
        var declaredTypeNames: Set<String>?
        var nameCounts: NameCounts?
        var ownNameCounts: [String: Int]?
        var scopes: [Int32]?
        /// Per block (by node), built when first asked: see `statementsThatMayBind`.
        var bindingStatements: [Int: [String: [Int]]] = [:]
    }

    var lines: LineTable {
        if let table = lazy.lines { return table }
        let table = LineTable(tree.file.bytes)
        lazy.lines = table
        return table
    }

    /// Parent of each node (-1 for the root).
    var parents: [Int32] {
        if let table = lazy.parents { return table }
        var parents = [Int32](repeating: -1, count: tree.nodes.count)
        tree.nodes.withUnsafeBufferPointer { nodes in
            // Each node names its children by jumping over their subtrees.
            for i in nodes.indices where nodes[i].size > 1 {
                var c = i + 1
                let end = i + Int(nodes[i].size)
                while c < end {
                    parents[c] = Int32(i)
                    c += Int(nodes[c].size)
                }
            }
        }
        lazy.parents = parents
        return parents
    }

    /// Every node of `kind`, in source order. The first call sorts all nodes by kind once (a counting sort), so
    /// each rule can visit the nodes it cares about without walking the whole tree.
    func nodes(_ kind: NodeKind) -> ArraySlice<Int32> {
        let table: (offsets: [Int32], nodes: [Int32])
        if let built = lazy.byKind {
            table = built
        } else {
            let kinds = NodeKind.allCases.count
            var offsets = [Int32](repeating: 0, count: kinds + 1)
            var sorted = [Int32](repeating: 0, count: tree.nodes.count)
            // Every file's nodes pass through here: buffers, not arrays, in the loops (a kind's raw value is
            // below `kinds`, a node's place below the count of nodes).
            tree.nodes.withUnsafeBufferPointer { nodes in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    for node in nodes { offsets[Int(node.kind.rawValue) + 1] += 1 }
                    for k in 0..<kinds { offsets[k + 1] += offsets[k] }
                    var next = Array(offsets)
                    next.withUnsafeMutableBufferPointer { next in
                        sorted.withUnsafeMutableBufferPointer { sorted in
                            for i in nodes.indices {
                                let k = Int(nodes[i].kind.rawValue)
                                sorted[Int(next[k])] = Int32(i)
                                next[k] += 1
                            }
                        }
                    }
                }
            }
            table = (offsets, sorted)
            lazy.byKind = table
        }
        let k = Int(kind.rawValue)
        return table.nodes[Int(table.offsets[k])..<Int(table.offsets[k + 1])]
    }

    /// Nearest ancestor of each node that is a scope (-1 for the root); see `enclosingScope`.
    private var scopes: [Int32] {
        if let table = lazy.scopes { return table }
        let parents = self.parents
        var scopes = [Int32](repeating: -1, count: tree.nodes.count)
        // Pre-order: a node's parent comes before it, so the parent's entry is already known.
        for i in scopes.indices.dropFirst() {
            let p = Int(parents[i])
            guard p >= 0 else { continue }
            scopes[i] = Self.isScope(kind(p)) ? Int32(p) : scopes[p]
        }
        lazy.scopes = scopes
        return scopes
    }

    /// Nodes that walks up from a use stop at: blocks and statements that bind names, functions, types, the file.
    static func isScope(_ kind: NodeKind) -> Bool {
        switch kind {
        case .codeBlock, .closureExpr, .switchCase, .ifStmt, .guardStmt, .whileStmt, .ifExpr, .forStmt, .catchClause,
             .funcDecl, .initDecl, .subscriptDecl, .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl,
             .extensionDecl, .sourceFile:
            return true
        default:
            return false
        }
    }

    func kind(_ n: Int) -> NodeKind { tree.nodes[n].kind }
    func parent(_ n: Int) -> Int? { let p = parents[n]; return p >= 0 ? Int(p) : nil }

    /// The innermost node whose tokens include token `i` (for code that reads tokens where the parser may have
    /// skipped bodies: the node around a skipped body's token is the declaration).
    func innermostNode(containingToken i: Int) -> Int? {
        let nodes = tree.nodes
        // Nodes are in pre-order: the last to start at or before `i` is the deepest there, or ends before it.
        var n = nodes.partitionPoint { Int($0.firstToken) > i } - 1
        while n >= 0 {
            if Int(nodes[n].endToken) > i { return n }
            guard let p = parent(n) else { return nil }
            n = p
        }
        return nil
    }
    /// The nearest ancestor of `n` that is a scope (`isScope`). Walks up to a declaration go through these
    /// instead of every parent: a use at the end of a chain of N modifiers is N parents deep, and one walk per
    /// use along such a chain was quadratic.
    func enclosingScope(_ n: Int) -> Int? { let s = scopes[n]; return s >= 0 ? Int(s) : nil }

    /// The function whose body holds `n` (through closures in it), nil when an initializer, an accessor, a property or a
    /// type comes first.
    func enclosingFunction(_ n: Int) -> Int? {
        var p = enclosingScope(n)
        while let q = p {
            switch kind(q) {
            case .funcDecl: return q
            case .initDecl, .accessorDecl, .subscriptDecl, .variableDecl, .structDecl, .classDecl, .enumDecl, .actorDecl,
                 .extensionDecl, .sourceFile:
                return nil
            default: p = enclosingScope(q)
            }
        }
        return nil
    }

    /// How often each identifier is written in the file, and its interpolated string literals: one pass over the
    /// tokens for every `isUncalledPrivateFunction` question of the file, not one per function (nor per property
    /// asking it: a type of thousands of `@EnvironmentObject`s each used in a method asked it thousands of times).
    struct NameCounts {
        var counts: [String: Int] = [:]
        var interpolatedStrings: [(token: Int, text: String)] = []
    }

    var nameCounts: NameCounts {
        if let found = lazy.nameCounts { return found }
        var found = NameCounts()
        for (i, token) in tree.tokens.enumerated() {
            switch token.kind {
            case .identifier, .dollarIdentifier: found.counts[tree.identifierText(token), default: 0] += 1
            case .keyword, .leftParen, .rightParen, .leftBrace, .rightBrace, .period, .comma, .colon: continue
            default:
                let text = tree.file.text(of: token)
                if FactExtractor.isInterpolatedString(text) { found.interpolatedStrings.append((i, text)) }
            }
        }
        lazy.nameCounts = found
        return found
    }

    /// How many times the file names each identifier other than as another's member (`repository.trips`) or an
    /// argument's label (`Trip(trips: ...)`): the uses of a name of its own.
    var ownNameCounts: [String: Int] {
        if let found = lazy.ownNameCounts { return found }
        var counts: [String: Int] = [:]
        for (i, token) in tree.tokens.enumerated() where token.kind == .identifier {
            if tree.isMemberOfOther(atToken: i) || tree.isLabel(atToken: i) { continue }
            counts[tree.identifierText(token), default: 0] += 1
        }
        lazy.ownNameCounts = counts
        return counts
    }

    /// Whether `function` is `private` or `fileprivate` and nothing else in the file names it (`name`, `$name`,
    /// `_name`, or in an interpolated string): dead code left from an earlier design, which never runs. Past 64
    /// interpolated strings it is taken to be named (each would be searched for every function).
    func isUncalledPrivateFunction(_ function: Int) -> Bool {
        kind(function) == .funcDecl && isPrivateToItsFile(function) && isNamedNowhereElse(function)
    }

    /// The return type of the function declared at `function`: the type node after its parameter clause (and its
    /// `async`, `throws`); nil when it returns nothing.
    func returnType(_ function: Int) -> Int? {
        var sawParameters = false
        for c in children(function) {
            if kind(c) == .parameterClause { sawParameters = true; continue }
            if sawParameters && ![.codeBlock, .genericWhereClause, .effectSpecifiers].contains(kind(c)) { return c }
        }
        return nil
    }

    /// Whether nothing else in the file names `function` (as `isUncalledPrivateFunction` tells), whatever its access.
    func isUncalledFunction(_ function: Int) -> Bool {
        kind(function) == .funcDecl && isNamedNowhereElse(function)
    }

    /// Whether the type declared at `decl` is `private` or `fileprivate` and nothing else in the file names it (as
    /// `isUncalledPrivateFunction` tells): nothing constructs it, so its code never runs.
    func isUnusedPrivateType(_ decl: Int) -> Bool {
        [.structDecl, .classDecl, .enumDecl].contains(kind(decl)) && isPrivateToItsFile(decl) && isNamedNowhereElse(decl)
    }

    /// Declared `private` or `fileprivate`: nothing outside its file can name it.
    func isPrivateToItsFile(_ declaration: Int) -> Bool {
        hasModifier(declaration, .private) || hasModifier(declaration, .fileprivate)
    }

    private func isNamedNowhereElse(_ declaration: Int) -> Bool {
        guard let name = name(declaration) else { return false }
        let names = nameCounts
        let own = tree.tokenRange(of: declaration)
        let spellings = [name, "$" + name, "_" + name]
        var inside = 0
        for i in own where tree.tokens[i].kind == .identifier || tree.tokens[i].kind == .dollarIdentifier {
            if spellings.contains(tree.identifierText(tree.tokens[i])) { inside += 1 }
        }
        guard spellings.reduce(0, { $0 + (names.counts[$1] ?? 0) }) == inside,
              names.interpolatedStrings.count <= 64 else { return false }
        return !names.interpolatedStrings.contains { !own.contains($0.token) && $0.text.contains(name) }
    }

    /// Whether a closure or a local function lies between `n` and the declaration `body` that encloses it: code there
    /// does not run when `body` does (an initializer's assignment inside a closure, a value made in a callback).
    func isInNestedFunction(_ n: Int, below body: Int) -> Bool {
        var p = enclosingScope(n)
        while let q = p, q != body {
            if kind(q) == .closureExpr || kind(q) == .funcDecl { return true }
            p = enclosingScope(q)
        }
        return false
    }
    /// The statements directly in `block` (variable declarations and `guard`s) that may bind `name`: those with
    /// an identifier pattern spelling it, in order. Walks looking for a local's declaration try only these
    /// instead of every statement before the use: a block of N statements each looking a name up was quadratic.
    func statementsThatMayBind(_ name: String, in block: Int) -> [Int] {
        if let index = lazy.bindingStatements[block] { return index[name] ?? [] }
        var index: [String: [Int]] = [:]
        for statement in children(block) where kind(statement) == .variableDecl || kind(statement) == .guardStmt {
            var names: Set<String> = []
            for n in tree.subtree(statement) where kind(n) == .identifierPattern {
                if let bound = tree.name(n) { names.insert(bound) }
            }
            for bound in names { index[bound, default: []].append(statement) }
        }
        lazy.bindingStatements[block] = index
        return index[name] ?? []
    }

    /// Whether `environmentObject` or `environment` occurs among the tokens of `error` nodes: what the parser
    /// skipped past its depth limit or could not parse, where a provider would go unseen. Linear: the error
    /// nodes' token ranges are marked once, however they nest. The same on the fast path, since a skipped inert
    /// body never holds those names.
    func skippedTokensMentionProvider() -> Bool {
        let errors = tree.nodes.filter { $0.kind == .error && $0.endToken > $0.firstToken }
        guard !errors.isEmpty else { return false }
        var coverChange = [Int32](repeating: 0, count: tree.tokens.count + 1)
        for node in errors {
            coverChange[Int(node.firstToken)] += 1
            coverChange[Int(node.endToken)] -= 1
        }
        var cover: Int32 = 0
        for i in tree.tokens.indices {
            cover += coverChange[i]
            if cover > 0 && tree.tokens[i].kind == .identifier
                && (tree.token(i, is: "environmentObject") || tree.token(i, is: "environment")) { return true }
        }
        return false
    }

    /// An enum case or a Boolean literal as `RenderEdge.literalArguments` and `InputCondition` write it: `.touchId`
    /// for `.touchId` and `Tip.touchId`, `true`, `false`; nil for anything else (`.custom(name)` too).
    func caseOrBooleanLiteral(_ expression: Int) -> String? {
        switch kind(expression) {
        case .booleanLiteral:
            return name(expression)
        case .memberAccessExpr:
            guard let member = name(expression) else { return nil }
            if let base = tree.firstChild(expression) {
                guard kind(base) == .identifierExpr, Self.isTypeLike(name(base) ?? "") else { return nil }
            }
            return "." + member
        default:
            return nil
        }
    }

    /// Whether a call has arguments and passes constants only: literals (strings without interpolation),
    /// implicit members (`.fish`), a type's members (`Tab.all`) and collections of those (`[]`); no trailing
    /// closure.
    func hasConstantArguments(_ call: Int) -> Bool {
        let arguments = Array(children(call).dropFirst())
        guard !arguments.isEmpty else { return false }
        for argument in arguments {
            guard kind(argument) == .argument else { return false }
            var sawValue = false
            for n in tree.subtree(argument).dropFirst() {
                sawValue = true
                switch kind(n) {
                case .integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .nilLiteral, .arrayExpr, .dictionaryExpr,
                     .dictionaryElement, .memberAccessExpr:
                    continue
                case .identifierExpr:
                    // Only as the base of a member access: `Tab.all`.
                    guard let p = parent(n), kind(p) == .memberAccessExpr, tree.firstChild(p) == n,
                          Self.isTypeLike(name(n) ?? "") else { return false }
                default:
                    return false
                }
            }
            if !sawValue { return false }
        }
        return true
    }

    /// The signature of a closure (`{ a, b in`), which the parser makes its first child: looked up there, not
    /// among all its statements (asked once per use inside the closure).
    func closureSignature(_ closure: Int) -> Int? {
        tree.firstChild(closure).flatMap { kind($0) == .closureSignature ? $0 : nil }
    }

    /// Whether the subtree of `n` ends before node `use` begins (`n` is an earlier sibling of `use` or of one
    /// of its ancestors).
    func endsBefore(_ n: Int, _ use: Int) -> Bool { n + Int(tree.nodes[n].size) <= use }
    func children(_ n: Int) -> SyntaxTree.Children { tree.children(n) }
    func name(_ n: Int) -> String? { tree.name(n) }

    /// `x` or `self.x` (an assignment's target, a condition): the name of a member of the enclosing type as written.
    /// Nil for anything else (`other.x`, `x[0]`, a call).
    func ownMemberName(_ n: Int) -> String? {
        switch kind(n) {
        case .identifierExpr:
            return name(n)
        case .memberAccessExpr:
            guard let base = tree.firstChild(n), kind(base) == .identifierExpr, name(base) == "self" else { return nil }
            return name(n)
        default:
            return nil
        }
    }

    /// Whether a token of `ranges`, outside `skipped`, names the property `name` (`name`, `$name`, `_name`; an
    /// interpolation's `\(name)` is such a token too), read from the tokens, which are there whether or not the bodies
    /// were parsed.
    func namesProperty(_ name: String, in ranges: [Range<Int>], skipping skipped: [Range<Int>]) -> Bool {
        let tokens = tree.tokens
        let spellings: Set<String> = [name, "$" + name, "_" + name]
        for range in ranges {
            var i = range.lowerBound
            while i < range.upperBound {
                if let skip = skipped.first(where: { $0.contains(i) }) { i = skip.upperBound; continue }
                let token = tokens[i]
                if token.kind == .identifier || token.kind == .dollarIdentifier, spellings.contains(tree.identifierText(token)) {
                    return true
                }
                i += 1
            }
        }
        return false
    }

    func span(bytes range: Range<Int>) -> SourceSpan {
        SourceSpan(file: path, startOffset: range.lowerBound, endOffset: range.upperBound,
                   start: lines.position(of: range.lowerBound), end: lines.position(of: range.upperBound))
    }

    func span(of n: Int) -> SourceSpan { span(bytes: tree.byteRange(n)) }


    // MARK: Declarations

    /// The statements of a closure or code block, a `return` standing for its value.
    func statements(of block: Int) -> [Int] {
        children(block).compactMap { s in
            switch kind(s) {
            case .closureSignature, .captureList: return nil
            case .returnStmt: return tree.firstChild(s)
            default: return s
            }
        }
    }

    /// Attribute nodes of a declaration.
    func attributes(_ decl: Int) -> [Int] { leadingChildren(decl, .attribute) }

    func modifiers(_ decl: Int) -> [Int] { leadingChildren(decl, .modifier) }

    /// A declaration's attributes (with `#if` blocks of attributes) and modifiers come before its other children:
    /// the scans stop at the first other child, so that a declaration of thousands of bindings
    /// (`var a = 1, b = 2, ...`), asked about once per binding, costs no more per question.
    private func leadingChildren(_ decl: Int, _ wanted: NodeKind) -> [Int] {
        var out: [Int] = []
        for child in children(decl) {
            let k = kind(child)
            if k == wanted { out.append(child) } else if k != .attribute && k != .modifier && k != .ifConfigDecl { break }
        }
        return out
    }

    /// Asked of every member by the facts and by several rules: the children are looked at in place, no array of
    /// modifiers is made.
    func hasModifier(_ decl: Int, _ keyword: Keyword) -> Bool {
        for child in children(decl) {
            let k = kind(child)
            if k == .modifier, tree.nameToken(child)?.keyword == keyword { return true }
            if k != .attribute && k != .modifier && k != .ifConfigDecl { return false }
        }
        return false
    }

    /// Inherited type names of a type or extension declaration: last component, no generic arguments.
    func inheritedNames(_ decl: Int) -> [String] {
        guard let clause = tree.child(decl, .inheritanceClause) else { return [] }
        return children(clause).compactMap { typeName($0) }
    }

    /// The name a type node spells: `Store` for `Store`, `Mod.Store<T>`, `Store?`; nil for tuples, functions.
    /// A loop, not recursion: `Store???...` nests one node per suffix.
    func typeName(_ t: Int) -> String? {
        var t = t
        while true {
            switch kind(t) {
            case .identifierType, .memberType: return name(t)
            case .optionalType, .implicitlyUnwrappedOptionalType, .someOrAnyType:
                guard let wrapped = tree.firstChild(t) else { return nil }
                t = wrapped
            case .attributedType:
                // `@preconcurrency DynamicProperty`, `@MainActor View`: the type follows its attributes.
                guard let wrapped = children(t).first(where: { kind($0) != .attribute }) else { return nil }
                t = wrapped
            default: return nil
            }
        }
    }

    /// The name a type declaration declares, or for an extension the extended type's last component
    /// (`extension Foo.Bar<T>` → `Bar`).
    func typeDeclarationName(_ decl: Int) -> String {
        guard kind(decl) == .extensionDecl else { return name(decl) ?? "" }
        let typeNode = children(decl).first { kind($0) != .attribute && kind($0) != .modifier && kind($0) != .ifConfigDecl }
        return typeNode.flatMap { typeName($0) } ?? ""
    }

    /// Declarations at file level, looking through `#if` clauses (every branch counts).
    var topLevelItems: [Int] { flattenedIfConfig(SyntaxTree.root) }

    /// Member declarations of a type's member block, looking through `#if` clauses.
    func memberDecls(_ block: Int) -> [Int] { flattenedIfConfig(block) }

    private func flattenedIfConfig(_ parent: Int) -> [Int] {
        var out: [Int] = []
        appendFlattened(parent, to: &out)
        return out
    }

    /// The children of `parent`, an `#if`'s clauses' items in their place, in source order. Recursive only
    /// through nested `#if`s, which the parser's depth limit bounds.
    private func appendFlattened(_ parent: Int, to out: inout [Int]) {
        for n in children(parent) {
            if kind(n) == .ifConfigDecl {
                for clause in children(n) { appendFlattened(clause, to: &out) }
            } else {
                out.append(n)
            }
        }
    }

    /// Whether a node of `kind` declares a type or extends one: what `typeDeclarations` lists.
    static func isTypeDeclaration(_ kind: NodeKind) -> Bool {
        switch kind {
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: return true
        default: return false
        }
    }

    /// The type declarations and extensions of the file, in source order: at file level and nested in other
    /// types (through `#if` clauses), not those local to a function body.
    var typeDeclarations: [Int] {
        if let found = lazy.typeDeclarations { return found }
        var out: [Int] = []
        func visit(_ items: [Int]) {
            for item in items where Self.isTypeDeclaration(kind(item)) {
                out.append(item)
                if let block = tree.child(item, .memberBlock) { visit(memberDecls(block)) }
            }
        }
        visit(topLevelItems)
        lazy.typeDeclarations = out
        return out
    }

    /// The names of the types the file declares (not the types it extends).
    var declaredTypeNames: Set<String> {
        if let found = lazy.declaredTypeNames { return found }
        let names = Set(typeDeclarations.filter { kind($0) != .extensionDecl }.map(typeDeclarationName))
        lazy.declaredTypeNames = names
        return names
    }

    /// The kind of a type declaration node.
    func typeKind(_ decl: Int) -> TypeFact.Kind {
        switch kind(decl) {
        case .structDecl: return .struct
        case .classDecl: return .class
        case .enumDecl: return .enum
        case .actorDecl: return .actor
        case .protocolDecl: return .protocol
        default: return .extension
        }
    }

    /// The name of the first binding of a `var`/`let` declaration, when it is a plain identifier.
    func firstBindingName(_ decl: Int) -> String? {
        guard let b = tree.child(decl, .patternBinding), let p = tree.firstChild(b), kind(p) == .identifierPattern else { return nil }
        return name(p)
    }

    /// The nearest enclosing type declaration (struct, class, enum, actor, protocol, extension) of `n`.
    func enclosingType(_ n: Int) -> Int? {
        var p = enclosingScope(n)
        while let q = p {
            switch kind(q) {
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: return q
            default: p = enclosingScope(q)
            }
        }
        return nil
    }

    // MARK: Expressions

    /// Whether a name looks like a type (starts with an upper-case letter), as Swift's naming convention has it.
    static func isTypeLike(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }

    /// The value inside parentheses: `x` for `(x)`, a tuple of one element without a label; nil for any other tuple.
    func parenthesizedValue(_ tuple: Int) -> Int? {
        let elements = Array(children(tuple))
        guard elements.count == 1, tree.nodes[elements[0]].name < 0 else { return nil }
        return tree.firstChild(elements[0])
    }

    /// Strips `try`, `await`, parentheses (one-element tuples), force unwraps and optional chaining.
    func unwrapped(_ e: Int) -> Int {
        var e = e
        while true {
            switch kind(e) {
            case .tryExpr, .awaitExpr, .forceUnwrapExpr, .optionalChainingExpr:
                guard let c = tree.firstChild(e) else { return e }
                e = c
            case .tupleExpr:
                guard let v = parenthesizedValue(e) else { return e }
                e = v
            default:
                return e
            }
        }
    }

    /// If `e` is a construction `Type(...)`, `Mod.Type<T>(...)`, `Type.init(...)` or `.init(...)`, the
    /// constructed type name (`nil` name for `.init`), else nil. A trailing-closure-only call (`Type { }`)
    /// counts too.
    func construction(_ e: Int) -> (isConstruction: Bool, type: String?) {
        let e = unwrapped(e)
        guard kind(e) == .callExpr, let callee = tree.firstChild(e) else { return (false, nil) }
        return calleeType(callee)
    }

    func calleeType(_ callee: Int) -> (isConstruction: Bool, type: String?) {
        var callee = callee
        while kind(callee) == .genericSpecializationExpr {
            guard let base = tree.firstChild(callee) else { return (false, nil) }
            callee = base
        }
        switch kind(callee) {
        case .identifierExpr:
            let n = name(callee) ?? ""
            return Self.isTypeLike(n) && n != "Self" ? (true, n) : (false, nil)
        case .memberAccessExpr:
            let member = name(callee) ?? ""
            guard let base = tree.firstChild(callee) else {
                // `.init(...)`: a construction of the contextual type.
                return member == "init" ? (true, nil) : (false, nil)
            }
            if member == "init" {
                if kind(base) == .identifierExpr || kind(base) == .memberAccessExpr || kind(base) == .genericSpecializationExpr {
                    let baseName = typeNameOfTypeExpression(base)
                    return (true, baseName)
                }
                return (false, nil)
            }
            // `Mod.Store(...)`: a qualified type name, every component capitalized.
            if Self.isTypeLike(member), typeNameOfTypeExpression(base) != nil { return (true, member) }
            return (false, nil)
        default:
            return (false, nil)
        }
    }

    /// `Store`, `Mod.Store`, `Store<T>` written as an expression: the last type-like component. Every
    /// component must be type-like. A loop down the chain, not recursion: `A.B.C...` nests one node per `.`.
    func typeNameOfTypeExpression(_ e: Int) -> String? {
        var e = e
        var last: String?
        while true {
            switch kind(e) {
            case .identifierExpr:
                let n = name(e) ?? ""
                return Self.isTypeLike(n) ? last ?? n : nil
            case .genericSpecializationExpr:
                guard let base = tree.firstChild(e) else { return nil }
                e = base
            case .memberAccessExpr:
                let n = name(e) ?? ""
                guard Self.isTypeLike(n), let base = tree.firstChild(e) else { return nil }
                last = last ?? n
                e = base
            default:
                return nil
            }
        }
    }

    /// What a construction's callee names before the type (`Settings` for `Settings.RootView(...)`, `A.B` for
    /// `A.B.Row<T>.init(...)`), nil when it names the type alone. Every component is type-like (see
    /// `typeNameOfTypeExpression`); generic arguments are left out.
    func constructionQualifier(_ callee: Int) -> String? {
        var e = callee
        while kind(e) == .genericSpecializationExpr, let base = tree.firstChild(e) { e = base }
        guard kind(e) == .memberAccessExpr, var base = tree.firstChild(e) else { return nil }
        if name(e) == "init" {
            // `A.B.Row.init`: the type is `A.B.Row`; what is before it qualifies it.
            while kind(base) == .genericSpecializationExpr, let inner = tree.firstChild(base) { base = inner }
            guard kind(base) == .memberAccessExpr, let qualifier = tree.firstChild(base) else { return nil }
            base = qualifier
        }
        var components: [String] = []
        var current: Int? = base
        while let n = current {
            switch kind(n) {
            case .identifierExpr:
                guard let text = name(n), Self.isTypeLike(text) else { return nil }
                components.append(text)
                current = nil
            case .memberAccessExpr:
                guard let text = name(n), Self.isTypeLike(text) else { return nil }
                components.append(text)
                current = tree.firstChild(n)
            case .genericSpecializationExpr:
                current = tree.firstChild(n)
            default:
                return nil
            }
        }
        return components.isEmpty ? nil : components.reversed().joined(separator: ".")
    }

    /// Arguments of a call, labeled or not, in order (not trailing closures).
    func arguments(_ call: Int) -> [(label: String?, value: Int?)] {
        children(call).filter { kind($0) == .argument }.map { arg in
            (tree.nameToken(arg).map { tree.identifierText($0) }, tree.firstChild(arg))
        }
    }

    /// The label a caller passes a parameter's argument with: its first name (`for` in `for item: T`, `item` in
    /// `item: T`); nil for `_`, which takes the argument unlabeled.
    func parameterLabel(_ p: Int) -> String? {
        guard let token = tree.nameToken(p) else { return nil }
        let label = tree.identifierText(token)
        return label == "_" ? nil : label
    }

    /// The names of the generic parameters a declaration introduces (`Item` of `struct Row<Item: Identifiable>`).
    func genericParameterNames(of decl: Int) -> Set<String> {
        guard let clause = tree.child(decl, .genericParameterClause) else { return [] }
        return Set(children(clause).compactMap { kind($0) == .genericParameter ? name($0) : nil })
    }

    /// The name a parameter is known by inside its body: the second name when there is one (`for item: T`).
    func parameterName(_ p: Int) -> String? {
        let node = tree.nodes[p]
        guard node.name >= 0 else { return nil }
        let first = Int(node.name)
        let next = first + 1
        if next < Int(node.endToken), tree.tokens[next].kind == .identifier || tree.tokens[next].kind == .wildcard {
            return tree.identifierText(tree.tokens[next])
        }
        return tree.identifierText(tree.tokens[first])
    }

    /// Calls `body` with each name that an identifier pattern (a local, a `let` or `var` binding), a closure parameter
    /// or a parameter declares under `roots`, but at the nodes `skipped`: what may shadow a property of that name.
    func forEachDeclaredName(in roots: [Int], except skipped: Set<Int>, _ body: (String) -> Void) {
        for root in roots {
            for n in tree.subtree(root) where !skipped.contains(n) {
                switch kind(n) {
                case .identifierPattern, .closureParameter:
                    if let name = name(n) { body(name) }
                case .parameter:
                    if let name = parameterName(n) { body(name) }
                default:
                    continue
                }
            }
        }
    }

    /// For `@Environment(T.self)`: `T`.
    func environmentObjectType(ofAttribute attr: Int) -> String? {
        let args = arguments(attr)
        guard args.count == 1, args[0].label == nil, let v = args[0].value, kind(v) == .memberAccessExpr,
              name(v) == "self", let base = tree.firstChild(v) else { return nil }
        return typeNameOfTypeExpression(base)
    }
}

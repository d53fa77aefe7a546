/// The kinds of AST nodes. The AST is deliberately lightweight: it keeps the structure rules need
/// (declarations, attributes, modifiers, statements, expressions, types) and points at tokens for the rest.
public enum NodeKind: UInt8, Sendable, CaseIterable, BitwiseCopyable {
    case sourceFile
    /// Tokens the parser could not make sense of. Parsing resumes after them.
    case error

    // Declarations. `name` is the name token where there is one.
    case importDecl, structDecl, classDecl, enumDecl, actorDecl, protocolDecl, extensionDecl
    case funcDecl, initDecl, deinitDecl, subscriptDecl
    /// `var`/`let`; `name` is the `var`/`let` keyword. Children: attributes, modifiers, patternBindings.
    case variableDecl
    /// One `pattern [: Type] [= expr] [{ accessors }]`. Children: pattern, typeAnnotation?, initializerClause?, accessorBlock?
    case patternBinding
    case typeAnnotation, initializerClause
    case typealiasDecl, associatedtypeDecl
    /// `case a, b(Int)`; children: attributes, modifiers, enumCaseElements.
    case enumCaseDecl, enumCaseElement
    case operatorDecl, precedenceGroupDecl, macroDecl
    /// `#Preview { }`, `#warning("")` as a declaration; `name` is the macro name token.
    case macroExpansionDecl
    /// `#if` ... `#endif`; children: ifConfigClauses (all branches are kept).
    case ifConfigDecl
    /// One branch; `name` is the `#if`/`#elseif`/`#else` token. Children: condition expression (not for `#else`), items.
    case ifConfigClause

    // Parts of declarations.
    /// `@Name(args)`; `name` is the attribute's name token (the last component of a qualified name).
    case attribute
    /// `private`, `private(set)`, `static`, ...; `name` is the modifier's keyword token.
    case modifier
    case genericParameterClause, genericParameter, genericWhereClause, sameTypeRequirement
    case inheritanceClause
    case memberBlock
    case parameterClause
    /// `name` is the first name token. Children: type, defaultValue (an initializerClause)?
    case parameter
    case accessorBlock
    /// `get`, `set`, `willSet`, `didSet`, ...; `name` is the accessor keyword.
    case accessorDecl
    case codeBlock
    case effectSpecifiers

    // Statements.
    case ifStmt, guardStmt, whileStmt, repeatStmt, forStmt, switchStmt, switchCase
    case returnStmt, throwStmt, breakStmt, continueStmt, fallthroughStmt, deferStmt, doStmt, catchClause
    case discardStmt, yieldStmt, labeledStmt
    /// `let x = e` / `var x = e` / `let x` in a condition; children: pattern, initializerClause?
    case optionalBindingCondition
    /// `case pattern = expr` in a condition; children: pattern, initializerClause
    case matchingPatternCondition
    case availabilityCondition

    // Expressions.
    /// A name used as an expression; `name` is the token (`foo`, `Store`, `self`, `Self`, `super`, `$0`).
    case identifierExpr
    /// `base.name` or implicit `.name` (no base child); `name` is the member token.
    case memberAccessExpr
    /// Children: callee, arguments, trailingClosures.
    case callExpr
    /// `name` is the label token, if any. Child: the value.
    case argument
    /// A trailing closure; `name` is its label for the second and later ones.
    case trailingClosure
    case subscriptExpr
    case closureExpr, closureSignature, captureList, closureParameter
    case integerLiteral, floatLiteral, stringLiteral, regexLiteral, booleanLiteral, nilLiteral
    case arrayExpr, dictionaryExpr, dictionaryElement, tupleExpr
    /// `\Root.path` or `\.path`; children: root type?; the components are its tokens.
    case keyPathExpr
    /// `lhs op rhs`, resolved by precedence; `name` is the operator token (`=` included).
    case binaryExpr
    case ternaryExpr
    /// `name` is the operator token.
    case prefixOperatorExpr, postfixOperatorExpr
    case forceUnwrapExpr, optionalChainingExpr
    case tryExpr, awaitExpr, inOutExpr, consumeExpr, copyExpr
    /// `x is T`, `x as T`, `x as? T`; children: expression, type.
    case isExpr, asExpr
    case ifExpr, switchExpr
    /// `#selector(...)`, `#file`; `name` is the macro name token.
    case macroExpansionExpr
    /// `Type<Args>` in an expression; children: the base expression, the generic argument types.
    case genericSpecializationExpr
    case genericArgumentClause
    /// `_` as an assignment target.
    case discardAssignmentExpr
    /// A type used in expression position (`[Int]()`, `Int?.self`).
    case typeExpr
    /// `let x` / `var x` inside a pattern position of an expression (`case .a(let x)`).
    case patternExpr
    case editorPlaceholderExpr
    /// `base #if A .m1() #else .m2() #endif` (SE-0308): children: the base, then `ifConfigClause`s whose items
    /// are member chains rooted at an implicit member (`.m1()`), all kept.
    case postfixIfConfigExpr

    // Types.
    /// `Name<Args>`; `name` is the name token. Children: generic argument types.
    case identifierType
    /// `Base.Name<Args>`; children: base type, generic arguments; `name` is the member name.
    case memberType
    case optionalType, implicitlyUnwrappedOptionalType, arrayType, dictionaryType, tupleType, tupleTypeElement
    case functionType, someOrAnyType, compositionType, metatypeType, attributedType, packExpansionType
    case suppressedType

    // Patterns.
    case identifierPattern, tuplePattern, wildcardPattern, valueBindingPattern, expressionPattern
    case isTypePattern
}

/// One node of the flat, pre-order AST. The subtree of node `i` is `i ..< i + size`; its children are
/// visited by jumping over each child's own subtree. Tokens of the node are `firstToken ..< endToken`.
/// Sizes are relative, so a subtree can be moved as one block: the parser appends parents it wraps around a
/// finished child (postfix and binary expressions) and moves them in front of their children once, at the end.
public struct Node: Sendable, BitwiseCopyable {
    public var kind: NodeKind
    public var firstToken: Int32
    public var endToken: Int32
    /// Number of nodes in this subtree, this one included.
    public var size: Int32
    /// The token that names the node (see `NodeKind`), or -1.
    public var name: Int32
}

public typealias NodeID = Int

/// A parsed file: its bytes, its tokens and its nodes. `nodes[0]` is the `sourceFile` root.
public struct SyntaxTree: Sendable {
    public let file: SourceFile
    public let tokens: [Token]
    public let nodes: [Node]
    /// Nesting that hit the depth limit (the skipped regions are `error` nodes).
    public let hitDepthLimit: Bool
    /// With body skipping: the `BodySkipping.notedWords` (`tracked`) and those that occur in the file as
    /// identifiers (`present`). Nil when the file was parsed without skipping.
    public internal(set) var notedWords: (tracked: Set<String>, present: Set<String>)?

    public init(file: SourceFile, tokens: [Token], nodes: [Node], hitDepthLimit: Bool) {
        self.file = file
        self.tokens = tokens
        self.nodes = nodes
        self.hitDepthLimit = hitDepthLimit
    }

    public static let root: NodeID = 0

    @inlinable public func kind(_ n: NodeID) -> NodeKind { nodes[n].kind }

    /// The children of `n`, in source order.
    public func children(_ n: NodeID) -> Children { Children(nodes: nodes, parent: n) }

    public struct Children: Sequence {
        let nodes: [Node]
        let parent: NodeID
        public struct Iterator: IteratorProtocol {
            let nodes: [Node]
            var cursor: Int
            let end: Int
            public mutating func next() -> NodeID? {
                guard cursor < end else { return nil }
                let current = cursor
                cursor = current + Int(nodes[current].size)
                return current
            }
        }
        public func makeIterator() -> Iterator {
            Iterator(nodes: nodes, cursor: parent + 1, end: parent + Int(nodes[parent].size))
        }
    }

    /// The first child of `n` of the given kind.
    public func child(_ n: NodeID, _ kind: NodeKind) -> NodeID? {
        for c in children(n) where nodes[c].kind == kind { return c }
        return nil
    }

    /// The first child of `n`, whatever its kind.
    public func firstChild(_ n: NodeID) -> NodeID? {
        nodes[n].size > 1 ? n + 1 : nil
    }

    /// All nodes in the subtree of `n` (including `n`), in pre-order.
    @inlinable public func subtree(_ n: NodeID) -> Range<NodeID> { n..<(n + Int(nodes[n].size)) }

    /// The token naming `n`, if any.
    @inlinable public func nameToken(_ n: NodeID) -> Token? {
        let t = nodes[n].name
        return t >= 0 ? tokens[Int(t)] : nil
    }

    /// The text of the token naming `n`, without backticks.
    public func name(_ n: NodeID) -> String? {
        guard let t = nameToken(n) else { return nil }
        return identifierText(t)
    }

    /// The text of a token; backticked identifiers lose their backticks.
    public func identifierText(_ t: Token) -> String {
        var r = t.range
        if t.length >= 2 && file.bytes[r.lowerBound] == UInt8(ascii: "`") { r = (r.lowerBound + 1)..<(r.upperBound - 1) }
        return file.text(r)
    }

    /// Byte range covered by `n` (from its first token to the end of its last), empty at the next token if it
    /// has no tokens.
    public func byteRange(_ n: NodeID) -> Range<Int> {
        let node = nodes[n]
        let first = Int(node.firstToken), end = Int(node.endToken)
        if end <= first { let o = Int(tokens[min(first, tokens.count - 1)].offset); return o..<o }
        return Int(tokens[first].offset)..<Int(tokens[end - 1].end)
    }

    /// The source text of `n`, exactly as written.
    public func text(_ n: NodeID) -> String { file.text(byteRange(n)) }

    /// The source text of `n` with all trivia (whitespace, comments) removed: a normalized spelling for
    /// comparing types and expressions.
    public func compactText(_ n: NodeID) -> String {
        let node = nodes[n]
        var bytes: [UInt8] = []
        for i in Int(node.firstToken)..<Int(node.endToken) {
            bytes.append(contentsOf: file.bytes[tokens[i].range])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `compactText(n)` ends with `suffix` (ASCII), read from the last tokens' bytes without building
    /// the text.
    public func compactText(_ n: NodeID, hasSuffix suffix: StaticString) -> Bool {
        let node = nodes[n]
        var remaining = suffix.utf8CodeUnitCount
        var t = Int(node.endToken) - 1
        while remaining > 0 {
            guard t >= Int(node.firstToken) else { return false }
            let range = tokens[t].range
            let take = min(remaining, range.count)
            for k in 0..<take where file.bytes[range.upperBound - 1 - k] != suffix.utf8Start[remaining - 1 - k] {
                return false
            }
            remaining -= take
            t -= 1
        }
        return true
    }

    /// Whether the token at index `t` is exactly `literal`.
    @inlinable public func token(_ t: Int, is literal: StaticString) -> Bool { file.token(tokens[t], is: literal) }
}

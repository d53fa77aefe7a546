/// Recursive-descent parser for Swift, error tolerant: whatever it cannot parse becomes an `error` node and
/// parsing resumes at the next statement or declaration, so a half-typed buffer still yields its intact
/// declarations. Every loop advances at least one token per iteration or stops, and nesting deeper than
/// `maxDepth` is skipped by balanced-delimiter scanning into an `error` node, so no input can hang the
/// parser or overflow the stack.
public enum Parser {
    /// Nesting (of declarations, statements, expressions, types) beyond which a construct is skipped.
    /// Real code stays far below (65 at most on the 11,000 files of the benchmark corpus). At the limit the
    /// parser uses up to about 1.2 MB of stack in an optimized build and 3 MB in a debug build (nested tuple
    /// types, the worst construct; x86-64 Linux): within the 8 MB that Linux gives the main thread and
    /// Dispatch workers by default, not within a 512 KB macOS Dispatch worker.
    public static let maxDepth = 192

    public static func parse(_ file: SourceFile, skipping: BodySkipping? = nil) -> SyntaxTree {
        parse(file, tokens: Lexer.tokenize(file), skipping: skipping)
    }

    /// With `skipping`, outermost bodies that the client does not need are skipped by balanced-brace scanning
    /// (kept as empty `codeBlock`s); see `BodySkipping`. Without it, everything is parsed.
    public static func parse(_ file: SourceFile, tokens: [Token], skipping: BodySkipping? = nil) -> SyntaxTree {
        tokens.withUnsafeBufferPointer { tokenBuffer in
            file.bytes.withUnsafeBufferPointer { byteBuffer in
                var parser = ParserState(tokens: tokenBuffer, bytes: byteBuffer)
                defer { parser.deallocate() }
                if let skipping { parser.prepareBodySkipping(skipping) }
                parser.parseSourceFile()
                var tree = SyntaxTree(file: file, tokens: tokens, nodes: parser.preorderNodes(), hitDepthLimit: parser.hitDepthLimit)
                tree.notedWords = parser.notedWords
                return tree
            }
        }
    }
}

/// How a node being parsed relates to the nodes opened before and after it (see `ParserState.nodes`).
struct NodeLink {
    /// The index its subtree begins at: its own, or for a wrapped parent its first child's `subtreeStart`.
    var subtreeStart: Int32
    /// For the node a subtree began at: the parent most recently wrapped around that subtree (itself if none).
    var outermost: Int32
    /// The parent wrapped directly around this node, or -1.
    var wrappedBy: Int32 = -1
}

/// The parser's cursor and output. Productions live in extensions by grammar area.
struct ParserState {
    let tokens: UnsafeBufferPointer<Token>
    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    /// Bytes of the current token already consumed: a `>>` or `>?` closing a generic argument list is taken
    /// one `>` at a time.
    var splitOffset: UInt32 = 0
    /// Nodes in the order they were opened. A parent wrapped around a finished node (`wrap`) is appended after
    /// its child instead of inserted in front of it, so a chain of N operators or modifiers costs O(N), not
    /// O(N²) node moves; `preorderNodes()` puts every parent back in front of its first child once, at the end.
    var nodes: GrowableBuffer<Node>
    /// Per node, parallel to `nodes`: where its subtree begins and which parent was wrapped around it.
    var links: GrowableBuffer<NodeLink>
    var hasWrappedNodes = false
    var depth = 0
    var hitDepthLimit = false
    /// Non-zero while parsing a statement condition, where `{` opens the body rather than a trailing closure.
    var trailingClosureBlocked = 0
    /// Body skipping (see `BodySkipping`): on, the sorted indices of the body words' tokens, the matchers for
    /// declarations, and how many bodies enclose the cursor (only outermost bodies are skipped).
    var skipsInertBodies = false
    /// Parsing a `#if` condition, which ends with its line: a `.member` on the next line belongs to the
    /// clause's items (`#if os(macOS)` newline `.sheet { ... }`), not to the condition.
    var inIfConfigCondition = false
    var interestingTokens: [Int32] = []
    /// The noted words of `BodySkipping` and those the file mentions; nil without body skipping.
    var notedWords: (tracked: Set<String>, present: Set<String>)?
    var declarationWords = WordMatcher([])
    var typeSuffixes = WordMatcher([])
    var bodyDepth = 0
    /// Whether the accessor bodies of the property being parsed may be skipped.
    var accessorsSkippable = false

    init(tokens: UnsafeBufferPointer<Token>, bytes: UnsafeBufferPointer<UInt8>) {
        self.tokens = tokens
        self.bytes = bytes
        nodes = GrowableBuffer(capacity: tokens.count / 2 + 8)
        links = GrowableBuffer(capacity: tokens.count / 2 + 8)
    }

    /// Frees the node buffers (after `preorderNodes()` copied them out).
    func deallocate() {
        nodes.deallocate()
        links.deallocate()
    }

    // MARK: Cursor

    /// The current token (the remainder of a split one).
    var cur: Token {
        let t = tokens[pos]
        if splitOffset == 0 { return t }
        return remainderToken(t)
    }

    private func remainderToken(_ t: Token) -> Token {
        let offset = t.offset + splitOffset, length = t.length - splitOffset
        let first = bytes[Int(offset)]
        let kind: TokenKind
        if length == 1 && first == UInt8(ascii: "?") { kind = .postfixQuestionMark }
        else if length == 1 && first == UInt8(ascii: "!") { kind = .exclamationMark }
        else if length == 1 && first == UInt8(ascii: "=") { kind = .equal }
        else { kind = .binaryOperator }
        return Token(kind: kind, offset: offset, length: length, flags: [])
    }

    @inline(__always) var kind: TokenKind { splitOffset == 0 ? tokens[pos].kind : cur.kind }
    var atEOF: Bool { tokens[pos].kind == .endOfFile }

    @inline(__always) func peek(_ n: Int = 1) -> Token { tokens[min(pos + n, tokens.count - 1)] }

    @inline(__always) func at(_ k: TokenKind) -> Bool { kind == k }
    @inline(__always) func at(_ kw: Keyword) -> Bool { splitOffset == 0 && tokens[pos].keyword == kw }
    /// At an identifier-kind token spelling the contextual keyword `kw`.
    @inline(__always) func atContextual(_ kw: Keyword) -> Bool {
        splitOffset == 0 && tokens[pos].keyword == kw && tokens[pos].kind == .identifier
    }

    @inline(__always) func text(_ t: Token, is literal: StaticString) -> Bool {
        guard t.length == literal.utf8CodeUnitCount else { return false }
        let start = Int(t.offset)
        return literal.withUTF8Buffer { lit in
            for i in 0..<lit.count where bytes[start + i] != lit[i] { return false }
            return true
        }
    }

    func at(text literal: StaticString) -> Bool { text(cur, is: literal) }

    @inline(__always) func firstByte(_ t: Token) -> UInt8 { t.length > 0 ? bytes[Int(t.offset)] : 0 }

    var atStartOfLine: Bool { splitOffset == 0 && tokens[pos].isAtStartOfLine }

    /// Consumes the current token and returns its index.
    @discardableResult
    mutating func advance() -> Int {
        let i = pos
        if tokens[pos].kind != .endOfFile { pos += 1 }
        splitOffset = 0
        return i
    }

    /// Consumes the token if it is of kind `k`.
    @discardableResult
    mutating func eat(_ k: TokenKind) -> Bool {
        if at(k) { advance(); return true }
        return false
    }

    @discardableResult
    mutating func eat(_ kw: Keyword) -> Bool {
        if at(kw) { advance(); return true }
        return false
    }

    mutating func eat(text literal: StaticString) -> Bool {
        if at(text: literal) { advance(); return true }
        return false
    }

    // The cursor tests below are inlined: a call to a non-mutating method from a mutating one hands it a copy
    // of the whole parser state (217 bytes), and these run at most tokens.
    /// At an operator token that begins with `>` (a generic argument list's close).
    @inline(__always) var atRightAngle: Bool {
        let t = cur
        return (t.kind == .binaryOperator || t.kind == .postfixOperator || t.kind == .prefixOperator || t.kind == .rightAngle)
            && firstByte(t) == UInt8(ascii: ">")
    }

    /// At `<` (alone, or as the start of an operator such as `<[`), opening generic arguments.
    @inline(__always) var atLeftAngle: Bool {
        let t = cur
        return (t.kind == .binaryOperator || t.kind == .prefixOperator || t.kind == .leftAngle || t.kind == .postfixOperator)
            && t.length == 1 && firstByte(t) == UInt8(ascii: "<")
    }

    /// Consumes one `>`, splitting `>>` or `>?` if needed.
    mutating func eatRightAngle() {
        let t = cur
        if t.length <= 1 { advance() } else { splitOffset += 1 }
    }

    // MARK: Nodes

    /// Opens a node at the current token; close it with `finish`.
    mutating func start(_ kind: NodeKind, name: Int = -1) -> Int {
        let n = nodes.count
        nodes.append(Node(kind: kind, firstToken: Int32(pos), endToken: Int32(pos), size: 1, name: Int32(name)))
        links.append(NodeLink(subtreeStart: Int32(n), outermost: Int32(n)))
        return n
    }

    /// Closes node `n` at the current position (its tokens end before the current token). Its subtree is every
    /// node opened since it began: for a wrapped parent, since its first child began.
    mutating func finish(_ n: Int) {
        let endToken = splitOffset == 0 ? pos : pos + 1
        nodes[n].endToken = Int32(max(endToken, Int(nodes[n].firstToken)))
        nodes[n].size = Int32(nodes.count - Int(links[n].subtreeStart))
    }

    /// Opens a parent around the finished subtree that began at node `child` (which becomes its first child)
    /// and returns it. `child` is the index the subtree began at (`nodes.count` before it was parsed), also
    /// after other parents were wrapped around it: the new parent goes around the outermost one.
    mutating func wrap(_ child: Int, _ kind: NodeKind, name: Int = -1) -> Int {
        // Broken code can leave the child missing (`[ : e]`): the parent then starts here, with no first child.
        guard child < nodes.count else { return start(kind, name: name) }
        let current = Int(links[child].outermost)
        let first = nodes[current].firstToken
        let n = nodes.count
        nodes.append(Node(kind: kind, firstToken: first, endToken: first, size: 1, name: Int32(name)))
        links.append(NodeLink(subtreeStart: Int32(child), outermost: Int32(n)))
        links[current].wrappedBy = Int32(n)
        links[child].outermost = Int32(n)
        hasWrappedNodes = true
        return n
    }

    /// The node heading the subtree that began at `start`: `start` itself, or the last parent wrapped around it.
    func outermost(_ start: Int) -> Int { Int(links[start].outermost) }

    /// The nodes in pre-order (each parent before its children), as `SyntaxTree` holds them. Linear: each
    /// node that began a subtree is preceded by the parents wrapped around it, outermost first.
    func preorderNodes() -> [Node] {
        guard hasWrappedNodes else { return nodes.array() }
        var parents: [Int32] = []
        return [Node](unsafeUninitializedCapacity: nodes.count) { ordered, written in
            // Every node is written once: each begins a subtree or was wrapped around one (as its `wrappedBy`).
            for i in nodes.indices where links[i].subtreeStart == Int32(i) {
                var p = links[i].wrappedBy
                while p >= 0 {
                    parents.append(p)
                    p = links[Int(p)].wrappedBy
                }
                while let outer = parents.popLast() {
                    ordered.initializeElement(at: written, to: nodes[Int(outer)])
                    written += 1
                }
                ordered.initializeElement(at: written, to: nodes[i])
                written += 1
            }
        }
    }

    mutating func setName(_ n: Int, _ token: Int) { nodes[n].name = Int32(token) }

    /// A leaf node holding exactly the current token.
    @discardableResult
    mutating func leaf(_ kind: NodeKind) -> Int {
        let n = start(kind, name: pos)
        advance()
        finish(n)
        return n
    }

    // MARK: Depth and recovery

    /// Enters one level of nesting. Returns false (and skips the construct at the cursor into an error node)
    /// when the depth limit is reached; the caller must then not parse.
    mutating func enter() -> Bool {
        if depth >= Parser.maxDepth {
            hitDepthLimit = true
            skipBalancedIntoError()
            return false
        }
        depth += 1
        return true
    }

    mutating func leave() { depth -= 1 }

    /// Skips the current token, and if it opens a bracket, everything up to the matching close, into one
    /// error node. Iterative: no recursion however deep the brackets go.
    mutating func skipBalancedIntoError() {
        let n = start(.error)
        skipBalanced()
        finish(n)
    }

    /// Braces are counted apart from parentheses and brackets, and a `}` that closes a brace opened before the
    /// skip ends it unconsumed: an unclosed `(` in a block (`f(a` while typing) must not swallow the block's `}`
    /// and the declarations after it. Braces then pair exactly as `matchingBrace` pairs them, which keeps the
    /// facts of a file the same whether its inert bodies are parsed or skipped by brace matching.
    mutating func skipBalanced() {
        var brackets = 0, braces = 0
        var consumed = false
        repeat {
            switch kind {
            case .leftParen, .leftSquare: brackets += 1
            case .rightParen, .rightSquare: brackets -= 1
            case .leftBrace: braces += 1
            case .rightBrace:
                if braces == 0 && consumed { return }
                braces -= 1
            case .endOfFile: return
            default: break
            }
            advance()
            consumed = true
        } while brackets > 0 || braces > 0
    }

    /// Skips tokens into an error node until one that can start a statement or declaration at the start of a
    /// line, or a closing brace. Always consumes at least one token unless at EOF or `}`.
    mutating func recoverToNextItem() {
        if atEOF || at(.rightBrace) { return }
        let n = start(.error)
        repeat {
            if at(.leftParen) || at(.leftBrace) || at(.leftSquare) { skipBalanced() } else { advance() }
        } while !atEOF && !at(.rightBrace) && !(atStartOfLine && (atDeclStart || atStatementKeyword)) && !at(.semicolon)
        finish(n)
    }

    // MARK: File

    mutating func parseSourceFile() {
        let root = start(.sourceFile)
        if at(.shebang) { advance() }
        parseItems(untilRightBrace: false, inTypeBody: false)
        while !atEOF {
            // A stray `}` at file level.
            let e = start(.error)
            advance()
            finish(e)
            parseItems(untilRightBrace: false, inTypeBody: false)
        }
        finish(root)
    }

    /// Statements and declarations up to `}` (not consumed) or EOF. `inTypeBody` makes `case` an enum case.
    mutating func parseItems(untilRightBrace: Bool, inTypeBody: Bool) {
        while !atEOF {
            if at(.rightBrace) { return }
            if eat(.semicolon) { continue }
            let before = pos, beforeSplit = splitOffset
            parseItem(inTypeBody: inTypeBody)
            if pos == before && splitOffset == beforeSplit {
                // Nothing could be parsed here: never loop in place.
                let e = start(.error)
                advance()
                finish(e)
            }
        }
    }

    mutating func parseItem(inTypeBody: Bool) {
        if at(.poundIf) {
            if ifConfigAttributesAhead() { parseDecl(inTypeBody: inTypeBody) } else { parseIfConfig(inTypeBody: inTypeBody) }
            return
        }
        if atDeclStart || (inTypeBody && at(.case)) {
            parseDecl(inTypeBody: inTypeBody)
        } else if inTypeBody && !atStatementKeyword && !isExpressionStart {
            recoverToNextItem()
        } else {
            parseStatement()
        }
    }
}

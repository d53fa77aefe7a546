// swift-syntax (603.0.1) translated into the oracle's vocabulary: its lexer's token stream and an outline
// built from its tree with the rules FlowLint's `SyntaxTree.outline()` follows.

import OracleCore
@_spi(Testing) @_spi(RawSyntax) import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

public enum SwiftSyntaxSide {
    // MARK: Tokens

    static func kindClass(_ k: RawTokenKind) -> KindClass? {
        switch k {
        case .endOfFile: return nil
        case .identifier, .keyword, .dollarIdentifier, .wildcard: return .word
        case .integerLiteral: return .int
        case .floatLiteral: return .float
        case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .stringSegment: return .string
        case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern: return .regex
        case .poundIf, .poundElseif, .poundElse, .poundEndif, .poundSourceLocation, .poundAvailable, .poundUnavailable:
            return .directive
        case .shebang: return .shebang
        case .unknown: return .unknown
        default: return .punct
        }
    }

    /// swift-syntax's lexer over the whole buffer, as the standalone lexer sees it (no parser re-lexing).
    public static func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [OToken] {
        var out: [OToken] = []
        out.reserveCapacity(bytes.count / 4)
        var tracker = LookaheadTracker()
        withUnsafeMutablePointer(to: &tracker) { tp in
            var pos = 0
            for lexeme in Lexer.tokenize(bytes, from: 0, lookaheadTracker: tp, experimentalFeatures: []) {
                let start = pos + lexeme.leadingTriviaByteLengthForOracle
                pos += lexeme.byteLength
                guard let c = kindClass(lexeme.rawTokenKind) else { break }
                // Zero-length lexemes (the empty string segment before an interpolation at the start of a
                // string, ...) carry no bytes; FlowLint emits no empty tokens. Not compared.
                var length = lexeme.tokenText.count
                // An escaped newline in a multiline string (`\` + newline) is trailing trivia of the segment
                // before it in swift-syntax; FlowLint keeps it in the segment (gaps hold only whitespace and
                // comments). Count it in the segment.
                if lexeme.rawTokenKind == .stringSegment { length = lexeme.byteLength - lexeme.leadingTriviaByteLengthForOracle }
                if length == 0 { continue }
                out.append(OToken(kind: c, offset: start, length: length, detail: "\(lexeme.rawTokenKind)"))
            }
        }
        return out
    }

    /// Iterates all lexemes and returns how many there were (for the benchmark: no array is built).
    public static func countTokens(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var tracker = LookaheadTracker()
        return withUnsafeMutablePointer(to: &tracker) { tp in
            var n = 0
            for lexeme in Lexer.tokenize(bytes, from: 0, lookaheadTracker: tp, experimentalFeatures: []) {
                n += 1
                if lexeme.rawTokenKind == .endOfFile { break }
            }
            return n
        }
    }

    // MARK: Parse

    /// Parses and returns the number of top-level items (for the benchmark).
    public static func parseCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        Parser.parse(source: bytes).statements.count
    }

    /// The outline of a file, and whether swift-syntax's tree has errors (missing/unexpected nodes).
    public static func outline(_ bytes: UnsafeBufferPointer<UInt8>) -> (entries: [OEntry], hasError: Bool) {
        let tree = Parser.parse(source: bytes)
        var b = OutlineBuilder(lines: Lines(bytes))
        for item in tree.statements { b.item(item.item) }
        return (b.entries, tree.hasError)
    }
}

extension Lexer.Lexeme {
    /// `leadingTriviaByteLength` is internal; the text range's lower bound is the same number.
    var leadingTriviaByteLengthForOracle: Int { textRange.lowerBound }
}

/// The outline rules (also in Tools/SyntaxOracle/README.md):
/// - one entry per declaration at file level, in type / extension / protocol member blocks and in every clause
///   of an `#if` there; never inside function, initializer, accessor or closure bodies;
/// - kind: import struct class enum actor protocol extension func init deinit subscript var let typealias
///   associatedtype case macro operator precedencegroup #macro;
/// - line: the line of the declaration's first token (its first attribute or modifier if any).
struct OutlineBuilder {
    let lines: Lines
    var entries: [OEntry] = []

    mutating func item(_ item: CodeBlockItemSyntax.Item) {
        switch item {
        case .decl(let d): decl(d)
        case .expr(let e):
            // `#Preview { }` at file level may come out as an expression statement.
            if let m = e.as(MacroExpansionExprSyntax.self) {
                add("#macro", unbacktick(m.macroName.text), attributes: [], at: Syntax(m))
            }
        case .stmt: break
        }
    }

    mutating func members(_ block: MemberBlockSyntax) {
        for m in block.members { decl(m.decl) }
    }

    mutating func add(_ kind: String, _ name: String, attributes: [String], at node: Syntax) {
        let line = lines.line(of: node.positionAfterSkippingLeadingTrivia.utf8Offset)
        entries.append(OEntry(kind: kind, name: name, attributes: attributes, line: line))
    }

    mutating func decl(_ d: DeclSyntax) {
        let node = Syntax(d)
        switch d.as(DeclSyntaxEnum.self) {
        case .ifConfigDecl(let x):
            for clause in x.clauses {
                switch clause.elements {
                case .statements(let list)?: for i in list { item(i.item) }
                case .decls(let list)?: for m in list { decl(m.decl) }
                default: break
                }
            }
        case .importDecl(let x):
            add("import", x.path.map { unbacktick($0.name.text) }.joined(separator: "."), attributes: attrs(x.attributes), at: node)
        case .structDecl(let x):
            add("struct", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
            members(x.memberBlock)
        case .classDecl(let x):
            add("class", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
            members(x.memberBlock)
        case .enumDecl(let x):
            add("enum", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
            members(x.memberBlock)
        case .actorDecl(let x):
            add("actor", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
            members(x.memberBlock)
        case .protocolDecl(let x):
            add("protocol", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
            members(x.memberBlock)
        case .extensionDecl(let x):
            add("extension", noSpace(x.extendedType.trimmedDescription), attributes: attrs(x.attributes), at: node)
            members(x.memberBlock)
        case .functionDecl(let x):
            add("func", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
        case .initializerDecl(let x):
            add("init", "init", attributes: attrs(x.attributes), at: node)
        case .deinitializerDecl(let x):
            add("deinit", "deinit", attributes: attrs(x.attributes), at: node)
        case .subscriptDecl(let x):
            add("subscript", "subscript", attributes: attrs(x.attributes), at: node)
        case .variableDecl(let x):
            let kind = x.bindingSpecifier.text  // var, let (or inout/_mutating/... in odd code)
            let a = attrs(x.attributes)
            for binding in x.bindings {
                for name in boundNames(binding.pattern) { add(kind, name, attributes: a, at: node) }
            }
        case .typeAliasDecl(let x):
            add("typealias", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
        case .associatedTypeDecl(let x):
            add("associatedtype", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
        case .enumCaseDecl(let x):
            let a = attrs(x.attributes)
            for el in x.elements { add("case", unbacktick(el.name.text), attributes: a, at: node) }
        case .macroDecl(let x):
            add("macro", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
        case .operatorDecl(let x):
            add("operator", unbacktick(x.name.text), attributes: [], at: node)
        case .precedenceGroupDecl(let x):
            add("precedencegroup", unbacktick(x.name.text), attributes: attrs(x.attributes), at: node)
        case .macroExpansionDecl(let x):
            add("#macro", unbacktick(x.macroName.text), attributes: attrs(x.attributes), at: node)
        default:
            break  // #sourceLocation, missing / placeholder declarations, ...
        }
    }

    func boundNames(_ p: PatternSyntax) -> [String] {
        if let id = p.as(IdentifierPatternSyntax.self) { return [unbacktick(id.identifier.text)] }
        if let t = p.as(TuplePatternSyntax.self) { return t.elements.flatMap { boundNames($0.pattern) } }
        if let v = p.as(ValueBindingPatternSyntax.self) { return boundNames(v.pattern) }
        return []  // `_`, expression patterns
    }

    /// Attribute names in order, without `@` or arguments; attributes inside `#if` clauses of an attribute list
    /// are taken from every clause, in order.
    func attrs(_ list: AttributeListSyntax) -> [String] {
        var out: [String] = []
        for el in list {
            switch el {
            case .attribute(let a):
                var name = noSpace(a.attributeName.trimmedDescription)
                if let lt = name.firstIndex(of: "<") { name = String(name[..<lt]) }
                out.append(name)
            case .ifConfigDecl(let x):
                for clause in x.clauses {
                    if case .attributes(let inner)? = clause.elements { out += attrs(inner) }
                }
            }
        }
        return out
    }

    /// Names lose their backticks (`` `default` `` → `default`), as FlowLint's `SyntaxTree.name(_:)` does.
    func unbacktick(_ s: String) -> String {
        s.count >= 2 && s.hasPrefix("`") && s.hasSuffix("`") ? String(s.dropFirst().dropLast()) : s
    }

    func noSpace(_ s: String) -> String { String(s.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)) }
}

/// One lexeme of Swift source: a kind and a byte range. No text is copied; ask the `SourceFile` for it.
///
/// Trivia (whitespace, newlines, comments) is not tokenized: it is the gap between one token's end and
/// the next token's start. `Trivia.pieces(in:)` splits a gap into pieces when someone needs them
/// (suppression comments, docs). Every byte of the input is either inside a token or inside a gap, which
/// is what makes the token stream lossless.
public struct Token: Equatable, Sendable, BitwiseCopyable {
    /// Byte offset of the first byte of the token in the file.
    public var offset: UInt32
    /// Length of the token in bytes.
    public var length: UInt32
    public var kind: TokenKind
    /// For `.keyword` tokens the keyword; for `.identifier` tokens the contextual keyword it spells, if any
    /// (`some`, `get`, `willSet`, ...), so the parser can test it without comparing bytes.
    public var keyword: Keyword
    public var flags: TokenFlags

    public init(kind: TokenKind, offset: UInt32, length: UInt32, keyword: Keyword = .none, flags: TokenFlags = []) {
        self.kind = kind
        self.offset = offset
        self.length = length
        self.keyword = keyword
        self.flags = flags
    }

    @inlinable public var end: UInt32 { offset + length }
    @inlinable public var range: Range<Int> { Int(offset)..<Int(offset + length) }
    @inlinable public var isAtStartOfLine: Bool { flags.contains(.atStartOfLine) }
}

public struct TokenFlags: OptionSet, Equatable, Sendable, BitwiseCopyable {
    public var rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The trivia before this token holds a newline (or the token starts the file).
    public static let atStartOfLine = TokenFlags(rawValue: 1 << 0)
    /// The trivia before this token is not empty.
    public static let leadingTrivia = TokenFlags(rawValue: 1 << 1)
    /// The lexer found a problem with this token (unterminated string or comment, bad number, ...).
    public static let malformed = TokenFlags(rawValue: 1 << 2)
}

/// Token kinds. They follow the lexeme kinds of Swift's own lexer (swift-syntax), so that the differential
/// oracle can compare token streams one to one.
public enum TokenKind: UInt8, Sendable, CaseIterable, BitwiseCopyable {
    case endOfFile
    case identifier          // foo, `foo`, Ünïcode, contextual keywords
    case keyword             // reserved words: struct, var, if, self, true, ...
    case dollarIdentifier    // $0, $name
    case wildcard            // _
    case integerLiteral
    case floatLiteral
    case stringQuote         // "
    case multilineStringQuote // """
    case singleQuote         // '
    case rawStringPoundDelimiter // the #s around a raw string, and the # of \#( in one
    case stringSegment       // literal text inside a string
    case backslash           // the \ that opens an interpolation \(
    case regexSlash          // / around a regex literal
    case regexPoundDelimiter // the #s around an extended regex literal
    case regexLiteralPattern // the body of a regex literal
    case leftParen, rightParen
    case leftBrace, rightBrace
    case leftSquare, rightSquare
    case leftAngle, rightAngle
    case period              // .
    case comma, colon, semicolon
    case equal               // = (assignment; `==` is an operator)
    case atSign              // @
    case pound               // # before a macro or directive name
    case prefixAmpersand     // &x
    case arrow               // ->
    case backtick
    case exclamationMark     // postfix ! (force unwrap)
    case postfixQuestionMark // x?
    case infixQuestionMark   // a ? b : c
    case ellipsis
    case prefixOperator, postfixOperator, binaryOperator
    case poundIf, poundElseif, poundElse, poundEndif
    case poundSourceLocation, poundAvailable, poundUnavailable
    case shebang
    case unknown             // bytes that start no token (stray `\`, control characters, invalid UTF-8, ...)
}

/// Keywords, reserved and contextual. `none` is 0 so that a plain identifier costs nothing.
public enum Keyword: UInt8, Sendable, CaseIterable, BitwiseCopyable {
    case none = 0
    // Reserved: lexed as `.keyword`.
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`, `init`
    case `inout`, `internal`, `let`, `operator`, `private`, `precedencegroup`, `protocol`, `public`
    case `rethrows`, `static`, `struct`, `subscript`, `typealias`, `var`
    case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`, `for`
    case `guard`, `if`, `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
    case `as`, `Any`, `false`, `is`, `nil`, `self`, `Self`, `super`, `throws`, `true`, `try`
    // Contextual: lexed as `.identifier` with this keyword attached.
    case `actor`, `async`, `await`, `convenience`, `didSet`, `dynamic`, `final`, `get`, `indirect`
    case `infix`, `lazy`, `mutating`, `nonmutating`, `open`, `optional`, `override`, `postfix`, `prefix`
    case `required`, `set`, `some`, `any`, `unowned`, `weak`, `willSet`, `package`, `nonisolated`
    case `distributed`, `isolated`, `sending`, `consuming`, `borrowing`, `consume`, `copy`, `each`
    case `macro`, `then`, `discard`, `Type`, `Protocol`, `modify`, `read`, `_modify`, `_read`
    case `unsafeAddress`, `unsafeMutableAddress`

    /// The keywords that Swift's lexer itself reserves (everything else is contextual).
    @inlinable public var isReserved: Bool { rawValue >= Keyword.associatedtype.rawValue && rawValue <= Keyword.try.rawValue }
}

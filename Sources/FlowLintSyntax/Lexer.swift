// FlowLint's Swift tokenizer.
//
// One pass over the bytes; tokens are appended to an array as they are found. Lexeme boundaries follow
// swift-syntax's lexer (so the differential oracle can compare the two), but the machinery is our own:
// a small value-type cursor, a switch on the first byte, and an explicit state stack for string
// literals and their interpolations (so `"\("\("...` nested a hundred thousand deep costs heap, not stack).
//
// Trivia is not tokenized: it is the gap between tokens (see `Trivia.pieces`). Anything that is not
// whitespace, a newline, a comment or a byte order mark becomes a token, `.unknown` if nothing else fits.

public enum Lexer {
    /// Tokenizes `bytes`. The result always ends with one `.endOfFile` token at `bytes.count`.
    public static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        precondition(bytes.count < Int(UInt32.max), "FlowLint lexes files smaller than 4 GiB")
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            return [Token(kind: .endOfFile, offset: 0, length: 0, flags: [.atStartOfLine])]
        }
        var tokenizer = Tokenizer(base: base, count: bytes.count)
        defer { tokenizer.tokens.deallocate() }
        tokenizer.run()
        return tokenizer.tokens.array()
    }

    public static func tokenize(_ file: SourceFile) -> [Token] {
        file.bytes.withUnsafeBufferPointer { tokenize($0) }
    }
}

/// What the lexer is in the middle of, beyond plain code. The bottom of the stack (empty stack) is code.
enum LexState {
    /// Inside the body of a string literal opened with `pounds` `#`s.
    case string(kind: StringKind, pounds: Int)
    /// Inside `\(...)` of a string; `parenDepth` counts the `(` opened inside it and not yet closed.
    case interpolation(parenDepth: Int, inSingleLineString: Bool)
}

enum StringKind {
    case singleLine   // "..."
    case multiLine    // """..."""
    case singleQuote  // '...' (not valid Swift, but lexed like swift-syntax does for recovery)
}

struct Tokenizer {
    var cur: LexerCursor
    var tokens: GrowableBuffer<Token>
    var stack: [LexState] = []
    /// Kind and keyword of the last token appended; regex and number lexing look back at it.
    var lastKind: TokenKind = .endOfFile
    var lastKeyword: Keyword = .none
    /// Flags the gap before the next token earned (newline seen, non-empty).
    var pendingFlags: TokenFlags = [.atStartOfLine]
    /// Set after `try?` / `try!`: the next `/` prefers to start a regex (see `operatorAsRegex`).
    var preferRegexNext = false

    // Memory of look-ahead scans that failed, so that input repeating the same opener (`<<<<<<< `, `“`,
    // `<#`, `#/`, `#####`) costs linear time, not quadratic. Each records a region where any later scan of
    // the same kind must fail the same way.
    /// End of the last run of `#`s counted by `lexPound`.
    var poundRunEnd = -1
    /// Conflict marker searches (normal, Perforce) that found no terminator from this index on.
    var conflictSearchFailedFrom = (Int.max, Int.max)
    /// A `<#` look-ahead for `#>` failed from `lowerBound` to the end of the line at `upperBound`.
    var placeholderScanFailed = 0..<0
    /// A curly-quote look-ahead failed in this region.
    var curlyQuoteScanFailed = 0..<0
    /// A multi-line regex literal opened at or after `from` with at least `pounds` `#`s has no end.
    var unterminatedRegex = (from: Int.max, pounds: Int.max)

    init(base: UnsafePointer<UInt8>, count: Int) {
        cur = LexerCursor(base: base, count: count, pos: 0)
        // Swift averages about 8 bytes per token (5 in the densest 5% of files). The buffer lives only while
        // the file is lexed (the result is an exact-size copy), so it is sized for the dense files: most files
        // never grow it, and one that does doubles it.
        tokens = GrowableBuffer(capacity: count / 5 + 16)
    }

    // MARK: Emitting

    /// Appends a token for `start..<cur.pos`.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, from start: Int, keyword: Keyword = .none, malformed: Bool = false) {
        var flags = pendingFlags
        if malformed { flags.insert(.malformed) }
        tokens.append(Token(kind: kind, offset: UInt32(truncatingIfNeeded: start),
                            length: UInt32(truncatingIfNeeded: cur.pos - start), keyword: keyword, flags: flags))
        pendingFlags = []
        lastKind = kind
        lastKeyword = keyword
    }

    /// Appends a token for `start..<end` and moves the cursor to `end`.
    @inline(__always)
    mutating func emit(_ kind: TokenKind, _ start: Int, _ end: Int, malformed: Bool = false) {
        cur.pos = end
        emit(kind, from: start, malformed: malformed)
    }

    mutating func markLastTokenMalformed() {
        if !tokens.isEmpty { tokens[tokens.count - 1].flags.insert(.malformed) }
    }

    // MARK: Driver

    mutating func run() {
        while true {
            guard let state = stack.last else {
                // Plain code: the hot loop.
                skipTrivia(allowNewlines: true)
                if cur.isAtEnd { break }
                lexToken()
                continue
            }
            switch state {
            case .string(let kind, let pounds):
                lexStringBody(kind: kind, pounds: pounds)
            case .interpolation(let depth, let singleLine):
                lexInInterpolation(parenDepth: depth, inSingleLineString: singleLine)
            }
        }
        if !stack.isEmpty {
            // Ran out of input inside a string literal.
            markLastTokenMalformed()
            stack.removeAll()
        }
        emit(.endOfFile, from: cur.count)
    }

    /// One token (or a few, for regex and string openings) inside `\(...)`, tracking parentheses so the
    /// closing `)` of the interpolation returns to the string.
    mutating func lexInInterpolation(parenDepth: Int, inSingleLineString: Bool) {
        skipTrivia(allowNewlines: !inSingleLineString)
        if cur.isAtEnd {
            stack.removeAll()
            markLastTokenMalformed()
            return
        }
        let start = cur.pos
        switch cur.base[start] {
        case Byte.lineFeed, Byte.carriageReturn:
            // A single-line string cannot continue past the end of the line: drop the interpolation and
            // the string, and go on lexing the next line as code.
            stack.removeLast(2)
            markLastTokenMalformed()
            // swift-syntax ends the string with (empty) segments here; what follows sees a string before it.
            lastKind = .stringSegment
            lastKeyword = .none
        case Byte.leftParen:
            emit(.leftParen, start, start + 1)
            stack[stack.count - 1] = .interpolation(parenDepth: parenDepth + 1, inSingleLineString: inSingleLineString)
        case Byte.rightParen:
            emit(.rightParen, start, start + 1)
            if parenDepth == 0 {
                stack.removeLast()
            } else {
                stack[stack.count - 1] = .interpolation(parenDepth: parenDepth - 1, inSingleLineString: inSingleLineString)
            }
        default:
            lexToken()
        }
    }

    // MARK: Trivia

    /// Skips whitespace, comments and byte order marks (and newlines if allowed), recording in
    /// `pendingFlags` what the gap held.
    @inline(__always)
    mutating func skipTrivia(allowNewlines: Bool) {
        let start = cur.pos
        var sawNewline = false
        let base = cur.base, count = cur.count
        var i = start
        scan: while i < count {
            switch base[i] {
            case Byte.space, Byte.tab, Byte.verticalTab, Byte.formFeed:
                i = LexerCursor.endOfSpaces(base, count: count, from: i + 1)
            case Byte.lineFeed, Byte.carriageReturn:
                if !allowNewlines { break scan }
                sawNewline = true
                i = LexerCursor.endOfSpaces(base, count: count, from: i + 1)
            case Byte.slash:
                let next = i + 1 < count ? base[i + 1] : 0
                if next == Byte.slash {
                    i = LexerCursor.endOfLine(base, count: count, from: i + 2)
                } else if next == Byte.star {
                    let end = Trivia.endOfBlockComment(base, count: count, from: i)
                    if end.sawNewline { sawNewline = true }
                    if !end.terminated { pendingFlags.insert(.malformed) }
                    i = end.end
                } else {
                    break scan
                }
            case 0xEF:
                if i + 2 < count && base[i + 1] == 0xBB && base[i + 2] == 0xBF {
                    i += 3
                } else {
                    break scan
                }
            default:
                break scan
            }
        }
        cur.pos = i
        if i > start {
            pendingFlags.insert(.leadingTrivia)
            if sawNewline { pendingFlags.insert(.atStartOfLine) }
        }
    }

    // MARK: Tokens in code

    /// Lexes one token of code at the cursor (which is not at the end and not at trivia). Always advances.
    mutating func lexToken() {
        let start = cur.pos
        let b = cur.base[start]
        let preferRegex = preferRegexNext
        preferRegexNext = false
        switch b {
        case 0x61...0x7A, 0x41...0x5A, Byte.underscore:
            lexIdentifier(from: start)
        case 0x30...0x39:
            lexNumber(from: start)
        case Byte.leftParen: emit(.leftParen, start, start + 1)
        case Byte.rightParen: emit(.rightParen, start, start + 1)
        case Byte.leftBrace: emit(.leftBrace, start, start + 1)
        case Byte.rightBrace: emit(.rightBrace, start, start + 1)
        case Byte.leftSquare: emit(.leftSquare, start, start + 1)
        case Byte.rightSquare: emit(.rightSquare, start, start + 1)
        case Byte.comma: emit(.comma, start, start + 1)
        case Byte.semicolon: emit(.semicolon, start, start + 1)
        case Byte.colon: emit(.colon, start, start + 1)
        case Byte.at: emit(.atSign, start, start + 1)
        case Byte.backslash: emit(.backslash, start, start + 1)
        case Byte.dollar:
            lexDollarIdentifier(from: start)
        case Byte.quote, Byte.apostrophe:
            lexStringOpening(quoteAt: start, pounds: 0)
        case Byte.pound:
            lexPound(from: start)
        case Byte.backtick:
            lexBacktick(from: start)
        case Byte.exclamation, Byte.question:
            if cur.isLeftBound(start) {
                // Postfix `!` / `?` is always a single character.
                if lastKind == .keyword && lastKeyword == .try { preferRegexNext = true }
                emit(b == Byte.exclamation ? .exclamationMark : .postfixQuestionMark, start, start + 1)
            } else {
                lexOperator(from: start, preferRegex: preferRegex)
            }
        case Byte.lessThan:
            if cur.byte(at: start + 1) == Byte.pound, let end = editorPlaceholderEnd(from: start) {
                emit(.identifier, start, end)
            } else if let end = conflictMarkerEnd(at: start) {
                emit(.unknown, start, end, malformed: true)
            } else {
                lexOperator(from: start, preferRegex: preferRegex)
            }
        case Byte.greaterThan:
            if let end = conflictMarkerEnd(at: start) {
                emit(.unknown, start, end, malformed: true)
            } else {
                lexOperator(from: start, preferRegex: preferRegex)
            }
        case Byte.slash, Byte.equal, Byte.minus, Byte.plus, Byte.star, Byte.percent, Byte.ampersand,
             Byte.pipe, Byte.caret, Byte.tilde, Byte.period:
            lexOperator(from: start, preferRegex: preferRegex)
        default:
            lexOtherCharacter(from: start, preferRegex: preferRegex)
        }
    }

    /// Non-ASCII characters and ASCII control characters.
    mutating func lexOtherCharacter(from start: Int, preferRegex: Bool) {
        let b = cur.base[start]
        if b < 0x80 {
            // NUL and other control characters: not allowed in Swift source.
            emit(.unknown, start, start + 1, malformed: true)
            return
        }
        let scalar = cur.decodeScalar(at: start)
        guard scalar.isValid else {
            emit(.unknown, start, start + scalar.length, malformed: true)
            return
        }
        let c = scalar.value
        if CodePoint.isIdentifierStart(c) {
            lexIdentifier(from: start)
        } else if CodePoint.isOperatorStart(c) {
            lexOperator(from: start, preferRegex: preferRegex)
        } else if CodePoint.isIdentifierContinuation(c) {
            // A combining mark cannot start an identifier; recover by lexing one anyway.
            cur.pos = start + scalar.length
            cur.advanceOverIdentifierCharacters()
            emit(.identifier, from: start, malformed: true)
        } else if c == 0xA0 {
            // Non-breaking spaces: not whitespace to Swift.
            var end = start + 2
            while cur.byte(at: end) == 0xC2 && cur.byte(at: end + 1) == 0xA0 { end += 2 }
            emit(.unknown, start, end, malformed: true)
        } else if c == 0x201C {
            // “curly quoted text”: lexed as one (malformed) identifier, as swift-syntax does for recovery.
            emit(.identifier, start, curlyQuoteStringEnd(after: start + scalar.length), malformed: true)
        } else {
            emit(.unknown, start, start + scalar.length, malformed: true)
        }
    }

    // MARK: Identifiers and keywords

    mutating func lexIdentifier(from start: Int) {
        cur.pos = start
        cur.advanceOverIdentifierCharacters()
        let length = cur.pos - start
        if length == 1 && cur.base[start] == Byte.underscore {
            emit(.wildcard, from: start)
            return
        }
        let keyword = Keyword.lookup(cur.base + start, length: length, readable: cur.count - start)
        emit(keyword.isReserved ? .keyword : .identifier, from: start, keyword: keyword)
    }

    /// `$0` is a dollar identifier; so is `$name` (a property wrapper's projected value). A lone `$` is an
    /// identifier.
    mutating func lexDollarIdentifier(from start: Int) {
        cur.pos = start + 1
        cur.advanceOverIdentifierCharacters()
        emit(cur.pos == start + 1 ? .identifier : .dollarIdentifier, from: start)
    }

    /// `` `name` `` is one identifier token including the backticks (Swift 6 raw identifiers may hold
    /// spaces and operators too). A backtick with no partner on its line is a `.backtick` token.
    mutating func lexBacktick(from start: Int) {
        var i = start + 1
        var malformed = false
        var sawNonWhitespace = false
        var sawNonOperator = false
        while i < cur.count {
            let b = cur.base[i]
            if b == Byte.backtick || b == Byte.lineFeed || b == Byte.carriageReturn { break }
            let s = cur.decodeScalar(at: i)
            if !s.isValid || s.value == 0x5C || (s.value < 0x20 || s.value == 0x7F) || isForbiddenRawIdentifierWhitespace(s.value) {
                malformed = true
            }
            if s.value != 0x20 && s.value != 0x200E && s.value != 0x200F { sawNonWhitespace = true }
            if (i == start + 1 && !CodePoint.isOperatorStart(s.value)) || !CodePoint.isOperatorContinuation(s.value) {
                sawNonOperator = true
            }
            i += s.length
        }
        if cur.byte(at: i) == Byte.backtick && i < cur.count {
            let empty = i == start + 1
            emit(.identifier, start, i + 1, malformed: malformed || empty || !sawNonWhitespace || !sawNonOperator)
        } else if cur.matches("`$`", at: start) {
            emit(.identifier, start, start + 3)
        } else {
            emit(.backtick, start, start + 1)
        }
    }

    private func isForbiddenRawIdentifierWhitespace(_ c: UInt32) -> Bool {
        (0x09...0x0D).contains(c) || c == 0x85 || c == 0xA0 || c == 0x1680 || (0x2000...0x200A).contains(c)
            || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000
    }

    // MARK: `#`

    /// `#!` shebang, raw string delimiters, `#/regex/#`, `#if` and friends, or a lone `#` before a macro
    /// name (`#Preview`, `#selector`, `#file`).
    mutating func lexPound(from start: Int) {
        if start == 0 && cur.byte(at: 1) == Byte.exclamation {
            cur.pos = start
            cur.advanceToEndOfLine()
            emit(.shebang, from: start)
            return
        }
        var i = start
        if start < poundRunEnd {
            i = poundRunEnd  // inside a run of `#`s already counted
        } else {
            while cur.byte(at: i) == Byte.pound && i < cur.count { i += 1 }
            poundRunEnd = i
        }
        if cur.byte(at: i) == Byte.quote && i < cur.count {
            emit(.rawStringPoundDelimiter, start, i)
            lexStringOpening(quoteAt: i, pounds: i - start)
            return
        }
        if cur.byte(at: i) == Byte.slash && i < cur.count, let regex = scanRegex(at: start, mustBeRegex: true) {
            emitRegex(regex, start: start)
            return
        }
        var end = start + 1
        while end < cur.count && isASCIIIdentifierStart(cur.base[end]) { end += 1 }
        let kind: TokenKind
        switch end - start - 1 {
        case 2 where cur.matches("if", at: start + 1): kind = .poundIf
        case 4 where cur.matches("else", at: start + 1): kind = .poundElse
        case 5 where cur.matches("endif", at: start + 1): kind = .poundEndif
        case 6 where cur.matches("elseif", at: start + 1): kind = .poundElseif
        case 9 where cur.matches("available", at: start + 1): kind = .poundAvailable
        case 11 where cur.matches("unavailable", at: start + 1): kind = .poundUnavailable
        case 14 where cur.matches("sourceLocation", at: start + 1): kind = .poundSourceLocation
        default:
            emit(.pound, start, start + 1)
            return
        }
        emit(kind, start, end)
    }

    // MARK: Editor placeholders, conflict markers, curly quotes

    /// End of `<#...#>` starting at `start`, or nil if it is not closed on this line.
    func editorPlaceholderEnd(from start: Int) -> Int? {
        var i = start + 2
        while i < cur.count {
            let b = cur.base[i]
            i += 1
            if b == Byte.lineFeed { return nil }
            if b == Byte.lessThan && cur.byte(at: i) == Byte.pound && i < cur.count { return nil }
            if b == Byte.pound && cur.byte(at: i) == Byte.greaterThan && i < cur.count { return i + 1 }
        }
        return nil
    }

    /// A version-control conflict marker at the start of a line (`<<<<<<< ` ... `>>>>>>> ...`, or Perforce's
    /// `>>>> ` ... `<<<<`): the end of its closing line, or nil.
    mutating func conflictMarkerEnd(at start: Int) -> Int? {
        let previous = cur.byte(at: start - 1)
        guard start == 0 || previous == Byte.lineFeed || previous == Byte.carriageReturn else { return nil }
        let introducerLength: Int
        let terminator: StaticString
        let isPerforce: Bool
        if cur.matches("<<<<<<< ", at: start) {
            introducerLength = 8
            terminator = ">>>>>>> "
            isPerforce = false
        } else if cur.matches(">>>> ", at: start) {
            introducerLength = 5
            terminator = "<<<<\n"
            isPerforce = true
        } else {
            return nil
        }
        var i = start + introducerLength
        if i >= (isPerforce ? conflictSearchFailedFrom.1 : conflictSearchFailedFrom.0) { return nil }
        let searchStart = i
        while i < cur.count {
            let previous = cur.base[i - 1]
            if (previous == Byte.lineFeed || previous == Byte.carriageReturn) && cur.matches(terminator, at: i) {
                var end = LexerCursor(base: cur.base, count: cur.count, pos: i + terminator.utf8CodeUnitCount)
                end.advanceToEndOfLine()
                return end.pos
            }
            i += 1
        }
        if isPerforce { conflictSearchFailedFrom.1 = searchStart } else { conflictSearchFailedFrom.0 = searchStart }
        return nil
    }

    /// After `“`: the end of the curly-quoted text if it closes on this line (with `”` or `"`), otherwise
    /// just past the opening quote.
    mutating func curlyQuoteStringEnd(after i: Int) -> Int {
        // A later scan starting inside a failed one stays in step with it (it starts after a `“`, never in
        // the middle of an escape), so it would fail at the same place.
        if curlyQuoteScanFailed.contains(i) { return i }
        var j = i
        while j < cur.count {
            let b = cur.base[j]
            if b == Byte.backslash {
                if cur.byte(at: j + 1) == Byte.leftParen { break }
                j += 2
                continue
            }
            if b == Byte.quote { return j + 1 }
            if b == 0xE2 && cur.byte(at: j + 1) == 0x80 && cur.byte(at: j + 2) == 0x9D { return j + 3 }
            if b < 0x20 || b == Byte.delete { break }  // includes the end of the line
            j += 1
        }
        curlyQuoteScanFailed = i..<max(j, i + 1)
        return i
    }
}


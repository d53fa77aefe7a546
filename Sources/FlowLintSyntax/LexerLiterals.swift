// Number, string and regex literals.

// MARK: - Numbers

extension Tokenizer {
    /// Skips identifier characters glued to a number (`12abc`, `0xZZ`): they make it malformed.
    @inline(__always)
    private mutating func absorbInvalidDigits() -> Bool {
        let before = cur.pos
        cur.advanceOverIdentifierCharacters()
        return cur.pos != before
    }

    /// Integer and float literals: `42`, `1_000`, `0b1010`, `0o17`, `0xFF`, `1.5e-3`, `0x1p-2`.
    /// `1.foo` and `1..<2` are an integer followed by more tokens; `.5` is not lexed here at all.
    mutating func lexNumber(from start: Int) {
        cur.pos = start
        let second = cur.byte(at: start + 1)
        if cur.base[start] == Byte.zero && start + 1 < cur.count {
            if second == UInt8(ascii: "x") { lexHexNumber(from: start); return }
            if second == UInt8(ascii: "o") || second == UInt8(ascii: "b") {
                let isOctal = second == UInt8(ascii: "o")
                let isRadixDigit: (UInt8) -> Bool = isOctal ? { $0 &- 0x30 < 8 } : { $0 &- 0x30 < 2 }
                cur.pos = start + 2
                if !cur.isAtEnd && !isRadixDigit(cur.peek()) {
                    _ = absorbInvalidDigits()
                    emit(.integerLiteral, from: start, malformed: true)
                    return
                }
                cur.advance(while: { isRadixDigit($0) || $0 == Byte.underscore })
                let bad = absorbInvalidDigits()
                emit(.integerLiteral, from: start, malformed: bad)
                return
            }
        }

        cur.advance(while: { isDigit($0) || $0 == Byte.underscore })
        let next = cur.peek()
        if cur.isAtEnd {
            emit(.integerLiteral, from: start)
            return
        }
        if next == Byte.period {
            // `1.5` is a float, but `1.foo`, `1.` at the end, and `x.0.1` (tuple access) are not.
            if !cur.has(cur.pos + 1) || !isDigit(cur.peek(1)) || lastKind == .period {
                emit(.integerLiteral, from: start)
                return
            }
        } else if next != UInt8(ascii: "e") && next != UInt8(ascii: "E") {
            let bad = absorbInvalidDigits()
            emit(.integerLiteral, from: start, malformed: bad)
            return
        }

        if cur.advance(if: Byte.period) {
            cur.advance(while: { isDigit($0) || $0 == Byte.underscore })
        }
        var malformed = false
        if cur.advance(if: UInt8(ascii: "e")) || cur.advance(if: UInt8(ascii: "E")) {
            malformed = !lexExponentDigits()
        }
        emit(.floatLiteral, from: start, malformed: malformed)
    }

    /// After `e` or `p`: an optional sign and decimal digits. False (with the junk absorbed) if bad.
    private mutating func lexExponentDigits() -> Bool {
        if !cur.advance(if: Byte.minus) { _ = cur.advance(if: Byte.plus) }
        guard !cur.isAtEnd, isDigit(cur.peek()) else {
            _ = absorbInvalidDigits()
            return false
        }
        cur.advance(while: { isDigit($0) || $0 == Byte.underscore })
        return !absorbInvalidDigits()
    }

    /// `0x...`: hex integers and hex floats (`0x1.8p3`), with Swift's recovery for `0xff.description`.
    private mutating func lexHexNumber(from start: Int) {
        cur.pos = start + 2
        guard !cur.isAtEnd, isHexDigit(cur.peek()) else {
            _ = absorbInvalidDigits()
            emit(.integerLiteral, from: start, malformed: true)
            return
        }
        cur.advance(while: { isHexDigit($0) || $0 == Byte.underscore })
        let next = cur.peek()
        if cur.isAtEnd || (next != Byte.period && next != UInt8(ascii: "p") && next != UInt8(ascii: "P")) {
            let bad = absorbInvalidDigits()
            emit(.integerLiteral, from: start, malformed: bad)
            return
        }

        var dot: Int? = nil
        if next == Byte.period {
            dot = cur.pos
            cur.pos += 1
            if !cur.isAtEnd && !isHexDigit(cur.peek()) {
                // `0xff.description`: an integer, then a member access.
                emit(.integerLiteral, start, dot!)
                return
            }
            cur.advance(while: { isHexDigit($0) || $0 == Byte.underscore })
            let p = cur.peek()
            if cur.isAtEnd || (p != UInt8(ascii: "p") && p != UInt8(ascii: "P")) {
                if cur.has(cur.pos + 1) && !isDigit(cur.peek(1)) {
                    // `0xff.fe.x`: back off to the dot.
                    emit(.integerLiteral, start, dot!)
                    return
                }
                // A hex float needs a `p` exponent.
                emit(.integerLiteral, from: start, malformed: true)
                return
            }
        }

        cur.pos += 1  // the `p`
        let signed = cur.advance(if: Byte.plus) || cur.advance(if: Byte.minus)
        if !cur.isAtEnd && !isDigit(cur.peek()) {
            if let dot, cur.has(dot + 1), !isDigit(cur.byte(at: dot + 1)), !signed {
                // `0xff.fp`: an integer, then a member access.
                emit(.integerLiteral, start, dot)
                return
            }
            _ = absorbInvalidDigits()
            emit(.floatLiteral, from: start, malformed: true)
            return
        }
        cur.advance(while: { isDigit($0) || $0 == Byte.underscore })
        let bad = absorbInvalidDigits()
        emit(.floatLiteral, from: start, malformed: bad)
    }
}

// MARK: - Strings

extension Tokenizer {
    /// If at least `pounds` `#`s follow at `i`, the index after them, else nil. Like Swift's lexer it takes
    /// one extra `#` when there are more (so the count of a closing delimiter is checked, not matched).
    @inline(__always)
    func afterDelimiter(at i: Int, pounds: Int) -> Int? {
        if pounds == 0 { return i }
        var k = i
        var counted = 0
        while cur.byte(at: k) == Byte.pound && k < cur.count && counted <= pounds {
            k += 1
            counted += 1
        }
        return counted >= pounds ? k : nil
    }

    /// The opening quote of a string literal at `q` (the raw `#`s, if any, are already emitted).
    mutating func lexStringOpening(quoteAt q: Int, pounds: Int) {
        if cur.base[q] == Byte.apostrophe {
            emit(.singleQuote, q, q + 1)
            stack.append(.string(kind: .singleQuote, pounds: pounds))
            return
        }
        if cur.byte(at: q + 1) == Byte.quote && cur.byte(at: q + 2) == Byte.quote && q + 2 < cur.count
            && !rawStringClosesOnSameLine(afterTripleQuote: q + 3, pounds: pounds) {
            emit(.multilineStringQuote, q, q + 3)
            stack.append(.string(kind: .multiLine, pounds: pounds))
            // The line break right after `"""` is not part of the string: it is trivia.
            if cur.peek() == Byte.carriageReturn {
                cur.pos += cur.peek(1) == Byte.lineFeed ? 2 : 1
                pendingFlags = [.leadingTrivia, .atStartOfLine]
            } else if cur.peek() == Byte.lineFeed && !cur.isAtEnd {
                cur.pos += 1
                pendingFlags = [.leadingTrivia, .atStartOfLine]
            }
            return
        }
        emit(.stringQuote, q, q + 1)
        stack.append(.string(kind: .singleLine, pounds: pounds))
    }

    /// `#"""#` and `#""" "# ` are single-line raw strings that start with quotes, not multi-line strings.
    private func rawStringClosesOnSameLine(afterTripleQuote i: Int, pounds: Int) -> Bool {
        guard pounds > 0 else { return false }
        if cur.byte(at: i) == Byte.pound && afterDelimiter(at: i, pounds: pounds) != nil { return true }
        var k = i
        while k < cur.count {
            let b = cur.base[k]
            if b == Byte.lineFeed || b == Byte.carriageReturn { return false }
            k += 1
            if b == Byte.quote && cur.byte(at: k) == Byte.pound && afterDelimiter(at: k, pounds: pounds) != nil {
                return true
            }
        }
        return false
    }

    /// Lexes string content up to the next interpolation, line break (multi-line strings: each line is
    /// its own segment, as in swift-syntax) or the closing quote, emitting what it finds.
    mutating func lexStringBody(kind: StringKind, pounds: Int) {
        let segmentStart = cur.pos
        var malformed = false
        let base = cur.base, count = cur.count
        var i = segmentStart

        /// Emits the segment so far (if any) and leaves the cursor at `i`.
        func flushSegment(_ t: inout Tokenizer, upTo end: Int) {
            if end > segmentStart { t.emit(.stringSegment, segmentStart, end, malformed: malformed) }
        }

        while i < count {
            let b = base[i]
            switch b {
            case Byte.backslash:
                guard let afterPounds = afterDelimiter(at: i + 1, pounds: pounds) else {
                    i += 1  // a raw string's `\` without its `#`s is just a character
                    continue
                }
                let escaped = cur.byte(at: afterPounds)
                if escaped == Byte.leftParen && afterPounds < count {
                    // Interpolation: segment, `\`, `#`s, `(`, then code until the matching `)`.
                    flushSegment(&self, upTo: i)
                    emit(.backslash, i, i + 1)
                    if afterPounds > i + 1 { emit(.rawStringPoundDelimiter, i + 1, afterPounds) }
                    emit(.leftParen, afterPounds, afterPounds + 1)
                    stack.append(.interpolation(parenDepth: 0, inSingleLineString: kind != .multiLine))
                    return
                }
                if kind == .multiLine, let lineEnd = escapedNewlineEnd(from: afterPounds) {
                    // `\` at the end of a line joins lines; the segment keeps it and ends with the line.
                    i = lineEnd
                    flushSegment(&self, upTo: i)
                    return
                }
                var escapedLineBreak = false
                i = afterEscape(at: afterPounds, malformed: &malformed, isLineBreak: &escapedLineBreak)
                if escapedLineBreak {
                    // Like swift-syntax, `\n` and `\r` end a segment (it helps multi-line indentation checks).
                    flushSegment(&self, upTo: i)
                    return
                }
            case Byte.quote:
                if kind == .singleLine {
                    if let end = afterDelimiter(at: i + 1, pounds: pounds) {
                        flushSegment(&self, upTo: i)
                        emit(.stringQuote, i, i + 1)
                        emitClosingPounds(from: i + 1, end: end, pounds: pounds)
                        return
                    }
                } else if kind == .multiLine && cur.byte(at: i + 1) == Byte.quote && cur.byte(at: i + 2) == Byte.quote
                            && i + 2 < count, let end = afterDelimiter(at: i + 3, pounds: pounds) {
                    flushSegment(&self, upTo: i)
                    emit(.multilineStringQuote, i, i + 3)
                    emitClosingPounds(from: i + 3, end: end, pounds: pounds)
                    return
                }
                i += 1
            case Byte.apostrophe:
                if kind == .singleQuote {
                    flushSegment(&self, upTo: i)
                    emit(.singleQuote, i, i + 1)
                    stack.removeLast()
                    return
                }
                i += 1
            case Byte.lineFeed, Byte.carriageReturn:
                if kind == .multiLine {
                    i += (b == Byte.carriageReturn && cur.byte(at: i + 1) == Byte.lineFeed) ? 2 : 1
                    flushSegment(&self, upTo: i)
                    return
                }
                // An unterminated single-line string ends at the end of its line.
                flushSegment(&self, upTo: i)
                cur.pos = i
                markLastTokenMalformed()
                stack.removeLast()
                return
            case Byte.tab:
                if kind != .multiLine { malformed = true }
                i += 1
            case 0..<0x20, Byte.delete:
                malformed = true
                i += 1
            default:
                i += 1
            }
        }
        // End of input inside the string.
        flushSegment(&self, upTo: i)
        cur.pos = i
        markLastTokenMalformed()
        stack.removeAll()
    }

    /// The closing `#`s of a raw string (all of them, as swift-syntax takes them), then leave the string.
    private mutating func emitClosingPounds(from start: Int, end: Int, pounds: Int) {
        if pounds > 0 {
            var k = end
            while cur.byte(at: k) == Byte.pound && k < cur.count { k += 1 }
            emit(.rawStringPoundDelimiter, start, k)
        }
        stack.removeLast()
    }

    /// After `\` (and a raw string's `#`s) of a multi-line string: if only spaces or tabs remain before the
    /// line break, the index after the line break.
    private func escapedNewlineEnd(from i: Int) -> Int? {
        var k = i
        while cur.byte(at: k) == Byte.space || cur.byte(at: k) == Byte.tab { k += 1 }
        guard k < cur.count else { return nil }
        if cur.base[k] == Byte.lineFeed { return k + 1 }
        if cur.base[k] == Byte.carriageReturn { return cur.byte(at: k + 1) == Byte.lineFeed ? k + 2 : k + 1 }
        return nil
    }

    /// Skips the escape sequence whose first character (after `\` and `#`s) is at `i`.
    /// `isLineBreak` is set when the escape stands for LF or CR.
    private func afterEscape(at i: Int, malformed: inout Bool, isLineBreak: inout Bool) -> Int {
        guard i < cur.count else { malformed = true; return i }
        let c = cur.base[i]
        switch c {
        case UInt8(ascii: "n"), UInt8(ascii: "r"):
            isLineBreak = true
            return i + 1
        case Byte.zero, UInt8(ascii: "t"), Byte.quote, Byte.apostrophe, Byte.backslash:
            return i + 1
        case UInt8(ascii: "u"):
            // \u{1-8 hex digits}
            guard cur.byte(at: i + 1) == Byte.leftBrace else { malformed = true; return i + 1 }
            var k = i + 2
            var value: UInt32 = 0
            while k < cur.count && isHexDigit(cur.base[k]) {
                let d = cur.base[k]
                value = value &<< 4 | UInt32(isDigit(d) ? d - 0x30 : (d | 0x20) - 0x61 + 10)
                k += 1
            }
            let digits = k - (i + 2)
            guard cur.byte(at: k) == Byte.rightBrace && k < cur.count else { malformed = true; return k }
            if digits < 1 || digits > 8 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
                malformed = true
            } else if value == 0x0A || value == 0x0D {
                isLineBreak = true
            }
            return k + 1
        default:
            malformed = true
            // A letter or digit was plausibly meant as an escape: keep it with the backslash.
            return isASCIILetter(c) || isDigit(c) ? i + 1 : i
        }
    }
}

// MARK: - Regex literals

/// Where the parts of a scanned regex literal lie.
struct RegexScan {
    var poundsEnd: Int        // end of the opening `#`s (== start when there are none)
    var patternStart: Int     // just after the opening `/`
    var patternEnd: Int
    var closingSlash: Int?    // index of the closing `/`, nil if unterminated
    var end: Int              // end of the whole literal (after closing `#`s)
    var malformed: Bool
}

extension Tokenizer {
    /// Emits `#`s, `/`, pattern, `/`, `#`s of a scanned regex literal.
    mutating func emitRegex(_ regex: RegexScan, start: Int) {
        if regex.poundsEnd > start { emit(.regexPoundDelimiter, start, regex.poundsEnd) }
        emit(.regexSlash, regex.poundsEnd, regex.patternStart)
        let unterminated = regex.closingSlash == nil
        if regex.patternEnd > regex.patternStart {
            emit(.regexLiteralPattern, regex.patternStart, regex.patternEnd, malformed: regex.malformed || unterminated)
        } else if regex.malformed || unterminated {
            markLastTokenMalformed()
        }
        if let slash = regex.closingSlash {
            emit(.regexSlash, slash, slash + 1)
            if regex.end > slash + 1 { emit(.regexPoundDelimiter, slash + 1, regex.end) }
        }
        cur.pos = regex.end
    }

    /// Swift's heuristic for whether an expression (so a regex) can start here, from the previous token.
    func isInRegexLiteralPosition() -> Bool {
        if tokens.isEmpty { return true }
        switch lastKind {
        case .leftAngle, .leftBrace, .leftParen, .leftSquare, .prefixOperator, .prefixAmpersand,
             .binaryOperator, .equal, .semicolon, .comma, .colon, .infixQuestionMark,
             .poundIf, .poundElse, .poundElseif, .poundEndif, .unknown:
            return true
        case .keyword:
            switch lastKeyword {
            case .true, .false, .Any, .nil, .`self`, .`Self`, .super: return false
            default: return true
            }
        default:
            return false
        }
    }

    /// Whether the `/` at `slash`, inside the operator `operatorStart..<operatorEnd`, starts a regex.
    mutating func operatorAsRegex(slashAt slash: Int, operatorStart: Int, operatorEnd: Int, preferRegex: Bool) -> RegexScan? {
        let leftBound = cur.isLeftBound(operatorStart)
        // A left-bound `/` is a postfix or binary operator.
        if leftBound { return nil }
        // `operator /^/` and `func /(...)` declare operators.
        if lastKind == .keyword && (lastKeyword == .func || lastKeyword == .operator) { return nil }
        let rightBound = cur.isRightBound(operatorEnd, isLeftBound: leftBound)
        var mustBeRegex = false
        if !rightBound {
            // Looks like a binary operator (`a / b`): a regex only where an expression must start.
            // After `try?`/`try!` the lexer knows an expression follows.
            if preferRegex { mustBeRegex = true }
            if !mustBeRegex && !isInRegexLiteralPosition() { return nil }
            switch lastKind {
            case .leftParen, .leftSquare, .comma, .colon: break  // `f(/, x)`: an unapplied operator
            default: mustBeRegex = true
            }
        }
        return scanRegex(at: slash, mustBeRegex: mustBeRegex)
    }

    /// Scans `/.../` or `#/.../#` (any number of `#`s; multi-line when `#/` ends its line) at `start`.
    /// When `mustBeRegex` is false, nil means "lex it as an operator instead": a bare `/` regex may not start
    /// or end with a space, may not hold an unbalanced `)`, and must end on its line.
    mutating func scanRegex(at start: Int, mustBeRegex: Bool) -> RegexScan? {
        let count = cur.count, base = cur.base
        var i = start
        while i < count && base[i] == Byte.pound { i += 1 }
        let pounds = i - start
        guard i < count && base[i] == Byte.slash else { return nil }
        let poundsEnd = i
        i += 1
        let patternStart = i
        var malformed = false

        if pounds == 0 {
            let next = cur.byte(at: i)
            if i < count && (next == Byte.space || next == Byte.tab) {
                if !mustBeRegex { return nil }
                malformed = true
            }
            if next == Byte.star || next == Byte.slash { return nil }  // a comment
            if cur.byte(at: start - 1) == Byte.star { return nil }    // end of a block comment
        }

        // `#/` followed by only whitespace up to the line break starts a multi-line (extended) literal.
        var firstNewline: Int? = nil
        if pounds > 0 {
            var k = i
            while k < count && (base[k] == Byte.space || base[k] == Byte.tab) { k += 1 }
            if k < count && (base[k] == Byte.lineFeed || base[k] == Byte.carriageReturn) {
                firstNewline = k
                i = k
            }
        }
        let isMultiline = firstNewline != nil
        if isMultiline && start >= unterminatedRegex.from && pounds >= unterminatedRegex.pounds {
            // An earlier multi-line literal found no closing `/` with this many `#`s before the end of the
            // input; neither will this one (it starts at a line break, in step with the earlier scan).
            return RegexScan(poundsEnd: poundsEnd, patternStart: patternStart, patternEnd: firstNewline!,
                             closingSlash: nil, end: firstNewline!, malformed: true)
        }

        var groupDepth = 0
        var classDepth = 0
        var lastUnescapedSpace = -1
        var lastNewlineEnd: Int? = nil
        /// Just past the last `/` that could have closed the literal (for recovery when it did not).
        var lastSlashEnd: Int? = nil

        func unterminated(at end: Int) -> RegexScan? {
            if !mustBeRegex { return nil }
            // Recovery for `#/.../` missing some of its closing `#`s: take a trailing `/` (or `/` and too few
            // `#`s) as the closing delimiter.
            if pounds > 0 && end > patternStart {
                if base[end - 1] == Byte.slash {
                    return RegexScan(poundsEnd: poundsEnd, patternStart: patternStart, patternEnd: end - 1,
                                     closingSlash: end - 1, end: end, malformed: true)
                }
                if base[end - 1] == Byte.pound, let slashEnd = lastSlashEnd, slashEnd <= end {
                    var k = slashEnd
                    while k < end && base[k] == Byte.pound { k += 1 }
                    if k == end {
                        return RegexScan(poundsEnd: poundsEnd, patternStart: patternStart, patternEnd: slashEnd - 1,
                                         closingSlash: slashEnd - 1, end: end, malformed: true)
                    }
                }
            }
            return RegexScan(poundsEnd: poundsEnd, patternStart: patternStart, patternEnd: end,
                             closingSlash: nil, end: end, malformed: true)
        }

        while true {
            // Closing delimiter?
            if i < count && base[i] == Byte.slash {
                var k = i + 1
                lastSlashEnd = k
                var closingPounds = 0
                if pounds > 0 {
                    while k < count && base[k] == Byte.pound { k += 1; closingPounds += 1 }
                }
                if closingPounds >= pounds {
                    if let lineStart = lastNewlineEnd {
                        // In a multi-line literal the closing delimiter must be alone on its line.
                        for j in lineStart..<i where base[j] != Byte.space && base[j] != Byte.tab {
                            malformed = true
                            break
                        }
                    }
                    if closingPounds == 0 {
                        let after = cur.byte(at: i + 1)
                        if i + 1 < count && (after == Byte.star || after == Byte.slash) {
                            // `/x//`: prefer the comment.
                            return unterminated(at: i)
                        }
                        if lastUnescapedSpace == i - 1 {
                            if !mustBeRegex { return nil }
                            malformed = true
                        }
                    }
                    return RegexScan(poundsEnd: poundsEnd, patternStart: patternStart, patternEnd: i,
                                     closingSlash: i, end: k, malformed: malformed)
                }
            }

            // One pattern character (an escape takes two).
            var escaped = false
            while true {
                guard i < count else {
                    if isMultiline { unterminatedRegex = (start, pounds) }
                    return unterminated(at: firstNewline ?? i)
                }
                let c = base[i]
                let charStart = i
                if c < 0x80 {
                    i += 1
                } else {
                    let s = cur.decodeScalar(at: i)
                    if !s.isValid { malformed = true }
                    i += s.length
                }
                switch c {
                case Byte.lineFeed, Byte.carriageReturn:
                    guard isMultiline else { return unterminated(at: charStart) }
                    lastNewlineEnd = i
                case Byte.backslash where !escaped:
                    escaped = true
                    continue
                case Byte.leftParen where !escaped && classDepth == 0:
                    groupDepth += 1
                case Byte.rightParen where !escaped && classDepth == 0:
                    if groupDepth == 0 {
                        if !mustBeRegex { return nil }
                    } else {
                        groupDepth -= 1
                    }
                case Byte.leftSquare where !escaped:
                    classDepth += 1
                case Byte.rightSquare where !escaped:
                    if classDepth > 0 { classDepth -= 1 }
                case Byte.tab where isMultiline, Byte.space:
                    if !escaped { lastUnescapedSpace = charStart }
                case 0..<0x20, Byte.delete:
                    malformed = true
                default:
                    break
                }
                break
            }
        }
    }
}

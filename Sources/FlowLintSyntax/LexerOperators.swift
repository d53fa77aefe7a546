// Operators: how far an operator runs, and whether it is prefix, postfix or binary.

extension Tokenizer {
    /// Lexes an operator starting at `start` (an operator-start character), or a regex literal that
    /// starts at a `/` inside it.
    mutating func lexOperator(from start: Int, preferRegex: Bool) {
        let startsWithDot = cur.base[start] == Byte.period
        var i = start + operatorCharacterLength(at: start)
        while i < cur.count {
            let b = cur.base[i]
            // `.` only continues an operator that started with `.` (`..<`, `...`), so `a+.b` is `+` `.`.
            if b == Byte.period && !startsWithDot { break }
            // `<#` that starts an editor placeholder ends the operator.
            if b == Byte.lessThan && cur.byte(at: i + 1) == Byte.pound && placeholderEndOnLine(after: i) { break }
            if b < 0x80 {
                if !isASCIIOperatorCharacter(b) { break }
                i += 1
            } else {
                let s = cur.decodeScalar(at: i)
                if !s.isValid || !CodePoint.isOperatorContinuation(s.value) { break }
                i += s.length
            }
        }
        var end = i

        // A `/` in the operator may start a regex literal (`x = /abc/`, `!/abc/`). Only the first one.
        var slash = start
        while slash < end && cur.base[slash] != Byte.slash { slash += 1 }
        if slash < end,
           let regex = operatorAsRegex(slashAt: slash, operatorStart: start, operatorEnd: end, preferRegex: preferRegex) {
            if slash > start {
                // The part before the regex is an operator of its own (`!/.../`).
                emit(cur.classifyOperator(start, slash), start, slash, malformed: cur.operatorIsMalformed(start, slash))
            }
            emitRegex(regex, start: slash)
            return
        }

        // `//` or `/*` inside an operator starts a comment (at the start it was already trivia).
        if end - start > 2 {
            var k = start + 1
            while k < end {
                if cur.base[k] == Byte.slash {
                    let next = cur.byte(at: k + 1)
                    if next == Byte.slash || next == Byte.star { end = k; break }
                }
                k += 1
            }
        }
        emit(cur.classifyOperator(start, end), start, end, malformed: cur.operatorIsMalformed(start, end))
    }

    /// Byte length of the operator character at `i` (known to be one).
    @inline(__always) private func operatorCharacterLength(at i: Int) -> Int {
        cur.base[i] < 0x80 ? 1 : cur.decodeScalar(at: i).length
    }

    /// Whether `#>` follows on the same line (so `<#` here opens an editor placeholder).
    private mutating func placeholderEndOnLine(after i: Int) -> Bool {
        if placeholderScanFailed.contains(i) { return false }
        var k = i
        while k + 1 < cur.count {
            let b = cur.base[k]
            if b == Byte.lineFeed { break }
            if b == Byte.pound && cur.base[k + 1] == Byte.greaterThan { return true }
            k += 1
        }
        placeholderScanFailed = i..<max(k, i + 1)
        return false
    }

}

// The operator rules need only the bytes, so they live on the cursor: a non-mutating method of the tokenizer,
// called from a mutating one, is handed a copy of the whole tokenizer (136 bytes, two million times on the corpus).
extension LexerCursor {
    /// Whether the character before `i` binds an operator at `i` to its left (Swift's "left-bound" rule:
    /// whitespace, opening brackets, separators, the end of a comment and the start of the file do not).
    func isLeftBound(_ i: Int) -> Bool {
        if i == 0 { return false }
        switch base[i - 1] {
        case Byte.space, Byte.carriageReturn, Byte.lineFeed, Byte.tab,
             Byte.leftParen, Byte.leftSquare, Byte.leftBrace,
             Byte.comma, Byte.semicolon, Byte.colon, 0:
            return false
        case Byte.slash:
            return byte(at: i - 2) != Byte.star         // `*/` ends a comment: whitespace
        case 0xA0:
            return byte(at: i - 2) != 0xC2               // U+00A0 no-break space
        default:
            return true
        }
    }

    /// Whether the character at `i` (just past an operator) binds it to the right.
    func isRightBound(_ i: Int, isLeftBound: Bool) -> Bool {
        guard i < count else { return false }
        switch base[i] {
        case Byte.space, Byte.carriageReturn, Byte.lineFeed, Byte.tab,
             Byte.rightParen, Byte.rightSquare, Byte.rightBrace,
             Byte.comma, Byte.semicolon, Byte.colon, 0:
            return false
        case Byte.period:
            // `x^.y`: the `^` is postfix; `^.y`: prefix.
            return !isLeftBound
        case Byte.slash:
            let next = byte(at: i + 1)
            return next != Byte.slash && next != Byte.star   // a comment counts as whitespace
        case 0xC2:
            return byte(at: i + 1) != 0xA0
        default:
            return true
        }
    }

    /// The kind of the operator `start..<end`: the punctuation it may spell, else prefix/postfix/binary by
    /// which sides are bound.
    func classifyOperator(_ start: Int, _ end: Int) -> TokenKind {
        let leftBound = isLeftBound(start)
        let rightBound = isRightBound(end, isLeftBound: leftBound)
        let first = base[start]
        switch end - start {
        case 1:
            switch first {
            case Byte.equal: return .equal
            case Byte.ampersand where !leftBound && rightBound: return .prefixAmpersand
            case Byte.period: return .period
            case Byte.question: return leftBound ? .postfixQuestionMark : .infixQuestionMark
            default: break
            }
        case 2:
            if first == Byte.minus && base[start + 1] == Byte.greaterThan { return .arrow }
            if first == Byte.star && base[start + 1] == Byte.slash { return .unknown }
        default:
            if containsCommentEnd(start, end) { return .unknown }
        }
        if leftBound == rightBound { return .binaryOperator }
        return leftBound ? .postfixOperator : .prefixOperator
    }

    /// `=` with whitespace on one side only, and operators holding `*/`, are errors.
    func operatorIsMalformed(_ start: Int, _ end: Int) -> Bool {
        if end - start == 1 && base[start] == Byte.equal {
            let leftBound = isLeftBound(start)
            return leftBound != isRightBound(end, isLeftBound: leftBound)
        }
        return containsCommentEnd(start, end)
    }

    private func containsCommentEnd(_ start: Int, _ end: Int) -> Bool {
        var k = start
        while k + 1 < end {
            if base[k] == Byte.star && base[k + 1] == Byte.slash { return true }
            k += 1
        }
        return false
    }
}

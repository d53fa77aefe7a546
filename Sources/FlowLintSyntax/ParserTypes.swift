/// Types and generic arguments.
extension ParserState {
    mutating func parseType() {
        guard enter() else { return }
        defer { leave() }
        let first = nodes.count
        parseNonCompositionType()
        if isOperatorToken(cur) && at(text: "&") {
            let n = wrap(first, .compositionType)
            while isOperatorToken(cur) && at(text: "&") {
                advance()
                parseNonCompositionType()
            }
            finish(n)
        }
    }

    /// A type without `&`. Each prefix (`some`, `any`, `each`, `repeat`, `~`, a run of attributes and
    /// specifiers) nests the rest of the type one level deeper, so each counts toward the depth limit.
    mutating func parseNonCompositionType() {
        // `inout`, `borrowing`, `consuming`, `sending`, `__owned` and `@attr` before a type.
        if at(.atSign) || at(.inout) || atContextual(.borrowing) || atContextual(.consuming) || atContextual(.sending)
            || atContextual(.isolated) || atContextual(.nonisolated) && peek().kind == .identifier {
            guard enter() else { return }
            defer { leave() }
            let n = start(.attributedType)
            while at(.atSign) || at(.inout) || atContextual(.borrowing) || atContextual(.consuming)
                    || atContextual(.sending) || atContextual(.isolated) || atContextual(.nonisolated) && peek().kind == .identifier {
                if at(.atSign) { parseAttribute() } else { advance() }
            }
            parseNonCompositionType()
            finish(n)
            return
        }
        if atContextual(.some) || atContextual(.any) || atContextual(.each) || at(.repeat) {
            guard enter() else { return }
            defer { leave() }
            let n = start(.someOrAnyType, name: pos)
            advance()
            parseNonCompositionType()
            finish(n)
            return
        }
        if isOperatorToken(cur) && at(text: "~") {
            guard enter() else { return }
            defer { leave() }
            let n = start(.suppressedType)
            advance()
            parseNonCompositionType()
            finish(n)
            return
        }
        let first = nodes.count
        parsePrimaryType()
        parseTypeSuffixes(from: first)
    }

    mutating func parseTypeSuffixes(from first: Int) {
        while true {
            if at(.postfixQuestionMark) || (at(.infixQuestionMark) && !tokens[pos].flags.contains(.leadingTrivia)) {
                let n = wrap(first, .optionalType)
                advance()
                finish(n)
            } else if at(.exclamationMark) {
                let n = wrap(first, .implicitlyUnwrappedOptionalType)
                advance()
                finish(n)
            } else if at(.period) && (peek().keyword == .Type || peek().keyword == .Protocol) {
                let n = wrap(first, .metatypeType)
                advance(); advance()
                finish(n)
            } else if at(.period) && (peek().kind == .identifier || peek().kind == .keyword) {
                let n = wrap(first, .memberType)
                advance()
                setName(n, advance())
                if atLeftAngle && !tokens[pos].flags.contains(.leadingTrivia) { parseGenericArgumentClause() }
                finish(n)
            } else if at(.ellipsis) && !atStartOfLine {
                let n = wrap(first, .packExpansionType)
                advance()
                finish(n)
            } else {
                break
            }
        }
        // Function type: `(A) -> B`, `(A) async throws -> B`.
        if atContextual(.async) || at(.throws) || at(.arrow) || at(.rethrows) {
            if nodes.count > first && nodes[outermost(first)].kind == .tupleType {
                let n = wrap(first, .functionType)
                parseEffectSpecifiers()
                if eat(.arrow) { parseType() }
                finish(n)
            }
        }
    }

    mutating func parsePrimaryType() {
        switch kind {
        case .identifier, .keyword, .wildcard, .dollarIdentifier:
            if at(.keyword) && !(at(.Self) || at(.Any) || at(.self)) && !at(.`init`) {
                // A keyword cannot name a type: half-typed code. Produce an empty type.
                let n = start(.identifierType)
                finish(n)
                return
            }
            let n = start(.identifierType, name: pos)
            advance()
            if atLeftAngle && !tokens[pos].flags.contains(.leadingTrivia) { parseGenericArgumentClause() }
            finish(n)
        case .leftParen:
            let n = start(.tupleType)
            advance()
            while !atEOF && !at(.rightParen) {
                let e = start(.tupleTypeElement)
                // `label: Type`, `_ name: Type`
                if (at(.identifier) || at(.wildcard) || at(.keyword)) && peek().kind == .colon {
                    setName(e, advance()); advance()
                } else if (at(.identifier) || at(.wildcard)) && peek().kind == .identifier && peek(2).kind == .colon {
                    setName(e, advance()); advance(); advance()
                }
                let before = pos
                parseType()
                if at(.ellipsis) { advance() }
                if at(.equal) { advance(); parseExpression() }
                finish(e)
                if !eat(.comma) && pos == before { break }
                if at(.rightBrace) || at(.leftBrace) { break }
            }
            eat(.rightParen)
            finish(n)
        case .leftSquare:
            let n = start(.arrayType)
            advance()
            parseType()
            if eat(.colon) {
                nodes[n].kind = .dictionaryType
                parseType()
            }
            if at(.semicolon) { advance(); parseType() } // InlineArray sugar `[3 of Int]` is not handled; keep going.
            eat(.rightSquare)
            finish(n)
        default:
            // Missing type: an empty node keeps the shape (`let x: = 1` while typing).
            let n = start(.identifierType)
            finish(n)
        }
    }

    mutating func parseGenericArgumentClause() {
        guard enter() else { return }
        defer { leave() }
        let n = start(.genericArgumentClause)
        advance() // <
        while !atEOF && !atRightAngle {
            let before = pos
            if at(.integerLiteral) || (isOperatorToken(cur) && at(text: "-")) {
                // Value generics: `InlineArray<3, Int>`.
                parseExpression(allowTrailingClosure: false)
            } else {
                parseType()
            }
            if !eat(.comma) && pos == before { break }
            if at(.rightBrace) || at(.leftBrace) || at(.rightParen) { break }
        }
        if atRightAngle { eatRightAngle() }
        finish(n)
    }

    /// Lookahead: does a `<` at the cursor start a generic argument list (`Store<AppState>()`) rather than a
    /// comparison (`a < b`)? Swift's rule: the tokens up to the matching `>` must look like types, and the
    /// token after the `>` must be one that can follow a type in an expression.
    func canParseGenericArguments() -> Bool {
        guard atLeftAngle else { return false }
        var i = pos + 1
        var angle = 1, paren = 0, square = 0
        var steps = 0
        while i < tokens.count && steps < 256 {
            steps += 1
            let t = tokens[i]
            switch t.kind {
            case .identifier, .keyword, .wildcard, .period, .comma, .colon, .postfixQuestionMark, .exclamationMark,
                 .arrow, .ellipsis, .atSign, .integerLiteral, .infixQuestionMark:
                if t.kind == .keyword && !(t.keyword == .Self || t.keyword == .Any || t.keyword == .inout
                    || t.keyword == .throws || t.keyword == .self || t.keyword == .repeat) { return false }
            case .leftParen: paren += 1
            case .rightParen:
                paren -= 1
                if paren < 0 { return false }
            case .leftSquare: square += 1
            case .rightSquare:
                square -= 1
                if square < 0 { return false }
            case .binaryOperator, .postfixOperator, .prefixOperator, .leftAngle, .rightAngle, .prefixAmpersand:
                let first = firstByte(t)
                if first == UInt8(ascii: "<") && t.length == 1 {
                    angle += 1
                } else if first == UInt8(ascii: ">") {
                    // `>`, `>>`, `>?`, `>!`, `>...`: count the closing angles at the start.
                    var k = 0
                    while k < Int(t.length) && bytes[Int(t.offset) + k] == UInt8(ascii: ">") { k += 1 }
                    if k > angle { return false }
                    angle -= k
                    if angle == 0 {
                        // The rest of the token must be `?`, `!` or `.`-like type suffixes, if anything.
                        if k < Int(t.length) {
                            let rest = bytes[Int(t.offset) + k]
                            return rest == UInt8(ascii: "?") || rest == UInt8(ascii: "!") || rest == UInt8(ascii: ".")
                        }
                        let next = i + 1 < tokens.count ? tokens[i + 1] : t
                        return canFollowGenericArguments(next)
                    }
                } else if (first == UInt8(ascii: "&") || first == UInt8(ascii: "~")) && t.length == 1 {
                    // Protocol composition and suppressed conformances in type position.
                } else {
                    return false
                }
            default:
                return false
            }
            i += 1
        }
        return false
    }

    private func canFollowGenericArguments(_ t: Token) -> Bool {
        switch t.kind {
        case .leftParen, .rightParen, .rightSquare, .rightBrace, .leftBrace, .comma, .semicolon, .period, .colon,
             .postfixQuestionMark, .exclamationMark, .endOfFile, .equal, .rightAngle:
            return true
        case .leftSquare:
            return !t.flags.contains(.leadingTrivia)
        case .binaryOperator, .postfixOperator:
            return text(t, is: "==") || text(t, is: "!=") || firstByte(t) == UInt8(ascii: ">")
        default:
            return t.isAtStartOfLine
        }
    }
}

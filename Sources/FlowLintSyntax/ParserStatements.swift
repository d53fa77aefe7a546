/// Statements, code blocks, conditions and patterns.
extension ParserState {
    @inline(__always) var atStatementKeyword: Bool {
        if splitOffset != 0 { return false }
        switch tokens[pos].keyword {
        case .if, .guard, .while, .repeat, .for, .switch, .return, .throw, .break, .continue, .fallthrough,
             .defer, .do:
            return tokens[pos].kind == .keyword
        default:
            return false
        }
    }

    mutating func parseCodeBlock() { parseBraceBlock(.codeBlock, inTypeBody: false) }

    /// `{ items }` as a node of `kind` (a code block, or a type's member block where `case` declares cases).
    mutating func parseBraceBlock(_ kind: NodeKind, inTypeBody: Bool) {
        guard enter() else { return }
        defer { leave() }
        let n = start(kind)
        advance() // {
        parseItems(untilRightBrace: true, inTypeBody: inTypeBody)
        eat(.rightBrace)
        finish(n)
    }

    /// `let x = e` or `case pattern = e` in a condition: the keyword, a pattern, an optional initializer.
    mutating func parseBindingCondition(_ kind: NodeKind) {
        let n = start(kind)
        advance()
        parsePattern(allowTypeAnnotation: true)
        if at(.equal) {
            let i = start(.initializerClause)
            advance()
            parseExpression(allowTrailingClosure: false)
            finish(i)
        }
        finish(n)
    }

    /// A code block if at `{`, else an empty code block (half-typed code).
    mutating func parseCodeBlockIfPresent() {
        if at(.leftBrace) { parseCodeBlock() } else { let n = start(.codeBlock); finish(n) }
    }

    mutating func parseStatement() {
        guard enter() else { return }
        defer { leave() }
        // `label: for ...`
        if at(.identifier) && peek().kind == .colon && !peek().flags.contains(.leadingTrivia) {
            let after = peek(2)
            if after.keyword == .for || after.keyword == .while || after.keyword == .repeat || after.keyword == .if
                || after.keyword == .switch || after.keyword == .do {
                let n = start(.labeledStmt, name: pos)
                advance(); advance()
                parseStatement()
                finish(n)
                return
            }
        }
        let t = cur
        switch t.kind == .keyword ? t.keyword : .none {
        case .if: parseIf(kind: .ifStmt)
        case .guard: parseGuard()
        case .while: parseWhile()
        case .repeat: parseRepeat()
        case .for: parseFor()
        case .switch: parseSwitch(kind: .switchStmt)
        case .return: parseReturnLike(.returnStmt)
        case .throw: parseReturnLike(.throwStmt)
        case .break, .continue:
            let n = start(t.keyword == .break ? .breakStmt : .continueStmt, name: pos)
            advance()
            if at(.identifier) && !atStartOfLine { advance() }
            finish(n)
        case .fallthrough: leaf(.fallthroughStmt)
        case .defer:
            let n = start(.deferStmt)
            advance()
            parseCodeBlockIfPresent()
            finish(n)
        case .do: parseDo()
        default:
            if atContextual(.discard) && peek().kind == .identifier && !peek().isAtStartOfLine {
                parseReturnLike(.discardStmt)
            } else if atContextual(.then) && !peek().isAtStartOfLine && isExpressionStartToken(peek()) {
                parseReturnLike(.yieldStmt)
            } else {
                parseExpression()
            }
        }
    }

    mutating func parseReturnLike(_ kind: NodeKind) {
        let n = start(kind, name: pos)
        advance()
        if !atStartOfLine && !at(.rightBrace) && !at(.semicolon) && !atEOF && !at(.case) && !at(.default) {
            parseExpression()
        }
        finish(n)
    }

    mutating func parseIf(kind: NodeKind) {
        let n = start(kind)
        advance() // if
        parseConditions()
        parseCodeBlockIfPresent()
        if at(.else) {
            advance()
            if at(.if) {
                guard enter() else { finish(n); return }
                parseIf(kind: kind)
                leave()
            } else {
                parseCodeBlockIfPresent()
            }
        }
        finish(n)
    }

    mutating func parseGuard() {
        let n = start(.guardStmt)
        advance()
        parseConditions()
        if eat(.else) { parseCodeBlockIfPresent() }
        finish(n)
    }

    mutating func parseWhile() {
        let n = start(.whileStmt)
        advance()
        parseConditions()
        parseCodeBlockIfPresent()
        finish(n)
    }

    mutating func parseRepeat() {
        let n = start(.repeatStmt)
        advance()
        parseCodeBlockIfPresent()
        if eat(.while) { parseExpression(allowTrailingClosure: false) }
        finish(n)
    }

    mutating func parseFor() {
        let n = start(.forStmt)
        advance() // for
        if atContextual(.await) { advance() }
        if at(.try) { advance() }
        if at(.case) { advance() }
        parsePattern(allowTypeAnnotation: true)
        if eat(.in) { parseExpression(allowTrailingClosure: false) }
        if at(.where) { advance(); parseExpression(allowTrailingClosure: false) }
        parseCodeBlockIfPresent()
        finish(n)
    }

    mutating func parseSwitch(kind: NodeKind) {
        let n = start(kind)
        advance() // switch
        parseExpression(allowTrailingClosure: false)
        if at(.leftBrace) {
            advance()
            while !atEOF && !at(.rightBrace) {
                let before = pos
                if at(.poundIf) {
                    parseIfConfigSwitchCases()
                } else if at(.case) || at(.default) || at(.atSign) {
                    parseSwitchCase()
                } else {
                    // Statements before any case: keep them, in an error node.
                    let e = start(.error)
                    parseItem(inTypeBody: false)
                    finish(e)
                }
                if pos == before { let e = start(.error); advance(); finish(e) }
            }
            eat(.rightBrace)
        }
        finish(n)
    }

    mutating func parseIfConfigSwitchCases() {
        guard enter() else { return }
        defer { leave() }
        let n = start(.ifConfigDecl)
        while at(.poundIf) || at(.poundElseif) || at(.poundElse) {
            let c = startIfConfigClause()
            while !atEOF && !at(.poundElseif) && !at(.poundElse) && !at(.poundEndif) && !at(.rightBrace) {
                let before = pos
                if at(.poundIf) { parseIfConfigSwitchCases() }
                else if at(.case) || at(.default) || at(.atSign) { parseSwitchCase() }
                else { parseItem(inTypeBody: false) }
                if pos == before { let e = start(.error); advance(); finish(e) }
            }
            finish(c)
        }
        eat(.poundEndif)
        finish(n)
    }

    mutating func parseSwitchCase() {
        let n = start(.switchCase)
        parseAttributes() // @unknown
        if eat(.default) {
        } else if eat(.case) {
            repeat {
                parsePattern(allowTypeAnnotation: false)
                if at(.where) { advance(); parseExpression(allowTrailingClosure: false) }
            } while eat(.comma)
        }
        eat(.colon)
        while !atEOF && !at(.rightBrace) && !at(.case) && !at(.default) && !at(.poundElseif) && !at(.poundElse)
                && !at(.poundEndif) && !(at(.atSign) && peek().keyword == .none && isUnknownAttribute) {
            if eat(.semicolon) { continue }
            let before = pos
            parseItem(inTypeBody: false)
            if pos == before { let e = start(.error); advance(); finish(e) }
        }
        finish(n)
    }

    /// At `@unknown` before a `default`/`case`.
    var isUnknownAttribute: Bool {
        let name = peek()
        return text(name, is: "unknown")
    }

    mutating func parseDo() {
        let n = start(.doStmt)
        advance()
        if at(.throws) { advance(); if at(.leftParen) { skipBalanced() } }
        parseCodeBlockIfPresent()
        while at(.catch) {
            let c = start(.catchClause)
            advance()
            if !at(.leftBrace) {
                repeat {
                    parsePattern(allowTypeAnnotation: false)
                    if at(.where) { advance(); parseExpression(allowTrailingClosure: false) }
                } while eat(.comma)
            }
            parseCodeBlockIfPresent()
            finish(c)
        }
        finish(n)
    }

    /// `if`/`guard`/`while` conditions: expressions, `let x = e`, `case .a(let x) = e`, `#available(...)`.
    mutating func parseConditions() {
        repeat {
            if at(.let) || at(.var) || atContextual(.borrowing) && peek().kind == .identifier {
                parseBindingCondition(.optionalBindingCondition)
            } else if at(.case) {
                parseBindingCondition(.matchingPatternCondition)
            } else if at(.poundAvailable) || at(.poundUnavailable) {
                let n = start(.availabilityCondition)
                advance()
                if at(.leftParen) { skipBalanced() }
                finish(n)
            } else {
                if at(.leftBrace) { return }
                parseExpression(allowTrailingClosure: false)
            }
        } while eat(.comma)
    }

    // MARK: Patterns

    /// A pattern: `x`, `_`, `(a, b)`, `let x`, `.some(let x)`, `is T`, `x as T`, or an expression pattern.
    mutating func parsePattern(allowTypeAnnotation: Bool) {
        guard enter() else { return }
        defer { leave() }
        let startNode = nodes.count
        if at(.let) || at(.var) || atContextual(.borrowing) && !peek().isAtStartOfLine && peek().kind == .identifier {
            let n = start(.valueBindingPattern, name: pos)
            advance()
            parsePattern(allowTypeAnnotation: allowTypeAnnotation)
            finish(n)
            return
        }
        if at(.is) {
            let n = start(.isTypePattern)
            advance()
            parseType()
            finish(n)
            return
        }
        if at(.wildcard) && !isPatternContinuation(peek()) {
            leaf(.wildcardPattern)
        } else if at(.identifier) && !isPatternContinuation(peek()) {
            leaf(.identifierPattern)
        } else if at(.leftParen) && looksLikeTuplePattern {
            let n = start(.tuplePattern)
            advance()
            while !atEOF && !at(.rightParen) {
                let before = pos
                // Labeled tuple pattern elements: `(x: a, y: b)`.
                if at(.identifier) && peek().kind == .colon { advance(); advance() }
                parsePattern(allowTypeAnnotation: false)
                if !eat(.comma) && pos == before { break }
                if at(.rightBrace) || at(.leftBrace) { break }
            }
            eat(.rightParen)
            finish(n)
        } else {
            let n = start(.expressionPattern)
            parseExpression(allowTrailingClosure: false, inPattern: true)
            finish(n)
        }
        if allowTypeAnnotation && at(.colon) {
            let t = start(.typeAnnotation)
            advance()
            parseType()
            finish(t)
        }
        _ = startNode
    }

    /// After a simple name, tokens that make the pattern an expression (`x.y`, `x(...)`, `x == y`).
    func isPatternContinuation(_ t: Token) -> Bool {
        switch t.kind {
        case .period, .leftParen, .binaryOperator, .leftSquare, .postfixQuestionMark, .exclamationMark, .postfixOperator:
            // `case let x?` is a pattern with `?`; treat it as an expression pattern as well.
            return !(t.kind == .leftParen && t.isAtStartOfLine)
        default:
            return t.keyword == .as && t.kind == .keyword
        }
    }

    /// `(a, b)` of bare names or nested patterns, as opposed to `(x + 1)`.
    var looksLikeTuplePattern: Bool {
        var i = pos + 1
        var level = 0
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .leftParen: level += 1
            case .rightParen:
                if level == 0 { return true }
                level -= 1
            case .identifier, .wildcard, .comma, .colon: break
            case .keyword where t.keyword == .let || t.keyword == .var: break
            default: return false
            }
            i += 1
        }
        return false
    }
}

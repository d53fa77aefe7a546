/// Expressions: operators by precedence, postfix chains (members, calls, trailing closures, subscripts),
/// literals, closures, key paths, `if`/`switch` expressions.
extension ParserState {
    /// Operator precedence, Swift's standard groups; custom operators get `DefaultPrecedence`.
    enum Precedence: Int {
        case assignment = 1, ternary, defaultPrecedence, disjunction, conjunction, comparison, nilCoalescing
        case casting, rangeFormation, addition, multiplication, bitwiseShift
    }

    var allowsTrailingClosure: Bool { trailingClosureBlocked == 0 }

    @inline(__always) func isExpressionStartToken(_ t: Token) -> Bool {
        switch t.kind {
        case .identifier, .dollarIdentifier, .wildcard, .integerLiteral, .floatLiteral, .stringQuote,
             .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .regexSlash, .regexPoundDelimiter,
             .leftParen, .leftSquare, .leftBrace, .period, .prefixOperator, .prefixAmpersand, .backslash, .pound,
             .ellipsis:
            return true
        case .keyword:
            switch t.keyword {
            case .self, .Self, .super, .true, .false, .nil, .try, .Any, .if, .switch, .`init`: return true
            default: return false
            }
        default:
            return false
        }
    }

    var isExpressionStart: Bool { splitOffset == 0 && isExpressionStartToken(tokens[pos]) }

    /// Parses one expression. `allowTrailingClosure: false` in statement conditions, where `{` opens the body.
    mutating func parseExpression(allowTrailingClosure: Bool = true, inPattern: Bool = false) {
        guard enter() else { return }
        defer { leave() }
        let saved = trailingClosureBlocked
        trailingClosureBlocked = allowTrailingClosure ? 0 : 1
        parseBinary(minPrecedence: 0)
        trailingClosureBlocked = saved
    }

    /// Precedence of a binary operator at the cursor, or nil when the cursor is not at one.
    @inline(__always) func binaryPrecedence() -> (Precedence, rightAssociative: Bool)? {
        let t = cur
        switch t.kind {
        case .equal: return (.assignment, true)
        case .infixQuestionMark: return (.ternary, true)
        case .keyword:
            if t.keyword == .is || t.keyword == .as { return (.casting, false) }
            return nil
        case .binaryOperator, .ellipsis:
            if t.kind == .ellipsis && t.flags.contains(.leadingTrivia) != (tokens[min(pos + 1, tokens.count - 1)].flags.contains(.leadingTrivia)) {
                return nil
            }
            return operatorPrecedence(t)
        default:
            return nil
        }
    }

    func operatorPrecedence(_ t: Token) -> (Precedence, rightAssociative: Bool) {
        let start = Int(t.offset), n = Int(t.length)
        let first = bytes[start], last = bytes[start + n - 1]
        if n == 1 {
            switch first {
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "|"), UInt8(ascii: "^"): return (.addition, false)
            case UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "&"): return (.multiplication, false)
            case UInt8(ascii: "<"), UInt8(ascii: ">"): return (.comparison, false)
            case UInt8(ascii: "="): return (.assignment, true)
            default: return (.defaultPrecedence, false)
            }
        }
        if text(t, is: "==") || text(t, is: "!=") || text(t, is: "<=") || text(t, is: ">=") || text(t, is: "===")
            || text(t, is: "!==") || text(t, is: "~=") { return (.comparison, false) }
        if text(t, is: "&&") { return (.conjunction, false) }
        if text(t, is: "||") { return (.disjunction, false) }
        if text(t, is: "??") { return (.nilCoalescing, true) }
        if text(t, is: "..<") || text(t, is: "...") { return (.rangeFormation, false) }
        if text(t, is: "<<") || text(t, is: ">>") || text(t, is: "&<<") || text(t, is: "&>>") { return (.bitwiseShift, false) }
        if text(t, is: "&+") || text(t, is: "&-") { return (.addition, false) }
        if text(t, is: "&*") { return (.multiplication, false) }
        if last == UInt8(ascii: "=") && first != UInt8(ascii: "=") { return (.assignment, true) } // += -= ...
        return (.defaultPrecedence, false)
    }

    mutating func parseBinary(minPrecedence: Int) {
        let lhs = nodes.count
        parseUnary()
        if nodes.count == lhs { return }
        while let (precedence, rightAssociative) = binaryPrecedence(), precedence.rawValue >= minPrecedence {
            guard enter() else { return }
            defer { leave() }
            let next = rightAssociative ? precedence.rawValue : precedence.rawValue + 1
            if precedence == .ternary {
                let n = wrap(lhs, .ternaryExpr)
                advance() // ?
                let saved = trailingClosureBlocked
                trailingClosureBlocked = 0
                parseBinary(minPrecedence: Precedence.ternary.rawValue)
                trailingClosureBlocked = saved
                if eat(.colon) { parseBinary(minPrecedence: next) }
                finish(n)
            } else if precedence == .casting {
                let isAs = at(.as)
                let n = wrap(lhs, isAs ? .asExpr : .isExpr, name: pos)
                advance()
                if isAs && (at(.postfixQuestionMark) || at(.exclamationMark) || at(.infixQuestionMark)) { advance() }
                parseType()
                finish(n)
            } else {
                let n = wrap(lhs, .binaryExpr, name: pos)
                advance()
                let before = nodes.count
                parseBinary(minPrecedence: next)
                finish(n)
                if nodes.count == before { return } // operator with no right operand (half-typed)
            }
        }
    }

    mutating func parseUnary() {
        switch kind {
        case .prefixOperator, .ellipsis:
            if at(.ellipsis) && !tokens[pos].flags.contains(.leadingTrivia) && pos > 0 { break }
            guard enter() else { return }
            defer { leave() }
            let n = start(.prefixOperatorExpr, name: pos)
            advance()
            parseUnary()
            finish(n)
            return
        case .prefixAmpersand:
            guard enter() else { return }
            defer { leave() }
            let n = start(.inOutExpr)
            advance()
            parseUnary()
            finish(n)
            return
        case .keyword where at(.try):
            guard enter() else { return }
            defer { leave() }
            let n = start(.tryExpr, name: pos)
            advance()
            if (at(.postfixQuestionMark) || at(.exclamationMark) || at(.infixQuestionMark)) && !tokens[pos].flags.contains(.leadingTrivia) { advance() }
            parseBinary(minPrecedence: Precedence.ternary.rawValue)
            finish(n)
            return
        case .identifier:
            let t = tokens[pos]
            if splitOffset == 0 && (t.keyword == .await || t.keyword == .consume || t.keyword == .copy
                || t.keyword == .each || t.keyword == .some || t.keyword == .any) {
                let next = peek()
                if !next.isAtStartOfLine && isExpressionStartToken(next) && next.kind != .period && next.kind != .leftParen
                    && next.kind != .leftSquare && next.kind != .leftBrace {
                    guard enter() else { return }
                    defer { leave() }
                    let kind: NodeKind = t.keyword == .await ? .awaitExpr : t.keyword == .consume ? .consumeExpr
                        : t.keyword == .copy ? .copyExpr : .typeExpr
                    let n = start(kind, name: pos)
                    advance()
                    if kind == .awaitExpr { parseBinary(minPrecedence: Precedence.ternary.rawValue) } else { parseUnary() }
                    finish(n)
                    return
                }
            }
        default:
            break
        }
        let first = nodes.count
        parsePrimary()
        if nodes.count > first { parsePostfix(from: first) }
    }

    mutating func parsePostfix(from first: Int) {
        var iterations = 0
        while true {
            iterations += 1
            let t = cur
            switch t.kind {
            case .period:
                // `.name`, `.init`, `.self`, `.0`, continuing across lines (long modifier chains), but not out of
                // a `#if` condition.
                if inIfConfigCondition && atStartOfLine { return }
                let next = peek()
                guard next.kind == .identifier || next.kind == .keyword || next.kind == .integerLiteral
                        || next.kind == .dollarIdentifier || next.kind == .floatLiteral || next.kind == .wildcard else { return }
                let n = wrap(first, .memberAccessExpr)
                advance()
                setName(n, advance())
                if atLeftAngle && !tokens[pos].flags.contains(.leadingTrivia) && canParseGenericArguments() {
                    parseGenericArgumentClause()
                }
                finish(n)
            case .leftParen:
                if atStartOfLine { return }
                guard enter() else { return }
                let n = wrap(first, .callExpr)
                parseArgumentList(closing: .rightParen)
                parseTrailingClosures(allowed: allowsTrailingClosure)
                finish(n)
                leave()
            case .leftSquare:
                if atStartOfLine { return }
                guard enter() else { return }
                let n = wrap(first, .subscriptExpr)
                parseArgumentList(closing: .rightSquare)
                parseTrailingClosures(allowed: allowsTrailingClosure)
                finish(n)
                leave()
            case .leftBrace:
                guard allowsTrailingClosure && !atObserverBlock && canTakeTrailingClosure(outermost(first)) else { return }
                guard enter() else { return }
                let n = wrap(first, .callExpr)
                parseTrailingClosures(allowed: true)
                finish(n)
                leave()
            case .postfixQuestionMark:
                let n = wrap(first, .optionalChainingExpr)
                advance()
                finish(n)
            case .exclamationMark:
                let n = wrap(first, .forceUnwrapExpr)
                advance()
                finish(n)
            case .postfixOperator:
                let n = wrap(first, .postfixOperatorExpr, name: pos)
                advance()
                finish(n)
            case .ellipsis where !t.flags.contains(.leadingTrivia) && (peek().kind == .rightSquare || peek().kind == .rightParen || peek().kind == .comma):
                let n = wrap(first, .postfixOperatorExpr, name: pos)
                advance()
                finish(n)
            case .poundIf:
                guard postfixIfConfigAhead() else { return }
                guard enter() else { return }
                parsePostfixIfConfig(from: first)
                leave()
            case .binaryOperator, .prefixOperator, .leftAngle:
                // `Store<AppState>()`: generic arguments glued to a name.
                guard atLeftAngle && !tokens[pos].flags.contains(.leadingTrivia) && canParseGenericArguments() else { return }
                let n = wrap(first, .genericSpecializationExpr)
                parseGenericArgumentClause()
                finish(n)
            default:
                return
            }
            if iterations > 100_000 { return }
        }
    }

    /// At `#if` whose first clause item (on the next line) starts with `.`: a postfix `#if` in a member chain.
    func postfixIfConfigAhead() -> Bool {
        var i = pos + 1
        while i < tokens.count && !tokens[i].isAtStartOfLine { i += 1 }
        return i < tokens.count && tokens[i].kind == .period
    }

    mutating func parsePostfixIfConfig(from first: Int) {
        let n = wrap(first, .postfixIfConfigExpr)
        while at(.poundIf) || at(.poundElseif) || at(.poundElse) {
            let clause = startIfConfigClause()
            if at(.period) {
                let chain = nodes.count
                parsePrimary()
                if nodes.count > chain { parsePostfix(from: chain) }
            }
            finish(clause)
        }
        eat(.poundEndif)
        finish(n)
    }

    /// Trailing closures attach to names, member accesses, calls, subscripts and specializations.
    func canTakeTrailingClosure(_ n: Int) -> Bool {
        switch nodes[n].kind {
        case .identifierExpr, .memberAccessExpr, .callExpr, .subscriptExpr, .genericSpecializationExpr, .macroExpansionExpr,
             .postfixIfConfigExpr:
            return true
        default:
            return false
        }
    }

    /// `{ ... }` and then `label: { ... }` for each further labeled closure.
    mutating func parseTrailingClosures(allowed: Bool) {
        guard allowed, at(.leftBrace), !atObserverBlock else { return }
        let first = start(.trailingClosure)
        parseClosure()
        finish(first)
        while (at(.identifier) || at(.keyword) || at(.wildcard)) && peek().kind == .colon && peek(2).kind == .leftBrace {
            let n = start(.trailingClosure, name: pos)
            advance(); advance()
            parseClosure()
            finish(n)
        }
    }

    /// `( label: value, value, ... )` or `[ ... ]` as argument nodes, the closing delimiter consumed.
    mutating func parseArgumentList(closing: TokenKind) {
        let saved = trailingClosureBlocked
        trailingClosureBlocked = 0
        defer { trailingClosureBlocked = saved }
        advance() // ( or [
        while !atEOF && !at(closing) {
            let before = pos
            let arg = start(.argument)
            // A label is a name followed by `:` (`_:` in compound names too).
            if (at(.identifier) || at(.keyword) || at(.wildcard)) && peek().kind == .colon {
                setName(arg, advance())
                advance()
            }
            if at(.comma) || at(closing) {
                // `foo(_:bar:)`-style names or a missing value.
            } else if isOperatorToken(cur) && !at(.prefixAmpersand) && (peek().kind == .comma || peek().kind == closing) {
                // An operator passed as a function: `reduce(0, +)`.
                let n = start(.identifierExpr, name: pos)
                advance()
                finish(n)
            } else {
                parseExpression()
            }
            finish(arg)
            if !eat(.comma) {
                if pos == before { break }
                if !at(closing) {
                    // Junk inside the list: skip to the close or the next comma.
                    if at(.rightBrace) || at(.leftBrace) && closing != .rightParen || atEOF { break }
                    if atDeclStart && atStartOfLine || at(.rightParen) || at(.rightSquare) { break }
                    let e = start(.error)
                    while !atEOF && !at(closing) && !at(.comma) && !at(.rightBrace) {
                        if at(.leftParen) || at(.leftSquare) || at(.leftBrace) { skipBalanced() } else { advance() }
                    }
                    finish(e)
                    eat(.comma)
                }
            }
        }
        eat(closing)
    }

    // MARK: Primary expressions

    mutating func parsePrimary() {
        let t = cur
        switch t.kind {
        case .identifier:
            if t.keyword == .some || t.keyword == .any, peek().kind == .identifier, !peek().isAtStartOfLine {
                // `some View` / `any P` in expression position (e.g. a generic argument): a type.
                let n = start(.typeExpr)
                parseType()
                finish(n)
                return
            }
            leaf(.identifierExpr)
        case .dollarIdentifier:
            leaf(.identifierExpr)
        case .wildcard:
            leaf(.discardAssignmentExpr)
        case .keyword:
            switch t.keyword {
            case .self, .Self, .super, .Any, .`init`:
                leaf(.identifierExpr)
            case .true, .false:
                leaf(.booleanLiteral)
            case .nil:
                leaf(.nilLiteral)
            case .if:
                guard enter() else { return }
                parseIf(kind: .ifExpr)
                leave()
            case .switch:
                guard enter() else { return }
                parseSwitch(kind: .switchExpr)
                leave()
            case .let, .var:
                // `let x` inside a pattern (`case .some(let x)`).
                let n = start(.patternExpr, name: pos)
                advance()
                parsePattern(allowTypeAnnotation: false)
                finish(n)
            case .is:
                let n = start(.isTypePattern)
                advance()
                parseType()
                finish(n)
            default:
                // A keyword that cannot start an expression: leave it to the caller's recovery.
                return
            }
        case .integerLiteral:
            leaf(.integerLiteral)
        case .floatLiteral:
            leaf(.floatLiteral)
        case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter:
            parseStringLiteral()
        case .regexSlash, .regexPoundDelimiter:
            let n = start(.regexLiteral)
            advance()
            while at(.regexLiteralPattern) || at(.regexSlash) || at(.regexPoundDelimiter) {
                let wasClose = at(.regexSlash) || at(.regexPoundDelimiter)
                advance()
                if wasClose && !(at(.regexPoundDelimiter) && !tokens[pos].flags.contains(.leadingTrivia)) { break }
            }
            finish(n)
        case .leftParen:
            guard enter() else { return }
            let n = start(.tupleExpr)
            parseArgumentList(closing: .rightParen)
            finish(n)
            leave()
        case .leftSquare:
            guard enter() else { return }
            parseCollectionLiteral()
            leave()
        case .leftBrace:
            parseClosure()
        case .period:
            // Implicit member: `.red`, `.init(...)`.
            let next = peek()
            guard next.kind == .identifier || next.kind == .keyword || next.kind == .integerLiteral else {
                let e = start(.error); advance(); finish(e); return
            }
            let n = start(.memberAccessExpr)
            advance()
            setName(n, advance())
            finish(n)
        case .backslash:
            parseKeyPath()
        case .pound:
            let n = start(.macroExpansionExpr)
            advance()
            if (at(.identifier) || at(.keyword)) && !tokens[pos].flags.contains(.leadingTrivia) { setName(n, advance()) }
            if atLeftAngle && !tokens[pos].flags.contains(.leadingTrivia) && canParseGenericArguments() { parseGenericArgumentClause() }
            if at(.leftParen) && !tokens[pos].flags.contains(.leadingTrivia) { parseArgumentList(closing: .rightParen) }
            parseTrailingClosures(allowed: allowsTrailingClosure)
            finish(n)
        case .poundAvailable, .poundUnavailable:
            let n = start(.availabilityCondition)
            advance()
            if at(.leftParen) { skipBalanced() }
            finish(n)
        case .binaryOperator where at(text: "<") && peek().kind == .pound:
            leaf(.editorPlaceholderExpr)
        default:
            return
        }
    }

    mutating func parseStringLiteral() {
        let n = start(.stringLiteral)
        var rawOpen = false
        if at(.rawStringPoundDelimiter) { advance(); rawOpen = true }
        let quote = kind
        guard quote == .stringQuote || quote == .multilineStringQuote || quote == .singleQuote else { finish(n); return }
        advance()
        while !atEOF {
            if at(quote) {
                // An unterminated single-line string ends at the line break; a quote on the next line opens
                // another literal.
                if quote != .multilineStringQuote && atStartOfLine { break }
                advance()
                if rawOpen && at(.rawStringPoundDelimiter) && !tokens[pos].flags.contains(.leadingTrivia) { advance() }
                break
            }
            if at(.stringSegment) {
                advance()
            } else if at(.backslash) {
                advance()
                if at(.rawStringPoundDelimiter) { advance() }
                if at(.leftParen) {
                    guard enter() else { break }
                    parseArgumentList(closing: .rightParen)
                    leave()
                }
            } else {
                break // unterminated
            }
        }
        finish(n)
    }

    mutating func parseCollectionLiteral() {
        let n = start(.arrayExpr)
        let saved = trailingClosureBlocked
        trailingClosureBlocked = 0
        defer { trailingClosureBlocked = saved }
        advance() // [
        if at(.colon) && peek().kind == .rightSquare {
            nodes[n].kind = .dictionaryExpr
            advance(); advance()
            finish(n)
            return
        }
        while !atEOF && !at(.rightSquare) {
            let before = pos
            let elementStart = nodes.count
            parseExpression()
            if at(.colon) {
                nodes[n].kind = .dictionaryExpr
                let e = wrap(elementStart, .dictionaryElement)
                advance()
                parseExpression()
                finish(e)
            }
            if !eat(.comma) {
                if pos == before || !at(.rightSquare) { break }
            }
        }
        eat(.rightSquare)
        finish(n)
    }

    /// `\Root.path?.sub[0]`, `\.path`, `\Type.self`.
    mutating func parseKeyPath() {
        let n = start(.keyPathExpr)
        advance() // backslash
        if at(.identifier) || at(.keyword) && (at(.Self) || at(.Any)) || at(.leftSquare) || at(.leftParen) {
            // The root type: a type name without `.member` suffixes (they are components).
            let r = start(.identifierType, name: pos)
            if at(.leftSquare) || at(.leftParen) { skipBalanced() } else { advance() }
            if atLeftAngle && !tokens[pos].flags.contains(.leadingTrivia) && canParseGenericArguments() { parseGenericArgumentClause() }
            finish(r)
        }
        while true {
            if at(.period) && (peek().kind == .identifier || peek().kind == .keyword || peek().kind == .integerLiteral || peek().kind == .dollarIdentifier) {
                advance(); advance()
            } else if (at(.postfixQuestionMark) || at(.exclamationMark)) && !tokens[pos].flags.contains(.leadingTrivia) {
                advance()
            } else if at(.leftSquare) && !tokens[pos].flags.contains(.leadingTrivia) {
                parseArgumentList(closing: .rightSquare)
            } else if at(.period) && (peek().kind == .postfixQuestionMark || peek().kind == .exclamationMark) {
                advance()
            } else {
                break
            }
        }
        finish(n)
    }

    // MARK: Closures

    mutating func parseClosure() {
        guard enter() else { return }
        defer { leave() }
        let saved = trailingClosureBlocked
        trailingClosureBlocked = 0
        defer { trailingClosureBlocked = saved }
        let n = start(.closureExpr)
        advance() // {
        if closureHasSignature() {
            let s = start(.closureSignature)
            parseAttributes()
            if at(.leftSquare) {
                let c = start(.captureList)
                advance()
                while !atEOF && !at(.rightSquare) {
                    let before = pos
                    parseModifiers() // `weak`, `unowned(safe)`
                    parseExpression()
                    if !eat(.comma) && pos == before { break }
                    if at(.leftBrace) || at(.rightBrace) { break }
                }
                eat(.rightSquare)
                finish(c)
            }
            if at(.leftParen) {
                parseParameterClause()
            } else {
                while at(.identifier) || at(.wildcard) || at(.keyword) && !at(.in) && !at(.throws) && !at(.rethrows) {
                    let p = start(.closureParameter, name: pos)
                    advance()
                    finish(p)
                    if !eat(.comma) { break }
                }
            }
            parseEffectSpecifiers()
            if eat(.arrow) { parseType() }
            eat(.in)
            finish(s)
        }
        parseItems(untilRightBrace: true, inTypeBody: false)
        eat(.rightBrace)
        finish(n)
    }

    /// Looks ahead from just inside `{` for `in` before anything that only a statement could contain.
    func closureHasSignature() -> Bool {
        var i = pos
        var level = 0
        var steps = 0
        while i < tokens.count && steps < 128 {
            steps += 1
            let t = tokens[i]
            switch t.kind {
            case .leftParen, .leftSquare: level += 1
            case .rightParen, .rightSquare:
                level -= 1
                if level < 0 { return false }
            case .leftBrace, .rightBrace, .endOfFile, .semicolon:
                return false
            case .keyword:
                if t.keyword == .in && level == 0 { return true }
                if level == 0 && !(t.keyword == .throws || t.keyword == .rethrows || t.keyword == .inout
                    || t.keyword == .Self || t.keyword == .Any || t.keyword == .self) { return false }
            case .identifier, .wildcard, .comma, .colon, .arrow, .period, .atSign, .postfixQuestionMark,
                 .exclamationMark, .ellipsis, .dollarIdentifier:
                break
            case .binaryOperator, .postfixOperator, .prefixOperator, .leftAngle, .rightAngle, .equal, .infixQuestionMark,
                 .prefixAmpersand:
                // Generic brackets and `&` in parameter types; `=` only in a capture list.
                if level == 0 && !(firstByte(t) == UInt8(ascii: "<") || firstByte(t) == UInt8(ascii: ">") || firstByte(t) == UInt8(ascii: "&")) {
                    return false
                }
            default:
                if level == 0 { return false }
            }
            i += 1
        }
        return false
    }
}

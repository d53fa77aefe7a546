/// Declarations: types, members, attributes, modifiers, generics, `#if` blocks.
extension ParserState {
    /// Modifier keywords, reserved or contextual. Contextual ones count only before a declaration.
    @inline(__always) func isModifier(_ t: Token) -> Bool {
        if t.kind == .identifier && t.keyword == .none && t.length >= 7 && bytes[Int(t.offset)] == UInt8(ascii: "_") {
            // Underscored spellings still found in the standard library's style of code.
            return text(t, is: "__consuming") || text(t, is: "__owned") || text(t, is: "__shared")
                || text(t, is: "_const") || text(t, is: "__setter_access")
        }
        switch t.keyword {
        case .public, .private, .fileprivate, .internal, .static:
            return true
        case .open, .package, .final, .override, .required, .convenience, .mutating, .nonmutating, .lazy,
             .weak, .unowned, .dynamic, .optional, .indirect, .prefix, .postfix, .infix, .nonisolated,
             .distributed, .consuming, .borrowing:
            return t.kind == .identifier
        case .class:
            // `class func`, `class var`: a modifier when another declaration keyword follows.
            return true
        default:
            return false
        }
    }

    /// Whether the token after the modifier run starting at `i` is a declaration keyword.
    func modifiersLeadToDecl(from i: Int) -> Bool {
        var j = i
        var steps = 0
        while j < tokens.count && steps < 16 {
            let t = tokens[j]
            if isDeclKeyword(t, next: j + 1 < tokens.count ? tokens[j + 1] : t) { return true }
            guard isModifier(t) else { return false }
            j += 1
            // `private(set)`, `unowned(safe)`, `nonisolated(unsafe)`
            if j + 2 < tokens.count && tokens[j].kind == .leftParen && !tokens[j].flags.contains(.leadingTrivia)
                && tokens[j + 2].kind == .rightParen { j += 3 }
            steps += 1
        }
        return false
    }

    @inline(__always) func isDeclKeyword(_ t: Token, next: Token) -> Bool {
        switch t.keyword {
        case .import, .struct, .enum, .protocol, .extension, .func, .`init`, .deinit, .subscript, .var, .let,
             .typealias, .associatedtype, .operator, .precedencegroup:
            return t.kind == .keyword
        case .class:
            // `class Foo` declares a class; `class func`, `class var`, `class override ...` use it as a modifier.
            guard t.kind == .keyword else { return false }
            switch next.keyword {
            case .func, .var, .let, .subscript, .`init`, .typealias, .static: return false
            default: return !isModifier(next)
            }
        case .actor, .macro:
            return t.kind == .identifier && next.kind == .identifier && !next.isAtStartOfLine
        default:
            return false
        }
    }

    /// At the start of a declaration: attributes, modifiers, a declaration keyword, or a `#` macro expansion
    /// at item level.
    @inline(__always) var atDeclStart: Bool {
        if splitOffset != 0 { return false }
        let t = tokens[pos]
        if t.kind == .atSign { return true }
        if t.kind == .pound { return true }
        if isDeclKeyword(t, next: peek()) { return true }
        if isModifier(t) { return modifiersLeadToDecl(from: pos) }
        return false
    }

    mutating func parseDecl(inTypeBody: Bool) {
        guard enter() else { return }
        defer { leave() }
        if at(.pound) {
            parseMacroExpansionDecl()
            return
        }
        let declStart = nodes.count
        let startToken = pos
        // Attributes and modifiers are parsed into a temporary run, then the declaration node is inserted in
        // front of them once its kind is known.
        parseAttributes()
        parseModifiers()
        let t = cur
        let next = peek()
        var kind: NodeKind = .error
        switch t.keyword {
        case .import: kind = .importDecl
        case .struct: kind = .structDecl
        case .class: kind = .classDecl
        case .enum: kind = .enumDecl
        case .protocol: kind = .protocolDecl
        case .extension: kind = .extensionDecl
        case .func: kind = .funcDecl
        case .`init`: kind = .initDecl
        case .deinit: kind = .deinitDecl
        case .subscript: kind = .subscriptDecl
        case .var, .let: kind = .variableDecl
        case .typealias: kind = .typealiasDecl
        case .associatedtype: kind = .associatedtypeDecl
        case .case: kind = .enumCaseDecl
        case .operator: kind = .operatorDecl
        case .precedencegroup: kind = .precedenceGroupDecl
        case .actor where t.kind == .identifier && next.kind == .identifier: kind = .actorDecl
        case .macro where t.kind == .identifier && next.kind == .identifier: kind = .macroDecl
        default: break
        }
        if kind == .error && t.kind == .pound {
            // `@attr #Preview { }` is unusual but legal for some macros.
            parseMacroExpansionDecl()
            insertDeclNode(at: declStart, kind: .error, startToken: startToken)
            return
        }
        if kind == .error {
            // Attributes/modifiers not followed by a declaration (half-typed code): keep what we have.
            if pos == startToken { recoverToNextItem() }
            insertDeclNode(at: declStart, kind: .error, startToken: startToken)
            return
        }
        let keywordToken = advance()
        let decl = insertDeclNode(at: declStart, kind: kind, startToken: startToken)
        switch kind {
        case .importDecl: parseImportRest(decl)
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl: parseNominalRest(decl, kind: kind)
        case .extensionDecl: parseExtensionRest(decl)
        case .funcDecl: parseFuncRest(decl)
        case .initDecl: parseInitRest(decl)
        case .deinitDecl: if at(.leftBrace) { parseBody(skippable: true) }
        case .subscriptDecl: parseSubscriptRest(decl)
        case .variableDecl: setName(decl, keywordToken); parseVariableRest(declarationStart: startToken)
        case .typealiasDecl: parseTypealiasRest(decl)
        case .associatedtypeDecl: parseAssociatedtypeRest(decl)
        case .enumCaseDecl: parseEnumCaseRest()
        case .operatorDecl: parseOperatorRest(decl)
        case .precedenceGroupDecl: parsePrecedenceGroupRest(decl)
        case .macroDecl: parseMacroDeclRest(decl)
        default: break
        }
        finish(decl)
    }

    /// Opens the declaration node as the parent of the attributes and modifiers already parsed from `index`
    /// (none when `index` is `nodes.count`).
    @discardableResult
    mutating func insertDeclNode(at index: Int, kind: NodeKind, startToken: Int) -> Int {
        let decl = wrap(index, kind)
        nodes[decl].firstToken = Int32(startToken)
        nodes[decl].endToken = Int32(startToken)
        if kind == .error { finish(decl) }
        return decl
    }

    /// Takes the name token (identifier, backticked identifier, or a keyword used as a name after `func`).
    mutating func parseName(into decl: Int) {
        if at(.identifier) || at(.keyword) && !at(.leftBrace) || at(.wildcard) {
            setName(decl, advance())
        } else if at(.binaryOperator) || at(.prefixOperator) || at(.postfixOperator) || at(.exclamationMark)
                    || at(.equal) || at(.prefixAmpersand) || at(.postfixQuestionMark) || at(.infixQuestionMark) || at(.period) || at(.ellipsis) {
            // Operator functions: `static func == (...)`. In `func ~=<T>(...)` the lexer glues the generic
            // clause's `<` to the operator: the name stops before it.
            let t = cur
            setName(decl, pos)
            if t.length > 1 && bytes[Int(t.end) - 1] == UInt8(ascii: "<") && peek().kind == .identifier
                && !peek().flags.contains(.leadingTrivia) {
                splitOffset = t.length - 1
            } else {
                advance()
            }
        }
    }

    // MARK: Attributes and modifiers

    mutating func parseAttributes() {
        while at(.atSign) || at(.poundIf) && ifConfigAttributesAhead() {
            if at(.atSign) { parseAttribute(); continue }
            // `#if compiler(>=6) @inline(always) #else @inline(__always) #endif`: every clause is kept.
            let n = start(.ifConfigDecl)
            while at(.poundIf) || at(.poundElseif) || at(.poundElse) {
                let clause = startIfConfigClause()
                while at(.atSign) { parseAttribute() }
                finish(clause)
            }
            eat(.poundEndif)
            finish(n)
        }
    }

    /// At `#if` whose clauses hold only attributes and whose `#endif` is followed by the rest of a
    /// declaration (more attributes, modifiers or a declaration keyword).
    func ifConfigAttributesAhead() -> Bool {
        guard at(.poundIf) else { return false }
        var i = pos
        var sawAttribute = false
        while i < tokens.count {
            let t = tokens[i]
            switch t.kind {
            case .poundIf, .poundElseif, .poundElse:
                if t.kind == .poundIf && i != pos { return false }
                i += 1
                while i < tokens.count && !tokens[i].isAtStartOfLine && tokens[i].kind != .endOfFile { i += 1 }
            case .atSign:
                sawAttribute = true
                i += 1
                // One name, qualified only by glued `.Name` parts: `@_exported import X` is an attribute and
                // a declaration, not a long attribute name.
                guard i < tokens.count, tokens[i].kind == .identifier || tokens[i].kind == .keyword else { return false }
                i += 1
                while i + 1 < tokens.count && tokens[i].kind == .period && !tokens[i].flags.contains(.leadingTrivia)
                        && tokens[i + 1].kind == .identifier { i += 2 }
                if i < tokens.count && tokens[i].kind == .leftParen && !tokens[i].flags.contains(.leadingTrivia) {
                    var level = 0
                    repeat {
                        if tokens[i].kind == .leftParen { level += 1 } else if tokens[i].kind == .rightParen { level -= 1 }
                        if tokens[i].kind == .endOfFile { return false }
                        i += 1
                    } while level > 0 && i < tokens.count
                }
            case .poundEndif:
                guard sawAttribute, i + 1 < tokens.count else { return false }
                let next = tokens[i + 1]
                let afterNext = i + 2 < tokens.count ? tokens[i + 2] : next
                return next.kind == .atSign || next.kind == .poundIf || isDeclKeyword(next, next: afterNext) || isModifier(next)
            default:
                return false
            }
        }
        return false
    }

    /// Attribute names whose arguments are not expressions; their argument list is kept as raw tokens.
    func hasRawArguments(_ nameToken: Token) -> Bool {
        for literal: StaticString in ["available", "objc", "_spi", "backDeployed", "_specialize", "_originallyDefinedIn",
                                      "_effects", "_implements", "differentiable", "derivative", "transpose",
                                      "_documentation", "attached", "freestanding", "_dynamicReplacement",
                                      "_private", "_semantics", "_silgen_name", "_cdecl", "_expose", "_section",
                                      "_projectedValueProperty", "_optimize", "_alignment", "_spi_available",
                                      "_typeEraser", "_nonSendable", "_unavailableFromAsync", "exclusivity",
                                      "_extern", "abi", "lifetime", "_lifetime", "specialize", "export", "c", "inline", "warn"]
            where text(nameToken, is: literal) { return true }
        return false
    }

    mutating func parseAttribute() {
        let n = start(.attribute)
        advance() // @
        // Name: possibly qualified (`@Module.Wrapper`) and generic (`@Wrapper<Int>`).
        if at(.identifier) || at(.keyword) {
            setName(n, advance())
            while at(.period) && (peek().kind == .identifier || peek().kind == .keyword) && !peek().flags.contains(.leadingTrivia) {
                advance()
                setName(n, advance())
            }
            // `@Builder<A, B> var x`: in an attribute `<` right after the name always opens generic arguments.
            if atLeftAngle && !tokens[pos].flags.contains(.leadingTrivia) {
                parseGenericArgumentClause()
            }
        }
        if at(.leftParen) && !tokens[pos].flags.contains(.leadingTrivia) {
            let name = nodes[n].name >= 0 ? tokens[Int(nodes[n].name)] : cur
            if hasRawArguments(name) {
                skipBalanced()
            } else {
                parseArgumentList(closing: .rightParen)
            }
        }
        finish(n)
    }

    mutating func parseModifiers() {
        // A modifier word followed by `:` is a label (`case a(required: Bool)`), not a modifier.
        while splitOffset == 0 && isModifier(tokens[pos]) && !isDeclKeyword(tokens[pos], next: peek()) && peek().kind != .colon {
            // `class` followed by a declaration keyword is a modifier; otherwise the declaration.
            let m = start(.modifier, name: pos)
            advance()
            if at(.leftParen) && !tokens[pos].flags.contains(.leadingTrivia) && peek(2).kind == .rightParen
                && (peek().kind == .identifier || peek().kind == .keyword) {
                advance(); advance(); advance()
            }
            finish(m)
        }
    }

    // MARK: Specific declarations

    mutating func parseImportRest(_ decl: Int) {
        // `import struct Foo.Bar` / `import Foo.Bar`
        if (at(.struct) || at(.class) || at(.enum) || at(.protocol) || at(.typealias) || at(.func) || at(.var) || at(.let)) {
            advance()
        }
        if at(.identifier) || at(.keyword) { setName(decl, advance()) }
        while at(.period) || atBinaryOperatorText(".") {
            advance()
            if at(.identifier) || at(.keyword) || isOperatorToken(cur) { advance() }
        }
    }

    func atBinaryOperatorText(_ s: StaticString) -> Bool { isOperatorToken(cur) && at(text: s) }

    func isOperatorToken(_ t: Token) -> Bool {
        switch t.kind {
        case .binaryOperator, .prefixOperator, .postfixOperator, .equal, .exclamationMark, .prefixAmpersand,
             .postfixQuestionMark, .infixQuestionMark, .ellipsis, .leftAngle, .rightAngle, .arrow:
            return true
        default:
            return false
        }
    }

    mutating func parseNominalRest(_ decl: Int, kind: NodeKind) {
        parseName(into: decl)
        if atLeftAngle { parseGenericParameterClause() }
        if at(.leftParen) && kind == .enumDecl { skipBalancedIntoError() }
        if at(.colon) { parseInheritanceClause() }
        if at(.where) { parseGenericWhereClause() }
        if at(.leftBrace) { parseMemberBlock() }
    }

    mutating func parseExtensionRest(_ decl: Int) {
        let typeStart = nodes.count
        parseType()
        // The extended type's name: the last component of the type.
        if typeStart < nodes.count { nodes[decl].name = nodes[outermost(typeStart)].name }
        if at(.colon) { parseInheritanceClause() }
        if at(.where) { parseGenericWhereClause() }
        if at(.leftBrace) { parseMemberBlock() }
    }

    mutating func parseMemberBlock() { parseBraceBlock(.memberBlock, inTypeBody: true) }

    mutating func parseInheritanceClause() {
        let n = start(.inheritanceClause)
        advance() // :
        repeat {
            if at(.class) { advance(); continue }
            let before = pos
            parseType()
            if pos == before { break }
        } while eat(.comma)
        finish(n)
    }

    mutating func parseGenericParameterClause() {
        let n = start(.genericParameterClause)
        advance() // <
        while !atEOF && !atRightAngle {
            let p = start(.genericParameter)
            parseAttributes()
            if atContextual(.each) { advance() }
            if at(.identifier) || at(.keyword) { setName(p, advance()) } else { finish(p); break }
            if eat(.ellipsis) {}
            if eat(.colon) { parseType() }
            finish(p)
            if !eat(.comma) { break }
        }
        if at(.where) { parseGenericWhereClause() }
        if atRightAngle { eatRightAngle() }
        finish(n)
    }

    mutating func parseGenericWhereClause() {
        let n = start(.genericWhereClause)
        advance() // where
        repeat {
            let r = start(.sameTypeRequirement)
            parseType()
            if eat(.colon) {
                parseType()
            } else if at(text: "==") || at(.equal) {
                advance()
                parseType()
            }
            finish(r)
        } while eat(.comma)
        finish(n)
    }

    mutating func parseFuncRest(_ decl: Int) {
        parseName(into: decl)
        if atLeftAngle { parseGenericParameterClause() }
        if at(.leftParen) { parseParameterClause() }
        let returnType = parseEffectsAndReturn()
        if at(.where) { parseGenericWhereClause() }
        if at(.leftBrace) {
            parseBody(skippable: !typeHasKeptSuffix(returnType) && !declarationMentionsKeptWord(from: Int(nodes[decl].firstToken)))
        }
    }

    mutating func parseInitRest(_ decl: Int) {
        setName(decl, pos - 1)
        if at(.postfixQuestionMark) || at(.exclamationMark) || at(.infixQuestionMark) { advance() }
        if atLeftAngle { parseGenericParameterClause() }
        if at(.leftParen) { parseParameterClause() }
        parseEffectsAndReturn()
        if at(.where) { parseGenericWhereClause() }
        if at(.leftBrace) { parseBody(skippable: !declarationMentionsKeptWord(from: Int(nodes[decl].firstToken))) }
    }

    mutating func parseSubscriptRest(_ decl: Int) {
        setName(decl, pos - 1)
        if atLeftAngle { parseGenericParameterClause() }
        if at(.leftParen) { parseParameterClause() }
        parseEffectsAndReturn()
        if at(.where) { parseGenericWhereClause() }
        accessorsSkippable = false
        if at(.leftBrace) { parseAccessorBlock() }
    }

    /// `async throws(E) -> T`; returns the return type's node.
    @discardableResult
    mutating func parseEffectsAndReturn() -> Int? {
        parseEffectSpecifiers()
        guard eat(.arrow) else { return nil }
        let type = nodes.count
        parseType()
        return type < nodes.count ? type : nil
    }

    // MARK: Body skipping

    mutating func prepareBodySkipping(_ skipping: BodySkipping) {
        let compiled = skipping.compiled
        let all = compiled.scan, roles = compiled.roles
        declarationWords = compiled.declarationWords
        typeSuffixes = compiled.typeSuffixes
        var sawFileWord = false
        var noted: Set<String> = []
        // Locals only in this loop over every token: a store to the parser state inside it (appending to
        // `interestingTokens`) would make each iteration reload the tokens from the state.
        var interesting: [Int32] = []
        let tokens = self.tokens, bytes = self.bytes
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            i += 1
            guard t.kind == .identifier, let w = all.index(bytes, start: Int(t.offset), length: Int(t.length)) else { continue }
            let role = roles[w]
            if role.file { sawFileWord = true }
            if role.body && !sawFileWord { interesting.append(Int32(i - 1)) }
            if let word = role.noted { noted.insert(word) }
            // Nothing more to learn: skipping is off and every noted word is found.
            if sawFileWord && noted.count == skipping.notedWords.count { break }
        }
        notedWords = (skipping.notedWords, noted)
        // A file word anywhere: nothing in the file is skipped.
        if sawFileWord { interestingTokens = [] } else { interestingTokens = interesting; skipsInertBodies = true }
    }

    /// A code block that is a declaration's body: skipped when allowed, inert and outermost; parsed otherwise.
    mutating func parseBody(skippable: Bool) {
        if skipsInertBodies && skippable && bodyDepth == 0 && splitOffset == 0, let close = matchingBrace(from: pos),
           !hasInterestingToken(in: pos..<close) {
            let n = start(.codeBlock)
            pos = close + 1
            finish(n)
            return
        }
        bodyDepth += 1
        parseCodeBlock()
        bodyDepth -= 1
    }

    /// Index of the `}` closing the `{` at `open`, or nil if the file ends first.
    @inline(__always) func matchingBrace(from open: Int) -> Int? {
        var level = 0
        var i = open
        while i < tokens.count {
            switch tokens[i].kind {
            case .leftBrace: level += 1
            case .rightBrace:
                level -= 1
                if level == 0 { return i }
            case .endOfFile: return nil
            default: break
            }
            i += 1
        }
        return nil
    }

    @inline(__always) func hasInterestingToken(in range: Range<Int>) -> Bool {
        // Binary search for the first interesting token at or after the range start.
        var lo = 0, hi = interestingTokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(interestingTokens[mid]) < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        return lo < interestingTokens.count && Int(interestingTokens[lo]) < range.upperBound
    }

    /// A type whose last token ends with one of the kept type suffixes.
    func typeHasKeptSuffix(_ type: Int?) -> Bool {
        guard skipsInertBodies, let start = type, start < nodes.count else { return false }
        let type = outermost(start)
        guard nodes[type].endToken > nodes[type].firstToken else { return false }
        let last = tokens[Int(nodes[type].endToken) - 1]
        return typeSuffixes.isSuffix(bytes, start: Int(last.offset), end: Int(last.end))
    }

    /// A kept declaration word among the identifiers of a declaration so far.
    func declarationMentionsKeptWord(from first: Int) -> Bool {
        guard skipsInertBodies, !declarationWords.isEmpty else { return false }
        var i = first
        while i < pos {
            if tokens[i].kind == .identifier && declarationWords.matches(bytes, start: Int(tokens[i].offset), length: Int(tokens[i].length)) {
                return true
            }
            i += 1
        }
        return false
    }

    mutating func parseEffectSpecifiers() {
        while atContextual(.async) || at(.throws) || at(.rethrows) || atContextual(.await) {
            if at(.throws) && peek().kind == .leftParen && !peek().flags.contains(.leadingTrivia) {
                advance()
                skipBalanced()
            } else {
                advance()
            }
        }
    }

    mutating func parseParameterClause() {
        guard enter() else { return }
        defer { leave() }
        let n = start(.parameterClause)
        advance() // (
        while !atEOF && !at(.rightParen) {
            let before = pos
            parseParameter()
            if !eat(.comma) && pos == before { break }
            if at(.rightBrace) || at(.leftBrace) { break }
        }
        eat(.rightParen)
        finish(n)
    }

    mutating func parseParameter() {
        let p = start(.parameter)
        parseAttributes()
        parseModifiers()
        // firstName [secondName] : Type [...] [= default]; enum payloads may be bare types (`case a([Int])`),
        // closure parameters bare names (`(a, b) in`).
        let isName = { (t: Token) in t.kind == .identifier || t.kind == .keyword || t.kind == .wildcard }
        let next = peek(), afterNext = peek(2)
        let named = isName(cur) && (next.kind == .colon || (isName(next) && afterNext.kind == .colon)
            || next.kind == .comma || next.kind == .rightParen)
        if named {
            setName(p, advance())
            if isName(cur) { advance() }
            if eat(.colon) {
                parseType()
                if at(.ellipsis) { advance() }
            }
        } else if !at(.rightParen) {
            parseType()
            if at(.ellipsis) { advance() }
        }
        if at(.equal) {
            let i = start(.initializerClause)
            advance()
            parseExpression()
            finish(i)
        }
        finish(p)
    }

    mutating func parseVariableRest(declarationStart declStart: Int) {
        // Whether a kept word occurs among the declaration's tokens so far, scanned once in all (not from the
        // start for each binding: `var a = 1, b = 1, ...` would be quadratic).
        var mentionsKeptWord = false, scannedUpTo = declStart
        repeat {
            let b = start(.patternBinding)
            parsePattern(allowTypeAnnotation: false)
            var annotation: Int?
            if at(.colon) {
                let t = start(.typeAnnotation)
                advance()
                annotation = nodes.count
                parseType()
                finish(t)
            }
            // Accessor bodies of properties whose declaration mentions a kept word (their name included) or
            // whose type has a kept suffix are always parsed.
            if !mentionsKeptWord {
                mentionsKeptWord = declarationMentionsKeptWord(from: scannedUpTo)
                scannedUpTo = pos
            }
            let skippableHere = !(typeHasKeptSuffix(annotation) || mentionsKeptWord)
            var hasInitializer = false
            if at(.equal) {
                let i = start(.initializerClause)
                advance()
                parseExpression()
                finish(i)
                hasInitializer = true
            }
            // With an initializer only observers may follow (`= 0 { didSet { } }`).
            if at(.leftBrace) && (!hasInitializer || atObserverBlock) {
                accessorsSkippable = skippableHere
                parseAccessorBlock()
            }
            finish(b)
        } while eat(.comma)
    }

    /// At `{ willSet` / `{ didSet`: property observers, never a trailing closure.
    var atObserverBlock: Bool {
        guard at(.leftBrace) else { return false }
        let next = peek()
        return next.kind == .identifier && (next.keyword == .willSet || next.keyword == .didSet)
    }

    mutating func parseAccessorBlock() {
        guard enter() else { return }
        defer { leave() }
        let n = start(.accessorBlock)
        // Locals parsed inside one accessor must not change whether the next one may be skipped.
        let skippable = accessorsSkippable
        advance() // {
        if atAccessorStart {
            while !atEOF && !at(.rightBrace) {
                let before = pos
                if at(.poundIf) { parseIfConfigAccessors(); continue }
                let a = start(.accessorDecl)
                parseAttributes()
                parseModifiers()
                if at(.identifier) || at(.keyword) { setName(a, advance()) }
                if at(.leftParen) { skipBalanced() }
                parseEffectSpecifiers()
                if at(.leftBrace) { parseBody(skippable: skippable) }
                finish(a)
                if pos == before { recoverToNextItem(); if pos == before { advance() } }
            }
        } else if skipsInertBodies && skippable && bodyDepth == 0, let close = matchingBrace(from: pos - 1),
                  !hasInterestingToken(in: pos..<close) {
            // Implicit getter with nothing of interest: skipped like a function body.
            let body = start(.codeBlock)
            pos = close
            finish(body)
        } else {
            // Implicit getter: a body of statements.
            let body = start(.codeBlock)
            bodyDepth += 1
            parseItems(untilRightBrace: true, inTypeBody: false)
            bodyDepth -= 1
            finish(body)
        }
        eat(.rightBrace)
        finish(n)
    }

    mutating func parseIfConfigAccessors() {
        // `#if` around accessors: keep it simple, skip to `#endif` into an error node.
        let e = start(.error)
        while !atEOF && !at(.poundEndif) && !at(.rightBrace) {
            if at(.leftBrace) { skipBalanced() } else { advance() }
        }
        eat(.poundEndif)
        finish(e)
    }

    var atAccessorStart: Bool {
        var i = pos
        // Skip attributes and modifiers such as `mutating`, `nonmutating`, `@MainActor`; and the condition of a
        // `#if` that opens the block, whose first clause says which it is (`#if DEBUG` then `get {`, or then a
        // statement of an implicit getter: `var body: some View { #if os(iOS) @Bindable var m = m #endif ... }`).
        var steps = 0
        while i < tokens.count && steps < 8 {
            let t = tokens[i]
            if t.kind == .atSign { i += 2; if i < tokens.count && tokens[i].kind == .leftParen { return false }; steps += 1; continue }
            if t.keyword == .mutating || t.keyword == .nonmutating || t.keyword == .borrowing || t.keyword == .consuming { i += 1; steps += 1; continue }
            if t.kind == .poundIf {
                i += 1
                while i < tokens.count && !tokens[i].isAtStartOfLine { i += 1 }
                steps += 1
                // An empty first clause tells nothing: taken as accessors, as before.
                if i < tokens.count, [.poundElse, .poundElseif, .poundEndif].contains(tokens[i].kind) { return true }
                continue
            }
            break
        }
        guard i < tokens.count else { return false }
        let t = tokens[i]
        if t.kind == .poundIf { return true }
        switch t.keyword {
        case .get, .set, .willSet, .didSet, ._modify, ._read, .modify, .read, .unsafeAddress, .unsafeMutableAddress:
            let next = i + 1 < tokens.count ? tokens[i + 1] : t
            return t.kind == .identifier && (next.kind == .leftBrace || next.kind == .rightBrace || next.kind == .leftParen
                || next.isAtStartOfLine || next.keyword == .async || next.keyword == .throws || next.keyword == .get || next.keyword == .set)
        case .`init`:
            return true
        default:
            return false
        }
    }

    mutating func parseTypealiasRest(_ decl: Int) {
        parseName(into: decl)
        if atLeftAngle { parseGenericParameterClause() }
        if at(.equal) { advance(); parseType() }
        if at(.where) { parseGenericWhereClause() }
    }

    mutating func parseAssociatedtypeRest(_ decl: Int) {
        parseName(into: decl)
        if at(.colon) { parseInheritanceClause() }
        if at(.equal) { advance(); parseType() }
        if at(.where) { parseGenericWhereClause() }
    }

    mutating func parseEnumCaseRest() {
        repeat {
            let e = start(.enumCaseElement)
            if at(.identifier) || at(.keyword) { setName(e, advance()) }
            if at(.leftParen) { parseParameterClause() }
            if at(.equal) {
                let i = start(.initializerClause)
                advance()
                parseExpression()
                finish(i)
            }
            finish(e)
        } while eat(.comma)
    }

    mutating func parseOperatorRest(_ decl: Int) {
        if !atStartOfLine { setName(decl, advance()) }
        if at(.colon) {
            advance()
            while (at(.identifier) || at(.keyword) || at(.comma)) && !atStartOfLine { advance() }
        }
    }

    mutating func parsePrecedenceGroupRest(_ decl: Int) {
        parseName(into: decl)
        if at(.leftBrace) { skipBalanced() }
    }

    mutating func parseMacroDeclRest(_ decl: Int) {
        parseName(into: decl)
        if atLeftAngle { parseGenericParameterClause() }
        if at(.leftParen) { parseParameterClause() }
        parseEffectsAndReturn()
        if at(.equal) {
            let i = start(.initializerClause)
            advance()
            parseExpression()
            finish(i)
        }
        if at(.where) { parseGenericWhereClause() }
    }

    /// `#Preview("Name") { ... }`, `#warning("...")`, `#externalMacro(...)` at item level.
    mutating func parseMacroExpansionDecl() {
        let n = start(.macroExpansionDecl)
        advance() // #
        if (at(.identifier) || at(.keyword)) && !tokens[pos].flags.contains(.leadingTrivia) { setName(n, advance()) }
        parseMacroArgumentsAndClosures()
        finish(n)
    }

    /// Generic arguments, argument list and trailing closures of a macro expansion.
    mutating func parseMacroArgumentsAndClosures() {
        if atLeftAngle && !tokens[pos].flags.contains(.leadingTrivia) && canParseGenericArguments() { parseGenericArgumentClause() }
        if at(.leftParen) && !tokens[pos].flags.contains(.leadingTrivia) { parseArgumentList(closing: .rightParen) }
        parseTrailingClosures(allowed: true)
    }

    // MARK: #if

    mutating func parseIfConfig(inTypeBody: Bool) {
        guard enter() else { return }
        defer { leave() }
        let n = start(.ifConfigDecl)
        while at(.poundIf) || at(.poundElseif) || at(.poundElse) {
            let c = startIfConfigClause()
            while !atEOF && !at(.poundElseif) && !at(.poundElse) && !at(.poundEndif) {
                if at(.rightBrace) {
                    // Unbalanced `}` inside a clause (e.g. a clause that closes a type): keep it as an error.
                    let e = start(.error)
                    advance()
                    finish(e)
                    continue
                }
                if eat(.semicolon) { continue }
                let before = pos
                parseItem(inTypeBody: inTypeBody)
                if pos == before { let e = start(.error); advance(); finish(e) }
            }
            finish(c)
        }
        eat(.poundEndif)
        finish(n)
    }

    /// Opens a clause node at `#if`/`#elseif`/`#else` and parses its condition; the caller parses the items
    /// (declarations, statements, switch cases, attributes or a member chain) and finishes the node.
    mutating func startIfConfigClause() -> Int {
        let clause = start(.ifConfigClause, name: pos)
        let isElse = at(.poundElse)
        advance()
        if !isElse { parseIfConfigCondition() }
        return clause
    }

    /// The condition of `#if`: an expression on the rest of the line.
    mutating func parseIfConfigCondition() {
        if atStartOfLine { return }
        let line = pos
        let outer = inIfConfigCondition
        inIfConfigCondition = true
        parseExpression(allowTrailingClosure: false)
        inIfConfigCondition = outer
        // Anything left on the condition line is junk.
        if pos == line && !atStartOfLine { advance() }
        if !atStartOfLine && !atEOF {
            let e = start(.error)
            while !atEOF && !atStartOfLine { advance() }
            finish(e)
        }
    }
}

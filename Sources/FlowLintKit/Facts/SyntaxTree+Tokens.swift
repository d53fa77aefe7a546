import FlowLintSyntax

extension SyntaxTree {
    /// The indices of the tokens of node `n`.
    func tokenRange(of n: Int) -> Range<Int> { Int(nodes[n].firstToken)..<Int(nodes[n].endToken) }

    /// The capitalized callee of the innermost call whose parenthesis is still open at token `k` (an argument's `(` or
    /// `,`), scanning back at most `limit` tokens: `Editor` for `Editor(items: $names)`. Nil when a bracket or a brace
    /// opens first, when the parenthesis follows no identifier or a name that is no type's, or past `limit`.
    func openCallCallee(at k: Int, limit: Int = .max) -> String? {
        var depth = 0
        var k = k
        let start = k
        while k > 0, start - k < limit {
            switch tokens[k].kind {
            case .rightParen, .rightSquare, .rightBrace: depth += 1
            case .leftSquare, .leftBrace: if depth == 0 { return nil } else { depth -= 1 }
            case .leftParen:
                if depth == 0 {
                    guard tokens[k - 1].kind == .identifier else { return nil }
                    let callee = identifierText(tokens[k - 1])
                    return FileContext.isTypeLike(callee) ? callee : nil
                }
                depth -= 1
            default:
                break
            }
            k -= 1
        }
        return nil
    }

    /// Whether the name at token `i` is an argument's or a parameter's label (`Row(name: x)`, `func f(name: T)`),
    /// which names no property.
    func isLabel(atToken i: Int) -> Bool {
        i > 0 && i + 1 < tokens.count && tokens[i + 1].kind == .colon
            && (tokens[i - 1].kind == .leftParen || tokens[i - 1].kind == .comma)
    }

    /// Whether the name at token `i` is a member of something other than `self` (`other.name`, not `self.name`).
    func isMemberOfOther(atToken i: Int) -> Bool {
        i > 0 && tokens[i - 1].kind == .period && !isMemberOfSelf(atToken: i)
    }

    /// Whether the identifier at token `i` follows `self.`.
    func isMemberOfSelf(atToken i: Int) -> Bool {
        i > 1 && tokens[i - 1].kind == .period && tokens[i - 2].kind == .keyword && tokens[i - 2].keyword == .self
    }

    /// Whether the identifier at token `i` is assigned (`x = `, `x += `, `x[i] = `), mutated by a method that may be
    /// mutating (`x.toggle()`, `x.append(y)`) or passed `inout` (`&x`).
    func isWrite(atToken i: Int) -> Bool {
        let tokens = self.tokens
        if i > 0, tokens[i - 1].kind == .prefixAmpersand { return true }
        var j = i + 1
        // `x[...]`, `x?.`, `x!`: look past them to what follows.
        while j < tokens.count {
            switch tokens[j].kind {
            case .postfixQuestionMark, .exclamationMark:
                j += 1
                continue
            case .leftSquare:
                var depth = 0
                while j < tokens.count {
                    if tokens[j].kind == .leftSquare { depth += 1 }
                    if tokens[j].kind == .rightSquare { depth -= 1; if depth == 0 { break } }
                    j += 1
                }
                j += 1
                continue
            default:
                break
            }
            break
        }
        guard j < tokens.count else { return false }
        let next = tokens[j]
        if next.kind == .equal || next.kind == .binaryOperator { return isAssignment(next) }
        // `x.toggle()`, `x.removeAll()`: a method call, which may mutate; `x.count` is a read.
        if next.kind == .period, j + 2 < tokens.count, tokens[j + 1].kind == .identifier, tokens[j + 2].kind == .leftParen {
            return true
        }
        // `x.y = z`, `x.y.z += 1`: a member assigned; `x.items.append(y)`: a member's method, which may mutate. A
        // member on a line of its own ends the chain: `theme.background` then `.ignoresSafeArea()` on the next line
        // is a view given a modifier, not a member's method.
        if next.kind == .period {
            var k = j
            while k + 1 < tokens.count, tokens[k].kind == .period, tokens[k + 1].kind == .identifier,
                  k == j || !tokens[k].isAtStartOfLine { k += 2 }
            if k < tokens.count { return tokens[k].kind == .leftParen || isAssignment(tokens[k]) }
        }
        return false
    }

    /// `=` or a compound assignment (`+=`, `||=`), not a comparison.
    func isAssignment(_ token: Token) -> Bool {
        if token.kind == .equal { return true }
        guard token.kind == .binaryOperator else { return false }
        let text = file.text(of: token)
        return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }
}

import FlowLintSyntax

/// `PersistedFlag` and `FlagFlip` facts: the Boolean flags kept under `@AppStorage` keys, and the flags set only
/// together with one of those keys (an onboarding or login flow that ends by writing the key the app's root
/// branches on, which swaps the flow away).
extension FactExtractor {
    static let persistenceWords = TokenWords(["AppStorage", "forKey"])

    /// The `@AppStorage` Boolean properties among `members` (a `Bool` literal or annotation): name and key.
    func persistedFlags(in members: [Int]) -> [(name: String, key: String)] {
        var flags: [(name: String, key: String)] = []
        for m in members where context.kind(m) == .variableDecl && !context.hasModifier(m, .static) {
            guard let attribute = context.attributes(m).first(where: { context.name($0) == "AppStorage" }),
                  let key = context.arguments(attribute).first(where: { $0.label == nil })?.value,
                  let (name, initial, annotation) = singleBinding(m),
                  initial.map({ $0 == "true" || $0 == "false" }) ?? false || annotation == "Bool" else { continue }
            flags.append((name, tree.compactText(key)))
        }
        return flags
    }

    /// The flags of the type declared at `typeDecl` (its `members`) that are set only together with a persisted key:
    /// stored `var`s that start `false`, each setting of which in the type and its extensions in the file (but to
    /// `false`) is a statement of a block that also writes one same key to one same constant, by a statement
    /// `UserDefaults.standard.set(true, forKey: key)` (any receiver of `set(_:forKey:)`) or `persisted = true`
    /// (`persisted` among `persisted`, the type's `@AppStorage` flags). A flag handed on as a binding (`$flag`) or
    /// through its storage (`_flag`) may be set anywhere, and is left out.
    func flagFlips(of members: [Int], in typeDecl: Int, owner: String, persisted: [(name: String, key: String)]) -> [FlagFlip] {
        let candidates = members.compactMap { m -> (flag: String, declaration: Int)? in
            guard context.kind(m) == .variableDecl, !context.hasModifier(m, .static), tree.name(m) == "var",
                  !context.attributes(m).contains(where: { ["AppStorage", "SceneStorage", "Binding", "Environment"].contains(context.name($0) ?? "") }),
                  let (flag, initial, _) = singleBinding(m), initial == "false" else { return nil }
            return (flag, m)
        }
        guard !candidates.isEmpty else { return [] }
        var flips: [FlagFlip] = []
        let tokens = tree.tokens
        let indexed = tokensByText(ofType: typeDecl)
        for (flag, m) in candidates where indexed.byText["$" + flag] == nil && indexed.byText["_" + flag] == nil {
            let own = tree.nodes[m]
            var common: Set<KeyWrite>?
            for i in indexed.byText[flag] ?? [] where (i < Int(own.firstToken) || i >= Int(own.endToken)) && tree.isWrite(atToken: i) {
                if tree.isMemberOfOther(atToken: i) { continue }
                // `flag = false`: hides what it shows.
                if i + 2 < tokens.count, tokens[i + 1].kind == .equal, tokens[i + 2].kind == .keyword, tokens[i + 2].keyword == .false {
                    continue
                }
                let writes = keyWrites(besideStatementAt: i, persisted: persisted)
                common = common.map { $0.intersection(writes) } ?? writes
                if common!.isEmpty { break }
            }
            // A flag never set to anything but `false` here shows nothing: another rule's concern, not a flip.
            guard let common, let write = common.sorted(by: { ($0.key, $0.value ? 1 : 0) < ($1.key, $1.value ? 1 : 0) }).first else { continue }
            flips.append(FlagFlip(owner: owner, flag: flag, key: write.key, value: write.value))
        }
        return flips
    }

    struct KeyWrite: Hashable {
        var key: String
        var value: Bool
    }

    /// The persisted keys written to a constant by the statements of the block (the innermost braces) around token
    /// `i`, at its level: `persisted = true`, `self.persisted = false`, `defaults.set(true, forKey: key)`. Read from
    /// the tokens, since the parser may have skipped a model's method bodies.
    private func keyWrites(besideStatementAt i: Int, persisted: [(name: String, key: String)]) -> Set<KeyWrite> {
        let tokens = tree.tokens
        let file = tree.file
        var open = i - 1, depth = 0
        while open >= 0 {
            if tokens[open].kind == .rightBrace { depth += 1 }
            if tokens[open].kind == .leftBrace {
                if depth == 0 { break }
                depth -= 1
            }
            open -= 1
        }
        guard open >= 0 else { return [] }
        func boolean(_ j: Int) -> Bool? {
            guard j < tokens.count, tokens[j].kind == .keyword else { return nil }
            return tokens[j].keyword == .true ? true : tokens[j].keyword == .false ? false : nil
        }
        var writes: Set<KeyWrite> = []
        var j = open + 1
        depth = 0
        while j < tokens.count {
            let token = tokens[j]
            if token.kind == .leftBrace {
                depth += 1
            } else if token.kind == .rightBrace {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0, token.kind == .identifier {
                let text = file.text(of: token)
                if j + 2 < tokens.count, tokens[j + 1].kind == .equal, let value = boolean(j + 2), !tree.isMemberOfOther(atToken: j),
                   let key = persisted.first(where: { $0.name == text })?.key {
                    writes.insert(KeyWrite(key: key, value: value))
                } else if text == "set", j > 0, tokens[j - 1].kind == .period, j + 6 < tokens.count, tokens[j + 1].kind == .leftParen,
                          let value = boolean(j + 2), tokens[j + 3].kind == .comma, file.text(of: tokens[j + 4]) == "forKey",
                          tokens[j + 5].kind == .colon {
                    // The key: the tokens up to the call's closing parenthesis.
                    var k = j + 6, parentheses = 0
                    var key: [UInt8] = []
                    while k < tokens.count {
                        if tokens[k].kind == .leftParen { parentheses += 1 }
                        if tokens[k].kind == .rightParen {
                            if parentheses == 0 { break }
                            parentheses -= 1
                        }
                        key += file.bytes[tokens[k].range]
                        k += 1
                    }
                    if !key.isEmpty { writes.insert(KeyWrite(key: String(decoding: key, as: UTF8.self), value: value)) }
                }
            }
            j += 1
        }
        return writes
    }

    /// The name, initial value (compact text) and annotation (compact text) of a declaration of one identifier.
    private func singleBinding(_ decl: Int) -> (String, String?, String?)? {
        let bindings = Array(context.children(decl)).filter { context.kind($0) == .patternBinding }
        guard bindings.count == 1, let pattern = tree.firstChild(bindings[0]), context.kind(pattern) == .identifierPattern,
              let name = context.name(pattern) else { return nil }
        let initial = tree.child(bindings[0], .initializerClause).flatMap { tree.firstChild($0) }.map { tree.compactText($0) }
        let annotation = tree.child(bindings[0], .typeAnnotation).flatMap { tree.firstChild($0) }.map { tree.compactText($0) }
        return (name, initial, annotation)
    }
}

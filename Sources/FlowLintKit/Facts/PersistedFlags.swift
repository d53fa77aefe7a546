import FlowLintSyntax

/// `PersistedFlag` and `FlagFlip` facts: the Boolean flags kept under `@AppStorage` keys, and the flags set only
/// together with one of those keys (an onboarding or login flow that ends by writing the key the app's root
/// branches on, which swaps the flow away).
extension FactExtractor {
    static let persistenceWords = TokenWords(["AppStorage", "forKey"])

    /// The `@AppStorage` Boolean properties among `members` (a `Bool` literal or annotation, the standard store):
    /// name and key.
    func persistedFlags(in members: [Int]) -> [(name: String, key: String)] {
        var flags: [(name: String, key: String)] = []
        for m in members where context.kind(m) == .variableDecl && !context.hasModifier(m, .static) {
            guard let attribute = context.attributes(m).first(where: { context.name($0) == "AppStorage" }),
                  case let arguments = context.arguments(attribute), arguments.count == 1, arguments[0].label == nil,
                  let key = arguments[0].value, let (name, initial, annotation) = singleBinding(m),
                  initial.map({ $0 == "true" || $0 == "false" }) ?? false || annotation == "Bool" else { continue }
            flags.append((name, tree.compactText(key)))
        }
        return flags
    }

    /// The flags of the type declared at `typeDecl` (its `members`, named `owner`) that are set only together with a
    /// persisted key: stored `var`s that start `false`, each setting of which in the type and its extensions in the
    /// file (but to `false`) is beside a write of one same key to one same constant (`KeyWriteBlocks`): a statement
    /// `UserDefaults.standard.set(false, forKey: key)` or `persisted = false` (`persisted` among `persisted`, the
    /// type's `@AppStorage` flags). A flag handed on as a binding (`$flag`) or through its storage (`_flag`) may be
    /// set anywhere, and is left out; a block that writes a key both ways tells nothing of it.
    mutating func flagFlips(of members: [Int], in typeDecl: Int, owner: String, persisted: [(name: String, key: String)]) -> [FlagFlip] {
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
        if braces == nil { braces = BraceTable(tree) }
        var blocks = KeyWriteBlocks(tree: tree, braces: braces!, persisted: persisted)
        for (flag, m) in candidates where indexed.byText["$" + flag] == nil && indexed.byText["_" + flag] == nil {
            let own = tree.nodes[m]
            var common: Set<KeyWrite>?
            for i in indexed.byText[flag] ?? [] where (i < Int(own.firstToken) || i >= Int(own.endToken)) && tree.isWrite(atToken: i) {
                if tree.isMemberOfOther(atToken: i) { continue }
                // `flag = false`: hides what it shows.
                if i + 2 < tokens.count, tokens[i + 1].kind == .equal, tokens[i + 2].kind == .keyword, tokens[i + 2].keyword == .false {
                    continue
                }
                let writes = blocks.keyWrites(beside: i)
                common = common.map { $0.intersection(writes) } ?? writes
                if common!.isEmpty { break }
            }
            // A flag never set to anything but `false` here shows nothing: another rule's concern, not a flip.
            guard let common, let write = common.min(by: { ($0.key, $0.value ? 1 : 0) < ($1.key, $1.value ? 1 : 0) }) else { continue }
            flips.append(FlagFlip(owner: owner, flag: flag, key: write.key, value: write.value))
        }
        return flips
    }

    struct KeyWrite: Hashable {
        var key: String
        var value: Bool
    }

    /// For each token of a file, the token of the innermost `{` around it (-1 for none), and for each `{` its `}`
    /// (the count of tokens when unmatched): built once per file that has a flag to judge.
    struct BraceTable {
        let openOf: [Int32]
        let closeOf: [Int32]

        init(_ tree: SyntaxTree) {
            let tokens = tree.tokens
            var openOf = [Int32](repeating: -1, count: tokens.count)
            var closeOf = [Int32](repeating: -1, count: tokens.count)
            var stack: [Int] = []
            for i in tokens.indices {
                let kind = tokens[i].kind
                if kind == .rightBrace, let open = stack.popLast() { closeOf[open] = Int32(i) }
                openOf[i] = Int32(stack.last ?? -1)
                if kind == .leftBrace { stack.append(i) }
            }
            for open in stack { closeOf[open] = Int32(tokens.count) }
            self.openOf = openOf
            self.closeOf = closeOf
        }
    }

    /// The writes of persisted keys in the blocks of a file, for one type's `@AppStorage` flags, read from the tokens
    /// (the parser may have skipped a model's method bodies), each block's once: a type that sets a thousand flags in
    /// one method costs one scan of it, not one per setting.
    struct KeyWriteBlocks {
        let tree: SyntaxTree
        let braces: BraceTable
        let persisted: [(name: String, key: String)]
        /// Per block (by its `{`), the key writes at its level, each with its token and its stretch (`segment`); the
        /// `case` labels at its level, and the tokens in it that may stop or delay what follows (`stops`), in order.
        private var writesByBlock: [Int: [(token: Int, segment: Int, write: KeyWrite)]] = [:]
        private var labelsByBlock: [Int: [Int]] = [:]
        private var stopsByBlock: [Int: [Int]] = [:]

        init(tree: SyntaxTree, braces: BraceTable, persisted: [(name: String, key: String)]) {
            self.tree = tree
            self.braces = braces
            self.persisted = persisted
        }

        /// The keys written to a constant beside the statement at token `i`: at the level of the innermost braces
        /// around it, in the same stretch between `case` labels, with nothing between the two that may stop the
        /// second from running or delay it (`return`, `throw`, `guard`, `break`, `continue`, `try`, `await`, an `#if`
        /// line). A key written both ways there is left out.
        mutating func keyWrites(beside i: Int) -> Set<KeyWrite> {
            let open = Int(braces.openOf[i])
            guard open >= 0 else { return [] }
            let writes = blockWrites(open)
            let segment = self.segment(of: i, in: open)
            var found: Set<KeyWrite> = []
            for entry in writes where entry.segment == segment && !interrupted(between: entry.token, and: i, in: open) {
                found.insert(entry.write)
            }
            let both = Set(found.filter { found.contains(KeyWrite(key: $0.key, value: !$0.value)) }.map(\.key))
            return found.filter { !both.contains($0.key) }
        }

        /// The `case` or `default` labels at the block's level before `i`: its stretch of a `switch`.
        private func segment(of i: Int, in open: Int) -> Int {
            (labelsByBlock[open] ?? []).partitionPoint { $0 >= i }
        }

        private func isCaseLabel(_ j: Int) -> Bool {
            let token = tree.tokens[j]
            return token.kind == .keyword && (token.keyword == .case || token.keyword == .default)
        }

        /// Whether a token that may stop or delay what follows comes between `a` and `b` in the block of `open`.
        private func interrupted(between a: Int, and b: Int, in open: Int) -> Bool {
            let stops = stopsByBlock[open] ?? []
            let first = stops.partitionPoint { $0 > min(a, b) }
            return first < stops.count && stops[first] < max(a, b)
        }

        /// `return`, `throw`, `guard`, `break`, `continue`, `fallthrough`, `try`, `await`, an `#if` line.
        private func stops(_ j: Int) -> Bool {
            let token = tree.tokens[j]
            switch token.kind {
            case .poundIf, .poundElseif, .poundElse, .poundEndif:
                return true
            case .keyword:
                return [.return, .throw, .guard, .break, .continue, .try, .fallthrough].contains(token.keyword)
            case .identifier:
                return tree.file.text(of: token) == "await"
            default:
                return false
            }
        }

        private mutating func blockWrites(_ open: Int) -> [(token: Int, segment: Int, write: KeyWrite)] {
            if let known = writesByBlock[open] { return known }
            let tokens = tree.tokens
            let file = tree.file
            let end = Int(braces.closeOf[open] < 0 ? Int32(tokens.count) : braces.closeOf[open])
            func boolean(_ j: Int) -> Bool? {
                guard j < end, tokens[j].kind == .keyword else { return nil }
                return tokens[j].keyword == .true ? true : tokens[j].keyword == .false ? false : nil
            }
            // A local of a key's property name (`let isOnboarding = false`) makes its writes the local's.
            var locals: Set<String> = []
            var writes: [(token: Int, segment: Int, write: KeyWrite)] = []
            var segment = 0
            var labels: [Int] = [], stopping: [Int] = []
            var j = open + 1
            while j < end {
                defer { j += 1 }
                let token = tokens[j]
                if stops(j) { stopping.append(j) }
                guard Int(braces.openOf[j]) == open else { continue }
                if isCaseLabel(j) {
                    segment += 1
                    labels.append(j)
                    continue
                }
                if token.kind == .keyword, token.keyword == .let || token.keyword == .var, j + 1 < end {
                    locals.insert(file.text(of: tokens[j + 1]))
                    continue
                }
                guard token.kind == .identifier else { continue }
                let text = file.text(of: token)
                if j + 2 < end, tokens[j + 1].kind == .equal, let value = boolean(j + 2), !tree.isMemberOfOther(atToken: j),
                   let key = persisted.first(where: { $0.name == text })?.key {
                    writes.append((j, segment, KeyWrite(key: key, value: value)))
                } else if text == "set", j >= 4, tokens[j - 1].kind == .period, file.text(of: tokens[j - 2]) == "standard",
                          tokens[j - 3].kind == .period, file.text(of: tokens[j - 4]) == "UserDefaults", j + 6 < end,
                          tokens[j + 1].kind == .leftParen, let value = boolean(j + 2), tokens[j + 3].kind == .comma,
                          file.text(of: tokens[j + 4]) == "forKey", tokens[j + 5].kind == .colon {
                    // The key: the tokens up to the call's closing parenthesis.
                    var k = j + 6, parentheses = 0
                    var key: [UInt8] = []
                    while k < end {
                        if tokens[k].kind == .leftParen { parentheses += 1 }
                        if tokens[k].kind == .rightParen {
                            if parentheses == 0 { break }
                            parentheses -= 1
                        }
                        key += file.bytes[tokens[k].range]
                        k += 1
                    }
                    if !key.isEmpty { writes.append((j, segment, KeyWrite(key: String(decoding: key, as: UTF8.self), value: value))) }
                }
            }
            // Writes of a property a local of the block shadows are the local's.
            let shadowed = Set(persisted.filter { locals.contains($0.name) }.map(\.key))
            let kept = writes.filter { entry in
                !(shadowed.contains(entry.write.key) && persisted.contains { $0.name == file.text(of: tokens[entry.token]) })
            }
            writesByBlock[open] = kept
            labelsByBlock[open] = labels
            stopsByBlock[open] = stopping
            return kept
        }
    }

    /// The name, initial value (compact text) and annotation (compact text) of a declaration of one identifier.
    func singleBinding(_ decl: Int) -> (String, String?, String?)? {
        let bindings = Array(context.children(decl)).filter { context.kind($0) == .patternBinding }
        guard bindings.count == 1, let pattern = tree.firstChild(bindings[0]), context.kind(pattern) == .identifierPattern,
              let name = context.name(pattern) else { return nil }
        let initial = tree.child(bindings[0], .initializerClause).flatMap { tree.firstChild($0) }.map { tree.compactText($0) }
        let annotation = tree.child(bindings[0], .typeAnnotation).flatMap { tree.firstChild($0) }.map { tree.compactText($0) }
        return (name, initial, annotation)
    }
}

extension FactExtractor {
    /// Marks the conditions of the file's constructions that hold while a flag is true and that code of the file
    /// outside the flag's own types may set (`FlagCondition.setElsewhereInFile`): each name's tokens read once.
    mutating func markConditionsSetElsewhereInFile() {
        var names: Set<String> = []
        for list in facts.edgeConditions { for condition in list where condition.value { names.insert(condition.flag) } }
        guard !names.isEmpty else { return }
        var setElsewhere: [String: Bool] = [:]
        for name in names { setElsewhere[name] = isSetOutsideItsTypes(name) }
        for l in facts.edgeConditions.indices {
            for c in facts.edgeConditions[l].indices where facts.edgeConditions[l][c].value {
                facts.edgeConditions[l][c].setElsewhereInFile = setElsewhere[facts.edgeConditions[l][c].flag] ?? true
            }
        }
    }

    /// Whether code of the file may set the flag `name` to something other than `false` outside the types (and their
    /// extensions) that declare a stored `var` of that name, whose own writes `flagFlips` judges: a write
    /// (`model.showsWelcome = true`, `flag.toggle()`), or another instance's (`other.flag = true`) anywhere, or a
    /// binding handed on (`Toggle(isOn: $model.flag)`) but the flag of a presentation (`.sheet(isPresented:)`, which
    /// SwiftUI only resets) or of a link with nothing to tap.
    func isSetOutsideItsTypes(_ name: String) -> Bool {
        let tokens = tree.tokens
        let file = tree.file
        let bytes = Array(name.utf8)
        func spells(_ i: Int, prefix: UInt8? = nil) -> Bool {
            let token = tokens[i]
            let range = token.range
            let offset = prefix == nil ? 0 : 1
            guard range.count == bytes.count + offset else { return false }
            if let prefix, file.bytes[range.lowerBound] != prefix { return false }
            return file.bytes[(range.lowerBound + offset)..<range.upperBound].elementsEqual(bytes)
        }
        var owners: Set<String>?
        func declaresStoredVar(_ type: Int) -> Bool {
            if owners == nil {
                var found: Set<String> = []
                for n in tree.nodes.indices where [.structDecl, .classDecl, .actorDecl].contains(context.kind(n)) {
                    guard let block = tree.child(n, .memberBlock) else { continue }
                    if context.memberDecls(block).contains(where: { context.kind($0) == .variableDecl && context.firstBindingName($0) == name }) {
                        found.insert(context.typeDeclarationName(n))
                    }
                }
                owners = found
            }
            let typeName = context.kind(type) == .extensionDecl ? context.extendedTypeName(type) : context.typeDeclarationName(type)
            return owners!.contains(typeName) || owners!.contains(typeName.split(separator: ".").last.map(String.init) ?? typeName)
        }
        for i in tokens.indices {
            let kind = tokens[i].kind
            if kind == .dollarIdentifier, spells(i, prefix: UInt8(ascii: "$")) {
                if !isPresentationGate(atToken: i) { return true }
                continue
            }
            guard kind == .identifier, spells(i) else { continue }
            // `$model.flag`: a binding to a member.
            var root = i
            while root >= 2, tokens[root - 1].kind == .period, tokens[root - 2].kind == .identifier || tokens[root - 2].kind == .dollarIdentifier
                || (tokens[root - 2].kind == .keyword && tokens[root - 2].keyword == .self) {
                root -= 2
            }
            if root < i, tokens[root].kind == .dollarIdentifier {
                if !isPresentationGate(atToken: i) { return true }
                continue
            }
            guard tree.isWrite(atToken: i) else { continue }
            if i + 2 < tokens.count, tokens[i + 1].kind == .equal, tokens[i + 2].kind == .keyword, tokens[i + 2].keyword == .false { continue }
            if tree.isMemberOfOther(atToken: i) { return true }
            guard let node = context.innermostNode(containingToken: i), let type = context.enclosingType(node), declaresStoredVar(type)
            else { return true }
        }
        return false
    }

    /// Whether the binding at token `i` is the `isPresented:` argument of a presentation, or the `isActive:` one of a
    /// `NavigationLink` with nothing to tap (`EmptyView()`): SwiftUI sets neither to `true`.
    private func isPresentationGate(atToken i: Int) -> Bool {
        guard var n = context.innermostNode(containingToken: i) else { return false }
        var steps = 0
        while context.kind(n) != .argument {
            guard let p = context.parent(n), steps < 8 else { return false }
            n = p
            steps += 1
        }
        guard let label = context.name(n), let call = context.parent(n), context.kind(call) == .callExpr else { return false }
        if label == "isPresented" { return true }
        guard label == "isActive", let callee = tree.firstChild(call), context.name(callee) == "NavigationLink" else { return false }
        let parts = context.children(call).filter { context.kind($0) == .argument || context.kind($0) == .trailingClosure }
        return RenderWalker.hasNothingToTap(parts, context)
    }
}

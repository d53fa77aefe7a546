import FlowLintSyntax

enum NonPrivateStateRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "non_private_state",
        name: "Non-Private State",
        summary: "@State and @StateObject properties should be private",
        rationale: """
            `@State` and `@StateObject` storage belongs to SwiftUI, which sets it up once for the view's \
            identity. A non-private property lets callers pass a value through the memberwise initializer, \
            which SwiftUI ignores after the first render: the view looks configurable but is not.
            """,
        defaultSeverity: .warning,
        fix: .safe
    )
}

extension NonPrivateStateRule {
    static func message(wrapper: String, property: String) -> String {
        "@\(wrapper) '\(property)' should be private: SwiftUI owns its storage, so a value passed through the "
            + "initializer is ignored after the first render"
    }

    /// The owner struct must turn out to be a SwiftUI type (a view, a modifier, ...) other than an `App`,
    /// possibly by conformances declared in other files; `property` is what a safe fix must not break.
    struct Condition: Codable, Sendable {
        var owner: String
        var property: String
        /// The owner's own file names the property after a `.` outside the owner's declarations there (decided
        /// with the file at hand; the other files answer through their records).
        var namedElsewhereInFile: Bool
    }

    /// What every file says about who could use a property that becomes `private`: the names it reaches with
    /// `.name` (also `.$name` and `._name`; not `self.name`), and the argument labels it passes to constructions
    /// (`ToggleRow(isOn:`, `.init(isOn:`). Kept as 32-bit hashes: a collision can only make a fix a suggestion,
    /// never a wrong `safe`.
    ///
    /// Every file has one, so it is packed as the project check reads it, without decoding: 32-bit little-endian
    /// words, the sorted labels (count, then hashes), then the sorted names (count, then hashes).
    struct Record: Codable, Sendable {
        var packed: RawBytes
    }

    /// A finding of `checkProperty`, reported once the file's uses are known.
    struct Candidate {
        var attribute: Int
        var message: String
        var fix: Fix
        var owner: String
        var property: String
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        var candidates: [Candidate] = []
        for decl in file.typeDeclarations where file.typeKind(decl) == .struct {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            let owner = file.typeDeclarationName(decl)
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl {
                if let candidate = checkProperty(m, owner, file) { candidates.append(candidate) }
            }
        }
        // Which declaration each name is written in matters only to a file with findings (the others' uses all count).
        let uses = scanUses(in: file, trackingDeclarations: !candidates.isEmpty)
        for c in candidates {
            let name = hash(c.property)
            let elsewhere = uses.names.indices.contains { i in
                uses.names[i] == name && uses.declarationName(Int(uses.declarations[i])) != c.owner
            }
            report.report(at: c.attribute, c.message, fixes: [c.fix],
                          condition: Condition(owner: c.owner, property: c.property, namedElsewhereInFile: elsewhere))
        }
        if let record = uses.record { report.record(record) }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        let index = project.index
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(project.pending.count)
        // The findings whose safe fix still waits for the other files' records, by their place in `diagnostics`.
        var unproven: [(diagnostic: Int, proof: SafeFixProof)] = []
        for finding in project.pending {
            let owner = finding.condition.owner
            guard index.isSwiftUIOwner(owner), index.isStruct(owner), !index.inherited(owner).contains("App") else { continue }
            var diagnostic = finding.diagnostic
            if diagnostic.fixes.first?.applicability == .safe {
                if let proof = SafeFixProof(finding, index) {
                    unproven.append((diagnostics.count, proof))
                } else {
                    diagnostic.fixes[0].applicability = .suggestion
                }
            }
            diagnostics.append(diagnostic)
        }
        // One pass over the files for all of them, each file's records decoded in turn and dropped (the records of
        // every file at once were the largest block of memory of the project pass); it ends early once every fix
        // is known to be unsafe.
        for file in index.files.indices {
            if unproven.isEmpty { break }
            let records = project.records(inFile: file)
            guard !records.isEmpty else { continue }
            let path = index.files[file].path
            for record in records {
                let uses = PackedUses(record.packed.bytes)
                unproven.removeAll { entry in
                    guard entry.proof.isBroken(by: uses, inFile: path) else { return false }
                    diagnostics[entry.diagnostic].fixes[0].applicability = .suggestion
                    return true
                }
            }
        }
        report.report(contentsOf: diagnostics)
    }

    /// Making the property private cannot break the build: no construction of the owner passes its label, no
    /// code outside the owner's declaration and its extensions in the same file names it after a `.`, and
    /// the owner has no declaration or extension in another file (whose code may use it by its bare name).
    /// What one file can tell is decided by `init` (nil: the fix is not safe); every file's record must then
    /// pass `isBroken(by:inFile:)`.
    struct SafeFixProof {
        let file: String
        let name: UInt32
        let labels: [UInt32]

        init?(_ finding: PendingFinding<Condition>, _ index: ProjectIndex) {
            let owner = finding.condition.owner, property = finding.condition.property
            let file = finding.diagnostic.span.file
            if finding.condition.namedElsewhereInFile { return nil }
            if index.types(named: owner).contains(where: { index.files[$0.file].path != file }) { return nil }
            self.file = file
            name = NonPrivateStateRule.hash(property)
            labels = [NonPrivateStateRule.hash(owner + "(" + property), NonPrivateStateRule.hash("(" + property)]
        }

        /// Whether the record of the file at `path` passes a label or, outside the owner's own file (decided by
        /// its per-file check: `namedElsewhereInFile`), names the property.
        func isBroken(by uses: PackedUses, inFile path: String) -> Bool {
            labels.contains(where: uses.hasLabel) || (path != file && uses.hasName(name))
        }
    }

    /// Reads a `Record`'s packed words in place (see `Record`). A damaged record reads as using everything: the
    /// fix then stays a suggestion.
    struct PackedUses {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        private func word(_ index: Int) -> UInt32? {
            guard index >= 0, (index + 1) * 4 <= bytes.count else { return nil }
            return bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)) }
        }

        /// Whether the section at word `at` (a count, then that many sorted words) holds `value`; true when the
        /// section does not fit the bytes.
        private func section(at: Int, contains value: UInt32) -> Bool {
            guard let count = word(at).map(Int.init), (at + 1 + count) * 4 <= bytes.count else { return true }
            var low = at + 1, high = at + 1 + count
            while low < high {
                let mid = (low + high) / 2
                if let w = word(mid), w < value { low = mid + 1 } else { high = mid }
            }
            return low < at + 1 + count && word(low) == value
        }

        func hasLabel(_ label: UInt32) -> Bool { section(at: 0, contains: label) }

        func hasName(_ name: UInt32) -> Bool {
            guard let labels = word(0).map(Int.init), labels < bytes.count else { return true }
            return section(at: 1 + labels, contains: name)
        }
    }

    static func hash(_ text: String) -> UInt32 { UInt32(truncatingIfNeeded: FastHash.hash(text)) }

    /// A file's uses, as `scanUses` finds them.
    struct Uses {
        /// The hashes of the names reached after a `.`, in source order.
        var names: [UInt32]
        /// For each of `names`, the innermost type declaration it is written in: an index into
        /// `declarationNames`, which is its count at file level. Empty when declarations are not tracked.
        var declarations: [Int32]
        /// The hashes of `Callee(label` for each construction's argument label.
        var labels: [UInt32]
        /// The names of the file's type declarations (and extensions), in source order, when tracked.
        var declarationNames: [String]

        func declarationName(_ index: Int) -> String? { index < declarationNames.count ? declarationNames[index] : nil }

        /// Packed as `Record` says; nil when the file has neither names nor labels.
        var record: Record? {
            guard !names.isEmpty || !labels.isEmpty else { return nil }
            var labels = labels, names = names
            labels.sort()
            names.sort()
            let bytes = [UInt8](unsafeUninitializedCapacity: 4 * (2 + labels.count + names.count)) { buffer, written in
                let out = UnsafeMutableRawBufferPointer(buffer)
                var offset = 0
                // A count, then the distinct values (sorted, so a repeat follows its first occurrence).
                func appendSection(_ values: [UInt32]) {
                    let countAt = offset
                    offset += 4
                    var count: UInt32 = 0
                    for (i, v) in values.enumerated() where i == 0 || v != values[i - 1] {
                        out.storeBytes(of: v.littleEndian, toByteOffset: offset, as: UInt32.self)
                        offset += 4
                        count += 1
                    }
                    out.storeBytes(of: count.littleEndian, toByteOffset: countAt, as: UInt32.self)
                }
                appendSection(labels)
                appendSection(names)
                written = offset
            }
            return Record(packed: RawBytes(bytes))
        }
    }

    /// The file's member names and construction labels, from its tokens (so bodies the parser skipped count
    /// too: a unit test that sets `view.isOn` is a function body nobody parses). Every file is scanned, so names
    /// are hashed straight from the source bytes, without a string each.
    static func scanUses(in file: FileContext, trackingDeclarations: Bool) -> Uses {
        // Type declarations by token range, in source order: nested ones follow the one they are in.
        let declarations = trackingDeclarations ? file.typeDeclarations : []
        let ranges = declarations.map { Int(file.tree.nodes[$0].firstToken)..<Int(file.tree.nodes[$0].endToken) }
        // The scan's state lives in the closure (not captured from outside it), so the loop keeps it in registers.
        let (names, inDeclarations, labels) = file.tree.tokens.withUnsafeBufferPointer { tokens in
          file.tree.file.bytes.withUnsafeBytes { bytes in
            var nextType = 0
            // Indices into `ranges`, innermost last: the declarations open at the last name recorded.
            var open: [Int] = []
            var names: [UInt32] = []
            names.reserveCapacity(tokens.count / 16)
            var inDeclarations: [Int32] = []
            var labels: [UInt32] = []
            var label: [UInt8] = []
            // Open brackets, innermost last: for a construction's `(`, its callee (`Callee` below); for any other
            // bracket, `notConstruction`. A stack of its own (not an array), since a third of all tokens push or
            // pop it. `argumentStart` is the depth of the bracket whose next token starts an argument (so `label:`
            // there is an argument label), -1 when the next token does not. One pass, however deeply calls nest.
            var capacity = 64
            var brackets = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
            defer { brackets.deallocate() }
            var depth = 0
            func push(_ callee: Int32) {
                if depth == capacity {
                    let grown = UnsafeMutablePointer<Int32>.allocate(capacity: capacity * 2)
                    grown.update(from: brackets, count: depth)
                    brackets.deallocate()
                    brackets = grown
                    capacity *= 2
                }
                brackets[depth] = callee
                depth += 1
            }
            var argumentStart = -1
            func slice(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[range]) }
            // The kinds the scan acts on; an identifier or keyword only where an argument starts (a label).
            let structural: [TokenKind] = [.leftParen, .leftSquare, .leftBrace, .rightParen, .rightSquare, .rightBrace, .comma, .period]
            let always = structural.reduce(UInt64(0)) { $0 | 1 << UInt64($1.rawValue) }
            let labelKinds: UInt64 = 1 << UInt64(TokenKind.identifier.rawValue) | 1 << UInt64(TokenKind.keyword.rawValue)
            for i in 0..<tokens.count {
                let token = tokens[i]
                let startsArgument = argumentStart == depth && argumentStart > 0
                argumentStart = -1
                // Most tokens are none of those below: one bit test instead of a jump through the switch's table.
                let scanned = startsArgument ? always | labelKinds : always
                guard scanned & (1 << UInt64(token.kind.rawValue)) != 0 else { continue }
                switch token.kind {
                case .leftParen:
                    push(constructedType(before: i, tokens, bytes))
                    argumentStart = depth
                case .leftSquare, .leftBrace:
                    push(Callee.notConstruction)
                case .rightParen, .rightSquare, .rightBrace:
                    if depth > 0 { depth -= 1 }
                case .comma:
                    argumentStart = depth
                case .identifier, .keyword:
                    guard startsArgument else { break }
                    let callee = brackets[depth - 1]
                    if callee != Callee.notConstruction, i + 1 < tokens.count, tokens[i + 1].kind == .colon {
                        // The hash of `Callee(label`, as `hash(_:)` computes it from the strings.
                        label.removeAll(keepingCapacity: true)
                        if callee >= 0 { label.append(contentsOf: slice(Int(tokens[Int(callee)].offset)..<Int(tokens[Int(callee)].end))) }
                        label.append(UInt8(ascii: "("))
                        label.append(contentsOf: slice(Int(token.offset)..<Int(token.end)))
                        labels.append(UInt32(truncatingIfNeeded: FastHash.hash(label)))
                    }
                case .period:
                    guard i + 1 < tokens.count, !followsSelf(i, tokens) else { break }
                    let next = tokens[i + 1]
                    guard next.kind == .identifier || next.kind == .dollarIdentifier else { break }
                    var name = Int(next.offset)..<Int(next.end)
                    if !name.isEmpty, bytes[name.lowerBound] == UInt8(ascii: "$") || bytes[name.lowerBound] == UInt8(ascii: "_") {
                        name = (name.lowerBound + 1)..<name.upperBound
                    }
                    guard startsLowercase(slice(name)) else { break }
                    names.append(UInt32(truncatingIfNeeded: FastHash.hash(slice(name))))
                    guard trackingDeclarations else { break }
                    // The declarations open at this token: those ended since the last name close, those begun open
                    // (and close again if they ended before it).
                    while true {
                        while let innermost = open.last, i >= ranges[innermost].upperBound { open.removeLast() }
                        guard nextType < ranges.count, ranges[nextType].lowerBound <= i else { break }
                        open.append(nextType)
                        nextType += 1
                    }
                    inDeclarations.append(Int32(open.last ?? ranges.count))
                default:
                    break
                }
            }
            return (names, inDeclarations, labels)
          }
        }
        return Uses(names: names, declarations: inDeclarations, labels: labels,
                    declarationNames: declarations.map(file.typeDeclarationName))
    }

    /// Whether the name starts with a lowercase letter or `_` (decoded only when it does not start in ASCII).
    static func startsLowercase(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let first = name.first else { return false }
        if first < 0x80 { return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || first == UInt8(ascii: "_") }
        return String(decoding: name, as: UTF8.self).first?.isLowercase == true
    }

    /// Whether the name starts with an uppercase letter.
    static func startsUppercase(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let first = name.first else { return false }
        if first < 0x80 { return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) }
        return String(decoding: name, as: UTF8.self).first?.isUppercase == true
    }

    /// `self.name`, `self?.name`, `self!.name` reach a member of the type the code is written in: if that is
    /// the owner, the use is in its declaration or in an extension (another file's extension already makes the
    /// fix unsafe); if not, it is another type's member. Either way it cannot break the owner.
    static func followsSelf(_ period: Int, _ tokens: UnsafeBufferPointer<Token>) -> Bool {
        var i = period - 1
        if i >= 0, tokens[i].kind == .postfixQuestionMark || tokens[i].kind == .exclamationMark { i -= 1 }
        return i >= 0 && tokens[i].kind == .keyword && tokens[i].keyword == .`self`
    }

    /// What `constructedType(before:)` says of a `(`: the token index of the type a construction builds, or one
    /// of these.
    enum Callee {
        /// A construction whose type cannot be told (`.init(`, `Self(`, `self.init(`).
        static let unknownType: Int32 = -2
        /// Not a construction (or not a `(`).
        static let notConstruction: Int32 = -1
    }

    /// For the `(` at `open`: the token of the type a construction builds (`Row(`, `Mod.Row(`, `Row<T>(`,
    /// `Row.init(`), `Callee.unknownType` when it cannot be told, `Callee.notConstruction` when the call is not
    /// a construction.
    static func constructedType(before open: Int, _ tokens: UnsafeBufferPointer<Token>, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        func name(_ i: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[Int(tokens[i].offset)..<Int(tokens[i].end)]) }
        var i = open - 1
        guard i >= 0 else { return Callee.notConstruction }
        // `Row<Item>(`: step back over the generic arguments.
        // At most 64 tokens back: a longer generic argument list is not a construction worth a scan per `(`
        // (nested ones would make the file's scan quadratic).
        if tokens[i].kind == .rightAngle {
            var depth = 0
            let limit = max(0, i - 64)
            while i >= limit {
                if tokens[i].kind == .rightAngle { depth += 1 } else if tokens[i].kind == .leftAngle { depth -= 1; if depth == 0 { break } }
                i -= 1
            }
            guard i >= limit, depth == 0 else { return Callee.notConstruction }
            i -= 1
            guard i >= 0 else { return Callee.notConstruction }
        }
        let token = tokens[i]
        if token.kind == .keyword && token.keyword == .`init` {
            guard i >= 1, tokens[i - 1].kind == .period else { return Callee.notConstruction }
            if i >= 2, tokens[i - 2].kind == .identifier, startsUppercase(name(i - 2)) { return Int32(i - 2) }
            return Callee.unknownType
        }
        if token.kind == .keyword && token.keyword == .`Self` { return Callee.unknownType }
        guard token.kind == .identifier, startsUppercase(name(i)) else { return Callee.notConstruction }
        return Int32(i)
    }

    static func checkProperty(_ decl: Int, _ owner: String, _ context: FileContext) -> Candidate? {
        guard let attribute = context.attributes(decl).first(where: { ["State", "StateObject"].contains(context.name($0) ?? "") })
        else { return nil }
        let tree = context.tree
        let access = context.modifiers(decl).first { m in
            guard let k = tree.nameToken(m)?.keyword else { return false }
            return [.private, .fileprivate, .internal, .public, .package, .open].contains(k)
        }
        if let access {
            // `private` and `fileprivate` are fine; `private(set)` and `fileprivate(set)` only restrict the setter.
            let keyword = tree.nameToken(access)!.keyword
            let restrictsSetterOnly = tree.nodes[access].endToken - tree.nodes[access].firstToken > 1
            if (keyword == .private || keyword == .fileprivate) && !restrictsSetterOnly { return nil }
        }
        let bindings = context.children(decl).filter { context.kind($0) == .patternBinding }
        let property = bindings.first.flatMap { tree.firstChild($0) }.flatMap { context.name($0) } ?? "?"
        let hasInitializer = bindings.allSatisfy { tree.child($0, .initializerClause) != nil }
        let edit: TextEdit
        if let access {
            let range = tree.byteRange(access)
            edit = TextEdit(startOffset: range.lowerBound, endOffset: range.upperBound, replacement: "private")
        } else {
            // Before the first modifier, or the `var` keyword.
            let insertAt = context.modifiers(decl).first.map { tree.byteRange($0).lowerBound }
                ?? Int(tree.tokens[Int(tree.nodes[decl].name)].offset)
            edit = TextEdit(startOffset: insertAt, endOffset: insertAt, replacement: "private ")
        }
        // Safe only when nobody can be passing or reading the value: an initial value (else callers pass it
        // today), no access modifier the author chose, and, decided by the project check, no use elsewhere.
        let fix = Fix(message: access == nil ? "insert 'private'" : "make it 'private'",
                      applicability: hasInitializer && access == nil ? .safe : .suggestion, edits: [edit])
        let wrapper = context.name(attribute) ?? "State"
        return Candidate(attribute: attribute, message: message(wrapper: wrapper, property: property), fix: fix,
                         owner: owner, property: property)
    }
}

import FlowLintSyntax

/// The rule `state_init_in_other_file`: see `rules/state_init_in_other_file.md`.
enum StateInitInOtherFileRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "state_init_in_other_file",
        name: "State Init in Other File",
        summary: "an initializer should be in the file that declares the @State properties with initial values it leaves alone",
        rationale: """
            Xcode 27.0 and 27.1 have a compiler bug (swiftlang/swift#91700): when a struct declares `@State` \
            properties with initial values and an initializer in an extension in another file does not assign \
            them, a debug (non-whole-module) build fails to link with "Undefined symbol: variable initialization \
            expression of ..." for each of them. Move the initializer into the file of the properties, or assign \
            them in it. Reported only when the configured Xcode (`xcode:`) is 27.0 or 27.1.
            """,
        defaultSeverity: .warning,
        isOptIn: true
    )
}

extension StateInitInOtherFileRule {
    /// Nothing in a body is parsed for this rule: an initializer's body is read from its tokens, parsed or not.
    static let parses = BodySkipping(notedWords: [])

    static func message(type: String, states: [String], file: String) -> String {
        let many = states.count > 1
        return "'\(type)' declares @State \(Wording.quotedList(states)) with \(many ? "initial values" : "an initial value") in "
            + "'\(file)', and this initializer in another file does not assign \(many ? "them" : "it"): built with "
            + "Xcode 27.0 or 27.1 in a debug (non-whole-module) build, the module fails to link (\"Undefined symbol: "
            + "variable initialization expression of ...\", swiftlang/swift#91700); move the initializer into "
            + "'\(file)', or assign \(many ? "them" : "it") here"
    }

    /// An initializer declared in an extension: a finding when the extended type is a struct declared in another
    /// file with `@State` properties that have initial values and that the initializer does not assign.
    struct Condition: Codable, Sendable {
        var type: String
        /// The names the body may assign (`x =`, `self.x =`, `_x =`), without the `_`.
        var assigned: [String]
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        for node in file.nodes(.initDecl) {
            let initializer = Int(node)
            guard let type = file.enclosingType(initializer), file.kind(type) == .extensionDecl,
                  let body = file.tree.child(initializer, .codeBlock),
                  let keyword = file.tree.nameToken(initializer) else { continue }
            let tokens = Int(file.tree.nodes[body].firstToken)..<Int(file.tree.nodes[body].endToken)
            guard let assigned = assignedNames(in: tokens, file) else { continue }
            // Reported at `init`; the message is completed by the project check, which knows the declaring file.
            report.report(at: file.span(bytes: Int(keyword.offset)..<Int(keyword.end)), "",
                          condition: Condition(type: file.typeDeclarationName(type), assigned: assigned.sorted()))
        }
    }

    /// The names an initializer body assigns (`name =`, `self.name =`, `_name =`, in the body or its closures: a
    /// name counts as assigned wherever it is), read from its tokens, which are there whether or not the body was
    /// parsed; nil when the initializer delegates (`self.init(...)`) and so initializes no stored property itself.
    static func assignedNames(in range: Range<Int>, _ file: FileContext) -> Set<String>? {
        let tokens = file.tree.tokens
        var names: Set<String> = []
        for i in range {
            let token = tokens[i]
            if token.kind == .keyword, token.keyword == .`init`, i >= range.lowerBound + 2, tokens[i - 1].kind == .period,
               tokens[i - 2].kind == .keyword, tokens[i - 2].keyword == .`self` {
                return nil
            }
            guard token.kind == .equal, i > range.lowerBound else { continue }
            let target = tokens[i - 1]
            guard target.kind == .identifier || target.kind == .keyword else { continue }
            var name = file.tree.identifierText(target)
            if name.hasPrefix("_") { name.removeFirst() }
            if !name.isEmpty { names.insert(name) }
        }
        return names
    }

    /// Xcode 27.0 and 27.1 (and `27`, which is 27.0): the versions the bug is reported against. Any other Xcode
    /// links the code, so the rule says nothing there.
    static func hasTheBug(_ toolchain: Toolchain) -> Bool {
        let version = toolchain.xcode.components
        return version.first == 27 && (version.count < 2 || version[1] <= 1)
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty, hasTheBug(project.toolchain) else { return }
        let index = project.index
        if index.attributes(of: "State").contains("propertyWrapper") { return }
        for finding in project.pending {
            let c = finding.condition
            let here = finding.diagnostic.span.file
            // The struct's declarations in other files, with the @State properties they give initial values.
            for ref in index.types(named: c.type) where index.type(ref).kind == .struct {
                let path = index.files[ref.file].path
                guard path != here else { continue }
                let states = index.properties(of: ref).filter {
                    $0.wrapper == "State" && $0.hasInitializer && !$0.isStatic && !c.assigned.contains($0.name)
                }.map(\.name)
                guard !states.isEmpty else { continue }
                let name = path.split(separator: "/").last.map(String.init) ?? path
                var diagnostic = finding.diagnostic
                diagnostic.message = message(type: c.type, states: states, file: name)
                report.report(diagnostic)
                break
            }
        }
    }
}

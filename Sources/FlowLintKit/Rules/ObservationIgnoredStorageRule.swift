import FlowLintSyntax

/// The rule `observation_ignored_storage`: see `rules/observation_ignored_storage.md`.
enum ObservationIgnoredStorageRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "observation_ignored_storage",
        name: "Observation-Ignored Storage",
        summary: "@AppStorage and @SceneStorage in an @Observable class must report their changes to the views that read them",
        rationale: """
            The `@Observable` macro cannot observe a property wrapper, so `@AppStorage` and `@SceneStorage` in an \
            `@Observable` class compile only with `@ObservationIgnored`, which also keeps every change of them from \
            the views: the value is saved, and a view that reads it through the class (a toggle bound to it, a label \
            showing it) keeps what it read first. Outside a view, `@AppStorage` does not watch `UserDefaults` for \
            SwiftUI either.
            """,
        defaultSeverity: .warning,
        isOptIn: true
    )
}

extension ObservationIgnoredStorageRule {
    /// Only a file that says `ObservationIgnored` can hold what the rule looks for: the parser notes the word.
    static let parses = BodySkipping(notedWords: ignoredWord.words)
    static let ignoredWord = TokenWords([ObservationNames.ignored])

    /// SwiftUI's storage wrappers: views update when they change, classes do not. (Other wrappers cannot be told
    /// apart by their names: dependency containers, swift-sharing's `@Shared`, which reports its own changes, custom
    /// `UserDefaults` wrappers that call the class's registrar.)
    static let storageWrappers: Set<String> = ["AppStorage", "SceneStorage"]

    /// A stored property of an `@Observable` class that views can read and never hear change; the project says
    /// whether a view holds the class.
    struct Condition: Codable, Sendable {
        var type: String
    }

    /// `exposedBy`: the computed property views read it through, when the storage itself is private.
    static func message(wrapper: String, property: String, type: String, exposedBy: String?) -> String {
        let read = exposedBy.map { "reads it through '\($0)'" } ?? "reads it through '\(type)'"
        let fix = exposedBy.map { "call access(keyPath:) and withMutation(keyPath:) in '\($0)'" }
            ?? "read and write it through a computed property that calls access(keyPath:) and withMutation(keyPath:)"
        return "@ObservationIgnored @\(wrapper) '\(property)' of '\(type)' is saved when it changes, but no view that \(read) "
            + "updates; \(fix), or keep the @\(wrapper) in the view"
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        guard file.mentions(ignoredWord) else { return }
        for decl in file.typeDeclarations where file.kind(decl) == .classDecl && file.observationMacro(decl) == .macro {
            // A class that hands its registrar to its wrappers (`UserDefaultsBacked` wrappers that call it) reports
            // their changes itself.
            guard let block = file.tree.child(decl, .memberBlock), !file.declaresObservationRegistrar(decl) else { continue }
            let members = file.memberDecls(block).filter { file.kind($0) == .variableDecl && !file.hasModifier($0, .static) }
            for m in members {
                let attributes = file.attributes(m)
                guard let ignored = attributes.first(where: file.isObservationIgnored),
                      let wrapper = attributes.compactMap({ file.name($0) }).first(where: storageWrappers.contains),
                      let name = file.firstBindingName(m) else { continue }
                let type = file.qualifiedTypeName(decl)
                if !isHidden(m, file) {
                    report.report(at: ignored, message(wrapper: wrapper, property: name, type: type, exposedBy: nil),
                                  condition: Condition(type: file.typeDeclarationName(decl)))
                } else if let exposing = exposingProperty(of: name, among: members, file) {
                    report.report(at: ignored, message(wrapper: wrapper, property: name, type: type, exposedBy: exposing),
                                  condition: Condition(type: file.typeDeclarationName(decl)))
                }
            }
        }
    }

    /// `private` or `fileprivate` (not `private(set)`, which views can still read).
    static func isHidden(_ decl: Int, _ file: FileContext) -> Bool {
        file.modifiers(decl).contains { modifier in
            guard let keyword = file.tree.nameToken(modifier)?.keyword, keyword == .private || keyword == .fileprivate else { return false }
            // `private(set)`: the modifier's tokens go on to `(set)`.
            let node = file.tree.nodes[modifier]
            return node.endToken - node.firstToken == 1
        }
    }

    /// A computed property of the class that views can read, that reads and writes `storage` (a getter and a
    /// setter), and that does not call `access(keyPath:)`: a hand-written property that forgot to report.
    static func exposingProperty(of storage: String, among members: [Int], _ file: FileContext) -> String? {
        let tree = file.tree
        for m in members where !isHidden(m, file) {
            guard let binding = tree.child(m, .patternBinding), file.isComputed(binding),
                  let block = tree.child(binding, .accessorBlock), let name = file.firstBindingName(m) else { continue }
            let hasSetter = file.children(block).contains { file.kind($0) == .accessorDecl && file.name($0) == "set" }
            let node = tree.nodes[block]
            // Tokens, whether or not the parser kept the accessors' bodies.
            let words = Set((Int(node.firstToken)..<Int(node.endToken)).compactMap { t -> String? in
                let token = tree.tokens[t]
                return token.kind == .identifier ? tree.file.text(of: token) : nil
            })
            if hasSetter, words.contains(storage), !words.contains("access") { return name }
        }
        return nil
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let held = project.pending.map(\.condition.type)
        let holders = heldByViews(Set(held), index)
        for finding in project.pending where holders.contains(finding.condition.type) {
            report.report(finding.diagnostic)
        }
    }

    /// Which of `types` a view holds in a stored property (`let`, `@State`, `@Bindable`, `@Environment(T.self)`,
    /// optional or not): the views that can read the class's properties.
    static func heldByViews(_ types: Set<String>, _ index: ProjectIndex) -> Set<String> {
        var found: Set<String> = []
        for declarations in index.viewDeclarations.values {
            for ref in declarations {
                for property in index.properties(of: ref) where !property.isStatic {
                    for type in [property.type, property.environmentObjectType].compactMap({ $0 }) where types.contains(type) {
                        found.insert(type)
                    }
                }
                if found.count == types.count { return found }
            }
        }
        return found
    }
}

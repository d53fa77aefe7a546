import FlowLintSyntax

/// The rule `observable_conformance_without_macro`: see `rules/observable_conformance_without_macro.md`.
enum ObservableConformanceWithoutMacroRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "observable_conformance_without_macro",
        name: "Observable Conformance Without the Macro",
        summary: "a class that conforms to Observable must be @Observable, or report reads and changes itself",
        rationale: """
            SwiftUI tracks an Observation object through the calls its properties make when they are read and \
            changed (`access(keyPath:)`, `withMutation(keyPath:)`), which the `@Observable` macro writes. The \
            protocol `Observable` itself requires nothing: a class that only conforms to it compiles, can be put \
            in the environment with `.environment(_:)` and read with `@Environment(T.self)`, and no view ever \
            updates when its properties change.
            """,
        defaultSeverity: .warning,
        fix: .suggestion
    )
}

extension ObservableConformanceWithoutMacroRule {
    /// Only a file that names the protocol can conform to it: the parser notes the word.
    static let parses = BodySkipping(notedWords: observableWord.words)
    static let observableWord = TokenWords([ObservationNames.observable])

    /// A conformance that promises what nothing keeps, as far as its file shows; the project decides whether
    /// another declaration of the class says more.
    struct Condition: Codable, Sendable {
        /// The class's simple name, as the index knows it.
        var type: String
        /// The conformance is added by an extension (the class is declared elsewhere).
        var inExtension: Bool
    }

    static func message(type: String, inExtension: Bool) -> String {
        let subject = inExtension ? "'\(type)' is made Observable here" : "'\(type)' conforms to Observable"
        let place = inExtension ? " where it is declared" : ""
        return "\(subject) without @Observable, so nothing reports changes of its properties and views that read them "
            + "do not update; mark '\(type)' @Observable\(place)"
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        // The protocol is the one SwiftUI observes only where a module that declares it is imported.
        guard file.mentions(observableWord), file.importsObservationMacro else { return }
        for decl in file.typeDeclarations {
            let kind = file.kind(decl)
            guard kind == .classDecl || kind == .extensionDecl, let entry = file.observableConformance(decl),
                  file.observation(of: decl) == .bareConformance,
                  // Also an `ObservableObject`: views that hold it with `@StateObject` or `@ObservedObject` update.
                  !file.inheritedNames(decl).contains("ObservableObject") else { continue }
            let name = file.typeDeclarationName(decl)
            if kind == .classDecl {
                // A class with nothing that can change has nothing to report.
                guard let block = file.tree.child(decl, .memberBlock), file.declaresStoredVar(block) else { continue }
                report.report(at: entry, message(type: file.qualifiedTypeName(decl), inExtension: false),
                              fixes: file.observableFix(decl).map { [$0] } ?? [],
                              condition: Condition(type: name, inExtension: false))
            } else {
                report.report(at: entry, message(type: file.extendedTypeName(decl), inExtension: true),
                              condition: Condition(type: name, inExtension: true))
            }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        // A project that declares a type of that name means its own by it.
        guard !index.declares(ObservationNames.observable) else { return }
        for finding in project.pending {
            let type = finding.condition.type
            let kinds = index.types(named: type).map { index.type($0).kind }
            // A class of the project, which no declaration or extension marks or gives a registrar, and which is
            // known not to be an `ObservableObject` (a superclass from another module may be one, or `@Observable`).
            guard kinds.contains(.class), kinds.allSatisfy({ $0 == .class || $0 == .extension }),
                  index.observation(of: type) == .bareConformance, index.observableObject(type) == false else { continue }
            if finding.condition.inExtension {
                // Something that can change: an instance `var` in some declaration or extension.
                let hasVar = index.types(named: type).contains { ref in
                    index.properties(of: ref).contains { !$0.isLet && !$0.isStatic }
                }
                guard hasVar else { continue }
            }
            report.report(finding.diagnostic)
        }
    }
}

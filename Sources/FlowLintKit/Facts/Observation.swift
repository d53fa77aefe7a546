import FlowLintSyntax

/// What makes SwiftUI see a class's changes: the names of the Observation framework and of SwiftData's macro, in
/// the one file that spells them. The facts and every rule ask here (a source scan test, `ObservationVocabularyTests`,
/// keeps the names out of every other file), so what "observed" means is decided once.
enum ObservationNames {
    /// The macro `@Observable` (also written `@Observation.Observable`), and the protocol it conforms a class to.
    static let observable = "Observable"
    /// The module that declares both, as a qualifier (`Observation.Observable`).
    static let module = "Observation"
    /// SwiftData's `@Model`: it observes a model's stored properties as `@Observable` does.
    static let model = "Model"
    /// `@ObservationIgnored`: a stored property of an `@Observable` class that the macro leaves alone.
    static let ignored = "ObservationIgnored"
    /// What a hand-written conformance keeps to report reads and changes (`access(keyPath:)`, `withMutation(keyPath:)`).
    static let registrar = "ObservationRegistrar"
    /// The modules whose import makes the macro visible in a file.
    static let macroModules: Set<String> = ["SwiftUI", module, "SwiftData"]
    /// Attributes that mark a property without wrapping its storage: a property's wrapper is its last attribute
    /// that is not one of these.
    static let markerAttributes: Set<String> = ["MainActor", "Previewable", "objc", "nonobjc", "available"]
}

/// How a class tells SwiftUI of its changes through Observation, as its declaration or an extension of it says
/// (`TypeFact.observation`; Combine's `ObservableObject` is the index's to decide, `ProjectIndex.observableObject`).
enum ObservationKind: String, Sendable, Codable {
    /// `@Observable`: the macro reports every read and change of the class's stored properties.
    case macro
    /// SwiftData's `@Model`: the same, for a persistent model.
    case model
    /// `Observable` with an `ObservationRegistrar` of the class's own: the class reports reads and changes itself.
    case registrar
    /// `Observable` and nothing that keeps the promise: no view hears of a change.
    case bareConformance

    /// Put there by a macro (`@Observable`, `@Model`).
    var isMacro: Bool { self == .macro || self == .model }

    /// SwiftUI tracks the properties a view reads: a macro or a registrar reports them.
    var isTracked: Bool { self != .bareConformance }

    /// Of two things a type's declarations say, the one that decides: a macro or a registrar makes a bare
    /// `extension T: Observable {}` elsewhere beside the point.
    func stronger(_ other: ObservationKind) -> ObservationKind {
        func rank(_ kind: ObservationKind) -> Int {
            switch kind {
            case .macro: return 3
            case .model: return 2
            case .registrar: return 1
            case .bareConformance: return 0
            }
        }
        return rank(other) > rank(self) ? other : self
    }
}

// MARK: One file

extension FileContext {
    /// `@Observable` or `@Model` on the declaration.
    func observationMacro(_ decl: Int) -> ObservationKind? {
        for attribute in attributes(decl) {
            switch name(attribute) {
            case ObservationNames.observable?: return .macro
            case ObservationNames.model?: return .model
            default: continue
            }
        }
        return nil
    }

    /// Whether an attribute is `@ObservationIgnored`.
    func isObservationIgnored(_ attribute: Int) -> Bool { name(attribute) == ObservationNames.ignored }

    /// The inheritance clause's entry that names Observation's protocol, `Observable` or `Observation.Observable`,
    /// without generic arguments (RxSwift's `Observable<Element>` is a class of its own; `Other.Observable` is
    /// someone else's).
    func observableConformance(_ decl: Int) -> Int? {
        guard let clause = tree.child(decl, .inheritanceClause) else { return nil }
        return children(clause).first { entry in
            guard name(entry) == ObservationNames.observable, tree.child(entry, .genericArgumentClause) == nil else { return false }
            switch kind(entry) {
            case .identifierType:
                return true
            case .memberType:
                guard let base = tree.firstChild(entry) else { return false }
                return kind(base) == .identifierType && name(base) == ObservationNames.module
            default:
                return false
            }
        }
    }

    /// Whether the declaration names `ObservationRegistrar` (a hand-written conformance keeps one): read from its
    /// tokens, which are the same whether the parser kept its bodies or skipped them.
    func declaresObservationRegistrar(_ decl: Int) -> Bool {
        let node = tree.nodes[decl]
        let bytes = tree.file.bytes
        let word = Array(ObservationNames.registrar.utf8)
        for t in Int(node.firstToken)..<Int(node.endToken) {
            let token = tree.tokens[t]
            guard token.kind == .identifier, Int(token.length) == word.count else { continue }
            if bytes[Int(token.offset)..<Int(token.end)].elementsEqual(word) { return true }
        }
        return false
    }

    /// What a class declaration (or an extension) says of its observation: a macro, else a conformance to
    /// `Observable` with or without a registrar of its own; nil when it says nothing.
    func observation(of decl: Int) -> ObservationKind? {
        if let macro = observationMacro(decl) { return macro }
        guard observableConformance(decl) != nil else { return nil }
        return declaresObservationRegistrar(decl) ? .registrar : .bareConformance
    }

    /// Whether the file imports a module that declares the macro (`SwiftUI`, `Observation`, `SwiftData`).
    var importsObservationMacro: Bool {
        topLevelItems.contains { kind($0) == .importDecl && name($0).map(ObservationNames.macroModules.contains) == true }
    }

    /// A binding with a getter (an implicit one, or `get`): only observers (`willSet`, `didSet`) keep it stored.
    func isComputed(_ binding: Int) -> Bool {
        guard let block = tree.child(binding, .accessorBlock) else { return false }
        return children(block).contains { accessor in
            kind(accessor) != .accessorDecl || !["willSet", "didSet"].contains(name(accessor) ?? "")
        }
    }

    /// Whether a type's own body (`block`, its member block) declares a stored instance `var` (`lazy`, observed and
    /// wrapped ones too): something of it that can change.
    func declaresStoredVar(_ block: Int) -> Bool {
        memberDecls(block).contains { m in
            kind(m) == .variableDecl && tree.name(m) == "var" && !hasModifier(m, .static) && !hasModifier(m, .class)
                && children(m).contains { kind($0) == .patternBinding && !isComputed($0) }
        }
    }

    /// `@Observable` on its own line before the class `decl`, when the file can see the macro and no stored property
    /// is `lazy`, wrapped (the macro rejects both), or named like the macro's backing storage (`_name`).
    func observableFix(_ decl: Int) -> Fix? {
        guard let block = tree.child(decl, .memberBlock), importsObservationMacro else { return nil }
        let accepted = ObservationNames.markerAttributes.union([ObservationNames.ignored])
        for m in memberDecls(block) where kind(m) == .variableDecl && !hasModifier(m, .static) && !hasModifier(m, .class) {
            if hasModifier(m, .lazy) { return nil }
            if attributes(m).contains(where: { !accepted.contains(name($0) ?? "") }) { return nil }
            if children(m).contains(where: { b in
                kind(b) == .patternBinding && tree.firstChild(b).flatMap { name($0) }?.hasPrefix("_") == true
            }) { return nil }
        }
        let start = tree.byteRange(decl).lowerBound
        guard let line = lineStart(before: start) else { return nil }
        return Fix(message: "mark '\(qualifiedTypeName(decl))' @\(ObservationNames.observable)", applicability: .suggestion,
                   edits: [TextEdit(startOffset: start, endOffset: start, replacement: "@\(ObservationNames.observable)\n" + line.indentation)])
    }
}

// MARK: The project

/// What each type name's declarations and extensions say of its observation (`TypeFact.observation`), for the names
/// that say something: a class declared `@Observable` in one file and extended elsewhere is observed by the macro.
enum ObservedTypes: ProjectAnalysis {
    static func inputs(of facts: FileFacts) -> [String] {
        facts.types.compactMap { type in type.observation.map { type.name + " " + $0.rawValue } }
    }

    static func compute(_ index: ProjectIndex) -> [String: ObservationKind] {
        var kinds: [String: ObservationKind] = [:]
        for facts in index.files {
            for type in facts.types {
                guard let kind = type.observation else { continue }
                kinds[type.name] = kinds[type.name].map { $0.stronger(kind) } ?? kind
            }
        }
        return kinds
    }
}

extension ProjectIndex {
    /// How the declarations and extensions of the type named `name` make it observable (the strongest of what they
    /// say); nil when none says anything (it may still be an `ObservableObject`: `observableObject(_:)`).
    func observation(of name: String) -> ObservationKind? { self[ObservedTypes.self][name] }
}

import FlowLintSyntax

/// The rule `observable_created_in_view`: see `rules/observable_created_in_view.md`.
enum ObservableCreatedInViewRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "observable_created_in_view",
        name: "Observable Object Created in a View",
        summary: "a view must own the observable objects it creates with @State or @StateObject",
        rationale: """
            SwiftUI re-creates a view struct whenever its parent's body runs. An `@Observable` object or an \
            `ObservableObject` that a view stores in a plain `let` or `var` (or in `@Bindable`) and creates itself \
            is created again with every new struct, so the object and all its state are thrown away on each update. \
            `@State` (for an `@Observable` class) and `@StateObject` (for an `ObservableObject`) keep one object for \
            the lifetime of the view's identity.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        fix: .suggestion
    )
}

extension ObservableCreatedInViewRule {
    static var analyses: [any ProjectAnalysis.Type] { [ClassNames.self, ObservableObjectsPublishingNothing.self] }

    /// A stored property of a struct that constructs an object: the project decides whether the struct is a view
    /// and the object observable.
    struct Condition: Codable, Sendable {
        var owner: String
        var property: String
        /// The class constructed: from the construction, else from the annotation (`let m: Model = .init()`).
        var type: String
        /// The property is `@Bindable` (else it has no property wrapper).
        var isBindable: Bool
        /// Where the fix edits: for a plain property, where `@State` or `@StateObject` goes and the `let` that
        /// becomes `var` (nil for a `var`); for `@Bindable`, the attribute's name. Nil when a declaration binds
        /// several properties.
        var edits: FixPlaces?
    }

    struct FixPlaces: Codable, Sendable {
        var insertAt: Int
        var letKeyword: Int?
        var bindableName: Int?
    }

    /// How the view is told to own the object, by what it is and what the toolchain and the target allow.
    enum Advice {
        /// `@State`, for an object SwiftUI observes through Observation.
        case state(stateIsMacro: Bool)
        /// `@StateObject`, for an `ObservableObject`.
        case stateObject
        /// An `ObservableObject` on a target without `@StateObject` (iOS 13, macOS 10.15).
        case outlivingOwner(Missing)
    }

    typealias Missing = (platform: ApplePlatform, deployment: OSVersion, needed: OSVersion)

    static func message(property: String, type: String, isBindable: Bool, advice: Advice) -> String {
        let lost = "so SwiftUI re-creates it with the view and its state is lost"
        switch advice {
        case .state(let stateIsMacro):
            // Before Xcode 27, `@State`'s initial value is evaluated whenever the view is initialized; SwiftUI
            // keeps the first object it is given, so the state survives, but the construction still runs.
            let own = stateIsMacro ? "own it with @State"
                : "own it with @State, which keeps the first one (its initial value is still evaluated each time the view is created)"
            let subject = isBindable ? "@Bindable '\(property)' creates '\(type)' itself" : "'\(property)' creates '\(type)' itself without @State"
            return "\(subject), \(lost); \(own)"
        case .stateObject:
            return "'\(property)' creates the ObservableObject '\(type)' itself without @StateObject, so the view does not "
                + "subscribe to it, and SwiftUI re-creates it with the view and its state is lost; own it with @StateObject"
        case .outlivingOwner(let missing):
            let platform = missing.platform.rawValue
            return "'\(property)' creates the ObservableObject '\(type)' itself without @StateObject, so the view does not "
                + "subscribe to it, and SwiftUI re-creates it with the view and its state is lost; @StateObject, which would "
                + "own it, needs \(platform) \(missing.needed) and this target deploys to \(platform) \(missing.deployment): "
                + "create the object in an owner that outlives the view and pass it in with @ObservedObject"
        }
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        let tree = file.tree
        for decl in file.typeDeclarations where file.kind(decl) == .structDecl {
            guard let block = tree.child(decl, .memberBlock) else { continue }
            let owner = file.typeDeclarationName(decl)
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl {
                guard !file.hasModifier(m, .static), !file.hasModifier(m, .lazy) else { continue }
                // No property wrapper (`@MainActor` and the like are not one), or `@Bindable`.
                let wrappers = file.attributes(m).filter { !ObservationNames.markerAttributes.contains(file.name($0) ?? "") }
                guard wrappers.count <= 1 else { continue }
                let bindable = wrappers.first
                if let bindable, file.name(bindable) != "Bindable" { continue }
                let bindings = file.children(m).filter { file.kind($0) == .patternBinding }
                for b in bindings {
                    guard let pattern = tree.firstChild(b), file.kind(pattern) == .identifierPattern, let name = file.name(pattern),
                          !file.isComputed(b), let value = tree.child(b, .initializerClause).flatMap({ tree.firstChild($0) })
                    else { continue }
                    let construction = file.construction(value)
                    guard construction.isConstruction,
                          let type = construction.type ?? tree.child(b, .typeAnnotation).flatMap({ tree.firstChild($0) }).flatMap(file.typeName)
                    else { continue }
                    var places: FixPlaces?
                    if bindings.count == 1 {
                        if let bindable {
                            places = FixPlaces(insertAt: 0, bindableName: Int(tree.tokens[Int(tree.nodes[bindable].name)].offset))
                        } else {
                            let keyword = tree.nameToken(m)
                            places = FixPlaces(insertAt: tree.byteRange(m).lowerBound,
                                               letKeyword: keyword?.keyword == .let ? keyword.map { Int($0.offset) } : nil)
                        }
                    }
                    // At `@Bindable`, or at the declaration (its first modifier or `let`), or at the name when the
                    // declaration binds several; the message is the project's.
                    let place = bindable ?? (bindings.count == 1 ? m : pattern)
                    report.report(at: place, "", condition: Condition(owner: owner, property: name, type: type,
                                                                      isBindable: bindable != nil, edits: places))
                }
            }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        // Most constructions are of values or of a library's types: one lookup each.
        let classes = project[ClassNames.self]
        let silent = project[ObservableObjectsPublishingNothing.self]
        for finding in project.pending {
            let c = finding.condition
            // A class of the project (declared as one, and only extended elsewhere).
            guard classes.contains(c.type) else { continue }
            // Views and view modifiers, which SwiftUI re-creates with their parent's body. (An `App` is created once; a
            // `DynamicProperty` may keep a box it does not observe as a cache on purpose.)
            guard index.isView(c.owner) else { continue }
            // Something of the object that can change: an instance `var` (a stateless helper is harmless to re-create).
            guard index.types(named: c.type).contains(where: { ref in index.properties(of: ref).contains { !$0.isLet && !$0.isStatic } })
            else { continue }
            let advice: Advice
            if let kind = index.observation(of: c.type), kind.isTracked {
                // A SwiftData model is inserted into a context, not owned by a view.
                guard kind != .model else { continue }
                advice = .state(stateIsMacro: project.toolchain.stateIsMacro)
            } else if index.observableObject(c.type) == true, !c.isBindable {
                // An object that never publishes is, to the view, a plain class: nothing to subscribe to, and
                // nothing SwiftUI shows depends on it (a holder of closures that a hosting controller fills in).
                if silent.contains(c.type) { continue }
                let file = index.position(ofFile: finding.diagnostic.span.file)
                advice = file.flatMap { index.layout.missing(.stateObject, inFile: $0) }.map(Advice.outlivingOwner) ?? .stateObject
            } else {
                continue
            }
            var diagnostic = finding.diagnostic
            diagnostic.message = message(property: c.property, type: c.type, isBindable: c.isBindable, advice: advice)
            diagnostic.fixes = fix(c, advice).map { [$0] } ?? []
            report.report(diagnostic)
        }
    }

    /// `@State` (or `@StateObject`) on the property, its `let` made a `var`; `@Bindable` becomes `@State`.
    static func fix(_ c: Condition, _ advice: Advice) -> Fix? {
        guard let places = c.edits else { return nil }
        let wrapper: String
        switch advice {
        case .state: wrapper = "State"
        case .stateObject: wrapper = "StateObject"
        case .outlivingOwner: return nil
        }
        var edits: [TextEdit] = []
        if let name = places.bindableName {
            edits.append(TextEdit(startOffset: name, endOffset: name + "Bindable".utf8.count, replacement: wrapper))
        } else {
            edits.append(TextEdit(startOffset: places.insertAt, endOffset: places.insertAt, replacement: "@\(wrapper) "))
            if let keyword = places.letKeyword { edits.append(TextEdit(startOffset: keyword, endOffset: keyword + 3, replacement: "var")) }
        }
        return Fix(message: "own it with @\(wrapper)", applicability: .suggestion, edits: edits)
    }
}

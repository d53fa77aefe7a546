/// What the environment rules report (`missing_environment_object` and `missing_model_container` with their preview
/// rules): one walk of the view graph from every root (`EnvironmentGraph`), computed once per index for the four
/// rules that declare it, and kept by an editor's server until an edit changes what it reads.
struct EnvironmentAnalysis: ProjectAnalysis {
    typealias Value = EnvironmentAnalysis

    /// Every root's findings of environment objects, in file and source order.
    var rootFindings: [EnvironmentGraph.RootFinding]
    /// "Nothing provides T" at readers no root reaches.
    var unreachedReaders: [UnreachedReader]
    /// Every root's findings of SwiftData's model container: each misses the one type
    /// `TypeReference.modelContainerName`.
    var modelContainerFindings: [EnvironmentGraph.RootFinding]

    struct UnreachedReader {
        var span: SourceSpan
        var message: String
    }

    /// What the walk reads of a file: its declarations (views, their properties and readers, conformances), what
    /// renders views (with the flags each construction is shown for), every provider and provider helper, and its
    /// `#if` clauses. Not its suppression comments or the rules' per-file outputs, so an edit of only those keeps the
    /// analysis.
    struct Inputs: Equatable {
        var types: [TypeFact]
        var renderers: [Renderer]
        var providedTypes: [TypeReference]
        var providerHelpers: [ProviderHelper]
        var clauses: [ConditionalClause]
        var constructions: [Constructions]
        var environmentKeyInitializers: [String]
        var edgeConditions: [[FlagCondition]]
    }

    static func inputs(of facts: FileFacts) -> Inputs {
        Inputs(types: facts.types, renderers: facts.renderers, providedTypes: facts.providedTypes,
               providerHelpers: facts.providerHelpers, clauses: facts.clauses, constructions: facts.constructions,
               environmentKeyInitializers: facts.environmentKeyInitializers, edgeConditions: facts.edgeConditions)
    }

    static var requires: [any ProjectAnalysis.Type] {
        [ViewNames.self, ViewDeclarations.self, TypeAliases.self, ObservedTypes.self, PersistedFlagFlips.self]
    }

    static func compute(_ index: ProjectIndex) -> EnvironmentAnalysis {
        var graph = EnvironmentGraph(index: index)
        let (findings, modelContainerFindings) = graph.rootFindingsWithModelContainer(including: { _ in true })
        var unreached: [UnreachedReader] = []
        if !graph.hasUnknownProvider {
            let constructed = constructedViewNames(index)
            let names = index[ViewNames.self]
            for candidate in graph.candidates.values.flatMap({ $0 })
            where !graph.reached.contains(.init(file: candidate.file, type: candidate.type)) {
                let type = index.type(candidate)
                // A view no code of the sources constructs is left over, or a library's that its clients show (and
                // provide for): no path of these sources shows it, so none crashes. A construction means this view
                // only where its name resolves to it from the constructing file: a widget's `DigestView()` is the
                // widget's own `DigestView`, not the app's of the same name (judged wrong in BC).
                guard let files = constructed[type.name], files.contains(where: { file in
                    guard let found = names.resolve(type.name, qualifier: nil, scope: nil, file: file, layout: index.layout,
                                                    visible: { _ in true }) else { return true }
                    return found.declarations.contains { $0.file == candidate.file && $0.type == candidate.type }
                }) else { continue }
                for property in graph.readers(of: candidate) {
                    // A type the project does not declare is a library's: the library's own views may provide it
                    // to the content it hosts (a popover host that puts its panel in the environment).
                    guard let written = property.environmentObjectType, case let needed = index.canonicalTypeName(written),
                          !graph.providedAnywhere.contains(needed),
                          EnvironmentGraph.isDeclared(needed, in: index), let span = property.attributeSpan else { continue }
                    unreached.append(UnreachedReader(span: span, message: EnvironmentGraph.noProviderMessage(
                        type: needed, view: type.name, property: property.name)))
                }
            }
        }
        // In file and source order, whatever the order of the candidates' dictionary.
        unreached.sort { ($0.span.file, $0.span.startOffset) < ($1.span.file, $1.span.startOffset) }
        return EnvironmentAnalysis(rootFindings: findings, unreachedReaders: unreached,
                                   modelContainerFindings: modelContainerFindings)
    }

    /// The simple names of the views some code of the sources constructs: in a body or view-building member (a
    /// renderer's edges, previews included), in a class, an extension, a free function or a global, or in a struct or
    /// enum that hands views over (`Constructions`). In sources with an App, a construction in the body, a member or
    /// an extension of a view counts only when that view is constructed itself (`LoginForm` in an `AuthView` nothing
    /// constructs is code left over); without one, the views may be a library's, which its clients construct.
    /// Each with the files that construct it.
    private static func constructedViewNames(_ index: ProjectIndex) -> [String: Set<Int>] {
        var names: [String: Set<Int>] = [:]
        var byView: [String: [(name: String, file: Int)]] = [:]
        var work: [String] = []
        func construct(_ name: String, in file: Int) {
            let base = EnvironmentGraph.baseName(name)
            if names[base, default: []].insert(file).inserted, names[base]!.count == 1 { work.append(base) }
        }
        let hasApp = index.roots.contains { index.renderer($0).kind == .root(.app) }
        let views = index.viewDeclarations
        for (file, facts) in index.files.enumerated() {
            for renderer in facts.renderers {
                let shown = renderer.edges.compactMap(\.viewName)
                if hasApp, let owner = renderer.ownerType, views[owner] != nil {
                    byView[owner, default: []] += shown.map { ($0, file) }
                } else {
                    shown.forEach { construct($0, in: file) }
                }
            }
            for c in facts.constructions {
                // An extension of a view (its `init`s, its methods) runs once the view is made, as its body does
                // (`extension Pager { init() { self.init(footer: PagerFooter()) } }` of a `Pager` nothing makes).
                if hasApp, views[c.owner] != nil {
                    byView[c.owner, default: []] += c.names.map { ($0, file) }
                } else {
                    c.names.forEach { construct($0, in: file) }
                }
            }
        }
        // Each view once, from a worklist (a chain of views may be long).
        while let view = work.popLast() { byView.removeValue(forKey: view)?.forEach { construct($0.name, in: $0.file) } }
        return names
    }
}

import Foundation

/// The view graph shared by `missing_environment_object` (App roots, and readers no root reaches) and
/// `missing_environment_object_in_preview` (preview roots): which view names are declared, what each reads,
/// what each renders with which providers, and, from each root, which object types the views it shows would
/// read without a provider.
struct EnvironmentGraph {
    let index: ProjectIndex
    /// View declarations by name (extensions excluded): several when names collide across modules.
    var candidates: [String: [(file: Int, type: Int)]] = [:]
    /// Every resolved provided type, and whether some provider could not be resolved.
    var providedAnywhere: Set<String> = []
    var hasUnknownProvider = false
    /// Declarations a judged walk from some root entered (see `rootFindings`): their readers are reported at the
    /// root, not at the reading declaration.
    private(set) var reached: Set<DeclarationKey> = []
    private var memo: [String: [String: [Step]]] = [:]
    private var inProgress: Set<String> = []
    /// Container views whose body applies providers around the content a caller hands in (`Renderer.contentProviders`),
    /// when the name has one body; looked up when a construction is first seen under the name.
    private var contentProvidersByType: [String: [TypeReference]] = [:]

    struct DeclarationKey: Hashable {
        var file: Int, type: Int
    }

    /// One step of a chain from a root's view to the view that reads the missing object.
    struct Step {
        var view: String
        var note: DiagnosticNote
    }

    /// What one root construction (and the later constructions of the same root missing the same types) lacks.
    struct RootFinding {
        var rootKind: Renderer.RootKind
        /// The first construction of the group: where the provider goes.
        var span: SourceSpan
        /// The view constructed there.
        var view: String
        /// Each missing type (sorted) with the shortest chain found to its reader, from the view constructed at
        /// `chainStart` (the group's first construction unless a later one has a shorter chain).
        var missing: [(type: String, chainStart: (view: String, span: SourceSpan), steps: [Step])]
    }

    init(index: ProjectIndex) {
        self.index = index
        candidates = index.viewDeclarations
        for facts in index.files {
            for provider in facts.providedTypes {
                if let t = index.resolve(provider) { providedAnywhere.insert(t) } else { hasUnknownProvider = true }
            }
        }
        // Only the names used as containers need their bodies' content providers: those of every body.
        for (type, refs) in index.renderersByType {
            let bodies = refs.map(index.renderer).filter { if case .viewBody = $0.kind { return true } else { return false } }
            if bodies.count == 1, let providers = bodies[0].contentProviders, !providers.isEmpty {
                contentProvidersByType[type] = providers
            }
        }
    }

    // MARK: Roots

    /// The findings of every root whose kind `include` accepts, in file and source order: per root, one per set
    /// of missing types, at the first construction that misses exactly that set.
    mutating func rootFindings(including include: (Renderer.RootKind) -> Bool) -> [RootFinding] {
        var out: [RootFinding] = []
        for ref in index.roots {
            let renderer = index.renderer(ref)
            guard case .root(let rootKind) = renderer.kind, include(rootKind) else { continue }
            out += findings(of: renderer, rootKind: rootKind)
        }
        return out
    }

    private mutating func findings(of root: Renderer, rootKind: Renderer.RootKind) -> [RootFinding] {
        var groups: [RootFinding] = []
        var groupByTypes: [[String]: Int] = [:]
        for edge in root.edges {
            guard case .view(let name) = edge.target, let provided = environment(after: edge, around: []) else { continue }
            // `Settings { ... }` in an App's scene body is SwiftUI's scene, not a view of the project named so.
            if rootKind == .app && SwiftUINames.sceneBuilders.contains(name)
                && !edge.enclosingCallees.contains(where: SwiftUINames.sceneBuilders.contains) { continue }
            if edge.inUncontainedDestination { continue } // a root has no navigation container above it
            let platforms = root.platforms.intersection(edge.platforms)
            if platforms.isEmpty { continue }
            let missing = self.missing(in: name, provided: provided, navigable: edge.underNavigationContainer, platforms: platforms)
            guard !missing.isEmpty else { continue }
            let types = missing.keys.sorted()
            if let g = groupByTypes[types] {
                // Same set again: keep the shorter chain of each type.
                for (i, entry) in groups[g].missing.enumerated() {
                    let steps = missing[entry.type]!
                    if steps.count < entry.steps.count {
                        groups[g].missing[i] = (entry.type, (name, edge.span), steps)
                    }
                }
            } else {
                groupByTypes[types] = groups.count
                groups.append(RootFinding(rootKind: rootKind, span: edge.span, view: name,
                                          missing: types.map { ($0, (name, edge.span), missing[$0]!) }))
            }
        }
        return groups
    }

    // MARK: Environments

    /// The provided set below an edge, or nil when the edge cannot be judged (a provider or helper that cannot
    /// be resolved, a construction kept in a local first, or content handed to an opaque view).
    func environment(after edge: RenderEdge, around provided: Set<String>) -> Set<String>? {
        if edge.flowsThroughLocal { return nil }
        for callee in edge.enclosingCallees where candidates[callee] == nil && !SwiftUINames.transparentContainers.contains(callee) {
            return nil
        }
        var result = provided
        // `Container { Badge() }` where Container's body wraps its content in `.environmentObject(x)`.
        for callee in edge.enclosingCallees {
            guard let references = contentProvidersByType[callee] else { continue }
            for reference in references {
                guard let t = index.resolve(reference) else { return nil }
                result.insert(t)
            }
        }
        for reference in edge.provided {
            guard let t = index.resolve(reference) else { return nil }
            result.insert(t)
        }
        for helper in edge.helperCalls {
            guard let helperProvides = index.providerHelpers[helper] else { continue }
            for reference in helperProvides {
                guard let t = index.resolve(reference) else { return nil }
                result.insert(t)
            }
        }
        return result
    }

    /// Object types that rendering the view named `name` with `provided` in the environment would read without a
    /// provider, each with the shortest chain of steps found to its reader. When several declarations share the
    /// name, only what every one of them misses.
    /// `navigable`: a navigation container above encloses the view, so its `NavigationLink` destinations can be
    /// shown. `platforms`: those the path so far can be compiled for; the name resolves only to declarations
    /// compiled for one of them.
    mutating func missing(in name: String, provided: Set<String>, navigable: Bool, platforms: Platforms) -> [String: [Step]] {
        guard let all = candidates[name] else { return [:] }
        let declarations = platforms == .all ? all : all.filter { !index.type($0).platforms.isDisjoint(with: platforms) }
        let key = name + (navigable ? "|n" : "|") + "\(platforms.rawValue)|" + provided.sorted().joined(separator: ",")
        if let cached = memo[key] { return cached }
        guard inProgress.insert(key).inserted else { return [:] } // recursive views: the cycle adds nothing
        var common: [String: [Step]]?
        for declaration in declarations {
            let found = missing(inDeclaration: declaration, name: name, provided: provided, navigable: navigable,
                                platforms: platforms.intersection(index.type(declaration).platforms))
            common = common.map { c in c.filter { found[$0.key] != nil } } ?? found
        }
        inProgress.remove(key)
        memo[key] = common ?? [:]
        return common ?? [:]
    }

    /// The environment objects a declaration reads: its `@EnvironmentObject` properties and non-optional
    /// `@Environment(T.self)` ones.
    /// An `@EnvironmentObject` that its file never names again is not looked up, so it is not a reader, unless
    /// an extension of the type in another file may read it.
    func readers(of declaration: (file: Int, type: Int)) -> [PropertyFact] {
        let properties = index.properties(of: declaration).filter { $0.environmentObjectType != nil && $0.attributeSpan != nil }
        guard properties.contains(where: \.isUnreadInItsFile) else { return properties }
        let name = index.type(declaration).name
        let extendedElsewhere = index.types(named: name).contains { $0.file != declaration.file && index.type($0).kind == .extension }
        return extendedElsewhere ? properties : properties.filter { !$0.isUnreadInItsFile }
    }

    private mutating func missing(inDeclaration declaration: (file: Int, type: Int), name: String,
                                  provided: Set<String>, navigable: Bool, platforms: Platforms) -> [String: [Step]] {
        reached.insert(DeclarationKey(file: declaration.file, type: declaration.type))
        var result: [String: [Step]] = [:]
        for property in readers(of: declaration) {
            // A reader under `#if os(macOS)` is judged only from paths compiled for macOS alone: from a root that
            // may be built for iOS, the property may not exist (precision first).
            guard let needed = property.environmentObjectType, !provided.contains(needed), let span = property.attributeSpan,
                  result[needed] == nil, property.platforms.isSuperset(of: platforms) else { continue }
            result[needed] = [Step(view: name, note: DiagnosticNote(message: "'\(name)' reads '\(needed)' here", span: span))]
        }
        for renderer in renderers(of: declaration, name: name, member: nil) where !renderer.platforms.isDisjoint(with: platforms) {
            merge(edgesOf: renderer, owner: name, declaration: declaration, provided: provided, navigable: navigable,
                  platforms: platforms.intersection(renderer.platforms), into: &result)
        }
        return result
    }

    /// Renderers of a declaration: its `body` (or a named member), also when declared in an extension of a
    /// name that only this declaration has.
    private func renderers(of declaration: (file: Int, type: Int), name: String, member: String?) -> [Renderer] {
        let unique = (candidates[name]?.count ?? 0) == 1
        return (index.renderersByType[name] ?? []).compactMap { ref in
            let renderer = index.renderer(ref)
            let memberName: String?, typeIndex: Int
            switch renderer.kind {
            case .member(_, let t, let m): (memberName, typeIndex) = (m, t)
            case .viewBody(_, let t): (memberName, typeIndex) = (nil, t)
            case .root: return nil
            }
            guard memberName == member else { return nil }
            let file = Int(ref.file)
            let belongs = (file == declaration.file && typeIndex == declaration.type)
                || (unique && index.files[file].types[typeIndex].kind == .extension)
            return belongs ? renderer : nil
        }
    }

    private mutating func merge(edgesOf renderer: Renderer, owner: String, declaration: (file: Int, type: Int),
                                provided: Set<String>, navigable: Bool, platforms: Platforms,
                                into result: inout [String: [Step]]) {
        for edge in renderer.edges {
            // A destination no container encloses can never be navigated to.
            if edge.inUncontainedDestination && !navigable { continue }
            let edgePlatforms = platforms.intersection(edge.platforms)
            if edgePlatforms.isEmpty { continue }
            guard let below = environment(after: edge, around: provided) else { continue }
            let navigableBelow = navigable || edge.underNavigationContainer
            var found: [String: [Step]]
            switch edge.target {
            case .view(let child):
                found = missing(in: child, provided: below, navigable: navigableBelow, platforms: edgePlatforms)
                for (needed, steps) in found {
                    let step = Step(view: child, note: DiagnosticNote(message: "'\(owner)' shows '\(child)' here", span: edge.span))
                    found[needed] = [step] + steps
                }
            case .member(let member):
                found = [:]
                let memberKey = "\(owner).\(member)" + (navigableBelow ? "|n" : "|") + "\(edgePlatforms.rawValue)|"
                    + below.sorted().joined(separator: ",")
                guard inProgress.insert(memberKey).inserted else { continue }
                for r in renderers(of: declaration, name: owner, member: member) where !r.platforms.isDisjoint(with: edgePlatforms) {
                    merge(edgesOf: r, owner: owner, declaration: declaration, provided: below, navigable: navigableBelow,
                          platforms: edgePlatforms.intersection(r.platforms), into: &found)
                }
                inProgress.remove(memberKey)
            }
            // The first chain found, unless a later one is shorter.
            for (needed, steps) in found where result[needed].map({ steps.count < $0.count }) ?? true { result[needed] = steps }
        }
    }
}

// MARK: Messages

extension EnvironmentGraph {
    /// `a 'UserSettings'`, `an 'Editor'`: the article English gives the name when read aloud (a leading vowel
    /// letter, except a `U` read "you": `Us...`, `Uni...`, `Uti...`).
    static func withArticle(_ type: String) -> String {
        let lower = type.lowercased()
        var article = "a"
        if let first = lower.first, "aeiou".contains(first) {
            article = ["us", "uni", "uti", "ur", "eu"].contains(where: lower.hasPrefix) ? "a" : "an"
        }
        return "\(article) '\(type)'"
    }

    /// `x`, `x and y`, `x, y and z`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// `ContentView -> DetailView -> BadgeView` from a chain's first view and the steps below it.
    static func chainNames(start: String, steps: [Step]) -> [String] {
        var names = [start]
        for step in steps where step.view != names.last { names.append(step.view) }
        return names
    }

    /// The finding at a root: names the view shown, every missing type, who reads them and each chain.
    static func rootMessage(_ finding: RootFinding) -> String {
        let root = finding.view
        let shown = finding.rootKind == .app ? "is shown here" : "is previewed here"
        let types = list(finding.missing.map { withArticle($0.type) })
        let chains = finding.missing.map { entry in
            chainNames(start: entry.chainStart.view, steps: entry.steps).joined(separator: " -> ") + " needs \(entry.type)"
        }.joined(separator: "; ")
        // The root first when it reads some itself ("it and 'Badge' below it"), then in type order.
        var readers: [String] = finding.missing.contains { ($0.steps.last?.view ?? root) == root } ? [root] : []
        for entry in finding.missing {
            let reader = entry.steps.last?.view ?? root
            if !readers.contains(reader) { readers.append(reader) }
        }
        let one = finding.missing.count == 1
        if readers == [root] {
            return "'\(root)' \(shown) without \(types) in its environment, and it reads \(one ? "one" : "them"): it crashes (\(chains))"
        }
        let names = readers.map { $0 == root ? "it" : "'\($0)'" }
        let verb = readers.count == 1 ? (one ? "reads one and crashes" : "reads them and crashes")
            : (one ? "read one and crash" : "read them and crash")
        return "'\(root)' \(shown) without \(types) in its environment; \(list(names)) below it \(verb) (\(chains))"
    }

    /// The notes of a root finding: per missing type, the steps of its chain (a note already given for an
    /// earlier type is not repeated), preceded by the construction it starts at when that is not the finding's.
    static func rootNotes(_ finding: RootFinding) -> [DiagnosticNote] {
        var notes: [DiagnosticNote] = []
        for entry in finding.missing {
            var chain: [DiagnosticNote] = []
            if entry.chainStart.span != finding.span {
                chain.append(DiagnosticNote(message: "'\(entry.chainStart.view)' is shown here too", span: entry.chainStart.span))
            }
            chain += entry.steps.map(\.note)
            for note in chain where !notes.contains(note) { notes.append(note) }
        }
        return notes
    }

    /// The reading declarations of a root finding, each with the finding as worded there: where a
    /// `flowlint:` comment may silence it, and where a run that reports the reader's file but not the root's
    /// shows it.
    static func readerPlaces(_ finding: RootFinding) -> [RelatedPlace] {
        let file = finding.span.file.split(separator: "/").last.map(String.init) ?? finding.span.file
        var places: [RelatedPlace] = []
        for entry in finding.missing {
            guard let step = entry.steps.last, !places.contains(where: { $0.span == step.note.span }) else { continue }
            let reads = "'\(step.view)' reads \(withArticle(entry.type)) here"
            let message = finding.rootKind == .app
                ? "\(reads), and the app shows '\(finding.view)' (\(file)) without one: it crashes when shown"
                : "\(reads), and a preview of '\(finding.view)' (\(file)) does not provide one: the preview crashes"
            places.append(RelatedPlace(span: step.note.span, message: message))
        }
        return places
    }

    static func noProviderMessage(type: String, view: String, property: String) -> String {
        "nothing provides '\(type)' with .environmentObject(_:) or .environment(_:), so '\(view)' crashes when "
            + "it reads '\(property)'"
    }
}

// MARK: Shared analysis

/// What both environment rules report, computed once per index: they run side by side, and the first to ask
/// computes it (the other waits).
struct EnvironmentAnalysis {
    /// Every root's findings, in file and source order.
    var rootFindings: [EnvironmentGraph.RootFinding]
    /// "Nothing provides T" at readers no root reaches.
    var unreachedReaders: [(span: SourceSpan, message: String)]

    static func of(_ index: ProjectIndex) -> EnvironmentAnalysis {
        index.environmentAnalysis.value {
            var graph = EnvironmentGraph(index: index)
            let findings = graph.rootFindings(including: { _ in true })
            var unreached: [(span: SourceSpan, message: String)] = []
            if !graph.hasUnknownProvider {
                for candidate in graph.candidates.values.flatMap({ $0 })
                where !graph.reached.contains(.init(file: candidate.file, type: candidate.type)) {
                    let type = index.type(candidate)
                    for property in graph.readers(of: candidate) {
                        guard let needed = property.environmentObjectType, !graph.providedAnywhere.contains(needed),
                              let span = property.attributeSpan else { continue }
                        unreached.append((span, EnvironmentGraph.noProviderMessage(type: needed, view: type.name, property: property.name)))
                    }
                }
            }
            // In file and source order, whatever the order of the candidates' dictionary.
            unreached.sort { ($0.span.file, $0.span.startOffset) < ($1.span.file, $1.span.startOffset) }
            return EnvironmentAnalysis(rootFindings: findings, unreachedReaders: unreached)
        }
    }
}

/// Holds an index's `EnvironmentAnalysis` once computed. A new index, or an index changed by `replaceFile`, gets
/// an empty one.
typealias EnvironmentAnalysisCache = DerivedValue<EnvironmentAnalysis>

/// A value derived from an index, computed when first asked and kept with it (a class, so that asking does not
/// mutate the index): an update that can change it replaces it. Shows no contents when reflected
/// (`ProjectIndexUpdateTests` compares indexes by their stored properties: what is cached is derived, not state).
final class DerivedValue<T>: @unchecked Sendable, CustomReflectable {
    private let lock = NSLock()
    private var stored: T?

    func value(_ compute: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let stored { return stored }
        let computed = compute()
        stored = computed
        return computed
    }

    var customMirror: Mirror { Mirror(self, children: [:]) }
}

import FlowLintSyntax

enum MissingEnvironmentObjectRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "missing_environment_object",
        name: "Missing Environment Object",
        summary: "a view reads an environment object that no ancestor provides",
        rationale: """
            `@EnvironmentObject var x: T` and Observation's `@Environment(T.self) var x` read an object that \
            an ancestor must provide with `.environmentObject(_:)` or `.environment(_:)`. When no ancestor \
            does, SwiftUI stops the app with a fatal error the first time the view is rendered, previews \
            included.
            """,
        defaultSeverity: .error
    )
}

extension MissingEnvironmentObjectRule {
    static func noProviderMessage(type: String, view: String, property: String) -> String {
        "nothing provides '\(type)' with .environmentObject(_:) or .environment(_:), so '\(view)' crashes when "
            + "it reads '\(property)'"
    }

    static func rootMessage(root: String, type: String, reader: String, chain: [String]) -> String {
        let path = "(\(chain.joined(separator: " -> ")) needs \(type))"
        if reader == root {
            return "'\(root)' is shown here without a '\(type)' in its environment, and it reads one: it crashes \(path)"
        }
        return "'\(root)' is shown here without a '\(type)' in its environment; '\(reader)' below it reads one and "
            + "crashes \(path)"
    }

    /// One step of a chain from a root to the view that reads the missing object.
    struct Step {
        var view: String
        var note: DiagnosticNote
    }

    /// Works on the project's shared facts only (renderers, providers, properties): no per-file check.
    static func check(project: ProjectContext<Unconditional, NoRecord>, report: inout ProjectReport) {
        let index = project.index
        var graph = EnvironmentGraph(index: index)

        // 1. A type read from the environment that nothing in the sources provides.
        if !graph.hasUnknownProvider {
            for candidate in graph.candidates.values.flatMap({ $0 }) {
                let type = index.type(candidate)
                guard index.isSwiftUIOwner(type.name) else { continue }
                for property in index.properties(of: candidate) {
                    guard let needed = property.environmentObjectType, !graph.providedAnywhere.contains(needed),
                          let span = property.attributeSpan else { continue }
                    report.report(at: span, noProviderMessage(type: needed, view: type.name, property: property.name))
                }
            }
        }

        // 2. A root that renders a reader with no provider on the way.
        for facts in index.files {
            for renderer in facts.renderers {
                guard case .root = renderer.kind else { continue }
                var reported: Set<String> = []
                for edge in renderer.edges {
                    guard case .view(let name) = edge.target, let provided = graph.environment(after: edge, around: []) else { continue }
                    for (needed, steps) in graph.missing(in: name, provided: provided).sorted(by: { $0.key < $1.key }) {
                        let key = "\(edge.span.startOffset):\(needed)"
                        guard reported.insert(key).inserted, let reader = steps.last?.view else { continue }
                        let names = chainNames(root: name, steps: steps)
                        report.report(at: edge.span, rootMessage(root: name, type: needed, reader: reader, chain: names),
                                      notes: steps.map(\.note))
                    }
                }
            }
        }
    }

    /// `ContentView -> DetailView -> BadgeView` from a root's first view and the steps below it.
    static func chainNames(root: String, steps: [Step]) -> [String] {
        var names = [root]
        for step in steps where step.view != names.last { names.append(step.view) }
        return names
    }
}

/// The view graph for `missing_environment_object`: which view names are declared, what each reads, what
/// each renders with which providers.
struct EnvironmentGraph {
    let index: ProjectIndex
    /// View declarations by name (extensions excluded): several when names collide across modules.
    var candidates: [String: [(file: Int, type: Int)]] = [:]
    /// Every resolved provided type, and whether some provider could not be resolved.
    var providedAnywhere: Set<String> = []
    var hasUnknownProvider = false
    private var memo: [String: [String: [MissingEnvironmentObjectRule.Step]]] = [:]
    private var inProgress: Set<String> = []

    init(index: ProjectIndex) {
        self.index = index
        // Only names with an inheritance clause somewhere can be views.
        for name in index.namesWithInheritance where index.isView(name) {
            let declarations = index.types(named: name).filter { index.type($0).kind != .extension }
            if !declarations.isEmpty { candidates[name] = declarations }
        }
        for (f, facts) in index.files.enumerated() {
            for provider in facts.providedTypes {
                if let t = index.resolve(provider) { providedAnywhere.insert(t) } else { hasUnknownProvider = true }
            }
            for renderer in facts.renderers {
                switch renderer.kind {
                case .viewBody(let type, let typeIndex), .member(let type, let typeIndex, _):
                    renderersByType[type, default: []].append((f, typeIndex, renderer))
                case .root:
                    break
                }
            }
        }
    }

    /// Bodies and view-building members by their type's name, with the declaration they belong to.
    private var renderersByType: [String: [(file: Int, type: Int, renderer: Renderer)]] = [:]

    /// The provided set below an edge, or nil when the edge cannot be judged (a provider or helper that cannot
    /// be resolved, a construction kept in a local first, or content handed to an opaque view).
    func environment(after edge: RenderEdge, around provided: Set<String>) -> Set<String>? {
        if edge.flowsThroughLocal { return nil }
        for callee in edge.enclosingCallees where candidates[callee] == nil && !SwiftUINames.transparentContainers.contains(callee) {
            return nil
        }
        var result = provided
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
    /// provider, each with the chain of steps that reaches its reader. When several declarations share the
    /// name, only what every one of them misses.
    mutating func missing(in name: String, provided: Set<String>) -> [String: [MissingEnvironmentObjectRule.Step]] {
        guard let declarations = candidates[name] else { return [:] }
        let key = name + "|" + provided.sorted().joined(separator: ",")
        if let cached = memo[key] { return cached }
        guard inProgress.insert(key).inserted else { return [:] } // recursive views: the cycle adds nothing
        var common: [String: [MissingEnvironmentObjectRule.Step]]?
        for declaration in declarations {
            let found = missing(inDeclaration: declaration, name: name, provided: provided)
            common = common.map { c in c.filter { found[$0.key] != nil } } ?? found
        }
        inProgress.remove(key)
        memo[key] = common ?? [:]
        return common ?? [:]
    }

    private mutating func missing(inDeclaration declaration: (file: Int, type: Int), name: String,
                                  provided: Set<String>) -> [String: [MissingEnvironmentObjectRule.Step]] {
        var result: [String: [MissingEnvironmentObjectRule.Step]] = [:]
        for property in index.properties(of: declaration) {
            guard let needed = property.environmentObjectType, !provided.contains(needed), let span = property.attributeSpan else { continue }
            if result[needed] == nil {
                result[needed] = [MissingEnvironmentObjectRule.Step(
                    view: name, note: DiagnosticNote(message: "'\(name)' reads '\(needed)' here", span: span))]
            }
        }
        for renderer in renderers(of: declaration, name: name, member: nil) {
            merge(edgesOf: renderer, owner: name, declaration: declaration, provided: provided, into: &result)
        }
        return result
    }

    /// Renderers of a declaration: its `body` (or a named member), also when declared in an extension of a
    /// name that only this declaration has.
    private func renderers(of declaration: (file: Int, type: Int), name: String, member: String?) -> [Renderer] {
        let unique = (candidates[name]?.count ?? 0) == 1
        return (renderersByType[name] ?? []).filter { entry in
            let memberName: String?
            switch entry.renderer.kind {
            case .member(_, _, let m): memberName = m
            default: memberName = nil
            }
            guard memberName == member else { return false }
            return (entry.file == declaration.file && entry.type == declaration.type)
                || (unique && index.files[entry.file].types[entry.type].kind == .extension)
        }.map(\.renderer)
    }

    private mutating func merge(edgesOf renderer: Renderer, owner: String, declaration: (file: Int, type: Int),
                                provided: Set<String>, into result: inout [String: [MissingEnvironmentObjectRule.Step]]) {
        for edge in renderer.edges {
            guard let below = environment(after: edge, around: provided) else { continue }
            var found: [String: [MissingEnvironmentObjectRule.Step]]
            switch edge.target {
            case .view(let child):
                found = missing(in: child, provided: below)
                for (needed, steps) in found {
                    let step = MissingEnvironmentObjectRule.Step(
                        view: child, note: DiagnosticNote(message: "'\(owner)' shows '\(child)' here", span: edge.span))
                    found[needed] = [step] + steps
                }
            case .member(let member):
                found = [:]
                let memberKey = "\(owner).\(member)|" + below.sorted().joined(separator: ",")
                guard inProgress.insert(memberKey).inserted else { continue }
                for r in renderers(of: declaration, name: owner, member: member) {
                    merge(edgesOf: r, owner: owner, declaration: declaration, provided: below, into: &found)
                }
                inProgress.remove(memberKey)
            }
            for (needed, steps) in found where result[needed] == nil { result[needed] = steps }
        }
    }
}

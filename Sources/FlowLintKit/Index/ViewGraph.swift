/// The project's view tree as the index sees it, for `flowlint graph`: roots (`@main` apps, previews), the
/// views they and their descendants show (sheets and navigation destinations marked), the environment objects
/// provided on each edge and read by each view,
/// and, per reader, the objects some root shows it without. Built from the same facts and the same environment
/// analysis as `missing_environment_object`, so the picture agrees with the findings.
///
/// Output is deterministic: nodes sorted by kind and name, edges by their ends and label.
struct ViewGraph {
    struct Node: Equatable {
        enum Kind: String { case app, preview, view }
        var id: String
        var kind: Kind
        var label: String
        /// The file it is declared in (a view: its declaration's; a root: the file and line of its first view).
        var location: String
        /// Object types its properties read from the environment.
        var reads: [String]
        /// Object types it reads that some root shows it without, each with the roots.
        var missing: [String: [String]]
    }

    struct Edge: Hashable {
        var from: String
        var to: String
        /// Object types the edge provides (`.environmentObject(x)`, `.environment(x)`, provider helpers).
        var provides: [String]
        /// The construction cannot be judged (kept in a local, handed to an unknown view, an unresolved provider).
        var opaque: Bool
        /// Presented (`sheet`, `fullScreenCover`, `popover`) or pushed (`navigation`); nil: shown in place.
        var presentation: String?

        /// `sheet`, `push` (a navigation destination), then what the edge provides.
        var label: String? {
            var parts: [String] = []
            if let presentation { parts.append(presentation == "navigation" ? "push" : presentation) }
            if !provides.isEmpty { parts.append("provides " + provides.joined(separator: ", ")) }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
    }

    private(set) var nodes: [Node] = []
    private(set) var edges: [Edge] = []

    /// The graph of the whole project, or, with `root`, of what the roots or views of that name show.
    init(index: ProjectIndex, root: String? = nil) {
        var graph = EnvironmentGraph(index: index)
        var nodesByID: [String: Node] = [:]
        var edgeSet: Set<Edge> = []

        func viewNode(_ name: String) -> String {
            if nodesByID[name] == nil {
                let location = graph.candidates[name]?.first.map { index.files[$0.file].path } ?? ""
                var reads: Set<String> = []
                // The readers the rules judge (an object declared and never used is not read).
                for d in graph.candidates[name] ?? [] {
                    for property in graph.readers(of: d) {
                        if let type = property.environmentObjectType { reads.insert(type) }
                    }
                }
                nodesByID[name] = Node(id: name, kind: .view, label: name, location: location, reads: reads.sorted(), missing: [:])
            }
            return name
        }

        // Every renderer's edges, members folded into their owner; each root edge's root, by position.
        struct RootEdgeKey: Hashable {
            var file: String, offset: Int
        }
        var rootOfEdge: [RootEdgeKey: String] = [:]
        for (f, facts) in index.files.enumerated() {
            for (r, renderer) in facts.renderers.enumerated() {
                let owner: String
                switch renderer.kind {
                case .viewBody(let type, _), .member(let type, _, _):
                    guard graph.candidates[type] != nil else { continue }
                    owner = viewNode(type)
                case .root(let kind):
                    let line = renderer.edges.first?.span.start.line ?? 0
                    let name = Self.rootName(kind, in: facts, index: index)
                    owner = "\(kind.rawValue)#\(f).\(r)"
                    // A `#Preview` has no name: its file and line say which one it is.
                    let label = name ?? (kind == .app ? "App" : "#Preview")
                    nodesByID[owner] = Node(id: owner, kind: kind == .app ? .app : .preview, label: label,
                                            location: "\(facts.path):\(line)", reads: [], missing: [:])
                }
                for edge in renderer.edges {
                    guard case .view(let child) = edge.target, graph.candidates[child] != nil else { continue }
                    let provided = graph.environment(after: edge, around: [])
                    edgeSet.insert(Edge(from: owner, to: viewNode(child), provides: provided.map { $0.sorted() } ?? [],
                                        opaque: provided == nil, presentation: edge.presentation?.rawValue))
                    if case .root = renderer.kind { rootOfEdge[RootEdgeKey(file: facts.path, offset: edge.span.startOffset)] = owner }
                }
            }
        }

        // Missing objects, per root, at their reader: the findings of both environment rules.
        for finding in graph.rootFindings(including: { _ in true }) {
            guard let rootID = rootOfEdge[RootEdgeKey(file: finding.span.file, offset: finding.span.startOffset)],
                  let rootNode = nodesByID[rootID] else { continue }
            let rootLabel = rootNode.label == "#Preview" ? "#Preview at \(rootNode.location)" : rootNode.label
            for entry in finding.missing {
                let reader = entry.steps.last?.view ?? entry.chainStart.view
                guard nodesByID[reader] != nil else { continue }
                var roots = nodesByID[reader]!.missing[entry.type] ?? []
                if !roots.contains(rootLabel) { roots.append(rootLabel) }
                nodesByID[reader]!.missing[entry.type] = roots.sorted()
            }
        }

        var kept = Set(nodesByID.keys)
        if let root {
            // What the named roots or views show, transitively.
            var reached = Set(nodesByID.values.filter { $0.label == root }.map(\.id))
            var frontier = Array(reached)
            var children: [String: [String]] = [:]
            for edge in edgeSet { children[edge.from, default: []].append(edge.to) }
            while let next = frontier.popLast() {
                for child in children[next] ?? [] where reached.insert(child).inserted { frontier.append(child) }
            }
            kept = reached
        }
        nodes = nodesByID.values.filter { kept.contains($0.id) }.sorted {
            (Self.order($0.kind), $0.label, $0.location) < (Self.order($1.kind), $1.label, $1.location)
        }
        // Edges in the order of their ends' nodes.
        let numbers = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
        edges = edgeSet.filter { kept.contains($0.from) && kept.contains($0.to) }.sorted {
            (numbers[$0.from]!, numbers[$0.to]!, $0.provides.joined(separator: ","), $0.opaque ? 1 : 0, $0.presentation ?? "")
                < (numbers[$1.from]!, numbers[$1.to]!, $1.provides.joined(separator: ","), $1.opaque ? 1 : 0, $1.presentation ?? "")
        }
    }

    private static func order(_ kind: Node.Kind) -> Int {
        switch kind {
        case .app: return 0
        case .preview: return 1
        case .view: return 2
        }
    }

    /// The name of the type a root belongs to: the `@main` type of the file for an app, the `PreviewProvider`
    /// of the file for `previews`; nil for `#Preview` (it has only a position).
    static func rootName(_ kind: Renderer.RootKind, in facts: FileFacts, index: ProjectIndex) -> String? {
        switch kind {
        case .app:
            return facts.types.first { $0.attributes.contains("main") }?.name
        case .previewProvider:
            return facts.types.first { $0.inherited.contains("PreviewProvider") }?.name
        case .preview:
            return nil
        }
    }

    // MARK: Rendering

    /// Graphviz: roots as double octagons, views as boxes; a view that some root shows without an object it
    /// reads in red, with the objects and roots named; edges labeled with how they show their view and what
    /// they provide, bold when presented or pushed, dashed when they cannot be judged. Node ids are quoted
    /// numbers and every label a quoted string (`dotString`): no text from the project becomes DOT syntax, an
    /// attribute or an HTML-like label, and FlowLint emits no attribute that links anywhere (URL, href).
    func dot() -> String {
        var out = ["digraph flowlint {", "    rankdir=LR;", "    node [shape=box, fontname=\"Helvetica\"];",
                   "    edge [fontname=\"Helvetica\", fontsize=10];"]
        let numbers = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
        for (i, node) in nodes.enumerated() {
            var attributes = ["label=\(Self.dotString(lines(of: node)))"]
            switch node.kind {
            case .app: attributes.append("shape=doubleoctagon")
            case .preview: attributes.append("shape=octagon")
            case .view: break
            }
            if !node.missing.isEmpty { attributes += ["color=red", "fontcolor=red", "penwidth=2"] }
            out.append("    \"n\(i)\" [\(attributes.joined(separator: ", "))];")
        }
        for edge in edges {
            guard let from = numbers[edge.from], let to = numbers[edge.to] else { continue }
            var attributes: [String] = []
            if let text = edge.label { attributes.append("label=\(Self.dotString([text]))") }
            if edge.opaque { attributes.append("style=dashed") } else if edge.presentation != nil { attributes.append("style=bold") }
            out.append("    \"n\(from)\" -> \"n\(to)\"" + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]") + ";")
        }
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// Mermaid (renders in GitHub Markdown): the same picture, missing objects in a red class. Node ids are
    /// FlowLint's numbers; every label is quoted, with what Mermaid reads as syntax as entity codes
    /// (`mermaidString`), so no text from the project starts a statement, closes a label or becomes HTML.
    func mermaid() -> String {
        var out = ["flowchart LR"]
        let numbers = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
        for (i, node) in nodes.enumerated() {
            let text = Self.mermaidString(lines(of: node))
            switch node.kind {
            case .app: out.append("    n\(i){{\(text)}}")
            case .preview: out.append("    n\(i)([\(text)])")
            case .view: out.append("    n\(i)[\(text)]")
            }
        }
        for edge in edges {
            guard let from = numbers[edge.from], let to = numbers[edge.to] else { continue }
            let arrow = edge.opaque ? "-.->" : edge.presentation != nil ? "==>" : "-->"
            let label = edge.label.map { "|\(Self.mermaidString([$0]))|" } ?? ""
            out.append("    n\(from) \(arrow)\(label) n\(to)")
        }
        let missing = nodes.indices.filter { !nodes[$0].missing.isEmpty }
        if !missing.isEmpty {
            out.append("    classDef missing stroke:#d00,stroke-width:2px,color:#d00")
            out.append("    class \(missing.map { "n\($0)" }.joined(separator: ",")) missing")
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func lines(of node: Node) -> [String] {
        var lines = [node.label]
        if !node.location.isEmpty { lines.append(node.location) }
        if !node.reads.isEmpty { lines.append("reads " + node.reads.joined(separator: ", ")) }
        for (type, roots) in node.missing.sorted(by: { $0.key < $1.key }) {
            lines.append("MISSING \(type) from \(roots.joined(separator: ", "))")
        }
        return lines
    }

    /// A DOT quoted string of `lines`, one per line (`\n`). Escaped one Unicode scalar at a time, so a `"`
    /// followed by a combining mark (one `Character`) is escaped too: `"` as `\"`; a backslash doubled, so
    /// text never makes one of Graphviz's escapes (`\N`, `\G`, `\l`, `\n`); the characters of
    /// `Escaping.isUnsafeInText` (line breaks, ESC, BEL, bidirectional overrides) shown as `\n`, `\u{1B}`,
    /// as in every report. Always quoted: never an HTML-like `<...>` label.
    static func dotString(_ lines: [String]) -> String {
        var out = "\""
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "\\n" }
            for scalar in Escaping.text(line).unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A quoted Mermaid label of `lines`, joined by `<br/>`. Escaped one Unicode scalar at a time: the
    /// characters of `Escaping.isUnsafeInText` shown as `\n`, `\u{1B}` (so a newline in a file name cannot
    /// start a statement), then as an entity code (`#34;` for `"`) every character that could end the quoted
    /// label or mean something inside or after it: `"`, `#` (entity codes), `&`, `<`, `>` (HTML), backtick
    /// (Markdown strings), `|` (edge labels), `;` (statements), `%` (comments).
    static func mermaidString(_ lines: [String]) -> String {
        var out = "\""
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "<br/>" }
            for scalar in Escaping.text(line).unicodeScalars {
                switch scalar {
                case "\"", "#", "&", "<", ">", "`", "|", ";", "%":
                    out += "#\(scalar.value);"
                default: out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// The text formats `flowlint graph` writes.
public enum ViewGraphFormat: String, CaseIterable, Sendable {
    case dot, mermaid
}

extension LiveProject {
    /// The project's view tree (`flowlint graph`) in `format`; with `root`, only what the roots or views of that
    /// name show. Nil when `root` names no root or view.
    public func viewGraph(_ format: ViewGraphFormat, root: String? = nil) -> String? {
        let graph = ViewGraph(index: projectIndex, root: root)
        if root != nil && graph.nodes.isEmpty { return nil }
        switch format {
        case .dot: return graph.dot()
        case .mermaid: return graph.mermaid()
        }
    }
}

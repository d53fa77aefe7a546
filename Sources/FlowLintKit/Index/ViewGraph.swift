/// The project's view tree as the index sees it, for `flowlint graph`: roots (`@main` apps, previews), the
/// scenes and views they and their descendants show (sheets and navigation destinations marked), the environment
/// objects provided on each edge and read by each view, and, per reader, the objects some root shows it without.
///
/// Drawn from the walk `missing_environment_object` makes (`EnvironmentGraph.picture()`), so the picture agrees
/// with the findings: a node per declaration of a view or scene (two views named `RootView` in `Home` and
/// `Settings` are two nodes, `Home.RootView` and `Settings.RootView`), an edge per construction as the build that
/// compiles it resolves it (a construction no build compiles is not drawn), and the roots' constructions include
/// those in the members an App uses (`var mainWindow: some Scene`).
///
/// Output is deterministic: nodes sorted by kind, name and file, edges by their ends and label.
struct ViewGraph {
    struct Node: Equatable {
        enum Kind: String { case app, preview, scene, view }
        var id: String
        var kind: Kind
        /// The type's name, qualified when nested (`Settings.RootView`), with its module first when another node
        /// has the same name (`NotesKit.ContentView`); `#Preview` for a `#Preview`.
        var label: String
        /// For a `#Preview`, which one: its file's name and line.
        var detail: String?
        /// Where it is declared (the tooltip): a view's file; a root's file and the line of its first construction.
        var location: String
        /// The names `--root` finds it by: its type's simple and qualified names (none for a `#Preview`).
        var names: Set<String>
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

    /// The graph of the whole project, or, with `root`, of what the roots or views of that name show, with only
    /// what those roots miss (for a view: what the roots miss through it) in red.
    init(index: ProjectIndex, root: String? = nil) {
        var graph = EnvironmentGraph(index: index)
        let picture = graph.picture()
        var nodesByID: [String: Node] = [:]

        func id(_ declaration: EnvironmentGraph.DeclarationKey) -> String { "d\(declaration.file).\(declaration.type)" }
        func id(_ root: ProjectIndex.RendererRef) -> String { "r\(root.file).\(root.renderer)" }

        // Every declaration of a view or scene.
        var fileOfDeclaration: [String: Int] = [:]
        var qualifiedNames: [String: String] = [:]
        for declarations in graph.candidates.values {
            for d in declarations {
                let type = index.type(d)
                var reads: Set<String> = []
                // The readers the rules judge (an object declared and never used is not read).
                for property in graph.readers(of: d) {
                    if let type = property.environmentObjectType { reads.insert(type) }
                }
                let key = EnvironmentGraph.DeclarationKey(file: d.file, type: d.type)
                nodesByID[id(key)] = Node(id: id(key), kind: index.isScene(type.name) ? .scene : .view, label: type.qualifiedOrSimpleName,
                                          location: index.files[d.file].path, names: [type.name, type.qualifiedOrSimpleName],
                                          reads: reads.sorted(), missing: [:])
                fileOfDeclaration[id(key)] = d.file
                qualifiedNames[id(key)] = type.qualifiedOrSimpleName
            }
        }
        Self.addModules(to: &nodesByID, files: fileOfDeclaration, index: index)

        // Every root.
        for ref in index.roots {
            let renderer = index.renderer(ref)
            guard case .root(let kind) = renderer.kind else { continue }
            let facts = index.files[Int(ref.file)]
            let line = renderer.edges.first?.span.start.line ?? 0
            var node = Node(id: id(ref), kind: kind == .app ? .app : .preview, label: "#Preview", location: "\(facts.path):\(line)",
                            names: [], reads: [], missing: [:])
            if renderer.rootType >= 0 {
                node.label = facts.types[Int(renderer.rootType)].name
                node.names = [node.label]
            } else {
                // A `#Preview` has no name: its file and line say which one it is.
                node.detail = "\(Self.fileName(facts.path)):\(line)"
            }
            nodesByID[node.id] = node
        }

        // Each construction once per build that compiles it, for following what a root shows build by build.
        var drawnEdges: [(edge: Edge, build: Int32)] = []
        for drawn in picture.edges {
            let from: String
            switch drawn.from {
            case .root(let ref): from = id(ref)
            case .declaration(let key): from = id(key)
            }
            drawnEdges.append((Edge(from: from, to: id(drawn.to), provides: drawn.provides, opaque: drawn.opaque,
                                    presentation: drawn.presentation?.rawValue), drawn.build))
        }

        // The nodes `root` names, and the qualified names of the views among them (as a finding's chain names them).
        let named = root.map { name in Set(nodesByID.values.filter { $0.names.contains(name) }.map(\.id)) }
        let namedViews = Set((named ?? []).compactMap { qualifiedNames[$0] })

        // Missing objects at their reader: the findings of both environment rules (with `root`, those of the roots
        // it names, or whose chain passes through a view it names).
        for finding in picture.findings {
            guard let rootNode = nodesByID[id(finding.root)] else { continue }
            let rootLabel = rootNode.detail.map { "\(rootNode.label) at \($0)" } ?? rootNode.label
            for entry in finding.missing {
                if let named, !named.contains(rootNode.id),
                   !EnvironmentGraph.chainNames(start: entry.chainStart.view, steps: entry.steps).contains(where: namedViews.contains) {
                    continue
                }
                guard let reader = entry.steps.last?.reader.map(id), nodesByID[reader] != nil else { continue }
                var roots = nodesByID[reader]!.missing[entry.type] ?? []
                if !roots.contains(rootLabel) { roots.append(rootLabel) }
                nodesByID[reader]!.missing[entry.type] = roots.sorted()
            }
        }

        var kept = Set(nodesByID.keys)
        var edgeSet = Set(drawnEdges.map(\.edge))
        if let named {
            // What the named roots or views show, transitively, build by build: a view shared by a phone and a Mac
            // app shows, under the phone app, only what the phone's build compiles.
            struct ViewInBuild: Hashable {
                var node: String, build: Int32
            }
            var edgesFrom: [String: [(edge: Edge, build: Int32)]] = [:]
            for drawn in drawnEdges { edgesFrom[drawn.edge.from, default: []].append(drawn) }
            var reached = named
            var followed: Set<ViewInBuild> = []
            var frontier: [(node: String, build: Int32?)] = named.map { ($0, nil) }
            edgeSet = []
            while let next = frontier.popLast() {
                for drawn in edgesFrom[next.node] ?? [] where next.build.map({ $0 == drawn.build }) ?? true {
                    edgeSet.insert(drawn.edge)
                    reached.insert(drawn.edge.to)
                    if followed.insert(ViewInBuild(node: drawn.edge.to, build: drawn.build)).inserted {
                        frontier.append((drawn.edge.to, drawn.build))
                    }
                }
            }
            kept = reached
        }
        nodes = nodesByID.values.filter { kept.contains($0.id) }.sorted {
            (Self.order($0.kind), $0.label, $0.detail ?? "", $0.location, $0.id) < (Self.order($1.kind), $1.label, $1.detail ?? "", $1.location, $1.id)
        }
        // Edges in the order of their ends' nodes.
        let numbers = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
        edges = edgeSet.filter { kept.contains($0.from) && kept.contains($0.to) }.sorted {
            (numbers[$0.from]!, numbers[$0.to]!, $0.provides.joined(separator: ","), $0.opaque ? 1 : 0, $0.presentation ?? "")
                < (numbers[$1.from]!, numbers[$1.to]!, $1.provides.joined(separator: ","), $1.opaque ? 1 : 0, $1.presentation ?? "")
        }
    }

    /// Views and scenes that share a name in different modules (an app's `ContentView` and its package's) are
    /// labelled with their module (`NotesKit.ContentView`), when the project model says which it is.
    private static func addModules(to nodes: inout [String: Node], files: [String: Int], index: ProjectIndex) {
        var byLabel: [String: [String]] = [:]
        for (id, node) in nodes { byLabel[node.label, default: []].append(id) }
        for ids in byLabel.values where ids.count > 1 {
            let modules = ids.map { id -> String? in
                guard let modules = index.layout.modules(ofFile: files[id]!), modules.count == 1 else { return nil }
                return modules.first
            }
            guard Set(modules).count > 1 else { continue }
            for (id, module) in zip(ids, modules) {
                guard let module else { continue }
                nodes[id]!.label = "\(module).\(nodes[id]!.label)"
                nodes[id]!.names.insert(nodes[id]!.label)
            }
        }
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private static func order(_ kind: Node.Kind) -> Int {
        switch kind {
        case .app: return 0
        case .preview: return 1
        case .scene: return 2
        case .view: return 3
        }
    }

    // MARK: Rendering

    /// Graphviz, top to bottom: roots as double octagons (apps) and octagons (previews), scenes as rounded boxes,
    /// views as boxes, each labelled with its name, what it reads and, in red, what some root shows it without;
    /// its file in a tooltip. Edges are labelled with how they show their view and what they provide, bold when
    /// presented or pushed, dashed when they cannot be judged. Node ids are quoted numbers and every label and
    /// tooltip a quoted string (`dotString`): no text from the project becomes DOT syntax, an attribute or an
    /// HTML-like label, and FlowLint emits no attribute that links anywhere (URL, href).
    func dot() -> String {
        var out = ["digraph flowlint {", "    rankdir=TB;", "    pack=true;", "    node [shape=box, fontname=\"Helvetica\"];",
                   "    edge [fontname=\"Helvetica\", fontsize=10];"]
        let numbers = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
        for (i, node) in nodes.enumerated() {
            var attributes = ["label=\(Self.dotString(lines(of: node)))", "tooltip=\(Self.dotString([node.location]))"]
            switch node.kind {
            case .app: attributes.append("shape=doubleoctagon")
            case .preview: attributes.append("shape=octagon")
            case .scene: attributes.append("style=rounded")
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

    /// Mermaid (renders in GitHub Markdown), top to bottom: the same picture, scenes rounded, missing objects in
    /// a red class. Files are left out: a Mermaid flowchart shows a tooltip only on a `click` directive with a
    /// link or a script callback, which GitHub does not run. Node ids are FlowLint's numbers; every label is
    /// quoted, with what Mermaid reads as syntax as entity codes (`mermaidString`), so no text from the project
    /// starts a statement, closes a label or becomes HTML.
    func mermaid() -> String {
        var out = ["flowchart TB"]
        let numbers = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
        for (i, node) in nodes.enumerated() {
            let text = Self.mermaidString(lines(of: node))
            switch node.kind {
            case .app: out.append("    n\(i){{\(text)}}")
            case .preview: out.append("    n\(i)([\(text)])")
            case .scene: out.append("    n\(i)(\(text))")
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

    /// A node's label: its name (and which `#Preview`), what it reads, what it misses from which roots.
    private func lines(of node: Node) -> [String] {
        var lines = [node.label]
        if let detail = node.detail { lines.append(detail) }
        if !node.reads.isEmpty { lines += Self.wrapped("reads", node.reads) }
        for (type, roots) in node.missing.sorted(by: { $0.key < $1.key }) {
            lines += Self.wrapped("MISSING \(type) from", roots)
        }
        return lines
    }

    /// `reads A, B, C` as lines of about `width` characters, broken after a comma (a long item alone on its
    /// line): a node of a picture laid out top to bottom is as wide as its longest line.
    static func wrapped(_ head: String, _ items: [String], width: Int = 40) -> [String] {
        var lines = [head]
        for (i, item) in items.enumerated() {
            let piece = item + (i < items.count - 1 ? "," : "")
            if lines[lines.count - 1].count + 1 + piece.count > width && lines[lines.count - 1] != head {
                lines.append(piece)
            } else {
                lines[lines.count - 1] += " " + piece
            }
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

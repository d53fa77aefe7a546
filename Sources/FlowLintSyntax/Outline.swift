/// A declaration as the differential oracle compares it with swift-syntax: kind, name, attribute names and
/// the line of its first token (first attribute or modifier included).
public struct OutlineEntry: Equatable, Sendable, CustomStringConvertible {
    public var kind: String
    public var name: String
    public var attributes: [String]
    public var line: Int

    public init(kind: String, name: String, attributes: [String], line: Int) {
        self.kind = kind
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    public var description: String {
        "\(line): \(kind) \(name)" + (attributes.isEmpty ? "" : " @" + attributes.joined(separator: " @"))
    }
}

extension SyntaxTree {
    /// Declarations at file level, in type and extension bodies and in every `#if` clause; not inside
    /// function, accessor or closure bodies. Iterative, in source order.
    public func outline() -> [OutlineEntry] {
        let lines = LineTable(file.bytes)
        var out: [OutlineEntry] = []
        func attributes(_ d: NodeID) -> [String] {
            // Attributes in `#if` clauses before the declaration count too, in source order.
            var out: [String] = []
            for c in children(d) {
                if nodes[c].kind == .attribute { out.append(name(c) ?? "") }
                if nodes[c].kind == .ifConfigDecl {
                    for clause in children(c) { out += children(clause).filter { nodes[$0].kind == .attribute }.map { name($0) ?? "" } }
                }
            }
            return out
        }
        func line(_ d: NodeID) -> Int { lines.position(of: byteRange(d).lowerBound).line }
        // A declaration's attributes and line, computed once for all its entries (`var a = 1, b = 2, ...` and
        // `case a, b, ...` give one entry per name: per entry, a list of N names was quadratic).
        var current: (decl: NodeID, attributes: [String], line: Int)?
        func add(_ kind: String, _ name: String, _ d: NodeID) {
            if current?.decl != d { current = (d, attributes(d), line(d)) }
            out.append(OutlineEntry(kind: kind, name: name, attributes: current!.attributes, line: current!.line))
        }
        func patternNames(_ pattern: NodeID) -> [String] {
            var names: [String] = []
            var pending = [pattern]
            while let p = pending.popLast() {
                switch nodes[p].kind {
                case .identifierPattern: names.append(name(p) ?? "")
                case .valueBindingPattern, .tuplePattern:
                    let first = pending.count
                    pending += children(p)
                    pending[first...].reverse()
                default: break
                }
            }
            return names
        }
        // Declarations still to visit, the next one last.
        var pending: [NodeID] = []
        func visitItems(_ parent: NodeID) {
            let first = pending.count
            pending += children(parent)
            pending[first...].reverse()
        }
        func visitDecl(_ d: NodeID) {
            let node = nodes[d]
            switch node.kind {
            case .importDecl:
                // The whole import path: `Foundation`, `Darwin.C`.
                var path: [String] = []
                var i = Int(node.firstToken)
                while i < Int(node.endToken) && !(tokens[i].kind == .keyword && tokens[i].keyword == .import) { i += 1 }
                i += 1
                if i < Int(node.endToken), tokens[i].kind == .keyword, tokens[i].keyword != .none { i += 1 } // import struct
                while i < Int(node.endToken) {
                    if tokens[i].kind != .period { path.append(identifierText(tokens[i])) }
                    i += 1
                }
                add("import", path.joined(separator: "."), d)
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl:
                let kind = ["structDecl": "struct", "classDecl": "class", "enumDecl": "enum", "actorDecl": "actor", "protocolDecl": "protocol"]["\(node.kind)"]!
                add(kind, name(d) ?? "", d)
                if let body = child(d, .memberBlock) { visitItems(body) }
            case .extensionDecl:
                // The extended type as written, without trivia.
                let type = children(d).first { ![.attribute, .modifier, .ifConfigDecl].contains(nodes[$0].kind) }
                add("extension", type.map(compactText) ?? "", d)
                if let body = child(d, .memberBlock) { visitItems(body) }
            case .funcDecl:
                // `func ~=<T>`: the lexer glued the generic clause's `<` to the operator name.
                var n = name(d) ?? ""
                if n.count > 1, n.hasSuffix("<"), child(d, .genericParameterClause) != nil { n.removeLast() }
                add("func", n, d)
            case .initDecl: add("init", "init", d)
            case .deinitDecl: add("deinit", "deinit", d)
            case .subscriptDecl: add("subscript", "subscript", d)
            case .variableDecl:
                let keyword = name(d) ?? "var"
                for b in children(d) where nodes[b].kind == .patternBinding {
                    for n in firstChild(b).map(patternNames) ?? [] { add(keyword, n, d) }
                }
            case .typealiasDecl: add("typealias", name(d) ?? "", d)
            case .associatedtypeDecl: add("associatedtype", name(d) ?? "", d)
            case .enumCaseDecl:
                for e in children(d) where nodes[e].kind == .enumCaseElement { add("case", name(e) ?? "", d) }
            case .operatorDecl: add("operator", name(d) ?? "", d)
            case .precedenceGroupDecl: add("precedencegroup", name(d) ?? "", d)
            case .macroDecl: add("macro", name(d) ?? "", d)
            case .macroExpansionDecl: add("#macro", name(d) ?? "", d)
            case .ifConfigDecl:
                // Every clause's declarations, in order: queued as one run, the first on top.
                let first = pending.count
                for clause in children(d) { pending += children(clause) }
                pending[first...].reverse()
            default:
                break
            }
        }
        visitItems(SyntaxTree.root)
        while let d = pending.popLast() { visitDecl(d) }
        return out
    }
}

import FlowLintSyntax

/// The value of an expression of a `Package.swift`, as far as it is written literally: strings, arrays, calls
/// (`.target(name: "App")`, `Package(...)`, `.define("X")`), members (`.v17`, `MainActor.self`). A manifest is
/// Swift, so anything else (a function call of the manifest's own, a `map`, string interpolation) is `unknown`,
/// and the loader says so instead of guessing.
indirect enum ManifestValue {
    case string(String)
    case array([ManifestValue])
    /// `callee` is the called name's last component: `target` for `.target(...)` and `Target.target(...)`.
    case call(callee: String, arguments: [(label: String?, value: ManifestValue)])
    /// `.v17` is `v17`; `MainActor.self` is `MainActor.self`.
    case member(String)
    case unknown

    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var array: [ManifestValue]? { if case .array(let a) = self { return a } else { return nil } }

    /// The argument with this label (nil label: the first unlabeled one).
    func argument(_ label: String?) -> ManifestValue? {
        guard case .call(_, let arguments) = self else { return nil }
        return arguments.first { $0.label == label }?.value
    }

    var callee: String? { if case .call(let callee, _) = self { return callee } else { return nil } }

    /// Whether the value holds no `unknown` anywhere.
    var isLiteral: Bool {
        var stack = [self]
        while let value = stack.popLast() {
            switch value {
            case .unknown: return false
            case .array(let items): stack += items
            case .call(_, let arguments): stack += arguments.map(\.value)
            case .string, .member: break
            }
        }
        return true
    }
}

/// Evaluates the literal parts of a manifest's expressions. Names bound by top-level `let`s (`let settings:
/// [SwiftSetting] = [...]`) are followed, up to a bounded depth, so a cycle or a long chain of names cannot
/// loop or recurse without end.
struct ManifestEvaluator {
    let tree: SyntaxTree
    /// Top-level `let` / `var` names and their initializer expressions.
    private var bindings: [String: Int] = [:]
    /// How many names one evaluation may follow, and how deep expressions may nest (manifests are shallow).
    static let nameBudget = 64
    static let maximumDepth = 64

    init(tree: SyntaxTree) {
        self.tree = tree
        var items = Array(tree.children(SyntaxTree.root))
        var index = 0
        while index < items.count {
            let item = items[index]
            index += 1
            switch tree.kind(item) {
            case .variableDecl:
                for binding in tree.children(item) where tree.kind(binding) == .patternBinding {
                    guard let pattern = tree.firstChild(binding), tree.kind(pattern) == .identifierPattern,
                          let name = tree.name(pattern), bindings[name] == nil,
                          let initializer = tree.child(binding, .initializerClause), let value = tree.firstChild(initializer)
                    else { continue }
                    bindings[name] = value
                }
            case .ifConfigDecl:
                // The first clause of a top-level `#if` (a manifest's `#if os(Linux)` alternatives): its names.
                if let clause = tree.child(item, .ifConfigClause) {
                    items += tree.children(clause).filter { tree.kind($0) != .ifConfigClause }
                }
            default:
                break
            }
        }
    }

    /// The expression a top-level name is bound to.
    func binding(_ name: String) -> Int? { bindings[name] }

    func evaluate(_ node: Int) -> ManifestValue {
        var names = Self.nameBudget
        return evaluate(node, depth: 0, names: &names)
    }

    private func evaluate(_ node: Int, depth: Int, names: inout Int) -> ManifestValue {
        guard depth < Self.maximumDepth else { return .unknown }
        switch tree.kind(node) {
        case .stringLiteral:
            return Self.plainString(tree.text(node)).map(ManifestValue.string) ?? .unknown
        case .arrayExpr:
            return .array(tree.children(node).map { evaluate($0, depth: depth + 1, names: &names) })
        case .tupleExpr:
            // `(x)`: one element without a label.
            let elements = Array(tree.children(node))
            guard elements.count == 1, tree.nodes[elements[0]].name < 0, let value = tree.firstChild(elements[0]) else { return .unknown }
            return evaluate(value, depth: depth + 1, names: &names)
        case .callExpr:
            guard let callee = tree.firstChild(node), let name = calleeName(callee) else { return .unknown }
            var arguments: [(label: String?, value: ManifestValue)] = []
            for child in tree.children(node) where tree.kind(child) == .argument {
                let value = tree.firstChild(child).map { evaluate($0, depth: depth + 1, names: &names) } ?? .unknown
                arguments.append((tree.name(child), value))
            }
            if tree.child(node, .trailingClosure) != nil { arguments.append((nil, .unknown)) }
            return .call(callee: name, arguments: arguments)
        case .memberAccessExpr:
            guard let member = tree.name(node) else { return .unknown }
            guard let base = tree.firstChild(node) else { return .member(member) }
            if tree.kind(base) == .identifierExpr, let baseName = tree.name(base) { return .member("\(baseName).\(member)") }
            return .unknown
        case .identifierExpr:
            guard let name = tree.name(node), let bound = bindings[name], names > 0 else { return .unknown }
            names -= 1
            return evaluate(bound, depth: depth + 1, names: &names)
        case .binaryExpr where tree.name(node) == "+":
            let operands = Array(tree.children(node))
            guard operands.count == 2 else { return .unknown }
            let lhs = evaluate(operands[0], depth: depth + 1, names: &names)
            let rhs = evaluate(operands[1], depth: depth + 1, names: &names)
            switch (lhs, rhs) {
            case (.array(let a), .array(let b)): return .array(a + b)
            case (.string(let a), .string(let b)): return .string(a + b)
            default: return .unknown
            }
        default:
            return .unknown
        }
    }

    /// `target` for `.target`, `Target.target`, `PackageDescription.Target.target`; `Package` for `Package`;
    /// `init` for `.init` (a `let package: Package = .init(...)`).
    private func calleeName(_ callee: Int) -> String? {
        switch tree.kind(callee) {
        case .identifierExpr, .memberAccessExpr: return tree.name(callee)
        default: return nil
        }
    }

    /// The text of a string literal without escapes or interpolation (`"Sources/App"`, `#"x"#`); nil otherwise.
    static func plainString(_ literal: String) -> String? {
        var text = Substring(literal)
        while text.hasPrefix("#") && text.hasSuffix("#") && text.count >= 2 { text = text.dropFirst().dropLast() }
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.hasPrefix("\"\"\"") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("\\"), !inner.contains("\n") else { return nil }
        return String(inner)
    }
}

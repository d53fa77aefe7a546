import FlowLintSyntax

// Changes of stored values, as `state_mutation_in_body` and `published_from_background` judge them: an
// assignment (`=`, a compound assignment) whose left side is a property or a part of it, or a call of a
// mutating method on one. A part of a property changes the property only when the property holds a value
// type, so each property's type is classified as far as the file can tell (`ValueKind`) and, for types named
// in the sources, decided by the project (`ChangeFacts`).

/// Whether a property's type is a value type, as far as its declaration tells.
enum ValueKind: Codable, Sendable, Hashable {
    /// A standard-library, Foundation, CoreGraphics or SwiftUI value type, a collection, tuple or literal.
    case value
    /// A type named in the declaration: a value type when the sources declare it only as structs or enums.
    case named(String)
    case unknown
}

/// The expression a change changes, taken apart: `self.model.items[0].title` is the root `self`, the members
/// `model`, `items`, and a subscript after them.
struct ChangedPath {
    /// The `identifierExpr` the path starts at (`self`, `count`, `strongSelf`).
    var root: Int
    var rootName: String
    /// Member names after the root, up to the first subscript.
    var members: [String]
    /// A subscript follows the members: the change is to a part of the last member.
    var hasSubscript: Bool
}

/// What the project checks need to know of every file to judge changes: the `@Published` properties of its
/// classes.
struct ChangeRecord: Codable, Sendable {
    struct Published: Codable, Sendable {
        var owner: String
        var name: String
        var value: ValueKind
        var isMainActor: Bool
    }
    var published: [Published] = []
}

extension FileContext {
    static let assignmentOperators: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*=",
    ]

    /// Mutating methods of the standard library's and SwiftUI's value types, matched by name.
    static let standardMutatingMethods: Set<String> = [
        "toggle", "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
        "removeValue", "updateValue", "popLast", "sort", "reverse", "shuffle", "swapAt", "replaceSubrange", "merge",
        "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "negate", "move",
    ]

    /// Value types named in declarations, by their last component.
    static let knownValueTypes: Set<String> = [
        "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "CGFloat", "String", "Character", "Substring", "Date", "URL", "UUID", "Data", "Decimal", "IndexSet",
        "CGPoint", "CGSize", "CGRect", "NavigationPath", "Array", "Dictionary", "Set", "Optional",
    ]

    /// The left side of an assignment, when `binary` is one.
    func assignmentTarget(_ binary: Int) -> Int? {
        guard kind(binary) == .binaryExpr, let op = tree.nameToken(binary),
              Self.assignmentOperators.contains(tree.file.text(op.range)) else { return nil }
        return tree.firstChild(binary)
    }

    /// `receiver.method(...)`: the receiver and the method's name, for any method call with an explicit receiver.
    func methodCall(_ call: Int) -> (receiver: Int, method: String)? {
        guard kind(call) == .callExpr, let callee = tree.firstChild(call), kind(callee) == .memberAccessExpr,
              let receiver = tree.firstChild(callee), let method = name(callee) else { return nil }
        return (receiver, method)
    }

    /// Takes a changed expression apart; nil unless it is a chain of members, subscripts, `?` and `!` from a name.
    func changedPath(_ target: Int) -> ChangedPath? {
        var steps: [String?] = []  // member names; nil for a subscript; outermost first
        var e = target
        while true {
            switch kind(e) {
            case .memberAccessExpr:
                guard let base = tree.firstChild(e), let member = name(e) else { return nil }
                steps.append(member)
                e = base
            case .subscriptExpr:
                guard let base = tree.firstChild(e) else { return nil }
                steps.append(nil)
                e = base
            case .optionalChainingExpr, .forceUnwrapExpr:
                guard let inner = tree.firstChild(e) else { return nil }
                e = inner
            case .tupleExpr:
                guard let inner = parenthesizedValue(e) else { return nil }
                e = inner
            case .identifierExpr:
                guard let rootName = name(e) else { return nil }
                var members: [String] = []
                var hasSubscript = false
                for step in steps.reversed() {
                    guard let member = step else { hasSubscript = true; break }
                    members.append(member)
                }
                return ChangedPath(root: e, rootName: rootName, members: members, hasSubscript: hasSubscript)
            default:
                return nil
            }
        }
    }

    /// What a property binding's declaration tells of its type: its annotation, else its initial value.
    func valueKind(ofBinding binding: Int) -> ValueKind {
        if let annotation = tree.child(binding, .typeAnnotation).flatMap({ tree.firstChild($0) }) {
            return valueKind(ofType: annotation)
        }
        guard let value = tree.child(binding, .initializerClause).flatMap({ tree.firstChild($0) }) else { return .unknown }
        let e = unwrapped(value)
        switch kind(e) {
        case .booleanLiteral, .integerLiteral, .floatLiteral, .stringLiteral, .arrayExpr, .dictionaryExpr:
            return .value
        case .prefixOperatorExpr:
            // `-1`, `-0.5`
            guard let operand = tree.firstChild(e), [.integerLiteral, .floatLiteral].contains(kind(operand)) else { return .unknown }
            return .value
        case .callExpr:
            // `[String]()`, `[Int: String]()`
            if let callee = tree.firstChild(e), kind(callee) == .typeExpr, let t = tree.firstChild(callee),
               [.arrayType, .dictionaryType].contains(kind(t)) { return .value }
            let construction = construction(e)
            guard construction.isConstruction, let type = construction.type else { return .unknown }
            return Self.knownValueTypes.contains(type) ? .value : .named(type)
        default:
            return .unknown
        }
    }

    func valueKind(ofType t: Int) -> ValueKind {
        switch kind(t) {
        case .optionalType, .implicitlyUnwrappedOptionalType:
            return tree.firstChild(t).map { valueKind(ofType: $0) } ?? .unknown
        case .arrayType, .dictionaryType, .tupleType:
            return .value
        case .identifierType, .memberType:
            guard let n = name(t) else { return .unknown }
            return Self.knownValueTypes.contains(n) ? .value : .named(n)
        default:
            return .unknown
        }
    }

    private static let publishedWord = TokenWords(["Published"])
    private static let mainActorWord = TokenWords(["MainActor"])

    /// The file's `@Published` properties; nil when it has none.
    func changeRecord() -> ChangeRecord? {
        var record = ChangeRecord()
        for attribute in nodes(.attribute) where nameIs(Int(attribute), Self.publishedWord) {
            guard let decl = parent(Int(attribute)), kind(decl) == .variableDecl, let type = enclosingType(decl),
                  kind(type) == .classDecl else { continue }
            let isMainActor = attributes(decl).contains { nameIs($0, Self.mainActorWord) }
            for b in children(decl) where kind(b) == .patternBinding {
                guard let p = tree.firstChild(b), kind(p) == .identifierPattern, let n = name(p) else { continue }
                record.published.append(ChangeRecord.Published(owner: typeDeclarationName(type), name: n,
                                                               value: valueKind(ofBinding: b), isMainActor: isMainActor))
            }
        }
        return record.published.isEmpty ? nil : record
    }

    /// Whether a declaration of the struct or enum `type` in this file declares `mutating func method`.
    func declaresMutatingMethod(_ method: String, of type: String) -> Bool {
        typeDeclarations.contains { decl in
            guard [.structDecl, .enumDecl, .extensionDecl].contains(kind(decl)), typeDeclarationName(decl) == type,
                  let block = tree.child(decl, .memberBlock) else { return false }
            return memberDecls(block).contains { m in
                kind(m) == .funcDecl && name(m) == method && hasModifier(m, .mutating)
            }
        }
    }
}

/// The changes-related facts of the whole project, for project checks: built from every file's `ChangeRecord`.
struct ChangeFacts {
    private var published: [String: ChangeRecord.Published] = [:]

    init<S: Sequence>(_ records: S) where S.Element == ChangeRecord {
        for record in records {
            for p in record.published { published["\(p.owner).\(p.name)"] = p }
        }
    }

    /// The `@Published` property `name` of class `owner` or of one of its superclasses declared in the sources,
    /// with the class that declares it.
    func publishedProperty(_ name: String, of owner: String, _ index: ProjectIndex) -> (ChangeRecord.Published, declaredIn: String)? {
        var current = owner
        for _ in 0..<16 {
            if let found = published["\(current).\(name)"] { return (found, current) }
            guard let superclass = Self.superclass(of: current, index) else { return nil }
            current = superclass
        }
        return nil
    }

    /// The superclass of a class declared in the sources, when the sources declare it as a class too.
    static func superclass(of name: String, _ index: ProjectIndex) -> String? {
        for ref in index.types(named: name) where index.type(ref).kind == .class {
            if let first = index.type(ref).inherited.first, index.isClass(first) { return first }
        }
        return nil
    }

    /// Whether a property of this kind holds a value type: a known one, or a type the sources declare only as
    /// structs and enums.
    static func isValueType(_ kind: ValueKind, _ index: ProjectIndex) -> Bool {
        switch kind {
        case .value: return true
        case .unknown: return false
        case .named(let name): return isDeclaredValueType(name, index)
        }
    }

    static func isDeclaredValueType(_ name: String, _ index: ProjectIndex) -> Bool {
        let declarations = index.types(named: name).map { index.type($0).kind }.filter { $0 != .extension }
        return !declarations.isEmpty && declarations.allSatisfy { $0 == .struct || $0 == .enum }
    }
}

extension FileContext {
    /// Whether the parser gave up somewhere inside `n` (an `error` node): its tree may put statements where
    /// they are not, so rules that judge where a statement runs stay silent there.
    func containsParseError(_ n: Int) -> Bool {
        let errors = nodes(.error)
        guard !errors.isEmpty else { return false }
        let end = n + Int(tree.nodes[n].size)
        // The first error at or after `n`, by binary search over the sorted ids.
        var low = errors.startIndex, high = errors.endIndex
        while low < high {
            let mid = (low + high) / 2
            if Int(errors[mid]) < n { low = mid + 1 } else { high = mid }
        }
        return low < errors.endIndex && Int(errors[low]) < end
    }

    /// The content presented from under `root` rather than shown in place: the content closures of `.sheet`,
    /// `.fullScreenCover`, `.popover` and `.navigationDestination`, and `NavigationLink` destinations
    /// (`NavigationLink(destination: Detail())`, `NavigationLink { Detail() } label: { ... }`), as node ranges in order.
    /// What they build exists only while presented.
    func presentedContents(under root: Int) -> [Range<Int>] {
        var found: [Range<Int>] = []
        for n in tree.subtree(root) where kind(n) == .callExpr {
            if let last = found.last, last.contains(n) { continue }
            guard let callee = tree.firstChild(n) else { continue }
            let holders = children(n).filter { kind($0) == .trailingClosure || kind($0) == .argument }
            switch (kind(callee), name(callee)) {
            case (.memberAccessExpr, let modifier?) where ["sheet", "fullScreenCover", "popover", "navigationDestination"].contains(modifier):
                for holder in holders where isContentClosure(holder, of: n) {
                    if let closure = tree.firstChild(holder), kind(closure) == .closureExpr { found.append(tree.subtree(closure)) }
                }
            case (.identifierExpr, "NavigationLink"?):
                let hasLabelClosure = holders.contains { kind($0) == .trailingClosure && name($0) == "label" }
                for holder in holders {
                    let label = name(holder)
                    guard label == "destination" || (label == nil && kind(holder) == .trailingClosure && hasLabelClosure),
                          let value = tree.firstChild(holder) else { continue }
                    found.append(tree.subtree(value))
                }
            default:
                continue
            }
        }
        return found.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Whether a closure argument of a call is its content: the one labelled `content:` or `destination:`, or
    /// the first trailing closure when no later one carries such a label (`.sheet(item:) { dismiss } content: { }`
    /// passes `onDismiss` first).
    func isContentClosure(_ holder: Int, of call: Int) -> Bool {
        let label = name(holder)
        if label == "content" || label == "destination" { return true }
        guard label == nil else { return false }
        return !children(call).contains { c in
            c != holder && (kind(c) == .trailingClosure || kind(c) == .argument) && (name(c) == "content" || name(c) == "destination")
        }
    }

    /// `() -> V`, `@escaping (T) -> Void`, `(() -> Void)?`: a parameter or property type that takes a closure.
    func isFunctionType(_ t: Int) -> Bool {
        var t = t
        for _ in 0..<8 {
            switch kind(t) {
            case .functionType:
                return true
            case .optionalType, .implicitlyUnwrappedOptionalType, .tupleTypeElement:
                guard let inner = tree.firstChild(t) else { return false }
                t = inner
            case .attributedType:
                guard let inner = children(t).first(where: { kind($0) != .attribute }) else { return false }
                t = inner
            case .tupleType:
                let elements = Array(children(t))
                guard elements.count == 1 else { return false }
                t = elements[0]
            default:
                return false
            }
        }
        return false
    }

    /// The type of a parameter (after its attributes, before its default value).
    func parameterType(_ parameter: Int) -> Int? {
        children(parameter).first { ![.attribute, .initializerClause].contains(kind($0)) }
    }
}

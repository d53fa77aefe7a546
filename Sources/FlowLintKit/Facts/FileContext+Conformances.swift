/// Conformances the index cannot read, so rules that ask whether a class conforms to `ObservableObject` (or not)
/// can stay silent instead of guessing.
extension FileContext {
    /// Names whose conformances the file declares in a form the index does not follow: type aliases that may
    /// stand for a protocol (`typealias ViewModel = ObservableObject & AnyObject`, a file-level
    /// `typealias Store = SettingsStore`), protocols with a `where` clause (`where Self: ObservableObject`), and
    /// types or extensions whose inheritance clause holds a composition (`ObservableObject & Identifiable`).
    /// Local declarations are left out (their bodies may be skipped); sorted, without repeats.
    var unreadableConformanceNames: [String] {
        var names: Set<String> = []
        let aliases = nodes(.typealiasDecl)
        if !aliases.isEmpty {
            // What an inheritance clause can name: `= Proto`, `= Module.Proto` at file level, `= A & B` among a
            // type's members too. A member alias for a nominal type (`typealias Element = Int`, satisfying an
            // associated type) is common and is not taken.
            for item in topLevelItems where kind(item) == .typealiasDecl {
                guard let aliased = aliasedType(item), let n = name(item) else { continue }
                switch kind(aliased) {
                case .compositionType, .identifierType, .memberType: names.insert(n)
                default: break
                }
            }
            let declarations = typeDeclarations
            for node in aliases {
                let alias = Int(node)
                guard let aliased = aliasedType(alias), kind(aliased) == .compositionType, let n = name(alias),
                      let owner = declarations.last(where: { $0 < alias && alias < $0 + Int(tree.nodes[$0].size) }),
                      let block = tree.child(owner, .memberBlock), memberDecls(block).contains(alias) else { continue }
                names.insert(n)
            }
        }
        for decl in typeDeclarations {
            let hasWhere = kind(decl) == .protocolDecl && tree.child(decl, .genericWhereClause) != nil
            let composes = tree.child(decl, .inheritanceClause).map { clause in
                children(clause).contains { kind($0) == .compositionType }
            } ?? false
            if hasWhere || composes { names.insert(typeDeclarationName(decl)) }
        }
        return names.sorted()
    }

    /// The file's type aliases at file level and among the members of its types (`FileFacts.typeAliases`), in
    /// source order.
    var typeAliasFacts: [TypeAliasFact] {
        let aliases = nodes(.typealiasDecl)
        guard !aliases.isEmpty else { return [] }
        // The aliases at file level and among the members of a type (looking through `#if`), listed once: a
        // file of many aliases looked each up in all of them.
        var listed: Set<Int> = []
        for item in topLevelItems where kind(item) == .typealiasDecl { listed.insert(item) }
        for owner in typeDeclarations {
            guard let block = tree.child(owner, .memberBlock) else { continue }
            for member in memberDecls(block) where kind(member) == .typealiasDecl { listed.insert(member) }
        }
        var facts: [TypeAliasFact] = []
        for node in aliases {
            let alias = Int(node)
            guard listed.contains(alias), let n = name(alias) else { continue }
            var target = ""
            if let aliased = aliasedType(alias), kind(aliased) == .identifierType || kind(aliased) == .memberType {
                // `Module.Store<T>`: the last component, without generic arguments.
                let text = tree.compactText(aliased)
                let unqualified = text.prefix { $0 != "<" }
                target = String(unqualified.split(separator: ".").last ?? unqualified[...])
            }
            facts.append(TypeAliasFact(name: n, target: target))
        }
        return facts
    }

    /// The type a `typealias` stands for: its first child that is not an attribute, a modifier or a generic clause.
    private func aliasedType(_ alias: Int) -> Int? {
        children(alias).first { child in
            switch kind(child) {
            case .attribute, .modifier, .genericParameterClause, .genericWhereClause: return false
            default: return true
            }
        }
    }
}

extension ProjectIndex {
    /// `observableObject(_:)`, but nil (cannot tell) when the type, a superclass declared in the project, or a
    /// name in one of their inheritance clauses is in `unreadable` (see `FileContext.unreadableConformanceNames`).
    func observableObject(_ name: String, unreadable: Set<String>) -> Bool? {
        guard let answer = observableObject(name) else { return nil }
        // A conformance found stands; only "does not conform" may rest on what the index could not read.
        if answer || unreadable.isEmpty { return answer }
        var pending = [name]
        var seen: Set<String> = []
        while let current = pending.popLast() {
            guard seen.insert(current).inserted else { continue }
            if unreadable.contains(current) || inherited(current).contains(where: unreadable.contains) { return nil }
            for ref in types(named: current) where type(ref).kind == .class {
                if let superclass = type(ref).inherited.first, isClass(superclass) { pending.append(superclass) }
            }
        }
        return false
    }
}

/// Conformances the index cannot read, so rules that ask whether a class conforms to `ObservableObject` (or not)
/// can stay silent instead of guessing.
extension FileContext {
    /// Names whose conformances the file declares in a form the index does not follow: type aliases (`typealias
    /// ViewModel = ObservableObject & AnyObject`), protocols with a `where` clause (`where Self:
    /// ObservableObject`), and types or extensions whose inheritance clause holds a composition (`ObservableObject
    /// & Identifiable`). Local declarations are left out (their bodies may be skipped); sorted, without repeats.
    var unreadableConformanceNames: [String] {
        var names: Set<String> = []
        for node in nodes(.typealiasDecl) where !isInsideBody(Int(node)) {
            if let n = name(Int(node)) { names.insert(n) }
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

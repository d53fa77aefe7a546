/// Which SwiftUI code of the project holds or reads an instance of a class, from the `ViewReads` of every file
/// (`FileFacts.viewReads`, gathered by the analysis `ProjectViewReads`).
extension ProjectIndex {
    /// The class `name` and every subclass of it the sources declare, at any depth.
    func classAndSubclasses(_ name: String) -> Set<String> {
        var classes: Set<String> = [name]
        var pending = [name]
        while let current = pending.popLast() {
            for subclass in subclasses(of: current) where classes.insert(subclass).inserted { pending.append(subclass) }
        }
        return classes
    }

    /// The entries of `reads` that are SwiftUI code (a view, a view modifier, a scene, an app, a style: the types
    /// whose stored properties SwiftUI manages, `isSwiftUIOwner`) and reach an instance of the class `name`: they
    /// name it or one of its subclasses (a property typed with it, a construction, `Model.shared`); they read an
    /// environment value whose `EnvironmentValues` property has that type (`@Environment(\.store)`); or they name a
    /// type of the project that stores one in a property (`appModel.store.items`, one level: a view reaches what its
    /// model holds).
    func viewsReaching(_ name: String, in reads: [ViewReads]) -> [ViewReads] {
        let classes = classAndSubclasses(name)
        var environmentKeys: Set<String> = []
        for ref in types(named: "EnvironmentValues") {
            for property in properties(of: ref) where !property.isStatic {
                if let type = property.type, classes.contains(type) { environmentKeys.insert(property.name) }
            }
        }
        return reads.filter { entry in
            guard isSwiftUIOwner(entry.type) else { return false }
            if entry.types.contains(where: classes.contains) || entry.members.contains(where: environmentKeys.contains) { return true }
            // A type the view names that stores the class: not the class's own kind of name (a view is no holder).
            return entry.types.contains { holder in
                !classes.contains(holder) && !isSwiftUIOwner(holder) && types(named: holder).contains { ref in
                    properties(of: ref).contains { !$0.isStatic && $0.type.map(classes.contains) == true }
                }
            }
        }
    }
}

/// The views of the project by their qualified names (`Home.RootView`, `Settings.RootView`), and how a
/// construction's name resolves to the declarations it can mean, as Swift looks names up: a type nested in the
/// enclosing types first (innermost first), then the module's own top-level types, then those of the modules it
/// imports. Two views that share a simple name in different namespaces or modules are different views.
enum ViewNames: ProjectAnalysis {
    struct Table: Sendable {
        /// Declarations (extensions left out) by qualified name, in file order.
        var byQualifiedName: [String: [ViewDeclaration]] = [:]
    }

    struct ViewDeclaration: Sendable, Hashable {
        var file: Int
        var type: Int
        /// Declared `private` or `fileprivate` (`TypeFact.isFilePrivate`).
        var isFilePrivate = false
    }

    static var requires: [any ProjectAnalysis.Type] { [ViewDeclarations.self] }

    static func inputs(of facts: FileFacts) -> [[String?]] {
        facts.types.map { [$0.name, $0.qualifiedName, $0.isFilePrivate ? "private" : nil] }
    }

    static func compute(_ index: ProjectIndex) -> Table {
        var table = Table()
        for (_, declarations) in index[ViewDeclarations.self] {
            for d in declarations {
                let type = index.type(d)
                table.byQualifiedName[type.qualifiedName ?? type.name, default: []].append(
                    ViewDeclaration(file: d.file, type: d.type, isFilePrivate: type.isFilePrivate))
            }
        }
        for key in table.byQualifiedName.keys {
            table.byQualifiedName[key]!.sort { ($0.file, $0.type) < ($1.file, $1.type) }
        }
        return table
    }
}

extension ViewNames.Table {
    /// What a construction of `name` (written with `qualifier`: `Settings` in `Settings.RootView()`) inside the
    /// type `scope` (its qualified name; nil at file level or in a root) of the file `file` means: the qualified
    /// name and its declarations, or nil when no view of the project has that name there.
    ///
    /// Each enclosing scope is tried from the innermost out (`A.B.name`, `A.name`, `name`); at the first that
    /// names views, declarations in the file's own module win over those of other modules, and other modules
    /// count only when `visible` accepts their file (the modules the build can import; everything when the
    /// project's targets are not known).
    func resolve(_ name: String, qualifier: String?, scope: String?, file: Int, layout: BuildLayout,
                 visible: (Int) -> Bool) -> (name: String, declarations: [ViewNames.ViewDeclaration])? {
        let written = qualifier.map { "\($0).\(name)" } ?? name
        var prefixes: [String] = []
        if let scope {
            var components = scope.split(separator: ".").map(String.init)
            while !components.isEmpty {
                prefixes.append(components.joined(separator: "."))
                components.removeLast()
            }
        }
        for prefix in prefixes.map({ "\($0).\(written)" }) + [written] {
            guard var all = byQualifiedName[prefix] else { continue }
            // A `private` or `fileprivate` view is seen from its own file only, where it hides the others.
            let ownPrivate = all.filter { $0.file == file && $0.isFilePrivate }
            all = ownPrivate.isEmpty ? all.filter { !$0.isFilePrivate } : ownPrivate
            if all.isEmpty { continue }
            // Declarations compiled with the file, by a target that lists both, come first: two app targets of one
            // project may have the same module name (`$(PRODUCT_NAME)` for each platform's app) and each its own view
            // of a name (Forumate's tvOS `TopicsTab` beside the shared one).
            if let own = layout.sharingATarget(with: file, all, fileOf: { $0.file }), !own.isEmpty, own.count < all.count {
                return (prefix, own)
            }
            let ownModule = layout.modules(ofFile: file)
            if let ownModule, !ownModule.isEmpty {
                let own = all.filter { layout.modules(ofFile: $0.file).map { !$0.isDisjoint(with: ownModule) } ?? false }
                if !own.isEmpty { return (prefix, own) }
            }
            let seen = all.filter { visible($0.file) }
            if !seen.isEmpty { return (prefix, seen) }
        }
        // `Module.View()`: a top-level view of that module.
        if let qualifier, !qualifier.contains("."), let all = byQualifiedName[name] {
            let inModule = all.filter { !$0.isFilePrivate && (layout.modules(ofFile: $0.file)?.contains(qualifier) ?? false) }
            if !inModule.isEmpty { return (name, inModule) }
        }
        return nil
    }
}

extension BuildLayout {
    /// The targets that compile a file (several when several list it); nil when nothing is known.
    func targets(ofFile file: Int) -> Set<Int>? {
        guard model != nil, file < buildsOfFile.count, let builds = buildsOfFile[file] else { return nil }
        return Set(builds.map { self.builds[Int($0)].target })
    }

    /// The targets whose declarations a build of `file` can see (its own and their dependencies', transitively);
    /// nil when nothing is known.
    func visibleTargets(ofFile file: Int) -> Set<Int>? {
        guard model != nil, file < buildsOfFile.count, let builds = buildsOfFile[file] else { return nil }
        return Set(builds.flatMap { self.builds[Int($0)].visibleTargets })
    }

    /// The entries of `candidates` whose file a target that compiles `file` compiles too; nil when the targets of
    /// `file` are not known.
    func sharingATarget<T>(with file: Int, _ candidates: [T], fileOf: (T) -> Int) -> [T]? {
        guard let own = targets(ofFile: file), !own.isEmpty else { return nil }
        return candidates.filter { isCompiled(fileOf($0), byOneOf: own) ?? false }
    }

    /// Whether one of `targets` compiles `file`; nil when the targets of `file` are not known.
    func isCompiled(_ file: Int, byOneOf targets: Set<Int>) -> Bool? {
        self.targets(ofFile: file).map { !$0.isDisjoint(with: targets) }
    }

    /// The modules a file is compiled into (several when several targets list it); nil when nothing is known.
    func modules(ofFile file: Int) -> Set<String>? {
        guard let model, let targets = targets(ofFile: file) else { return nil }
        return Set(targets.map { model.targets[$0].module })
    }
}

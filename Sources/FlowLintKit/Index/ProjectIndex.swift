/// The merged facts of every file of the project: what project-wide rules ask about types, conformances,
/// properties, constants and environment providers. Built once per run, after the per-file phase.
struct ProjectIndex {
    let files: [FileFacts]
    /// Declarations and extensions by type name: (file index, type index in that file).
    private(set) var typesByName: [String: [(file: Int, type: Int)]] = [:]
    /// Inherited names of each type name, over its declaration and all its extensions.
    private(set) var inheritedByName: [String: Set<String>] = [:]
    private(set) var protocolNames: Set<String> = []
    private(set) var fileConstants: Set<String> = []
    private(set) var providerHelpers: [String: [TypeReference]] = [:]

    /// Protocols declared in the sources that refine View or ViewModifier (directly or through each other),
    /// and those that refine any SwiftUI owner protocol: computed once, so asking about a type is one look at
    /// its inheritance clauses.
    private var viewProtocols: Set<String> = []
    private var ownerProtocols: Set<String> = []

    init(files: [FileFacts]) {
        self.files = files
        for (f, facts) in files.enumerated() {
            for (t, type) in facts.types.enumerated() {
                typesByName[type.name, default: []].append((f, t))
                // Most types inherit nothing: no entry, so the conformance questions skip them at once.
                if !type.inherited.isEmpty { inheritedByName[type.name, default: []].formUnion(type.inherited) }
                if type.kind == .protocol { protocolNames.insert(type.name) }
            }
            fileConstants.formUnion(facts.fileConstants)
            for helper in facts.providerHelpers { providerHelpers[helper.name, default: []] += helper.provided }
        }
        viewProtocols = refiningProtocols(of: Self.isViewProtocol)
        ownerProtocols = refiningProtocols(of: Self.isOwnerProtocol)
    }

    func type(_ ref: (file: Int, type: Int)) -> TypeFact { files[ref.file].types[ref.type] }

    /// SwiftUI's view protocols, by name.
    static func isViewProtocol(_ name: String) -> Bool { name == "View" || name == "ViewModifier" }

    /// Protocols of types whose stored properties SwiftUI manages: View, ViewModifier, App, Scene,
    /// DynamicProperty, styles.
    static func isOwnerProtocol(_ name: String) -> Bool {
        ["View", "ViewModifier", "App", "Scene", "DynamicProperty"].contains(name) || name.hasSuffix("Style")
    }

    /// The protocols declared in the sources that inherit, directly or through other such protocols, one that
    /// `base` accepts: a fixed point over the protocols only.
    private func refiningProtocols(of base: (String) -> Bool) -> Set<String> {
        var found: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for name in protocolNames where !found.contains(name) {
                if inheritedByName[name]?.contains(where: { base($0) || found.contains($0) }) == true {
                    found.insert(name)
                    changed = true
                }
            }
        }
        return found
    }

    /// Whether the type name conforms (directly, via an extension, or through protocols declared in the
    /// sources) to a protocol `base` accepts, given the protocols that refine one (`refining`).
    private func conforms(_ name: String, _ base: (String) -> Bool, _ refining: Set<String>) -> Bool {
        inheritedByName[name]?.contains { base($0) || refining.contains($0) } ?? false
    }

    /// Types whose stored properties SwiftUI manages: View, ViewModifier, App, Scene, DynamicProperty, styles.
    func isSwiftUIOwner(_ name: String) -> Bool { conforms(name, Self.isOwnerProtocol, ownerProtocols) }

    func isView(_ name: String) -> Bool { conforms(name, Self.isViewProtocol, viewProtocols) }

    func isStruct(_ name: String) -> Bool {
        typesByName[name]?.contains { type($0).kind == .struct } ?? false
    }

    /// Properties named `member` of the type named `typeName`, over its declaration and extensions.
    func properties(of typeName: String, named member: String) -> [PropertyFact] {
        (typesByName[typeName] ?? []).flatMap { type($0).properties.filter { $0.name == member } }
    }

    /// The type a reference names, or nil when it cannot be told.
    func resolve(_ reference: TypeReference) -> String? {
        switch reference {
        case .named(let name):
            return name
        case .memberChain(let base, let members):
            var current = base
            for m in members {
                let candidates = Set(properties(of: current, named: m).compactMap(\.type))
                guard candidates.count == 1 else { return nil }
                current = candidates.first!
            }
            return current
        case .staticMember(let typeName, let member):
            let statics = properties(of: typeName, named: member).filter(\.isStatic)
            let types = Set(statics.compactMap(\.type))
            return types.count == 1 ? types.first : nil
        case .unknown:
            return nil
        }
    }

    /// Whether a collection named in a `ForEach` is a constant: a `let` member or static member with an
    /// initializer, or a file-level `let` with an initializer. Unknown external members count as constants,
    /// since FlowLint cannot tell.
    func isConstant(_ reference: CollectionReference) -> Bool {
        switch reference {
        case .variable:
            return false
        case .member(let owner, let name):
            if let owner {
                let found = properties(of: owner, named: name)
                if !found.isEmpty { return found.allSatisfy { $0.isLet && $0.hasInitializer } }
            }
            return fileConstants.contains(name)
        case .staticMember(let typeName, let name):
            guard typesByName[typeName] != nil else { return true }
            let found = properties(of: typeName, named: name)
            if found.isEmpty { return true }
            return found.allSatisfy { $0.isLet && $0.hasInitializer }
        }
    }

    /// Whether a pending finding's condition holds.
    func holds(_ condition: PendingFinding.Condition) -> Bool {
        switch condition {
        case .always: return true
        case .ownerIsSwiftUIType(let owner, let structOnly):
            return isSwiftUIOwner(owner) && (!structOnly || isStruct(owner))
        case .collectionNotConstant(let reference):
            return !isConstant(reference)
        }
    }
}

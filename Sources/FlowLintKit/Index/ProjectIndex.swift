/// The merged facts of every file of the project: what project checks ask about types, conformances,
/// properties and environment providers. Built once per run, after the per-file phase.
struct ProjectIndex {
    /// Set by `init(files:)`; changed only by `replaceFile`, which keeps everything below in step.
    private(set) var files: [FileFacts]
    /// What the index knows of each type name: one entry, found with one hash, per declared name. A large
    /// project has tens of thousands of them.
    private var names: [String: NameEntry] = [:]
    private(set) var protocolNames: Set<String> = []
    private(set) var providerHelpers: [String: [TypeReference]] = [:]
    /// The environment graph's inputs (`EnvironmentGraph`), kept here so that an edit re-derives only its file's:
    /// the bodies and view-building members by their type's name, and the roots, in file order.
    private(set) var renderersByType: [String: [RendererRef]] = [:]
    private(set) var roots: [RendererRef] = []
    /// The values of the analyses computed over this index (`ProjectAnalysis`), kept until an edit changes
    /// what one reads.
    private(set) var analyses = AnalysisStore()
    /// For each rule, where its per-file outputs are, in file order: a project check visits those files only.
    private(set) var outputsByRule: [String: [OutputRef]] = [:]
    /// Set by an editor's server, which keeps the index between edits: outputs decoded once (`DecodedOutputs`).
    var decodedOutputs: DecodedOutputs?
    /// The builds each file is compiled in (`BuildLayout`), from the project model; unknown without one.
    var layout = BuildLayout.unknown

    /// A rule's output: its file's index in `files` and its index in that file's `ruleOutputs`.
    struct OutputRef: Hashable {
        var file: Int32, output: Int32
    }

    /// A renderer: its file's index in `files` and its index in that file's `renderers`.
    struct RendererRef: Hashable {
        var file: Int32, renderer: Int32
    }

    /// Protocols declared in the sources that refine View or ViewModifier (directly or through each other),
    /// and those that refine any SwiftUI owner protocol: computed once, so asking about a type is one look at
    /// its inheritance clauses.
    private var viewProtocols: Set<String> = []
    private var sceneProtocols: Set<String> = []
    private var ownerProtocols: Set<String> = []
    private var observableObjectProtocols: Set<String> = []

    /// A declaration or extension: its file's index in `files` and its index in that file's `types`.
    private struct TypeRef {
        var file: Int32, type: Int32
    }
    private struct NameEntry {
        /// Its declarations and extensions, in file order: most names have exactly one, kept inline.
        var first: TypeRef
        var rest: [TypeRef] = []
        /// Inherited names over the declaration and all extensions (repeats allowed). A single declaration's
        /// array is shared with its facts, not copied.
        var inherited: [String]
    }

    init(files: [FileFacts]) {
        self.files = files
        names.reserveCapacity(files.reduce(0) { $0 + $1.types.count })
        for (f, facts) in files.enumerated() {
            for (t, type) in facts.types.enumerated() {
                let ref = TypeRef(file: Int32(f), type: Int32(t))
                if let index = names.index(forKey: type.name) {
                    names.values[index].rest.append(ref)
                    if !type.inherited.isEmpty { names.values[index].inherited += type.inherited }
                } else {
                    names[type.name] = NameEntry(first: ref, inherited: type.inherited)
                }
                if type.kind == .protocol { protocolNames.insert(type.name) }
            }
            for helper in facts.providerHelpers { providerHelpers[helper.name, default: []] += helper.provided }
            for (o, output) in facts.ruleOutputs.enumerated() {
                outputsByRule[output.rule, default: []].append(OutputRef(file: Int32(f), output: Int32(o)))
            }
            for (r, renderer) in facts.renderers.enumerated() {
                let ref = RendererRef(file: Int32(f), renderer: Int32(r))
                if let type = renderer.ownerType { renderersByType[type, default: []].append(ref) } else { roots.append(ref) }
            }
        }
        viewProtocols = refiningProtocols(of: Self.isViewProtocol)
        sceneProtocols = refiningProtocols { $0 == "Scene" }
        ownerProtocols = refiningProtocols(of: Self.isOwnerProtocol)
        observableObjectProtocols = refiningProtocols { $0 == "ObservableObject" }
    }

    func type(_ ref: (file: Int, type: Int)) -> TypeFact { files[ref.file].types[ref.type] }

    func renderer(_ ref: RendererRef) -> Renderer { files[Int(ref.file)].renderers[Int(ref.renderer)] }

    /// Every view and scene of the project (`isView`, `isScene`) with its declarations, extensions left out.
    var viewDeclarations: [String: [(file: Int, type: Int)]] { self[ViewDeclarations.self] }

    /// The classes whose declaration names `name` first in its inheritance clause (their superclass, when `name`
    /// is a class), sorted; a class with several declarations is listed once per declaration.
    func subclasses(of name: String) -> [String] { self[Subclasses.self][name] ?? [] }

    /// A rule's outputs, with the files they belong to, in file order.
    func outputs(of rule: String) -> [(file: Int32, output: RuleOutput)] {
        (outputsByRule[rule] ?? []).map { ($0.file, files[Int($0.file)].ruleOutputs[Int($0.output)]) }
    }

    /// The declarations and extensions of a type name, in file order.
    func types(named name: String) -> [(file: Int, type: Int)] {
        guard let entry = names[name] else { return [] }
        return ([entry.first] + entry.rest).map { (Int($0.file), Int($0.type)) }
    }

    func declares(_ name: String) -> Bool { names[name] != nil }

    /// Whether a file other than `file` (its position; nil for none) extends the type name: code there can use what
    /// the type's own file never names.
    func isExtended(_ name: String, outsideFile file: Int?) -> Bool {
        types(named: name).contains { $0.file != file && type($0).kind == .extension }
    }

    /// Inherited names of a type name, over its declaration and all its extensions (repeats allowed).
    func inherited(_ name: String) -> [String] { names[name]?.inherited ?? [] }

    /// Type names with an inheritance clause somewhere: the only ones that can conform to anything.
    var namesWithInheritance: some Sequence<String> {
        names.lazy.filter { !$0.value.inherited.isEmpty }.map(\.key)
    }

    /// SwiftUI's view protocols, by name: `View`, `ViewModifier`, and the protocols refining `View` that bring
    /// UIKit and AppKit views in.
    static func isViewProtocol(_ name: String) -> Bool {
        name == "View" || name == "ViewModifier" || representables.contains(name)
    }

    static let representables: Set<String> = [
        "UIViewRepresentable", "NSViewRepresentable", "UIViewControllerRepresentable", "NSViewControllerRepresentable",
    ]

    /// Protocols of types whose stored properties SwiftUI manages: View, ViewModifier, App, Scene, Commands,
    /// toolbar content, DynamicProperty, styles, the representables.
    static func isOwnerProtocol(_ name: String) -> Bool {
        ownerProtocolNames.contains(name) || name.hasSuffix("Style") || representables.contains(name)
    }

    static let ownerProtocolNames: Set<String> = [
        "View", "ViewModifier", "App", "Scene", "Commands", "ToolbarContent", "CustomizableToolbarContent", "DynamicProperty",
    ]

    /// The protocols declared in the sources that inherit, directly or through other such protocols, one that
    /// `base` accepts: a fixed point over the protocols only.
    private func refiningProtocols(of base: (String) -> Bool) -> Set<String> {
        var found: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for name in protocolNames where !found.contains(name) {
                if inherited(name).contains(where: { base($0) || found.contains($0) }) {
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
        let clause = inherited(name)
        // Usually no protocol of the sources refines a SwiftUI one: no set lookup per inherited name then.
        return refining.isEmpty ? clause.contains(where: base) : clause.contains { base($0) || refining.contains($0) }
    }

    /// Types whose stored properties SwiftUI manages: View, ViewModifier, App, Scene, DynamicProperty, styles.
    func isSwiftUIOwner(_ name: String) -> Bool { conforms(name, Self.isOwnerProtocol, ownerProtocols) || isView(name) }

    /// A view: conforms to View (or a refinement the sources declare), or declares `var body: some View` and
    /// conforms to a protocol the sources do not declare (a library's `ConnectedView`, which must refine View
    /// for that body to be one).
    func isView(_ name: String) -> Bool {
        if conforms(name, Self.isViewProtocol, viewProtocols) { return true }
        let clause = inherited(name)
        guard clause.contains(where: { !declares($0) && !Self.protocolsNotRefiningObservableObject.contains($0) }) else { return false }
        return types(named: name).contains { type($0).declaresViewBody }
    }

    /// A scene of the project (`struct MainWindow: Scene`): conforms to SwiftUI's `Scene`, directly or through a
    /// protocol the sources declare. An App's body constructs it, and its body shows views, as a view's does.
    func isScene(_ name: String) -> Bool { conforms(name, { $0 == "Scene" }, sceneProtocols) }

    func isStruct(_ name: String) -> Bool {
        types(named: name).contains { type($0).kind == .struct }
    }

    func isClass(_ name: String) -> Bool {
        types(named: name).contains { type($0).kind == .class }
    }

    /// Whether the sources declare `name` themselves: an extension of a library's type does not count.
    func isDeclared(_ name: String) -> Bool {
        types(named: name).contains { type($0).kind != .extension }
    }

    /// Whether the sources declare `name` (not only extend it) and every declaration of it is one of `kinds`.
    func isDeclared(_ name: String, onlyAs kinds: Set<TypeFact.Kind>) -> Bool {
        let declarations = types(named: name).filter { type($0).kind != .extension }
        return !declarations.isEmpty && declarations.allSatisfy { kinds.contains(type($0).kind) }
    }

    /// Attribute names on the declaration and the extensions of a type name (`Observable`, `MainActor`).
    func attributes(of name: String) -> [String] {
        types(named: name).flatMap { type($0).attributes }
    }

    /// Whether a type conforms to Combine's `ObservableObject`: directly or in an extension anywhere in the
    /// project, through a protocol of the project that refines it, or through its superclass chain. `nil` when
    /// FlowLint cannot tell: a type not declared in the project, or a class whose superclass is not (it may
    /// conform). `NSManagedObject` conforms and `NSObject` does not; any other name after the first of a
    /// class's clause, and every name of a struct's, is taken as a protocol that does not refine it.
    func observableObject(_ name: String) -> Bool? {
        var seen: Set<String> = []
        return observableObject(name, seen: &seen)
    }

    /// Standard-library, Foundation and SwiftUI protocols a class often names first, which are not superclasses
    /// and do not refine `ObservableObject`.
    static let protocolsNotRefiningObservableObject: Set<String> = [
        "AnyObject", "Codable", "CustomDebugStringConvertible", "CustomStringConvertible", "Decodable", "Encodable",
        "Equatable", "Error", "Hashable", "Identifiable", "LocalizedError", "NSCoding", "NSCopying", "NSSecureCoding",
        ObservationNames.observable, "Sendable", "Comparable", "CaseIterable", "RawRepresentable", "Sequence", "Collection",
    ]

    private func observableObject(_ name: String, seen: inout Set<String>) -> Bool? {
        switch name {
        case "ObservableObject", "NSManagedObject": return true
        case "NSObject": return false
        default: break
        }
        guard seen.insert(name).inserted else { return false }  // a cycle adds nothing
        let declarations = types(named: name)
        guard !declarations.isEmpty else { return nil }
        if inherited(name).contains(where: { $0 == "ObservableObject" || observableObjectProtocols.contains($0) }) { return true }
        // A class's superclass is the first name of its declaration's clause, when it names a class.
        for ref in declarations where type(ref).kind == .class {
            guard let first = type(ref).inherited.first else { continue }
            if protocolNames.contains(first) || Self.protocolsNotRefiningObservableObject.contains(first) { continue }
            if declares(first) && !isClass(first) { continue }
            switch observableObject(first, seen: &seen) {
            case true?: return true
            case false?: continue
            case nil: return nil
            }
        }
        return false
    }

    /// Properties named `member` of the type named `typeName`, over its declaration and extensions.
    func properties(of typeName: String, named member: String) -> [PropertyFact] {
        types(named: typeName).flatMap { type($0).properties.named(member, path: files[$0.file].path) }
    }

    /// Every property of one declaration or extension.
    func properties(of ref: (file: Int, type: Int)) -> [PropertyFact] {
        type(ref).properties.decoded(path: files[ref.file].path)
    }

    /// The type a reference names, or nil when it cannot be told.
    func resolve(_ reference: TypeReference) -> String? {
        guard let name = resolveWritten(reference) else { return nil }
        // An alias with several targets (`#if` branches, two types' member aliases) or a composition cannot be
        // resolved.
        guard let target = aliasTarget(name) else { return name }
        return target.isEmpty ? nil : target
    }

    /// A type name with a type alias of the project replaced by the one type it stands for (`AppRouter` for
    /// `typealias AppRouter = Router<Destination>` is `Router`), as providers' types are (`resolve`); the name itself
    /// otherwise (an alias of several types stays as written).
    func canonicalTypeName(_ name: String) -> String {
        guard let target = aliasTarget(name), !target.isEmpty else { return name }
        return target
    }

    /// For a name the project declares only as a type alias: the one nominal type it stands for, or "" when it stands
    /// for several or for no nominal type. Nil for any other name.
    private func aliasTarget(_ name: String) -> String? {
        guard !declares(name), let targets = self[TypeAliases.self][name] else { return nil }
        return targets.count == 1 ? targets.first! : ""
    }

    /// The type as written where `reference` leads (an alias not yet resolved).
    private func resolveWritten(_ reference: TypeReference) -> String? {
        switch reference {
        case .named(let name):
            return name
        case .memberChain(let base, let members):
            var current = base
            for m in members {
                // `@State var service = Service.shared`: the type of the static property it is initialized from.
                let candidates = Set(properties(of: current, named: m).compactMap { property in
                    property.type ?? property.staticInitializer.flatMap {
                        $0.isCall ? factoryType($0.type, $0.member) : staticMemberType($0.type, $0.member)
                    }
                })
                guard candidates.count == 1 else { return nil }
                current = candidates.first!
            }
            return current
        case .staticMember(let typeName, let member):
            return staticMemberType(typeName, member)
        case .qualifiedCall(let base, let member):
            // A nested type the project declares, or a type of another module qualified by its module or outer type
            // (`Lib.Store()`): the member is the type made. Else a static factory of the project's `Base`.
            if declares(member) || !declares(base) { return member }
            return factoryType(base, member)
        case .unknown:
            return nil
        case .modelContainer:
            return TypeReference.modelContainerName
        }
    }

    /// The type of `Type.member(...)`: `Type` when it is an observable class of the project that declares no static
    /// property of that name (a factory, `Store.preview(repository)`); nil otherwise (a container's `resolve()`).
    private func factoryType(_ typeName: String, _ member: String) -> String? {
        guard properties(of: typeName, named: member).isEmpty,
              observableObject(typeName) == true || observation(of: typeName) != nil else { return nil }
        return typeName
    }

    /// The type of `Type.member`: the static property's declared or constructed type (nil when the project
    /// declares it without one, or with several), or `Type` itself when the project declares no static property
    /// of that name (`Store.shared` of a library's `Store`, by convention one of its own type).
    private func staticMemberType(_ typeName: String, _ member: String) -> String? {
        let statics = properties(of: typeName, named: member).filter(\.isStatic)
        if statics.isEmpty { return typeName }
        let types = Set(statics.compactMap(\.type))
        return types.count == 1 ? types.first : nil
    }
}

extension ProjectIndex {
    /// Replaces the facts of the file at `position` (the same file, edited) and updates what the index derives
    /// from them: the entries of the names it declared before or declares now, their protocols, the helpers it
    /// named, and the refining protocols when a protocol is among those names. Afterwards the index is what
    /// `init(files:)` builds from the new files (`ProjectIndexUpdateTests` compares every stored property), at a
    /// cost that depends on the file, not on the project: what an editor's server does on each keystroke.
    /// Anything added to the index must be kept up to date here too.
    mutating func replaceFile(at position: Int, with new: FileFacts) {
        let old = files[position]
        files[position] = new
        let file = Int32(position)
        var touchesProtocols = false
        for name in Set(old.types.map(\.name) + new.types.map(\.name)) {
            let added = new.types.indices.filter { new.types[$0].name == name }.map { TypeRef(file: file, type: Int32($0)) }
            let refs = Self.replacing(names[name].map { [$0.first] + $0.rest } ?? [], file: file, with: added, fileOf: \.file)
            let wasProtocol = protocolNames.contains(name)
            if refs.isEmpty {
                names[name] = nil
                protocolNames.remove(name)
            } else {
                var inherited = type(refs[0]).inherited
                for ref in refs.dropFirst() where !type(ref).inherited.isEmpty { inherited += type(ref).inherited }
                names[name] = NameEntry(first: refs[0], rest: Array(refs.dropFirst()), inherited: inherited)
                if refs.contains(where: { type($0).kind == .protocol }) { protocolNames.insert(name) } else { protocolNames.remove(name) }
            }
            touchesProtocols = touchesProtocols || wasProtocol || protocolNames.contains(name)
        }
        let helpers = Set(old.providerHelpers.map(\.name) + new.providerHelpers.map(\.name))
        if !helpers.isEmpty {
            for name in helpers { providerHelpers[name] = nil }
            for facts in files {
                for helper in facts.providerHelpers where helpers.contains(helper.name) {
                    providerHelpers[helper.name, default: []] += helper.provided
                }
            }
        }
        // The environment graph's inputs: the refs of this file, for the names its renderers had or have.
        let renderedTypes = Set((old.renderers + new.renderers).compactMap(\.ownerType))
        func renderers(ownedBy type: String?) -> [RendererRef] {
            new.renderers.indices.filter { new.renderers[$0].ownerType == type }.map { RendererRef(file: file, renderer: Int32($0)) }
        }
        for type in renderedTypes {
            let refs = Self.replacing(renderersByType[type] ?? [], file: file, with: renderers(ownedBy: type), fileOf: \.file)
            renderersByType[type] = refs.isEmpty ? nil : refs
        }
        if old.renderers.contains(where: { $0.ownerType == nil }) || new.renderers.contains(where: { $0.ownerType == nil }) {
            roots = Self.replacing(roots, file: file, with: renderers(ownedBy: nil), fileOf: \.file)
        }
        for rule in Set((old.ruleOutputs + new.ruleOutputs).map(\.rule)) {
            let added = new.ruleOutputs.indices.filter { new.ruleOutputs[$0].rule == rule }.map { OutputRef(file: file, output: Int32($0)) }
            let refs = Self.replacing(outputsByRule[rule] ?? [], file: file, with: added, fileOf: \.file)
            outputsByRule[rule] = refs.isEmpty ? nil : refs
        }
        analyses = analyses.keeping(afterChanging: old, to: new)
        if touchesProtocols {
            viewProtocols = refiningProtocols(of: Self.isViewProtocol)
            sceneProtocols = refiningProtocols { $0 == "Scene" }
            ownerProtocols = refiningProtocols(of: Self.isOwnerProtocol)
            observableObjectProtocols = refiningProtocols { $0 == "ObservableObject" }
        }
    }

    private func type(_ ref: TypeRef) -> TypeFact { files[Int(ref.file)].types[Int(ref.type)] }

    /// `refs`, in file order, with the entries of `file` replaced by `added` (in their place).
    private static func replacing<Ref>(_ refs: [Ref], file: Int32, with added: [Ref], fileOf: (Ref) -> Int32) -> [Ref] {
        var refs = refs
        refs.removeAll { fileOf($0) == file }
        refs.insert(contentsOf: added, at: refs.firstIndex { fileOf($0) > file } ?? refs.endIndex)
        return refs
    }
}

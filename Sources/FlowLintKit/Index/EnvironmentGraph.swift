#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The view graph shared by `missing_environment_object` (App roots, and readers no root reaches),
/// `missing_environment_object_in_preview` (preview roots) and `flowlint graph` (`picture()`): which views and
/// scenes are declared (a `Scene` type of the project is walked through as a view is), what each reads, what
/// each renders with which providers, and, from each root, which object types the views it shows would read
/// without a provider. A root's constructions include those of the members of its type it uses (an App's
/// `var mainWindow: some Scene`).
///
/// A root misses a type when some path from the view it shows reaches a reader of the type through no
/// construction that provides it. So the walk visits each place once (a view name, one of its declarations or a
/// view-building member of one, with whether a navigation container is above, the platforms the path allows and
/// the build it is compiled in), whatever is provided above it, and then, per type read, goes backwards from the
/// type's readers to find the places that miss it and their shortest chains (`Walk`). Time and memory grow with
/// the places, their links and the types read, on any shape of graph, and nothing recurses per view.
///
/// With the project's targets known (`ProjectIndex.layout`), a root is judged once per build of its file (a
/// target on one platform): in a build, a name resolves as Swift resolves it (`ViewNames`: enclosing types, then
/// the module, then the modules the target depends on), only declarations the build can see and compiles count,
/// and `#if` clauses are decided by the build's platform and compilation conditions. Without a model, every
/// path is one unknown build, and only `os(...)` is decided.
struct EnvironmentGraph {
    let index: ProjectIndex
    /// The views by qualified name, for resolving constructions.
    private let names: ViewNames.Table
    /// View declarations by name (extensions excluded): several when names collide across modules.
    var candidates: [String: [(file: Int, type: Int)]] = [:]
    /// Every resolved provided type, and whether some provider could not be resolved.
    var providedAnywhere: Set<String> = []
    var hasUnknownProvider = false
    /// Declarations a judged walk from some root entered (see `rootFindings`): their readers are reported at the
    /// root, not at the reading declaration.
    private(set) var reached: Set<DeclarationKey> = []
    /// The view-building methods of `extension View` (by name, when one declaration has the name): a view that
    /// calls one (`.highlighted()`) shows what the method constructs (`modifier(Highlight())`).
    private var viewExtensionHelpers: [String: DeclarationKey] = [:]
    /// The view modifiers of the project whose `body(content:)` applies providers around the content.
    private var modifierTypes: Set<String> = []
    /// Types whose `@Environment(T.self)` the project's own `Environment` initializer reads from a key
    /// (`FileFacts.environmentKeyInitializers`): not observable objects, and with a default value.
    private var keyedEnvironmentTypes: Set<String> = []
    /// For a container view: the `View` extension helpers its body applies around its content.
    private var contentHelpersByType: [String: [String]] = [:]
    /// What a `View` extension method's receiver gets from the containers and modifiers the method wraps it in.
    private var helperReceiverProviders: [String: [TypeReference]] = [:]
    /// What a `View` extension method provides to its receiver: the providers it applies, what the containers and
    /// modifiers it wraps the receiver in provide, and what the methods it calls on the receiver provide, followed
    /// through any number of calls (`withMockEnvironment()` calling `withEnvironment(from:)`), each method once.
    private var helperProvides: [String: [TypeReference]] = [:]
    /// Per `modifier(T)` helper looked at, whether `T` is a modifier whose body FlowLint cannot read (`isOpaqueModifier`).
    private var opaqueModifiers: [String: Bool] = [:]
    /// Container views whose body applies providers around the content a caller hands in (`Renderer.contentProviders`),
    /// when the name has one body; looked up when a construction is first seen under the name.
    private var contentProvidersByType: [String: [TypeReference]] = [:]
    /// What each container declaration provides to its content (`contentProviders(ofContainer:file:scope:build:)`).
    private var contentProvidersByDeclaration: [DeclarationKey: [TypeReference]] = [:]
    /// The declarations a construction resolved to, numbered (a name place holds the number).
    fileprivate var resolvedSets: [[DeclarationKey]] = []
    private var resolvedSetNumbers: [[DeclarationKey]: Int] = [:]
    /// Per (file, build), what each of the file's `#if` clauses decides.
    private var clauseValues: [FileInBuild: [Bool?]] = [:]
    /// The literal arguments of the constructions whose view reads an object only for some values of an input
    /// (`Place.arguments` holds a number), and whether each declaration has such a reader.
    private var argumentSets: [String] = []
    private var argumentSetNumbers: [String: Int32] = [:]
    private var hasInputReaders: [DeclarationKey: Bool] = [:]
    /// The persisted keys views branch on and the flags set only as one of them changes (`PersistedFlagFlips`), and
    /// the values of those keys a path requires (`Place.persisted` holds a number).
    private let flips: PersistedFlagFlips.Value
    private var requirementSets: [[String: Requirement]] = []
    private var requirementSetNumbers: [[String: Requirement]: Int32] = [:]

    fileprivate struct FileInBuild: Hashable {
        var file: Int
        var build: Int32
    }

    struct DeclarationKey: Hashable {
        var file: Int, type: Int
    }

    /// One step of a chain from a root's view to the view that reads the missing object.
    struct Step {
        var view: String
        var note: DiagnosticNote
        /// For the last step, the declaration that reads the object.
        var reader: DeclarationKey?
        /// How the view of this step is shown when not in place (a sheet's content, a navigation destination).
        var presentation: RenderEdge.Presentation?
        /// For the last step, the tap whose action is the only place the object is read.
        var tap: TapAction?
    }

    /// What one root construction (and the later constructions of the same root missing the same types) lacks.
    struct RootFinding {
        var root: ProjectIndex.RendererRef
        var rootKind: Renderer.RootKind
        /// The first construction of the group: where the provider goes.
        var span: SourceSpan
        /// The view constructed there.
        var view: String
        /// Each missing type (sorted) with the shortest chain found to its reader, from the view constructed at
        /// `chainStart` (the group's first construction unless a later one has a shorter chain).
        var missing: [(type: String, chainStart: (view: String, span: SourceSpan), steps: [Step])]
        /// For a `#Preview` when another `#Preview` of its file shows the same view with a finding: which one
        /// (`#Preview("Dark")`, `the #Preview at line 40`).
        var previewLabel: String?
    }

    init(index: ProjectIndex) {
        self.index = index
        names = index[ViewNames.self]
        flips = index[PersistedFlagFlips.self]
        candidates = index.viewDeclarations
        for facts in index.files {
            for provider in facts.providedTypes where !Self.isForwarded(provider, in: index) {
                if let t = index.resolve(provider) { providedAnywhere.insert(t) } else { hasUnknownProvider = true }
            }
            keyedEnvironmentTypes.formUnion(facts.environmentKeyInitializers)
        }
        for ref in index.roots {
            let root = index.renderer(ref)
            guard case .root(.app) = root.kind, root.rootType >= 0 else { continue }
            providedAnywhere.formUnion(delegateObjects(ofApp: (Int(ref.file), Int(root.rootType))))
        }
        // `extension View { func highlighted() -> some View { modifier(Highlight()) } }`: a name declared once.
        var helperMembers: [String: [DeclarationKey]] = [:]
        for ref in index.renderersByType["View"] ?? [] {
            guard case .member(_, let t, let name) = index.renderer(ref).kind,
                  index.files[Int(ref.file)].types[t].kind == .extension else { continue }
            let key = DeclarationKey(file: Int(ref.file), type: t)
            if helperMembers[name]?.contains(key) != true { helperMembers[name, default: []].append(key) }
        }
        viewExtensionHelpers = helperMembers.compactMapValues { $0.count == 1 ? $0[0] : nil }
        // Only the names used as containers need their bodies' content providers: those of every body (a view's
        // `body`, a view modifier's `body(content:)`).
        var modifierHelperCalls: [String: [String]] = [:]
        for (type, refs) in index.renderersByType {
            let bodies = refs.map(index.renderer).filter {
                switch $0.kind {
                case .viewBody: return true
                case .member(_, _, let name): return name == "body" && $0.contentProviders != nil
                case .root: return false
                }
            }
            if bodies.count == 1, let providers = bodies[0].contentProviders, !providers.isEmpty {
                contentProvidersByType[type] = providers
                if case .member = bodies[0].kind { modifierTypes.insert(type) }
            }
            if bodies.count == 1, let helpers = bodies[0].contentHelpers {
                contentHelpersByType[type] = helpers
                // A modifier whose body applies helpers of the sources around its content
                // (`content.previewEnvironment(context)`): `.modifier(M())` applies them to its receiver.
                if case .member = bodies[0].kind { modifierHelperCalls[RenderEdge.modifierHelperName(type)] = helpers }
            }
        }
        // `func inRootView() -> some View { RootView { self } }`, `func dataContainer() -> some View {
        // modifier(DataContainer()) }`: the receiver is the content of a container or modifier of the project whose
        // body applies providers around its content, so the receiver gets them.
        for (name, key) in viewExtensionHelpers {
            var references: [TypeReference] = []
            for ref in index.renderersByType["View"] ?? [] where Int(ref.file) == key.file {
                let renderer = index.renderer(ref)
                guard case .member(_, let t, let member) = renderer.kind, t == key.type, member == name else { continue }
                // A view modifier the method constructs is applied to the receiver (`modifier(M())`).
                var wrappers = renderer.receiverContainers ?? []
                for edge in renderer.edges {
                    if case .view(let type) = edge.target, modifierTypes.contains(type) { wrappers.append(type) }
                }
                for wrapper in wrappers { references += contentProvidersByType[wrapper] ?? [] }
            }
            if !references.isEmpty { helperReceiverProviders[name] = references }
        }
        // `.modifier(CustomAlerter())` in a body: the receiver is the modifier's content, as through a helper; so is
        // a preview's under a trait that names the modifier (`static var sampleData: Self = .modifier(SampleData())`),
        // and a container's content handed on to another container of the sources (`RenderWalker.noteContentUse`).
        for (type, references) in contentProvidersByType {
            helperReceiverProviders[RenderEdge.modifierHelperName(type), default: []] += references
        }
        helperProvides = Self.helperProvides(index: index, receiverProviders: helperReceiverProviders,
                                             modifierHelperCalls: modifierHelperCalls)
        // `ModelPreview { ... }` whose body shows the content under `.dataContainer()`: what the helper provides.
        for (type, helpers) in contentHelpersByType {
            let references = helpers.flatMap { helperProvides[$0] ?? [] }
            if !references.isEmpty { contentProvidersByType[type, default: []] += references }
        }
    }

    /// Per `View` extension method (by name, overloads together), what it provides to its receiver, directly or
    /// through the methods it calls on it (`helperProvides`). A worklist per method over the methods it reaches.
    private static func helperProvides(index: ProjectIndex, receiverProviders: [String: [TypeReference]],
                                       modifierHelperCalls: [String: [String]]) -> [String: [TypeReference]] {
        var direct = index.providerHelpers
        for (name, references) in receiverProviders { direct[name, default: []] += references }
        var calls = modifierHelperCalls
        for facts in index.files {
            for helper in facts.providerHelpers where !helper.calls.isEmpty { calls[helper.name, default: []] += helper.calls }
        }
        var result: [String: [TypeReference]] = [:]
        for name in Set(direct.keys).union(calls.keys) {
            var seen: Set<String> = [name]
            var work = [name]
            var references: [TypeReference] = []
            while let helper = work.popLast() {
                references += direct[helper] ?? []
                for callee in calls[helper] ?? [] where seen.insert(callee).inserted { work.append(callee) }
            }
            if !references.isEmpty { result[name] = references }
        }
        return result
    }

    /// The platforms a root's construction can be shown on, by the scene around it: the content of a scene only
    /// macOS has (`Settings { ... }`) exists only in a build for macOS (an iOS app's `Settings` under
    /// `#if targetEnvironment(macCatalyst)` is never compiled).
    static func scenePlatforms(of edge: RenderEdge, in rootKind: Renderer.RootKind) -> Platforms {
        guard rootKind == .app, let scene = edge.enclosingCallees.first(where: SwiftUINames.sceneBuilders.contains),
              SwiftUINames.macOSOnlyScenes.contains(scene) else { return .all }
        return .macOS
    }

    /// Whether a reader property is declared and read on a path compiled for `platforms`: one under `#if os(macOS)` is
    /// judged only from paths for macOS alone, and one whose every use is under `#if` clauses none of `platforms`
    /// compiles is never looked up there.
    static func reads(_ property: PropertyFact, onPathsFor platforms: Platforms) -> Bool {
        property.platforms.isSuperset(of: platforms) && !property.readPlatforms.isDisjoint(with: platforms)
    }

    /// Whether the sources declare the object type `type` (by its name as written, or its simple name): one they do
    /// not is a library's, whose own modifiers and views may provide it.
    static func isDeclared(_ type: String, in index: ProjectIndex) -> Bool {
        index.isDeclared(type) || index.isDeclared(baseName(type))
    }

    /// `Store<AppState>` → `Store`; `Outer.Inner` → `Inner` (the index's names are simple names).
    static func baseName(_ type: String) -> String {
        let unqualified = type.prefix { $0 != "<" }
        return String(unqualified.split(separator: ".").last ?? unqualified[...])
    }

    /// `.environmentObject(store)` where `store` is the view's own `@EnvironmentObject`: it passes on what its
    /// ancestors must provide, so it is no origin of the object ("nothing provides" still holds without one).
    private static func isForwarded(_ provider: TypeReference, in index: ProjectIndex) -> Bool {
        guard case .memberChain(let base, let members) = provider, members.count == 1 else { return false }
        let properties = index.properties(of: base, named: members[0])
        return !properties.isEmpty && properties.allSatisfy { $0.environmentObjectType != nil && !$0.isStatic }
    }

    /// The delegates an App declares with `@UIApplicationDelegateAdaptor` or `@NSApplicationDelegateAdaptor` that
    /// are `ObservableObject`s: SwiftUI puts them in the environment of the App's scenes. With such an adaptor, the
    /// scene delegates too (a class of the project adopting `UIWindowSceneDelegate`, which the app delegate
    /// configures): "If your scene delegate conforms to ObservableObject, SwiftUI puts it in the environment"
    /// (UIApplicationDelegateAdaptor's documentation).
    private func delegateObjects(ofApp app: (file: Int, type: Int)) -> Set<String> {
        // An `ObservableObject` delegate, and (macOS 14, iOS 17) an `Observable` one, read with
        // `@Environment(AppDelegate.self)`.
        let isObserved = { (type: String) in index.observableObject(type) == true || index.observation(of: type) != nil }
        var objects: Set<String> = []
        var hasAdaptor = false
        for property in index.properties(of: app) {
            guard let wrapper = property.wrapper, SwiftUINames.delegateAdaptors.contains(wrapper) else { continue }
            hasAdaptor = true
            if let type = property.type, isObserved(type) { objects.insert(type) }
        }
        if hasAdaptor {
            for name in index.namesWithInheritance where index.inherited(name).contains(where: Self.sceneDelegateProtocols.contains)
                && index.isClass(name) && isObserved(name) {
                objects.insert(name)
            }
        }
        return objects
    }

    static let sceneDelegateProtocols: Set<String> = ["UIWindowSceneDelegate", "UISceneDelegate"]

    // MARK: Roots

    /// A view a root construction shows, in one build of the root's file.
    private struct Shown {
        var root: Int
        /// The construction's number among its root's (`constructions(of:file:)`).
        var construction: Int
        var rootKind: Renderer.RootKind
        var view: String
        var span: SourceSpan
        var node: Int
        var provided: Set<String>
    }

    /// The findings of every root whose kind `include` accepts, in file and source order: per root, one per set
    /// of missing types, at the first construction that misses exactly that set.
    mutating func rootFindings(including include: (Renderer.RootKind) -> Bool) -> [RootFinding] {
        rootFindingsWithModelContainer(including: include).objects
    }

    /// `rootFindings`, and apart from them, from the same walk, the findings whose one missing "type" is SwiftData's
    /// model container (`TypeReference.modelContainerName`: read by `@Query` and `@Environment(\.modelContext)`,
    /// provided by `.modelContainer(...)`): objects and the container are grouped apart, so neither changes the
    /// other's findings.
    mutating func rootFindingsWithModelContainer(including include: (Renderer.RootKind) -> Bool)
        -> (objects: [RootFinding], modelContainer: [RootFinding]) {
        var walk = Walk()
        let shown = showRoots(including: include, in: &walk)
        explore(&walk)
        let missing = walk.missing(at: shown.map { ($0.node, $0.provided) })
        let container = TypeReference.modelContainerName
        return (findings(of: shown, missing: missing.map { $0.filter { $0.key != container } }),
                findings(of: shown, missing: missing.map { $0.filter { $0.key == container } }))
    }

    /// The views the roots show, in file and source order, each with what its construction provides; a
    /// construction once per build of its root's file.
    private mutating func showRoots(including include: (Renderer.RootKind) -> Bool, in walk: inout Walk) -> [Shown] {
        var shown: [Shown] = []
        let entryBuilds = buildsWithMainApp()
        for (number, ref) in index.roots.enumerated() {
            let root = index.renderer(ref)
            let file = Int(ref.file)
            guard case .root(let rootKind) = root.kind, include(rootKind) else { continue }
            var builds = self.builds(ofFile: file).filter { isCompiled(file: file, clause: root.clause, in: $0) }
            // An App without `@main` in a build whose entry point is another App (one left beside the real one after a
            // rename or a rewrite) never runs: its scenes show nothing there (judged wrong in BT: a crash reported
            // from such an App, where the `@main` one provides the object).
            if rootKind == .app, !isMainApp(root, file: file) { builds.removeAll(where: entryBuilds.contains) }
            // Names are looked up from the root's type (an App's nested views first).
            let scope = root.rootType >= 0 ? index.files[file].types[Int(root.rootType)].qualifiedOrSimpleName : nil
            let delegates = rootKind == .app && root.rootType >= 0 ? delegateObjects(ofApp: (file, Int(root.rootType))) : []
            // The App or preview provider whose body the constructions are in (nil for a `#Preview`).
            let rootOwner = root.rootType >= 0 ? DeclarationKey(file: file, type: Int(root.rootType)) : nil
            for (c, construction) in constructions(of: root, file: file).enumerated() {
                let edge = construction.edge
                guard case .view(let name) = edge.target else { continue }
                // `Settings { ... }` in an App's scene body is SwiftUI's scene, not a view of the project named so.
                if rootKind == .app && Self.isSceneBuilder(name, in: edge) { continue }
                for build in builds where construction.clauses.allSatisfy({ isCompiled(file: $0.file, clause: $0.clause, in: build) }) {
                    let platforms = construction.platforms.intersection(self.platforms(of: build))
                    guard !platforms.isEmpty,
                          let resolved = resolve(name, qualifier: edge.qualifier, scope: scope, file: construction.file,
                                                 build: build, platforms: platforms) else { continue }
                    draw(from: .root(ref), to: resolved.set, platforms: platforms, build: build, edge: edge,
                         provided: construction.provided)
                    guard let provided = construction.provided?.union(delegates),
                          let persisted = requirements(after: edge, in: construction.file, owner: rootOwner, from: -1) else { continue }
                    let place = Place(kind: .name(resolved.set), navigable: construction.navigable, platforms: platforms,
                                      build: build, arguments: arguments(of: edge, shown: resolved.set), persisted: persisted)
                    shown.append(Shown(root: number, construction: c, rootKind: rootKind, view: resolved.name, span: edge.span,
                                       node: walk.node(at: place, view: resolved.name), provided: provided))
                }
            }
        }
        return shown
    }

    /// Whether the App whose body `root` is is declared `@main`.
    private func isMainApp(_ root: Renderer, file: Int) -> Bool {
        guard root.rootType >= 0 else { return false }
        return index.files[file].types[Int(root.rootType)].attributes.contains("main")
    }

    /// The builds that compile an App declared `@main`: their entry point. An App that launches through a type of its
    /// own (`@main struct Launcher { static func main() { RealApp.main() } }`) has none, and its Apps all count.
    private mutating func buildsWithMainApp() -> Set<Int32> {
        var builds: Set<Int32> = []
        for ref in index.roots {
            let root = index.renderer(ref)
            let file = Int(ref.file)
            guard root.kind == .root(.app), isMainApp(root, file: file) else { continue }
            builds.formUnion(self.builds(ofFile: file).filter { isCompiled(file: file, clause: root.clause, in: $0) })
        }
        return builds
    }

    /// What each shown view misses, grouped per root into findings.
    private func findings(of shown: [Shown], missing missingPerShown: [[String: [Step]]]) -> [RootFinding] {
        // A construction compiled in several builds misses what any of them misses (the shortest chain of each
        // type; of equally short ones, the first build's).
        var merged: [(view: Shown, missing: [String: [Step]])] = []
        for (view, missing) in zip(shown, missingPerShown) {
            if let last = merged.last, last.view.root == view.root, last.view.construction == view.construction {
                for (type, steps) in missing where merged[merged.count - 1].missing[type].map({ steps.count < $0.count }) ?? true {
                    merged[merged.count - 1].missing[type] = steps
                }
            } else {
                merged.append((view, missing))
            }
        }

        var findings: [RootFinding] = []
        var groupByTypes: [[String]: Int] = [:] // of the current root
        var currentRoot = -1
        for (view, everyMissing) in merged {
            // An App's view that misses an object only where a tap's action reads it: whether that control can be
            // reached in the state the path shows the view in (a button hidden while onboarding, a role the app
            // never gives the view) cannot be told, and engineers judged 4 of 5 such findings wrong. A preview
            // shows the view as written, and keeps them.
            let missing = view.rootKind == .app ? everyMissing.filter { $0.value.last?.tap == nil } : everyMissing
            guard !missing.isEmpty else { continue }
            if view.root != currentRoot { (currentRoot, groupByTypes) = (view.root, [:]) }
            let types = missing.keys.sorted()
            if let g = groupByTypes[types] {
                // Same set again: keep the shorter chain of each type.
                for (i, entry) in findings[g].missing.enumerated() {
                    let steps = missing[entry.type]!
                    if steps.count < entry.steps.count {
                        findings[g].missing[i] = (entry.type, (view.view, view.span), steps)
                    }
                }
            } else {
                groupByTypes[types] = findings.count
                findings.append(RootFinding(root: index.roots[view.root], rootKind: view.rootKind, span: view.span, view: view.view,
                                            missing: types.map { ($0, (view.view, view.span), missing[$0]!) }))
            }
        }
        labelPreviews(&findings)
        return findings
    }

    /// Names the `#Preview` of each finding whose file has another `#Preview` with a finding at the same view: its
    /// title, or its line.
    private func labelPreviews(_ findings: inout [RootFinding]) {
        struct ViewInFile: Hashable { var file: Int32, view: String }
        var previews: [ViewInFile: Set<Int32>] = [:]
        for finding in findings where finding.rootKind == .preview {
            previews[ViewInFile(file: finding.root.file, view: finding.view), default: []].insert(finding.root.renderer)
        }
        for i in findings.indices where findings[i].rootKind == .preview {
            guard previews[ViewInFile(file: findings[i].root.file, view: findings[i].view)]!.count > 1 else { continue }
            let root = index.renderer(findings[i].root)
            findings[i].previewLabel = root.previewName.map { "#Preview(\"\($0)\")" } ?? "the #Preview at line \(root.previewLine)"
        }
    }

    /// `Settings { ... }`, `WindowGroup { ... }` at scene level (not inside another scene's content): SwiftUI's
    /// scene, whatever views the project declares with that name.
    private static func isSceneBuilder(_ name: String, in edge: RenderEdge) -> Bool {
        SwiftUINames.sceneBuilders.contains(name) && !edge.enclosingCallees.contains(where: SwiftUINames.sceneBuilders.contains)
    }

    /// A construction a root shows: one of its own, or one in a member of its type that it uses (an App's
    /// `var mainWindow: some Scene` or `private var content: some View`, a preview provider's `static var
    /// sample: some View`), with what the path there provides and allows.
    private struct RootConstruction {
        var edge: RenderEdge
        /// The file the construction is in.
        var file: Int
        /// What the path provides around it; nil when a step of it cannot be judged.
        var provided: Set<String>?
        var platforms: Platforms
        /// The `#if` clauses of the path below the root: each member use's and member's, the construction's.
        var clauses: [(file: Int, clause: Int32)]
        /// A navigation container of the path encloses it.
        var navigable: Bool
    }

    /// The constructions a root shows, in source order, a member's where the root uses it. Each member is
    /// followed once per root (the first use), however many times it is used, and a member that uses itself adds
    /// nothing; a worklist, so no recursion whatever the chain of members.
    private mutating func constructions(of root: Renderer, file: Int) -> [RootConstruction] {
        let members = root.rootType >= 0 ? renderers(of: DeclarationKey(file: file, type: Int(root.rootType))) : [:]
        let scope = root.rootType >= 0 ? index.files[file].types[Int(root.rootType)].qualifiedOrSimpleName : nil
        var followed: Set<String> = []
        var result: [RootConstruction] = []
        // Edges still to look at with the path to them, the next one last.
        // The root's own clause is decided with its builds (`showRoots`).
        var work = root.edges.reversed().map {
            RootConstruction(edge: $0, file: file, provided: [], platforms: root.platforms, clauses: [], navigable: false)
        }
        while var next = work.popLast() {
            let edge = next.edge
            // A destination no container of the path encloses can never be navigated to.
            if edge.inUncontainedDestination && !next.navigable { continue }
            if let provided = next.provided {
                next.provided = environment(after: edge, around: provided, file: next.file, scope: scope, build: -1)
            }
            next.platforms.formIntersection(edge.platforms)
            if case .root(let rootKind) = root.kind { next.platforms.formIntersection(Self.scenePlatforms(of: edge, in: rootKind)) }
            next.clauses.append((next.file, edge.clause))
            next.navigable = next.navigable || edge.underNavigationContainer
            switch edge.target {
            case .view:
                result.append(next)
            case .member(let name):
                guard followed.insert(name).inserted else { continue }
                for (memberFile, renderer) in (members[name] ?? []).reversed() {
                    for inner in renderer.edges.reversed() {
                        var path = next
                        (path.edge, path.file) = (inner, memberFile)
                        path.platforms.formIntersection(renderer.platforms)
                        path.clauses.append((memberFile, renderer.clause))
                        work.append(path)
                    }
                }
            }
        }
        return result
    }

    // MARK: The picture

    /// A construction `flowlint graph` draws (`ViewGraph`), from a root or a declaration (its body or one of its
    /// members) to a declaration it shows.
    struct DrawnEdge: Hashable {
        enum Source: Hashable {
            case root(ProjectIndex.RendererRef)
            case declaration(DeclarationKey)
        }
        var from: Source
        var to: DeclarationKey
        /// What the construction provides, sorted; empty when it cannot be judged.
        var provides: [String]
        /// The construction cannot be judged (`environment(after:around:)` is nil): the walk does not go through it.
        var opaque: Bool
        var presentation: RenderEdge.Presentation?
        /// The build the construction is compiled in (`BuildLayout.builds`), -1 when not known.
        var build: Int32
    }

    /// The constructions met so far, when a picture is being made (`picture()`); nil otherwise.
    private var drawn: Set<DrawnEdge>?

    /// What `flowlint graph` draws, from the walk the rules make: the roots' findings, and every construction
    /// of a view or scene that some build compiles, resolved as the walk resolves it. The walk from the roots
    /// meets the constructions on their paths (judged or not); then each declaration that no root reaches in
    /// some build of its file is walked from there as well (as if a navigation container were above it), so that
    /// what no root shows is drawn too.
    mutating func picture() -> (findings: [RootFinding], edges: Set<DrawnEdge>) {
        drawn = []
        var walk = Walk()
        let shown = showRoots(including: { _ in true }, in: &walk)
        explore(&walk)
        let container = TypeReference.modelContainerName
        let findings = self.findings(of: shown, missing: walk.missing(at: shown.map { ($0.node, $0.provided) }).map {
            $0.filter { $0.key != container }
        })
        struct DeclarationInBuild: Hashable {
            var declaration: DeclarationKey, build: Int32
        }
        var entered: Set<DeclarationInBuild> = []
        for node in walk.nodes {
            if case .declaration(let key) = node.place.kind { entered.insert(DeclarationInBuild(declaration: key, build: node.place.build)) }
        }
        for declarations in candidates.values {
            for d in declarations {
                let (key, type) = (DeclarationKey(file: d.file, type: d.type), index.type(d))
                for build in builds(ofFile: d.file) where !entered.contains(DeclarationInBuild(declaration: key, build: build))
                    && isCompiled(file: d.file, clause: type.clause, in: build) {
                    let platforms = type.platforms.intersection(self.platforms(of: build))
                    guard !platforms.isEmpty else { continue }
                    _ = walk.node(at: Place(kind: .declaration(key), navigable: true, platforms: platforms, build: build),
                                  view: type.qualifiedOrSimpleName)
                }
            }
        }
        explore(&walk)
        let edges = drawn ?? []
        drawn = nil
        return (findings, edges)
    }

    /// Adds to the picture, when one is being made, a construction from `source` of the declarations numbered
    /// `set` that the path compiles.
    private mutating func draw(from source: DrawnEdge.Source, to set: Int, platforms: Platforms, build: Int32, edge: RenderEdge,
                               provided: Set<String>?) {
        guard drawn != nil else { return }
        for target in compiledDeclarations(of: set, platforms: platforms, build: build) {
            drawn!.insert(DrawnEdge(from: source, to: target, provides: provided.map { $0.sorted() } ?? [], opaque: provided == nil,
                                    presentation: edge.presentation, build: build))
        }
    }

    // MARK: Environments

    /// The provided set below an edge, or nil when the edge cannot be judged (a provider or helper that cannot
    /// be resolved, a construction kept in a local first, or content handed to an opaque view).
    /// The construction is in `file`, inside the type `scope` (its qualified name; nil in a root), in `build`: its
    /// enclosing containers' names are resolved from there.
    mutating func environment(after edge: RenderEdge, around provided: Set<String>, file: Int, scope: String?,
                              build: Int32) -> Set<String>? {
        if edge.flowsThroughLocal { return nil }
        for callee in edge.enclosingCallees where candidates[callee] == nil && !SwiftUINames.transparentContainers.contains(callee) {
            return nil
        }
        var result = provided
        // `Container { Badge() }` where Container's body wraps its content in `.environmentObject(x)`.
        for callee in edge.enclosingCallees where candidates[callee] != nil {
            for reference in contentProviders(ofContainer: callee, file: file, scope: scope, build: build) {
                guard let t = index.resolve(reference) else { return nil }
                result.insert(t)
            }
        }
        for reference in edge.provided {
            guard let t = index.resolve(reference) else { return nil }
            result.insert(t)
        }
        for helper in edge.helperCalls {
            if isOpaqueModifier(helper) { return nil }
            for reference in helperProvides[helper] ?? [] {
                guard let t = index.resolve(reference) else { return nil }
                result.insert(t)
            }
        }
        return result
    }

    /// Whether `helper` applies a modifier of the project whose body FlowLint cannot read, so may provide anything: a
    /// `modifier(T)` (`.modifier(T())`, `#Preview(traits: .modifier(T()))`) where `T` has no `body` of its own (it
    /// takes one from an extension of a protocol it conforms to) and is no `GeometryEffect`, which needs none
    /// (judged wrong in BM: previews under preset modifiers whose shared body provides every object).
    private mutating func isOpaqueModifier(_ helper: String) -> Bool {
        guard helper.hasPrefix("modifier("), helper.hasSuffix(")") else { return false }
        if let known = opaqueModifiers[helper] { return known }
        let type = String(helper.dropFirst("modifier(".count).dropLast())
        let declarations = index.types(named: type).filter { index.files[$0.file].types[$0.type].kind != .extension }
        var opaque = !declarations.isEmpty
            && !declarations.contains { index.files[$0.file].types[$0.type].inherited.contains("GeometryEffect") }
        if opaque {
            for ref in index.renderersByType[type] ?? [] {
                switch index.renderer(ref).kind {
                case .viewBody: opaque = false
                case .member(_, _, let name) where name == "body": opaque = false
                default: break
                }
            }
        }
        opaqueModifiers[helper] = opaque
        return opaque
    }

    /// What a container view named `name`, constructed in `file` inside `scope`, provides to the content a caller
    /// hands in: what the body of the declaration the name means there applies around every use of its content
    /// (its own file's `private struct PreviewHelper` before another file's), with the helpers applied there; for
    /// a name meaning several declarations (modules apart), what any of them provides.
    private mutating func contentProviders(ofContainer name: String, file: Int, scope: String?, build: Int32) -> [TypeReference] {
        guard let found = names.resolve(name, qualifier: nil, scope: scope, file: file, layout: index.layout,
                                        visible: { isVisible(file: $0, in: build) }) else { return [] }
        var references: [TypeReference] = []
        for d in found.declarations {
            let key = DeclarationKey(file: d.file, type: d.type)
            if let known = contentProvidersByDeclaration[key] {
                references += known
                continue
            }
            var own: [TypeReference] = []
            let bodies = renderers(of: key)[nil] ?? []
            if bodies.count == 1 {
                own = (bodies[0].renderer.contentProviders ?? [])
                    + (bodies[0].renderer.contentHelpers ?? []).flatMap { helperProvides[$0] ?? [] }
            }
            contentProvidersByDeclaration[key] = own
            references += own
        }
        return references
    }

    /// The environment objects a declaration reads: its `@EnvironmentObject` properties and non-optional
    /// `@Environment(T.self)` ones.
    /// An `@EnvironmentObject` that its file never names again is not looked up, so it is not a reader, unless
    /// an extension of the type in another file may read it.
    func readers(of declaration: (file: Int, type: Int)) -> [PropertyFact] {
        let properties = index.properties(of: declaration).filter { property in
            guard let type = property.environmentObjectType, property.attributeSpan != nil else { return false }
            return property.wrapper != "Environment" || keyedEnvironmentTypes.isEmpty
                || !keyedEnvironmentTypes.contains(Self.baseName(index.canonicalTypeName(type)))
        }
        guard properties.contains(where: \.isUnreadInItsFile) else { return properties }
        let name = index.type(declaration).name
        return index.isExtended(name, outsideFile: declaration.file) ? properties : properties.filter { !$0.isUnreadInItsFile }
    }

    // MARK: The walk

    /// Where the walk is: a view name (the declarations a construction resolved to, all shown), one declaration
    /// of it, or a view-building member of a declaration, with what the path there allows.
    fileprivate struct Place: Hashable {
        enum Kind: Hashable {
            /// A number of `resolvedSets`.
            case name(Int)
            case declaration(DeclarationKey)
            case member(DeclarationKey, String)
        }
        var kind: Kind
        /// A navigation container above encloses it, so its `NavigationLink` destinations can be shown.
        var navigable: Bool
        /// The platforms the path so far can be compiled for: a name resolves only to declarations compiled for
        /// one of them.
        var platforms: Platforms
        /// The build the path is compiled in (`BuildLayout.builds`), -1 when not known.
        var build: Int32
        /// For a view whose declaration reads an object only for some values of an input, the literal arguments
        /// of the construction that shows it (a number of `argumentSets`); -1 otherwise, and for every other place.
        var arguments: Int32 = -1
        /// The values of persisted keys the path requires (a number of `requirementSets`), -1 for none.
        var persisted: Int32 = -1
    }

    /// A persisted key's value a path requires, and the type whose `if` on it the path went through.
    struct Requirement: Hashable {
        var value: Bool
        var by: String
    }

    /// The persisted keys a path requires once it takes `edge`, a construction in `file` in the body or a member of
    /// `owner` (a declaration; nil for a `#Preview`), from a place that requires `current`: `if isOnboarding {
    /// OnboardingView() }` in a type whose `isOnboarding` is `@AppStorage` requires its key to be `true`. Nil when no
    /// path can take the edge: it is an arm that requires a key the other value, or it is shown for a flag set only as
    /// that key takes the other value (`FlagFlip`: the onboarding's last step writes `isOnboarding = false` as it shows
    /// the splash, and the root then shows the other branch), a flag of a view below that branch or of an object such a
    /// view makes and owns (`@StateObject var model = Model()`), which the branch's next turn makes anew (a flag of an
    /// object from above stays set when the key goes back: a signed-out user would see what it shows).
    private mutating func requirements(after edge: RenderEdge, in file: Int, owner: DeclarationKey?, from current: Int32) -> Int32? {
        guard edge.conditions >= 0, !flips.flips.isEmpty else { return current }
        var required = current >= 0 ? requirementSets[Int(current)] : [:]
        let ownerName = owner.map { index.type(($0.file, $0.type)).qualifiedOrSimpleName } ?? ""
        let keys = owner.flatMap { flips.keys[PersistedFlagFlips.Declaration(file: $0.file, type: $0.type)] } ?? [:]
        for condition in index.files[file].edgeConditions[Int(edge.conditions)] {
            let (flag, value) = (condition.flag, condition.value)
            if condition.isArm, let key = keys[flag] {
                if let was = required[key], was.value != value { return nil }
                if required[key] == nil { required[key] = Requirement(value: value, by: ownerName) }
            } else if value, !condition.setElsewhereInFile, let flip = flips.flips[flag], let was = required[flip.key],
                      was.value != flip.value, was.by != ownerName, let owner, ownsAnew(flip, owner) {
                return nil
            }
        }
        if required.isEmpty { return -1 }
        if let number = requirementSetNumbers[required] { return number }
        requirementSets.append(required)
        requirementSetNumbers[required] = Int32(requirementSets.count - 1)
        return Int32(requirementSets.count - 1)
    }

    /// Whether the flag of `flip` is the view `owner`'s own, or of an object the view makes in a `@StateObject` or
    /// `@State` property of its own (`= Model()`): either is made anew with the view.
    private func ownsAnew(_ flip: FlagFlip, _ owner: DeclarationKey) -> Bool {
        let type = index.type((owner.file, owner.type))
        if type.qualifiedOrSimpleName == flip.owner { return true }
        let simple = flip.owner.split(separator: ".").last.map(String.init) ?? flip.owner
        return index.properties(of: (owner.file, owner.type)).contains { property in
            (property.wrapper == "StateObject" || property.wrapper == "State") && property.hasInitializer && property.type == simple
        }
    }

    /// The number of the literal arguments of `edge` when it passes some and a declaration it shows has a reader
    /// that an input decides (`PropertyFact.readOnlyWhen`), else -1: the places of other constructions stay shared.
    /// An input handed on as it is (`label=@mode`) gets the literal that `from`, the place of the view that hands it
    /// on, was passed for it; without one it is left out.
    private mutating func arguments(of edge: RenderEdge, shown set: Int, from place: Place? = nil) -> Int32 {
        guard !edge.literalArguments.isEmpty, resolvedSets[set].contains(where: { hasInputReader($0) }) else { return -1 }
        var passed = edge.literalArguments
        if passed.contains("=@") {
            let known = place.flatMap { $0.arguments >= 0 ? argumentSets[Int($0.arguments)] : nil } ?? ""
            passed = ""
            for entry in edge.literalArguments.split(separator: ",") {
                guard let equals = entry.firstIndex(of: "=") else { continue }
                let value = entry[entry.index(after: equals)...]
                if value.hasPrefix("@") {
                    guard let literal = RenderEdge.literalArgument(String(value.dropFirst()), in: known) else { continue }
                    passed += entry[..<equals] + "=" + literal + ","
                } else {
                    passed += entry + ","
                }
            }
            if passed.isEmpty { return -1 }
        }
        if let number = argumentSetNumbers[passed] { return number }
        argumentSets.append(passed)
        argumentSetNumbers[passed] = Int32(argumentSets.count - 1)
        return Int32(argumentSets.count - 1)
    }

    private mutating func hasInputReader(_ declaration: DeclarationKey) -> Bool {
        if let known = hasInputReaders[declaration] { return known }
        let has = readers(of: (declaration.file, declaration.type)).contains { $0.readOnlyWhen != nil }
        hasInputReaders[declaration] = has
        return has
    }

    /// Whether the construction that shows a place passes an input a literal for which `property` is not read
    /// (`TipView(tip: .contextMenu)` for a read under `case .touchId:`).
    private func isNeverRead(_ property: PropertyFact, at place: Place) -> Bool {
        guard place.arguments >= 0, let condition = property.readOnlyWhen else { return false }
        guard let passed = RenderEdge.literalArgument(condition.input, in: argumentSets[Int(place.arguments)]) else { return false }
        return !condition.values.contains(passed)
    }

    /// Adds every place the walk reaches from the views the roots show, each once, with its readers and links
    /// (a worklist: no recursion, whatever the length of a chain).
    private mutating func explore(_ walk: inout Walk) {
        var renderersByDeclaration: [DeclarationKey: [String?: [(file: Int, renderer: Renderer)]]] = [:]
        var modelReadersByDeclaration: [DeclarationKey: [PropertyFact]] = [:]
        while let node = walk.unexpanded.popLast() {
            let place = walk.nodes[node].place
            let view = walk.nodes[node].view
            let declaration: DeclarationKey
            let member: String?
            switch place.kind {
            case .name(let set):
                // Several declarations of the name: a type is missing when every one compiled for the path
                // misses it.
                for candidate in compiledDeclarations(of: set, platforms: place.platforms, build: place.build) {
                    let target = Place(kind: .declaration(candidate), navigable: place.navigable,
                                       platforms: place.platforms.intersection(index.type((candidate.file, candidate.type)).platforms),
                                       build: place.build, arguments: place.arguments >= 0 && hasInputReader(candidate) ? place.arguments : -1,
                                       persisted: place.persisted)
                    walk.link(node, to: target, view: view, step: nil, provides: [])
                }
                continue
            case .declaration(let key):
                (declaration, member) = (key, nil)
                reached.insert(key)
                for property in readers(of: (key.file, key.type)) {
                    // A reader under `#if os(macOS)` is judged only from paths compiled for macOS alone: from a root
                    // that may be built for iOS, the property may not exist (precision first). One under a clause
                    // the build decides is false does not exist.
                    // A type the project does not declare is a library's, and so may be its providers: a modifier
                    // or container of the library that puts its own object in the environment of the content it is
                    // given (`.spezi(delegate)`, a runtime bootstrap), whose code FlowLint does not read.
                    guard let needed = property.environmentObjectType.map(index.canonicalTypeName), let span = property.attributeSpan,
                          Self.isDeclared(needed, in: index),
                          Self.reads(property, onPathsFor: place.platforms),
                          isCompiled(file: key.file, clause: property.clause, in: place.build),
                          !isNeverRead(property, at: place) else { continue }
                    walk.addReader(node, of: needed, at: span, tap: property.readOnlyOnTap)
                }
                // SwiftData's `@Query` and `@Environment(\.modelContext)`: the model container is one more type read.
                if modelReadersByDeclaration[key] == nil {
                    modelReadersByDeclaration[key] = index.properties(of: (key.file, key.type)).filter(\.readsModelContext)
                }
                for property in modelReadersByDeclaration[key]! {
                    guard let span = property.attributeSpan, property.platforms.isSuperset(of: place.platforms),
                          isCompiled(file: key.file, clause: property.clause, in: place.build) else { continue }
                    walk.addReader(node, of: TypeReference.modelContainerName, at: span, tap: nil)
                }
            case .member(let key, let name):
                (declaration, member) = (key, name)
            }
            if renderersByDeclaration[declaration] == nil {
                renderersByDeclaration[declaration] = renderers(of: declaration)
            }
            for (file, renderer) in renderersByDeclaration[declaration]![member] ?? []
            where !renderer.platforms.isDisjoint(with: place.platforms) && isCompiled(file: file, clause: renderer.clause, in: place.build) {
                link(renderer.edges, from: node, at: place, platforms: place.platforms.intersection(renderer.platforms),
                     declaration: declaration, owner: view, file: file, into: &walk)
            }
        }
    }

    /// The links of a body's or member's constructions (in `file`). A construction that cannot be judged adds
    /// nothing, nor one the build does not compile.
    private mutating func link(_ edges: [RenderEdge], from node: Int, at place: Place, platforms: Platforms,
                               declaration: DeclarationKey, owner: String, file: Int, into walk: inout Walk) {
        // Names are looked up from the type the body belongs to (its nested types first).
        let ownerType = index.type((declaration.file, declaration.type))
        let scope = ownerType.qualifiedOrSimpleName
        // A scene's body (and its members) is at scene level, as an App's is.
        let atSceneLevel = index.isScene(ownerType.name)
        // A helper applied to a stack is around every view in it: linked once.
        var helpersLinked: Set<String> = []
        for edge in edges {
            // A destination no container encloses can never be navigated to.
            if edge.inUncontainedDestination && !place.navigable { continue }
            let edgePlatforms = platforms.intersection(edge.platforms)
            if edgePlatforms.isEmpty || !isCompiled(file: file, clause: edge.clause, in: place.build) { continue }
            guard let persisted = requirements(after: edge, in: file, owner: declaration, from: place.persisted) else { continue }
            let provided = environment(after: edge, around: [], file: file, scope: scope, build: place.build)
            let navigable = place.navigable || edge.underNavigationContainer
            // `Text("Title").highlighted()`: what the helper method constructs is shown here, with what the
            // construction gets (providers applied inside the helper's receiver count too: precision first).
            if let provided {
                for helper in edge.helperCalls {
                    guard let key = viewExtensionHelpers[helper], helpersLinked.insert(helper).inserted else { continue }
                    // Named for the notes of the constructions inside it ("'highlighted()' shows 'Highlight' here").
                    walk.link(node, to: Place(kind: .member(key, helper), navigable: navigable, platforms: edgePlatforms,
                                              build: place.build, persisted: persisted),
                              view: "\(helper)()", step: nil, provides: provided, presentation: edge.presentation)
                }
            }
            switch edge.target {
            case .view(let child):
                if atSceneLevel && Self.isSceneBuilder(child, in: edge) { continue }
                guard let resolved = resolve(child, qualifier: edge.qualifier, scope: scope, file: file, build: place.build,
                                             platforms: edgePlatforms) else { continue }
                draw(from: .declaration(declaration), to: resolved.set, platforms: edgePlatforms, build: place.build, edge: edge,
                     provided: provided)
                guard let provided else { continue }
                walk.link(node, to: Place(kind: .name(resolved.set), navigable: navigable, platforms: edgePlatforms, build: place.build,
                                          arguments: arguments(of: edge, shown: resolved.set, from: place), persisted: persisted),
                          view: resolved.name, step: edge.span, provides: provided, presentation: edge.presentation)
            case .member(let name):
                guard let provided else { continue }
                walk.link(node, to: Place(kind: .member(declaration, name), navigable: navigable, platforms: edgePlatforms,
                                          build: place.build, persisted: persisted),
                          view: owner, step: nil, provides: provided, presentation: edge.presentation)
            }
        }
    }

    /// The renderers of a declaration by member name (nil: its `body`), with their files, in file and source
    /// order: its own, and those of extensions that name it (by its qualified name, or by a simple name only it
    /// has).
    private func renderers(of declaration: DeclarationKey) -> [String?: [(file: Int, renderer: Renderer)]] {
        let type = index.type((declaration.file, declaration.type))
        let qualified = type.qualifiedOrSimpleName
        let unique = index.types(named: type.name).filter { index.type($0).kind != .extension }.count == 1
        var result: [String?: [(file: Int, renderer: Renderer)]] = [:]
        for ref in index.renderersByType[type.name] ?? [] {
            let renderer = index.renderer(ref)
            let member: String?, typeIndex: Int
            switch renderer.kind {
            case .member(_, let t, let m): (member, typeIndex) = (m, t)
            case .viewBody(_, let t): (member, typeIndex) = (nil, t)
            case .root: continue
            }
            let file = Int(ref.file)
            let owner = index.files[file].types[typeIndex]
            let belongs = (file == declaration.file && typeIndex == declaration.type)
                || (owner.kind == .extension && (owner.qualifiedName.map { $0 == qualified } ?? unique))
            if belongs { result[member, default: []].append((file, renderer)) }
        }
        return result
    }

    // MARK: Builds

    /// The builds a file is compiled in, or one unknown build (-1) when nothing is known of it.
    private func builds(ofFile file: Int) -> [Int32] {
        guard file < index.layout.buildsOfFile.count, let builds = index.layout.buildsOfFile[file], !builds.isEmpty else { return [-1] }
        return builds
    }

    private func platforms(of build: Int32) -> Platforms {
        build < 0 ? .all : index.layout.builds[Int(build)].platforms
    }

    /// Whether what lies in `clause` of `file` is compiled in `build` (undecided counts as compiled).
    private mutating func isCompiled(file: Int, clause: Int32, in build: Int32) -> Bool {
        guard clause >= 0 else { return true }
        let key = FileInBuild(file: file, build: build)
        if clauseValues[key] == nil {
            clauseValues[key] = ConditionalClause.evaluate(index.files[file].clauses, in: environment(ofFile: file, in: build))
        }
        let values = clauseValues[key]!
        return Int(clause) < values.count ? values[Int(clause)] != false : true
    }

    /// What decides `#if` in `file` when `build` compiles it: the conditions of the file's own target that the
    /// build sees on the build's platform (the build's target itself when it lists the file).
    private func environment(ofFile file: Int, in build: Int32) -> BuildEnvironment {
        guard build >= 0 else { return .unknown }
        let layout = index.layout
        let shown = layout.builds[Int(build)]
        guard file < layout.buildsOfFile.count, let own = layout.buildsOfFile[file], !own.isEmpty else {
            return BuildEnvironment(platform: shown.environment.platform)
        }
        let candidates = own.map { layout.builds[Int($0)] }.filter {
            shown.visibleTargets.contains($0.target) && $0.environment.platform == shown.environment.platform
        }
        return (candidates.first { $0.target == shown.target } ?? candidates.first)?.environment
            ?? BuildEnvironment(platform: shown.environment.platform)
    }

    /// Whether `build` sees declarations of `file`: an unknown build or file sees and is seen everywhere; else the
    /// file is compiled by the build's target or one it depends on, for a platform of the build.
    private func isVisible(file: Int, in build: Int32) -> Bool {
        guard build >= 0 else { return true }
        let layout = index.layout
        guard file < layout.buildsOfFile.count, let own = layout.buildsOfFile[file], !own.isEmpty else { return true }
        let shown = layout.builds[Int(build)]
        return own.contains { b in
            let other = layout.builds[Int(b)]
            return shown.visibleTargets.contains(other.target) && !other.platforms.isDisjoint(with: shown.platforms)
        }
    }

    /// The declarations of the set numbered `set` that a path compiled for `platforms` in `build` can show (a
    /// declaration compiled for no platform still has its readers).
    private mutating func compiledDeclarations(of set: Int, platforms: Platforms, build: Int32) -> [DeclarationKey] {
        let declarations = resolvedSets[set]
        return declarations.filter { candidate in
            let type = index.type((candidate.file, candidate.type))
            return (platforms == .all || !type.platforms.isDisjoint(with: platforms))
                && isCompiled(file: candidate.file, clause: type.clause, in: build)
        }
    }

    /// The declarations a construction of `name` in `file` (inside `scope`) means in `build`, numbered as a set,
    /// with the name messages show (`Settings.RootView` for a nested view); nil when no view of the project is
    /// meant there.
    private mutating func resolve(_ name: String, qualifier: String?, scope: String?, file: Int, build: Int32,
                                  platforms: Platforms) -> (name: String, set: Int)? {
        guard candidates[name] != nil,
              let found = names.resolve(name, qualifier: qualifier, scope: scope, file: file, layout: index.layout,
                                        visible: { isVisible(file: $0, in: build) }) else { return nil }
        let declarations = found.declarations.map { DeclarationKey(file: $0.file, type: $0.type) }
        if let number = resolvedSetNumbers[declarations] { return (found.name, number) }
        resolvedSets.append(declarations)
        resolvedSetNumbers[declarations] = resolvedSets.count - 1
        return (found.name, resolvedSets.count - 1)
    }
}

/// The places of a walk from the roots, their readers and links, and what each misses.
///
/// What a place misses, per type T (the same as walking down from each root with the set provided so far, but
/// without a set in the state):
/// - a declaration misses T when it reads T (by a property compiled for every platform of the path), or when a
///   link of it that does not provide T leads to a place that misses T;
/// - a member, likewise through its links;
/// - a name misses T when every declaration it links to misses T (none: nothing), with its first declaration's
///   chain;
/// - nothing else: a place misses T only through a finite chain, so a view that shows itself adds nothing.
/// The chain at a place is the shortest (a reader and each view shown are one step; a member used and a name's
/// declaration are none); of equally short ones, the one whose first differing link comes first (a reader before
/// the constructions, constructions in source order, a member's in place of its use): the first found unless a
/// later one is shorter.
///
/// A root misses T when the place it shows misses T and its construction does not provide T.
private struct Walk {
    typealias Place = EnvironmentGraph.Place

    struct Link {
        var target: Int
        /// A view shown: a step of the chain, at this construction. Nil: a member used or a name's declaration.
        var step: SourceSpan?
        /// The types the construction provides (by number).
        var provides: [Int]
        var presentation: RenderEdge.Presentation?
    }

    struct Node {
        var place: Place
        /// The view's name; for a member, its declaration's.
        var view: String
        /// A declaration's readers: per type read (by number), the first property that reads it (the first read
        /// outside tap actions, when there is one).
        var reads: [(type: Int, span: SourceSpan, tap: TapAction?)] = []
        /// In the order chains prefer.
        var links: [Link] = []
        var isName: Bool { if case .name = place.kind { return true } else { return false } }
    }

    private(set) var nodes: [Node] = []
    private var numbers: [Place: Int] = [:]
    /// Nodes added and not yet expanded by `EnvironmentGraph.explore`.
    var unexpanded: [Int] = []
    private var typeNames: [String] = []
    private var typeNumbers: [String: Int] = [:]
    /// Per type, the declarations (nodes) that read it.
    private var readersByType: [[Int]] = []

    /// The node of `place`, added (and to be expanded) when new.
    mutating func node(at place: Place, view: String) -> Int {
        if let number = numbers[place] { return number }
        nodes.append(Node(place: place, view: view))
        numbers[place] = nodes.count - 1
        unexpanded.append(nodes.count - 1)
        return nodes.count - 1
    }

    mutating func link(_ node: Int, to place: Place, view: String, step: SourceSpan?, provides: Set<String>,
                       presentation: RenderEdge.Presentation? = nil) {
        let target = self.node(at: place, view: view)
        nodes[node].links.append(Link(target: target, step: step, provides: provides.map { number(of: $0) }, presentation: presentation))
    }

    /// A reader of `type` in a declaration; only the first per type counts, unless it reads only on a tap and this
    /// one does not.
    mutating func addReader(_ node: Int, of type: String, at span: SourceSpan, tap: TapAction?) {
        let t = number(of: type)
        if let r = nodes[node].reads.firstIndex(where: { $0.type == t }) {
            if nodes[node].reads[r].tap != nil && tap == nil { nodes[node].reads[r] = (t, span, nil) }
            return
        }
        nodes[node].reads.append((t, span, tap))
        readersByType[t].append(node)
    }

    private mutating func number(of type: String) -> Int {
        if let t = typeNumbers[type] { return t }
        typeNames.append(type)
        readersByType.append([])
        typeNumbers[type] = typeNames.count - 1
        return typeNames.count - 1
    }

    // MARK: What each root misses

    /// Per type, marks of the nodes that miss it and their chains' lengths, kept across types: a mark holds the
    /// type's number, so nothing is cleared between types.
    private var missesMark: [Int] = []
    private var declarationsMissingMark: [Int] = []
    private var declarationsMissing: [Int] = []
    private var lengthMark: [Int] = []
    private var length: [Int] = []
    private var settledMark: [Int] = []
    private var visitMark: [Int] = []
    private var visits = 0
    /// Where each link leads back from: `parents[parentStart[n]..<parentStart[n + 1]]` are the (node, link)
    /// pairs that lead to node n.
    private var parentStart: [Int] = []
    private var parents: [(node: Int, link: Int)] = []

    /// For each shown view (a node and what its construction provides), the types it misses, each with its
    /// chain.
    mutating func missing(at shown: [(node: Int, provided: Set<String>)]) -> [[String: [EnvironmentGraph.Step]]] {
        let count = nodes.count
        parentStart = Array(repeating: 0, count: count + 1)
        for node in nodes { for link in node.links { parentStart[link.target + 1] += 1 } }
        for n in 0..<count { parentStart[n + 1] += parentStart[n] }
        var fill = parentStart
        parents = Array(repeating: (0, 0), count: parentStart[count])
        for (n, node) in nodes.enumerated() {
            for (l, link) in node.links.enumerated() {
                parents[fill[link.target]] = (n, l)
                fill[link.target] += 1
            }
        }
        missesMark = Array(repeating: -1, count: count)
        declarationsMissingMark = missesMark
        lengthMark = missesMark
        settledMark = missesMark
        visitMark = missesMark
        declarationsMissing = Array(repeating: 0, count: count)
        length = declarationsMissing

        var result = Array(repeating: [String: [EnvironmentGraph.Step]](), count: shown.count)
        for t in typeNames.indices where !readersByType[t].isEmpty {
            // First the paths that crash as soon as the view is shown, whose chains are given where there is one;
            // then those through presentations; then every path, for the views that miss the type only after a
            // tap (whose chain ends at a read that waits for one).
            for reach in [Reach.inPlace, .withoutTaps, .all] {
                let mark = reach.mark(t)
                markMissing(t, reach: reach)
                measureChains(t, reach: reach)
                var hops: [Int: Hop] = [:]
                for (i, view) in shown.enumerated() where missesMark[view.node] == mark && result[i][typeNames[t]] == nil
                    && !view.provided.contains(typeNames[t]) {
                    result[i][typeNames[t]] = chain(from: view.node, type: t, reach: reach, hops: &hops)
                }
            }
        }
        return result
    }

    /// Marks the nodes that miss type `t`, from its readers backwards: a declaration or member as soon as one
    /// link that does not provide `t` leads to a marked node, a name once all its declarations are marked.
    /// `reach`: which readers and links count (`Reach`), in marks of its own.
    private mutating func markMissing(_ t: Int, reach: Reach) {
        let mark = reach.mark(t)
        var work = readersByType[t]
        if reach != .all { work.removeAll { n in nodes[n].reads.contains { $0.type == t && $0.tap != nil } } }
        for n in work { missesMark[n] = mark }
        while let child = work.popLast() {
            for (parent, l) in parents[parentStart[child]..<parentStart[child + 1]] {
                guard missesMark[parent] != mark, !nodes[parent].links[l].provides.contains(t),
                      reach != .inPlace || nodes[parent].links[l].presentation == nil else { continue }
                if nodes[parent].isName {
                    if declarationsMissingMark[parent] != mark { (declarationsMissingMark[parent], declarationsMissing[parent]) = (mark, 0) }
                    declarationsMissing[parent] += 1
                    if declarationsMissing[parent] < nodes[parent].links.count { continue }
                }
                missesMark[parent] = mark
                work.append(parent)
            }
        }
    }

    /// The length of the shortest chain to a reader of `t` at every node that misses it, level by level from the
    /// readers (length 1) backwards: a view shown adds one step, a member or a name's first declaration none.
    private mutating func measureChains(_ t: Int, reach: Reach) {
        let mark = reach.mark(t)
        var level = readersByType[t]
        if reach != .all { level.removeAll { n in nodes[n].reads.contains { $0.type == t && $0.tap != nil } } }
        var current = 1
        for n in level { (lengthMark[n], length[n]) = (mark, 1) }
        while !level.isEmpty {
            var next: [Int] = []
            var i = 0
            while i < level.count {
                let child = level[i]
                i += 1
                // Listed again at a shorter length, or twice at this one.
                guard length[child] == current, settledMark[child] != mark else { continue }
                settledMark[child] = mark
                for (parent, l) in parents[parentStart[child]..<parentStart[child + 1]] where missesMark[parent] == mark {
                    let link = nodes[parent].links[l]
                    if link.provides.contains(t) || (nodes[parent].isName && l != 0) || (reach == .inPlace && link.presentation != nil) {
                        continue
                    }
                    let candidate = current + (link.step == nil ? 0 : 1)
                    if lengthMark[parent] == mark && length[parent] <= candidate { continue }
                    (lengthMark[parent], length[parent]) = (mark, candidate)
                    if candidate == current { level.append(parent) } else { next.append(parent) }
                }
            }
            level = next
            current += 1
        }
    }

    /// Which paths a pass follows: readers that read as soon as they are shown, through links shown in place (no
    /// sheet, no navigation destination); such readers through any link; or every reader, those that read only in
    /// a tap's action too.
    enum Reach {
        case inPlace, withoutTaps, all

        /// The pass's marks for type `t`, apart from every other pass's: `t` for `all`, negative for the others.
        func mark(_ t: Int) -> Int {
            switch self {
            case .all: return t
            case .withoutTaps: return -3 - 2 * t
            case .inPlace: return -2 - 2 * t
            }
        }
    }

    /// The first step of a name's chain: a reader, or a view shown (and the name below it).
    enum Hop {
        case reads(node: Int, span: SourceSpan, tap: TapAction?)
        /// With how the view is shown: the link's presentation, else that of the last member use on the way that
        /// has one (`.sheet { editor }`).
        case shows(node: Int, link: Int, presentation: RenderEdge.Presentation?)
    }

    /// The chain of type `t` from a name that misses it, one hop per view (hops found once per type).
    private mutating func chain(from name: Int, type t: Int, reach: Reach, hops: inout [Int: Hop]) -> [EnvironmentGraph.Step] {
        var steps: [EnvironmentGraph.Step] = []
        var current = name
        while true {
            let hop: Hop
            if let known = hops[current] {
                hop = known
            } else {
                guard let found = firstHop(from: current, type: t, reach: reach) else { return steps }
                hops[current] = found
                hop = found
            }
            switch hop {
            case .reads(let node, let span, let tap):
                let view = nodes[node].view
                var reader: EnvironmentGraph.DeclarationKey?
                if case .declaration(let key) = nodes[node].place.kind { reader = key }
                steps.append(.init(view: view, note: DiagnosticNote(message: "'\(view)' reads '\(typeNames[t])' here", span: span),
                                   reader: reader, tap: tap))
                return steps
            case .shows(let node, let l, let presentation):
                let link = nodes[node].links[l]
                let (owner, child) = (nodes[node].view, nodes[link.target].view)
                steps.append(.init(view: child, note: DiagnosticNote(message: "'\(owner)' shows '\(child)' here", span: link.step!),
                                   presentation: presentation))
                current = link.target
            }
        }
    }

    /// The first hop of the preferred chain below a name: from its first declaration, through the members it
    /// uses, to the first reader or view shown whose chain is as short as the name's. Members may use each
    /// other in a cycle (all of the same chain length): a depth-first search in link order that enters each
    /// member once takes the first path that does not come back to a member on it.
    private mutating func firstHop(from name: Int, type t: Int, reach: Reach) -> Hop? {
        let mark = reach.mark(t)
        let target = length[name]
        let declaration = nodes[name].links[0].target
        visits += 1
        visitMark[declaration] = visits
        var stack = [(node: declaration, next: 0)]
        while let top = stack.last {
            let node = nodes[top.node]
            if top.next == 0, let read = node.reads.first(where: { $0.type == t && !(reach != .all && $0.tap != nil) }) {
                return .reads(node: top.node, span: read.span, tap: read.tap)
            }
            stack.removeLast()
            for l in top.next..<node.links.count {
                let link = node.links[l]
                guard missesMark[link.target] == mark, !link.provides.contains(t), !(reach == .inPlace && link.presentation != nil)
                else { continue }
                if link.step != nil {
                    if length[link.target] + 1 == target {
                        // The member uses on the way: each entry below the top entered its member by link `next - 1`.
                        var presentation = link.presentation
                        for entry in stack.reversed() where presentation == nil {
                            presentation = nodes[entry.node].links[entry.next - 1].presentation
                        }
                        return .shows(node: top.node, link: l, presentation: presentation)
                    }
                } else if length[link.target] == target && visitMark[link.target] != visits {
                    visitMark[link.target] = visits
                    stack.append((top.node, l + 1))
                    stack.append((link.target, 0))
                    break
                }
            }
        }
        assertionFailure("a node that misses a type has a chain to its reader")
        return nil
    }
}

// MARK: Messages

extension EnvironmentGraph {
    /// `a 'UserSettings'`, `an 'Editor'`, `a 'UIState'`, `an 'HTTPClient'`: the article English gives the name
    /// when read aloud. A name that starts with an initialism (two capitals) is read letter by letter, so the
    /// first letter's name decides ("an aitch", "a you"); otherwise a leading vowel letter, except a `U` read
    /// "you" (`Us...`, `Uni...`, `Uti...`).
    static func withArticle(_ type: String) -> String {
        let scalars = Array(type.unicodeScalars.prefix(2))
        let startsWithInitialism = scalars.count == 2 && scalars.allSatisfy { $0.properties.isUppercase }
        let lower = type.lowercased()
        var article = "a"
        if startsWithInitialism {
            // Letters whose names start with a vowel sound: A, E, F, H, I, L, M, N, O, R, S, X.
            if let first = type.first, "AEFHILMNORSX".contains(first) { article = "an" }
        } else if let first = lower.first, "aeiou".contains(first) {
            article = ["us", "uni", "uti", "ur", "eu"].contains(where: lower.hasPrefix) ? "a" : "an"
        }
        return "\(article) '\(type)'"
    }

    /// `x`, `x and y`, `x, y and z`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// `ContentView -> DetailView -> BadgeView` from a chain's first view and the steps below it.
    static func chainNames(start: String, steps: [Step]) -> [String] {
        var names = [start]
        for step in steps where step.view != names.last { names.append(step.view) }
        return names
    }

    /// When a chain's crash happens, if not as soon as the root shows its view: the tap whose action is the only
    /// read, else the last presentation on the way (the sheet that shows the reader, a navigation destination).
    static func moment(of steps: [Step]) -> String? {
        let presentation = steps.last(where: { $0.presentation != nil })?.presentation
        if let last = steps.last, let tap = last.tap {
            let place: String
            switch presentation {
            case .sheet: place = " in the sheet"
            case .fullScreenCover: place = " in the full-screen cover"
            case .popover: place = " in the popover"
            case .navigation: place = " in the destination"
            case nil: place = ""
            }
            if tap.onFailure { return "when a call in '\(last.view)' fails\(place)" }
            if let event = tap.event {
                return event.isEmpty ? "when an action of '\(last.view)' runs\(place)" : "when '\(last.view)' handles '\(event)'\(place)"
            }
            if tap.titles.isEmpty { return "when tapped in '\(last.view)'\(place)" }
            let titles = tap.titles.map { "'\($0)'" }
            return "when \(titles.dropLast().joined(separator: ", "))\(titles.count > 1 ? " or " : "")\(titles.last!) is tapped\(place)"
        }
        switch presentation {
        case .sheet: return "when the sheet is presented"
        case .fullScreenCover: return "when the full-screen cover is presented"
        case .popover: return "when the popover is presented"
        case .navigation: return "when the destination is shown"
        case nil: return nil
        }
    }

    /// The finding at a root: names the view shown, every missing type, who reads them and each chain, and when it
    /// crashes if that waits for a tap or a presentation.
    static func rootMessage(_ finding: RootFinding) -> String {
        let root = finding.view
        let shown = finding.rootKind == .app ? "is shown here" : finding.previewLabel.map { "is previewed in \($0)" } ?? "is previewed here"
        let types = list(finding.missing.map { withArticle($0.type) })
        let moments = finding.missing.map { moment(of: $0.steps) }
        // One moment for every chain is said with the crash, different ones with each chain.
        let sameMoment = Set(moments).count == 1
        let when = sameMoment ? moments[0].map { " " + $0 } ?? "" : ""
        let chains = zip(finding.missing, moments).map { entry, moment in
            chainNames(start: entry.chainStart.view, steps: entry.steps).joined(separator: " -> ") + " needs \(entry.type)"
                + (sameMoment ? "" : moment.map { " " + $0 } ?? "")
        }.joined(separator: "; ")
        // The root first when it reads some itself ("it and 'Badge' below it"), then in type order.
        var readers: [String] = finding.missing.contains { ($0.steps.last?.view ?? root) == root } ? [root] : []
        for entry in finding.missing {
            let reader = entry.steps.last?.view ?? root
            if !readers.contains(reader) { readers.append(reader) }
        }
        let one = finding.missing.count == 1
        if readers == [root] {
            return "'\(root)' \(shown) without \(types) in its environment, and it reads \(one ? "one" : "them"): it crashes\(when) (\(chains))"
        }
        let names = readers.map { $0 == root ? "it" : "'\($0)'" }
        let verb = readers.count == 1 ? (one ? "reads one and crashes" : "reads them and crashes")
            : (one ? "read one and crash" : "read them and crash")
        return "'\(root)' \(shown) without \(types) in its environment; \(list(names)) below it \(verb)\(when) (\(chains))"
    }

    /// The notes of a root finding: per missing type, the steps of its chain (a note already given for an
    /// earlier type is not repeated), preceded by the construction it starts at when that is not the finding's.
    static func rootNotes(_ finding: RootFinding) -> [DiagnosticNote] {
        var notes: [DiagnosticNote] = []
        var given: Set<DiagnosticNote> = []
        for entry in finding.missing {
            var chain: [DiagnosticNote] = []
            if entry.chainStart.span != finding.span {
                chain.append(DiagnosticNote(message: "'\(entry.chainStart.view)' is shown here too", span: entry.chainStart.span))
            }
            chain += entry.steps.map(\.note)
            for note in chain where given.insert(note).inserted { notes.append(note) }
        }
        return notes
    }

    /// The reading declarations of a root finding, each with the finding as worded there: where a
    /// `flowlint:` comment may silence it, and where a run that reports the reader's file but not the root's
    /// shows it.
    static func readerPlaces(_ finding: RootFinding) -> [RelatedPlace] {
        let file = finding.span.file.split(separator: "/").last.map(String.init) ?? finding.span.file
        var places: [RelatedPlace] = []
        for entry in finding.missing {
            guard let step = entry.steps.last, !places.contains(where: { $0.span == step.note.span }) else { continue }
            let reads = "'\(step.view)' reads \(withArticle(entry.type)) here"
            let when = moment(of: entry.steps)
            let message = finding.rootKind == .app
                ? "\(reads), and the app shows '\(finding.view)' (\(file)) without one: it crashes \(when ?? "when shown")"
                : "\(reads), and a preview of '\(finding.view)' (\(file)) does not provide one: the preview crashes"
                    + (when.map { " " + $0 } ?? "")
            places.append(RelatedPlace(span: step.note.span, message: message))
        }
        return places
    }

    static func noProviderMessage(type: String, view: String, property: String) -> String {
        "nothing provides '\(type)' with .environmentObject(_:) or .environment(_:), so '\(view)' crashes when "
            + "it reads '\(property)'"
    }
}

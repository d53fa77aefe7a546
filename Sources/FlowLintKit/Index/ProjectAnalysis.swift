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

/// A value that project checks (and `flowlint graph`) share, computed from the index once per run, as
/// go/analysis's analyzers are: it declares what it reads of each file's facts (`inputs(of:)`) and which other
/// analyses it reads (`requires`), and is asked for with `index[SomeAnalysis.self]`.
///
/// The index computes it when first asked and keeps it. An editor's server keeps the index between edits: when
/// an edit changes a file, every analysis whose inputs differ between the old and the new facts of that file is
/// dropped, and so is every analysis that requires a dropped one; the others are kept. No analysis is
/// invalidated by hand. `LiveProjectTests` checks every registered analysis against a fresh computation
/// after a series of edits, so an `inputs(of:)` that leaves out something `compute` reads fails there.
protocol ProjectAnalysis {
    associatedtype Value: Sendable
    /// What the analysis reads of one file's facts (directly, or through the index's tables built from them).
    associatedtype Inputs: Equatable
    static func inputs(of facts: FileFacts) -> Inputs
    /// The analyses whose values `compute` asks the index for.
    static var requires: [any ProjectAnalysis.Type] { get }
    static func compute(_ index: ProjectIndex) -> Value
}

extension ProjectAnalysis {
    static var requires: [any ProjectAnalysis.Type] { [] }

    /// Whether an edit from `old` to `new` can change the value.
    static func isAffected(from old: FileFacts, to new: FileFacts) -> Bool { inputs(of: old) != inputs(of: new) }

    /// The value over `index`, for code that holds the analysis as `any ProjectAnalysis.Type` (tests).
    static func anyValue(in index: ProjectIndex) -> Any { index[Self.self] }
}

/// Every analysis, for the tests that compare kept values with fresh ones.
enum AnalysisRegistry {
    /// `analyses` and every analysis they require, directly or not, each once, requirements first.
    static func closure(of analyses: [any ProjectAnalysis.Type]) -> [any ProjectAnalysis.Type] {
        var ordered: [any ProjectAnalysis.Type] = []
        var seen: Set<ObjectIdentifier> = []
        // Depth-first with an explicit stack: requirements are few and acyclic, but nothing here recurses.
        var stack: [(analysis: any ProjectAnalysis.Type, expanded: Bool)] = analyses.reversed().map { ($0, false) }
        while let (analysis, expanded) = stack.popLast() {
            let key = ObjectIdentifier(analysis)
            if seen.contains(key) { continue }
            if expanded {
                seen.insert(key)
                ordered.append(analysis)
            } else {
                stack.append((analysis, true))
                stack += analysis.requires.reversed().filter { !seen.contains(ObjectIdentifier($0)) }.map { ($0, false) }
            }
        }
        return ordered
    }

    /// An analysis's name as `flowlint rules --reporter json` lists it: the type's name, what
    /// `String(describing:)` gives a metatype. Not `String(describing:)` itself: it asks the runtime whether the
    /// metatype conforms to `CustomStringConvertible` and two other protocols, and each answer for a type not
    /// asked about before is a search through every conformance in the binary, for every analysis of every rule
    /// at start-up (5 % of a one-file lint's CPU time).
    static func name(of analysis: any ProjectAnalysis.Type) -> String { _typeName(analysis, qualified: false) }

    static let all: [any ProjectAnalysis.Type] = [ViewDeclarations.self, Subclasses.self, ViewNames.self, FilePositions.self,
                                                  ObservedTypes.self, TypeAliases.self, PersistedFlagFlips.self, EnvironmentAnalysis.self, ClassNames.self,
                                                  ViewsShownOnlyInPreviews.self, ViewsShownOnlyOutsideSwiftUI.self,
                                                  ObservableObjectsPublishingNothing.self, ProjectViewReads.self,
                                                  ViewConstructionArguments.self]
}

/// The arguments of every construction of each view, for the views FlowLint sees every construction of: in view
/// bodies, view-building members and previews, none in a class, an extension, a free function, a global or a struct
/// that hands views over (`Constructions`: a UIKit host, a router), where what is passed is not recorded.
enum ViewConstructionArguments: ProjectAnalysis {
    /// One construction: its argument labels and which are array literals (as `RenderEdge` keeps them), and whether
    /// a preview makes it.
    struct Construction: Sendable, Equatable {
        var view: String
        var argumentLabels: String
        var arrayLiteralArguments: UInt16
        var newValueArguments: UInt16
        var inPreview: Bool
        /// The innermost container around it is a layout container (`ScrollView { Rows() }`,
        /// `SwiftUINames.layoutContainers`).
        var inLayoutContainer = false

        func argument(labeled label: String) -> (passed: Bool, isArrayLiteral: Bool) {
            RenderEdge.argument(labeled: label, labels: argumentLabels, arrayLiterals: arrayLiteralArguments)
        }

        /// Whether the argument labeled `label` constructs a new value (`Editor(model: Model(id))`).
        func constructsNewValue(labeled label: String) -> Bool {
            guard let position = RenderEdge.position(of: label, in: argumentLabels) else { return false }
            return RenderEdge.isSet(newValueArguments, at: position)
        }
    }

    struct Inputs: Equatable {
        var constructions: [Construction]
        var constructedElsewhere: [String]
    }

    struct Table: Sendable {
        fileprivate var byView: [String: [Construction]] = [:]

        /// Every construction of `view`; nil when FlowLint does not see every construction of it.
        func constructions(of view: String) -> [Construction]? { byView[view] }

        /// How many constructions of `view` pass `input`; nil when FlowLint does not see every construction of it.
        func constructions(of view: String, passing input: String) -> Int? {
            byView[view].map { $0.filter { $0.argument(labeled: input).passed }.count }
        }

        /// Whether every construction of `view` outside previews that passes `input` constructs a new value for it
        /// (`Editor(model: Model(id))`), and one does; false for a view constructed somewhere FlowLint does not see.
        func givesNewValue(to view: String, input: String) -> Bool {
            guard let passing = byView[view]?.filter({ !$0.inPreview && $0.argument(labeled: input).passed }), !passing.isEmpty
            else { return false }
            return passing.allSatisfy { $0.constructsNewValue(labeled: input) }
        }

        /// Whether every construction of `view` outside previews puts it directly in a layout container (`ScrollView {
        /// FavoriteRows() }`), and there is one; false for a view constructed somewhere FlowLint does not see.
        func isShownOnlyInLayoutContainers(_ view: String) -> Bool {
            guard let shown = byView[view]?.filter({ !$0.inPreview }), !shown.isEmpty else { return false }
            return shown.allSatisfy(\.inLayoutContainer)
        }

        /// Whether every construction of `view` passes an array literal as `input`, or leaves it out when its default
        /// is one (`orLiteralDefault`); false for a view constructed nowhere FlowLint sees.
        func givesArrayLiteral(to view: String, input: String, orLiteralDefault: Bool) -> Bool {
            guard let constructions = byView[view], !constructions.isEmpty else { return false }
            return constructions.allSatisfy { c in
                let argument = c.argument(labeled: input)
                return argument.isArrayLiteral || (orLiteralDefault && !argument.passed)
            }
        }
    }

    static func inputs(of facts: FileFacts) -> Inputs {
        var constructions: [Construction] = []
        for renderer in facts.renderers {
            let inPreview = ViewsShownOnlyOutsideSwiftUI.isPreview(renderer)
            for edge in renderer.edges {
                guard let view = edge.viewName else { continue }
                constructions.append(Construction(view: view, argumentLabels: edge.argumentLabels,
                                                  arrayLiteralArguments: edge.arrayLiteralArguments,
                                                  newValueArguments: edge.newValueArguments, inPreview: inPreview,
                                                  inLayoutContainer: edge.enclosingCallees.last.map(SwiftUINames.layoutContainers.contains) == true))
            }
        }
        return Inputs(constructions: constructions, constructedElsewhere: facts.constructions.flatMap(\.names))
    }

    static func compute(_ index: ProjectIndex) -> Table {
        let perFile = index.files.map(inputs(of:))
        let elsewhere = Set(perFile.flatMap(\.constructedElsewhere))
        var table = Table()
        for file in perFile {
            for c in file.constructions where !elsewhere.contains(c.view) { table.byView[c.view, default: []].append(c) }
        }
        return table
    }
}

extension ProjectIndex {
    /// The value of an analysis over this index, computed when first asked (by whichever check asks first;
    /// the others wait for it) and kept with the index.
    subscript<A: ProjectAnalysis>(_ analysis: A.Type) -> A.Value { analyses.value(of: analysis, in: self) }
}

/// The analyses computed over one index. A class, so that asking does not mutate the index (project checks read
/// it side by side); a copy of an index shares it until `replaceFile` gives the copy one of its own.
final class AnalysisStore: @unchecked Sendable, CustomReflectable {
    private let lock = Lock()
    private var values: [ObjectIdentifier: (analysis: any ProjectAnalysis.Type, value: Any)] = [:]
    /// One lock per analysis, so that a value is computed once however many checks ask for it at the same time,
    /// while analyses that do not depend on each other are computed side by side.
    private var computing: [ObjectIdentifier: Lock] = [:]

    init() {}

    func value<A: ProjectAnalysis>(of analysis: A.Type, in index: ProjectIndex) -> A.Value {
        let key = ObjectIdentifier(analysis)
        lock.lock()
        if let known = values[key]?.value as? A.Value {
            lock.unlock()
            return known
        }
        let once = computing[key] ?? Lock()
        computing[key] = once
        lock.unlock()
        once.lock()
        defer { once.unlock() }
        lock.lock()
        if let known = values[key]?.value as? A.Value {
            lock.unlock()
            return known
        }
        lock.unlock()
        let computed = A.compute(index)
        lock.lock()
        values[key] = (analysis, computed)
        lock.unlock()
        return computed
    }

    /// A store holding what stays true after one file's facts change from `old` to `new`.
    func keeping(afterChanging old: FileFacts, to new: FileFacts) -> AnalysisStore {
        lock.lock()
        defer { lock.unlock() }
        var dropped = Set(values.filter { $0.value.analysis.isAffected(from: old, to: new) }.keys)
        // Whatever requires a dropped analysis goes too (a fixed point over the few kept ones).
        var changed = !dropped.isEmpty
        while changed {
            changed = false
            for (key, entry) in values where !dropped.contains(key)
                && entry.analysis.requires.contains(where: { dropped.contains(ObjectIdentifier($0)) }) {
                dropped.insert(key)
                changed = true
            }
        }
        let kept = AnalysisStore()
        kept.values = values.filter { !dropped.contains($0.key) }
        return kept
    }

    /// Which analyses hold a value, for tests.
    var computed: Set<ObjectIdentifier> {
        lock.lock()
        defer { lock.unlock() }
        return Set(values.keys)
    }

    /// Not part of what an index is: two indexes of the same facts are equal whatever was computed.
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

// MARK: Analyses of the index's names

/// Every view and scene of the project (`ProjectIndex.isView`, `isScene`) with its declarations, extensions left
/// out: the types whose bodies the environment walk goes through.
enum ViewDeclarations: ProjectAnalysis {
    /// Whether a name is a view or scene depends on the names declared, their kinds and inheritance clauses
    /// (protocols included: a refinement of `View` declared in the project), and whether they declare a view
    /// `body`.
    static func inputs(of facts: FileFacts) -> [[String]] {
        facts.types.map { [$0.name, $0.kind.rawValue, $0.declaresViewBody ? "body" : ""] + $0.inherited }
    }

    static func compute(_ index: ProjectIndex) -> [String: [(file: Int, type: Int)]] {
        var views: [String: [(file: Int, type: Int)]] = [:]
        // Only names with an inheritance clause somewhere can be views.
        for name in index.namesWithInheritance where index.isView(name) || index.isScene(name) {
            let declarations = index.types(named: name).filter { index.type($0).kind != .extension }
            if !declarations.isEmpty { views[name] = declarations }
        }
        return views
    }
}

/// The classes by the name of the superclass their declaration names first, sorted; a class with several
/// declarations is listed once per declaration.
enum Subclasses: ProjectAnalysis {
    static func inputs(of facts: FileFacts) -> [[String?]] {
        facts.types.filter { $0.kind == .class }.map { [$0.name, $0.inherited.first] }
    }

    static func compute(_ index: ProjectIndex) -> [String: [String]] {
        var subclasses: [String: [String]] = [:]
        for name in index.namesWithInheritance {
            for ref in index.types(named: name) where index.type(ref).kind == .class {
                if let superclass = index.type(ref).inherited.first { subclasses[superclass, default: []].append(name) }
            }
        }
        // Sorted, so the value does not depend on the order of the index's name table.
        return subclasses.mapValues { $0.sorted() }
    }
}

/// The names that are classes and nothing else: a class declaration and, besides it, only extensions (a name that a
/// struct or enum of the project also declares cannot be told). A project check that asks about many names, most of
/// them not classes, asks this first: one set lookup instead of the name's declarations.
/// What the declarations of every file that may be SwiftUI code name (`FileFacts.viewReads`), in file order:
/// `ProjectIndex.viewsReaching` tells from them which SwiftUI code holds or reads a class.
enum ProjectViewReads: ProjectAnalysis {
    static func inputs(of facts: FileFacts) -> [ViewReads] { facts.viewReads }

    static func compute(_ index: ProjectIndex) -> [ViewReads] { index.files.flatMap(\.viewReads) }
}

enum ClassNames: ProjectAnalysis {
    static func inputs(of facts: FileFacts) -> [[String]] {
        facts.types.map { [$0.name, $0.kind.rawValue] }
    }

    static func compute(_ index: ProjectIndex) -> Set<String> {
        var classes: [String: Bool] = [:]
        var others: Set<String> = []
        for facts in index.files {
            for type in facts.types {
                switch type.kind {
                case .class: classes[type.name] = true
                case .extension: break
                default: others.insert(type.name)
                }
            }
        }
        return Set(classes.keys).subtracting(others)
    }
}

/// Each file's position in the index, by its display path: what a project check needs to look a finding's file up
/// in the index's per-file tables (`BuildLayout`).
enum FilePositions: ProjectAnalysis {
    static func inputs(of facts: FileFacts) -> String { facts.path }

    static func compute(_ index: ProjectIndex) -> [String: Int] {
        Dictionary(index.files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

extension ProjectIndex {
    func position(ofFile path: String) -> Int? { self[FilePositions.self][path] }
}

/// Every type alias of the project by name, with the simple names of the types it stands for ("" for one that is
/// not a nominal type): `ProjectIndex.resolve` reads a provider's type written as an alias through it.
enum TypeAliases: ProjectAnalysis {
    static func inputs(of facts: FileFacts) -> [TypeAliasFact] { facts.typeAliases }

    static func compute(_ index: ProjectIndex) -> [String: Set<String>] {
        var aliases: [String: Set<String>] = [:]
        for facts in index.files {
            for alias in facts.typeAliases { aliases[alias.name, default: []].insert(alias.target) }
        }
        return aliases
    }
}

/// The views that classes, free functions, or structs and enums that say `rootView`, of the sources construct
/// (`UIHostingController(rootView: Root())`, `super.init(rootView: Root())`, `controller.view = Root()`) and that no view, scene or app of the sources
/// constructs (previews left out): shown, as far as the sources tell, only by UIKit or AppKit code, as the root of
/// a hosting controller or view, which keeps the struct it was given, so no parent's body re-creates them.
enum ViewsShownOnlyOutsideSwiftUI: ProjectAnalysis {
    struct Inputs: Equatable {
        var shown: [ShownView]
        var constructions: [Constructions]
    }

    /// A view a renderer constructs, with the type whose body or member it is (nil for an app's scenes).
    struct ShownView: Equatable {
        var owner: String?
        var view: String
    }

    static func inputs(of facts: FileFacts) -> Inputs {
        Inputs(shown: shownViews(facts), constructions: facts.constructions)
    }

    static var requires: [any ProjectAnalysis.Type] { [ClassNames.self, ViewsShownOnlyInPreviews.self] }

    /// The views constructed in the file's renderers other than previews and the `body` of a watchOS hosting
    /// controller made once (`TypeFact.hostsBodyOnce`), whose constructions are a host's.
    static func shownViews(_ facts: FileFacts) -> [ShownView] {
        let hosts = facts.types.filter(\.hostsBodyOnce).map(\.name)
        return facts.renderers.filter { !isPreview($0) && !($0.ownerType.map(hosts.contains) ?? false) }.flatMap { renderer in
            renderer.edges.compactMap { edge in edge.viewName.map { ShownView(owner: renderer.ownerType, view: $0) } }
        }
    }

    static func isPreview(_ renderer: Renderer) -> Bool {
        switch renderer.kind {
        case .root(.preview), .root(.previewProvider): return true
        default: return false
        }
    }

    static func compute(_ index: ProjectIndex) -> Set<String> {
        // In free functions and in classes (declared as such, or extended where a class of the sources is).
        let classes = index[ClassNames.self]
        var constructed: Set<String> = []
        for facts in index.files {
            for c in facts.constructions where c.owner.isEmpty || classes.contains(c.owner) || c.hostsViews {
                constructed.formUnion(c.names)
            }
        }
        // A view only previews show shows its content to no user: what it constructs is not shown by SwiftUI.
        let previewOnly = index[ViewsShownOnlyInPreviews.self]
        let shown = index.files.flatMap(shownViews).filter { $0.owner.map { !previewOnly.contains($0) } ?? true }.map(\.view)
        return constructed.subtracting(shown)
    }
}

/// The views that only previews construct (`#Preview`, `PreviewProvider`): no view, scene or app of the sources
/// constructs them, nor does a class, an extension or a free function. A preview's harness: it is the root its
/// preview shows, created once for it, never again by a parent.
enum ViewsShownOnlyInPreviews: ProjectAnalysis {
    struct Inputs: Equatable {
        var shownInPreviews: [String]
        var shown: [String]
        var constructed: [String]
    }

    static func inputs(of facts: FileFacts) -> Inputs {
        Inputs(shownInPreviews: facts.renderers.filter(ViewsShownOnlyOutsideSwiftUI.isPreview).flatMap(\.edges).compactMap(\.viewName),
               shown: ViewsShownOnlyOutsideSwiftUI.shownViews(facts).map(\.view), constructed: facts.constructions.flatMap(\.names))
    }

    static func compute(_ index: ProjectIndex) -> Set<String> {
        var previewed: Set<String> = []
        var elsewhere: Set<String> = []
        for facts in index.files {
            let inputs = inputs(of: facts)
            previewed.formUnion(inputs.shownInPreviews)
            elsewhere.formUnion(inputs.shown)
            elsewhere.formUnion(inputs.constructed)
        }
        return previewed.subtracting(elsewhere)
    }
}

/// The `ObservableObject` classes of the sources that never publish a change: no declaration of the class or of a
/// superclass the sources declare has a `@Published` property or says `objectWillChange`, and the chain of
/// superclasses ends in the sources (at `ObservableObject`, `NSObject` or a protocol). SwiftUI observes nothing in
/// such an object: to a view it is a plain class (a holder of closures or of references), whatever it conforms to.
/// A class whose superclass comes from another module may publish through it, so it is not listed.
enum ObservableObjectsPublishingNothing: ProjectAnalysis {
    struct ClassInputs: Equatable {
        var name: String
        var kind: TypeFact.Kind
        var inherited: [String]
        var publishes: Bool
    }

    static func inputs(of facts: FileFacts) -> [ClassInputs] {
        facts.types.filter { $0.kind == .class || $0.kind == .extension || $0.kind == .protocol }.map { type in
            ClassInputs(name: type.name, kind: type.kind, inherited: type.inherited,
                        publishes: type.mentionsObjectWillChange
                            || type.properties.decoded(path: facts.path).contains { $0.wrapper == "Published" })
        }
    }

    static func compute(_ index: ProjectIndex) -> Set<String> {
        let classes = index[ClassNames.self]
        var silent: Set<String> = []
        for name in classes where index.observableObject(name) == true && publishesNothing(name, classes, index) {
            silent.insert(name)
        }
        return silent
    }

    static var requires: [any ProjectAnalysis.Type] { [ClassNames.self] }

    /// The class and its superclasses of the sources, iterated (a cycle is broken code: not judged).
    static func publishesNothing(_ name: String, _ classes: Set<String>, _ index: ProjectIndex) -> Bool {
        var current = name
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            let declarations = index.types(named: current)
            if declarations.contains(where: { ref in
                index.type(ref).mentionsObjectWillChange || index.properties(of: ref).contains { $0.wrapper == "Published" }
            }) { return false }
            guard let superclass = declarations.lazy.compactMap({ ref -> String? in
                let type = index.type(ref)
                return type.kind == .class ? type.inherited.first : nil
            }).first else { return true }
            if superclass == "ObservableObject" || superclass == "NSObject" || index.protocolNames.contains(superclass)
                || ProjectIndex.protocolsNotRefiningObservableObject.contains(superclass) { return true }
            guard classes.contains(superclass) else { return false }
            current = superclass
        }
        return false
    }
}

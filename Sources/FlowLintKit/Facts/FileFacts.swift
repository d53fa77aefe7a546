import Foundation
import FlowLintSyntax

/// Everything the project-wide passes need from one file, with no reference to its AST: the AST is dropped
/// as soon as these facts and the file's own findings are taken.
struct FileFacts: Sendable, Equatable {
    var path: String
    /// Declared types and extensions, in source order.
    var types: [TypeFact] = []
    /// Places that render views: view bodies, their view-building members, and roots.
    var renderers: [Renderer] = []
    /// Every environment provider applied in the file, resolved or not (for "no provider anywhere").
    var providedTypes: [TypeReference] = []
    /// `extension View { func withX() -> some View { environmentObject(X()) } }`: helper name → what it provides.
    var providerHelpers: [ProviderHelper] = []
    /// File-level `let` constants with an initializer (constant collections for `foreach_index_id`), sorted
    /// and without repeats: an array, not a set, since every file's stay in memory for the project pass.
    var fileConstants: [String] = []
    /// `// flowlint:` comments, applied once all findings (project-wide ones included) are known.
    var directives: [SuppressionDirective] = []
    /// Findings whose truth depends on other files (owner conformances, constants declared elsewhere).
    var pendingFindings: [PendingFinding] = []
}

struct TypeFact: Sendable, Equatable {
    enum Kind: String, Sendable, CaseIterable { case `struct`, `class`, `enum`, actor, `protocol`, `extension` }
    var name: String
    var kind: Kind
    /// Names in the inheritance clause, last component and without generic arguments (`SwiftUI.View` → `View`).
    var inherited: [String]
    var properties: PropertyList
    /// Names of view-building members other than `body` (computed properties and functions).
    var viewMembers: Set<String> = []
}

/// A stored or computed property, as the project passes need it: decoded from a type's `PropertyList` when
/// a pass asks about it.
struct PropertyFact: Sendable, Equatable {
    var name: String
    /// The declared or inferred type: from the annotation, else from a construction in the initializer.
    var type: String?
    var isStatic: Bool
    var isLet: Bool
    var hasInitializer: Bool
    /// For `@EnvironmentObject` and `@Environment(T.self)`: the object type read from the environment, and
    /// where its wrapper attribute is.
    var environmentObjectType: String?
    var attributeSpan: SourceSpan?

    init(name: String, isStatic: Bool, isLet: Bool, hasInitializer: Bool, type: String?,
         environmentObjectType: String?, attributeSpan: SourceSpan?) {
        self.name = name
        self.type = type
        self.isStatic = isStatic
        self.isLet = isLet
        self.hasInitializer = hasInitializer
        if let environmentObjectType, let attributeSpan {
            self.environmentObjectType = environmentObjectType
            self.attributeSpan = attributeSpan
        }
    }
}

/// A type as a provider expression spells it, resolved when the whole project is known.
enum TypeReference: Hashable, Sendable {
    /// A type name (last component, no generic arguments).
    case named(String)
    /// The type of `members` reached from a value of type `base` (`model.settings` where `model: Model`).
    case memberChain(base: String, members: [String])
    /// A static member `Type.member`: the type of the static property, or `Type` itself when not declared.
    case staticMember(type: String, member: String)
    /// Not resolvable (a function result, an untyped closure parameter, ...): silences what it reaches.
    case unknown
}

/// A body that renders views: a view's `body`, one of its view-building members, or a root.
struct Renderer: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `body` of the type named `type` (identified by its declaration in `typeIndex` of this file).
        case viewBody(type: String, typeIndex: Int)
        /// Another view-building member (`var header: some View`, `func row(_:)`) of a type.
        case member(type: String, typeIndex: Int, name: String)
        /// `@main` App scenes, `PreviewProvider.previews`, `#Preview`.
        case root(RootKind)
    }
    enum RootKind: String, Sendable { case app, previewProvider, preview }
    var kind: Kind
    var edges: [RenderEdge] = []
}

/// One view construction (or use of a view-building member) inside a renderer, with the environment
/// providers applied around it.
struct RenderEdge: Sendable, Equatable {
    enum Target: Sendable, Hashable {
        case view(String)
        /// A view-building member of the enclosing type (`header`, `self.row(x)`).
        case member(String)
    }
    var target: Target
    /// Providers applied around this construction, innermost last.
    var provided: [TypeReference]
    /// Capitalized callees whose closures or arguments hold the construction (`MyCard { Detail() }`); if one
    /// is neither a source view nor a SwiftUI view, the construction is opaque.
    var enclosingCallees: [String]
    /// View-extension helper calls around the construction (`.withSettings()`), resolved at index time.
    var helperCalls: [String]
    /// The construction is stored in a local variable first, so its real environment cannot be told.
    var flowsThroughLocal: Bool
    var span: SourceSpan
}

struct ProviderHelper: Sendable, Equatable {
    var name: String
    var provided: [TypeReference]
}

/// A finding produced from one file that holds only if a condition on the whole project holds.
struct PendingFinding: Sendable, Equatable {
    enum Condition: Sendable, Equatable {
        case always
        /// The owner type conforms (directly, via an extension, or through a protocol declared in the sources)
        /// to one of the SwiftUI owner protocols; `structOnly` excludes classes.
        case ownerIsSwiftUIType(owner: String, structOnly: Bool)
        /// The collection is not a constant anywhere in the project.
        case collectionNotConstant(CollectionReference)
    }
    var diagnostic: Diagnostic
    var condition: Condition
}

/// How a `foreach_index_id` finding names the collection whose indices it iterates.
enum CollectionReference: Sendable, Hashable {
    /// `xs` or `self.xs` inside type `owner` (nil at file level).
    case member(owner: String?, name: String)
    /// `Type.xs`
    case staticMember(type: String, name: String)
    /// Anything else (`model.items`, a parameter, a `let` without initializer): never a known constant.
    case variable
}

extension Array {
    /// A copy with no spare capacity (an array grown by appending can hold up to twice what it needs); an
    /// empty array allocates nothing.
    func exactSized() -> [Element] {
        isEmpty ? [] : withUnsafeBufferPointer { Array($0) }
    }
}

/// One array per distinct inheritance clause, shared by every type that spells it. Clauses repeat across a
/// project (`Equatable`, `Codable`, `View`, `Error`: about one distinct clause per ten types on the corpus),
/// and each type's facts stay in memory until the project pass. Used when facts are extracted; facts decoded
/// from the cache keep their own arrays (see `FactsReader.type`).
final class InheritanceClauses: @unchecked Sendable {
    static let shared = InheritanceClauses()
    private var clauses: Set<[String]> = []
    private let lock = NSLock()

    /// The stored array equal to `clause` (stored now, without spare capacity, if it is new).
    func intern(_ clause: [String]) -> [String] {
        if clause.isEmpty { return [] }
        lock.lock()
        defer { lock.unlock() }
        if let stored = clauses.firstIndex(of: clause) { return clauses[stored] }
        let exact = clause.exactSized()
        clauses.insert(exact)
        return exact
    }
}

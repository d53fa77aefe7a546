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
import FlowLintSyntax

/// Everything the project-wide passes need from one file, with no reference to its AST: the AST is dropped
/// as soon as these facts and the rules' per-file output are taken.
///
/// The facts are `Codable` and the facts cache stores them with `CompactCoding`: a new fact is its
/// declaration here (or in a type below) plus the extractor code that fills it. Rules keep what only they
/// need in their own `Condition` and `Record` types, stored in `ruleOutputs`.
struct FileFacts: Sendable, Equatable, Codable {
    /// The file's display path in this run: not stored in the cache (an entry is found by the file's content,
    /// wherever it is), given back when the entry is read.
    @DisplayPath var path: String
    /// Declared types and extensions, in source order.
    var types: [TypeFact] = []
    /// Places that render views: view bodies, their view-building members, and roots.
    var renderers: [Renderer] = []
    /// Every environment provider applied in the file, resolved or not (for "no provider anywhere").
    var providedTypes: [TypeReference] = []
    /// `extension View { func withX() -> some View { environmentObject(X()) } }`: helper name → what it provides.
    var providerHelpers: [ProviderHelper] = []
    /// `// flowlint:` comments, applied once all findings (project-wide ones included) are known.
    var directives: [SuppressionDirective] = []
    /// What each enabled rule's per-file check reported, encoded with the rule's own types.
    var ruleOutputs: [RuleOutput] = []
    /// The `#if` clauses of the file, in pre-order, for deciding per target and platform what is compiled (facts
    /// name the innermost clause around them by index: their `clause`, -1 for none). Empty without `#if`.
    var clauses: [ConditionalClause] = []
    /// The file's type aliases at file level and among a type's members (`typealias DataType = RemoteData`), for
    /// resolving a provider's type written as an alias. Not those in function bodies (the parser may skip them).
    var typeAliases: [TypeAliasFact] = []
    /// The capitalized names called (`Name(...)`, `Name.init(...)`) in the file's top-level classes, extensions
    /// and free functions, each list sorted, by the class or extended type (empty for free functions): in those of a
    /// class, the views that UIKit or AppKit code creates (a hosting controller's root), which no SwiftUI body
    /// re-creates.
    var constructions: [Constructions] = []
    /// What each declaration that may be SwiftUI code names (`FileContext.viewReads`): which classes views hold
    /// or read, for the rules that judge a class by whether SwiftUI code shows it (`ProjectViewReads`).
    var viewReads: [ViewReads] = []
    /// The types whose metatype an `extension Environment { init(_ type: T.Type) }` of the file takes: with it,
    /// `@Environment(T.self)` reads a key of the project's own (with its default value), not an observable object.
    var environmentKeyInitializers: [String] = []
    /// The file's `@AppStorage` Boolean properties, and the flags whose every setting in the file writes one of
    /// those keys (`PersistedFlag`, `FlagFlip`): an onboarding or login flow whose end swaps the branch it is in.
    var persistedFlags: [PersistedFlag] = []
    /// The types whose stored `id` starts as a constant (`var id: DataId = .void`): elements made without an id of
    /// their own share it. Kept apart from `TypeFact`, since few types have one.
    var constantIDDefaults: [ConstantIDDefault] = []
    var flagFlips: [FlagFlip] = []
    /// The flags each construction that has some is shown for, outermost first (`RenderEdge.conditions`).
    var edgeConditions: [[FlagCondition]] = []
    /// A class or extension of the file uses an `objectWillChange` other than to send on it or to declare it
    /// (`store.objectWillChange.sink { ... }`): it may hear an object's change and read the object at once.
    var subscribesToObjectWillChange = false

    init(path: String) { self.path = path }
}

/// A Boolean flag and the value it must have for a construction to be shown (`RenderEdge.conditions`).
struct FlagCondition: Hashable, Sendable, Codable {
    var flag: String
    var value: Bool
    /// The arm of an `if` (not a presentation's flag or a link's): the branch the view shows while it holds.
    var isArm = false
    /// Code of the file outside the types that declare a stored `var` of the flag's name may set it to something
    /// other than `false` (`model.showsWelcome = true` in a button, `Toggle(isOn: $model.showsWelcome)`): what the
    /// type's own writes tell of it (`FlagFlip`) is not all.
    var setElsewhereInFile = false
}

/// `@AppStorage("isOnboarding") var isOnboarding = true` in a type: a Boolean kept under a key that every view or
/// model reading the same key sees change.
struct ConstantIDDefault: Hashable, Sendable, Codable {
    /// The type: its index in the file's `types`.
    var type: Int32
    /// The constant as written (`.void`, `0`; `nil` for an optional `id` without a value).
    var value: String
    /// The optional `id` is an integer (`var id: Int?`): a key a database gives when it stores the element, which the
    /// app cannot make itself.
    var isIntegerKey = false
}

struct PersistedFlag: Hashable, Sendable, Codable {
    /// The declaring type: its index in the file's `types`.
    var type: Int32
    var property: String
    /// The key as written, spaces left out (`"isOnboarding"`, `Keys.login`).
    var key: String
}

/// A stored Boolean flag (`false` at first) of a type whose every setting in its file, but to `false`, is beside a
/// write of a persisted key to a constant (`FactExtractor.KeyWriteBlocks`): `self.profileSaved = true;
/// self.isLoggedIn = true` (an `@AppStorage` property of the type), `showsSplash = true;
/// UserDefaults.standard.set(false, forKey: "isOnboarding")`. What the flag shows appears only as the key takes that
/// value.
struct FlagFlip: Hashable, Sendable, Codable {
    /// The type's qualified name (`Onboarding.Model`).
    var owner: String
    var flag: String
    var key: String
    var value: Bool
}

/// One rule's per-file findings and records (see `Rule`), each encoded apart: their types are the rule's own,
/// decoded by the rule's project check (the records only when it asks for them).
struct RuleOutput: Sendable, Equatable, Codable {
    var rule: String
    var findings: RawBytes?
    var records: RawBytes?
}

/// A file's display path inside its facts: written as nothing, read back as the path the facts are decoded
/// under (`CompactCoding.pathKey`).
@propertyWrapper
struct DisplayPath: Sendable, Equatable, Codable {
    var wrappedValue: String
    init(wrappedValue: String) { self.wrappedValue = wrappedValue }
    init(from decoder: Decoder) throws { wrappedValue = decoder.userInfo[CompactCoding.pathKey] as? String ?? "" }
    func encode(to encoder: Encoder) throws {}
}

struct TypeFact: Sendable, Equatable, Codable {
    enum Kind: String, Sendable, CaseIterable, Codable { case `struct`, `class`, `enum`, actor, `protocol`, `extension` }
    // Fields of eight bytes or more first, the small ones together at the end: about 50,000 of these stay in
    // memory for the whole run, and in this order each takes 88 bytes instead of 112.
    var name: String
    /// The name with the types around it (`Home.RootView`) when it is declared inside another type or an
    /// extension; for an extension, the extended type as written when that is qualified (`extension
    /// Settings.RootView`); nil otherwise (`name` says it all).
    var qualifiedName: String?
    /// Names in the inheritance clause, last component and without generic arguments (`SwiftUI.View` → `View`).
    var inherited: [String]
    var properties: PropertyList
    /// Attribute names on the declaration (`Observable`, `MainActor`, `Model`), in source order.
    var attributes: [String] = []
    /// Names of view-building members other than `body` (computed properties and functions), sorted: an
    /// array, so the facts encode to the same bytes every time.
    var viewMembers: [String] = []
    /// The stored `var`s of text that a computed `id` of the struct or class reads (`var id: String { name + unit }`):
    /// an id that changes as they are edited, and repeats where they do.
    var idComputedFrom: [String] = []
    /// The innermost `#if` clause around it (an index into the file's `clauses`), -1 for none.
    var clause: Int32 = -1
    var kind: Kind
    /// What the declaration says of its observation (`@Observable`, `@Model`, a conformance to `Observable` with or
    /// without a registrar of its own; `FileContext.observation(of:)`), nil when nothing.
    var observation: ObservationKind?
    /// The platforms its enclosing `#if os(...)` clauses allow.
    var platforms: Platforms = .all
    /// It declares `var body: some View` (or another type ending in `View`): with a conformance to a protocol
    /// the project does not declare (a library's `ConnectedView`), it is a view.
    var declaresViewBody = false
    /// A class or an extension whose text says `objectWillChange` (it announces changes by hand, or declares a
    /// publisher of its own under that name).
    var mentionsObjectWillChange = false
    /// A watchOS hosting controller (`class C: WKHostingController<Root>`) that never asks for its `body` again
    /// (`setNeedsBodyUpdate`): the views its `body` constructs are a hosting root made once, not a view's content.
    var hostsBodyOnce = false
    /// Declared `private` or `fileprivate`: no other file can name it, and a name its own file constructs means it
    /// before a type of another file (`private struct PreviewHelper` in several files of a module).
    var isFilePrivate = false
    /// Its computed `id` makes a new `UUID` (`var id: UUID { storedID ?? UUID() }`): no identity to keep rows by.
    var idIsNewWhenRead = false

    /// `qualifiedName` when there is one, else `name`.
    var qualifiedOrSimpleName: String { qualifiedName ?? name }
}

/// A stored or computed property, as the project passes need it: decoded from a type's `PropertyList` when
/// a pass asks about it.
struct PropertyFact: Sendable, Equatable, Codable {
    var name: String
    /// The declared or inferred type: from the annotation, else from a construction in the initializer.
    var type: String?
    var isStatic: Bool
    var isLet: Bool
    var hasInitializer: Bool
    /// The property wrapper's attribute name (`State`, `Published`, `Binding`): the last attribute that is not
    /// a marker such as `@MainActor` or `@objc`.
    var wrapper: String?
    /// For `@EnvironmentObject` and `@Environment(T.self)`: the object type read from the environment, and
    /// where its wrapper attribute is.
    var environmentObjectType: String?
    var attributeSpan: SourceSpan?
    /// An `@EnvironmentObject` whose name (`x`, `$x`, `_x`) appears nowhere else in its type's declaration and the
    /// extensions of it in its file, or only in `private` methods of the type that nothing in the file names: unless
    /// an extension in another file reads it, SwiftUI never looks the object up, so nothing crashes. (Another type
    /// of the file with a property of the same name does not read it.)
    var isUnreadInItsFile = false
    /// An `@EnvironmentObject` whose every use in its file is in the action of a button or a tap gesture: SwiftUI
    /// looks the object up, and crashes without it, only when the action runs.
    var readOnlyOnTap: TapAction?
    /// An `@EnvironmentObject` whose every use in its file is in a branch chosen by an input of its view
    /// (`switch tip { case .touchId: ... }`, `if isEditing { ... }`): SwiftUI looks the object up only when the
    /// caller passes one of those values.
    var readOnlyWhen: InputCondition?
    /// Without a declared or constructed type: the static member its initializer reads (`= Store.shared`), whose
    /// type the project index knows (`ProjectIndex.resolve`).
    var staticInitializer: StaticMemberName?
    /// The platforms its enclosing `#if os(...)` clauses allow.
    var platforms: Platforms = .all
    /// The innermost `#if` clause around it (an index into its file's `clauses`), -1 for none.
    var clause: Int32 = -1
    /// `@Query` or `@Environment(\.modelContext)`, named again in its file: SwiftData reads the model context
    /// from the environment, which a `.modelContainer(...)` above must set (`attributeSpan` is where its wrapper
    /// attribute is).
    var readsModelContext = false
    /// For a `@State` with an initial value: how it changes (`StateChanges`), which says whether a row that keeps
    /// it by position keeps anything of an element.
    var stateChanges: StateChanges = .any
    /// For an `@EnvironmentObject`: the platforms its uses in its file are compiled for (`#if !os(watchOS)` around
    /// every one of them: not read on watchOS), `all` past 256 uses.
    var readPlatforms: Platforms = .all

    init(name: String, isStatic: Bool, isLet: Bool, hasInitializer: Bool, type: String?, wrapper: String? = nil,
         environmentObjectType: String?, attributeSpan: SourceSpan?) {
        self.name = name
        self.type = type
        self.isStatic = isStatic
        self.isLet = isLet
        self.hasInitializer = hasInitializer
        self.wrapper = wrapper
        if let environmentObjectType, let attributeSpan {
            self.environmentObjectType = environmentObjectType
            self.attributeSpan = attributeSpan
        }
    }
}

/// The action a read waits for (`PropertyFact.readOnlyOnTap`).
struct TapAction: Hashable, Sendable, Codable {
    /// The literal titles of the buttons (`Button("Save") { ... }`), in source order, when every read is in buttons
    /// with a literal title; empty otherwise.
    var titles: [String]
    /// Every read is in a `catch` clause: the object is looked up only when a call before it throws.
    var onFailure = false
    /// Every read waits for something other than a tap: the handler that runs it (`onChange`, `onSubmit`, a
    /// callback such as `onSelect:` or `view.onTap = { ... }`), or empty when the reads wait for several kinds.
    var event: String?
}

/// The values of one input of a view for which it reads an object (`PropertyFact.readOnlyWhen`).
struct InputCondition: Hashable, Sendable, Codable {
    /// A stored property that the memberwise initializer takes (`tip` in `TipView(tip: .touchId)`).
    var input: String
    /// The literals it is tested against, as `RenderEdge.literalArguments` writes them (`.touchId`, `true`).
    var values: [String]
}

/// `Type.member` as written: a static member whose type the project index looks up.
struct StaticMemberName: Hashable, Sendable, Codable {
    var type: String
    var member: String
    /// `Type.member(...)`: a static method called, a factory of `Type` when that is an observable class of the
    /// project (`Store.preview(repository)`).
    var isCall = false
}

/// A type as a provider expression spells it, resolved when the whole project is known.
enum TypeReference: Hashable, Sendable, Codable {
    /// A type name (last component, no generic arguments).
    case named(String)
    /// The type of `members` reached from a value of type `base` (`model.settings` where `model: Model`).
    case memberChain(base: String, members: [String])
    /// A static member `Type.member`: the type of the static property, or `Type` itself when not declared.
    case staticMember(type: String, member: String)
    /// `Base.Member(...)` with a capitalized `Member`: a construction of the nested type `Member`
    /// (`Store.Child()`), or a call of `Base`'s static factory (`Alarm.TEST()`, `FileModel.Empty()`), which
    /// makes a `Base` by convention. Which one, only the project's declarations tell.
    case qualifiedCall(base: String, member: String)
    /// Not resolvable (a function result, an untyped closure parameter, ...): silences what it reaches.
    case unknown
    /// SwiftData's model container (and the context it puts in the environment): `.modelContainer(...)`,
    /// `.modelContext(_:)`, `.environment(\.modelContext, _)`. Resolves to `modelContainerName`.
    case modelContainer

    /// What the environment analysis calls the model container among the types it tracks: not a Swift type name,
    /// so no object type of the project can take its place.
    static let modelContainerName = "SwiftData model container"
}

/// A body that renders views: a view's `body`, one of its view-building members, or a root.
struct Renderer: Sendable, Equatable, Codable {
    enum Kind: Sendable, Equatable, Codable {
        /// `body` of the type named `type` (identified by its declaration in `typeIndex` of this file).
        case viewBody(type: String, typeIndex: Int)
        /// Another view- or scene-building member (`var header: some View`, `func row(_:)`, an App's
        /// `var mainWindow: some Scene`) of a type.
        case member(type: String, typeIndex: Int, name: String)
        /// `@main` App scenes, `PreviewProvider.previews`, `#Preview`.
        case root(RootKind)
    }
    enum RootKind: String, Sendable, Codable { case app, previewProvider, preview }
    /// The type whose body or member this is; nil for a root.
    var ownerType: String? {
        switch kind {
        case .viewBody(let type, _), .member(let type, _, _): return type
        case .root: return nil
        }
    }
    var kind: Kind
    var edges: [RenderEdge] = []
    /// The platforms the enclosing `#if os(...)` clauses of the rendering declaration allow.
    var platforms: Platforms = .all
    /// The innermost `#if` clause around the rendering declaration (an index into the file's `clauses`), -1 for none.
    var clause: Int32 = -1
    /// For a view's `body` that shows its stored content (`let content: Content`, a `@ViewBuilder` closure):
    /// the providers applied around every use of it, which the content a caller hands in gets; with those the body
    /// applies around everything it shows (`FactExtractor.providersAroundWholeBody`), which the content gets however
    /// the body shows it. Nil when there are none of either.
    var contentProviders: [TypeReference]?
    /// The `View` extension helpers applied around every use of that content (`content.dataContainer()`),
    /// resolved at index time to what they provide. Nil when none.
    var contentHelpers: [String]?
    /// For a `View` extension method (`func inRootView() -> some View { RootView { self } }`): the views it
    /// constructs with the receiver (`self`) in their content, so the receiver gets what their bodies provide
    /// around their content, and the view modifiers a static factory makes for it (`modifier(Previewer.dark())`).
    /// Nil otherwise.
    var receiverContainers: [String]?
    /// For an App's `body` and a `PreviewProvider`'s `previews`: that type's index in the file's `types` (the
    /// members the root uses are its); -1 otherwise.
    var rootType: Int32 = -1
    /// For a `#Preview`: its title (`#Preview("Dark")`) and the line it starts on, which tell two previews apart.
    var previewName: String?
    var previewLine: Int32 = 0
}

/// One view construction (or use of a view-building member) inside a renderer, with the environment
/// providers applied around it.
struct RenderEdge: Sendable, Equatable, Codable {
    enum Target: Sendable, Hashable, Codable {
        case view(String)
        /// A view-building member of the enclosing type (`header`, `self.row(x)`).
        case member(String)
    }
    var target: Target
    /// How `helperCalls` names `.modifier(T(...))`: not a Swift identifier, so no extension method's name.
    static func modifierHelperName(_ type: String) -> String { "modifier(\(type))" }
    /// The view constructed, when the target is one.
    var viewName: String? {
        if case .view(let name) = target { return name }
        return nil
    }
    /// Providers applied around this construction, innermost last.
    var provided: [TypeReference]
    /// Capitalized callees whose closures or arguments hold the construction (`MyCard { Detail() }`); if one
    /// is neither a source view nor a SwiftUI view, the construction is opaque.
    var enclosingCallees: [String]
    /// View-extension helper calls around the construction (`.withSettings()`), and view modifiers applied with
    /// `.modifier(T(...))` (`modifierHelperName`), resolved at index time.
    var helperCalls: [String]
    /// The construction is stored in a local variable first, so its real environment cannot be told.
    var flowsThroughLocal: Bool
    var span: SourceSpan
    /// A navigation container of the same body encloses the construction: destinations below it can be shown.
    var underNavigationContainer = false
    /// The construction is in a `NavigationLink` destination or `.navigationDestination` content that no
    /// container of the same body encloses: shown only when a container above the body does.
    var inUncontainedDestination = false
    /// The platforms the enclosing `#if os(...)` clauses of the construction allow.
    var platforms: Platforms = .all
    /// The innermost `#if` clause around the construction (an index into the file's `clauses`), -1 for none.
    var clause: Int32 = -1
    /// The types or module the construction names before the view (`Settings` in `Settings.RootView()`), nil
    /// when it names the view alone.
    var qualifier: String?
    /// How the construction is shown when not in place: in the content of a `sheet`, `fullScreenCover` or
    /// `popover`, or as a navigation destination (`flowlint graph` marks these edges).
    var presentation: Presentation?
    /// The construction passes constants only (`Row(kind: .fish, items: [])`, see `FileContext.isConstant`):
    /// what it gives the view never changes.
    var hasConstantArguments = false
    /// The labels of the construction's arguments, in order, each followed by a comma (`title,buttons,` for
    /// `Banner(title: t, buttons: [...])`): a short list is stored in the value itself, with no allocation (facts of
    /// every file stay in memory for the project pass).
    var argumentLabels = ""
    /// Bit `i` is set when the value of the `i`-th labeled argument is an array literal (`buttons`): an input that
    /// every construction gives a literal array has fixed slots, whatever the elements hold. The first 16 only.
    var arrayLiteralArguments: UInt16 = 0
    /// The Boolean flags the construction is shown for (an index into `FileFacts.edgeConditions`, -1 for none): the
    /// arms of `if flag { ... } else { ... }` around it in its body (a simple condition: `flag`, `model.flag`,
    /// `!flag`), and `flag` true in the content of `.sheet(isPresented: $flag)` (or another presentation) and in
    /// the destination of a `NavigationLink(destination:isActive: $model.flag)` with nothing to tap. An index, not
    /// the list: it fits the edge's padding, and edges of every file stay in memory for the project pass.
    var conditions: Int32 = -1
    /// The labeled arguments whose value is an enum case or a Boolean literal, each as `label=value,`
    /// (`tip=.touchId,isEditing=false,`): what an input of the view is for this construction (`InputCondition`). A
    /// constant `let` of the constructing type counts as its literal; an input of the constructing view handed on as
    /// it is is written `label=@name,` (`RenderWalker.forwardableInputs`), for the environment analysis to resolve.
    var literalArguments = ""

    /// The literal passed as `label` in `literalArguments` written as they are (`tip=.touchId,`), if one is.
    static func literalArgument(_ label: String, in literalArguments: String) -> String? {
        for entry in literalArguments.split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == label { return String(parts[1]) }
        }
        return nil
    }
    /// Bit `i` is set when the value of the `i`-th labeled argument constructs a value of a named type
    /// (`Manager(album: album)`): what the caller passes is made anew each time its body runs. The first 16 only.
    var newValueArguments: UInt16 = 0

    /// Whether the construction passes an argument labeled `label`, and whether its value is an array literal.
    func argument(labeled label: String) -> (passed: Bool, isArrayLiteral: Bool) {
        Self.argument(labeled: label, labels: argumentLabels, arrayLiterals: arrayLiteralArguments)
    }

    /// `argument(labeled:)` over labels and array-literal bits kept apart from their edge.
    static func argument(labeled label: String, labels: String, arrayLiterals: UInt16) -> (passed: Bool, isArrayLiteral: Bool) {
        guard let position = position(of: label, in: labels) else { return (false, false) }
        return (true, isSet(arrayLiterals, at: position))
    }

    /// Whether the bit of the argument at `position` is set in one of the edge's per-argument bit sets (the first 16
    /// labeled arguments only).
    static func isSet(_ bits: UInt16, at position: Int) -> Bool { position < 16 && bits & (1 << position) != 0 }

    /// The position of the argument labeled `label` among the labeled arguments `labels` (`title,buttons,`).
    static func position(of label: String, in labels: String) -> Int? {
        labels.split(separator: ",", omittingEmptySubsequences: false).dropLast().firstIndex { $0 == label }
    }

    enum Presentation: String, Sendable, Codable {
        case sheet, fullScreenCover, popover, navigation
    }
}

/// The capitalized names called in one top-level class, extension, struct or enum that is no view, app or scene and
/// says `rootView` or `AnyView`, or the free functions and globals (`owner` empty) of a file.
struct Constructions: Sendable, Equatable, Codable {
    var owner: String
    var names: [String]
    /// A struct or enum owner that says `rootView`: it hands views to a hosting controller or view (a class or a
    /// free function may, whatever it says).
    var hostsViews = false
}

/// `typealias Name = Target`: `target` is the aliased nominal type's simple name (`Module.Store<T>` → `Store`), or
/// empty when it is not one (a composition, a function type, a tuple).
struct TypeAliasFact: Sendable, Equatable, Codable {
    var name: String
    var target: String
}

struct ProviderHelper: Sendable, Equatable, Codable {
    var name: String
    var provided: [TypeReference]
    /// The methods it calls on its receiver (`withEnvironment(from: .preview)`, `self.themed()`): a `View` extension
    /// helper of the project among them provides to the receiver what it provides (`EnvironmentGraph`).
    var calls: [String] = []
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
    private let lock = Lock()

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

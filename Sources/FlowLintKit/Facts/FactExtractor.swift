import FlowLintSyntax

/// Walks one file's declarations once, collecting the `FileFacts` the project index is built from: types and
/// their properties, view renderers with the providers around each construction, provider helpers. Rules take
/// their own per-file findings (see `Rule`).
struct FactExtractor {
    let context: FileContext
    var facts: FileFacts
    /// What the `#if` clauses around each node say.
    let scopes: ConditionalScopes

    /// The bodies the facts need parsed: view- and scene-building members (`body`, `previews`, `@ViewBuilder` or
    /// `@ContentBuilder`, `@SceneBuilder`, a type ending in `View` or `Scene`), any body that applies an
    /// environment provider (SwiftData's `modelContainer` and `modelContext` among them), and any body with a tap
    /// action (`PropertyFact.readOnlyOnTap`: a button in toolbar content; `catch` blocks are found in the tokens).
    /// A file that says `EnvironmentObject` is parsed whole: its readers' uses are found in the tokens, and each is
    /// judged by the action around it (`view.onTap = { ... }` in a coordinator's method, a callback named `on...`),
    /// which a skipped body would hide, making a read on a tap look like one when the view is shown. Without it,
    /// the finding depended on which other rules were on: their needs parse such bodies or not.
    static let parses = BodySkipping(bodyWords: ["environment", "environmentObject", "modelContainer", "modelContext",
                                                 "Button", "onTapGesture", "action"],
                                     declarationWords: ViewBuilderNames.words.union(["body", "previews", "SceneBuilder"]),
                                     typeSuffixes: ["View", "Scene"], fileWords: ["EnvironmentObject"],
                                     notedWords: providerWords.words.union(FileContext.swiftUICodeWords.words))

    /// The tokens of each type's declaration and of the extensions of its name, by text, made once per type when
    /// `uses(of:)` is first asked about it: a type of thousands of `@EnvironmentObject`s asks it of each.
    let tokensOfTypes = TokensOfTypes()
    /// What the readers of each type ask of it, found when first asked: its actions and `catch` blocks
    /// (`tapAction(holdingAll:in:)`), and its methods (`onlyInUncalledPrivateMethods`).
    let readerTablesOfTypes = ReaderTablesOfTypes()

    final class ReaderTablesOfTypes {
        typealias Found = (actions: [Action], catches: [Range<Int>])
        /// Code that runs when the user acts: its bytes, its button's literal title, and for a handler that is not
        /// a tap, the handler's name (`TapAction.event`).
        struct Action {
            var bytes: Range<Int>
            var title: String?
            var event: String?
        }
        var byType: [Int: Found] = [:]
        var methods: [Int: [(declaration: Int, bytes: Range<Int>)]] = [:]
        /// A branch that an input of a type chooses (`inputBranches(in:)`), with the values that choose it.
        typealias InputBranch = (bytes: Range<Int>, input: String, values: [String])
        var inputBranches: [Int: [InputBranch]] = [:]
    }

    final class TokensOfTypes {
        struct Tokens {
            /// Identifiers, `$` identifiers and keywords, by text, each list in file order.
            var byText: [String: [Int]] = [:]
            /// String literals with an interpolation, in file order.
            var interpolatedStrings: [(token: Int, text: String)] = []
        }
        var byType: [Int: Tokens] = [:]
    }

    /// Whether `environmentObject` or `environment` occurs in the file: a provider is one of those calls, so a
    /// file without them has no providers to collect, and its non-rendering members are not walked (most files
    /// of a project).
    let mentionsProviders: Bool
    static let providerWords = TokenWords(["environmentObject", "environment"])
    /// Whether `rootView` occurs in the file: a type hands views to UIKit or AppKit only through it
    /// (`UIHostingController(rootView:)`), so a file without it has no hosting code to read. Asked only of a file
    /// with a type that may host.
    private lazy var mentionsRootView = context.mentions(Self.hostingWords)
    /// Whether `AppStorage` or `forKey` occurs in the file: without them it has no `PersistedFlag` nor `FlagFlip`.
    private lazy var mentionsPersistence = context.mentions(Self.persistenceWords)
    static let hostingWords = TokenWords(["rootView"])

    init(context: FileContext) {
        self.context = context
        self.tree = context.tree
        self.facts = FileFacts(path: context.path)
        let clauses = ConditionalClause.table(context)
        self.scopes = ConditionalScopes(platforms: Platforms.table(context), clauseOfNode: clauses?.clauseOfNode)
        facts.clauses = clauses?.clauses ?? []
        mentionsProviders = context.mentions(Self.providerWords)
    }

    static func extract(_ context: FileContext) -> FileFacts {
        var extractor = FactExtractor(context: context)
        extractor.visitItems(SyntaxTree.root, owner: nil)
        extractor.markConditionsSetElsewhereInFile()
        // Tokens the parser skipped (nesting past its depth limit, broken code) are not read: when a provider's
        // name is among them, "nothing provides T" cannot be said of this project.
        if context.skippedTokensMentionProvider() { extractor.facts.providedTypes.append(.unknown) }
        extractor.facts.typeAliases = context.typeAliasFacts
        extractor.facts.viewReads = context.viewReads
        extractor.keepReferencedClauses()
        // Facts of every file stay in memory until the project pass: no spare capacity from appending.
        extractor.facts.types = extractor.facts.types.exactSized()
        return extractor.facts
    }

    /// `context.tree`, held here: read through a computed property, the tree (five references) was copied and
    /// released at every use.
    let tree: SyntaxTree

    /// In a file with `#if`: each kept type's properties, by type index, until `keepReferencedClauses`.
    private var propertiesAwaitingClauses: [Int: [PropertyFact]] = [:]
    /// For the type whose renderers are being collected: `contentProvidersOfMembers`.
    private var memberContentProviders: [String: [TypeReference]] = [:]
    /// For the type whose renderers are being collected: `presentationFlagPlatforms`.
    private var presentationFlagPlatforms: [String: Platforms] = [:]
    /// The file's braces, once a type has a flag to judge (`flagFlips`).
    var braces: BraceTable?

    /// Keeps in `facts.clauses` only the clauses some fact lies in (and the clauses around those), renumbered
    /// in source order. Without this, the facts would depend on which bodies the parser skipped (a `#if` in a
    /// skipped function would be listed or not), and the cache and `FastPathTests` require that they do not.
    private mutating func keepReferencedClauses() {
        guard !facts.clauses.isEmpty else { return }
        var used = [Bool](repeating: false, count: facts.clauses.count)
        // A clause used, the clauses around it and the clauses before each of them in their `#if` (their
        // conditions decide it).
        func use(_ clause: Int32) {
            var pending = [clause]
            while let c = pending.popLast() {
                guard c >= 0, !used[Int(c)] else { continue }
                used[Int(c)] = true
                pending.append(facts.clauses[Int(c)].parent)
                pending.append(facts.clauses[Int(c)].previous)
            }
        }
        for type in facts.types { use(type.clause) }
        for properties in propertiesAwaitingClauses.values { for p in properties { use(p.clause) } }
        for renderer in facts.renderers {
            use(renderer.clause)
            for edge in renderer.edges { use(edge.clause) }
        }
        var renumbered = [Int32](repeating: -1, count: facts.clauses.count)
        var kept: [ConditionalClause] = []
        for (old, clause) in facts.clauses.enumerated() where used[old] {
            renumbered[old] = Int32(kept.count)
            var copy = clause
            copy.parent = clause.parent >= 0 ? renumbered[Int(clause.parent)] : -1
            copy.previous = clause.previous >= 0 ? renumbered[Int(clause.previous)] : -1
            kept.append(copy)
        }
        func map(_ clause: Int32) -> Int32 { clause >= 0 ? renumbered[Int(clause)] : -1 }
        for t in facts.types.indices {
            facts.types[t].clause = map(facts.types[t].clause)
            if var properties = propertiesAwaitingClauses[t] {
                for p in properties.indices { properties[p].clause = map(properties[p].clause) }
                facts.types[t].properties = PropertyList(properties, path: context.path)
            }
        }
        for r in facts.renderers.indices {
            facts.renderers[r].clause = map(facts.renderers[r].clause)
            for e in facts.renderers[r].edges.indices { facts.renderers[r].edges[e].clause = map(facts.renderers[r].edges[e].clause) }
        }
        facts.clauses = kept
    }

    // MARK: Declarations

    mutating func visitItems(_ parent: Int, owner: Int?) {
        for item in context.children(parent) {
            switch context.kind(item) {
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                visitType(item)
            case .ifConfigDecl:
                for clause in context.children(item) { visitItems(clause, owner: owner) }
            case .macroExpansionDecl where owner == nil && context.name(item) == "Preview":
                var renderer = Renderer(kind: .root(.preview))
                renderer.previewName = context.arguments(item).first.flatMap { $0.label == nil ? $0.value.flatMap(literalTitle) : nil }
                renderer.previewLine = Int32(context.span(of: item).start.line)
                for closure in context.children(item) where context.kind(closure) == .trailingClosure {
                    RenderWalker.collect(closure, context: context, ownerType: nil, viewMembers: [], scopes: scopes,
                                         into: &renderer, facts: &facts)
                }
                // `#Preview(traits: .sampleData)`, `traits: .modifier(SampleData())`: a `PreviewModifier` of the project
                // applies its body's providers to the preview's content, as a view modifier does (`EnvironmentGraph`).
                let traits = previewTraitHelpers(item)
                if !traits.isEmpty {
                    for e in renderer.edges.indices { renderer.edges[e].helperCalls += traits }
                }
                // `#Preview(traits: .sampleData)`, `traits: .modifier(SampleData())`: a `PreviewModifier` may attach
                // a model container (SwiftData's pattern for previews) that is not followed, so the views count as
                // having one.
                if previewTraitsMayAttachContainer(item) {
                    for e in renderer.edges.indices { renderer.edges[e].provided.insert(.modelContainer, at: 0) }
                }
                facts.renderers.append(renderer)
            case .funcDecl where owner == nil, .variableDecl where owner == nil:
                // `UIHostingController(rootView: Root().environmentObject(store))` in a free function, or in the
                // initializer of a global (`var panes = { [Pane { Settings().environmentObject(store) }] }()`).
                collectProviders(in: item, owner: nil)
                noteConstructions(in: item, owner: "")
            default:
                break
            }
        }
    }

    /// `isNested`: the declaration is a member of another type (else it is at file level, maybe in `#if`). Known
    /// here from where it was found, not asked of `enclosingType`, whose table of every node's scope most files
    /// would otherwise build for this question alone.
    mutating func visitType(_ decl: Int, isNested: Bool = false) {
        let kind = context.typeKind(decl)
        let name = context.typeDeclarationName(decl)
        let inherited = InheritanceClauses.shared.intern(context.inheritedNames(decl))
        var type = TypeFact(name: name, inherited: inherited, properties: PropertyList(), kind: kind)
        type.platforms = scopes.platforms(decl)
        type.clause = scopes.clause(decl)
        if kind == .extension {
            // `extension Settings.RootView`: the type it extends, as written, when that is qualified.
            let written = context.extendedTypeName(decl)
            // A byte test: `contains(".")` on a String is Foundation's substring search, some 7,000 instructions a call.
            if written.utf8.contains(UInt8(ascii: ".")) { type.qualifiedName = written }
        } else if isNested {
            type.qualifiedName = context.qualifiedTypeName(decl)
        }
        type.attributes = context.attributes(decl).compactMap { context.name($0) }
        type.isFilePrivate = kind != .extension && context.isPrivateToItsFile(decl)
        type.observation = context.observation(of: decl)
        if (kind == .class || kind == .extension) && !isNested { noteConstructions(in: decl, owner: name) }
        if kind == .class || kind == .extension {
            // The tokens are all there even where bodies were skipped.
            let node = tree.nodes[decl]
            let mentions = (Int(node.firstToken)..<Int(node.endToken)).filter { i in context.identifier(i, is: "objectWillChange") }
            type.mentionsObjectWillChange = !mentions.isEmpty
            if mentions.contains(where: { i in
                // `objectWillChange.send(...)`, and `let objectWillChange = ...` (a publisher of its own), are not.
                let tokens = tree.tokens
                let sends = i + 2 < tokens.count && tokens[i + 1].kind == .period && context.identifier(i + 2, is: "send")
                let declares = i > 0 && tokens[i - 1].kind == .keyword && (tokens[i - 1].keyword == .let || tokens[i - 1].keyword == .var)
                return !sends && !declares
            }) {
                facts.subscribesToObjectWillChange = true
            }
            type.hostsBodyOnce = kind == .class && inherited.contains("WKHostingController") && !says(decl, "setNeedsBodyUpdate")
        }
        let typeIndex = facts.types.count
        guard let body = tree.child(decl, .memberBlock) else {
            if kind != .extension || !inherited.isEmpty { facts.types.append(type) }
            return
        }
        let members = context.memberDecls(body)
        let genericParameters = context.genericParameterNames(of: decl)

        // Pass 1: properties and the names of view-building members.
        var properties: [PropertyFact] = []
        var viewMembers: Set<String> = []
        var contentNames: Set<String> = []
        for m in members {
            switch context.kind(m) {
            case .variableDecl:
                properties += self.properties(of: m, genericParameters: genericParameters, in: decl)
                guard let memberName = context.firstBindingName(m) else { break }
                if isContent(m, genericParameters: genericParameters) { contentNames.insert(memberName) }
                let annotation = tree.child(m, .patternBinding).flatMap { tree.child($0, .typeAnnotation) }
                if memberName == "body" {
                    if isViewBody(m) { type.declaresViewBody = true }
                } else if memberName != "previews", isViewBuilding(m, typeNode: annotation) {
                    viewMembers.insert(memberName)
                }
            case .funcDecl:
                if let n = context.name(m), isViewBuilding(m, typeNode: context.returnType(m)) { viewMembers.insert(n) }
            default:
                break
            }
        }
        type.viewMembers = viewMembers.sorted()
        if (kind == .struct || kind == .class) && mentionsPersistence {
            let persisted = persistedFlags(in: members)
            let owner = type.qualifiedOrSimpleName
            facts.persistedFlags += persisted.map { PersistedFlag(type: Int32(typeIndex), property: $0.name, key: $0.key) }
            facts.flagFlips += flagFlips(of: members, in: decl, owner: owner, persisted: persisted)
        }
        // Most types have no computed `id`: nothing more is looked at.
        if kind == .struct || kind == .class, let accessor = computedIDAccessor(members) {
            type.idComputedFrom = storedVariablesOfComputedID(members, accessor: accessor)
            type.idIsNewWhenRead = makesANewUUID(accessor)
        } else if kind == .struct || kind == .class, let (value, isIntegerKey) = constantDefaultID(members) {
            facts.constantIDDefaults.append(ConstantIDDefault(type: Int32(typeIndex), value: value, isIntegerKey: isIntegerKey))
        }
        // A struct or enum that is no view, app or scene and hands views to UIKit or AppKit, or type-erases them
        // (`struct EndOfYear { func show() { ... UIHostingController(rootView: StoriesView()) } }`, a router enum
        // returning `AnyView`), constructs views outside SwiftUI's bodies too. Only those: every model struct's
        // `Date(...)` and `URL(...)` kept in memory for the project pass would cost more than it tells.
        if kind == .struct || kind == .enum, !type.declaresViewBody, !isNested,
           !inherited.contains(where: { ProjectIndex.isViewProtocol($0) || Self.rootProtocols.contains($0) }),
           case let hostsViews = mentionsRootView && says(decl, "rootView"), hostsViews || says(decl, "AnyView") {
            noteConstructions(in: decl, owner: name, hostsViews: hostsViews)
        }
        // A view's method that hands a view to UIKit or AppKit (`func showDetail() { let host =
        // UIHostingController(rootView: PostDetail(post: post)); ... present(host) }`): what it constructs is a
        // hosting root, made once by that call, not a view the body shows.
        if kind == .struct, type.declaresViewBody, !isNested, mentionsRootView {
            for m in members where context.kind(m) == .funcDecl && !viewMembers.contains(context.name(m) ?? "") && says(m, "rootView") {
                noteConstructions(in: m, owner: name, hostsViews: true)
            }
        }
        // An extension that adds no conformance, property or view member tells the index nothing (and no
        // renderer can refer to it): it is not kept, since facts of every file stay in memory for the project pass.
        if kind != .extension || !inherited.isEmpty || !properties.isEmpty || !type.viewMembers.isEmpty {
            if facts.clauses.isEmpty {
                type.properties = PropertyList(properties, path: context.path)
            } else {
                // Encoded once their clauses are renumbered (`keepReferencedClauses`).
                propertiesAwaitingClauses[typeIndex] = properties
            }
            facts.types.append(type)
        }

        // Pass 2: renderers.
        let isApp = inherited.contains("App")
        let isPreviewProvider = inherited.contains("PreviewProvider")
        memberContentProviders = Self.contentProvidersOfMembers(members, viewMembers: viewMembers, owner: name, context: context,
                                                                scopes: scopes)
        presentationFlagPlatforms = presentationFlagPlatforms(of: members, in: decl)
        for m in members {
            switch context.kind(m) {
            case .variableDecl:
                let memberName = context.firstBindingName(m)
                if memberName == "body" && !context.hasModifier(m, .static) {
                    addRenderer(isApp ? .root(.app) : .viewBody(type: name, typeIndex: typeIndex), body: m, owner: name,
                                viewMembers: viewMembers,
                                contentNames: isApp ? [] : contentNames.union(membersShowing(contentNames, members, viewMembers)),
                                rootType: isApp ? typeIndex : -1)
                } else if memberName == "previews" && isPreviewProvider && context.hasModifier(m, .static) {
                    addRenderer(.root(.previewProvider), body: m, owner: name, viewMembers: viewMembers, rootType: typeIndex)
                } else if let memberName, viewMembers.contains(memberName) {
                    addRenderer(.member(type: name, typeIndex: typeIndex, name: memberName), body: m, owner: name, viewMembers: viewMembers)
                    // `extension View { var themed: some View { environmentObject(Theme()) } }`, applied as
                    // `Title().themed`: a helper as a method is.
                    if kind == .extension && (name == "View" || name == "Scene") && !context.hasModifier(m, .static) {
                        let (provided, calls) = providers(inHelper: m, owner: name)
                        facts.providerHelpers.append(ProviderHelper(name: memberName, provided: provided, calls: calls))
                    }
                } else {
                    // `extension PreviewTrait where T == Preview.ViewTraits { static var sampleData: Self =
                    // .modifier(SampleData()) }`: a preview with `traits: .sampleData` is the modifier's content.
                    if kind == .extension && name == "PreviewTrait", let memberName, let modifier = previewTraitModifier(m) {
                        facts.providerHelpers.append(ProviderHelper(name: memberName, provided: [],
                                                                    calls: [RenderEdge.modifierHelperName(modifier)]))
                    }
                    // `lazy var host = { UIHostingController(rootView: Root().environmentObject(model)) }()` and
                    // other initializers and accessors: their providers count for "is T provided anywhere".
                    collectProviders(in: m, owner: name)
                }
            case .funcDecl:
                if let n = context.name(m), viewMembers.contains(n) {
                    // A view modifier's `body(content:)`: providers applied around `content` reach the view the
                    // modifier is applied to (`Renderer.contentProviders`).
                    let modifierContent = n == "body" && (inherited.contains("ViewModifier") || inherited.contains("PreviewModifier"))
                        ? tree.child(m, .parameterClause).flatMap { tree.child($0, .parameter) }.flatMap { context.name($0) }
                            .map { [$0] } ?? [] : []
                    addRenderer(.member(type: name, typeIndex: typeIndex, name: n), body: m, owner: name, viewMembers: viewMembers,
                                contentNames: Set(modifierContent))
                }
                // `extension Scene { func appEnvironment(...) -> some Scene { environment(store) } }` applied to a
                // `WindowGroup` provides to what the scene shows, as a `View` helper does to its receiver.
                if kind == .extension && (name == "View" || name == "Scene"), let n = context.name(m) {
                    let (provided, calls) = providers(inHelper: m, owner: name)
                    facts.providerHelpers.append(ProviderHelper(name: n, provided: provided, calls: calls))
                }
                collectProviders(in: m, owner: name)
            case .initDecl:
                collectProviders(in: m, owner: name)
                if kind == .extension && name == "Environment", let type = metatypeTakenFirst(by: m) {
                    facts.environmentKeyInitializers.append(type)
                }
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                visitType(m, isNested: true)
            default:
                break
            }
        }
    }

    /// `init(_ type: ThemeData<Extension>.Type)`: the type (`ThemeData`) whose metatype the initializer takes as
    /// its first, unlabeled parameter.
    func metatypeTakenFirst(by initializer: Int) -> String? {
        guard let clause = tree.child(initializer, .parameterClause), let first = tree.child(clause, .parameter),
              tree.nodes[first].name >= 0, tree.tokens[Int(tree.nodes[first].name)].kind == .wildcard,
              let type = context.parameterType(first), context.kind(type) == .metatypeType,
              let base = tree.firstChild(type) else { return nil }
        return context.typeName(base)
    }

    /// The layout and orientation traits SwiftUI declares: they attach nothing to the environment.
    static let layoutPreviewTraits: Set<String> = ["sizeThatFitsLayout", "fixedLayout", "defaultLayout", "portrait",
                                                   "portraitUpsideDown", "landscapeLeft", "landscapeRight"]

    /// The helpers a `#Preview`'s traits apply, as `RenderEdge.helperCalls` names them: `traits: .sampleData` the
    /// trait's name (a `PreviewTrait` extension's static property, `previewTraitModifier`), `traits: .modifier(M())`
    /// the modifier's.
    func previewTraitHelpers(_ preview: Int) -> [String] {
        var helpers: [String] = []
        for value in previewTraits(preview).map(context.unwrapped) {
            if context.kind(value) == .memberAccessExpr, tree.firstChild(value) == nil, let name = context.name(value),
               !Self.layoutPreviewTraits.contains(name) {
                helpers.append(name)
            } else if let modifier = modifierTrait(value) {
                helpers.append(RenderEdge.modifierHelperName(modifier))
            }
        }
        return helpers
    }

    /// `static var sampleData: Self = .modifier(SampleData())` (or a getter returning it): the modifier's type.
    func previewTraitModifier(_ variable: Int) -> String? {
        guard context.hasModifier(variable, .static) else { return nil }
        for n in tree.subtree(variable) where context.kind(n) == .callExpr {
            if let modifier = modifierTrait(n) { return modifier }
        }
        return nil
    }

    /// `.modifier(SampleData())`: the type of the modifier the trait applies.
    private func modifierTrait(_ call: Int) -> String? {
        guard context.kind(call) == .callExpr, let callee = tree.firstChild(call), context.kind(callee) == .memberAccessExpr,
              tree.firstChild(callee) == nil, context.name(callee) == "modifier" else { return nil }
        return RenderWalker.modifierConstructed(by: call, context)
    }

    /// Whether a `#Preview`'s `traits:` name a trait other than SwiftUI's layout ones (`.modifier(...)`, a static
    /// member of the project such as `.sampleData`).
    func previewTraitsMayAttachContainer(_ preview: Int) -> Bool {
        previewTraits(preview).contains { value in
            tree.subtree(value).contains { n in
                context.kind(n) == .memberAccessExpr && !Self.layoutPreviewTraits.contains(context.name(n) ?? "")
            }
        }
    }

    /// The values of a `#Preview`'s `traits:`, which is variadic: the unlabeled arguments after it are traits too.
    private func previewTraits(_ preview: Int) -> [Int] {
        var values: [Int] = []
        var inTraits = false
        for argument in context.arguments(preview) {
            if argument.label != nil { inTraits = argument.label == "traits" }
            if inTraits, let value = argument.value { values.append(value) }
        }
        return values
    }

    /// The stored `var`s of text (`String`, `String?`) of the members `members` that their computed `id` (`accessor`)
    /// reads, in the order it reads them (`var id: String { name + "·" + unit }`), from the tokens (the accessor's body
    /// may be skipped). Those named as identifiers (`uuid`, `recordID`) are left out: they are what an id is made from,
    /// not what rows edit.
    func storedVariablesOfComputedID(_ members: [Int], accessor idAccessor: Int) -> [String] {
        let properties = members.lazy.filter { context.kind($0) == .variableDecl && !context.hasModifier($0, .static) }
        var stored: Set<String> = []
        for m in properties where tree.name(m) == "var" {
            for binding in context.children(m) where context.kind(binding) == .patternBinding && tree.child(binding, .accessorBlock) == nil {
                // Text, which rows edit as it is typed (`name`, `title`); not a date, a number or another element's id.
                guard let annotation = tree.child(binding, .typeAnnotation).flatMap({ tree.firstChild($0) }),
                      ["String", "String?"].contains(tree.compactText(annotation)) else { continue }
                if let pattern = tree.firstChild(binding), let name = context.name(pattern), !Self.namesAnIdentifier(name) {
                    stored.insert(name)
                }
            }
        }
        guard !stored.isEmpty else { return [] }
        var read: [String] = []
        for i in tree.tokenRange(of: idAccessor) where tree.tokens[i].kind == .identifier {
            let text = tree.identifierText(tree.tokens[i])
            if stored.contains(text), !read.contains(text) { read.append(text) }
        }
        return read
    }

    /// The accessor block of a computed `id` among the members `members`, if there is one.
    func computedIDAccessor(_ members: [Int]) -> Int? {
        for m in members where context.kind(m) == .variableDecl && !context.hasModifier(m, .static) {
            for binding in context.children(m) where context.kind(binding) == .patternBinding {
                if let accessor = tree.child(binding, .accessorBlock), let pattern = tree.firstChild(binding),
                   context.name(pattern) == "id" { return accessor }
            }
        }
        return nil
    }

    /// The initial value of a stored `id` among the members `members` when it is a constant (`var id: DataId = .void`,
    /// `var id = 0`, `var id: String = ""`), or `nil` for an optional one (`var id: Int?`): every element made without an
    /// id of its own has that one.
    func constantDefaultID(_ members: [Int]) -> (value: String, isIntegerKey: Bool)? {
        for m in members where context.kind(m) == .variableDecl && !context.hasModifier(m, .static) {
            for binding in context.children(m) where context.kind(binding) == .patternBinding {
                guard let pattern = tree.firstChild(binding), context.name(pattern) == "id" else { continue }
                guard tree.child(binding, .accessorBlock) == nil else { return nil }
                guard let value = tree.child(binding, .initializerClause).flatMap({ tree.firstChild($0) }) else {
                    // `@DocumentID var id: String?`, `var id: Int?`: an element made without one has nil (Firestore
                    // fills a document's id only when it is saved; a database's id only once it is stored).
                    guard let annotation = tree.child(binding, .typeAnnotation).flatMap({ tree.firstChild($0) }),
                          context.isOptionalType(annotation) else { return nil }
                    return ("nil", Self.integerTypes.contains(context.typeName(annotation) ?? ""))
                }
                switch context.kind(value) {
                case .integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .nilLiteral: break
                // `.void`, `DataId.none`, `-1`: no call, so nothing new is made (`.now` is a new date each time).
                case .memberAccessExpr, .prefixOperatorExpr:
                    let range = tree.tokenRange(of: value)
                    if range.contains(where: { tree.tokens[$0].kind == .leftParen }) { return nil }
                    if tree.compactText(value).hasSuffix(".now") { return nil }
                default: return nil
                }
                let text = tree.compactText(value)
                // A string literal with an interpolation makes its text from other values.
                return Self.isInterpolatedString(text) ? nil : (text, false)
            }
        }
        return nil
    }

    /// The integer types a database key is declared with.
    static let integerTypes: Set<String> = ["Int", "Int64", "Int32", "Int16", "UInt", "UInt64", "UInt32", "NSInteger"]

    /// Whether a computed `id`'s accessor makes a new `UUID` (`var id: UUID { storedID ?? UUID() }`): read twice, it
    /// may give two ids. From the tokens (the body may be skipped).
    func makesANewUUID(_ accessor: Int) -> Bool {
        let tokens = tree.tokens
        let range = tree.tokenRange(of: accessor)
        return range.contains { i in
            tokens[i].kind == .identifier && i + 1 < range.upperBound && tokens[i + 1].kind == .leftParen
                && tree.identifierText(tokens[i]) == "UUID"
        }
    }

    /// `uuid`, `recordID`, `identifier`: a name that says the property identifies something.
    static func namesAnIdentifier(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.hasSuffix("id") || lower.hasSuffix("identifier")
    }

    /// A stored property holding content a caller hands in: `@ViewBuilder let content: () -> Content`,
    /// `let content: Content`, `let label: () -> Label` (its type is, or returns, a generic parameter).
    func isContent(_ decl: Int, genericParameters: Set<String>) -> Bool {
        guard !context.hasModifier(decl, .static) else { return false }
        if context.hasViewBuilderAttribute(decl) {
            // A `@ViewBuilder var header: some View` is a view member, not content: content is stored.
            return tree.child(decl, .patternBinding).flatMap { tree.child($0, .accessorBlock) } == nil
        }
        guard !genericParameters.isEmpty,
              let annotation = tree.child(decl, .patternBinding).flatMap({ tree.child($0, .typeAnnotation) }).flatMap({ tree.firstChild($0) })
        else { return false }
        let text = tree.compactText(annotation)
        if genericParameters.contains(text) { return true }
        guard let arrow = text.ranges(of: "->").last else { return false }
        return genericParameters.contains(String(text[arrow.upperBound...]).trimmingBlanks())
    }

    /// A member builds views when it is `@ViewBuilder` or its type mentions `View` (`some View`, `AnyView`), and
    /// scenes when it is `@SceneBuilder` or of type `some Scene` (an App's `var mainWindow: some Scene`): both
    /// are members the environment walk goes through.
    func isViewBuilding(_ decl: Int, typeNode: Int?) -> Bool {
        if context.hasViewBuilderAttribute(decl) || context.attributes(decl).contains(where: { context.name($0) == "SceneBuilder" }) {
            return true
        }
        guard let t = typeNode else { return false }
        if tree.compactText(t, hasSuffix: "View") { return true }
        // The annotation (`: some Scene`) or return clause (`-> some Scene`), spaces left out. Its last bytes
        // first: most types are neither, and are told so without building their text.
        guard tree.compactText(t, hasSuffix: "someScene") else { return false }
        let text = tree.compactText(t)
        return text.hasSuffix("someScene") && (text.count == 9 || text.dropLast(9).last.map { $0 == ":" || $0 == ">" } == true)
    }

    func properties(of decl: Int, genericParameters: Set<String> = [], in typeDecl: Int? = nil) -> [PropertyFact] {
        let attributes = context.attributes(decl)
        let wrapperAttribute = attributes.last { a in
            guard let n = context.name(a) else { return false }
            return !ObservationNames.markerAttributes.contains(n)
        }
        let wrapper = wrapperAttribute.flatMap { context.name($0) }
        var environmentType: String?
        if wrapper == "Environment", let a = wrapperAttribute { environmentType = context.environmentObjectType(ofAttribute: a) }
        // `struct Controls<Controller: ObservableObject>` reading `Controller`: whatever the user passes, not a type
        // of the project, so nothing can be said of its provider.
        if let t = environmentType, genericParameters.contains(t) { environmentType = nil }
        // `@Query var items: [Item]`, `@Environment(\.modelContext) var context`: SwiftData's, from the environment.
        let readsModelContext = wrapper == "Query"
            || (wrapper == "Environment" && wrapperAttribute.map { a in
                context.arguments(a).map { $0.value.map { tree.compactText($0) } } == ["\\.modelContext"] } == true)
        var out: [PropertyFact] = []
        for b in context.children(decl) where context.kind(b) == .patternBinding {
            guard let p = tree.firstChild(b), context.kind(p) == .identifierPattern, let n = context.name(p) else { continue }
            let annotation = tree.child(b, .typeAnnotation).flatMap { tree.firstChild($0) }
            let initializer = tree.child(b, .initializerClause).flatMap { tree.firstChild($0) }
            var type = annotation.flatMap { context.typeName($0) }
            if type == nil, let e = initializer { type = context.construction(e).type }
            // `@Environment(Theme.self) private var theme`: what the environment holds, passed on as `.environment(theme)`.
            if type == nil, let environmentType { type = environmentType }
            // `@NSApplicationDelegateAdaptor(AppDelegate.self) var delegate`: the delegate's type.
            if type == nil, let w = wrapper, SwiftUINames.delegateAdaptors.contains(w), let a = wrapperAttribute {
                type = context.environmentObjectType(ofAttribute: a)
            }
            // `@State private var service = Service.shared`: the static property's type, found by the index.
            let staticInitializer = type == nil ? initializer.flatMap(staticMember) : nil
            var environmentObjectType: String?
            if wrapper == "EnvironmentObject", let type, !genericParameters.contains(type) {
                environmentObjectType = type
            } else if let environmentType {
                // `@Environment(T.self) var x: T?` (`Optional<T>`, `T!`) tolerates a missing object.
                if !(annotation.map(context.isOptionalType) ?? false) { environmentObjectType = environmentType }
            }
            let property = PropertyFact(name: n, isStatic: context.hasModifier(decl, .static) || context.hasModifier(decl, .class),
                                        isLet: tree.name(decl) == "let", hasInitializer: initializer != nil, type: type,
                                        wrapper: wrapper, environmentObjectType: environmentObjectType,
                                        attributeSpan: environmentObjectType == nil ? nil : wrapperAttribute.map { context.span(of: $0) })
            var stored = property
            stored.staticInitializer = staticInitializer
            stored.platforms = scopes.platforms(decl)
            stored.clause = scopes.clause(decl)
            if wrapper == "EnvironmentObject", environmentObjectType != nil {
                // Past 256 uses it is taken to be read outside taps too (each is looked for in every action of the
                // type: a type that redeclares one name thousands of times would cost their square).
                let uses = self.uses(of: n, besides: p, in: typeDecl, limit: 257, skippingLabels: true)
                stored.isUnreadInItsFile = uses.isEmpty || (uses.count <= 256 && onlyInUncalledPrivateMethods(uses, of: typeDecl))
                stored.readOnlyOnTap = uses.count <= 256 ? tapAction(holdingAll: uses, in: typeDecl) : nil
                stored.readOnlyWhen = uses.count <= 256 ? inputCondition(holdingAll: uses, in: typeDecl) : nil
                if uses.count <= 256 { stored.readPlatforms = platforms(compiling: uses) }
            }
            // `@State var model: Model?` starts as nil as if written `= nil`.
            let startsAsNil = initializer == nil && tree.name(decl) == "var" && annotation.map(context.isOptionalType) == true
            if wrapper == "State", initializer != nil || startsAsNil, !property.isStatic, let typeDecl {
                stored.stateChanges = stateChanges(of: n, declaration: decl, in: typeDecl,
                                                   isPrivate: context.isPrivateToItsFile(decl),
                                                   initialValue: startsAsNil ? "nil" : initializer.flatMap(literalText))
            }
            // A query or a context its file never names again fetches nothing anyone sees, and is not counted.
            // (`@Environment(\.modelContext) private var modelContext` names it in its own attribute.)
            if readsModelContext, let wrapperAttribute, !uses(of: n, besides: decl, in: nil).isEmpty {
                stored.readsModelContext = true
                stored.attributeSpan = stored.attributeSpan ?? context.span(of: wrapperAttribute)
            }
            out.append(stored)
        }
        return out
    }

    /// `Store.shared` (a type-like name and one member): the static member an initializer reads; `Store.preview()`,
    /// the static method it calls.
    func staticMember(_ expression: Int) -> StaticMemberName? {
        var e = context.unwrapped(expression)
        var isCall = false
        if context.kind(e) == .callExpr, let callee = tree.firstChild(e), context.kind(callee) == .memberAccessExpr {
            (e, isCall) = (callee, true)
        }
        guard context.kind(e) == .memberAccessExpr, let member = context.name(e), !FileContext.isTypeLike(member),
              let base = tree.firstChild(e), context.kind(base) == .identifierExpr, let type = context.name(base),
              FileContext.isTypeLike(type), type != "Self" else { return nil }
        return StaticMemberName(type: type, member: member, isCall: isCall)
    }

    /// Where `name`, `$name` or `_name` appears in the type declared at `typeDecl` or in an extension of it in
    /// this file (the whole file when `typeDecl` is nil), outside `declaration` (a token, or a whole declaration):
    /// an identifier, or text inside a string literal with an interpolation. Each is a use, or something that may
    /// be one. Another type of the file that declares a property of the same name does not read this one.
    /// At most `limit` of them when one is given (the first in file order).
    /// `skippingLabels`: leaving out an argument's or parameter's label spelled the same (`Model(store: .shared)`),
    /// which names no property, and a member of another property of the type spelled the same (`objects.store`
    /// beside `@EnvironmentObject var store`: judged wrong in BL, a row's controls that read only the container's).
    /// (`parent.store` stays a use: a representable's coordinator reads its view's so.)
    func uses(of name: String, besides declaration: Int, in typeDecl: Int?, limit: Int = .max,
              skippingLabels: Bool = false) -> [Range<Int>] {
        let own = tree.byteRange(declaration)
        let file = tree.file
        let tokens = tree.tokens
        func isOwn(_ token: Token) -> Bool { own.lowerBound <= Int(token.offset) && Int(token.offset + token.length) <= own.upperBound }
        guard let typeDecl else {
            let spellings = [name, "$" + name, "_" + name]
            return tokens.filter { token in
                guard token.length >= UInt32(name.utf8.count), !isOwn(token) else { return false }
                let text = file.text(of: token)
                return spellings.contains(text) || Self.isInterpolatedString(text) && text.contains(name)
            }.map(\.range)
        }
        let indexed = tokensByText(ofType: typeDecl)
        let lists = [name, "$" + name, "_" + name].compactMap { indexed.byText[$0] }
            + [indexed.interpolatedStrings.filter { $0.text.contains(name) }.map { $0.token }]
        let properties = skippingLabels ? propertyNames(of: typeDecl) : []
        // `objects.store`, where `objects` is another property of the type.
        func isMemberOfAProperty(_ i: Int) -> Bool {
            i > 1 && tokens[i - 1].kind == .period && tokens[i - 2].kind == .identifier
                && properties.contains(tree.identifierText(tokens[i - 2]))
        }
        // Each list is in file order already: the first `limit` of all are among the first `limit` of each.
        let firsts = lists.map { list in
            list.lazy.filter {
                !isOwn(tokens[$0]) && !(skippingLabels && (tree.isLabel(atToken: $0) || isMemberOfAProperty($0)))
            }.prefix(limit)
        }.filter { !$0.isEmpty }
        let found = firsts.count == 1 ? Array(firsts[0]) : Array(firsts.flatMap { $0 }.sorted().prefix(limit))
        return found.map { tokens[$0].range }
    }

    /// The names of the properties declared in the body of the type at `typeDecl`.
    func propertyNames(of typeDecl: Int) -> Set<String> {
        guard let block = tree.child(typeDecl, .memberBlock) else { return [] }
        return Set(context.memberDecls(block).filter { context.kind($0) == .variableDecl }.compactMap { context.firstBindingName($0) })
    }

    /// The platforms the `#if os(...)` clauses around the uses allow, together (`all` for a use outside any, or in a
    /// file of more than 1,024 clauses).
    func platforms(compiling uses: [Range<Int>]) -> Platforms {
        guard scopes.platforms != nil else { return .all }
        let clauses = context.nodes(.ifConfigClause)
        guard clauses.count <= 1024 else { return .all }
        var read = Platforms()
        for use in uses {
            // The innermost clause holding the use: the one that starts last among those around it.
            let around = clauses.last { tree.byteRange(Int($0)).contains(use.lowerBound) }
            read.formUnion(around.map { scopes.platforms(Int($0)) } ?? .all)
            if read == .all { break }
        }
        return read
    }

    /// Whether every use is in a method of the type that nothing in the file names (`private func deleteClip()` left
    /// from an earlier design): dead code, which never runs. The method must be `private` or `fileprivate`, or one of
    /// a view's: another file calls a view's method only on a view it holds, which SwiftUI code does not do, or from
    /// an extension of the view, which the project pass looks for (judged wrong in BK: a photo album's `deletePhoto`,
    /// the only reader of its environment object, that nothing calls).
    func onlyInUncalledPrivateMethods(_ uses: [Range<Int>], of typeDecl: Int?) -> Bool {
        guard let typeDecl, !uses.isEmpty else { return false }
        let methods = methodsByBytes(of: typeDecl)
        var holding: Set<Int> = []
        for use in uses {
            // The last method starting at or before the use, if it holds it (methods are disjoint, in source order).
            let after = methods.partitionPoint { $0.bytes.lowerBound > use.lowerBound }
            guard after > 0, methods[after - 1].bytes.contains(use.lowerBound) else { return false }
            holding.insert(methods[after - 1].declaration)
        }
        let isView = declaresViewBody(typeDecl)
        return holding.allSatisfy { isView ? context.isUncalledFunction($0) : context.isUncalledPrivateFunction($0) }
    }

    /// Whether the type at `typeDecl` declares a view's `body` (`var body: some View`).
    func declaresViewBody(_ typeDecl: Int) -> Bool {
        guard let block = tree.child(typeDecl, .memberBlock) else { return false }
        return context.memberDecls(block).contains(where: isViewBody)
    }

    /// Whether the member declared at `m` is a view's `body`: an instance `var body` whose type ends in `View`.
    func isViewBody(_ m: Int) -> Bool {
        context.kind(m) == .variableDecl && !context.hasModifier(m, .static) && context.firstBindingName(m) == "body"
            && tree.child(m, .patternBinding).flatMap({ tree.child($0, .typeAnnotation) })
                .map { tree.compactText($0, hasSuffix: "View") } == true
    }

    /// The methods declared in the body of the type at `typeDecl`, with their bytes, in source order: found once per
    /// type (every `@EnvironmentObject` of the type asks).
    func methodsByBytes(of typeDecl: Int) -> [(declaration: Int, bytes: Range<Int>)] {
        if let known = readerTablesOfTypes.methods[typeDecl] { return known }
        let methods = tree.child(typeDecl, .memberBlock).map { block in
            context.memberDecls(block).filter { context.kind($0) == .funcDecl }.map { ($0, tree.byteRange($0)) }
                .sorted { $0.1.lowerBound < $1.1.lowerBound }
        } ?? []
        readerTablesOfTypes.methods[typeDecl] = methods
        return methods
    }

    /// A string literal's token text with an interpolation (`"\\(name)"`, `#"..."#`): a name in it may be a use.
    static func isInterpolatedString(_ text: String) -> Bool {
        (text.hasPrefix("\"") || text.hasPrefix("#")) && text.contains("\\(")
    }

    /// The tokens of the type declared at `typeDecl` and of the extensions of its name in this file (any
    /// qualification: an extension of another type of the same name only makes more text count as a use), by text.
    func tokensByText(ofType typeDecl: Int) -> TokensOfTypes.Tokens {
        if let known = tokensOfTypes.byType[typeDecl] { return known }
        let file = tree.file
        let tokens = tree.tokens
        let regions = ([typeDecl] + context.extensionsInFile(of: typeDecl)).map(tree.tokenRange(of:)).sorted { $0.lowerBound < $1.lowerBound }
        var indexed = TokensOfTypes.Tokens()
        var readUpTo = 0 // each token once, should regions overlap
        for region in regions where region.upperBound > readUpTo {
            for i in max(region.lowerBound, readUpTo)..<region.upperBound {
                switch tokens[i].kind {
                case .identifier, .dollarIdentifier, .keyword:
                    indexed.byText[file.text(of: tokens[i]), default: []].append(i)
                default:
                    let text = file.text(of: tokens[i])
                    if Self.isInterpolatedString(text) { indexed.interpolatedStrings.append((i, text)) }
                }
            }
            readUpTo = region.upperBound
        }
        tokensOfTypes.byType[typeDecl] = indexed
        return indexed
    }

    /// When every use is inside the action of a button or a tap gesture of the type (`Button("Save") { store.save()
    /// }`, `.onTapGesture { ... }`, a closure passed as `action:` to any call), the handler of an event
    /// (`.onChange`, `.onSubmit`, a callback `onSelect: { ... }`), or in a method of the type that only such actions
    /// name (`Button(action: copy)`), the action: SwiftUI looks the object up only when it runs. Its title when every
    /// use is in buttons with literal titles, their titles; the handler's name when every use waits for one kind of
    /// event. When every use is in a `catch` clause instead, a failure: the object is looked up only when a call
    /// before it throws.
    func tapAction(holdingAll uses: [Range<Int>], in typeDecl: Int?) -> TapAction? {
        guard let typeDecl, !uses.isEmpty else { return nil }
        let (actions, catches) = tapActions(in: typeDecl)
        // Each use waits for a failure (in a `catch`, in an action or not) or for an action; the action is said when
        // one waits for it.
        var titles: [String?] = []
        var events: [String?] = []
        for use in uses where !catches.contains(where: { $0.contains(use.lowerBound) }) {
            guard let action = actions.first(where: { $0.bytes.contains(use.lowerBound) }) else { return nil }
            if !titles.contains(action.title) { titles.append(action.title) }
            if !events.contains(action.event) { events.append(action.event) }
        }
        if titles.isEmpty { return TapAction(titles: [], onFailure: true) }
        // Taps only, one handler only, or a mix (said as "an action").
        let event: String? = events == [nil] ? nil : events.count == 1 ? events[0] : ""
        return TapAction(titles: event != nil || titles.contains(nil) ? [] : titles.compactMap { $0 }, event: event)
    }

    /// The actions of the type declared at `typeDecl` (each with its button's literal title, if it has one) and its
    /// `catch` blocks, found once per type: every `@EnvironmentObject` of the type asks (a type of thousands of them
    /// walked its declaration for each).
    func tapActions(in typeDecl: Int) -> ReaderTablesOfTypes.Found {
        if let known = readerTablesOfTypes.byType[typeDecl] { return known }
        typealias Action = ReaderTablesOfTypes.Action
        var actions: [Action] = []
        let catches = catchBlocks(in: typeDecl)
        var methods: [(declaration: Int, name: String)] = []
        // The type's extensions in the file too: their methods are the type's (`extension Editor { func save() }`).
        for n in ([typeDecl] + context.extensionsInFile(of: typeDecl)).lazy.flatMap(tree.subtree) {
            switch context.kind(n) {
            case .funcDecl:
                if let name = context.name(n) { methods.append((n, name)) }
                continue
            case .binaryExpr:
                // `view.onTap = { ... }` (a UIKit view's callback set by a coordinator): runs when the handler is called.
                if context.name(n) == "=", let target = tree.firstChild(n), context.kind(target) == .memberAccessExpr,
                   let handler = context.name(target), Self.isEventHandlerName(handler),
                   let value = Array(context.children(n)).last, value != target, context.kind(value) == .closureExpr {
                    actions.append(Action(bytes: tree.byteRange(value), title: nil, event: handler))
                }
                continue
            case .callExpr:
                break
            default:
                continue
            }
            guard let callee = tree.firstChild(n) else { continue }
            let parts = context.children(n).filter { context.kind($0) == .argument || context.kind($0) == .trailingClosure }
            let arguments = context.arguments(n)
            let calleeName = context.name(callee)
            if context.kind(callee) == .identifierExpr, calleeName == "Button" {
                // `Button("Save", action: save)`, `Button("Save") { ... }`, `Button { ... } label: { ... }`.
                let title = arguments.first.flatMap { $0.label == nil ? $0.value.flatMap(literalTitle) : nil }
                if let action = parts.first(where: { context.kind($0) == .argument && context.name($0) == "action" }) {
                    actions.append(Action(bytes: tree.byteRange(action), title: title))
                } else if let closure = parts.first(where: { context.kind($0) == .trailingClosure }), context.name(closure) == nil {
                    actions.append(Action(bytes: tree.byteRange(closure), title: title))
                }
                continue
            }
            if context.kind(callee) == .memberAccessExpr, let calleeName, Self.alertButtonRoles.contains(calleeName),
               let closure = parts.last, context.kind(closure) == .trailingClosure, context.name(closure) == nil {
                // `Alert(primaryButton: .default(Text("Yes")) { ... })`, `ActionSheet`'s `.destructive(Text("Delete")) { ... }`:
                // run when the alert's button is chosen (judged wrong in BT: a sign-out confirmed in an alert said to
                // crash as the sheet holding it appears).
                let title = arguments.first.flatMap { $0.label == nil ? $0.value.flatMap(textTitle) : nil }
                actions.append(Action(bytes: tree.byteRange(closure), title: title))
                continue
            }
            if context.kind(callee) == .memberAccessExpr, calleeName == "onTapGesture", let action = parts.last {
                actions.append(Action(bytes: tree.byteRange(action), title: nil))
                continue
            }
            if context.kind(callee) == .memberAccessExpr, let calleeName, Self.eventModifiers.contains(calleeName) {
                // `.onChange(of: query) { ... }`, `.onSubmit { ... }`: run when the change or the event comes, not when
                // the view is shown.
                for part in parts where context.kind(part) == .trailingClosure || tree.firstChild(part).map({ context.kind($0) == .closureExpr }) == true {
                    actions.append(Action(bytes: tree.byteRange(part), title: nil, event: calleeName))
                }
                continue
            }
            if let action = parts.first(where: { context.kind($0) == .argument && context.name($0) == "action" }),
               let value = tree.firstChild(action), context.kind(value) == .closureExpr {
                // `.init(title: "Retry", action: { ... })`: an action a control of the caller runs when chosen.
                let title = arguments.first { $0.label == "title" }.flatMap { $0.value.flatMap(literalTitle) }
                actions.append(Action(bytes: tree.byteRange(action), title: title))
            }
            for part in parts where context.kind(part) == .argument {
                // `RowView(item, onSelect: { ... })`, `.sheet(isPresented: $shown, onDismiss: { ... })`: a callback,
                // named for the event that calls it.
                guard let label = context.name(part), Self.isEventHandlerName(label),
                      let value = tree.firstChild(part), context.kind(value) == .closureExpr else { continue }
                actions.append(Action(bytes: tree.byteRange(part), title: nil, event: label))
            }
            if context.kind(callee) == .identifierExpr, let first = calleeName?.utf8.first, first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z"),
               let closure = parts.last, context.kind(closure) == .trailingClosure, context.name(closure) == nil,
               let body = tree.firstChild(closure), isStatementClosure(body) {
                // `MenuRow(icon: icon) { guard ... ; drawer.close() }`: a view's trailing closure that a view builder
                // could not hold (a `guard`, an assignment) is an action its control runs when chosen.
                actions.append(Action(bytes: tree.byteRange(closure), title: nil))
            }
        }
        // A method every mention of which is in an action runs only in it (a few rounds: methods calling methods).
        for _ in 0..<3 {
            var added = false
            for (i, method) in methods.enumerated().reversed() {
                let mentions = self.uses(of: method.name, besides: method.declaration, in: typeDecl)
                guard !mentions.isEmpty else { continue }
                var callers: [Action] = []
                for mention in mentions {
                    guard let action = actions.first(where: { $0.bytes.contains(mention.lowerBound) }) else { callers = []; break }
                    callers.append(action)
                }
                guard let first = callers.first else { continue }
                let title = callers.allSatisfy({ $0.title == first.title }) ? first.title : nil
                let event = callers.allSatisfy({ $0.event == first.event }) ? first.event : callers.contains { $0.event != nil } ? "" : nil
                actions.append(Action(bytes: tree.byteRange(method.declaration), title: title, event: event))
                methods.remove(at: i)
                added = true
            }
            if !added { break }
        }
        readerTablesOfTypes.byType[typeDecl] = (actions, catches)
        return (actions, catches)
    }

    /// When every use is in a branch that an input of the type chooses (`switch tip { case .touchId, .faceId: ...
    /// }`, `if isEditing { ... }`, `if mode == .edit { ... }`, the innermost such branch around each use), with
    /// the same input: the input and the values that choose those branches. An input is a stored property the
    /// memberwise initializer takes, so only a type without an `init` of its own in its file has inputs.
    func inputCondition(holdingAll uses: [Range<Int>], in typeDecl: Int?) -> InputCondition? {
        guard let typeDecl, !uses.isEmpty else { return nil }
        let branches = inputBranches(in: typeDecl)
        guard !branches.isEmpty else { return nil }
        var input: String?
        var values: [String] = []
        for use in uses {
            let around = branches.filter { $0.bytes.contains(use.lowerBound) }
            guard let innermost = around.min(by: { $0.bytes.count < $1.bytes.count }),
                  input == nil || input == innermost.input else { return nil }
            input = innermost.input
            for value in innermost.values where !values.contains(value) { values.append(value) }
        }
        return input.map { InputCondition(input: $0, values: values) }
    }

    /// The branches of the type at `typeDecl` (and its extensions in the file) that one of its inputs chooses,
    /// each with the values that choose it; none when the type has an `init` of its own.
    func inputBranches(in typeDecl: Int) -> [ReaderTablesOfTypes.InputBranch] {
        if let known = readerTablesOfTypes.inputBranches[typeDecl] { return known }
        var branches: [ReaderTablesOfTypes.InputBranch] = []
        defer { readerTablesOfTypes.inputBranches[typeDecl] = branches }
        let declarations = [typeDecl] + context.extensionsInFile(of: typeDecl)
        var inputs: Set<String> = []
        var inputPatterns: Set<Int> = []
        for declaration in declarations {
            guard let block = tree.child(declaration, .memberBlock) else { continue }
            for member in context.memberDecls(block) {
                if context.kind(member) == .initDecl { return branches }
                guard declaration == typeDecl, context.kind(member) == .variableDecl, !context.hasModifier(member, .static) else { continue }
                // A stored property the memberwise initializer takes: no accessors, no value fixed by `let x = ...`,
                // no wrapper but `@State`.
                let wrapper = context.attributes(member).last.flatMap { context.name($0) }
                guard wrapper == nil || wrapper == "State" else { continue }
                for binding in context.children(member) where context.kind(binding) == .patternBinding {
                    guard let pattern = tree.firstChild(binding), context.kind(pattern) == .identifierPattern, let name = context.name(pattern),
                          tree.child(binding, .accessorBlock) == nil,
                          !(tree.name(member) == "let" && tree.child(binding, .initializerClause) != nil) else { continue }
                    inputs.insert(name)
                    inputPatterns.insert(pattern)
                }
            }
        }
        // A name that a local, a parameter or a closure parameter of the type's code also declares (`ForEach(tips) {
        // tip in switch tip { ... } }`) may not be the input where it is tested: such an input is not judged.
        context.forEachDeclaredName(in: declarations, except: inputPatterns) { inputs.remove($0) }
        guard !inputs.isEmpty else { return branches }
        // `tip`, `self.tip`: the input read, if the expression is one.
        func inputRead(_ n: Int) -> String? {
            let name: String?
            switch context.kind(n) {
            case .identifierExpr:
                name = context.name(n)
            case .memberAccessExpr:
                guard let base = tree.firstChild(n), context.kind(base) == .identifierExpr, context.name(base) == "self" else { return nil }
                name = context.name(n)
            default:
                return nil
            }
            return name.flatMap { inputs.contains($0) ? $0 : nil }
        }
        // What a condition says of an input: the values for which it holds, and those for which it does not.
        func test(_ condition: Int) -> (input: String, whenTrue: [String], whenFalse: [String])? {
            if let input = inputRead(condition) { return (input, ["true"], ["false"]) }
            let parts = Array(context.children(condition))
            switch context.kind(condition) {
            case .prefixOperatorExpr where context.name(condition) == "!" && parts.count == 1:
                return inputRead(parts[0]).map { ($0, ["false"], ["true"]) }
            case .binaryExpr where (context.name(condition) == "==" || context.name(condition) == "!=") && parts.count == 2:
                guard let (input, literal) = inputRead(parts[0]).flatMap({ i in context.caseOrBooleanLiteral(parts[1]).map { (i, $0) } })
                        ?? inputRead(parts[1]).flatMap({ i in context.caseOrBooleanLiteral(parts[0]).map { (i, $0) } }) else { return nil }
                return context.name(condition) == "==" ? (input, [literal], []) : (input, [], [literal])
            default:
                return nil
            }
        }
        for declaration in declarations {
            for n in tree.subtree(declaration) {
                switch context.kind(n) {
                case .switchStmt, .switchExpr:
                    guard let subject = tree.firstChild(n), let input = inputRead(subject) else { continue }
                    for switchCase in context.children(n) where context.kind(switchCase) == .switchCase {
                        // `case .touchId, .faceId:`; `default`, bindings and other patterns choose values not listed.
                        var values: [String] = []
                        var listed = true
                        for pattern in context.children(switchCase) where context.kind(pattern) == .expressionPattern {
                            guard let value = tree.firstChild(pattern), let literal = context.caseOrBooleanLiteral(value) else { listed = false; break }
                            values.append(literal)
                        }
                        if listed && !values.isEmpty { branches.append((tree.byteRange(switchCase), input, values)) }
                    }
                case .ifStmt, .ifExpr:
                    let parts = Array(context.children(n))
                    guard let then = parts.firstIndex(where: { context.kind($0) == .codeBlock }) else { continue }
                    let conditions = parts[..<then]
                    // Any condition of several holds on the `then` branch; the `else` branch only of a single one.
                    for condition in conditions {
                        guard let (input, whenTrue, _) = test(condition), !whenTrue.isEmpty else { continue }
                        branches.append((tree.byteRange(parts[then]), input, whenTrue))
                        break
                    }
                    if conditions.count == 1, then + 1 < parts.count, let (input, _, whenFalse) = test(conditions.first!), !whenFalse.isEmpty {
                        branches.append((tree.byteRange(parts[then + 1]), input, whenFalse))
                    }
                default:
                    continue
                }
            }
        }
        return branches
    }

    /// The roles of `Alert.Button` and `ActionSheet.Button` whose trailing closure is the button's action.
    static let alertButtonRoles: Set<String> = ["default", "destructive", "cancel"]

    /// Modifiers whose closures run when something happens after the view is shown (a change, a submission, a
    /// gesture, a drop), never as it is shown: `onAppear` and `task` are not among them.
    static let eventModifiers: Set<String> = [
        "onChange", "onReceive", "onSubmit", "onLongPressGesture", "onDelete", "onMove", "onInsert", "onHover",
        "onContinuousHover", "onDrop", "onOpenURL", "onContinueUserActivity", "onKeyPress", "onCommand",
        "onExitCommand", "onPasteCommand", "onDeleteCommand", "onMoveCommand", "refreshable", "onEnded", "onChanged",
    ]

    /// A callback's name by Swift's convention (`onSelect`, `onDismiss`, `onTap`), except the handlers that run
    /// as a view is shown or laid out.
    static func isEventHandlerName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "o"), bytes[1] == UInt8(ascii: "n"),
              bytes[2] >= UInt8(ascii: "A") && bytes[2] <= UInt8(ascii: "Z") else { return false }
        return !["onAppear", "onDisappear", "onGeometryChange", "onPreferenceChange", "onScrollGeometryChange"].contains(name)
    }

    /// A closure whose statements a view builder could not hold: a `guard`, or an assignment, at its top level.
    func isStatementClosure(_ closure: Int) -> Bool {
        guard context.kind(closure) == .closureExpr else { return false }
        return context.children(closure).contains { statement in
            switch context.kind(statement) {
            case .guardStmt: return true
            case .binaryExpr: return context.name(statement) == "="
            default: return false
            }
        }
    }

    /// The bytes of the `catch` blocks in a declaration, found in its tokens (so in bodies the parser skipped too):
    /// from each `catch` keyword's first `{` to the brace that closes it.
    func catchBlocks(in decl: Int) -> [Range<Int>] {
        let bytes = tree.byteRange(decl)
        let tokens = tree.tokens
        var blocks: [Range<Int>] = []
        var i = tokens.firstIndex { Int($0.offset) >= bytes.lowerBound } ?? tokens.endIndex
        while i < tokens.endIndex, Int(tokens[i].offset) < bytes.upperBound {
            defer { i += 1 }
            guard tokens[i].kind == .keyword, tokens[i].keyword == .catch else { continue }
            var j = i + 1
            while j < tokens.endIndex, tokens[j].kind != .leftBrace, Int(tokens[j].offset) < bytes.upperBound { j += 1 }
            var depth = 0
            var k = j
            while k < tokens.endIndex, Int(tokens[k].offset) < bytes.upperBound {
                if tokens[k].kind == .leftBrace { depth += 1 }
                if tokens[k].kind == .rightBrace {
                    depth -= 1
                    if depth == 0 { break }
                }
                k += 1
            }
            if j < tokens.endIndex, k < tokens.endIndex, depth == 0 { blocks.append(Int(tokens[j].offset)..<Int(tokens[k].end)) }
        }
        return blocks
    }

    /// The title of `Text("Yes")`, an alert button's label, when it is a literal.
    func textTitle(_ expression: Int) -> String? {
        guard context.kind(expression) == .callExpr, let callee = tree.firstChild(expression), context.kind(callee) == .identifierExpr,
              context.name(callee) == "Text", let first = context.arguments(expression).first, first.label == nil,
              context.arguments(expression).count == 1 else { return nil }
        return first.value.flatMap(literalTitle)
    }

    /// `"Save"`: a string literal without interpolation, its text.
    func literalTitle(_ expression: Int) -> String? {
        guard context.kind(expression) == .stringLiteral else { return nil }
        let text = tree.text(expression)
        guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2, !text.contains("\\") else { return nil }
        let inner = String(text.dropFirst().dropLast())
        return inner.isEmpty || inner.contains("\"") || inner.contains("\n") ? nil : inner
    }

    /// For each view-building method of a type that takes a closure of content (`func card(@ViewBuilder _ content:
    /// () -> Content) -> some View { content().environmentObject(store) }`), the providers applied around every call
    /// of that closure: what it constructs in the closure a caller hands it (`card { Row() }`) gets them.
    static func contentProvidersOfMembers(_ members: [Int], viewMembers: Set<String>, owner: String, context: FileContext,
                                          scopes: ConditionalScopes) -> [String: [TypeReference]] {
        var found: [String: [TypeReference]] = [:]
        for m in members where context.kind(m) == .funcDecl {
            guard let name = context.name(m), viewMembers.contains(name),
                  let clause = context.tree.child(m, .parameterClause) else { continue }
            // The content is handed in as a closure (`view { DeviceList() }`) or as a view (`configured(DeviceList())`:
            // a parameter of type `some View`, `AnyView`, or a generic parameter constrained to `View`).
            let viewGenerics = Set(context.tree.child(m, .genericParameterClause).map { generics in
                context.children(generics).filter { g in
                    context.kind(g) == .genericParameter && context.children(g).contains { context.name($0) == "View" }
                }.compactMap { context.name($0) }
            } ?? [])
            let contents = context.children(clause).filter { p in
                guard context.kind(p) == .parameter else { return false }
                if context.tree.subtree(p).contains(where: { context.kind($0) == .functionType }) { return true }
                guard let type = Array(context.children(p)).last else { return false }
                switch context.kind(type) {
                case .someOrAnyType: return context.children(type).contains { context.name($0) == "View" }
                case .identifierType: return context.name(type) == "AnyView" || context.name(type).map(viewGenerics.contains) == true
                default: return false
                }
            }.compactMap { context.parameterName($0) }
            guard !contents.isEmpty else { continue }
            var renderer = Renderer(kind: .member(type: owner, typeIndex: -1, name: name))
            var scratch = FileFacts(path: context.path)
            RenderWalker.collect(m, context: context, ownerType: owner, viewMembers: viewMembers, scopes: scopes,
                                 contentNames: Set(contents), into: &renderer, facts: &scratch)
            if let provided = renderer.contentProviders, !provided.isEmpty { found[name] = provided }
        }
        return found
    }

    /// The view members that show the content (`private var baseContent: some View { content.frame(...) }`, and
    /// `var hosted: some View { baseContent }` that shows that one): `body` showing one of them shows the content,
    /// and what it applies around them reaches the content (GitOK's `RootView`, whose body puts five objects around
    /// `hostedContent`: its settings window was reported as missing them, judged wrong).
    func membersShowing(_ contentNames: Set<String>, _ members: [Int], _ viewMembers: Set<String>) -> Set<String> {
        guard !contentNames.isEmpty else { return [] }
        let candidates = members.compactMap { m -> (name: String, node: Int)? in
            guard let name = context.kind(m) == .funcDecl ? context.name(m) : context.firstBindingName(m),
                  viewMembers.contains(name), !contentNames.contains(name) else { return nil }
            return (name, m)
        }
        var showing: Set<String> = []
        // Each round adds at least one member or stops: at most one round per member.
        for _ in 0..<candidates.count {
            let words = TokenWords(Array(contentNames.union(showing)))
            let found = tree.file.bytes.withUnsafeBufferPointer { bytes in
                candidates.filter { candidate in
                    guard !showing.contains(candidate.name) else { return false }
                    let node = tree.nodes[candidate.node]
                    return (Int(node.firstToken)..<Int(node.endToken)).contains { i in
                        tree.tokens[i].kind == .identifier && words.matches(tree.tokens[i], in: bytes)
                    }
                }
            }
            if found.isEmpty { break }
            showing.formUnion(found.map(\.name))
        }
        return showing
    }

    mutating func addRenderer(_ kind: Renderer.Kind, body decl: Int, owner: String, viewMembers: Set<String>,
                              contentNames: Set<String> = [], rootType: Int = -1) {
        var renderer = Renderer(kind: kind)
        renderer.rootType = Int32(rootType)
        // Only a view with a reader that an input decides keeps its construction's literals in the environment
        // analysis (`EnvironmentGraph.hasInputReader`), so only its inputs handed on can be resolved; for such a type
        // the branches were found with its readers (`inputCondition`), and no other type's are looked for here.
        let forwardable = context.enclosingType(decl).flatMap { readerTablesOfTypes.inputBranches[$0] }.map { Set($0.map(\.input)) } ?? []
        RenderWalker.collect(decl, context: context, ownerType: owner, viewMembers: viewMembers, scopes: scopes,
                             contentNames: contentNames, elementsMayBeMembers: kind == .root(.app),
                             memberContentProviders: memberContentProviders, presentationFlagPlatforms: presentationFlagPlatforms,
                             forwardableInputs: forwardable, into: &renderer, facts: &facts)
        if case .viewBody = kind {
            // What the body applies around everything it shows is around the content a caller hands in too, however
            // the body shows it (`steps = content()` in `init`, shown through a model).
            let around = providersAroundWholeBody(decl, owner: owner).filter { !(renderer.contentProviders ?? []).contains($0) }
            if !around.isEmpty { renderer.contentProviders = (renderer.contentProviders ?? []) + around }
        }
        if owner == "View", case .member = kind {
            let containers = receiverContainers(in: decl)
            if !containers.isEmpty { renderer.receiverContainers = containers }
        }
        facts.renderers.append(renderer)
    }

    /// SwiftUI's modifiers that present their content while a flag is set (`isPresented:`) or an item is not nil
    /// (`item:`).
    static let flagPresentingModifiers: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination", "inspector"]

    /// The `$flag` arguments (`isPresented:`, `item:`) of `call` when it is one of `flagPresentingModifiers`, named
    /// `name` (`.sheet(isPresented: $showsStore)`): the nodes, with the flag's name without its `$`.
    static func presentationFlags(of call: Int, named name: String, _ context: FileContext) -> [(node: Int, flag: String)] {
        guard flagPresentingModifiers.contains(name) else { return [] }
        return context.arguments(call).compactMap { argument in
            guard argument.label == "isPresented" || argument.label == "item", let value = argument.value,
                  context.kind(value) == .identifierExpr, let written = context.name(value), written.hasPrefix("$") else { return nil }
            return (value, String(written.dropFirst()))
        }
    }

    /// The `@State` flags of the type declared at `typeDecl` that can be set only on some platforms, or on none:
    /// `private` (or `fileprivate`), `false` or `nil` at first, and named in the type and its extensions in the file,
    /// but as the `isPresented:` or `item:` argument of a presentation of the type (`.sheet(isPresented:
    /// $showsStore)`), only inside `#if` clauses for those platforms (the button that sets it under `#if os(iOS)`,
    /// macOS opening a Settings scene instead) or nowhere (the button commented out). A presentation of such a flag
    /// shows its content only on those platforms (SwiftUI never presents it where nothing can set the flag). A use
    /// outside every such clause (an assignment, `$flag` handed to a child that may set it, a use the parser did not
    /// keep the syntax of) keeps the flag out.
    func presentationFlagPlatforms(of members: [Int], in typeDecl: Int) -> [String: Platforms] {
        var candidates: [(name: String, declaration: Int)] = []
        for m in members where context.kind(m) == .variableDecl
            && context.isPrivateToItsFile(m)
            && context.attributes(m).contains(where: { context.name($0) == "State" }) {
            guard let (name, initial, _) = singleBinding(m), initial == "false" || initial == "nil" else { continue }
            candidates.append((name, m))
        }
        guard !candidates.isEmpty else { return [:] }
        var presentingArguments: [Range<Int>] = []
        for call in tree.subtree(typeDecl) where context.kind(call) == .callExpr {
            guard let callee = tree.firstChild(call), context.kind(callee) == .memberAccessExpr, let name = context.name(callee)
            else { continue }
            presentingArguments += Self.presentationFlags(of: call, named: name, context).map { tree.byteRange($0.node) }
        }
        guard !presentingArguments.isEmpty else { return [:] }
        var flags: [String: Platforms] = [:]
        for candidate in candidates {
            let uses = uses(of: candidate.name, besides: candidate.declaration, in: typeDecl)
            guard !uses.isEmpty, uses.contains(where: { use in presentingArguments.contains { $0 == use } }) else { continue }
            let setting = uses.filter { use in !presentingArguments.contains { $0 == use } }
            let platforms = setting.isEmpty ? [] : platforms(compiling: setting)
            if platforms != .all { flags[candidate.name] = platforms }
        }
        return flags
    }

    /// Modifiers whose arguments show views outside their receiver: a provider applied before one of them is not
    /// around what it shows.
    static let presentingModifiers: Set<String> = [
        "sheet", "fullScreenCover", "popover", "overlay", "background", "toolbar", "safeAreaInset", "alert",
        "confirmationDialog", "contextMenu", "navigationDestination", "inspector", "mask", "overlayPreferenceValue",
        "backgroundPreferenceValue", "searchSuggestions", "swipeActions", "tabItem", "fileImporter", "fileExporter",
    ]

    /// The providers a view's `body` applies around everything it shows: those on the modifier chain of its one
    /// result (`NavigationStack { ... }.environment(path)`, the expression returned, local declarations aside),
    /// each unless a modifier outside it shows views of its own (`.sheet { ... }`). Empty when the body has several
    /// results or a statement other than a declaration before its result.
    func providersAroundWholeBody(_ decl: Int, owner: String) -> [TypeReference] {
        guard let block = tree.subtree(decl).first(where: { context.kind($0) == .codeBlock }) else { return [] }
        let statements = context.children(block).filter { context.kind($0) != .variableDecl }
        guard let last = statements.last else { return [] }
        var result: Int
        if context.kind(last) == .returnStmt, let returned = tree.firstChild(last) {
            result = returned
        } else if statements.count == 1 {
            result = last
        } else {
            return []
        }
        var providers: [TypeReference] = []
        var shownOutside = false
        let resolver = TypeResolver(context: context, ownerType: owner, callsMayBeFactories: true)
        var steps = 0
        while context.kind(result) == .callExpr, let callee = tree.firstChild(result), context.kind(callee) == .memberAccessExpr,
              let base = tree.firstChild(callee), steps < 10_000 {
            steps += 1
            if let provided = RenderWalker.providerCall(result, context) {
                if !shownOutside { providers.append(resolver.resolve(provided, at: result)) }
            } else if RenderWalker.isModelContainerCall(result, context) {
                if !shownOutside { providers.append(.modelContainer) }
            } else if Self.presentingModifiers.contains(context.name(callee) ?? "") {
                shownOutside = true
            }
            result = base
        }
        return providers
    }

    /// In a `View` extension method, the views constructed with a bare `self` in a closure argument or trailing
    /// closure (`RootView { self }`, `Frame(content: { self })`), innermost first, without repeats; then the view
    /// modifiers a static factory makes for `modifier(_:)` on the receiver (`modifier(Previewer.allThemes())`).
    func receiverContainers(in decl: Int) -> [String] {
        var containers: [String] = []
        for n in tree.subtree(decl) where context.kind(n) == .identifierExpr && context.name(n) == "self" {
            // A bare `self`, not `self.title`.
            if let p = context.parent(n), context.kind(p) == .memberAccessExpr, tree.firstChild(p) == n { continue }
            var node = n
            var steps = 0
            while let p = context.parent(node), p != decl, steps < 64 {
                steps += 1
                if context.kind(p) == .callExpr, context.kind(node) == .trailingClosure || context.kind(node) == .argument,
                   let callee = tree.firstChild(p), context.kind(callee) == .identifierExpr,
                   let name = context.name(callee), FileContext.isTypeLike(name) {
                    if !containers.contains(name) { containers.append(name) }
                    break
                }
                node = p
            }
        }
        for n in tree.subtree(decl) where context.kind(n) == .callExpr {
            guard let callee = tree.firstChild(n), context.kind(callee) == .identifierExpr, context.name(callee) == "modifier",
                  let argument = context.arguments(n).first, argument.label == nil, let value = argument.value else { continue }
            var factory = context.unwrapped(value)
            if context.kind(factory) == .callExpr, let called = tree.firstChild(factory) { factory = called }
            guard context.kind(factory) == .memberAccessExpr, let base = tree.firstChild(factory),
                  context.kind(base) == .identifierExpr, let type = context.name(base), FileContext.isTypeLike(type),
                  type != "Self", !containers.contains(type) else { continue }
            containers.append(type)
        }
        return containers
    }

    /// Providers applied anywhere in a non-rendering member (an `init`, a function): they count for "is `T`
    /// provided anywhere".
    /// Adds to the `constructions` of `owner` the capitalized names called in `decl`, read from its tokens (which are
    /// all there even where bodies were skipped).
    static let rootProtocols: Set<String> = ["App", "Scene", "PreviewProvider"]

    /// Whether a declaration's tokens hold the identifier `word`.
    func says(_ decl: Int, _ word: StaticString) -> Bool {
        let node = tree.nodes[decl]
        return (Int(node.firstToken)..<Int(node.endToken)).contains { context.identifier($0, is: word) }
    }

    /// Whether the token at `i` starts a value, so that `Name {` there is a construction with a trailing closure
    /// (`NSHostingView(rootView: StatsView { ... })`, `let v = StatsView { ... }`), not a declaration's or a
    /// statement's brace (`struct A: B {`, `-> some View {`, `if x is B {`).
    static func isValuePosition(_ i: Int, _ tokens: UnsafeBufferPointer<Token>) -> Bool {
        guard i >= 1 else { return false }
        switch tokens[i - 1].kind {
        case .leftParen, .comma, .equal, .leftSquare:
            return true
        case .keyword:
            return tokens[i - 1].keyword == .return
        case .colon:
            // An argument's label: `(rootView: StatsView {`, `, content: Row {`.
            return i >= 3 && tokens[i - 2].kind == .identifier && (tokens[i - 3].kind == .leftParen || tokens[i - 3].kind == .comma)
        default:
            return false
        }
    }

    /// `hostsViews`: the owner hands what it constructs to UIKit or AppKit (`Constructions.hostsViews`).
    mutating func noteConstructions(in decl: Int, owner: String, hostsViews: Bool) {
        noteConstructions(in: decl, owner: owner)
        if hostsViews, let i = facts.constructions.firstIndex(where: { $0.owner == owner }) { facts.constructions[i].hostsViews = true }
    }

    mutating func noteConstructions(in decl: Int, owner: String) {
        let node = tree.nodes[decl]
        let existing = facts.constructions.firstIndex { $0.owner == owner }
        var names = Set(existing.map { facts.constructions[$0].names } ?? [])
        let count = names.count
        let end = Int(node.endToken)
        // Every token of every class and extension at file level: read through buffers.
        tree.tokens.withUnsafeBufferPointer { tokens in
            tree.file.bytes.withUnsafeBufferPointer { bytes in
                var i = Int(node.firstToken)
                while i + 1 < end {
                    defer { i += 1 }
                    guard tokens[i].kind == .identifier else { continue }
                    let next = tokens[i + 1].kind
                    let isCall = next == .leftParen
                        || (next == .period && i + 3 < end && tokens[i + 2].kind == .keyword && tokens[i + 2].keyword == .`init`
                            && tokens[i + 3].kind == .leftParen)
                        || (next == .leftBrace && Self.isValuePosition(i, tokens))
                    guard isCall else { continue }
                    // A name whose first letter is ASCII is type-like when it is an upper-case one: the others are
                    // calls of functions (most of them), left without building their text.
                    let token = tokens[i]
                    var first = Int(token.offset)
                    if token.length >= 2 && bytes[first] == UInt8(ascii: "`") { first += 1 }
                    if bytes[first] < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[first]) { continue }
                    let name = tree.identifierText(token)
                    if FileContext.isTypeLike(name) { names.insert(name) }
                }
            }
        }
        guard names.count != count else { return }
        if let existing {
            facts.constructions[existing].names = names.sorted()
        } else {
            facts.constructions.append(Constructions(owner: owner, names: names.sorted()))
        }
    }

    mutating func collectProviders(in decl: Int, owner: String?) {
        guard mentionsProviders else { return }
        var walker = RenderWalker(context: context, ownerType: owner, viewMembers: [])
        walker.walk(decl)
        facts.providedTypes += walker.providers
    }

    /// What a `View` extension function provides to its receiver: the providers applied to `self` (explicit or
    /// implicit) in its body, and the other methods it calls on `self` (which may be helpers providing more).
    mutating func providers(inHelper function: Int, owner: String) -> (provided: [TypeReference], calls: [String]) {
        var out: [TypeReference] = []
        var calls: [String] = []
        let startsAtSelf = RenderWalker.chainsStartingAtSelf(in: function, context)
        for n in tree.subtree(function) where context.kind(n) == .callExpr {
            guard let callee = tree.firstChild(n), context.kind(callee) == .memberAccessExpr else { continue }
            let isModelContainer = RenderWalker.isModelContainerCall(n, context)
            let provided = RenderWalker.providerCall(n, context)
            let base = tree.firstChild(callee)
            let receiverIsSelf = base == nil || (context.kind(base!) == .identifierExpr && context.name(base!) == "self")
                || startsAtSelf[base! - function]
            guard receiverIsSelf else { continue }
            guard isModelContainer || provided != nil else {
                // Not `.init(...)` or `.constant(...)` with no base at all: an implicit member is a value, not a
                // method of the receiver.
                if base != nil, let name = context.name(callee), !calls.contains(name) { calls.append(name) }
                continue
            }
            out.append(isModelContainer ? .modelContainer : TypeResolver(context: context, ownerType: owner, callsMayBeFactories: true).resolve(provided!, at: n))
        }
        // Implicit `self`: `func withSettings() -> some View { environmentObject(UserSettings()) }`.
        for n in tree.subtree(function) where context.kind(n) == .callExpr {
            guard let callee = tree.firstChild(n), context.kind(callee) == .identifierExpr, let calleeName = context.name(callee) else { continue }
            let args = context.arguments(n)
            if RenderWalker.isModelContainerCall(named: calleeName, arguments: args, context) {
                out.append(.modelContainer)
                continue
            }
            guard calleeName == "environmentObject" || calleeName == "environment" else {
                // `withEnvironment(from: context)`: a method of the receiver (a type-like name is a construction).
                if !FileContext.isTypeLike(calleeName), !calls.contains(calleeName) { calls.append(calleeName) }
                continue
            }
            guard args.count == 1, args[0].label == nil, let v = args[0].value else { continue }
            out.append(TypeResolver(context: context, ownerType: owner, callsMayBeFactories: true).resolve(v, at: n))
        }
        facts.providedTypes += out
        return (out, calls)
    }
}

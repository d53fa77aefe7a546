import FlowLintSyntax

/// Walks a rendering body (a view's `body`, a view-building member, a root) and records each view
/// construction with the environment providers applied around it.
///
/// Modifier order is structural: in `A().sheet { B() }.environmentObject(s)` the provider's receiver is
/// `A().sheet { B() }`, so both `A` and the presented `B` get `s`; in `A().environmentObject(s).sheet { B() }`
/// the sheet's closure is an argument of a call outside the receiver, so `B` does not.
struct RenderWalker {
    /// What surrounds the node being walked. The three lists are persistent (see `EnvironmentLists`): a
    /// step down a receiver chain adds one entry without copying the entries above it, so a chain of N
    /// modifiers costs O(N), not O(N²), time and memory.
    struct Environment {
        var provided = EnvironmentLists<TypeReference>.empty
        var enclosingCallees = EnvironmentLists<String>.empty
        var helperCalls = EnvironmentLists<String>.empty
        var throughLocal = false
        /// A `NavigationView` / `NavigationStack` / `NavigationSplitView` of this body encloses the node.
        var underNavigationContainer = false
        /// The node is in a navigation destination that no container of this body encloses: it is shown only
        /// if a container above this body does.
        var inUncontainedDestination = false
        /// The node is in presented content or a navigation destination (see `RenderEdge.presentation`).
        var presentation: RenderEdge.Presentation?
        /// The platforms the node can be shown on besides its own `#if` clauses: those where the flag of a
        /// presentation around it can be set (`presentationFlagPlatforms`).
        var platforms = Platforms.all
        /// The Boolean flags the node is shown for, innermost last (`RenderEdge.conditions`).
        var conditions = EnvironmentLists<FlagCondition>.empty
    }

    /// Work still to do, the next item last. The walk is iterative (an explicit stack, not recursion): a view
    /// body with tens of thousands of chained modifiers nests the tree as deep, and recursion overflowed the
    /// stack. Items are pushed in reverse so they run in the order the recursive walk had, which keeps the
    /// edges and providers in the same order.
    private enum Step {
        case walk(Int, Environment)
        /// The arguments and trailing closures of a call.
        case arguments(Int, Environment)
    }

    let context: FileContext
    let resolver: TypeResolver
    let viewMembers: Set<String>
    /// What the file's `#if` clauses say of each node (`ConditionalScopes`).
    var scopes = ConditionalScopes()
    /// The owner's stored content properties (see `Renderer.contentProviders`), and the providers around each
    /// use of one met so far.
    var contentNames: Set<String> = []
    var contentUses: [[TypeReference]] = []
    /// The `View` extension helpers applied around each use of the content, in the same order.
    var contentHelperUses: [[String]] = []
    /// An App's body: a name that is an element of the body (`appScene`, `appScene.commands { ... }`) and not a
    /// view-building member of this file is taken as a member, since an App's scenes are often declared in an
    /// extension in another file (the index finds its renderers, or nothing).
    var elementsMayBeMembers = false
    /// The providers a view-building method of the owner applies around the closure of content it is handed
    /// (`FactExtractor.contentProvidersOfMembers`): what a call of it constructs in that closure gets them.
    var memberContentProviders: [String: [TypeReference]] = [:]
    /// The owner's inputs that its own branches test (`switch mode { ... }`, `FactExtractor.inputBranches`): one handed
    /// on as it is (`Detail(mode: mode)`) is recorded as `label=@name` in `RenderEdge.literalArguments`, and the
    /// environment analysis gives it the literal the owner's construction passed.
    var forwardableInputs: Set<String> = []
    /// The owner's `@State` flags that can be set only on some platforms or on none
    /// (`FactExtractor.presentationFlagPlatforms`): what a presentation of one of them shows is shown only there.
    var presentationFlagPlatforms: [String: Platforms] = [:]
    var edges: [RenderEdge] = []
    var providers: [TypeReference] = []
    private var steps: [Step] = []
    private var providedLists = EnvironmentLists<TypeReference>()
    private var calleeLists = EnvironmentLists<String>()
    private var helperLists = EnvironmentLists<String>()
    private var conditionLists = EnvironmentLists<FlagCondition>()
    /// The flags of the edges that have some (`RenderEdge.conditions` numbers them, from 0 for this walk).
    var conditions: [[FlagCondition]] = []
    private var conditionNumbers: [Int32: Int32] = [:]
    /// How many list entries the edges may still copy (see `walk(_:)`).
    private var entryBudget = 0
    /// The methods of the walked declaration's type (its own and its extensions' in the file) that return nothing
    /// (`returnsNothing(_:)`), found at the first call of a name that may be one.
    private var methodsReturningNothing: Set<String>?
    /// The declaration walked.
    private var root = -1

    init(context: FileContext, ownerType: String?, viewMembers: Set<String>) {
        self.context = context
        self.tree = context.tree
        self.resolver = TypeResolver(context: context, ownerType: ownerType, callsMayBeFactories: true)
        self.viewMembers = viewMembers
    }

    /// `context.tree`, held here (see `FactExtractor.tree`).
    private let tree: SyntaxTree

    /// `.environmentObject(x)` / `.environment(x)` (one unlabeled argument; `.environment(\.key, v)` sets an
    /// environment value, not an object): the argument.
    static func providerCall(_ call: Int, _ context: FileContext) -> Int? {
        guard let callee = context.tree.firstChild(call), context.kind(callee) == .memberAccessExpr,
              let name = context.name(callee), name == "environmentObject" || name == "environment" else { return nil }
        let args = context.arguments(call)
        guard args.count == 1, args[0].label == nil else { return nil }
        return args[0].value
    }

    /// SwiftData's providers: `.modelContainer(for:)`, `.modelContainer(container)` (any arguments),
    /// `.modelContext(context)`, `.environment(\.modelContext, context)`. On a scene, its content gets them.
    static func isModelContainerCall(_ call: Int, _ context: FileContext) -> Bool {
        guard let callee = context.tree.firstChild(call), context.kind(callee) == .memberAccessExpr,
              let name = context.name(callee) else { return false }
        return isModelContainerCall(named: name, arguments: context.arguments(call), context)
    }

    /// The same for a call named `name` (`modelContainer(for: Item.self)` inside a `View` extension, on `self`).
    static func isModelContainerCall(named name: String, arguments args: [(label: String?, value: Int?)], _ context: FileContext) -> Bool {
        switch name {
        case "modelContainer": return true
        case "modelContext": return args.count == 1 && args[0].label == nil
        case "environment":
            guard args.count == 2, args[0].label == nil, let key = args[0].value, context.kind(key) == .keyPathExpr else { return false }
            return context.tree.compactText(key) == "\\.modelContext"
        default: return false
        }
    }

    /// What a provider call provides (see `providerCall`, `isModelContainerCall`), nil when it is not one.
    func provided(by call: Int) -> TypeReference? {
        if Self.isModelContainerCall(call, context) { return .modelContainer }
        if Self.handsOverAppDelegate(call, context) || Self.isConfiguringPreviewModifier(call, context) { return .unknown }
        return Self.providerCall(call, context).map { resolver.resolve($0, at: call) }
    }

    /// The document type of a `DocumentGroup(...)`: what its `newDocument:` closure (or autoclosure) constructs, or
    /// the type its `viewing:` argument names (`Drawing.self`); one that cannot be told otherwise.
    static func documentType(of call: Int, _ context: FileContext) -> TypeReference {
        let tree = context.tree
        for argument in context.arguments(call) {
            guard argument.label == "newDocument" || argument.label == "viewing", var value = argument.value.map(context.unwrapped)
            else { continue }
            if context.kind(value) == .closureExpr {
                let statements = context.statements(of: value)
                guard statements.count == 1 else { return .unknown }
                value = context.unwrapped(statements[0])
            }
            switch context.kind(value) {
            case .callExpr:
                if let callee = tree.firstChild(value), context.kind(callee) == .identifierExpr, let name = context.name(callee),
                   FileContext.isTypeLike(name) { return .named(name) }
            case .memberAccessExpr where context.name(value) == "self":
                if let base = tree.firstChild(value), context.kind(base) == .identifierExpr, let name = context.name(base) {
                    return .named(name)
                }
            default:
                break
            }
            return .unknown
        }
        return .unknown
    }

    /// `.previewWith { ... }` and the like (`SwiftUINames.configuringPreviewModifiers`), on a receiver.
    static func isConfiguringPreviewModifier(_ call: Int, _ context: FileContext) -> Bool {
        guard let callee = context.tree.firstChild(call), context.kind(callee) == .memberAccessExpr,
              context.tree.firstChild(callee) != nil, let name = context.name(callee) else { return false }
        return SwiftUINames.configuringPreviewModifiers.contains(name)
    }

    /// A modifier that is given the App's delegate (`.spezi(appDelegate)`, where `appDelegate` is the App's
    /// `@UIApplicationDelegateAdaptor` property): the delegate configures the app's objects, and a library's
    /// modifier given it can put any of them in the environment, so what it provides cannot be told.
    static func handsOverAppDelegate(_ call: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        guard let callee = tree.firstChild(call), context.kind(callee) == .memberAccessExpr, tree.firstChild(callee) != nil,
              let type = context.enclosingType(call), let block = tree.child(type, .memberBlock) else { return false }
        var names: Set<String> = []
        for argument in context.arguments(call) {
            guard let value = argument.value.map(context.unwrapped) else { continue }
            switch context.kind(value) {
            case .identifierExpr:
                if let name = context.name(value) { names.insert(name) }
            case .memberAccessExpr:
                if let base = tree.firstChild(value), context.kind(base) == .identifierExpr, context.name(base) == "self",
                   let name = context.name(value) { names.insert(name) }
            default:
                continue
            }
        }
        guard !names.isEmpty else { return false }
        return context.memberDecls(block).contains { member in
            context.kind(member) == .variableDecl && names.contains(context.firstBindingName(member) ?? "")
                && context.attributes(member).contains { SwiftUINames.delegateAdaptors.contains(context.name($0) ?? "") }
        }
    }

    /// `Container { self }`: a construction whose trailing closure is the receiver alone.
    private static func wrapsSelf(_ call: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        return context.children(call).contains { part in
            guard context.kind(part) == .trailingClosure, context.name(part) == nil else { return false }
            let tokens = tree.tokenRange(of: part)
            return tokens.count == 3 && tree.tokens[tokens.lowerBound + 1].kind == .keyword
                && tree.tokens[tokens.lowerBound + 1].keyword == .self
        }
    }

    /// For every node of the subtree of `root` (entry `e - root` for node `e`): whether the receiver chain
    /// ending at it starts at `self`, explicitly or implicitly through a method call (`padding().environment(x)`).
    /// One pass for the whole subtree: following each chain from each call on it was quadratic in its length.
    static func chainsStartingAtSelf(in root: Int, _ context: FileContext) -> [Bool] {
        let nodes = context.tree.subtree(root)
        var startsAtSelf = [Bool](repeating: false, count: nodes.count)
        // Backwards through the pre-order: a node's first child (the next index) is known before the node.
        for e in nodes.reversed() {
            switch context.kind(e) {
            case .callExpr, .memberAccessExpr, .forceUnwrapExpr, .optionalChainingExpr:
                guard let c = context.tree.firstChild(e) else { startsAtSelf[e - root] = true; continue }
                if context.kind(e) == .callExpr && context.kind(c) == .identifierExpr {
                    // `MastodonNavigationStack { self }`: a container of the receiver, which what is applied to the
                    // container reaches too.
                    startsAtSelf[e - root] = !FileContext.isTypeLike(context.name(c) ?? "") || wrapsSelf(e, context)
                } else {
                    startsAtSelf[e - root] = startsAtSelf[c - root]
                }
            case .identifierExpr:
                startsAtSelf[e - root] = context.name(e) == "self" || context.name(e) == "content"
            default:
                break
            }
        }
        return startsAtSelf
    }

    /// Walks a rendering declaration (`var body`, a view-building function) or a root's closure. The
    /// declaration itself is not a local: only variables declared inside it are.
    ///
    /// Each edge copies the lists around it, so the edges of a hostile chain (`.overlay(Text(""))` repeated N
    /// times: N edges under up to N helper calls) would hold O(N²) entries. The edges of one walk may copy at
    /// most 16 entries per node of the walked declaration, plus 4,096 (real bodies use a small fraction of it);
    /// an edge beyond that is kept as unjudgeable (an `.unknown` provider and no lists), so the rule skips it
    /// rather than judge it without its environment.
    private mutating func noteContentUse(_ env: Environment) {
        contentUses.append(providedLists.array(env.provided))
        // Content handed on to a container (`Provider(document: document) { content() }`) gets what the container's
        // body applies around its own content, as a view modifier's would (`RenderEdge.modifierHelperName`).
        contentHelperUses.append(helperLists.array(env.helperCalls)
            + calleeLists.array(env.enclosingCallees).map(RenderEdge.modifierHelperName))
    }

    mutating func walk(_ n: Int) {
        root = n
        entryBudget = 16 * tree.subtree(n).count + 4_096
        switch context.kind(n) {
        case .variableDecl, .funcDecl, .initDecl: pushChildren(n, Environment())
        default: steps.append(.walk(n, Environment()))
        }
        while let step = steps.popLast() {
            switch step {
            case .walk(let node, let env): visit(node, env)
            case .arguments(let call, let env): pushArguments(call, env)
            }
        }
    }

    private mutating func visit(_ n: Int, _ env: Environment) {
        switch context.kind(n) {
        case .callExpr:
            visitCall(n, env)
        case .identifierExpr:
            if let name = context.name(n), viewMembers.contains(name) || (elementsMayBeMembers && isElement(n, named: name)) {
                addEdge(.member(name), at: n, env)
            }
            if let name = context.name(n), contentNames.contains(name) { noteContentUse(env) }
        case .memberAccessExpr:
            if let name = context.name(n), contentNames.contains(name), let base = tree.firstChild(n),
               context.kind(base) == .identifierExpr, context.name(base) == "self" {
                noteContentUse(env)
            }
            if let name = context.name(n), viewMembers.contains(name), let base = tree.firstChild(n),
               context.kind(base) == .identifierExpr, context.name(base) == "self" {
                addEdge(.member(name), at: n, env)
            } else if let name = context.name(n), !FileContext.isTypeLike(name), let base = tree.firstChild(n),
                      context.kind(base) == .callExpr || context.kind(base) == .memberAccessExpr {
                // `PlaylistsView().allEnvironmentsInjected`: a `View` extension property applied to a view, a helper as
                // a method call is (`helperCallName`); a name no helper has adds nothing.
                var inner = env
                inner.helperCalls = helperLists.adding(name, to: env.helperCalls)
                steps.append(.walk(base, inner))
            } else {
                pushChildren(n, env)
            }
        case .postfixIfConfigExpr:
            visitPostfixIfConfig(n, env)
        case .ifStmt, .ifExpr:
            visitIf(n, env)
        case .variableDecl:
            var local = env
            local.throughLocal = true
            pushChildren(n, local)
        case .binaryExpr where context.name(n) == "=":
            // `miniMap = MiniMapView(job: job)`, then `return miniMap.environmentObject(model)`: stored like a local's
            // initial value, the view gets its environment where the variable is used.
            var stored = env
            stored.throughLocal = true
            pushChildren(n, stored)
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl, .attribute:
            break
        default:
            pushChildren(n, env)
        }
    }

    /// Whether the identifier `n` is a builder element, alone or at the start of a modifier chain: what a body's
    /// statement or a closure's starts with (a type-like name is a construction, not a member).
    private func isElement(_ n: Int, named name: String) -> Bool {
        guard !FileContext.isTypeLike(name), name != "self" else { return false }
        var top = n
        while let parent = context.parent(top), tree.firstChild(parent) == top,
              [.memberAccessExpr, .callExpr, .postfixIfConfigExpr].contains(context.kind(parent)) {
            top = parent
        }
        guard let parent = context.parent(top) else { return false }
        return context.kind(parent) == .codeBlock || context.kind(parent) == .closureExpr
    }

    /// Queues the children of `n`, to be walked in source order.
    private mutating func pushChildren(_ n: Int, _ env: Environment) {
        let first = steps.count
        for c in context.children(n) { steps.append(.walk(c, env)) }
        steps[first...].reverse()
    }

    /// A call: its receiver is walked first with the environment the call adds (a provider, a helper), then
    /// its arguments with the environment around the call.
    private mutating func visitCall(_ call: Int, _ env: Environment) {
        guard let callee = tree.firstChild(call) else { return }
        if let type = provided(by: call) {
            providers.append(type)
            var inner = env
            inner.provided = providedLists.adding(type, to: env.provided)
            steps.append(.arguments(call, env))
            if let receiver = tree.firstChild(callee) { steps.append(.walk(receiver, inner)) }
            return
        }
        let (isConstruction, constructed) = context.calleeType(callee)
        if isConstruction, let type = constructed {
            addEdge(.view(type), at: callee, env, qualifier: context.constructionQualifier(callee))
            var inner = env
            inner.enclosingCallees = calleeLists.adding(type, to: env.enclosingCallees)
            // A document group provides its reference file document to its editor as an environment object ("The
            // current document for a given editor instance is also provided as an environment object for its
            // subhierarchy", SwiftUI's `DocumentGroup.init(newDocument:editor:)`).
            if type == "DocumentGroup" {
                let document = Self.documentType(of: call, context)
                providers.append(document)
                inner.provided = providedLists.adding(document, to: inner.provided)
            }
            if SwiftUINames.navigationContainers.contains(type) { inner.underNavigationContainer = true }
            if type == "NavigationLink" {
                pushNavigationLinkArguments(call, inner)
            } else {
                steps.append(.arguments(call, inner))
            }
            return
        }
        switch context.kind(callee) {
        case .memberAccessExpr:
            let name = context.name(callee) ?? ""
            if viewMembers.contains(name), let base = tree.firstChild(callee), context.kind(base) == .identifierExpr,
               context.name(base) == "self" {
                addEdge(.member(name), at: callee, env)
                steps.append(.arguments(call, handedContent(of: name, env)))
                return
            }
            // `.navigationDestination(for:) { ... }`: its content is a destination; `.sheet { ... }` presents its
            // content.
            var argumentsEnv = name == "navigationDestination" ? destination(env) : env
            if let presentation = RenderEdge.Presentation(rawValue: name), presentation != .navigation {
                argumentsEnv.presentation = presentation
            }
            let flags = FactExtractor.presentationFlags(of: call, named: name, context)
            argumentsEnv.platforms.formIntersection(platformsPresenting(flags))
            for flag in flags where isBoolean(flag.node, in: call) {
                argumentsEnv.conditions = conditionLists.adding(FlagCondition(flag: flag.flag, value: true), to: argumentsEnv.conditions)
            }
            // In an App's scenes, `engine.rootView { ContentView() }`: content handed to a method of an object the App
            // holds is shown wherever that method puts it, with whatever it applies around it (judged wrong in BM: an
            // engine of a package that wraps its content in every object it provides).
            if elementsMayBeMembers, let base = tree.firstChild(callee), context.kind(base) == .identifierExpr,
               let baseName = context.name(base), baseName != "self", !viewMembers.contains(baseName),
               tree.child(call, .trailingClosure) != nil {
                argumentsEnv.provided = providedLists.adding(.unknown, to: argumentsEnv.provided)
            }
            if !argumentsEnv.platforms.isEmpty { steps.append(.arguments(call, argumentsEnv)) }
            if let receiver = tree.firstChild(callee) {
                var inner = env
                inner.helperCalls = helperLists.adding(helperCallName(call, name), to: env.helperCalls)
                // `.modifier(engine.runningInjector)`: a modifier FlowLint cannot name, which may provide anything.
                if name == "modifier", Self.modifierConstructed(by: call, context) == nil, context.arguments(call).count == 1 {
                    inner.provided = providedLists.adding(.unknown, to: inner.provided)
                }
                steps.append(.walk(receiver, inner))
            }
        case .identifierExpr:
            let name = context.name(callee)
            if let name, viewMembers.contains(name) { addEdge(.member(name), at: callee, env) }
            if let name, contentNames.contains(name) { noteContentUse(env) }
            // A view handed to a method of the type that returns nothing (`navItemsAppend(AllPeopleNavItem())`, which
            // keeps it in `@State` that the body shows inside a provider) is shown wherever that method puts it, which
            // is not known here (judged wrong in BK: Presently's cards, shown under the object the finding said missing).
            if let name, !contentNames.contains(name), returnsNothing(name) { return }
            steps.append(.arguments(call, name.map { handedContent(of: $0, env) } ?? env))
        default:
            steps.append(.arguments(call, env))
            steps.append(.walk(callee, env))
        }
    }

    /// Whether `name` is a method of the walked declaration's type, declared in its body or an extension in the file,
    /// that returns nothing.
    private mutating func returnsNothing(_ name: String) -> Bool {
        guard name.first?.isUppercase == false else { return false }
        if methodsReturningNothing == nil {
            var found: Set<String> = []
            if root >= 0, let type = context.enclosingType(root) {
                for decl in [type] + context.extensionsInFile(of: type) {
                    guard let block = tree.child(decl, .memberBlock) else { continue }
                    for m in context.memberDecls(block) where context.kind(m) == .funcDecl && context.returnType(m) == nil {
                        if let method = context.name(m) { found.insert(method) }
                    }
                }
            }
            methodsReturningNothing = found
        }
        return methodsReturningNothing!.contains(name)
    }

    /// The platforms where `.sheet(isPresented: $showsStore) { ... }`, of these flags (`FactExtractor.presentationFlags`),
    /// can present its content: none when nothing sets `showsStore`, iOS when only code under `#if os(iOS)` does;
    /// every platform for any other call.
    private func platformsPresenting(_ flags: [(node: Int, flag: String)]) -> Platforms {
        guard !presentationFlagPlatforms.isEmpty else { return .all }
        var platforms = Platforms.all
        for flag in flags {
            if let set = presentationFlagPlatforms[flag.flag] { platforms.formIntersection(set) }
        }
        return platforms
    }

    /// What a modifier call `.name(...)` applies, for the index to resolve: the method's name (a `View` extension
    /// helper's), or `modifier(T)` for `.modifier(T(...))`, a view modifier of the project whose `body(content:)`
    /// may apply providers around the content it is given (`RenderEdge.modifierHelperName`).
    private func helperCallName(_ call: Int, _ name: String) -> String {
        guard name == "modifier", let type = Self.modifierConstructed(by: call, context) else { return name }
        return RenderEdge.modifierHelperName(type)
    }

    /// The type a call `modifier(T(...))` constructs as its one unlabeled argument (not `Self`).
    static func modifierConstructed(by call: Int, _ context: FileContext) -> String? {
        guard let argument = context.arguments(call).first, argument.label == nil, let value = argument.value,
              case let (isConstruction, type?) = context.construction(value), isConstruction, type != "Self" else { return nil }
        return type
    }

    /// The environment of the arguments of a call of the owner's method `name`: with the providers it applies
    /// around the closure of content it is handed.
    private mutating func handedContent(of name: String, _ env: Environment) -> Environment {
        guard let provided = memberContentProviders[name] else { return env }
        var inner = env
        for type in provided { inner.provided = providedLists.adding(type, to: inner.provided) }
        return inner
    }

    /// `base #if A .environmentObject(a) #else .environmentObject(b) #endif`: every branch counts as active, so
    /// the base gets the providers and helpers of all branches.
    private mutating func visitPostfixIfConfig(_ n: Int, _ env: Environment) {
        let parts = Array(context.children(n))
        guard let base = parts.first else { return }
        var inner = env
        for clause in parts.dropFirst() {
            for call in tree.subtree(clause) where context.kind(call) == .callExpr {
                guard let callee = tree.firstChild(call), context.kind(callee) == .memberAccessExpr else { continue }
                if let type = provided(by: call) {
                    inner.provided = providedLists.adding(type, to: inner.provided)
                } else if let name = context.name(callee) {
                    inner.helperCalls = helperLists.adding(helperCallName(call, name), to: inner.helperCalls)
                }
            }
        }
        for clause in parts.dropFirst().reversed() { steps.append(.walk(clause, env)) }
        steps.append(.walk(base, inner))
    }

    /// The environment of a navigation destination: shown only under a navigation container, of this body or
    /// (when none of this body encloses it) of a body above.
    private func destination(_ env: Environment) -> Environment {
        var inner = env
        if !env.underNavigationContainer { inner.inUncontainedDestination = true }
        inner.presentation = .navigation
        return inner
    }

    /// `NavigationLink(destination: D()) { label }`, `NavigationLink { D() } label: { label }`,
    /// `NavigationLink("Title") { D() }`: the destination argument, or the first trailing closure when no
    /// `destination:` or `value:` argument is given, is a destination; the label is always shown.
    /// `NavigationLink(destination: D(), isActive: $model.done) { EmptyView() }`: nothing to tap, so the
    /// destination is shown only when code sets the flag (`Environment.conditions`).
    private mutating func pushNavigationLinkArguments(_ call: Int, _ env: Environment) {
        let parts = context.children(call).filter { context.kind($0) == .argument || context.kind($0) == .trailingClosure }
        let labels = parts.map { context.kind($0) == .argument ? context.name($0) : nil }
        let firstClosureIsDestination = !labels.contains("destination") && !labels.contains("value")
        var destinationEnv = destination(env)
        if let flag = activatingFlag(ofLink: call, parts: parts) {
            destinationEnv.conditions = conditionLists.adding(FlagCondition(flag: flag, value: true), to: destinationEnv.conditions)
        }
        var sawClosure = false
        let first = steps.count
        for part in parts {
            var isDestination = context.kind(part) == .argument && context.name(part) == "destination"
            if context.kind(part) == .trailingClosure {
                isDestination = !sawClosure && firstClosureIsDestination && context.name(part) == nil
                sawClosure = true
            }
            steps.append(.walk(part, isDestination ? destinationEnv : env))
        }
        steps[first...].reverse()
    }

    /// The flag of a `NavigationLink(destination:isActive:)` whose label is `EmptyView()` (or nothing): the last
    /// name of its `isActive:` binding (`$model.profileSaved`, `$showsNext`). A link with a label to tap sets the
    /// flag itself.
    private func activatingFlag(ofLink call: Int, parts: [Int]) -> String? {
        guard let active = parts.first(where: { context.kind($0) == .argument && context.name($0) == "isActive" }),
              let value = tree.firstChild(active), let flag = Self.boundFlag(value, context),
              Self.hasNothingToTap(parts, context) else { return nil }
        return flag
    }

    /// Whether a `NavigationLink` of these arguments and trailing closures shows nothing to tap: its label is
    /// `EmptyView()` or empty, and it has no title (`NavigationLink("Skip", destination: D(), isActive: $flag)`).
    static func hasNothingToTap(_ parts: [Int], _ context: FileContext) -> Bool {
        if parts.contains(where: { context.kind($0) == .argument && context.name($0) == nil }) { return false }
        let labels = parts.filter { part in
            context.kind(part) == .trailingClosure || (context.kind(part) == .argument && context.name(part) == "label")
        }
        return !labels.isEmpty && labels.allSatisfy { part in
            let text = context.tree.compactText(part)
            return text.hasSuffix("{}") || text.hasSuffix("{EmptyView()}") || text.hasSuffix("EmptyView()")
        }
    }

    /// The flag a binding argument names, without its `$`: `$showsNext` → `showsNext`, `$model.done` → `done`.
    static func boundFlag(_ value: Int, _ context: FileContext) -> String? {
        var root = value
        while context.kind(root) == .memberAccessExpr, let base = context.tree.firstChild(root) { root = base }
        guard context.kind(root) == .identifierExpr, let written = context.name(root), written.hasPrefix("$") else { return nil }
        return root == value ? String(written.dropFirst()) : context.name(value)
    }

    /// Whether the flag argument `node` of the presentation `call` is its `isPresented:` (an `item:` is no flag).
    private func isBoolean(_ node: Int, in call: Int) -> Bool {
        context.arguments(call).contains { $0.value == node && $0.label == "isPresented" }
    }

    /// `if flag { A } else { B }`, `if !model.isOnboarding { ... }`: `A` is shown for `flag=true`, `B` for
    /// `flag=false` (`Environment.conditions`). Other conditions (several, a binding, a comparison) add nothing.
    private mutating func visitIf(_ n: Int, _ env: Environment) {
        let parts = Array(context.children(n))
        guard let then = parts.firstIndex(where: { context.kind($0) == .codeBlock }), then == 1,
              let (flag, value) = Self.flagCondition(parts[0], context) else {
            pushChildren(n, env)
            return
        }
        var whenTrue = env, whenFalse = env
        whenTrue.conditions = conditionLists.adding(FlagCondition(flag: flag, value: value, isArm: true), to: env.conditions)
        whenFalse.conditions = conditionLists.adding(FlagCondition(flag: flag, value: !value, isArm: true), to: env.conditions)
        let first = steps.count
        steps.append(.walk(parts[0], env))
        steps.append(.walk(parts[then], whenTrue))
        for part in parts[(then + 1)...] { steps.append(.walk(part, whenFalse)) }
        steps[first...].reverse()
    }

    /// `flag`, `self.flag`, `model.flag`, `(flag)`, `!flag`: the last name, and whether the condition holds when it
    /// is true.
    static func flagCondition(_ condition: Int, _ context: FileContext) -> (String, Bool)? {
        var node = context.unwrapped(condition)
        var value = true
        if context.kind(node) == .prefixOperatorExpr, context.name(node) == "!", let operand = context.tree.firstChild(node) {
            node = context.unwrapped(operand)
            value = false
        }
        switch context.kind(node) {
        case .identifierExpr:
            guard let name = context.name(node), !FileContext.isTypeLike(name), name != "self" else { return nil }
            return (name, value)
        case .memberAccessExpr:
            var root = node
            while context.kind(root) == .memberAccessExpr, let base = context.tree.firstChild(root) { root = base }
            guard root != node, context.kind(root) == .identifierExpr, let name = context.name(node) else { return nil }
            return (name, value)
        default:
            return nil
        }
    }

    private mutating func pushArguments(_ call: Int, _ env: Environment) {
        let first = steps.count
        for c in context.children(call) {
            let k = context.kind(c)
            if k == .argument || k == .trailingClosure { steps.append(.walk(c, env)) }
        }
        steps[first...].reverse()
    }

    private mutating func addEdge(_ target: RenderEdge.Target, at node: Int, _ env: Environment, qualifier: String? = nil) {
        let entries = Int(providedLists.count(env.provided)) + Int(calleeLists.count(env.enclosingCallees))
            + Int(helperLists.count(env.helperCalls))
        guard entries <= entryBudget else {
            entryBudget -= min(entryBudget, 1)
            edges.append(RenderEdge(target: target, provided: [.unknown], enclosingCallees: [], helperCalls: [],
                                    flowsThroughLocal: env.throughLocal, span: context.span(of: node)))
            return
        }
        entryBudget -= entries
        var edge = RenderEdge(target: target, provided: providedLists.array(env.provided),
                              enclosingCallees: calleeLists.array(env.enclosingCallees),
                              helperCalls: helperLists.array(env.helperCalls), flowsThroughLocal: env.throughLocal,
                              span: context.span(of: node))
        edge.underNavigationContainer = env.underNavigationContainer
        edge.inUncontainedDestination = env.inUncontainedDestination
        edge.presentation = env.presentation
        if env.conditions >= 0 {
            // One entry per list: the constructions of an arm share it.
            if let number = conditionNumbers[env.conditions] {
                edge.conditions = number
            } else {
                edge.conditions = Int32(conditions.count)
                conditionNumbers[env.conditions] = edge.conditions
                conditions.append(conditionLists.array(env.conditions))
            }
        }
        if case .view = target, let call = context.parent(node), context.kind(call) == .callExpr, context.tree.firstChild(call) == node {
            edge.hasConstantArguments = context.hasConstantArguments(call)
            var position = 0
            for argument in context.arguments(call) {
                guard let label = argument.label else { continue }
                edge.argumentLabels += label + ","
                if position < 16, let value = argument.value, context.kind(context.unwrapped(value)) == .arrayExpr {
                    edge.arrayLiteralArguments |= 1 << position
                }
                if position < 16, let value = argument.value, context.construction(value).isConstruction {
                    edge.newValueArguments |= 1 << position
                }
                if let value = argument.value, let literal = context.caseOrBooleanLiteral(value) ?? constantLetValue(value) {
                    edge.literalArguments += label + "=" + literal + ","
                } else if !forwardableInputs.isEmpty, let value = argument.value, let name = ownProperty(value),
                          forwardableInputs.contains(name) {
                    edge.literalArguments += label + "=@" + name + ","
                }
                position += 1
            }
        }
        edge.platforms = scopes.platforms(node).intersection(env.platforms)
        edge.clause = scopes.clause(node)
        edge.qualifier = qualifier
        edges.append(edge)
    }
}

/// Lists that share their beginnings (a persistent stack): a list is the index of its last entry, and each
/// entry points at the one before it, so adding to a list never copies it and lists that grew from the same
/// one share its entries.
struct EnvironmentLists<Element> {
    /// The empty list.
    static var empty: Int32 { -1 }

    private var entries: [(element: Element, previous: Int32, count: Int32)] = []

    /// The list `list` with `element` added at its end.
    mutating func adding(_ element: Element, to list: Int32) -> Int32 {
        entries.append((element, list, count(list) + 1))
        return Int32(entries.count - 1)
    }

    func count(_ list: Int32) -> Int32 { list < 0 ? 0 : entries[Int(list)].count }

    /// The entries of `list`, first added first.
    func array(_ list: Int32) -> [Element] {
        var out: [Element] = []
        out.reserveCapacity(Int(count(list)))
        var i = list
        while i >= 0 {
            out.append(entries[Int(i)].element)
            i = entries[Int(i)].previous
        }
        out.reverse()
        return out
    }
}

extension RenderWalker {
    /// Walks `node` into `renderer`, adding the providers met to `facts`.
    static func collect(_ node: Int, context: FileContext, ownerType: String?, viewMembers: Set<String>,
                        scopes: ConditionalScopes, contentNames: Set<String> = [], elementsMayBeMembers: Bool = false,
                        memberContentProviders: [String: [TypeReference]] = [:], presentationFlagPlatforms: [String: Platforms] = [:],
                        forwardableInputs: Set<String> = [], into renderer: inout Renderer, facts: inout FileFacts) {
        var walker = RenderWalker(context: context, ownerType: ownerType, viewMembers: viewMembers)
        walker.forwardableInputs = forwardableInputs
        walker.scopes = scopes
        walker.memberContentProviders = memberContentProviders
        walker.presentationFlagPlatforms = presentationFlagPlatforms
        walker.contentNames = contentNames
        walker.elementsMayBeMembers = elementsMayBeMembers
        renderer.platforms.formIntersection(scopes.platforms(node))
        renderer.clause = scopes.clause(node)
        walker.walk(node)
        // The walk's numbers of conditions, made the file's.
        let base = Int32(facts.edgeConditions.count)
        for e in walker.edges.indices where walker.edges[e].conditions >= 0 { walker.edges[e].conditions += base }
        facts.edgeConditions += walker.conditions
        renderer.edges += walker.edges
        facts.providedTypes += walker.providers
        // What every use of the content gets (usually there is one use).
        if let first = walker.contentUses.first {
            renderer.contentProviders = first.filter { type in walker.contentUses.allSatisfy { $0.contains(type) } }
            let helpers = walker.contentHelperUses[0].filter { name in walker.contentHelperUses.allSatisfy { $0.contains(name) } }
            if !helpers.isEmpty { renderer.contentHelpers = helpers }
        }
    }
}

extension RenderWalker {
    /// The name of `name` or `self.name`: what may be a property of the owner.
    func ownProperty(_ value: Int) -> String? {
        switch context.kind(value) {
        case .identifierExpr:
            return context.name(value)
        case .memberAccessExpr:
            guard let base = context.tree.firstChild(value), context.kind(base) == .identifierExpr, context.name(base) == "self" else { return nil }
            return context.name(value)
        default:
            return nil
        }
    }

    /// The literal of a constant of the enclosing type handed as an argument: `mode` or `self.mode` where the type
    /// declares `let mode: Mode = .normal` (which no initializer can change), and nothing else in the type declares
    /// a parameter, a closure parameter or a local of that name. Judged wrong in BY: a search screen that hands its
    /// constant `.normal` mode to cells that read an environment object only in `.plus` mode.
    func constantLetValue(_ value: Int) -> String? {
        let tree = context.tree
        guard let name = ownProperty(value), let type = context.enclosingType(value), let block = tree.child(type, .memberBlock) else { return nil }
        var found: (literal: String, pattern: Int)?
        for member in context.memberDecls(block) where context.kind(member) == .variableDecl && tree.name(member) == "let"
            && !context.hasModifier(member, .static) {
            for binding in context.children(member) where context.kind(binding) == .patternBinding {
                guard let pattern = tree.firstChild(binding), context.kind(pattern) == .identifierPattern,
                      context.name(pattern) == name,
                      let initial = tree.child(binding, .initializerClause).flatMap({ tree.firstChild($0) }),
                      let literal = context.caseOrBooleanLiteral(initial) else { continue }
                found = (literal, pattern)
            }
        }
        guard let found else { return nil }
        // Shadowed anywhere in the type: the name may not be the constant where it is handed on.
        var shadowed = false
        context.forEachDeclaredName(in: [type], except: [found.pattern]) { if $0 == name { shadowed = true } }
        return shadowed ? nil : found.literal
    }
}

import FlowLintSyntax

/// Walks a rendering body (a view's `body`, a view-building member, a root) and records each view
/// construction with the environment providers applied around it.
///
/// Modifier order is structural: in `A().sheet { B() }.environmentObject(s)` the provider's receiver is
/// `A().sheet { B() }`, so both `A` and the presented `B` get `s`; in `A().environmentObject(s).sheet { B() }`
/// the sheet's closure is an argument of a call outside the receiver, so `B` does not.
struct RenderWalker {
    struct Environment {
        var provided: [TypeReference] = []
        var enclosingCallees: [String] = []
        var helperCalls: [String] = []
        var throughLocal = false
    }

    let context: FileContext
    let resolver: TypeResolver
    let viewMembers: Set<String>
    var edges: [RenderEdge] = []
    var providers: [TypeReference] = []

    init(context: FileContext, ownerType: String?, viewMembers: Set<String>) {
        self.context = context
        self.resolver = TypeResolver(context: context, ownerType: ownerType)
        self.viewMembers = viewMembers
    }

    private var tree: SyntaxTree { context.tree }

    /// `.environmentObject(x)` / `.environment(x)` (one unlabeled argument; `.environment(\.key, v)` sets an
    /// environment value, not an object): the argument.
    static func providerCall(_ call: Int, _ context: FileContext) -> Int? {
        guard let callee = context.tree.firstChild(call), context.kind(callee) == .memberAccessExpr,
              let name = context.name(callee), name == "environmentObject" || name == "environment" else { return nil }
        let args = context.arguments(call)
        guard args.count == 1, args[0].label == nil else { return nil }
        return args[0].value
    }

    /// Whether a receiver chain starts at `self` (explicitly, or implicitly through a method call).
    static func chainStartsAtSelf(_ e: Int, _ context: FileContext) -> Bool {
        var e = e
        while true {
            switch context.kind(e) {
            case .callExpr, .memberAccessExpr, .forceUnwrapExpr, .optionalChainingExpr:
                guard let c = context.tree.firstChild(e) else { return true }
                if context.kind(e) == .callExpr && context.kind(c) == .identifierExpr {
                    // `padding().environmentObject(x)`: an implicit-self method call.
                    let n = context.name(c) ?? ""
                    return !FileContext.isTypeLike(n)
                }
                e = c
            case .identifierExpr:
                return context.name(e) == "self" || context.name(e) == "content"
            default:
                return false
            }
        }
    }

    /// Walks a rendering declaration (`var body`, a view-building function) or a root's closure. The
    /// declaration itself is not a local: only variables declared inside it are.
    mutating func walk(_ n: Int) {
        switch context.kind(n) {
        case .variableDecl, .funcDecl, .initDecl: walkChildren(n, Environment())
        default: walk(n, Environment())
        }
    }

    mutating func walk(_ n: Int, _ env: Environment) {
        switch context.kind(n) {
        case .callExpr:
            walkCall(n, env)
        case .identifierExpr:
            if let name = context.name(n), viewMembers.contains(name) { addEdge(.member(name), at: n, env) }
        case .memberAccessExpr:
            if let name = context.name(n), viewMembers.contains(name), let base = tree.firstChild(n),
               context.kind(base) == .identifierExpr, context.name(base) == "self" {
                addEdge(.member(name), at: n, env)
            } else {
                walkChildren(n, env)
            }
        case .postfixIfConfigExpr:
            walkPostfixIfConfig(n, env)
        case .variableDecl:
            var local = env
            local.throughLocal = true
            walkChildren(n, local)
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl, .attribute:
            break
        default:
            walkChildren(n, env)
        }
    }

    mutating func walkChildren(_ n: Int, _ env: Environment) {
        for c in context.children(n) { walk(c, env) }
    }

    mutating func walkCall(_ call: Int, _ env: Environment) {
        guard let callee = tree.firstChild(call) else { return }
        if let providedExpression = Self.providerCall(call, context) {
            let type = resolver.resolve(providedExpression, at: call)
            providers.append(type)
            var inner = env
            inner.provided.append(type)
            if let receiver = tree.firstChild(callee) { walk(receiver, inner) }
            walkArguments(call, env)
            return
        }
        let (isConstruction, constructed) = context.calleeType(callee)
        if isConstruction, let type = constructed {
            addEdge(.view(type), at: callee, env)
            var inner = env
            inner.enclosingCallees.append(type)
            walkArguments(call, inner)
            return
        }
        switch context.kind(callee) {
        case .memberAccessExpr:
            let name = context.name(callee) ?? ""
            if viewMembers.contains(name), let base = tree.firstChild(callee), context.kind(base) == .identifierExpr,
               context.name(base) == "self" {
                addEdge(.member(name), at: callee, env)
                walkArguments(call, env)
                return
            }
            if let receiver = tree.firstChild(callee) {
                var inner = env
                inner.helperCalls.append(name)
                walk(receiver, inner)
            }
            walkArguments(call, env)
        case .identifierExpr:
            if let name = context.name(callee), viewMembers.contains(name) { addEdge(.member(name), at: callee, env) }
            walkArguments(call, env)
        default:
            walk(callee, env)
            walkArguments(call, env)
        }
    }

    /// `base #if A .environmentObject(a) #else .environmentObject(b) #endif`: every branch counts as active, so
    /// the base gets the providers and helpers of all branches.
    mutating func walkPostfixIfConfig(_ n: Int, _ env: Environment) {
        let parts = Array(context.children(n))
        guard let base = parts.first else { return }
        var inner = env
        for clause in parts.dropFirst() {
            for call in tree.subtree(clause) where context.kind(call) == .callExpr {
                guard let callee = tree.firstChild(call), context.kind(callee) == .memberAccessExpr else { continue }
                if let provided = Self.providerCall(call, context) {
                    inner.provided.append(resolver.resolve(provided, at: call))
                } else if let name = context.name(callee) {
                    inner.helperCalls.append(name)
                }
            }
        }
        walk(base, inner)
        for clause in parts.dropFirst() { walk(clause, env) }
    }

    mutating func walkArguments(_ call: Int, _ env: Environment) {
        for c in context.children(call) {
            let k = context.kind(c)
            if k == .argument || k == .trailingClosure { walk(c, env) }
        }
    }

    mutating func addEdge(_ target: RenderEdge.Target, at node: Int, _ env: Environment) {
        edges.append(RenderEdge(target: target, provided: env.provided, enclosingCallees: env.enclosingCallees,
                                helperCalls: env.helperCalls, flowsThroughLocal: env.throughLocal,
                                span: context.span(of: node)))
    }
}

extension RenderWalker {
    /// Walks `node` into `renderer`, adding the providers met to `facts`.
    static func collect(_ node: Int, context: FileContext, ownerType: String?, viewMembers: Set<String>,
                        into renderer: inout Renderer, facts: inout FileFacts) {
        var walker = RenderWalker(context: context, ownerType: ownerType, viewMembers: viewMembers)
        walker.walk(node)
        renderer.edges += walker.edges
        facts.providedTypes += walker.providers
    }
}

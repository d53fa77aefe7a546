import FlowLintSyntax

/// Walks one file's declarations once, collecting `FileFacts` and asking the per-file rules for their
/// findings as it meets the declarations they judge.
struct FactExtractor {
    let context: FileContext
    let settings: RuleSettings
    var facts: FileFacts

    init(context: FileContext, settings: RuleSettings) {
        self.context = context
        self.settings = settings
        self.facts = FileFacts(path: context.path)
    }

    static func extract(_ context: FileContext, settings: RuleSettings) -> FileFacts {
        var extractor = FactExtractor(context: context, settings: settings)
        extractor.visitItems(SyntaxTree.root, owner: nil)
        // Tokens the parser skipped (nesting past its depth limit, broken code) are not read: when a provider's
        // name is among them, "nothing provides T" cannot be said of this project.
        if context.skippedTokensMentionProvider() { extractor.facts.providedTypes.append(.unknown) }
        if settings.enabled.contains(ForEachIndexIDRule.descriptor.id) {
            extractor.facts.pendingFindings += ForEachIndexIDRule.check(context)
        }
        // Facts of every file stay in memory until the project pass: no spare capacity from appending.
        extractor.facts.types = extractor.facts.types.exactSized()
        extractor.facts.fileConstants = Array(Set(extractor.facts.fileConstants)).sorted()
        return extractor.facts
    }

    private var tree: SyntaxTree { context.tree }

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
                for closure in context.children(item) where context.kind(closure) == .trailingClosure {
                    RenderWalker.collect(closure, context: context, ownerType: nil, viewMembers: [], into: &renderer, facts: &facts)
                }
                facts.renderers.append(renderer)
            case .funcDecl where owner == nil:
                // `UIHostingController(rootView: Root().environmentObject(store))` in a free function.
                collectProviders(in: item, owner: nil)
            case .variableDecl where owner == nil:
                // File-level constants: `let xs = [...]`.
                if tree.name(item) == "let" {
                    for b in context.children(item) where context.kind(b) == .patternBinding && tree.child(b, .initializerClause) != nil {
                        if let p = tree.firstChild(b), context.kind(p) == .identifierPattern, let n = context.name(p) {
                            facts.fileConstants.append(n)
                        }
                    }
                }
            default:
                break
            }
        }
    }

    mutating func visitType(_ decl: Int) {
        let kind: TypeFact.Kind
        switch context.kind(decl) {
        case .structDecl: kind = .struct
        case .classDecl: kind = .class
        case .enumDecl: kind = .enum
        case .actorDecl: kind = .actor
        case .protocolDecl: kind = .protocol
        default: kind = .extension
        }
        let name = context.typeDeclarationName(decl)
        let inherited = InheritanceClauses.shared.intern(context.inheritedNames(decl))
        var type = TypeFact(name: name, kind: kind, inherited: inherited, properties: PropertyList())
        let typeIndex = facts.types.count
        guard let body = tree.child(decl, .memberBlock) else {
            if kind != .extension || !inherited.isEmpty { facts.types.append(type) }
            return
        }
        let members = memberDecls(body)

        // Pass 1: properties and the names of view-building members.
        var observedProperties: Set<String> = []
        var properties: [PropertyFact] = []
        for m in members {
            switch context.kind(m) {
            case .variableDecl:
                properties += self.properties(of: m)
                if context.attributes(m).contains(where: { context.name($0) == "ObservedObject" }) {
                    for b in context.children(m) where context.kind(b) == .patternBinding {
                        if let p = tree.firstChild(b), let n = context.name(p) { observedProperties.insert(n) }
                    }
                }
                if let memberName = firstBindingName(m), memberName != "body", memberName != "previews",
                   isViewBuilding(m, typeNode: tree.child(m, .patternBinding).flatMap { tree.child($0, .typeAnnotation) }) {
                    type.viewMembers.insert(memberName)
                }
            case .funcDecl:
                if let n = context.name(m), isViewBuilding(m, typeNode: returnType(m)) { type.viewMembers.insert(n) }
            default:
                break
            }
        }
        // An extension that adds no conformance, property or view member tells the index nothing (and no
        // renderer can refer to it): it is not kept, since facts of every file stay in memory for the project pass.
        type.properties = PropertyList(properties)
        if kind != .extension || !inherited.isEmpty || !properties.isEmpty || !type.viewMembers.isEmpty {
            facts.types.append(type)
        }

        // Pass 2: renderers and per-member rules.
        let isApp = inherited.contains("App")
        let isPreviewProvider = inherited.contains("PreviewProvider")
        for m in members {
            switch context.kind(m) {
            case .variableDecl:
                let memberName = firstBindingName(m)
                if memberName == "body" && !context.hasModifier(m, .static) {
                    addRenderer(isApp ? .root(.app) : .viewBody(type: name, typeIndex: typeIndex), body: m, owner: name, viewMembers: type.viewMembers)
                } else if memberName == "previews" && isPreviewProvider && context.hasModifier(m, .static) {
                    addRenderer(.root(.previewProvider), body: m, owner: name, viewMembers: type.viewMembers)
                } else if let memberName, type.viewMembers.contains(memberName) {
                    addRenderer(.member(type: name, typeIndex: typeIndex, name: memberName), body: m, owner: name, viewMembers: type.viewMembers)
                }
                facts.pendingFindings += ObservedObjectInlineRule.checkProperty(m, ownerKind: kind, owner: name, context, settings)
                facts.pendingFindings += NonPrivateStateRule.checkProperty(m, ownerKind: kind, owner: name, context, settings)
            case .funcDecl:
                if let n = context.name(m), type.viewMembers.contains(n) {
                    addRenderer(.member(type: name, typeIndex: typeIndex, name: n), body: m, owner: name, viewMembers: type.viewMembers)
                }
                if kind == .extension && name == "View", let n = context.name(m) {
                    facts.providerHelpers.append(ProviderHelper(name: n, provided: providers(inHelper: m, owner: name)))
                }
                collectProviders(in: m, owner: name)
            case .initDecl:
                facts.pendingFindings += ObservedObjectInlineRule.checkInitializer(m, ownerKind: kind, owner: name,
                                                                                   observed: observedProperties, context, settings)
                collectProviders(in: m, owner: name)
            case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                visitType(m)
            default:
                break
            }
        }
    }

    /// Member declarations, looking through `#if` clauses.
    func memberDecls(_ block: Int) -> [Int] {
        var out: [Int] = []
        func visit(_ n: Int) {
            for c in context.children(n) {
                if context.kind(c) == .ifConfigDecl {
                    for clause in context.children(c) { visit(clause) }
                } else {
                    out.append(c)
                }
            }
        }
        visit(block)
        return out
    }

    func firstBindingName(_ decl: Int) -> String? {
        guard let b = tree.child(decl, .patternBinding), let p = tree.firstChild(b), context.kind(p) == .identifierPattern else { return nil }
        return context.name(p)
    }

    func returnType(_ function: Int) -> Int? {
        // The return type is the type node that directly follows the parameter clause.
        var sawParameters = false
        for c in context.children(function) {
            if context.kind(c) == .parameterClause { sawParameters = true; continue }
            if sawParameters && context.kind(c) != .codeBlock && context.kind(c) != .genericWhereClause { return c }
        }
        return nil
    }

    /// A member builds views when it is `@ViewBuilder` or its type mentions `View` (`some View`, `AnyView`).
    func isViewBuilding(_ decl: Int, typeNode: Int?) -> Bool {
        if context.attributes(decl).contains(where: { context.name($0) == "ViewBuilder" }) { return true }
        guard let t = typeNode else { return false }
        let text = tree.compactText(t)
        return text.hasSuffix("View") || text == "AnyView"
    }

    func properties(of decl: Int) -> [PropertyFact] {
        let attributes = context.attributes(decl)
        let wrapperAttribute = attributes.last { a in
            guard let n = context.name(a) else { return false }
            return n != "MainActor" && n != "Previewable" && n != "objc" && n != "nonobjc" && n != "available"
        }
        let wrapper = wrapperAttribute.flatMap { context.name($0) }
        var environmentType: String?
        if wrapper == "Environment", let a = wrapperAttribute { environmentType = context.environmentObjectType(ofAttribute: a) }
        var out: [PropertyFact] = []
        for b in context.children(decl) where context.kind(b) == .patternBinding {
            guard let p = tree.firstChild(b), context.kind(p) == .identifierPattern, let n = context.name(p) else { continue }
            let annotation = tree.child(b, .typeAnnotation).flatMap { tree.firstChild($0) }
            let initializer = tree.child(b, .initializerClause).flatMap { tree.firstChild($0) }
            var type = annotation.flatMap { context.typeName($0) }
            if type == nil, let e = initializer { type = context.construction(e).type }
            var environmentObjectType: String?
            if wrapper == "EnvironmentObject" {
                environmentObjectType = type
            } else if let environmentType {
                // `@Environment(T.self) var x: T?` tolerates a missing object.
                let optional = annotation.map { context.kind($0) == .optionalType || context.kind($0) == .implicitlyUnwrappedOptionalType } ?? false
                if !optional { environmentObjectType = environmentType }
            }
            let property = PropertyFact(name: n, isStatic: context.hasModifier(decl, .static) || context.hasModifier(decl, .class),
                                        isLet: tree.name(decl) == "let", hasInitializer: initializer != nil, type: type,
                                        environmentObjectType: environmentObjectType,
                                        attributeSpan: environmentObjectType == nil ? nil : wrapperAttribute.map { context.span(of: $0) })
            out.append(property)
        }
        return out
    }

    mutating func addRenderer(_ kind: Renderer.Kind, body decl: Int, owner: String, viewMembers: Set<String>) {
        var renderer = Renderer(kind: kind)
        RenderWalker.collect(decl, context: context, ownerType: owner, viewMembers: viewMembers, into: &renderer, facts: &facts)
        facts.renderers.append(renderer)
    }

    /// Providers applied anywhere in a non-rendering member (an `init`, a function): they count for "is `T`
    /// provided anywhere".
    mutating func collectProviders(in decl: Int, owner: String?) {
        var walker = RenderWalker(context: context, ownerType: owner, viewMembers: [])
        walker.walk(decl)
        facts.providedTypes += walker.providers
    }

    /// What a `View` extension function provides to its receiver: the providers applied to `self` (explicit or
    /// implicit) in its body.
    mutating func providers(inHelper function: Int, owner: String) -> [TypeReference] {
        var out: [TypeReference] = []
        let startsAtSelf = RenderWalker.chainsStartingAtSelf(in: function, context)
        for n in tree.subtree(function) where context.kind(n) == .callExpr {
            guard let callee = tree.firstChild(n), context.kind(callee) == .memberAccessExpr,
                  let provided = RenderWalker.providerCall(n, context) else { continue }
            let base = tree.firstChild(callee)
            let receiverIsSelf = base == nil || (context.kind(base!) == .identifierExpr && context.name(base!) == "self")
                || startsAtSelf[base! - function]
            guard receiverIsSelf else { continue }
            out.append(TypeResolver(context: context, ownerType: owner).resolve(provided, at: n))
        }
        // Implicit `self`: `func withSettings() -> some View { environmentObject(UserSettings()) }`.
        for n in tree.subtree(function) where context.kind(n) == .callExpr {
            guard let callee = tree.firstChild(n), context.kind(callee) == .identifierExpr,
                  let calleeName = context.name(callee), calleeName == "environmentObject" || calleeName == "environment" else { continue }
            let args = context.arguments(n)
            guard args.count == 1, args[0].label == nil, let v = args[0].value else { continue }
            out.append(TypeResolver(context: context, ownerType: owner).resolve(v, at: n))
        }
        facts.providedTypes += out
        return out
    }
}

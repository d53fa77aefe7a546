import FlowLintSyntax

/// The rule `state_mutation_in_body`: see `rules/state_mutation_in_body.md`.
enum StateMutationInBodyRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "state_mutation_in_body",
        name: "State Mutation in Body",
        summary: "a view must not change its @State, its @Binding or an observed object's @Published properties while its body is computed",
        rationale: """
            SwiftUI calls `body` to learn what the view looks like for the current state. A change of that \
            state during the call ("Modifying state during view update", "Publishing changes from within view \
            updates") is undefined behavior: the frame shows the value before the change, and a change that \
            depends on what `body` reads makes the view render again and again. Change state in actions, \
            `onAppear`, `onChange` or `task` instead.
            """,
        defaultSeverity: .warning
    )
}

extension StateMutationInBodyRule {
    /// View bodies, `some View` and `@ViewBuilder` members are always parsed (shared facts); the representable
    /// methods return `Void` or a UIKit type, so they are named here.
    static let parses = BodySkipping(declarationWords: [
        "makeBody", "makeUIView", "updateUIView", "makeUIViewController", "updateUIViewController", "makeNSView",
        "updateNSView", "makeNSViewController", "updateNSViewController",
    ], notedWords: viewWords.words)

    static func message(wrapper: String, property: String, view: String, member: String) -> String {
        "@\(wrapper) '\(property)' is changed while '\(view).\(member)' is computed, " + consequence
    }

    static func publishedMessage(property: String, object: String, view: String, member: String) -> String {
        "@Published '\(property)' of '\(object)' is changed while '\(view).\(member)' is computed, " + consequence
    }

    private static let consequence = "which SwiftUI treats as undefined behavior (stale values, endless re-rendering); "
        + "change it in an action, onChange or task instead"

    /// A changed property of a view, waiting for the project to confirm what it is.
    struct Condition: Codable, Sendable {
        var owner: String
        /// The view-building member the change runs in, as the message names it (`body`, `row(for:)`).
        var member: String
        var property: String
        /// Members after the property, up to the first subscript: `items` in `model.items.append(x)`.
        var rest: [String]
        var hasSubscript: Bool
        /// The method of a mutating call (`toggle`, or a `mutating func` of the property's type declared in the
        /// same file); nil for an assignment.
        var call: String?
        /// What this file declares of the property; nil when the property is declared in another file.
        var declared: Declared?
        /// Closures on the way that are arguments of types of the sources: each must be a `@ViewBuilder` one.
        var builderArguments: [BuilderArgument]
    }

    struct Declared: Codable, Sendable {
        var wrapper: String
        var value: ValueKind
        /// For an object wrapper: the object's type.
        var objectType: String?
    }

    /// A closure passed to `type`: with `label` (`_` when unlabeled), or as the first trailing closure (nil).
    struct BuilderArgument: Codable, Sendable, Hashable {
        var type: String
        var label: String?
    }

    struct Record: Codable, Sendable {
        var changes: ChangeRecord?
        var builders: [BuilderParameters] = []
    }

    /// The closure parameters of a type's initializers (and closure properties): which labels take a
    /// `@ViewBuilder` closure, and which take any other closure.
    struct BuilderParameters: Codable, Sendable {
        var type: String
        var builderLabels: [String]
        var actionLabels: [String]
    }

    static let stateWrappers: Set<String> = ["State", "Binding"]
    static let objectWrappers = SwiftUINames.objectObservingWrappers

    /// The words a file with a view-building member mentions: `some View`, `AnyView`, `@ViewBuilder`, the
    /// representable methods.
    static let viewWords = TokenWords(["View", "AnyView"] + ViewBuilderNames.attributes + Array(representableMethods))
    static let builderWords = TokenWords(ViewBuilderNames.attributes)

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        let record = Record(changes: file.changeRecord(), builders: builderParameters(file))
        if record.changes != nil || !record.builders.isEmpty { report.record(record) }
        guard file.mentions(viewWords) else { return }

        var declarationsByOwner: [String: [String: Declared]?] = [:]
        for decl in file.typeDeclarations where file.typeKind(decl) != .protocol {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            let owner = file.typeDeclarationName(decl)
            for m in file.memberDecls(block) {
                guard let (member, body) = viewBuildingMember(m, file), !file.containsParseError(m) else { continue }
                let candidates = changes(in: body, file)
                if candidates.isEmpty { continue }
                if declarationsByOwner[owner] == nil { declarationsByOwner[owner] = .some(declaredProperties(of: owner, file)) }
                let declared = declarationsByOwner[owner]!
                let resolver = TypeResolver(context: file, ownerType: owner)
                for candidate in candidates {
                    guard let condition = condition(candidate, owner: owner, member: member, declared: declared, resolver, file)
                    else { continue }
                    report.report(at: candidate.target, "", condition: condition)
                }
            }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let (facts, builders) = project.derived("changes") { records in
            var builders: [String: (builder: Set<String>, action: Set<String>)] = [:]
            for entry in records {
                for b in entry.record.builders {
                    builders[b.type, default: ([], [])].builder.formUnion(b.builderLabels)
                    builders[b.type, default: ([], [])].action.formUnion(b.actionLabels)
                }
            }
            return (ChangeFacts(records.compactMap(\.record.changes)), builders)
        }
        for finding in project.pending {
            let c = finding.condition
            guard isViewLike(c.owner, index), c.builderArguments.allSatisfy({ isBuilder($0, builders) }),
                  let message = confirmedMessage(c, index, facts) else { continue }
            report.report(at: finding.diagnostic.span, message)
        }
    }

    /// The message when the project confirms the change, else nil.
    static func confirmedMessage(_ c: Condition, _ index: ProjectIndex, _ facts: ChangeFacts) -> String? {
        var declared = c.declared
        if declared == nil {
            // Declared in another file: what the index knows (a type's name, not its literal initial value).
            let found = index.properties(of: c.owner, named: c.property).filter { !$0.isStatic }
            guard found.count == 1, let wrapper = found[0].wrapper else { return nil }
            let value = found[0].type.map { FileContext.knownValueTypes.contains($0) ? ValueKind.value : .named($0) } ?? .unknown
            declared = Declared(wrapper: wrapper, value: value, objectType: found[0].type)
        }
        guard let declared else { return nil }
        // Mutating calls were checked where they are written: a standard mutating method, or a `mutating func` of
        // the property's type declared in the same file.
        if stateWrappers.contains(declared.wrapper) {
            let isPartial = !c.rest.isEmpty || c.hasSubscript || c.call != nil
            if isPartial { guard ChangeFacts.isValueType(declared.value, index) else { return nil } }
            return message(wrapper: declared.wrapper, property: c.property, view: c.owner, member: c.member)
        }
        guard objectWrappers.contains(declared.wrapper), let objectMember = c.rest.first, let object = declared.objectType,
              index.isClass(object), let (published, _) = facts.publishedProperty(objectMember, of: object, index) else { return nil }
        let isPartial = c.rest.count > 1 || c.hasSubscript || c.call != nil
        if isPartial { guard ChangeFacts.isValueType(published.value, index) else { return nil } }
        return publishedMessage(property: objectMember, object: object, view: c.owner, member: c.member)
    }

    /// Views, view modifiers, styles and representables: types SwiftUI asks for views during an update.
    static func isViewLike(_ name: String, _ index: ProjectIndex) -> Bool {
        if index.isView(name) { return true }
        return index.inherited(name).contains { $0.hasSuffix("Style") || $0.hasSuffix("Representable") }
    }

    static func isBuilder(_ argument: BuilderArgument, _ builders: [String: (builder: Set<String>, action: Set<String>)]) -> Bool {
        guard let parameters = builders[argument.type] else { return false }
        guard let label = argument.label else {
            // The first trailing closure: a builder when the type takes no other closure.
            return !parameters.builder.isEmpty && parameters.action.isEmpty
        }
        return parameters.builder.contains(label) && !parameters.action.contains(label)
    }

    // MARK: The view-building members

    /// `body`, `body(content:)`, `makeBody(configuration:)`, the representable methods, and members whose type
    /// is `some View` or that are marked `@ViewBuilder`: the member's name for messages and the body to walk.
    static func viewBuildingMember(_ m: Int, _ file: FileContext) -> (name: String, body: Int)? {
        let tree = file.tree
        if file.hasModifier(m, .static) || file.hasModifier(m, .class) { return nil }
        let isBuilder = file.hasViewBuilderAttribute(m)
        switch file.kind(m) {
        case .variableDecl:
            guard let binding = tree.child(m, .patternBinding), let name = file.firstBindingName(m),
                  let accessors = tree.child(binding, .accessorBlock) else { return nil }
            let type = tree.child(binding, .typeAnnotation).flatMap { tree.firstChild($0) }
            guard name == "body" || isBuilder || type.map({ isViewType($0, file) }) == true else { return nil }
            return (name, accessors)
        case .funcDecl:
            guard let name = file.name(m), let body = tree.child(m, .codeBlock) else { return nil }
            let returnType = file.returnType(m)
            guard name == "body" || name == "makeBody" || representableMethods.contains(name) || isBuilder
                    || returnType.map({ isViewType($0, file) }) == true else { return nil }
            return (displayName(m, name, file), body)
        default:
            return nil
        }
    }

    static let representableMethods: Set<String> = [
        "makeUIView", "updateUIView", "makeUIViewController", "updateUIViewController", "makeNSView", "updateNSView",
        "makeNSViewController", "updateNSViewController",
    ]

    /// `some View`, `any View`, `AnyView`.
    static func isViewType(_ t: Int, _ file: FileContext) -> Bool {
        file.typeName(t).map { $0 == "View" || $0 == "AnyView" } ?? false
    }

    /// `row(for:)`, `updateUIView(_:context:)`, `header()`.
    static func displayName(_ function: Int, _ name: String, _ file: FileContext) -> String {
        guard let clause = file.tree.child(function, .parameterClause) else { return name + "()" }
        let labels = file.children(clause).filter { file.kind($0) == .parameter }.map { p -> String in
            (file.tree.nameToken(p).map { file.tree.identifierText($0) } ?? "_") + ":"
        }
        return name + "(" + labels.joined() + ")"
    }

    // MARK: What runs during the update

    struct Candidate {
        /// The changed expression: the assignment's left side, or the mutating call's receiver.
        var target: Int
        var call: String?
        var builderArguments: [BuilderArgument]
    }

    /// How a closure inside a view-building member runs.
    enum ClosureRole {
        /// During the update: content of a known container, a label, `withAnimation`, `{ ... }()`.
        case now
        /// During the update if the type of the sources takes it as a `@ViewBuilder` argument.
        case builder(BuilderArgument)
        /// Later, or FlowLint cannot tell.
        case later
    }

    /// Views whose every closure argument is content, built with them.
    static let containers: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "Group",
        "Section", "Form", "List", "ForEach", "ScrollView", "ScrollViewReader", "GeometryReader", "NavigationStack",
        "NavigationView", "NavigationSplitView", "TabView", "ViewThatFits", "GroupBox", "ControlGroup", "DisclosureGroup",
        "LabeledContent", "Label", "ToolbarItem", "ToolbarItemGroup",
    ]

    /// Controls whose `label:` closure is built with them (their other closures are actions).
    static let labelledControls: Set<String> = ["Button", "Toggle", "Picker", "Menu", "NavigationLink", "Stepper", "Link", "ShareLink"]

    /// Modifiers whose content closure is built by an update.
    static let contentModifiers: Set<String> = [
        "overlay", "background", "mask", "safeAreaInset", "toolbar", "sheet", "fullScreenCover", "popover",
        "navigationDestination",
    ]

    /// SwiftUI and Swift types that take closures which are not content.
    static let knownTypesWithClosures: Set<String> = ["Binding", "Task", "AsyncImage", "Canvas", "TimelineView", "Gesture"]

    static func closureRole(_ closure: Int, _ file: FileContext) -> ClosureRole {
        guard let holder = file.parent(closure) else { return .later }
        if file.kind(holder) == .callExpr { return file.tree.firstChild(holder) == closure ? .now : .later }
        guard file.kind(holder) == .argument || file.kind(holder) == .trailingClosure, let call = file.parent(holder),
              file.kind(call) == .callExpr, let callee = file.tree.firstChild(call) else { return .later }
        let label = file.name(holder)
        let isTrailing = file.kind(holder) == .trailingClosure
        var typeName: String?
        switch file.kind(callee) {
        case .identifierExpr:
            typeName = file.name(callee)
        case .genericSpecializationExpr:
            typeName = file.tree.firstChild(callee).flatMap { file.name($0) }
        case .memberAccessExpr:
            let name = file.name(callee) ?? ""
            if FileContext.isTypeLike(name), let base = file.tree.firstChild(callee), file.typeNameOfTypeExpression(base) != nil {
                typeName = name  // `SwiftUI.VStack { ... }`
            } else {
                return contentModifiers.contains(name) && file.isContentClosure(holder, of: call) ? .now : .later
            }
        default:
            return .later
        }
        guard let name = typeName else { return .later }
        // A type of the file's own of the same name (a `ToolbarItem` button) is not SwiftUI's: judged as a type of
        // the project, by its `@ViewBuilder` parameters.
        let isSwiftUIs = !file.declaredTypeNames.contains(name)
        if isSwiftUIs, containers.contains(name) || name == "withAnimation" || name == "withTransaction" { return .now }
        if isSwiftUIs, labelledControls.contains(name) { return label == "label" ? .now : .later }
        guard FileContext.isTypeLike(name), !SwiftUINames.transparentContainers.contains(name),
              !knownTypesWithClosures.contains(name) else { return .later }
        return .builder(BuilderArgument(type: name, label: isTrailing ? label : (label ?? "_")))
    }

    /// The assignments and method calls that run while the member is evaluated, in source order.
    static func changes(in body: Int, _ file: FileContext) -> [Candidate] {
        var out: [Candidate] = []
        var pending: [(node: Int, builders: [BuilderArgument])] = [(body, [])]
        while let (n, builders) = pending.popLast() {
            var inner = builders
            switch file.kind(n) {
            case .closureExpr:
                switch closureRole(n, file) {
                case .now: break
                case .builder(let argument): inner.append(argument)
                case .later: continue
                }
            case .funcDecl, .initDecl, .deinitDecl, .subscriptDecl, .structDecl, .classDecl, .enumDecl, .actorDecl,
                 .protocolDecl, .extensionDecl:
                continue
            case .binaryExpr:
                if let target = file.assignmentTarget(n) { out.append(Candidate(target: target, call: nil, builderArguments: builders)) }
            case .callExpr:
                if let (receiver, method) = file.methodCall(n) {
                    out.append(Candidate(target: receiver, call: method, builderArguments: builders))
                }
            default:
                break
            }
            for c in file.children(n) { pending.append((c, inner)) }
        }
        return out.sorted { $0.target < $1.target }
    }

    // MARK: The changed property

    /// The wrapped properties the file declares for `owner` (in any declaration of that name here); nil when
    /// the file has no declaration of the type itself, only extensions (its properties are elsewhere).
    static func declaredProperties(of owner: String, _ file: FileContext) -> [String: Declared]? {
        var found: [String: Declared] = [:]
        var declaresType = false
        for decl in file.typeDeclarations where file.typeDeclarationName(decl) == owner {
            if file.typeKind(decl) != .extension { declaresType = true }
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl {
                let wrapper = file.attributes(m).compactMap { file.name($0) }
                    .last { stateWrappers.contains($0) || objectWrappers.contains($0) } ?? ""
                for b in file.children(m) where file.kind(b) == .patternBinding {
                    guard let p = file.tree.firstChild(b), file.kind(p) == .identifierPattern, let n = file.name(p) else { continue }
                    var objectType: String?
                    if objectWrappers.contains(wrapper) {
                        if let t = file.tree.child(b, .typeAnnotation).flatMap({ file.tree.firstChild($0) }) {
                            objectType = file.typeName(t)
                        } else if let value = file.tree.child(b, .initializerClause).flatMap({ file.tree.firstChild($0) }) {
                            objectType = file.construction(value).type
                        }
                    }
                    found[n] = Declared(wrapper: wrapper, value: file.valueKind(ofBinding: b), objectType: objectType)
                }
            }
        }
        return declaresType ? found : nil
    }

    static func condition(_ candidate: Candidate, owner: String, member: String, declared: [String: Declared]?,
                          _ resolver: TypeResolver, _ file: FileContext) -> Condition? {
        guard let path = file.changedPath(candidate.target) else { return nil }
        var members = path.members
        let property: String
        if path.rootName == "self" {
            guard !members.isEmpty else { return nil }
            property = members.removeFirst()
        } else {
            guard !FileContext.isTypeLike(path.rootName), !path.rootName.hasPrefix("$"),
                  resolver.lookUpLocal(path.rootName, before: path.root, depth: 0) == nil else { return nil }
            property = path.rootName
        }
        let method = candidate.call.flatMap { FileContext.standardMutatingMethods.contains($0) ? nil : $0 }
        var known: Declared?
        if let declared {
            // The type is declared here: a name it does not declare is not its property (a global, say).
            guard let d = declared[property], !d.wrapper.isEmpty else { return nil }
            if stateWrappers.contains(d.wrapper) {
                // Another method than the standard mutating ones: a `mutating func` that the property's own type
                // declares in this file.
                if let method {
                    guard members.isEmpty, !path.hasSubscript, case .named(let type) = d.value,
                          file.declaresMutatingMethod(method, of: type) else { return nil }
                }
            } else if members.isEmpty || method != nil {
                return nil  // `model.refresh()`, `model = ...`: not a change of a published property
            }
            known = d
        } else if method != nil {
            return nil  // a call of some method on a property declared elsewhere: not judged
        }
        return Condition(owner: owner, member: member, property: property, rest: members, hasSubscript: path.hasSubscript,
                         call: candidate.call, declared: known, builderArguments: candidate.builderArguments)
    }

    // MARK: @ViewBuilder parameters of the file's types

    static func builderParameters(_ file: FileContext) -> [BuilderParameters] {
        var types: Set<String> = []
        for attribute in file.nodes(.attribute) where file.nameIs(Int(attribute), builderWords) {
            guard let holder = file.parent(Int(attribute)), [.parameter, .variableDecl].contains(file.kind(holder)),
                  let type = file.enclosingType(holder) else { continue }
            if file.kind(holder) == .parameter {
                guard let clause = file.parent(holder), let function = file.parent(clause), file.kind(function) == .initDecl else { continue }
            }
            types.insert(file.typeDeclarationName(type))
        }
        // A struct that takes only actions is recorded too: another type of the same name (in another module) may take
        // a `@ViewBuilder` closure, and the two are one name to the project check, which then takes neither's closure
        // as content (`DropDownButton(status: s) { isOpen.toggle() }` beside a library's `DropDownButton { label }`).
        for decl in file.typeDeclarations where file.typeKind(decl) == .struct {
            let name = file.typeDeclarationName(decl)
            guard !types.contains(name), let block = file.tree.child(decl, .memberBlock) else { continue }
            if file.memberDecls(block).contains(where: { !closureParameters($0, file).isEmpty }) { types.insert(name) }
        }
        guard !types.isEmpty else { return [] }
        var out: [BuilderParameters] = []
        for type in types.sorted() {
            var builder: Set<String> = [], action: Set<String> = []
            for decl in file.typeDeclarations where file.typeDeclarationName(decl) == type {
                guard let block = file.tree.child(decl, .memberBlock) else { continue }
                for m in file.memberDecls(block) {
                    for closure in closureParameters(m, file) {
                        if closure.isBuilder { builder.insert(closure.label) } else { action.insert(closure.label) }
                    }
                }
            }
            if !builder.isEmpty || !action.isEmpty {
                out.append(BuilderParameters(type: type, builderLabels: builder.sorted(), actionLabels: action.sorted()))
            }
        }
        return out
    }

    /// The closures a member takes, each with its label and whether it is a `@ViewBuilder` one: an initializer's
    /// parameters of function type (`_` when unlabeled), or a stored property of function type, which the memberwise
    /// initializer takes by its name.
    static func closureParameters(_ m: Int, _ file: FileContext) -> [(label: String, isBuilder: Bool)] {
        switch file.kind(m) {
        case .initDecl:
            guard let clause = file.tree.child(m, .parameterClause) else { return [] }
            return file.children(clause).compactMap { p in
                guard file.kind(p) == .parameter, let t = file.parameterType(p), file.isFunctionType(t) else { return nil }
                let label = file.tree.nameToken(p).map { file.tree.identifierText($0) } ?? "_"
                return (label, file.hasViewBuilderAttribute(p))
            }
        case .variableDecl where !file.hasModifier(m, .static):
            return file.children(m).compactMap { b in
                guard file.kind(b) == .patternBinding, file.tree.child(b, .accessorBlock) == nil,
                      let t = file.tree.child(b, .typeAnnotation).flatMap({ file.tree.firstChild($0) }), file.isFunctionType(t),
                      let n = file.tree.firstChild(b).flatMap({ file.name($0) }) else { return nil }
                return (n, file.hasViewBuilderAttribute(m))
            }
        default:
            return []
        }
    }
}

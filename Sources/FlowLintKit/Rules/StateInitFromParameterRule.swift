import FlowLintSyntax

/// The rule `state_init_from_parameter`: see `rules/state_init_from_parameter.md`.
enum StateInitFromParameterRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "state_init_from_parameter",
        name: "State Initialized from Parameter",
        summary: "an @State property should not take its value from an initializer parameter",
        rationale: """
            SwiftUI creates a view's `@State` storage once, the first time the view appears with its identity, \
            and ignores the `State(initialValue:)` of every later `init`. A state seeded from a parameter shows \
            the first value the parent passed and silently ignores the next ones. Take the value as a `let` or a \
            `@Binding` to follow the parent, or give the view an `.id(...)` derived from the parameter to start \
            over when it changes.
            """,
        defaultSeverity: .warning,
        isOptIn: true
    )
}

extension StateInitFromParameterRule {
    /// `self.x = p` names nothing the body could be kept for, and every seeding needs the file's `@State`
    /// declarations (or a `State(...)`): a file that mentions `State` is parsed whole, and only such files are
    /// judged.
    static let parses = BodySkipping(fileWords: ["State"], notedWords: presentingWords.words.union(stateWord.words))

    /// A draft the view edits, shown where its input changes under it (a split view's column).
    static func message(property: String, view: String, parameter: String) -> String {
        "@State '\(property)' of '\(view)' is seeded from the parameter '\(parameter)', but SwiftUI keeps the first "
            + "value and ignores the ones the parent passes later; to restart the state when '\(parameter)' changes, "
            + "show the view with an '.id(...)' derived from it"
    }

    /// A copy that the view shows and never changes.
    static func message(copy property: String, view: String, parameter: String) -> String {
        "@State '\(property)' of '\(view)' copies the parameter '\(parameter)' and the view never changes it, but "
            + "SwiftUI keeps the first value and ignores the ones the parent passes later; take it as a 'let' instead"
    }

    /// A copy of a binding's value written back on every change.
    static func message(bindingCopy property: String, view: String, binding: String) -> String {
        "@State '\(property)' of '\(view)' copies the binding '\(binding)' and writes every change back to it, but "
            + "SwiftUI keeps the first value: when '\(binding)' changes from outside (a Cancel, an undo), the view "
            + "keeps showing its copy; edit through the binding itself, or write the copy back once, when the edit is done"
    }

    /// What the view does with the seeded state, which decides where it can go stale.
    enum Use: String, Codable, Sendable {
        /// Shown and never changed by the view: stale wherever the parent passes a new value.
        case copy
        /// Changed by the view (a draft): stale only where the input changes under it.
        case draft
        /// A copy of a `Binding` parameter's value, written back on every change: stale when the binding changes.
        case bindingCopy
    }

    struct Condition: Codable, Sendable {
        var owner: String
        var property: String
        var use: Use
        /// The property is declared `private` or `fileprivate`: no other file can change it.
        var isPrivate: Bool
        /// `x = p` / `self.x = p`: seeds the state only when `x` is declared without an initial value.
        var isPlainAssignment: Bool
        /// Types that, when the sources declare them as a class, an actor or a protocol, mean that an object is
        /// passed in (the parameter's, when the value is the parameter itself).
        var objectTypes: [String]
    }

    /// Where the file constructs views inside the content of a sheet, popover, full-screen cover or navigation
    /// destination: the start offsets of the constructions' callees (as the view graph's edges record them).
    struct Record: Codable, Sendable { var presented: [Int] }

    static let presentationModifiers: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination"]

    /// Parameter names that say the value is only a starting point.
    static let startingValuePrefixes = ["initial", "initially", "start", "default", "seed"]

    /// The words without which a file seeds no state, and shows no view presented or pushed.
    static let stateWord = TokenWords(["State"])
    static let presentingWords = TokenWords(["sheet", "fullScreenCover", "popover", "navigationDestination", "NavigationLink"])
    static let navigationLinkWord = TokenWords(["NavigationLink"])

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        let mentioned = file.mentions(each: [presentingWords, stateWord])
        if mentioned[0] {
            let presented = presentedConstructions(file)
            if !presented.isEmpty { report.record(Record(presented: presented)) }
        }
        guard mentioned[1] else { return }

        var reseeded: [String: Set<String>] = [:]
        var statesWithoutValue: [String: Set<String>] = [:]
        for node in file.nodes(.initDecl) {
            let initializer = Int(node)
            guard let type = file.enclosingType(initializer), file.typeKind(type) != .protocol,
                  let body = file.tree.child(initializer, .codeBlock), let clause = file.tree.child(initializer, .parameterClause),
                  !file.containsParseError(initializer) else { continue }
            let parameters = file.children(clause).filter { file.kind($0) == .parameter }
            guard !parameters.isEmpty, !takesResultCallback(parameters, file) else { continue }
            var ownerName: String?
            for n in file.tree.subtree(body) where file.kind(n) == .binaryExpr {
                guard let seed = seeding(n, file), !file.isInNestedFunction(n, below: initializer) else { continue }
                let owner = ownerName ?? file.typeDeclarationName(type)
                ownerName = owner
                if seed.isPlainAssignment {
                    if statesWithoutValue[owner] == nil { statesWithoutValue[owner] = statesDeclaredWithoutValue(owner, file) }
                    guard statesWithoutValue[owner]!.contains(seed.property) else { continue }
                }
                guard let source = parameterSource(seed.value, at: n, in: initializer, file),
                      let parameter = parameters.first(where: { file.parameterName($0) == source.parameter }),
                      !isStartingValue(parameter, file), file.tree.child(parameter, .initializerClause) == nil else { continue }
                let parameterTypeName = file.parameterType(parameter).flatMap { file.typeName($0) }
                if let typeName = parameterTypeName,
                   file.genericParameterNames(of: initializer).contains(typeName) || genericParameters(ofType: owner, file).contains(typeName) {
                    continue
                }
                if reseeded[owner] == nil { reseeded[owner] = reseededProperties(of: owner, file) }
                if reseeded[owner]!.contains(seed.property) { continue }
                let use: Use
                let text: String
                if parameterTypeName == "Binding" {
                    // A draft of a binding's value that the view writes back once, when the edit is done, is a
                    // design; written back on every change, it is a copy that never follows the binding.
                    guard let binding = bindingWrittenOnChange(of: seed.property, owner: owner, file) else { continue }
                    use = .bindingCopy
                    text = message(bindingCopy: seed.property, view: owner, binding: binding)
                } else {
                    let usage = usage(of: seed.property, owner: owner, file)
                    // A state nothing reads shows nothing stale.
                    guard usage.isRead else { continue }
                    use = usage.isChanged ? .draft : .copy
                    text = usage.isChanged ? message(property: seed.property, view: owner, parameter: source.parameter)
                        : message(copy: seed.property, view: owner, parameter: source.parameter)
                }
                let objectTypes = source.isWholeParameter ? parameterTypeName.map { [$0] } ?? [] : []
                report.report(at: n, text,
                              condition: Condition(owner: owner, property: seed.property, use: use,
                                                   isPrivate: isDeclaredPrivate(seed.property, owner: owner, file),
                                                   isPlainAssignment: seed.isPlainAssignment, objectTypes: objectTypes))
            }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let views = Set(project.pending.map(\.condition.owner))
        let constructions = ViewConstructions(index: index, views: views, records: project.records)
        for finding in project.pending {
            let c = finding.condition
            guard index.isSwiftUIOwner(c.owner) else { continue }
            let properties = index.properties(of: c.owner, named: c.property).filter { $0.wrapper == "State" && !$0.isStatic }
            guard let property = properties.first, !c.isPlainAssignment || !property.hasInitializer else { continue }
            // An object passed in and kept: the same object comes back with every update.
            let objectTypes = c.objectTypes + (property.type.map { [$0] } ?? [])
            if objectTypes.contains(where: { isObjectType($0, index) }) { continue }
            switch c.use {
            case .copy:
                // An extension in another file may change a copy that is not private.
                let file = finding.diagnostic.span.file
                if !c.isPrivate && index.types(named: c.owner).contains(where: { index.files[$0.file].path != file }) { continue }
                guard constructions.isShownWithoutNewState(c.owner) else { continue }
            case .draft:
                guard constructions.isSplitViewColumnWithoutNewState(c.owner) else { continue }
            case .bindingCopy:
                // Stale within one showing of the view, however it is shown.
                break
            }
            report.report(finding.diagnostic)
        }
    }

    static func isObjectType(_ name: String, _ index: ProjectIndex) -> Bool {
        index.types(named: name).contains { [.class, .actor, .protocol].contains(index.type($0).kind) }
    }

    // MARK: The seeding assignment

    struct Seed {
        var property: String
        var value: Int
        var isPlainAssignment: Bool
    }

    /// `_x = State(initialValue: v)`, `State<T>(wrappedValue: v)`, `.init(initialValue: v)` (also through
    /// `self._x`), or `x = v` / `self.x = v`.
    static func seeding(_ assignment: Int, _ file: FileContext) -> Seed? {
        guard let op = file.tree.nameToken(assignment), op.kind == .equal else { return nil }
        let sides = Array(file.children(assignment))
        guard sides.count == 2, [.identifierExpr, .memberAccessExpr].contains(file.kind(sides[0])),
              let target = file.ownMemberName(sides[0]) else { return nil }
        if target.hasPrefix("_") {
            let property = String(target.dropFirst())
            let call = file.unwrapped(sides[1])
            guard !property.isEmpty, file.kind(call) == .callExpr, let callee = file.tree.firstChild(call) else { return nil }
            let constructed = file.calleeType(callee)
            guard constructed.isConstruction, constructed.type == nil || constructed.type == "State" else { return nil }
            let args = file.arguments(call)
            guard args.count == 1, args[0].label == "initialValue" || args[0].label == "wrappedValue", let value = args[0].value,
                  !file.children(call).contains(where: { file.kind($0) == .trailingClosure }) else { return nil }
            return Seed(property: property, value: value, isPlainAssignment: false)
        }
        return Seed(property: target, value: sides[1], isPlainAssignment: true)
    }

    /// The `@State var name: T` properties without an initial value that this file declares for `owner`.
    static func statesDeclaredWithoutValue(_ owner: String, _ file: FileContext) -> Set<String> {
        var out: Set<String> = []
        for decl in file.typeDeclarations where file.typeDeclarationName(decl) == owner {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl
                && file.attributes(m).contains(where: { file.nameIs($0, stateWord) }) {
                for b in file.children(m) where file.kind(b) == .patternBinding && file.tree.child(b, .initializerClause) == nil {
                    if let name = file.tree.firstChild(b).flatMap({ file.name($0) }) { out.insert(name) }
                }
            }
        }
        return out
    }

    // MARK: The parameter the value comes from

    struct Source {
        var parameter: String
        /// The value is the parameter itself (possibly unwrapped), not a member of it.
        var isWholeParameter: Bool
    }

    /// The parameter a plain member chain starts at (`note.title`, `contact?.email`, `(draft!.text)`), through
    /// `if let` / `guard let` bindings; nil for anything else, or a local declared in the initializer.
    static func parameterSource(_ value: Int, at use: Int, in initializer: Int, _ file: FileContext) -> Source? {
        var expression = value
        var position = use
        var isWhole = true
        for _ in 0..<4 {
            guard let root = chainRoot(expression, file), let name = file.name(root.node) else { return nil }
            isWhole = isWhole && root.isWhole
            switch localBinding(name, before: position, in: initializer, file) {
            case .none:
                return Source(parameter: name, isWholeParameter: isWhole)
            case .some(.unwrapped(let initial, let at)):
                guard let initial else { position = at; continue }  // `if let note {`: the same name, further out
                expression = initial
                position = at
            case .some(.other):
                return nil
            }
        }
        return nil
    }

    /// The root name of a chain of members, `?`, `!` and parentheses.
    static func chainRoot(_ e: Int, _ file: FileContext) -> (node: Int, isWhole: Bool)? {
        var e = e
        var isWhole = true
        while true {
            switch file.kind(e) {
            case .memberAccessExpr:
                guard let base = file.tree.firstChild(e) else { return nil }
                isWhole = false
                e = base
            case .optionalChainingExpr, .forceUnwrapExpr:
                guard let inner = file.tree.firstChild(e) else { return nil }
                e = inner
            case .tupleExpr:
                guard let inner = file.parenthesizedValue(e) else { return nil }
                e = inner
            case .identifierExpr:
                guard let n = file.name(e), n != "self", !FileContext.isTypeLike(n), !n.hasPrefix("$") else { return nil }
                return (e, isWhole)
            default:
                return nil
            }
        }
    }

    enum LocalBinding {
        /// `if let x = initial` / `guard let x = initial`; `initial` nil for `if let x`. `at` is the condition.
        case unwrapped(initial: Int?, at: Int)
        /// A local `let`/`var`, a pattern, a loop variable: not a parameter.
        case other
    }

    /// The declaration of `name` visible at `use` inside the initializer, if any.
    static func localBinding(_ name: String, before use: Int, in initializer: Int, _ file: FileContext) -> LocalBinding? {
        let tree = file.tree
        var child = use
        while let scope = file.parent(child), scope != initializer {
            switch file.kind(scope) {
            case .codeBlock, .switchCase:
                for statement in file.children(scope) where statement < child {
                    switch file.kind(statement) {
                    case .variableDecl:
                        for b in file.children(statement) where file.kind(b) == .patternBinding {
                            if let p = tree.firstChild(b), binds(name, p, file) { return .other }
                        }
                    case .guardStmt:
                        if let found = conditionBinding(name, statement, file) { return found }
                    default:
                        break
                    }
                }
            case .ifStmt, .whileStmt:
                if let found = conditionBinding(name, scope, before: child, file) { return found }
            case .forStmt, .catchClause:
                if tree.subtree(scope).contains(where: { $0 < child && file.kind($0) == .identifierPattern && file.name($0) == name }) {
                    return .other
                }
            default:
                break
            }
            child = scope
        }
        return nil
    }

    static func conditionBinding(_ name: String, _ statement: Int, before limit: Int? = nil, _ file: FileContext) -> LocalBinding? {
        for condition in file.children(statement) where limit.map({ condition < $0 }) ?? true {
            switch file.kind(condition) {
            case .optionalBindingCondition:
                guard let p = file.tree.firstChild(condition), binds(name, p, file) else { continue }
                let initial = file.tree.child(condition, .initializerClause).flatMap { file.tree.firstChild($0) }
                return .unwrapped(initial: initial, at: condition)
            case .matchingPatternCondition:
                if binds(name, condition, file) { return .other }
            default:
                continue
            }
        }
        return nil
    }

    static func binds(_ name: String, _ pattern: Int, _ file: FileContext) -> Bool {
        file.tree.subtree(pattern).contains { file.kind($0) == .identifierPattern && file.name($0) == name }
    }

    /// `initialSelection`, `init(initial tab: Tab)`, `startCollapsed`, `defaultKey`, `seedText`, a property
    /// wrapper's `wrappedValue`: the name says only the first value counts.
    static func isStartingValue(_ parameter: Int, _ file: FileContext) -> Bool {
        var names: [String] = []
        if let label = file.tree.nameToken(parameter).map({ file.tree.identifierText($0) }) { names.append(label) }
        if let internalName = file.parameterName(parameter) { names.append(internalName) }
        return names.contains { name in
            if name == "wrappedValue" { return true }
            return startingValuePrefixes.contains { prefix in
                guard name.hasPrefix(prefix) else { return false }
                let next = name.dropFirst(prefix.count).first
                return next == nil || next!.isUppercase
            }
        }
    }

    /// An initializer that takes a closure (`onSave:`, `onCommit:`; not `@ViewBuilder` content): the view edits a
    /// draft of its input and hands the result back, so starting from the first value is its design.
    static func takesResultCallback(_ parameters: [Int], _ file: FileContext) -> Bool {
        parameters.contains { p in
            guard let t = file.parameterType(p), file.isFunctionType(t) else { return false }
            return !file.hasViewBuilderAttribute(p)
        }
    }

    static func genericParameters(ofType name: String, _ file: FileContext) -> Set<String> {
        var out: Set<String> = []
        for decl in file.typeDeclarations where file.typeKind(decl) != .extension && file.typeDeclarationName(decl) == name {
            out.formUnion(file.genericParameterNames(of: decl))
        }
        return out
    }

    /// Properties the view assigns in `onChange`, `onReceive` or `task(id:)`: it follows new input itself.
    static func reseededProperties(of owner: String, _ file: FileContext) -> Set<String> {
        var out: Set<String> = []
        for decl in file.typeDeclarations where file.typeDeclarationName(decl) == owner {
            for n in file.tree.subtree(decl) where file.kind(n) == .memberAccessExpr {
                guard let name = file.name(n), name == "onChange" || name == "onReceive" || name == "task",
                      let call = file.parent(n), file.kind(call) == .callExpr, file.tree.firstChild(call) == n else { continue }
                if name == "task" && !file.arguments(call).contains(where: { $0.label == "id" }) { continue }
                for closure in argumentNodes(of: call, file) where file.kind(closure) == .binaryExpr {
                    if let target = file.assignmentTarget(closure), let assigned = file.ownMemberName(target) { out.insert(assigned) }
                }
            }
        }
        return out
    }

    // MARK: What the view does with the state

    /// Whether the owner's declarations in this file, outside its initializers, read the property, and whether
    /// they may change it: assign it or a part of it, call a standard mutating method on it, pass it `inout`, or
    /// use its binding (`$x`) or its storage (`_x`). Locals of the same name are not told apart (they count).
    static func usage(of property: String, owner: String, _ file: FileContext) -> (isRead: Bool, isChanged: Bool) {
        var isRead = false
        for decl in file.typeDeclarations where file.typeDeclarationName(decl) == owner {
            var n = decl
            let end = file.tree.subtree(decl).upperBound
            while n < end {
                defer { n += 1 }
                let kind = file.kind(n)
                // What initializers do is setting up, not changing: `if let draft { _text = ... } else { _text = ... }`.
                if kind == .initDecl {
                    n = file.tree.subtree(n).upperBound - 1
                    continue
                }
                guard kind == .identifierExpr || kind == .memberAccessExpr, let name = file.name(n) else { continue }
                if kind == .memberAccessExpr {
                    guard let base = file.tree.firstChild(n), file.kind(base) == .identifierExpr, file.name(base) == "self" else { continue }
                }
                if name == "$" + property || name == "_" + property { return (true, true) }
                guard name == property else { continue }
                if mayChange(use: n, file) { return (true, true) }
                isRead = true
            }
        }
        return (isRead, false)
    }

    /// Whether the use of a state's name (`x`, `self.x`) may change it: the root of an assignment's target, of a
    /// call of a standard mutating method (`append`, `toggle`, ...), or an `inout` argument.
    static func mayChange(use: Int, _ file: FileContext) -> Bool {
        var chain = use
        while let parent = file.parent(chain), file.tree.firstChild(parent) == chain,
              [.memberAccessExpr, .subscriptExpr, .optionalChainingExpr, .forceUnwrapExpr].contains(file.kind(parent)) {
            chain = parent
        }
        guard let parent = file.parent(chain) else { return false }
        switch file.kind(parent) {
        case .binaryExpr:
            return file.assignmentTarget(parent) == chain
        case .inOutExpr:
            return true
        case .callExpr:
            guard chain != use, file.tree.firstChild(parent) == chain, file.kind(chain) == .memberAccessExpr,
                  let method = file.name(chain) else { return false }
            return FileContext.standardMutatingMethods.contains(method)
        default:
            return false
        }
    }

    /// The binding an `onChange(of: property)` closure of the owner assigns (a `@Binding` property or one of
    /// type `Binding`, also through `self.` or `.wrappedValue`), if any: the view writes every change of the
    /// state back to it.
    static func bindingWrittenOnChange(of property: String, owner: String, _ file: FileContext) -> String? {
        var bindings: Set<String> = []
        var onChanges: [Int] = []
        for decl in file.typeDeclarations where file.typeDeclarationName(decl) == owner {
            if let block = file.tree.child(decl, .memberBlock) {
                for m in file.memberDecls(block) where file.kind(m) == .variableDecl {
                    let isBinding = file.attributes(m).contains { file.name($0) == "Binding" }
                    for b in file.children(m) where file.kind(b) == .patternBinding {
                        let type = file.tree.child(b, .typeAnnotation).flatMap { file.tree.firstChild($0) }.flatMap { file.typeName($0) }
                        if isBinding || type == "Binding", let name = file.tree.firstChild(b).flatMap({ file.name($0) }) {
                            bindings.insert(name)
                        }
                    }
                }
            }
            for n in file.tree.subtree(decl) where file.kind(n) == .callExpr {
                guard let callee = file.tree.firstChild(n), file.name(callee) == "onChange",
                      [.memberAccessExpr, .identifierExpr].contains(file.kind(callee)),
                      let value = file.arguments(n).first(where: { $0.label == "of" })?.value,
                      let observed = file.ownMemberName(file.unwrapped(value)), observed == property else { continue }
                onChanges.append(n)
            }
        }
        for call in onChanges {
            for n in argumentNodes(of: call, file) where file.kind(n) == .binaryExpr {
                guard let target = file.assignmentTarget(n), let path = file.changedPath(target) else { continue }
                var name = path.rootName == "self" ? path.members.first : path.rootName
                if name?.hasPrefix("$") == true { name = String(name!.dropFirst()) }
                if let name, bindings.contains(name) { return name }
            }
        }
        return nil
    }

    /// The nodes of a call's arguments and trailing closures, without its callee (in a modifier chain, the
    /// callee holds the modifiers before it).
    static func argumentNodes(of call: Int, _ file: FileContext) -> [Int] {
        file.children(call).dropFirst().flatMap { Array(file.tree.subtree($0)) }
    }

    /// Whether the owner declares the property `private` or `fileprivate` in this file.
    static func isDeclaredPrivate(_ property: String, owner: String, _ file: FileContext) -> Bool {
        for decl in file.typeDeclarations where file.typeDeclarationName(decl) == owner {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl && file.firstBindingName(m) == property {
                return file.modifiers(m).contains { modifier in
                    let keyword = file.tree.nameToken(modifier)?.keyword
                    // `private(set)` restricts the setter only, which is what matters here too.
                    return keyword == .private || keyword == .fileprivate
                }
            }
        }
        return false
    }

    // MARK: Where the view is shown

    /// The constructions inside the content closures of presentation modifiers and the destinations of
    /// `NavigationLink`s.
    static func presentedConstructions(_ file: FileContext) -> [Int] {
        var contents: [Int] = []
        // `.sheet { }` on a view, or `sheet { }` on `self` inside a `View` extension.
        for node in file.nodes(.memberAccessExpr) + file.nodes(.identifierExpr) {
            guard file.nameIs(Int(node), presentingWords), let name = file.name(Int(node)), presentationModifiers.contains(name),
                  let call = file.parent(Int(node)),
                  file.kind(call) == .callExpr, file.tree.firstChild(call) == Int(node) else { continue }
            for holder in file.children(call) where file.kind(holder) == .trailingClosure || file.kind(holder) == .argument {
                guard file.isContentClosure(holder, of: call), let closure = file.tree.firstChild(holder),
                      file.kind(closure) == .closureExpr else { continue }
                contents.append(closure)
            }
        }
        for node in file.nodes(.identifierExpr) where file.nameIs(Int(node), navigationLinkWord) {
            // `NavigationLink(destination: Detail())`, `NavigationLink { Detail() } label: { ... }`.
            guard let call = file.parent(Int(node)), file.kind(call) == .callExpr, file.tree.firstChild(call) == Int(node) else { continue }
            let holders = file.children(call).filter { file.kind($0) == .trailingClosure || file.kind($0) == .argument }
            let hasLabelClosure = holders.contains { file.kind($0) == .trailingClosure && file.name($0) == "label" }
            for holder in holders {
                let label = file.name(holder)
                let isDestination = label == "destination" || (label == nil && file.kind(holder) == .trailingClosure && hasLabelClosure)
                if isDestination, let value = file.tree.firstChild(holder) { contents.append(value) }
            }
        }
        var out: [Int] = []
        for content in contents {
            for n in file.tree.subtree(content) where file.kind(n) == .callExpr {
                guard let callee = file.tree.firstChild(n), file.calleeType(callee).type != nil else { continue }
                out.append(file.tree.byteRange(callee).lowerBound)
            }
        }
        return out
    }

    /// Every construction of the views in question in the project's view graph (previews left out), and whether
    /// each gets new state for new input (an `.id(...)` around it, presented content or a navigation
    /// destination) or passes constants only.
    struct ViewConstructions {
        private var counts: [String: (total: Int, fresh: Int)] = [:]
        /// The views constructed in a `NavigationSplitView`'s column without new state for new input: the
        /// selection changes the input while the view stays.
        private var inSplitViewColumn: Set<String> = []

        init(index: ProjectIndex, views: Set<String>, records: [(path: String, record: Record)]) {
            var presented: [String: Set<Int>] = [:]
            for entry in records { presented[entry.path, default: []].formUnion(entry.record.presented) }
            for facts in index.files {
                for renderer in facts.renderers {
                    if case .root(let kind) = renderer.kind, kind != .app { continue }
                    for edge in renderer.edges {
                        guard case .view(let name) = edge.target, views.contains(name) else { continue }
                        let fresh = edge.helperCalls.contains("id") || edge.hasConstantArguments
                            || presented[facts.path]?.contains(edge.span.startOffset) == true
                        counts[name, default: (0, 0)].total += 1
                        if fresh { counts[name, default: (0, 0)].fresh += 1 }
                        if !fresh && edge.enclosingCallees.contains("NavigationSplitView") { inSplitViewColumn.insert(name) }
                    }
                }
            }
        }

        /// The view is shown somewhere the sources show without new state for new input. A view shown nowhere
        /// FlowLint can see (by a router's closure, a UIKit host, a library's users) cannot be judged.
        func isShownWithoutNewState(_ view: String) -> Bool {
            guard let count = counts[view] else { return false }
            return count.fresh < count.total
        }

        func isSplitViewColumnWithoutNewState(_ view: String) -> Bool { inSplitViewColumn.contains(view) }
    }
}

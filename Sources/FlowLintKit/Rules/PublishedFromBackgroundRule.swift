import FlowLintSyntax

/// The rule `published_from_background`: see `rules/published_from_background.md`.
enum PublishedFromBackgroundRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "published_from_background",
        name: "Published from Background",
        summary: "an ObservableObject's @Published properties must be changed on the main thread",
        rationale: """
            A `@Published` property announces its change through `objectWillChange` on the thread that makes \
            it, and SwiftUI, which observes the object for every view that holds it, works on the main thread \
            only ("Publishing changes from background threads is not allowed"). A change made in a background \
            queue, a detached task or a network completion handler reaches views late or not at all, and races \
            with the views that read the property. Hop to the main thread first, or mark the class `@MainActor`.
            """,
        defaultSeverity: .warning
    )

    static var analyses: [any ProjectAnalysis.Type] { [ProjectViewReads.self] }
}

extension PublishedFromBackgroundRule {
    /// The words that start a background block (the property declarations are never skipped).
    static let parses = BodySkipping(bodyWords: [
        "async", "asyncAfter", "detached", "addOperation", "addBarrierBlock", "dataTask", "downloadTask", "uploadTask",
        "dataTaskPublisher",
    ])

    static func message(property: String, type: String, context: Context) -> String {
        "@Published '\(property)' of '\(type)' is changed off the main thread (\(context.description)), which SwiftUI "
            + "does not allow: views can miss the change, show it late, or read it while it is written; make the "
            + "change on the main thread"
    }

    /// Where the change runs.
    enum Context: String, Codable, Sendable {
        case globalQueue, labelQueue, detachedTask, operationQueue, sessionCompletion, publisher

        var description: String {
            switch self {
            case .globalQueue: return "in a DispatchQueue.global() block"
            case .labelQueue: return "in a block on a DispatchQueue(label:) queue"
            case .detachedTask: return "in a Task.detached block"
            case .operationQueue: return "in an OperationQueue block"
            case .sessionCompletion: return "in a URLSession completion handler"
            case .publisher: return "in a dataTaskPublisher pipeline without receive(on:)"
            }
        }
    }

    /// A change in a background block: the project finds the `@Published` property along `members`, starting
    /// from the type `receiver` names.
    struct Condition: Codable, Sendable {
        var receiver: TypeReference
        var members: [String]
        var hasSubscript: Bool
        /// The method of a mutating call; nil for an assignment.
        var call: String?
        var context: Context
    }

    /// What the project check needs of every file: its `@Published` properties and the like (`ChangeRecord`). What
    /// SwiftUI code names (`ProjectViewReads`) tells whether views hold the object without observing it.
    struct Record: Codable, Sendable {
        var changes: ChangeRecord?
    }

    static let blockMethods = TokenWords([
        "async", "asyncAfter", "detached", "addOperation", "addBarrierBlock", "dataTask", "downloadTask", "uploadTask",
        "sink", "assign",
    ])

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        if let changes = file.changeRecord() { report.record(Record(changes: changes)) }
        for node in file.nodes(.callExpr) {
            let call = Int(node)
            guard let callee = file.tree.firstChild(call), file.kind(callee) == .memberAccessExpr,
                  file.nameIs(callee, blockMethods), let method = file.name(callee) else { continue }
            let owner = file.enclosingType(call).map { file.typeDeclarationName($0) }
            let finder = BlockFinder(file: file, owner: owner)
            guard let block = finder.backgroundBlock(call, method: method), !file.containsParseError(call) else { continue }
            let resolver = TypeResolver(context: file, ownerType: owner)
            if let assigned = block.assignedProperty, let owner {
                // `assign(to: &$name)` / `assign(to: \.name, on: self)`: at `assign`.
                let nameToken = file.tree.tokens[Int(file.tree.nodes[callee].name)]
                report.report(at: file.span(bytes: Int(nameToken.offset)..<Int(nameToken.end)), "",
                              condition: Condition(receiver: .named(owner), members: [assigned], hasSubscript: false,
                                                   call: nil, context: block.context))
                continue
            }
            // `Task.detached { @MainActor in ... }` runs on the main actor.
            for closure in block.closures where !isMainActorClosure(closure, file) {
                for candidate in changes(in: closure, file) {
                    guard let condition = condition(candidate, context: block.context, owner: owner, resolver, file) else { continue }
                    report.report(at: candidate.target, "", condition: condition)
                }
            }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let facts = project.derived("changes") { ChangeFacts($0.compactMap(\.record.changes)) }
        let viewReads = project[ProjectViewReads.self]
        var observers: ObservingProperties?
        for finding in project.pending {
            guard let (message, type) = confirmedMessage(finding.condition, index, facts) else { continue }
            let reaching = index.viewsReaching(type, in: viewReads)
            if !reaching.isEmpty {
                // SwiftUI code holds the object: the claim about views stands only if one of them observes it.
                if observers == nil { observers = ObservingProperties(index) }
                guard observers!.observe(type, index) || reaching.contains(where: { subscribes($0, to: type, facts, index) })
                else { continue }
            }
            report.report(at: finding.diagnostic.span, message)
        }
    }

    /// The types of the project's `@StateObject`, `@ObservedObject` and `@EnvironmentObject` properties, and whether
    /// one has no type FlowLint can name (then it may hold any object).
    struct ObservingProperties {
        var types: Set<String> = []
        var hasUnnamedType = false

        init(_ index: ProjectIndex) {
            for (f, facts) in index.files.enumerated() {
                for t in facts.types.indices {
                    for property in index.properties(of: (file: f, type: t)) where !property.isStatic
                        && SwiftUINames.objectObservingWrappers.contains(property.wrapper ?? "") {
                        // `= Model.shared`: the type of the static property.
                        let initializer = property.staticInitializer.flatMap { index.resolve(.staticMember(type: $0.type, member: $0.member)) }
                        if let type = property.environmentObjectType ?? property.type ?? initializer {
                            types.insert(type)
                        } else {
                            hasUnnamedType = true
                        }
                    }
                }
            }
        }

        /// Whether a view may observe an object of the class `name`: a property typed with it, a superclass or a
        /// subclass of it, or with no type that FlowLint can name.
        func observe(_ name: String, _ index: ProjectIndex) -> Bool {
            if hasUnnamedType { return true }
            var related: Set<String> = [name]
            var pending = [name]
            while let current = pending.popLast() {
                var next = index.subclasses(of: current)
                if let superclass = ChangeFacts.superclass(of: current, index) { next.append(superclass) }
                for n in next where related.insert(n).inserted { pending.append(n) }
            }
            return !related.isDisjoint(with: types)
        }
    }

    /// Whether SwiftUI code subscribes to the object's publishers itself (`.onReceive(model.$devices)`,
    /// `model.objectWillChange`): a publisher of one of the class's `@Published` properties or `objectWillChange`.
    static func subscribes(_ reads: ViewReads, to type: String, _ facts: ChangeFacts, _ index: ProjectIndex) -> Bool {
        reads.members.contains { member in
            member == "objectWillChange"
                || (member.hasPrefix("$") && facts.publishedProperty(String(member.dropFirst()), of: type, index) != nil)
        }
    }

    /// Walks the members from the receiver's type to the first `@Published` property of an `ObservableObject`: the
    /// message, and the class.
    static func confirmedMessage(_ c: Condition, _ index: ProjectIndex, _ facts: ChangeFacts) -> (String, type: String)? {
        guard var current = index.resolve(c.receiver) else { return nil }
        for (i, member) in c.members.enumerated() {
            if index.observableObject(current) == true, let (published, _) = facts.publishedProperty(member, of: current, index) {
                let isLast = i == c.members.count - 1
                if !isLast || c.hasSubscript || c.call != nil {
                    guard ChangeFacts.isValueType(published.value, index) else { return nil }
                }
                if published.isMainActor || isMainActor(current, index) { return nil }
                return (message(property: member, type: current, context: c.context), current)
            }
            let types = Set(index.properties(of: current, named: member).filter { !$0.isStatic }.compactMap(\.type))
            guard types.count == 1 else { return nil }
            current = types.first!
        }
        return nil
    }

    /// A class marked `@MainActor`, or one whose superclass in the sources is.
    static func isMainActor(_ name: String, _ index: ProjectIndex) -> Bool {
        var current = name
        for _ in 0..<16 {
            if index.attributes(of: current).contains("MainActor") { return true }
            guard let superclass = ChangeFacts.superclass(of: current, index) else { return false }
            current = superclass
        }
        return false
    }

    // MARK: Changes in a block

    struct Candidate {
        var target: Int
        var call: String?
    }

    /// Methods whose closure runs at once, on the caller's thread.
    static let sameThreadMethods: Set<String> = [
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "first", "contains", "allSatisfy",
        "removeAll",
    ]
    static let sameThreadFunctions: Set<String> = ["autoreleasepool", "withAnimation", "withTransaction"]

    /// The assignments and method calls that run in the block's thread: in the closure, and in closures that run
    /// at once on the same thread. Any other closure (a hop to the main thread, a completion handler, a `Task`)
    /// stops the walk.
    static func changes(in closure: Int, _ file: FileContext) -> [Candidate] {
        var out: [Candidate] = []
        var pending = Array(file.children(closure))
        while let n = pending.popLast() {
            switch file.kind(n) {
            case .closureExpr:
                guard runsAtOnce(n, file) else { continue }
            case .funcDecl, .initDecl, .deinitDecl, .subscriptDecl, .structDecl, .classDecl, .enumDecl, .actorDecl,
                 .protocolDecl, .extensionDecl, .closureSignature:
                continue
            case .binaryExpr:
                if let target = file.assignmentTarget(n) { out.append(Candidate(target: target, call: nil)) }
            case .callExpr:
                if let (receiver, method) = file.methodCall(n) { out.append(Candidate(target: receiver, call: method)) }
            default:
                break
            }
            pending.append(contentsOf: file.children(n))
        }
        return out.sorted { $0.target < $1.target }
    }

    static func isMainActorClosure(_ closure: Int, _ file: FileContext) -> Bool {
        guard let signature = file.tree.child(closure, .closureSignature) else { return false }
        return file.children(signature).contains { file.kind($0) == .attribute && file.name($0) == "MainActor" }
    }

    static func runsAtOnce(_ closure: Int, _ file: FileContext) -> Bool {
        if isMainActorClosure(closure, file) { return false }
        guard let holder = file.parent(closure) else { return false }
        if file.kind(holder) == .callExpr { return file.tree.firstChild(holder) == closure }
        guard file.kind(holder) == .argument || file.kind(holder) == .trailingClosure, let call = file.parent(holder),
              let callee = file.tree.firstChild(call) else { return false }
        switch file.kind(callee) {
        case .memberAccessExpr: return sameThreadMethods.contains(file.name(callee) ?? "")
        case .identifierExpr: return sameThreadFunctions.contains(file.name(callee) ?? "")
        default: return false
        }
    }

    static func condition(_ candidate: Candidate, context: Context, owner: String?, _ resolver: TypeResolver,
                          _ file: FileContext) -> Condition? {
        // Calls: the standard mutating methods only (`items.append(x)`); FlowLint does not follow other methods.
        if let call = candidate.call, !FileContext.standardMutatingMethods.contains(call) { return nil }
        guard let path = file.changedPath(candidate.target) else { return nil }
        var receiver: TypeReference
        var members = path.members
        if path.rootName == "self" {
            guard let owner else { return nil }
            receiver = .named(owner)
        } else {
            guard !FileContext.isTypeLike(path.rootName), !path.rootName.hasPrefix("$") else { return nil }
            switch resolver.lookUpLocal(path.rootName, before: path.root, depth: 0) {
            case nil:
                // A property of the enclosing type, through implicit `self`.
                guard let owner else { return nil }
                receiver = .named(owner)
                members.insert(path.rootName, at: 0)
            case .named(let type)?:
                receiver = .named(type)
            case .memberChain(let base, let chain)?:
                receiver = .memberChain(base: base, members: chain)
            default:
                return nil
            }
        }
        guard !members.isEmpty else { return nil }
        return Condition(receiver: receiver, members: members, hasSubscript: path.hasSubscript, call: candidate.call, context: context)
    }
}

/// Finds the background block a call starts, if it does.
private struct BlockFinder {
    let file: FileContext
    let owner: String?

    struct Block {
        var context: PublishedFromBackgroundRule.Context
        /// The closures that run in the background.
        var closures: [Int]
        /// For `assign(to:)`: the property of `self` assigned.
        var assignedProperty: String?
    }

    private var tree: SyntaxTree { file.tree }

    func backgroundBlock(_ call: Int, method: String) -> Block? {
        guard let callee = tree.firstChild(call), let receiver = tree.firstChild(callee) else { return nil }
        switch method {
        case "async", "asyncAfter":
            guard let context = queueContext(receiver, depth: 0) else { return nil }
            return Block(context: context, closures: closures(of: call, labels: ["execute"]))
        case "detached":
            guard file.kind(receiver) == .identifierExpr, file.name(receiver) == "Task" else { return nil }
            return Block(context: .detachedTask, closures: closures(of: call, labels: ["operation"]))
        case "addOperation", "addBarrierBlock":
            guard isBackgroundOperationQueue(receiver, depth: 0) else { return nil }
            return Block(context: .operationQueue, closures: closures(of: call, labels: ["_"]))
        case "dataTask", "downloadTask", "uploadTask":
            guard isBackgroundSession(receiver, depth: 0) else { return nil }
            return Block(context: .sessionCompletion, closures: closures(of: call, labels: ["completionHandler"]))
        case "sink":
            guard startsAtBackgroundPublisher(receiver) else { return nil }
            return Block(context: .publisher, closures: closures(of: call, labels: ["receiveValue", "receiveCompletion"]))
        case "assign":
            guard startsAtBackgroundPublisher(receiver), let property = assignedProperty(call) else { return nil }
            return Block(context: .publisher, closures: [], assignedProperty: property)
        default:
            return nil
        }
    }

    /// Trailing closures, and closure arguments with one of `labels` (`_` for an unlabeled one).
    func closures(of call: Int, labels: Set<String>) -> [Int] {
        var out: [Int] = []
        for holder in file.children(call) {
            let k = file.kind(holder)
            guard k == .trailingClosure || (k == .argument && labels.contains(file.name(holder) ?? "_")),
                  let closure = tree.firstChild(holder), file.kind(closure) == .closureExpr else { continue }
            out.append(closure)
        }
        return out
    }

    /// `DispatchQueue.global(...)`, or a queue created with `DispatchQueue(label:)` without `target:`, in place
    /// or held in a `let`/`var` of the function or the type.
    func queueContext(_ e: Int, depth: Int) -> PublishedFromBackgroundRule.Context? {
        let e = file.unwrapped(e)
        if file.kind(e) == .callExpr, let callee = tree.firstChild(e), file.kind(callee) == .memberAccessExpr,
           file.name(callee) == "global", let base = tree.firstChild(callee), file.kind(base) == .identifierExpr,
           file.name(base) == "DispatchQueue" {
            return .globalQueue
        }
        let construction = file.construction(e)
        if construction.isConstruction {
            guard construction.type == "DispatchQueue" else { return nil }
            let labels = file.arguments(e).map(\.label)
            return labels.first == "label" && !labels.contains("target") ? .labelQueue : nil
        }
        guard depth == 0, let held = heldValue(e) else { return nil }
        return queueContext(held, depth: depth + 1)
    }

    /// `OperationQueue()`, in place or held.
    func isBackgroundOperationQueue(_ e: Int, depth: Int) -> Bool {
        let e = file.unwrapped(e)
        let construction = file.construction(e)
        if construction.isConstruction { return construction.type == "OperationQueue" && file.arguments(e).isEmpty }
        guard depth == 0, let held = heldValue(e) else { return false }
        return isBackgroundOperationQueue(held, depth: depth + 1)
    }

    /// `URLSession.shared`, or `URLSession(configuration:)` without a delegate queue (or with `nil`), in place or
    /// held.
    func isBackgroundSession(_ e: Int, depth: Int) -> Bool {
        let e = file.unwrapped(e)
        if file.kind(e) == .memberAccessExpr, file.name(e) == "shared", let base = tree.firstChild(e),
           file.kind(base) == .identifierExpr, file.name(base) == "URLSession" {
            return true
        }
        let construction = file.construction(e)
        if construction.isConstruction {
            guard construction.type == "URLSession" else { return false }
            let args = file.arguments(e)
            guard args.first?.label == "configuration" else { return false }
            guard let queue = args.first(where: { $0.label == "delegateQueue" }) else { return true }
            return queue.value.map { file.kind($0) == .nilLiteral } ?? false
        }
        guard depth == 0, let held = heldValue(e) else { return false }
        return isBackgroundSession(held, depth: depth + 1)
    }

    /// A Combine chain down to `dataTaskPublisher(for:)` on a background session, with no `receive(on:)` and no
    /// operator given a scheduler on the way.
    func startsAtBackgroundPublisher(_ receiver: Int) -> Bool {
        var e = receiver
        for _ in 0..<256 {
            e = file.unwrapped(e)
            guard file.kind(e) == .callExpr, let callee = tree.firstChild(e), file.kind(callee) == .memberAccessExpr,
                  let base = tree.firstChild(callee) else { return false }
            let name = file.name(callee) ?? ""
            if name == "receive" || file.arguments(e).contains(where: { $0.label == "scheduler" }) { return false }
            if name == "dataTaskPublisher" { return isBackgroundSession(base, depth: 0) }
            e = base
        }
        return false
    }

    /// `assign(to: &$name)` and `assign(to: \.name, on: self)`: `name`.
    func assignedProperty(_ call: Int) -> String? {
        let args = file.arguments(call)
        guard let to = args.first(where: { $0.label == "to" })?.value else { return nil }
        switch file.kind(to) {
        case .inOutExpr:
            guard args.count == 1, let inner = tree.firstChild(to), file.kind(inner) == .identifierExpr,
                  let name = file.name(inner), name.hasPrefix("$"), name.count > 1 else { return nil }
            return String(name.dropFirst())
        case .keyPathExpr:
            guard args.count == 2, let on = args.first(where: { $0.label == "on" })?.value, file.kind(on) == .identifierExpr,
                  file.name(on) == "self" else { return nil }
            let text = tree.compactText(to)
            guard text.hasPrefix("\\."), !text.dropFirst(2).contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") })
            else { return nil }
            return String(text.dropFirst(2))
        default:
            return nil
        }
    }

    /// The initial value of the `let`/`var` that `e` (`queue`, `self.queue`) names: a local of the enclosing
    /// function declared before the use, else a stored property of the enclosing type declared in this file.
    func heldValue(_ e: Int) -> Int? {
        var name: String
        var mayBeLocal = true
        switch file.kind(e) {
        case .identifierExpr:
            name = file.name(e) ?? ""
        case .memberAccessExpr:
            guard let base = tree.firstChild(e), file.kind(base) == .identifierExpr, file.name(base) == "self" else { return nil }
            name = file.name(e) ?? ""
            mayBeLocal = false
        default:
            return nil
        }
        guard !name.isEmpty, !FileContext.isTypeLike(name) else { return nil }
        if mayBeLocal {
            var child = e
            while let scope = file.parent(child) {
                switch file.kind(scope) {
                case .codeBlock, .closureExpr, .switchCase:
                    for statement in file.children(scope) where statement < child && file.kind(statement) == .variableDecl {
                        if let b = binding(name, in: statement) { return initialValue(b) }
                    }
                case .funcDecl, .initDecl, .subscriptDecl:
                    if let clause = tree.child(scope, .parameterClause),
                       file.children(clause).contains(where: { file.kind($0) == .parameter && file.parameterName($0) == name }) {
                        return nil
                    }
                case .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl, .sourceFile:
                    return storedValue(name)
                default:
                    break
                }
                child = scope
            }
            return nil
        }
        return storedValue(name)
    }

    private func storedValue(_ name: String) -> Int? {
        guard let owner else { return nil }
        for decl in file.typeDeclarations where file.typeDeclarationName(decl) == owner {
            guard let block = tree.child(decl, .memberBlock) else { continue }
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
                if let b = binding(name, in: m) { return initialValue(b) }
            }
        }
        return nil
    }

    /// The binding of `name` in a `let`/`var` declaration.
    private func binding(_ name: String, in decl: Int) -> Int? {
        file.children(decl).first { b in
            guard file.kind(b) == .patternBinding, let p = tree.firstChild(b) else { return false }
            return file.kind(p) == .identifierPattern && file.name(p) == name
        }
    }

    private func initialValue(_ binding: Int) -> Int? {
        tree.child(binding, .initializerClause).flatMap { tree.firstChild($0) }
    }
}

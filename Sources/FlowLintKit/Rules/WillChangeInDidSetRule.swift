import FlowLintSyntax

/// The rule `will_change_in_did_set`: see `rules/will_change_in_did_set.md`.
enum WillChangeInDidSetRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "will_change_in_did_set",
        name: "objectWillChange Sent in didSet",
        summary: "objectWillChange must be sent before a change (in willSet), not after it (in didSet)",
        rationale: """
            `objectWillChange` promises subscribers that the object is about to change: `@Published` sends it \
            from `willSet`, and SwiftUI records the current transaction (a `withAnimation` block) when it hears \
            it. Sent from `didSet`, it arrives after the change: `onReceive` handlers and `sink` pipelines see \
            the new state where they expect the old one, and a send deferred to the main queue or a `Task` \
            misses the animation and leaves views stale until it arrives.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        fix: .safe
    )
}

extension WillChangeInDidSetRule {
    /// Observers are accessor bodies, skipped unless they mention the subject.
    static let parses = BodySkipping(bodyWords: ["objectWillChange"])

    /// Whether SwiftUI code observes the class (`ProjectViewReads`): the harm, and the message's claim, are about
    /// SwiftUI hearing of the change late. A class no view reaches may send it after the change on purpose, as a
    /// did-change signal for Combine pipelines that read the new value when it arrives; `willSet` would break them.
    static var analyses: [any ProjectAnalysis.Type] { [ProjectViewReads.self] }

    /// The class that sends, by its simple name (`ProjectViewReads` names types as views write them).
    struct Condition: Codable, Sendable {
        var type: String
    }

    static func message(type: String, property: String) -> String {
        "'\(type)' sends objectWillChange after '\(property)' has changed (in didSet), so its subscribers, SwiftUI "
            + "included, hear of the change only after it happened; send it in willSet"
    }

    static func check(file: FileContext, report: inout FileReport<Condition, NoRecord>) {
        let tree = file.tree
        for node in file.nodes(.memberAccessExpr) {
            let send = Int(node)
            // Compared as bytes: most files have many member accesses and no send.
            guard let name = tree.nameToken(send), tree.file.token(name, is: "send"),
                  let subject = tree.firstChild(send), isOwnObjectWillChange(subject, file), let call = file.parent(send), file.kind(call) == .callExpr, tree.firstChild(call) == send,
                  let observer = enclosingDidSet(of: call, file),
                  let property = observedProperty(observer, file) else { continue }
            let fixes = self.fixes(send: call, observer: observer, binding: property.binding, file)
            let simpleName = property.type.split(separator: ".").last.map(String.init) ?? property.type
            report.report(at: call, message(type: property.type, property: property.name), fixes: fixes,
                          condition: Condition(type: simpleName))
        }
    }

    static func check(project: ProjectContext<Condition, NoRecord>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let reads = project[ProjectViewReads.self]
        var reached: [String: Bool] = [:]
        var heardElsewhere: [String: Bool] = [:]
        for finding in project.pending {
            let type = finding.condition.type
            if reached[type] == nil { reached[type] = isObservedBySwiftUI(type, project.index, reads) }
            guard reached[type] == true else { continue }
            // Renaming `didSet` is safe only for SwiftUI, which reads the object on its next render; code that
            // subscribes to `objectWillChange` and reads the object at once (another class's sink, a view's
            // `onReceive`) would read the old value after it (judged in BJ: sunwallet-ios's stores): a suggestion then.
            if heardElsewhere[type] == nil { heardElsewhere[type] = mayBeHeardOutsideSwiftUI(type, project.index, reads) }
            var diagnostic = finding.diagnostic
            if heardElsewhere[type] == true {
                for f in diagnostic.fixes.indices where diagnostic.fixes[f].applicability == .safe {
                    diagnostic.fixes[f].applicability = .suggestion
                }
            }
            report.report(diagnostic)
        }
    }

    /// Whether code other than SwiftUI's may subscribe to the class's `objectWillChange`: a class or extension uses an
    /// `objectWillChange` other than to send on it (`store.objectWillChange.sink { ... }`; told by name only, so any
    /// such use counts, the class's own included), or a view that reaches the class reads it
    /// (`.onReceive(store.objectWillChange)`).
    static func mayBeHeardOutsideSwiftUI(_ type: String, _ index: ProjectIndex, _ reads: [ViewReads]) -> Bool {
        if index.viewsReaching(type, in: reads).contains(where: { $0.members.contains("objectWillChange") }) { return true }
        return index.files.contains(where: \.subscribesToObjectWillChange)
    }

    /// Whether SwiftUI code observes the class: a view (or other SwiftUI type) that reaches it holds it in an
    /// `@ObservedObject`, `@StateObject` or `@EnvironmentObject` property typed with it or a subclass, or with no type
    /// FlowLint can name, or subscribes to `objectWillChange` itself. Holding it in a plain property, or holding an
    /// object that holds it, observes nothing.
    static func isObservedBySwiftUI(_ type: String, _ index: ProjectIndex, _ reads: [ViewReads]) -> Bool {
        let reaching = index.viewsReaching(type, in: reads)
        guard !reaching.isEmpty else { return false }
        let family = index.classAndSubclasses(type)
        return reaching.contains { entry in
            entry.members.contains("objectWillChange") || index.types(named: entry.type).contains { ref in
                index.properties(of: ref).contains { property in
                    guard !property.isStatic, SwiftUINames.objectObservingWrappers.contains(property.wrapper ?? "") else { return false }
                    guard let held = property.environmentObjectType ?? property.type else { return true }
                    return family.contains(held)
                }
            }
        }
    }

    /// `objectWillChange`, `self.objectWillChange` or `self?.objectWillChange`: the object's own subject.
    static func isOwnObjectWillChange(_ e: Int, _ file: FileContext) -> Bool {
        guard file.name(e) == "objectWillChange" else { return false }
        switch file.kind(e) {
        case .identifierExpr:
            return true
        case .memberAccessExpr:
            guard var base = file.tree.firstChild(e) else { return false }
            if file.kind(base) == .optionalChainingExpr, let inner = file.tree.firstChild(base) { base = inner }
            return file.kind(base) == .identifierExpr && file.name(base) == "self"
        default:
            return false
        }
    }

    /// The `didSet` accessor that holds the send, when every node between them is a statement or a closure known
    /// to run while the observer runs or after it (see `isDeferringClosure`). Anything else (a local function, a
    /// `sink`, an unknown callee's closure) means FlowLint cannot tell when the send happens.
    static func enclosingDidSet(of call: Int, _ file: FileContext) -> Int? {
        var current = call
        while let p = file.parent(current) {
            switch file.kind(p) {
            case .accessorDecl:
                return file.name(p) == "didSet" ? p : nil
            case .closureExpr:
                guard isDeferringClosure(p, file) else { return nil }
            case .funcDecl, .initDecl, .deinitDecl, .subscriptDecl, .variableDecl, .structDecl, .classDecl, .enumDecl,
                 .actorDecl, .protocolDecl, .extensionDecl, .sourceFile:
                return nil
            default:
                break
            }
            current = p
        }
        return nil
    }

    /// A closure given to `DispatchQueue.main.async`, `DispatchQueue.main.asyncAfter(deadline:)`, `Task` or
    /// `withAnimation`: it runs now or later on the main thread, never before the observer.
    static func isDeferringClosure(_ closure: Int, _ file: FileContext) -> Bool {
        guard let holder = file.parent(closure), file.kind(holder) == .trailingClosure || file.kind(holder) == .argument,
              let call = file.parent(holder), file.kind(call) == .callExpr, let callee = file.tree.firstChild(call) else { return false }
        switch file.kind(callee) {
        case .identifierExpr:
            return file.name(callee) == "Task" || file.name(callee) == "withAnimation"
        case .memberAccessExpr:
            guard file.name(callee) == "async" || file.name(callee) == "asyncAfter",
                  let queue = file.tree.firstChild(callee), file.kind(queue) == .memberAccessExpr, file.name(queue) == "main",
                  let type = file.tree.firstChild(queue) else { return false }
            return file.kind(type) == .identifierExpr && file.name(type) == "DispatchQueue"
        default:
            return false
        }
    }

    struct ObservedProperty {
        var name: String
        var type: String
        var binding: Int
    }

    /// The instance property whose observer `didSet` is, when the property is a member of a class (the innermost
    /// type around it): its name, the class's qualified name, and its pattern binding. Nil for a `@Published`
    /// property: `@Published` has already sent `objectWillChange` before the change, so nothing hears of it late
    /// (the send in `didSet` is a second one, redundant, not a late announcement).
    static func observedProperty(_ didSet: Int, _ file: FileContext) -> ObservedProperty? {
        guard let block = file.parent(didSet), file.kind(block) == .accessorBlock,
              let binding = file.parent(block), file.kind(binding) == .patternBinding,
              let decl = file.parent(binding), file.kind(decl) == .variableDecl,
              !file.hasModifier(decl, .static), !file.hasModifier(decl, .class),
              !file.attributes(decl).contains(where: { file.name($0) == "Published" }),
              let members = file.parent(decl), file.kind(members) == .memberBlock || file.kind(members) == .ifConfigClause,
              let owner = file.enclosingType(decl), file.kind(owner) == .classDecl,
              let pattern = file.tree.firstChild(binding), let name = file.name(pattern) else { return nil }
        return ObservedProperty(name: name, type: file.qualifiedTypeName(owner), binding: binding)
    }

    // MARK: Fixes

    /// Whether the send mentions `oldValue` or the observer's own name for it (`didSet(previous)`).
    static func readsOldValue(_ call: Int, _ didSet: Int, _ file: FileContext) -> Bool {
        let tree = file.tree
        var names: Set<String> = ["oldValue"]
        // `didSet(previous) {`: the identifier between the accessor's parentheses.
        let first = Int(tree.nodes[didSet].firstToken)
        if first + 2 < tree.tokens.count, tree.tokens[first + 1].kind == .leftParen, tree.tokens[first + 2].kind == .identifier {
            names.insert(tree.identifierText(tree.tokens[first + 2]))
        }
        let node = tree.nodes[call]
        return (Int(node.firstToken)..<Int(node.endToken)).contains { i in
            tree.tokens[i].kind == .identifier && names.contains(tree.identifierText(tree.tokens[i]))
        }
    }

    /// Renaming `didSet` to `willSet` when the observer is only an argument-less send (safe: nothing in it
    /// reads the old value, and it sends the same); moving the send into `willSet` when the observer does more (a suggestion); nothing when the send
    /// is nested, its arguments name the old value (which `willSet` does not have), or the layout is not one
    /// statement per line.
    static func fixes(send call: Int, observer didSet: Int, binding: Int, _ file: FileContext) -> [Fix] {
        let tree = file.tree
        guard let body = tree.child(didSet, .codeBlock), file.parent(call) == body, !readsOldValue(call, didSet, file)
        else { return [] }
        let statements = Array(file.children(body))
        let willSet = tree.child(binding, .accessorBlock).flatMap { block in
            file.children(block).first { file.kind($0) == .accessorDecl && file.name($0) == "willSet" }
        }
        if statements == [call] && willSet == nil {
            // `didSet` or `didSet(previous)`, up to the body's `{`. With arguments (a subject of the class's own
            // that sends a value) the value sent would be the old one: only suggested.
            let keyword = tree.byteRange(didSet).lowerBound
            let edit = TextEdit(startOffset: keyword, endOffset: tree.byteRange(body).lowerBound, replacement: "willSet ")
            let withoutArguments = file.arguments(call).isEmpty && !file.children(call).contains { file.kind($0) == .trailingClosure }
            return [Fix(message: "rename didSet to willSet", applicability: withoutArguments ? .safe : .suggestion, edits: [edit])]
        }
        guard let sendLine = file.wholeLines(tree.byteRange(call)) else { return [] }
        let sendText = tree.text(call)
        var edits: [TextEdit] = []
        if let willSet {
            // First statement of the existing willSet, on its own line with the send's indentation.
            guard let willBody = tree.child(willSet, .codeBlock),
                  let open = file.lineBreak(after: tree.byteRange(willBody).lowerBound + 1) else { return [] }
            edits.append(TextEdit(startOffset: open, endOffset: open, replacement: sendLine.indentation + sendText + "\n"))
            // When the observer held only the send, it goes with its lines; otherwise the send's line goes.
            guard let removed = statements == [call] ? file.wholeLines(tree.byteRange(didSet))?.range : sendLine.range
            else { return [] }
            edits.append(TextEdit(startOffset: removed.lowerBound, endOffset: removed.upperBound, replacement: ""))
        } else {
            // A new willSet, before didSet, with didSet's indentation.
            guard let didSetLine = file.lineStart(before: tree.byteRange(didSet).lowerBound) else { return [] }
            let indentation = didSetLine.indentation
            edits.append(TextEdit(startOffset: didSetLine.start, endOffset: didSetLine.start,
                                  replacement: "\(indentation)willSet {\n\(sendLine.indentation)\(sendText)\n\(indentation)}\n"))
            edits.append(TextEdit(startOffset: sendLine.range.lowerBound, endOffset: sendLine.range.upperBound, replacement: ""))
        }
        return [Fix(message: "send objectWillChange in willSet", applicability: .suggestion,
                    edits: edits.sorted { $0.startOffset < $1.startOffset })]
    }
}

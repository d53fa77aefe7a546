import FlowLintSyntax

/// The rule `unstable_identity`: see `rules/unstable_identity.md`.
enum UnstableIdentityRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "unstable_identity",
        name: "Unstable Identity",
        summary: "an identity should not change every time it is read",
        rationale: """
            SwiftUI tells views apart by their identity: the `id` of an `Identifiable` element in `ForEach`, \
            `List`, `sheet(item:)` or `navigationDestination`, and the value given to `.id(_:)`. An `id` computed \
            as `UUID()`, `Date()` or a random value is new every time it is read, so on every update SwiftUI sees \
            other elements or another view: it discards the old ones with their state and creates new ones, rows \
            animate out and in, a presented sheet is dismissed and shown again, and when creating the new view \
            changes what its parent reads, the updates never end.
            """,
        defaultSeverity: .warning,
        isOptIn: true
    )
}

extension UnstableIdentityRule {
    /// Computed `id` properties are accessor bodies named `id`; `.id(...)` modifiers are in view bodies and
    /// view-building members, which are always parsed.
    static let parses = BodySkipping(declarationWords: ["id"], notedWords: idWord.words.union(freshWords.words))

    static let idWord = TokenWords(["id"])
    /// The names without which no expression of the file makes a fresh value (`UUID()`, `Date.now`, `.random(in:)`).
    static let freshWords = TokenWords(["UUID", "NSUUID", "Date", "now", "random", "randomElement", "arc4random",
                                        "arc4random_uniform"])

    /// What a fresh value is, for the messages.
    enum Fresh: String, Codable, Sendable {
        case uuid, date, random

        var phrase: String {
            switch self {
            case .uuid: return "a new UUID"
            case .date: return "the current date"
            case .random: return "a random value"
            }
        }
    }

    /// `always`: the getter returns a fresh value on every path; otherwise on some (a `default:` case, the other
    /// side of `??`).
    static func message(computedID type: String, fresh: Fresh, always: Bool) -> String {
        "'id' of '\(type)' \(always ? "returns" : "can return") \(fresh.phrase) every time it is read, so each update "
            + "shows SwiftUI other elements: rows of a ForEach or List are discarded and created again with new state, and a sheet or "
            + "navigation destination presented for one is dismissed and shown again; store the id "
            + "('let id = UUID()') or derive it from the element's data"
    }

    /// `view`: the type whose body applies the modifier; nil in a `View` extension (the view whose body calls it).
    static func message(modifier argument: String, view: String?) -> String {
        let updated = view.map { "'\($0)'" } ?? "the view that calls it"
        let reader = view.map { "'\($0)'" } ?? "that view"
        return "'.id(\(argument))' gives the view a new identity every time \(updated) is updated: SwiftUI discards it "
            + "with its state and creates it again (its onAppear and task run again, its scroll position is lost), and "
            + "if that changes something \(reader) reads, the updates never end; pass a value that changes only when "
            + "the view should start over, or remove the modifier"
    }

    enum Condition: Codable, Sendable {
        /// A computed `id` of this type: a finding when the type is `Identifiable`.
        case computedID(type: String)
        /// `.id(fresh)` inside this type: a finding when it is a SwiftUI owner (a view, a view modifier, ...), and
        /// the view given the id evidently has something to lose: `evident` (a SwiftUI view with state of its own,
        /// an `onAppear` or `task`), or one of `views` (views of the sources it constructs) declares state.
        case modifier(owner: String, evident: Bool, views: [String])
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        let mentioned = file.mentions(each: [idWord, freshWords])
        guard mentioned[0] && mentioned[1] else { return }
        for decl in file.typeDeclarations where file.typeKind(decl) != .protocol {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
                guard let binding = file.tree.child(m, .patternBinding), let pattern = file.tree.firstChild(binding),
                      file.kind(pattern) == .identifierPattern, file.nameIs(pattern, idWord),
                      let getter = getterBody(binding, file) else { continue }
                let declaredType = file.tree.child(binding, .typeAnnotation).flatMap { file.tree.firstChild($0) }.flatMap { file.typeName($0) }
                guard let fresh = returnedFreshValue(getter, declaredType: declaredType, file) else { continue }
                let type = file.typeDeclarationName(decl)
                report.report(at: pattern, message(computedID: file.qualifiedTypeName(decl), fresh: fresh.kind, always: fresh.always),
                              condition: .computedID(type: type))
            }
        }
        for node in file.nodes(.memberAccessExpr) where file.nameIs(Int(node), idWord) {
            let callee = Int(node)
            guard let call = file.parent(callee), file.kind(call) == .callExpr, file.tree.firstChild(call) == callee,
                  let base = file.tree.firstChild(callee), isViewExpression(base, file) else { continue }
            let arguments = file.arguments(call)
            guard arguments.count == 1, arguments[0].label == nil, let value = arguments[0].value,
                  Array(file.children(call)).count == 2, freshValue(value, declaredType: nil, file) != nil,
                  let type = file.enclosingType(call) else { continue }
            let stakes = stakes(of: base, file)
            guard stakes.evident || !stakes.views.isEmpty else { continue }
            let text = file.tree.file.text(file.tree.byteRange(value))
            let argument = text.count <= 40 && !text.contains("\n") ? text : "..."
            // At `id`, not at the start of the modifier chain the member access spans.
            guard let name = file.tree.nameToken(callee) else { continue }
            let owner = file.typeDeclarationName(type)
            report.report(at: file.span(bytes: Int(name.offset)..<Int(name.end)), message(modifier: argument, view: owner == "View" ? nil : file.qualifiedTypeName(type)),
                          condition: .modifier(owner: owner, evident: stakes.evident, views: stakes.views))
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let identifiable = identifiableProtocols(index)
        for finding in project.pending {
            switch finding.condition {
            case .computedID(let type):
                guard index.inherited(type).contains(where: identifiable.contains) else { continue }
            case .modifier(let owner, let evident, let views):
                guard owner == "View" || index.isSwiftUIOwner(owner),
                      evident || views.contains(where: { holdsState($0, index) }) else { continue }
            }
            report.report(finding.diagnostic)
        }
    }

    /// `Identifiable` and the protocols of the sources that refine it, directly or through each other.
    static func identifiableProtocols(_ index: ProjectIndex) -> Set<String> {
        var found: Set<String> = ["Identifiable"]
        var changed = true
        while changed {
            changed = false
            for name in index.protocolNames where !found.contains(name) && index.inherited(name).contains(where: found.contains) {
                found.insert(name)
                changed = true
            }
        }
        return found
    }

    // MARK: Computed ids

    /// The body of a computed property's getter: `{ expr }` or `{ get { expr } ... }`.
    static func getterBody(_ binding: Int, _ file: FileContext) -> Int? {
        guard let accessors = file.tree.child(binding, .accessorBlock) else { return nil }
        if let body = file.tree.child(accessors, .codeBlock) { return body }
        for accessor in file.children(accessors) where file.kind(accessor) == .accessorDecl && file.name(accessor) == "get" {
            return file.tree.child(accessor, .codeBlock)
        }
        return nil
    }

    /// A fresh value in what the getter returns: its single expression, or the values of its `return`
    /// statements (not those of closures or local functions inside it).
    static func returnedFreshValue(_ body: Int, declaredType: String?, _ file: FileContext) -> (kind: Fresh, always: Bool)? {
        let statements = Array(file.children(body))
        var returned: [Int] = []
        if statements.count == 1, !isStatement(file.kind(statements[0])) {
            returned = [statements[0]]
        } else {
            returned = file.tree.subtree(body).filter { n in
                file.kind(n) == .returnStmt && !file.isInNestedFunction(n, below: body)
            }.compactMap { file.tree.firstChild($0) }
        }
        let fresh = returned.compactMap { value in freshValue(value, declaredType: declaredType, file).map { (value, $0) } }
        guard let (value, first) = fresh.first else { return nil }
        // Always: every value returned is fresh, and the first is not one branch of a choice (`a ?? UUID()`).
        var always = fresh.count == returned.count
        var n = first.node
        while always, n != value, let p = file.parent(n) {
            switch file.kind(p) {
            case .ternaryExpr, .ifExpr, .switchExpr: always = false
            case .binaryExpr: always = file.name(p) != "??"
            default: break
            }
            n = p
        }
        return (first.kind, always)
    }

    static func isStatement(_ kind: NodeKind) -> Bool {
        switch kind {
        case .ifStmt, .guardStmt, .whileStmt, .repeatStmt, .forStmt, .switchStmt, .returnStmt, .throwStmt, .doStmt,
             .deferStmt, .variableDecl, .funcDecl, .labeledStmt:
            return true
        default:
            return false
        }
    }

    /// A value made new on each evaluation somewhere in the expression (outside closures): `UUID()`, `NSUUID()`,
    /// `Date()`, `Date.now`, a `random(...)` or `randomElement()` call, `arc4random()`; `.init()` and `.now`
    /// when the declared type is `UUID` or `Date`. `UUID(uuidString:)` and `Date(timeIntervalSince1970:)` are
    /// not: they are made from their argument.
    static func freshValue(_ expression: Int, declaredType: String?, _ file: FileContext) -> (node: Int, kind: Fresh)? {
        var n = expression
        let end = file.tree.subtree(expression).upperBound
        while n < end {
            defer { n += 1 }
            switch file.kind(n) {
            case .closureExpr:
                n = file.tree.subtree(n).upperBound - 1
            case .callExpr:
                guard let callee = file.tree.firstChild(n) else { continue }
                let hasArguments = Array(file.children(n)).count > 1
                let calleeName = file.name(callee)
                if file.kind(callee) == .memberAccessExpr, calleeName == "random" || calleeName == "randomElement" {
                    return (n, .random)
                }
                if file.kind(callee) == .identifierExpr, calleeName == "arc4random" || calleeName == "arc4random_uniform" {
                    return (n, .random)
                }
                guard !hasArguments else { continue }
                let constructed = file.calleeType(callee)
                guard constructed.isConstruction else { continue }
                switch constructed.type ?? declaredType {
                case "UUID", "NSUUID": return (n, .uuid)
                case "Date": return (n, .date)
                default: continue
                }
            case .memberAccessExpr:
                guard file.name(n) == "now", file.parent(n).map({ file.kind($0) != .callExpr || file.tree.firstChild($0) != n }) ?? true
                else { continue }
                if let base = file.tree.firstChild(n) {
                    if file.kind(base) == .identifierExpr && file.name(base) == "Date" { return (n, .date) }
                } else if declaredType == "Date" {
                    return (n, .date)
                }
            default:
                continue
            }
        }
        return nil
    }

    // MARK: `.id(...)` modifiers

    /// A base that is a view: a call (`Text("")`, `VStack { }`, a modifier chain), a view modifier's `content`, or
    /// `self` in a view or a `View` extension.
    static func isViewExpression(_ base: Int, _ file: FileContext) -> Bool {
        switch file.kind(base) {
        case .callExpr, .postfixIfConfigExpr: return true
        case .identifierExpr: return file.name(base) == "content" || file.name(base) == "self"
        default: return false
        }
    }

    /// SwiftUI views that keep state of their own: a scroll position, text being edited, a navigation path, an
    /// expanded group, a selected tab.
    static let statefulViews: Set<String> = [
        "List", "ScrollView", "Form", "TextField", "SecureField", "TextEditor", "NavigationStack", "NavigationSplitView",
        "NavigationView", "TabView", "DisclosureGroup", "OutlineGroup", "Table", "ScrollViewReader",
    ]

    /// Modifiers whose actions run again when the view is created again.
    static let effectModifiers: Set<String> = [
        "onAppear", "onDisappear", "task", "onChange", "onReceive", "onPreferenceChange", "onGeometryChange",
    ]

    /// Wrappers of state a view of the sources keeps.
    static let stateWrappers: Set<String> = ["State", "StateObject", "FocusState", "GestureState", "SceneStorage"]

    /// What the view given a fresh id has to lose when it is created again: `evident` when it contains a SwiftUI
    /// view with state of its own (`statefulViews`) or applies an `effectModifiers` action; `views`, the views of
    /// the sources it constructs (capitalized constructions SwiftUI does not declare), whose state the project
    /// check looks up. A view made only of SwiftUI views without state (the spinner row given `.id(UUID())` so
    /// that its `ProgressView` animates again when a `List` shows it anew) has nothing to lose; a view FlowLint
    /// cannot see into (`content`, `self`, a view-building member) is not judged.
    static func stakes(of view: Int, _ file: FileContext) -> (evident: Bool, views: [String]) {
        var views: Set<String> = []
        for n in file.tree.subtree(view) where file.kind(n) == .callExpr {
            guard let callee = file.tree.firstChild(n) else { continue }
            if file.kind(callee) == .memberAccessExpr, let name = file.name(callee), effectModifiers.contains(name) {
                return (true, [])
            }
            let constructed = file.calleeType(callee)
            guard constructed.isConstruction, let type = constructed.type else { continue }
            if statefulViews.contains(type) { return (true, []) }
            if !SwiftUINames.transparentContainers.contains(type) { views.insert(type) }
        }
        return (false, views.sorted())
    }

    /// Whether a type of the sources declares state a view keeps.
    static func holdsState(_ name: String, _ index: ProjectIndex) -> Bool {
        index.types(named: name).contains { ref in
            index.properties(of: ref).contains { property in !property.isStatic && property.wrapper.map(stateWrappers.contains) == true }
        }
    }
}

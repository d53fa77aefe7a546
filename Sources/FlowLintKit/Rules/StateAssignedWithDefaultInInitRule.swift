import FlowLintSyntax

/// The rule `state_assigned_with_default_in_init`: see `rules/state_assigned_with_default_in_init.md`.
enum StateAssignedWithDefaultInInitRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "state_assigned_with_default_in_init",
        name: "State Assigned with Default in Init",
        summary: "an @State property with an initial value at its declaration should not be assigned again in an initializer",
        rationale: """
            An `@State` property with an initial value at its declaration already has its storage when the \
            initializer runs. Built with Xcode 26 or earlier, an assignment `x = value` in the initializer goes to \
            a state that SwiftUI has not installed yet and is silently ignored: the view shows the declared value. \
            With Xcode 27, where `@State` is a macro (TN3211), the assignment is a compile error. An assignment \
            `_x = State(initialValue: value)` replaces the storage, so the declared value is never used. Declare \
            the property without an initial value and keep the initializer's assignment.
            """,
        defaultSeverity: .warning,
        fix: .suggestion
    )
}

extension StateAssignedWithDefaultInInitRule {
    /// Every assignment in question is in an initializer of a file that declares an `@State` property: a file that
    /// mentions `State` is parsed whole (`x = value` names nothing else a body could be kept for).
    static let parses = BodySkipping(fileWords: ["State"], notedWords: stateWord.words)

    static let stateWord = TokenWords(["State"])

    /// `x = value` or `self.x = value`, worded for the toolchain: before Xcode 27 the assignment goes to a state
    /// SwiftUI has not installed and is ignored; with Xcode 27's macro it is a compile error where it comes before
    /// the other stored properties are set, and ignored as before where it comes after them (TN3211). `canDrop`:
    /// dropping the declared value compiles as it is (see `dropInitialValue`); otherwise the advice says what else
    /// it takes.
    static func message(property: String, type: String, canDrop: Bool, toolchain: Toolchain) -> String {
        let effect = toolchain.stateIsMacro
            ? "built with \(toolchain.name) it is a compile error ('used before being initialized') where it comes "
                + "before the other stored properties are set, and ignored where it comes after them: the view shows "
                + "the declared value"
            : "built with \(toolchain.name) it is ignored and the view shows the declared value"
        return "@State '\(property)' of '\(type)' has an initial value at its declaration, so this assignment in 'init' "
            + "does not set it: \(effect); "
            + (canDrop ? "drop the initial value at the declaration and keep this assignment"
                : "declare it without an initial value and set it in every initializer, on every path, before anything "
                    + "reads self, or delete this assignment")
    }

    /// `_x = State(initialValue: value)` in every initializer, over a declared initial value that calls something:
    /// the value is never used, yet built every time the view is. Only before Xcode 27: the macro evaluates the
    /// declared value when SwiftUI installs the state, so a replaced one costs nothing.
    static func message(storage property: String, type: String, toolchain: Toolchain) -> String {
        "@State '\(property)' of '\(type)' has an initial value at its declaration that is never used: every "
            + "initializer of '\(type)' replaces the state with '_\(property) = ...', yet built with \(toolchain.name) "
            + "the initial value is still computed each time the view is created; drop it at the declaration "
            + "and keep the initializers' assignments"
    }

    /// `x = value` for a state nothing but its declaration and the initializers names: whether or not the
    /// assignment worked, nothing would show it.
    static func message(unread property: String, type: String, toolchain: Toolchain, comesBeforeOtherProperties: Bool) -> String {
        let effect = toolchain.stateIsMacro && comesBeforeOtherProperties
            ? "built with \(toolchain.name) it is a compile error ('used before being initialized')"
            : "built with \(toolchain.name) it is ignored"
        return "@State '\(property)' of '\(type)' has an initial value at its declaration, so this assignment in 'init' "
            + "does not set it (\(effect)), and nothing in '\(type)' reads it: delete the state and its assignments"
    }

    static let noteMessage = "the initial value is declared here"

    /// The owner must be a SwiftUI owner (a view, ...): `@State` elsewhere is another rule's finding
    /// (`dynamic_property_outside_view`), and a project that declares its own `State` property wrapper means
    /// something else by the attribute.
    struct Condition: Codable, Sendable {
        var owner: String
        /// The state's name and its type's qualified name, for the message the project check words for the toolchain.
        var property: String
        var type: String
        /// `_x = State(...)` (else `x =` or `self.x =`).
        var isStorage: Bool
        var canDrop: Bool
        /// Nothing of the type's declaration or its extensions in the file names the state outside its declaration
        /// and the initializers: the value the view would show is shown nowhere, unless an extension in another file
        /// reads it.
        var isUnreadOutsideInitializers = false
        /// A stored property without an initial value is set after the assignment: with the macro, it does not
        /// compile.
        var comesBeforeOtherProperties = false
    }

    /// An `@State` property declared with an initial value.
    struct DeclaredState {
        var name: String
        /// The `variableDecl`, its `patternBinding` and the binding's `initializerClause`.
        var declaration: Int
        var binding: Int
        var initializer: Int
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        guard file.mentions(stateWord) else { return }
        var statesByType: [String: [DeclaredState]] = [:]
        for decl in file.typeDeclarations where file.kind(decl) == .structDecl {
            let states = declaredStates(decl, file)
            if !states.isEmpty { statesByType[file.qualifiedTypeName(decl), default: []] += states }
        }
        guard !statesByType.isEmpty else { return }

        // The initializers of each type with such states, in its declaration and its extensions in this file.
        var initializers: [String: [Int]] = [:]
        for node in file.nodes(.initDecl) {
            let initializer = Int(node)
            guard let type = file.enclosingType(initializer), [.structDecl, .extensionDecl].contains(file.kind(type)) else { continue }
            let name = file.qualifiedTypeName(type)
            if statesByType[name] != nil { initializers[name, default: []].append(initializer) }
        }
        for (typeName, typeInitializers) in initializers.sorted(by: { $0.value[0] < $1.value[0] }) {
            let states = statesByType[typeName]!
            let owner = String(typeName.split(separator: ".").last ?? "")
            let members = typeMembers(of: typeName, file)
            var found: [(assignment: Int, initializer: Int, state: DeclaredState, isStorage: Bool)] = []
            // The parameters and locals of each initializer judged, read once.
            var localsOf: [Int: Set<String>] = [:]
            for initializer in typeInitializers where !file.containsParseError(initializer) {
                guard let body = file.tree.child(initializer, .codeBlock) else { continue }
                let locals = localNames(initializer, file)
                localsOf[initializer] = locals
                for n in file.tree.subtree(body) where file.kind(n) == .binaryExpr {
                    guard let target = file.assignmentTarget(n), let assigned = assignedName(target, file),
                          !file.isInNestedFunction(n, below: initializer) else { continue }
                    let isStorage = assigned.name.hasPrefix("_")
                    let property = isStorage ? String(assigned.name.dropFirst()) : assigned.name
                    guard let state = states.first(where: { $0.name == property }) else { continue }
                    if !assigned.throughSelf && locals.contains(assigned.name) { continue }
                    found.append((n, initializer, state, isStorage))
                }
            }
            // Whether each state's initial value could go: every initializer of the type (declared in its body, so
            // there is no memberwise one) delegates or sets the state before it uses anything of `self`.
            let declaresInitializerInBody = typeInitializers.contains { file.kind(file.enclosingType($0)!) == .structDecl }
            var replacedEverywhere: [String: Bool] = [:]
            for state in Set(found.map(\.state.name)) {
                replacedEverywhere[state] = declaresInitializerInBody && typeInitializers.allSatisfy { initializer in
                    guard let body = file.tree.child(initializer, .codeBlock), !file.containsParseError(initializer) else { return false }
                    return delegates(body, file)
                        || initializesFirst(state, body, members: members.names, locals: localsOf[initializer, default: localNames(initializer, file)], file)
                }
            }
            let unset = members.storedWithoutInitialValue
            let declarationRanges = found.isEmpty ? []
                : file.typeDeclarations.filter { file.qualifiedTypeName($0) == typeName }.map(file.tree.tokenRange(of:))
            for finding in found {
                // `editing = false` beside `@State var editing = false`, after every property without an initial
                // value is set: the ignored assignment writes what the view shows anyway, and it compiles with the
                // macro too (judged wrong twice in BB: nothing changes).
                // So is the state's own value written back (`self.animate = animate` with no parameter of that
                // name: Nostur, judged wrong twice in M).
                if !finding.isStorage,
                   assignsDeclaredLiteral(finding.assignment, finding.state, file)
                    || assignsItself(finding.assignment, finding.state, locals: localsOf[finding.initializer] ?? [], file),
                   !assignsLater(unset, after: finding.assignment, in: finding.initializer, file) { continue }
                let canDrop = replacedEverywhere[finding.state.name] ?? false
                // `_x = State(...)` in an initializer that not every path takes leaves the declared value in use; a
                // declared value that calls nothing (`false`, `.loading`, `[]`) costs nothing when it is replaced.
                if finding.isStorage && (!canDrop || !callsSomething(finding.state.initializer, file)) { continue }
                let fix = canDrop ? dropInitialValue(finding.state, file) : nil
                let note = DiagnosticNote(message: noteMessage, span: file.span(of: finding.state.initializer))
                // Worded by the project check, which knows the toolchain.
                // Named nowhere in the type's declaration or its extensions here but the state's declaration and the
                // initializers (a nested type's property of the same name only makes it look read).
                let unread = !file.namesProperty(finding.state.name, in: declarationRanges,
                                                 skipping: ([finding.state.declaration] + typeInitializers).map(file.tree.tokenRange(of:)))
                let early = unread && assignsLater(unset, after: finding.assignment, in: finding.initializer, file)
                report.report(at: finding.assignment, "", notes: [note], fixes: fix.map { [$0] } ?? [],
                              condition: Condition(owner: owner, property: finding.state.name, type: owner,
                                                   isStorage: finding.isStorage, canDrop: canDrop,
                                                   isUnreadOutsideInitializers: unread, comesBeforeOtherProperties: early))
            }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        if index.attributes(of: "State").contains("propertyWrapper") { return }
        let toolchain = project.toolchain
        for finding in project.pending where index.isSwiftUIOwner(finding.condition.owner) {
            let c = finding.condition
            if c.isStorage && toolchain.stateIsMacro { continue }
            var diagnostic = finding.diagnostic
            diagnostic.message = c.isStorage ? message(storage: c.property, type: c.type, toolchain: toolchain)
                : message(property: c.property, type: c.type, canDrop: c.canDrop, toolchain: toolchain)
            // A state only the initializers name shows nothing, whichever value it has: the fix is to delete it, not
            // to make the assignment work (judged wrong 3 times in BR for that advice, cells that set a `fullName` they
            // never show; right twice in BP, where the judges named deleting it).
            if c.isUnreadOutsideInitializers, !c.isStorage, let file = index.position(ofFile: finding.diagnostic.span.file),
               !index.isExtended(c.owner, outsideFile: file) {
                diagnostic.message = message(unread: c.property, type: c.type, toolchain: toolchain,
                                             comesBeforeOtherProperties: c.comesBeforeOtherProperties)
                diagnostic.fixes = []
            }
            report.report(diagnostic)
        }
    }

    /// The `@State` properties a type's declaration (not its extensions: they hold no stored properties) declares
    /// with an initial value, instance properties only.
    static func declaredStates(_ decl: Int, _ file: FileContext) -> [DeclaredState] {
        guard let block = file.tree.child(decl, .memberBlock) else { return [] }
        var out: [DeclaredState] = []
        for m in file.memberDecls(block) where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
            guard file.attributes(m).contains(where: { file.nameIs($0, stateWord) }) else { continue }
            for b in file.children(m) where file.kind(b) == .patternBinding {
                guard let clause = file.tree.child(b, .initializerClause), file.tree.child(b, .accessorBlock) == nil,
                      let pattern = file.tree.firstChild(b), file.kind(pattern) == .identifierPattern,
                      let name = file.name(pattern) else { continue }
                out.append(DeclaredState(name: name, declaration: m, binding: b, initializer: clause))
            }
        }
        return out
    }

    /// Whether an initial value calls a function or constructs something (outside closures): work done each time a
    /// property wrapper's storage is created.
    static func callsSomething(_ initializer: Int, _ file: FileContext) -> Bool {
        var n = initializer
        let end = file.tree.subtree(initializer).upperBound
        while n < end {
            switch file.kind(n) {
            case .closureExpr: n = file.tree.subtree(n).upperBound
            case .callExpr: return true
            default: n += 1
            }
        }
        return false
    }

    /// `x`, `self.x`, `_x`, `self._x`, and whether it was written through `self`.
    static func assignedName(_ target: Int, _ file: FileContext) -> (name: String, throughSelf: Bool)? {
        switch file.kind(target) {
        case .identifierExpr:
            return file.name(target).map { ($0, false) }
        case .memberAccessExpr:
            guard let base = file.tree.firstChild(target), file.kind(base) == .identifierExpr, file.name(base) == "self",
                  let name = file.name(target) else { return nil }
            return (name, true)
        default:
            return nil
        }
    }

    /// The names an initializer's parameters and local declarations bind: a bare `x = value` there may assign
    /// one of them.
    static func localNames(_ initializer: Int, _ file: FileContext) -> Set<String> {
        var names: Set<String> = []
        if let clause = file.tree.child(initializer, .parameterClause) {
            for p in file.children(clause) where file.kind(p) == .parameter {
                if let name = file.parameterName(p) { names.insert(name) }
            }
        }
        if let body = file.tree.child(initializer, .codeBlock) {
            for n in file.tree.subtree(body) where file.kind(n) == .identifierPattern {
                if let name = file.name(n) { names.insert(name) }
            }
        }
        return names
    }

    // MARK: The suggested fix

    /// Drops the declaration's initial value (`@State private var count = 0` becomes `@State private var count:
    /// Int`). The caller has checked that every initializer sets the state first; the type must be written, or be
    /// that of a literal or a construction.
    static func dropInitialValue(_ state: DeclaredState, _ file: FileContext) -> Fix? {
        let tree = file.tree
        let clause = tree.byteRange(state.initializer)
        let start: Int
        var replacement = ""
        if let annotation = tree.child(state.binding, .typeAnnotation) {
            start = tree.byteRange(annotation).upperBound
        } else {
            guard let pattern = tree.firstChild(state.binding), let value = tree.firstChild(state.initializer),
                  let type = literalOrConstructedType(value, file) else { return nil }
            start = tree.byteRange(pattern).upperBound
            replacement = ": " + type
        }
        return Fix(message: "drop the initial value of '\(state.name)' at its declaration", applicability: .suggestion,
                   edits: [TextEdit(startOffset: start, endOffset: clause.upperBound, replacement: replacement)])
    }

    /// `self.init(...)` among the top-level statements of an initializer's body.
    static func delegates(_ body: Int, _ file: FileContext) -> Bool {
        file.children(body).contains { statement in
            let call = file.unwrapped(statement)
            guard file.kind(call) == .callExpr, let callee = file.tree.firstChild(call), file.kind(callee) == .memberAccessExpr,
                  file.name(callee) == "init", let base = file.tree.firstChild(callee) else { return false }
            return file.kind(base) == .identifierExpr && file.name(base) == "self"
        }
    }

    /// Whether a top-level statement of the body assigns the state (`x =`, `self.x =`, `_x =`, `self._x =`) from
    /// a value that uses nothing of `self`, and every statement before it only assigns other properties such
    /// values: without its initial value, the state is then set before anything reads `self` (which Swift
    /// requires of a struct's stored properties).
    static func initializesFirst(_ property: String, _ body: Int, members: Set<String>, locals: Set<String>,
                                 _ file: FileContext) -> Bool {
        for statement in file.children(body) {
            guard file.kind(statement) == .binaryExpr, let target = file.assignmentTarget(statement),
                  let assigned = assignedName(target, file), let value = Array(file.children(statement)).last,
                  !usesSelf(value, members: members, locals: locals, file) else { return false }
            if assigned.name == property || assigned.name == "_" + property { return true }
        }
        return false
    }

    /// Whether an expression reads `self`: names `self`, or names a member of the type that no parameter or
    /// local shadows (outside a member access's name: `note.title` reads `note` only).
    static func usesSelf(_ expression: Int, members: Set<String>, locals: Set<String>, _ file: FileContext) -> Bool {
        file.tree.subtree(expression).contains { n in
            guard file.kind(n) == .identifierExpr, let name = file.name(n) else { return false }
            return name == "self" || (members.contains(name) && !locals.contains(name))
        }
    }

    /// What `check` asks of the members that the type's declaration and its extensions in this file declare, read in
    /// one pass.
    struct TypeMembers {
        /// The names of the members (properties and methods, with their `_` and `$` forms).
        var names: Set<String> = []
        /// The instance stored properties that have no initial value (optional `var`s included, and whatever their
        /// wrapper), with their `_` forms: with `@State` a macro, assigning a state before they are all set does not
        /// compile.
        var storedWithoutInitialValue: Set<String> = []
    }

    static func typeMembers(of typeName: String, _ file: FileContext) -> TypeMembers {
        var members = TypeMembers()
        for decl in file.typeDeclarations where file.qualifiedTypeName(decl) == typeName {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            for m in file.memberDecls(block) {
                switch file.kind(m) {
                case .variableDecl:
                    let isStatic = file.hasModifier(m, .static)
                    for b in file.children(m) where file.kind(b) == .patternBinding {
                        for p in file.tree.subtree(b) where file.kind(p) == .identifierPattern {
                            if let name = file.name(p) { members.names.formUnion([name, "_" + name, "$" + name]) }
                        }
                        if !isStatic, file.tree.child(b, .initializerClause) == nil, !file.isComputed(b),
                           let pattern = file.tree.firstChild(b), let name = file.name(pattern) {
                            members.storedWithoutInitialValue.formUnion([name, "_" + name])
                        }
                    }
                case .funcDecl:
                    if let name = file.name(m) { members.names.insert(name) }
                default:
                    continue
                }
            }
        }
        return members
    }

    /// Whether the assignment `assignment` gives the state the literal its declaration gives it (`false`, `0`, `""`,
    /// `nil`), as written.
    static func assignsDeclaredLiteral(_ assignment: Int, _ state: DeclaredState, _ file: FileContext) -> Bool {
        let literals: Set<NodeKind> = [.integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .nilLiteral]
        let sides = Array(file.children(assignment))
        guard sides.count == 2, let declared = file.tree.firstChild(state.initializer),
              literals.contains(file.kind(sides[1])), literals.contains(file.kind(declared)) else { return false }
        return file.tree.compactText(sides[1]) == file.tree.compactText(declared)
    }

    /// Whether the assignment writes the state's own value back to it (`self.animate = animate`, `animate =
    /// self.animate`) where no parameter or local of the initializer has its name: it writes the declared value.
    static func assignsItself(_ assignment: Int, _ state: DeclaredState, locals: Set<String>, _ file: FileContext) -> Bool {
        let sides = Array(file.children(assignment))
        guard sides.count == 2 else { return false }
        let value = file.tree.compactText(sides[1])
        return value == "self." + state.name || (value == state.name && !locals.contains(state.name))
    }

    /// Whether an assignment after `assignment`, in `initializer`, sets one of `names`.
    static func assignsLater(_ names: Set<String>, after assignment: Int, in initializer: Int, _ file: FileContext) -> Bool {
        let end = file.tree.nodes[assignment].endToken
        return file.tree.subtree(initializer).contains { n in
            file.kind(n) == .binaryExpr && file.tree.nodes[n].firstToken >= end
                && file.assignmentTarget(n).flatMap { assignedName($0, file) }.map { names.contains($0.name) } == true
        }
    }

    /// The type of an initial value whose type the declaration can spell without inference: `Int`, `Double`,
    /// `String`, `Bool` for literals, `T` for a construction `T(...)` or `T.init(...)` without generic arguments.
    static func literalOrConstructedType(_ value: Int, _ file: FileContext) -> String? {
        switch file.kind(value) {
        case .integerLiteral: return "Int"
        case .floatLiteral: return "Double"
        case .stringLiteral: return "String"
        case .booleanLiteral: return "Bool"
        case .callExpr:
            guard let callee = file.tree.firstChild(value), file.kind(callee) != .genericSpecializationExpr,
                  !(file.kind(callee) == .memberAccessExpr && file.tree.firstChild(callee).map { file.kind($0) == .genericSpecializationExpr } == true)
            else { return nil }
            let constructed = file.calleeType(callee)
            guard constructed.isConstruction, let type = constructed.type else { return nil }
            // Spelled as the call spells it, qualifier included (`Model.Filter()`).
            return file.constructionQualifier(callee).map { $0 + "." + type } ?? type
        default:
            return nil
        }
    }
}

import FlowLintSyntax

/// The rule `state_reference_type`: see `rules/state_reference_type.md`.
enum StateReferenceTypeRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "state_reference_type",
        name: "State Holding a Reference Type",
        summary: "@State must not hold a class that SwiftUI cannot observe",
        rationale: """
            `@State` re-renders a view when its value is replaced. For a class the value is the reference, which \
            stays the same when the object's properties change, so the view keeps showing old values. An \
            `ObservableObject` in `@State` is no better: `@State` does not subscribe to its `objectWillChange`. \
            `@StateObject` and `@ObservedObject` subscribe; an `@Observable` class is tracked by SwiftUI.
            """,
        defaultSeverity: .warning,
        isOptIn: true,
        fix: .suggestion
    )
}

extension StateReferenceTypeRule {
    /// Initializers that set `@State` storage say so (`_x = State(initialValue: ...)`, `.init(wrappedValue:)`);
    /// view bodies and view-building members are kept for the shared facts already.
    static let parses = BodySkipping(bodyWords: ["State", "initialValue", "wrappedValue"])

    /// Where the object held in `@State` comes from, which decides between `@StateObject` and `@ObservedObject`.
    enum Origin: String, Codable, Sendable {
        /// An initial value, or initializers that store constructions: the view creates it.
        case created
        /// No initial value and the memberwise initializer, or initializers that store something they were given.
        case fromCaller
        /// Explicit initializers that FlowLint cannot read for this property.
        case unknown
    }

    /// One `@State` property whose type may be a class SwiftUI cannot observe: the project decides.
    struct Condition: Codable, Sendable {
        /// The type holding the property (it must be a view, a modifier, an app, ...).
        var owner: String
        var property: String
        /// The simple name of the property's type.
        var type: String
        var origin: Origin
        /// Members of the object that the owner's body and view-building members read for display, in source order.
        var reads: [String]
        /// `@StateObject` / `@ObservedObject` (by `origin`), for an `ObservableObject`.
        var objectFix: Fix?
        /// `@Observable` on the class, when it is declared in this file and the macro accepts it.
        var observableFix: Fix?
    }

    /// What the project check needs to know of every file: its classes, and the names whose conformances the
    /// index cannot read. Every file's record is kept and decoded for the project check, so the classes are
    /// packed into bytes (see `ClassRecord.pack`) and unpacked only when there is a finding to decide.
    struct Record: Codable, Sendable {
        var classes = RawBytes([])
        var unreadable: [String] = []
    }

    /// A class of the project that could be held in `@State`.
    struct ClassRecord {
        var name: String
        /// Qualified by the enclosing types, as messages show it.
        var qualifiedName: String
        /// Whether the class's own body declares a stored instance `var` (`lazy`, observed and wrapped ones too).
        var hasStoredVar: Bool
        /// The class's name in its declaration.
        var span: SourceSpan

        /// Per class: name, qualified name (nil when it is the name), whether it has a stored `var`, and the name's
        /// offset, line and column.
        static func pack(_ classes: [(name: String, qualifiedName: String, hasStoredVar: Bool, offset: Int, position: SourcePosition)])
            -> RawBytes {
            var w = BinaryWriter()
            for c in classes {
                w.string(c.name)
                w.optionalString(c.qualifiedName == c.name ? nil : c.qualifiedName)
                w.bool(c.hasStoredVar)
                w.uint(UInt64(c.offset))
                w.uint(UInt64(c.position.line))
                w.uint(UInt64(c.position.column))
            }
            return RawBytes(w.bytes.exactSized())
        }

        /// The records packed for the file at `path`; a damaged entry ends the list.
        static func unpack(_ raw: RawBytes, path: String) -> [ClassRecord] {
            var out: [ClassRecord] = []
            raw.bytes.withUnsafeBytes { buffer in
                var r = BinaryReader(buffer)
                while r.position < r.end {
                    let name: String, qualified: String?, stored: Bool, offset: UInt64, line: UInt64, column: UInt64
                    do {
                        (name, qualified, stored) = (try r.string(), try r.optionalString(), try r.bool())
                        (offset, line, column) = (try r.uint(), try r.uint(), try r.uint())
                    } catch {
                        return
                    }
                    let length = name.utf8.count
                    let span = SourceSpan(file: path, startOffset: Int(offset), endOffset: Int(offset) + length,
                                          start: SourcePosition(line: Int(line), column: Int(column)),
                                          end: SourcePosition(line: Int(line), column: Int(column) + length))
                    out.append(ClassRecord(name: name, qualifiedName: qualified ?? name, hasStoredVar: stored, span: span))
                }
            }
            return out
        }
    }

    /// An API the advice would name that a deployment target of the finding's file lacks (`BuildLayout.missing`).
    typealias Missing = (platform: ApplePlatform, deployment: OSVersion, needed: OSVersion)

    /// `@Observable needs iOS 17.0 and this target deploys to iOS 16.0`.
    static func lacking(_ api: String, _ missing: Missing) -> String {
        "\(api) needs \(missing.platform.rawValue) \(missing.needed) and this target deploys to \(missing.platform.rawValue) \(missing.deployment)"
    }

    /// The message, worded for the toolchain (with Xcode 27's `@State` macro the object is created once either way,
    /// so the advice is only about subscribing) and for the APIs the file's deployment targets lack (no advice
    /// names one of them).
    static func message(property: String, type: String, observableObject: Bool, origin: Origin, read: String?,
                        hasSuperclass: Bool = false, toolchain: Toolchain = .newest,
                        noObservation: Missing? = nil, noStateObject: Missing? = nil) -> String {
        // Where the caller owns the object, the view observes it; otherwise it owns it with `@StateObject`, or, on
        // a target without one, observes it from an owner that outlives the view.
        let outlivingOwner = "create the object in an owner that outlives the view and observe it with @ObservedObject"
        guard observableObject else {
            let change = read.map { "its '\($0)' changes" } ?? "the object changes"
            // The macro observes only the properties the marked class declares itself.
            let target = hasSuperclass ? "'\(type)' and its superclasses" : "'\(type)'"
            let advice: String
            if let noObservation {
                let wrapper: String
                switch (origin, noStateObject) {
                case (.fromCaller, _): wrapper = "observe it with @ObservedObject"
                case (_, let noStateObject?): wrapper = outlivingOwner + " (" + lacking("@StateObject", noStateObject) + ")"
                case (.created, nil): wrapper = "own it with @StateObject"
                case (.unknown, nil): wrapper = "own it with @StateObject, or observe it with @ObservedObject if the caller owns it"
                }
                let published = hasSuperclass ? "@Published properties (its superclasses' too)" : "@Published properties"
                advice = lacking("@Observable", noObservation) + ": make '\(type)' an ObservableObject with \(published) "
                    + "and \(wrapper)"
            } else {
                advice = "mark \(target) @Observable"
            }
            return "@State '\(property)' holds '\(type)', a class SwiftUI cannot observe, so the view does not update "
                + "when \(change); \(advice)"
        }
        // `@StateObject` creates its object once and subscribes to it. Before Xcode 27, `@State` constructs the object
        // again whenever the view is initialized, so owning it is part of the advice; with the macro, only subscribing is.
        let own = toolchain.stateIsMacro ? "hold it with @StateObject, which subscribes to it" : "own it with @StateObject"
        let advice: String
        switch (origin, noStateObject) {
        case (.fromCaller, _): advice = "observe it with @ObservedObject"
        case (_, let noStateObject?): advice = lacking("@StateObject", noStateObject) + ": " + outlivingOwner
        case (.created, nil): advice = own
        case (.unknown, nil):
            advice = toolchain.stateIsMacro ? own + ", or with @ObservedObject if the caller owns it"
                : own + ", or observe it with @ObservedObject if the caller owns it"
        }
        return "@State '\(property)' holds the ObservableObject '\(type)' but does not subscribe to it, so the view "
            + "does not update when the object changes; \(advice)"
    }

    // MARK: Per file

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        let classes = classRecords(file)
        let unreadable = file.unreadableConformanceNames
        if !classes.bytes.isEmpty || !unreadable.isEmpty { report.record(Record(classes: classes, unreadable: unreadable)) }

        guard file.containsAttribute(named: "State") else { return }
        let declarations = file.typeDeclarations
        for decl in declarations where file.kind(decl) == .structDecl {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            let states = stateProperties(file.memberDecls(block), decl, file)
            guard !states.isEmpty else { continue }
            let owner = file.typeDeclarationName(decl)
            // The declaration and its extensions in this file: initializers and view-building members.
            let parts = declarations.filter { $0 == decl || (file.kind($0) == .extensionDecl && file.typeDeclarationName($0) == owner) }
            let members = parts.flatMap { part in file.tree.child(part, .memberBlock).map { file.memberDecls($0) } ?? [] }
            let reads = displayReads(of: Set(states.map(\.name)), in: members.filter { isViewBuilding($0, file) }, file)
            let ownInitializers = file.memberDecls(block).filter { file.kind($0) == .initDecl }
            for state in states {
                let assignments = stateAssignments(to: state.name, in: members.filter { file.kind($0) == .initDecl }, file)
                let origin = self.origin(state, assignments: assignments, ownInitializers: ownInitializers, file)
                let condition = Condition(owner: owner, property: state.name, type: state.type, origin: origin,
                                          reads: reads[state.name] ?? [],
                                          objectFix: objectFix(state, origin: origin, assignments: assignments, file),
                                          observableFix: observableFix(for: state.type, declarations, file))
                // The message depends on the project; the project check writes it.
                report.report(at: state.attribute, "", condition: condition)
            }
        }
    }

    struct StateProperty {
        var name: String
        var type: String
        var attribute: Int
        var hasInitialValue: Bool
    }

    /// The `@State` properties of a type whose type FlowLint can name as a single nominal type: from the
    /// annotation (not optional, not a collection literal type, not a generic parameter of the owner), or from
    /// an initial value that constructs one.
    static func stateProperties(_ members: [Int], _ owner: Int, _ file: FileContext) -> [StateProperty] {
        let tree = file.tree
        let genericParameters = file.genericParameterNames(of: owner)
        var out: [StateProperty] = []
        for m in members where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
            guard let attribute = file.attributes(m).first(where: { file.name($0) == "State" }) else { continue }
            for b in file.children(m) where file.kind(b) == .patternBinding {
                guard let pattern = tree.firstChild(b), file.kind(pattern) == .identifierPattern, let name = file.name(pattern)
                else { continue }
                let annotation = tree.child(b, .typeAnnotation).flatMap { tree.firstChild($0) }
                let value = tree.child(b, .initializerClause).flatMap { tree.firstChild($0) }
                var type: String?
                if let annotation {
                    // `Foo`, `Lib.Foo`, `Foo<T>`: the last component. Optionals, collections, existentials and
                    // functions hold no single object.
                    if file.kind(annotation) == .identifierType || file.kind(annotation) == .memberType { type = file.name(annotation) }
                } else if let value {
                    type = file.construction(value).type
                }
                guard let type, !genericParameters.contains(type) else { continue }
                out.append(StateProperty(name: name, type: type, attribute: attribute, hasInitialValue: value != nil))
            }
        }
        return out
    }

    /// `body`, `body(content:)`, and members marked `@ViewBuilder` (or `@ContentBuilder`) or typed as views (`some View`, `AnyView`).
    static func isViewBuilding(_ member: Int, _ file: FileContext) -> Bool {
        let tree = file.tree
        let typeNode: Int?
        switch file.kind(member) {
        case .variableDecl:
            if file.hasModifier(member, .static) { return false }
            if file.firstBindingName(member) == "body" { return true }
            typeNode = tree.child(member, .patternBinding).flatMap { tree.child($0, .typeAnnotation) }
        case .funcDecl:
            if file.hasModifier(member, .static) { return false }
            if file.name(member) == "body" { return true }
            // The return type follows the parameter clause.
            let children = Array(file.children(member))
            typeNode = children.firstIndex { file.kind($0) == .parameterClause }.flatMap { i in
                children[(i + 1)...].first { ![.codeBlock, .genericWhereClause, .effectSpecifiers].contains(file.kind($0)) }
            }
        default:
            return false
        }
        if file.hasViewBuilderAttribute(member) { return true }
        guard let typeNode else { return false }
        let text = tree.compactText(typeNode)
        return text.hasSuffix("View") || text == "AnyView"
    }

    /// For each property in `properties`, the members read from it (`model.title`, `self.model.title`,
    /// `$model.title`) while the view is built: not as an assignment target, and not inside a closure that runs
    /// later (an action, a `Task`, an `on...` handler).
    static func displayReads(of properties: Set<String>, in members: [Int], _ file: FileContext) -> [String: [String]] {
        let tree = file.tree
        var reads: [String: [String]] = [:]
        for member in members {
            for n in tree.subtree(member) where file.kind(n) == .memberAccessExpr {
                guard let base = tree.firstChild(n), let property = readProperty(base, file), properties.contains(property),
                      let read = file.name(n), !(reads[property]?.contains(read) ?? false),
                      isDisplayed(n, within: member, file) else { continue }
                reads[property, default: []].append(read)
            }
        }
        return reads
    }

    /// `p`, `$p`, `self.p`, `self.$p` as the base of a member access: `p`.
    static func readProperty(_ base: Int, _ file: FileContext) -> String? {
        var name: String?
        switch file.kind(base) {
        case .identifierExpr:
            name = file.name(base)
        case .memberAccessExpr:
            guard let receiver = file.tree.firstChild(base), file.kind(receiver) == .identifierExpr,
                  file.name(receiver) == "self" else { return nil }
            name = file.name(base)
        default:
            return nil
        }
        guard let name else { return nil }
        return name.hasPrefix("$") ? String(name.dropFirst()) : name
    }

    /// Whether the value of `access` is used while the view is built: it is not assigned to, and every closure
    /// between it and the member builds content (an action, a handler, a `Task` runs later).
    static func isDisplayed(_ access: Int, within member: Int, _ file: FileContext) -> Bool {
        var child = access
        while let p = file.parent(child), p != member {
            switch file.kind(p) {
            case .binaryExpr:
                if file.tree.firstChild(p) == child, let op = file.tree.nameToken(p), file.tree.isAssignment(op) { return false }
            case .inOutExpr:
                return false
            case .closureExpr:
                if runsLater(p, file) { return false }
            default:
                break
            }
            child = p
        }
        return true
    }

    /// Callees whose closures run after the view is built, besides `on...` handlers.
    static let deferringCallees: Set<String> = [
        "task", "refreshable", "Task", "withAnimation", "withTransaction", "async", "asyncAfter", "sink",
        "updating", "dropDestination", "perform",
    ]

    /// A closure that runs later: given to an `on...` handler (`onAppear`, `onChange`, `onTapGesture`, a gesture's
    /// `onEnded`), to `task`, `Task`, `withAnimation`, `DispatchQueue...async`, a `sink`; labeled `action:`,
    /// `perform:` or `on...:`; or a `Button`'s action.
    static func runsLater(_ closure: Int, _ file: FileContext) -> Bool {
        let tree = file.tree
        guard let holder = file.parent(closure), file.kind(holder) == .argument || file.kind(holder) == .trailingClosure,
              let call = file.parent(holder), file.kind(call) == .callExpr, let callee = tree.firstChild(call) else { return false }
        if let label = file.name(holder), label == "action" || label == "perform" || isHandlerName(label) { return true }
        let calleeName: String?
        switch file.kind(callee) {
        case .identifierExpr, .memberAccessExpr: calleeName = file.name(callee)
        case .genericSpecializationExpr: calleeName = tree.firstChild(callee).flatMap { file.name($0) }
        default: calleeName = nil
        }
        guard let calleeName else { return false }
        if isHandlerName(calleeName) || deferringCallees.contains(calleeName) { return true }
        if calleeName == "Button" && file.kind(holder) == .trailingClosure && file.name(holder) == nil {
            // `Button("Save") { action }`, `Button { action } label: { ... }`; but `Button(action: save) { label }`.
            return !file.arguments(call).contains { $0.label == "action" }
        }
        return false
    }

    /// `onAppear`, `onChange`, `onEnded`: `on` and a capitalized word.
    static func isHandlerName(_ name: String) -> Bool {
        guard name.hasPrefix("on"), let third = name.unicodeScalars.dropFirst(2).first else { return false }
        return third.properties.isUppercase
    }

    /// In the owner's initializers, `_p = State(initialValue: v)`, `State(wrappedValue: v)`,
    /// `.init(initialValue: v)` or `.init(wrappedValue: v)` (also through `self._p`): each assignment's
    /// right-hand side and value.
    static func stateAssignments(to property: String, in initializers: [Int], _ file: FileContext) -> [(call: Int, value: Int)] {
        let tree = file.tree
        var out: [(call: Int, value: Int)] = []
        for initializer in initializers {
            guard let body = tree.child(initializer, .codeBlock) else { continue }
            for n in tree.subtree(body) where file.kind(n) == .binaryExpr && tree.nameToken(n)?.kind == .equal {
                let sides = Array(file.children(n))
                guard sides.count == 2, isStorage(sides[0], of: property, file) else { continue }
                let call = file.unwrapped(sides[1])
                guard file.kind(call) == .callExpr, let callee = tree.firstChild(call) else { continue }
                let isStateInit = (file.kind(callee) == .identifierExpr && file.name(callee) == "State")
                    || (file.kind(callee) == .memberAccessExpr && file.name(callee) == "init"
                        && (tree.firstChild(callee).map { file.kind($0) == .identifierExpr && file.name($0) == "State" } ?? true))
                let arguments = file.arguments(call)
                guard isStateInit, arguments.count == 1, arguments[0].label == "initialValue" || arguments[0].label == "wrappedValue",
                      let value = arguments[0].value else { continue }
                out.append((call, value))
            }
        }
        return out
    }

    /// `_p` or `self._p`.
    static func isStorage(_ target: Int, of property: String, _ file: FileContext) -> Bool {
        guard file.name(target) == "_" + property else { return false }
        switch file.kind(target) {
        case .identifierExpr:
            return true
        case .memberAccessExpr:
            guard let base = file.tree.firstChild(target) else { return false }
            return file.kind(base) == .identifierExpr && file.name(base) == "self"
        default:
            return false
        }
    }

    static func origin(_ state: StateProperty, assignments: [(call: Int, value: Int)], ownInitializers: [Int],
                       _ file: FileContext) -> Origin {
        if state.hasInitialValue { return .created }
        if !assignments.isEmpty {
            let created = assignments.map { file.construction($0.value).isConstruction }
            if created.allSatisfy({ $0 }) { return .created }
            if created.allSatisfy({ !$0 }) { return .fromCaller }
            return .unknown
        }
        // No initializer in the type's body: the memberwise one takes the object from the caller.
        if ownInitializers.isEmpty { return .fromCaller }
        // An initializer with a parameter of the object's type is given it.
        let given = ownInitializers.contains { initializer in
            guard let clause = file.tree.child(initializer, .parameterClause) else { return false }
            return file.children(clause).contains { p in
                file.tree.firstChild(p).flatMap { file.typeName($0) } == state.type
            }
        }
        return given ? .fromCaller : .unknown
    }

    /// The attribute becomes `@StateObject` (created) or `@ObservedObject` (from the caller), and the
    /// initializers' `State(...)` assignments the matching wrapper's `init(wrappedValue:)`.
    static func objectFix(_ state: StateProperty, origin: Origin, assignments: [(call: Int, value: Int)], _ file: FileContext) -> Fix? {
        let wrapper: String
        switch origin {
        case .created: wrapper = "StateObject"
        case .fromCaller: wrapper = "ObservedObject"
        case .unknown: return nil
        }
        let tree = file.tree
        let nameToken = tree.tokens[Int(tree.nodes[state.attribute].name)]
        var edits = [TextEdit(startOffset: Int(nameToken.offset), endOffset: Int(nameToken.end), replacement: wrapper)]
        for assignment in assignments {
            let range = tree.byteRange(assignment.call)
            edits.append(TextEdit(startOffset: range.lowerBound, endOffset: range.upperBound,
                                  replacement: "\(wrapper)(wrappedValue: \(tree.text(assignment.value)))"))
        }
        return Fix(message: "use @\(wrapper)", applicability: .suggestion, edits: edits.sorted { $0.startOffset < $1.startOffset })
    }

    /// `@Observable` before the class (`FileContext.observableFix`), when the class is declared once in this file.
    static func observableFix(for type: String, _ declarations: [Int], _ file: FileContext) -> Fix? {
        let classes = declarations.filter { file.kind($0) == .classDecl && file.name($0) == type }
        guard classes.count == 1, let decl = classes.first else { return nil }
        return file.observableFix(decl)
    }

    /// The file's classes that could be held in `@State`, packed: not `@Observable` or `@Model`, with a stored
    /// instance `var` or a superclass (which may have one).
    static func classRecords(_ file: FileContext) -> RawBytes {
        let tree = file.tree
        var found: [(name: String, qualifiedName: String, hasStoredVar: Bool, offset: Int)] = []
        // The declarations enclosing the current one: `typeDeclarations` is in pre-order, so a declaration is
        // inside the last open one whose subtree holds it (no parent table needed).
        var open: [Int] = []
        for decl in file.typeDeclarations {
            while let last = open.last, decl >= last + Int(tree.nodes[last].size) { open.removeLast() }
            defer { open.append(decl) }
            guard file.kind(decl) == .classDecl, let name = file.name(decl), let block = tree.child(decl, .memberBlock),
                  file.observationMacro(decl) == nil else { continue }
            let hasStoredVar = file.declaresStoredVar(block)
            guard hasStoredVar || tree.child(decl, .inheritanceClause) != nil else { continue }
            let qualified = (open.map { file.kind($0) == .extensionDecl ? file.extendedTypeName($0) : file.name($0) ?? "" } + [name])
                .joined(separator: ".")
            found.append((name, qualified, hasStoredVar, Int(tree.tokens[Int(tree.nodes[decl].name)].offset)))
        }
        guard !found.isEmpty else { return RawBytes([]) }
        found.sort { $0.offset < $1.offset }
        let positions = file.positions(ofAscending: found.map(\.offset))
        return ClassRecord.pack(zip(found, positions).map { ($0.name, $0.qualifiedName, $0.hasStoredVar, $0.offset, $1) })
    }

    // MARK: Project

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let unreadable: Set<String>
        if let (byFile, changed) = project.derived("unreadable by file", changedFilesAtMost: 64, from: {
            project.index.files.indices.compactMap { file in
                let names = project.records(inFile: file).flatMap(\.unreadable)
                return names.isEmpty ? nil : (file: file, names: names)
            }
        }) {
            // An editor's server: an edit changes the records of the edited file, whose class offsets move as the
            // user types; the other files' names are kept.
            let changedFiles = Set(changed)
            unreadable = Set(byFile.filter { !changedFiles.contains($0.file) }.flatMap(\.names))
                .union(changed.filter { $0 < project.index.files.count }.flatMap { project.records(inFile: $0).flatMap(\.unreadable) })
        } else {
            unreadable = Set(project.records.flatMap(\.record.unreadable))
        }
        let classes = ClassLookup(project: project)
        for finding in project.pending {
            let condition = finding.condition
            guard index.isSwiftUIOwner(condition.owner), let records = classes[condition.type], let declared = records.first else { continue }
            // Every declaration of the name is a class (or an extension of one).
            let declarations = index.types(named: condition.type).map { index.type($0).kind }
            guard declarations.allSatisfy({ $0 == .class || $0 == .extension }),
                  declarations.filter({ $0 == .class }).count == records.count,
                  let chain = classChain(condition.type, index, classes), chain.hasStoredVar,
                  let observableObject = index.observableObject(condition.type, unreadable: unreadable) else { continue }
            let note = DiagnosticNote(message: "'\(declared.qualifiedName)' is declared here", span: declared.span)
            let span = finding.diagnostic.span
            // No advice names an API a deployment target of the file lacks.
            let file = index.position(ofFile: span.file)
            let noStateObject = file.flatMap { index.layout.missing(.stateObject, inFile: $0) }
            if observableObject {
                // The fix is `@StateObject` (created) or `@ObservedObject` (from the caller).
                let fix = condition.origin == .created && noStateObject != nil ? nil : condition.objectFix
                report.report(at: span, message(property: condition.property, type: declared.qualifiedName, observableObject: true,
                                                origin: condition.origin, read: nil, toolchain: project.toolchain,
                                                noStateObject: noStateObject),
                              notes: [note], fixes: fix.map { [$0] } ?? [])
                continue
            }
            // A plain class is flagged only when the view shows what it holds: kept for its identity alone (a
            // delegate, a data source), it is a legitimate use of `@State`.
            guard let read = condition.reads.first(where: chain.properties.contains) else { continue }
            let noObservation = file.flatMap { index.layout.missing(.observation, inFile: $0) }
            // The macro observes the class's own stored properties only: not offered for a subclass of a class of
            // the project, whose properties may be the ones read.
            let fix = records.count == 1 && declared.span.file == span.file && !chain.hasSuperclass && noObservation == nil
                ? condition.observableFix : nil
            report.report(at: span, message(property: condition.property, type: declared.qualifiedName, observableObject: false,
                                            origin: condition.origin, read: read, hasSuperclass: chain.hasSuperclass,
                                            toolchain: project.toolchain, noObservation: noObservation,
                                            noStateObject: noObservation == nil ? nil : noStateObject),
                          notes: [note], fixes: fix.map { [$0] } ?? [])
        }
    }

    /// Over a class and its superclasses declared in the project: whether one declares a stored `var`, the names
    /// of their instance `var`s, stored or computed (extensions included), and whether there is such a
    /// superclass. Nil when one of them is `@Observable` or `@Model`, or reports reads with a registrar of its own
    /// (SwiftUI tracks it).
    /// The class records of a name, read from the records of the files that declare it (a project has thousands
    /// of classes; a check needs the few its findings name and their superclasses).
    final class ClassLookup {
        let project: ProjectContext<Condition, Record>
        private var unpacked: [Int: [ClassRecord]] = [:]

        init(project: ProjectContext<Condition, Record>) { self.project = project }

        subscript(name: String) -> [ClassRecord]? {
            var found: [ClassRecord] = []
            for file in Set(project.index.types(named: name).map(\.file)).sorted() {
                if unpacked[file] == nil {
                    let path = project.index.files[file].path
                    unpacked[file] = project.records(inFile: file).flatMap { ClassRecord.unpack($0.classes, path: path) }
                }
                found += unpacked[file]!.filter { $0.name == name }
            }
            return found.isEmpty ? nil : found
        }
    }

    static func classChain(_ type: String, _ index: ProjectIndex, _ classes: ClassLookup)
        -> (hasStoredVar: Bool, properties: Set<String>, hasSuperclass: Bool)? {
        var hasStoredVar = false
        var properties: Set<String> = []
        var pending = [type]
        var seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            if index.observation(of: name)?.isTracked == true { return nil }
            if classes[name]?.contains(where: \.hasStoredVar) == true { hasStoredVar = true }
            for ref in index.types(named: name) {
                for property in index.properties(of: ref) where !property.isLet && !property.isStatic { properties.insert(property.name) }
                if index.type(ref).kind == .class, let superclass = index.type(ref).inherited.first, index.isClass(superclass) {
                    pending.append(superclass)
                }
            }
        }
        return (hasStoredVar, properties, seen.count > 1)
    }
}

import FlowLintSyntax

enum ObservedObjectInlineRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "observed_object_inline",
        name: "Observed Object Created Inline",
        summary: "an @ObservedObject must not be created by the view that observes it; use @StateObject",
        rationale: """
            SwiftUI re-creates a view struct whenever its parent's body runs. An `@ObservedObject` whose \
            initial value is constructed by the view itself is constructed again with every new struct, so \
            the object and all its state are thrown away on each update. `@StateObject` creates the object \
            once, for the lifetime of the view's identity.
            """,
        defaultSeverity: .warning,
        fix: .suggestion
    )
}

extension ObservedObjectInlineRule {
    static var analyses: [any ProjectAnalysis.Type] { [ViewsShownOnlyOutsideSwiftUI.self, ViewsShownOnlyInPreviews.self] }

    /// An initializer may assign a created object to an observed property (`self.store = Store()`), and its
    /// body does not say `ObservedObject`: in a file that says it anywhere, no body is skipped.
    /// An initializer that says `assign` may feed a `@Published` property from a publisher (`mirroredProperties`).
    /// A function that says `rootView` may replace or use a hosted view's object (`hostingView.rootView.model = model`,
    /// `rootView.trigger.fire()`).
    static let parses = BodySkipping(bodyWords: ["assign", "rootView"], fileWords: ["ObservedObject"],
                                     notedWords: observableObjectWord.words.union(rootViewWord.words))

    /// Only a file that says it declares observable objects whose statelessness is recorded (`Record`).
    static let observableObjectWord = TokenWords(["ObservableObject"])
    /// Only a file that says it can reach a hosted view's property through the host (`Record.hostReached`).
    static let rootViewWord = TokenWords(["rootView"])

    /// The owner must turn out to be a SwiftUI type (a view, a modifier, ...) other than an `App`, possibly by
    /// conformances declared in other files; `type` is the class created (from the construction, else from the
    /// property's annotation), if it can be told.
    struct Condition: Codable, Sendable {
        var owner: String
        var type: String?
        var property: String
        /// The class the construction names, for the message (nil for `.init()`).
        var constructed: String?
        /// The first parameter of the owner's initializer that the construction reads (`Model(key: key)`), if any.
        var input: String?
    }

    /// The classes a file that says `ObservableObject` declares that inherit something and hold no state of
    /// their own (`holdsNoState`), each with the first name of its inheritance clause (its superclass, or a
    /// protocol).
    struct Record: Codable, Sendable {
        var statelessClasses: [StatelessClass] = []
        /// `View.property` for each property of a view that UIKit or AppKit code reaches through its host
        /// (`host = NSHostingView(rootView: StatsView())` and then `host.rootView.model = model` or
        /// `host.rootView.trigger.fire()`, in one file): the host replaces the object the view creates, or shares it
        /// through its own copy of the view, and a `@StateObject` could be neither assigned there nor shared (the
        /// copy's would be another object).
        var hostReached: [String] = []
    }

    struct StatelessClass: Codable, Sendable {
        var name: String
        var superclass: String
    }

    /// Property wrappers whose storage lives outside the object (in `UserDefaults`, in the scene).
    static let persistenceWrappers: Set<String> = ["AppStorage", "SceneStorage", "Default"]

    /// "'Model'", or "its object" when the type is not known.
    static func objectName(_ type: String?) -> String { type.map { "'\($0)'" } ?? "its object" }

    static func message(property: String, type: String?) -> String {
        let object = objectName(type)
        return "@ObservedObject '\(property)' creates \(object) itself, so SwiftUI re-creates it with the view and "
            + "its state is lost; own it with @StateObject"
    }

    /// The object is made from an input of the view's initializer: a `@StateObject` keeps the object of the
    /// first input for as long as the view keeps its identity, so the advice says how to give it a new one.
    static func message(property: String, type: String?, input: String, otherInputs: [String] = []) -> String {
        let object = objectName(type)
        if !otherInputs.isEmpty {
            // Made from several inputs: an `.id(...)` of one would keep the object of the others' first values.
            let all = ([input] + otherInputs).map { "'\($0)'" }
            let named = all.dropLast().joined(separator: ", ") + " and " + all.last!
            return "@ObservedObject '\(property)' creates \(object) itself from the initializer's \(named), so SwiftUI "
                + "re-creates it with the view and its state is lost; own it with @StateObject only if the object can be "
                + "updated when \(named) change (a @StateObject keeps the object made from their first values), else "
                + "create it in the view that owns those values and pass it in"
        }
        return "@ObservedObject '\(property)' creates \(object) itself from the initializer's '\(input)', so SwiftUI "
            + "re-creates it with the view and its state is lost; own it with @StateObject and, since that keeps the "
            + "object made from the first '\(input)', give the view an .id(...) of its '\(input)' where it is shown, "
            + "or update the object when '\(input)' changes"
    }

    /// The owner is shown only by UIKit or AppKit code (`ViewsShownOnlyOutsideSwiftUI`), as the root of a hosting
    /// controller or view, which keeps the struct it was given: nothing is lost today, only once a view shows it.
    static func messageForHostedView(property: String, type: String?, owner: String) -> String {
        let object = objectName(type)
        return "@ObservedObject '\(property)' creates \(object) itself; '\(owner)' is created only outside SwiftUI views "
            + "(previews aside), as a hosting root, so SwiftUI does not re-create it today, but a view that shows it "
            + "would re-create \(object) with it and lose its state; own it with @StateObject"
    }

    /// The advice for a target whose deployment target has no `@StateObject` (iOS 13, macOS 10.15): the object
    /// must be created by something that outlives the view, and passed in.
    static func messageWithoutStateObject(_ message: String, platform: ApplePlatform, deployment: OSVersion, needed: OSVersion) -> String {
        guard let cut = message.firstRange(of: "; own it with @StateObject") else { return message }
        return message[..<cut.lowerBound] + "; @StateObject, which would own it, needs \(platform.rawValue) \(needed) and this target "
            + "deploys to \(platform.rawValue) \(deployment): create the object in an owner that outlives the view (the scene "
            + "delegate, an app-wide model) and pass it in"
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        // Only classes that inherit something can be observable objects (or the superclass of one); a subclass
        // in a file that does not say `ObservableObject` is taken to hold state.
        let stateless = !file.mentions(observableObjectWord) ? [] : file.typeDeclarations.compactMap { decl -> StatelessClass? in
            guard file.typeKind(decl) == .class, let first = file.inheritedNames(decl).first, holdsNoState(decl, file) else { return nil }
            return StatelessClass(name: file.typeDeclarationName(decl), superclass: first)
        }
        let hostReached = file.mentions(rootViewWord) ? propertiesReachedThroughHosts(file) : []
        if !stateless.isEmpty || !hostReached.isEmpty {
            report.record(Record(statelessClasses: stateless, hostReached: hostReached))
        }
        // Both forms need the attribute: a file without one has nothing to find.
        guard file.containsAttribute(named: "ObservedObject") else { return }
        for decl in file.typeDeclarations {
            let kind = file.typeKind(decl)
            guard kind != .class, kind != .actor, let block = file.tree.child(decl, .memberBlock) else { continue }
            let owner = file.typeDeclarationName(decl)
            let members = file.memberDecls(block)
            // The observed properties, with the class their annotation names, if any.
            var observed: [String: String?] = [:]
            for m in members where file.kind(m) == .variableDecl
                && file.attributes(m).contains(where: { file.name($0) == "ObservedObject" }) {
                for b in file.children(m) where file.kind(b) == .patternBinding {
                    guard let p = file.tree.firstChild(b), let n = file.name(p) else { continue }
                    observed[n] = annotatedType(b, file)
                }
            }
            // One finding per property: one that creates its object where it is declared is reported there, not
            // again where an initializer assigns it another.
            var reported: Set<String> = []
            for m in members where file.kind(m) == .variableDecl { checkProperty(m, owner, file, &report, reported: &reported) }
            for m in members where file.kind(m) == .initDecl {
                checkInitializer(m, owner, observed: observed.filter { !reported.contains($0.key) }, file, &report)
            }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let stateless = project.derived("stateless") { records in
            Dictionary(records.flatMap(\.record.statelessClasses).map { ($0.name, $0.superclass) }, uniquingKeysWith: { a, _ in a })
        }
        let hostReached = project.derived("hostReached") { records in Set(records.flatMap(\.record.hostReached)) }
        let hostedOnly = project[ViewsShownOnlyOutsideSwiftUI.self]
        let previewHarnesses = project[ViewsShownOnlyInPreviews.self]
        for finding in project.pending {
            let c = finding.condition
            // An `App` is created once, so the object is too (and `@StateObject` could not be used in its `init`).
            guard index.isSwiftUIOwner(c.owner), !index.inherited(c.owner).contains("App") else { continue }
            // The host gives the view its real object (the one it creates is a placeholder), or uses the object
            // through its copy of the view, which a `@StateObject` would not share.
            guard !hostReached.contains("\(c.owner).\(c.property)") else { continue }
            // Re-creating an object that holds nothing is harmless, and `@StateObject` would freeze its inputs.
            if let type = c.type, holdsNoState(type, stateless, index) { continue }
            // The Composable Architecture's `ViewStore`, made from the view's `store` in its `init` and observed, is
            // the pattern that library documents: it only observes the `Store`, which holds the state.
            if c.type == "ViewStore", !index.declares("ViewStore") { continue }
            // A view that only previews create (a preview's harness, a component not used yet) is created once by
            // each: nothing re-creates the object, and no user runs it.
            if previewHarnesses.contains(c.owner), index.isView(c.owner) { continue }
            var finding = finding
            if hostedOnly.contains(c.owner), index.isView(c.owner) {
                finding.diagnostic.message = messageForHostedView(property: c.property, type: c.constructed, owner: c.owner)
            }
            if let file = index.position(ofFile: finding.diagnostic.span.file),
               let missing = index.layout.missing(.stateObject, inFile: file) {
                // No @StateObject on this deployment target: advice that compiles there, and no fix.
                var diagnostic = finding.diagnostic
                diagnostic.message = messageWithoutStateObject(diagnostic.message, platform: missing.platform,
                                                               deployment: missing.deployment, needed: missing.needed)
                diagnostic.fixes = []
                report.report(diagnostic)
                continue
            }
            report.report(finding.diagnostic)
        }
    }

    /// `View.property` for the properties a file reaches through a host's `rootView` (`host.rootView.model = m`,
    /// `rootView.trigger.fire()` in a hosting subclass), for each view the file hosts (`NSHostingView(rootView:
    /// StatsView())`, `UIHostingController(rootView: ...)`).
    static func propertiesReachedThroughHosts(_ file: FileContext) -> [String] {
        let tree = file.tree
        var hosted: Set<String> = []
        var reached: Set<String> = []
        for n in tree.nodes.indices {
            switch file.kind(n) {
            case .callExpr:
                for argument in file.arguments(n) where argument.label == "rootView" {
                    if let value = argument.value, let type = file.construction(value).type { hosted.insert(type) }
                }
            case .memberAccessExpr:
                guard let name = file.name(n), let base = tree.firstChild(n), file.name(base) == "rootView",
                      file.kind(base) == .memberAccessExpr || file.kind(base) == .identifierExpr else { continue }
                reached.insert(name)
            default:
                continue
            }
        }
        return hosted.sorted().flatMap { view in reached.sorted().map { "\(view).\($0)" } }
    }

    /// A class of the sources that holds no state of its own: every declaration of it does (`holdsNoState`
    /// of a declaration), and so does its superclass when the sources declare one. A superclass from
    /// another module may hold state: then it is not known to hold none.
    static func holdsNoState(_ type: String, _ stateless: [String: String], _ index: ProjectIndex) -> Bool {
        var current = type
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            let declarations = index.types(named: current).filter { index.type($0).kind != .extension }
            guard !declarations.isEmpty, declarations.allSatisfy({ index.type($0).kind == .class }),
                  let base = stateless[current] else { return false }
            guard base != "NSObject", !index.protocolNames.contains(base),
                  !ProjectIndex.protocolsNotRefiningObservableObject.contains(base), base != "ObservableObject" else { return true }
            // A declared class: judged the same way; anything else (a class of another module) is not known.
            guard index.isClass(base) else { return false }
            current = base
        }
        return false  // a cycle of superclasses: broken code
    }

    /// A class declaration with properties, none of them `@Published`, a stored `var` (other than those kept in
    /// `persistenceWrappers`) or a `let` created by the class (`let cache = Cache()`): its state is its inputs
    /// (`let`s set in `init`) or lives elsewhere (computed properties over `UserDefaults`). A class without
    /// properties (`final class Store: ObservableObject {}`) is a stand-in, not judged.
    static func holdsNoState(_ decl: Int, _ file: FileContext) -> Bool {
        guard let block = file.tree.child(decl, .memberBlock) else { return false }
        var hasProperties = false
        let mirrored = mirroredProperties(block, file).union(persistedProperties(block, file))
        for m in file.memberDecls(block) where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
            hasProperties = true
            let wrappers = file.attributes(m).compactMap { file.name($0) }
            // A subscription (`var cancellable: AnyCancellable?`, `Set<AnyCancellable>`) keeps nothing shown.
            if !file.hasModifier(m, .lazy), file.children(m).allSatisfy({ b in
                file.kind(b) != .patternBinding || file.tree.child(b, .typeAnnotation).map { file.tree.compactText($0).contains("AnyCancellable") } == true
            }) { continue }
            if wrappers.contains("Published") {
                // A mirror of an outside source: a new object has the source's current value at once.
                if file.children(m).allSatisfy({ b in
                    file.kind(b) != .patternBinding || file.tree.firstChild(b).flatMap({ file.name($0) }).map(mirrored.contains) == true
                }) { continue }
                return false
            }
            if wrappers.contains(where: persistenceWrappers.contains) { continue }
            if file.hasModifier(m, .lazy) { return false }
            let isLet = file.tree.nameToken(m)?.keyword == .let
            for b in file.children(m) where file.kind(b) == .patternBinding {
                if isLet {
                    // A `let` the class fills itself with a new object or value of a call.
                    if let value = file.tree.child(b, .initializerClause).flatMap({ file.tree.firstChild($0) }),
                       file.kind(file.unwrapped(value)) == .callExpr { return false }
                } else if !file.isComputed(b) {
                    return false
                }
            }
        }
        return hasProperties
    }

    /// Stores whose values outlive the object: a new object reads what the old one wrote.
    static let persistentStores: Set<String> = ["UserDefaults", "Defaults", "NSUbiquitousKeyValueStore"]

    /// The `@Published` properties that mirror persistent storage: each takes its first value from a store
    /// (`persistentStores`, or a property of the class with a storage wrapper such as `@AppStorage` or `@Default`),
    /// in its initial value or in an initializer's assignment, and writes every change back, in its `didSet` or in
    /// a subscription an initializer makes to `$property`. An object created again reads what the last one wrote:
    /// there is nothing of its own to lose.
    static func persistedProperties(_ block: Int, _ file: FileContext) -> Set<String> {
        let tree = file.tree
        var storeWords = persistentStores
        var published: [(name: String, binding: Int)] = []
        for m in file.memberDecls(block) where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
            let wrappers = file.attributes(m).compactMap { file.name($0) }
            for b in file.children(m) where file.kind(b) == .patternBinding {
                guard let name = tree.firstChild(b).flatMap({ file.name($0) }) else { continue }
                if wrappers.contains("Published") {
                    published.append((name, b))
                } else if wrappers.contains(where: persistenceWrappers.contains) {
                    // `@AppStorage("k") var value`, `@Default(.key) var value`: a property kept in a store.
                    storeWords.insert(name)
                }
            }
        }
        guard !published.isEmpty else { return [] }
        func mentionsStore(_ tokens: Range<Int>) -> Bool {
            tokens.contains { i in
                let token = tree.tokens[i]
                return token.kind == .identifier && storeWords.contains(tree.identifierText(token))
            }
        }
        func tokens(_ n: Int) -> Range<Int> { Int(tree.nodes[n].firstToken)..<Int(tree.nodes[n].endToken) }
        let initializers = file.memberDecls(block).filter { file.kind($0) == .initDecl }
        var persisted: Set<String> = []
        for (name, binding) in published {
            // Written back: a `didSet` that names a store, or a subscription to `$name` in an initializer whose
            // tokens from `$name` to the end of the statement name one.
            let didSet = tree.child(binding, .accessorBlock).flatMap { accessors in
                file.children(accessors).first { file.kind($0) == .accessorDecl && file.name($0) == "didSet" }
            }
            var writesBack = didSet.map { mentionsStore(tokens($0)) } ?? false
            // Read first: the initial value names a store, or an initializer assigns `name` a value that does.
            var readsFirst = tree.child(binding, .initializerClause).map { mentionsStore(tokens($0)) } ?? false
            for initializer in initializers {
                let range = tokens(initializer)
                var i = range.lowerBound
                while i < range.upperBound {
                    defer { i += 1 }
                    let token = tree.tokens[i]
                    let text = token.kind == .identifier || token.kind == .dollarIdentifier ? tree.identifierText(token) : ""
                    guard text == name || text == "$" + name else { continue }
                    // The statement: up to the next token that starts a line.
                    var end = i + 1
                    while end < range.upperBound && !tree.tokens[end].isAtStartOfLine { end += 1 }
                    // A chain of calls continues on lines that start with `.`.
                    while end < range.upperBound && tree.tokens[end].kind == .period {
                        end += 1
                        var depth = 0
                        while end < range.upperBound {
                            let kind = tree.tokens[end].kind
                            if kind == .leftParen || kind == .leftBrace || kind == .leftSquare { depth += 1 }
                            if kind == .rightParen || kind == .rightBrace || kind == .rightSquare { depth -= 1 }
                            end += 1
                            if depth <= 0 && end < range.upperBound && tree.tokens[end].isAtStartOfLine { break }
                        }
                    }
                    if text == name, i + 1 < range.upperBound, tree.tokens[i + 1].kind == .equal, mentionsStore((i + 2)..<end) {
                        readsFirst = true
                    } else if text == "$" + name, mentionsStore((i + 1)..<end) {
                        writesBack = true
                    }
                }
            }
            if writesBack && readsFirst { persisted.insert(name) }
        }
        return persisted
    }

    /// Operators between a publisher and `assign(to:)` that pass its first value on as it comes.
    static let valuePreservingOperators: Set<String> = ["map", "receive", "removeDuplicates", "eraseToAnyPublisher"]

    /// The `@Published` properties an initializer of the class feeds from a publisher that emits the current value
    /// of an outside source when subscribed to: `source.publisher(for: \.value).assign(to: &$value)` (key-value
    /// observing with its default options, which include `.initial`) or `other.$value.assign(to: &$value)`
    /// (another object's `@Published` property), possibly through `valuePreservingOperators`. Such a property is a
    /// mirror: an object created again has the right value at once, and there is nothing of its own to lose.
    static func mirroredProperties(_ block: Int, _ file: FileContext) -> Set<String> {
        let tree = file.tree
        var mirrored: Set<String> = []
        for m in file.memberDecls(block) where file.kind(m) == .initDecl {
            guard let body = tree.child(m, .codeBlock) else { continue }
            for n in tree.subtree(body) where file.kind(n) == .callExpr {
                guard let callee = tree.firstChild(n), file.kind(callee) == .memberAccessExpr, file.name(callee) == "assign",
                      case let arguments = file.arguments(n), arguments.count == 1, arguments[0].label == "to",
                      let target = arguments[0].value, file.kind(target) == .inOutExpr,
                      let projected = tree.firstChild(target), file.kind(projected) == .identifierExpr,
                      let name = file.name(projected), name.hasPrefix("$"), var source = tree.firstChild(callee)
                else { continue }
                // Down the chain of operators to the publisher itself (a chain is short; the loop ends at its start).
                while file.kind(source) == .callExpr, let c = tree.firstChild(source), file.kind(c) == .memberAccessExpr,
                      valuePreservingOperators.contains(file.name(c) ?? ""), let base = tree.firstChild(c) {
                    source = base
                }
                if emitsCurrentValue(source, file) { mirrored.insert(String(name.dropFirst())) }
            }
        }
        return mirrored
    }

    /// `x.publisher(for: \.value)` without `options:`, or `x.$value`.
    static func emitsCurrentValue(_ publisher: Int, _ file: FileContext) -> Bool {
        let tree = file.tree
        switch file.kind(publisher) {
        case .callExpr:
            guard let c = tree.firstChild(publisher), file.kind(c) == .memberAccessExpr, file.name(c) == "publisher",
                  tree.firstChild(c) != nil else { return false }
            let arguments = file.arguments(publisher)
            return arguments.count == 1 && arguments[0].label == "for"
                && arguments[0].value.map { file.kind($0) == .keyPathExpr } == true
        case .memberAccessExpr:
            return tree.firstChild(publisher) != nil && file.name(publisher)?.hasPrefix("$") == true
        default:
            return false
        }
    }

    /// The type a property binding's annotation names (`Store` in `var store: Store`), if any.
    static func annotatedType(_ binding: Int, _ file: FileContext) -> String? {
        file.tree.child(binding, .typeAnnotation).flatMap { file.tree.firstChild($0) }.flatMap { file.typeName($0) }
    }

    /// `@ObservedObject var s = Store()` and its variants, at the attribute.
    static func checkProperty(_ decl: Int, _ owner: String, _ context: FileContext,
                              _ report: inout FileReport<Condition, Record>, reported: inout Set<String>) {
        guard let attribute = context.attributes(decl).first(where: { context.name($0) == "ObservedObject" }) else { return }
        let tree = context.tree
        for b in context.children(decl) where context.kind(b) == .patternBinding {
            guard let value = tree.child(b, .initializerClause).flatMap({ tree.firstChild($0) }),
                  let created = createdObject(value, context) else { continue }
            let property = tree.firstChild(b).flatMap { context.name($0) } ?? "?"
            reported.insert(property)
            let nameToken = Int(tree.nodes[attribute].name)
            let fix = Fix(message: "use @StateObject", applicability: .suggestion,
                          edits: [TextEdit(startOffset: Int(tree.tokens[nameToken].offset), endOffset: Int(tree.tokens[nameToken].end),
                                           replacement: "StateObject")])
            report.report(at: attribute, message(property: property, type: created.type), fixes: [fix],
                          condition: Condition(owner: owner, type: created.type ?? annotatedType(b, context), property: property,
                                               constructed: created.type))
        }
    }

    /// In an initializer of the owner: `self.s = Store()`, `s = Store()`,
    /// `_s = ObservedObject(wrappedValue: Store())`, at the assignment.
    static func checkInitializer(_ initializer: Int, _ owner: String, observed: [String: String?], _ context: FileContext,
                                 _ report: inout FileReport<Condition, Record>) {
        guard !observed.isEmpty, let body = context.tree.child(initializer, .codeBlock) else { return }
        let tree = context.tree
        // A closure parameter cannot be an `.id(...)`: it is not an input the advice can name.
        let parameters = Set(tree.child(initializer, .parameterClause).map { clause in
            context.children(clause).filter { context.kind($0) == .parameter && !isClosureParameter($0, context) }
                .compactMap { context.parameterName($0) }
        } ?? [])
        for n in tree.subtree(body) where context.kind(n) == .binaryExpr && tree.nameToken(n).map({ $0.kind == .equal }) == true {
            let sides = Array(context.children(n))
            guard sides.count == 2, let target = assignedName(sides[0], context) else { continue }
            var wrappedValue: Int?
            var property = target
            if target.hasPrefix("_"), observed[String(target.dropFirst())] != nil {
                property = String(target.dropFirst())
                // `_s = ObservedObject(wrappedValue: x)` / `.init(initialValue: x)`: judge `x`.
                let call = context.unwrapped(sides[1])
                if context.kind(call) == .callExpr {
                    wrappedValue = context.arguments(call).first { $0.label == "wrappedValue" || $0.label == "initialValue" }?.value
                }
            } else if observed[target] != nil {
                wrappedValue = sides[1]
            }
            guard let value = wrappedValue, let created = createdObject(value, context) else { continue }
            var inputs: [String] = []
            for e in context.tree.subtree(value) where context.kind(e) == .identifierExpr {
                if let name = context.name(e), parameters.contains(name), !inputs.contains(name) { inputs.append(name) }
            }
            let input = inputs.first
            report.report(at: n, input.map { message(property: property, type: created.type, input: $0,
                                                     otherInputs: Array(inputs.dropFirst())) }
                            ?? message(property: property, type: created.type),
                          condition: Condition(owner: owner, type: created.type ?? observed[property] ?? nil, property: property,
                                               constructed: created.type, input: input))
        }
    }

    /// `s`, `self.s`, `_s`, `self._s` as an assignment target.
    static func assignedName(_ target: Int, _ context: FileContext) -> String? {
        switch context.kind(target) {
        case .identifierExpr:
            return context.name(target)
        case .memberAccessExpr:
            guard let base = context.tree.firstChild(target), context.kind(base) == .identifierExpr,
                  context.name(base) == "self" else { return nil }
            return context.name(target)
        default:
            return nil
        }
    }

    /// What a wrapped value creates; `type` is nil for `.init()`.
    struct CreatedObject { var type: String? }

    /// The wrapped value creates an object: a construction, or an immediately called closure returning one.
    /// `action: @escaping () -> Void`, `onDone: (() -> Void)?`.
    static func isClosureParameter(_ parameter: Int, _ context: FileContext) -> Bool {
        context.tree.subtree(parameter).contains { context.kind($0) == .functionType }
    }

    static func createdObject(_ value: Int, _ context: FileContext) -> CreatedObject? {
        let construction = context.construction(value)
        if construction.isConstruction { return CreatedObject(type: construction.type) }
        // `{ Store() }()` / `{ let s = Store(); return s }()`: a closure called in place that constructs.
        let e = context.unwrapped(value)
        guard context.kind(e) == .callExpr, let callee = context.tree.firstChild(e), context.kind(callee) == .closureExpr,
              context.arguments(e).isEmpty else { return nil }
        for statement in context.children(callee) {
            let returned = context.kind(statement) == .returnStmt ? context.tree.firstChild(statement) : statement
            if let r = returned {
                let c = context.construction(r)
                if c.isConstruction { return CreatedObject(type: c.type) }
            }
        }
        return nil
    }
}

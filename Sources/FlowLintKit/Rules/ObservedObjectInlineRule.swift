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
    static var analyses: [any ProjectAnalysis.Type] { [ViewsShownOnlyOutsideSwiftUI.self, ViewsShownOnlyInPreviews.self, ViewConstructionArguments.self] }

    /// An initializer may assign a created object to an observed property (`self.store = Store()`), and its
    /// body does not say `ObservedObject`: in a file that says it anywhere, no body is skipped.
    /// An initializer that says `assign` may feed a `@Published` property from a publisher (`mirroredProperties`).
    /// A function that says `rootView` may replace or use a hosted view's object (`hostingView.rootView.model = model`,
    /// `rootView.trigger.fire()`).
    static let parses = BodySkipping(bodyWords: ["assign", "observe", "rootView"], fileWords: ["ObservedObject"],
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
        /// What the owner does with the object outside its initializers.
        var uses = ObjectUses()
        /// The object is the property's initial value (`@ObservedObject var model = Model()`), which a construction
        /// of the view through its memberwise initializer can replace (`Grid(model: model)`).
        var isInitialValue = false
        /// For an assignment in an initializer, that initializer's argument labels (unlabeled ones left out).
        var initializerLabels: [String]?
    }

    /// What a view does with its observed object outside its initializers (which construct it and may set it up:
    /// `model = Model(game: game); model.compute()`).
    struct ObjectUses: Codable, Sendable, Hashable {
        /// Handed on (`Child(model: model)`, `$model.name`, `_model`), or assigned to or mutated through
        /// (`model.name = x`, `model.items.append(x)`).
        var escapes = false
        /// The methods called on it (`model.refresh()`).
        var calls: [String] = []
        /// A property of it is read (`Text(model.title)`).
        var isRead = false
        /// An initializer uses it after making it (`model.start()`, `Child(model: model)`).
        var isSetUp = false
        /// The types it is handed to as an argument of their construction (`Scanner(buffer: buffer)`).
        var handedTo: [String] = []
        /// It escapes otherwise than into a construction of `handedTo` (`$model`, a write, `save(model)`).
        var escapesElsewhere = false
        /// The properties of it reached through its projection and only read there (`$model.isPresented` handed to
        /// a child): a binding to that property.
        var projected: [String] = []
        /// It escapes otherwise than through `projected`.
        var escapesUnlessProjected = false
        /// The methods of `calls` whose result is used (`Text(model.title())`): called otherwise than as a statement
        /// of its own (`Button("Log out") { model.logout() }`).
        var callsUsingResult: [String] = []
        /// The properties of it read or written (`model.title`, `model.page = 2`).
        var members: [String] = []
        /// It is used otherwise than through a property or a method (`Child(model: model)`, `$model`, `_model`).
        var usedWhole = false

        /// Nothing but the construction names it: nothing of it is shown or kept.
        var isUnused: Bool { !escapes && calls.isEmpty && !isRead && !isSetUp }
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
        /// The classes a file that says `ObservableObject` declares whose state is what they derive from their inputs
        /// when they are made (`derivedFromInputs`).
        var derivedClasses: [DerivedClass] = []
        /// The classes a file that says `ObservableObject` declares whose making starts no work
        /// (`startsWorkWhenMade`): made and never used, such an object does nothing.
        var quietClasses: [String] = []
        /// The classes of `quietClasses` whose initializers only store values (`initializersOnlyStore`): making one
        /// does nothing a view could miss when it is made again.
        var inertClasses: [InertClass] = []
    }

    /// A class whose stored properties are written only while it is made (in its initializers, or in `writers`,
    /// methods its creator may call then), and never by work that runs later: re-created from the same inputs, it
    /// holds the same values, and a `@StateObject` would keep the values of the first inputs.
    struct DerivedClass: Codable, Sendable {
        var name: String
        var superclass: String
        /// Its methods that write its stored properties.
        var writers: [String]
        /// All its methods.
        var methods: [String]
        /// Its `@Binding` properties: the inputs' bindings it hands on, which hold no state of its own.
        var bindings: [String] = []
    }

    /// A class of `Record.inertClasses`, with its methods declared with a result (`func title() -> String`): a call
    /// of one may be a value the view shows even as a statement of its own (a builder's element, a getter's body).
    struct InertClass: Codable, Sendable {
        var name: String
        var valueMethods: [String]
    }

    struct StatelessClass: Codable, Sendable {
        var name: String
        var superclass: String
    }

    /// Property wrappers whose storage lives outside the object (in `UserDefaults`, in the scene).
    static let persistenceWrappers: Set<String> = ["AppStorage", "SceneStorage", "Default"]
    /// Property wrappers that look up a shared service in a dependency container (Resolver's, Factory's,
    /// swift-dependencies'): the service's state is the container's, not the object's.
    static let injectionWrappers: Set<String> = ["Injected", "Inject", "LazyInjected", "WeakLazyInjected", "Dependency"]

    /// "'Model'", or "its object" when the type is not known.
    static func objectName(_ type: String?) -> String { type.map { "'\($0)'" } ?? "its object" }

    static func message(property: String, type: String?) -> String {
        let object = objectName(type)
        return "@ObservedObject '\(property)' creates \(object) itself, so SwiftUI re-creates it with the view and "
            + "its state is lost; own it with @StateObject"
    }

    /// The object is made from an input of the view's initializer: a `@StateObject` keeps the object of the
    /// first input for as long as the view keeps its identity, so the advice says how to give it a new one.
    /// `inputIsBinding`: the one input is a binding, of which no `.id(...)` compiles.
    static func message(property: String, type: String?, input: String, otherInputs: [String] = [],
                        inputIsBinding: Bool = false) -> String {
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
        if inputIsBinding {
            return "@ObservedObject '\(property)' creates \(object) itself from the initializer's '\(input)', so SwiftUI "
                + "re-creates it with the view and its state is lost; own it with @StateObject only if the object can be "
                + "updated when '\(input)' changes (a @StateObject keeps the object made from the first binding), else "
                + "create it in the view that owns the bound value and pass it in"
        }
        return "@ObservedObject '\(property)' creates \(object) itself from the initializer's '\(input)', so SwiftUI "
            + "re-creates it with the view and its state is lost; own it with @StateObject and, since that keeps the "
            + "object made from the first '\(input)', give the view an .id(...) of its '\(input)' where it is shown, "
            + "or update the object when '\(input)' changes"
    }

    /// Nothing but the object's construction names it (`ObjectUses.isUnused`): none of its state is read, so none is
    /// lost, but a new one is made, and whatever making it starts (an observer, a timer, a request) started again,
    /// each time SwiftUI re-creates the view. The fix engineers named is to delete the property, not to own it.
    static func messageForUnused(property: String, type: String?) -> String {
        let object = objectName(type)
        return "@ObservedObject '\(property)' creates \(object) itself and nothing in the view uses it: SwiftUI makes "
            + "another, and repeats whatever making it starts, each time it re-creates the view; delete the property"
    }

    /// The owner is shown only by UIKit or AppKit code (`ViewsShownOnlyOutsideSwiftUI`), as the root of a hosting
    /// controller or view, which keeps the struct it was given: nothing is lost today, only once a view shows it.
    static func messageForHostedView(property: String, type: String?, owner: String) -> String {
        let object = objectName(type)
        return "@ObservedObject '\(property)' creates \(object) itself; '\(owner)' is created only outside SwiftUI views "
            + "(previews aside), as a hosting root, so SwiftUI does not re-create it today, but a view that shows it "
            + "would re-create \(object) with it and lose its state; own it with @StateObject"
    }

    /// The view's initializer uses the object after making it: the advice moves that set-up into the expression
    /// that makes the `@StateObject`, whose autoclosure runs once, when SwiftUI installs it.
    static func messageWithSetUp(_ message: String, property: String) -> String {
        message + "; do what the initializer does to '\(property)' in the expression that makes it ('_\(property) = "
            + "StateObject(wrappedValue: ...)'), as a @StateObject is not installed in an initializer and each use there "
            + "reaches a new object that SwiftUI throws away"
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
            return StatelessClass(name: recordedName(decl, file), superclass: first)
        }
        var derived: [DerivedClass] = []
        var quiet: [String] = []
        var inert: [InertClass] = []
        for decl in file.mentions(observableObjectWord) ? file.typeDeclarations : [] where file.typeKind(decl) == .class {
            let name = recordedName(decl, file)
            if !stateless.contains(where: { $0.name == name }), let d = derivedFromInputs(decl, file) {
                // It has stored properties and names later work only in methods its making does not run: its making
                // starts none.
                derived.append(d)
                quiet.append(name)
            } else if hasInstanceProperties(decl, file) && !startsWorkWhenMade(decl, file) {
                // A class without properties of its own holds no state itself (`holdsNoState`); when that is not enough
                // (`final class Sub: Base {}`, a superclass with state), its superclass's making is not read here.
                quiet.append(name)
            }
            if quiet.last == name, initializersOnlyStore(decl, file) {
                inert.append(InertClass(name: name, valueMethods: methodsWithResult(decl, file)))
            }
        }
        let hostReached = file.mentions(rootViewWord) ? propertiesReachedThroughHosts(file) : []
        if !stateless.isEmpty || !hostReached.isEmpty || !derived.isEmpty || !quiet.isEmpty {
            report.record(Record(statelessClasses: stateless, hostReached: hostReached, derivedClasses: derived, quietClasses: quiet,
                                 inertClasses: inert))
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
            for m in members where file.kind(m) == .variableDecl { checkProperty(m, in: decl, owner, file, &report, reported: &reported) }
            for m in members where file.kind(m) == .initDecl {
                checkInitializer(m, in: decl, owner, observed: observed.filter { !reported.contains($0.key) }, file, &report)
            }
        }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let index = project.index
        let classes = project.derived("classes") { records in RecordedClasses(records, index) }
        let hostReached = project.derived("hostReached") { records in Set(records.flatMap(\.record.hostReached)) }
        let hostedOnly = project[ViewsShownOnlyOutsideSwiftUI.self]
        let previewHarnesses = project[ViewsShownOnlyInPreviews.self]
        for finding in project.pending {
            let c = finding.condition
            let file = index.position(ofFile: finding.diagnostic.span.file)
            // `ViewModel()` in `DetailView` makes `DetailView.ViewModel` when the sources nest one there (several views
            // may each nest their own `ViewModel`), or one nested in a type around the view (`Profile.Model` made in
            // `Profile.Screen`): its records are under that name.
            let type = c.type.map { written in madeClass(written, owner: c.owner, from: file, index) }
            // The class's one declaration that the file sees (its targets' when several targets declare the name).
            let declaration = type.flatMap { type in
                let all = declarations(named: type, from: file, index).filter { index.type($0).kind != .extension }
                return all.count == 1 ? all[0] : nil
            }
            // An `App` is created once, so the object is too (and `@StateObject` could not be used in its `init`).
            guard index.isSwiftUIOwner(c.owner), !index.inherited(c.owner).contains("App") else { continue }
            // A property wrapper of the project (`struct CloudStorage: DynamicProperty`) that makes its object from its
            // own initializer's input (`CloudStorage("key")`) is a view of a store or a clock for its host, as SwiftUI's
            // `@AppStorage` is: engineers judged all three such findings wrong (a ubiquitous store, `Defaults`, a
            // timer's date). One made from nothing the wrapper is given (`= PageLoader()`) is judged as in a view.
            if index.inherited(c.owner).contains("DynamicProperty"), !index.isView(c.owner), c.input != nil { continue }
            // The host gives the view its real object (the one it creates is a placeholder), or uses the object
            // through its copy of the view, which a `@StateObject` would not share.
            guard !hostReached.contains("\(c.owner).\(c.property)") else { continue }
            // Re-creating an object that holds nothing is harmless, and `@StateObject` would freeze its inputs.
            if let type, holdsNoState(type, from: file, classes, index) { continue }
            // Only its construction names it (no extension of the owner elsewhere can), and making it starts no work:
            // nothing of it is shown or done.
            if c.uses.isUnused, let type, let declaration, declarations(named: type, from: file, index).count == 1,
               classes.quiet[type]?.contains(declaration.file) == true, !index.isExtended(c.owner, outsideFile: file) { continue }
            // Used only by the view's initializers, after they make it (`provider.start()`): nothing of it is read,
            // called or handed on later, so a view made again loses nothing of it (judged wrong 3 times in AX).
            if c.uses.isSetUp, !c.uses.isRead, c.uses.calls.isEmpty, !c.uses.escapes { continue }
            // The view reads nothing of it and only hands it to code that is not a view (`Recognizer(buffer: buffer)`):
            // nothing of it is shown, here or below, so a view made again loses nothing anyone sees (judged wrong 3
            // times in AU: a scratch buffer a worker fills and empties).
            if !c.uses.isRead, c.uses.calls.isEmpty, !c.uses.isSetUp, !c.uses.escapesElsewhere, !c.uses.handedTo.isEmpty,
               c.uses.handedTo.allSatisfy({ index.declares($0) && !index.isView($0) && !index.isSwiftUIOwner($0) }) { continue }
            // The view reads nothing of it and only tells it to do one thing (`Button("Log in") { model.logIn() }`),
            // and making it only stores values: a new one does that as the old one would, and nothing of either is shown
            // (judged wrong 10 times, in AP, AV, BA, BC and BE; two methods may start and stop one piece of work).
            // A method with a result may be shown even as a statement of its own (`VStack { model.badge() }`), and an
            // extension of the view in another file may use the object where this file's tokens do not show it.
            if !c.uses.isRead, !c.uses.escapes, !c.uses.isSetUp, c.uses.calls.count == 1, c.uses.callsUsingResult.isEmpty,
               let type, let declaration, let valueMethods = classes.inert[type]?[declaration.file],
               !valueMethods.contains(c.uses.calls[0]), !index.isExtended(c.owner, outsideFile: file),
               isDeclaredOnStatelessRoot(declaration, index) { continue }
            // All the view uses of it is kept in storage (`TabView(selection: $manager.selectedPage)` over an
            // `@AppStorage` property): a new object reads the same values (judged wrong in AS).
            if c.uses.calls.isEmpty, !c.uses.isSetUp, !c.uses.usedWhole, let type, !index.isExtended(c.owner, outsideFile: file),
               case let members = Set(c.uses.members + c.uses.projected), !members.isEmpty, members.allSatisfy({ member in
                   let found = index.properties(of: type, named: member)
                   return !found.isEmpty && found.allSatisfy { persistenceWrappers.contains($0.wrapper ?? "") }
               }) { continue }
            // Made again from the same inputs, it holds the same values, and the view neither changes it nor hands it on.
            if let type, let declaration, let d = classes.derived[type]?[declaration.file],
               isDerived(d, declaredAt: declaration, usedAs: c.uses, index) { continue }
            // The Composable Architecture's `ViewStore`, made from the view's `store` in its `init` and observed, is
            // the pattern that library documents: it only observes the `Store`, which holds the state.
            if c.type == "ViewStore", !index.declares("ViewStore") { continue }
            // A view that only previews create (a preview's harness, a component not used yet) is created once by
            // each: nothing re-creates the object, and no user runs it.
            if previewHarnesses.contains(c.owner), index.isView(c.owner) { continue }
            // Every construction outside previews passes the object (`Grid(model: model)`): the one made where the
            // property is declared is a fallback only previews use, and a `@StateObject` would keep the first object
            // a parent passes (judged wrong twice in AJ: the fix is to drop the default).
            // So too when an initializer that takes no such argument makes it (`init() { model = Model() }` beside
            // `init(model:)`): the constructions go through another initializer (judged wrong 3 times in AZ18).
            if c.isInitialValue || c.initializerLabels.map({ !$0.contains(c.property) }) == true,
               let constructions = project[ViewConstructionArguments.self].constructions(of: c.owner),
               case let shown = constructions.filter({ !$0.inPreview }), !shown.isEmpty,
               shown.allSatisfy({ $0.argument(labeled: c.property).passed }) { continue }
            let hosted = hostedOnly.contains(c.owner) && index.isView(c.owner)
            // Only its construction names it, and making it may start work (or the class is not known): its state is
            // not lost, as nothing reads it, and the advice is to delete it (judged wrong 13 times in BR, and often
            // before, as "its state is lost; own it"). A hosting root is made once, and its object with it.
            if c.uses.isUnused, !index.isExtended(c.owner, outsideFile: file) {
                guard !hosted else { continue }
                var diagnostic = finding.diagnostic
                diagnostic.message = messageForUnused(property: c.property, type: c.constructed)
                diagnostic.fixes = []
                report.report(diagnostic)
                continue
            }
            var finding = finding
            if hosted {
                finding.diagnostic.message = messageForHostedView(property: c.property, type: c.constructed, owner: c.owner)
            }
            // An initializer uses the object after making it (`model.post = post`, `model.load()`): a bare
            // `@StateObject` would break that, as it is not installed in an initializer and each use there reaches a
            // new object SwiftUI throws away (judged wrong 5 times for that advice, in AX and BA). The message says
            // where the set-up goes, and the suggestion (the attribute alone) is not offered.
            if c.uses.isSetUp {
                finding.diagnostic.message = messageWithSetUp(finding.diagnostic.message, property: c.property)
                finding.diagnostic.fixes = []
            }
            if let file = index.position(ofFile: finding.diagnostic.span.file),
               let missing = index.layout.missing(.stateObject, inFile: file) {
                // A hosting root is made once and kept by its host: on a target without @StateObject it is already the
                // owner that outlives the view the advice would ask for (judged wrong twice in AH).
                if hosted { continue }
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

    /// A class of the sources that holds no state of its own: every declaration of the name that `file` sees
    /// (`declarations(named:from:)`) does (`holdsNoState` of a declaration), and so does its superclass when the
    /// sources declare one. A superclass from another module may hold state: then it is not known to hold none.
    static func holdsNoState(_ type: String, from file: Int?, _ classes: RecordedClasses, _ index: ProjectIndex) -> Bool {
        var current = type
        var from = file
        var seen: Set<String> = []
        while seen.insert(current).inserted {
            let declarations = declarations(named: current, from: from, index).filter { index.type($0).kind != .extension }
            // Every declaration of the name the file sees: a class, found to hold nothing.
            guard !declarations.isEmpty, declarations.allSatisfy({ index.type($0).kind == .class }),
                  case let bases = declarations.compactMap({ classes.stateless[current]?[$0.file] }),
                  bases.count == declarations.count else { return false }
            guard !bases.allSatisfy({ isStatelessRoot($0, index) }) else { return true }
            // A declared class: judged the same way; anything else (a class of another module) is not known.
            guard bases.count == 1, index.isClass(bases[0]) else { return false }
            current = bases[0]
            from = declarations[0].file
        }
        return false  // a cycle of superclasses: broken code
    }

    /// What the records say of the classes, by recorded name (`recordedName`) and file position: the first inherited
    /// name of each that holds no state, which are quiet or inert, and which derive their values from inputs.
    struct RecordedClasses {
        var stateless: [String: [Int: String]] = [:]
        var quiet: [String: Set<Int>] = [:]
        /// For each inert class's file, its methods with a result.
        var inert: [String: [Int: [String]]] = [:]
        var derived: [String: [Int: DerivedClass]] = [:]

        init(_ records: [(path: String, record: Record)], _ index: ProjectIndex) {
            for (path, record) in records {
                guard let file = index.position(ofFile: path) else { continue }
                for c in record.statelessClasses { stateless[c.name, default: [:]][file] = c.superclass }
                for name in record.quietClasses { quiet[name, default: []].insert(file) }
                for c in record.inertClasses { inert[c.name, default: [:]][file] = c.valueMethods }
                for d in record.derivedClasses { derived[d.name, default: [:]][file] = d }
            }
        }
    }

    /// The name a class's facts are recorded under: its own, or for a class nested in another type or in an
    /// extension, the qualified name (`DetailView.ViewModel`), so that same-named nested classes stay apart.
    static func recordedName(_ decl: Int, _ file: FileContext) -> String {
        file.enclosingType(decl) == nil ? file.typeDeclarationName(decl) : file.qualifiedTypeName(decl)
    }

    /// The recorded name of the class a construction `written` (`ViewModel()`) in the view `owner` makes: the class
    /// nested in the owner or in a type around it, innermost first (`DetailView.ViewModel`, then `Profile.Model` for
    /// `Profile.Screen`), else the top-level one.
    static func madeClass(_ written: String, owner: String, from file: Int?, _ index: ProjectIndex) -> String {
        let ownerDeclaration = index.types(named: owner).first { $0.file == file && index.type($0).kind != .extension }
        var scope = ownerDeclaration.map { index.type($0).qualifiedOrSimpleName } ?? owner
        while true {
            let candidate = "\(scope).\(written)"
            if declarations(named: candidate, from: file, index).contains(where: { index.type($0).kind == .class }) { return candidate }
            guard let dot = scope.lastIndex(of: ".") else { return written }
            scope = String(scope[..<dot])
        }
    }

    /// The declarations and extensions of a recorded name (`recordedName`; for a qualified one, those whose qualified
    /// name it is; for a simple one, the top-level ones) that `file` sees: those compiled by a target that compiles it,
    /// when the targets are known and some are (an iOS app's `WatchSession` and its watch app's are two classes).
    static func declarations(named name: String, from file: Int?, _ index: ProjectIndex) -> [(file: Int, type: Int)] {
        let all: [(file: Int, type: Int)]
        if let dot = name.lastIndex(of: ".") {
            all = index.types(named: String(name[name.index(after: dot)...])).filter { index.type($0).qualifiedName == name }
        } else {
            // A nested class of that simple name is another class (`DetailView.ViewModel` beside a top-level one).
            all = index.types(named: name).filter { index.type($0).qualifiedName == nil }
        }
        guard let file, let seen = index.layout.sharingATarget(with: file, all, fileOf: { $0.file }), !seen.isEmpty else { return all }
        return seen
    }

    /// A first inherited name that adds no state: `NSObject`, `ObservableObject` or another protocol.
    static func isStatelessRoot(_ base: String, _ index: ProjectIndex) -> Bool {
        base == "NSObject" || base == "ObservableObject" || index.protocolNames.contains(base)
            || ProjectIndex.protocolsNotRefiningObservableObject.contains(base)
    }

    /// The declaration is a class whose first inherited name adds no state (`isStatelessRoot`): no superclass of the
    /// sources or of another module makes it.
    static func isDeclaredOnStatelessRoot(_ declaration: (file: Int, type: Int), _ index: ProjectIndex) -> Bool {
        let type = index.type(declaration)
        guard type.kind == .class, let first = type.inherited.first else { return false }
        return isStatelessRoot(first, index)
    }

    /// The class, declared at `declaration` (the one declaration the using file sees), is on a root that adds no
    /// state; the view calls none of its writers outside its initializers, only methods the class declares, and
    /// neither hands it on nor changes it.
    static func isDerived(_ d: DerivedClass, declaredAt declaration: (file: Int, type: Int), usedAs uses: ObjectUses,
                          _ index: ProjectIndex) -> Bool {
        // `$model.isPresented` where `isPresented` is the class's `@Binding`: the parent's binding, handed on.
        guard index.type(declaration).kind == .class, isStatelessRoot(d.superclass, index),
              !uses.escapesUnlessProjected, uses.projected.allSatisfy(d.bindings.contains) else { return false }
        return uses.calls.allSatisfy { d.methods.contains($0) && !d.writers.contains($0) }
    }

    /// What the owner declared at `ownerDecl` (with its extensions in this file) does with its property `name`
    /// outside its initializers, from the tokens.
    static func objectUses(_ name: String, in ownerDecl: Int, _ file: FileContext) -> ObjectUses {
        let tree = file.tree
        let tokens = tree.tokens
        let declarations = [ownerDecl] + file.extensionsInFile(of: ownerDecl)
        var ownDeclaration: [Range<Int>] = []
        // Each initializer, and whether a parameter of it has the property's name (`init(model: Model)`), which a
        // bare `model` in it then means (`self.model = model` hands the parameter over: no set-up of the object).
        var initializers: [(tokens: Range<Int>, shadowsProperty: Bool)] = []
        for d in declarations {
            for n in tree.subtree(d) where file.kind(n) == .initDecl {
                let parameters = tree.child(n, .parameterClause).map { clause in
                    file.children(clause).filter { file.kind($0) == .parameter }.compactMap { file.parameterName($0) }
                } ?? []
                initializers.append((tree.tokenRange(of: n), parameters.contains(name)))
            }
        }
        // The property's own declaration.
        if let block = tree.child(ownerDecl, .memberBlock) {
            for m in file.memberDecls(block) where file.kind(m) == .variableDecl && file.firstBindingName(m) == name {
                ownDeclaration.append(tree.tokenRange(of: m))
            }
        }
        var uses = ObjectUses()
        for region in declarations.map(tree.tokenRange(of:)) {
            var i = region.lowerBound
            while i < region.upperBound {
                defer { i += 1 }
                let token = tokens[i]
                guard token.kind == .identifier || token.kind == .dollarIdentifier,
                      token.length >= UInt32(name.utf8.count), token.length <= UInt32(name.utf8.count + 1),
                      !ownDeclaration.contains(where: { $0.contains(i) }) else { continue }
                let text = tree.identifierText(token)
                if let initializer = initializers.first(where: { $0.tokens.contains(i) }) {
                    // `other.model` is another's; a bare `model` is the parameter where one has that name.
                    let isOther = text == name && (tree.isMemberOfOther(atToken: i)
                        || initializer.shadowsProperty && !tree.isMemberOfSelf(atToken: i))
                    // Any use but the assignment that makes it (`model = `, `self.model = `, `_model = `).
                    if text == name || text == "_" + name || text == "$" + name, !isOther,
                       !(i + 1 < tokens.count && tokens[i + 1].kind == .equal) { uses.isSetUp = true }
                    continue
                }
                if text == "$" + name || text == "_" + name {
                    (uses.escapes, uses.escapesElsewhere) = (true, true)
                    if text == "$" + name, i + 2 < tokens.count, tokens[i + 1].kind == .period, tokens[i + 2].kind == .identifier,
                       !(i + 3 < tokens.count && [.period, .leftParen, .leftSquare, .equal].contains(tokens[i + 3].kind)) {
                        let member = tree.identifierText(tokens[i + 2])
                        if !uses.projected.contains(member) { uses.projected.append(member) }
                    } else {
                        uses.escapesUnlessProjected = true
                        uses.usedWhole = true
                    }
                    continue
                }
                guard text == name else { continue }
                // `other.name`: something else's property.
                if tree.isMemberOfOther(atToken: i) { continue }
                // `Row(name: x)`, `func f(name: T)`: an argument's or a parameter's label.
                if tree.isLabel(atToken: i) { continue }
                var j = i + 1
                while j < tokens.count, tokens[j].kind == .postfixQuestionMark || tokens[j].kind == .exclamationMark { j += 1 }
                // `model.$comment`: a `@Published` property's publisher, which the view subscribes to
                // (`.onReceive(model.$comment) { ... }`): a read, as `model.comment` is.
                if j + 1 < tokens.count, tokens[j].kind == .period, tokens[j + 1].kind == .dollarIdentifier {
                    uses.isRead = true
                    let member = String(tree.identifierText(tokens[j + 1]).dropFirst())
                    if !uses.members.contains(member) { uses.members.append(member) }
                    continue
                }
                guard j + 1 < tokens.count, tokens[j].kind == .period, tokens[j + 1].kind == .identifier else {
                    (uses.escapes, uses.escapesUnlessProjected, uses.usedWhole) = (true, true, true)  // handed on as it is
                    if j == i + 1, let callee = constructionArgumentCallee(at: i, tree), !uses.escapesElsewhere {
                        if !uses.handedTo.contains(callee) { uses.handedTo.append(callee) }
                    } else {
                        uses.escapesElsewhere = true
                    }
                    continue
                }
                if j + 2 < tokens.count, tokens[j + 2].kind == .leftParen {
                    let method = tree.identifierText(tokens[j + 1])
                    if !uses.calls.contains(method) { uses.calls.append(method) }
                    if !isStatementCall(from: i, open: j + 2, tree), !uses.callsUsingResult.contains(method) {
                        uses.callsUsingResult.append(method)
                    }
                    continue
                }
                let member = tree.identifierText(tokens[j + 1])
                if !uses.members.contains(member) { uses.members.append(member) }
                if (tree.isWrite(atToken: i) && !readsThroughValueMethod(from: j, tree)) || assignsSubscript(from: j, tree) {
                    (uses.escapes, uses.escapesElsewhere, uses.escapesUnlessProjected) = (true, true, true)
                } else {
                    uses.isRead = true
                }
            }
        }
        return uses
    }

    /// Whether the file names `name` only once (its declaration), in code or in an interpolated string; another's
    /// member of that name (`repository.trips`) and an argument's label (`Trip(trips: ...)`) are not it.
    static func isNamedOnce(_ name: String, _ file: FileContext) -> Bool {
        let names = file.nameCounts
        guard !names.interpolatedStrings.contains(where: { $0.text.contains(name) }) else { return false }
        guard let count = names.counts[name], count > 1 else { return true }
        return (file.ownNameCounts[name] ?? 0) <= 1
    }

    /// Whether the pattern binding `b` has an initial value with a call in it (`= Timer.scheduledTimer(...)`,
    /// `= { ... }()`), not a literal.
    static func hasCallValue(_ b: Int, _ file: FileContext) -> Bool {
        guard let value = file.tree.child(b, .initializerClause) else { return false }
        return file.tree.subtree(value).contains { file.kind($0) == .callExpr || file.kind($0) == .closureExpr }
    }

    /// Methods of the standard library's and Foundation's values that return a new value and change nothing
    /// (`model.comment.timestamp.formatted(...)`, `model.name.lowercased()`).
    static let valueMethods: Set<String> = [
        "formatted", "lowercased", "uppercased", "capitalized", "trimmingCharacters", "components", "replacingOccurrences",
        "hasPrefix", "hasSuffix", "contains", "filter", "map", "compactMap", "sorted", "reversed", "joined", "prefix",
        "suffix", "first", "last", "firstIndex", "dateValue", "timeIntervalSince", "addingTimeInterval", "distance",
    ]

    /// Whether the member chain at `period` assigns an element of a member (`.marks[0] = "X"`, `.grid[r][c] += 1`),
    /// which `SyntaxTree.isWrite` does not look past.
    static func assignsSubscript(from period: Int, _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        var k = period
        var subscripted = false
        while k < tokens.count {
            if k + 1 < tokens.count, tokens[k].kind == .period, tokens[k + 1].kind == .identifier, !tokens[k].isAtStartOfLine || k == period {
                k += 2
            } else if tokens[k].kind == .leftSquare {
                // Past the balanced brackets (at most 256 tokens: a subscript is short).
                var depth = 0
                let start = k
                while k < tokens.count, k - start < 256 {
                    if tokens[k].kind == .leftSquare { depth += 1 }
                    if tokens[k].kind == .rightSquare { depth -= 1; if depth == 0 { break } }
                    k += 1
                }
                guard k < tokens.count, depth == 0 else { return false }
                subscripted = true
                k += 1
            } else {
                break
            }
        }
        guard subscripted, k < tokens.count else { return false }
        if tree.isAssignment(tokens[k]) { return true }
        // `.lights[i].toggle()`: a method of the element, which may change it (a value's method aside).
        return tokens[k].kind == .leftParen && tokens[k - 1].kind == .identifier && k >= 2 && tokens[k - 2].kind == .period
            && !valueMethods.contains(tree.identifierText(tokens[k - 1]))
    }

    /// Whether the member chain at `period` (`.comment.timestamp.formatted(...)`, on one line) ends in a call of one of
    /// `valueMethods`: a read of the member, not a method that may change it.
    static func readsThroughValueMethod(from period: Int, _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        var k = period
        while k + 1 < tokens.count, tokens[k].kind == .period, tokens[k + 1].kind == .identifier,
              k == period || !tokens[k].isAtStartOfLine { k += 2 }
        guard k < tokens.count, tokens[k].kind == .leftParen, k > period + 1 else { return false }
        return valueMethods.contains(tree.identifierText(tokens[k - 1]))
    }

    /// Whether the call whose receiver is the token at `i` and whose `(` is at `open` is a statement of its own
    /// (`model.login()` on its line, or after `{`, `;` or a closure's `in`): its result, if any, is not used.
    static func isStatementCall(from i: Int, open: Int, _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        var s = tree.isMemberOfSelf(atToken: i) ? i - 2 : i
        while s > 0, tokens[s - 1].kind == .keyword, tokens[s - 1].keyword == .try || tokens[s - 1].keyword == .await { s -= 1 }
        guard startsStatement(at: s, tree) else { return false }
        // Past the arguments and any trailing closure: the chain must end there.
        var k = open
        var depth = 0
        while k < tokens.count {
            switch tokens[k].kind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth -= 1
            default: break
            }
            k += 1
            if depth == 0 {
                if k < tokens.count, tokens[k].kind == .leftBrace, !tokens[k].isAtStartOfLine { continue }
                break
            }
        }
        return k >= tokens.count || tokens[k].isAtStartOfLine || tokens[k].kind == .rightBrace || tokens[k].kind == .semicolon
    }

    /// The capitalized callee of the call whose argument list holds the token at `i` as a whole argument
    /// (`Scanner(model: model, buffer: buffer)`, `Scanner(buffer)`): a type the object is handed to as it is made.
    static func constructionArgumentCallee(at i: Int, _ tree: SyntaxTree) -> String? {
        let tokens = tree.tokens
        guard i + 1 < tokens.count, tokens[i + 1].kind == .rightParen || tokens[i + 1].kind == .comma, i > 0 else { return nil }
        // The argument starts right after `(`, `,` or its label's `:`.
        var start = i - 1
        if tokens[start].kind == .colon {
            guard start >= 2, tokens[start - 1].kind == .identifier else { return nil }
            start -= 2
        }
        guard tokens[start].kind == .leftParen || tokens[start].kind == .comma else { return nil }
        // Back to the unmatched `(` of the call, at most 512 tokens from the object's.
        return tree.openCallCallee(at: start, limit: 512 - (i - start))
    }

    /// Calls that run their closure before they return: a write in it is made with the code around it.
    static let immediateClosureCallees: Set<String> = [
        "map", "compactMap", "flatMap", "forEach", "filter", "reduce", "sorted", "sort", "first", "firstIndex", "last",
        "lastIndex", "contains", "allSatisfy", "min", "max", "removeAll", "mapValues", "compactMapValues", "Dictionary",
        "partition", "drop", "prefix", "split",
    ]
    /// Words of work that runs after the object is made (tasks, queues, timers, subscriptions, observers). A
    /// `PassthroughSubject` is not: made, it only passes on what is sent to it (`didChange.send(self)` in a
    /// `didSet`), and keeps no value, where a `CurrentValueSubject` keeps one.
    static let laterWorkWords: Set<String> = [
        "Task", "await", "async", "DispatchQueue", "asyncAfter", "Timer", "sink", "assign", "receive", "onReceive",
        "NotificationCenter", "addObserver", "observe", "publisher", "URLSession", "OperationQueue", "Future",
        "CurrentValueSubject", "subscribe", "withAnimation",
    ]
    /// The words of `laterWorkWords` that are methods, and name later work only where they are called
    /// (`publisher(for:)`, `sink { ... }`): a book's `publisher` or a `receive` flag is a property.
    static let laterWorkMethods: Set<String> = [
        "asyncAfter", "sink", "assign", "receive", "onReceive", "addObserver", "observe", "publisher", "subscribe",
        "withAnimation",
    ]

    /// Whether the token at `i` names later work (`laterWorkWords`, a method among them called there).
    static func namesLaterWork(at i: Int, _ text: String, _ tree: SyntaxTree) -> Bool {
        guard laterWorkWords.contains(text) else { return false }
        guard laterWorkMethods.contains(text) else { return true }
        let next = i + 1 < tree.tokens.count ? tree.tokens[i + 1].kind : nil
        return next == .leftParen || next == .leftBrace
    }
    /// Keywords that open a block, not a closure, when they start the line of a `{`.
    static let blockKeywords: Set<Keyword> = [
        .func, .`init`, .deinit, .subscript, .class, .struct, .enum, .extension, .protocol, .if, .guard, .while, .for,
        .switch, .catch, .else, .do, .defer, .repeat,
    ]

    /// The declaration declares a property that is not `static`.
    static func hasInstanceProperties(_ decl: Int, _ file: FileContext) -> Bool {
        guard let block = file.tree.child(decl, .memberBlock) else { return false }
        return file.memberDecls(block).contains { file.kind($0) == .variableDecl && !file.hasModifier($0, .static) }
    }

    /// Whether making the class (its initializers, the methods they call, its properties' initial values) names work
    /// that goes on after it is made (`laterWorkWords`), read from the tokens.
    static func startsWorkWhenMade(_ decl: Int, _ file: FileContext) -> Bool {
        let tree = file.tree
        let tokens = tree.tokens
        var methods: [String: Range<Int>] = [:]
        var pending: [Range<Int>] = []
        for d in [decl] + file.extensionsInFile(of: decl) {
            guard let members = tree.child(d, .memberBlock) else { continue }
            for m in file.memberDecls(members) {
                switch file.kind(m) {
                case .initDecl: pending.append(tree.tokenRange(of: m))
                case .variableDecl where !file.hasModifier(m, .static): pending.append(tree.tokenRange(of: m))
                case .funcDecl: if let name = file.name(m) { methods[name] = tree.tokenRange(of: m) }
                default: continue
                }
            }
        }
        var visited: Set<String> = []
        while let range = pending.popLast() {
            for i in range where tokens[i].kind == .identifier || tokens[i].kind == .keyword {
                let text = tree.identifierText(tokens[i])
                if namesLaterWork(at: i, text, tree) { return true }
                // `setUp()`, `self.setUp()`: a method of the class, which runs as part of making it.
                if i + 1 < tokens.count, tokens[i + 1].kind == .leftParen, let called = methods[text],
                   !tree.isMemberOfOther(atToken: i),
                   visited.insert(text).inserted {
                    pending.append(called)
                }
            }
        }
        return false
    }

    /// The methods of the class (in this file, with its extensions here) declared with a result other than `Void`.
    static func methodsWithResult(_ decl: Int, _ file: FileContext) -> [String] {
        let tree = file.tree
        var found: [String] = []
        for d in [decl] + file.extensionsInFile(of: decl) {
            guard let members = tree.child(d, .memberBlock) else { continue }
            for m in file.memberDecls(members) where file.kind(m) == .funcDecl {
                guard let name = file.name(m) else { continue }
                // The tokens between the parameters and the body: `-> String`, `async throws -> Item?`.
                let range = tree.tokenRange(of: m)
                guard let arrow = range.first(where: { tree.tokens[$0].kind == .arrow }), arrow + 2 < range.upperBound else { continue }
                let isVoid = (tree.tokens[arrow + 1].kind == .identifier && tree.identifierText(tree.tokens[arrow + 1]) == "Void")
                    || (tree.tokens[arrow + 1].kind == .leftParen && tree.tokens[arrow + 2].kind == .rightParen)
                if !isVoid { found.append(name) }
            }
        }
        return found
    }

    /// Whether the initializers of the class (in this file, with its extensions here) only store values: no
    /// statement of theirs is a call (`load()`, `store.fetch { ... }`, `DispatchQueue.main.async { ... }`) other than
    /// `super.init(...)` or `self.init(...)`; `items = Store.load()` stores what a call returns.
    static func initializersOnlyStore(_ decl: Int, _ file: FileContext) -> Bool {
        let tree = file.tree
        let tokens = tree.tokens
        for d in [decl] + file.extensionsInFile(of: decl) {
            guard let members = tree.child(d, .memberBlock) else { continue }
            for m in file.memberDecls(members) where file.kind(m) == .initDecl {
                let range = tree.tokenRange(of: m)
                // From the body's opening brace: a default value of a parameter is not a statement.
                guard let open = range.first(where: { tokens[$0].kind == .leftBrace }) else { continue }
                for k in (open + 1)..<range.upperBound where startsStatement(at: k, tree) {
                    if statementCall(at: k, tree) { return false }
                }
            }
        }
        return true
    }

    /// Whether the token at `k` starts a statement: first on its line, or after `{`, `;` or a closure's `in`.
    static func startsStatement(at k: Int, _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        guard k > 0, !tokens[k].isAtStartOfLine else { return true }
        let previous = tokens[k - 1]
        return previous.kind == .leftBrace || previous.kind == .semicolon || (previous.kind == .keyword && previous.keyword == .in)
    }

    /// Whether the statement starting at token `k` is a call (`load()`, `try self.store.fetch(x)`, `items.forEach {`)
    /// other than `super.init(...)` or `self.init(...)`.
    static func statementCall(at k: Int, _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        var i = k
        while i < tokens.count, tokens[i].kind == .keyword, tokens[i].keyword == .try || tokens[i].keyword == .await {
            i += 1
            while i < tokens.count, tokens[i].kind == .postfixQuestionMark || tokens[i].kind == .exclamationMark { i += 1 }
        }
        var chain: [String] = []
        while i < tokens.count, tokens[i].kind == .identifier
            || (tokens[i].kind == .keyword && (tokens[i].keyword == .self || tokens[i].keyword == .super || tokens[i].keyword == .`init`)) {
            chain.append(tree.identifierText(tokens[i]))
            i += 1
            while i < tokens.count, tokens[i].kind == .postfixQuestionMark || tokens[i].kind == .exclamationMark { i += 1 }
            guard i + 1 < tokens.count, tokens[i].kind == .period else { break }
            i += 1
        }
        guard !chain.isEmpty, i < tokens.count else { return false }
        let isCall = tokens[i].kind == .leftParen || (tokens[i].kind == .leftBrace && !tokens[i].isAtStartOfLine)
        return isCall && !(chain.count == 2 && (chain[0] == "super" || chain[0] == "self") && chain[1] == "init")
    }

    /// A class (in this file, with its extensions here) whose stored properties, `@Published` or plain, are written
    /// only in its initializers and methods, never in a closure that may run later, and that names no work that runs
    /// later (`laterWorkWords`): read from the tokens, since the parser may skip the bodies of its methods.
    static func derivedFromInputs(_ decl: Int, _ file: FileContext) -> DerivedClass? {
        let tree = file.tree
        guard let superclass = file.inheritedNames(decl).first else { return nil }
        let declarations = [decl] + file.extensionsInFile(of: decl)
        var stored: Set<String> = []
        var bindings: [String] = []
        var methods: [(name: String, tokens: Range<Int>)] = []
        for d in declarations {
            guard let members = tree.child(d, .memberBlock) else { continue }
            for m in file.memberDecls(members) {
                switch file.kind(m) {
                case .variableDecl where !file.hasModifier(m, .static):
                    let wrappers = file.attributes(m).compactMap { file.name($0) }
                    if file.hasModifier(m, .lazy) { return nil }
                    if wrappers.contains(where: { $0 == "Binding" || persistenceWrappers.contains($0) || injectionWrappers.contains($0) }) {
                        if wrappers.contains("Binding"), let name = file.firstBindingName(m) { bindings.append(name) }
                        continue
                    }
                    guard wrappers.allSatisfy({ $0 == "Published" }) else { return nil }
                    let isLet = tree.nameToken(m)?.keyword == .let
                    for b in file.children(m) where file.kind(b) == .patternBinding {
                        guard let name = tree.firstChild(b).flatMap({ file.name($0) }) else { return nil }
                        if isLet {
                            // A `let` the class fills with an object it makes, which may hold state of its own; a
                            // private one the file never names again (`private let service = JobService()`, unused)
                            // holds nothing anyone reads.
                            if let value = tree.child(b, .initializerClause).flatMap({ tree.firstChild($0) }),
                               file.kind(file.unwrapped(value)) == .callExpr,
                               !(file.hasModifier(m, .private) && isNamedOnce(name, file)) { return nil }
                        } else if !file.isComputed(b) {
                            stored.insert(name)
                        }
                    }
                case .funcDecl where !file.hasModifier(m, .static):
                    if let name = file.name(m) { methods.append((name, tree.tokenRange(of: m))) }
                default:
                    continue
                }
            }
        }
        guard !stored.isEmpty else { return nil }
        let tokens = tree.tokens
        // A delegate (`CLLocationManagerDelegate`, `x.delegate = self`): the system calls its methods later, so what
        // they write is state of its own (a compass's heading), not values derived when it was made.
        if file.inheritedNames(decl).contains(where: { $0.hasSuffix("Delegate") })
            || declarations.contains(where: { setsItselfAsDelegate(tree.tokenRange(of: $0), tree) }) { return nil }
        // Making it throws (`try store.unifiedContacts(...)`, a file read, in an initializer or a method one calls):
        // it reads a store each time it is made, which a view made again repeats (judged right for OldOS's contacts
        // fetched again at every render of the mail view).
        if readsAStoreWhenMade(declarations, methods: methods, tree) { return nil }
        var writers: [String] = []
        // Later work in a method that making the object never runs (no initializer calls it, nor a method they call)
        // starts only when the method is called: the method is a writer, and a view that never calls it loses nothing.
        let runWhenMade = methodsCalledWhenMade(declarations, methods: methods, tree)
        func startsLaterWork(at i: Int) -> Bool {
            guard let method = methods.first(where: { $0.tokens.contains(i) }), !runWhenMade.contains(method.name) else { return false }
            if !writers.contains(method.name) { writers.append(method.name) }
            return true
        }
        // The initializers' mirrors of an outside source (`mirrors`): the subscription they start only keeps the
        // properties equal to the source's current value, which a new object gets at once.
        let mirrored = declarations.compactMap { tree.child($0, .memberBlock) }.flatMap { mirrors($0, file) }.map { tree.tokenRange(of: $0.node) }
        for region in declarations.map(tree.tokenRange(of:)) {
            // For each open brace, whether it opens a closure that may run later.
            var later: [Bool] = []
            var i = region.lowerBound
            while i < region.upperBound {
                defer { i += 1 }
                if let mirror = mirrored.first(where: { $0.contains(i) }) {
                    i = mirror.upperBound - 1  // its braces are balanced: the stack is as it was
                    continue
                }
                let token = tokens[i]
                switch token.kind {
                case .leftBrace:
                    later.append(opensLaterClosure(at: i, tree))
                case .rightBrace:
                    _ = later.popLast()
                case .identifier, .keyword:
                    let text = tree.identifierText(token)
                    if namesLaterWork(at: i, text, tree) {
                        if startsLaterWork(at: i) { continue }
                        return nil
                    }
                    guard stored.contains(text), tree.isWrite(atToken: i),
                          !tree.isMemberOfOther(atToken: i) else { continue }
                    if later.contains(true) {
                        if startsLaterWork(at: i) { continue }
                        return nil
                    }
                    if let method = methods.first(where: { $0.tokens.contains(i) }), !writers.contains(method.name) {
                        writers.append(method.name)
                    }
                default:
                    continue
                }
            }
        }
        // A method that calls a writer writes too: from each writer to the methods that call it, each looked at once.
        var callers: [String: [String]] = [:]
        for method in methods {
            for name in calledNames(in: method.tokens, tree) { callers[name, default: []].append(method.name) }
        }
        var known = Set(writers)
        var pending = writers
        while let writer = pending.popLast() {
            for caller in callers[writer] ?? [] where known.insert(caller).inserted {
                writers.append(caller)
                pending.append(caller)
            }
        }
        return DerivedClass(name: recordedName(decl, file), superclass: superclass, writers: writers,
                            methods: methods.map(\.name), bindings: bindings)
    }

    /// Whether the tokens say `.delegate = self` (or `.dataSource = self`): an object that hands itself to
    /// another to be called back.
    static func setsItselfAsDelegate(_ range: Range<Int>, _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        return range.contains { i in
            i + 3 < range.upperBound && tokens[i].kind == .period && tokens[i + 1].kind == .identifier
                && ["delegate", "dataSource"].contains(tree.identifierText(tokens[i + 1])) && tokens[i + 2].kind == .equal
                && tokens[i + 3].kind == .keyword && tokens[i + 3].keyword == .self
        }
    }

    /// The names called (followed by `(`) in a range of tokens.
    static func calledNames(in range: Range<Int>, _ tree: SyntaxTree) -> Set<String> {
        let tokens = tree.tokens
        var names: Set<String> = []
        for i in range where tokens[i].kind == .identifier && i + 1 < range.upperBound && tokens[i + 1].kind == .leftParen {
            names.insert(tree.identifierText(tokens[i]))
        }
        return names
    }

    /// The methods making the object runs: those its initializers call, and those these call, by name.
    static func methodsCalledWhenMade(_ declarations: [Int], methods: [(name: String, tokens: Range<Int>)],
                                      _ tree: SyntaxTree) -> Set<String> {
        var called: Set<String> = []
        for d in declarations {
            for n in tree.subtree(d) where tree.nodes[n].kind == .initDecl { called.formUnion(calledNames(in: tree.tokenRange(of: n), tree)) }
        }
        let byName = Dictionary(grouping: methods, by: \.name)
        var pending = methods.filter { called.contains($0.name) }
        var seen = Set(pending.map(\.name))
        while let method = pending.popLast() {
            for name in calledNames(in: method.tokens, tree) where !seen.contains(name) {
                seen.insert(name)
                pending += byName[name] ?? []
            }
        }
        return seen
    }

    /// Whether an initializer of the class, or a method of it that an initializer names, says `try`.
    static func readsAStoreWhenMade(_ declarations: [Int], methods: [(name: String, tokens: Range<Int>)], _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        var ranges: [Range<Int>] = []
        for d in declarations {
            for n in tree.subtree(d) where tree.nodes[n].kind == .initDecl { ranges.append(tree.tokenRange(of: n)) }
        }
        let called = ranges.reduce(into: Set<String>()) { $0.formUnion(calledNames(in: $1, tree)) }
        ranges += methods.filter { called.contains($0.name) }.map(\.tokens)
        return ranges.contains { range in range.contains { tokens[$0].kind == .keyword && tokens[$0].keyword == .try } }
    }

    /// Whether the `{` at token `i` opens a closure whose call may run it later: not a declaration's or a
    /// statement's block (found by the keywords of its line), and not the closure of `immediateClosureCallees`.
    static func opensLaterClosure(at i: Int, _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        guard i > 0 else { return false }
        let previous = tokens[i - 1]
        // `get {`, `didSet {`, `else {`: an accessor's or a statement's block.
        if previous.keyword == .get || previous.keyword == .set || previous.keyword == .didSet || previous.keyword == .willSet
            || (previous.kind == .keyword && blockKeywords.contains(previous.keyword)) { return false }
        var start = i - 1
        while start > 0, !tokens[start].isAtStartOfLine { start -= 1 }
        for k in start..<i {
            let t = tokens[k]
            if t.kind == .keyword, blockKeywords.contains(t.keyword) { return false }
            // `var total: Int {`: a computed property; `let x = xs.map {`: a closure.
            if t.kind == .keyword, t.keyword == .var || t.keyword == .let, !tokens[k..<i].contains(where: { $0.kind == .equal }) {
                return false
            }
        }
        var callee: Token?
        if previous.kind == .identifier {
            callee = previous
        } else if previous.kind == .rightParen {
            var depth = 0
            var k = i - 1
            while k > start {
                if tokens[k].kind == .rightParen { depth += 1 }
                if tokens[k].kind == .leftParen { depth -= 1; if depth == 0 { break } }
                k -= 1
            }
            if k > 0, tokens[k - 1].kind == .identifier { callee = tokens[k - 1] }
        }
        guard let callee else { return true }
        return !immediateClosureCallees.contains(tree.identifierText(callee))
    }

    /// A class declaration with properties, none of them `@Published`, a stored `var` (other than those kept in
    /// `persistenceWrappers` and the bindings it was given) or a `let` created by the class (`let cache = Cache()`):
    /// its state is its inputs (`let`s set in `init`) or lives elsewhere (computed properties over `UserDefaults`). A
    /// class without properties (methods only, or nothing: `final class Store: ObservableObject {}`) holds nothing
    /// either.
    static func holdsNoState(_ decl: Int, _ file: FileContext) -> Bool {
        guard let block = file.tree.child(decl, .memberBlock) else { return false }
        let mirrored = mirroredProperties(block, file).union(persistedProperties(block, file))
        for m in file.memberDecls(block) where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
            let wrappers = file.attributes(m).compactMap { file.name($0) }
            // A subscription (`var cancellable: AnyCancellable?`, `Set<AnyCancellable>`, a key-value observation's
            // `NSKeyValueObservation`) keeps nothing shown.
            if !file.hasModifier(m, .lazy), file.children(m).allSatisfy({ b in
                file.kind(b) != .patternBinding || file.tree.child(b, .typeAnnotation).map { annotation in
                    let text = file.tree.compactText(annotation)
                    return text.contains("AnyCancellable") || text.contains("NSKeyValueObservation")
                } == true
            }) { continue }
            if wrappers.contains("Published") {
                // A mirror of an outside source: a new object has the source's current value at once.
                if file.children(m).allSatisfy({ b in
                    file.kind(b) != .patternBinding || file.tree.firstChild(b).flatMap({ file.name($0) }).map(mirrored.contains) == true
                }) { continue }
                return false
            }
            if wrappers.contains(where: { persistenceWrappers.contains($0) || injectionWrappers.contains($0) }) { continue }
            // A binding the class was given (`@Binding var value: Link`): what it reads and writes is its creator's
            // state (judged wrong twice in BK: editors that wrap a row's binding, where a `@StateObject` would keep
            // writing through the first row's binding).
            if wrappers.contains("Binding") { continue }
            if file.hasModifier(m, .lazy) { return false }
            let isLet = file.tree.nameToken(m)?.keyword == .let
            for b in file.children(m) where file.kind(b) == .patternBinding {
                // A private property the file never names again (`private var trips: [Trip] = []`, left unused) holds
                // nothing anyone reads.
                // (One given a call's value, `Timer.scheduledTimer(...)`, may start work when made: judged below.)
                if file.hasModifier(m, .private), let name = file.tree.firstChild(b).flatMap({ file.name($0) }),
                   !hasCallValue(b, file), isNamedOnce(name, file) { continue }
                if isLet {
                    // A `let` the class fills itself with a new object or value of a call; a subject that only passes
                    // events on (`PassthroughSubject<Void, Never>()`) keeps no value, nor does a formatter, a coder or
                    // a queue (`DateFormatter()`, `DispatchQueue(label:)`: configuration, not state). A shared instance (`AVAudioSession.sharedInstance()`)
                    // is the system's, not the class's.
                    if let value = file.tree.child(b, .initializerClause).flatMap({ file.tree.firstChild($0) }),
                       file.kind(file.unwrapped(value)) == .callExpr,
                       !statelessHelperTypes.contains(file.construction(value).type ?? ""),
                       !isSharedInstanceCall(file.unwrapped(value), file) {
                        return false
                    }
                } else if !file.isComputed(b), !(file.tree.firstChild(b).flatMap { file.name($0) }.map(mirrored.contains) ?? false) {
                    return false
                }
            }
        }
        // No property at all: a class of methods only (helpers over a database) holds nothing, and neither does an
        // empty one (`final class HomeViewModel: ObservableObject {}`, a placeholder: engineers judged all three such
        // findings wrong, in BE, AL and BH).
        return true
    }

    /// Objects a class makes for itself that keep no state of its own: an event subject, formatters and coders.
    static let statelessHelperTypes: Set<String> = [
        "PassthroughSubject", "DateFormatter", "ISO8601DateFormatter", "NumberFormatter", "DateComponentsFormatter",
        "RelativeDateTimeFormatter", "MeasurementFormatter", "ByteCountFormatter", "JSONDecoder", "JSONEncoder",
        "PropertyListDecoder", "PropertyListEncoder", "DispatchQueue",
    ]

    /// `Type.sharedInstance()`, `Type.default()`: the accessor of an instance the system or a library shares.
    static func isSharedInstanceCall(_ call: Int, _ file: FileContext) -> Bool {
        guard let callee = file.tree.firstChild(call), file.kind(callee) == .memberAccessExpr, file.arguments(call).isEmpty,
              let base = file.tree.firstChild(callee), file.kind(base) == .identifierExpr,
              let type = file.name(base), FileContext.isTypeLike(type) else { return false }
        return sharedInstanceAccessors.contains(file.name(callee) ?? "")
    }

    static let sharedInstanceAccessors: Set<String> = ["shared", "sharedInstance", "default", "standard", "current"]

    /// Stores whose values outlive the object: a new object reads what the old one wrote.
    static let persistentStores: Set<String> = ["UserDefaults", "Defaults", "NSUbiquitousKeyValueStore"]

    /// The `@Published` properties, and the plain stored `var`s, that mirror persistent storage: each takes its
    /// first value from a store (`persistentStores`, a type whose name ends in `Defaults`, or a property of the class
    /// with a storage wrapper such as
    /// `@AppStorage` or `@Default`), in its initial value or in an initializer's assignment, and writes every change
    /// back, in its `didSet` or `willSet` or in a subscription an initializer makes to `$property`. An object
    /// created again reads what the last one wrote: there is nothing of its own to lose.
    static func persistedProperties(_ block: Int, _ file: FileContext) -> Set<String> {
        let tree = file.tree
        var storeWords = persistentStores
        var candidates: [(name: String, binding: Int)] = []
        for m in file.memberDecls(block) where file.kind(m) == .variableDecl && !file.hasModifier(m, .static) {
            let wrappers = file.attributes(m).compactMap { file.name($0) }
            for b in file.children(m) where file.kind(b) == .patternBinding {
                guard let name = tree.firstChild(b).flatMap({ file.name($0) }) else { continue }
                if wrappers.contains("Published") || (wrappers.isEmpty && tree.nameToken(m)?.keyword == .var && !file.isComputed(b)) {
                    candidates.append((name, b))
                } else if wrappers.contains(where: persistenceWrappers.contains) {
                    // `@AppStorage("k") var value`, `@Default(.key) var value`: a property kept in a store.
                    storeWords.insert(name)
                }
            }
        }
        guard !candidates.isEmpty else { return [] }
        // A project's own wrapper of `UserDefaults` is named for it (`SharedDefaults.getTheme()`, an app group's).
        func mentionsStore(_ tokens: Range<Int>) -> Bool {
            tokens.contains { i in
                let token = tree.tokens[i]
                guard token.kind == .identifier else { return false }
                let text = tree.identifierText(token)
                return storeWords.contains(text) || (text.hasSuffix("Defaults") && FileContext.isTypeLike(text))
            }
        }
        func tokens(_ n: Int) -> Range<Int> { Int(tree.nodes[n].firstToken)..<Int(tree.nodes[n].endToken) }
        let initializers = file.memberDecls(block).filter { file.kind($0) == .initDecl }
        var persisted: Set<String> = []
        for (name, binding) in candidates {
            // Written back: a `didSet` or `willSet` that names a store, or a subscription to `$name` in an
            // initializer whose tokens from `$name` to the end of the statement name one.
            let observers = tree.child(binding, .accessorBlock).map { accessors in
                file.children(accessors).filter { file.kind($0) == .accessorDecl && (file.name($0) == "didSet" || file.name($0) == "willSet") }
            } ?? []
            var writesBack = observers.contains { mentionsStore(tokens($0)) }
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
        Set(mirrors(block, file).flatMap(\.properties))
    }

    /// The calls of the class's initializers that feed properties from an outside source's current value, with the
    /// properties each feeds: `source.publisher(for: \.value).assign(to: &$value)` (`mirroredProperties`), and
    /// key-value observing asked for the initial value, whose handler only assigns what it observes
    /// (`observation = updater.observe(\.canCheck, options: [.initial, .new]) { [weak self] updater, _ in
    /// DispatchQueue.main.async { self?.canCheck = updater.canCheck } }`, Sparkle's "Check for Updates" model).
    /// A method an initializer calls as a statement of its own (`init() { subscribe() }`) sets up as the
    /// initializer does: its calls count too (one level).
    static func mirrors(_ block: Int, _ file: FileContext) -> [(node: Int, properties: [String])] {
        let tree = file.tree
        var found: [(node: Int, properties: [String])] = []
        let members = file.memberDecls(block)
        // The initial value of each stored property (`@Published var volume = session.outputVolume * 100`).
        var initialValues: [String: Int] = [:]
        for m in members where file.kind(m) == .variableDecl {
            for b in file.children(m) where file.kind(b) == .patternBinding {
                if let name = tree.firstChild(b).flatMap({ file.name($0) }), let value = tree.child(b, .initializerClause) {
                    initialValues[name] = value
                }
            }
        }
        func readsInitially(_ property: String, _ member: String) -> Bool {
            guard let value = initialValues[property] else { return false }
            return tree.tokenRange(of: value).contains { tree.tokens[$0].kind == .identifier && tree.identifierText(tree.tokens[$0]) == member }
        }
        var setUps: [Int] = []
        let methods = members.filter { file.kind($0) == .funcDecl }
        for m in members where file.kind(m) == .initDecl {
            guard let body = tree.child(m, .codeBlock) else { continue }
            setUps.append(body)
            guard !methods.isEmpty else { continue }
            // From the tokens: the parser may have skipped the initializer's body. `name()` or `self.name()` at the
            // start of a line.
            let range = tree.tokenRange(of: body)
            for i in range where tree.tokens[i].isAtStartOfLine {
                var j = i
                if tree.tokens[j].kind == .keyword, tree.tokens[j].keyword == .self, j + 2 < range.upperBound,
                   tree.tokens[j + 1].kind == .period { j += 2 }
                guard j + 2 < range.upperBound, tree.tokens[j].kind == .identifier, tree.tokens[j + 1].kind == .leftParen,
                      tree.tokens[j + 2].kind == .rightParen else { continue }
                let called = tree.identifierText(tree.tokens[j])
                for f in methods where file.name(f) == called {
                    if let body = tree.child(f, .codeBlock), !setUps.contains(body) { setUps.append(body) }
                }
            }
        }
        for body in setUps {
            for n in tree.subtree(body) where file.kind(n) == .callExpr {
                guard let callee = tree.firstChild(n), file.kind(callee) == .memberAccessExpr else { continue }
                if file.name(callee) == "observe", let observed = observedWithInitialValue(n, file, readsInitially: readsInitially) {
                    found.append((n, observed))
                    continue
                }
                guard file.name(callee) == "assign",
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
                if emitsCurrentValue(source, file) { found.append((n, [String(name.dropFirst())])) }
            }
        }
        return found
    }

    /// For `x.observe(\.value, options: [.initial, ...]) { ... }`: the properties of `self` its handler assigns
    /// (`self?.value = ...`, `self.value = ...`), when the handler does nothing but such assignments (possibly
    /// dispatched to the main queue); nil otherwise. Without `.initial` nothing is sent until a change: then each
    /// property must take its initial value from the observed value (`readsInitially(property, "value")`:
    /// `@Published var volume = session.outputVolume * 100` with `session.observe(\.outputVolume)`).
    static func observedWithInitialValue(_ call: Int, _ file: FileContext,
                                         readsInitially: (String, String) -> Bool = { _, _ in false }) -> [String]? {
        let tree = file.tree
        let arguments = file.arguments(call)
        guard let keyPath = arguments.first, keyPath.label == nil, let path = keyPath.value, file.kind(path) == .keyPathExpr,
              let handler = tree.subtree(call).first(where: { file.kind($0) == .closureExpr }) else { return nil }
        let asksInitial = arguments.first(where: { $0.label == "options" })?.value.map { options in
            tree.tokenRange(of: options).contains { tree.tokens[$0].kind == .identifier && tree.identifierText(tree.tokens[$0]) == "initial" }
        } ?? false
        // The observed value's name: the key path's last component.
        let observed = tree.tokenRange(of: path).last { tree.tokens[$0].kind == .identifier }.map { tree.identifierText(tree.tokens[$0]) }
        var assigned: [String] = []
        for n in tree.subtree(handler) {
            switch file.kind(n) {
            case .binaryExpr where file.name(n) == "=":
                guard let target = tree.firstChild(n), file.kind(target) == .memberAccessExpr, let name = file.name(target),
                      let base = tree.firstChild(target), tree.compactText(base) == "self" || tree.compactText(base) == "self?"
                else { return nil }
                // What is assigned comes from the observed object, not from the object's own values
                // (`self?.changes = (self?.changes ?? 0) + 1` counts).
                if let value = Array(file.children(n)).last, value != target,
                   tree.subtree(value).contains(where: { file.kind($0) == .identifierExpr && file.name($0) == "self" }) { return nil }
                assigned.append(name)
            case .binaryExpr where tree.nameToken(n).map(tree.isAssignment) == true:
                return nil  // `self?.count += 1` keeps a count of its own
            case .callExpr:
                // `DispatchQueue.main.async { ... }` around the assignments; any other call does more than mirror.
                guard let callee = tree.firstChild(n), tree.compactText(callee) == "DispatchQueue.main.async" else { return nil }
            default:
                continue
            }
        }
        guard !assigned.isEmpty else { return nil }
        if asksInitial { return assigned }
        guard let observed, assigned.allSatisfy({ readsInitially($0, observed) }) else { return nil }
        return assigned
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
    static func checkProperty(_ decl: Int, in ownerDecl: Int, _ owner: String, _ context: FileContext,
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
            // `init(url: URL) { imageLoader.setup(url) }`: set up from an input, which a `@StateObject` would keep the
            // first value of (Gary-Portal-iOS's image loader, judged wrong for the plain advice in BE).
            let inputs = setUpInputs(of: property, in: ownerDecl, context)
            let bindings = inputs.count == 1 ? bindingParameterNames(in: ownerDecl, context) : []
            report.report(at: attribute, inputs.first.map { message(property: property, type: created.type, input: $0,
                                                                    otherInputs: Array(inputs.dropFirst()),
                                                                    inputIsBinding: bindings.contains($0)) }
                            ?? message(property: property, type: created.type), fixes: [fix],
                          condition: Condition(owner: owner, type: created.type ?? annotatedType(b, context), property: property,
                                               constructed: created.type, input: inputs.first,
                                               uses: objectUses(property, in: ownerDecl, context), isInitialValue: true))
        }
    }

    /// In an initializer of the owner: `self.s = Store()`, `s = Store()`,
    /// `_s = ObservedObject(wrappedValue: Store())`, at the assignment.
    static func checkInitializer(_ initializer: Int, in ownerDecl: Int, _ owner: String, observed: [String: String?], _ context: FileContext,
                                 _ report: inout FileReport<Condition, Record>) {
        guard !observed.isEmpty, let body = context.tree.child(initializer, .codeBlock) else { return }
        let tree = context.tree
        let declaredParameters = tree.child(initializer, .parameterClause).map { clause in
            context.children(clause).filter { context.kind($0) == .parameter }
        } ?? []
        let parameters = inputNames(declaredParameters, context)
        let labels = declaredParameters.compactMap(context.parameterLabel)
        // Once per property: an initializer may assign it many times.
        var usesOfProperty: [String: ObjectUses] = [:]
        func uses(_ property: String) -> ObjectUses {
            if let known = usesOfProperty[property] { return known }
            let found = objectUses(property, in: ownerDecl, context)
            usesOfProperty[property] = found
            return found
        }
        var setUpInputsOfProperty: [String: [String]] = [:]
        func setUpInputs(_ property: String) -> [String] {
            if let known = setUpInputsOfProperty[property] { return known }
            let found = Self.setUpInputs(of: property, in: ownerDecl, context)
            setUpInputsOfProperty[property] = found
            return found
        }
        for n in tree.subtree(body) where context.kind(n) == .binaryExpr && tree.nameToken(n).map({ $0.kind == .equal }) == true {
            let sides = Array(context.children(n))
            guard sides.count == 2, let target = context.ownMemberName(sides[0]) else { continue }
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
            for name in setUpInputs(property) where !inputs.contains(name) { inputs.append(name) }
            let input = inputs.first
            report.report(at: n, input.map { message(property: property, type: created.type, input: $0,
                                                     otherInputs: Array(inputs.dropFirst()),
                                                     inputIsBinding: inputs.count == 1
                                                        && bindingParameterNames(in: ownerDecl, context).contains($0)) }
                            ?? message(property: property, type: created.type),
                          condition: Condition(owner: owner, type: created.type ?? observed[property] ?? nil, property: property,
                                               constructed: created.type, input: input,
                                               uses: uses(property), initializerLabels: labels))
        }
    }

    /// The parameters of the owner's initializers (closures left out) that the statements setting up `property` after
    /// making it read (`imageLoader.setup(url)`, `if let url { self.loader.load(url) }`): the object is made from them
    /// as much as from its construction's arguments. A statement that only assigns the property is its making.
    static func setUpInputs(of property: String, in ownerDecl: Int, _ context: FileContext) -> [String] {
        let tree = context.tree
        let tokens = tree.tokens
        var inputs: [String] = []
        for decl in [ownerDecl] + context.extensionsInFile(of: ownerDecl) {
            guard let block = tree.child(decl, .memberBlock) else { continue }
            for initializer in context.memberDecls(block) where context.kind(initializer) == .initDecl {
                guard let body = tree.child(initializer, .codeBlock) else { continue }
                let parameters = inputNames(tree.child(initializer, .parameterClause).map { clause in
                    context.children(clause).filter { context.kind($0) == .parameter }
                } ?? [], context)
                guard !parameters.isEmpty else { continue }
                // A parameter of the property's name makes a bare use of it the parameter's.
                let shadowed = parameters.contains(property)
                for statement in context.statements(of: body) {
                    if context.kind(statement) == .binaryExpr, let target = Array(context.children(statement)).first,
                       let assigned = context.ownMemberName(target), assigned == property || assigned == "_" + property { continue }
                    let range = tree.tokenRange(of: statement)
                    let setsUp = range.contains { i in
                        guard tokens[i].kind == .identifier || tokens[i].kind == .dollarIdentifier else { return false }
                        let text = tree.identifierText(tokens[i])
                        guard text == property || text == "_" + property || text == "$" + property else { return false }
                        return shadowed ? tree.isMemberOfSelf(atToken: i) : !tree.isMemberOfOther(atToken: i)
                    }
                    guard setsUp else { continue }
                    for i in range where tokens[i].kind == .identifier && !tree.isMemberOfOther(atToken: i) && !tree.isMemberOfSelf(atToken: i)
                        && !tree.isLabel(atToken: i) {
                        let text = tree.identifierText(tokens[i])
                        if text != property, parameters.contains(text), !inputs.contains(text) { inputs.append(text) }
                    }
                }
            }
        }
        return inputs
    }

    /// The names of an initializer's parameters that are inputs the advice can name: a closure parameter cannot be an
    /// `.id(...)`.
    static func inputNames(_ parameters: [Int], _ context: FileContext) -> Set<String> {
        Set(parameters.filter { !isClosureParameter($0, context) }.compactMap { context.parameterName($0) })
    }

    /// The names of the parameters of the owner's initializers (its own and its extensions' in the file) that are
    /// bindings (`value: Binding<Link>`): not `Hashable`, so no `.id(...)` of one compiles.
    static func bindingParameterNames(in ownerDecl: Int, _ context: FileContext) -> Set<String> {
        let tree = context.tree
        var names: Set<String> = []
        for decl in [ownerDecl] + context.extensionsInFile(of: ownerDecl) {
            guard let block = tree.child(decl, .memberBlock) else { continue }
            for initializer in context.memberDecls(block) where context.kind(initializer) == .initDecl {
                guard let clause = tree.child(initializer, .parameterClause) else { continue }
                for p in context.children(clause) where context.kind(p) == .parameter {
                    if context.parameterType(p).map({ tree.compactText($0).hasPrefix("Binding<") }) == true,
                       let name = context.parameterName(p) { names.insert(name) }
                }
            }
        }
        return names
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

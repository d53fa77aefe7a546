import FlowLintSyntax

enum NonPrivateStateRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "non_private_state",
        name: "Non-Private State",
        summary: "@State and @StateObject properties should be private",
        rationale: """
            `@State` and `@StateObject` storage belongs to SwiftUI, which sets it up once for the view's \
            identity. A non-private property lets callers pass a value through the memberwise initializer, \
            which SwiftUI ignores after the first render: the view looks configurable but is not.
            """,
        defaultSeverity: .warning,
        fix: .safe
    )
}

extension NonPrivateStateRule {
    /// Noted while parsing: see `swiftUIWords`.
    static let parses = BodySkipping(notedWords: swiftUIWords.words)

    static var analyses: [any ProjectAnalysis.Type] { [ViewConstructionArguments.self] }

    /// A file that says none of these (a server package's file, most files of a large project) has its
    /// extensions of other files' types recorded by type only when they name many members
    /// (`maxExtensionNamesWithoutSwiftUIWords`): the per-name record of every extension was a tenth of the corpus's
    /// memory.
    static let swiftUIWords = TokenWords(["SwiftUI", "View", "State", "StateObject"])
    /// The most distinct names such a file's extensions of other files' types are recorded by (`scanUses`).
    static let maxExtensionNamesWithoutSwiftUIWords = 64

    /// No construction in the project passes the property (or none can be seen).
    static func message(wrapper: String, property: String, hasMemberwiseInitializer: Bool = true) -> String {
        hasMemberwiseInitializer
            ? "@\(wrapper) '\(property)' should be private: SwiftUI owns its storage, so a value passed through the "
                + "memberwise initializer would be ignored after the first render"
            : "@\(wrapper) '\(property)' should be private: SwiftUI owns its storage, and ignores a value set from "
                + "outside the view"
    }

    /// A construction outside previews passes the property through the memberwise initializer: `private` would
    /// break it, so the message says what the caller should do instead.
    /// `seen`: a construction passing it was found; otherwise the property has no initial value, so the memberwise
    /// initializer takes it and every construction passes it (through `.init(...)`, from another module, ...).
    /// `changes`: how the view itself changes an `@State` (`Condition.changedByView`); `held`: what the value is, when
    /// it is a class of the project. `let` compiles only when the view neither binds nor writes it, and `@Bindable`
    /// only for an observable class bound through its members (`$draft.title`).
    /// `omittedByACaller`: the property has a default and a construction outside previews leaves it out, so `let`
    /// (which takes no default from the memberwise initializer) would break that caller; a plain `var` keeps it.
    static func message(wrapper: String, property: String, passedBy owner: String, seen: Bool = true,
                        changes: ChangedByView = .no, held: HeldObject = .none, omittedByACaller: Bool = false) -> String {
        let advice: String
        if wrapper == "StateObject" {
            advice = "take it as an '@ObservedObject', or, if the view owns the object, make it private and create it in an "
                + "'init' with 'StateObject(wrappedValue:)'"
        } else if held == .observableObject && changes != .bound {
            // Neither `@State` nor `let` observes an `ObservableObject`: `let` would leave the view showing stale values
            // (judged wrong twice in BA and BB for that advice). A whole `$model` binding is a `Binding`, which
            // `@ObservedObject` would not give, so that keeps its advice (and `heldObject` leaves out a property the
            // view assigns, `day = next`, which it could not do to an `@ObservedObject`: judged wrong in AZ19).
            advice = "take it as an '@ObservedObject var \(property)' (neither @State nor a 'let' observes an ObservableObject), "
                + "or, if the view owns the object, make it a private @StateObject and create it in an 'init' with "
                + "'StateObject(wrappedValue:)'"
        } else if held == .observable && changes == .boundMembers {
            // `$model.name` on a parent's `@Observable` object: `@Bindable` gives the bindings, `let` does not.
            advice = "take it as '@Bindable var \(property)', or, if the view owns the object, make it private and create it "
                + "in an 'init'"
        } else if changes == .bound || changes == .boundMembers || (changes == .written && held == .none) {
            advice = "take it as a '@Binding' if the view changes the parent's value, or, if the view edits a draft of its "
                + "own, make it private and set its first value in an 'init'"
        } else if omittedByACaller {
            advice = "declare it a plain 'var \(property)' with its default (a 'let' would break the callers that leave it out; "
                + "a '@Binding' if the view changes the parent's value), or, if the view owns it, make it private and set its "
                + "first value in an 'init'"
        } else {
            advice = "declare it 'let \(property)' (a '@Binding' if the view changes the parent's value), or, if the view owns "
                + "it, make it private and set its first value in an 'init'"
        }
        let kept = wrapper == "StateObject" ? "object" : "value"
        let passed = seen ? "'\(owner)(\(property):)' passes it"
            : "it has no initial value, so every construction passes it ('\(owner)(\(property):)')"
        return "@\(wrapper) '\(property)' is an input: \(passed), but @\(wrapper) keeps the first "
            + "\(kept) and ignores the ones passed later; \(advice)"
    }

    /// Every caller passes a new object to an `@State` (`AlbumPage(tracks: TrackList(album))`): `@State` takes its
    /// value at once, so each render of a caller makes an object that the view then drops, keeping the first, and
    /// one made from changed inputs is dropped too. Whether making it starts work is not said: engineers judged
    /// that claim wrong where the initializer only stores what it is given. Taking it as `let` or `@Bindable`
    /// would make the view use a new one at each render (engineers judged that advice wrong there); creating it
    /// once, where it is owned, is the fix.
    static func message(wrapper: String, property: String, madeByCallersOf owner: String) -> String {
        "@\(wrapper) '\(property)' is made by the view's callers: '\(owner)(\(property):)' passes a new object each time, "
            + "and @\(wrapper) keeps the first, so the ones passed at later renders are dropped (one made from changed "
            + "inputs too); keep it in a @State of the caller and pass that, or make it private and create it in '.task'"
    }

    /// The owner struct must turn out to be a SwiftUI type (a view, a modifier, ...) other than an `App`,
    /// possibly by conformances declared in other files; `property` is what a safe fix must not break.
    struct Condition: Codable, Sendable {
        var owner: String
        var property: String
        var wrapper: String
        /// The author wrote an access modifier (`internal`, `public`, `private(set)`, ...).
        var hasExplicitAccess: Bool
        /// The owner's declaration has no `init` of its own (outside `#if`), so Swift gives it a memberwise one.
        var hasMemberwiseInitializer: Bool
        /// The owner's own file names the property after a `.` outside the owner's declarations there (decided
        /// with the file at hand; the other files answer through their records).
        var namedElsewhereInFile: Bool
        /// The declaration gives the property a value (`= false`): without one, the memberwise initializer takes it.
        var hasInitialValue = true
        /// How the owner's declaration changes the property outside its initializers (an `@State`).
        var changedByView: ChangedByView = .no
        /// The declaration names its type (`var day: TripDay`): not an optional, which `@ObservedObject` cannot hold,
        /// and not a generic parameter of the owner (`struct LoginView<Model: LoginModel>`), which a class of the
        /// sources may share the name of.
        var annotatedAsPlainType = false
        /// The owner's declaration assigns the property itself (`day = next`, `self.day = next`) outside its
        /// initializers, which it could not do to an `@ObservedObject`.
        var isAssignedByView = false
    }

    /// How a view changes its own `@State` outside its initializers: binds it whole (`$name`), binds only its members
    /// (`$name.field`), writes it (`name = ...`, `name += ...`, `name.field = ...`, `name.toggle()`), or none of them.
    enum ChangedByView: UInt8, Codable, Sendable { case no, written, boundMembers, bound }

    /// What every file says about who could use a property that becomes `private`: the argument labels it
    /// passes to constructions (`ToggleRow(isOn:`, `.init(isOn:`), outside previews and in them, the names it
    /// reaches with `.name` (also `.$name` and `._name`; not `self.name`), the names used in its extensions of
    /// types it does not declare (`Player.isPlaying` for `extension Player { ... isPlaying ... }`), and, in a
    /// test's file, the types it mentions. Kept as 32-bit hashes: a collision can only make a fix a suggestion or
    /// leave a finding out, never a wrong `safe`.
    ///
    /// Every file has one, so it is packed as the project check reads it, without decoding: 32-bit little-endian
    /// words, the sections in the order of `Section`, each its count, then its sorted distinct hashes.
    struct Record: Codable, Sendable {
        var packed: RawBytes
    }

    /// The sections of a `Record`, in order.
    enum Section: Int, CaseIterable {
        /// `Callee(label` of the constructions outside previews.
        case labels
        /// `Callee(label` of the constructions in `#Preview` and `PreviewProvider` types.
        case previewLabels
        /// Names reached after a `.`.
        case names
        /// `Type.name` for each name in an extension of a type the file does not declare, in a file that says one
        /// of `swiftUIWords`.
        case extensionNames
        /// `Type` for each extension of a type the file does not declare, in the other files: what it names is
        /// not known.
        case extendedTypes
        /// In a test's file (`FileContext.isTestFile`), the capitalized names it mentions (`SearchView`); else empty.
        case testedTypes
    }

    /// A finding of `checkProperty`, reported once the file's uses are known.
    struct Candidate {
        var attribute: Int
        var fix: Fix
        var condition: Condition
        /// The owner's declaration.
        var declaration: Int
    }

    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {
        var candidates: [Candidate] = []
        for decl in file.typeDeclarations where file.typeKind(decl) == .struct {
            guard let block = file.tree.child(decl, .memberBlock) else { continue }
            let owner = file.typeDeclarationName(decl)
            // An `init` inside `#if` leaves the memberwise initializer to the configurations without it.
            let hasMemberwiseInitializer = !file.children(block).contains { file.kind($0) == .initDecl }
            let found = file.memberDecls(block).compactMap { m in
                file.kind(m) == .variableDecl
                    ? checkProperty(m, owner, declaredIn: decl, hasMemberwiseInitializer: hasMemberwiseInitializer, file) : nil
            }
            if !found.isEmpty && !isPreviewScaffolding(decl, file) { candidates += found }
        }
        // Which declaration each name is written in matters only to a file with findings (the others' uses all count).
        let uses = scanUses(in: file, trackingDeclarations: !candidates.isEmpty)
        // By owner declaration: how it changes its properties (one pass over its tokens for all of them).
        var changes: [Int: ViewChanges] = [:]
        for var c in candidates {
            let name = hash(c.condition.property)
            c.condition.namedElsewhereInFile = uses.names.indices.contains { i in
                uses.names[i] == name && uses.declarationName(Int(uses.declarations[i])) != c.condition.owner
            }
            if c.condition.wrapper == "State" {
                if changes[c.declaration] == nil { changes[c.declaration] = changesByView(in: c.declaration, file) }
                c.condition.changedByView = changes[c.declaration]?.byName[c.condition.property] ?? .no
                c.condition.isAssignedByView = changes[c.declaration]?.assigned.contains(c.condition.property) ?? false
            }
            report.report(at: c.attribute, message(wrapper: c.condition.wrapper, property: c.condition.property,
                                                   hasMemberwiseInitializer: c.condition.hasMemberwiseInitializer),
                          fixes: [c.fix], condition: c.condition)
        }
        if let record = uses.record { report.record(record) }
    }

    /// A view only previews show: declared in a `PreviewProvider`, or a private type that its file names only
    /// in its previews (`#Preview`, `PreviewProvider`). Nobody passes it values, and its state's access does
    /// not matter.
    static func isPreviewScaffolding(_ decl: Int, _ file: FileContext) -> Bool {
        var outer = file.enclosingType(decl)
        while let type = outer {
            if file.inheritedNames(type).contains("PreviewProvider") { return true }
            outer = file.enclosingType(type)
        }
        guard file.enclosingType(decl) == nil, file.modifiers(decl).contains(where: { modifier in
            let keyword = file.tree.nameToken(modifier)?.keyword
            return keyword == .private || keyword == .fileprivate
        }) else { return false }
        let name = file.typeDeclarationName(decl)
        let previews = previewsAndForeignExtensions(file).previews
        let own = file.typeDeclarations.filter { file.typeDeclarationName($0) == name }
            .map { Int(file.tree.nodes[$0].firstToken)..<Int(file.tree.nodes[$0].endToken) }
        let nameBytes = Array(name.utf8)
        var isShown = false
        for (i, token) in file.tree.tokens.enumerated() where token.kind == .identifier && token.length == nameBytes.count
            && file.tree.file.bytes[token.range].elementsEqual(nameBytes) {
            if own.contains(where: { $0.contains(i) }) { continue }
            guard previews.contains(where: { $0.contains(i) }) else { return false }
            isShown = true
        }
        return isShown
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        let index = project.index
        var findings: [(finding: PendingFinding<Condition>, uses: ProjectUses)] = []
        for finding in project.pending {
            let c = finding.condition
            guard index.isSwiftUIOwner(c.owner), index.isStruct(c.owner), !index.inherited(c.owner).contains("App"),
                  !satisfiesProtocolRequirement(c.owner, c.property, index) else { continue }
            findings.append((finding, ProjectUses(c, file: finding.diagnostic.span.file)))
        }
        func scan(_ file: Int) {
            let records = project.records(inFile: file)
            guard !records.isEmpty else { return }
            let path = index.files[file].path
            for record in records {
                let packed = PackedUses(record.packed.bytes)
                for i in findings.indices { findings[i].uses.add(packed, inFile: path) }
            }
        }
        if findings.isEmpty {
            // Nothing to look up.
        } else if let (uses, changed) = project.derived("uses by hash", changedFilesAtMost: 64, from: { UsesIndex(project) }) {
            // An editor's server: the records of every file by hash, kept across edits; the files whose records
            // changed since it was built, and those it could not read, are read as they are.
            let unindexed = Set(changed).union(uses.damaged)
            for i in findings.indices {
                findings[i].uses.add(uses, skipping: unindexed) { index.files[$0].path }
            }
            for file in unindexed.sorted() where file < index.files.count { scan(file) }
        } else {
            // One pass over the files for all of them, each file's records decoded in turn and dropped (the records
            // of every file at once were the largest block of memory of the project pass).
            for file in index.files.indices { scan(file) }
        }
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(findings.count)
        let constructions = project[ViewConstructionArguments.self]
        // An extension in another file that names the property, or may (one whose names are not recorded):
        // `private` and `fileprivate` would not compile there.
        for (finding, uses) in findings where !uses.extendedElsewhere && !uses.mayBeExtendedElsewhere {
            let c = finding.condition
            // A test that reads or sets the view's state: `private` would break it.
            if uses.namedInTest { continue }
            var diagnostic = finding.diagnostic
            if c.hasMemberwiseInitializer && uses.passedByCaller {
                let madeByCallers = holdsObject(c, index) && constructions.givesNewValue(to: c.owner, input: c.property)
                // `PlayerView(player: Player(album))` into `@StateObject var player`: the memberwise initializer takes
                // the argument as the wrapper's autoclosure, so the object is made once, when the view first appears,
                // as with an explicit `StateObject(wrappedValue:)`: the documented way to own an object made from
                // inputs (engineers judged the findings there wrong).
                if madeByCallers && c.wrapper == "StateObject" { continue }
                // `private` would break the caller: the message says what to do instead, and there is no fix.
                diagnostic.message = madeByCallers
                    ? message(wrapper: c.wrapper, property: c.property, madeByCallersOf: c.owner)
                    : message(wrapper: c.wrapper, property: c.property, passedBy: c.owner,
                              changes: c.changedByView, held: heldObject(c, index),
                              omittedByACaller: c.hasInitialValue && (constructions.constructions(of: c.owner) ?? []).contains {
                                  !$0.inPreview && !$0.argument(labeled: c.property).passed
                              })
                diagnostic.fixes = []
            } else if (uses.namedInAnotherFile || c.namedElsewhereInFile) && c.hasExplicitAccess {
                // Made visible on purpose (an explicit `internal` is how ViewInspector tests reach it), and maybe
                // used: another file names it.
                continue
            } else if c.hasMemberwiseInitializer && uses.passedByPreview {
                // Set by previews only: the value they pass is all there is, and `private` would break them.
                continue
            } else if c.hasMemberwiseInitializer && !c.hasInitialValue {
                // No initial value: every construction passes it, in code FlowLint could not tell (`.init(isOn:)`,
                // another module's), and `private` would break them all.
                diagnostic.message = message(wrapper: c.wrapper, property: c.property, passedBy: c.owner, seen: false,
                                             changes: c.changedByView, held: heldObject(c, index))
                diagnostic.fixes = []
            } else if diagnostic.fixes.first?.applicability == .safe
                        && !isProvablySafe(finding, uses, index) {
                diagnostic.fixes[0].applicability = .suggestion
            }
            diagnostics.append(diagnostic)
        }
        // Handed over whole: a finding-dense file has hundreds of thousands.
        report.report(contentsOf: diagnostics)
    }

    /// Whether a protocol that the owner conforms to (in its declaration or an extension, directly or through
    /// protocols of the project that refine it) requires a property of that name, or may: the property cannot be
    /// `private` then. A protocol neither the project declares nor Swift, SwiftUI or Foundation defines
    /// (`standardProtocols`) is a library's, whose requirements FlowLint cannot see (`LoadableView`'s `loader`):
    /// it may require any property (engineers judged 10 findings on such properties wrong, as they would not compile).
    static func satisfiesProtocolRequirement(_ owner: String, _ property: String, _ index: ProjectIndex) -> Bool {
        var pending = index.inherited(owner)
        var seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            guard index.protocolNames.contains(name) else {
                if !Self.standardProtocols.contains(name) && !index.isDeclared(name) { return true }
                continue
            }
            for ref in index.types(named: name) where index.type(ref).kind == .protocol {
                if index.type(ref).properties.named(property, path: index.files[ref.file].path).contains(where: { !$0.isStatic }) {
                    return true
                }
                pending += index.type(ref).inherited
            }
        }
        return false
    }

    /// Protocols of Swift, SwiftUI and Foundation a view conforms to, none of which requires a stored property.
    static let standardProtocols: Set<String> = [
        "View", "ViewModifier", "App", "Scene", "Shape", "InsettableShape", "Animatable", "AnimatableModifier",
        "GeometryEffect", "Layout", "DynamicProperty", "PreviewProvider", "Equatable", "Hashable", "Identifiable",
        "Sendable", "Codable", "Encodable", "Decodable", "Comparable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "ButtonStyle", "PrimitiveButtonStyle", "ToggleStyle", "LabelStyle",
        "TextFieldStyle", "ProgressViewStyle", "GaugeStyle", "MenuStyle", "ListStyle", "PickerStyle",
        "DatePickerStyle", "GroupBoxStyle", "ControlGroupStyle", "DisclosureGroupStyle", "LabeledContentStyle",
        "FormStyle", "TableStyle", "NavigationSplitViewStyle", "TabViewStyle", "ShapeStyle", "UIViewRepresentable",
        "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        "WKInterfaceObjectRepresentable", "Widget", "WidgetBundle", "WidgetConfiguration", "ControlWidget",
        "Transition", "VisualEffect", "NSObjectProtocol", "ToolbarContent", "CustomizableToolbarContent", "Commands",
        "TableRowContent", "TableColumnContent", "ChartContent", "MapContent", "TabContent",
        "AccessibilityRotorContent", "Gesture", "EnvironmentKey", "PreferenceKey", "TimelineSchedule", "DropDelegate",
        "PreviewModifier", "WindowStyle", "MenuBarExtraStyle", "ScrollTargetBehavior", "TextEditorStyle",
    ]

    /// What the records of every file say about one finding's property.
    struct ProjectUses {
        let file: String
        let name: UInt32
        let label: UInt32
        let labelOfUnknownType: UInt32
        let extensionName: UInt32
        let owner: UInt32
        /// A construction outside previews passes `Owner(property:`.
        private(set) var passedByCaller = false
        /// A construction in a preview passes it.
        private(set) var passedByPreview = false
        /// A construction whose type cannot be told passes the label (`.init(property:`).
        private(set) var passedToUnknownType = false
        /// Another file names the property after a `.`.
        private(set) var namedInAnotherFile = false
        /// A test's file that mentions the owner does (`view.searchText = "milk"`, `try view.actualView().isExpanded`).
        private(set) var namedInTest = false
        /// An extension of the owner in another file names the property: it cannot be `private` nor `fileprivate`.
        private(set) var extendedElsewhere = false
        /// An extension of the owner in another file that may name it (its names are not recorded).
        private(set) var mayBeExtendedElsewhere = false

        init(_ condition: Condition, file: String) {
            self.file = file
            name = NonPrivateStateRule.hash(condition.property)
            label = NonPrivateStateRule.hash(condition.owner + "(" + condition.property)
            labelOfUnknownType = NonPrivateStateRule.hash("(" + condition.property)
            extensionName = NonPrivateStateRule.hash(condition.owner + "." + condition.property)
            owner = NonPrivateStateRule.hash(condition.owner)
        }

        mutating func add(_ uses: PackedUses, inFile path: String) {
            passedByCaller = passedByCaller || uses.contains(label, in: .labels)
            passedByPreview = passedByPreview || uses.contains(label, in: .previewLabels)
            passedToUnknownType = passedToUnknownType || uses.contains(labelOfUnknownType, in: .labels)
                || uses.contains(labelOfUnknownType, in: .previewLabels)
            guard path != file else { return }
            if uses.contains(name, in: .names) {
                namedInAnotherFile = true
                namedInTest = namedInTest || uses.contains(owner, in: .testedTypes)
            }
            extendedElsewhere = extendedElsewhere || uses.contains(extensionName, in: .extensionNames)
            mayBeExtendedElsewhere = mayBeExtendedElsewhere || uses.contains(owner, in: .extendedTypes)
        }

        /// What `add(_:inFile:)` finds in each file's records, from the index, for every file but `skipping`.
        mutating func add(_ uses: UsesIndex, skipping: Set<Int>, path: (Int) -> String) {
            func any(_ hash: UInt32, in section: Section, where condition: (Int) -> Bool = { _ in true }) -> Bool {
                uses.files(recording: hash, in: section).contains { !skipping.contains($0) && condition($0) }
            }
            let own = file
            func elsewhere(_ other: Int) -> Bool { path(other) != own }
            passedByCaller = passedByCaller || any(label, in: .labels)
            passedByPreview = passedByPreview || any(label, in: .previewLabels)
            passedToUnknownType = passedToUnknownType || any(labelOfUnknownType, in: .labels)
                || any(labelOfUnknownType, in: .previewLabels)
            if any(name, in: .names, where: elsewhere) {
                namedInAnotherFile = true
                if !namedInTest {
                    let testing = Set(uses.files(recording: owner, in: .testedTypes))
                    namedInTest = !testing.isEmpty && any(name, in: .names) { elsewhere($0) && testing.contains($0) }
                }
            }
            extendedElsewhere = extendedElsewhere || any(extensionName, in: .extensionNames, where: elsewhere)
            mayBeExtendedElsewhere = mayBeExtendedElsewhere || any(owner, in: .extendedTypes, where: elsewhere)
        }
    }

    /// Every file's records by hash, for an editor's server, which asks on each edit about the same few properties
    /// across thousands of files: per section, the sorted words `hash << 32 | file` (8 bytes per distinct hash of a
    /// file), so the files that record a hash are one binary search away. A file has one record (`check(file:)`),
    /// so "the file records both" is "its record does".
    struct UsesIndex {
        private var sections: [[UInt64]]
        /// Files whose records do not read (`PackedUses`): they count as using everything, so they are read as they
        /// are, not indexed.
        private(set) var damaged: [Int] = []

        init(_ project: ProjectContext<Condition, Record>) {
            sections = Array(repeating: [], count: Section.allCases.count)
            for file in project.index.files.indices {
                for record in project.records(inFile: file) {
                    let packed = PackedUses(record.packed.bytes)
                    guard packed.isReadable else {
                        damaged.append(file)
                        continue
                    }
                    for section in Section.allCases {
                        packed.forEachWord(in: section) { sections[section.rawValue].append(UInt64($0) << 32 | UInt64(file)) }
                    }
                }
            }
            for i in sections.indices { sections[i].sort() }
        }

        /// The files whose records hold `hash` in `section`, in file order.
        func files(recording hash: UInt32, in section: Section) -> some Sequence<Int> {
            let words = sections[section.rawValue]
            let key = UInt64(hash) << 32
            var low = 0, high = words.count
            while low < high {
                let mid = (low + high) / 2
                if words[mid] < key { low = mid + 1 } else { high = mid }
            }
            return words[low...].lazy.prefix { $0 >> 32 == UInt64(hash) }.map { Int($0 & 0xffff_ffff) }
        }
    }

    /// Making the property private cannot break the build: no construction of the owner passes its label (when
    /// it has a memberwise initializer), no code outside the owner's declaration and its extensions in the same
    /// file names it after a `.`, no extension in another file names it (or may: a file without `swiftUIWords`
    /// records its extensions by type only), and no other file declares a type of the same name (whose uses
    /// could not be told apart).
    static func isProvablySafe(_ finding: PendingFinding<Condition>, _ uses: ProjectUses, _ index: ProjectIndex) -> Bool {
        let c = finding.condition
        if c.namedElsewhereInFile || uses.namedInAnotherFile || uses.extendedElsewhere || uses.mayBeExtendedElsewhere { return false }
        if c.hasMemberwiseInitializer && (uses.passedByCaller || uses.passedByPreview || uses.passedToUnknownType) { return false }
        return !index.types(named: c.owner).contains { index.type($0).kind != .extension && index.files[$0.file].path != uses.file }
    }

    /// Reads a `Record`'s packed words in place (see `Record`). A damaged record reads as using everything: the
    /// fix then stays a suggestion, or the finding is left out.
    struct PackedUses {
        let bytes: [UInt8]
        /// Where each section's sorted words start, and how many there are; nil when the record is damaged.
        private var sections: [(start: Int, count: Int)]?

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var sections: [(start: Int, count: Int)] = []
            var at = 0
            for _ in Section.allCases {
                guard let count = Self.word(at, bytes).map(Int.init), count < bytes.count, (at + 1 + count) * 4 <= bytes.count else { return }
                sections.append((at + 1, count))
                at += 1 + count
            }
            self.sections = sections
        }

        private static func word(_ index: Int, _ bytes: [UInt8]) -> UInt32? {
            guard index >= 0, (index + 1) * 4 <= bytes.count else { return nil }
            return bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)) }
        }

        /// Whether every section could be read.
        var isReadable: Bool { sections != nil }

        /// Each word of a section, in order (none when the record is damaged).
        func forEachWord(in section: Section, _ body: (UInt32) -> Void) {
            guard let (start, count) = sections?[section.rawValue] else { return }
            for i in start..<(start + count) { if let w = Self.word(i, bytes) { body(w) } }
        }

        /// Whether the section holds `value` (a binary search of its sorted words).
        func contains(_ value: UInt32, in section: Section) -> Bool {
            guard let (start, count) = sections?[section.rawValue] else { return true }
            var low = start, high = start + count
            while low < high {
                let mid = (low + high) / 2
                if let w = Self.word(mid, bytes), w < value { low = mid + 1 } else { high = mid }
            }
            return low < start + count && Self.word(low, bytes) == value
        }
    }

    static func hash(_ text: String) -> UInt32 { UInt32(truncatingIfNeeded: FastHash.hash(text)) }

    /// Sorts a record's hashes in ascending order. Every file has a record, and a file's names run to hundreds:
    /// those are sorted a byte at a time (a radix sort, four passes over the values and a scratch copy, a pass
    /// left out where all values share that byte), the few others by comparisons.
    static func sort(_ values: inout [UInt32]) {
        let count = values.count
        guard count > 64 else { values.sort(); return }
        var scratch = [UInt32](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 4 * 256)
        let resultInScratch = values.withUnsafeMutableBufferPointer { original in
            scratch.withUnsafeMutableBufferPointer { other in
                counts.withUnsafeMutableBufferPointer { counts in
                    for v in original {
                        for byte in 0..<4 { counts[byte * 256 + Int(v >> UInt32(8 * byte) & 0xff)] += 1 }
                    }
                    var from = original, to = other
                    var swapped = false
                    for byte in 0..<4 {
                        let shift = UInt32(8 * byte)
                        let first = from[0] >> shift & 0xff
                        if counts[byte * 256 + Int(first)] == count { continue }
                        // Where each bucket starts.
                        var start = 0
                        for b in 0..<256 {
                            let n = counts[byte * 256 + b]
                            counts[byte * 256 + b] = start
                            start += n
                        }
                        for v in from {
                            let b = byte * 256 + Int(v >> shift & 0xff)
                            to[counts[b]] = v
                            counts[b] += 1
                        }
                        swap(&from, &to)
                        swapped.toggle()
                    }
                    return swapped
                }
            }
        }
        if resultInScratch { values = scratch }
    }

    /// A file's uses, as `scanUses` finds them.
    struct Uses {
        /// The hashes of the names reached after a `.`, in source order.
        var names: [UInt32]
        /// For each of `names`, the innermost type declaration it is written in: an index into
        /// `declarationNames`, which is its count at file level. Empty when declarations are not tracked.
        var declarations: [Int32]
        /// The hashes of `Callee(label` for each construction's argument label, outside previews and in them.
        var labels: [UInt32]
        var previewLabels: [UInt32]
        /// The hashes of `Type.name` for the names used in extensions of types the file does not declare, or of
        /// `Type` alone in a file without `swiftUIWords`.
        var extensionNames: [UInt32]
        var extendedTypes: [UInt32]
        /// In a test's file, the hashes of the capitalized names it mentions.
        var testedTypes: [UInt32]
        /// The names of the file's type declarations (and extensions), in source order, when tracked.
        var declarationNames: [String]

        func declarationName(_ index: Int) -> String? { index < declarationNames.count ? declarationNames[index] : nil }

        /// Packed as `Record` says; nil when the file has none of them.
        var record: Record? {
            let sections = [labels, previewLabels, names, extensionNames, extendedTypes, testedTypes]
            guard sections.contains(where: { !$0.isEmpty }) else { return nil }
            let bytes = [UInt8](unsafeUninitializedCapacity: 4 * sections.reduce(sections.count) { $0 + $1.count }) { buffer, written in
                let out = UnsafeMutableRawBufferPointer(buffer)
                var offset = 0
                // A count, then the distinct values (sorted, so a repeat follows its first occurrence).
                for var values in sections {
                    NonPrivateStateRule.sort(&values)
                    let countAt = offset
                    offset += 4
                    var count: UInt32 = 0
                    for (i, v) in values.enumerated() where i == 0 || v != values[i - 1] {
                        out.storeBytes(of: v.littleEndian, toByteOffset: offset, as: UInt32.self)
                        offset += 4
                        count += 1
                    }
                    out.storeBytes(of: count.littleEndian, toByteOffset: countAt, as: UInt32.self)
                }
                written = offset
            }
            return Record(packed: RawBytes(bytes))
        }
    }

    /// The file's member names and construction labels, from its tokens (so bodies the parser skipped count
    /// too: a unit test that sets `view.isOn` is a function body nobody parses). Every file is scanned, so names
    /// are hashed straight from the source bytes, without a string each.
    static func scanUses(in file: FileContext, trackingDeclarations: Bool) -> Uses {
        // Type declarations by token range, in source order: nested ones follow the one they are in.
        let declarations = trackingDeclarations ? file.typeDeclarations : []
        let ranges = declarations.map { Int(file.tree.nodes[$0].firstToken)..<Int(file.tree.nodes[$0].endToken) }
        let (previews, extensions) = previewsAndForeignExtensions(file)
        // The scan's state lives in the closure (not captured from outside it), so the loop keeps it in registers.
        let scanned = file.tree.tokens.withUnsafeBufferPointer { tokens in
          file.tree.file.bytes.withUnsafeBytes { bytes in
            var nextType = 0
            // Indices into `ranges`, innermost last: the declarations open at the last name recorded.
            var open: [Int] = []
            var uses = Uses(names: [], declarations: [], labels: [], previewLabels: [], extensionNames: [], extendedTypes: [],
                            testedTypes: [], declarationNames: [])
            uses.names.reserveCapacity(tokens.count / 16)
            var label: [UInt8] = []
            // The first preview and the first extension that do not end before the current token.
            var preview = 0
            var foreignExtension = 0
            // Open brackets, innermost last: for a construction's `(`, its callee (`Callee` below); for any other
            // bracket, `notConstruction`. A stack of its own (not an array), since a third of all tokens push or
            // pop it. `argumentStart` is the depth of the bracket whose next token starts an argument (so `label:`
            // there is an argument label), -1 when the next token does not. One pass, however deeply calls nest.
            var capacity = 64
            var brackets = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
            defer { brackets.deallocate() }
            var depth = 0
            func push(_ callee: Int32) {
                if depth == capacity {
                    let grown = UnsafeMutablePointer<Int32>.allocate(capacity: capacity * 2)
                    grown.update(from: brackets, count: depth)
                    brackets.deallocate()
                    brackets = grown
                    capacity *= 2
                }
                brackets[depth] = callee
                depth += 1
            }
            var argumentStart = -1
            func slice(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[range]) }
            /// The token's name without a leading `$` or `_`, if it starts with a lowercase letter.
            func memberName(_ token: Token) -> UnsafeRawBufferPointer? {
                var name = Int(token.offset)..<Int(token.end)
                if !name.isEmpty, bytes[name.lowerBound] == UInt8(ascii: "$") || bytes[name.lowerBound] == UInt8(ascii: "_") {
                    name = (name.lowerBound + 1)..<name.upperBound
                }
                return startsLowercase(slice(name)) ? slice(name) : nil
            }
            // The kinds the scan acts on; an identifier or keyword only where an argument starts (a label), any
            // name in an extension of a type the file does not declare.
            let structural: [TokenKind] = [.leftParen, .leftSquare, .leftBrace, .rightParen, .rightSquare, .rightBrace, .comma, .period]
            let always = structural.reduce(UInt64(0)) { $0 | 1 << UInt64($1.rawValue) }
            let labelKinds: UInt64 = 1 << UInt64(TokenKind.identifier.rawValue) | 1 << UInt64(TokenKind.keyword.rawValue)
            let nameKinds: UInt64 = 1 << UInt64(TokenKind.identifier.rawValue) | 1 << UInt64(TokenKind.dollarIdentifier.rawValue)
            var extensionStart = extensions.first?.tokens.lowerBound ?? Int.max
            var extensionEnd = extensions.first?.tokens.upperBound ?? Int.max
            var i = -1
            while i + 1 < tokens.count {
                i += 1
                // Outside foreign extensions, and where no argument starts, only the structural kinds matter:
                // skip the run of tokens up to the next one (most tokens), a bit test each.
                if argumentStart < 0 {
                    let limit = min(tokens.count, extensionStart)
                    while i < limit && always & (1 << UInt64(tokens[i].kind.rawValue)) == 0 { i += 1 }
                    if i == tokens.count { break }
                }
                let token = tokens[i]
                let startsArgument = argumentStart == depth && argumentStart > 0
                argumentStart = -1
                if i >= extensionEnd {
                    foreignExtension += 1
                    extensionStart = foreignExtension < extensions.count ? extensions[foreignExtension].tokens.lowerBound : Int.max
                    extensionEnd = foreignExtension < extensions.count ? extensions[foreignExtension].tokens.upperBound : Int.max
                }
                let inForeignExtension = i >= extensionStart
                // Most tokens are none of those below: one bit test instead of a jump through the switch's table.
                let scanned = (startsArgument ? always | labelKinds : always) | (inForeignExtension ? nameKinds : 0)
                guard scanned & (1 << UInt64(token.kind.rawValue)) != 0 else { continue }
                switch token.kind {
                case .leftParen:
                    push(constructedType(before: i, tokens, bytes))
                    argumentStart = depth
                case .leftSquare, .leftBrace:
                    push(Callee.notConstruction)
                case .rightParen, .rightSquare, .rightBrace:
                    if depth > 0 { depth -= 1 }
                case .comma:
                    argumentStart = depth
                case .identifier, .keyword, .dollarIdentifier:
                    let isLabel = startsArgument && i + 1 < tokens.count && tokens[i + 1].kind == .colon
                    if isLabel && brackets[depth - 1] != Callee.notConstruction {
                        let callee = brackets[depth - 1]
                        // The hash of `Callee(label`, as `hash(_:)` computes it from the strings.
                        label.removeAll(keepingCapacity: true)
                        if callee >= 0 { label.append(contentsOf: slice(Int(tokens[Int(callee)].offset)..<Int(tokens[Int(callee)].end))) }
                        label.append(UInt8(ascii: "("))
                        label.append(contentsOf: slice(Int(token.offset)..<Int(token.end)))
                        while preview < previews.count, previews[preview].upperBound <= i { preview += 1 }
                        let inPreview = preview < previews.count && previews[preview].lowerBound <= i
                        let hash = UInt32(truncatingIfNeeded: FastHash.hash(label))
                        if inPreview { uses.previewLabels.append(hash) } else { uses.labels.append(hash) }
                    } else if inForeignExtension, token.kind != .keyword, isOwnMemberUse(i, tokens), let name = memberName(token) {
                        // The hash of `Type.name`, as `hash(_:)` computes it from the strings.
                        label.removeAll(keepingCapacity: true)
                        label.append(contentsOf: extensions[foreignExtension].name)
                        label.append(UInt8(ascii: "."))
                        label.append(contentsOf: name)
                        uses.extensionNames.append(UInt32(truncatingIfNeeded: FastHash.hash(label)))
                    }
                case .period:
                    guard i + 1 < tokens.count, !followsSelf(i, tokens) else { break }
                    let next = tokens[i + 1]
                    guard next.kind == .identifier || next.kind == .dollarIdentifier, let name = memberName(next) else { break }
                    uses.names.append(UInt32(truncatingIfNeeded: FastHash.hash(name)))
                    guard trackingDeclarations else { break }
                    // The declarations open at this token: those ended since the last name close, those begun open
                    // (and close again if they ended before it).
                    while true {
                        while let innermost = open.last, i >= ranges[innermost].upperBound { open.removeLast() }
                        guard nextType < ranges.count, ranges[nextType].lowerBound <= i else { break }
                        open.append(nextType)
                        nextType += 1
                    }
                    uses.declarations.append(Int32(open.last ?? ranges.count))
                default:
                    break
                }
            }
            return uses
          }
        }
        var uses = scanned
        uses.declarationNames = declarations.map(file.typeDeclarationName)
        if !extensions.isEmpty && !file.mentions(swiftUIWords) {
            // A view's logic split into a file of its own often says none of SwiftUI's words: its few names are
            // kept, so a view's state it uses is known. Many names (a library's extensions) are kept by type only.
            let names = Array(Set(uses.extensionNames))
            if names.count <= maxExtensionNamesWithoutSwiftUIWords {
                uses.extensionNames = names.sorted()
            } else {
                uses.extensionNames = []
                uses.extendedTypes = extensions.map { UInt32(truncatingIfNeeded: FastHash.hash($0.name)) }
            }
        }
        if file.isTestFile {
            file.tree.file.bytes.withUnsafeBytes { bytes in
                for token in file.tree.tokens where token.kind == .identifier {
                    let name = UnsafeRawBufferPointer(rebasing: bytes[Int(token.offset)..<Int(token.end)])
                    if startsUppercase(name) { uses.testedTypes.append(UInt32(truncatingIfNeeded: FastHash.hash(name))) }
                }
            }
        }
        return uses
    }

    /// The token ranges of the file's previews (`#Preview`, types conforming to `PreviewProvider`), and of its
    /// extensions of types it does not declare, with their names; each in source order, at file level.
    static func previewsAndForeignExtensions(_ file: FileContext) -> (previews: [Range<Int>], extensions: [(tokens: Range<Int>, name: [UInt8])]) {
        var previews: [Range<Int>] = []
        var extensions: [(tokens: Range<Int>, name: [UInt8])] = []
        var declared: Set<String>?
        for item in file.topLevelItems {
            let tokens = Int(file.tree.nodes[item].firstToken)..<Int(file.tree.nodes[item].endToken)
            switch file.kind(item) {
            case .macroExpansionDecl where file.name(item) == "Preview":
                previews.append(tokens)
            case .structDecl where file.inheritedNames(item).contains("PreviewProvider"):
                previews.append(tokens)
            case .extensionDecl:
                if declared == nil {
                    declared = Set(file.typeDeclarations.filter { file.kind($0) != .extensionDecl }.map(file.typeDeclarationName))
                }
                let name = file.typeDeclarationName(item)
                if !name.isEmpty, !declared!.contains(name) { extensions.append((tokens, Array(name.utf8))) }
            default:
                break
            }
        }
        return (previews, extensions)
    }

    /// Whether the name at `i` may be a use of a member of the type the code is written in: bare (`isOn`,
    /// `$isOn`, `_isOn`) or after `self.`. `other.isOn` is in the names every file records anyway.
    static func isOwnMemberUse(_ i: Int, _ tokens: UnsafeBufferPointer<Token>) -> Bool {
        i == 0 || tokens[i - 1].kind != .period || followsSelf(i - 1, tokens)
    }

    /// Whether the name starts with a lowercase letter or `_` (decoded only when it does not start in ASCII).
    static func startsLowercase(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let first = name.first else { return false }
        if first < 0x80 { return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) || first == UInt8(ascii: "_") }
        return String(decoding: name, as: UTF8.self).first?.isLowercase == true
    }

    /// Whether the name starts with an uppercase letter.
    static func startsUppercase(_ name: UnsafeRawBufferPointer) -> Bool {
        guard let first = name.first else { return false }
        if first < 0x80 { return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) }
        return String(decoding: name, as: UTF8.self).first?.isUppercase == true
    }

    /// `self.name`, `self?.name`, `self!.name` reach a member of the type the code is written in: if that is
    /// the owner, the use is in its declaration or in an extension (another file's extension already makes the
    /// fix unsafe); if not, it is another type's member. Either way it cannot break the owner.
    static func followsSelf(_ period: Int, _ tokens: UnsafeBufferPointer<Token>) -> Bool {
        var i = period - 1
        if i >= 0, tokens[i].kind == .postfixQuestionMark || tokens[i].kind == .exclamationMark { i -= 1 }
        return i >= 0 && tokens[i].kind == .keyword && tokens[i].keyword == .`self`
    }

    /// What `constructedType(before:)` says of a `(`: the token index of the type a construction builds, or one
    /// of these.
    enum Callee {
        /// A construction whose type cannot be told (`.init(`, `Self(`, `self.init(`).
        static let unknownType: Int32 = -2
        /// Not a construction (or not a `(`).
        static let notConstruction: Int32 = -1
    }

    /// For the `(` at `open`: the token of the type a construction builds (`Row(`, `Mod.Row(`, `Row<T>(`,
    /// `Row.init(`), `Callee.unknownType` when it cannot be told, `Callee.notConstruction` when the call is not
    /// a construction.
    static func constructedType(before open: Int, _ tokens: UnsafeBufferPointer<Token>, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        func name(_ i: Int) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[Int(tokens[i].offset)..<Int(tokens[i].end)]) }
        var i = open - 1
        guard i >= 0 else { return Callee.notConstruction }
        // `Row<Item>(`: step back over the generic arguments.
        // At most 64 tokens back: a longer generic argument list is not a construction worth a scan per `(`
        // (nested ones would make the file's scan quadratic).
        if tokens[i].kind == .rightAngle {
            var depth = 0
            let limit = max(0, i - 64)
            while i >= limit {
                if tokens[i].kind == .rightAngle { depth += 1 } else if tokens[i].kind == .leftAngle { depth -= 1; if depth == 0 { break } }
                i -= 1
            }
            guard i >= limit, depth == 0 else { return Callee.notConstruction }
            i -= 1
            guard i >= 0 else { return Callee.notConstruction }
        }
        let token = tokens[i]
        if token.kind == .keyword && token.keyword == .`init` {
            guard i >= 1, tokens[i - 1].kind == .period else { return Callee.notConstruction }
            if i >= 2, tokens[i - 2].kind == .identifier, startsUppercase(name(i - 2)) { return Int32(i - 2) }
            return Callee.unknownType
        }
        if token.kind == .keyword && token.keyword == .`Self` { return Callee.unknownType }
        guard token.kind == .identifier, startsUppercase(name(i)) else { return Callee.notConstruction }
        return Int32(i)
    }

    /// What an `@State` holds, when its declared type is a class of the project: one the Observation framework
    /// observes (`@Observable`, SwiftData's `@Model`), an `ObservableObject` the property names as itself (not
    /// optional, not a generic parameter) and the view does not assign whole, or another.
    enum HeldObject { case none, observable, observableObject, object }

    /// Looked up only for the findings that advise what to take an input as (finding a property's type reads its
    /// owner's properties, and a view may have thousands).
    static func heldObject(_ c: Condition, _ index: ProjectIndex) -> HeldObject {
        guard let type = heldClass(c, index) else { return .none }
        if [.macro, .model].contains(index.observation(of: type)) { return .observable }
        return c.annotatedAsPlainType && !c.isAssignedByView && index.observableObject(type) == true ? .observableObject : .object
    }

    /// The class of the sources the property is declared as (its one type, in every declaration of the owner).
    static func heldClass(_ c: Condition, _ index: ProjectIndex) -> String? {
        let types = Set(index.properties(of: c.owner, named: c.property).compactMap(\.type))
        guard types.count == 1, let type = types.first, index.isDeclared(type, onlyAs: [.class]) else { return nil }
        return type
    }

    /// Whether the property holds an object: a `@StateObject`, or an `@State` declared as a class of the sources.
    static func holdsObject(_ c: Condition, _ index: ProjectIndex) -> Bool {
        c.wrapper == "StateObject" || (c.wrapper == "State" && heldClass(c, index) != nil)
    }

    /// Methods that change the value they are called on (`isOn.toggle()`, `items.append(x)`).
    static let mutatingMethods: Set<String> = ["toggle", "append", "insert", "remove", "removeAll", "removeLast", "removeFirst",
                                               "sort", "shuffle", "reverse", "move", "swapAt", "formUnion", "subtract", "merge"]

    /// How the struct declaration `decl` changes each of its properties outside its initializers (see
    /// `ChangedByView`), from the tokens, in one pass: `$name`; `name`, `self.name` or `name.field` followed by an
    /// assignment; `name.toggle()`. Names it neither binds nor writes are absent. `assigned`: the names assigned
    /// whole (`name = ...`, `self.name = ...`).
    struct ViewChanges {
        var byName: [String: ChangedByView] = [:]
        var assigned: Set<String> = []
    }

    static func changesByView(in decl: Int, _ context: FileContext) -> ViewChanges {
        let tree = context.tree
        let tokens = tree.tokens
        let range = tree.tokenRange(of: decl)
        let initializers = tree.child(decl, .memberBlock).map { block in
            context.memberDecls(block).filter { context.kind($0) == .initDecl }.map { tree.tokenRange(of: $0) }
        } ?? []
        var changes = ViewChanges()
        var nextInitializer = 0
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            while nextInitializer < initializers.count, initializers[nextInitializer].upperBound <= i { nextInitializer += 1 }
            if nextInitializer < initializers.count, initializers[nextInitializer].contains(i) {
                i = initializers[nextInitializer].upperBound - 1
                continue
            }
            let token = tokens[i]
            if token.kind == .dollarIdentifier {
                let name = String(tree.identifierText(token).dropFirst())
                let member = i + 2 < range.upperBound && tokens[i + 1].kind == .period && tokens[i + 2].kind == .identifier
                if !member { changes.byName[name] = .bound } else if changes.byName[name] != .bound { changes.byName[name] = .boundMembers }
                continue
            }
            guard token.kind == .identifier else { continue }
            // `let name = ...` declares a local; `other.name` is another value's; `self.name` is the view's.
            if i > 0, tokens[i - 1].kind == .keyword, tokens[i - 1].keyword == .let || tokens[i - 1].keyword == .var { continue }
            if tree.isMemberOfOther(atToken: i) { continue }
            // Past `?`, `!` and `.field` members (at most 8), to what follows.
            var written = false
            var j = i + 1
            var members = 0
            while j + 1 < range.upperBound, members < 8 {
                if tokens[j].kind == .postfixQuestionMark || tokens[j].kind == .exclamationMark { j += 1; continue }
                guard tokens[j].kind == .period, tokens[j + 1].kind == .identifier else { break }
                // `entries.remove(at: i)`, and with a trailing closure, `entries.removeAll { $0.isDone }`.
                if j + 2 < range.upperBound, tokens[j + 2].kind == .leftParen || tokens[j + 2].kind == .leftBrace,
                   mutatingMethods.contains(tree.identifierText(tokens[j + 1])) { written = true }
                j += 2
                members += 1
            }
            if j < range.upperBound, tree.isAssignment(tokens[j]) {
                written = true
                if members == 0 { changes.assigned.insert(tree.identifierText(token)) }
            }
            if written {
                let name = tree.identifierText(token)
                if changes.byName[name] == nil { changes.byName[name] = .written }
            }
        }
        return changes
    }

    static func checkProperty(_ decl: Int, _ owner: String, declaredIn ownerDeclaration: Int, hasMemberwiseInitializer: Bool,
                              _ context: FileContext) -> Candidate? {
        guard let attribute = context.attributes(decl).first(where: { ["State", "StateObject"].contains(context.name($0) ?? "") })
        else { return nil }
        let tree = context.tree
        let access = context.modifiers(decl).first { m in
            guard let k = tree.nameToken(m)?.keyword else { return false }
            return [.private, .fileprivate, .internal, .public, .package, .open].contains(k)
        }
        if let access {
            // `private` and `fileprivate` are fine; `private(set)` and `fileprivate(set)` only restrict the setter.
            let keyword = tree.nameToken(access)!.keyword
            let restrictsSetterOnly = tree.nodes[access].endToken - tree.nodes[access].firstToken > 1
            if (keyword == .private || keyword == .fileprivate) && !restrictsSetterOnly { return nil }
        }
        let bindings = context.children(decl).filter { context.kind($0) == .patternBinding }
        let property = bindings.first.flatMap { tree.firstChild($0) }.flatMap { context.name($0) } ?? "?"
        let hasInitializer = bindings.allSatisfy { tree.child($0, .initializerClause) != nil }
        // `@State var selection: Item?` starts as nil, and the memberwise initializer does not ask for it.
        let startsAsNil = bindings.allSatisfy { binding in
            guard let type = tree.child(binding, .typeAnnotation).flatMap({ tree.firstChild($0) }) else { return false }
            return context.kind(type) == .optionalType || context.kind(type) == .implicitlyUnwrappedOptionalType
        }
        let edit: TextEdit
        if let access {
            let range = tree.byteRange(access)
            edit = TextEdit(startOffset: range.lowerBound, endOffset: range.upperBound, replacement: "private")
        } else {
            // Before the first modifier, or the `var` keyword.
            let insertAt = context.modifiers(decl).first.map { tree.byteRange($0).lowerBound }
                ?? Int(tree.tokens[Int(tree.nodes[decl].name)].offset)
            edit = TextEdit(startOffset: insertAt, endOffset: insertAt, replacement: "private ")
        }
        // Safe only when nobody can be passing or reading the value: an initial value (else callers pass it
        // today), no access modifier the author chose, and, decided by the project check, no use elsewhere.
        let fix = Fix(message: access == nil ? "insert 'private'" : "make it 'private'",
                      applicability: hasInitializer && access == nil ? .safe : .suggestion, edits: [edit])
        let wrapper = context.name(attribute) ?? "State"
        let genericParameters = context.genericParameterNames(of: ownerDeclaration)
        let annotatedAsPlainType = bindings.count == 1
            && tree.child(bindings[0], .typeAnnotation).flatMap({ tree.firstChild($0) }).map { type in
                context.kind(type) == .memberType
                    || context.kind(type) == .identifierType && !genericParameters.contains(context.name(type) ?? "")
            } == true
        return Candidate(attribute: attribute, fix: fix,
                         condition: Condition(owner: owner, property: property, wrapper: wrapper, hasExplicitAccess: access != nil,
                                              hasMemberwiseInitializer: hasMemberwiseInitializer, namedElsewhereInFile: false,
                                              hasInitialValue: hasInitializer || startsAsNil,
                                              annotatedAsPlainType: annotatedAsPlainType),
                         declaration: ownerDeclaration)
    }
}

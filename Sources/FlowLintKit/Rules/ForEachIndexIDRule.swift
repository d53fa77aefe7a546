import FlowLintSyntax

enum ForEachIndexIDRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "foreach_index_id",
        name: "ForEach Identified by Index",
        summary: "rows of ForEach and List must not be identified by the positions of a collection that is changed in place "
            + "or that they bind by position",
        rationale: """
            SwiftUI keeps a row's state, animations and focus by its identity. When rows are identified by \
            their index, inserting, deleting or moving an element gives the following rows the identity of \
            another element: state moves to the wrong row, the wrong row animates away, and a binding to a \
            removed index can crash. Positions are harmless when the collection is never changed in place and \
            the rows keep no state of their own. Identify rows by a stable id of the element instead.
            """,
        defaultSeverity: .warning
    )
}

extension ForEachIndexIDRule {
    static var analyses: [any ProjectAnalysis.Type] { [ViewsShownOnlyInPreviews.self, ViewConstructionArguments.self] }

    /// The bodies that show rows, and those that change a collection in place (`items.remove(at:)`,
    /// `items = items.filter { ... }`), wherever they are: a model's method changes what a view shows. A computed
    /// property of an array type is kept too: its getter may be a constant (`var sizes: [String] { ["S", "M"] }`),
    /// and so is a member that makes a binding (`func timeBinding(_ index: Int) -> Binding<Date>`), which rows may call
    /// with their position (`MemberBodies`).
    static let parses = BodySkipping(bodyWords: Set(["ForEach", "List", "delete", "withAnimation"]).union(inPlaceMethods)
                                        .union(reorderingMethods),
                                     declarationWords: ["Binding"], typeSuffixes: ["]"], notedWords: observableWords.words)

    /// Only a file that says one of these can declare a view or an observable object whose arrays rows bind
    /// (`Record.shrinks`): SwiftUI's, Combine's and Observation's words, imported or used.
    static let observableWords = TokenWords(["SwiftUI", "Combine", ObservationNames.module, "ObservableObject",
                                             ObservationNames.observable, "Published"])

    /// What a finding's data argument enumerates the positions of.
    enum Collection: Codable, Sendable, Hashable {
        /// `xs` or `self.xs` inside type `owner` (nil at file level).
        case member(owner: String?, name: String)
        /// `base.xs` inside type `owner`, `base` a property of it (`model.items`).
        case chain(owner: String, base: String, name: String)
        /// `Type.xs`
        case staticMember(type: String, name: String)
        /// A parameter or a local of the body: never looked for in other places' changes (only `onDelete` or
        /// `onMove` on the `ForEach` says it is changed in place).
        case local
        /// Anything else (`a.b.c`, a call's result): never a known constant, never known to change in place.
        case variable
    }

    /// How the rows are built from the positions: the positions themselves (`xs.indices`, `0..<xs.count`), or
    /// pairs of positions and elements (`Array(xs.enumerated())`, `zip(xs.indices, xs)`), which can keep the
    /// pairs and be identified by the element (`id: \.element.id`, `id: \.1.id`).
    enum Form: String, Codable, Sendable, Hashable { case positions, enumerated, zipped }

    /// A finding waiting for the project: whether the collection can change at all, whether it is changed in
    /// place or its rows keep state, and what the element's identity allows the advice to say.
    struct Condition: Codable, Sendable, Hashable {
        var container: String
        /// The collection as written (`people`, `model.items`, `prompts.prefix(4)`).
        var text: String
        var collection: Collection
        var form: Form
        /// `onDelete` / `onMove` on this `ForEach`.
        var changedBy: String?
        /// The `ForEach` is what the body of its view (`view`) shows, in no container of its own: whether its `onDelete`
        /// or `onMove` can run depends on where the view is shown.
        var editsWhereShown = false
        /// What in the rows keeps state: a text input (`a TextField`).
        var rowState: String?
        /// A binding to an element by position in the rows (`$items[index]`): editing in place is what they are for.
        var binding: String?
        /// The rows edit the element at their position through a binding they make (`Binding(get: { times[index] },
        /// set: { times[index] = $0 })`): the element's value cannot be its identity.
        var editsByPosition = false
        /// Types the rows construct: a view of the project with its own `@State` keeps state per row.
        var rowViews: [String] = []
        /// Each argument of a row view's construction that is the row's position itself (`ImageIndicator(myIndex: i)`):
        /// a `@State` it seeds holds the position, which rows identified by position keep right.
        var positionArguments: [PositionArgument] = []
        /// The element type, when the file spells it (a parameter's or a local's annotation).
        var element: String?
        /// The menu whose content the rows are (`a Menu`): rebuilt each time it opens, its rows neither animate
        /// nor stay on screen while the collection changes.
        var menu: String?
        /// `.id(xs.count)` on the `ForEach` or a container around it: an insertion or a removal rebuilds every
        /// row, a move or a sort does not.
        var rebuiltByCount = false
        /// The positions are some of the collection's, or in another order (`xs.indices.filter { ... }`, a computed
        /// property that sorts them): `ForEach(xs)` would show other rows.
        var selectsPositions = false
        /// A change of the rows is animated where they are shown: `.animation(...)` or `.transition(...)` on the
        /// `ForEach`, a container around it or the rows, or a `List` (which animates its rows' insertions and
        /// removals itself).
        var isAnimated = false
        /// The type whose body or member holds the `ForEach` (a view only previews show is not judged).
        var view: String?
    }

    /// What the project pass needs of every file.
    struct Record: Codable, Sendable {
        /// `let` constants at file level that have an initializer (`let rows = [...]`).
        var fileConstants: [String] = []
        /// Computed properties whose getter is a constant (`var sizes: [String] { ["S", "M"] }`, `{ Self.all }`),
        /// as `Owner.name`.
        var constantMembers: [String] = []
        /// Properties declared as arrays, with their element type.
        var elements: [ArrayProperty] = []
        /// Stored properties whose type is not written but inferred from a call (`var board = Board()`, `var items =
        /// Defaults.list()`), as `Owner.name`: collections rows are built over are arrays, or type aliases of one, so
        /// their writes are followed like an array's.
        var inferredCollections: [String] = []
        /// Collections changed in place, by the type that does it and the name changed.
        var changes: [Change] = []
        /// The functions called in a `withAnimation { ... }` closure (`withAnimation { model.remove(item) }`): the
        /// changes they make are animated.
        var animatedCalls: [String] = []
        /// Stored properties without a property wrapper whose default is an array literal (`var items: [Item] = []`),
        /// of structs that declare no `init` in their body, as `Owner.name`: what a construction through the
        /// memberwise initializer that does not pass them gives.
        var literalDefaults: [String] = []
        /// Writes that can make a collection shorter, outside initializers (`items = loaded`, `items.removeAll()`,
        /// `model.items = []`, `$items` handed on), by the type that makes them: `call` is empty.
        var shrinks: [Change] = []
        /// Bindings handed to a view's input as it is constructed (`Editor(items: $names)`), by the type that does it.
        var handoffs: [Handoff] = []

        var isEmpty: Bool {
            fileConstants.isEmpty && constantMembers.isEmpty && elements.isEmpty && inferredCollections.isEmpty && changes.isEmpty
                && animatedCalls.isEmpty && literalDefaults.isEmpty && shrinks.isEmpty && handoffs.isEmpty
        }
    }

    /// `owner` constructs `view` with `label: $name`: the view's `@Binding` input `label` is `owner`'s `name`; with
    /// `label: $base.name`, the `name` of the type of `owner`'s property `base` (`$model.items`). With an empty
    /// `owner`, `label: .constant(...)`: a binding nothing writes through.
    struct Handoff: Codable, Sendable, Hashable {
        var view: String
        var label: String
        var owner: String
        var base: String? = nil
        var name: String

        var isConstant: Bool { owner.isEmpty }
    }

    /// A property declared as an array: `member` is `Owner.name`.
    struct ArrayProperty: Codable, Sendable, Hashable {
        var member: String
        var element: String
    }

    /// The type `owner` changes `base.name` (or `name` itself, `base` nil) in place with `call`, as written for the
    /// message (`model.items.remove(at:)`, `items = items.filter(...)`). A change outside any type is not recorded:
    /// no view shows a collection of its own through it.
    struct Change: Codable, Sendable, Hashable {
        var owner: String
        var base: String?
        var name: String
        var call: String
        /// The change reorders the elements and keeps their count (`move`, `sort`, `items = items.sorted(...)`).
        var reorders = false
        /// The change sorts the elements (`sortingMethods`): an order of the collection's own, not a move the user makes.
        var sorts = false
        /// The change is made in a `withAnimation { ... }` closure.
        var animated = false
        /// The function that makes the change (`remove` of `func remove(_ item: Item)`): a call of it in a
        /// `withAnimation { ... }` closure anywhere in the project animates the change. Nil for a private function,
        /// whose calls in its own file have said whether it is animated (`animated`).
        var function: String?
        /// Rows of the same file (the start of their data argument) that are never shown while the change can be
        /// made: the change is made in one arm of an `if` or `switch` of the owner's `body` and the rows are in
        /// another (`exclusiveArms`).
        var awayFromRows: [Int] = []
        /// Views the owner shows only in arms of its `body` other than the change's, with how many constructions of
        /// each it has there: when that is every construction of the view, its rows are never shown while the change
        /// can be made.
        var awayFromViews: [ShownElsewhere] = []
        /// The change is made in a method of a view that nothing in the view's file names (an `onDelete` handler
        /// left unattached): it runs only if an extension of the view in another file calls it, since nothing
        /// outside a view calls the methods of a view value.
        var inMethodUncalledInItsView = false
        /// The file that records the change, set when the project pass gathers the records.
        var file: String?
    }

    /// A view `owner` constructs `constructions` times, each in an arm of its `body` away from a change.
    struct ShownElsewhere: Codable, Sendable, Hashable {
        var view: String
        var constructions: Int
    }

    /// Methods that insert, remove or move elements other than at the end: the elements after the change move to
    /// other positions.
    static let inPlaceMethods: Set<String> = [
        "remove", "removeFirst", "removeAll", "removeSubrange", "replaceSubrange", "insert", "move", "swapAt",
        "sort", "shuffle", "reverse",
    ]
    /// `xs = xs.filter { ... }`, `xs = Array(xs.suffix(50))`: an assignment of the same collection, filtered,
    /// reordered or shortened at the front.
    static let reorderingMethods: Set<String> = ["filter", "sorted", "reversed", "shuffled", "suffix", "dropFirst"]
    /// Controls that keep editing state (focus, selection, text being typed) in the row.
    static let textInputs: Set<String> = ["TextField", "SecureField", "TextEditor"]
    /// Property wrappers that keep state per view identity (`@GestureState` resets itself when the gesture ends).
    static let rowStateWrappers: Set<String> = ["State", "StateObject", "FocusState"]

    /// A row view's argument that is the row's position (`Condition.positionArguments`).
    struct PositionArgument: Codable, Sendable, Hashable {
        var view: String
        var label: String
    }
    /// The children of a view builder (`_VariadicView.Children`, `Group(subviews:)`'s `SubviewsCollection`):
    /// the content the caller wrote, not data the app changes.
    static let builderChildrenTypes: Set<String> = ["Children", "SubviewsCollection", "SubviewsCollectionSlice"]

    /// The message: what was seen to do harm (a change in place, with the state the rows keep; or a binding by
    /// position) and advice that compiles on what is known of the collection.
    static func message(_ c: Condition, changedBy: String?, rowState: String?, advice: String) -> String {
        var text = "\(c.container) rows are identified by the positions of '\(c.text)'"
        if let changedBy { text += ", which is changed in place (\(changedBy))" }
        let joined = changedBy == nil ? ", and" : " while"
        if let rowState {
            text += "\(joined) the rows keep state of their own (\(rowState))"
        } else if let binding = c.binding {
            text += "\(joined) the rows bind '\(binding)' by position"
        }
        switch (changedBy != nil, rowState != nil || c.binding != nil) {
        case (true, true):
            text += ": after an insertion, removal or move, rows take over the identity and state of other elements"
        case (true, false):
            text += ": after an insertion, removal or move, rows take over the identity of other elements and the wrong rows animate"
        case (false, true):
            text += ": when an element is removed, a row can read a position that no longer exists and crash"
        case (false, false):
            break
        }
        return text + "; " + advice
    }

    /// What is known of the element's identity.
    enum ElementIdentity: Equatable {
        case identifiable
        /// Not `Identifiable`, but it has an `id` property.
        case idProperty
        /// A type of the project with neither.
        case declared(String)
        /// A standard value type that is `Hashable` (`String`, `Int`, `UUID`, `URL`): the element itself can be the
        /// identity when the elements are unique and the rows do not edit them.
        case hashableValue
        /// A floating-point number (`floatingPointTypes`) or an enum of the project: a value that repeats and changes,
        /// which cannot be its own id.
        case sample
        case unknown
    }

    /// Floating-point number types: samples and measurements, which repeat and have no identity of their own.
    static let floatingPointTypes: Set<String> = ["Float", "Double", "CGFloat", "Float32", "Float64", "Float16"]

    /// Standard value types whose values can identify rows (`id: \.self`) when they do not repeat.
    static let hashableValueTypes: Set<String> = ["String", "Substring", "Int", "Int64", "Int32", "UInt", "UUID", "URL",
                                                   "Date", "Character"]

    /// Advice that compiles: `ForEach(xs)` only for `Identifiable` elements, `id: \.id` only when the element has
    /// that property, `ForEach($xs)` only for a collection that can be bound (`binding`, given only when the rows
    /// edit elements by position). `rowsEdit`: a row view takes a binding to a value of the element's type, or the
    /// rows make a binding to the element at their position (the rows edit the elements through it).
    /// `computedID`: the element's type and the stored properties its computed `id` reads, when it has one;
    /// `newIDWhenRead`: the element's type, when its computed `id` makes a new `UUID`; `sharedDefaultID`: the element's
    /// type and the constant its stored `id` starts as (nil for an optional one), when it starts as one.
    static func advice(_ c: Condition, element: ElementIdentity, binding: String?, rowsEdit: Bool = false,
                       computedID: (type: String, from: [String])? = nil, newIDWhenRead: String? = nil,
                       sharedDefaultID: (type: String, constant: ConstantIDDefault)? = nil) -> String {
        let pairedID = c.form == .zipped ? "\\.1.id" : "\\.element.id"
        var prefix = "", suffix = ""
        switch element {
        case .identifiable, .idProperty:
            if let type = newIDWhenRead {
                // Rows identified by such an id would be made again, their state lost, each time the view is updated.
                prefix = "give '\(type)' an id stored when it is made (its 'id' makes a new UUID when it is read, so rows "
                    + "identified by it would be made anew at every update) and "
            } else if let (type, from) = computedID {
                // Rows identified by such an id are made again at each edit of those properties, and two elements
                // with the same values share it.
                let names = from.map { "'\($0)'" }
                let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
                prefix = "give '\(type)' an id stored when it is made (its 'id' is computed from \(listed): it changes as "
                    + "\(names.count == 1 ? "that is" : "they are") edited, and elements with the same values share it) and "
            } else if let (type, constant) = sharedDefaultID, constant.isIntegerKey {
                // A database's key, which it sets when it stores the element: the app cannot make one earlier, and one
                // it made up would be sent as the key (judged wrong twice in BP3). The rows need an id of their own.
                var text = "add a 'localID' to '\(type)', set when each is made (its 'id' is an optional key the store "
                    + "gives when it saves the element, so elements not saved yet share nil), and "
                if c.form != .positions && !c.text.hasPrefix("$") {
                    return text + "identify the rows by it, id: " + (c.form == .zipped ? "\\.1.localID" : "\\.element.localID")
                }
                text += "use \(c.container)(\(c.text), id: \\.localID)"
                if let binding, binding != c.text { text += ", or ForEach(\(binding), id: \\.localID) to edit the elements in place" }
                return text
            } else if let (type, constant) = sharedDefaultID {
                let value = constant.value
                // Rows identified by an id that new elements share would be taken for one another.
                prefix = value == "nil"
                    ? "give each '\(type)' its own id when it is made (its 'id' is optional, and every element made "
                        + "without one has nil) and "
                    : "give each '\(type)' its own id when it is made (its 'id' starts as '\(value)', which every "
                        + "element made without one shares) and "
            }
        case .declared(let name): prefix = "make '\(name)' Identifiable and "
        case .hashableValue where c.binding != nil || c.rowState != nil || rowsEdit || (c.form != .positions && c.text.hasPrefix("$")):
            // Rows that edit the element would change its identity at every keystroke with `id: \.self` (and values
            // edited in place repeat: blank fields), and the elements of `Array($xs.enumerated())` are bindings, not
            // values (`id: \.element` does not compile): the values need an identity beside them.
            prefix = "keep each value in an Identifiable element (a stable id beside it) and "
        case .hashableValue where !c.selectsPositions:
            return c.form == .positions
                ? "use \(c.container)(\(c.text), id: \\.self) if its elements never repeat"
                : "identify the rows by the element, id: \(c.form == .zipped ? "\\.1" : "\\.element"), if the elements never repeat"
        case .hashableValue: suffix = ", id: \\.self if the elements never repeat"
        case .sample: prefix = "keep each value in an Identifiable element (a stable id beside it) and "
        case .unknown: suffix = " with Identifiable elements"
        }
        // The pairs of `Array($xs.enumerated())` hold bindings: `\.element.id` would be a `Binding`, not an id. The
        // binding of the collection itself gives the rows their element's binding, identified by the element.
        let bindsPairs = c.form != .positions && c.text.hasPrefix("$")
        if c.form != .positions && !bindsPairs {
            return prefix + "identify the rows by the element, id: \(pairedID)" + (suffix.isEmpty ? "" : "," + suffix)
        }
        let idArgument = element == .idProperty ? ", id: \\.id" : ""
        if c.selectsPositions && !bindsPairs {
            return prefix + "build the rows from the elements of '\(c.text)' they show (filtered or sorted as the positions are)"
                + (idArgument.isEmpty ? "" : ", identified by their id") + suffix
        }
        var text = prefix + "use \(c.container)(\(c.text)\(idArgument))" + suffix
        if bindsPairs {
            text += " (each row gets its element's binding)"
        } else if let binding, binding != c.text {
            text += ", or ForEach(\(binding)\(idArgument)) to edit the elements in place"
        }
        return text
    }

    // MARK: Per file

    /// Every `ForEach(...)` / `List(...)` call in the file whose data argument is a collection's indices, what
    /// its rows keep, and the file's constants, array properties and changes in place.
    static func check(file context: FileContext, report: inout FileReport<Condition, Record>) {
        let tree = context.tree
        var record = Record()
        var changed: Set<[String?]> = []
        var members = MemberBodies()
        var animatedCalls: Set<String> = []
        var uncalled: [Int: Bool] = [:]
        // The changes (kept until every row of the file is known: `awayFromRows`), and the rows reported.
        var changes: [(change: Change, call: Int)] = []
        var reportedRows: [(call: Int, start: Int)] = []
        for node in context.nodes(.callExpr) {
            let call = Int(node)
            guard let callee = tree.firstChild(call) else { continue }
            if var change = inPlaceChange(call, callee: callee, context) {
                let function = context.enclosingFunction(call)
                // A change in a private method nothing in the file calls never runs (judged wrong in AZ4).
                if let function, uncalled[function] ?? {
                    let dead = context.isUncalledPrivateFunction(function)
                    uncalled[function] = dead
                    return dead
                }() { continue }
                if isInInertEditingAction(call, context) { continue }
                change.inMethodUncalledInItsView = function.map { isUncalledViewMethod($0, context) } ?? false
                change.animated = isInWithAnimation(call, context)
                change.function = function.flatMap { context.name($0) }
                changes.append((change, call))
                continue
            }
            let calleeName: String?
            switch context.kind(callee) {
            case .identifierExpr: calleeName = context.name(callee)
            case .genericSpecializationExpr: calleeName = tree.firstChild(callee).flatMap { context.name($0) }
            default: calleeName = nil
            }
            if calleeName == "withAnimation" {
                for n in tree.subtree(call).dropFirst() where context.kind(n) == .callExpr && animatedCalls.count < 256 {
                    guard let inner = tree.firstChild(n), [.identifierExpr, .memberAccessExpr].contains(context.kind(inner)),
                          let name = context.name(inner), name != "withAnimation" else { continue }
                    animatedCalls.insert(name)
                }
                continue
            }
            guard let container = calleeName, container == "ForEach" || container == "List" else { continue }
            let args = context.arguments(call)
            guard let first = args.first, first.label == nil, let data = first.value else { continue }
            let idPath = args.first { $0.label == "id" }?.value.map { tree.compactText($0) }
            guard let (collection, form) = indexedCollection(data, id: idPath, context),
                  let reference = collectionReference(collection, at: call, context), !isInPreview(call, context) else { continue }
            // The rows of a `private` view nothing in its file names are never shown (a card left from a redesign).
            let enclosingType = context.enclosingType(call)
            if let enclosingType, context.isUnusedPrivateType(enclosingType) { continue }
            let rows = rowContent(call, context)
            if let rows, rowsCarryTheirOwnID(rows, context, &members) { continue }
            let around = surroundings(of: call, context)
            let rebuilt = rebuildingID(around.modifiers, collection: collection, context)
                ?? rebuildingIDAtEveryUse(of: call, collection: collection, context)
            if rebuilt == .whole { continue }
            var condition = Condition(container: container, text: tree.compactText(collection), collection: reference.collection,
                                      form: form, element: reference.element)
            condition.changedBy = container == "ForEach" && !isInStack(around.containers, context) ? editingModifier(call, context) : nil
            condition.editsWhereShown = condition.changedBy != nil && around.containers.isEmpty && isBodyOfItsView(call, context)
            condition.menu = enclosingMenu(call, context)
            condition.rebuiltByCount = rebuilt == .count
            condition.selectsPositions = form == .positions && selectsPositions(data, context)
            condition.isAnimated = isAnimated(around, container: container, rows: rows, context)
            condition.view = enclosingType.map { context.typeDeclarationName($0) }
            if let rows { describeRows(rows, form: form, into: &condition, context, &members) }
            // Pages that bind elements by position can still read a position that is gone.
            if let rows, condition.binding == nil, isPageSelectedByPosition(call, rows: rows, context) { continue }
            // Page dots, step markers: rows that show their position and nothing of an element are identified right.
            if let rows, form == .positions, showOnlyTheirPosition(rows, context) { continue }
            // The project pass decides, and writes the message again with what the other files say.
            report.report(at: data, message(condition, changedBy: condition.changedBy, rowState: condition.rowState,
                                            advice: advice(condition, element: .unknown, binding: nil)), condition: condition)
            reportedRows.append((call, context.span(of: data).startOffset))
        }
        var walk = ArmWalk(context)
        for (var change, call) in changes {
            // A private function is called only from its own file: a call of the name in another file's `withAnimation`
            // is another function's (judged wrong in BK: two views' private `removeCondition`, one of them animated).
            if let name = change.function, let function = context.enclosingFunction(call),
               context.isPrivateToItsFile(function) {
                change.animated = change.animated || animatedCalls.contains(name)
                change.function = nil
            }
            (change.awayFromRows, change.awayFromViews) = away(from: call, rows: reportedRows, &walk)
            // The first change of each collection describes them all, the first that reorders it those that do,
            // and the first animated one those that are; each function that changes it is kept, and each set of rows
            // and views it is away from.
            var key: [String?] = [change.owner, change.base, change.name, change.reorders ? "reorders" : nil,
                                  change.animated ? "animated" : nil, change.function,
                                  change.inMethodUncalledInItsView ? "uncalled" : nil]
            key += change.awayFromRows.map { String($0) } + change.awayFromViews.map { "\($0.view)*\($0.constructions)" }
            if changed.insert(key).inserted { record.changes.append(change) }
        }
        for item in context.topLevelItems where context.kind(item) == .variableDecl && tree.name(item) == "let" {
            for b in context.children(item) where context.kind(b) == .patternBinding && tree.child(b, .initializerClause) != nil {
                if let p = tree.firstChild(b), context.kind(p) == .identifierPattern, let n = context.name(p) {
                    record.fileConstants.append(n)
                }
            }
        }
        recordMembers(context, into: &record)
        if context.mentions(observableWords) { (record.shrinks, record.handoffs) = arrayWrites(context, rows: reportedRows, &walk) }
        record.animatedCalls = animatedCalls.sorted()
        if !record.isEmpty { report.record(record) }
    }

    /// Whether `function` is an instance method of a struct declared in this file as a `View`, and nothing else in
    /// the file names it (judged wrong in BO: a `delete(at:)` no `onDelete` was ever given).
    static func isUncalledViewMethod(_ function: Int, _ context: FileContext) -> Bool {
        guard context.isUncalledFunction(function), !context.hasModifier(function, .static),
              let type = context.enclosingType(function), context.kind(type) == .structDecl else { return false }
        return context.inheritedNames(type).contains("View")
    }

    /// The collection whose positions `data` enumerates, if it does, and how the rows get them.
    static func indexedCollection(_ data: Int, id: String?, _ context: FileContext, aliasDepth: Int = 0) -> (Int, Form)? {
        let tree = context.tree
        let e = context.unwrapped(data)
        let byOffset = id == "\\.offset" || id == "\\.0"
        switch context.kind(e) {
        case .binaryExpr:
            guard let op = tree.nameToken(e), tree.file.token(op, is: "..<") || tree.file.token(op, is: "...") else { return nil }
            let sides = Array(context.children(e))
            guard sides.count == 2 else { return nil }
            // `xs.startIndex..<xs.endIndex`
            if let lower = memberBase(sides[0], "startIndex", context), let upper = memberBase(sides[1], "endIndex", context),
               tree.compactText(lower) == tree.compactText(upper) { return (lower, .positions) }
            // `0..<xs.count`, `0...xs.count - 1`, `0..<n` with `let n = xs.count`
            var upper = context.unwrapped(sides[1])
            if context.kind(upper) == .binaryExpr, let op = tree.nameToken(upper), tree.file.token(op, is: "-"),
               let lhs = tree.firstChild(upper) { upper = context.unwrapped(lhs) }
            if let base = memberBase(upper, "count", context) { return (base, .positions) }
            if context.kind(upper) == .identifierExpr, aliasDepth < 4, let name = context.name(upper),
               let value = localInitializer(name, at: e, context) {
                let aliased = context.unwrapped(value)
                if let base = memberBase(aliased, "count", context) { return (base, .positions) }
            }
            return nil
        case .memberAccessExpr:
            // `xs.indices`
            if let base = memberBase(e, "indices", context) { return (base, .positions) }
            // `self.activeIndices`, a computed property of positions.
            guard let receiver = tree.firstChild(e), context.kind(receiver) == .identifierExpr, context.name(receiver) == "self",
                  let name = context.name(e), aliasDepth < 4, let getter = computedGetter(name, at: e, context) else { return nil }
            return indexedCollection(getter, id: id, context, aliasDepth: aliasDepth + 1)
        case .identifierExpr:
            // `activeIndices`, a computed property of positions (`var activeIndices: [Int] { routines.indices.filter {
            // !routines[$0].isArchived } }`): the rows stand at those positions (WorkoutTracking3's routines, deleted while
            // shown).
            guard let name = context.name(e), aliasDepth < 4, localBinding(name, at: e, context) == nil,
                  parameter(name, at: e, context) == nil, let getter = computedGetter(name, at: e, context) else { return nil }
            return indexedCollection(getter, id: id, context, aliasDepth: aliasDepth + 1)
        case .callExpr:
            guard let callee = tree.firstChild(e) else { return nil }
            // `Array(xs.enumerated())`, `Array(zip(xs.indices, xs))`
            if context.kind(callee) == .identifierExpr, context.name(callee) == "Array" {
                let args = context.arguments(e)
                guard args.count == 1, args[0].label == nil, let inner = args[0].value else { return nil }
                return indexedCollection(inner, id: id, context, aliasDepth: aliasDepth + 1)
            }
            // `zip(xs.indices, xs)` with `id: \.0`
            if context.kind(callee) == .identifierExpr, context.name(callee) == "zip", byOffset {
                let args = context.arguments(e)
                guard args.count == 2, let first = args[0].value, let base = memberBase(context.unwrapped(first), "indices", context)
                else { return nil }
                return (base, .zipped)
            }
            // `xs.indices.sorted { ... }`, `xs.indices.reversed()`, `xs.indices.filter { ... }`, and these one after
            // the other (`xs.indices.filter { ... }.sorted { ... }`)
            if context.kind(callee) == .memberAccessExpr, ["sorted", "reversed", "filter"].contains(context.name(callee) ?? ""),
               let receiver = tree.firstChild(callee) {
                if let base = memberBase(receiver, "indices", context) { return (base, .positions) }
                if context.kind(context.unwrapped(receiver)) == .callExpr, aliasDepth < 4,
                   let (base, form) = indexedCollection(receiver, id: nil, context, aliasDepth: aliasDepth + 1), form == .positions {
                    return (base, .positions)
                }
            }
            // `xs.enumerated()` and `xs.enumerated().map { ... }` with `id: \.offset` / `\.0`
            guard byOffset, context.kind(callee) == .memberAccessExpr, let receiver = tree.firstChild(callee) else { return nil }
            if context.name(callee) == "enumerated" { return (receiver, .enumerated) }
            if ["map", "filter", "sorted", "reversed"].contains(context.name(callee) ?? ""),
               context.kind(context.unwrapped(receiver)) == .callExpr, aliasDepth < 4,
               let (base, _) = indexedCollection(receiver, id: id, context, aliasDepth: aliasDepth + 1) {
                // The pairs are transformed: only the positions are known to be kept.
                return (base, .positions)
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether the positions a `ForEach` is given are filtered, sorted or reversed, as written or in the getter of the
    /// computed property it names (`var active: [Int] { routines.indices.filter { ... }.sorted { ... } }`).
    static func selectsPositions(_ data: Int, _ context: FileContext) -> Bool {
        var e = context.unwrapped(data)
        // `activeIndices` or `self.activeIndices`: the view's own property (`model.activeIndices` is another type's).
        let isOwn = context.kind(e) == .identifierExpr
            || (context.kind(e) == .memberAccessExpr && context.tree.firstChild(e).map { context.name($0) == "self" } == true)
        if isOwn, let name = context.name(e), let getter = computedGetter(name, at: e, context) {
            e = context.unwrapped(getter)
        }
        return context.tree.subtree(e).contains { n in
            context.kind(n) == .memberAccessExpr && ["filter", "sorted", "reversed", "shuffled"].contains(context.name(n) ?? "")
        }
    }

    /// `base` of `base.member`.
    static func memberBase(_ e: Int, _ member: String, _ context: FileContext) -> Int? {
        let e = context.unwrapped(e)
        guard context.kind(e) == .memberAccessExpr, context.name(e) == member, let base = context.tree.firstChild(e) else { return nil }
        return base
    }

    /// The local `let`/`var` named `name` declared before `use` in an enclosing block: its binding.
    static func localBinding(_ name: String, at use: Int, _ context: FileContext) -> Int? {
        let tree = context.tree
        var child = use
        while let scope = context.enclosingScope(child) {
            if [.codeBlock, .closureExpr].contains(context.kind(scope)) {
                for statement in context.statementsThatMayBind(name, in: scope)
                    where context.endsBefore(statement, use) && context.kind(statement) == .variableDecl {
                    for b in context.children(statement) where context.kind(b) == .patternBinding {
                        if let p = tree.firstChild(b), context.kind(p) == .identifierPattern, context.name(p) == name { return b }
                    }
                }
            }
            let kind = context.kind(scope)
            if [.funcDecl, .initDecl, .structDecl, .classDecl, .enumDecl, .extensionDecl, .sourceFile].contains(kind) { break }
            child = scope
        }
        return nil
    }

    /// The initializer of a local `let`/`var` named `name` declared before `use` in an enclosing block.
    static func localInitializer(_ name: String, at use: Int, _ context: FileContext) -> Int? {
        localBinding(name, at: use, context).flatMap { context.tree.child($0, .initializerClause) }.flatMap { context.tree.firstChild($0) }
    }

    /// How the project pass can tell what the collection is (with its element type when the file spells it); nil
    /// when it is a constant already here.
    static func collectionReference(_ collection: Int, at use: Int, _ context: FileContext, depth: Int = 0)
        -> (collection: Collection, element: String?)? {
        let tree = context.tree
        let e = context.unwrapped(collection)
        let owner = context.enclosingType(use).map(context.typeDeclarationName)
        // `$items` (`ForEach($items.indices, ...)`, `$model.items`) is the binding of `items`: the same elements, the
        // same changes.
        func unprojected(_ name: String) -> String {
            name.hasPrefix("$") && !(name.dropFirst().first?.isNumber ?? true) ? String(name.dropFirst()) : name
        }
        switch context.kind(e) {
        case .identifierExpr:
            guard let name = context.name(e).map(unprojected) else { return (.variable, nil) }
            if let binding = localBinding(name, at: use, context) {
                let annotation = tree.child(binding, .typeAnnotation).flatMap { tree.firstChild($0) }
                guard let value = tree.child(binding, .initializerClause).flatMap({ tree.firstChild($0) }) else {
                    return (.local, annotation.flatMap { arrayElement($0, context) })
                }
                // A local array literal is a constant; a local alias (`let icons = model.icons`) is what it names;
                // anything else is the body's own value.
                let v = context.unwrapped(value)
                if context.kind(v) == .arrayExpr { return nil }
                guard depth < 4 else { return (.local, nil) }
                guard let aliased = collectionReference(v, at: use, context, depth: depth + 1) else { return nil }
                if case .variable = aliased.collection { return (.local, annotation.flatMap { arrayElement($0, context) }) }
                return aliased
            }
            if let parameter = parameter(name, at: use, context) {
                let type = tree.firstChild(parameter).flatMap { context.typeName($0) }
                // The children of a view builder: what the caller wrote, not data that changes in place.
                if let type, builderChildrenTypes.contains(type) { return nil }
                return (.local, tree.firstChild(parameter).flatMap { arrayElement($0, context) })
            }
            return (.member(owner: owner, name: name), nil)
        case .memberAccessExpr:
            guard let base = tree.firstChild(e), let name = context.name(e) else { return (.variable, nil) }
            if name == "allCases" { return nil }
            let root = context.unwrapped(base)
            if context.kind(root) == .identifierExpr, let baseName = context.name(root).map(unprojected) {
                if baseName == "self" { return (.member(owner: owner, name: unprojected(name)), nil) }
                if baseName == "Self", let owner { return (.staticMember(type: owner, name: name), nil) }
                if FileContext.isTypeLike(baseName) { return (.staticMember(type: baseName, name: name), nil) }
                if let parameter = parameter(baseName, at: use, context) {
                    // `func daysSection(model: ProgramModel) -> some View { ForEach(model.days.indices, ...) }`: the
                    // property of the parameter's declared type, as `model.days` would be were `model` a property.
                    if localBinding(baseName, at: use, context) == nil, let type = context.parameterType(parameter).flatMap({ context.typeName($0) }),
                       FileContext.isTypeLike(type), type != "Self" {
                        return (.member(owner: type, name: unprojected(name)), nil)
                    }
                    return (.local, nil)
                }
                if let owner, localBinding(baseName, at: use, context).map({ isShadowing($0, baseName, context) }) ?? true {
                    return (.chain(owner: owner, base: baseName, name: name), nil)
                }
                return (.local, nil)
            }
            // `self.model.items`
            if context.kind(root) == .memberAccessExpr, let inner = tree.firstChild(root), context.kind(inner) == .identifierExpr,
               context.name(inner) == "self", let owner, let baseName = context.name(root) {
                return (.chain(owner: owner, base: baseName, name: name), nil)
            }
            // `Calendar.current.weekdaySymbols`: a chain of a type's members, the system's constants when the type is
            // not the project's (decided by the project pass).
            if let typeName = rootTypeName(root, context) { return (.staticMember(type: typeName, name: name), nil) }
            return (.variable, nil)
        case .arrayExpr:
            return nil
        case .binaryExpr where context.name(e) == "??":
            // `(draft.services ?? [])`: the optional collection, or no rows.
            let operands = Array(context.children(e))
            guard operands.count == 2, context.kind(context.unwrapped(operands[1])) == .arrayExpr,
                  tree.firstChild(context.unwrapped(operands[1])) == nil, depth < 4 else { return (.variable, nil) }
            return collectionReference(operands[0], at: use, context, depth: depth + 1)
        default:
            return (.variable, nil)
        }
    }

    /// The single expression the getter of the computed instance property `name` returns, in the declaration of the
    /// type that holds `use` (`private var activeIndices: [Int] { routines.indices.filter { ... } }`).
    static func computedGetter(_ name: String, at use: Int, _ context: FileContext) -> Int? {
        let tree = context.tree
        guard let type = context.enclosingType(use), let block = tree.child(type, .memberBlock) else { return nil }
        for member in context.memberDecls(block) where context.kind(member) == .variableDecl && !context.hasModifier(member, .static) {
            guard context.firstBindingName(member) == name, let binding = tree.child(member, .patternBinding),
                  let accessors = tree.child(binding, .accessorBlock) else { continue }
            return getterValue(accessors, context)
        }
        return nil
    }

    /// `@Bindable var store = store`: a local that stands for the property of the same name.
    static func isShadowing(_ binding: Int, _ name: String, _ context: FileContext) -> Bool {
        guard let value = context.tree.child(binding, .initializerClause).flatMap({ context.tree.firstChild($0) }) else { return false }
        let v = context.unwrapped(value)
        return context.kind(v) == .identifierExpr && context.name(v) == name
    }

    /// `Calendar` of `Calendar.current`: the type-like name at the root of a chain of plain members.
    static func rootTypeName(_ e: Int, _ context: FileContext) -> String? {
        var e = e
        for _ in 0..<8 {
            switch context.kind(e) {
            case .identifierExpr:
                guard let n = context.name(e), FileContext.isTypeLike(n), n != "Self" else { return nil }
                return n
            case .memberAccessExpr:
                guard let base = context.tree.firstChild(e) else { return nil }
                e = base
            default:
                return nil
            }
        }
        return nil
    }

    /// The element type of an array type (`[Item]`, `[Item]?`, `Array<Item>`) or of a Core Data fetch's results
    /// (`FetchedResults<Item>`).
    static func arrayElement(_ type: Int, _ context: FileContext) -> String? {
        var t = type
        while [.optionalType, .implicitlyUnwrappedOptionalType, .attributedType].contains(context.kind(t)),
              let inner = context.tree.firstChild(t) { t = inner }
        switch context.kind(t) {
        case .arrayType:
            return context.tree.firstChild(t).flatMap { context.typeName($0) }
        case .identifierType where context.name(t) == "Array" || context.name(t) == "FetchedResults":
            return context.tree.child(t, .genericArgumentClause).flatMap { context.tree.firstChild($0) }.flatMap { context.typeName($0) }
        default:
            return nil
        }
    }

    /// The element of an array a property without a type annotation is made as: empty, `var scores = [Score]()`, a
    /// literal of constructions of one type, `var scores = [Score()]`, or of strings or integers.
    static func arrayElement(initializer value: Int, _ context: FileContext) -> String? {
        let v = context.unwrapped(value)
        // `[Score()]`, `[Score(id: 1), Score(id: 2)]`: a literal of constructions of one type.
        if context.kind(v) == .arrayExpr {
            // `["AXA", "Cigna"]`, `[5, 10, 15]`: a literal of strings or of integers.
            let kinds = Set(context.children(v).prefix(64).map { context.kind(context.unwrapped($0)) })
            if kinds == [.stringLiteral] { return "String" }
            if kinds == [.integerLiteral] { return "Int" }
            let names = Set(context.children(v).prefix(64).map { element -> String? in
                let e = context.unwrapped(element)
                guard context.kind(e) == .callExpr, let callee = context.tree.firstChild(e), context.kind(callee) == .identifierExpr,
                      let name = context.name(callee), FileContext.isTypeLike(name) else { return nil }
                return name
            })
            guard names.count == 1, let name = names.first ?? nil else { return nil }
            return name
        }
        guard context.kind(v) == .callExpr, context.arguments(v).isEmpty, let callee = context.tree.firstChild(v),
              context.kind(callee) == .arrayExpr else { return nil }
        let elements = Array(context.children(callee))
        guard elements.count == 1, context.kind(elements[0]) == .identifierExpr, let name = context.name(elements[0]),
              FileContext.isTypeLike(name) else { return nil }
        return name
    }

    /// A stored `var` of `member`, plain, `@State` or `@Published` (what rows can bind by position), without a written
    /// type, whose value is a call (`= Board()`, `= Defaults.list()`). (Not every property a call gives a value,
    /// `let decoder = JSONDecoder()`: the project's records would keep thousands of names no row is built over.)
    static func isInferredFromCall(_ binding: Int, in member: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        guard tree.name(member) == "var", !context.hasModifier(member, .static),
              context.attributes(member).allSatisfy({ ["State", "Published"].contains(context.name($0) ?? "") }),
              tree.child(binding, .typeAnnotation) == nil, tree.child(binding, .accessorBlock) == nil,
              let value = tree.child(binding, .initializerClause).flatMap({ tree.firstChild($0) }) else { return false }
        return context.kind(context.unwrapped(value)) == .callExpr
    }

    /// The element of the array a pattern binding declares, by its annotation or its initializer (`[Score]()`,
    /// `[Score()]`).
    static func declaredArrayElement(_ binding: Int, _ context: FileContext) -> String? {
        let tree = context.tree
        if let annotation = tree.child(binding, .typeAnnotation).flatMap({ tree.firstChild($0) }) { return arrayElement(annotation, context) }
        return tree.child(binding, .initializerClause).flatMap { tree.firstChild($0) }.flatMap { arrayElement(initializer: $0, context) }
    }

    /// The parameter named `name` of the function, initializer or closure around `use`.
    static func parameter(_ name: String, at use: Int, _ context: FileContext) -> Int? {
        var p = context.enclosingScope(use)
        while let q = p {
            if [.funcDecl, .initDecl, .subscriptDecl].contains(context.kind(q)) {
                guard let clause = context.tree.child(q, .parameterClause) else { return nil }
                return context.children(clause).first { context.kind($0) == .parameter && context.parameterName($0) == name }
            }
            if context.kind(q) == .closureExpr, let sig = context.closureSignature(q),
               let found = context.tree.subtree(sig).first(where: {
                   (context.kind($0) == .parameter || context.kind($0) == .closureParameter) && context.parameterName($0) == name
               }) { return found }
            p = context.enclosingScope(q)
        }
        return nil
    }

    /// In a `#Preview`, a `PreviewProvider` or its `previews`: sample rows nobody edits.
    static func isInPreview(_ use: Int, _ context: FileContext) -> Bool {
        var p = context.enclosingScope(use)
        while let q = p {
            switch context.kind(q) {
            case .sourceFile:
                // A `#Preview` is not a scope of its own: its body's outermost scope is the file. Look for it among
                // the file-level items holding the use.
                return context.topLevelItems.contains { item in
                    context.kind(item) == .macroExpansionDecl && context.name(item) == "Preview"
                        && context.tree.subtree(item).contains(use)
                }
            case .structDecl, .classDecl, .enumDecl, .extensionDecl:
                if context.inheritedNames(q).contains("PreviewProvider") { return true }
            default:
                break
            }
            p = context.enclosingScope(q)
        }
        return false
    }

    /// The closure that builds the rows: the trailing closure, or the `content:` argument.
    static func rowContent(_ call: Int, _ context: FileContext) -> Int? {
        let tree = context.tree
        if let trailing = tree.child(call, .trailingClosure), let closure = tree.firstChild(trailing),
           context.kind(closure) == .closureExpr {
            return closure
        }
        return context.arguments(call).first { $0.label == "content" }?.value.flatMap { context.kind($0) == .closureExpr ? $0 : nil }
    }

    /// Whether the innermost of the containers around a `ForEach` in its body (`surroundings`) is a layout container
    /// (`SwiftUINames.layoutContainers`): a `ForEach` written directly in one (`VStack { ForEach(...) .onDelete { ... }
    /// }`, even inside a `List` row) has no swipe to delete and no drag to move, so its `onDelete` and `onMove` never
    /// run.
    static func isInStack(_ containers: [Int], _ context: FileContext) -> Bool {
        guard let container = containers.first, let callee = context.tree.firstChild(container),
              context.kind(callee) == .identifierExpr, let name = context.name(callee) else { return false }
        return SwiftUINames.layoutContainers.contains(name)
    }

    /// Whether `n` is in the closure of an `onDelete` or `onMove` that never runs: applied to a `ForEach` written
    /// directly in a layout container (`isInStack`).
    static func isInInertEditingAction(_ n: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        var e = n
        for _ in 0..<8 {
            guard let closure = context.enclosingScope(e).flatMap({ s -> Int? in
                var s = s
                while [.codeBlock, .ifExpr, .ifStmt, .switchCase, .switchExpr, .switchStmt, .guardStmt, .forStmt].contains(context.kind(s)) {
                    guard let outer = context.enclosingScope(s) else { return nil }
                    s = outer
                }
                return context.kind(s) == .closureExpr ? s : nil
            }) else { return false }
            if let holder = context.parent(closure), [.trailingClosure, .argument].contains(context.kind(holder)),
               let applied = context.parent(holder), context.kind(applied) == .callExpr,
               let access = tree.firstChild(applied), context.kind(access) == .memberAccessExpr,
               let name = context.name(access), name == "onDelete" || name == "onMove" {
                // The modifiers between the `ForEach` and this one.
                var base = tree.firstChild(access)
                for _ in 0..<64 {
                    guard let b = base, context.kind(b) == .callExpr, let callee = tree.firstChild(b) else { return false }
                    if context.kind(callee) == .identifierExpr {
                        return context.name(callee) == "ForEach" && isInStack(surroundings(of: b, context).containers, context)
                    }
                    guard context.kind(callee) == .memberAccessExpr else { return false }
                    base = tree.firstChild(callee)
                }
                return false
            }
            e = closure
        }
        return false
    }

    /// Whether the `ForEach` `call` (with its modifiers) is a statement of its view's `body`.
    static func isBodyOfItsView(_ call: Int, _ context: FileContext) -> Bool {
        var e = call
        for _ in 0..<64 {
            guard let access = context.parent(e), context.kind(access) == .memberAccessExpr, context.tree.firstChild(access) == e,
                  let applied = context.parent(access), context.kind(applied) == .callExpr else { break }
            e = applied
        }
        guard let block = context.parent(e), let accessor = context.parent(block) else { return false }
        // `var body: some View { ... }`: the accessor block of the `body` binding.
        guard context.kind(block) == .codeBlock || context.kind(block) == .accessorBlock else { return false }
        var p: Int? = accessor
        for _ in 0..<4 {
            guard let q = p else { return false }
            if context.kind(q) == .patternBinding { return context.tree.firstChild(q).flatMap { context.name($0) } == "body" }
            p = context.parent(q)
        }
        return false
    }

    /// `onDelete` or `onMove` applied to the `ForEach` (through other modifiers after it).
    static func editingModifier(_ call: Int, _ context: FileContext) -> String? {
        var e = call
        var found: String?
        for _ in 0..<64 {
            guard let access = context.parent(e), context.kind(access) == .memberAccessExpr, context.tree.firstChild(access) == e,
                  let applied = context.parent(access), context.kind(applied) == .callExpr, context.tree.firstChild(applied) == access
            else { break }
            if let name = context.name(access), name == "onDelete" || name == "onMove" { found = found ?? name }
            e = applied
        }
        return found
    }

    /// What an `.id(...)` around the rows makes of a change of the collection.
    enum Rebuild { case whole, count }

    /// `.id(...)` on the `ForEach` or on a container around it in the same body, with a value that changes with the
    /// collection: `.id(xs)`, `.id(xs.hashValue)`, `.id(xs.map(\.id))` rebuild every row at every change (`whole`),
    /// `.id(xs.count)` at every insertion and removal (`count`). No row's state goes to another element then.
    /// `modifiers`: those of the `ForEach` and its containers (`surroundings`).
    static func rebuildingID(_ modifiers: [(name: String, call: Int)], collection: Int, _ context: FileContext) -> Rebuild? {
        guard let name = changedCollection(collection, context)?.name else { return nil }
        var found: Rebuild?
        for (modifier, applied) in modifiers where modifier == "id" {
            guard let value = context.arguments(applied).first?.value else { continue }
            switch dependence(of: value, on: name, context) {
            case .whole?: return .whole
            case .count?: found = .count
            case nil: break
            }
        }
        return found
    }

    /// For rows built in a view-building member of a type other than `body` (`func buttonStack() -> some View`):
    /// the `.id(...)` that every use of that member in the type's declaration has around it, when they agree
    /// (`ScrollView { buttonStack() }.id(tabs.hashValue)`).
    static func rebuildingIDAtEveryUse(of call: Int, collection: Int, _ context: FileContext) -> Rebuild? {
        let tree = context.tree
        var scope = context.enclosingScope(call)
        var member: Int?
        while let s = scope {
            switch context.kind(s) {
            case .funcDecl, .variableDecl:
                member = s
                scope = nil
            case .initDecl, .subscriptDecl, .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl, .sourceFile:
                scope = nil
            default:
                scope = context.enclosingScope(s)
            }
        }
        guard let member, let type = context.enclosingType(member),
              let name = context.kind(member) == .funcDecl ? context.name(member) : context.firstBindingName(member),
              name != "body" else { return nil }
        let memberRange = tree.subtree(member)
        var found: Rebuild?
        var uses = 0
        for n in tree.subtree(type) where !memberRange.contains(n) && uses < 16 {
            guard context.kind(n) == .identifierExpr, context.name(n) == name else { continue }
            // `buttonStack(...)` or `self.buttonStack`: the expression the member's view is.
            var use = n
            if let p = context.parent(use), context.kind(p) == .memberAccessExpr, tree.firstChild(p) != use { use = p }
            if let p = context.parent(use), context.kind(p) == .callExpr, tree.firstChild(p) == use { use = p }
            uses += 1
            switch rebuildingID(surroundings(of: use, context).modifiers, collection: collection, context) {
            case .whole?: found = found ?? .whole
            case .count?: found = .count
            case nil: return nil
            }
        }
        return found
    }

    /// What `surroundings(of:)` finds around a `ForEach`: computed once per `ForEach` for the questions asked of it.
    typealias Surroundings = (modifiers: [(name: String, call: Int)], containers: [Int])

    /// The modifiers applied to `call` and to the containers around it in the same body (the calls whose content
    /// closures hold it, through `if`s and `switch`es of those closures), innermost first, with the calls that
    /// apply them; and those containers' calls.
    static func surroundings(of call: Int, _ context: FileContext) -> Surroundings {
        let tree = context.tree
        var modifiers: [(name: String, call: Int)] = []
        var containers: [Int] = []
        var e = call
        for _ in 0..<32 {
            for _ in 0..<256 {
                guard let access = context.parent(e), context.kind(access) == .memberAccessExpr, tree.firstChild(access) == e,
                      let applied = context.parent(access), context.kind(applied) == .callExpr, tree.firstChild(applied) == access
                else { break }
                if let name = context.name(access) { modifiers.append((name, applied)) }
                e = applied
            }
            var scope = context.enclosingScope(e)
            while let s = scope, [.codeBlock, .ifExpr, .ifStmt, .switchCase, .switchExpr, .switchStmt].contains(context.kind(s)) {
                scope = context.enclosingScope(s)
            }
            guard let closure = scope, context.kind(closure) == .closureExpr, let holder = context.parent(closure),
                  [.trailingClosure, .argument].contains(context.kind(holder)), let container = context.parent(holder),
                  context.kind(container) == .callExpr else { break }
            containers.append(container)
            e = container
        }
        return (modifiers, containers)
    }

    /// Modifiers that animate a change of what they apply to.
    static let animatingModifiers: Set<String> = ["animation", "transition", "matchedGeometryEffect", "contentTransition"]

    /// Whether a change of the rows is animated where they are shown: an animating modifier on the `ForEach`, on a
    /// container around it or in the rows (`.transition(.slide)` on a row), or a `List` around them with no layout
    /// container between (a `List` animates its rows' insertions and removals itself).
    static func isAnimated(_ around: Surroundings, container: String, rows: Int?, _ context: FileContext) -> Bool {
        let tree = context.tree
        if container == "List" { return true }
        let (modifiers, containers) = around
        if modifiers.contains(where: { animatingModifiers.contains($0.name) }) { return true }
        // A `List` animates its own rows: not the children of a stack inside one of its rows (`List { HStack {
        // ForEach(...) } }`), which are laid out, not listed.
        let names = containers.map { c in tree.firstChild(c).flatMap { context.kind($0) == .identifierExpr ? context.name($0) : nil } }
        if names.prefix(while: { !SwiftUINames.layoutContainers.contains($0 ?? "") }).contains("List") { return true }
        guard let rows else { return false }
        return tree.subtree(rows).dropFirst().contains { n in
            context.kind(n) == .memberAccessExpr && animatingModifiers.contains(context.name(n) ?? "")
                && context.parent(n).map { context.kind($0) == .callExpr && tree.firstChild($0) == n } ?? false
        }
    }

    /// Whether `n` is in the closure of a `withAnimation { ... }` call of the same function.
    static func isInWithAnimation(_ n: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        return innermostClosure(around: n, context) { closure -> Bool? in
            guard let holder = context.parent(closure), [.trailingClosure, .argument].contains(context.kind(holder)),
                  let call = context.parent(holder), context.kind(call) == .callExpr, let callee = tree.firstChild(call),
                  context.kind(callee) == .identifierExpr, context.name(callee) == "withAnimation" else { return nil }
            return true
        } ?? false
    }

    /// The first answer `answer` gives for the closures around `n`, innermost first, within the declaration that
    /// holds `n` (a function, an accessor, a type).
    static func innermostClosure<Answer>(around n: Int, _ context: FileContext, _ answer: (Int) -> Answer?) -> Answer? {
        var p = context.enclosingScope(n)
        while let q = p {
            switch context.kind(q) {
            case .closureExpr:
                if let found = answer(q) { return found }
            case .funcDecl, .initDecl, .accessorDecl, .subscriptDecl, .structDecl, .classDecl, .enumDecl, .actorDecl,
                 .protocolDecl, .extensionDecl, .sourceFile:
                return nil
            default:
                break
            }
            p = context.enclosingScope(q)
        }
        return nil
    }

    /// How an `.id` value follows the collection named `name`: the collection itself, its hash or its elements'
    /// ids (`whole`), its count (`count`); nil for anything else (`xs.isEmpty`, `xs.first?.id` change less often).
    static func dependence(of value: Int, on name: String, _ context: FileContext) -> Rebuild? {
        let tree = context.tree
        func names(_ e: Int) -> Bool {
            let e = context.unwrapped(e)
            return [.identifierExpr, .memberAccessExpr].contains(context.kind(e)) && context.name(e) == name
        }
        let v = context.unwrapped(value)
        if names(v) { return .whole }
        // `xs.map(\.id)`, `xs.map { $0.id }`
        if context.kind(v) == .callExpr, let callee = tree.firstChild(v), context.kind(callee) == .memberAccessExpr,
           context.name(callee) == "map", let receiver = tree.firstChild(callee), names(receiver) { return .whole }
        guard context.kind(v) == .memberAccessExpr, let base = tree.firstChild(v), names(base) else { return nil }
        switch context.name(v) {
        case "hashValue": return .whole
        case "count": return .count
        default: return nil
        }
    }

    /// The menu whose content holds `call` in the same body, as the message names it: `Menu { ... }`,
    /// `Picker(...) { ... }`, `.contextMenu { ... }`. Their content is built again each time it opens.
    static func enclosingMenu(_ call: Int, _ context: FileContext) -> String? {
        innermostClosure(around: call, context) { menuContent($0, context) }
    }

    /// "a Menu" when `closure` is the content of a `Menu`, a `Picker` or a context menu (not its label).
    static func menuContent(_ closure: Int, _ context: FileContext) -> String? {
        let tree = context.tree
        guard let holder = context.parent(closure), [.trailingClosure, .argument].contains(context.kind(holder)),
              let call = context.parent(holder), context.kind(call) == .callExpr, var callee = tree.firstChild(call) else { return nil }
        let label = tree.nameToken(holder).map { tree.identifierText($0) }
        if context.kind(holder) == .argument && label == nil { return nil }
        if context.kind(callee) == .genericSpecializationExpr, let inner = tree.firstChild(callee) { callee = inner }
        switch (context.kind(callee), context.name(callee)) {
        case (.identifierExpr, "Menu"?):
            return label == nil || label == "content" ? "a Menu" : nil
        case (.identifierExpr, "Picker"?):
            return label == nil || label == "content" ? "a Picker" : nil
        case (.memberAccessExpr, "contextMenu"?):
            return label == nil || label == "menuItems" || label == "menu" ? "a context menu" : nil
        default:
            return nil
        }
    }

    /// Whether rows over positions (`ForEach(0..<posts.count, id: \.self) { index in Capsule()... }`) show their
    /// position and nothing of an element: no subscript by the position (`posts[index]`, `$posts[index]`), and the
    /// position handed to no construction or function (`Row(index: index)`, `model.post(at: index)`, which may read
    /// the element) but SwiftUI's modifiers and a few values that cannot (`Text`, `String`). Actions (`onTapGesture
    /// { selected = index }`) do not count: they run with the position the row has when tapped. Such a row's
    /// identity is its position by design: an element removed takes the last dot away, and the rest stay as they
    /// were, as the user sees them.
    static func showOnlyTheirPosition(_ rows: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        let positions = positionNames(rows, form: .positions, context)
        guard !positions.isEmpty else { return false }
        let actions = actionClosures(under: rows, context)
        for n in visited(rows, skipping: actions, context) {
            switch context.kind(n) {
            case .subscriptExpr:
                if context.arguments(n).contains(where: { $0.value.map { mentions($0, positions, context) } ?? false }) { return false }
            case .callExpr:
                guard let callee = tree.firstChild(n),
                      context.arguments(n).contains(where: { $0.value.map { mentions($0, positions, context) } ?? false })
                else { continue }
                if case (true, let type?) = context.calleeType(callee), positionValues.contains(type) { continue }
                // `if vm.isEditingImage(at: idx) { LoadingOverlay() }`: the call decides whether the row shows something,
                // not what it shows (judged wrong in BX: identical loading overlays, one at a time, over pages).
                if isInIfCondition(n, context) { continue }
                // A modifier of a view (`Capsule().fill(isActive ? .blue : .gray)`, `.frame(width: ...)`) reads no
                // element; a method of a value (`model.post(at: index)`) or any other call may.
                if context.kind(callee) == .memberAccessExpr, let base = tree.firstChild(callee),
                   context.kind(base) == .callExpr || context.kind(base) == .memberAccessExpr && rootIdentifier(base, context) == nil {
                    continue
                }
                return false
            default:
                continue
            }
        }
        return true
    }

    /// Whether the node is in a Boolean condition of an `if` (`if model.isSelected(at: index) { ... }`), not in one of
    /// its blocks nor bound to a name. Bounded: past 64 levels up, it is not.
    static func isInIfCondition(_ node: Int, _ context: FileContext) -> Bool {
        var child = node
        for _ in 0..<64 {
            guard let parent = context.parent(child) else { return false }
            switch context.kind(parent) {
            case .ifStmt, .ifExpr:
                return ![.codeBlock, .ifStmt, .ifExpr].contains(context.kind(child))
            case .codeBlock, .closureExpr, .optionalBindingCondition, .matchingPatternCondition:
                // In a block, or bound to a name (`if let item = model.item(at: index)`), which the block then shows.
                return false
            default:
                child = parent
            }
        }
        return false
    }

    /// Values built from a position that cannot read an element (`Text("\(index + 1)")`, `String(index)`).
    static let positionValues: Set<String> = ["Text", "String", "Image", "Label", "Color"]

    /// Whether the rows are the pages of a `TabView(selection:)` and each is tagged with its position (`.tag(index)`,
    /// or no tag: the pager then selects by the `ForEach`'s ids, the positions). The pager selects a position, so its
    /// pages are slots by design: after a change the selection and each page's state stay with the slot, as the user
    /// sees it ("page 3 of 5"). (A page that binds its element by position is still reported: the position may be
    /// gone.)
    static func isPageSelectedByPosition(_ call: Int, rows: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        let inPager = innermostClosure(around: call, context) { closure -> Bool? in
            guard let holder = context.parent(closure), [.trailingClosure, .argument].contains(context.kind(holder)),
                  let pager = context.parent(holder), context.kind(pager) == .callExpr, let callee = tree.firstChild(pager),
                  context.kind(callee) == .identifierExpr, context.name(callee) == "TabView" else { return nil }
            return context.arguments(pager).contains { $0.label == "selection" }
        } ?? false
        guard inPager, let signature = context.closureSignature(rows),
              let position = tree.subtree(signature).first(where: {
                  context.kind($0) == .parameter || context.kind($0) == .closureParameter
              }).flatMap({ context.parameterName($0) }) else { return false }
        // The tags the rows give: `.tag(index)`, another value, or none (then the `ForEach`'s ids, the positions, are
        // the tags the pager selects).
        return context.statements(of: rows).allSatisfy { statement in
            chainValues("tag", of: statement, context).allSatisfy { tree.compactText($0) == position }
        }
    }

    /// Whether the rows give their content an identity of its own (`.id(item.id)`): its state then follows the
    /// element, not the position.
    static func rowsCarryTheirOwnID(_ rows: Int, _ context: FileContext, _ members: inout MemberBodies) -> Bool {
        let indexNames = closureParameterNames(rows, context)
        for statement in context.statements(of: rows) {
            if chainApplies("id", to: statement, avoiding: indexNames, context) { return true }
            // `ZStack { Row(...).id(item.id) }`: a stack whose only view is identified is the row identified.
            if let only = onlyView(in: statement, context),
               chainApplies("id", to: only, avoiding: indexNames, context) { return true }
            // A row built by a member of the type: `makeRow(item)` whose result carries the id.
            if let body = helperBody(called: statement, at: rows, context, &members),
               context.statements(of: body).contains(where: { chainApplies("id", to: $0, avoiding: [], context) }) { return true }
        }
        return false
    }

    /// The only view a stack holds (`ZStack { Row(...) }`, through nested stacks; its declarations aside), if `e` is a
    /// stack with one.
    static func onlyView(in e: Int, _ context: FileContext) -> Int? {
        let tree = context.tree
        var e = context.unwrapped(e)
        var found: Int?
        for _ in 0..<4 {
            guard context.kind(e) == .callExpr, let callee = tree.firstChild(e), context.kind(callee) == .identifierExpr,
                  ["ZStack", "VStack", "HStack", "Group"].contains(context.name(callee) ?? ""),
                  let content = rowContent(e, context) else { return found }
            let views = context.statements(of: content).filter { context.kind($0) != .variableDecl }
            guard views.count == 1 else { return found }
            e = context.unwrapped(views[0])
            found = e
        }
        return found
    }

    /// Whether a view the rows construct is given an identity of the element's own, `Row(space: s).id(s.id)`
    /// (an id read from the element, possibly with more: `"\(s.id)-\(index)"`): its state follows the element, or
    /// starts afresh, wherever the row goes; it never goes to another element.
    static func hasElementIdentity(_ construction: Int, elementNames: Set<String>, _ context: FileContext) -> Bool {
        let tree = context.tree
        var e = construction
        for _ in 0..<256 {
            guard let access = context.parent(e), context.kind(access) == .memberAccessExpr, tree.firstChild(access) == e,
                  let call = context.parent(access), context.kind(call) == .callExpr, tree.firstChild(call) == access else {
                return false
            }
            if context.name(access) == "id", let value = context.arguments(call).first?.value,
               readsAnID(of: elementNames, in: value, context) { return true }
            e = call
        }
        return false
    }

    /// Whether `e` reads the id of something reached through `names` (`space.id`, `items[index].itemID`,
    /// `entry.id.uuidString`).
    static func readsAnID(of names: Set<String>, in e: Int, _ context: FileContext) -> Bool {
        context.tree.subtree(e).contains { n in
            guard context.kind(n) == .memberAccessExpr, context.name(n).map(isIDMember) == true,
                  let base = context.tree.firstChild(n) else { return false }
            return context.tree.subtree(base).contains { context.kind($0) == .identifierExpr && names.contains(context.name($0) ?? "") }
        }
    }

    /// `id`, `itemID`, `spaceId`: a member that names an element's identity.
    static func isIDMember(_ member: String) -> Bool { member == "id" || member.hasSuffix("ID") || member.hasSuffix("Id") }

    static func closureParameterNames(_ closure: Int, _ context: FileContext) -> Set<String> {
        guard let sig = context.closureSignature(closure) else { return ["$0"] }
        return Set(context.tree.subtree(sig).filter {
            context.kind($0) == .parameter || context.kind($0) == .closureParameter
        }.compactMap { context.parameterName($0) })
    }

    /// Whether the modifier chain of `e` applies `modifier` to one value other than the names in `positions`
    /// (`.id(item.id)`, not `.id(index)`).
    static func chainApplies(_ modifier: String, to e: Int, avoiding positions: Set<String>, _ context: FileContext) -> Bool {
        chainValues(modifier, of: e, context).contains { !positions.contains(context.tree.compactText($0)) }
    }

    /// The values the modifier chain of `e` gives `modifier` where it has one argument (`.tag(index)`), outermost
    /// first (a chain is walked at most 256 modifiers deep).
    static func chainValues(_ modifier: String, of e: Int, _ context: FileContext) -> [Int] {
        var values: [Int] = []
        var e = context.unwrapped(e)
        for _ in 0..<256 {
            guard context.kind(e) == .callExpr, let callee = context.tree.firstChild(e),
                  context.kind(callee) == .memberAccessExpr, let base = context.tree.firstChild(callee) else { break }
            if context.name(callee) == modifier, case let args = context.arguments(e), args.count == 1, let value = args[0].value {
                values.append(value)
            }
            e = context.unwrapped(base)
        }
        return values
    }

    /// The body of the member of the same type that `e` calls (`row(for: item)`, `self.row`), if the file has it.
    static func helperBody(called e: Int, at use: Int, _ context: FileContext, _ members: inout MemberBodies) -> Int? {
        helperCall(e, at: use, context, &members)?.body
    }

    /// The body of the member of the same type that `e` calls, and the call itself (nil for a property).
    static func helperCall(_ e: Int, at use: Int, _ context: FileContext, _ members: inout MemberBodies)
        -> (body: Int, call: Int?)? {
        let tree = context.tree
        var e = context.unwrapped(e)
        // Through the modifiers applied to the call: `row(item).padding()`.
        for _ in 0..<256 {
            guard context.kind(e) == .callExpr, let callee = tree.firstChild(e), context.kind(callee) == .memberAccessExpr,
                  let base = tree.firstChild(callee), context.kind(base) != .identifierExpr else { break }
            e = context.unwrapped(base)
        }
        let target = context.kind(e) == .callExpr ? tree.firstChild(e) ?? e : e
        guard let name = context.ownMemberName(target), !FileContext.isTypeLike(name), let type = context.enclosingType(use),
              let body = members.body(of: name, in: type, context) else { return nil }
        return (body, context.kind(e) == .callExpr ? e : nil)
    }

    /// The parameters of the member whose body is `body` that `call` passes something of the position to
    /// (`row(at: index)`, `row(item)` with `item` from `items[index]`; not `field(id: item.id)`, a key of the element).
    static func parametersCarryingPosition(_ body: Int, call: Int?, positions: Set<String>, _ context: FileContext) -> Set<String> {
        let tree = context.tree
        guard let call, let clause = context.parent(body).flatMap({ tree.child($0, .parameterClause) }) else { return [] }
        var parameters = context.children(clause).filter { context.kind($0) == .parameter }.map { p -> (label: String?, name: String?) in
            (context.parameterLabel(p), context.parameterName(p))
        }
        var carrying: Set<String> = []
        for argument in context.arguments(call) {
            guard let index = parameters.firstIndex(where: { $0.label == argument.label }) else { continue }
            let parameter = parameters.remove(at: index)
            if let value = argument.value, let name = parameter.name, mentions(value, positions, context) { carrying.insert(name) }
        }
        return carrying
    }

    /// The bodies of the view-building functions and computed properties of the file's types (`@ViewBuilder`, or of
    /// a type ending in `View`) and of those that make a binding (of a type `Binding<...>`), by name, looked up as rows
    /// call them: each type's members are listed once. Those bodies are parsed whatever else runs; another member's body
    /// may be skipped, and is not looked into.
    struct MemberBodies {
        private var byType: [Int: [String: Int]] = [:]

        mutating func body(of name: String, in type: Int, _ context: FileContext) -> Int? {
            if let bodies = byType[type] { return bodies[name] }
            let tree = context.tree
            // Members that build views, and those that make a binding (`func timeBinding(_ index: Int) ->
            // Binding<Date>`): rows that call one with their position edit what is at it (judged wrong in BV: lodo's
            // reminder times, each a `DatePicker` bound through such a member, advised `id: \.self`).
            func buildsViews(_ member: Int, type: Int?) -> Bool {
                context.hasViewBuilderAttribute(member)
                    || type.map { tree.compactText($0, hasSuffix: "View") || tree.compactText($0).hasPrefix("Binding<") } ?? false
            }
            var bodies: [String: Int] = [:]
            for member in tree.child(type, .memberBlock).map(context.memberDecls) ?? [] {
                switch context.kind(member) {
                case .funcDecl:
                    // The return type is the type node after the parameter clause (and the effects).
                    let children = Array(context.children(member))
                    let returnType = children.drop { context.kind($0) != .parameterClause }.dropFirst()
                        .first { ![.effectSpecifiers, .codeBlock, .genericWhereClause].contains(context.kind($0)) }
                    guard let n = context.name(member), bodies[n] == nil, buildsViews(member, type: returnType),
                          let body = tree.child(member, .codeBlock) else { continue }
                    bodies[n] = body
                case .variableDecl:
                    guard let n = context.firstBindingName(member), bodies[n] == nil, let binding = tree.child(member, .patternBinding),
                          buildsViews(member, type: tree.child(binding, .typeAnnotation)),
                          let accessors = tree.child(binding, .accessorBlock) else { continue }
                    bodies[n] = tree.child(accessors, .codeBlock)
                        ?? context.children(accessors).first { context.kind($0) == .accessorDecl }.flatMap { tree.child($0, .codeBlock) }
                default:
                    continue
                }
            }
            byType[type] = bodies
            return bodies[name]
        }
    }

    /// What the rows (and the members of the type they call, one level) keep per row: text inputs bound through
    /// the position, bindings to elements by position, and the types they construct (views with state of their
    /// own, decided by the project pass). What the rows of an inner `ForEach` or `List` identified by a stable id
    /// keep is not counted: those rows are identified by the outer position and their own id, so a change of the
    /// outer collection resets their state rather than handing it to another element.
    static func describeRows(_ rows: Int, form: Form, into condition: inout Condition, _ context: FileContext,
                             _ members: inout MemberBodies) {
        let tree = context.tree
        // What the rows present (a sheet, a navigation destination) exists only while presented: not the row's state.
        func skipped(under body: Int) -> [Range<Int>] {
            (innerStableRows(body, context) + context.presentedContents(under: body) + actionClosures(under: body, context))
                .sorted { $0.lowerBound < $1.lowerBound }
        }
        let rowsSkipped = skipped(under: rows)
        var bodies = [(body: rows, skipped: rowsSkipped, positions: positionNames(rows, form: form, context))]
        let rowPositions = bodies[0].positions
        for statement in visited(rows, skipping: rowsSkipped, context) where context.kind(statement) == .callExpr {
            if bodies.count > 8 { break }
            if let (body, call) = helperCall(statement, at: rows, context, &members), !bodies.contains(where: { $0.body == body }) {
                // A member's parameters carry the position under their own names.
                bodies.append((body, skipped(under: body),
                               parametersCarryingPosition(body, call: call, positions: rowPositions, context)))
            }
        }
        var textInput: String?
        var binding: String?
        var editsByPosition = false
        var views: [String] = []
        var positionArguments: [PositionArgument] = []
        for (body, skipped, positions) in bodies {
            // The names an element's id is read through: the positions, and the rows' own parameters (`item` of
            // `{ index, item in`).
            let elementNames = body == rows ? positions.union(closureParameterNames(rows, context)) : positions
            // A view built in one case of a `switch` (`case .volume: VolumeControl()`) keeps its state only while an
            // element of that case is at that position: the cases are told apart by their views' types.
            var switchEnd = -1
            for n in visited(body, skipping: skipped, context) {
                if context.kind(n) == .switchCase || context.kind(n) == .switchStmt || context.kind(n) == .switchExpr {
                    switchEnd = max(switchEnd, n + Int(tree.nodes[n].size))
                }
                switch context.kind(n) {
                case .subscriptExpr:
                    // `$items[index]`, `$model.items[index]`: a binding to whatever is at that position (not
                    // `$drafts[item.id]`, storage keyed by the element).
                    guard binding == nil, let base = tree.firstChild(n), let root = rootIdentifier(base, context),
                          root.hasPrefix("$"), !(root.dropFirst().first?.isNumber ?? true),
                          context.arguments(n).contains(where: { $0.value.map { mentions($0, positions, context) } ?? false })
                    else { continue }
                    // `$items[index].wrappedValue`: the element read through the binding, which nothing keeps.
                    if isReadAtOnce(n, in: body, context) { continue }
                    binding = tree.compactText(n)
                case .callExpr:
                    guard let callee = tree.firstChild(n), case (true, let type?) = context.calleeType(callee) else { continue }
                    if type == "Binding" {
                        // `Binding(get: { times[index] }, set: { times[index] = $0 })`: an edit of what is at the position.
                        editsByPosition = editsByPosition || context.arguments(n).contains { argument in
                            argument.label == "set" && argument.value.map { setter in
                                tree.subtree(setter).contains { e in
                                    context.kind(e) == .subscriptExpr && context.arguments(e).contains { index in
                                        index.value.map { mentions($0, positions, context) } ?? false
                                    }
                                }
                            } == true
                        }
                        continue
                    }
                    if textInputs.contains(type) {
                        // What is typed belongs to the row when the field edits what is at its position
                        // (`$items[index].name`, `binding(for: index)`); a field bound to storage keyed by the
                        // element's id, or to the view's own value, hands nothing to another element.
                        let bound = context.arguments(n).contains { argument in
                            ["text", "value"].contains(argument.label ?? "") && argument.value.map { mentions($0, positions, context) } ?? false
                        }
                        if bound { textInput = textInput ?? "a \(type)" }
                    } else if n >= switchEnd, !SwiftUINames.transparentContainers.contains(type), !views.contains(type),
                              views.count < 16, !hasElementIdentity(n, elementNames: elementNames, context) {
                        views.append(type)
                        for argument in context.arguments(n) {
                            guard let label = argument.label, let value = argument.value.map(context.unwrapped),
                                  context.kind(value) == .identifierExpr, let name = context.name(value),
                                  positions.contains(name) else { continue }
                            positionArguments.append(PositionArgument(view: type, label: label))
                        }
                    }
                default:
                    continue
                }
            }
        }
        condition.binding = binding
        condition.editsByPosition = editsByPosition
        condition.rowState = textInput
        condition.rowViews = views
        condition.positionArguments = positionArguments
    }

    /// Whether the binding `$items[index]` at `n` is only read through, where the row is built: `$items[index]
    /// .wrappedValue`, or a local `let` of it of which the rows `body` reads nothing but `.wrappedValue` (judged wrong
    /// in BL: BridgeScore's columns, read into a plain value at once). Nothing keeps the binding to read it later.
    static func isReadAtOnce(_ n: Int, in body: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        func readsWrappedValue(_ e: Int) -> Bool {
            guard let member = context.parent(e), context.kind(member) == .memberAccessExpr else { return false }
            return tree.firstChild(member) == e && context.name(member) == "wrappedValue"
        }
        if readsWrappedValue(n) { return true }
        // `let wrapped = $items[index]`, then only `wrapped.wrappedValue`.
        guard let clause = context.parent(n), context.kind(clause) == .initializerClause,
              let binding = context.parent(clause), context.kind(binding) == .patternBinding,
              let declaration = context.parent(binding), context.kind(declaration) == .variableDecl,
              tree.name(declaration) == "let", let pattern = tree.firstChild(binding),
              context.kind(pattern) == .identifierPattern, let name = context.name(pattern) else { return false }
        let uses = tree.subtree(body).filter { context.kind($0) == .identifierExpr && context.name($0) == name }
        return !uses.isEmpty && uses.allSatisfy(readsWrappedValue)
    }

    /// The closures that run when a row is tapped (a `Button`'s action, `onTapGesture`, an `action:` argument): a
    /// view they construct is presented elsewhere (a coordinator, a window), not shown in the row.
    static func actionClosures(under root: Int, _ context: FileContext) -> [Range<Int>] {
        let tree = context.tree
        var found: [Range<Int>] = []
        for n in tree.subtree(root) where context.kind(n) == .callExpr {
            if let last = found.last, last.contains(n) { continue }
            guard let callee = tree.firstChild(n) else { continue }
            let holders = context.children(n).filter { context.kind($0) == .trailingClosure || context.kind($0) == .argument }
            var actions = holders.filter { context.kind($0) == .argument && context.name($0) == "action" }
            let isButton = context.kind(callee) == .identifierExpr && context.name(callee) == "Button"
            let isTap = context.kind(callee) == .memberAccessExpr && context.name(callee) == "onTapGesture"
            // `Button("Save") { ... }`, `Button { ... } label: { ... }`: the first unlabeled trailing closure, unless an
            // `action:` argument makes it the label; every closure of `onTapGesture`.
            if (isButton && actions.isEmpty) || isTap {
                actions += holders.filter { context.kind($0) == .trailingClosure && context.name($0) == nil }.prefix(isTap ? 2 : 1)
            }
            for holder in actions {
                if let value = tree.firstChild(holder), context.kind(value) == .closureExpr { found.append(tree.subtree(value)) }
            }
        }
        return found
    }

    /// The nodes under `root`, leaving out the ranges in `skipped` (subtrees, in order).
    static func visited(_ root: Int, skipping skipped: [Range<Int>], _ context: FileContext) -> [Int] {
        var result: [Int] = []
        var pending = skipped[...]
        for n in context.tree.subtree(root).dropFirst() {
            while let first = pending.first, first.upperBound <= n { pending = pending.dropFirst() }
            if let first = pending.first, first.contains(n) { continue }
            result.append(n)
        }
        return result
    }

    /// The row closures of the `ForEach` and `List` calls under `root` that identify their rows by a stable id:
    /// `id: \.someID`, or elements that are `Identifiable` (`ForEach(group.items)`, `ForEach($group.items)`), not
    /// `id: \.self` nor a range; and those identified by the positions of a collection, which are judged (and
    /// reported) on their own: one finding per problem.
    static func innerStableRows(_ root: Int, _ context: FileContext) -> [Range<Int>] {
        let tree = context.tree
        var found: [Range<Int>] = []
        for n in tree.subtree(root).dropFirst() where context.kind(n) == .callExpr {
            if let last = found.last, last.contains(n) { continue }
            guard let callee = tree.firstChild(n), context.kind(callee) == .identifierExpr,
                  ["ForEach", "List"].contains(context.name(callee) ?? ""), let rows = rowContent(n, context) else { continue }
            let args = context.arguments(n)
            guard let first = args.first, first.label == nil, let data = first.value else { continue }
            let id = args.first { $0.label == "id" }?.value.map { tree.compactText($0) }
            if indexedCollection(data, id: id, context) != nil {
                found.append(tree.subtree(rows))
                continue
            }
            if let id, id == "\\.self" || id == "\\.offset" || id == "\\.0" { continue }
            if id == nil, [.binaryExpr, .arrayExpr].contains(context.kind(context.unwrapped(data))) { continue }
            found.append(tree.subtree(rows))
        }
        return found
    }

    /// The names that hold the position in the rows: the closure's parameter for positions, the first of two for
    /// pairs (`index, item in`), and locals of the closure computed from them (`let i = index`).
    static func positionNames(_ rows: Int, form: Form, _ context: FileContext) -> Set<String> {
        let tree = context.tree
        let parameters = context.closureSignature(rows).map { sig in
            tree.subtree(sig).filter { context.kind($0) == .parameter || context.kind($0) == .closureParameter }
                .compactMap { context.parameterName($0) }
        } ?? ["$0"]
        var names = Set(form != .positions && parameters.count >= 2 ? [parameters[0]] : parameters)
        for statement in context.children(rows) where context.kind(statement) == .variableDecl {
            for b in context.children(statement) where context.kind(b) == .patternBinding {
                guard let p = tree.firstChild(b), context.kind(p) == .identifierPattern, let name = context.name(p),
                      let value = tree.child(b, .initializerClause).flatMap({ tree.firstChild($0) }),
                      mentions(value, names, context) else { continue }
                names.insert(name)
            }
        }
        return names
    }

    /// Whether `e` reads one of `names` other than to look up an id (`items[index].id`, `item.itemID` are keys of
    /// the element, not its position).
    static func mentions(_ e: Int, _ names: Set<String>, _ context: FileContext) -> Bool {
        guard !names.isEmpty else { return false }
        let range = context.tree.subtree(e)
        var n = range.lowerBound
        while n < range.upperBound {
            switch context.kind(n) {
            case .memberAccessExpr:
                let member = context.name(n) ?? ""
                if isIDMember(member) {
                    n += Int(context.tree.nodes[n].size)
                    continue
                }
            case .identifierExpr:
                if let name = context.name(n), names.contains(name) { return true }
            default:
                break
            }
            n += 1
        }
        return false
    }

    /// `$items` of `$items`, `$model` of `$model.items`: the name at the root of a member chain.
    static func rootIdentifier(_ e: Int, _ context: FileContext) -> String? {
        var e = e
        for _ in 0..<16 {
            switch context.kind(e) {
            case .identifierExpr: return context.name(e)
            case .memberAccessExpr, .forceUnwrapExpr, .optionalChainingExpr:
                guard let base = context.tree.firstChild(e) else { return nil }
                e = base
            default: return nil
            }
        }
        return nil
    }

    /// A call that changes a collection in place (`items.remove(at: i)`, `model.items.move(fromOffsets:toOffset:)`),
    /// or an assignment of it filtered or reordered (`items = items.filter { ... }`, whose callee is the `filter`).
    static func inPlaceChange(_ call: Int, callee: Int, _ context: FileContext) -> Change? {
        let tree = context.tree
        guard context.kind(callee) == .memberAccessExpr, let method = context.name(callee),
              inPlaceMethods.contains(method) || reorderingMethods.contains(method) || method == "delete",
              let receiver = tree.firstChild(callee), let owner = context.enclosingType(call).map(context.typeDeclarationName),
              !isInInitializer(call, context) else { return nil }
        let labels = context.arguments(call).map { $0.label }
        let hasClosure = tree.child(call, .trailingClosure) != nil
        func spelled(_ changed: (base: String?, name: String)) -> String { (changed.base.map { $0 + "." } ?? "") + changed.name }
        let signature: String
        switch method {
        case "remove":
            // `remove(at:)`, `remove(atOffsets:)`; a set's `remove(x)` has no positions.
            guard let label = labels.first ?? nil, label == "at" || label == "atOffsets", !replacesAtItsPosition(call, context)
            else { return nil }
            signature = "remove(\(label):)"
        case "insert":
            guard labels.contains("at"), !replacesAtItsPosition(call, context) else { return nil }
            signature = labels.first == "contentsOf" ? "insert(contentsOf:at:)" : "insert(_:at:)"
        case "removeAll":
            // Emptying keeps no position: only a removal of some elements moves the others.
            guard labels.contains("where") || hasClosure else { return nil }
            signature = "removeAll(where:)"
        case "move":
            guard labels.contains("fromOffsets") else { return nil }
            signature = "move(fromOffsets:toOffset:)"
        case "removeSubrange", "replaceSubrange":
            // `removeSubrange(n...)`, `removeSubrange(n..<xs.endIndex)`: the positions before `n` keep their elements
            // (a path of levels cut back to one of them).
            guard let range = context.arguments(call).first?.value, !isTail(range, context) else { return nil }
            signature = method + "(...)"
        case "removeFirst", "swapAt", "sort", "shuffle", "reverse":
            signature = method + (labels.isEmpty && !hasClosure ? "()" : "(...)")
        case "delete":
            // `context.delete(items[index])`: a stored record removed, and the fetched collection with it.
            let args = context.arguments(call)
            guard args.count == 1, args[0].label == nil, let value = args[0].value.map(context.unwrapped),
                  context.kind(value) == .subscriptExpr, let collection = tree.firstChild(value),
                  let changed = changedCollection(collection, context) else { return nil }
            return Change(owner: owner, base: changed.base, name: changed.name,
                          call: "\(tree.compactText(receiver)).delete(\(spelled(changed))[...])")
        case _ where reorderingMethods.contains(method):
            // `xs = xs.filter { ... }`: the callee's receiver is the same collection as the assignment's target.
            guard let assignment = assignmentAssigning(call, context), let target = tree.firstChild(assignment),
                  let assigned = changedCollection(target, context), changedCollection(receiver, context)?.name == assigned.name,
                  parameter(assigned.name, at: call, context) == nil else { return nil }
            return Change(owner: owner, base: assigned.base, name: assigned.name,
                          call: "\(spelled(assigned)) = \(tree.compactText(receiver)).\(method)(...)",
                          reorders: reorderingOnly.contains(method), sorts: sortingMethods.contains(method))
        default:
            return nil
        }
        guard let changed = changedCollection(receiver, context) else { return nil }
        return Change(owner: owner, base: changed.base, name: changed.name, call: "\(spelled(changed)).\(signature)",
                      reorders: reorderingOnly.contains(method), sorts: sortingMethods.contains(method))
    }

    /// `xs.remove(at: i)` with `xs.insert(x, at: i)` as the next statement, or that insertion after that removal: an
    /// element replaced at its position, which moves no other (judged wrong in BM: a settings list whose selected
    /// entry is replaced by an edited copy).
    static func replacesAtItsPosition(_ call: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        // The receiver and the `at:` argument as written, and whether it is a removal.
        func parts(_ call: Int) -> (receiver: String, position: String, removes: Bool)? {
            guard context.kind(call) == .callExpr, let callee = tree.firstChild(call), context.kind(callee) == .memberAccessExpr,
                  let method = context.name(callee), method == "remove" || method == "insert", let receiver = tree.firstChild(callee)
            else { return nil }
            let arguments = context.arguments(call)
            guard arguments.count == (method == "remove" ? 1 : 2), let at = arguments.last, at.label == "at",
                  let position = at.value else { return nil }
            return (tree.compactText(receiver), tree.compactText(position), method == "remove")
        }
        guard let this = parts(call), let block = context.parent(call) else { return false }
        let statements = Array(context.children(block))
        guard let i = statements.firstIndex(of: call) else { return false }
        let neighbour = this.removes ? i + 1 : i - 1
        guard statements.indices.contains(neighbour), let other = parts(statements[neighbour]) else { return false }
        return other.removes != this.removes && other.receiver == this.receiver && other.position == this.position
    }

    /// The wrappers of the properties a binding by position can go through (`$model.items[index]`).
    static let bindableBaseWrappers: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject", "Bindable", "State", "Environment"]

    /// Methods that can leave a collection shorter, other than at its end: `removeLast` and `popLast` leave every
    /// remaining element at its position, and rows bound by position to a list only grown and cut back at its end
    /// were judged right by no engineer (a score sheet's games, a pair of players; one left unclear).
    static let shrinkingMethods: Set<String> = [
        "remove", "removeAll", "removeFirst", "popFirst", "removeSubrange", "replaceSubrange",
    ]

    /// The writes of each type of the file that can make a collection shorter (`Record.shrinks`), and the bindings it
    /// hands to views' inputs (`Record.handoffs`), from the tokens
    /// (the parser may have skipped the bodies): outside initializers, a stored array property of the type assigned,
    /// shortened (`shrinkingMethods`), passed `inout` or handed on as a binding (`$items`), in its declaration or an
    /// extension (any name an extension of a type declared in another file so writes); and any `base.name` so
    /// written through a property held by a SwiftUI wrapper (`model.items = []`, `model.items.removeAll()`,
    /// `$model.items`).
    /// A write in one arm of a view's `body` is away from the rows `rows` in another (`Change.awayFromRows`).
    static func arrayWrites(_ context: FileContext, rows: [(call: Int, start: Int)], _ walk: inout ArmWalk)
        -> (shrinks: [Change], handoffs: [Handoff]) {
        let tree = context.tree
        let tokens = tree.tokens
        let fills = closuresRunOnAppearing(context)
        // The write at `i` (a name) leaves the collection shorter or may: assigned (but where the view fills it as it
        // appears), shortened, passed `inout`.
        func shortens(at i: Int) -> Bool {
            if i > 0, tokens[i - 1].kind == .prefixAmpersand { return true }
            var j = i + 1
            while j < tokens.count, tokens[j].kind == .postfixQuestionMark || tokens[j].kind == .exclamationMark { j += 1 }
            guard j < tokens.count else { return false }
            if tokens[j].kind == .equal { return !isInside(i, fills) && assignsEmpty(after: j) }
            guard j + 2 < tokens.count, tokens[j].kind == .period, tokens[j + 1].kind == .identifier, tokens[j + 2].kind == .leftParen
            else { return false }
            let method = tree.identifierText(tokens[j + 1])
            guard shrinkingMethods.contains(method) else { return false }
            // `xs.remove(at: i)` followed by `xs.insert(x, at: i)`: the count is kept.
            guard method == "remove", let member = context.innermostNode(containingToken: j + 1),
                  let call = context.parent(member) else { return true }
            return !replacesAtItsPosition(call, context)
        }
        // `= []`, `= [Item]()`: the array emptied (a refresh that clears it before loading). Another array assigned
        // (`items = loaded`) is not counted: whether it can be shorter than the one it replaces is decided at run
        // time, and engineers judged such findings right about half the time (a server's refresh, yes; a page of
        // fixed size, a board replaced by another of the same size, results shown read-only, no).
        func assignsEmpty(after equal: Int) -> Bool {
            guard equal + 2 < tokens.count, tokens[equal + 1].kind == .leftSquare else { return false }
            if tokens[equal + 2].kind == .rightSquare { return true }
            return equal + 5 < tokens.count && tokens[equal + 2].kind == .identifier && tokens[equal + 3].kind == .rightSquare
                && tokens[equal + 4].kind == .leftParen && tokens[equal + 5].kind == .rightParen
        }
        // `$name` not subscripted or read through: the binding goes to code that may shorten it. (Handed to a view's
        // input as it is constructed, `Editor(items: $names)`, it is a `Handoff`, followed in the project pass.)
        func handsOn(_ j: Int) -> Bool {
            j >= tokens.count || (tokens[j].kind != .leftSquare && tokens[j].kind != .period)
        }
        // The view whose input `label: $name` at `i` is (`Editor(items: $names)`), if it is one; `end` is the token
        // after the argument (`i + 3` for `$model.items`).
        func viewInput(_ i: Int, end: Int) -> (view: String, label: String)? {
            guard i > 1, tokens[i - 1].kind == .colon, tokens[i - 2].kind == .identifier,
                  end < tokens.count, tokens[end].kind == .comma || tokens[end].kind == .rightParen else { return nil }
            // The innermost open parenthesis before the label, and what it calls.
            return tree.openCallCallee(at: i - 3).map { ($0, tree.identifierText(tokens[i - 2])) }
        }
        var handoffs: [Handoff] = []
        var found: [Change] = []
        var seen: Set<[String?]> = []
        // The write at token `at`, when known: the rows it is away from, if any (the parser may have skipped the body
        // it is in, and then it is away from none).
        func add(_ owner: String, _ base: String?, _ name: String, at token: Int? = nil) {
            var change = Change(owner: owner, base: base, name: name, call: "")
            if !rows.isEmpty, let token, let node = context.innermostNode(containingToken: token) {
                change.awayFromRows = away(from: node, rows: rows, &walk).rows
                for start in rowsHidden(with: node, rows: rows, context) where !change.awayFromRows.contains(start) {
                    change.awayFromRows.append(start)
                }
            }
            if seen.insert([owner, base, name] + change.awayFromRows.map { String($0) }).inserted { found.append(change) }
        }
        let declarations = context.typeDeclarations
        // By type name, over its declaration and extensions in the file: the properties that hold an object or state
        // through a SwiftUI wrapper (the only bases `$base.name[index]` can bind through), and the stored properties
        // declared as arrays (as `Record.elements` records them).
        var wrapped: [String: Set<String>] = [:]
        var arrays: [String: Set<String>] = [:]
        var declared: Set<String> = []
        for decl in declarations {
            let owner = context.typeDeclarationName(decl)
            if context.kind(decl) != .extensionDecl { declared.insert(owner) }
            guard let block = tree.child(decl, .memberBlock) else { continue }
            for m in context.memberDecls(block) where context.kind(m) == .variableDecl && !context.hasModifier(m, .static) {
                if context.attributes(m).contains(where: { context.name($0).map(bindableBaseWrappers.contains) == true }),
                   let name = context.firstBindingName(m) { wrapped[owner, default: []].insert(name) }
                for b in context.children(m) where context.kind(b) == .patternBinding {
                    guard let name = tree.firstChild(b).flatMap({ context.name($0) }),
                          declaredArrayElement(b, context) != nil || isInferredFromCall(b, in: m, context)
                    else { continue }
                    // A computed one (`var names: [String] { get { game.names } set { ... } }`) is taken for the array
                    // it is: the storage it reads is not followed (engineers judged a fixed list of players' names read
                    // and written through one wrong to report as shrinking, BM).
                    arrays[owner, default: []].insert(name)
                }
            }
        }
        // `declarations` is in pre-order, so each type's nested types follow it, in order. The first position after
        // each type's nested types, so that a type's direct children are found without looking at every other type
        // (a file of tens of thousands of types is read in linear time).
        let ranges = declarations.map(tree.tokenRange(of:))
        var afterNested = [Int](repeating: declarations.count, count: declarations.count)
        var open: [Int] = []
        for (position, range) in ranges.enumerated() {
            while let last = open.last, ranges[last].upperBound <= range.lowerBound { afterNested[open.removeLast()] = position }
            open.append(position)
        }
        for (position, decl) in declarations.enumerated() {
            let owner = context.typeDeclarationName(decl)
            let bases = wrapped[owner] ?? []
            // An extension of a type declared in another file: which of its names are arrays is not known here, so
            // every name it shortens counts.
            let ownArrays = arrays[owner] ?? []
            let isForeign = !declared.contains(owner)
            func isArray(_ name: String) -> Bool { isForeign || ownArrays.contains(name) }
            let range = ranges[position]
            // The types declared directly inside, in order: their tokens (and their own nested types') are theirs.
            var nested: [Range<Int>] = []
            var child = position + 1
            while child < ranges.count, ranges[child].lowerBound < range.upperBound {
                nested.append(ranges[child])
                child = afterNested[child]
            }
            var nextNested = 0
            var initializers: [Range<Int>] = []
            if let block = tree.child(decl, .memberBlock) {
                for m in context.memberDecls(block) where context.kind(m) == .initDecl { initializers.append(tree.tokenRange(of: m)) }
            }
            var i = range.lowerBound
            while i < range.upperBound {
                defer { i += 1 }
                while nextNested < nested.count, nested[nextNested].upperBound <= i { nextNested += 1 }
                if nextNested < nested.count, nested[nextNested].contains(i) { i = nested[nextNested].upperBound - 1; continue }
                let token = tokens[i]
                if token.kind == .dollarIdentifier {
                    let text = tree.identifierText(token)
                    let name = String(text.dropFirst())
                    if let input = viewInput(i, end: i + 1) {
                        handoffs.append(Handoff(view: input.view, label: input.label, owner: owner, name: name))
                    } else if isArray(name), handsOn(i + 1), !initializers.contains(where: { $0.contains(i) }) {
                        add(owner, nil, name, at: i)
                    }
                    // `$model.items` handed on: to a view's input (`Editor(items: $model.items)`), followed in the project
                    // pass like `$names`; elsewhere, to code that may shorten it.
                    if bases.contains(name), i + 2 < tokens.count, tokens[i + 1].kind == .period, tokens[i + 2].kind == .identifier,
                       handsOn(i + 3), !initializers.contains(where: { $0.contains(i) }) {
                        let member = tree.identifierText(tokens[i + 2])
                        if let input = viewInput(i, end: i + 3) {
                            handoffs.append(Handoff(view: input.view, label: input.label, owner: owner, base: name, name: member))
                        } else {
                            add(owner, name, member, at: i)
                        }
                    }
                    continue
                }
                // `.constant([...])` handed to a view's input (a preview's, mostly): a binding nothing writes through.
                if token.kind == .period, i + 2 < range.upperBound, tokens[i + 1].kind == .identifier,
                   tokens[i + 2].kind == .leftParen, tree.identifierText(tokens[i + 1]) == "constant" {
                    var depth = 0, close = i + 2
                    while close < range.upperBound {
                        if tokens[close].kind == .leftParen { depth += 1 }
                        if tokens[close].kind == .rightParen { depth -= 1; if depth == 0 { break } }
                        close += 1
                    }
                    if let input = viewInput(i, end: close + 1) {
                        handoffs.append(Handoff(view: input.view, label: input.label, owner: "", name: ""))
                    }
                    continue
                }
                guard token.kind == .identifier, shortens(at: i), !initializers.contains(where: { $0.contains(i) }) else { continue }
                // In the `onDelete` of a `ForEach` written in a stack, which never runs (judged wrong in BU: a workout's
                // exercises removed only there, read by position by rows elsewhere).
                if let node = context.innermostNode(containingToken: i), isInInertEditingAction(node, context) { continue }
                let previous = i > 0 ? tokens[i - 1] : nil
                if let previous, previous.kind == .period {
                    guard i > 1 else { continue }
                    let base = tokens[i - 2]
                    let qualified = i > 2 && tokens[i - 3].kind == .period
                    if base.kind == .keyword, base.keyword == .self, !qualified {
                        let name = tree.identifierText(token)
                        if isArray(name) { add(owner, nil, name, at: i) }
                    } else if base.kind == .identifier, !qualified {
                        let baseName = tree.identifierText(base)
                        if bases.contains(baseName) { add(owner, baseName, tree.identifierText(token), at: i) }
                    }
                    continue
                }
                // `var items = ...`, `if let items = ...`: a declaration, not a write.
                if let previous, previous.kind == .keyword, previous.keyword == .var || previous.keyword == .let { continue }
                let name = tree.identifierText(token)
                if isArray(name) { add(owner, nil, name, at: i) }
            }
        }
        return (found, handoffs)
    }

    /// The tokens of the closures a view runs as it appears, `.onAppear { ... }` and `.task { ... }` (not
    /// `.task(id:)`, which runs again while the view is shown): an array assigned there is filled when the rows are
    /// made, not replaced under them (engineers judged "loaded once as it appears" lists wrong to report).
    /// A `private` function the file calls only there (`.onAppear { loadNames() }`) runs as the view appears too:
    /// its tokens are included (one level: not the functions it calls).
    static func closuresRunOnAppearing(_ context: FileContext) -> [Range<Int>] {
        let tree = context.tree
        let closures = closuresRunOnAppearing(tree)
        guard !closures.isEmpty else { return closures }
        var functions: [String: Range<Int>] = [:]
        var named: Set<String> = []
        for decl in context.typeDeclarations {
            guard let block = tree.child(decl, .memberBlock) else { continue }
            for m in context.memberDecls(block) where context.kind(m) == .funcDecl {
                guard let name = context.name(m) else { continue }
                // Two functions of one name (overloads, or in two types): which one a call runs is not known here.
                if !named.insert(name).inserted { functions[name] = nil; continue }
                if context.isPrivateToItsFile(m) { functions[name] = tree.tokenRange(of: m) }
            }
        }
        guard !functions.isEmpty else { return closures }
        // Each function's uses outside its own declaration: calls in the closures, and any other use.
        var calledOnAppearing: Set<String> = [], usedElsewhere: Set<String> = []
        let tokens = tree.tokens
        // Only tokens as long as a name (or `$name`) are spelled out: no string is made for the others.
        let lengths = Set(functions.keys.flatMap { [UInt32($0.utf8.count), UInt32($0.utf8.count + 1)] })
        for (i, token) in tokens.enumerated() where (token.kind == .identifier || token.kind == .dollarIdentifier)
            && lengths.contains(token.length) {
            let text = tree.identifierText(token)
            let name = token.kind == .dollarIdentifier ? String(text.dropFirst()) : text
            guard let own = functions[name], !own.contains(i) else { continue }
            let isCall = token.kind == .identifier && i + 1 < tokens.count && tokens[i + 1].kind == .leftParen
            if isCall && isInside(i, closures) { calledOnAppearing.insert(name) } else { usedElsewhere.insert(name) }
        }
        let added = calledOnAppearing.subtracting(usedElsewhere).compactMap { functions[$0] }
        guard !added.isEmpty else { return closures }
        // Sorted and disjoint again, for `isInside`.
        var out: [Range<Int>] = []
        for range in (closures + added).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, last.upperBound >= range.lowerBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                out.append(range)
            }
        }
        return out
    }

    /// The closures themselves, in order of their starts.
    static func closuresRunOnAppearing(_ tree: SyntaxTree) -> [Range<Int>] {
        let tokens = tree.tokens
        var out: [Range<Int>] = []
        var k = 1
        while k + 1 < tokens.count {
            defer { k += 1 }
            guard tokens[k].kind == .identifier, tokens[k - 1].kind == .period,
                  tree.token(k, is: "onAppear") || tree.token(k, is: "task") else { continue }
            // `.onAppear { ... }`, `.onAppear() { ... }`
            let open = tokens[k + 1].kind == .leftParen && k + 3 < tokens.count && tokens[k + 2].kind == .rightParen ? k + 3 : k + 1
            guard tokens[open].kind == .leftBrace else { continue }
            var depth = 0
            var end = open
            while end < tokens.count {
                if tokens[end].kind == .leftBrace { depth += 1 } else if tokens[end].kind == .rightBrace { depth -= 1; if depth == 0 { break } }
                end += 1
            }
            // In order of their starts; one inside another is merged into it.
            if let last = out.last, last.upperBound > open { out[out.count - 1] = last.lowerBound..<max(last.upperBound, end) }
            else { out.append(open..<end) }
        }
        return out
    }

    /// Whether token `i` is in one of `ranges` (sorted, disjoint): a binary search.
    static func isInside(_ i: Int, _ ranges: [Range<Int>]) -> Bool {
        let first = ranges.partitionPoint { $0.upperBound > i }
        return first < ranges.count && ranges[first].contains(i)
    }

    /// The arrays bound to one another through view inputs (`Type.name` keys), what shortens any of them, and the
    /// constructions that tell what a `@Binding` input is bound to.
    struct BoundArrays {
        let shrunk: Set<String>
        /// The names of the arrays in `shrunk`, whatever their type (`items` of `Store.items`).
        let shrunkNames: Set<Substring>
        /// `Parent.name` for each `View.label`, and `View.label` for each `Parent.name`.
        var sources: [String: [String]] = [:]
        var targets: [String: [String]] = [:]
        /// The constructions of the views handed bindings.
        let constructions: ViewConstructionArguments.Table

        init(shrunk: Set<String>, handoffs: [Handoff], constructions: ViewConstructionArguments.Table, _ index: ProjectIndex) {
            self.shrunk = shrunk
            shrunkNames = Set(shrunk.map { key in key.firstIndex(of: ".").map { key[key.index(after: $0)...] } ?? key[...] })
            for h in handoffs {
                // A constant binding is a source that never gets shorter, and nothing to follow.
                if h.isConstant {
                    sources["\(h.view).\(h.label)", default: []].append("")
                    continue
                }
                // `$model.items`: the `items` of the model's type. A base whose type is not known hands on nothing
                // known, so the view's input stays one that may get shorter (its constructions outnumber its sources).
                let owner = h.base.map { propertyType(h.owner, $0, index) } ?? h.owner
                guard let owner else { continue }
                sources["\(h.view).\(h.label)", default: []].append("\(owner).\(h.name)")
                targets["\(owner).\(h.name)", default: []].append("\(h.view).\(h.label)")
            }
            self.constructions = constructions
        }
    }

    /// Whether the array `owner.name` may get shorter: a write found shortens it or one of the arrays bound to it
    /// through view inputs (the state a `@Binding` input is bound to, the inputs a state is handed to), or one of them
    /// is not known well enough: with another wrapper, or a `@Binding` input some construction of whose view FlowLint
    /// does not see handing it a binding of a property. One neither declared as an array nor of a type inferred from
    /// a call (a computed property, one given a static's value), whose writes are not all looked for, may when an
    /// array of its name is shortened anywhere. Bounded: past 32 arrays, it may.
    static func mayShrink(member owner: String, _ name: String, _ bound: BoundArrays, _ index: ProjectIndex,
                          _ facts: ProjectFacts) -> Bool {
        var seen: Set<String> = []
        var queue = ["\(owner).\(name)"]
        while let key = queue.popLast() {
            guard seen.insert(key).inserted else { continue }
            guard seen.count <= 32, !bound.shrunk.contains(key), let dot = key.firstIndex(of: ".") else { return true }
            let type = String(key[..<dot]), member = String(key[key.index(after: dot)...])
            // Engineers judged such findings wrong where nothing of the name is shortened: a fixed list of roles copied
            // from a static, players' names read and written through a computed property (BM).
            if !facts.isCollection(key) {
                if bound.shrunkNames.contains(member[...]) { return true }
                queue += bound.targets[key] ?? []
                continue
            }
            let found = index.properties(of: type, named: member)
            // A `@State static var` is a preview provider's sample (`$sample` handed to the view it previews), which
            // the app never shows: only its own type's writes are looked for (judged wrong in BW: a preview's sample
            // questions taken to shrink the questions an app's rows bind).
            guard !found.isEmpty, found.allSatisfy({ ["State", "Published", "Binding", nil].contains($0.wrapper) && (!$0.isStatic || $0.wrapper == "State") })
            else { return true }
            if found.contains(where: { $0.wrapper == "Binding" }) {
                // Every construction of the view hands this input a binding of a known array.
                let sources = bound.sources[key] ?? []
                guard let count = bound.constructions.constructions(of: type, passing: member), count > 0, count == sources.count
                else { return true }
                queue += sources.filter { !$0.isEmpty }
            }
            queue += bound.targets[key] ?? []
        }
        return false
    }

    /// Whether a write found may make the collection shorter. A collection whose writes cannot all be seen may: a
    /// binding from the parent, a parameter, a local; a property neither declared as an array in the sources nor of a
    /// type inferred from a call (whose writes `arrayWrites` does not look for) may when an array of its name is
    /// shortened, and so may a parameter or a local of that name (`written`: the collection as written).
    static func mayShrink(_ collection: Collection, written: String, inFile file: Int?, _ bound: BoundArrays,
                          _ index: ProjectIndex, _ facts: ProjectFacts) -> Bool {
        switch collection {
        case .member(let owner?, let name):
            // A shortening write in the file's own one of several types of the name (`ownerKey`).
            let ownerKey = ownerKey(owner, inFile: file, index)
            if ownerKey != owner, bound.shrunk.contains("\(ownerKey).\(name)") { return true }
            return mayShrink(member: owner, name, bound, index, facts)
        case .chain(let owner, let base, let name):
            // Not known to be an array: as in `mayShrink(member:)`.
            guard let type = propertyType(owner, base, index), facts.isCollection("\(type).\(name)") else {
                return bound.shrunkNames.contains(name[...])
            }
            return changeKeys(collection, inFile: file, index, facts).contains(where: bound.shrunk.contains)
        default:
            // `gameManager.playerNames` through a local `@Bindable` of the environment's object: its last name.
            let name = written.split(separator: ".").last ?? written[...]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return true }
            return bound.shrunkNames.contains(name)
        }
    }

    /// Changes that reorder the elements and keep their count.
    static let reorderingOnly: Set<String> = ["move", "swapAt", "sort", "shuffle", "reverse", "sorted", "reversed", "shuffled"]

    /// A range that runs to the end of the collection: `n...`, `n..<xs.endIndex`, `n..<xs.count`.
    static func isTail(_ range: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        let e = context.unwrapped(range)
        switch context.kind(e) {
        case .postfixOperatorExpr:
            return tree.nameToken(e).map { tree.file.token($0, is: "...") } ?? false
        case .binaryExpr:
            guard let op = tree.nameToken(e), tree.file.token(op, is: "..<"), let upper = Array(context.children(e)).last
            else { return false }
            return memberBase(upper, "endIndex", context) != nil || memberBase(upper, "count", context) != nil
        default:
            return false
        }
    }

    /// An initializer gives a collection its first value: nothing is shown yet whose positions could move.
    static func isInInitializer(_ n: Int, _ context: FileContext) -> Bool {
        var p = context.enclosingScope(n)
        while let q = p {
            switch context.kind(q) {
            case .initDecl: return true
            case .funcDecl, .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl: return false
            default: p = context.enclosingScope(q)
            }
        }
        return false
    }

    /// The assignment whose right-hand side is `call` itself, or `Array(call)` (`xs = xs.filter { }.prefix(3)` is not
    /// looked into).
    static func assignmentAssigning(_ call: Int, _ context: FileContext) -> Int? {
        var value = call
        // `Array(xs.suffix(50))`
        if let argument = context.parent(call), context.kind(argument) == .argument, let wrapper = context.parent(argument),
           context.kind(wrapper) == .callExpr, let callee = context.tree.firstChild(wrapper), context.kind(callee) == .identifierExpr,
           context.name(callee) == "Array", context.arguments(wrapper).count == 1 { value = wrapper }
        guard let p = context.parent(value), context.kind(p) == .binaryExpr, let op = context.tree.nameToken(p),
              context.tree.file.token(op, is: "="), Array(context.children(p)).last == value else { return nil }
        return p
    }

    /// `items` / `self.items` → (nil, items); `model.items` / `self.model.items` → (model, items).
    static func changedCollection(_ e: Int, _ context: FileContext) -> (base: String?, name: String)? {
        let tree = context.tree
        let e = context.unwrapped(e)
        switch context.kind(e) {
        case .identifierExpr:
            guard let name = context.name(e), !name.hasPrefix("$") else { return nil }
            return (nil, name)
        case .memberAccessExpr:
            guard let name = context.name(e), let base = tree.firstChild(e) else { return nil }
            let b = context.unwrapped(base)
            if context.kind(b) == .identifierExpr, let baseName = context.name(b) {
                return baseName == "self" ? (nil, name) : (baseName.hasPrefix("$") ? nil : baseName, name)
            }
            if context.kind(b) == .memberAccessExpr, let inner = tree.firstChild(b), context.kind(inner) == .identifierExpr,
               context.name(inner) == "self", let baseName = context.name(b) { return (baseName, name) }
            return nil
        default:
            return nil
        }
    }

    /// Array properties and constant computed properties of the file's types.
    static func recordMembers(_ context: FileContext, into record: inout Record) {
        let tree = context.tree
        for type in context.typeDeclarations {
            guard let block = tree.child(type, .memberBlock) else { continue }
            let owner = context.typeDeclarationName(type)
            let members = context.memberDecls(block)
            // A default is what a construction that leaves the input out gives only through the memberwise
            // initializer: a struct that declares an `init` in its body has none.
            let hasMemberwiseInitializer = context.typeKind(type) == .struct && !members.contains { context.kind($0) == .initDecl }
            for member in members where context.kind(member) == .variableDecl {
                for binding in context.children(member) where context.kind(binding) == .patternBinding {
                    guard let p = tree.firstChild(binding), context.kind(p) == .identifierPattern, let name = context.name(p) else {
                        continue
                    }
                    if hasMemberwiseInitializer, context.attributes(member).isEmpty,
                       let value = tree.child(binding, .initializerClause).flatMap({ tree.firstChild($0) }),
                       context.kind(context.unwrapped(value)) == .arrayExpr {
                        record.literalDefaults.append("\(owner).\(name)")
                    }
                    if let element = declaredArrayElement(binding, context) {
                        record.elements.append(ArrayProperty(member: "\(owner).\(name)", element: element))
                    } else if isInferredFromCall(binding, in: member, context) {
                        record.inferredCollections.append("\(owner).\(name)")
                    }
                    guard let annotation = tree.child(binding, .typeAnnotation).flatMap({ tree.firstChild($0) }) else { continue }
                    // Only `[T]` getters are parsed whatever else runs (`parses`' type suffix `]`).
                    if context.kind(annotation) == .arrayType, let accessors = tree.child(binding, .accessorBlock),
                       let getter = getterValue(accessors, context), isConstantValue(getter, context) {
                        record.constantMembers.append("\(owner).\(name)")
                    }
                }
            }
        }
    }

    /// The single expression a getter returns (`{ [...] }`, `{ return Self.all }`, `get { ... }`).
    static func getterValue(_ accessors: Int, _ context: FileContext) -> Int? {
        let tree = context.tree
        var block = tree.child(accessors, .codeBlock)
        if block == nil {
            let getters = context.children(accessors).filter { context.kind($0) == .accessorDecl }
            guard getters.count == 1, context.name(getters[0]) == "get" else { return nil }
            block = tree.child(getters[0], .codeBlock)
        }
        guard let block else { return nil }
        let statements = context.statements(of: block)
        return statements.count == 1 ? statements[0] : nil
    }

    /// An array literal of literals and of static or implicit members (`[.small, .large]`), or a static member
    /// (`Self.all`, `Size.allCases`).
    static func isConstantValue(_ e: Int, _ context: FileContext) -> Bool {
        let tree = context.tree
        let e = context.unwrapped(e)
        switch context.kind(e) {
        case .arrayExpr:
            return tree.subtree(e).dropFirst().allSatisfy { n in
                switch context.kind(n) {
                case .integerLiteral, .floatLiteral, .stringLiteral, .booleanLiteral, .memberAccessExpr: return true
                case .identifierExpr: return FileContext.isTypeLike(context.name(n) ?? "")
                default: return false
                }
            }
        case .memberAccessExpr:
            guard let base = tree.firstChild(e) else { return false }
            return context.kind(base) == .identifierExpr && FileContext.isTypeLike(context.name(base) ?? "")
        default:
            return false
        }
    }

    // MARK: Project

    /// What every file's records say, merged.
    struct ProjectFacts {
        var fileConstants: Set<String> = []
        var constantMembers: Set<String> = []
        var elements: [String: String] = [:]
        var inferredCollections: Set<String> = []
        var changes: [Change] = []
        var animatedCalls: Set<String> = []
        var literalDefaults: Set<String> = []
        var shrinks: [Change] = []
        var handoffs: [Handoff] = []
        /// `Owner.name` for each `View.label` a construction hands `label: $name` (`Handoff`, without a base).
        var bindingSources: [String: [String]] = [:]

        /// Whether `Owner.name` is a property whose writes `arrayWrites` follows: declared as an array, or its type
        /// inferred from a call.
        func isCollection(_ member: String) -> Bool { elements[member] != nil || inferredCollections.contains(member) }
    }

    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        guard !project.pending.isEmpty else { return }
        let facts = project.derived("facts") { records in
            var facts = ProjectFacts()
            // Each change with the file that records it (`Change.file`).
            func stamped(_ changes: [Change], _ path: String) -> [Change] {
                changes.map { change in
                    var change = change
                    change.file = path
                    return change
                }
            }
            for (path, record) in records {
                facts.fileConstants.formUnion(record.fileConstants)
                facts.constantMembers.formUnion(record.constantMembers)
                for property in record.elements where facts.elements[property.member] == nil {
                    facts.elements[property.member] = property.element
                }
                facts.inferredCollections.formUnion(record.inferredCollections)
                facts.changes += stamped(record.changes, path)
                facts.animatedCalls.formUnion(record.animatedCalls)
                facts.literalDefaults.formUnion(record.literalDefaults)
                facts.shrinks += stamped(record.shrinks, path)
                facts.handoffs += record.handoffs
            }
            for h in facts.handoffs where !h.isConstant && h.base == nil {
                facts.bindingSources["\(h.view).\(h.label)", default: []].append("\(h.owner).\(h.name)")
            }
            return facts
        }
        let index = project.index
        var changes: ChangesByKey?
        var bound: BoundArrays?
        // For the rows that some changes are away from: the changes and the shortening writes near them, by the
        // positions of those away (`isAway`), each set found once.
        var changesWithout: [[Int]: ChangesByKey] = [:]
        var boundWithout: [[Int]: BoundArrays] = [:]
        let previewHarnesses = project[ViewsShownOnlyInPreviews.self]
        let constructions = project[ViewConstructionArguments.self]
        for finding in project.pending {
            var c = finding.condition
            guard !isConstant(c.collection, index, facts) else { continue }
            // A view only previews show (a prototype, a harness): its rows never see the collection change in use.
            if let view = c.view, previewHarnesses.contains(view), index.isView(view) { continue }
            // A view's input that every construction gives an array literal: fixed slots, and nothing of the view can
            // change it (`onDelete` and `onMove` on the rows still say it is changed).
            if c.changedBy == nil, case .member(let owner?, let name) = c.collection, isInput(name, of: owner, index) {
                let defaultIsLiteral = facts.literalDefaults.contains("\(owner).\(name)")
                if constructions.givesArrayLiteral(to: owner, input: name, orLiteralDefault: defaultIsLiteral) { continue }
            }
            // `.onDelete` on a `ForEach` that is its view's whole body, where every construction of the view puts it in
            // a stack or a scroll view: no swipe to delete ever shows (judged wrong in BN: favourites shown in a
            // `ScrollView`).
            if c.editsWhereShown, let view = c.view, constructions.isShownOnlyInLayoutContainers(view) { c.changedBy = nil }
            var changedBy = c.changedBy
            var reorders = changedBy == "onMove"
            if changes == nil { changes = changesByKey(facts.changes, animatedCalls: facts.animatedCalls, index, facts) }
            // Changes made only while the rows are not on screen (in another arm of a view's `body`) are no change
            // under them: the rows appear afresh after it.
            let span = finding.diagnostic.span
            // The arms say so of one view on screen: the view that makes the change must own the collection (its
            // `@State`, or a property of its `@StateObject`: each view shown has its own) or be shown by one
            // construction at most, previews aside (two shown at once can each be in another arm, and change a shared
            // collection under the other's rows), and be extended in no other file (whose members may make the change
            // elsewhere).
            func ownsChanged(_ change: Change) -> Bool {
                let holder = change.base ?? change.name
                let found = index.properties(of: change.owner, named: holder)
                return !found.isEmpty && found.allSatisfy { $0.wrapper == (change.base == nil ? "State" : "StateObject") && !$0.isStatic }
            }
            func isAway(_ change: Change) -> Bool {
                guard !change.awayFromRows.isEmpty || !change.awayFromViews.isEmpty,
                      ownsChanged(change)
                        || constructions.constructions(of: change.owner).map({ $0.filter { !$0.inPreview }.count <= 1 }) == true,
                      let changeFile = change.file.flatMap(index.position(ofFile:)),
                      !index.isExtended(change.owner, outsideFile: changeFile) else { return false }
                if change.file == span.file, change.awayFromRows.contains(span.startOffset) { return true }
                guard let view = c.view, let shown = change.awayFromViews.first(where: { $0.view == view }),
                      let all = constructions.constructions(of: view) else { return false }
                return all.filter { !$0.inPreview }.count == shown.constructions
            }
            // The changes that are away from these rows, by their positions: the changes near them, found once for
            // each such set.
            let awayChanges = facts.changes.indices.filter { isAway(facts.changes[$0]) }
            let nearChanges = awayChanges.isEmpty ? changes! : without(awayChanges, of: facts.changes, &changesWithout) {
                changesByKey($0, animatedCalls: facts.animatedCalls, index, facts)
            }
            let rowsFile = index.position(ofFile: span.file)
            let keys = changeKeys(c.collection, inFile: rowsFile, index, facts)
            // A change found elsewhere: an animated one is named first.
            let animatedChange = keys.lazy.compactMap { nearChanges.animated[$0] }.first
            if changedBy == nil { changedBy = animatedChange ?? keys.lazy.compactMap { nearChanges.all[$0] }.first }
            if !reorders, let reordering = keys.lazy.compactMap({ nearChanges.reordering[$0] }).first {
                reorders = true
                if c.rebuiltByCount { changedBy = reordering }
            }
            var rowState = c.rowState ?? c.rowViews.lazy.compactMap {
                statefulView($0, index, constructions, positionArguments: c.positionArguments,
                             shownFrom: rowsFile)
            }.first
            // A row view that keeps its position in an `@State` (`ImageIndicator(myIndex: i)`) is right only while rows
            // are identified by position: identified by the element, it would keep the position it was made at. With
            // nothing else kept or bound by position, the advice would break it (engineers judged both such findings of
            // BA wrong). A position passed on to a view the row view shows is not followed.
            if rowState == nil, c.binding == nil, seedsStateWithPosition(c, index) { continue }
            // `.id(xs.count)`: every insertion and removal rebuilds the rows; only a move or a sort keeps them.
            if c.rebuiltByCount && !reorders {
                changedBy = nil
                rowState = nil
                c.binding = nil
            }
            // A menu's rows are built again each time it opens and nothing of them animates: a change in place
            // harms only rows that keep state.
            if c.menu != nil && rowState == nil && c.binding == nil { changedBy = nil }
            // Rows that keep nothing of their own show the element now at their position after a change: the harm
            // is the wrong row animating, so a change nothing animates does none (`onDelete` and `onMove` animate
            // the rows they act on).
            if c.changedBy == nil, animatedChange == nil, !c.isAnimated, rowState == nil, c.binding == nil { changedBy = nil }
            // A sort keeps every position, so rows that keep nothing show the element now at theirs, and no row is
            // inserted or removed to animate: no harm (engineers judged all four such findings wrong). A binding by
            // position still reads a position that exists. A sort made `withAnimation` is meant to move the rows,
            // which positions never do.
            if c.changedBy == nil, rowState == nil, animatedChange == nil, nearChanges.onlySorts(keys) { changedBy = nil }
            // State the rows keep (a view's own, text typed through the position) goes from one element to another
            // only when the collection changes while the rows are shown. Without a change in place found anywhere,
            // that is not known (a list loaded once, a `let` handed to presented content, slots that never move):
            // engineers judged those findings wrong 7 times in 10. Bindings by position are still reported: a
            // shorter array makes them read a position that is gone.
            if changedBy == nil, c.binding == nil { continue }
            // Bindings by position read a position that is gone only when the collection gets shorter while the rows
            // are shown: with no write found that can shorten it (the rows edit elements of a fixed count, filled
            // once when made), there is no harm to report.
            if changedBy == nil {
                // Rows that bind another array by these positions (`ForEach(modules.indices) { i in
                // Toggle(isOn: $selected[i]) }`): removing an element leaves every position the rows read, and what
                // could crash is the two arrays falling out of step, which the code filling both decides (engineers
                // judged all four such findings wrong: arrays made together and never shortened).
                if bindsAnotherArray(c) { continue }
                if bound == nil {
                    bound = BoundArrays(shrunk: Set(changesByKey(facts.shrinks, animatedCalls: [], index, facts).all.keys),
                                        handoffs: facts.handoffs, constructions: constructions, index)
                }
                let awayShrinks = facts.shrinks.indices.filter { isAway(facts.shrinks[$0]) }
                let nearBound = awayShrinks.isEmpty ? bound! : without(awayShrinks, of: facts.shrinks, &boundWithout) {
                    BoundArrays(shrunk: Set(changesByKey($0, animatedCalls: [], index, facts).all.keys),
                                handoffs: facts.handoffs, constructions: constructions, index)
                }
                if !mayShrink(c.collection, written: c.text, inFile: rowsFile, nearBound, index, facts) { continue }
                rowState = nil
            }
            let elementType = c.element ?? elementType(c.collection, index, facts)
            // Samples (`[Float]` levels of a waveform, a chart's values): a value that repeats and changes is all an
            // element is, so its position is the only identity rows can have, and rows that keep nothing of their own
            // show the sample now at theirs (judged wrong in ekkomvp: a waveform's bars over a rolling buffer).
            if let elementType, floatingPointTypes.contains(elementType), rowState == nil, c.binding == nil { continue }
            let identity = elementType.map { elementIdentity($0, index) } ?? .unknown
            // `ForEach($items)` needs elements with an identity, and rows that edit them.
            let binding = c.binding != nil && (identity == .identifiable || identity == .idProperty)
                ? bindingText(c.collection, index) : nil
            // An `id` computed from what the rows edit (`var id: String { name + unit }`) is no identity to keep rows by.
            // The element's declarations, when it has an `id` (which may be computed).
            let idDeclarations = identity == .identifiable || identity == .idProperty
                ? elementType.map { type in (type, index.types(named: type).map(index.type)) } : nil
            let computedID = idDeclarations.flatMap { type, declarations in
                declarations.lazy.map(\.idComputedFrom).first { !$0.isEmpty }.map { (type, $0) }
            }
            // An `id` that makes a new `UUID` when read (`var id: UUID { storedID ?? UUID() }`) is none at all (judged
            // wrong in BK: the rows and their text fields would be made anew at every update).
            let newIDWhenRead = idDeclarations.flatMap { type, declarations in
                declarations.contains(where: \.idIsNewWhenRead) ? type : nil
            }
            // A stored `id` that starts as a constant (`var id: DataId = .void`, set when the element is saved) is
            // shared by every element made without one (judged wrong in BK: mmex's splits added in a form).
            let sharedDefaultID = idDeclarations.flatMap { type, _ in constantDefaultID(of: type, index).map { (type, $0) } }
            // The rows edit the values they show: through a binding they make, or a row view's of the element's type.
            let rowsEdit = identity == .hashableValue
                && (c.editsByPosition || elementType.map { type in c.rowViews.contains { bindsValue(of: type, $0, index) } } == true)
            var diagnostic = finding.diagnostic
            // `0..<vm.count` over a view model that counts and subscripts the array it holds: `ForEach(vm)` would not
            // compile (judged wrong four times in BP); the advice is for the array it holds, when it holds one.
            let advised: String
            if let holder = holderType(c.collection, index) {
                if let held = heldArray(of: holder, index, facts) {
                    var shown = c
                    shown.text = "\(c.text).\(held.property)"
                    let heldIdentity = elementIdentity(held.element, index)
                    let heldDefault = heldIdentity == .identifiable || heldIdentity == .idProperty
                        ? constantDefaultID(of: held.element, index).map { (held.element, $0) } : nil
                    advised = advice(shown, element: heldIdentity, binding: nil, sharedDefaultID: heldDefault)
                } else {
                    advised = "identify the rows by the elements '\(c.text)' holds (ForEach over its array, with Identifiable elements)"
                }
            } else if bindsAnotherArray(c), let other = c.binding.flatMap(boundArray) {
                // The rows bind another array by the same positions (`$availability[index]` in rows over `selectedHours`):
                // an element's identity or binding would not reach the other array, so the arrays belong in one element
                // (judged wrong in BV: connectED's `ForEach($data.selectedHours)` advice for three arrays in step).
                advised = "keep what each row reads by position of '\(plainName(c.text))' and '\(other)' in one Identifiable "
                    + "element, and use ForEach over an array of those"
            } else {
                advised = advice(c, element: identity, binding: binding, rowsEdit: rowsEdit, computedID: computedID,
                                 newIDWhenRead: newIDWhenRead, sharedDefaultID: sharedDefaultID)
            }
            diagnostic.message = message(c, changedBy: changedBy, rowState: rowState, advice: advised)
            report.report(diagnostic)
        }
    }

    /// `make` of the changes of `all` but those at the positions `away`, made once for each such set (`cache`).
    static func without<T>(_ away: [Int], of all: [Change], _ cache: inout [[Int]: T], _ make: ([Change]) -> T) -> T {
        if let known = cache[away] { return known }
        let skipped = Set(away)
        let value = make(all.indices.filter { !skipped.contains($0) }.map { all[$0] })
        cache[away] = value
        return value
    }

    /// Whether the rows' binding by position (`$selected[i]`) subscripts an array other than the one whose positions
    /// they are (`modules`), as written: `$`, `self.` and the subscript aside.
    static func bindsAnotherArray(_ c: Condition) -> Bool {
        guard let binding = c.binding, let other = boundArray(binding) else { return false }
        return other != plainName(c.text)
    }

    /// The array a binding by position binds into, as written without `$` and `self.` (`model.items` of
    /// `$model.items[index]`).
    static func boundArray(_ binding: String) -> String? {
        binding.lastIndex(of: "[").map { plainName(String(binding[..<$0])) }
    }

    /// A collection as written, without `$` and `self.` (`model.items` of `$self.model.items`).
    static func plainName(_ written: String) -> String {
        var text = Substring(written)
        if text.hasPrefix("$") { text = text.dropFirst() }
        if text.hasPrefix("self.") { text = text.dropFirst(5) }
        if text.hasPrefix("$") { text = text.dropFirst() }
        return String(text)
    }

    /// Whether a collection named in a `ForEach` is a constant: a `let` member or static member with an
    /// initializer, a computed property returning a constant, a file-level `let` with an initializer, or a
    /// member of a type the project does not declare (the system's: `Locale.isoRegionCodes`).
    static func isConstant(_ collection: Collection, _ index: ProjectIndex, _ facts: ProjectFacts) -> Bool {
        switch collection {
        case .variable, .local:
            return false
        case .member(let owner, let name):
            if let owner {
                if facts.constantMembers.contains("\(owner).\(name)") { return true }
                let found = index.properties(of: owner, named: name)
                if !found.isEmpty { return found.allSatisfy { $0.isLet && $0.hasInitializer } }
            }
            return facts.fileConstants.contains(name)
        case .chain(let owner, let base, let name):
            guard let type = propertyType(owner, base, index) else { return false }
            if facts.constantMembers.contains("\(type).\(name)") { return true }
            let found = index.properties(of: type, named: name)
            return !found.isEmpty && found.allSatisfy { $0.isLet && $0.hasInitializer }
        case .staticMember(let typeName, let name):
            guard index.declares(typeName) else { return true }
            if facts.constantMembers.contains("\(typeName).\(name)") { return true }
            let found = index.properties(of: typeName, named: name)
            if found.isEmpty { return true }
            return found.allSatisfy { $0.isLet && $0.hasInitializer }
        }
    }

    /// Whether `name` is an input of the view `owner`: a stored property without a property wrapper, which only
    /// the view's constructions set.
    static func isInput(_ name: String, of owner: String, _ index: ProjectIndex) -> Bool {
        guard index.isView(owner) else { return false }
        let found = index.properties(of: owner, named: name)
        return !found.isEmpty && found.allSatisfy { $0.wrapper == nil && !$0.isStatic }
    }

    /// The type of the property `member` of `owner`, when its declarations agree on one.
    static func propertyType(_ owner: String, _ member: String, _ index: ProjectIndex) -> String? {
        let types = Set(index.properties(of: owner, named: member).compactMap { $0.type ?? $0.environmentObjectType })
        return types.count == 1 ? types.first : nil
    }

    /// The keys under which a change of this collection, written in the file `file`, is recorded: `Owner.name` for
    /// the type that changes it, and `Owner.base.name` for a change through a property (see `ownerKey`).
    static func changeKeys(_ collection: Collection, inFile file: Int?, _ index: ProjectIndex, _ facts: ProjectFacts) -> [String] {
        switch collection {
        case .member(let owner?, let name):
            return ["\(ownerKey(owner, inFile: file, index)).\(name)"]
        case .staticMember(let type, let name):
            return ["\(type).\(name)"]
        case .chain(let owner, let base, let name):
            // `model.items` changes where `model` does it (`items.remove(at:)` in its type), where this type does
            // (`model.items.remove(at:)`, or a local copy `items`), and where another type holding the same model does.
            let ownerKey = ownerKey(owner, inFile: file, index)
            var keys = ["\(ownerKey).\(base).\(name)", "\(ownerKey).\(name)"]
            // A `@Binding` to a value: where the binding comes from (a sibling's change through its own binding).
            keys += (boundValueSources(owner, base, index, facts) ?? []).map { "\($0).\(name)" }
            if let type = propertyType(owner, base, index) { keys.append("\(type).\(name)") }
            return keys
        default:
            return []
        }
    }

    /// The key of the type `owner` for a change made or a collection shown in the file `file`: its name, or
    /// `Owner@file` when the file declares a `private` or `fileprivate` type of that name and other files declare
    /// others. Only that file can name the private one, so its changes are not the others' (judged wrong in BS: a
    /// removal in one file's `private` row editor taken for another file's). Types nested under the same name in
    /// several types stay one key: an extension in another file can declare one (`extension List { class Logic }`).
    static func ownerKey(_ owner: String, inFile file: Int?, _ index: ProjectIndex) -> String {
        guard let file, fileDeclaringOneOfSeveral(owner, file, index) != nil,
              index.types(named: owner).contains(where: { $0.file == file && index.type($0).isFilePrivate }) else { return owner }
        return "\(owner)@\(file)"
    }

    /// Each recorded change by its keys (see `changeKeys`), described for the message: the first recorded wins, but one
    /// other than a sort comes before sorts.
    /// The changes that reorder, and those made in a `withAnimation { ... }` closure or in a function called in one,
    /// are kept apart as well.
    struct ChangesByKey {
        var all: [String: String] = [:]
        var reordering: [String: String] = [:]
        var animated: [String: String] = [:]
        /// The keys with a change other than a sort (`sort`, `sorted`, `shuffle`, `reverse`, ...).
        var notSorting: Set<String> = []

        /// Every change found of the collection sorts it: the same elements at other positions, the same positions.
        func onlySorts(_ keys: [String]) -> Bool {
            keys.contains { all[$0] != nil } && !keys.contains(where: notSorting.contains)
        }
    }

    /// Methods that sort a collection or put it in another order of their own (not a move the user makes).
    static let sortingMethods: Set<String> = ["sort", "sorted", "shuffle", "shuffled", "reverse", "reversed"]

    /// Whether the struct `owner`'s property `base` holds a copy of its own of a value of the project's struct or enum
    /// `type` (`@State private var card: Card`, not `@Binding var card: Card`, nor a class's property, which everything
    /// holding the object shares): a change through it changes no other type's `card`, so it is not keyed by the type
    /// (a view showing another copy, `RootView`'s `card.choices`, is not changed by `CardEditorView`'s
    /// `card.choices.remove(at:)`).
    static func isOwnCopy(_ base: String, of type: String, in owner: String, _ index: ProjectIndex) -> Bool {
        guard index.isDeclared(type, onlyAs: [.struct, .enum]), index.isDeclared(owner, onlyAs: [.struct, .enum]) else { return false }
        let properties = index.properties(of: owner, named: base)
        return !properties.isEmpty && properties.allSatisfy { $0.wrapper == nil || $0.wrapper == "State" }
    }

    /// When the struct `owner`'s property `base` is a `@Binding` to a value of the project's struct or enum type, the
    /// properties it is bound to, as `Type.name`: what the constructions of `owner` hand it (`Editor(card: $card)` in
    /// `Parent`: `Parent.card`), and what those are bound to in turn when they are `@Binding`s too (bounded). A change
    /// through the binding changes the value there and no other of its type: `SetEditorCard`'s `exercise.sets.remove(at:)`
    /// through a binding to an edit sheet's copy does not change the `sets` that a detail view shows of another
    /// `Exercise` (judged wrong in BP and BS). Nil when `base` is not such a binding.
    static func boundValueSources(_ owner: String, _ base: String, _ index: ProjectIndex, _ facts: ProjectFacts) -> [String]? {
        guard let type = propertyType(owner, base, index), index.isDeclared(type, onlyAs: [.struct, .enum]),
              index.isDeclared(owner, onlyAs: [.struct, .enum]) else { return nil }
        func isBinding(_ type: String, _ name: String) -> Bool {
            let found = index.properties(of: type, named: name)
            return !found.isEmpty && found.allSatisfy { $0.wrapper == "Binding" }
        }
        guard isBinding(owner, base) else { return nil }
        var found: [String] = []
        var seen: Set<String> = ["\(owner).\(base)"]
        var queue = facts.bindingSources["\(owner).\(base)"] ?? []
        while let source = queue.popLast(), seen.count <= 32 {
            guard seen.insert(source).inserted else { continue }
            found.append(source)
            guard let dot = source.firstIndex(of: ".") else { continue }
            let sourceOwner = String(source[..<dot]), sourceName = String(source[source.index(after: dot)...])
            if isBinding(sourceOwner, sourceName) { queue += facts.bindingSources[source] ?? [] }
        }
        return found
    }

    static func changesByKey(_ changes: [Change], animatedCalls: Set<String>, _ index: ProjectIndex,
                             _ facts: ProjectFacts) -> ChangesByKey {
        var byKey = ChangesByKey()
        for change in changes {
            let owner = change.owner, file = change.file.flatMap(index.position(ofFile:))
            // A view's method its file never calls runs only if an extension of the view in another file calls it.
            if change.inMethodUncalledInItsView, !index.isExtended(owner, outsideFile: file) { continue }
            let ownerKey = ownerKey(owner, inFile: file, index)
            var keys = ["\(ownerKey).\(change.name)"]
            if let base = change.base {
                keys = ["\(ownerKey).\(base).\(change.name)"]
                if let sources = boundValueSources(owner, base, index, facts) {
                    // Through a `@Binding` to a value: the value where the binding comes from changes, no other.
                    keys += sources.map { "\($0).\(change.name)" }
                } else if let type = propertyType(owner, base, index), !isOwnCopy(base, of: type, in: owner, index) {
                    keys.append("\(type).\(change.name)")
                }
            }
            let described = "\(change.call) in '\(owner)'"
            // A change other than a sort describes the collection before a sort found earlier: a removal or an
            // insertion is what moves the rows' identities (judged right in BT, but its message named a shuffle where
            // the rows remove their own element).
            for key in keys where byKey.all[key] == nil || (!change.sorts && !byKey.notSorting.contains(key)) {
                byKey.all[key] = described
            }
            if !change.sorts { byKey.notSorting.formUnion(keys) }
            if change.reorders {
                for key in keys where byKey.reordering[key] == nil { byKey.reordering[key] = described }
            }
            if change.animated || change.function.map(animatedCalls.contains) == true {
                for key in keys where byKey.animated[key] == nil { byKey.animated[key] = described + " with animation" }
            }
        }
        return byKey
    }

    /// Whether a row view of `c` keeps a position it is given in an `@State` of its own (`Condition.positionArguments`).
    static func seedsStateWithPosition(_ c: Condition, _ index: ProjectIndex) -> Bool {
        c.positionArguments.contains { argument in
            index.types(named: argument.view).contains { ref in
                index.properties(of: ref).contains { $0.name == argument.label && $0.wrapper == "State" && !$0.isStatic }
            }
        }
    }

    /// "'Row' keeps @State 'isExpanded'" when `name` is a view of the project with state of its own, or "'Row' shows
    /// 'Editor', which keeps @State 'isPicking'" when a view its body shows does, two levels down at most: the
    /// row's identity is theirs too. (A `UUID` kept in `@State` is a token, not something shown: another element's
    /// token does as well. A `@State` never written, measured from the layout, or set only while it presents a sheet
    /// holds nothing of the element the row showed: `StateChanges`.)
    static func statefulView(_ name: String, _ index: ProjectIndex, _ constructions: ViewConstructionArguments.Table,
                             positionArguments: [PositionArgument] = [], shownFrom rowFile: Int? = nil) -> String? {
        guard index.isView(name) else { return nil }
        // A `@State` the row seeds with its own position holds the position: no other element's state.
        let seeded = Set(positionArguments.filter { $0.view == name }.map(\.label))
        if let kept = ownState(name, index, constructions, shownFrom: rowFile, skipping: seeded) { return "'\(name)' keeps \(kept)" }
        var seen: Set<String> = [name]
        // Each view with the properties that hold the row's position: a view it shows given one of them under the
        // same label (`TodoItemView(index: index)` in a row seeded with `index`) is seeded with the position too. Only
        // the label is known (`RenderEdge` records no argument's value): `Child(index: picked)` is taken for the same.
        var level = [(view: name, seeded: seeded, from: rowFile)]
        for _ in 0..<2 {
            var next: [(view: String, seeded: Set<String>, from: Int?)] = []
            for (view, seeded, from) in level {
                let ownFile = fileDeclaringOneOfSeveral(view, from, index)
                for ref in index.renderersByType[view] ?? [] where ownFile == nil || Int(ref.file) == ownFile {
                    // What the body presents (a sheet, a navigation destination) is shown elsewhere, not in the row.
                    for edge in index.renderer(ref).edges where edge.presentation == nil {
                        guard let shown = edge.viewName, seen.insert(shown).inserted, index.isView(shown) else { continue }
                        let passed = seeded.filter { RenderEdge.position(of: $0, in: edge.argumentLabels) != nil }
                        if let kept = ownState(shown, index, constructions, shownFrom: Int(ref.file), skipping: passed) {
                            return "'\(name)' shows '\(shown)', which keeps \(kept)"
                        }
                        next.append((shown, passed, Int(ref.file)))
                    }
                }
            }
            level = next
        }
        return nil
    }

    /// "@State 'isExpanded'": the state the view `name` keeps of its own (see `statefulView`). Shown from the file
    /// `shownFrom`, a `private` view of another file is not the one shown.
    static func ownState(_ name: String, _ index: ProjectIndex, _ constructions: ViewConstructionArguments.Table,
                         shownFrom file: Int? = nil, skipping seeded: Set<String> = []) -> String? {
        let ownFile = fileDeclaringOneOfSeveral(name, file, index)
        for ref in index.types(named: name) where (file == nil || ref.file == file || !index.type(ref).isFilePrivate)
            && (ownFile == nil || ref.file == ownFile) {
            let kept = index.properties(of: ref).first { p in
                // `@StateObject private var images = ImageService.shared`: every row holds the same shared object.
                guard rowStateWrappers.contains(p.wrapper ?? ""), !p.isStatic, !isTransient(p.name), p.type != "UUID",
                      !(p.wrapper == "State" && seeded.contains(p.name)),
                      !(p.wrapper == "StateObject" && p.staticInitializer.map { !$0.isCall } == true) else { return false }
                switch p.stateChanges {
                case .any:
                    return true
                case .unnamedInItsFile:
                    // Only an extension in another file or a first value passed by a construction can change it.
                    return index.isExtended(name, outsideFile: ref.file) || constructions.constructions(of: name, passing: p.name) != 0
                default:
                    return false
                }
            }
            if let kept, let wrapper = kept.wrapper { return "@\(wrapper) '\(kept.name)'" }
        }
        return nil
    }

    /// `file` when it declares one of several views named `name` (a view nested in the type the row is shown from,
    /// `Design.EditView` beside `Presentation.EditView`): shown from there, the name means that one. Nil otherwise.
    static func fileDeclaringOneOfSeveral(_ name: String, _ file: Int?, _ index: ProjectIndex) -> Int? {
        guard let file else { return nil }
        let declarations = index.types(named: name).filter { index.type($0).kind != .extension }
        guard declarations.count > 1, declarations.contains(where: { $0.file == file }) else { return nil }
        return file
    }

    /// Whether the view `name` of the project takes a `@Binding` of type `type` (`InviteView(text: binding(for:
    /// index))` over `[String]`), or keeps a `Binding` as a plain property: rows made of it edit their element.
    static func bindsValue(of type: String, _ name: String, _ index: ProjectIndex) -> Bool {
        index.isView(name) && index.types(named: name).contains { ref in
            // `@Binding var text: String`, or a binding kept as a plain property (`let text: Binding<String>`, whose
            // recorded type is `Binding` without its argument: any binding the row view takes counts).
            index.properties(of: ref).contains { ($0.wrapper == "Binding" && $0.type == type) || ($0.wrapper == nil && $0.type == "Binding") }
        }
    }

    /// State that lasts only while the pointer or a finger is on the row (`isHovering`, `isPressed`): handed to
    /// another element, it is gone at the next event.
    static func isTransient(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("hover") || lowered.contains("press")
    }

    /// The element type of the collection, from the array properties the project declares.
    static func elementType(_ collection: Collection, _ index: ProjectIndex, _ facts: ProjectFacts) -> String? {
        switch collection {
        case .member(let owner?, let name): return facts.elements["\(owner).\(name)"]
        case .chain(let owner, let base, let name): return propertyType(owner, base, index).flatMap { facts.elements["\($0).\(name)"] }
        case .staticMember(let type, let name): return facts.elements["\(type).\(name)"]
        default: return nil
        }
    }

    /// The protocols a type conforms to that make it a collection `ForEach` can take.
    static let collectionProtocols: Set<String> = [
        "Sequence", "Collection", "BidirectionalCollection", "RandomAccessCollection", "MutableCollection",
        "RangeReplaceableCollection",
    ]

    /// The type of the property whose positions these are, when the project declares it and in no extension or
    /// declaration makes it a collection (no collection protocol or protocol of the project inherited): an object that
    /// counts its elements (`var count: Int { items.count }`) and subscripts them.
    static func holderType(_ collection: Collection, _ index: ProjectIndex) -> String? {
        guard case .member(let owner?, let name) = collection, let type = propertyType(owner, name, index),
              index.types(named: type).contains(where: { index.type($0).kind != .extension }),
              !index.inherited(type).contains(where: { collectionProtocols.contains($0) || index.protocolNames.contains($0) })
        else { return nil }
        return type
    }

    /// The one array property of `holder` (`@Published var items: [Item]`), with its element type.
    static func heldArray(of holder: String, _ index: ProjectIndex, _ facts: ProjectFacts) -> (property: String, element: String)? {
        let names = Set(index.types(named: holder).flatMap { index.properties(of: $0) }.filter { !$0.isStatic }.map(\.name))
        let arrays = names.sorted().compactMap { name in facts.elements["\(holder).\(name)"].map { (property: name, element: $0) } }
        return arrays.count == 1 ? arrays[0] : nil
    }

    /// The constant a stored `id` of the type starts as (`ConstantIDDefault`: `nil` for an optional one).
    static func constantDefaultID(of type: String, _ index: ProjectIndex) -> ConstantIDDefault? {
        index.types(named: type).lazy.compactMap { ref in
            index.files[ref.file].constantIDDefaults.first { $0.type == Int32(ref.type) }
        }.first
    }

    /// Whether the project shows the element type to be `Identifiable` (directly, through a protocol of the
    /// project, through its superclasses, or as a SwiftData or Core Data object), to have an `id`, or neither.
    static func elementIdentity(_ name: String, _ index: ProjectIndex) -> ElementIdentity {
        // `String` with an `extension String` in the project is still not the project's to make Identifiable.
        let declarations = index.types(named: name).filter { index.type($0).kind != .extension }
        guard !declarations.isEmpty else {
            return hashableValueTypes.contains(name) ? .hashableValue : floatingPointTypes.contains(name) ? .sample : .unknown
        }
        // Types of the same simple name nested in different types (`WindowModel.Rule`, a top-level `Rule`): which one
        // the collection holds is not known here, and their identities may differ.
        if Set(declarations.map { index.type($0).qualifiedOrSimpleName }).count > 1 { return .unknown }
        var seen: Set<String> = []
        var pending = [name]
        while let next = pending.popLast(), seen.count < 32 {
            guard seen.insert(next).inserted else { continue }
            let inherited = index.inherited(next)
            // SwiftData's `@Model` classes, Core Data's objects and Realm's `ObjectKeyIdentifiable` objects are
            // `Identifiable`.
            if inherited.contains("Identifiable") || inherited.contains("NSManagedObject") || inherited.contains("ObjectKeyIdentifiable")
                || index.observation(of: next) == .model {
                return .identifiable
            }
            pending += inherited.filter { index.declares($0) }
        }
        if index.properties(of: name, named: "id").contains(where: { !$0.isStatic }) { return .idProperty }
        // An enum has no stored property to keep an id in: an id made from its value changes as the rows edit it and
        // repeats where the values do (judged wrong 3 times in BK: a rule builder's conditions, replaced at each
        // keystroke). The values need an identity beside them.
        if declarations.allSatisfy({ index.type($0).kind == .enum }) { return .sample }
        return .declared(name)
    }

    /// `$items` / `$model.items` when the collection can be bound: a `@State` or `@Binding` property, or a `var` of
    /// an object held by `@ObservedObject`, `@StateObject`, `@EnvironmentObject`, `@Bindable` or `@State`.
    static func bindingText(_ collection: Collection, _ index: ProjectIndex) -> String? {
        switch collection {
        case .member(let owner?, let name):
            let found = index.properties(of: owner, named: name)
            guard !found.isEmpty, found.allSatisfy({ ["State", "Binding"].contains($0.wrapper ?? "") }) else { return nil }
            return "$" + name
        case .chain(let owner, let base, let name):
            let holders = index.properties(of: owner, named: base)
            let wrappers: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject", "Bindable", "State", "Binding"]
            guard !holders.isEmpty, holders.allSatisfy({ wrappers.contains($0.wrapper ?? "") }),
                  let type = propertyType(owner, base, index) else { return nil }
            let found = index.properties(of: type, named: name)
            guard !found.isEmpty, found.allSatisfy({ !$0.isLet && !$0.isStatic }) else { return nil }
            return "$\(base).\(name)"
        default:
            return nil
        }
    }
}

// MARK: Arms of a body: what is never on screen together

extension ForEachIndexIDRule {
    /// A branch on the way from a view's `body` to a node: an `if` or a `switch`, and the arm the way takes (the
    /// `if`'s block, its `else` block or `else if`, a `case`). What is in different arms of one branch is never on
    /// screen at once, unless the branch is in rows (`repeated`), where each row takes an arm of its own.
    /// A `modal` arm is the content of a sheet or full-screen cover (`branch` its modifier): while it is shown, the
    /// view that presents it takes no taps.
    struct Arm: Hashable {
        var branch: Int
        var arm: Int
        var repeated = false
        var modal = false
    }

    /// One way from `body` to a node: the arms it takes, whether it goes through rows, and whether the node runs
    /// only when the user acts (`userActions`): nil when no closure on the way says.
    struct ArmPath {
        var arms: [Arm]
        var throughRows: Bool
        var userAction: Bool? = nil
    }

    /// Calls whose closure (or function) runs when the user acts on a control of the view.
    static let userActions: Set<String> = ["Button", "onDelete", "onMove", "onTapGesture", "onLongPressGesture", "onSubmit"]
    /// Calls whose closure runs at once, within the closure around them.
    static let immediateClosureCalls: Set<String> = ["withAnimation", "withTransaction"]
    /// Presentations that cover the view presenting them: its controls take no taps while they are shown.
    static let coveringPresentations: Set<String> = ["sheet", "fullScreenCover"]

    /// How many members deep (`body` naming `content`, `content` naming `editor`, ...), through how many names of a
    /// member, and along how many ways in all the ways to a node are followed: past any, they are not known.
    static let maximumMemberDepth = 6
    static let maximumMemberReferences = 8
    static let maximumWays = 64
    /// A way longer than this many parents (a chain of thousands of modifiers) is not followed.
    static let maximumWalk = 2048

    /// The ways the `body` of a struct reaches nodes of one file, directly or through the members of the struct it
    /// names. Each member's ways are found once (`memberWays`), and each name's references once, so that a file of
    /// members naming each other is read in time linear in the ways found, not in the ways of reaching them.
    struct ArmWalk {
        let context: FileContext
        /// The ways to each member (its declaration node), nil when not known.
        private var memberWays: [Int: [ArmPath]?] = [:]
        /// Members whose ways are being found: a member reached again through them is not known (a cycle).
        private var pending: Set<Int> = []
        /// For each type declaration and name, the places its declarations (the type's and its extensions' in the
        /// file) name it.
        private var references: [String: [Int]] = [:]

        init(_ context: FileContext) { self.context = context }

        /// Each way the `body` of `type` reaches `n`: directly, or through the members of `type` it names
        /// (`.onDelete(perform: removeCards)`, `case .photos: photosStep`). Nil when not known: `n` is in no member of
        /// `type` (an extension's, a nested type's), in a member named nowhere in `type` or named in an extension,
        /// or past the limits above.
        mutating func paths(to n: Int, in type: Int, depth: Int = 0) -> [ArmPath]? {
            let tree = context.tree
            guard let block = tree.child(type, .memberBlock) else { return nil }
            var arms: [Arm] = []
            var throughRows = false
            var userAction: Bool?
            var member: Int?
            var c = n
            var steps = 0
            while true {
                steps += 1
                guard steps <= maximumWalk, let p = context.parent(c) else { return nil }
                if p == block { break }
                switch context.kind(p) {
                case .ifStmt, .ifExpr:
                    if [.codeBlock, .ifStmt, .ifExpr].contains(context.kind(c)) { arms.append(Arm(branch: p, arm: c)) }
                case .switchStmt, .switchExpr:
                    if context.kind(c) == .switchCase { arms.append(Arm(branch: p, arm: c)) }
                case .callExpr:
                    guard context.kind(c) == .trailingClosure || context.kind(c) == .argument else { break }
                    if isRowsCall(p, context) {
                        throughRows = true
                        for i in arms.indices { arms[i].repeated = true }
                    }
                    guard let callee = tree.firstChild(p), let called = context.name(callee) else { break }
                    if context.kind(callee) == .memberAccessExpr, coveringPresentations.contains(called),
                       context.kind(c) == .trailingClosure || tree.name(c) == "content" {
                        arms.append(Arm(branch: p, arm: c, modal: true))
                    }
                    // The innermost call whose closure (or function) holds the node says when it runs: a control's
                    // action, or an action handed to a view of the project (`Row(onDelete: { ... })`).
                    if userAction == nil, !immediateClosureCalls.contains(called) {
                        userAction = userActions.contains(called)
                            || (context.kind(c) == .argument && tree.name(c).map(ForEachIndexIDRule.isActionLabel) == true)
                    }
                case .variableDecl, .funcDecl:
                    member = p
                case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl:
                    return nil
                default:
                    break
                }
                c = p
            }
            guard let member else { return nil }
            let here = ArmPath(arms: arms, throughRows: throughRows, userAction: userAction)
            let name = context.kind(member) == .funcDecl ? context.name(member) : context.firstBindingName(member)
            if name == "body", context.kind(member) == .variableDecl { return [here] }
            guard depth < maximumMemberDepth, let name, let outer = ways(to: member, named: name, in: type, depth: depth) else {
                return nil
            }
            return outer.map { way in
                let inner = way.throughRows ? arms.map { Arm(branch: $0.branch, arm: $0.arm, repeated: true, modal: $0.modal) } : arms
                return ArmPath(arms: way.arms + inner, throughRows: way.throughRows || throughRows,
                               userAction: userAction ?? way.userAction)
            }
        }

        /// The ways `body` reaches the places `type`'s declarations name the member `name` declared at `member`.
        private mutating func ways(to member: Int, named name: String, in type: Int, depth: Int) -> [ArmPath]? {
            if let known = memberWays[member] { return known }
            guard pending.insert(member).inserted else { return nil }
            defer { pending.remove(member) }
            let found = memberReferences(name, in: type, outside: member)
            var result: [ArmPath]? = nil
            if !found.isEmpty, found.count <= maximumMemberReferences {
                var all: [ArmPath] = []
                for reference in found {
                    guard let outer = paths(to: reference, in: type, depth: depth + 1) else { all = []; break }
                    all += outer
                    if all.count > maximumWays { all = []; break }
                }
                if !all.isEmpty { result = all }
            }
            memberWays[member] = .some(result)
            return result
        }

        /// Where the declarations of `type`'s name in this file (its own and its extensions') name its member `name`
        /// (`name`, `self.name`), outside the member itself. A place in an extension has no way from `body` here,
        /// which makes the member's ways not known.
        private mutating func memberReferences(_ name: String, in type: Int, outside member: Int) -> [Int] {
            let tree = context.tree
            let key = "\(type) \(name)"
            let all: [Int]
            if let known = references[key] {
                all = known
            } else {
                let typeName = context.typeDeclarationName(type)
                let declarations = context.typeDeclarations.filter { context.typeDeclarationName($0) == typeName }.map(tree.subtree)
                var found: [Int] = []
                for kind in [NodeKind.identifierExpr, .memberAccessExpr] {
                    for node in context.nodes(kind) {
                        let n = Int(node)
                        guard context.name(n) == name, declarations.contains(where: { $0.contains(n) }) else { continue }
                        if kind == .memberAccessExpr {
                            guard let base = tree.firstChild(n), context.kind(base) == .identifierExpr, context.name(base) == "self"
                            else { continue }
                        }
                        found.append(n)
                    }
                }
                references[key] = found
                all = found
            }
            let own = tree.subtree(member)
            return all.filter { !own.contains($0) }
        }
    }

    /// An argument's label that names an action a view of the project runs when the user acts (`onDelete:`,
    /// `onTap:`, `action:`, `perform:`).
    static func isActionLabel(_ label: String) -> Bool {
        if label == "action" || label == "perform" { return true }
        guard label.hasPrefix("on"), label.count > 2 else { return false }
        return label.dropFirst(2).first.map { $0.isUppercase } == true && label != "onAppear" && label != "onDisappear"
    }

    /// `ForEach`, and `List` over data (`List(items) { ... }`): their content is built once per element.
    static func isRowsCall(_ call: Int, _ context: FileContext) -> Bool {
        guard let callee = context.tree.firstChild(call), context.kind(callee) == .identifierExpr else { return false }
        switch context.name(callee) {
        case "ForEach": return true
        case "List": return context.arguments(call).first.map { $0.label == nil } ?? false
        default: return false
        }
    }

    /// Whether a change reached by the ways `change` can never be made while what the ways `shown` reach is on
    /// screen: the change runs when the user acts (not later: `asyncAfter`, a `Task`, `onDisappear`), and each pair
    /// of ways takes different arms of a branch outside rows, or the change is outside a sheet that shows the other
    /// (which covers the controls).
    static func exclusiveArms(change: [ArmPath], shown: [ArmPath]) -> Bool {
        !change.isEmpty && !shown.isEmpty && change.allSatisfy { x in
            x.userAction == true && shown.allSatisfy { y in
                let branches = x.arms.contains { ax in
                    !ax.repeated && !ax.modal
                        && y.arms.contains { $0.branch == ax.branch && $0.arm != ax.arm && !$0.repeated && !$0.modal }
                }
                let covered = y.arms.contains { ay in ay.modal && !x.arms.contains { $0.branch == ay.branch } }
                return branches || covered
            }
        }
    }

    /// The rows (of `rows`, by the start of their data argument) that the statement holding the write at `write` hides
    /// in the same update: a statement of the same block sets `flag = false`, and the rows are in the same type, shown
    /// only under `if flag` (a form's list emptied as the section holding it is hidden: travel-split2, BQ, where
    /// engineers judged the crash of rows bound by position unable to happen). No row reads the shorter collection.
    static func rowsHidden(with write: Int, rows: [(call: Int, start: Int)], _ context: FileContext) -> [Int] {
        let tree = context.tree
        // The statement holding the write, and the block (or closure) it is a statement of.
        var statement = write
        var steps = 0
        while let p = context.parent(statement), context.kind(p) != .codeBlock, context.kind(p) != .closureExpr {
            steps += 1
            guard steps <= maximumWalk, context.kind(p) != .structDecl, context.kind(p) != .classDecl else { return [] }
            statement = p
        }
        guard let block = context.parent(statement), let type = context.enclosingType(write) else { return [] }
        // `flag = false`, `self.flag = false`.
        var hidden: Set<String> = []
        for s in context.children(block) where s != statement && context.kind(s) == .binaryExpr && tree.name(s) == "=" {
            let sides = Array(context.children(s))
            guard sides.count == 2, context.kind(sides[1]) == .booleanLiteral, tree.compactText(sides[1]) == "false",
                  let flag = context.ownMemberName(sides[0]) else { continue }
            hidden.insert(flag)
        }
        guard !hidden.isEmpty else { return [] }
        return rows.filter { row in
            guard context.enclosingType(row.call) == type else { return false }
            var c = row.call
            var steps = 0
            while let p = context.parent(c), p != type {
                steps += 1
                guard steps <= maximumWalk else { return false }
                if context.kind(p) == .ifStmt || context.kind(p) == .ifExpr {
                    let parts = Array(context.children(p))
                    if parts.count >= 2, parts[1] == c, let flag = context.ownMemberName(parts[0]), hidden.contains(flag) { return true }
                }
                c = p
            }
            return false
        }.map(\.start)
    }

    /// The rows (of `rows`, by the start of their data argument) and the views that the change at `change` is away
    /// from: in the struct that makes the change, its `body` shows them only in arms other than the change's
    /// (`if isStudying { StudySession(deck: deck) } else { List { ... }.onDelete(perform: removeCards) }`), so they are
    /// never on screen while the change can be made, and appear afresh after it. (The project pass also asks that
    /// the struct be shown once, and not be extended in another file.)
    static func away(from change: Int, rows: [(call: Int, start: Int)], _ walk: inout ArmWalk)
        -> (rows: [Int], views: [ShownElsewhere]) {
        let context = walk.context
        let tree = context.tree
        guard let type = context.enclosingType(change), context.kind(type) == .structDecl,
              let ways = walk.paths(to: change, in: type),
              ways.allSatisfy({ $0.userAction == true })
        else { return ([], []) }
        func isAway(_ n: Int) -> Bool { walk.paths(to: n, in: type).map { exclusiveArms(change: ways, shown: $0) } ?? false }
        let awayRows = rows.filter { context.enclosingType($0.call) == type && isAway($0.call) }.map(\.start)
        let within = tree.subtree(type)
        var constructions: [String: [Int]] = [:]
        for node in context.nodes(.callExpr) {
            let n = Int(node)
            guard within.contains(n), let callee = tree.firstChild(n), context.kind(callee) == .identifierExpr,
                  let name = context.name(callee), FileContext.isTypeLike(name) else { continue }
            constructions[name, default: []].append(n)
        }
        let views = constructions.keys.sorted().compactMap { name -> ShownElsewhere? in
            let calls = constructions[name]!
            return calls.allSatisfy(isAway) ? ShownElsewhere(view: name, constructions: calls.count) : nil
        }
        return (awayRows, views)
    }
}

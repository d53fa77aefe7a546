import FlowLintSyntax

/// How a `@State` with an initial value changes, from its uses in its type and the type's extensions in its file
/// (`PropertyFact.stateChanges`). A `ForEach` row that keeps such state by position hands nothing of an element to
/// another unless the state changes with what the row shows: a value never written is the same in every row, a
/// size measured from the layout is measured again, a flag that presents a sheet is set only while the sheet
/// covers the list, a tap's feedback that a timer resets lasts seconds, and a flag every row sets when it appears is
/// the same in every row that has appeared.
enum StateChanges: UInt8, Sendable, Equatable, Codable {
    /// Written, passed on as a binding, set in an initializer (`_x = State(...)`), or not looked at.
    case any
    /// Never written, or written only with its initial value (`isOpen = false` of `@State var isOpen = false`), and
    /// never passed on (and, when not private, read in the file): every instance holds the initial value.
    case never
    /// Written only inside `GeometryReader`, `onGeometryChange`, `onPreferenceChange` or a size reader of the
    /// project's (`readSize { ... }`, `onSizeChange { ... }`): measured from the layout.
    case fromLayout
    /// Bound only to a presentation (`.sheet(isPresented: $x)`, `.sheet(item: $x)`, `.alert`, `.quickLookPreview($x)`,
    /// ...) and otherwise only assigned: it holds something only while what it presents is shown.
    case presentation
    /// Written only in the actions of taps (a button's, `onTapGesture`'s), and reset there after a delay
    /// (`DispatchQueue.main.asyncAfter`, a `Task` that sleeps): a "Copied" tick, like a hover, lasts seconds.
    case tapFeedback
    /// Written only when the view appears (`onAppear`, `task`), and always to the same constant (`shown = true`):
    /// every row that has appeared holds the same value (a fade-in done once).
    case setOnAppear
    /// Not private and named nowhere else in its file: only an extension in another file, or a construction through
    /// the memberwise initializer passing its first value, can give it anything but the initial value.
    case unnamedInItsFile
    /// Private, written (`isOpen.toggle()`, `count += 1`) but never read otherwise nor passed on: nothing shows what
    /// it holds.
    case unread
}

extension FactExtractor {
    /// The modifiers whose `isPresented:` or `item:` binding (or first argument) says whether something is shown.
    static let presentationModifiers: Set<String> = [
        "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "quickLookPreview", "inspector",
        "navigationDestination", "fileImporter", "fileExporter", "fileMover",
    ]
    /// The closures that run with the layout's sizes.
    static let layoutCalls: Set<String> = ["GeometryReader", "onGeometryChange", "onPreferenceChange"]

    /// A call that gives its closure the layout's sizes: SwiftUI's, or a reader the project names for what it reads
    /// (`readSize`, `onSizeChange`, `measureFrame`): a name that starts with `on`, `read` or `measure` and says
    /// `size`, `geometry` or `frame`.
    static func isLayoutCall(_ name: String) -> Bool {
        if layoutCalls.contains(name) { return true }
        let lowered = name.lowercased()
        return ["on", "read", "measure"].contains(where: lowered.hasPrefix)
            && ["size", "geometry", "frame"].contains(where: lowered.contains)
    }

    /// How the `@State` property `name` (declared at `declaration` in `typeDecl`) changes. One pass over the
    /// tokens of the type and its extensions in this file; presentation bindings and layout closures are found
    /// in the parsed bodies (a use in a body the parser skipped counts as a change of any kind).
    /// `initialValue`: the literal it starts as (`false`, `0`, `nil`), when it starts as one.
    func stateChanges(of name: String, declaration: Int, in typeDecl: Int, isPrivate: Bool,
                      initialValue: String?) -> StateChanges {
        let tokens = tree.tokens
        let own = tree.nodes[declaration]
        let declarations = [typeDecl] + context.extensionsInFile(of: typeDecl)
        var ranges: CallRanges?
        var written = false, bound = false, read = false
        var allWritesInLayout = true
        var allWritesInTaps = true, someWriteDelayed = false
        // The constants assigned when the view appears, while every write is such an assignment.
        var appearValues: Set<String>? = []
        // Whether every write assigns the initial value again (a flag whose setter was commented out, its reset left).
        var onlyResetToInitial = initialValue != nil
        // Only the tokens that spell the name (`name`, `$name`, `_name`), in file order, from the type's index of its
        // tokens by text: scanning every token of the type for each of its states made a type of thousands of them
        // cost their square.
        let indexed = tokensByText(ofType: typeDecl)
        let spelled = ([name, "$" + name, "_" + name].flatMap { indexed.byText[$0] ?? [] }).sorted()
        for i in spelled {
            if i >= Int(own.firstToken) && i < Int(own.endToken) { continue }
            let token = tokens[i]
            let text = tree.identifierText(token)
            if text == "_" + name { return .any }
            let isProjection = text == "$" + name
            // `other.name`: a property of something else (another instance's state is never this view's).
            if !isProjection, tree.isMemberOfOther(atToken: i) { continue }
            // `let name = ...`: a local of that name declared, not the state written.
            if !isProjection, i > 0, tokens[i - 1].kind == .keyword, tokens[i - 1].keyword == .let || tokens[i - 1].keyword == .var {
                read = true
                continue
            }
            let offset = Int(token.offset)
            if ranges == nil { ranges = callRanges(in: declarations) }
            let calls = ranges!
            if isProjection {
                if calls.presentations.contains(offset) { bound = true; continue }
                if calls.layouts.contains(offset) { written = true; allWritesInTaps = false; continue }
                return .any
            }
            if tree.isWrite(atToken: i) {
                written = true
                if !calls.layouts.contains(offset) { allWritesInLayout = false }
                if !calls.taps.contains(offset) { allWritesInTaps = false }
                if calls.delays.contains(offset) { someWriteDelayed = true }
                let value = assignedConstant(at: i)
                if value == nil || value != initialValue { onlyResetToInitial = false }
                if calls.appears.contains(offset), let value {
                    appearValues?.insert(value)
                } else {
                    appearValues = nil
                }
            } else {
                read = true
            }
        }
        // Never named again: nothing reads or writes it, unless an extension in another file does (not when private).
        if !written && !bound { return read || isPrivate ? .never : .unnamedInItsFile }
        if onlyResetToInitial && !bound && (read || isPrivate) { return .never }
        if bound { return read ? .any : .presentation }
        if allWritesInLayout { return .fromLayout }
        if let values = appearValues, values.count == 1 { return .setOnAppear }
        if allWritesInTaps && someWriteDelayed { return .tapFeedback }
        // Written and never read: a flag left from a removed feature (judged wrong in BW: a row's `showPanel` toggled
        // by its delete button and read nowhere, taken for state a removal hands to another row).
        return !read && isPrivate ? .unread : .any
    }

    /// The text of a literal `false`, `1`, `0.5` or `nil` initial value; nil for any other expression.
    func literalText(_ expression: Int) -> String? {
        switch context.kind(expression) {
        case .booleanLiteral, .integerLiteral, .floatLiteral, .nilLiteral: return tree.compactText(expression)
        default: return nil
        }
    }

    /// The constant assigned by `x = true`, `x = 1`, `self.x = false` at token `i` (the name), if that is what it is:
    /// one literal, then the end of the statement.
    private func assignedConstant(at i: Int) -> String? {
        let tokens = tree.tokens
        guard i + 2 < tokens.count, tokens[i + 1].kind == .equal else { return nil }
        let value = tokens[i + 2]
        let isLiteral = value.kind == .integerLiteral || value.kind == .floatLiteral
            || (value.kind == .keyword && (value.keyword == .true || value.keyword == .false || value.keyword == .nil))
        guard isLiteral else { return nil }
        if i + 3 < tokens.count {
            let next = tokens[i + 3]
            guard next.isAtStartOfLine || next.kind == .semicolon || next.kind == .rightBrace else { return nil }
        }
        return tree.file.text(of: value)
    }

    /// The bytes of the calls that say how a state changes, in the type and its extensions in this file.
    struct CallRanges {
        /// Presentation bindings: `isPresented:` and `item:` arguments, or a presentation modifier's first argument.
        var presentations = ByteRanges()
        /// Layout closures (`isLayoutCall`).
        var layouts = ByteRanges()
        /// Tap actions: a `Button`'s action closure or `action:` argument, an `onTapGesture` closure.
        var taps = ByteRanges()
        /// Delayed work: `asyncAfter(...)`, a `Task { ... }` that sleeps.
        var delays = ByteRanges()
        /// What runs when the view appears: `onAppear { ... }`, `task { ... }`.
        var appears = ByteRanges()
    }

    /// Ranges of bytes, nested or side by side, asked whether any holds an offset in logarithmic time: a view of
    /// thousands of buttons each writing the state asked every tap range for every write (quadratic).
    struct ByteRanges {
        private var ranges: [Range<Int>] = []
        /// The largest upper bound of the ranges up to each (sorted by lower bound).
        private var reach: [Int] = []

        mutating func append(_ range: Range<Int>) {
            ranges.append(range)
            reach = []
        }

        /// Sorts the ranges and computes `reach`; `contains` needs it after the last `append`.
        mutating func seal() {
            ranges.sort { $0.lowerBound < $1.lowerBound }
            var furthest = Int.min
            reach = ranges.map { furthest = max(furthest, $0.upperBound); return furthest }
        }

        /// Whether a range holds `offset`: one of those starting at or before it reaches past it.
        func contains(_ offset: Int) -> Bool {
            let after = ranges.partitionPoint { $0.lowerBound > offset }
            return after > 0 && reach[after - 1] > offset
        }
    }

    /// Over `declarations`: a type's and its extensions' in this file.
    private func callRanges(in declarations: [Int]) -> CallRanges {
        var ranges = CallRanges()
        for root in declarations {
            for n in tree.subtree(root) where context.kind(n) == .callExpr {
                guard let callee = tree.firstChild(n) else { continue }
                let calleeKind = context.kind(callee)
                guard calleeKind == .memberAccessExpr || calleeKind == .identifierExpr, let called = context.name(callee) else { continue }
                let parts = context.children(n).filter { context.kind($0) == .argument || context.kind($0) == .trailingClosure }
                if Self.isLayoutCall(called) {
                    ranges.layouts.append(tree.byteRange(n))
                } else if calleeKind == .memberAccessExpr, Self.presentationModifiers.contains(called) {
                    for (position, argument) in parts.filter({ context.kind($0) == .argument }).enumerated() {
                        let label = context.name(argument)
                        if label == "isPresented" || label == "item" || (position == 0 && label == nil) {
                            ranges.presentations.append(tree.byteRange(argument))
                        }
                    }
                } else if called == "Button" || called == "onTapGesture" {
                    // The action: `action:`, or the first unlabeled trailing closure (a `Button`'s label comes after).
                    if let action = parts.first(where: { context.kind($0) == .argument && context.name($0) == "action" })
                        ?? parts.first(where: { context.kind($0) == .trailingClosure && context.name($0) == nil }) {
                        ranges.taps.append(tree.byteRange(action))
                    }
                } else if calleeKind == .memberAccessExpr, called == "onAppear" || called == "task" {
                    ranges.appears.append(tree.byteRange(n))
                } else if called == "asyncAfter" {
                    ranges.delays.append(tree.byteRange(n))
                } else if called == "Task", calleeKind == .identifierExpr {
                    let node = tree.nodes[n]
                    if (Int(node.firstToken)..<Int(node.endToken)).contains(where: { context.identifier($0, is: "sleep") }) {
                        ranges.delays.append(tree.byteRange(n))
                    }
                }
            }
        }
        ranges.presentations.seal()
        ranges.layouts.seal()
        ranges.taps.seal()
        ranges.delays.seal()
        ranges.appears.seal()
        return ranges
    }
}

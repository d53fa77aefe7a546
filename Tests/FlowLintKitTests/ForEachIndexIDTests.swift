import XCTest
@testable import FlowLintKit

/// Cases beyond the rule document's examples.
final class ForEachIndexIDTests: XCTestCase {
    /// The rule's findings in `files` (name → source) linted together, as "File.swift:line: message".
    func findings(_ files: [String: String]) -> [String] {
        ruleDiagnostics("foreach_index_id", in: files).map { "\($0.span.file):\($0.span.start.line): \($0.message)" }
    }

    func findings(_ source: String) -> [String] { findings(["V.swift": source]) }

    func lines(_ found: [String]) -> [Int] {
        found.compactMap { Int($0.split(separator: ":")[1]) }
    }

    /// Parameters are matched by the name the body uses (the second name), not by spelling inside others.
    func testParametersAreMatchedByTheirInternalName() {
        XCTAssertEqual(lines(findings("""
            import SwiftUI
            struct V: View {
                let items = ["a", "b"]
                var body: some View { row(myitems: []) }
                func row(myitems: [String]) -> some View {
                    List { ForEach(0..<items.count, id: \\.self) { Text(items[$0]) }.onDelete { _ in } }
                }
                func other(for people: [String]) -> some View {
                    List { ForEach(0..<people.count, id: \\.self) { Text(people[$0]) }.onDelete { _ in } }
                }
            }
            """)), [9])
    }

    /// A model's change in another file counts for the view that shows the model's collection; the same name in
    /// an unrelated type does not.
    func testAChangeCountsThroughTheModelThatHoldsTheCollection() {
        let found = findings([
            "Model.swift": """
                import Combine
                struct Item: Identifiable { let id: Int; var title: String }
                final class Inbox: ObservableObject {
                    @Published var items: [Item] = []
                    func archive(at index: Int) { items.remove(at: index) }
                }
                final class Drafts: ObservableObject {
                    @Published var items: [Item] = []
                }
                final class Outbox {
                    var items: [Item] = []
                    func clear() { items.removeAll { $0.title.isEmpty } }
                }
                """,
            "Views.swift": """
                import SwiftUI
                struct InboxView: View {
                    @ObservedObject var inbox: Inbox
                    var body: some View {
                        List { ForEach(inbox.items.indices, id: \\.self) { Text(inbox.items[$0].title) } }
                    }
                }
                struct DraftsView: View {
                    @ObservedObject var drafts: Drafts
                    var body: some View {
                        List { ForEach(drafts.items.indices, id: \\.self) { Text(drafts.items[$0].title) } }
                    }
                }
                """,
        ])
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].hasPrefix("Views.swift:5: ForEach rows are identified by the positions of 'inbox.items', "
                                         + "which is changed in place (items.remove(at:) in 'Inbox')"), found[0])
        XCTAssertTrue(found[0].hasSuffix("; use ForEach(inbox.items)"), found[0])
    }

    /// Growing at the end, emptying, a set's `remove(_:)`, and an initializer's first value keep every position.
    func testChangesThatKeepPositionsDoNotCount() {
        XCTAssertEqual(findings("""
            import SwiftUI
            struct V: View {
                @State private var items: [String]
                @State private var tags: Set<String> = []
                init(unsorted: [String]) { _items = State(initialValue: unsorted); items = items.sorted() }
                var body: some View {
                    List { ForEach(items.indices, id: \\.self) { Text(items[$0]) }; Button("Edit") { edit() } }
                }
                func edit() {
                    items.append("a")
                    items.removeLast()
                    items.removeAll()
                    tags.remove("a")
                    items.insert("b", at: items.endIndex)
                }
            }
            """).count, 1, "an insertion at a position counts, wherever the position is")
        XCTAssertEqual(findings("""
            import SwiftUI
            struct V: View {
                @State private var items: [String] = []
                init(items: [String]) { self.items = items.sorted() }
                var body: some View {
                    List { ForEach(items.indices, id: \\.self) { Text(items[$0]) } }
                }
                func edit() {
                    items.append("a")
                    items.removeLast()
                    items.removeAll()
                    items = items.map { $0.uppercased() }
                }
            }
            """), [])
    }

    /// `@Bindable var store = store` stands for the property: the store's changes count.
    func testALocalShadowingThePropertyIsTheProperty() {
        let found = findings("""
            import SwiftUI
            @Observable final class Editor { var options = ["", ""] }
            struct V: View {
                var store: Editor
                var body: some View {
                    @Bindable var store = store
                    VStack {
                        ForEach(0..<store.options.count, id: \\.self) { i in
                            Text(store.options[i])
                            Button("Remove") { withAnimation { store.options.remove(at: i) } }
                        }
                    }
                }
            }
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].contains("(store.options.remove(at:) in 'V' with animation)"), found[0])
    }

    /// Rows that keep nothing of their own are harmed by a change in place only through animation: a change that
    /// nothing animates (no `withAnimation` around it or around a call of the function that makes it, no animating
    /// modifier or `List` where the rows are shown) is silent.
    func testAChangeInPlaceHarmsStatelessRowsOnlyWhenAnimated() {
        let found = findings([
            "Palette.swift": """
                import SwiftUI
                final class Palette: ObservableObject {
                    @Published var colors: [String] = []
                    @Published var swatches: [String] = []
                    func drop(at index: Int) { colors.remove(at: index) }
                    func discard(at index: Int) { swatches.remove(at: index) }
                }
                """,
            "Views.swift": """
                import SwiftUI
                struct Plain: View {
                    @ObservedObject var palette: Palette
                    var body: some View {
                        HStack { ForEach(palette.swatches.indices, id: \\.self) { i in Text(palette.swatches[i]).contextMenu { Button("Remove") { palette.discard(at: i) } } } }
                    }
                }
                struct Animated: View {
                    @ObservedObject var palette: Palette
                    var body: some View {
                        HStack { ForEach(palette.colors.indices, id: \\.self) { i in Text(palette.colors[i]).onTapGesture { withAnimation { palette.drop(at: i) } } } }
                    }
                }
                struct Modified: View {
                    @State private var tags: [String] = []
                    var body: some View {
                        HStack { ForEach(tags.indices, id: \\.self) { i in Button(tags[i]) { tags.remove(at: i) } } }
                            .animation(.default, value: tags)
                    }
                }
                struct Transitioned: View {
                    @State private var notes: [String] = []
                    var body: some View {
                        VStack { ForEach(notes.indices, id: \\.self) { i in Text(notes[i]).transition(.slide) } }
                        Button("Drop") { notes.removeFirst() }
                    }
                }
                """,
        ])
        XCTAssertEqual(lines(found), [11, 17, 24], "\(found)")
        XCTAssertTrue(found[0].contains("(colors.remove(at:) in 'Palette' with animation)"), found[0])
        XCTAssertTrue(found[1].contains("(tags.remove(at:) in 'Modified'): after an insertion"), found[1])
        XCTAssertTrue(found[2].contains("(notes.removeFirst() in 'Transitioned'): after an insertion"), found[2])
    }

    /// The rows are the closure and the members of the view it calls, one level deep.
    func testRowsAreFollowedIntoTheMembersTheyCallOneLevelDeep() {
        let source = """
            import SwiftUI
            struct Entry: Identifiable { let id: Int; var text: String }
            struct EntryRow: View {
                let entry: Entry
                @State private var isExpanded = false
                var body: some View { Text(isExpanded ? entry.text : "…").onTapGesture { isExpanded.toggle() } }
            }
            struct V: View {
                @State private var entries: [Entry] = []
                var body: some View {
                    VStack {
                        ForEach(entries.indices, id: \\.self) { row(at: $0) }
                        ForEach(Array(entries.enumerated()), id: \\.offset) { _, entry in outer(entry) }
                        Button("Clear") { clear() }
                    }
                }
                func row(at index: Int) -> some View { EntryRow(entry: entries[index]).padding() }
                func outer(_ entry: Entry) -> some View { inner(entry) }
                func inner(_ entry: Entry) -> some View { EntryRow(entry: entry) }
                func clear() { entries.removeFirst() }
            }
            """
        let found = findings(source)
        XCTAssertEqual(lines(found), [12], "\(found)")
        XCTAssertTrue(found[0].contains("('EntryRow' keeps @State 'isExpanded')"), found[0])
    }

    /// Hover and press state, and `@GestureState`, last until the next event: they are not state a row keeps.
    func testTransientStateIsNotKeptState() {
        XCTAssertEqual(findings("""
            import SwiftUI
            struct Chip: View {
                let title: String
                @State private var isHovered = false
                @State private var isPressed = false
                @GestureState private var dragOffset = CGSize.zero
                var body: some View { Text(title) }
            }
            struct V: View {
                let titles: [String]
                var body: some View {
                    HStack { ForEach(titles.indices, id: \\.self) { Chip(title: titles[$0]) } }
                }
            }
            """), [])
    }

    /// `ForEach($xs)` is offered only for a collection that can be bound and whose elements have an identity;
    /// a type the project only extends (`String`) is not the project's to make `Identifiable`.
    func testAdviceCompilesOnWhatTheCollectionIs() {
        let found = findings("""
            import SwiftUI
            extension String { var trimmed: String { self } }
            struct Item: Identifiable { let id: Int; var title: String }
            final class Store: ObservableObject {
                @Published var items: [Item] = []
                func clear() { items.removeAll() }
            }
            @Observable final class Library { var items: [Item] = [] }
            struct A: View {
                @ObservedObject var store: Store
                var body: some View {
                    Form { ForEach(store.items.indices, id: \\.self) { TextField("", text: $store.items[$0].title) } }
                }
            }
            struct B: View {
                @Environment(Library.self) private var library
                var body: some View {
                    Form { ForEach(library.items.indices, id: \\.self) { Text(library.items[$0].title) }.onDelete { _ in } }
                }
            }
            struct C: View {
                @State private var names: [String] = []
                var body: some View {
                    Form { ForEach(names.indices, id: \\.self) { TextField("", text: $names[$0]) } }
                    Button("Clear") { names.removeAll() }
                }
            }
            """)
        XCTAssertEqual(found.count, 3, "\(found)")
        XCTAssertTrue(found[0].hasSuffix("; use ForEach(store.items), or ForEach($store.items) to edit the elements in place"), found[0])
        XCTAssertTrue(found[1].hasSuffix("; use ForEach(library.items)"), found[1])
        XCTAssertTrue(found[2].hasSuffix("; keep each value in an Identifiable element (a stable id beside it) and use ForEach(names)"), found[2])
    }

    /// Rows that bind elements by position read a position that is gone only when the array gets shorter while they
    /// are shown: an array written only element by element, filled once when its owner is made, or replaced by another
    /// array, is not reported; one emptied, shortened (here or by a view it is handed to as a binding), or computed over
    /// storage not followed, is.
    func testBindingsByPositionAreReportedWhereTheArrayCanGetShorter() {
        let found = findings("""
            import SwiftUI
            struct Score { var strokes: Int }
            final class Round: ObservableObject {
                @Published var scores: [Score]
                @Published var players: [Score] = []
                @Published var notes: [String] = []
                @Published var lineup: [Score] = []
                var stored: [String] = []
                var shown: [String] { get { stored } set { stored = newValue } }
                init(holes: Int) { scores = Array(repeating: Score(strokes: 0), count: holes) }
                func restart() { players = [] }
                func load(_ loaded: [Score]) { lineup = loaded }
            }
            struct Card: View {
                @ObservedObject var round: Round
                @State private var drafts: [Score] = [Score(strokes: 0)]
                @State private var names: [String] = []
                var body: some View {
                    Form {
                        ForEach(round.scores.indices, id: \\.self) { Stepper("", value: $round.scores[$0].strokes) }
                        ForEach(drafts.indices, id: \\.self) { Stepper("", value: $drafts[$0].strokes) }
                        ForEach(round.players.indices, id: \\.self) { Stepper("", value: $round.players[$0].strokes) }
                        ForEach(names.indices, id: \\.self) { TextField("", text: $names[$0]) }
                        ForEach(round.notes.indices, id: \\.self) { TextField("", text: $round.notes[$0]) }
                        ForEach(round.shown.indices, id: \\.self) { TextField("", text: $round.shown[$0]) }
                        ForEach(round.lineup.indices, id: \\.self) { Stepper("", value: $round.lineup[$0].strokes) }
                    }
                    .sheet(isPresented: .constant(false)) { Editor(names: $names) }
                    Button("Clear notes") { round.notes = [] }
                }
            }
            struct Editor: View {
                @Binding var names: [String]
                var body: some View { Button("Clear") { names.removeAll() } }
            }
            """)
        // `round.shown`, computed over `stored`, is taken for the array it is: nothing shortens it.
        XCTAssertEqual(found.count, 3, "\(found)")
        guard found.count == 3 else { return }
        XCTAssertTrue(found[0].contains("'round.players'"), found[0])
        XCTAssertTrue(found[1].contains("'names'"), found[1])
        XCTAssertTrue(found[2].contains("'round.notes'"), found[2])
    }

    /// An extension of the view, in its file or in another, that shortens the array counts as its declaration does.
    func testAnExtensionThatShortensTheArrayCounts() {
        let view = """
            import SwiftUI
            struct Names: View {
                @State private var names: [String] = []
                @State private var tags: [String] = []
                var body: some View {
                    Form {
                        ForEach(names.indices, id: \\.self) { TextField("", text: $names[$0]) }
                        ForEach(tags.indices, id: \\.self) { TextField("", text: $tags[$0]) }
                    }
                }
            }
            extension Names {
                func clearTags() { tags.removeAll() }
            }
            """
        let logic = """
            import SwiftUI
            extension Names {
                mutating func reset() { names = [] }
            }
            """
        XCTAssertEqual(lines(findings(["Names.swift": view, "Names+Logic.swift": logic])), [7, 8])
        XCTAssertEqual(lines(findings(["Names.swift": view])), [8])
    }

    /// A `@Binding` input is the array its constructions hand it: rows that bind its elements are reported when that
    /// array, or another view it is handed to, can shorten it, or when some construction hands it something else than
    /// a property's binding or a constant.
    func testABindingInputIsTheArrayItIsBoundTo() {
        func source(parent: String, child: String) -> String {
            """
            import SwiftUI
            struct BulletList: View {
                @Binding var items: [String]
                var body: some View {
                    Form {
                        ForEach(items.indices, id: \\.self) { TextField("", text: $items[$0]) }
                        Button("Add") { items.append("") }
                        \(child)
                    }
                }
            }
            struct JobForm: View {
                @State private var requirements: [String] = []
                @State private var perks: [String] = []
                var body: some View {
                    BulletList(items: $requirements)
                    BulletList(items: $perks)
                    \(parent)
                }
            }
            """
        }
        XCTAssertEqual(lines(findings(source(parent: "", child: ""))), [])
        XCTAssertEqual(lines(findings(source(parent: "Button(\"Reset\") { perks = [] }", child: ""))), [6])
        XCTAssertEqual(lines(findings(source(parent: "", child: "Button(\"Clear\") { items.removeAll() }"))), [6])
        // A constant binding never gets shorter; a binding FlowLint cannot follow may.
        XCTAssertEqual(lines(findings(source(parent: "BulletList(items: .constant([\"a\"]))", child: ""))), [])
        XCTAssertEqual(lines(findings(source(parent: "BulletList(items: Binding(get: { [] }, set: { _ in }))", child: ""))), [6])
    }

    /// The silences stop where their reason does: rows with state in a menu, state in an inner `ForEach`
    /// identified by `\.self`, an `.id` that changes less often than the collection (the change animated), a text field bound through
    /// the position by a `Binding` of its own.
    func testTheSilencesHoldOnlyWhereNoStateMoves() {
        let found = findings("""
            import SwiftUI
            struct Counter: View {
                let title: String
                @State private var count = 0
                var body: some View { Button("\\(title) \\(count)") { count += 1 } }
            }
            struct V: View {
                @State private var items: [String] = []
                @State private var groups: [[String]] = []
                var body: some View {
                    Menu("Items") {
                        ForEach(items.indices, id: \\.self) { Counter(title: items[$0]) }
                    }
                    List {
                        ForEach(groups.indices, id: \\.self) { g in
                            ForEach(groups[g], id: \\.self) { Counter(title: $0) }
                        }
                    }
                    .onTapGesture { groups.removeFirst() }
                    VStack {
                        ForEach(items.indices, id: \\.self) { Text(items[$0]) }
                    }
                    .id(items.isEmpty).animation(.default, value: items)
                    .onTapGesture { items.remove(at: 0) }
                    Form {
                        ForEach(items.indices, id: \\.self) { index in
                            TextField("Draft", text: Binding(get: { items[index] }, set: { items[index] = $0 }))
                        }
                    }
                }
            }
            """)
        XCTAssertEqual(lines(found), [12, 15, 21, 26], "\(found)")
        XCTAssertTrue(found[0].contains("('Counter' keeps @State 'count')"), found[0])
        XCTAssertTrue(found[1].contains("('Counter' keeps @State 'count')"), found[1])
        XCTAssertTrue(found[3].contains("(a TextField)"), found[3])
    }
}

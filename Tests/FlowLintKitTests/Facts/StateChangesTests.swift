import XCTest
@testable import FlowLintKit
import FlowLintSyntax

/// How a `@State` with an initial value changes (`PropertyFact.stateChanges`), from its uses in its type and the
/// type's extensions in the file: what `foreach_index_id` asks of a row's state.
final class StateChangesTests: XCTestCase {
    func changes(_ members: String, extensions: String = "") throws -> [String: StateChanges] {
        let source = """
            import SwiftUI
            struct Row: View {
            \(members)
            }
            \(extensions)
            """
        let facts = LintEngine.facts(for: LintFile(path: "Example.swift", bytes: Array(source.utf8)))
        let row = try XCTUnwrap(facts.types.first { $0.name == "Row" })
        return Dictionary(uniqueKeysWithValues: row.properties.decoded(path: "Example.swift")
            .filter { $0.wrapper == "State" }.map { ($0.name, $0.stateChanges) })
    }

    func testEachKindOfChange() throws {
        let found = try changes("""
                @State private var design: Font.Design = .monospaced
                @State private var unread = 0
                @State private var height: CGFloat = 0
                @State private var showsDetail = false
                @State private var copied = false
                @State private var expanded = false
                @State private var tags: [String] = []
                @State private var seeded = 0
                @State private var appeared = false
                @State private var unused = 0
                @State var unusedHere = 0
                @State private var toggledOnly = false
                init(start: Int) { _seeded = State(initialValue: start) }
                var body: some View {
                    Text("x").font(.system(.body, design: design))
                        .frame(minHeight: height)
                        .onGeometryChange(for: CGFloat.self) { $0.size.height } action: { height = $0 }
                        .sheet(isPresented: $showsDetail) { Text("detail") }
                        .onTapGesture { showsDetail = true }
                        .overlay {
                            Button("Copy") {
                                copied = true
                                DispatchQueue.main.asyncAfter(deadline: .now() + 2) { copied = false }
                            }
                        }
                        .onAppear { tags.append("seen"); expanded.toggle() }
                        .help(expanded ? "\\(tags.count)" : "")
                        .onLongPressGesture { toggledOnly.toggle() }
                        .badge(seeded)
                        .opacity(appeared ? 1 : 0)
                        .onAppear { withAnimation { appeared = true } }
                }
            """)
        XCTAssertEqual(found["design"], .never)
        XCTAssertEqual(found["unread"], .never, "private and never named again: nothing can change it")
        XCTAssertEqual(found["unused"], .never)
        XCTAssertEqual(found["unusedHere"], .unnamedInItsFile, "not private and never named in the file: an extension elsewhere or a construction may give it a value")
        XCTAssertEqual(found["appeared"], .setOnAppear)
        XCTAssertEqual(found["height"], .fromLayout)
        XCTAssertEqual(found["showsDetail"], .presentation)
        XCTAssertEqual(found["copied"], .tapFeedback)
        XCTAssertEqual(found["expanded"], .any)
        XCTAssertEqual(found["tags"], .any, "a method call on it may mutate it")
        XCTAssertEqual(found["seeded"], .any, "no initial value: set by the initializer, not judged")
        XCTAssertEqual(found["toggledOnly"], .unread, "private, written and never read: nothing shows it")
    }

    func testWritesAndBindingsThatKeepTheStateAlive() throws {
        let found = try changes("""
                @State private var draft = ""
                @State private var shown = false
                @State private var offset: CGFloat = 0
                @State private var count = 0
                @State private var phase = 0
                var body: some View {
                    TextField("Name", text: $draft)
                        .sheet(isPresented: $shown) { Text("\\(count)") }
                        .overlay { if shown { Text("open") } }
                        .offset(x: offset)
                        .onAppear { phase = 1 }
                        .task { phase = 2 }
                        .tag(phase)
                }
            """, extensions: """
            extension Row {
                func reset() { offset = 12; count += 1 }
            }
            """)
        XCTAssertEqual(found["draft"], .any, "bound to a text field")
        XCTAssertEqual(found["shown"], .any, "read besides its presentation: it shows something")
        XCTAssertEqual(found["offset"], .any, "written outside a layout closure, in an extension of the file")
        XCTAssertEqual(found["count"], .any)
        XCTAssertEqual(found["phase"], .any, "two values set on appearing: rows differ")
    }

    /// A state only ever set back to the literal it starts as (the line that set it otherwise commented out) holds
    /// its initial value in every row; one bound as well, or set to another value, does not.
    func testWritesOfTheInitialValueKeepNothing() throws {
        let found = try changes("""
                @State private var armed = false
                @State private var level = 0
                @State private var picked: String? = nil
                @State private var open = false
                var body: some View {
                    Button(armed ? "Disarm" : "Name") { armed = false; picked = nil }
                        .onLongPressGesture { level = 0 }
                        .overlay { Text("\\(level) \\(picked ?? "")") }
                        .sheet(isPresented: $open) { Button("Close") { open = false } }
                }
                func arm() { level = 2 }
            """)
        XCTAssertEqual(found["armed"], .never)
        XCTAssertEqual(found["picked"], .never)
        XCTAssertEqual(found["level"], .any, "set to another value in a method")
        XCTAssertEqual(found["open"], .presentation, "bound to a presentation: it is set there")
    }

    /// The call ranges are asked whether any holds a write's offset, nested (a tap's action inside a layout closure)
    /// or apart, in any order of appending.
    func testByteRangesHoldAnOffsetNestedOrApart() {
        var ranges = FactExtractor.ByteRanges()
        for range in [150..<160, 10..<100, 20..<30, 5..<8] { ranges.append(range) }
        ranges.seal()
        let held = (0..<170).filter { ranges.contains($0) }
        XCTAssertEqual(held, Array(5..<8) + Array(10..<100) + Array(150..<160))
        XCTAssertFalse(FactExtractor.ByteRanges().contains(0))
    }
}

import XCTest
@testable import FlowLintKit

/// What the facts say of how an `@EnvironmentObject` is read: unread in its own type, or read only in the
/// actions of buttons and tap gestures (with the buttons' titles), the same with bodies skipped or not.
final class EnvironmentReadTests: XCTestCase {
    func properties(_ source: String, skipsInertBodies: Bool) -> [String: PropertyFact] {
        let facts = LintEngine.facts(for: LintFile(path: "Example.swift", bytes: Array(source.utf8)),
                                     skipsInertBodies: skipsInertBodies)
        var byOwner: [String: PropertyFact] = [:]
        for type in facts.types {
            for p in type.properties.decoded(path: facts.path) where p.environmentObjectType != nil { byOwner[type.name] = p }
        }
        return byOwner
    }

    func testUnreadAndTapOnlyReads() throws {
        let source = """
            import SwiftUI
            final class Store: ObservableObject { func save() {} ; func reset() {} ; var name = "" }
            struct Banner: View {
                @EnvironmentObject var store: Store
                var body: some View { Text("Welcome") }
            }
            struct Title: View {
                @EnvironmentObject var store: Store
                var body: some View { Text(store.name) }
            }
            struct SaveBar: View {
                @EnvironmentObject var store: Store
                var body: some View {
                    HStack {
                        Button("Save") { store.save() }
                        Button("Reset", action: { store.reset() })
                    }
                }
            }
            struct Editor: View {
                @EnvironmentObject var store: Store
                var body: some View { TextField("Name", text: $store.name).toolbar { items } }
                @ToolbarContentBuilder func items() -> some ToolbarContent {
                    ToolbarItem { Button { store.save() } label: { Text(\"Save\") } }
                }
            }
            struct Row: View {
                @EnvironmentObject var store: Store
                var body: some View {
                    Text("Row").onTapGesture { store.save() }
                }
            }
            struct Labelled: View {
                @EnvironmentObject var store: Store
                var body: some View {
                    Button(action: { store.save() }) { Text(store.name) }
                }
            }
            """
        for skipping in [true, false] {
            let p = properties(source, skipsInertBodies: skipping)
            XCTAssertEqual(p["Banner"]?.isUnreadInItsFile, true, "Title's store is not Banner's")
            XCTAssertEqual(p["Title"]?.isUnreadInItsFile, false)
            XCTAssertNil(p["Title"]?.readOnlyOnTap)
            XCTAssertEqual(p["SaveBar"]?.readOnlyOnTap, TapAction(titles: ["Save", "Reset"]))
            XCTAssertNil(p["Editor"]?.readOnlyOnTap, "the $store projection is read at render")
            XCTAssertEqual(p["Row"]?.readOnlyOnTap, TapAction(titles: []))
            XCTAssertNil(p["Labelled"]?.readOnlyOnTap, "the label reads it at render")
        }
    }

    func testATapInToolbarContentIsSeenWithBodiesSkipped() {
        let source = """
            import SwiftUI
            final class Store: ObservableObject { func save() {} }
            struct Editor: View {
                @EnvironmentObject var store: Store
                var body: some View { Text("Draft").toolbar { items() } }
                @ToolbarContentBuilder func items() -> some ToolbarContent {
                    ToolbarItem { Button("Save") { store.save() } }
                }
            }
            """
        XCTAssertEqual(properties(source, skipsInertBodies: true)["Editor"]?.readOnlyOnTap, TapAction(titles: ["Save"]))
        XCTAssertEqual(properties(source, skipsInertBodies: false)["Editor"]?.readOnlyOnTap, TapAction(titles: ["Save"]))
    }

    func testADelegateAdaptorHasItsDelegateType() {
        let source = """
            import SwiftUI
            @main struct ClockApp: App {
                @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
                var body: some Scene { WindowGroup { Text("") } }
            }
            """
        let facts = LintEngine.facts(for: LintFile(path: "Example.swift", bytes: Array(source.utf8)))
        let app = facts.types.first { $0.name == "ClockApp" }
        XCTAssertEqual(app?.properties.decoded(path: facts.path).first?.type, "AppDelegate")
    }
}

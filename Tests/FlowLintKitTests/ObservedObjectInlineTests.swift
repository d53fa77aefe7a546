import Foundation
import XCTest
@testable import FlowLintKit

/// Cases beyond the rule document's examples: a view model in a file of its own, whose method bodies the parser
/// skips (the file does not say `ObservedObject`), is still read from its tokens.
final class ObservedObjectInlineTests: XCTestCase {
    /// The rule's findings in `files` (name → source) linted together, as "File.swift:line".
    func findings(_ files: [String: String]) -> [String] {
        ruleDiagnostics("observed_object_inline", in: files).map { "\($0.span.file):\($0.span.start.line)" }
    }

    static let views = """
        import SwiftUI
        struct GameRow: View {
            @ObservedObject var summary: Summary
            init(game: Game) {
                summary = Summary(game: game)
                summary.compute()
            }
            var body: some View { Text(summary.title) }
        }
        struct Loader: View {
            @ObservedObject var feed = Feed()
            var body: some View { Text(feed.title) }
        }
        struct Editor: View {
            @ObservedObject var summary = Summary(game: Game())
            var body: some View { Button(summary.title) { summary.compute() } }
        }
        struct Unused: View {
            @ObservedObject var summary = Summary(game: Game())
            @ObservedObject var ticker = Ticker()
            var body: some View { Text("") }
        }
        """

    /// An object whose values are computed from its inputs while it is made (its writers called only by the view's
    /// initializer), and that no later work changes, is not reported; one that loads later is, and so is one whose
    /// writer the view calls again. An object nothing but its construction names is not reported unless making it
    /// starts work (a timer).
    func testObjectsDerivedFromTheirInputsAndObjectsNeverUsed() {
        let models = """
            import Foundation
            import Combine
            struct Game { var name = "" }
            final class Summary: ObservableObject {
                @Published var title = ""
                let game: Game
                init(game: Game) { self.game = game }
                func compute() {
                    title = [game.name].map { $0.uppercased() }.joined()
                }
            }
            final class Feed: ObservableObject {
                @Published var title = ""
                init() {
                    load { text in self.title = text }
                }
                func load(_ done: @escaping (String) -> Void) { done("") }
            }
            final class Ticker: ObservableObject {
                @Published var now = Date()
                let timer = Timer.publish(every: 1, on: .main, in: .common)
            }
            """
        XCTAssertEqual(findings(["Views.swift": Self.views, "Models.swift": models]),
                       ["Views.swift:11", "Views.swift:15", "Views.swift:20"])
    }

    /// A dependency a container injects holds no state of the object's own.
    func testAnInjectedServiceIsNotStateOfTheObject() {
        let source = """
            import SwiftUI
            @propertyWrapper struct Injected<T> { var wrappedValue: T }
            final class Store {}
            final class CardModel: ObservableObject {
                @Injected private var store: Store
                init() { _store = Injected(wrappedValue: Store()) }
                func unfollow() {}
            }
            struct Card: View {
                @ObservedObject var model = CardModel()
                var body: some View { Button("Unfollow") { model.unfollow() } }
            }
            """
        XCTAssertEqual(findings(["V.swift": source]), [])
    }

    /// A hosting root stays worded as one when the only view that constructs it is one only previews show.
    func testAViewOnlyPreviewsShowDoesNotShowAHostingRoot() {
        let source = """
            import SwiftUI
            import UIKit
            final class Session: ObservableObject { @Published var user = "" }
            struct Root: View {
                @ObservedObject var session = Session()
                var body: some View { TextField("", text: $session.user) }
            }
            struct Summary: View {
                var body: some View { NavigationLink("Home") { Root() } }
            }
            final class SceneHost {
                let controller = UIHostingController(rootView: Root())
            }
            #Preview { Summary() }
            """
        let messages = ruleDiagnostics("observed_object_inline", in: ["V.swift": source]).map(\.message)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("'Root' is created only outside SwiftUI views") == true, "\(messages)")
    }

    /// The `body` of a watchOS hosting controller is evaluated once unless the controller asks for it again: the view
    /// it constructs is a hosting root, not a view's content.
    func testAWatchHostingControllersBodyShowsAHostingRoot() {
        let views = """
            import SwiftUI
            final class Garden: ObservableObject {
                @Published var plants: [String] = []
                func add() { plants.append("") }
            }
            struct GardenView: View {
                @ObservedObject var garden = Garden()
                var body: some View { Button(garden.plants.first ?? "Add") { garden.add() } }
            }
            """
        let host = """
            import WatchKit
            import SwiftUI
            class HostingController: WKHostingController<GardenView> {
                override var body: GardenView { GardenView() }
            }
            """
        let once = ruleDiagnostics("observed_object_inline", in: ["V.swift": views, "H.swift": host]).map(\.message)
        XCTAssertEqual(once.count, 1, "\(once)")
        XCTAssertTrue(once.first?.contains("'GardenView' is created only outside SwiftUI views") == true, "\(once)")
        // One that calls `setNeedsBodyUpdate()` makes the view again each time.
        let again = host.replacingOccurrences(of: "override var body", with: "func refresh() { setNeedsBodyUpdate() }\n    override var body")
        let updated = ruleDiagnostics("observed_object_inline", in: ["V.swift": views, "H.swift": again]).map(\.message)
        XCTAssertEqual(updated.count, 1, "\(updated)")
        XCTAssertTrue(updated.first?.hasSuffix("so SwiftUI re-creates it with the view and its state is lost; own it with @StateObject") == true,
                      "\(updated)")
    }

    /// An iOS app and its watch app each declare a class of one name: the iOS view's `WatchSession()` makes the iOS
    /// target's, which holds no state (a `let` of the shared session), whatever the watch app's holds.
    func testAClassNamedInTwoTargetsIsTheUsingTargetsOwn() throws {
        let root = NSTemporaryDirectory() + "flowlint-test-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        for target in ["App", "Watch"] {
            try FileManager.default.createDirectory(atPath: root + "/Sources/" + target, withIntermediateDirectories: true)
        }
        try """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Scout", platforms: [.iOS(.v17), .watchOS(.v10)],
                                  targets: [.executableTarget(name: "App"), .executableTarget(name: "Watch")])
            """.write(toFile: root + "/Package.swift", atomically: false, encoding: .utf8)
        let files = [
            ("App/WatchSession.swift", """
                import WatchConnectivity
                import Combine

                final class WatchSession: NSObject, ObservableObject {
                    private let session = WCSession.default
                }
                """),
            ("App/RootView.swift", """
                import SwiftUI

                struct RootView: View {
                    @ObservedObject var watch = WatchSession()
                    var body: some View { Text("Scout") }
                }
                """),
            ("Watch/WatchSession.swift", """
                import WatchConnectivity
                import Combine

                final class WatchSession: NSObject, ObservableObject {
                    @Published var favorites: [String] = []
                }
                """),
        ]
        for (path, source) in files { try source.write(toFile: root + "/Sources/" + path, atomically: false, encoding: .utf8) }
        let paths = files.map { "Sources/" + $0.0 }
        var request = LintRequest(files: paths.map { LintFile(path: $0, bytes: Array(try! Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)))) },
                                  settings: RuleSettings(enabled: ["observed_object_inline"]), jobs: 1)
        request.model = ProjectModel.load(root: root, swiftFiles: (paths + ["Package.swift"]).map { root + "/" + $0 }, bundles: [])
        request.displayPathBase = root
        XCTAssertEqual(LintEngine.lint(request).diagnostics.map { "\($0.span.file):\($0.span.start.line)" }, [])
        // Without the targets, the name means either class, and one holds state.
        request.model = nil
        XCTAssertEqual(LintEngine.lint(request).diagnostics.map { "\($0.span.file):\($0.span.start.line)" }, ["Sources/App/RootView.swift:4"])
    }
}

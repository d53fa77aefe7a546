import Foundation
import XCTest
@testable import FlowLintKit

/// Two targets that each declare a view of the same name: a construction in one target means its own view, so it
/// does not make the other target's view "constructed" for `missing_environment_object`'s "nothing provides".
final class SameNamedViewsTests: XCTestCase {
    /// The files (path under `Sources/`, source) linted as a package with an executable target `App` and a target
    /// `Widget`: the findings of `missing_environment_object`, as `file:line: message`.
    func lint(_ files: [(String, String)], sameModuleName: Bool = false) throws -> [String] {
        let root = try temporaryDirectory()
        for target in ["App", "Widget"] {
            try FileManager.default.createDirectory(atPath: root + "/Sources/" + target, withIntermediateDirectories: true)
        }
        try """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Digest", platforms: [.iOS(.v17)],
                                  targets: [.executableTarget(name: "App"), .target(name: "Widget")])
            """.write(toFile: root + "/Package.swift", atomically: false, encoding: .utf8)
        for (path, source) in files { try source.write(toFile: root + "/Sources/" + path, atomically: false, encoding: .utf8) }
        let paths = files.map { "Sources/" + $0.0 }
        var model = ProjectModel.load(root: root, swiftFiles: (paths + ["Package.swift"]).map { root + "/" + $0 }, bundles: [])
        // Two app targets of an Xcode project may both be named `$(PRODUCT_NAME)`'s value, one per platform.
        if sameModuleName { for i in model.targets.indices { model.targets[i].module = "Digest" } }
        var request = LintRequest(files: paths.map { LintFile(path: $0, bytes: Array(try! Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)))) },
                                  settings: RuleSettings(enabled: ["missing_environment_object"]), jobs: 1)
        request.model = model
        request.displayPathBase = root
        return LintEngine.lint(request).diagnostics.map { "\($0.span.file):\($0.span.start.line): \($0.message)" }
    }

    static let app = ("App/DigestApp.swift", """
        import SwiftUI

        final class DigestModel: ObservableObject {
            @Published var items: [String] = []
        }

        @main
        struct DigestApp: App {
            var body: some Scene {
                WindowGroup { Text("Home") }
            }
        }

        struct DigestView: View {
            @EnvironmentObject var model: DigestModel

            var body: some View {
                Text(model.items.joined())
            }
        }
        """)

    static let widget = ("Widget/DigestWidget.swift", """
        import SwiftUI

        struct DigestView: View {
            let title: String

            var body: some View { Text(title) }
        }

        struct DigestWidget {
            func content() -> some View {
                DigestView(title: "Today")
            }
        }
        """)

    func testAConstructionInAnotherTargetMeansThatTargetsView() throws {
        XCTAssertEqual(try lint([Self.app, Self.widget]), [])
    }

    func testAConstructionInTheViewsOwnTargetStillCounts() throws {
        let maker = ("App/Menu.swift", """
            import SwiftUI

            final class MenuController {
                func digest() -> some View { DigestView() }
            }
            """)
        XCTAssertEqual(try lint([Self.app, Self.widget, maker]), [
            "Sources/App/DigestApp.swift:15: nothing provides 'DigestModel' with .environmentObject(_:) or .environment(_:), "
                + "so 'DigestView' crashes when it reads 'model'",
        ])
    }

    /// Each target shows a view of the same name, its own: the app's reads an object nothing provides, the widget's
    /// reads nothing. With both targets' module named alike, the app's root still means the app's view.
    func testTargetsOfOneModuleNameEachMeanTheirOwnView() throws {
        let app = ("App/DigestApp.swift", """
            import SwiftUI

            final class DigestModel: ObservableObject {
                @Published var items: [String] = []
            }

            @main
            struct DigestApp: App {
                var body: some Scene {
                    WindowGroup { DigestView() }
                }
            }

            struct DigestView: View {
                @EnvironmentObject var model: DigestModel

                var body: some View {
                    Text(model.items.joined())
                }
            }
            """)
        let widget = ("Widget/DigestWidget.swift", """
            import SwiftUI

            struct DigestView: View {
                var body: some View { Text("Today") }
            }

            struct DigestWidget {
                func content() -> some View { DigestView() }
            }
            """)
        let expected = ["Sources/App/DigestApp.swift:10: 'DigestView' is shown here without a 'DigestModel' in its environment, "
                        + "and it reads one: it crashes (DigestView needs DigestModel)"]
        XCTAssertEqual(try lint([app, widget], sameModuleName: true), expected)
        XCTAssertEqual(try lint([app, widget]), expected)
    }
}

import Foundation
import XCTest
@testable import FlowLintKit

/// `missing_environment_object` with the project's targets known: an app target whose root view constructs views
/// only another target compiles does not build, and its root is not reported (SMHS's macOS app, judged wrong in BB).
final class MissingEnvironmentObjectTargetTests: XCTestCase {
    /// The rule's findings over a package of two app targets, `Phone` and `Mac`, each with the files given (path
    /// under the target's directory → source), with the targets known (`withModel`) or not.
    /// `withKit`: a library target `Kit` that `Mac` depends on, with the files under `Kit/`.
    func findings(_ files: [(String, String)], withModel: Bool, withKit: Bool = false) throws -> [String] {
        let root = NSTemporaryDirectory() + "flowlint-test-" + UUID().uuidString
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        for target in ["Phone", "Mac", "Kit"] {
            try FileManager.default.createDirectory(atPath: root + "/Sources/" + target, withIntermediateDirectories: true)
        }
        let targets = withKit
            ? #"[.executableTarget(name: "Phone"), .target(name: "Kit"), .executableTarget(name: "Mac", dependencies: ["Kit"])]"#
            : #"[.executableTarget(name: "Phone"), .executableTarget(name: "Mac")]"#
        try """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "School", platforms: [.iOS(.v17), .macOS(.v14)], targets: \(targets))
            """.write(toFile: root + "/Package.swift", atomically: false, encoding: .utf8)
        for (path, source) in files { try source.write(toFile: root + "/Sources/" + path, atomically: false, encoding: .utf8) }
        let paths = files.map { "Sources/" + $0.0 }
        var request = LintRequest(files: try paths.map { LintFile(path: $0, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)))) },
                                  settings: RuleSettings(enabled: ["missing_environment_object"]), jobs: 1)
        if withModel {
            request.model = ProjectModel.load(root: root, swiftFiles: (paths + ["Package.swift"]).map { root + "/" + $0 }, bundles: [])
        }
        request.displayPathBase = root
        return LintEngine.lint(request).diagnostics.map { "\($0.span.file):\($0.span.start.line)" }
    }

    let phoneFiles = [
        ("Phone/Settings.swift", """
            import SwiftUI

            final class Settings: ObservableObject {
                @Published var name = ""
            }
            """),
        ("Phone/GradesView.swift", """
            import SwiftUI

            struct GradesView: View {
                var body: some View { Text("Grades") }
            }
            """),
        ("Phone/PhoneApp.swift", """
            import SwiftUI

            @main
            struct PhoneApp: App {
                @StateObject private var settings = Settings()
                var body: some Scene {
                    WindowGroup { HomeView().environmentObject(settings) }
                }
            }

            struct HomeView: View {
                @EnvironmentObject var settings: Settings
                var body: some View { Text(settings.name) }
            }
            """),
    ]

    func macFiles(declaringGrades: Bool) -> [(String, String)] {
        var files = [
            ("Mac/Settings.swift", """
                import SwiftUI

                final class Settings: ObservableObject {
                    @Published var name = ""
                }
                """),
            ("Mac/MacApp.swift", """
                import SwiftUI

                @main
                struct MacApp: App {
                    var body: some Scene {
                        WindowGroup { ContentView() }
                    }
                }

                struct ContentView: View {
                    @EnvironmentObject var settings: Settings
                    var body: some View {
                        VStack {
                            Text(settings.name)
                            GradesView()
                        }
                    }
                }
                """),
        ]
        if declaringGrades {
            files.append(("Mac/GradesView.swift", """
                import SwiftUI

                struct GradesView: View {
                    var body: some View { Text("Grades") }
                }
                """))
        }
        return files
    }

    func testARootWhoseViewConstructsAViewOnlyAnotherTargetCompilesIsNotReported() throws {
        XCTAssertEqual(try findings(phoneFiles + macFiles(declaringGrades: false), withModel: true), [])
        // Without the targets, the view is the Phone target's, and the Mac app's root shows a reader unprovided.
        XCTAssertEqual(try findings(phoneFiles + macFiles(declaringGrades: false), withModel: false), ["Sources/Mac/MacApp.swift:6"])
    }

    func testARootOfATargetThatCompilesEveryViewItShowsIsReported() throws {
        XCTAssertEqual(try findings(phoneFiles + macFiles(declaringGrades: true), withModel: true), ["Sources/Mac/MacApp.swift:6"])
    }

    func testAViewOfALibraryTheTargetDependsOnIsOneItCompiles() throws {
        let kit = ("Kit/GradesView.swift", """
            import SwiftUI

            public struct GradesView: View {
                public init() {}
                public var body: some View { Text("Grades") }
            }
            """)
        XCTAssertEqual(try findings(phoneFiles + macFiles(declaringGrades: false) + [kit], withModel: true, withKit: true),
                       ["Sources/Mac/MacApp.swift:6"])
    }

    /// A shared view whose settings sheet opens only where its button is compiled: with the targets built for iOS
    /// and macOS, the macOS build (the only one whose paths read the macOS-only object) never sets the flag (judged
    /// wrong in AN: ExcalidrawZ's updates settings).
    func sharedSettingsFiles(buttonOnIOSOnly: Bool) -> [(String, String)] {
        let button = buttonOnIOSOnly
            ? "#if os(iOS)\n                Button(\"Settings\") { showsSettings = true }\n#endif"
            : "Button(\"Settings\") { showsSettings = true }"
        return [
            ("Phone/UpdateChecker.swift", """
                import SwiftUI

                final class UpdateChecker: ObservableObject {
                    @Published var automatically = false
                }
                """),
            ("Phone/PhoneApp.swift", """
                import SwiftUI

                @main
                struct DrawApp: App {
                    var body: some Scene {
                        WindowGroup { SidebarView() }
                #if os(macOS)
                        Settings { GeneralSettings().environmentObject(UpdateChecker()) }
                #endif
                    }
                }

                struct SidebarView: View {
                    @State private var showsSettings = false
                    var body: some View {
                        VStack {
                            \(button)
                        }
                        .sheet(isPresented: $showsSettings) { GeneralSettings() }
                    }
                }

                struct GeneralSettings: View {
                #if os(macOS)
                    @EnvironmentObject var checker: UpdateChecker
                #endif
                    var body: some View {
                #if os(macOS)
                        Toggle("Check automatically", isOn: $checker.automatically)
                #else
                        Text("Updates come from the App Store")
                #endif
                    }
                }
                """),
        ]
    }

    func testASheetWhoseFlagOnlyAnotherPlatformSetsShowsNothingOnThisOne() throws {
        XCTAssertEqual(try findings(sharedSettingsFiles(buttonOnIOSOnly: true), withModel: true), [])
        XCTAssertEqual(try findings(sharedSettingsFiles(buttonOnIOSOnly: false), withModel: true), ["Sources/Phone/PhoneApp.swift:6"])
    }
}

import Foundation
import XCTest

/// What reading the project's Xcode projects and packages changes on the command line: `--no-targets`,
/// `targets: false`, `--configuration`, files in no target, a project file that cannot be read, and
/// `flowlint project`. Each test lints a copy of a fixture in the scratch directory (a `.git` marks its root).
final class ProjectModelCLITests: CLITestCase {
    func rules(_ run: Run) -> [String] { diagnostics(run).map { "\($0["file"] as? String ?? ""):\($0["line"] as? Int ?? 0) \($0["rule"] as? String ?? "")" } }

    func testAPhoneAppIsNotJudgedAsBuiltForMacOSUnlessTargetsAreNotRead() throws {
        try copyFixture("TwoPlatformNotes")
        let withModel = try flowlint(["lint", "--reporter", "json", "--no-cache", "."])
        XCTAssertEqual(rules(withModel), ["macOS/MacNotesApp.swift:15 missing_environment_object"])
        let without = try flowlint(["lint", "--reporter", "json", "--no-cache", "--no-targets", "."])
        XCTAssertEqual(rules(without), ["iOS/NotesApp.swift:10 missing_environment_object",
                                        "macOS/MacNotesApp.swift:15 missing_environment_object"])
        try write(".flowlint.yml", "targets: false\n")
        let configured = try flowlint(["lint", "--reporter", "json", "--no-cache", "."])
        XCTAssertEqual(rules(configured), rules(without))
    }

    /// `Settings` is a scene of macOS alone: in an app built for iOS only, a `Settings` scene under
    /// `#if targetEnvironment(macCatalyst)` is never compiled, and what it shows is not judged.
    func testTheSettingsSceneOfAnIOSAppIsNotJudged() throws {
        try write("Phone/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Phone", platforms: [.iOS(.v17)], targets: [.executableTarget(name: "Phone")])
            """)
        try write("Phone/Sources/Phone/PhoneApp.swift", """
            import SwiftUI
            final class Account: ObservableObject {
                @Published var name = ""
            }
            @main
            struct PhoneApp: App {
                @StateObject private var account = Account()
                var body: some Scene {
                    WindowGroup {
                        AccountForm()
                            .environmentObject(account)
                    }
                    #if targetEnvironment(macCatalyst)
                    Settings {
                        AccountForm()
                    }
                    #endif
                }
            }
            struct AccountForm: View {
                @EnvironmentObject var account: Account
                var body: some View { TextField("Name", text: $account.name) }
            }
            """)
        let phone = try flowlint(["lint", "--reporter", "json", "--no-cache", "Phone"])
        XCTAssertEqual(rules(phone), [])
        let everyPlatform = try flowlint(["lint", "--reporter", "json", "--no-cache", "--no-targets", "Phone"])
        XCTAssertEqual(rules(everyPlatform), ["Phone/Sources/Phone/PhoneApp.swift:15 missing_environment_object"])
    }

    /// An `@EnvironmentObject` read only under `#if os(iOS)` is never looked up in a watch app's build: a watch app
    /// showing the view without the object does not crash (the same app judged with every platform is reported).
    func testAnObjectReadOnlyUnderAnotherPlatformsIfIsNotNeeded() throws {
        try write("Watch/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Watch", platforms: [.watchOS(.v10)], targets: [.executableTarget(name: "Watch")])
            """)
        try write("Watch/Sources/Watch/WatchApp.swift", """
            import SwiftUI
            final class Tabs: ObservableObject {
                @Published var selected = 0
            }
            @main
            struct WatchApp: App {
                var body: some Scene {
                    WindowGroup {
                        TabsView()
                    }
                }
            }
            struct TabsView: View {
                @EnvironmentObject private var tabs: Tabs
                var body: some View {
                    VStack {
                        Text("Tabs")
                        #if os(iOS)
                        Text("Tab \\(tabs.selected)")
                        #endif
                    }
                }
            }
            """)
        let watch = try flowlint(["lint", "--reporter", "json", "--no-cache", "Watch"])
        XCTAssertEqual(rules(watch), [])
        let everyPlatform = try flowlint(["lint", "--reporter", "json", "--no-cache", "--no-targets", "Watch"])
        XCTAssertEqual(rules(everyPlatform), ["Watch/Sources/Watch/WatchApp.swift:9 missing_environment_object"])
    }

    func testAFileInNoTargetIsCountedAndLintedOnlyWhenNamed() throws {
        try copyFixture("SyncedFolders")
        let all = try flowlint(["lint", "--no-cache", "."])
        XCTAssertEqual(all.status, 0)
        XCTAssertFalse(all.stdout.contains("ArchiveScreen"), all.stdout)
        XCTAssertTrue(all.stderr.contains("Linted 5 files: 0 errors, 1 warning, 1 file in no target"), all.stderr)
        let named = try flowlint(["lint", "--reporter", "json", "--no-cache", "Journal/Legacy/ArchiveScreen.swift"])
        XCTAssertEqual(rules(named), ["Journal/Legacy/ArchiveScreen.swift:5 missing_environment_object"])
        XCTAssertFalse(named.stderr.contains("in no target"), named.stderr)
    }

    func testProjectDescribesTargetsAndFilesInNoTarget() throws {
        try copyFixture("SyncedFolders")
        let run = try flowlint(["project", "--reporter", "json", "."])
        XCTAssertEqual(run.status, 0, run.stderr)
        let model = try XCTUnwrap(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let targets = try XCTUnwrap(model["targets"] as? [[String: Any]])
        XCTAssertEqual(targets.map { $0["name"] as? String }, ["Journal", "JournalWidget"])
        XCTAssertEqual(targets.map { $0["kind"] as? String }, ["app", "app-extension"])
        XCTAssertEqual(targets[1]["files"] as? [String], ["Journal/Models/Entry.swift", "JournalWidget/JournalWidget.swift"])
        XCTAssertEqual(model["filesInNoTarget"] as? [String], ["Journal/Legacy/ArchiveScreen.swift"])
        let text = try flowlint(["project", "."])
        XCTAssertTrue(text.stdout.contains("target JournalWidget (app-extension, module JournalWidget) in SyncedFolders.xcodeproj/project.pbxproj: 2 Swift files"), text.stdout)
        XCTAssertTrue(text.stdout.contains("1 of 6 Swift files in no target:\n  Journal/Legacy/ArchiveScreen.swift"), text.stdout)
    }

    func testTheBuildConfigurationDecidesTheConditions() throws {
        try copyFixture("WidgetConditions")
        let debug = try flowlint(["project", "--reporter", "json", "."])
        let release = try flowlint(["project", "--reporter", "json", "--configuration", "Release", "."])
        func conditions(_ run: Run) throws -> [[String]] {
            let model = try XCTUnwrap(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
            return (model["targets"] as? [[String: Any]] ?? []).map { target in
                ((target["conditions"] as? [[String: Any]])?.first?["conditions"] as? [String]) ?? []
            }
        }
        XCTAssertEqual(try conditions(debug), [["DEBUG"], ["DEBUG", "EXTENSION"]])
        XCTAssertEqual(try conditions(release), [[], ["EXTENSION"]])
        try write(".flowlint.yml", "build_configuration: Release\n")
        XCTAssertEqual(try conditions(try flowlint(["project", "--reporter", "json", "."])), [[], ["EXTENSION"]])
    }

    func testAProjectFileThatCannotBeReadIsAWarningAndChangesNothingElse() throws {
        try copyFixture("SyncedFolders")
        let pbxproj = "SyncedFolders.xcodeproj/project.pbxproj"
        let text = try read(pbxproj)
        try write(pbxproj, String(text.prefix(text.count / 2)))
        let run = try flowlint(["lint", "--no-cache", "."])
        // The stale file is linted again, as without a model: its finding is an error, so the exit code is 1.
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("SyncedFolders.xcodeproj/project.pbxproj: warning: is not a valid property list"), run.stderr)
        XCTAssertTrue(run.stdout.contains("Journal/Legacy/ArchiveScreen.swift:5:5: error:"), run.stdout)
        XCTAssertFalse(run.stderr.contains("in no target"), run.stderr)
    }

    /// A directory with no project marker at or above it (an extracted archive, no git) is the root of the Xcode
    /// project it holds below, for `lint` as for `project`: the deployment target is read.
    func testADirectoryHoldingAProjectBelowIsItsRoot() throws {
        try FileManager.default.removeItem(atPath: directory + "/.git")
        try copyFixture("LegacyProfile", into: "App")
        let project = try flowlint(["project", "."])
        XCTAssertTrue(project.stdout.contains("iOS 13.0"), project.stdout)
        let run = try flowlint(["lint", "--reporter", "json", "--no-cache", "."])
        let messages = diagnostics(run).map { $0["message"] as? String ?? "" }
        XCTAssertEqual(messages.count, 1, run.stdout)
        XCTAssertTrue(messages.first?.contains("needs iOS 14.0 and this target deploys to iOS 13.0") == true, "\(messages)")
    }

    func testOnAnIOS13TargetTheAdviceIsNotStateObject() throws {
        try copyFixture("LegacyProfile")
        let run = try flowlint(["lint", "--reporter", "json", "--no-cache", "."])
        // `RootView`, the scene delegate's hosting root, already outlives the screen on iOS 13: only `ProfileView`.
        XCTAssertEqual(diagnostics(run).count, 1, run.stdout)
        let finding = try XCTUnwrap(diagnostics(run).first)
        XCTAssertTrue((finding["message"] as? String ?? "").contains("needs iOS 14.0 and this target deploys to iOS 13.0"))
        XCTAssertEqual((finding["fixes"] as? [Any])?.count, 0)
        let without = try flowlint(["lint", "--reporter", "json", "--no-cache", "--no-targets", "."])
        let messages = diagnostics(without).map { $0["message"] as? String ?? "" }
        XCTAssertEqual(messages.count, 2, without.stdout)
        XCTAssertTrue(messages.allSatisfy { $0.hasSuffix("own it with @StateObject") }, "\(messages)")
        XCTAssertTrue(messages.last?.contains("'RootView' is created only outside SwiftUI views") == true, "\(messages)")
    }
}

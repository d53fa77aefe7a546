import Foundation
import XCTest
@testable import FlowLintKit

/// The editor's workspace decides what a project is as `flowlint lint` does (`ProjectScope`): the same root,
/// configuration, members and model, so a file's findings are those of the command line, files in no target give
/// no facts, and names resolve per module. Changes are recorded and linted once; a token cancels a lint.
final class WorkspaceTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        // A package of two targets. `Settings` publishes without conforming to ObservableObject; a file no target
        // compiles (excluded from Feature's directory, which the manifest governs) adds the conformance.
        try write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .executableTarget(name: "App", dependencies: ["Feature"]),
                .target(name: "Feature", exclude: ["Stray"]),
            ])
            """)
        try write("Sources/App/TheApp.swift", """
            import SwiftUI
            @main struct TheApp: App { var body: some Scene { WindowGroup { RootView() } } }
            """)
        try write("Sources/App/RootView.swift", """
            import SwiftUI
            struct RootView: View { var body: some View { Text("") } }
            """)
        try write("Sources/Feature/Settings.swift", """
            import SwiftUI
            public final class Settings { @Published var name = "" }
            struct SettingsName: View { let settings: Settings; var body: some View { Text(settings.name) } }
            """)
        try write("Sources/Feature/Stray/Conformance.swift", "import SwiftUI\nextension Settings: ObservableObject {}\n")
        // The rule whose findings the model decides is opt-in.
        try write(".flowlint.yml", Self.optIn)
    }

    static let optIn = "opt_in_rules: [published_without_observable_object]\n"

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = root + "/" + name
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// What `flowlint lint PATH...` (or `--stdin-path`) reports, files named by absolute path.
    func commandLine(_ paths: [String], standardInput: String? = nil, readsTargets: Bool = true) throws -> [Diagnostic] {
        var options = LintOptions()
        options.paths = standardInput == nil ? paths : []
        if let standardInput { options.standardInput = (paths[0], .text(Array(standardInput.utf8))) }
        options.cache = .disabled
        options.readsTargets = readsTargets
        let outcome = try LintSession.run(options, configurations: LintSession.configurations(for: options))
        return outcome.diagnostics.map { $0.namingFiles { Paths.absolute($0) } }
    }

    func workspace(readsTargets: Bool = true) -> Workspace {
        var options = Workspace.Options()
        options.cache = .disabled
        options.readsTargets = readsTargets
        return Workspace(options: options)
    }

    func open(_ workspace: Workspace, _ name: String, _ text: String? = nil) throws -> String {
        let path = root + "/" + name
        workspace.setBuffer(Array((try text ?? String(contentsOfFile: path, encoding: .utf8)).utf8), forPath: path)
        return path
    }

    func testFindingsAreTheCommandLinesWithTheSameModel() throws {
        for readsTargets in [true, false] {
            let workspace = workspace(readsTargets: readsTargets)
            let paths = try ["Sources/App/RootView.swift", "Sources/Feature/Settings.swift", "Sources/App/TheApp.swift"].map {
                try open(workspace, $0)
            }
            XCTAssertTrue(workspace.lint().completed)
            for path in paths {
                XCTAssertEqual(workspace.findings(forPath: path), try commandLine([path], readsTargets: readsTargets),
                               "\(path), targets read: \(readsTargets)")
            }
            // With the model, the file no target compiles gives no conformance.
            XCTAssertEqual(workspace.findings(forPath: paths[1]).map(\.ruleID), readsTargets ? ["published_without_observable_object"] : [])
        }
    }

    /// The index gets the model as `LintEngine.lint` gives it: each member's builds, kept in step as files join.
    func testTheProjectIndexKnowsEachFilesModule() throws {
        let buffer = root + "/Sources/Feature/Stray/Open.swift"
        let project = try XCTUnwrap(LiveProject(root: root, configuration: Configuration(rootDirectory: root), cache: .disabled,
                                                buffers: [buffer: Array("struct Open {}".utf8)], cancellation: .never))
        func modules() -> [String: [String]] {
            let index = project.projectIndex
            return Dictionary(uniqueKeysWithValues: index.files.indices.map { (index.files[$0].path, (index.layout.modules(ofFile: $0) ?? ["?"]).sorted()) })
        }
        XCTAssertEqual(project.model?.targets.map(\.name), ["App", "Feature"])
        XCTAssertEqual(modules(), ["Sources/App/RootView.swift": ["App"], "Sources/App/TheApp.swift": ["App"],
                                   "Sources/Feature/Settings.swift": ["Feature"], "Sources/Feature/Stray/Open.swift": []])
        try write("Sources/Feature/Added.swift", "struct Added {}\n")
        _ = project.filesChangedOnDisk([root + "/Sources/Feature/Added.swift"], searchAgain: true)
        project.lint()
        XCTAssertEqual(modules()["Sources/Feature/Added.swift"], ["Feature"])
        XCTAssertEqual(modules().count, 5)
    }

    func testABufferOfAFileInNoTargetIsLintedAsStandardInputIs() throws {
        let workspace = workspace()
        let text = "import SwiftUI\nstruct Stray: View { @State var on = false; var body: some View { Text(\"\") } }\n"
        let stray = try open(workspace, "Sources/Feature/Stray/Conformance.swift", text)
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: stray).map(\.ruleID), ["non_private_state"])
        XCTAssertEqual(workspace.findings(forPath: stray), try commandLine([stray], standardInput: text))
        // Closed: the file on disk is in no target again, and not linted.
        workspace.closeBuffer(forPath: stray)
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: stray), [])
    }

    func testEditsAreLintedOnceAndCodeActionsMatchTheBuffer() throws {
        let workspace = workspace()
        let view = try open(workspace, "Sources/App/RootView.swift")
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertFalse(workspace.hasPendingChanges)
        let edited = "import SwiftUI\nstruct RootView: View {\n    @State var count = 0\n    var body: some View { Text(\"\") }\n}\n"
        _ = try open(workspace, "Sources/App/RootView.swift", "// first\n")
        _ = try open(workspace, "Sources/App/RootView.swift", edited)
        XCTAssertTrue(workspace.hasPendingChanges)
        let report = workspace.lint()
        XCTAssertEqual(report.traces.count, 1)
        XCTAssertTrue(report.traces[0].hasPrefix("lint \(root): parse "), report.traces[0])
        XCTAssertTrue(report.traces[0].contains("(1 files)"), report.traces[0])
        let findings = workspace.findings(forPath: view)
        XCTAssertEqual(findings.map(\.ruleID), ["non_private_state"])
        XCTAssertEqual(findings, try commandLine([view], standardInput: edited))

        let actions = workspace.codeActions(forPath: view, range: findings[0].span.startOffset..<findings[0].span.startOffset)
        XCTAssertEqual(actions.map(\.title), ["insert 'private'", "Disable non_private_state for this line"])
        XCTAssertEqual(actions.map(\.isPreferred), [findings[0].fixes[0].applicability == .safe, false])
        XCTAssertEqual(actions[0].edits, findings[0].fixes[0].edits)
        let lineStart = edited.utf8.distance(from: edited.startIndex, to: edited.range(of: "    @State")!.lowerBound)
        XCTAssertEqual(actions[1].edits, [TextEdit(startOffset: lineStart, endOffset: lineStart,
                                                   replacement: "    // flowlint:disable:next non_private_state\n")])
        XCTAssertEqual(workspace.codeActions(forPath: view, range: 0..<1), [])  // no finding there
    }

    /// Issue 27: the configuration's `baseline:` hides in the workspace what it hides on the command line (a root
    /// finding at its reader too); it is read again when its file changes, and one that cannot be read is the
    /// command line's error, with nothing reported until it can be.
    func testTheConfiguredBaselineHidesWhatTheCommandLineHidesAndIsReadAgainWhenItChanges() throws {
        try write("Sources/App/RootView.swift", """
            import SwiftUI
            final class Store: ObservableObject { @Published var count = 0 }
            struct RootView: View { var body: some View { Badge() } }
            struct Badge: View {
                @EnvironmentObject var store: Store
                var body: some View { Text(String(describing: store)) }
            }
            """)
        let app = root + "/Sources/App/TheApp.swift", view = root + "/Sources/App/RootView.swift"
        let settings = root + "/Sources/Feature/Settings.swift"
        // Accepted: every finding of a full run (the root's in TheApp.swift, shown at the reader in a run of RootView.swift).
        let full = try commandLine([root])
        XCTAssertEqual(Set(full.map(\.ruleID)), ["missing_environment_object", "published_without_observable_object"])
        XCTAssertEqual(try commandLine([view]).map(\.ruleID), ["missing_environment_object"])
        let accepted = Baseline(diagnostics: full, directory: root) { Workspace.textOnDisk(atPath: $0) }
        try write("accepted.json", accepted.rendered())
        try write(".flowlint.yml", Self.optIn + "baseline: accepted.json\n")

        let workspace = workspace()
        for path in [app, settings] { _ = try open(workspace, String(path.dropFirst(root.count + 1))) }
        XCTAssertTrue(workspace.lint().messages.allSatisfy { $0.kind != .error })
        XCTAssertEqual(workspace.baselineFiles, [root + "/accepted.json"])
        // The reader's file is not open (its findings are matched when asked for), then it is.
        for path in [app, view, settings] {
            XCTAssertEqual(workspace.findings(forPath: path), [], path)
            XCTAssertEqual(try commandLine([path]), [], path)
        }
        _ = try open(workspace, "Sources/App/RootView.swift")
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: view), [])
        // An edit that moves the accepted finding and adds a new one: only the new one, as `--stdin-path` shows it.
        let edited = "import SwiftUI\n\n" + (try String(contentsOfFile: view, encoding: .utf8))
            .replacingOccurrences(of: "var body: some View { Badge() }", with: "@State var on = false\n    var body: some View { Badge() }")
        _ = try open(workspace, "Sources/App/RootView.swift", edited)
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: view).map(\.ruleID), ["non_private_state"])
        XCTAssertEqual(workspace.findings(forPath: view), try commandLine([view], standardInput: edited))

        // Emptied on disk: read again when the watcher reports it, and every finding is back.
        try write("accepted.json", #"{"version": 2, "findings": []}"#)
        XCTAssertFalse(workspace.filesChanged([(root + "/elsewhere/accepted.json", .changed)]))
        XCTAssertTrue(workspace.filesChanged([(root + "/accepted.json", .changed)]))
        XCTAssertTrue(workspace.hasPendingChanges)
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: app).map(\.ruleID), ["missing_environment_object"])
        XCTAssertEqual(workspace.findings(forPath: settings), try commandLine([settings]))
        XCTAssertEqual(workspace.findings(forPath: settings).count, 1)

        // Not a baseline: the command line's error, and nothing reported.
        try write("accepted.json", "[1, 2]")
        var cliError = ""
        XCTAssertThrowsError(try commandLine([app])) { cliError = ($0 as? LintUsageError)?.description ?? "\($0)" }
        XCTAssertTrue(cliError.contains("error: not a FlowLint baseline: the top level must be an object (named by 'baseline' at"), cliError)
        XCTAssertTrue(workspace.filesChanged([(root + "/accepted.json", .changed)]))
        let report = workspace.lint()
        XCTAssertEqual(report.messages.filter { $0.kind == .error }.map(\.text), [cliError])
        for path in [app, view, settings] { XCTAssertEqual(workspace.findings(forPath: path), [], path) }
        XCTAssertEqual(workspace.codeActions(forPath: view, range: 0..<edited.utf8.count), [])

        // A baseline for another project: its findings are reported, with the command line's warning.
        let other = Baseline(diagnostics: full, directory: root + "/Other") { Workspace.textOnDisk(atPath: $0) }
        try write("accepted.json", other.rendered())
        XCTAssertTrue(workspace.filesChanged([(root + "/accepted.json", .created)]))
        let warned = workspace.lint()
        var options = LintOptions()
        options.paths = [root]
        options.cache = .disabled
        let outcome = try LintSession.run(options, configurations: LintSession.configurations(for: options))
        XCTAssertEqual(outcome.baselineWarnings.count, 1)
        XCTAssertEqual(warned.messages.filter { $0.kind == .warning }.map(\.text), outcome.baselineWarnings)
        XCTAssertEqual(workspace.findings(forPath: settings).count, 1)
    }

    func testACancelledLintKeepsWhatItDidAndTheNextOneFinishes() throws {
        let workspace = workspace()
        let view = try open(workspace, "Sources/App/RootView.swift")
        // Cancelled before it starts: nothing loads.
        let cancelled = CancellationToken()
        cancelled.cancel()
        XCTAssertFalse(workspace.lint(cancelled).completed)
        XCTAssertTrue(workspace.hasPendingChanges)
        // Superseded: a project's first load goes on, but not the work of an edit.
        let superseded = CancellationToken()
        superseded.supersede()
        XCTAssertTrue(workspace.lint(superseded).completed)
        XCTAssertEqual(workspace.findings(forPath: view), [])
        let edited = "import SwiftUI\nstruct RootView: View { @State var on = false; var body: some View { Text(\"\") } }\n"
        _ = try open(workspace, "Sources/App/RootView.swift", edited)
        XCTAssertFalse(workspace.lint(superseded).completed)
        XCTAssertEqual(workspace.findings(forPath: view), [])
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: view).map(\.ruleID), ["non_private_state"])
        XCTAssertEqual(workspace.findings(forPath: view), try commandLine([view], standardInput: edited))
    }

    func testFilesChangedOnDiskAndProjectFilesUpdateTheModel() throws {
        let workspace = workspace()
        let settings = try open(workspace, "Sources/Feature/Settings.swift")
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: settings).map(\.ruleID), ["published_without_observable_object"])
        // The stray directory is compiled into Feature: its conformance counts.
        try write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Two", targets: [
                .executableTarget(name: "App", dependencies: ["Feature"]),
                .target(name: "Feature"),
            ])
            """)
        XCTAssertTrue(workspace.filesChanged([(root + "/Package.swift", .changed)]))
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: settings), [])
        XCTAssertEqual(workspace.findings(forPath: settings), try commandLine([settings]))
        // A file outside every loaded project changes nothing.
        XCTAssertFalse(workspace.filesChanged([("/elsewhere/Other.swift", .created)]))
        // An invalid configuration: an error to show, and no findings until it is fixed.
        try write(".flowlint.yml", "severity: [")
        XCTAssertTrue(workspace.filesChanged([(root + "/.flowlint.yml", .changed)]))
        let report = workspace.lint()
        XCTAssertEqual(report.messages.filter { $0.kind == .error }.count, 1)
        XCTAssertEqual(workspace.findings(forPath: settings), [])
        try write(".flowlint.yml", Self.optIn + "severity:\n  published_without_observable_object: error\n")
        try FileManager.default.removeItem(atPath: root + "/Sources/Feature/Stray/Conformance.swift")
        XCTAssertTrue(workspace.filesChanged([(root + "/.flowlint.yml", .changed), (root + "/Sources/Feature/Stray/Conformance.swift", .deleted)]))
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: settings).map(\.severity), [.error])
    }

    func testAnEnclosingProjectSeesABufferOfANestedOne() throws {
        // A nested project (its own `.flowlint.yml`) whose view the outer app shows without the object it reads,
        // which the outer project provides elsewhere.
        try write("Nested/.flowlint.yml", "")
        try write("Nested/Badge.swift", """
            import SwiftUI
            final class Profile: ObservableObject { @Published var name = "" }
            struct Badge: View { @EnvironmentObject var profile: Profile; var body: some View { Text(profile.name) } }
            """)
        try write("Sources/App/TheApp.swift", """
            import SwiftUI
            @main struct TheApp: App { var body: some Scene { WindowGroup { Badge() } } }
            struct Other: View { var body: some View { Text("").environmentObject(Profile()) } }
            """)
        try write("Nested/Aside.swift", "struct Aside {}\n")
        let workspace = workspace(readsTargets: false)
        let app = try open(workspace, "Sources/App/TheApp.swift")
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: app).map(\.ruleID), ["missing_environment_object"])
        XCTAssertEqual(workspace.findings(forPath: app), try commandLine([app], readsTargets: false))
        // Two files of the nested project are opened, the badge no longer reading the object: the nested project
        // loads with both buffers, and the outer one sees each of them too.
        let aside = try open(workspace, "Nested/Aside.swift")
        let badge = try open(workspace, "Nested/Badge.swift", "import SwiftUI\nstruct Badge: View { var body: some View { Text(\"\") } }\n")
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: app), [])
        XCTAssertEqual(workspace.findings(forPath: badge), [])
        // Closed: the files on disk count again, in both projects.
        workspace.closeBuffer(forPath: badge)
        workspace.closeBuffer(forPath: aside)
        XCTAssertTrue(workspace.lint().completed)
        XCTAssertEqual(workspace.findings(forPath: app).map(\.ruleID), ["missing_environment_object"])
        XCTAssertEqual(workspace.findings(forPath: badge), try commandLine([badge], readsTargets: false))
    }
}

import Foundation
import XCTest

/// Issue 27: one baseline for every run. A baseline written on a full run hides exactly the same problems in a
/// run of any one file, through standard input, and from the configuration's `baseline:` key: an environment
/// finding is in the baseline whether a run shows it at its root or at the reader (README, "Baselines").
final class BaselineCLITests: CLITestCase {
    static var fixturesDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
    }

    /// The project's Swift files a full run lints (files in no target are linted only when named, and are
    /// judged by their fixture's own test).
    func lintedSources(of project: String) throws -> [String] {
        let fm = FileManager.default
        let description = try flowlint(["project", "--reporter", "json", "."], in: project)
        let model = try JSONSerialization.jsonObject(with: Data(description.stdout.utf8)) as? [String: Any] ?? [:]
        let root = model["root"] as? String ?? ""
        let prefix = URL(fileURLWithPath: project).standardized.path + "/"
        let inNoTarget = Set((model["filesInNoTarget"] as? [String] ?? []).compactMap { path -> String? in
            let absolute = root + "/" + path
            return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
        })
        return (fm.subpaths(atPath: project) ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.contains(".build") && !inNoTarget.contains($0) }.sorted()
    }

    func testABaselineOfTheFullRunHidesEveryFindingInEveryPartialRunOfEveryFixture() throws {
        let fm = FileManager.default
        let fixtures = try fm.contentsOfDirectory(atPath: Self.fixturesDirectory).sorted()
            .filter { fm.fileExists(atPath: Self.fixturesDirectory + "/" + $0 + "/expected.txt") }
        XCTAssertGreaterThanOrEqual(fixtures.count, 9)
        var partialRuns = 0
        var readerForms = 0
        for name in fixtures {
            let project = directory + "/" + name
            try fm.copyItem(atPath: Self.fixturesDirectory + "/" + name, toPath: project)
            let written = try flowlint(["lint", "--no-cache", "--write-baseline", "accepted.json", "."], in: project, mayModify: true)
            XCTAssertEqual(written.status, 0, "\(name): \(written.stderr)")
            let unfiltered = diagnostics(try flowlint(["lint", "--reporter", "json", "--no-cache", "."], in: project))
            // Not vacuous: root findings that partial runs of their readers' files show there (PartialRunCLITests).
            readerForms += unfiltered.filter { d in
                (d["notes"] as? [[String: Any]] ?? []).contains { ($0["message"] as? String ?? "").contains("' reads '") && $0["file"] as? String != d["file"] as? String }
            }.count
            let full = try flowlint(["lint", "--reporter", "json", "--no-cache", "--strict", "--baseline", "accepted.json", "."], in: project)
            XCTAssertEqual(diagnostics(full).count, 0, "\(name): \(full.stdout)")
            XCTAssertEqual(full.status, 0, "\(name): \(full.stderr)")
            if !unfiltered.isEmpty {
                XCTAssertTrue(full.stderr.contains(", \(unfiltered.count) in baseline"), "\(name): \(full.stderr)")
            }
            let sources = try lintedSources(of: project)
            // Each file alone with `--baseline`, then (warm cache) through standard input with the same baseline
            // named by the configuration (appended to the fixture's own, if any).
            for file in sources {
                let alone = try flowlint(["lint", "--reporter", "json", "--no-cache", "--strict", "--baseline", "accepted.json", file], in: project)
                XCTAssertEqual(diagnostics(alone).count, 0, "\(name)/\(file): \(alone.stdout)")
                XCTAssertEqual(alone.status, 0, "\(name)/\(file): \(alone.stderr)")
                XCTAssertFalse(alone.stderr.contains("none of the baseline"), "\(name)/\(file): \(alone.stderr)")
            }
            let configuration = project + "/.flowlint.yml"
            let existing = (try? String(contentsOfFile: configuration, encoding: .utf8)) ?? ""
            try (existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + "baseline: accepted.json\n")
                .write(toFile: configuration, atomically: false, encoding: .utf8)
            for file in sources {
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: project + "/" + file)))
                let stdin = try flowlint(["lint", "--reporter", "json", "--strict", "--cache-path", userCache + "/facts", "--stdin-path", file],
                                         stdin: bytes, in: project, mayModify: true)
                XCTAssertEqual(diagnostics(stdin).count, 0, "stdin \(name)/\(file): \(stdin.stdout)")
                XCTAssertEqual(stdin.status, 0, "stdin \(name)/\(file): \(stdin.stderr)")
                XCTAssertFalse(stdin.stderr.contains("none of the baseline"), "stdin \(name)/\(file): \(stdin.stderr)")
                partialRuns += 1
            }
        }
        XCTAssertGreaterThan(partialRuns, 30)
        XCTAssertGreaterThan(readerForms, 3)
    }

    // MARK: A root and its reader in different files

    static let app = """
        import SwiftUI

        @main
        struct ShopApp: App {
            var body: some Scene {
                WindowGroup { ContentView() }
            }
        }
        """
    static let content = """
        import SwiftUI

        struct ContentView: View {
            var body: some View { Badge() }
        }
        """
    static let badge = """
        import SwiftUI

        final class Store: ObservableObject { @Published var count = 0 }

        struct Badge: View {
            @EnvironmentObject var store: Store
            var body: some View { Text(String(describing: store)) }
        }
        """

    func writeShop() throws {
        try write("Package.swift", "// swift-tools-version:5.9\n")
        try write("Sources/Shop/App.swift", Self.app)
        try write("Sources/Shop/ContentView.swift", Self.content)
        try write("Sources/Shop/Badge.swift", Self.badge)
    }

    static let files = ["Sources/Shop/App.swift", "Sources/Shop/ContentView.swift", "Sources/Shop/Badge.swift"]

    /// What each kind of run reports with the baseline: the full run, then each file alone and through
    /// standard input, by file.
    func runs(baseline: String, files: [String] = files) throws -> (full: [[String: Any]], alone: [String: [[String: Any]]], stdin: [String: [[String: Any]]]) {
        let full = diagnostics(try flowlint(["lint", "--reporter", "json", "--no-cache", "--baseline", baseline, "."]))
        var alone: [String: [[String: Any]]] = [:], stdin: [String: [[String: Any]]] = [:]
        for file in files {
            alone[file] = diagnostics(try flowlint(["lint", "--reporter", "json", "--no-cache", "--baseline", baseline, file]))
            stdin[file] = diagnostics(try flowlint(["lint", "--reporter", "json", "--no-cache", "--baseline", baseline, "--stdin-path", file],
                                                   stdin: Array(try read(file).utf8)))
        }
        return (full, alone, stdin)
    }

    /// The pre-commit hook of issue 27: a one-line change to the reader's file, linted alone, failed on the
    /// reader's form of a finding the baseline accepts.
    func testTheReaderFormOfABaselinedFindingIsHiddenAndMovingCodeOrTheChainKeepsItHidden() throws {
        try writeShop()
        XCTAssertEqual(try flowlint(["lint", "--no-cache", "--write-baseline", "accepted.json", "."], mayModify: true).status, 0)
        let without = try flowlint(["lint", "--reporter", "json", "--no-cache", "Sources/Shop/Badge.swift"])
        XCTAssertEqual(diagnostics(without).map { $0["rule"] as? String }, ["missing_environment_object"], without.stdout)
        var seen = try runs(baseline: "accepted.json")
        XCTAssertEqual(seen.full.count, 0)
        for file in Self.files {
            XCTAssertEqual(seen.alone[file]?.count, 0, file)
            XCTAssertEqual(seen.stdin[file]?.count, 0, file)
        }

        // Lines moved in every file, and a view inserted between the root and the reader (which rewords the
        // root's message): the same problem, still hidden.
        try write("Sources/Shop/App.swift", "// The shop.\n\n" + Self.app)
        try write("Sources/Shop/ContentView.swift", Self.content.replacingOccurrences(of: "Badge()", with: "Panel()") + """

            struct Panel: View {
                var body: some View { VStack { Badge() } }
            }
            """)
        try write("Sources/Shop/Badge.swift", Self.badge.replacingOccurrences(of: "final class", with: "/// Shared.\nfinal class"))
        let moved = try flowlint(["lint", "--reporter", "json", "--no-cache", "."])
        XCTAssertTrue((diagnostics(moved).first?["message"] as? String ?? "").contains("Panel"), moved.stdout)
        seen = try runs(baseline: "accepted.json")
        XCTAssertEqual(seen.full.count, 0)
        for file in Self.files {
            XCTAssertEqual(seen.alone[file]?.count, 0, file)
            XCTAssertEqual(seen.stdin[file]?.count, 0, file)
        }
    }

    /// A new problem at the same root is reported, where each run shows it; the accepted one stays hidden.
    func testANewReaderOfTheSameRootIsReportedOnlyWhereItIs() throws {
        try writeShop()
        XCTAssertEqual(try flowlint(["lint", "--no-cache", "--write-baseline", "accepted.json", "."], mayModify: true).status, 0)
        try write("Sources/Shop/ContentView.swift", Self.content.replacingOccurrences(of: "Badge()", with: "VStack { Badge(); Profile() }"))
        try write("Sources/Shop/Profile.swift", """
            import SwiftUI

            final class Session: ObservableObject {}

            struct Profile: View {
                @EnvironmentObject var session: Session
                var body: some View { Text(String(describing: session)) }
            }
            """)
        let files = Self.files + ["Sources/Shop/Profile.swift"]
        let seen = try runs(baseline: "accepted.json", files: files)
        XCTAssertEqual(seen.full.map { $0["file"] as? String }, ["Sources/Shop/App.swift"])
        for run in [seen.alone, seen.stdin] {
            XCTAssertEqual(run["Sources/Shop/App.swift"]?.count, 1)
            XCTAssertEqual(run["Sources/Shop/ContentView.swift"]?.count, 0)
            XCTAssertEqual(run["Sources/Shop/Badge.swift"]?.count, 0)
            let profile = run["Sources/Shop/Profile.swift"] ?? []
            XCTAssertEqual(profile.map { $0["line"] as? Int }, [6])
            XCTAssertTrue((profile.first?["message"] as? String ?? "").contains("'Profile' reads a 'Session' here"), "\(profile)")
        }
    }

    /// A baseline written by an earlier FlowLint (version 1: the root's finding as a whole) keeps working, and
    /// now in runs of the reader's file too.
    func testAVersionOneBaselineHidesTheFindingInPartialRunsToo() throws {
        try writeShop()
        let full = diagnostics(try flowlint(["lint", "--reporter", "json", "--no-cache", "."]))
        XCTAssertEqual(full.count, 1)
        let root = try XCTUnwrap(full.first)
        let entry: [String: Any] = ["rule": root["rule"] ?? "", "file": root["file"] ?? "", "lineText": "WindowGroup { ContentView() }",
                                    "message": root["message"] ?? ""]
        try write("old.json", String(decoding: try JSONSerialization.data(withJSONObject: ["version": 1, "findings": [entry]]), as: UTF8.self))
        let seen = try runs(baseline: "old.json")
        XCTAssertEqual(seen.full.count, 0)
        for file in Self.files {
            XCTAssertEqual(seen.alone[file]?.count, 0, file)
            XCTAssertEqual(seen.stdin[file]?.count, 0, file)
        }
    }

    /// `--write-baseline` on a run of the reader's file records the problem as a full run does.
    func testABaselineWrittenOnAPartialRunHidesTheFindingInTheFullRun() throws {
        try writeShop()
        XCTAssertEqual(try flowlint(["lint", "--no-cache", "--write-baseline", "partial.json", "Sources/Shop/Badge.swift"], mayModify: true).status, 0)
        let partial = try read("partial.json")
        XCTAssertTrue(partial.contains("\"file\": \"Sources/Shop/App.swift\""), partial)
        XCTAssertEqual(try flowlint(["lint", "--no-cache", "--write-baseline", "full.json", "."], mayModify: true).status, 0)
        XCTAssertEqual(partial, try read("full.json"))
        XCTAssertEqual(try runs(baseline: "partial.json").full.count, 0)
    }

    /// A baseline decides what is reported, not what `--fix` fixes.
    func testFixStillFixesFindingsInTheBaseline() throws {
        try write("V.swift", "import SwiftUI\nstruct V: View {\n    @State var count = 0\n    var body: some View { Text(\"\\(count)\") }\n}\n")
        XCTAssertEqual(try flowlint(["lint", "--no-cache", "--write-baseline", "b.json", "."], mayModify: true).status, 0)
        let fixed = try flowlint(["lint", "--no-cache", "--baseline", "b.json", "--fix", "V.swift"], mayModify: true)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("Fixed 1 finding in 1 file"), fixed.stderr)
        XCTAssertTrue(try read("V.swift").contains("@State private var count = 0"))
    }

    // MARK: The configuration's `baseline:`

    func testTheConfiguredBaselineIsRelativeToTheConfigurationAndTheCommandLineWins() throws {
        try writeShop()
        try write("baselines/.keep", "")
        XCTAssertEqual(try flowlint(["lint", "--no-cache", "--write-baseline", "baselines/accepted.json", "."], mayModify: true).status, 0)
        try write(".flowlint.yml", "baseline: baselines/accepted.json\n")
        try write("empty.json", "{\"version\": 2, \"findings\": []}\n")
        let sources = directory + "/Sources/Shop"
        for arguments in [["."], ["Badge.swift"], ["App.swift"]] {
            let run = try flowlint(["lint", "--reporter", "json", "--no-cache", "--strict"] + arguments, in: sources)
            XCTAssertEqual(diagnostics(run).count, 0, "\(arguments): \(run.stdout)")
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let stdin = try flowlint(["lint", "--reporter", "json", "--no-cache", "--stdin-path", "Badge.swift"], stdin: Array(Self.badge.utf8), in: sources)
        XCTAssertEqual(diagnostics(stdin).count, 0, stdin.stdout)
        XCTAssertTrue(stdin.stderr.contains("1 in baseline"), stdin.stderr)
        // `--baseline` wins over the key.
        let explicit = try flowlint(["lint", "--reporter", "json", "--no-cache", "--baseline", "../../empty.json", "Badge.swift"], in: sources)
        XCTAssertEqual(diagnostics(explicit).count, 1, explicit.stdout)
        // `--write-baseline` records every finding, whatever the configuration's baseline hides.
        let rewritten = try flowlint(["lint", "--no-cache", "--write-baseline", "again.json", "."], mayModify: true)
        XCTAssertTrue(rewritten.stderr.contains("Wrote 1 finding to baseline again.json"), rewritten.stderr)
    }

    func testAConfiguredBaselineThatCannotBeReadIsAConfigurationError() throws {
        try writeShop()
        let cases: [(String, () throws -> Void, String)] = [
            ("missing.json", {}, "missing.json: error: cannot read baseline: "),
            ("directory", { try FileManager.default.createDirectory(atPath: self.directory + "/directory", withIntermediateDirectories: true) },
             "directory: error: cannot read baseline: "),
            ("large.json", {
                XCTAssertTrue(FileManager.default.createFile(atPath: self.directory + "/large.json", contents: nil))
                XCTAssertEqual(truncate(self.directory + "/large.json", 17 << 20), 0)
            }, "large.json: error: baseline is larger than 16 MiB"),
            ("fifo", { XCTAssertEqual(mkfifo(self.directory + "/fifo", 0o600), 0) }, "fifo: error: not a FlowLint baseline: not valid JSON"),
            ("bad.json", { _ = try self.write("bad.json", "{\"version\": 9}") }, "bad.json: error: not a FlowLint baseline: 'version' must be 1 or 2"),
        ]
        for (name, setUp, message) in cases {
            try setUp()
            try write(".flowlint.yml", "strict: true\nbaseline: \(name)\n")
            let run = try flowlint(["lint", "--no-cache", "Sources/Shop/Badge.swift"], timeout: 30)
            XCTAssertEqual(run.status, 2, "\(name): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(name): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("(named by 'baseline' at .flowlint.yml:2:11)"), "\(name): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", name)
        }
        for (value, message) in [("[a.json]", "'baseline' must be a string"), ("''", "'baseline' must name a baseline file")] {
            try write(".flowlint.yml", "baseline: \(value)\n")
            let run = try flowlint(["lint", "--no-cache", "."])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains(".flowlint.yml:1:11: error: \(message)"), run.stderr)
        }
    }
}

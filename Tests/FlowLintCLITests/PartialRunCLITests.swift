import Foundation
import XCTest

/// `flowlint lint FILE` and `--stdin-path FILE` see the whole project: for every fixture project and every
/// file in it, they report exactly what README's "Partial runs" says: the full run's findings in that file,
/// and root findings from other files at the reading declarations in it.
final class PartialRunCLITests: CLITestCase {
    var cacheDirectory = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        cacheDirectory = NSTemporaryDirectory() + "flowlint-cli-cache-" + UUID().uuidString
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: cacheDirectory)
        try super.tearDownWithError()
    }

    static var fixturesDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
    }

    /// A finding as compared: where, which rule, what it says.
    struct Finding: Hashable, CustomStringConvertible {
        var file: String, line: Int, column: Int, rule: String, message: String
        var description: String { "\(file):\(line):\(column) \(rule): \(message)" }
    }

    func findings(_ run: Run) -> [Finding] {
        diagnostics(run).map { Finding(file: $0["file"] as? String ?? "", line: $0["line"] as? Int ?? 0,
                                       column: $0["column"] as? Int ?? 0, rule: $0["rule"] as? String ?? "",
                                       message: $0["message"] as? String ?? "") }
    }

    /// The full run's findings as a run reporting only `file` shows them (README, "Partial runs"): those in the
    /// file, and one per rule at each reading declaration in it of a root finding located elsewhere (the
    /// reader's note), whose message (worded for the place, grouping the roots) is compared apart.
    func restricted(_ full: [[String: Any]], to file: String) -> Set<Finding> {
        var out: Set<Finding> = []
        for d in full {
            let finding = Finding(file: d["file"] as? String ?? "", line: d["line"] as? Int ?? 0, column: d["column"] as? Int ?? 0,
                                  rule: d["rule"] as? String ?? "", message: d["message"] as? String ?? "")
            if finding.file == file { out.insert(finding); continue }
            // The environment analysis's rules report a root's finding at the reader too: an object's reader
            // ("'V' reads 'T' here") or the model container's ("'V' uses @Query 'x' here").
            guard finding.rule.hasPrefix("missing_environment_object") || finding.rule.hasPrefix("missing_model_container") else { continue }
            for note in d["notes"] as? [[String: Any]] ?? [] where note["file"] as? String == file {
                guard let message = note["message"] as? String, message.contains("' reads '") || message.contains("' uses "),
                      message.hasSuffix("' here") else { continue }
                out.insert(Finding(file: file, line: note["line"] as? Int ?? 0, column: note["column"] as? Int ?? 0,
                                   rule: finding.rule, message: Self.moved))
            }
        }
        return out
    }

    static let moved = "(a root finding moved to its reader)"

    /// A partial run's findings, the moved ones' messages replaced as `restricted` does, once checked.
    func comparable(_ run: Run, file: String, expected: Set<Finding>) -> [Finding] {
        findings(run).map { f in
            var f = f
            let key = Finding(file: f.file, line: f.line, column: f.column, rule: f.rule, message: Self.moved)
            if expected.contains(key) && (f.message.contains(" reads ") || f.message.contains(" uses ")) && f.message.contains(" here, and ") {
                f.message = Self.moved
            }
            return f
        }
    }

    func testEveryFixtureFileAloneAndThroughStandardInputMatchesTheFullRun() throws {
        let fm = FileManager.default
        let fixtures = try fm.contentsOfDirectory(atPath: Self.fixturesDirectory).sorted()
            .filter { fm.fileExists(atPath: Self.fixturesDirectory + "/" + $0 + "/expected.txt") }
        XCTAssertGreaterThanOrEqual(fixtures.count, 9)
        var checked = 0
        for name in fixtures {
            let project = directory + "/" + name
            try fm.copyItem(atPath: Self.fixturesDirectory + "/" + name, toPath: project)
            let sources = (fm.subpaths(atPath: project) ?? []).filter { $0.hasSuffix(".swift") && !$0.contains(".build") }.sorted()
            let full = try flowlint(["lint", "--reporter", "json", "--no-cache", "."], in: project)
            let fullDiagnostics = diagnostics(full)
            // A file no target compiles is not part of the full run; named alone it is linted (and judged by the
            // fixture's own test), so the full run is no oracle for it.
            let description = try flowlint(["project", "--reporter", "json", "."], in: project)
            let model = try JSONSerialization.jsonObject(with: Data(description.stdout.utf8)) as? [String: Any] ?? [:]
            let root = model["root"] as? String ?? ""
            let inNoTarget = Set((model["filesInNoTarget"] as? [String] ?? []).compactMap { path -> String? in
                let absolute = root + "/" + path
                let prefix = URL(fileURLWithPath: project).standardized.path + "/"
                return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
            })
            for file in sources where !inNoTarget.contains(file) {
                let expected = restricted(fullDiagnostics, to: file)
                // Warm cache (filled by the first file's run), then cold with no cache at all.
                let alone = try flowlint(["lint", "--reporter", "json", "--cache-path", cacheDirectory, file], in: project)
                XCTAssertEqual(Set(comparable(alone, file: file, expected: expected)), expected, "\(name)/\(file)")
                XCTAssertEqual(findings(alone).count, expected.count, "\(name)/\(file)")
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: project + "/" + file)))
                let stdin = try flowlint(["lint", "--reporter", "json", "--no-cache", "--stdin-path", file], stdin: bytes, in: project)
                XCTAssertEqual(Set(comparable(stdin, file: file, expected: expected)), expected, "stdin \(name)/\(file)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 30)
    }

    /// Pre-commit passes only staged files; the provider of the environment object lives in a file that is
    /// not staged. No false alarm; the same files without the provider on disk do get the finding.
    func testStagedViewWhoseProviderIsUnstagedGivesNoFalseAlarm() throws {
        try write("Sources/App.swift", """
            import SwiftUI

            @main
            struct NotesApp: App {
                var body: some Scene {
                    WindowGroup { ContentView().withSettings() }
                }
            }
            """)
        try write("Sources/ContentView.swift", """
            import SwiftUI

            struct ContentView: View {
                @EnvironmentObject var settings: Settings
                var body: some View { Text(String(describing: settings)) }
            }
            """)
        try write("Sources/Support/Providers.swift", """
            import SwiftUI

            final class Settings: ObservableObject {}

            extension View {
                func withSettings() -> some View { environmentObject(Settings()) }
            }
            """)
        let staged = ["Sources/App.swift", "Sources/ContentView.swift"]
        let run = try flowlint(["lint", "--strict", "--reporter", "json", "--no-cache"] + staged)
        XCTAssertEqual(diagnostics(run).count, 0, run.stdout)
        XCTAssertEqual(run.status, 0)
        // The cache gives the same answer, cold and warm.
        for _ in 0..<2 {
            let cached = try flowlint(["lint", "--strict", "--reporter", "json", "--cache-path", cacheDirectory] + staged)
            XCTAssertEqual(diagnostics(cached).count, 0, cached.stdout)
        }
        // Control: without the provider on disk (the type still declared), the staged root is reported.
        try write("Sources/Support/Providers.swift", "import SwiftUI\n\nfinal class Settings: ObservableObject {}\n")
        let missing = try flowlint(["lint", "--strict", "--reporter", "json", "--cache-path", cacheDirectory] + staged)
        let reported = diagnostics(missing)
        XCTAssertTrue(reported.contains { $0["file"] as? String == "Sources/App.swift" }, missing.stdout)
        XCTAssertEqual(Set(reported.map { $0["rule"] as? String }), ["missing_environment_object"])
        XCTAssertEqual(missing.status, 1)
    }

    /// Issue 16's layout: an app at the top of a git work tree, feature code in a local package with its own
    /// `Package.swift`. The package's file linted alone (as pre-commit and editors do) and through
    /// `--stdin-path` sees the app that provides the object: no false alarm. Without the provider in the app,
    /// the same runs report it at the reader, so the check is not vacuous.
    func testALocalPackageFileIsLintedWithTheAppAsContext() throws {
        try FileManager.default.createDirectory(atPath: directory + "/.git", withIntermediateDirectories: true)
        let app = """
            import SwiftUI
            import Feature
            @main
            struct ShopApp: App {
                @StateObject private var settings = UserSettings()
                var body: some Scene { WindowGroup { Badge().environmentObject(settings) } }
            }
            """
        try write("App/ShopApp.swift", app)
        try write("Packages/Feature/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Feature\")\n")
        let badgePath = "Packages/Feature/Sources/Feature/Badge.swift"
        let badge = """
            import SwiftUI
            public final class UserSettings: ObservableObject { @Published public var name = "" }
            public struct Badge: View {
                @EnvironmentObject var settings: UserSettings
                public init() {}
                public var body: some View { Text(settings.name) }
            }
            """
        try write(badgePath, badge)
        for _ in 0..<2 {
            let alone = try flowlint(["lint", "--strict", "--reporter", "json", "--no-cache", badgePath])
            XCTAssertEqual(diagnostics(alone).count, 0, alone.stdout)
            XCTAssertEqual(alone.status, 0, alone.stderr)
            let stdin = try flowlint(["lint", "--strict", "--reporter", "json", "--no-cache", "--stdin-path", badgePath],
                                     stdin: Array(badge.utf8))
            XCTAssertEqual(diagnostics(stdin).count, 0, stdin.stdout)
            // From inside the package too (an editor opened on it).
            let inside = try flowlint(["lint", "--strict", "--reporter", "json", "--no-cache", "Sources/Feature/Badge.swift"],
                                      in: directory + "/Packages/Feature")
            XCTAssertEqual(diagnostics(inside).count, 0, inside.stdout)
            // A .flowlint.yml at the top changes nothing.
            try write(".flowlint.yml", "disabled_rules: []\n")
        }
        try write("App/ShopApp.swift", app.replacingOccurrences(of: "Badge().environmentObject(settings)", with: "Badge()"))
        let missing = try flowlint(["lint", "--reporter", "json", "--no-cache", badgePath])
        XCTAssertEqual(diagnostics(missing).map { $0["rule"] as? String }, ["missing_environment_object"], missing.stdout)
        XCTAssertEqual(diagnostics(missing).first?["line"] as? Int, 4)
        let stdin = try flowlint(["lint", "--reporter", "json", "--no-cache", "--stdin-path", badgePath], stdin: Array(badge.utf8))
        XCTAssertEqual(diagnostics(stdin).map { $0["line"] as? Int }, [4], stdin.stdout)
    }

    /// `--project` overrides discovery; excluded files stay out of the index; the default cache of a Swift
    /// package is its `.build/flowlint`, and `--no-cache` writes nothing.
    func testProjectOptionExcludesAndCacheLocation() throws {
        try write("Package.swift", "// swift-tools-version:5.9\n")
        try write("Sources/Root.swift", """
            import SwiftUI
            @main
            struct A: App { var body: some Scene { WindowGroup { Reader() } } }
            """)
        try write("Sources/Views/Reader.swift", """
            import SwiftUI
            final class Model: ObservableObject {}
            struct Reader: View {
                @EnvironmentObject var model: Model
                var body: some View { Text(String(describing: model)) }
            }
            // A construction besides the root's, so that the reader is shown even when the root is not context.
            func makeReader() -> some View { Reader() }
            """)
        try write("Legacy/Provider.swift", """
            import SwiftUI
            extension A { }
            """)
        // --no-cache: nothing written anywhere under the project (checked by the harness).
        // One finding at the reader: the chain from the root in another file (a reader some root reaches is not
        // also reported as "nothing provides").
        let plain = try flowlint(["lint", "--reporter", "json", "--no-cache", "Sources/Views/Reader.swift"])
        XCTAssertEqual(diagnostics(plain).map { $0["file"] as? String }, ["Sources/Views/Reader.swift"])
        XCTAssertTrue((diagnostics(plain).first?["message"] as? String ?? "").hasPrefix("'Reader' reads a 'Model' here, and the app shows 'Reader' (Root.swift)"), plain.stdout)
        // Default cache: the package's .build/flowlint.
        _ = try flowlint(["lint", "--reporter", "json", "Sources/Views/Reader.swift"], mayModify: true)
        let packs = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/.build/flowlint")) ?? []
        XCTAssertEqual(packs.filter { $0.hasPrefix("facts-") && $0.hasSuffix(".bin") }.count, 1, "\(packs)")
        // --project narrower than the package: the root is outside it, so the chain is not seen.
        let narrow = try flowlint(["lint", "--reporter", "json", "--no-cache", "--project", "Sources/Views", "Sources/Views/Reader.swift"])
        XCTAssertEqual(diagnostics(narrow).count, 1)
        try write(".flowlint.yml", "excluded:\n  - Sources/Root.swift\n")
        let excluded = try flowlint(["lint", "--reporter", "json", "--no-cache", "Sources/Views/Reader.swift"], mayModify: true)
        XCTAssertEqual(diagnostics(excluded).count, 1, excluded.stdout)
    }
}

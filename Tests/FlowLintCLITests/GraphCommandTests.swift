import Foundation
import XCTest

/// `flowlint graph`: the view tree of a fixture compared exactly with the checked-in picture (re-bless with
/// `FLOWLINT_BLESS=1 swift test --filter GraphCommandTests`), and the options' errors.
final class GraphCommandTests: CLITestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let expected = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Expected")

    func testFixtureGraphMatchesTheCheckedInPicture() throws {
        let bless = ProcessInfo.processInfo.environment["FLOWLINT_BLESS"] == "1"
        let fixture = Self.repository.appendingPathComponent("Fixtures/SharedSettings").path
        for (format, suffix) in [("dot", "dot"), ("mermaid", "mmd")] {
            let run = try flowlint(["graph", "--no-cache", "--format", format], in: fixture)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stderr, "")
            let file = Self.expected.appendingPathComponent("graph-SharedSettings.\(suffix)")
            if bless {
                try run.stdoutBytes.write(to: file)
                continue
            }
            XCTAssertEqual(run.stdout, try String(contentsOf: file, encoding: .utf8), "\(format); bless with FLOWLINT_BLESS=1")
        }
        // The same picture whether the path is given or the working directory is the project.
        let fromOutside = try flowlint(["graph", "--no-cache", fixture])
        let inside = try flowlint(["graph", "--no-cache"], in: fixture)
        XCTAssertEqual(fromOutside.stdout, inside.stdout)
    }

    func testMissingObjectsAreMarkedAtTheReaderAndUnjudgedEdgesDashed() throws {
        try write("App.swift", """
            import SwiftUI
            final class Settings: ObservableObject {}
            final class Theme: ObservableObject {}
            @main struct NotesApp: App {
                @StateObject private var settings = Settings()
                var body: some Scene {
                    WindowGroup { Home().environmentObject(settings) }
                }
            }
            struct Home: View {
                var body: some View {
                    let badge = Badge()
                    VStack { Badge(); badge }
                }
            }
            struct Badge: View {
                @EnvironmentObject var settings: Settings
                @EnvironmentObject var theme: Theme
                var body: some View { Text("\\(settings.hashValue) \\(theme.hashValue)") }
            }
            """)
        let run = try flowlint(["graph", "--no-cache", "--format", "dot"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(lines.contains("n0 [label=\"NotesApp\\nApp.swift:7\", shape=doubleoctagon];"), run.stdout)
        XCTAssertTrue(lines.contains(
            "n1 [label=\"Badge\\nApp.swift\\nreads Settings, Theme\\nMISSING Theme from NotesApp\", color=red, fontcolor=red, penwidth=2];"),
            run.stdout)
        XCTAssertTrue(lines.contains("n0 -> n2 [label=\"provides Settings\"];"), run.stdout)
        XCTAssertTrue(lines.contains("n2 -> n1;"), run.stdout)
        XCTAssertTrue(lines.contains("n2 -> n1 [style=dashed];"), run.stdout)

        let onlyBadge = try flowlint(["graph", "--no-cache", "--root", "Badge", "--format", "mermaid"])
        XCTAssertEqual(onlyBadge.status, 0)
        XCTAssertEqual(onlyBadge.stdout.split(separator: "\n").filter { $0.contains("[\"") }.count, 1, onlyBadge.stdout)
    }

    func testUsageErrorsExitTwo() throws {
        try write("V.swift", "import SwiftUI\nstruct V: View { var body: some View { Text(\"\") } }\n")
        let unknownRoot = try flowlint(["graph", "--root", "Nothing"])
        XCTAssertEqual(unknownRoot.status, 2)
        XCTAssertEqual(unknownRoot.stderr, "error: no app, preview provider or view named 'Nothing' in the project\n")
        let format = try flowlint(["graph", "--format", "svg"])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("unknown format 'svg'; use one of: dot, mermaid"), format.stderr)
        let missing = try flowlint(["graph", "Missing"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "error: no such file or directory: Missing\n")
    }
}

import Foundation
import XCTest

/// The environment analysis (`missing_environment_object`, `missing_environment_object_in_preview`, `flowlint
/// graph`) on view graphs shaped to break it (issue 23): a chain of views far deeper than any stack allows per
/// view, and a ladder of views whose paths carry 2^30 different sets of provided objects. Each must end
/// normally with the complete findings. How fast is measured by Benchmarks/attacks.sh, not here.
final class EnvironmentAnalysisCLITests: CLITestCase {
    /// A run still going after this long is killed and fails the test: a guard against the exponential walk
    /// (the runs below take about 3 s of CPU each in a debug build, more on a loaded machine), not a speed target.
    static let hangGuard: TimeInterval = 120

    /// `ChainApp` shows V0, which shows V1, ... V20000, which reads a `Session` nothing provides.
    static let chain: String = {
        var lines = ["import SwiftUI", "final class Session: ObservableObject {}",
                     "@main struct ChainApp: App { var body: some Scene { WindowGroup { V0() } } }"]
        for i in 0..<20_000 { lines.append("struct V\(i): View { var body: some View { V\(i + 1)() } }") }
        lines.append("struct V20000: View { @EnvironmentObject var session: Session; var body: some View { Text(\"\\(session.hashValue)\") } }")
        return lines.joined(separator: "\n") + "\n"
    }()

    func testAChainOfTwentyThousandViewsGivesItsFindingAndItsGraph() throws {
        try write("Chain.swift", Self.chain)
        let lint = try flowlint(["lint", "--no-cache", "--reporter", "json", "."], timeout: Self.hangGuard)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        let found = diagnostics(lint)
        XCTAssertEqual(found.count, 1)
        let names = (0...20_000).map { "V\($0)" }.joined(separator: " -> ")
        XCTAssertEqual(found.first?["rule"] as? String, "missing_environment_object")
        XCTAssertEqual(found.first?["message"] as? String,
                       "'V0' is shown here without a 'Session' in its environment; 'V20000' below it reads one and crashes (\(names) needs Session)")
        // One note per view shown and one at the reader.
        XCTAssertEqual((found.first?["notes"] as? [Any])?.count, 20_001)

        let graph = try flowlint(["graph", "--no-cache", "--format", "mermaid", "."], timeout: Self.hangGuard)
        XCTAssertEqual(graph.status, 0, graph.stderr)
        let lines = graph.stdout.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains(" --> ") }.count, 20_001)
        XCTAssertEqual(lines.filter { $0.contains("MISSING Session from ChainApp") }.count, 1)
    }

    /// L0 shows L1 twice, once providing O0 and once not; L1 shows L2 twice, once providing O1; ... L30 reads O0
    /// to O29. Along the 2^30 paths, 2^30 sets are provided; along the first construction at each level,
    /// none, so every type is missing there, each at the end of the same chain.
    static let ladder: String = {
        let levels = 30
        var lines = ["import SwiftUI", "@main struct LadderApp: App { var body: some Scene { WindowGroup { L0() } } }"]
        for i in 0..<levels {
            lines.append("final class O\(i): ObservableObject {}")
            lines.append("struct L\(i): View { var body: some View { VStack { L\(i + 1)(); L\(i + 1)().environmentObject(O\(i)()) } } }")
        }
        lines.append("struct L\(levels): View {")
        for i in 0..<levels { lines.append("    @EnvironmentObject var o\(i): O\(i)") }
        lines.append("    var body: some View { Text(\"\\(o0.hashValue)\") }")
        for i in 1..<levels { lines.append("    var uses\(i): Int { o\(i).hashValue }") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }()

    func testALadderOfProvidersIsWalkedOnce() throws {
        try write("Ladder.swift", Self.ladder)
        let lint = try flowlint(["lint", "--no-cache", "--reporter", "json", "."], timeout: Self.hangGuard)
        XCTAssertEqual(lint.status, 1, lint.stderr)
        let found = diagnostics(lint)
        XCTAssertEqual(found.count, 1)
        let message = try XCTUnwrap(found.first?["message"] as? String)
        // Sorted by name, as every finding lists its types.
        let types = (0..<30).map { "O\($0)" }.sorted()
        let listed = types.dropLast().map { "an '\($0)'" }.joined(separator: ", ") + " and an '\(types.last!)'"
        let chain = (0...30).map { "L\($0)" }.joined(separator: " -> ")
        let chains = types.map { "\(chain) needs \($0)" }.joined(separator: "; ")
        XCTAssertEqual(message, "'L0' is shown here without \(listed) in its environment; 'L30' below it reads them and crashes (\(chains))")
        // The chains share their steps: 30 views shown (the first construction of each level), 30 readers.
        XCTAssertEqual((found.first?["notes"] as? [Any])?.count, 60)

        let graph = try flowlint(["graph", "--no-cache", "--format", "dot", "."], timeout: Self.hangGuard)
        XCTAssertEqual(graph.status, 0, graph.stderr)
        for type in types { XCTAssertTrue(graph.stdout.contains("MISSING \(type) from LadderApp"), type) }
    }

    /// A view the app reaches through a cycle (NoteList -> NoteEditor -> NoteList) is walked for the preview
    /// too: before issue 23, what the app's walk had computed for NoteEditor inside the cycle was reused, cut
    /// short where the cycle closed, and the preview's finding was lost, unless the preview came first.
    func testAFindingDoesNotDependOnTheOrderOfTheRoots() throws {
        let views = """
            import SwiftUI
            final class Store: ObservableObject { @Published var count = 0 }
            struct NoteList: View {
                @EnvironmentObject var store: Store
                @State private var editing = false
                var body: some View {
                    Text("\\(store.hashValue)").onTapGesture { editing = true }.sheet(isPresented: $editing) { NoteEditor() }
                }
            }
            struct NoteEditor: View {
                @State private var browsing = false
                var body: some View {
                    Text("").onTapGesture { browsing = true }.sheet(isPresented: $browsing) { NoteList() }
                }
            }

            """
        let app = "@main struct NotesApp: App {\n    var body: some Scene { WindowGroup { NoteList() } }\n}\n"
        let preview = "#Preview { NoteEditor() }\n"
        try write(".flowlint.yml", "opt_in_rules: [missing_environment_object_in_preview]\n")
        for (order, source) in [("app first", views + app + preview), ("preview first", views + preview + app)] {
            try write("Notes.swift", source)
            let lint = try flowlint(["lint", "--no-cache", "--reporter", "json", "."])
            XCTAssertEqual(lint.status, 1, order)
            let messages = diagnostics(lint).compactMap { $0["message"] as? String }.sorted()
            XCTAssertEqual(messages, [
                "'NoteEditor' is previewed here without a 'Store' in its environment; 'NoteList' below it reads one and crashes when the sheet is presented (NoteEditor -> NoteList needs Store)",
                "'NoteList' is shown here without a 'Store' in its environment, and it reads one: it crashes (NoteList needs Store)",
            ], order)
        }
    }
}

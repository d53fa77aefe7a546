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
        XCTAssertTrue(lines.contains("\"n0\" [label=\"NotesApp\\nApp.swift:7\", shape=doubleoctagon];"), run.stdout)
        XCTAssertTrue(lines.contains(
            "\"n1\" [label=\"Badge\\nApp.swift\\nreads Settings, Theme\\nMISSING Theme from NotesApp\", color=red, fontcolor=red, penwidth=2];"),
            run.stdout)
        XCTAssertTrue(lines.contains("\"n0\" -> \"n2\" [label=\"provides Settings\"];"), run.stdout)
        XCTAssertTrue(lines.contains("\"n2\" -> \"n1\";"), run.stdout)
        XCTAssertTrue(lines.contains("\"n2\" -> \"n1\" [style=dashed];"), run.stdout)

        let onlyBadge = try flowlint(["graph", "--no-cache", "--root", "Badge", "--format", "mermaid"])
        XCTAssertEqual(onlyBadge.status, 0)
        XCTAssertEqual(onlyBadge.stdout.split(separator: "\n").filter { $0.contains("[\"") }.count, 1, onlyBadge.stdout)
    }

    /// Type names (raw identifiers in backticks, which swiftc accepts) and file names are text in a label,
    /// escaped one Unicode scalar at a time: a `"` followed by a combining mark (one `Character`) closed the
    /// DOT label and added a `URL=<javascript:...>` attribute that `dot -Tsvg` turned into a link; a newline in
    /// a file name started a Mermaid statement, and ESC and BEL reached the terminal.
    func testProjectTextNeverBecomesDOTOrMermaidSyntax() throws {
        let mark = "\u{301}"  // COMBINING ACUTE ACCENT: `"` and the mark are one Character
        let object = #"`S"\#(mark)=1, URL=<javascript:alert(1)>, \#(mark)="\#(mark)`"#
        try write("App.swift", #"""
            import SwiftUI
            final class \#(object): ObservableObject {}
            @main struct MyApp: App {
                @StateObject private var s = \#(object)()
                var body: some Scene { WindowGroup { B().environmentObject(s) } }
            }
            struct B: View {
                @EnvironmentObject var s: \#(object)
                var body: some View { Text("") }
            }
            #Preview { B() }
            struct `b\\N<x>|;#`: View {
                var body: some View { Text("") }
            }
            """#)
        try write("v\n  click n0 \"javascript:alert(4)\"\n\u{1B}[31m\u{7}\u{202E}.swift",
                  "import SwiftUI\nstruct V: View {\n    var body: some View { Text(\"\") }\n}\n")

        let dot = try flowlint(["graph", "--no-cache", "--format", "dot"])
        XCTAssertEqual(dot.status, 0, dot.stderr)
        let dotObject = #"S\"\#(mark)=1, URL=<javascript:alert(1)>, \#(mark)=\"\#(mark)"#
        XCTAssertEqual(dot.stdout, #"""
            digraph flowlint {
                rankdir=LR;
                node [shape=box, fontname="Helvetica"];
                edge [fontname="Helvetica", fontsize=10];
                "n0" [label="MyApp\nApp.swift:5", shape=doubleoctagon];
                "n1" [label="#Preview\nApp.swift:11", shape=octagon];
                "n2" [label="B\nApp.swift\nreads \#(dotObject)\nMISSING \#(dotObject) from #Preview at App.swift:11", color=red, fontcolor=red, penwidth=2];
                "n3" [label="V\nv\\n  click n0 \"javascript:alert(4)\"\\n\\u{1B}[31m\\u{7}\\u{202E}.swift"];
                "n4" [label="b\\\\N<x>|;#\nApp.swift"];
                "n0" -> "n2" [label="provides \#(dotObject)"];
                "n1" -> "n2";
            }

            """#)

        let mermaid = try flowlint(["graph", "--no-cache", "--format", "mermaid"])
        XCTAssertEqual(mermaid.status, 0, mermaid.stderr)
        let mermaidObject = #"S#34;\#(mark)=1, URL=#60;javascript:alert(1)#62;, \#(mark)=#34;\#(mark)"#
        XCTAssertEqual(mermaid.stdout, #"""
            flowchart LR
                n0{{"MyApp<br/>App.swift:5"}}
                n1(["#35;Preview<br/>App.swift:11"])
                n2["B<br/>App.swift<br/>reads \#(mermaidObject)<br/>MISSING \#(mermaidObject) from #35;Preview at App.swift:11"]
                n3["V<br/>v\n  click n0 #34;javascript:alert(4)#34;\n\u{1B}[31m\u{7}\u{202E}.swift"]
                n4["b\\N#60;x#62;#124;#59;#35;<br/>App.swift"]
                n0 -->|"provides \#(mermaidObject)"| n2
                n1 --> n2
                classDef missing stroke:#d00,stroke-width:2px,color:#d00
                class n2 missing

            """#)
        for run in [dot, mermaid] {
            XCTAssertFalse(run.stdoutBytes.contains { $0 < 0x20 && $0 != 0x0A }, "a raw control character in \(run.stdout)")
        }
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

import FlowLintSyntax
import XCTest
@testable import FlowLintKit

/// Every reporter against a checked-in expected output, built from hand-made diagnostics full of characters
/// that need escaping (quotes, newlines, `%`, `<`, `&`, `:`, `,`, tabs, an ANSI escape, non-ASCII text).
/// Set FLOWLINT_UPDATE_GOLDEN=1 to rewrite the files, then review the diff.
final class ReporterTests: XCTestCase {
    static let nastyFile = "Sources/App/Café \"quoted\" & <tags>, 100%.swift"
    static let emojiFile = "a b/emoji😀:colon.swift"

    /// Source of `nastyFile`: line 3 has non-ASCII text before the finding (UTF-16 columns differ).
    static let nastySource = Array("""
        import SwiftUI

        struct Café: View { @ObservedObject var s = Store() }
        // note target
        """.utf8)

    static func span(_ file: String, _ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int,
                     offsets: Range<Int> = 0..<0) -> SourceSpan {
        SourceSpan(file: file, startOffset: offsets.lowerBound, endOffset: offsets.upperBound,
                   start: SourcePosition(line: line, column: column), end: SourcePosition(line: endLine, column: endColumn))
    }

    /// Deliberately out of order: reporters must sort.
    static let diagnostics: [Diagnostic] = [
        Diagnostic(ruleID: "missing_environment_object", severity: .error,
                   message: "tab\there, CR\rLF\nescape \u{1B}[31mred\u{1B}[0m and ü",
                   span: span(emojiFile, 7, 1, 7, 9)),
        Diagnostic(ruleID: "observed_object_inline", severity: .warning,
                   message: "\"s\" is created inline: 100% <lost> & re-created, every: time",
                   span: span(nastyFile, 3, 22, 3, 37, offsets: 37..<52),
                   notes: [DiagnosticNote(message: "created here, with 'quotes' & %", span: span(nastyFile, 4, 1, 4, 3))],
                   fixes: [Fix(message: "Use @StateObject", applicability: .suggestion,
                                edits: [TextEdit(startOffset: 37, endOffset: 51, replacement: "@StateObject\n→")])]),
        Diagnostic(ruleID: "non_private_state", severity: .warning, message: "make it private",
                   span: span(nastyFile, 1, 1, 1, 7),
                   fixes: [Fix(message: "Add private", applicability: .safe, edits: [TextEdit(startOffset: 0, endOffset: 0, replacement: "private ")])]),
        Diagnostic(ruleID: "unknown_rule_from_the_future", severity: .warning, message: "outside the working directory",
                   span: span("/tmp/out side/ü.swift", 2, 3, 2, 4)),
    ]

    /// Rules and documents made here, so the expected files do not change when real rules or docs do.
    static let rules = [
        RuleDescriptor(id: "observed_object_inline", name: "Observed Object Created Inline",
                       summary: "an @ObservedObject must not be created by <the> view", rationale: "Line one.\nLine \"two\" & more.",
                       defaultSeverity: .warning, fix: .suggestion),
        RuleDescriptor(id: "non_private_state", name: "non private state", summary: "state should be private",
                       rationale: "Why.", defaultSeverity: .warning, fix: .safe),
        RuleDescriptor(id: "missing_environment_object", name: "Missing Environment Object", summary: "s", rationale: "r",
                       defaultSeverity: .error, isOptIn: true),
    ]

    static var context: ReportContext {
        var context = ReportContext(toolVersion: "9.9.9", rules: rules,
                      ruleDocuments: ["observed_object_inline": "# observed_object_inline\n\n`@ObservedObject` \"doc\" \\ text\n"],
                      lintedFiles: [nastyFile, emojiFile, "/tmp/out side/ü.swift", "Clean & <ok>.swift"],
                      sources: [nastyFile: nastySource])
        context.configurationNotices = [".flowlint.yml:2:1: warning: unknown key 'excludes' \"quoted\""]
        context.executionNotices = ["Locked & <x>.swift: error: cannot read: Permission denied"]
        context.executionSuccessful = false
        return context
    }

    /// With a root, SARIF names files under it relative to `%SRCROOT%` (what GitHub resolves against the
    /// checkout, whatever the step's working directory) and GitHub annotations relative to it; files outside
    /// keep their path.
    func testPathsAreAnchoredToTheRoot() throws {
        var context = Self.context
        // The working directory as the root: the golden's relative paths are under it, /tmp/out side is not.
        let root = Paths.standardize(Paths.currentDirectory)
        context.rootDirectory = root
        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ReporterKind.sarif.render(Self.diagnostics, context: context).utf8))
            as? [String: Any])
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let base = try XCTUnwrap((run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: Any])
        XCTAssertEqual(base["uri"] as? String, Escaping.uri(forPath: root + "/"))
        let locations = (run["results"] as? [[String: Any]] ?? []).compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        }
        XCTAssertTrue(locations.contains { $0["uri"] as? String == Escaping.uri(forPath: Self.emojiFile) && $0["uriBaseId"] as? String == "%SRCROOT%" },
                      "\(locations)")
        XCTAssertTrue(locations.contains { $0["uri"] as? String == "file:///tmp/out%20side/%C3%BC.swift" && $0["uriBaseId"] == nil }, "\(locations)")
        let github = ReporterKind.github.render(Self.diagnostics, context: context)
        XCTAssertTrue(github.contains("file=\(Escaping.githubProperty(Self.emojiFile)),"), github)
    }

    func check(_ kind: ReporterKind, file: String, diagnostics: [Diagnostic] = ReporterTests.diagnostics,
               line: UInt = #line) throws {
        let output = kind.render(diagnostics, context: Self.context)
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/\(file)")
        if ProcessInfo.processInfo.environment["FLOWLINT_UPDATE_GOLDEN"] == "1" {
            try output.write(to: url, atomically: false, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(output, expected, "\(kind) output differs from Golden/\(file)", line: line)
        // Same output whatever order the diagnostics come in.
        XCTAssertEqual(kind.render(diagnostics.reversed(), context: Self.context), output, line: line)
    }

    func testText() throws { try check(.text, file: "report.txt") }
    func testJSON() throws { try check(.json, file: "report.json") }
    func testSARIF() throws { try check(.sarif, file: "report.sarif") }
    func testGitHub() throws { try check(.github, file: "report.github.txt") }
    func testCheckstyle() throws { try check(.checkstyle, file: "report.checkstyle.xml") }
    func testJUnit() throws { try check(.junit, file: "report.junit.xml") }
    func testCodeClimate() throws { try check(.codeclimate, file: "report.codeclimate.json") }
    func testEmptyReports() throws {
        try check(.json, file: "empty.json", diagnostics: [])
        XCTAssertEqual(ReporterKind.text.render([], context: Self.context), "")
        XCTAssertEqual(ReporterKind.github.render([], context: Self.context), "")
        XCTAssertEqual(ReporterKind.codeclimate.render([], context: Self.context), "[]\n")
    }

    func testXcodeIsANameForText() {
        XCTAssertEqual(ReporterKind(rawValue: "xcode"), .text)
        XCTAssertEqual(ReporterKind(rawValue: "codeclimate"), .codeclimate)
        XCTAssertNil(ReporterKind(rawValue: "Xcode"))
        XCTAssertNil(ReporterKind(rawValue: "gitlab"))
        // Every format is found by its own name; an alias never shadows one.
        for kind in ReporterKind.allCases { XCTAssertEqual(ReporterKind(rawValue: kind.rawValue), kind) }
        XCTAssertTrue(Set(ReporterKind.aliases.keys).isDisjoint(with: ReporterKind.allCases.map(\.rawValue)))
    }

    /// GitLab shows one finding per fingerprint and follows a finding across commits by it: identical lines
    /// get different fingerprints, and moving a line keeps its fingerprint.
    func testCodeClimateFingerprints() throws {
        func fingerprints(_ source: String, lines: [Int]) throws -> [String] {
            let diagnostics = lines.map {
                Diagnostic(ruleID: "observed_object_inline", severity: .warning, message: "m", span: Self.span("A.swift", $0, 1, $0, 2))
            }
            let output = ReporterKind.codeclimate.render(diagnostics, context: ReportContext(sources: ["A.swift": Array(source.utf8)]))
            let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
            return issues.compactMap { $0["fingerprint"] as? String }
        }
        let twice = try fingerprints("x = Store()\nx = Store()\ny\n", lines: [1, 2, 3])
        XCTAssertEqual(Set(twice).count, 3)
        XCTAssertTrue(twice.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        let shifted = try fingerprints("// new\n\nx = Store()\nx = Store()\ny\n", lines: [3, 4, 5])
        XCTAssertEqual(shifted, twice)
    }

    func testJSONOutputParsesAndKeepsNastyStrings() throws {
        let output = ReporterKind.json.render(Self.diagnostics, context: Self.context)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(object["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 4)
        let messages = diagnostics.compactMap { $0["message"] as? String }
        XCTAssertTrue(messages.contains(Self.diagnostics[0].message))
        XCTAssertTrue(messages.contains(Self.diagnostics[1].message))
        XCTAssertTrue(diagnostics.contains { $0["file"] as? String == Self.nastyFile })
    }

    func testColorOnlyWhenAsked() {
        var context = Self.context
        XCTAssertFalse(ReporterKind.text.render(Self.diagnostics, context: context).contains("\u{1B}[1"))
        context.useColor = true
        let colored = ReporterKind.text.render(Self.diagnostics, context: context)
        XCTAssertTrue(colored.contains("\u{1B}[1;33mwarning\u{1B}[0m"))
        // The ANSI escape inside the message is still neutralised.
        XCTAssertTrue(colored.contains("escape \\u{1B}[31mred"))
    }

    func testSARIFFingerprintSurvivesLineShifts() {
        let before = Array("struct A: View { @ObservedObject var s = Store() }\n".utf8)
        let after = Array("// a new comment\n\n   struct A: View { @ObservedObject var s = Store() }\n".utf8)
        func fingerprint(_ source: [UInt8], line: Int) -> String {
            let diagnostic = Diagnostic(ruleID: "observed_object_inline", severity: .warning, message: "m",
                                        span: Self.span("A.swift", line, 18, line, 33))
            let output = ReporterKind.sarif.render([diagnostic], context: ReportContext(rules: Self.rules, ruleDocuments: [:], sources: ["A.swift": source]))
            let start = output.range(of: "\"primaryLocationLineHash\": \"")!.upperBound
            return String(output[start...].prefix { $0 != "\"" })
        }
        XCTAssertEqual(fingerprint(before, line: 1), fingerprint(after, line: 3))
        XCTAssertTrue(fingerprint(before, line: 1).hasSuffix(":1"))
    }

    func testSARIFOccurrenceCounterSeparatesIdenticalLines() {
        let source = Array("x\nx\n".utf8)
        let diagnostics = [1, 2].map {
            Diagnostic(ruleID: "r", severity: .warning, message: "m", span: Self.span("A.swift", $0, 1, $0, 2))
        }
        let output = ReporterKind.sarif.render(diagnostics, context: ReportContext(rules: Self.rules, ruleDocuments: [:], sources: ["A.swift": source]))
        XCTAssertTrue(output.contains(":1\""))
        XCTAssertTrue(output.contains(":2\""))
    }

    func testEscapingHelpers() {
        XCTAssertEqual(Escaping.githubData("100%\r\n"), "100%25%0D%0A")
        XCTAssertEqual(Escaping.githubProperty("a:b,c%"), "a%3Ab%2Cc%25")
        XCTAssertEqual(Escaping.xml("<a href=\"x\">&'\n\u{0}"), "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&#10;\u{FFFD}")
        XCTAssertEqual(Escaping.uri(forPath: "a b/é#?.swift"), "a%20b/%C3%A9%23%3F.swift")
        XCTAssertEqual(Escaping.uri(forPath: "/abs/x.swift"), "file:///abs/x.swift")
        XCTAssertEqual(Escaping.text("a\nb\u{7}"), "a\\nb\\u{7}")
    }

    func testUTF16ColumnsInSARIF() {
        var lines = SourceLines(sources: ["f": Array("é😀x\n".utf8)])
        // "é" is 2 bytes / 1 UTF-16 unit; "😀" 4 bytes / 2 units: byte column 7 ("x") is UTF-16 column 4.
        XCTAssertEqual(lines.utf16Column(file: "f", line: 1, byteColumn: 7), 4)
        XCTAssertEqual(lines.utf16Column(file: "f", line: 1, byteColumn: 1), 1)
        XCTAssertEqual(lines.utf16Column(file: "missing", line: 1, byteColumn: 9), 9)
    }
}

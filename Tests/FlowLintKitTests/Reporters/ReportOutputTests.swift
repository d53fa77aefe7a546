import FlowLintSyntax
import XCTest
@testable import FlowLintKit

/// Reports are written in pieces as they are rendered (`ReportOutput`, `JSONStream`), never held whole: the
/// pieces are bounded, the bytes are those of the whole document, and nothing is written after a failed piece.
final class ReportOutputTests: XCTestCase {
    /// `count` findings in `files` files, each with a note and a fix, as a dense file produces them.
    static func findings(_ count: Int, files: Int = 3) -> [Diagnostic] {
        (0..<count).map { i in
            let file = "F\(i % files).swift", line = i / files + 3
            let span = SourceSpan(file: file, startOffset: 10 * i, endOffset: 10 * i + 6,
                                  start: SourcePosition(line: line, column: 5), end: SourcePosition(line: line, column: 11))
            return Diagnostic(ruleID: "non_private_state", severity: .warning, message: "state 'a\(i)' \"is\" public",
                              span: span, notes: [DiagnosticNote(message: "declared here", span: span)],
                              fixes: [Fix(message: "make it private", applicability: .safe,
                                          edits: [TextEdit(startOffset: 10 * i, endOffset: 10 * i, replacement: "private ")])])
        }
    }

    static func context(_ diagnostics: [Diagnostic]) -> ReportContext {
        let files = Set(diagnostics.map(\.span.file)).sorted()
        var sources: [String: [UInt8]] = [:]
        for file in files { sources[file] = Array(String(repeating: "    @State var a = 0\n", count: 1000).utf8) }
        return ReportContext(lintedFiles: files + ["Clean.swift", "A.swift"], sources: sources)
    }

    func testEveryReporterWritesBoundedPiecesThatMakeTheWholeReport() throws {
        let diagnostics = Self.findings(3000)
        let context = Self.context(diagnostics)
        for kind in ReporterKind.allCases {
            var pieces: [[UInt8]] = []
            kind.write(diagnostics, context: context, to: ReportOutput { pieces.append($0); return true })
            let whole = pieces.flatMap { $0 }
            XCTAssertGreaterThan(pieces.count, 2, "\(kind): a report of 3,000 findings comes in several pieces")
            // A piece ends once it holds 64 KiB: at most that plus what one write adds (one finding's text). The
            // first may hold more: SARIF's rule list with every rule's document, the same for every report.
            XCTAssertLessThan(pieces.dropFirst().map(\.count).max() ?? 0, ReportOutput.pieceSize + 8192, "\(kind)")
            XCTAssertEqual(String(decoding: whole, as: UTF8.self), kind.render(diagnostics, context: context), "\(kind)")
        }
    }

    /// The streamed JSON documents are those `JSONValue` renders whole (the format the golden files pin for a
    /// few findings), here for thousands, in more than one file, and for none.
    func testStreamedJSONIsTheDocumentJSONValueRenders() throws {
        for diagnostics in [Self.findings(2500), []] {
            let json = ReporterKind.json.render(diagnostics, context: Self.context(diagnostics))
            let whole = JSONValue.object([
                ("version", .int(JSONReporter.formatVersion)),
                ("diagnostics", .array(diagnostics.sorted(by: Diagnostic.outputOrder).map(JSONReporter.json))),
            ]).rendered()
            XCTAssertEqual(json, whole)
            let codeclimate = ReporterKind.codeclimate.render(diagnostics, context: Self.context(diagnostics))
            let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(codeclimate.utf8)) as? [[String: Any]])
            XCTAssertEqual(parsed.count, diagnostics.count)
            XCTAssertEqual(Set(parsed.compactMap { $0["fingerprint"] as? String }).count, diagnostics.count,
                           "fingerprints stay unique with occurrences counted per file")
        }
        XCTAssertEqual(ReporterKind.json.render([], context: ReportContext()), "{\n  \"version\": 1,\n  \"diagnostics\": []\n}\n")
    }

    func testNothingIsWrittenAfterAFailedPiece() {
        let diagnostics = Self.findings(3000)
        var calls = 0
        let out = ReportOutput { _ in calls += 1; return false }
        ReporterKind.sarif.write(diagnostics, context: Self.context(diagnostics), to: out)
        XCTAssertTrue(out.failed)
        XCTAssertEqual(calls, 1)
    }

    /// JUnit lists the suites of files with findings and of clean files in one sorted order, merged as they
    /// are written.
    func testJUnitMergesCleanFilesIntoTheSortedSuites() {
        let diagnostics = Self.findings(4, files: 2)
        let junit = ReporterKind.junit.render(diagnostics, context: Self.context(diagnostics))
        let suites = junit.split(separator: "\n").filter { $0.hasPrefix("  <testsuite ") }
            .map { $0.split(separator: "\"")[1] }
        XCTAssertEqual(suites, ["A.swift", "Clean.swift", "F0.swift", "F1.swift"])
    }
}

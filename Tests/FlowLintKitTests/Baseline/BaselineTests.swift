import FlowLintSyntax
import XCTest
@testable import FlowLintKit

final class BaselineTests: XCTestCase {
    func finding(_ file: String, line: Int, rule: String = "observed_object_inline", message: String = "m") -> Diagnostic {
        Diagnostic(ruleID: rule, severity: .warning, message: message,
                   span: SourceSpan(file: file, startOffset: 0, endOffset: 0,
                                    start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 2)))
    }

    func testSurvivesLineShiftsAndReportsOnlyNewFindings() throws {
        let before = Array("struct A {\n  @ObservedObject var s = S()\n}\n".utf8)
        let baseline = Baseline(diagnostics: [finding("A.swift", line: 2)], sources: ["A.swift": before], directory: Paths.currentDirectory)
        XCTAssertEqual(baseline.entries, [Baseline.Entry(rule: "observed_object_inline", file: "A.swift",
                                                         lineText: "@ObservedObject var s = S()", message: "m")])
        // Three lines added above, and a new finding elsewhere.
        let after = Array("// one\n// two\n\nstruct A {\n    @ObservedObject var s = S()\n  @ObservedObject var t = T()\n}\n".utf8)
        let (remaining, suppressed) = baseline.filter([finding("A.swift", line: 5), finding("A.swift", line: 6)],
                                                       sources: ["A.swift": after])
        XCTAssertEqual(suppressed, 1)
        XCTAssertEqual(remaining.map(\.span.start.line), [6])
    }

    func testMultisetMatching() throws {
        let source = Array("x\nx\nx\n".utf8)
        let baseline = Baseline(diagnostics: [finding("A.swift", line: 1), finding("A.swift", line: 2)], sources: ["A.swift": source],
                                directory: Paths.currentDirectory)
        let (remaining, suppressed) = baseline.filter((1...3).map { finding("A.swift", line: $0) }, sources: ["A.swift": source])
        XCTAssertEqual(suppressed, 2)
        XCTAssertEqual(remaining.count, 1)
    }

    func testRoundTripIsSortedAndStable() throws {
        let source = Array("b\na\n".utf8)
        let baseline = Baseline(diagnostics: [finding("B.swift", line: 1), finding("A.swift", line: 2, message: "é \"q\"\n")],
                                sources: ["A.swift": source, "B.swift": source], directory: Paths.currentDirectory)
        let text = baseline.rendered()
        XCTAssertEqual(text, """
            {
              "version": 1,
              "findings": [
                {
                  "rule": "observed_object_inline",
                  "file": "A.swift",
                  "lineText": "a",
                  "message": "é \\"q\\"\\n"
                },
                {
                  "rule": "observed_object_inline",
                  "file": "B.swift",
                  "lineText": "b",
                  "message": "m"
                }
              ]
            }

            """)
        XCTAssertEqual(try Baseline.parse(Data(text.utf8), path: "b.json", directory: Paths.standardize(Paths.currentDirectory)), baseline)
    }

    func testInvalidBaselineIsAnError() {
        XCTAssertThrowsError(try Baseline.parse(Data("{".utf8), path: "b.json", directory: "/"))
        XCTAssertThrowsError(try Baseline.parse(Data("{\"version\": 2, \"findings\": []}".utf8), path: "b.json", directory: "/"))
        XCTAssertThrowsError(try Baseline.parse(Data("{\"version\": 1, \"findings\": [{\"rule\": 1}]}".utf8), path: "b.json", directory: "/"))
    }
}

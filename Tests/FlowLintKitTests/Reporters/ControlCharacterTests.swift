import FlowLintSyntax
import XCTest
@testable import FlowLintKit

/// No reporter lets a control character from a file name or a message through as it is: not an escape
/// sequence (it would drive the terminal showing a CI log), not a BEL, not a C1 control, not a bidirectional
/// override (the line would display in another order than it reads), not a line break inside a line.
final class ControlCharacterTests: XCTestCase {
    static let hostileFile = "x\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m\u{202E}evil\u{2028}\r\n::error::forged.swift"
    static let hostileMessage = "m\u{1B}[31m\u{7}\u{8}\u{7F}\u{85}\u{2066}\r\n::warning file=a::forged"

    static let diagnostics = [
        Diagnostic(ruleID: "observed_object_inline", severity: .error, message: hostileMessage,
                   span: SourceSpan(file: hostileFile, startOffset: 0, endOffset: 1,
                                    start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 2)),
                   notes: [DiagnosticNote(message: hostileMessage,
                                          span: SourceSpan(file: hostileFile, startOffset: 0, endOffset: 1,
                                                           start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 2)))]),
    ]

    /// What may appear raw in a report: line breaks between records (each reporter's own), tab, and nothing
    /// else from `Escaping.isUnsafeInText`.
    func unsafeScalars(_ output: String) -> [Unicode.Scalar] {
        output.unicodeScalars.filter { $0 != "\n" && Escaping.isUnsafeInText($0) }
    }

    func testEveryReporterEscapesControlCharacters() {
        let context = ReportContext(toolVersion: "9.9.9", rules: ReporterTests.rules, ruleDocuments: [:],
                                    lintedFiles: [Self.hostileFile], sources: [Self.hostileFile: Array("x\n".utf8)])
        for kind in ReporterKind.allCases {
            let output = kind.render(Self.diagnostics, context: context)
            XCTAssertEqual(unsafeScalars(output), [], "\(kind)")
            // No forged line: every line of the text and github formats starts as the reporter starts one.
            if kind == .text || kind == .github {
                for line in output.split(separator: "\n") {
                    XCTAssertTrue(line.hasPrefix("x\\u{1B}]0;pwned") || line.hasPrefix("::error file=x\\u{1B}]0;pwned"),
                                  "\(kind): \(line)")
                }
            }
        }
    }

    func testTextEscaping() {
        XCTAssertEqual(Escaping.text("a\u{1B}b\u{7}c\td\ne\rf\u{9B}g\u{202E}h\u{2029}i"),
                       "a\\u{1B}b\\u{7}c\td\\ne\\rf\\u{9B}g\\u{202E}h\\u{2029}i")
        XCTAssertEqual(Escaping.text("plain ü 😀"), "plain ü 😀")
        XCTAssertEqual(Escaping.githubData("50%\u{1B}[0m\n"), "50%25\\u{1B}[0m%0A")
        XCTAssertEqual(Escaping.xml("a\u{1B}b\u{9B}c\u{202E}d"), "a\u{FFFD}b&#x9B;c&#x202E;d")
    }
}

import XCTest
@testable import FlowLintKit
import FlowLintSyntax

/// Findings are written and read by hand in `CompactCoding` (`Diagnostic.write`, `Diagnostic(reading:)`): the bytes
/// must be those the generic containers write, and each side must read the other's.
final class DiagnosticCodingTests: XCTestCase {
    func span(_ file: String, _ offset: Int) -> SourceSpan {
        SourceSpan(file: file, startOffset: offset, endOffset: offset + 300,
                   start: SourcePosition(line: 3, column: 5), end: SourcePosition(line: 400, column: 200))
    }

    struct Condition: Codable, Equatable {
        var owner: String
        var names: [String]
    }

    var findings: [PendingFinding<Condition>] {
        let plain = Diagnostic(ruleID: "non_private_state", severity: .warning, message: "@State 'x' should be private",
                               span: span("A.swift", 12))
        let full = Diagnostic(
            ruleID: "missing_environment_object", severity: .error, message: "é🙂 ünïcode",
            span: span("Other.swift", -1),
            notes: [DiagnosticNote(message: "root", span: span("A.swift", 90_000)), DiagnosticNote(message: "", span: span("B.swift", 0))],
            fixes: [Fix(message: "insert 'private'", applicability: .suggestion,
                        edits: [TextEdit(startOffset: 4, endOffset: 4, replacement: "private "),
                                TextEdit(startOffset: 1 << 40, endOffset: -3, replacement: "")]),
                    Fix(message: "none", applicability: .safe, edits: [])],
            suppressibleAt: [RelatedPlace(span: span("A.swift", 7), message: "here"),
                             RelatedPlace(span: span("C.swift", 8), message: "there")])
        var many = plain
        // Past 127 elements the count takes two bytes.
        many.notes = (0..<130).map { DiagnosticNote(message: "note \($0)", span: span($0 % 2 == 0 ? "A.swift" : "D.swift", $0)) }
        return [plain, full, many].map { PendingFinding(diagnostic: $0, condition: Condition(owner: "View", names: ["a", "b"])) }
    }

    func testHandWrittenBytesAreTheContainersBytes() throws {
        let handWritten = CompactCoding.encode(findings, path: "A.swift")
        let generic = CompactCoding.encode(findings, path: "A.swift", handWritten: false)
        XCTAssertEqual(handWritten, generic)
        for finding in findings {
            XCTAssertEqual(CompactCoding.encode(finding.diagnostic.span, path: "A.swift"),
                           CompactCoding.encode(finding.diagnostic.span, path: "A.swift", handWritten: false))
        }
    }

    func testEachSideReadsTheOthersBytes() throws {
        let bytes = CompactCoding.encode(findings, path: "A.swift", handWritten: false)
        XCTAssertEqual(try CompactCoding.decode([PendingFinding<Condition>].self, from: bytes, path: "A.swift"), findings)
        XCTAssertEqual(try CompactCoding.decode([PendingFinding<Condition>].self, from: bytes, path: "A.swift", handWritten: false), findings)
        // Spans in the coded file take the path it has when decoding.
        let moved = try CompactCoding.decode([PendingFinding<Condition>].self, from: bytes, path: "New.swift")
        XCTAssertEqual(moved[0].diagnostic.span.file, "New.swift")
        XCTAssertEqual(moved[1].diagnostic.span.file, "Other.swift")
        XCTAssertEqual(moved[1].diagnostic.notes.map(\.span.file), ["New.swift", "B.swift"])
    }

    func testDamagedBytesDoNotDecode() {
        let bytes = CompactCoding.encode(findings, path: "A.swift")
        for cut in stride(from: 1, to: bytes.count, by: 7) {
            XCTAssertNil(try? CompactCoding.decode([PendingFinding<Condition>].self, from: Array(bytes[0..<cut]), path: "A.swift"), "cut at \(cut)")
        }
        // An unknown severity is rejected, as the synthesized conformance rejects it.
        var bad = CompactCoding.encode(findings[0].diagnostic, path: "A.swift")
        let at = bad.firstIndex(of: UInt8(ascii: "w"))!
        bad[at] = UInt8(ascii: "x")
        XCTAssertNil(try? CompactCoding.decode(Diagnostic.self, from: bad, path: "A.swift"))
        XCTAssertNil(try? CompactCoding.decode(Diagnostic.self, from: bad, path: "A.swift", handWritten: false))
    }
}

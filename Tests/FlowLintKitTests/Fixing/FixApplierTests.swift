import FlowLintSyntax
import XCTest
@testable import FlowLintKit

final class FixApplierTests: XCTestCase {
    func diagnostic(line: Int, _ fixes: [Fix]) -> Diagnostic {
        Diagnostic(ruleID: "r", severity: .warning, message: "m",
                   span: SourceSpan(file: "A.swift", startOffset: 0, endOffset: 0,
                                    start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 1)),
                   fixes: fixes)
    }

    func testAppliesSafeNonOverlappingFixesOnly() {
        let bytes = Array("@State var a = 1\n@State var b = 2\n".utf8)
        let diagnostics = [
            diagnostic(line: 1, [Fix(message: "private", applicability: .safe, edits: [TextEdit(startOffset: 7, endOffset: 7, replacement: "private ")])]),
            // Same insertion point as the first: conflicts, skipped (the re-lint finds it again if still needed).
            diagnostic(line: 1, [Fix(message: "dup", applicability: .safe, edits: [TextEdit(startOffset: 7, endOffset: 7, replacement: "fileprivate ")])]),
            diagnostic(line: 2, [Fix(message: "private", applicability: .safe, edits: [TextEdit(startOffset: 24, endOffset: 24, replacement: "private ")])]),
            diagnostic(line: 2, [Fix(message: "maybe", applicability: .suggestion, edits: [TextEdit(startOffset: 0, endOffset: 6, replacement: "X")])]),
            // Out of range: ignored, never a crash.
            diagnostic(line: 2, [Fix(message: "bad", applicability: .safe, edits: [TextEdit(startOffset: 30, endOffset: 99, replacement: "")])]),
        ]
        let (result, applied) = FixApplier.applySafeFixes(of: diagnostics, to: bytes)
        XCTAssertEqual(applied, 2)
        XCTAssertEqual(String(decoding: result, as: UTF8.self), "@State private var a = 1\n@State private var b = 2\n")
    }

    func testNoSafeFixLeavesBytesAlone() {
        let bytes = Array("x".utf8)
        let (result, applied) = FixApplier.applySafeFixes(of: [diagnostic(line: 1, [])], to: bytes)
        XCTAssertEqual(applied, 0)
        XCTAssertEqual(result, bytes)
    }

    func testAtomicWriteKeepsPermissionsAndSymlinks() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/A.swift"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o640)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.swift", withDestinationPath: path)
        try FixApplier.writeOutput(Array("new".utf8), to: root + "/link.swift")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/link.swift"), path)
        var info = stat()
        stat(path, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root).sorted(), ["A.swift", "link.swift"])
    }
}

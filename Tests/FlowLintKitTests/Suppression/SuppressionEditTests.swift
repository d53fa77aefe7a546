import XCTest
@testable import FlowLintKit

/// "Disable RULE for this line" (`Workspace.codeActions`): where the comment goes and how it is written.
final class SuppressionEditTests: XCTestCase {
    /// Where each line starts (lines end at `\n`, `\r\n` or `\r`, as LSP counts them), by the plain scan.
    func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
            if bytes[i] == 0x0A || bytes[i] == 0x0D { starts.append(i + 1) }
            i += 1
        }
        return starts
    }

    /// The text after the edit for a finding one byte into `line` (or at `column`).
    func edited(_ text: String, rule: String, line: Int, column: Int = 1, fromDisk: Bool = false) -> String {
        var bytes = Array(text.utf8)
        let edit = SuppressionEdit.disableNext(rule: rule, lineOf: lineStarts(bytes)[line] + column, in: bytes,
                                               skippingByteOrderMark: fromDisk)
        bytes.replaceSubrange(edit.startOffset..<edit.endOffset, with: Array(edit.replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    func testDisableCommentIsIndentedAndMerged() {
        XCTAssertEqual(edited("struct V {\n    @State var a = 1\n}\n", rule: "non_private_state", line: 1),
                       "struct V {\n    // flowlint:disable:next non_private_state\n    @State var a = 1\n}\n")
        XCTAssertEqual(edited("struct V {\r\n\t@State var a = 1\r\n}", rule: "r", line: 1),
                       "struct V {\r\n\t// flowlint:disable:next r\r\n\t@State var a = 1\r\n}")
        XCTAssertEqual(edited("a\nx", rule: "r", line: 1), "a\n// flowlint:disable:next r\nx")
        XCTAssertEqual(edited("x", rule: "r", line: 0), "// flowlint:disable:next r\nx")
        XCTAssertEqual(edited("", rule: "r", line: 0, column: 0), "// flowlint:disable:next r\n")
        // Classic Mac line ends, and the last line ended as the one before it.
        XCTAssertEqual(edited("a\r  x\rb", rule: "r", line: 1, column: 3), "a\r  // flowlint:disable:next r\r  x\rb")
        XCTAssertEqual(edited("a\r\nx", rule: "r", line: 1), "a\r\n// flowlint:disable:next r\r\nx")
        // Added to the comment above: before a reason, after a comma-separated list.
        XCTAssertEqual(edited("  // flowlint:disable:next a - why\n  x\n", rule: "b", line: 1),
                       "  // flowlint:disable:next a b - why\n  x\n")
        XCTAssertEqual(edited("// flowlint:disable:next a, c  \nx\n", rule: "b", line: 1),
                       "// flowlint:disable:next a, c, b  \nx\n")
        XCTAssertEqual(edited("// flowlint:disable:next a\r\n\r\nx\n", rule: "b", line: 1, column: 0),
                       "// flowlint:disable:next a b\r\n\r\nx\n")
        XCTAssertEqual(edited("// flowlint:disable:next a\r\n\r\nx\n", rule: "b", line: 2),
                       "// flowlint:disable:next a\r\n\r\n// flowlint:disable:next b\nx\n")
        // Not merged into a comment that already names the rule or all rules, or a doc comment.
        XCTAssertEqual(edited("// flowlint:disable:next b\nx\n", rule: "b", line: 1),
                       "// flowlint:disable:next b\n// flowlint:disable:next b\nx\n")
        XCTAssertEqual(edited("// flowlint:disable:next all\nx\n", rule: "b", line: 1),
                       "// flowlint:disable:next all\n// flowlint:disable:next b\nx\n")
        XCTAssertEqual(edited("/// flowlint:disable:next a\nx\n", rule: "b", line: 1),
                       "/// flowlint:disable:next a\n// flowlint:disable:next b\nx\n")
    }

    func testAByteOrderMarkStaysFirstInAFileFromDiskOnly() {
        let text = "\u{FEFF}  x\ny"
        // A file read from disk: the comment goes after the mark, which editors do not show.
        XCTAssertEqual(edited(text, rule: "r", line: 0, column: 4, fromDisk: true), "\u{FEFF}  // flowlint:disable:next r\n  x\ny")
        // An editor's buffer: U+FEFF is a character of the first line, and the comment goes before it.
        XCTAssertEqual(edited(text, rule: "r", line: 0, column: 4), "// flowlint:disable:next r\n\u{FEFF}  x\ny")
    }
}

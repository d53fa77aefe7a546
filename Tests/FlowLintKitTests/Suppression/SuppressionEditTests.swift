import XCTest
@testable import FlowLintKit

/// "Disable RULE for this line" (`Workspace.codeActions`): where the comment goes and how it is written.
final class SuppressionEditTests: XCTestCase {
    /// The text after the edit for a finding at the first `marker` (the start of the text without one).
    func edited(_ text: String, rule: String, at marker: String? = nil, fromDisk: Bool = false) -> String {
        var bytes = Array(text.utf8)
        let offset = marker.map { marker in
            let needle = Array(marker.utf8)
            return bytes.indices.first { bytes[$0...].starts(with: needle) }!
        } ?? 0
        let edit = SuppressionEdit.disableNext(rule: rule, lineOf: offset, in: bytes, skippingByteOrderMark: fromDisk)
        bytes.replaceSubrange(edit.startOffset..<edit.endOffset, with: Array(edit.replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    func testDisableCommentIsIndentedAndMerged() {
        XCTAssertEqual(edited("struct V {\n    @State var a = 1\n}\n", rule: "non_private_state", at: "@State"),
                       "struct V {\n    // flowlint:disable:next non_private_state\n    @State var a = 1\n}\n")
        XCTAssertEqual(edited("struct V {\r\n\t@State var a = 1\r\n}", rule: "r", at: "@State"),
                       "struct V {\r\n\t// flowlint:disable:next r\r\n\t@State var a = 1\r\n}")
        XCTAssertEqual(edited("a\nx", rule: "r", at: "x"), "a\n// flowlint:disable:next r\nx")
        XCTAssertEqual(edited("x", rule: "r"), "// flowlint:disable:next r\nx")
        XCTAssertEqual(edited("", rule: "r"), "// flowlint:disable:next r\n")
        // Classic Mac line ends, and the last line ended as the one before it.
        XCTAssertEqual(edited("a\r  x\rb", rule: "r", at: "x"), "a\r  // flowlint:disable:next r\r  x\rb")
        XCTAssertEqual(edited("a\r\nx", rule: "r", at: "x"), "a\r\n// flowlint:disable:next r\r\nx")
        // Added to the comment above: before a reason, after a comma-separated list.
        XCTAssertEqual(edited("  // flowlint:disable:next a - why\n  X\n", rule: "b", at: "X"),
                       "  // flowlint:disable:next a b - why\n  X\n")
        XCTAssertEqual(edited("// flowlint:disable:next a, c  \nX\n", rule: "b", at: "X"),
                       "// flowlint:disable:next a, c, b  \nX\n")
        XCTAssertEqual(edited("// flowlint:disable:next a\r\n  \r\nX\n", rule: "b", at: "  \r\n"),
                       "// flowlint:disable:next a b\r\n  \r\nX\n")
        XCTAssertEqual(edited("// flowlint:disable:next a\r\n  \r\nX\n", rule: "b", at: "X"),
                       "// flowlint:disable:next a\r\n  \r\n// flowlint:disable:next b\nX\n")
        // Not merged into a comment that already names the rule or all rules, or a doc comment.
        XCTAssertEqual(edited("// flowlint:disable:next b\nX\n", rule: "b", at: "X"),
                       "// flowlint:disable:next b\n// flowlint:disable:next b\nX\n")
        XCTAssertEqual(edited("// flowlint:disable:next all\nX\n", rule: "b", at: "X"),
                       "// flowlint:disable:next all\n// flowlint:disable:next b\nX\n")
        XCTAssertEqual(edited("/// flowlint:disable:next a\nX\n", rule: "b", at: "X"),
                       "/// flowlint:disable:next a\n// flowlint:disable:next b\nX\n")
    }

    func testAByteOrderMarkStaysFirstInAFileFromDiskOnly() {
        let text = "\u{FEFF}  x\ny"
        // A file read from disk: the comment goes after the mark, which editors do not show.
        XCTAssertEqual(edited(text, rule: "r", at: "x", fromDisk: true), "\u{FEFF}  // flowlint:disable:next r\n  x\ny")
        // An editor's buffer: U+FEFF is a character of the first line, and the comment goes before it.
        XCTAssertEqual(edited(text, rule: "r", at: "x"), "// flowlint:disable:next r\n\u{FEFF}  x\ny")
    }
}

import XCTest
@testable import FlowLintKit

/// `--fix --diff`: the edits of every fix round composed into replacements of the original text
/// (`EditTrail`), and those written as a unified diff (`UnifiedDiff`) that gives back the fixed text.
final class UnifiedDiffTests: XCTestCase {
    func diff(_ original: String, _ edits: [TextEdit], path: String = "A.swift") -> String {
        var trail = EditTrail(originalCount: original.utf8.count)
        trail.apply(edits)
        let bytes = UnifiedDiff.render(path: path, original: Array(original.utf8),
                                       replacements: trail.replacements(originalCount: original.utf8.count))
        return String(decoding: bytes, as: UTF8.self)
    }

    func insert(_ text: String, at offset: Int) -> TextEdit { TextEdit(startOffset: offset, endOffset: offset, replacement: text) }

    /// Lines `1...count` as `line N\n`.
    func numbered(_ count: Int) -> String { (1...count).map { "line \($0)\n" }.joined() }
    /// The offset where line `n` (1-based) of `numbered` starts.
    func offset(ofLine n: Int) -> Int { numbered(n).utf8.count - "line \(n)\n".utf8.count }

    // The expected texts below are what `diff -u` (GNU diffutils 3.8) writes for the same change, with its
    // `--- a/A.swift` and `+++ b/A.swift` header lines instead of dated ones.

    func testOneChangedLineWithThreeLinesOfContext() {
        XCTAssertEqual(diff(numbered(10), [TextEdit(startOffset: offset(ofLine: 5), endOffset: offset(ofLine: 5) + 4, replacement: "LINE")]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +LINE 5
             line 6
             line 7
             line 8

            """)
    }

    func testContextStopsAtTheFileEdges() {
        XCTAssertEqual(diff("a\nb\n", [insert("x", at: 0)]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,2 +1,2 @@
            -a
            +xa
             b

            """)
    }

    func testChangesSixLinesApartShareAHunkAndSevenDoNot() {
        let text = numbered(20)
        XCTAssertEqual(diff(text, [insert("X", at: offset(ofLine: 5)), insert("Y", at: offset(ofLine: 12))]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -2,14 +2,14 @@
             line 2
             line 3
             line 4
            -line 5
            +Xline 5
             line 6
             line 7
             line 8
             line 9
             line 10
             line 11
            -line 12
            +Yline 12
             line 13
             line 14
             line 15

            """)
        XCTAssertEqual(diff(text, [insert("X", at: offset(ofLine: 5)), insert("Y", at: offset(ofLine: 13))]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +Xline 5
             line 6
             line 7
             line 8
            @@ -10,7 +10,7 @@
             line 10
             line 11
             line 12
            -line 13
            +Yline 13
             line 14
             line 15
             line 16

            """)
    }

    func testInsertedAndRemovedLinesShiftTheNewLineNumbers() {
        let text = numbered(20)
        // A new line before line 3, and line 15 removed.
        XCTAssertEqual(diff(text, [insert("new\n", at: offset(ofLine: 3)),
                                   TextEdit(startOffset: offset(ofLine: 15), endOffset: offset(ofLine: 16), replacement: "")]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,5 +1,6 @@
             line 1
             line 2
            +new
             line 3
             line 4
             line 5
            @@ -12,7 +13,6 @@
             line 12
             line 13
             line 14
            -line 15
             line 16
             line 17
             line 18

            """)
    }

    func testChangesOnConsecutiveLinesAreOneRun() {
        XCTAssertEqual(diff("a\nb\nc\n", [insert("1", at: 0), insert("2", at: 2)]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,3 +1,3 @@
            -a
            -b
            +1a
            +2b
             c

            """)
    }

    func testALastLineWithoutNewline() {
        XCTAssertEqual(diff("a\nb", [insert("x", at: 2)]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +xb
            \\ No newline at end of file

            """)
        // A line break added at the end: the last line changes, and a line is added after it.
        XCTAssertEqual(diff("a\nb", [insert("\nc", at: 3)]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,2 +1,3 @@
             a
            -b
            \\ No newline at end of file
            +b
            +c
            \\ No newline at end of file

            """)
    }

    func testInsertionsAtTheEndAndIntoAnEmptyFile() {
        XCTAssertEqual(diff("a\n", [insert("b\n", at: 2)]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -1 +1,2 @@
             a
            +b

            """)
        XCTAssertEqual(diff("", [insert("a\n", at: 0)]), """
            --- a/A.swift
            +++ b/A.swift
            @@ -0,0 +1 @@
            +a

            """)
    }

    func testCarriageReturnsStayInTheirLines() {
        XCTAssertEqual(diff("a\r\nb\r\n", [insert("x", at: 3)]), "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+xb\r\n")
    }

    func testAnEditThatChangesNothingGivesNoDiff() {
        XCTAssertEqual(diff("a\nb\n", [TextEdit(startOffset: 2, endOffset: 3, replacement: "b")]), "")
    }

    func testPathsAreRelativeAndQuotedAsGitQuotesThem() {
        XCTAssertTrue(diff("a\n", [insert("x", at: 0)], path: "Sources/My View.swift").hasPrefix("--- a/Sources/My View.swift\n+++ b/Sources/My View.swift\n"))
        XCTAssertTrue(diff("a\n", [insert("x", at: 0)], path: "/tmp/A.swift").hasPrefix("--- a/tmp/A.swift\n+++ b/tmp/A.swift\n"))
        XCTAssertTrue(diff("a\n", [insert("x", at: 0)], path: "x\n+++ b/evil\u{1B}\"é.swift")
            .hasPrefix("--- \"a/x\\n+++ b/evil\\033\\\"\\303\\251.swift\"\n+++ \"b/x\\n+++ b/evil\\033\\\"\\303\\251.swift\"\n"))
    }

    /// Rounds of random edits, each against the text the previous round made (as `--fix` makes them): the
    /// composed replacements give the final text, and the diff, applied to the original, gives it too.
    func testRandomRoundsComposeAndTheDiffGivesTheFinalText() throws {
        var random = SplitMix(seed: 27)
        let alphabet = Array("ab\n\n\r".utf8)
        for _ in 0..<400 {
            let original = (0..<random.next(below: 60)).map { _ in alphabet[random.next(below: alphabet.count)] }
            var text = original
            var trail = EditTrail(originalCount: original.count)
            for _ in 0..<random.next(below: 4) + 1 {
                var edits: [TextEdit] = []
                var cursor = 0
                while cursor <= text.count, random.next(below: 3) != 0 {
                    let start = cursor + random.next(below: max(1, min(8, text.count - cursor + 1)))
                    guard start <= text.count else { break }
                    let end = start + random.next(below: min(4, text.count - start) + 1)
                    let replacement = String(decoding: (0..<random.next(below: 4)).map { _ in alphabet[random.next(below: alphabet.count)] }, as: UTF8.self)
                    edits.append(TextEdit(startOffset: start, endOffset: end, replacement: replacement))
                    cursor = end + 1
                }
                text = FixApplier.apply(edits, to: text)
                trail.apply(edits)
            }
            let replacements = trail.replacements(originalCount: original.count)
            var rebuilt: [UInt8] = [], cursor = 0
            for replacement in replacements {
                rebuilt += original[cursor..<replacement.range.lowerBound] + replacement.bytes
                cursor = replacement.range.upperBound
            }
            rebuilt += original[cursor...]
            XCTAssertEqual(rebuilt, text, "replacements of \(original)")
            let diff = UnifiedDiff.render(path: "A.swift", original: original, replacements: replacements)
            XCTAssertEqual(diff.isEmpty, text == original)
            XCTAssertEqual(try patched(original, with: diff), text, String(decoding: diff, as: UTF8.self))
        }
    }

    /// Applies a unified diff the way `patch` does, checking every context and removed line and every hunk
    /// header's counts.
    func patched(_ original: [UInt8], with diff: [UInt8]) throws -> [UInt8] {
        guard !diff.isEmpty else { return original }
        let old = UnifiedDiff.LineTable(original).allLines.map(Array.init)
        var lines = UnifiedDiff.LineTable(diff).allLines.map { Array($0) }
        XCTAssertEqual(lines.removeFirst(), Array("--- a/A.swift\n".utf8))
        XCTAssertEqual(lines.removeFirst(), Array("+++ b/A.swift\n".utf8))
        var result: [[UInt8]] = [], next = 0, index = 0
        while index < lines.count {
            let header = String(decoding: lines[index], as: UTF8.self)
            XCTAssertTrue(header.hasPrefix("@@ -"), header)
            let oldParts = header.split(separator: " ")[1].dropFirst().split(separator: ",").map { Int($0)! }
            let newParts = header.split(separator: " ")[2].dropFirst().split(separator: ",").map { Int($0)! }
            let oldCount = oldParts.count > 1 ? oldParts[1] : 1, newCount = newParts.count > 1 ? newParts[1] : 1
            let oldStart = oldCount == 0 ? oldParts[0] : oldParts[0] - 1
            XCTAssertGreaterThanOrEqual(oldStart, next)
            result += old[next..<oldStart]
            XCTAssertEqual(newCount == 0 ? newParts[0] : newParts[0] - 1, result.count, "new start of \(header)")
            next = oldStart
            index += 1
            var seenOld = 0, seenNew = 0
            while index < lines.count, lines[index].first != UInt8(ascii: "@") {
                var line = Array(lines[index].dropFirst())
                let marker = lines[index].first
                index += 1
                if index < lines.count, lines[index] == Array("\\ No newline at end of file\n".utf8) {
                    XCTAssertEqual(line.popLast(), UInt8(ascii: "\n"))
                    index += 1
                }
                if marker == UInt8(ascii: " ") || marker == UInt8(ascii: "-") {
                    XCTAssertEqual(old[next], line, "old line \(next + 1)")
                    next += 1
                    seenOld += 1
                }
                if marker == UInt8(ascii: " ") || marker == UInt8(ascii: "+") {
                    result.append(line)
                    seenNew += 1
                }
            }
            XCTAssertEqual([seenOld, seenNew], [oldCount, newCount], header)
        }
        result += old[next...]
        return result.flatMap { $0 }
    }
}

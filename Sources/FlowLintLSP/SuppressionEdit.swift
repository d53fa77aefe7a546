import FlowLintKit

/// The edit behind "Disable RULE for this line".
enum SuppressionEdit {
    static let command = "// flowlint:disable:next "

    /// `// flowlint:disable:next RULE` on a new line above the line holding `offset`, indented as that line and
    /// ended as it is (`\n`, `\r\n`). When the line above is already such a comment (and does not name the rule),
    /// the rule is added to it instead, before any ` - reason`.
    static func disableNext(rule: String, lineOf offset: Int, in text: LineText) -> TextEdit {
        let line = text.line(ofOffset: offset)
        let start = text.lineStart(line)
        if line > 0, let insertion = insertionInComment(above: line, rule: rule, text) {
            let list = text.bytes(in: text.lineStart(line - 1)..<text.lineEnd(line - 1))
            let separator = list.contains(UInt8(ascii: ",")) ? ", " : " "
            return TextEdit(startOffset: insertion, endOffset: insertion, replacement: separator + rule)
        }
        let indent = text.bytes(in: start..<text.lineEnd(line)).prefix { $0 == 0x20 || $0 == 0x09 }
        return TextEdit(startOffset: start, endOffset: start,
                        replacement: String(decoding: indent, as: UTF8.self) + command + rule + lineBreak(after: line, text))
    }

    /// Where to add a rule to a `disable:next` comment alone on the line above `line`, if there is one.
    private static func insertionInComment(above line: Int, rule: String, _ text: LineText) -> Int? {
        let lineStart = text.lineStart(line - 1)
        let bytes = text.bytes(in: lineStart..<text.lineEnd(line - 1))
        var i = 0
        let end = bytes.count
        while i < end && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        let commandBytes = Array(command.utf8)
        guard end - i > commandBytes.count, bytes[i..<(i + commandBytes.count)].elementsEqual(commandBytes) else { return nil }
        // The rule list ends at ` - ` (a reason follows) or at the end of the line, trailing spaces dropped.
        var listEnd = end
        var k = i + commandBytes.count
        while k + 3 <= end {
            if bytes[k] == 0x20 && bytes[k + 1] == UInt8(ascii: "-") && bytes[k + 2] == 0x20 { listEnd = k; break }
            k += 1
        }
        while listEnd > i + commandBytes.count && (bytes[listEnd - 1] == 0x20 || bytes[listEnd - 1] == 0x09) { listEnd -= 1 }
        let listed = String(decoding: bytes[(i + commandBytes.count)..<listEnd], as: UTF8.self)
            .split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard !listed.isEmpty, !listed.contains(rule), !listed.contains("all") else { return nil }
        return lineStart + listEnd
    }

    /// The line break that ends `line`, or, for the last line, the one before it (`\n` when there is none).
    private static func lineBreak(after line: Int, _ text: LineText) -> String {
        for candidate in [line, line - 1] where candidate >= 0 && candidate + 1 < text.lineCount {
            return String(decoding: text.bytes(in: text.lineEnd(candidate)..<text.lineStart(candidate + 1)), as: UTF8.self)
        }
        return "\n"
    }
}

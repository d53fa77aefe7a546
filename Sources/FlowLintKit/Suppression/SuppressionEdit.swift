/// The edit behind an editor's "Disable RULE for this line" (`Workspace.codeActions`).
enum SuppressionEdit {
    static let command = "// flowlint:disable:next "

    /// `// flowlint:disable:next RULE` on a new line above the line holding `offset`, indented as that line and
    /// ended as it is (`\n`, `\r\n`, `\r`). When the line above is already such a comment (and does not name the
    /// rule), the rule is added to it instead, before any ` - reason`. `skippingByteOrderMark`: the text is a file
    /// read from disk, whose byte order mark editors do not show, so line 0 starts after it.
    static func disableNext(rule: String, lineOf offset: Int, in text: [UInt8], skippingByteOrderMark: Bool = false) -> TextEdit {
        let lines = Lines(text: text, skipsByteOrderMark: skippingByteOrderMark)
        let line = lines.line(holding: offset)
        if let above = lines.line(above: line), let insertion = insertionInComment(above, rule: rule, text) {
            let separator = text[above].contains(UInt8(ascii: ",")) ? ", " : " "
            return TextEdit(startOffset: insertion, endOffset: insertion, replacement: separator + rule)
        }
        let indent = text[line].prefix { $0 == 0x20 || $0 == 0x09 }
        return TextEdit(startOffset: line.lowerBound, endOffset: line.lowerBound,
                        replacement: String(decoding: indent, as: UTF8.self) + command + rule + lines.lineBreak(after: line))
    }

    /// Where to add a rule to a `disable:next` comment alone on `line`, if it is one.
    private static func insertionInComment(_ line: Range<Int>, rule: String, _ text: [UInt8]) -> Int? {
        let bytes = text[line]
        var i = bytes.startIndex
        let end = bytes.endIndex
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
        return listEnd
    }

    /// Lines as editors and LSP count them: ended by `\n`, `\r\n` or `\r`. A line is the byte range of its text,
    /// without its line break. Each question scans one or two lines, not the text.
    private struct Lines {
        let text: [UInt8]
        let skipsByteOrderMark: Bool

        private static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

        /// The line holding a byte offset (clamped to the text); an offset inside `\r\n` is on the line it ends.
        func line(holding offset: Int) -> Range<Int> {
            var start = max(0, min(offset, text.count))
            if start > 0 && start < text.count && text[start - 1] == 0x0D && text[start] == 0x0A { start -= 1 }
            while start > 0 && !Self.isBreak(text[start - 1]) { start -= 1 }
            var end = start
            while end < text.count && !Self.isBreak(text[end]) { end += 1 }
            if start == 0 && skipsByteOrderMark && text.starts(with: [0xEF, 0xBB, 0xBF]) { start = min(3, end) }
            return start..<end
        }

        /// The line before `line`; nil for the first line.
        func line(above line: Range<Int>) -> Range<Int>? {
            let start = line.lowerBound
            guard start > 0, Self.isBreak(text[start - 1]) else { return nil }
            let breakStart = text[start - 1] == 0x0A && start >= 2 && text[start - 2] == 0x0D ? start - 2 : start - 1
            return self.line(holding: breakStart)
        }

        /// The line break that ends `line`, or, for the last line, the one before it (`\n` when there is none).
        func lineBreak(after line: Range<Int>) -> String {
            var end = line.upperBound
            if end == text.count {
                guard let above = self.line(above: line) else { return "\n" }
                end = above.upperBound
            }
            let length = text[end] == 0x0D && end + 1 < text.count && text[end + 1] == 0x0A ? 2 : 1
            return String(decoding: text[end..<(end + length)], as: UTF8.self)
        }
    }
}

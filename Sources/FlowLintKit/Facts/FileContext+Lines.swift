/// Line layout around nodes, for fixes that add or remove whole lines (a new accessor, an attribute on its own
/// line, a statement moved elsewhere). Each answer is nil when the layout is not one declaration or statement
/// per line: a fix that would have to split a line is not offered.
extension FileContext {
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Where the line holding `offset` starts, and its indentation, when only spaces and tabs precede `offset`
    /// on that line.
    func lineStart(before offset: Int) -> (start: Int, indentation: String)? {
        let bytes = tree.file.bytes
        var start = offset
        while start > 0 && bytes[start - 1] != UInt8(ascii: "\n") {
            guard Self.isBlank(bytes[start - 1]) else { return nil }
            start -= 1
        }
        return (start, tree.file.text(start..<offset))
    }

    /// The offset just after the line break that ends the line holding `offset`, when only blanks follow `offset`
    /// on that line (the end of the file when it has no final line break).
    func lineBreak(after offset: Int) -> Int? {
        let bytes = tree.file.bytes
        var end = offset
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") {
            guard Self.isBlank(bytes[end]) else { return nil }
            end += 1
        }
        return min(end + 1, bytes.count)
    }

    /// The whole lines `range` occupies (from the start of its first line to just after its last line break),
    /// and the indentation of its first line, when nothing else is on those lines.
    func wholeLines(_ range: Range<Int>) -> (range: Range<Int>, indentation: String)? {
        guard let start = lineStart(before: range.lowerBound), let end = lineBreak(after: range.upperBound) else { return nil }
        return (start.start..<end, start.indentation)
    }
}

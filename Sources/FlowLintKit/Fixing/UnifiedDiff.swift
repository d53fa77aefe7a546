/// The edits of every `--fix` round of one file, composed into replacements of the original text: what
/// `--fix --diff` shows. Each round's edits are offsets into the text the previous rounds made; the text is kept
/// as pieces (ranges of the original, inserted bytes), so recording a round costs time in proportion to the
/// pieces and edits, never to the file's size.
struct EditTrail: Sendable {
    private enum Piece: Sendable {
        case original(Range<Int>)
        case inserted([UInt8])

        var count: Int {
            switch self {
            case .original(let range): return range.count
            case .inserted(let bytes): return bytes.count
            }
        }

        /// The first `count` bytes, and the rest.
        func split(at count: Int) -> (Piece, Piece) {
            switch self {
            case .original(let range):
                return (.original(range.lowerBound..<range.lowerBound + count), .original(range.lowerBound + count..<range.upperBound))
            case .inserted(let bytes):
                return (.inserted(Array(bytes[..<count])), .inserted(Array(bytes[count...])))
            }
        }
    }

    private var pieces: [Piece]

    init(originalCount: Int) {
        pieces = originalCount > 0 ? [.original(0..<originalCount)] : []
    }

    /// Records one round: `edits` are sorted, do not overlap, and are offsets into the current text.
    mutating func apply(_ edits: [TextEdit]) {
        var rest = pieces[...]
        var result: [Piece] = []
        result.reserveCapacity(pieces.count + 2 * edits.count)
        var position = 0  // offset in the current text where `rest` starts
        for edit in edits {
            // Whole pieces before the edit, then the part of the next one that is.
            while let piece = rest.first, position + piece.count <= edit.startOffset {
                result.append(piece)
                position += piece.count
                rest.removeFirst()
            }
            if let piece = rest.first, edit.startOffset > position {
                let (head, tail) = piece.split(at: edit.startOffset - position)
                result.append(head)
                rest[rest.startIndex] = tail
                position = edit.startOffset
            }
            // The replaced bytes.
            var removing = edit.endOffset - edit.startOffset
            while removing > 0, let piece = rest.first {
                if piece.count <= removing {
                    removing -= piece.count
                    position += piece.count
                    rest.removeFirst()
                } else {
                    rest[rest.startIndex] = piece.split(at: removing).1
                    position += removing
                    removing = 0
                }
            }
            if !edit.replacement.isEmpty { result.append(.inserted(Array(edit.replacement.utf8))) }
        }
        result += rest
        pieces = result
    }

    /// The ranges of the original text (`originalCount` bytes long) replaced, with their new bytes, in order,
    /// not overlapping.
    func replacements(originalCount: Int) -> [(range: Range<Int>, bytes: [UInt8])] {
        var result: [(range: Range<Int>, bytes: [UInt8])] = []
        var cursor = 0
        var pending: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .inserted(let bytes):
                pending += bytes
            case .original(let range):
                if range.lowerBound != cursor || !pending.isEmpty { result.append((cursor..<range.lowerBound, pending)) }
                cursor = range.upperBound
                pending = []
            }
        }
        if cursor != originalCount || !pending.isEmpty { result.append((cursor..<originalCount, pending)) }
        return result
    }
}

/// A unified diff, as `diff -u` and `git diff` write it: `--- a/PATH` and `+++ b/PATH`, then hunks with three
/// lines of context (changes closer than that share a hunk), `\ No newline at end of file` after a last line
/// without one. Lines end at `\n` only (a `\r` is part of its line), and bytes are written as they are, so
/// `git apply` and `patch -p1` take the diff back.
enum UnifiedDiff {
    static let context = 3

    /// The diff of the file at `path` (as reports show it) between `original` and the text made by
    /// `replacements` (ranges of `original`, sorted and not overlapping); empty when they are the same text.
    static func render(path: String, original: [UInt8], replacements: [(range: Range<Int>, bytes: [UInt8])]) -> [UInt8] {
        let lines = LineTable(original)
        let changes = lineChanges(lines, replacements)
        guard !changes.isEmpty else { return [] }
        var output: [UInt8] = Array("--- \(quoted("a", path))\n+++ \(quoted("b", path))\n".utf8)
        var shift = 0  // new line number minus old line number after the changes written so far
        var index = 0
        while index < changes.count {
            // One hunk: the changes whose unchanged gaps are at most twice the context.
            var last = index
            while last + 1 < changes.count, changes[last + 1].oldStart - changes[last].oldEnd <= 2 * context { last += 1 }
            let start = max(0, changes[index].oldStart - context)
            let end = min(lines.count, changes[last].oldEnd + context)
            let added = changes[index...last].reduce(0) { $0 + $1.newLines.count - ($1.oldEnd - $1.oldStart) }
            output += Array("@@ -\(range(start, end - start)) +\(range(start + shift, end - start + added)) @@\n".utf8)
            var line = start
            for change in changes[index...last] {
                while line < change.oldStart { append(" ", lines.line(line), to: &output); line += 1 }
                while line < change.oldEnd { append("-", lines.line(line), to: &output); line += 1 }
                for new in change.newLines { append("+", new, to: &output) }
            }
            while line < end { append(" ", lines.line(line), to: &output); line += 1 }
            shift += added
            index = last + 1
        }
        return output
    }

    /// One changed run of lines: old lines `oldStart..<oldEnd` (0-based) become `newLines`.
    struct LineChange {
        var oldStart: Int
        var oldEnd: Int
        var newLines: [ArraySlice<UInt8>]
    }

    /// The replacements as whole lines: each widened to the lines it touches (replacements on a shared line
    /// merged), then the lines the old and new text share at either end dropped; runs on consecutive lines
    /// joined.
    static func lineChanges(_ lines: LineTable, _ replacements: [(range: Range<Int>, bytes: [UInt8])]) -> [LineChange] {
        var changes: [LineChange] = []
        var index = 0
        while index < replacements.count {
            let first = lines.lineIndex(at: replacements[index].range.lowerBound)
            var lastLine = lines.lastLineIndex(of: replacements[index].range, startingAt: first)
            var last = index
            while last + 1 < replacements.count, lines.lineIndex(at: replacements[last + 1].range.lowerBound) <= lastLine {
                last += 1
                lastLine = max(lastLine, lines.lastLineIndex(of: replacements[last].range, startingAt: first))
            }
            // The new text of lines first...lastLine: their bytes with the replacements made.
            let blockStart = lines.start(of: first), blockEnd = lines.start(of: lastLine + 1)
            var newText: [UInt8] = []
            var cursor = blockStart
            for replacement in replacements[index...last] {
                newText += lines.bytes[cursor..<replacement.range.lowerBound]
                newText += replacement.bytes
                cursor = replacement.range.upperBound
            }
            newText += lines.bytes[cursor..<max(cursor, blockEnd)]
            let old = (first...lastLine).filter { $0 < lines.count }.map { lines.line($0) }
            var new = LineTable(newText).allLines
            // Lines both sides share at the start and at the end are context, not change.
            var head = 0
            while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
            var tail = 0
            while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
            new = Array(new[head..<new.count - tail])
            if old.count - head - tail > 0 || !new.isEmpty {
                let change = LineChange(oldStart: first + head, oldEnd: first + old.count - tail, newLines: new)
                // Changes on consecutive lines are one run, as diff writes them: the removed lines, then the added.
                if let previous = changes.last, previous.oldEnd == change.oldStart {
                    changes[changes.count - 1].oldEnd = change.oldEnd
                    changes[changes.count - 1].newLines += change.newLines
                } else {
                    changes.append(change)
                }
            }
            index = last + 1
        }
        return changes
    }

    /// `start,count` as a hunk header writes it: the 1-based first line, `,count` left out when it is 1, and
    /// for an empty range the line before it.
    static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: return "\(start),0"
        case 1: return "\(start + 1)"
        default: return "\(start + 1),\(count)"
        }
    }

    static func append(_ marker: String, _ line: ArraySlice<UInt8>, to output: inout [UInt8]) {
        output += Array(marker.utf8)
        output += line
        if line.last != UInt8(ascii: "\n") { output += Array("\n\\ No newline at end of file\n".utf8) }
    }

    /// `prefix/path` (an absolute path without its leading `/`, as `git diff --no-index` writes it), quoted as
    /// git quotes names when the path holds a control character, `"` or `\`, so a file name cannot end the
    /// header line or forge another.
    static func quoted(_ prefix: String, _ path: String) -> String {
        let name = prefix + "/" + (path.hasPrefix("/") ? String(path.dropFirst()) : path)
        let bytes = Array(name.utf8)
        guard bytes.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return name }
        var result = "\""
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): result += "\\\""
            case UInt8(ascii: "\\"): result += "\\\\"
            case 0x07: result += "\\a"
            case 0x08: result += "\\b"
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0B: result += "\\v"
            case 0x0C: result += "\\f"
            case 0x0D: result += "\\r"
            case ..<0x20, 0x7F, 0x80...: result += "\\" + String(byte, radix: 8).leftPadded(to: 3)
            default: result += String(UnicodeScalar(byte))
            }
        }
        return result + "\""
    }

    /// Where each line of a text starts. Line `count` is the empty line after a final `\n` (where an insertion at
    /// the end of such a file goes).
    struct LineTable {
        let bytes: [UInt8]
        private let starts: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var starts = bytes.isEmpty ? [] : [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") && offset + 1 < bytes.count {
                starts.append(offset + 1)
            }
            self.starts = starts
        }

        var count: Int { starts.count }

        /// The offset where line `index` starts (the text's end for `count` and beyond).
        func start(of index: Int) -> Int { index < starts.count ? starts[index] : bytes.count }

        /// Line `index` with its `\n` (the last line may have none).
        func line(_ index: Int) -> ArraySlice<UInt8> { bytes[start(of: index)..<start(of: index + 1)] }

        var allLines: [ArraySlice<UInt8>] { (0..<count).map(line) }

        /// The line holding the byte at `offset`; at the end of the text, the last line when it has no final
        /// `\n`, else `count`.
        func lineIndex(at offset: Int) -> Int {
            if offset >= bytes.count {
                return bytes.last == UInt8(ascii: "\n") || bytes.isEmpty ? count : count - 1
            }
            var low = 0, high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }

        /// The last line a replaced range touches (for an insertion, the line it is inserted into).
        func lastLineIndex(of range: Range<Int>, startingAt first: Int) -> Int {
            range.isEmpty ? first : max(first, lineIndex(at: range.upperBound - 1))
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

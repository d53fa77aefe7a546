/// How LSP positions count characters within a line (`positionEncoding`, negotiated at `initialize`): UTF-16
/// code units unless the client offers UTF-8, which is what FlowLint's byte offsets already are.
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// A position as LSP counts it: zero-based line, and character offset in the negotiated encoding.
struct Position: Equatable {
    var line: Int
    var character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSON?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSON { JSON(["line": .int(line), "character": .int(character)]) }
}

struct LSPRange: Equatable {
    var start: Position
    var end: Position

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSON?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    var json: JSON { JSON(["start": start.json, "end": end.json]) }
}

/// UTF-8 text with its line starts, converting between byte offsets (FlowLint's spans and edits) and LSP
/// positions. Lines end at `\n`, `\r\n` or `\r`, as LSP defines them. Bytes need not be valid UTF-8 (a file read
/// from disk): an invalid byte counts as one character, as the U+FFFD an editor shows for it.
struct LineText {
    private(set) var bytes: [UInt8]
    /// Byte offset where each line starts; the first is 0.
    private(set) var lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = Self.lineStarts(of: bytes)
    }

    /// Editors do not show a byte order mark (a file read from disk may have one): the first line's characters
    /// count from after it.
    private var textStart: Int { bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }

    /// Where a line's characters start.
    func lineStart(_ line: Int) -> Int { line == 0 ? min(textStart, lineEnd(0)) : lineStarts[line] }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                let byte = b[i]
                if byte == 0x0A {
                    starts.append(i + 1)
                } else if byte == 0x0D {
                    if i + 1 < b.count && b[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        return starts
    }

    var lineCount: Int { lineStarts.count }

    /// Where a line's text ends (before its line break).
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > lineStarts[line] && bytes[end - 1] == 0x0A { end -= 1 }
        if end > lineStarts[line] && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The line holding a byte offset (clamped to the text).
    func line(ofOffset offset: Int) -> Int {
        let offset = max(0, min(offset, bytes.count))
        // The last line start at or before the offset.
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    func position(ofOffset offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = max(0, min(offset, bytes.count))
        let line = line(ofOffset: offset)
        let start = lineStart(line)
        let end = max(start, min(offset, lineEnd(line)))
        return Position(line: line, character: Self.units(bytes, start..<end, encoding))
    }

    /// The byte offset of an LSP position. A line past the end is the end of the text; a character past the end
    /// of its line is the line's end (as LSP says); one inside a character (half a surrogate pair, a UTF-8
    /// continuation byte) is that character's start.
    func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStart(position.line)
        let end = lineEnd(position.line)
        if encoding == .utf8 {
            var offset = min(start + position.character, end)
            while offset > start && offset < end && (bytes[offset] & 0xC0) == 0x80 { offset -= 1 }
            return offset
        }
        var units = 0
        var i = start
        while i < end {
            let (length, width) = Self.character(bytes, at: i, end: end, encoding)
            if units + width > position.character { return i }
            units += width
            i += length
        }
        return end
    }

    func range(ofOffsets start: Int, _ end: Int, _ encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(ofOffset: start, encoding), end: position(ofOffset: max(start, end), encoding))
    }

    /// Replaces a byte range (a `didChange` edit) and finds the line starts again from the edit on.
    mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        let firstLine = line(ofOffset: range.lowerBound)
        bytes.replaceSubrange(range, with: replacement)
        // Lines before the edited one are unchanged (a `\r` just before the edit may now pair with a `\n` in it:
        // start one line earlier).
        let keep = max(0, firstLine - 1)
        let from = lineStarts[keep]
        var starts = Array(lineStarts[...keep])
        var i = from
        bytes.withUnsafeBufferPointer { b in
            while i < b.count {
                let byte = b[i]
                if byte == 0x0A {
                    starts.append(i + 1)
                } else if byte == 0x0D {
                    if i + 1 < b.count && b[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        lineStarts = starts
    }

    /// Code units of a byte range in the encoding.
    static func units(_ bytes: [UInt8], _ range: Range<Int>, _ encoding: PositionEncoding) -> Int {
        if encoding == .utf8 { return range.count }
        var units = 0
        var i = range.lowerBound
        while i < range.upperBound {
            let (length, width) = character(bytes, at: i, end: range.upperBound, encoding)
            units += width
            i += length
        }
        return units
    }

    /// The UTF-8 length of the character at `i` and its width in the encoding (UTF-16: 2 for a character outside
    /// the Basic Multilingual Plane). An invalid sequence is one byte wide.
    static func character(_ bytes: [UInt8], at i: Int, end: Int, _ encoding: PositionEncoding) -> (length: Int, width: Int) {
        let lead = bytes[i]
        if lead < 0x80 || encoding == .utf8 { return (1, 1) }
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (1, 1)
        }
        guard i + length <= end else { return (1, 1) }
        for k in 1..<length where (bytes[i + k] & 0xC0) != 0x80 { return (1, 1) }
        // Overlong and surrogate forms are invalid too.
        if lead == 0xE0 && bytes[i + 1] < 0xA0 { return (1, 1) }
        if lead == 0xED && bytes[i + 1] >= 0xA0 { return (1, 1) }
        if lead == 0xF0 && bytes[i + 1] < 0x90 { return (1, 1) }
        if lead == 0xF4 && bytes[i + 1] >= 0x90 { return (1, 1) }
        return (length, length == 4 && encoding == .utf16 ? 2 : 1)
    }
}

/// An open document: what the editor has, which replaces the file on disk.
struct TextDocument {
    let uri: String
    /// The file it stands for (absolute, standardized).
    let path: String
    var languageID: String
    var version: Int
    var text: LineText

    enum EditError: Error, Equatable {
        case invalidChange(String)
    }

    /// Applies the `contentChanges` of a `didChange`, in order: each is the whole text (`text` alone) or a
    /// `range` replaced by `text`. A range's end before its start is taken as empty.
    mutating func apply(_ changes: [JSON], _ encoding: PositionEncoding) throws {
        for change in changes {
            guard let text = change["text"]?.string else { throw EditError.invalidChange("a content change without text") }
            let replacement = Array(text.utf8)
            if let rangeJSON = change["range"], !rangeJSON.isNull {
                guard let range = LSPRange(rangeJSON) else { throw EditError.invalidChange("an invalid range") }
                let start = self.text.offset(of: range.start, encoding)
                let end = max(start, self.text.offset(of: range.end, encoding))
                self.text.replace(start..<end, with: replacement)
            } else {
                self.text = LineText(replacement)
            }
        }
    }
}

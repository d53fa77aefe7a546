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

/// UTF-8 text as LSP addresses it: lines and characters, converted to and from byte offsets (FlowLint's spans
/// and edits). Lines end at `\n`, `\r\n` or `\r`, as LSP defines them. Bytes need not be valid UTF-8 (a file read
/// from disk): an invalid byte counts as one character, as the U+FFFD an editor shows for it. Kept in a `Rope`, so
/// an edit and a conversion cost O(log n) plus the edit, however long the text or its lines.
struct LineText {
    private(set) var rope: Rope
    /// A file read from disk: an editor does not show its byte order mark, so line 0's characters count from after
    /// it. In text the editor sent, a U+FEFF at the start is a character like any other (it is in the editor's text).
    let hidesByteOrderMark: Bool

    init(_ bytes: [UInt8], hidesByteOrderMark: Bool = false) {
        rope = Rope(bytes)
        self.hidesByteOrderMark = hidesByteOrderMark
    }

    /// An editor's text (built from its UTF-8 storage, without a copy of it first).
    init(_ text: String) {
        var text = text
        rope = text.withUTF8 { Rope($0) }
        hidesByteOrderMark = false
    }

    var count: Int { rope.count }
    /// All the bytes: O(n), for a lint.
    var bytes: [UInt8] { rope.bytes }
    func bytes(in range: Range<Int>) -> [UInt8] { rope.bytes(in: range) }
    var lineCount: Int { rope.summary.lineBreaks + 1 }

    /// Where a line's characters start.
    func lineStart(_ line: Int) -> Int {
        guard line > 0 else {
            return hidesByteOrderMark && rope.bytes(in: 0..<3) == [0xEF, 0xBB, 0xBF] ? min(3, lineEnd(0)) : 0
        }
        return rope.offset(afterLineBreak: line) ?? count
    }

    /// Where a line's text ends (before its line break).
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineCount, let next = rope.offset(afterLineBreak: line + 1) else { return count }
        return next >= 2 && rope.byte(at: next - 1) == 0x0A && rope.byte(at: next - 2) == 0x0D ? next - 2 : next - 1
    }

    /// The line holding a byte offset (clamped to the text); an offset inside `\r\n` is on the line it ends.
    func line(ofOffset offset: Int) -> Int { rope.prefix(max(0, min(offset, count))).lineBreaks }

    func position(ofOffset offset: Int, _ encoding: PositionEncoding) -> Position {
        let offset = max(0, min(offset, count))
        let line = line(ofOffset: offset)
        let start = lineStart(line)
        let end = max(start, min(offset, lineEnd(line)))
        if encoding == .utf8 { return Position(line: line, character: end - start) }
        return Position(line: line, character: rope.prefix(end).units(encoding) - rope.prefix(start).units(encoding))
    }

    /// The byte offset of an LSP position. A line past the end is the end of the text; a character past the end
    /// of its line is the line's end (as LSP says); one inside a character (half a surrogate pair, a UTF-8
    /// continuation byte) is that character's start.
    func offset(of position: Position, _ encoding: PositionEncoding) -> Int {
        guard position.line < lineCount else { return count }
        let start = lineStart(position.line)
        let end = lineEnd(position.line)
        let startUnits = encoding == .utf8 ? start : rope.prefix(start).units(encoding)
        return min(end, max(start, rope.offset(ofUnit: startUnits + position.character, encoding)))
    }

    func range(ofOffsets start: Int, _ end: Int, _ encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(ofOffset: start, encoding), end: position(ofOffset: max(start, end), encoding))
    }

    /// Replaces a byte range (a `didChange` edit).
    mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        rope.replace(range, with: replacement)
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
    /// `range` replaced by `text`. A range's end before its start is taken as empty. All are checked before any
    /// is applied: a change refused leaves the text as it was.
    mutating func apply(_ changes: [JSON], _ encoding: PositionEncoding) throws {
        let edits: [(range: LSPRange?, text: String)] = try changes.map { change in
            guard let text = change["text"]?.string else { throw EditError.invalidChange("a content change without text") }
            guard let rangeJSON = change["range"], !rangeJSON.isNull else { return (nil, text) }
            guard let range = LSPRange(rangeJSON) else { throw EditError.invalidChange("an invalid range") }
            return (range, text)
        }
        for edit in edits {
            if let range = edit.range {
                let start = self.text.offset(of: range.start, encoding)
                let end = max(start, self.text.offset(of: range.end, encoding))
                self.text.replace(start..<end, with: Array(edit.text.utf8))
            } else {
                self.text = LineText(edit.text)
            }
        }
    }
}

/// The documents the editor has open, by URI. Several URIs can name one file (`file://localhost/p/A.swift` and
/// `file:///p/A.swift`, see `DocumentURI`): the file's text is that of the one opened or changed last, and closing
/// one of them leaves the file to the others.
struct OpenDocuments {
    private(set) var byURI: [String: TextDocument] = [:]
    /// The URIs open for each file, the one that gives it its text last.
    private var urisByPath: [String: [String]] = [:]

    subscript(uri: String) -> TextDocument? { byURI[uri] }

    /// The files open, by path.
    var paths: Dictionary<String, [String]>.Keys { urisByPath.keys }

    /// The open document that gives a file its text.
    func current(_ path: String) -> TextDocument? { urisByPath[path]?.last.flatMap { byURI[$0] } }

    /// The document that gives each open file its text.
    var currentDocuments: [TextDocument] { paths.compactMap(current) }

    mutating func open(_ document: TextDocument) {
        byURI[document.uri] = document
        makeCurrent(document)
    }

    /// Applies a `didChange` in place (no copy of the text); nil when the URI is not open.
    mutating func change(_ uri: String, version: Int?, _ changes: [JSON], _ encoding: PositionEncoding) throws -> TextDocument? {
        guard byURI[uri] != nil else { return nil }
        try byURI[uri]!.apply(changes, encoding)
        if let version { byURI[uri]!.version = version }
        makeCurrent(byURI[uri]!)
        return byURI[uri]
    }

    /// Closes a URI; returns its document (nil when it was not open).
    mutating func close(_ uri: String) -> TextDocument? {
        guard let document = byURI.removeValue(forKey: uri) else { return nil }
        urisByPath[document.path]?.removeAll { $0 == uri }
        if urisByPath[document.path]?.isEmpty == true { urisByPath[document.path] = nil }
        return document
    }

    private mutating func makeCurrent(_ document: TextDocument) {
        urisByPath[document.path, default: []].removeAll { $0 == document.uri }
        urisByPath[document.path, default: []].append(document.uri)
    }
}

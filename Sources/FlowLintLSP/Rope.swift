/// What positions are computed from, for a run of text: its bytes, line breaks, UTF-16 code units and characters.
/// Characters are Unicode scalars; an invalid UTF-8 byte is one character of one UTF-16 unit (the U+FFFD an editor
/// shows for it).
struct TextSummary: Equatable {
    var bytes = 0
    /// `\n`, `\r\n` (one break, counted at its `\n`) and a lone `\r`, as LSP counts lines.
    var lineBreaks = 0
    var utf16 = 0
    var scalars = 0

    static func + (a: TextSummary, b: TextSummary) -> TextSummary {
        TextSummary(bytes: a.bytes + b.bytes, lineBreaks: a.lineBreaks + b.lineBreaks, utf16: a.utf16 + b.utf16,
                    scalars: a.scalars + b.scalars)
    }

    static func += (a: inout TextSummary, b: TextSummary) { a = a + b }

    static func -= (a: inout TextSummary, b: TextSummary) {
        a = TextSummary(bytes: a.bytes - b.bytes, lineBreaks: a.lineBreaks - b.lineBreaks, utf16: a.utf16 - b.utf16,
                        scalars: a.scalars - b.scalars)
    }

    /// The length in a position encoding's code units.
    func units(_ encoding: PositionEncoding) -> Int {
        switch encoding {
        case .utf8: return bytes
        case .utf16: return utf16
        case .utf32: return scalars
        }
    }
}

/// A node of a `Rope`: a leaf holds a run of bytes (never changed once made), an inner node its children and the
/// summary of everything under it.
final class RopeNode {
    var summary: TextSummary
    let bytes: [UInt8]
    var children: [RopeNode]
    let isLeaf: Bool

    init(leaf bytes: [UInt8], summary: TextSummary) {
        self.bytes = bytes
        self.summary = summary
        children = []
        isLeaf = true
    }

    init(children: [RopeNode]) {
        bytes = []
        self.children = children
        summary = children.reduce(TextSummary()) { $0 + $1.summary }
        isLeaf = false
    }

    /// A copy of the inner nodes (leaves never change, so they are shared). The height is logarithmic: the
    /// recursion is shallow.
    func copy() -> RopeNode { isLeaf ? self : RopeNode(children: children.map { $0.copy() }) }
}

/// Bytes in a B-tree of leaves of about `leafSize` bytes, each inner node keeping the `TextSummary` of what is under
/// it: finding a byte offset, a line or a UTF-16 unit walks down one path and scans one leaf, and an edit rebuilds
/// the leaves it touches. Every operation but `bytes` costs O(log n) plus the size of the edit or the range asked
/// for, whatever the length of the text or of its lines.
///
/// Leaves are cut at character starts and never inside `\r\n`, so each leaf's summary is that of its bytes in the
/// text. (Editor text is valid UTF-8 and edits fall on character starts; a text read from disk may hold invalid
/// UTF-8, but is never edited.)
struct Rope {
    private var root: RopeNode

    /// Leaves are made this size or a little smaller (at least half), so a keystroke rebuilds a few KiB.
    static let leafSize = 4096
    static let maximumChildren = 32
    static let minimumChildren = maximumChildren / 2

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var level = Self.leaves(bytes)
        // Inner levels, bottom up: groups of equal size, each between the minimum and the maximum.
        repeat {
            let groups = max(1, (level.count + Self.maximumChildren - 1) / Self.maximumChildren)
            level = (0..<groups).map { g in
                RopeNode(children: Array(level[(level.count * g / groups)..<(level.count * (g + 1) / groups)]))
            }
        } while level.count > 1
        root = level[0]
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { Rope($0) }
    }

    var summary: TextSummary { root.summary }
    var count: Int { root.summary.bytes }

    // MARK: Reading

    /// All the bytes (O(n): once per lint, not per edit).
    var bytes: [UInt8] { bytes(in: 0..<count) }

    func bytes(in range: Range<Int>) -> [UInt8] {
        let range = range.clamped(to: 0..<count)
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        Self.append(range, of: root, to: &out)
        return out
    }

    private static func append(_ range: Range<Int>, of node: RopeNode, to out: inout [UInt8]) {
        if node.isLeaf {
            out += node.bytes[range]
            return
        }
        var position = 0
        for child in node.children {
            let end = position + child.summary.bytes
            if end > range.lowerBound && position < range.upperBound {
                append(max(range.lowerBound, position) - position..<min(range.upperBound, end) - position, of: child, to: &out)
            }
            if end >= range.upperBound { return }
            position = end
        }
    }

    func byte(at offset: Int) -> UInt8 {
        let (leaf, before) = descend { before, child in offset < before.bytes + child.bytes }!
        return leaf.bytes[offset - before.bytes]
    }

    /// The summary of the bytes before `offset`.
    func prefix(_ offset: Int) -> TextSummary {
        guard offset < count else { return root.summary }
        let (leaf, before) = descend { before, child in offset < before.bytes + child.bytes }!
        return before + leaf.bytes.withUnsafeBufferPointer { Self.summarize($0, 0..<(offset - before.bytes)) }
    }

    /// Where the text after the `number`-th line break starts (counting from 1), or nil past the last break.
    func offset(afterLineBreak number: Int) -> Int? {
        guard number > 0, let (leaf, before) = descend({ before, child in number <= before.lineBreaks + child.lineBreaks })
        else { return nil }
        var breaks = before.lineBreaks
        return leaf.bytes.withUnsafeBufferPointer { bytes in
            for i in 0..<bytes.count where Self.isLineBreak(bytes, at: i) {
                breaks += 1
                if breaks == number { return before.bytes + i + 1 }
            }
            return nil
        }
    }

    /// The start of the character holding code unit `unit` of the text in `encoding` (the end of the text past
    /// its last unit). For UTF-8 this is the byte offset, moved back to a character start.
    func offset(ofUnit unit: Int, _ encoding: PositionEncoding) -> Int {
        guard let (leaf, before) = descend({ before, child in unit < before.units(encoding) + child.units(encoding) })
        else { return count }
        var units = before.units(encoding)
        return leaf.bytes.withUnsafeBufferPointer { bytes in
            var i = 0
            while i < bytes.count {
                let (length, width) = Self.character(bytes, at: i, end: bytes.count, encoding == .utf8 ? .utf16 : encoding)
                let unitWidth = encoding == .utf8 ? length : width
                if units + unitWidth > unit { return before.bytes + i }
                units += unitWidth
                i += length
            }
            return before.bytes + bytes.count
        }
    }

    /// The leaf where `isIn(summary before the child, child's summary)` first holds at each level, and the summary
    /// of everything before it; nil when it holds for no child.
    private func descend(_ isIn: (TextSummary, TextSummary) -> Bool) -> (RopeNode, TextSummary)? {
        var node = root
        var before = TextSummary()
        while !node.isLeaf {
            guard let child = node.children.first(where: { child in
                if isIn(before, child.summary) { return true }
                before += child.summary
                return false
            }) else { return nil }
            node = child
        }
        return (node, before)
    }

    // MARK: Editing

    /// Replaces a byte range (clamped to the text). The leaves holding the range, and the bytes on either side of
    /// it (a `\r` before the edit may pair with a `\n` after it), are rebuilt with the new bytes; a piece shorter
    /// than a quarter leaf takes in a neighbour, so leaves stay large.
    mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        let range = range.clamped(to: 0..<count)
        var start = leafBounds(max(0, range.lowerBound - 1)).lowerBound
        var end = leafBounds(range.upperBound).upperBound
        while (end - start) - range.count + replacement.count < Self.leafSize / 4 && (start > 0 || end < count) {
            if end < count { end = leafBounds(end).upperBound } else { start = leafBounds(start - 1).lowerBound }
        }
        var piece = bytes(in: start..<range.lowerBound)
        piece += replacement
        piece += bytes(in: range.upperBound..<end)
        // Out with the old leaves, in with the new.
        var removed = 0
        while removed < end - start { removed += Self.remove(leafAt: start, from: root).bytes }
        while root.children.count == 1 && !root.children[0].isLeaf { root = root.children[0] }
        var position = start
        for leaf in piece.withUnsafeBufferPointer(Self.leaves) {
            if let split = Self.insert(leaf, at: position, into: root) { root = RopeNode(children: [root, split]) }
            position += leaf.summary.bytes
        }
    }

    /// The byte range of the leaf holding `offset` (the last leaf for the end of the text; empty for no text).
    private func leafBounds(_ offset: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let offset = min(offset, count - 1)
        let (leaf, before) = descend { before, child in offset < before.bytes + child.bytes }!
        return before.bytes..<(before.bytes + leaf.summary.bytes)
    }

    /// Inserts a leaf to start at byte `offset` (a leaf boundary) under `node`; returns the new right half when
    /// `node` had to split.
    private static func insert(_ leaf: RopeNode, at offset: Int, into node: RopeNode) -> RopeNode? {
        var index = 0, position = 0
        if node.children.first?.isLeaf ?? true {
            while index < node.children.count && position < offset {
                position += node.children[index].summary.bytes
                index += 1
            }
            node.children.insert(leaf, at: index)
        } else {
            // The child the offset is in, or at the end of.
            while index < node.children.count - 1 && offset > position + node.children[index].summary.bytes {
                position += node.children[index].summary.bytes
                index += 1
            }
            if let split = insert(leaf, at: offset - position, into: node.children[index]) {
                node.children.insert(split, at: index + 1)
            }
        }
        node.summary += leaf.summary
        guard node.children.count > maximumChildren else { return nil }
        let right = RopeNode(children: Array(node.children[(node.children.count / 2)...]))
        node.children.removeSubrange((node.children.count / 2)...)
        node.summary -= right.summary
        return right
    }

    /// Removes the leaf starting at byte `offset` under `node`, merging or sharing out children that fall under the
    /// minimum; returns the leaf's summary.
    private static func remove(leafAt offset: Int, from node: RopeNode) -> TextSummary {
        var index = 0, position = 0
        while index < node.children.count - 1 && offset >= position + node.children[index].summary.bytes {
            position += node.children[index].summary.bytes
            index += 1
        }
        let removed: TextSummary
        if node.children[index].isLeaf {
            removed = node.children.remove(at: index).summary
        } else {
            removed = remove(leafAt: offset - position, from: node.children[index])
            if node.children[index].children.count < minimumChildren && node.children.count > 1 {
                let left = index + 1 < node.children.count ? index : index - 1
                let merged = node.children[left].children + node.children[left + 1].children
                if merged.count <= maximumChildren {
                    node.children[left] = RopeNode(children: merged)
                    node.children.remove(at: left + 1)
                } else {
                    node.children[left] = RopeNode(children: Array(merged[..<(merged.count / 2)]))
                    node.children[left + 1] = RopeNode(children: Array(merged[(merged.count / 2)...]))
                }
            }
        }
        node.summary -= removed
        return removed
    }

    // MARK: Leaves

    /// Leaves of equal size, about `leafSize` bytes each, cut at character starts and never inside `\r\n`.
    static func leaves(_ bytes: UnsafeBufferPointer<UInt8>) -> [RopeNode] {
        let count = (bytes.count + leafSize - 1) / leafSize
        guard count > 0 else { return [] }
        let target = bytes.count / count
        var out: [RopeNode] = []
        out.reserveCapacity(count)
        var start = 0, i = 0
        var summary = TextSummary()
        while i < bytes.count {
            if i - start >= target && out.count < count - 1 && !(bytes[i - 1] == 0x0D && bytes[i] == 0x0A) {
                out.append(RopeNode(leaf: Array(bytes[start..<i]), summary: summary))
                start = i
                summary = TextSummary()
            }
            i += addCharacter(bytes, at: i, end: bytes.count, to: &summary)
        }
        out.append(RopeNode(leaf: Array(bytes[start..<i]), summary: summary))
        return out
    }

    /// The summary of `bytes[range]`, walking characters from its start (a character start). A character cut by
    /// the range's end counts byte by byte; a `\r` counts as a line break unless a `\n` follows it, in the range or
    /// not.
    static func summarize(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TextSummary {
        var summary = TextSummary()
        var i = range.lowerBound
        while i < range.upperBound { i += addCharacter(bytes, at: i, end: range.upperBound, to: &summary) }
        return summary
    }

    /// Adds the character at `i` (cut at `end`) to a summary; returns its length.
    private static func addCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int, to summary: inout TextSummary) -> Int {
        if isLineBreak(bytes, at: i) { summary.lineBreaks += 1 }
        let (length, width) = character(bytes, at: i, end: end, .utf16)
        summary.bytes += length
        summary.utf16 += width
        summary.scalars += 1
        return length
    }

    /// Whether a line break ends at byte `i`: a `\n`, or a `\r` not followed by `\n`.
    static func isLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A))
    }

    /// The UTF-8 length of the character at `i` and its width in the encoding (UTF-16: 2 for a character outside
    /// the Basic Multilingual Plane). An invalid sequence, or one cut by `end`, is one byte wide.
    static func character(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int, _ encoding: PositionEncoding) -> (length: Int, width: Int) {
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

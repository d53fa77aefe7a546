/// The bytes of one Swift file, as read. Nothing is decoded: tokens and nodes point into `bytes`.
public struct SourceFile: Sendable {
    /// The path as given by the caller (used only for output).
    public let path: String
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of a byte range, decoded as UTF-8 (invalid sequences repaired), as `String(decoding:as:)` gives it.
    /// Rules ask for names this way millions of times on a large project, so the bytes are copied straight into
    /// the string's storage: for ASCII text of up to 15 bytes (most identifiers) that copy and an ASCII test of
    /// the stored words are the whole cost, where `String(decoding:as:)` on an array slice retains the array,
    /// validates, then copies byte by byte.
    public func text(_ range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "byte range out of the file")
        if range.isEmpty { return "" }
        return bytes.withUnsafeBufferPointer { buffer in
            let source = buffer.baseAddress! + range.lowerBound
            return String(unsafeUninitializedCapacity: range.count) { target in
                target.baseAddress!.initialize(from: source, count: range.count)
                return range.count
            }
        }
    }

    public func text(of token: Token) -> String { text(token.range) }

    /// Whether the bytes of `token` are exactly `literal` (ASCII). No allocation.
    @inlinable public func token(_ token: Token, is literal: StaticString) -> Bool {
        guard token.length == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { lit in
            bytes.withUnsafeBufferPointer { buf in
                let start = Int(token.offset)
                for i in 0..<lit.count where buf[start + i] != lit[i] { return false }
                return true
            }
        }
    }
}

/// A 1-based line and column. Columns count UTF-8 bytes, as Xcode and the other linters do.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
    public var description: String { "\(line):\(column)" }
}

/// Maps byte offsets to line and column. Built only when a position is needed for output.
public struct LineTable: Sendable {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    public let count: Int

    public init(_ bytes: [UInt8]) {
        lineStarts = bytes.withUnsafeBufferPointer { buf in
            var starts = [0]
            starts.reserveCapacity(buf.count / 32 + 1)
            guard let base = buf.baseAddress else { return starts }
            let n = buf.count
            var i = 0
            while i < n {
                // Eight bytes at a time: a word's lowest flagged byte is its first line break, so the scan jumps
                // to it (then past it); the last few bytes of the file go one at a time.
                var k = i
                if i + 8 <= n {
                    let breaks = LineTable.lineBreakBytes(UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
                    if breaks == 0 {
                        i += 8
                        continue
                    }
                    k = i + breaks.trailingZeroBitCount >> 3
                }
                let b = base[k]
                i = k + 1
                if b == UInt8(ascii: "\n") {
                    starts.append(i)
                } else if b == UInt8(ascii: "\r") {
                    // CRLF is one line break; a lone CR is one too.
                    if i < n && base[i] == UInt8(ascii: "\n") { i += 1 }
                    starts.append(i)
                }
            }
            return starts
        }
        count = bytes.count
    }

    /// Whether some byte of `word` is LF or CR.
    @inline(__always)
    static func holdsLineBreak(_ word: UInt64) -> Bool { lineBreakBytes(word) != 0 }

    /// The high bits of `word`'s bytes (first byte lowest) flagged as LF or CR: 0 when it holds neither, and
    /// otherwise its lowest set bit is in the first LF or CR (bits above it may be set by a borrow).
    @inline(__always)
    static func lineBreakBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        let lf = word ^ (ones &* UInt64(UInt8(ascii: "\n"))), cr = word ^ (ones &* UInt64(UInt8(ascii: "\r")))
        // Some byte of `x` is zero exactly when `(x - ones) & ~x` has a high bit set (the borrow out of a zero byte
        // may set more, but only above one).
        return ((lf &- ones) & ~lf | (cr &- ones) & ~cr) & highBits
    }

    /// The position of a byte offset (an offset equal to the file length is the end of the last line).
    public func position(of offset: Int) -> SourcePosition {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return SourcePosition(line: lo + 1, column: offset - lineStarts[lo] + 1)
    }

    /// The byte range of a 1-based line, without its line break.
    public func lineRange(_ line: Int, in bytes: [UInt8]) -> Range<Int> {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start && (bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r")) { end -= 1 }
        return start..<end
    }
}

// Trivia: what lies in the gaps between tokens. The lexer only skips it; `Trivia.pieces` splits a gap
// into pieces for the few clients that care (suppression comments, doc comments).

public enum TriviaKind: UInt8, Sendable {
    case spaces
    case tabs
    /// A run of line breaks: LF, CR or CRLF, in any mix.
    case newlines
    case lineComment        // // ...
    case docLineComment     // /// ...
    case blockComment       // /* ... */ (nested, possibly unterminated)
    case docBlockComment    // /** ... */
    case byteOrderMark
    /// Vertical tab, form feed, or (only if the range given is not a real gap) anything else, byte by byte.
    case other
}

public struct TriviaPiece: Equatable, Sendable {
    public var kind: TriviaKind
    public var range: Range<Int>

    public init(kind: TriviaKind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

public enum Trivia {
    /// Splits `bytes[range]` (normally the gap between two tokens) into trivia pieces.
    public static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> [TriviaPiece] {
        guard let base = bytes.baseAddress else { return [] }
        let end = min(range.upperBound, bytes.count)
        var i = max(range.lowerBound, 0)
        var pieces: [TriviaPiece] = []

        /// Advances `i` while `predicate` holds, staying inside the range.
        func run(_ predicate: (UInt8) -> Bool) {
            while i < end && predicate(base[i]) { i += 1 }
        }

        while i < end {
            let start = i
            let b = base[i]
            let next: UInt8 = i + 1 < end ? base[i + 1] : 0
            let kind: TriviaKind
            switch b {
            case Byte.space:
                run { $0 == Byte.space }
                kind = .spaces
            case Byte.tab:
                run { $0 == Byte.tab }
                kind = .tabs
            case Byte.lineFeed, Byte.carriageReturn:
                run { $0 == Byte.lineFeed || $0 == Byte.carriageReturn }
                kind = .newlines
            case Byte.slash where next == Byte.slash:
                run { $0 != Byte.lineFeed && $0 != Byte.carriageReturn }
                // `///` documents; `////` (a banner, or commented-out doc) does not.
                let isDoc = i - start >= 3 && base[start + 2] == Byte.slash && (i - start == 3 || base[start + 3] != Byte.slash)
                kind = isDoc ? .docLineComment : .lineComment
            case Byte.slash where next == Byte.star:
                i = min(endOfBlockComment(base, count: end, from: start).end, end)
                // `/**/` is an empty plain comment and `/***` a banner, not documentation.
                let isDoc = i - start >= 5 && base[start + 2] == Byte.star && base[start + 3] != Byte.slash
                    && base[start + 3] != Byte.star
                kind = isDoc ? .docBlockComment : .blockComment
            case 0xEF where i + 2 < end && base[i + 1] == 0xBB && base[i + 2] == 0xBF:
                i += 3
                kind = .byteOrderMark
            default:
                i += 1
                kind = .other
            }
            pieces.append(TriviaPiece(kind: kind, range: start..<i))
        }
        return pieces
    }

    /// Scans a block comment starting at the `/` of `/*` at `start`: nested `/* */` pairs balance.
    /// Unterminated comments run to `count`.
    static func endOfBlockComment(_ base: UnsafePointer<UInt8>, count: Int, from start: Int)
        -> (end: Int, terminated: Bool, sawNewline: Bool) {
        var i = start + 2
        var depth = 1
        var sawNewline = false
        while i < count {
            let b = base[i]
            i += 1
            if b == Byte.star {
                if i < count && base[i] == Byte.slash {
                    i += 1
                    depth -= 1
                    if depth == 0 { return (i, true, sawNewline) }
                }
            } else if b == Byte.slash {
                if i < count && base[i] == Byte.star {
                    i += 1
                    depth += 1
                }
            } else if b == Byte.lineFeed || b == Byte.carriageReturn {
                sawNewline = true
            }
        }
        return (count, false, sawNewline)
    }
}

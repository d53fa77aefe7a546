// The lexer's view of the input: a value-type cursor over raw UTF-8 bytes, plus the byte and code-point
// classes of Swift's lexical grammar. Nothing here allocates; nothing here builds a `String`.

/// ASCII bytes the lexer switches on, by name.
enum Byte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let verticalTab: UInt8 = 0x0B
    static let formFeed: UInt8 = 0x0C
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21   // !
    static let quote: UInt8 = 0x22         // "
    static let pound: UInt8 = 0x23         // #
    static let dollar: UInt8 = 0x24        // $
    static let percent: UInt8 = 0x25       // %
    static let ampersand: UInt8 = 0x26     // &
    static let apostrophe: UInt8 = 0x27    // '
    static let leftParen: UInt8 = 0x28
    static let rightParen: UInt8 = 0x29
    static let star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let lessThan: UInt8 = 0x3C
    static let equal: UInt8 = 0x3D
    static let greaterThan: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let leftSquare: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightSquare: UInt8 = 0x5D
    static let caret: UInt8 = 0x5E
    static let underscore: UInt8 = 0x5F
    static let backtick: UInt8 = 0x60
    static let leftBrace: UInt8 = 0x7B
    static let pipe: UInt8 = 0x7C
    static let rightBrace: UInt8 = 0x7D
    static let tilde: UInt8 = 0x7E
    static let delete: UInt8 = 0x7F
}

// MARK: - Byte classes (ASCII)

@inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }

@inline(__always) func isHexDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 || (b | 0x20) &- 0x61 < 6 }

@inline(__always) func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }

/// `[A-Za-z_]`
@inline(__always) func isASCIIIdentifierStart(_ b: UInt8) -> Bool { isASCIILetter(b) || b == Byte.underscore }

/// `[A-Za-z0-9_$]`
@inline(__always) func isASCIIIdentifierContinue(_ b: UInt8) -> Bool {
    isASCIILetter(b) || isDigit(b) || b == Byte.underscore || b == Byte.dollar
}

/// ASCII operator characters: `/ = - + * % < > ! & | ^ ~ . ?`
@inline(__always) func isASCIIOperatorCharacter(_ b: UInt8) -> Bool {
    switch b {
    case Byte.slash, Byte.equal, Byte.minus, Byte.plus, Byte.star, Byte.percent, Byte.lessThan,
         Byte.greaterThan, Byte.exclamation, Byte.ampersand, Byte.pipe, Byte.caret, Byte.tilde,
         Byte.period, Byte.question:
        return true
    default:
        return false
    }
}

// MARK: - Code-point classes (the ranges of the Swift language reference, as swift-syntax uses them)

enum CodePoint {
    /// Identifier characters (C99/C++ Annex X.1 ranges, which Swift adopted). ASCII handled separately.
    static func isIdentifierContinuation(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIIdentifierContinue(UInt8(c)) }
        if c <= 0xFF {
            return c == 0xA8 || c == 0xAA || c == 0xAD || c == 0xAF || (0xB2...0xB5).contains(c)
                || (0xB7...0xBA).contains(c) || (0xBC...0xBE).contains(c) || (0xC0...0xD6).contains(c)
                || (0xD8...0xF6).contains(c) || (0xF8...0xFF).contains(c)
        }
        if c <= 0x1FFF { return c != 0x1680 && c != 0x180E }
        if c < 0x3040 {
            return (0x200B...0x200D).contains(c) || (0x202A...0x202E).contains(c) || (0x203F...0x2040).contains(c)
                || c == 0x2054 || (0x2060...0x218F).contains(c) || (0x2460...0x24FF).contains(c)
                || (0x2776...0x2793).contains(c) || (0x2C00...0x2DFF).contains(c) || (0x2E80...0x2FFF).contains(c)
                || (0x3004...0x3007).contains(c) || (0x3021...0x302F).contains(c) || (0x3031...0x303F).contains(c)
        }
        if c <= 0xD7FF { return true }
        if c < 0x10000 {
            return (0xF900...0xFD3D).contains(c) || (0xFD40...0xFDCF).contains(c) || (0xFDF0...0xFE44).contains(c)
                || (0xFE47...0xFFF8).contains(c)
        }
        // Planes 1 to 14, minus the last two code points of each plane.
        return c <= 0xEFFFD && (c & 0xFFFF) <= 0xFFFD
    }

    /// Identifier characters that may also start an identifier (combining marks may not).
    static func isIdentifierStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIIdentifierStart(UInt8(c)) }
        guard isIdentifierContinuation(c) else { return false }
        return !((0x0300...0x036F).contains(c) || (0x1DC0...0x1DFF).contains(c) || (0x20D0...0x20FF).contains(c)
            || (0xFE20...0xFE2F).contains(c))
    }

    /// Unicode math, symbol, arrow, dingbat and line/box drawing characters that may start an operator.
    static func isOperatorStart(_ c: UInt32) -> Bool {
        if c < 0x80 { return isASCIIOperatorCharacter(UInt8(c)) }
        return (0x00A1...0x00A7).contains(c) || c == 0x00A9 || c == 0x00AB || c == 0x00AC || c == 0x00AE
            || c == 0x00B0 || c == 0x00B1 || c == 0x00B6 || c == 0x00BB || c == 0x00BF || c == 0x00D7 || c == 0x00F7
            || c == 0x2016 || c == 0x2017 || (0x2020...0x2027).contains(c) || (0x2030...0x203E).contains(c)
            || (0x2041...0x2053).contains(c) || (0x2055...0x205E).contains(c) || (0x2190...0x23FF).contains(c)
            || (0x2500...0x2775).contains(c) || (0x2794...0x2BFF).contains(c) || (0x2E00...0x2E7F).contains(c)
            || (0x3001...0x3003).contains(c) || (0x3008...0x3030).contains(c)
    }

    /// Operator characters, plus combining marks and variation selectors after the first.
    static func isOperatorContinuation(_ c: UInt32) -> Bool {
        isOperatorStart(c) || (0x0300...0x036F).contains(c) || (0x1DC0...0x1DFF).contains(c)
            || (0x20D0...0x20FF).contains(c) || (0xFE00...0xFE0F).contains(c) || (0xFE20...0xFE2F).contains(c)
            || (0xE0100...0xE01EF).contains(c)
    }
}

/// One decoded UTF-8 scalar. `length` is always at least 1, so a caller can always skip it.
struct DecodedScalar {
    /// The scalar value; meaningless when `isValid` is false.
    var value: UInt32
    /// Bytes consumed: the whole scalar, or for invalid UTF-8 the bytes up to the next possible start byte.
    var length: Int
    var isValid: Bool
}

// MARK: - Cursor

/// A position in the input with cheap look-ahead. `peek` past the end answers 0, so callers that must tell
/// a NUL byte from the end check `isAtEnd` first.
struct LexerCursor {
    let base: UnsafePointer<UInt8>
    let count: Int
    var pos: Int

    @inline(__always) var isAtEnd: Bool { pos >= count }

    /// The byte `offset` bytes ahead, or 0 past the end.
    @inline(__always) func peek(_ offset: Int = 0) -> UInt8 {
        let i = pos &+ offset
        return i < count ? base[i] : 0
    }

    /// The byte at absolute index `i`, or 0 outside the input.
    @inline(__always) func byte(at i: Int) -> UInt8 {
        i >= 0 && i < count ? base[i] : 0
    }

    /// Whether a byte exists at absolute index `i`.
    @inline(__always) func has(_ i: Int) -> Bool { i < count }

    @inline(__always) mutating func advance(if b: UInt8) -> Bool {
        if pos < count && base[pos] == b { pos += 1; return true }
        return false
    }

    @inline(__always) mutating func advance(while predicate: (UInt8) -> Bool) {
        while pos < count && predicate(base[pos]) { pos += 1 }
    }

    /// Advances to the next CR or LF (or the end), not consuming it.
    mutating func advanceToEndOfLine() {
        pos = LexerCursor.endOfLine(base, count: count, from: pos)
    }

    /// The index of the first CR or LF from `start` (or `count`): eight bytes at a time over those that hold
    /// neither (the text of a `//` comment), then byte by byte.
    @inline(__always) static func endOfLine(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
        var i = start
        while i + 8 <= count && !LineTable.holdsLineBreak(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) {
            i += 8
        }
        while i < count && base[i] != Byte.lineFeed && base[i] != Byte.carriageReturn { i += 1 }
        return i
    }

    /// Whether the input at `i` starts with the ASCII `literal`.
    func matches(_ literal: StaticString, at i: Int) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard i >= 0 && i + n <= count else { return false }
        let l = literal.utf8Start
        for k in 0..<n where base[i + k] != l[k] { return false }
        return true
    }

    /// Decodes the UTF-8 scalar at absolute index `i` (which must be in bounds), rejecting overlong forms,
    /// surrogates and values past U+10FFFF the way Swift's lexer does.
    func decodeScalar(at i: Int) -> DecodedScalar {
        let lead = base[i]
        if lead < 0x80 { return DecodedScalar(value: UInt32(lead), length: 1, isValid: true) }
        guard lead >= 0xC0 && lead < 0xF8 else {
            // A continuation byte or an impossible lead byte: skip to the next possible start.
            var j = i + 1
            while j < count && !isUTF8StartByte(base[j]) { j += 1 }
            return DecodedScalar(value: 0, length: j - i, isValid: false)
        }
        let length = (~lead).leadingZeroBitCount
        var value = UInt32(lead & (0x7F >> length))
        var j = i + 1
        while j < i + length {
            guard j < count, base[j] & 0xC0 == 0x80 else {
                return DecodedScalar(value: 0, length: j - i, isValid: false)
            }
            value = value << 6 | UInt32(base[j] & 0x3F)
            j += 1
        }
        let bits = 32 - value.leadingZeroBitCount
        let minimal = bits <= 11 ? length == 2 : bits <= 16 ? length == 3 : length == 4
        let valid = minimal && value <= 0x10FFFF && !(0xD800...0xDFFF).contains(value)
        return DecodedScalar(value: value, length: length, isValid: valid)
    }

    /// The byte length of an identifier-continuation character at absolute index `i`, or 0.
    @inline(__always) func identifierContinuationLength(at i: Int) -> Int {
        guard i < count else { return 0 }
        let b = base[i]
        if b < 0x80 { return isASCIIIdentifierContinue(b) ? 1 : 0 }
        let s = decodeScalar(at: i)
        return s.isValid && CodePoint.isIdentifierContinuation(s.value) ? s.length : 0
    }

    /// The end of the run of spaces from `start` (indentation, mostly), eight bytes at a time.
    @inline(__always) static func endOfSpaces(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
        var i = start
        while i + 8 <= count {
            let other = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ repeated(Byte.space)
            if other != 0 { return i + other.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count && base[i] == Byte.space { i += 1 }
        return i
    }

    /// Advances over identifier-continuation characters: eight bytes at a time while they are ASCII identifier
    /// characters (most identifiers end within the first word), then byte by byte for the rest and for anything
    /// not ASCII.
    @inline(__always) mutating func advanceOverIdentifierCharacters() {
        var i = pos
        while i + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let identifier = asciiIdentifierBytes(word)
            if identifier == highBits { i += 8; continue }
            i += (~identifier & highBits).trailingZeroBitCount >> 3
            // Ended by an ASCII byte (almost always): nothing for the byte-by-byte loop to do.
            if base[i] < 0x80 { pos = i; return }
            break
        }
        while i < count {
            let b = base[i]
            if b < 0x80 {
                if !isASCIIIdentifierContinue(b) { break }
                i += 1
            } else {
                let n = identifierContinuationLength(at: i)
                if n == 0 { break }
                i += n
            }
        }
        pos = i
    }
}

// MARK: - Eight bytes at a time

/// The high bit of every byte.
private let highBits: UInt64 = 0x8080_8080_8080_8080

@inline(__always) func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

/// The high bit of each byte of `word` (first byte lowest) set where that byte is `[A-Za-z0-9_$]`. Each byte is
/// compared on its low seven bits, so no borrow crosses into the next byte; bytes that are not ASCII are
/// cleared at the end.
@inline(__always) func asciiIdentifierBytes(_ word: UInt64) -> UInt64 {
    let low = word & ~highBits
    // Set where the byte is at least `lo`, at most `hi`, or equal to `v`.
    func atLeast(_ x: UInt64, _ lo: UInt8) -> UInt64 { ((x | highBits) &- repeated(lo)) & highBits }
    func atMost(_ x: UInt64, _ hi: UInt8) -> UInt64 { (repeated(0x80 | hi) &- x) & highBits }
    func equal(_ x: UInt64, _ v: UInt8) -> UInt64 { ~((x ^ repeated(v)) &+ repeated(0x7F)) & highBits }
    let folded = low | repeated(0x20)
    let letters = atLeast(folded, UInt8(ascii: "a")) & atMost(folded, UInt8(ascii: "z"))
    let digits = atLeast(low, UInt8(ascii: "0")) & atMost(low, UInt8(ascii: "9"))
    let marks = equal(low, UInt8(ascii: "_")) | equal(low, UInt8(ascii: "$"))
    return (letters | digits | marks) & ~word & highBits
}

@inline(__always) func isUTF8StartByte(_ b: UInt8) -> Bool { b < 0x80 || (b >= 0xC0 && b < 0xF8) }

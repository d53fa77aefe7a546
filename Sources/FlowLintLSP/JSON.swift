/// A JSON value as JSON-RPC carries it. Parsed by `JSON.parse` (our own parser: a depth limit, UTF-8 checked, no
/// Foundation bridging of numbers and booleans) and written compactly by `serialized()`, with object keys in the
/// order they were given.
enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    // MARK: Reading

    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? { if case .string(let s) = self { return s } else { return nil } }
    var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    var array: [JSON]? { if case .array(let a) = self { return a } else { return nil } }
    var isNull: Bool { self == .null }

    /// An integer: a number with no fractional part that fits in `Int`.
    var int: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    // MARK: Building

    init(_ members: KeyValuePairs<String, JSON?>) {
        self = .object(members.compactMap { key, value in value.map { (key, $0) } })
    }

    static func int(_ value: Int) -> JSON { .number(Double(value)) }

    // MARK: Writing

    /// Compact UTF-8 text (no spaces or newlines).
    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let n):
            if n.rounded() == n && abs(n) < 9.0e15 {
                out += Array(String(Int(n)).utf8)
            } else if n.isFinite {
                out += Array(String(n).utf8)
            } else {
                out += Array("null".utf8)
            }
        case .string(let s): JSON.writeString(s, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Parsing

    struct ParseError: Error, Equatable {
        var message: String
        var offset: Int
    }

    /// Nesting deeper than this is refused (LSP messages nest a few levels): no input can exhaust the stack.
    static let maximumDepth = 256
    /// More values than this in one document are refused: each takes 16 bytes or more once parsed, so a 64 MiB
    /// message of `0,0,0...` would take half a gigabyte. The largest real messages (a `didChangeWatchedFiles` of a
    /// branch switch, a `codeAction` sending back a file's diagnostics) hold a small fraction of it.
    static let maximumValues = 1 << 22

    /// Parses one JSON document (RFC 8259): the whole of `bytes`, surrounding whitespace allowed. Strings must be
    /// valid UTF-8; a lone surrogate escape (`\ud800`) becomes U+FFFD.
    static func parse(_ bytes: [UInt8], maximumValues: Int = JSON.maximumValues) throws -> JSON {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer, maximumValues: maximumValues)
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.position == buffer.count else { throw parser.error("unexpected text after the JSON value") }
            return value
        }
    }

    /// Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 { i += 1; continue }
            // The length of the sequence, and the range its second byte must be in.
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return false
            }
            guard i + length <= bytes.count, second.contains(bytes[i + 1]) else { return false }
            for k in 2..<length where (bytes[i + k] & 0xC0) != 0x80 { return false }
            i += length
        }
        return true
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let maximumValues: Int
        var position = 0
        var values = 0

        func error(_ message: String) -> ParseError { ParseError(message: message, offset: position) }

        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipWhitespace() {
            while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { position += 1 }
        }

        mutating func expect(_ literal: String, _ value: JSON) throws -> JSON {
            for byte in literal.utf8 {
                guard current == byte else { throw error("invalid literal") }
                position += 1
            }
            return value
        }

        mutating func value(depth: Int) throws -> JSON {
            guard depth < JSON.maximumDepth else { throw error("nested too deeply") }
            values += 1
            guard values <= maximumValues else { throw error("more than \(maximumValues) values") }
            guard let byte = current else { throw error("unexpected end of input") }
            switch byte {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(String, JSON)] = []
                skipWhitespace()
                if current == UInt8(ascii: "}") { position += 1; return .object(members) }
                while true {
                    skipWhitespace()
                    guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
                    let key = try string()
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
                    position += 1
                    skipWhitespace()
                    members.append((key, try value(depth: depth + 1)))
                    skipWhitespace()
                    if current == UInt8(ascii: ",") { position += 1; continue }
                    if current == UInt8(ascii: "}") { position += 1; return .object(members) }
                    throw error("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                position += 1
                var elements: [JSON] = []
                skipWhitespace()
                if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
                while true {
                    skipWhitespace()
                    elements.append(try value(depth: depth + 1))
                    skipWhitespace()
                    if current == UInt8(ascii: ",") { position += 1; continue }
                    if current == UInt8(ascii: "]") { position += 1; return .array(elements) }
                    throw error("expected ',' or ']'")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return try number()
            default:
                throw error("unexpected character")
            }
        }

        mutating func number() throws -> JSON {
            let start = position
            if current == UInt8(ascii: "-") { position += 1 }
            func digits() -> Int {
                let from = position
                while let b = current, b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") { position += 1 }
                return position - from
            }
            let integerStart = position
            let integerDigits = digits()
            guard integerDigits > 0 else { throw error("invalid number") }
            if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { throw error("leading zero in a number") }
            if current == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { throw error("invalid number") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                position += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { throw error("invalid number") }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            guard let value = Double(text) else { throw error("invalid number") }
            return .number(value)
        }

        mutating func hex4() throws -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("truncated \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let b = bytes[position]
                let digit: UInt32
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
                default: throw error("invalid \\u escape")
                }
                value = value << 4 | digit
                position += 1
            }
            return value
        }

        /// A string at `"`: escapes decoded, raw bytes checked as UTF-8. Made with one copy of its bytes (a document's
        /// text may be tens of megabytes): straight from the message when it has no escape, else decoded into the
        /// string's own storage, sized by the string as written (an escape is never shorter than what it stands for).
        mutating func string() throws -> String {
            position += 1
            var end = position
            while end < bytes.count && bytes[end] != UInt8(ascii: "\"") && bytes[end] != UInt8(ascii: "\\") && bytes[end] >= 0x20 { end += 1 }
            if end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
                guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self) else {
                    throw error("string is not valid UTF-8")
                }
                position = end + 1
                return text
            }
            // The written string is valid UTF-8 exactly when the decoded one is: escapes are ASCII and stand for
            // whole characters.
            var close = end
            while close < bytes.count && bytes[close] != UInt8(ascii: "\"") { close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1 }
            guard JSON.isValidUTF8(UnsafeBufferPointer(rebasing: bytes[position..<min(close, bytes.count)])) else {
                throw error("string is not valid UTF-8")
            }
            return try String(unsafeUninitializedCapacity: min(close, bytes.count) - position) { out in
                var count = 0
                func append<C: Collection<UInt8>>(_ decoded: C) {
                    for byte in decoded {
                        out[count] = byte
                        count += 1
                    }
                }
                var runStart = position
                position = end  // plain bytes up to here
                while true {
                    guard let byte = current else { throw error("unterminated string") }
                    if byte == UInt8(ascii: "\"") {
                        append(bytes[runStart..<position])
                        position += 1
                        return count
                    }
                    if byte < 0x20 { throw error("control character in a string") }
                    if byte != UInt8(ascii: "\\") { position += 1; continue }
                    append(bytes[runStart..<position])
                    position += 1
                    guard let escaped = current else { throw error("unterminated string") }
                    position += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): append(CollectionOfOne(escaped))
                    case UInt8(ascii: "b"): append(CollectionOfOne(0x08))
                    case UInt8(ascii: "f"): append(CollectionOfOne(0x0C))
                    case UInt8(ascii: "n"): append(CollectionOfOne(0x0A))
                    case UInt8(ascii: "r"): append(CollectionOfOne(0x0D))
                    case UInt8(ascii: "t"): append(CollectionOfOne(0x09))
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar), position + 6 <= bytes.count,
                           bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                            let save = position
                            position += 2
                            let low = try hex4()
                            if (0xDC00..<0xE000).contains(low) {
                                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                position = save
                            }
                        }
                        append(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
                    default:
                        throw error("invalid escape")
                    }
                    runStart = position
                }
            }
        }
    }
}

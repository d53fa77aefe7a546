#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a property list into the values Foundation's `PropertyListSerialization` gave: a dictionary is
/// `[AnyHashable: Any]` with `String` keys, an array `[Any]`, a string `String`.
///
/// Xcode writes `project.pbxproj` as an old-style (OpenStep) list, which FlowLint reads with its own parser
/// (`OpenStepPropertyList`): `PropertyListSerialization` is outside FoundationEssentials, and on Linux any use
/// of it links the whole of Foundation with ICU's 34 MB of data into the statically linked binary, while
/// FoundationEssentials' `PropertyListDecoder` reads only XML and binary lists. An XML list (some tools convert
/// project files to XML, and Xcode reads them) goes to `PropertyListDecoder`.
enum PropertyListReader {
    static func parse(_ bytes: [UInt8]) -> Result<Any, ParseFailure> {
        if isXML(bytes) {
            do {
                let value = try PropertyListDecoder().decode(XMLPropertyListValue.self, from: Data(bytes))
                return .success(value.foundationValue)
            } catch {
                return .failure(ParseFailure(description: "not a valid XML property list: \(error)"))
            }
        }
        var parser = OpenStepPropertyList(bytes)
        do {
            return .success(try parser.parseDocument())
        } catch let failure as ParseFailure {
            return .failure(failure)
        } catch {
            return .failure(ParseFailure(description: "\(error)"))
        }
    }

    /// Why a list does not parse, with the line: "missing ';' after the value of 'isa' on line 582".
    struct ParseFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// An XML list starts, after blanks and a byte order mark, with `<?xml`, `<!DOCTYPE` or `<plist`; an old-style
    /// one with `{`, `(`, a string, a comment or `<` and hexadecimal digits (data).
    static func isXML(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<!DOCTYPE".utf8))
            || rest.starts(with: Array("<plist".utf8))
    }
}

/// A value of an XML property list, as `PropertyListDecoder` decodes it.
private enum XMLPropertyListValue: Decodable {
    case string(String)
    case dictionary([String: XMLPropertyListValue])
    case array([XMLPropertyListValue])
    case other(Any)

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let dictionary = try? container.decode([String: XMLPropertyListValue].self) {
            self = .dictionary(dictionary)
        } else if let array = try? container.decode([XMLPropertyListValue].self) {
            self = .array(array)
        } else if let value = try? container.decode(Bool.self) {
            self = .other(value)
        } else if let value = try? container.decode(Int.self) {
            self = .other(value)
        } else if let value = try? container.decode(Double.self) {
            self = .other(value)
        } else if let value = try? container.decode(Date.self) {
            self = .other(value)
        } else {
            self = .other(try container.decode(Data.self))
        }
    }

    var foundationValue: Any {
        switch self {
        case .string(let text): return text
        case .array(let array): return array.map(\.foundationValue)
        case .other(let value): return value
        case .dictionary(let dictionary):
            var result: [AnyHashable: Any] = [:]
            for (key, value) in dictionary { result[key] = value.foundationValue }
            return result
        }
    }
}

/// A parser of old-style (OpenStep, "ASCII") property lists, the format of `project.pbxproj`, over UTF-8 bytes:
///
/// - a dictionary `{ key = value; ... }` (the `;` after each value is required, as CoreFoundation requires it),
/// - an array `( value, value )` (a `,` after the last value is allowed),
/// - data `<0fbd 7a>` (hexadecimal digits, blanks between them), read as `Data`,
/// - a quoted string `"..."` or `'...'` with the escapes `\a \b \f \n \r \t \v`, `\` and up to three octal digits,
///   `\U` and up to four hexadecimal digits, `\` before any other character for that character,
/// - an unquoted string of letters, digits and `_ $ + / : . -`,
/// - comments `/* ... */` and `// ...` wherever blanks may be.
///
/// Nesting is bounded (`maximumDepth`): a hostile file cannot overflow the stack.
struct OpenStepPropertyList {
    /// Real projects nest 4 levels (top, objects, object, build settings, list).
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    typealias Failure = PropertyListReader.ParseFailure

    private func fail(_ message: String, line: Int? = nil) -> Failure {
        Failure(description: "\(message) on line \(line ?? self.line)")
    }

    /// The one value of the text, with nothing but blanks and comments after it.
    mutating func parseDocument() throws -> Any {
        try skipBlanksAndComments()
        guard index < bytes.count else { throw fail("empty property list") }
        let value = try parseValue()
        try skipBlanksAndComments()
        if index < bytes.count { throw fail("unexpected \(describe(bytes[index])) after the property list") }
        return value
    }

    private mutating func parseValue() throws -> Any {
        guard index < bytes.count else { throw fail("unexpected end of the text where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { try $0.parseDictionary() }
        case UInt8(ascii: "("): return try nested { try $0.parseArray() }
        case UInt8(ascii: "<"): return try parseData()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try parseQuotedString()
        case let byte where Self.isUnquotedStringByte(byte): return parseUnquotedString()
        case let byte: throw fail("unexpected \(describe(byte)) where a value was expected")
        }
    }

    private mutating func nested(_ parse: (inout OpenStepPropertyList) throws -> Any) throws -> Any {
        guard depth < Self.maximumDepth else { throw fail("the property list nests deeper than \(Self.maximumDepth) levels") }
        depth += 1
        defer { depth -= 1 }
        return try parse(&self)
    }

    private mutating func parseDictionary() throws -> [AnyHashable: Any] {
        let start = line
        index += 1  // {
        var dictionary: [AnyHashable: Any] = [:]
        while true {
            try skipBlanksAndComments()
            guard index < bytes.count else { throw fail("unterminated dictionary starting on line \(start) at the end of the text") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return dictionary
            }
            guard bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") || Self.isUnquotedStringByte(bytes[index]) else {
                throw fail("unexpected \(describe(bytes[index])) where a dictionary key was expected")
            }
            let key = try parseString()
            try skipBlanksAndComments()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw fail("missing '=' after the key '\(key)'")
            }
            index += 1
            try skipBlanksAndComments()
            let value = try parseValue()
            try skipBlanksAndComments()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw fail("missing ';' after the value of '\(key)'")
            }
            index += 1
            dictionary[key] = value
        }
    }

    private mutating func parseArray() throws -> [Any] {
        let start = line
        index += 1  // (
        var array: [Any] = []
        while true {
            try skipBlanksAndComments()
            guard index < bytes.count else { throw fail("unterminated array starting on line \(start) at the end of the text") }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return array
            }
            array.append(try parseValue())
            try skipBlanksAndComments()
            guard index < bytes.count else { throw fail("unterminated array starting on line \(start) at the end of the text") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: ")"): break
            case let byte: throw fail("missing ',' between array elements, found \(describe(byte))")
            }
        }
    }

    private mutating func parseData() throws -> Data {
        let start = line
        index += 1  // <
        var data: [UInt8] = []
        var high: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw fail("odd number of hexadecimal digits in data") }
                return Data(data)
            }
            if byte == 0x0A {
                line += 1
                continue
            }
            if Self.isBlank(byte) { continue }
            guard let digit = byte.hexadecimalDigitValue else { throw fail("unexpected \(describe(byte)) in data") }
            if let first = high {
                data.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        throw fail("unterminated data starting on line \(start) at the end of the text")
    }

    private mutating func parseString() throws -> String {
        bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") ? try parseQuotedString() : parseUnquotedString()
    }

    private mutating func parseUnquotedString() -> String {
        let start = index
        while index < bytes.count, Self.isUnquotedStringByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseQuotedString() throws -> String {
        let quote = bytes[index]
        let start = line
        index += 1
        var text: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                text += bytes[runStart..<index]
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            text += bytes[runStart..<index]
            index += 1
            guard index < bytes.count else { break }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "a"): text.append(0x07)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "v"): text.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var count = 1
                while count < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    value = value * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                    count += 1
                }
                append(Unicode.Scalar(value) ?? "\u{FFFD}", to: &text)
            case UInt8(ascii: "U"):
                var value: UInt32 = 0
                var count = 0
                while count < 4, index < bytes.count, let digit = bytes[index].hexadecimalDigitValue {
                    value = value * 16 + UInt32(digit)
                    index += 1
                    count += 1
                }
                append(Unicode.Scalar(value) ?? "\u{FFFD}", to: &text)
            default:
                if escaped == 0x0A { line += 1 }
                text.append(escaped)
            }
            runStart = index
        }
        throw fail("unterminated string starting on line \(start) at the end of the text")
    }

    private func append(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        text += Array(String(Character(scalar)).utf8)
    }

    /// Skips blanks, line breaks and comments; an unterminated `/*` is an error.
    private mutating func skipBlanksAndComments() throws {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                index += 1
            } else if Self.isBlank(byte) {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = line
                index += 2
                while true {
                    guard index + 1 < bytes.count else { throw fail("unterminated comment starting on line \(start) at the end of the text") }
                    if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                        index += 2
                        break
                    }
                    if bytes[index] == 0x0A { line += 1 }
                    index += 1
                }
            } else {
                return
            }
        }
    }

    /// Blanks other than the line feed, which is counted: space, tab, carriage return, vertical tab, form feed.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    private static func isUnquotedStringByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
             UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}

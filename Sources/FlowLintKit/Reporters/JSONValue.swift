/// A JSON document with object keys in the order they were written, so output is byte-for-byte stable
/// (Foundation's encoders either shuffle keys or sort them alphabetically).
indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }

    /// Pretty-printed with two-space indentation and a final newline.
    func rendered() -> String {
        fragment(indent: 0) + "\n"
    }

    /// The value as it is printed inside a document, where its own line is indented by `indent` spaces.
    func fragment(indent: Int) -> String {
        var out = ""
        write(to: &out, indent: indent)
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .string(let text): JSONValue.writeString(text, to: &out)
        case .int(let number): out += String(number)
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                element.write(to: &out, indent: indent + 2)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                JSONValue.writeString(key, to: &out)
                out += ": "
                value.write(to: &out, indent: indent + 2)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// RFC 8259 escaping. Non-ASCII text stays as UTF-8; U+2028 and U+2029 are escaped too, so the output
    /// is also safe to embed in JavaScript, and so are DEL, C1 controls and bidirectional overrides, so the
    /// document holds no byte that drives a terminal (`Escaping.isUnsafeInText`).
    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}", "\u{2029}": out += "\\u" + hex4(scalar.value)
            default:
                if Escaping.isUnsafeInText(scalar) {
                    out += "\\u" + hex4(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

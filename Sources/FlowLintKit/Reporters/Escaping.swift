/// Escaping for each output format. Every reporter sends paths and messages through one of these.
enum Escaping {
    /// For one-line text formats read by people and by Xcode: line breaks and control characters (an
    /// escape sequence in a message must not drive the terminal) become visible `\n`, `\r`, `\u{1B}`.
    static func text(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// XML 1.0 character data and attribute values. Line breaks and tabs in attributes become character
    /// references (a parser would otherwise normalize them to spaces); characters XML 1.0 cannot carry at
    /// all (most C0 controls, U+FFFE, U+FFFF) become U+FFFD.
    static func xml(_ value: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += attribute ? "&quot;" : "\""
            case "'": out += attribute ? "&apos;" : "'"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\r": out += "&#13;"
            case "\t": out += attribute ? "&#9;" : "\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// GitHub Actions workflow-command data (the message after `::`).
    static func githubData(_ value: String) -> String {
        value.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// GitHub Actions workflow-command property values (`file=`, `title=`).
    static func githubProperty(_ value: String) -> String {
        githubData(value).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }

    /// A relative URI reference for a file path (SARIF `artifactLocation.uri`): every byte but the RFC 3986
    /// unreserved characters and `/` is percent-encoded. Absolute paths become `file://` URIs.
    static func uri(forPath path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

extension String {
    /// Plain substring replacement without Foundation (works on Unicode scalars, so "\r" never matches
    /// half of a "\r\n" grapheme the way Character-based replacement would fail to).
    func replacingAll(_ target: String, _ replacement: String) -> String {
        let scalars = Array(unicodeScalars), pattern = Array(target.unicodeScalars)
        guard !pattern.isEmpty else { return self }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if i + pattern.count <= scalars.count && scalars[i..<i + pattern.count].elementsEqual(pattern) {
                out.append(contentsOf: replacement.unicodeScalars)
                i += pattern.count
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }
}

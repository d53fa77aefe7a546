/// Escaping for each output format. Every reporter sends paths and messages through one of these, and so
/// does every line on standard error that quotes a path or a message.
public enum Escaping {
    /// Characters that must not reach a terminal or a CI log as they are: C0 and C1 controls and DEL (an
    /// escape sequence in a file name must not drive the terminal, a BEL must not ring), the Unicode line and
    /// paragraph separators (some log viewers break lines there), and the bidirectional overrides and
    /// isolates, which make a line display in another order than it reads ("Trojan Source"). Tab is kept.
    static func isUnsafeInText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// For one-line text formats read by people and by Xcode, and for standard error: line breaks and the
    /// characters of `isUnsafeInText` become visible `\n`, `\r`, `\u{1B}`, so one message is one line.
    public static func text(_ value: String) -> String {
        guard value.unicodeScalars.contains(where: isUnsafeInText) else { return value }
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
                if isUnsafeInText(scalar) {
                    out += visible(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// XML 1.0 character data and attribute values. Line breaks and tabs in attributes become character
    /// references (a parser would otherwise normalize them to spaces); characters XML 1.0 cannot carry at
    /// all (most C0 controls, U+FFFE, U+FFFF) become U+FFFD; DEL, C1 controls and the other characters of
    /// `isUnsafeInText` become character references.
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
                } else if isUnsafeInText(scalar) {
                    // Legal in XML, but not as raw bytes in a file someone may print: a character reference.
                    out += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// GitHub Actions workflow-command data (the message after `::`). Line breaks are the runner's `%0A`
    /// (an annotation can have several lines); other control characters are shown as `\u{1B}`, as in text.
    static func githubData(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default:
                if isUnsafeInText(scalar) {
                    out += visible(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
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

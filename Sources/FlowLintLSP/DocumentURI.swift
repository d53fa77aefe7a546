import FlowLintKit

/// `file:` URIs to absolute paths and back (RFC 8089, percent-encoding by bytes). Other schemes (`untitled:`,
/// `git:`) name no file: their documents are not linted.
///
/// A file is identified by its path, whatever URI names it: the scheme's case, an empty or `localhost`
/// authority (`file:///p`, `file://localhost/p`, and `file:/p` without one), percent-encoding (`%41` is `A`, in
/// either case of hex digits), `.` and `..` components and repeated slashes do not matter. Symbolic links are
/// not resolved (as in every editor, a link and its target are two files).
enum DocumentURI {
    /// The standardized absolute path of a `file:` URI, or nil for another scheme, a remote host or a bad escape.
    static func path(of uri: String) -> String? {
        decodedPath(of: uri).map(Paths.standardize)
    }

    /// Whether a `file:` URI's path ends in `/`, which names a directory.
    static func namesDirectory(_ uri: String) -> Bool {
        decodedPath(of: uri)?.hasSuffix("/") ?? false
    }

    /// The percent-decoded path of a `file:` URI, before standardizing.
    private static func decodedPath(of uri: String) -> String? {
        let bytes = Array(uri.utf8)
        let scheme = Array("file:".utf8)
        guard bytes.count > scheme.count,
              bytes[0..<scheme.count].map({ ($0 >= 65 && $0 <= 90) ? $0 + 32 : $0 }) == scheme else { return nil }
        var rest = bytes[scheme.count...]
        if rest.starts(with: Array("//".utf8)) {
            // The authority: empty or localhost.
            rest = rest.dropFirst(2)
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
            let host = String(decoding: rest[rest.startIndex..<slash], as: UTF8.self).lowercased()
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[slash...]
        }
        guard rest.first == UInt8(ascii: "/") else { return nil }
        if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { rest = rest[..<end] }
        var decoded: [UInt8] = []
        var i = rest.startIndex
        while i < rest.endIndex {
            if rest[i] == UInt8(ascii: "%") {
                guard i + 2 < rest.endIndex, let high = hexValue(rest[i + 1]), let low = hexValue(rest[i + 2]) else { return nil }
                decoded.append(high << 4 | low)
                i += 3
            } else {
                decoded.append(rest[i])
                i += 1
            }
        }
        guard !decoded.contains(0), let path = String(validating: decoded, as: UTF8.self) else { return nil }
        return path
    }

    /// The `file:` URI of an absolute path: every byte but unreserved characters and `/` percent-encoded.
    static func uri(ofPath path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(digits[Int(byte >> 4)])
                out.unicodeScalars.append(digits[Int(byte & 0xF)])
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

// The neutral vocabulary both sides are translated into: token kind classes, tokens as byte ranges,
// outline entries, line tables, corpus loading. Neither swift-syntax nor FlowLintSyntax is imported here,
// so their names (Lexer, Parser, TokenKind, ...) never collide.

import Foundation

/// The coarse token classes the oracle compares. Within a class, tokens are compared by byte range (so by
/// text and offset): swift-syntax and FlowLint may label `_` or `self` differently and still agree.
public enum KindClass: UInt8, CaseIterable, CustomStringConvertible, Sendable {
    /// identifier, keyword, dollarIdentifier, wildcard, backtick-quoted identifier
    case word
    case int
    case float
    /// quotes (", """, '), string segments, raw-string # delimiters
    case string
    /// regex slashes, # delimiters and pattern
    case regex
    /// every punctuator and operator, incl. backslash, pound, atSign (compared by text)
    case punct
    /// #if #elseif #else #endif #sourceLocation #available #unavailable
    case directive
    case shebang
    case unknown

    public var description: String {
        switch self {
        case .word: "word"
        case .int: "int"
        case .float: "float"
        case .string: "string"
        case .regex: "regex"
        case .punct: "punct"
        case .directive: "directive"
        case .shebang: "shebang"
        case .unknown: "unknown"
        }
    }
}

/// One token as the oracle sees it: class and byte range (end of file excluded).
public struct OToken: Equatable, Sendable {
    public var kind: KindClass
    public var offset: Int
    public var length: Int
    /// The side's own kind name (`identifier`, `stringSegment`, ...), for reports only; not compared.
    public var detail: String
    public init(kind: KindClass, offset: Int, length: Int, detail: String) {
        self.kind = kind
        self.offset = offset
        self.length = length
        self.detail = detail
    }
    public var end: Int { offset + length }
    /// Equal for the oracle: same class, same bytes at the same place.
    @inlinable public func same(as other: OToken) -> Bool {
        kind == other.kind && offset == other.offset && length == other.length
    }
}

/// One declaration of the outline. Mirrors FlowLintSyntax's `OutlineEntry`.
public struct OEntry: Equatable, Sendable, CustomStringConvertible {
    public var kind: String
    public var name: String
    public var attributes: [String]
    public var line: Int
    public init(kind: String, name: String, attributes: [String], line: Int) {
        self.kind = kind
        self.name = name
        self.attributes = attributes
        self.line = line
    }
    public var description: String {
        let attrs = attributes.isEmpty ? "" : " [" + attributes.map { "@" + $0 }.joined(separator: " ") + "]"
        return "L\(line) \(kind) \(name)\(attrs)"
    }
}

/// Byte offset → 1-based line/column. Line breaks: LF, CRLF, lone CR (as FlowLint's LineTable and swift-syntax).
public struct Lines: Sendable {
    public let starts: [Int]
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var s = [0]
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 10 {
                s.append(i + 1)
            } else if b == 13 {
                if i + 1 < n && bytes[i + 1] == 10 { i += 1 }
                s.append(i + 1)
            }
            i += 1
        }
        starts = s
    }
    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { Lines($0) }
    }
    public func line(of offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }
    public func column(of offset: Int) -> Int { offset - starts[line(of: offset) - 1] + 1 }
    public var count: Int { starts.count }
}

/// A corpus file loaded into memory.
public struct CorpusFile: Sendable {
    public let path: String
    public let bytes: [UInt8]
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
    public var lineCount: Int {
        // Counted like `wc -l`: newline bytes.
        bytes.withUnsafeBufferPointer { b in b.reduce(0) { $1 == 10 ? $0 + 1 : $0 } }
    }
}

public enum Corpus {
    /// Every regular `*.swift` file under `dir` (or `dir` itself if it is a file), sorted by path.
    public static func paths(under dir: String) -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) else { return [] }
        if !isDir.boolValue { return [dir] }
        var out: [String] = []
        let base = URL(fileURLWithPath: dir)
        guard let e = FileManager.default.enumerator(
            at: base, includingPropertiesForKeys: [.isRegularFileKey], options: []
        ) else { return [] }
        for case let url as URL in e where url.pathExtension == "swift" {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                out.append(url.path)
            }
        }
        return out.sorted()
    }

    public static func load(_ path: String) -> [UInt8]? {
        guard let d = FileManager.default.contents(atPath: path) else { return nil }
        return [UInt8](d)
    }

    public static func loadAll(under dir: String, limit: Int? = nil) -> [CorpusFile] {
        var ps = paths(under: dir)
        if let limit, ps.count > limit { ps = Array(ps.prefix(limit)) }
        return ps.compactMap { p in load(p).map { CorpusFile(path: p, bytes: $0) } }
    }
}

/// Text of a byte range for output: UTF-8 decoded, control characters and newlines made visible.
public func visible(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, max: Int = 40) -> String {
    let lo = Swift.max(0, Swift.min(range.lowerBound, bytes.count))
    let hi = Swift.max(lo, Swift.min(range.upperBound, bytes.count))
    var s = String(decoding: UnsafeBufferPointer(rebasing: bytes[lo..<hi]), as: UTF8.self)
    var cut = false
    if s.count > max {
        s = String(s.prefix(max))
        cut = true
    }
    var out = ""
    for ch in s.unicodeScalars {
        switch ch {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{0}": out += "\\0"
        default:
            if ch.value < 0x20 || ch.value == 0x7F { out += String(format: "\\x%02X", ch.value) } else { out.unicodeScalars.append(ch) }
        }
    }
    return cut ? out + "…" : out
}

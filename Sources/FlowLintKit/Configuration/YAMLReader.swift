/// A YAML value of the configuration, with where it starts (1-based line and column, in characters).
struct YAMLNode {
    enum Value {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    var value: Value
    var line: Int
    var column: Int
}

struct YAMLScalar {
    var string: String
    /// Plain (unquoted): typed by its text (`YAMLScalarTag`); a quoted scalar is a string.
    var isPlain: Bool

    var type: YAMLScalarType { isPlain ? YAMLScalarTag.of(plain: string) : .str }

    /// The value of a boolean (`type == .bool`): `true`, `yes`, `on` in any case are true.
    var bool: Bool { ["true", "yes", "on"].contains(string.lowercased()) }
}

/// Why the text is not YAML the reader accepts, and where (1-based, in characters).
struct YAMLError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// Reads the YAML of a `.flowlint.yml`: FlowLint's own reader, so that the product depends on no YAML library
/// (Yams imports Foundation, which on Linux links all of Foundation and ICU's data into the binary).
///
/// It reads one document (an optional `---` before it, an optional `...` after it) made of
/// - block mappings (`key: value`) and block sequences (`- value`), a sequence under a key at the key's own
///   indentation included, and the compact forms `- key: value` and `- - value`;
/// - flow sequences `[a, b]` and flow mappings `{severity: warning}`, over several lines too, with `[k: v]`
///   single-pair mappings;
/// - plain scalars (continued on more indented lines), single-quoted (`''` is a quote) and double-quoted
///   scalars with YAML's escapes (`\n`, `\t`, `\e`, `\"`, `\\`, `\xXX`, `\uXXXX`, `\UXXXXXXXX`, ...), both
///   folded over lines as YAML folds them;
/// - comments (`#` at the start of a line or after a blank).
///
/// It refuses, with the line and column, what a configuration has no use for: anchors (`&a`), aliases (`*a`),
/// tags (`!t`), block scalars (`|`, `>`), explicit keys (`? `), directives (`%YAML`), several documents, tabs
/// in indentation, control characters (NUL included). Nesting is bounded (`maximumDepth`), so a hostile file
/// cannot exhaust the stack.
///
/// Plain scalars are typed as YAML 1.1 types them (`YAMLScalarTag`: `yes` is a boolean, `1.5` a number, `~`
/// null), as Yams did; quoted ones are strings.
struct YAMLReader {
    /// Collections nested at most this deep. The configuration's own check (`YAMLNestingCheck`, 64 levels of
    /// indentation and brackets, each at most two collections) runs first; this bound keeps the reader safe
    /// on its own.
    static let maximumDepth = 256

    /// The document's root, nil for a document with no content (empty, or only comments).
    static func read(_ text: String) throws -> YAMLNode? {
        var reader = YAMLReader(Array(text.unicodeScalars))
        return try reader.readStream()
    }

    private let characters: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    private init(_ characters: [Unicode.Scalar]) {
        self.characters = characters
    }

    // MARK: Positions and characters

    private var column: Int { index - lineStart + 1 }
    /// The column as an indentation: 0 at the start of a line.
    private var indentation: Int { index - lineStart }

    private func at(_ offset: Int = 0) -> Unicode.Scalar? {
        let position = index + offset
        return position < characters.count ? characters[position] : nil
    }

    private var atEnd: Bool { index >= characters.count }

    private static func isBreak(_ c: Unicode.Scalar?) -> Bool {
        guard let c else { return false }
        return c == "\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}"
    }

    private static func isBlank(_ c: Unicode.Scalar?) -> Bool { c == " " || c == "\t" }
    private static func isBlankBreakOrEnd(_ c: Unicode.Scalar?) -> Bool { c == nil || isBlank(c) || isBreak(c) }
    private static func isFlowIndicator(_ c: Unicode.Scalar?) -> Bool {
        c == "," || c == "[" || c == "]" || c == "{" || c == "}"
    }

    private func error(_ message: String) -> YAMLError {
        YAMLError(line: line, column: column, message: message)
    }

    private func error(_ message: String, line: Int, column: Int) -> YAMLError {
        YAMLError(line: line, column: column, message: message)
    }

    /// Takes one line break (`\r\n` counts as one).
    private mutating func takeBreak() {
        if at() == "\r", at(1) == "\n" { index += 1 }
        index += 1
        line += 1
        lineStart = index
    }

    /// Skips blanks on the current line.
    private mutating func skipBlanks() {
        while Self.isBlank(at()) { index += 1 }
    }

    /// Skips blanks and a comment to the end of the line (not the break).
    private mutating func skipBlanksAndComment() {
        skipBlanks()
        if at() == "#" {
            while !atEnd && !Self.isBreak(at()) { index += 1 }
        }
    }

    /// Skips blanks, comments and line breaks up to the next content. Tabs may separate, never indent content.
    private mutating func skipToContent() throws {
        while true {
            skipBlanksAndComment()
            if Self.isBreak(at()) {
                takeBreak()
                continue
            }
            if !atEnd, characters[lineStart..<index].contains("\t"), characters[lineStart..<index].allSatisfy(Self.isBlank) {
                throw error("tabs cannot indent YAML; indent with spaces")
            }
            return
        }
    }

    /// `---` or `...` at the start of a line, followed by a blank, a break or the end.
    private func atDocumentMarker() -> Bool {
        guard indentation == 0, let c = at(), c == "-" || c == "." else { return false }
        return at(1) == c && at(2) == c && Self.isBlankBreakOrEnd(at(3))
    }

    /// The rest of the line must be blanks and a comment. As libyaml reads it, a `#` where a token may start
    /// begins a comment even without a blank before it (`'a'# note`); inside a plain scalar it needs one.
    private mutating func expectLineEnd(after what: String) throws {
        skipBlanksAndComment()
        guard atEnd || Self.isBreak(at()) else {
            if at() == ":" {
                throw error("a mapping value is not allowed here (after \(what)); put a nested mapping on the next line, indented")
            }
            throw error("unexpected '\(at()!)' after \(what)")
        }
    }

    // MARK: Stream and document

    private mutating func readStream() throws -> YAMLNode? {
        if at() == "\u{FEFF}" {
            index += 1
            lineStart = index
        }
        try checkCharacters()
        try skipToContent()
        if indentation == 0, at() == "%" { throw error("YAML directives ('%') are not supported in the configuration") }
        if atDocumentMarker(), at() == "-" {
            index += 3
            try skipToContent()
        }
        var root: YAMLNode?
        if !atEnd && !atDocumentMarker() {
            root = try readBlockNode(parentIndent: -1)
            try skipToContent()
        }
        if atDocumentMarker(), at() == "." {
            index += 3
            try skipToContent()
        }
        if atDocumentMarker(), at() == "-" {
            throw error("the configuration is one YAML document; a second one ('---') starts here")
        }
        guard atEnd else {
            throw error("unexpected content at indentation \(indentation), outside the configuration's mapping")
        }
        return root
    }

    /// Control characters other than tab and line breaks are not YAML (and a NUL would end the text for a C
    /// library): refused, with where the first one is.
    private func checkCharacters() throws {
        var line = 1, lineStart = 0, i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\n" || (c == "\r" && (i + 1 == characters.count || characters[i + 1] != "\n")) || c == "\u{85}"
                || c == "\u{2028}" || c == "\u{2029}" {
                line += 1
                lineStart = i + 1
            } else if (c.value < 0x20 && c != "\t" && c != "\r") || c.value == 0x7F || (0x80...0x9F).contains(c.value)
                        || c.value == 0xFFFE || c.value == 0xFFFF {
                let hex = String(c.value, radix: 16, uppercase: true)
                let name = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                throw error("the control character \(name) is not allowed in YAML; write it as an escape in a double-quoted string",
                            line: line, column: i - lineStart + 1)
            }
            i += 1
        }
    }

    // MARK: Block collections

    /// A node that starts here: at the start of its line, or on the line of a `- ` entry (`- key: value`,
    /// `- - x`); a block collection's indentation is its column.
    private mutating func readBlockNode(parentIndent: Int) throws -> YAMLNode {
        try refuseUnsupported()
        let indent = indentation
        if at() == "-" && Self.isBlankBreakOrEnd(at(1)) {
            return try nested { try $0.readBlockSequence(indent: indent) }
        }
        if try startsMappingKey() {
            return try nested { try $0.readBlockMapping(indent: indent) }
        }
        return try readInlineValue(parentIndent: parentIndent)
    }

    private mutating func nested(_ read: (inout YAMLReader) throws -> YAMLNode) throws -> YAMLNode {
        guard depth < Self.maximumDepth else { throw error("the configuration nests deeper than \(Self.maximumDepth) collections") }
        depth += 1
        defer { depth -= 1 }
        return try read(&self)
    }

    /// Refuses what the reader does not read, where it starts.
    private mutating func refuseUnsupported() throws {
        switch at() {
        case "&": throw error("YAML anchors ('&name') are not supported in the configuration; quote a value that starts with '&'")
        case "*": throw error("YAML aliases ('*name') are not supported in the configuration; quote a glob that starts with '*'")
        case "!": throw error("YAML tags ('!tag') are not supported in the configuration; quote a value that starts with '!'")
        case "|", ">": throw error("YAML block scalars ('|', '>') are not supported in the configuration; write the value on one line, quoted")
        case "?" where Self.isBlankBreakOrEnd(at(1)):
            throw error("explicit YAML keys ('? ') are not supported in the configuration")
        case "%", "@", "`", "]", "}", ",":
            throw error("'\(at()!)' cannot start a plain value; quote the value")
        default: return
        }
    }

    /// Whether a `key:` starts here: a plain or quoted scalar on this line followed by `:` and a blank, a
    /// break or the end. Reads ahead without moving.
    private mutating func startsMappingKey() throws -> Bool {
        let saved = (index, line, lineStart)
        defer { (index, line, lineStart) = saved }
        switch at() {
        case "[", "{":
            return false
        case "'", "\"":
            _ = try readQuotedScalar()
            guard line == saved.1 else { return false }
        default:
            _ = readPlainScalar(parentIndent: .max, flow: false)
        }
        skipBlanks()
        return at() == ":" && Self.isBlankBreakOrEnd(at(1))
    }

    private mutating func readBlockSequence(indent: Int) throws -> YAMLNode {
        let startLine = line, startColumn = column
        var entries: [YAMLNode] = []
        while true {
            index += 1  // -
            entries.append(try readBlockValue(parentIndent: indent, afterDash: true))
            try skipToContent()
            if atEnd || atDocumentMarker() || indentation < indent { break }
            if indentation > indent {
                throw error("this line is indented more than the list entries above it (column \(indent + 1))")
            }
            guard at() == "-" && Self.isBlankBreakOrEnd(at(1)) else { break }
        }
        return YAMLNode(value: .sequence(entries), line: startLine, column: startColumn)
    }

    private mutating func readBlockMapping(indent: Int) throws -> YAMLNode {
        let startLine = line, startColumn = column
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        while true {
            try refuseUnsupported()
            if at() == "-" && Self.isBlankBreakOrEnd(at(1)) {
                throw error("a list entry where a key of the mapping was expected")
            }
            let key: YAMLNode
            switch at() {
            case "'", "\"":
                let keyLine = line
                key = try readQuotedScalar()
                if line != keyLine { throw error("a mapping key must be on one line", line: key.line, column: key.column) }
            case "[", "{":
                throw error("a mapping key must be a string, not a collection")
            default:
                key = readPlainScalar(parentIndent: .max, flow: false)
                if case .scalar(let scalar) = key.value, scalar.string.isEmpty {
                    throw error("a mapping key is missing before this ':'")
                }
            }
            skipBlanks()
            guard at() == ":" && Self.isBlankBreakOrEnd(at(1)) else {
                throw error("expected ':' after the mapping key", line: key.line, column: key.column)
            }
            index += 1  // :
            pairs.append((key, try readBlockValue(parentIndent: indent, afterDash: false)))
            try skipToContent()
            if atEnd || atDocumentMarker() || indentation < indent { break }
            if indentation > indent {
                throw error("this line is indented more than the keys of the mapping above it (column \(indent + 1))")
            }
        }
        return YAMLNode(value: .mapping(pairs), line: startLine, column: startColumn)
    }

    /// The value after a key's `:` or an entry's `-`: on the same line, or on the lines below, indented more
    /// than the parent (a sequence under a key may be at the key's indentation); null when there is none.
    private mutating func readBlockValue(parentIndent: Int, afterDash: Bool) throws -> YAMLNode {
        let emptyLine = line, emptyColumn = column
        skipBlanks()
        if atEnd || Self.isBreak(at()) || at() == "#" {
            let empty = YAMLNode(value: .scalar(YAMLScalar(string: "", isPlain: true)), line: emptyLine, column: emptyColumn)
            try skipToContent()
            if atEnd || atDocumentMarker() { return empty }
            if indentation > parentIndent { return try readBlockNode(parentIndent: parentIndent) }
            if !afterDash, indentation == parentIndent, at() == "-", Self.isBlankBreakOrEnd(at(1)) {
                return try nested { try $0.readBlockSequence(indent: parentIndent) }
            }
            return empty
        }
        if afterDash { return try readBlockNode(parentIndent: parentIndent) }
        try refuseUnsupported()
        if at() == "-" && Self.isBlankBreakOrEnd(at(1)) {
            throw error("a list cannot start on the line of its key; start it on the next line")
        }
        return try readInlineValue(parentIndent: parentIndent)
    }

    /// A scalar or a flow collection where a block node may be, then the end of the line (a plain scalar may
    /// go on over more indented lines).
    private mutating func readInlineValue(parentIndent: Int) throws -> YAMLNode {
        try refuseUnsupported()
        let node: YAMLNode
        switch at() {
        case "[", "{":
            node = try nested { try $0.readFlowCollection(parentIndent: parentIndent) }
            try expectLineEnd(after: at(-1) == "]" ? "a flow list" : "a flow mapping")
        case "'", "\"":
            node = try readQuotedScalar()
            try expectLineEnd(after: "a quoted value")
        default:
            node = readPlainScalar(parentIndent: parentIndent, flow: false)
            try expectLineEnd(after: "a value")
        }
        return node
    }

    // MARK: Flow collections

    /// Skips blanks, breaks and comments inside a flow collection (a `#` where a token may start is a comment).
    private mutating func skipFlowSpace() throws {
        while true {
            skipBlanksAndComment()
            guard Self.isBreak(at()) else { return }
            takeBreak()
            if atDocumentMarker() { throw error("a document marker inside a flow collection") }
        }
    }

    private mutating func readFlowCollection(parentIndent: Int) throws -> YAMLNode {
        let startLine = line, startColumn = column
        let isSequence = at() == "["
        let close: Unicode.Scalar = isSequence ? "]" : "}"
        let name = isSequence ? "flow list" : "flow mapping"
        index += 1
        var elements: [YAMLNode] = []
        var pairs: [(key: YAMLNode, value: YAMLNode)] = []
        while true {
            try skipFlowSpace()
            guard !atEnd else {
                throw error("the \(name) that starts at line \(startLine), column \(startColumn) is not closed with '\(close)'")
            }
            if at() == close {
                index += 1
                break
            }
            if at() == "," { throw error("a ',' without a value before it in a \(name)") }
            let entry = try readFlowNode(parentIndent: parentIndent, name: name)
            try skipFlowSpace()
            var value: YAMLNode?
            // `key: value`; after a quoted key or a collection the `:` may touch what follows (`{"a":1}`).
            let wasQuotedOrCollection = at(-1) == "'" || at(-1) == "\"" || at(-1) == "]" || at(-1) == "}"
            if at() == ":" && (Self.isBlankBreakOrEnd(at(1)) || Self.isFlowIndicator(at(1)) || wasQuotedOrCollection) {
                index += 1
                try skipFlowSpace()
                if at() == "," || at() == close {
                    // Where libyaml marked an empty value in a flow collection: at what follows it.
                    value = YAMLNode(value: .scalar(YAMLScalar(string: "", isPlain: true)), line: line, column: column)
                } else {
                    value = try readFlowNode(parentIndent: parentIndent, name: name)
                    try skipFlowSpace()
                }
            }
            if isSequence {
                if let value {
                    elements.append(YAMLNode(value: .mapping([(entry, value)]), line: entry.line, column: entry.column))
                } else {
                    elements.append(entry)
                }
            } else {
                let empty = YAMLNode(value: .scalar(YAMLScalar(string: "", isPlain: true)), line: line, column: column)
                pairs.append((entry, value ?? empty))
            }
            guard !atEnd else {
                throw error("the \(name) that starts at line \(startLine), column \(startColumn) is not closed with '\(close)'")
            }
            if at() == "," {
                index += 1
            } else if at() != close {
                throw error("expected ',' or '\(close)' in the \(name) that starts at line \(startLine), column \(startColumn)")
            }
        }
        return YAMLNode(value: isSequence ? .sequence(elements) : .mapping(pairs), line: startLine, column: startColumn)
    }

    private mutating func readFlowNode(parentIndent: Int, name: String) throws -> YAMLNode {
        if at() == "]" || at() == "}" { throw error("'\(at()!)' does not close the \(name) it is in") }
        try refuseUnsupported()
        switch at() {
        case "[", "{":
            return try nested { try $0.readFlowCollection(parentIndent: parentIndent) }
        case "'", "\"":
            return try readQuotedScalar()
        case "-" where Self.isBlankBreakOrEnd(at(1)):
            throw error("a block list entry ('- ') inside a \(name); separate its values with ','")
        default:
            let node = readPlainScalar(parentIndent: -1, flow: true)
            if case .scalar(let scalar) = node.value, scalar.string.isEmpty {
                throw error("expected a value in the \(name)")
            }
            return node
        }
    }

    // MARK: Scalars

    /// A plain scalar: up to `: `, ` #`, the end of the line (in a flow collection also `,[]{}`), continued on
    /// following lines indented more than `parentIndent` (`.max`: one line only, for a key), folded: one
    /// break is a space, each more an empty line kept as a line break.
    private mutating func readPlainScalar(parentIndent: Int, flow: Bool) -> YAMLNode {
        let startLine = line, startColumn = column
        var text = String.UnicodeScalarView()
        var pending = String.UnicodeScalarView()  // blanks or folded breaks, kept only if more text follows
        var first = true
        scanning: while true {
            while let c = at(), !Self.isBreak(c) {
                if c == ":" && (Self.isBlankBreakOrEnd(at(1)) || (flow && Self.isFlowIndicator(at(1)))) { break scanning }
                if flow && Self.isFlowIndicator(c) { break scanning }
                if c == "#" && !first && (index == lineStart || Self.isBlank(at(-1))) { break scanning }
                if Self.isBlank(c) {
                    pending.append(c)
                } else {
                    text.append(contentsOf: pending)
                    pending.removeAll()
                    text.append(c)
                }
                first = false
                index += 1
            }
            guard !atEnd, parentIndent != .max else { break }
            // A line break: the scalar goes on if a more indented line with content follows.
            let saved = (index, line, lineStart)
            var breaks = 0
            while Self.isBreak(at()) {
                takeBreak()
                breaks += 1
                while at() == " " { index += 1 }
                while Self.isBlank(at()) && indentation > parentIndent { index += 1 }
            }
            if atEnd || (!flow && indentation <= parentIndent) || atDocumentMarker() || at() == "#"
                || (flow && (Self.isFlowIndicator(at()) || at() == ":")) {
                (index, line, lineStart) = saved
                break
            }
            pending = (breaks == 1 ? " " : String(repeating: "\n", count: breaks - 1)).unicodeScalars
        }
        return YAMLNode(value: .scalar(YAMLScalar(string: String(text), isPlain: true)), line: startLine, column: startColumn)
    }

    /// A single- or double-quoted scalar, over lines if it goes on (folded as YAML folds quoted scalars).
    private mutating func readQuotedScalar() throws -> YAMLNode {
        let startLine = line, startColumn = column
        let quote = at()!
        index += 1
        var text = String.UnicodeScalarView()
        var blanks = String.UnicodeScalarView()  // blanks at the end of the text so far, dropped before a break
        while true {
            guard let c = at() else {
                throw error("the quoted value that starts at line \(startLine), column \(startColumn) is not closed with \(quote == "'" ? "\"'\"" : "'\"'")")
            }
            if c == quote {
                if quote == "'" && at(1) == "'" {
                    text.append(contentsOf: blanks)
                    blanks.removeAll()
                    text.append("'")
                    index += 2
                    continue
                }
                index += 1
                text.append(contentsOf: blanks)
                break
            }
            if Self.isBreak(c) {
                blanks.removeAll()
                var breaks = 0
                while Self.isBreak(at()) {
                    takeBreak()
                    breaks += 1
                    skipBlanks()
                }
                if atDocumentMarker() { throw error("a document marker inside a quoted value") }
                text.append(contentsOf: (breaks == 1 ? " " : String(repeating: "\n", count: breaks - 1)).unicodeScalars)
                continue
            }
            if Self.isBlank(c) {
                blanks.append(c)
                index += 1
                continue
            }
            text.append(contentsOf: blanks)
            blanks.removeAll()
            if quote == "\"" && c == "\\" {
                if Self.isBreak(at(1)) {
                    // An escaped line break joins the lines without a space.
                    index += 1
                    takeBreak()
                    skipBlanks()
                    while Self.isBreak(at()) {
                        takeBreak()
                        text.append("\n")
                        skipBlanks()
                    }
                    continue
                }
                text.append(try readEscape())
                continue
            }
            text.append(c)
            index += 1
        }
        return YAMLNode(value: .scalar(YAMLScalar(string: String(text), isPlain: false)), line: startLine, column: startColumn)
    }

    /// An escape of a double-quoted scalar, at its `\`.
    private mutating func readEscape() throws -> Unicode.Scalar {
        let escapeLine = line, escapeColumn = column
        index += 1
        guard let c = at() else { throw error("a '\\' at the end of the text") }
        index += 1
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}", "f": "\u{0C}",
            "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
            "L": "\u{2028}", "P": "\u{2029}",
        ]
        if let scalar = simple[c] { return scalar }
        let length: Int
        switch c {
        case "x": length = 2
        case "u": length = 4
        case "U": length = 8
        default:
            throw error("unknown escape '\\\(c)' in a double-quoted value", line: escapeLine, column: escapeColumn)
        }
        var value: UInt32 = 0
        for _ in 0..<length {
            guard let digit = at(), digit.isASCII, let digitValue = UInt8(digit.value).hexadecimalDigitValue else {
                throw error("'\\\(c)' needs \(length) hexadecimal digits", line: escapeLine, column: escapeColumn)
            }
            value = value * 16 + UInt32(digitValue)
            index += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("'\\\(c)' names no Unicode character", line: escapeLine, column: escapeColumn)
        }
        return scalar
    }
}

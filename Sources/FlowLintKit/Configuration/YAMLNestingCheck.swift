/// Measures how deeply configuration text nests before the YAML reader sees it.
///
/// `YAMLReader` recurses once per level of nesting (and has its own, larger, bound); 10,000 nested `[` or
/// 10,000 indentation levels in a `.flowlint.yml` are refused here first, with where the 65th level opens.
/// This check follows libyaml's scanner (`scanner.c`: `yaml_parser_fetch_next_token` and the scalar scanners;
/// FlowLint read its configuration with Yams, over libyaml, until `YAMLReader`) closely enough to know where
/// each token starts and ends, and counts what opens a collection there: a block indentation level (libyaml's
/// `roll_indent`: a `- ` entry, a `? ` key or a mapping key at a deeper column) and a flow `[` / `{`.
///
/// The count is an upper bound on the nesting libyaml reports up to its first error (after an error the
/// library stops, so what follows cannot nest): where the scan could disagree with libyaml about a token,
/// it counts a level rather than skip one. Each level counted here is at most two levels of tree (a
/// sequence entry may hold a one-pair mapping, a mapping value an indentless sequence).
///
/// Aliases (`*name`) are rejected: a chain of a few hundred short lines (`- &b [*a]`, `- &c [*b]`, ...)
/// nests as deep as it is long without any text nesting, and nothing in the configuration needs them.
struct YAMLNestingCheck {
    struct Violation: Equatable {
        /// 1-based, in characters, as YAML marks are.
        var line: Int
        var column: Int
        var message: String
    }

    /// The first place where `text` nests deeper than `limit` levels, or uses an alias.
    static func firstViolation(in text: String, limit: Int) -> Violation? {
        var scanner = YAMLNestingCheck(characters: Array(text.unicodeScalars), limit: limit)
        return scanner.run()
    }

    /// The most levels open at once in `text`; nil when it uses an alias. For tests, which compare it with
    /// the tree `YAMLReader` builds.
    static func deepestLevel(in text: String) -> Int? {
        var scanner = YAMLNestingCheck(characters: Array(text.unicodeScalars), limit: .max)
        return scanner.run() == nil ? scanner.deepest : nil
    }

    private let characters: [Unicode.Scalar]
    private let limit: Int
    private var index = 0
    private var line = 1
    private var column = 0
    private var flowLevel = 0
    /// The columns of the open block collections (libyaml's `indents` plus `indent`).
    private var indents: [Int] = []
    private var simpleKeyAllowed = true
    /// The possible simple key of the block level (flow level 0): where a mapping key may have started.
    private var blockKey: (line: Int, index: Int, column: Int)?
    private var deepest = 0

    private init(characters: [Unicode.Scalar], limit: Int) {
        self.characters = characters
        self.limit = limit
    }

    private var indent: Int { indents.last ?? -1 }

    // MARK: Characters (libyaml's IS_* macros)

    private func at(_ offset: Int) -> Unicode.Scalar? {
        let position = index + offset
        guard position < characters.count, characters[position] != "\0" else { return nil }
        return characters[position]
    }

    private func isBreak(_ offset: Int) -> Bool {
        guard let c = at(offset) else { return false }
        return c == "\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}"
    }

    private func isBlank(_ offset: Int) -> Bool { at(offset) == " " || at(offset) == "\t" }
    private func isBlankOrEnd(_ offset: Int) -> Bool { at(offset) == nil || isBlank(offset) || isBreak(offset) }
    private func isBreakOrEnd(_ offset: Int) -> Bool { at(offset) == nil || isBreak(offset) }

    private func isWordCharacter(_ offset: Int) -> Bool {
        guard let c = at(offset) else { return false }
        return ("0"..."9").contains(c) || ("A"..."Z").contains(c) || ("a"..."z").contains(c) || c == "_" || c == "-"
    }

    private func isDocumentIndicator() -> Bool {
        guard column == 0, let c = at(0), c == "-" || c == "." else { return false }
        return at(1) == c && at(2) == c && isBlankOrEnd(3)
    }

    /// Consumes one character; a line break (CR LF counts as one) starts the next line.
    private mutating func skip() {
        if at(0) == "\r" && at(1) == "\n" {
            index += 2
            line += 1
            column = 0
        } else if isBreak(0) {
            index += 1
            line += 1
            column = 0
        } else {
            index += 1
            column += 1
        }
    }

    // MARK: Levels

    private func violation(_ message: String) -> Violation {
        Violation(line: line, column: column + 1, message: message)
    }

    private var depth: Int { indents.count + flowLevel }

    private mutating func rollIndent(_ keyColumn: Int) {
        guard flowLevel == 0, indent < keyColumn else { return }
        indents.append(keyColumn)
    }

    private mutating func unrollIndent(_ toColumn: Int) {
        guard flowLevel == 0 else { return }
        while indent > toColumn { indents.removeLast() }
    }

    private mutating func saveSimpleKey() {
        if simpleKeyAllowed && flowLevel == 0 { blockKey = (line, index, column) }
    }

    private mutating func removeSimpleKey() {
        if flowLevel == 0 { blockKey = nil }
    }

    // MARK: Tokens

    private mutating func run() -> Violation? {
        while true {
            skipToNextToken()
            // A simple key is one line and at most 1024 characters long.
            if let key = blockKey, key.line < line || key.index + 1024 < index { blockKey = nil }
            unrollIndent(column)
            guard let c = at(0) else { return nil }
            let depthBefore = depth
            // Where the level that may go over the limit opens: this token, or the mapping key before a ':'.
            var opening = (line: line, column: column)
            if column == 0 && c == "%" {
                unrollIndent(-1)
                removeSimpleKey()
                simpleKeyAllowed = false
                while !isBreakOrEnd(0) { skip() }
            } else if isDocumentIndicator() {
                unrollIndent(-1)
                removeSimpleKey()
                simpleKeyAllowed = false
                skip(); skip(); skip()
            } else if c == "[" || c == "{" {
                saveSimpleKey()
                flowLevel += 1
                simpleKeyAllowed = true
                skip()
            } else if c == "]" || c == "}" {
                removeSimpleKey()
                flowLevel = max(0, flowLevel - 1)
                simpleKeyAllowed = false
                skip()
            } else if c == "," {
                removeSimpleKey()
                simpleKeyAllowed = true
                skip()
            } else if c == "-" && isBlankOrEnd(1) {
                rollIndent(column)
                removeSimpleKey()
                simpleKeyAllowed = true
                skip()
            } else if c == "?" && (flowLevel > 0 || isBlankOrEnd(1)) {
                rollIndent(column)
                removeSimpleKey()
                simpleKeyAllowed = flowLevel == 0
                skip()
            } else if c == ":" && (flowLevel > 0 || isBlankOrEnd(1)) {
                if flowLevel == 0, let key = blockKey {
                    opening = (key.line, key.column)
                    rollIndent(key.column)
                    blockKey = nil
                    simpleKeyAllowed = false
                } else {
                    rollIndent(column)
                    simpleKeyAllowed = flowLevel == 0
                }
                skip()
            } else if c == "*" {
                return violation("YAML aliases ('*name') are not supported in the configuration; quote a glob that starts with '*'")
            } else if c == "&" {
                saveSimpleKey()
                simpleKeyAllowed = false
                skip()
                while isWordCharacter(0) { skip() }
            } else if c == "!" {
                saveSimpleKey()
                simpleKeyAllowed = false
                skipTag()
            } else if (c == "|" || c == ">") && flowLevel == 0 {
                removeSimpleKey()
                simpleKeyAllowed = true
                skipBlockScalar()
            } else if c == "'" || c == "\"" {
                saveSimpleKey()
                simpleKeyAllowed = false
                skipQuotedScalar(single: c == "'")
            } else if startsPlainScalar(c) {
                saveSimpleKey()
                simpleKeyAllowed = false
                skipPlainScalar()
            } else {
                // libyaml stops here ("found character that cannot start any token"); go on, counting nothing.
                skip()
            }
            deepest = max(deepest, depth)
            if depth > depthBefore && depth > limit {
                return Violation(line: opening.line, column: opening.column + 1,
                                 message: "the configuration nests deeper than \(limit) levels (indentation and brackets)")
            }
        }
    }

    /// `yaml_parser_scan_to_next_token`: spaces (tabs where libyaml allows them), comments, line breaks.
    private mutating func skipToNextToken() {
        while true {
            if column == 0 && at(0) == "\u{FEFF}" { skip() }
            while at(0) == " " || ((flowLevel > 0 || !simpleKeyAllowed) && at(0) == "\t") { skip() }
            if at(0) == "#" {
                while !isBreakOrEnd(0) { skip() }
            }
            guard isBreak(0) else { return }
            skip()
            if flowLevel == 0 { simpleKeyAllowed = true }
        }
    }

    /// The condition at the end of `yaml_parser_fetch_next_token` under which a plain scalar starts.
    private func startsPlainScalar(_ c: Unicode.Scalar) -> Bool {
        let indicators: Set<Unicode.Scalar> = ["-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">",
                                               "'", "\"", "%", "@", "`"]
        if !isBlankOrEnd(0) && !indicators.contains(c) { return true }
        if c == "-" && !isBlank(1) { return true }
        return flowLevel == 0 && (c == "?" || c == ":") && !isBlankOrEnd(1)
    }

    /// `yaml_parser_scan_plain_scalar`: words separated by blanks, over several lines while they are indented
    /// more than the block (any lines inside brackets).
    private mutating func skipPlainScalar() {
        let minimumIndent = indent + 1
        var leadingBreak = false
        while true {
            if isDocumentIndicator() || at(0) == "#" { break }
            while !isBlankOrEnd(0) {
                let c = at(0)!
                if c == ":" && isBlankOrEnd(1) { break }
                if flowLevel > 0 && (c == "," || c == "[" || c == "]" || c == "{" || c == "}") { break }
                // libyaml rejects ':' followed by a flow indicator inside brackets; treating it as the end of
                // the scalar only makes the next character a token of its own.
                if flowLevel > 0 && c == ":", let next = at(1), ",?[]{}".unicodeScalars.contains(next) { break }
                skip()
            }
            guard isBlank(0) || isBreak(0) else { break }
            while isBlank(0) || isBreak(0) {
                if isBreak(0) { leadingBreak = true }
                skip()
            }
            if flowLevel == 0 && column < minimumIndent { break }
        }
        if leadingBreak { simpleKeyAllowed = true }
    }

    /// `yaml_parser_scan_flow_scalar`: to the closing quote (`''` inside single quotes, `\x` inside double).
    private mutating func skipQuotedScalar(single: Bool) {
        skip()
        while let c = at(0) {
            if isDocumentIndicator() { return }  // libyaml stops with an error here
            if single && c == "'" && at(1) == "'" {
                skip(); skip()
            } else if c == (single ? "'" : "\"") {
                skip()
                return
            } else if !single && c == "\\" && at(1) != nil {
                skip(); skip()
            } else {
                skip()
            }
        }
    }

    /// `yaml_parser_scan_tag`: `!<verbatim>` or `!handle!suffix`, up to a blank (or `,` inside brackets).
    private mutating func skipTag() {
        if at(1) == "<" {
            skip(); skip()
            while let c = at(0), c != ">", !isBlankOrEnd(0) { skip() }
            if at(0) == ">" { skip() }
            return
        }
        while !isBlankOrEnd(0) && !(flowLevel > 0 && at(0) == ",") { skip() }
    }

    /// `yaml_parser_scan_block_scalar`: the header line, then every line indented at least as much as the
    /// first non-empty one (or as the explicit indentation indicator says).
    private mutating func skipBlockScalar() {
        skip()
        var increment = 0
        if at(0) == "+" || at(0) == "-" {
            skip()
            if let c = at(0), ("1"..."9").contains(c) { increment = Int(c.value) - 48; skip() }
        } else if let c = at(0), ("1"..."9").contains(c) {
            increment = Int(c.value) - 48
            skip()
            if at(0) == "+" || at(0) == "-" { skip() }
        }
        while isBlank(0) { skip() }
        if at(0) == "#" { while !isBreakOrEnd(0) { skip() } }
        guard isBreakOrEnd(0) else { return }  // libyaml stops with an error here
        if isBreak(0) { skip() }
        var blockIndent = increment > 0 ? (indent >= 0 ? indent + increment : increment) : 0
        skipBlockScalarBreaks(&blockIndent)
        while column == blockIndent && at(0) != nil {
            while !isBreakOrEnd(0) { skip() }
            if isBreak(0) { skip() }
            skipBlockScalarBreaks(&blockIndent)
        }
    }

    /// `yaml_parser_scan_block_scalar_breaks`: indentation and empty lines; fixes the indentation if unknown.
    private mutating func skipBlockScalarBreaks(_ blockIndent: inout Int) {
        var maximumIndent = 0
        while true {
            while (blockIndent == 0 || column < blockIndent) && at(0) == " " { skip() }
            maximumIndent = max(maximumIndent, column)
            if (blockIndent == 0 || column < blockIndent) && at(0) == "\t" { break }  // libyaml: error
            guard isBreak(0) else { break }
            skip()
        }
        if blockIndent == 0 {
            blockIndent = max(maximumIndent, indent + 1, 1)
        }
    }
}

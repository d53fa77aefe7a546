import FlowLintKit

/// The screenful `flowlint explain RULE` prints, cut from a `RuleDocument` (FlowLintKit reads the document;
/// this file only chooses what to show and renders it).
extension RuleDocument {
    /// The first paragraph of a section, and the fenced block right after it when the paragraph announces
    /// one with a colon, as Markdown lines.
    static func firstParagraph(_ lines: [String]) -> [String] {
        var out: [String] = []
        var index = lines.firstIndex { !$0.trimmingSpaces.isEmpty } ?? lines.count
        while index < lines.count, !lines[index].trimmingSpaces.isEmpty {
            out.append(lines[index])
            index += 1
        }
        guard out.last?.hasSuffix(":") == true else { return out }
        while index < lines.count, lines[index].trimmingSpaces.isEmpty { index += 1 }
        guard index < lines.count, lines[index].hasPrefix("```") else { return out }
        out.append("")
        out.append(lines[index])
        index += 1
        while index < lines.count {
            out.append(lines[index])
            if lines[index].hasPrefix("```") { break }
            index += 1
        }
        return out
    }

    /// The lines of `fixed` that differ from `original`, with a line of context on each side and `...` for what
    /// is left out: a fixed example repeats its triggering example but for a line or two, and a screenful has
    /// no room for the rest.
    static func changedRegion(from original: [String], to fixed: [String]) -> [String] {
        var prefix = 0
        while prefix < min(original.count, fixed.count), original[prefix] == fixed[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(original.count, fixed.count) - prefix,
              original[original.count - 1 - suffix] == fixed[fixed.count - 1 - suffix] { suffix += 1 }
        guard prefix + suffix < fixed.count || prefix + suffix < original.count else { return fixed }
        let start = max(0, prefix - 1), end = min(fixed.count, fixed.count - suffix + 1)
        var lines = Array(fixed[start..<end])
        if start > 0 { lines.insert("...", at: 0) }
        if end < fixed.count { lines.append("...") }
        return lines
    }

    /// The screenful `flowlint explain RULE` prints, as Markdown: statement, why, the first triggering example
    /// of the `Examples` section with its output and fixed form when the document has them, how to fix (when
    /// there is no fixed form), how to configure. The `Test cases` section is never shown here.
    func summary(ruleID: String) -> String {
        var out: [String] = ["# \(title.isEmpty ? ruleID : title)", ""]
        if let header { out += [header, ""] }
        if !statement.isEmpty { out += statement + [""] }
        if let why = section("Why") {
            out += ["## Why", ""] + Self.firstParagraph(why.lines) + [""]
        }
        var showsFixedForm = false
        if let example = examples.first(where: { $0.triggering && $0.block.section == "Examples" }) {
            out += ["## Triggering example", ""]
            if !example.block.leadIn.isEmpty { out += example.block.leadIn + [""] }
            out += ["```swift triggering"] + example.block.lines + ["```", ""]
            for block in example.pinned {
                var lines = block.lines
                if block.info != "text output" {
                    showsFixedForm = true
                    let triggering = example.block.lines.map { $0.replacingAll(Self.marker, with: "") }
                    lines = Self.changedRegion(from: triggering, to: block.lines)
                }
                out += ["```\(block.info)"] + lines + ["```", ""]
            }
        }
        if !showsFixedForm, let fix = section("Fix") {
            out += ["## Fix", ""] + Self.firstParagraph(fix.lines) + [""]
        }
        if let configuration = section("Configuration") {
            out += ["## Configuration"] + configuration.lines
            while out.last?.trimmingSpaces.isEmpty == true { out.removeLast() }
            out.append("")
        }
        out.append("`flowlint explain \(ruleID) --full` prints the whole document: what is flagged and what is not, and every example.")
        return out.joined(separator: "\n") + "\n"
    }
}

/// Markdown rendered for a terminal: headings at the left margin in bold, text indented and wrapped to the
/// width, code blocks indented further, no Markdown punctuation left (backticks, asterisks, fences, `#`).
/// Colors (ANSI) only when asked: bold headings and emphasis, cyan code, the `↓` finding markers of
/// triggering examples in red.
struct TerminalMarkdown {
    var color: Bool
    /// Columns available; paragraphs and list items are wrapped to it.
    var width: Int

    static let textIndent = 2
    static let codeIndent = 6

    func render(_ markdown: String) -> String {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var out: [String] = []
        var paragraph: [String] = []
        var listItem: (marker: String, lines: [String])?
        var fence: (info: String, lines: [String])?

        // A blank line between blocks, except after a heading (text follows it directly, as in a manual page)
        // and between the items of a list.
        enum Block { case heading, text, listItem, code }
        var last: Block?
        func start(_ block: Block) {
            if let last, last != .heading, !(last == .listItem && block == .listItem) { out.append("") }
            last = block
        }
        func flush() {
            if !paragraph.isEmpty {
                start(.text)
                out += wrap(paragraph.joined(separator: " "), indent: Self.textIndent, hanging: Self.textIndent)
                paragraph = []
            }
            if let item = listItem {
                start(.listItem)
                let marker = item.marker == "-" || item.marker == "*" ? "•" : item.marker
                let indent = Self.textIndent + marker.count + 1
                var wrapped = wrap(item.lines.joined(separator: " "), indent: indent, hanging: indent)
                if let head = wrapped.first {
                    wrapped[0] = String(repeating: " ", count: Self.textIndent) + marker + " " + head.dropFirst(indent)
                }
                out += wrapped
                listItem = nil
            }
        }

        for line in lines {
            if var block = fence {
                if line.hasPrefix("```") {
                    start(.code)
                    out += codeBlock(info: block.info, lines: block.lines)
                    fence = nil
                } else {
                    block.lines.append(line)
                    fence = block
                }
                continue
            }
            let trimmed = line.trimmingSpaces
            if line.hasPrefix("```") {
                flush()
                fence = (String(line.dropFirst(3)).trimmingSpaces, [])
            } else if trimmed.isEmpty {
                flush()
            } else if let level = RuleDocument.headingLevel(line) {
                flush()
                start(.heading)
                var text = String(line.dropFirst(level + 1))
                if (level == 3 && text == "Triggering") || text == "Triggering example" {
                    text += " (↓ marks where each finding is reported)"
                }
                out.append(styled(Self.inline(text), base: .bold))
            } else if let marker = Self.listMarker(trimmed), line.prefix(while: { $0 == " " }).count < 2 {
                flush()
                listItem = (marker, [String(trimmed.dropFirst(marker.count + 1))])
            } else if listItem != nil {
                listItem!.lines.append(trimmed)
            } else {
                paragraph.append(trimmed)
            }
        }
        flush()
        if let block = fence {  // unterminated: shown anyway
            start(.code)
            out += codeBlock(info: block.info, lines: block.lines)
        }
        while out.last == "" { out.removeLast() }
        return out.joined(separator: "\n") + "\n"
    }

    /// `-`, `*` or `1.` followed by a space.
    static func listMarker(_ line: String) -> String? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") { return String(line.prefix(1)) }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") { return digits + "." }
        return nil
    }

    /// A fenced block: a label for the blocks that follow an example, then the code, indented.
    func codeBlock(info: String, lines: [String]) -> [String] {
        var out: [String] = []
        let label: String? = switch info {
        case "text output": "FlowLint reports:"
        case "swift fixed": "After `flowlint lint --fix`:"
        case "swift suggested": "With the suggested fix applied:"
        default: nil
        }
        if let label {
            out.append(String(repeating: " ", count: Self.textIndent) + styled(Self.inline(label), base: .italic))
            out.append("")
        }
        let marksFindings = info == "swift triggering"
        for line in lines {
            var text = line
            if color && marksFindings { text = text.replacingAll("↓", with: "\u{1B}[1;31m↓\u{1B}[0m") }
            out.append(text.isEmpty ? "" : String(repeating: " ", count: Self.codeIndent) + text)
        }
        return out
    }

    // MARK: Inline Markdown

    enum Style { case plain, code, bold, italic }

    struct Run {
        var text: String
        var style: Style
    }

    /// Code spans, `**bold**`, `*emphasis*` and links (`[text](url)`: the text, and the URL when it is absolute).
    static func inline(_ text: String) -> [Run] {
        var runs: [Run] = []
        var plain = ""
        var style = Style.plain
        func emit() {
            if !plain.isEmpty { runs.append(Run(text: plain, style: style)) }
            plain = ""
        }
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\\", i + 1 < characters.count, "\\`*_[]()#".contains(characters[i + 1]) {
                plain.append(characters[i + 1])
                i += 2
            } else if c == "`" {
                let ticks = characters[i...].prefix { $0 == "`" }.count
                let fence = String(repeating: "`", count: ticks)
                let rest = String(characters[(i + ticks)...])
                if let close = rest.firstRange(of: fence) {
                    emit()
                    var code = String(rest[..<close.lowerBound])
                    if ticks > 1, code.hasPrefix(" "), code.hasSuffix(" "), code.count > 1 { code = String(code.dropFirst().dropLast()) }
                    runs.append(Run(text: code, style: .code))
                    i += ticks + rest.distance(from: rest.startIndex, to: close.upperBound)
                } else {
                    plain += fence
                    i += ticks
                }
            } else if c == "*", i + 1 < characters.count, characters[i + 1] == "*" {
                emit()
                style = style == .bold ? .plain : .bold
                i += 2
            } else if c == "*", style != .bold, i + 1 < characters.count,
                      style == .italic || (characters[i + 1] != " " && characters[(i + 1)...].contains("*")) {
                emit()
                style = style == .italic ? .plain : .italic
                i += 1
            } else if c == "[", let link = Self.link(characters, at: i) {
                plain += link.text
                if link.url.hasPrefix("http://") || link.url.hasPrefix("https://") { plain += " (\(link.url))" }
                i = link.end
            } else {
                plain.append(c)
                i += 1
            }
        }
        emit()
        return runs
    }

    static func link(_ characters: [Character], at start: Int) -> (text: String, url: String, end: Int)? {
        guard let closeText = characters[start...].firstIndex(of: "]"), closeText + 1 < characters.count,
              characters[closeText + 1] == "(", let closeURL = characters[(closeText + 1)...].firstIndex(of: ")") else { return nil }
        return (String(characters[(start + 1)..<closeText]), String(characters[(closeText + 2)..<closeURL]), closeURL + 1)
    }

    // MARK: Wrapping and color

    /// Words (runs split at spaces, a word may change style midway) filled into lines of at most `width`
    /// columns; the first line indented by `indent`, the rest by `hanging`. A word longer than a line gets a
    /// line of its own.
    func wrap(_ text: String, indent: Int, hanging: Int) -> [String] {
        var words: [[Run]] = [[]]
        for run in Self.inline(text) {
            for (index, piece) in run.text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { words.append([]) }
                if !piece.isEmpty { words[words.count - 1].append(Run(text: String(piece), style: run.style)) }
            }
        }
        words.removeAll { $0.isEmpty }
        var lines: [String] = []
        var line = "", lineWidth = 0
        var lineIndent = indent
        for word in words {
            let wordWidth = word.reduce(0) { $0 + $1.text.count }
            if lineWidth > 0 && lineIndent + lineWidth + 1 + wordWidth > width {
                lines.append(String(repeating: " ", count: lineIndent) + line)
                line = ""; lineWidth = 0; lineIndent = hanging
            }
            if lineWidth > 0 { line += " "; lineWidth += 1 }
            line += word.map { styled([$0], base: .plain) }.joined()
            lineWidth += wordWidth
        }
        if lineWidth > 0 { lines.append(String(repeating: " ", count: lineIndent) + line) }
        return lines
    }

    func styled(_ runs: [Run], base: Style) -> String {
        runs.map { run in
            let style = run.style == .plain ? base : run.style
            guard color else { return run.text }
            let code = switch style {
            case .plain: ""
            case .bold: "1"
            case .italic: "3"
            case .code: "36"
            }
            return code.isEmpty ? run.text : "\u{1B}[\(code)m\(run.text)\u{1B}[0m"
        }.joined()
    }
}

extension String {
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return String(slice)
    }

    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

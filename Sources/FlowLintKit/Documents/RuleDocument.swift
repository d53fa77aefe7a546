/// A rule document, `rules/<rule_id>.md`: the user's documentation (`flowlint explain`, SARIF help) and the
/// rule's test suite (`RuleDocumentTests`). This is the one reading of the format; the command line renders
/// it and the harness runs it, so the two cannot disagree on what a document says.
///
/// The format (CONTRIBUTING.md, "The document is the test"):
/// - `# rule_id`, the header line (`**Severity:** … · **Enabled by default:** … · **Fix:** …`) and a
///   paragraph stating what the rule wants;
/// - `##` sections: `Why`, `What is flagged`, `Fix`, `Configuration`, `Examples`, and optionally
///   `Test cases` (examples the harness runs but the screenful of `flowlint explain` and SARIF help leave
///   out);
/// - fenced examples, ```` ```swift triggering ```` (`↓` marks where each finding starts) and
///   ```` ```swift non-triggering ````, split into files by `// file: Name.swift` lines; right after a
///   triggering example, with only blank lines between, the blocks that pin what it gives: ```` ```text output
///   ````, ```` ```swift fixed ```` and ```` ```swift suggested ````.
///
/// Parsing is a single pass over the lines and happens only when a document is read: nothing is decoded at
/// start-up (`markdown(ruleID:)` returns a string literal compiled into the binary).
public struct RuleDocument: Sendable {
    /// Where a finding starts, in a triggering example.
    public static let marker = "\u{2193}" // ↓
    /// The section of examples kept for the harness: `flowlint explain` (the screenful) and SARIF help leave
    /// it out, `flowlint explain --full` and `--markdown` print it.
    public static let testCasesTitle = "Test cases"
    /// Blocks that may follow a triggering example and pin what it gives.
    static let pinnedInfos: Set<String> = ["text output", "swift fixed", "swift suggested"]

    /// The Markdown of a rule's document as `rules/<rule_id>.md` held it when the binary was built (the
    /// `RuleDocumentsPlugin` build-tool plugin compiles the documents in as string literals), or nil when the
    /// rule has none.
    public static func markdown(ruleID: String) -> String? { BundledRuleDocuments.markdown(ruleID: ruleID) }

    /// A `##` section: its title and the lines up to the next `##` heading outside a fence.
    public struct Section: Sendable {
        public var title: String
        /// Line indices of the heading, and of the first line after the section.
        public var heading: Int, end: Int
        public var lines: [String]
    }

    /// A fenced block.
    public struct Block: Sendable {
        /// What follows the opening fence: `swift triggering`, `text output`, `yaml`, ...
        public var info: String
        /// Line indices of the opening fence and of the closing one (`lines.count` of the document when the
        /// block is never closed).
        public var open: Int, close: Int
        public var lines: [String]
        /// The paragraph since the previous block or heading: the sentence that introduces the block (empty
        /// for a block that directly follows another one).
        public var leadIn: [String]
        /// The title of the `##` section holding the block (nil before the first one).
        public var section: String?

        public var text: String { lines.map { $0 + "\n" }.joined() }
    }

    /// One file of an example: its source without the `↓` markers, and where they were.
    public struct ExampleFile: Sendable {
        public var name: String
        public var source: String
        public var expected: [Position]
    }

    /// A position in an example: file, line and UTF-8 column, 1-based.
    public struct Position: Hashable, Sendable, CustomStringConvertible {
        public var file: String, line: Int, column: Int
        public var description: String { "\(file):\(line):\(column)" }
    }

    /// A ```` ```swift triggering ```` or ```` ```swift non-triggering ```` block, with the blocks pinning what
    /// it gives.
    public struct Example: Sendable {
        public var triggering: Bool
        public var block: Block
        /// `text output`, `swift fixed` and `swift suggested` blocks, in document order.
        public var pinned: [Block]
        /// `Example.swift` alone, or the files `// file: Name.swift` lines start.
        public var files: [ExampleFile]

        public var output: Block? { pinned.first { $0.info == "text output" } }
        public var fixed: Block? { pinned.first { $0.info == "swift fixed" } }
        public var suggested: Block? { pinned.first { $0.info == "swift suggested" } }
        /// 1-based line of the opening fence, for messages.
        public var documentLine: Int { block.open + 1 }
        /// In the `Test cases` section: run by the harness, not shown by `flowlint explain`.
        public var isTestCase: Bool { block.section == RuleDocument.testCasesTitle }
    }

    public let text: String
    /// The text split at line breaks (a final line break gives a last empty line): `text` is these joined
    /// with "\n", so the harness can rewrite blocks by line index and put the text back together.
    public let lines: [String]
    /// The `# ` title (empty when the document has none).
    public private(set) var title = ""
    /// The `**Severity:** …` line under the title.
    public private(set) var header: String?
    /// The paragraph after the header: what the rule wants.
    public private(set) var statement: [String] = []
    public private(set) var sections: [Section] = []
    public private(set) var blocks: [Block] = []
    public private(set) var examples: [Example] = []

    public init(markdown: String) {
        text = markdown
        lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        readPreamble()
        readBlocksAndSections()
        readExamples()
    }

    public func section(_ title: String) -> Section? { sections.first { $0.title == title } }

    /// The document without its `Test cases` section, for readers who want the explanation rather than the
    /// regression suite (SARIF help).
    var markdownWithoutTestCases: String {
        guard let cases = section(Self.testCasesTitle) else { return text }
        return (lines[..<cases.heading] + lines[cases.end...]).joined(separator: "\n")
    }

    /// `markdownWithoutTestCases` of a document, parsed only when one of its lines is the `## Test cases`
    /// heading: a SARIF report takes every rule's document, and most have none.
    static func withoutTestCases(_ markdown: String) -> String {
        hasTestCasesHeading(markdown) ? RuleDocument(markdown: markdown).markdownWithoutTestCases : markdown
    }

    /// Whether a line of the text is `## Test cases`, inside a fence or not: one pass over the bytes, without
    /// splitting the text into lines.
    static func hasTestCasesHeading(_ markdown: String) -> Bool {
        var text = markdown
        let heading = Array("## \(testCasesTitle)".utf8)
        return text.withUTF8 { bytes in
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                if lineEnd - lineStart == heading.count && bytes[lineStart..<lineEnd].elementsEqual(heading) { return true }
                lineStart = lineEnd + 1
            }
            return false
        }
    }

    // MARK: Parsing

    /// Title, header line and statement: the first lines, each after optional blank lines.
    private mutating func readPreamble() {
        var index = 0
        func skipBlank() { while index < lines.count && Self.isBlank(lines[index]) { index += 1 } }
        skipBlank()
        if index < lines.count, lines[index].hasPrefix("# ") {
            title = String(lines[index].dropFirst(2))
            index += 1
        }
        skipBlank()
        if index < lines.count, lines[index].hasPrefix("**Severity:**") {
            header = lines[index]
            index += 1
        }
        skipBlank()
        while index < lines.count, !Self.isBlank(lines[index]), !lines[index].hasPrefix("#") {
            statement.append(lines[index])
            index += 1
        }
    }

    /// One pass: fences open at a line starting with ```` ``` ```` and close at a line of just ```` ``` ````;
    /// headings count only outside fences.
    private mutating func readBlocksAndSections() {
        var open: Block?
        var paragraph: [String] = []
        var paragraphOpen = false
        for (index, line) in lines.enumerated() {
            if var block = open {
                if Self.isClosingFence(line) {
                    block.close = index
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
                continue
            }
            if line.hasPrefix("```") {
                open = Block(info: Self.trimmed(line.dropFirst(3)), open: index, close: lines.count, lines: [],
                             leadIn: paragraph, section: sections.last?.title)
                paragraph = []
                paragraphOpen = false
            } else if Self.isBlank(line) {
                paragraphOpen = false
            } else if let level = Self.headingLevel(line) {
                if level == 2 {
                    if !sections.isEmpty { sections[sections.count - 1].end = index }
                    sections.append(Section(title: String(line.dropFirst(3)), heading: index, end: lines.count, lines: []))
                }
                paragraph = []
                paragraphOpen = false
            } else {
                paragraph = paragraphOpen ? paragraph + [line] : [line]
                paragraphOpen = true
            }
        }
        if let block = open { blocks.append(block) }  // never closed: kept, so a renderer can show it
        for index in sections.indices {
            sections[index].lines = Array(lines[(sections[index].heading + 1)..<sections[index].end])
        }
    }

    /// Each example, with the pinned blocks that follow it with only blank lines between.
    private mutating func readExamples() {
        var index = 0
        while index < blocks.count {
            let block = blocks[index]
            index += 1
            guard block.info == "swift triggering" || block.info == "swift non-triggering" else { continue }
            var pinned: [Block] = []
            var previous = block
            while index < blocks.count, Self.pinnedInfos.contains(blocks[index].info),
                  previous.close < blocks[index].open,
                  lines[(previous.close + 1)..<blocks[index].open].allSatisfy(Self.isBlank) {
                pinned.append(blocks[index])
                previous = blocks[index]
                index += 1
            }
            examples.append(Example(triggering: block.info == "swift triggering", block: block, pinned: pinned,
                                    files: Self.exampleFiles(block.lines)))
        }
    }

    /// Splits an example at `// file: Name.swift` lines (the first file is `Example.swift` without one) and
    /// takes the `↓` markers out, recording where they were.
    static func exampleFiles(_ lines: [String]) -> [ExampleFile] {
        var files: [(name: String, lines: [String])] = []
        for line in lines {
            if line.hasPrefix("// file: ") {
                files.append((String(line.dropFirst("// file: ".count)), []))
            } else {
                if files.isEmpty { files.append(("Example.swift", [])) }
                files[files.count - 1].lines.append(line)
            }
        }
        return files.map { name, lines in
            var expected: [Position] = []
            var clean: [String] = []
            for (number, line) in lines.enumerated() {
                var text = line
                while let marker = text.firstRange(of: marker) {
                    expected.append(Position(file: name, line: number + 1,
                                             column: text.utf8.distance(from: text.utf8.startIndex, to: marker.lowerBound) + 1))
                    text.removeSubrange(marker)
                }
                clean.append(text)
            }
            return ExampleFile(name: name, source: clean.joined(separator: "\n") + "\n", expected: expected)
        }
    }

    // MARK: Lines

    /// `#` to `######` followed by a space.
    public static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        return hashes
    }

    static func isClosingFence(_ line: String) -> Bool { trimmed(Substring(line)) == "```" }

    static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }

    static func trimmed(_ text: Substring) -> String {
        var slice = text
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return String(slice)
    }
}

import FlowLintSyntax

/// The output formats of `--reporter`.
public enum ReporterKind: String, CaseIterable, Sendable {
    case text, json, sarif, github, checkstyle, junit, codeclimate

    /// Other names accepted for a format (`--reporter` and the configuration's `reporter`). `xcode` is
    /// SwiftLint's name for the `path:line:col: severity: message` format, which is FlowLint's `text`.
    public static let aliases: [String: ReporterKind] = ["xcode": .text]

    /// A format by name or alias. Every name lookup goes through here, so an alias works wherever a name does.
    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) ?? Self.aliases[rawValue] else { return nil }
        self = kind
    }

    /// Renders a whole report into `out`, then hands on the rest of its buffer. Diagnostics are put in output
    /// order here (`Diagnostic.outputOrder`; a list already in that order, as a run's is, is used as it is,
    /// not copied), so output never depends on the order they arrive in.
    public func write(_ diagnostics: [Diagnostic], context: ReportContext, to out: ReportOutput) {
        let inOrder = zip(diagnostics, diagnostics.dropFirst()).allSatisfy { !Diagnostic.outputOrder($1, $0) }
        let sorted = inOrder ? diagnostics : diagnostics.sorted(by: Diagnostic.outputOrder)
        switch self {
        case .text: TextReporter.write(sorted, context: context, to: out)
        case .json: JSONReporter.write(sorted, context: context, to: out)
        case .sarif: SARIFReporter.write(sorted, context: context, to: out)
        case .github: GitHubReporter.write(sorted, context: context, to: out)
        case .checkstyle: CheckstyleReporter.write(sorted, context: context, to: out)
        case .junit: JUnitReporter.write(sorted, context: context, to: out)
        case .codeclimate: CodeClimateReporter.write(sorted, context: context, to: out)
        }
        out.flush()
    }

    /// The whole report as one string (tests, and reports known to be small).
    public func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var bytes: [UInt8] = []
        write(diagnostics, context: context, to: ReportOutput { bytes += $0; return true })
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What reporters may need besides the diagnostics.
public struct ReportContext: Sendable {
    var toolVersion: String
    /// The rules SARIF lists (every rule FlowLint knows, by default).
    var rules: [RuleDescriptor]
    /// Display paths of every file linted (JUnit lists clean files as passing test cases).
    var lintedFiles: [String]
    /// File bytes by display path: SARIF fingerprints and UTF-16 columns need the finding's line.
    var sources: [String: [UInt8]]
    /// ANSI colors in the text reporter (only when standard output is a terminal and NO_COLOR is unset).
    public var useColor: Bool
    /// Rule documents (Markdown) by rule id, for SARIF `help.markdown`; nil: the documents compiled into the
    /// binary, read only when a SARIF report asks for them.
    var ruleDocuments: [String: String]?
    /// The absolute directory report paths are anchored to where a format needs it: SARIF's `%SRCROOT%`
    /// (`originalUriBaseIds`), and the GitHub reporter's annotations (relative to the repository). Nil: paths
    /// stay as displayed (relative to the working directory).
    public var rootDirectory: String?
    /// What the run said besides findings, for SARIF `invocations`: configuration warnings, and inputs that
    /// could not be read or were skipped.
    public var configurationNotices: [String] = []
    public var executionNotices: [String] = []
    /// False when some inputs could not be read (exit code 3).
    public var executionSuccessful = true

    public init(toolVersion: String = FlowLintVersion.current, rules: [RuleDescriptor] = RuleRegistry.descriptors,
                ruleDocuments: [String: String]? = nil,
                lintedFiles: [String] = [], sources: [String: [UInt8]] = [:], useColor: Bool = false) {
        self.toolVersion = toolVersion
        self.rules = rules
        self.ruleDocuments = ruleDocuments
        self.lintedFiles = lintedFiles
        self.sources = sources
        self.useColor = useColor
    }

    static let informationURI = "https://github.com/flowlint/flowlint"

    /// A display path (relative to the working directory, or absolute) relative to `rootDirectory`; nil when
    /// there is no root or the file is outside it.
    func rootRelative(_ displayPath: String) -> String? {
        guard let rootDirectory else { return nil }
        return Paths.relative(Paths.absolute(displayPath), to: rootDirectory)
    }
}

/// Numbers the findings that share a fingerprint key (SARIF's and codeclimate's: rule, file and line text) 1, 2,
/// ... in output order. A key includes its file and findings come file by file, so only the current file's keys
/// are kept: the table holds one file's lines, not the whole report's.
struct OccurrenceCounter {
    private var file = ""
    private var counts: [String: Int] = [:]

    mutating func next(_ key: String, file: String) -> Int {
        if file != self.file {
            counts.removeAll()
            self.file = file
        }
        counts[key, default: 0] += 1
        return counts[key]!
    }
}

/// The text of source lines, for fingerprints and baselines. Builds each file's line table once.
struct SourceLines {
    /// The bytes of a file by display path; nil when unknown.
    private let source: (String) -> [UInt8]?
    private var files: [String: (bytes: [UInt8], table: LineTable)?] = [:]

    init(sources: [String: [UInt8]]) { self.init { sources[$0] } }

    /// `source` is asked once per file.
    init(source: @escaping (String) -> [UInt8]?) { self.source = source }

    /// Longest line text kept: a minified 10 MB line must not end up in every baseline entry.
    static let maximumLineBytes = 500

    /// The line's bytes, without its line break; empty when the file or line is unknown.
    mutating func bytes(file: String, line: Int) -> ArraySlice<UInt8> {
        if files[file] == nil { files[file] = .some(source(file).map { ($0, LineTable($0)) }) }
        guard let known = files[file] ?? nil else { return [] }
        guard line >= 1 && line <= known.table.lineStarts.count else { return [] }
        return known.bytes[known.table.lineRange(line, in: known.bytes)]
    }

    /// The line's text with surrounding whitespace removed (at most `maximumLineBytes` of it).
    mutating func trimmedText(file: String, line: Int) -> String {
        var slice = bytes(file: file, line: line)
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C || b == 0x0D || b == 0x0A }
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        if slice.count > SourceLines.maximumLineBytes { slice = slice.prefix(SourceLines.maximumLineBytes) }
        // The byte at line start may be a UTF-8 BOM on line 1: keep it out of keys.
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A 1-based column in UTF-8 bytes converted to UTF-16 code units (what SARIF counts by default).
    mutating func utf16Column(file: String, line: Int, byteColumn: Int) -> Int {
        let lineBytes = bytes(file: file, line: line)
        guard !lineBytes.isEmpty, byteColumn > 1 else { return byteColumn }
        let prefixLength = min(byteColumn - 1, lineBytes.count)
        let prefix = lineBytes.prefix(prefixLength)
        let beyond = byteColumn - 1 - prefixLength  // a column past the end of the line stays past it
        return String(decoding: prefix, as: UTF8.self).utf16.count + beyond + 1
    }
}

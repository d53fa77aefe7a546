import Foundation

/// Findings a project has accepted for now: `--write-baseline FILE` records them, `--baseline FILE`
/// reports only findings that are not in it.
///
/// An entry is keyed by rule, file, message and the trimmed text of the finding's line, never by line
/// number, so unrelated edits that move code up or down do not bring baselined findings back. Matching is
/// by multiset: N identical findings need N entries, and a new N+1th copy is reported.
///
/// Entries name files relative to the baseline file's directory (`directory`), so a baseline written at a
/// project's root matches from any working directory, and from a path argument.
public struct Baseline: Sendable, Equatable {
    struct Entry: Hashable, Sendable, Comparable {
        var rule: String
        var file: String
        var lineText: String
        var message: String

        init(rule: String, file: String, lineText: String, message: String) {
            self.rule = rule
            self.file = file
            self.lineText = lineText
            self.message = message
        }

        static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.rule, a.lineText, a.message) < (b.file, b.rule, b.lineText, b.message)
        }
    }

    static let formatVersion = 1

    /// Sorted, so the file diffs well under version control.
    private(set) var entries: [Entry]
    /// How many findings the baseline accepts.
    public var count: Int { entries.count }
    /// The absolute directory entries' paths are relative to: the baseline file's.
    public var directory: String

    init(entries: [Entry], directory: String) {
        self.entries = entries.sorted()
        self.directory = directory
    }

    /// The baseline of `diagnostics` for a file in `directory`; `sources` are file bytes by display path (for the
    /// line text).
    public init(diagnostics: [Diagnostic], sources: [String: [UInt8]], directory: String) {
        var lines = SourceLines(sources: sources)
        let directory = Paths.standardize(Paths.absolute(directory))
        self.init(entries: diagnostics.map { Baseline.entry(for: $0, lines: &lines, directory: directory) }, directory: directory)
    }

    /// The directory of a baseline file at `path` (as given on the command line): where its entries' paths start
    /// (the working directory for a pipe: `Paths.anchorDirectory`).
    public static func directory(ofFileAt path: String) -> String {
        Paths.anchorDirectory(ofFileAt: Paths.absolute(path))
    }

    /// `directory` as the working directory shows it.
    public var displayedDirectory: String { Paths.display(directory) }

    /// A display path (relative to the working directory, or absolute) as entries spell it.
    static func entryPath(_ displayPath: String, directory: String) -> String {
        let absolute = Paths.absolute(displayPath)
        return Paths.relative(absolute, to: directory) ?? absolute
    }

    static func entry(for diagnostic: Diagnostic, lines: inout SourceLines, directory: String) -> Entry {
        Entry(rule: diagnostic.ruleID, file: entryPath(diagnostic.span.file, directory: directory),
              lineText: lines.trimmedText(file: diagnostic.span.file, line: diagnostic.span.start.line),
              message: diagnostic.message)
    }

    /// Whether some entry is for one of these files (display paths): when none is, the baseline was most likely
    /// written for other files, or its paths do not match this run's.
    public func concerns(anyOf lintedFiles: [String]) -> Bool {
        let files = Set(entries.map(\.file))
        return lintedFiles.contains { files.contains(Self.entryPath($0, directory: directory)) }
    }

    /// The findings not covered by the baseline, and how many were covered.
    public func filter(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> (remaining: [Diagnostic], suppressed: Int) {
        var available: [Entry: Int] = [:]
        for entry in entries { available[entry, default: 0] += 1 }
        var lines = SourceLines(sources: sources)
        var remaining: [Diagnostic] = []
        for diagnostic in diagnostics.sorted(by: Diagnostic.outputOrder) {
            let key = Baseline.entry(for: diagnostic, lines: &lines, directory: directory)
            if let count = available[key], count > 0 {
                available[key] = count - 1
            } else {
                remaining.append(diagnostic)
            }
        }
        return (remaining, diagnostics.count - remaining.count)
    }

    /// `{"version": 1, "findings": [{"rule", "file", "lineText", "message"}, ...]}`.
    public func rendered() -> String {
        JSONValue.object([
            ("version", .int(Baseline.formatVersion)),
            ("findings", .array(entries.map { entry in
                .object([
                    ("rule", .string(entry.rule)),
                    ("file", .string(entry.file)),
                    ("lineText", .string(entry.lineText)),
                    ("message", .string(entry.message)),
                ])
            })),
        ]).rendered()
    }

    /// The largest baseline FlowLint reads: 16 MiB, some 60,000 findings (an entry is 250 to 300 bytes). The
    /// JSON parser's objects cost many times the file in memory: a 116 MB file took 15 s and 1 GB.
    static let maximumFileSize = 16 << 20

    /// Reads a baseline file: a regular file, its size checked before it is read, or a pipe (`--baseline
    /// <(git show main:baseline.json)`) read up to the limit. Errors are ready to print (exit code 2).
    public static func load(path: String) throws -> Baseline {
        let shownPath = Escaping.text(path)
        switch Configuration.readLimited(Paths.absolute(path), limit: maximumFileSize) {
        case .success(let bytes):
            return try parse(Data(bytes), path: path, directory: directory(ofFileAt: path))
        case .failure(.tooLarge):
            throw ConfigurationError(message: "\(shownPath): error: baseline is larger than \(maximumFileSize >> 20) MiB")
        case .failure(.system(let reason)):
            throw ConfigurationError(message: "\(shownPath): error: cannot read baseline: \(reason)")
        }
    }

    /// `directory`: where the baseline file is (its entries' paths are relative to it).
    static func parse(_ data: Data, path: String, directory: String) throws -> Baseline {
        func invalid(_ why: String) -> ConfigurationError {
            ConfigurationError(message: "\(path): error: not a FlowLint baseline: \(why)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) else { throw invalid("not valid JSON") }
        guard let root = object as? [String: Any] else { throw invalid("the top level must be an object") }
        guard let version = root["version"] as? Int, version == formatVersion else {
            throw invalid("'version' must be \(formatVersion)")
        }
        guard let findings = root["findings"] as? [[String: Any]] else { throw invalid("'findings' must be a list of objects") }
        var entries: [Entry] = []
        for (index, finding) in findings.enumerated() {
            guard let rule = finding["rule"] as? String, let file = finding["file"] as? String,
                  let lineText = finding["lineText"] as? String, let message = finding["message"] as? String else {
                throw invalid("finding \(index + 1) needs string 'rule', 'file', 'lineText' and 'message'")
            }
            entries.append(Entry(rule: rule, file: file, lineText: lineText, message: message))
        }
        return Baseline(entries: entries, directory: directory)
    }
}

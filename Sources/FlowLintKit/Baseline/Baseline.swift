import Foundation

/// Findings a project has accepted for now: `--write-baseline FILE` records them, `--baseline FILE`
/// reports only findings that are not in it.
///
/// An entry is keyed by rule, file, message and the trimmed text of the finding's line, never by line
/// number, so unrelated edits that move code up or down do not bring baselined findings back. Matching is
/// by multiset: N identical findings need N entries, and a new N+1th copy is reported.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Hashable, Sendable, Comparable {
        public var rule: String
        public var file: String
        public var lineText: String
        public var message: String

        public init(rule: String, file: String, lineText: String, message: String) {
            self.rule = rule
            self.file = file
            self.lineText = lineText
            self.message = message
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.rule, a.lineText, a.message) < (b.file, b.rule, b.lineText, b.message)
        }
    }

    public static let formatVersion = 1

    /// Sorted, so the file diffs well under version control.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries.sorted() }

    /// The baseline of `diagnostics`; `sources` are file bytes by display path (for the line text).
    public init(diagnostics: [Diagnostic], sources: [String: [UInt8]]) {
        var lines = SourceLines(sources: sources)
        self.init(entries: diagnostics.map { Baseline.entry(for: $0, lines: &lines) })
    }

    static func entry(for diagnostic: Diagnostic, lines: inout SourceLines) -> Entry {
        Entry(rule: diagnostic.ruleID, file: diagnostic.span.file,
              lineText: lines.trimmedText(file: diagnostic.span.file, line: diagnostic.span.start.line),
              message: diagnostic.message)
    }

    /// The findings not covered by the baseline, and how many were covered.
    public func filter(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> (remaining: [Diagnostic], suppressed: Int) {
        var available: [Entry: Int] = [:]
        for entry in entries { available[entry, default: 0] += 1 }
        var lines = SourceLines(sources: sources)
        var remaining: [Diagnostic] = []
        for diagnostic in diagnostics.sorted(by: Diagnostic.outputOrder) {
            let key = Baseline.entry(for: diagnostic, lines: &lines)
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

    /// Reads a baseline file. Errors are ready to print (exit code 2).
    public static func load(path: String) throws -> Baseline {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: Paths.absolute(path)))
        } catch {
            throw ConfigurationError(message: "\(path): error: cannot read baseline: \(Paths.reason(of: error))")
        }
        return try parse(data, path: path)
    }

    public static func parse(_ data: Data, path: String) throws -> Baseline {
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
        return Baseline(entries: entries)
    }
}

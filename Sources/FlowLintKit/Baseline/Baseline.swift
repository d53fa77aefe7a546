#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Findings a project has accepted for now: `--write-baseline FILE` records them; `--baseline FILE` (or
/// `baseline:` in the configuration) reports only findings that are not in it.
///
/// An entry is keyed by the problem, never by a line number: rule, file, the trimmed text of the finding's line
/// (so unrelated edits that move code up or down do not bring baselined findings back) and message. A finding
/// that other files can show (`Diagnostic.suppressibleAt`: a root that does not provide an environment object
/// that views below it read) is recorded once per reading place instead: the root's file and line text, the
/// place's file and line text, and the finding as worded at the place (which names the reader, the type and the
/// root). Matching happens on findings as the whole project has them, before a partial run moves a finding to a
/// reading place in a linted file (`LintEngine.restrict`), so a finding is in the baseline whatever form a run
/// shows it in; and an edit to the chain of views between root and reader, which rewords the root's message,
/// does not bring it back. Matching is by multiset: N identical findings need N entries, and a new N+1th copy is
/// reported.
///
/// Entries name files relative to the baseline file's directory (`directory`), so a baseline written at a
/// project's root matches from any working directory, and from a path argument.
public struct Baseline: Sendable, Equatable {
    struct Entry: Hashable, Sendable, Comparable {
        var rule: String
        /// Where a full run reports the finding (the root, for a finding with places).
        var file: String
        var lineText: String
        /// The finding's message; for an entry with a `place`, the finding as worded there.
        var message: String
        /// The reading place this entry is for (version 2); nil: the finding as a whole.
        var place: Place?

        struct Place: Hashable, Sendable, Comparable {
            var file: String
            var lineText: String

            static func < (a: Place, b: Place) -> Bool { (a.file, a.lineText) < (b.file, b.lineText) }
        }

        init(rule: String, file: String, lineText: String, message: String, place: Place? = nil) {
            self.rule = rule
            self.file = file
            self.lineText = lineText
            self.message = message
            self.place = place
        }

        static func < (a: Entry, b: Entry) -> Bool {
            if (a.file, a.rule, a.lineText) != (b.file, b.rule, b.lineText) {
                return (a.file, a.rule, a.lineText) < (b.file, b.rule, b.lineText)
            }
            switch (a.place, b.place) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return true
            case (_?, nil): return false
            default: return a.message < b.message
            }
        }
    }

    /// Version 2 added `place`; version 1 files (no entry has one) are read as they are.
    static let formatVersion = 2
    static let readableVersions = 1...2

    /// Sorted, so the file diffs well under version control.
    private(set) var entries: [Entry]
    /// How many entries the baseline holds (a finding with places counts once per place).
    public var count: Int { entries.count }
    /// The absolute directory entries' paths are relative to: the baseline file's.
    public var directory: String
    /// The baseline file as named (`--baseline`, or the configuration's `baseline:` as the working directory
    /// shows it), for messages; empty for one built in memory.
    public internal(set) var path = ""

    init(entries: [Entry], directory: String) {
        self.entries = entries.sorted()
        self.directory = directory
    }

    /// The baseline of `diagnostics` (findings as the whole project has them: a full run's, or a partial run's
    /// `LintOutcome.baselineFindings`) for a baseline file in `directory`; `sources` are file bytes by display
    /// path (for the line text).
    public init(diagnostics: [Diagnostic], sources: [String: [UInt8]], directory: String) {
        self.init(diagnostics: diagnostics, directory: directory) { sources[$0] }
    }

    /// The same, asking `source` for the bytes of each file (display path) a finding or its places are in;
    /// display paths are relative to `displayPathBase`.
    public init(diagnostics: [Diagnostic], directory: String, displayPathBase: String = Paths.currentDirectory,
                source: @escaping (String) -> [UInt8]?) {
        var keys = Keys(lines: SourceLines(source: source), directory: Paths.standardize(Paths.absolute(directory)),
                        base: displayPathBase)
        var entries: [Entry] = []
        for diagnostic in diagnostics {
            entries += diagnostic.suppressibleAt.isEmpty ? [keys.whole(diagnostic)] : keys.places(diagnostic)
        }
        self.init(entries: entries, directory: keys.directory)
    }

    /// The directory of a baseline file at `path` (as given on the command line): where its entries' paths start
    /// (the working directory for a pipe: `Paths.anchorDirectory`).
    public static func directory(ofFileAt path: String) -> String {
        Paths.anchorDirectory(ofFileAt: Paths.absolute(path))
    }

    /// `directory` as the working directory shows it.
    public var displayedDirectory: String { Paths.display(directory) }

    /// Display paths and line texts as entries spell them.
    struct Keys {
        var lines: SourceLines
        var directory: String
        var base: String

        func entryPath(_ displayPath: String) -> String {
            let absolute = Paths.absolute(displayPath, base: base)
            return Paths.relative(absolute, to: directory) ?? absolute
        }

        /// The finding as a whole.
        mutating func whole(_ d: Diagnostic) -> Entry {
            Entry(rule: d.ruleID, file: entryPath(d.span.file), lineText: lines.trimmedText(file: d.span.file, line: d.span.start.line),
                  message: d.message)
        }

        /// One entry per place of a finding with places, in the finding's order.
        mutating func places(_ d: Diagnostic) -> [Entry] {
            let file = entryPath(d.span.file)
            let lineText = lines.trimmedText(file: d.span.file, line: d.span.start.line)
            return d.suppressibleAt.map { place in
                Entry(rule: d.ruleID, file: file, lineText: lineText, message: place.message,
                      place: Entry.Place(file: entryPath(place.span.file),
                                         lineText: lines.trimmedText(file: place.span.file, line: place.span.start.line)))
            }
        }
    }

    /// Whether some entry is for one of these files (display paths relative to `displayPathBase`): when none is,
    /// the baseline was most likely written for another project, or its paths do not match this one's. Asked of
    /// every file of a project, partial runs included (`LintOutcome.baselineWarnings`).
    public func concerns(anyOf files: [String], displayPathBase: String = Paths.currentDirectory) -> Bool {
        let keys = Keys(lines: SourceLines(sources: [:]), directory: directory, base: displayPathBase)
        let named = Set(entries.flatMap { [$0.file] + ($0.place.map { [$0.file] } ?? []) })
        return files.contains { named.contains(keys.entryPath($0)) }
    }

    /// The warning for a baseline none of whose entries is for a file of the project it is applied to (see
    /// `concerns`), for standard error or an editor's log.
    public var concernsNoFileWarning: String {
        "\(Escaping.text(path)): warning: none of the baseline's \(count) entr\(count == 1 ? "y is for a file" : "ies is for a file") "
            + "of the project (its paths are relative to \(Escaping.text(displayedDirectory)))"
    }

        /// What `filter` leaves.
    public struct Filtered: Sendable {
        /// The findings not covered, in the form they were given (a finding some of whose places are covered
        /// keeps the others in `suppressibleAt`).
        public var remaining: [Diagnostic]
        /// How many findings a run reporting the given paths no longer shows.
        public var hidden: Int
    }

    /// The findings not covered by the baseline: the one entry point every caller (the lint driver, an editor's
    /// server) filters a run's findings with.
    ///
    /// `diagnostics` are findings as the whole project has them (`LintEngine.projectPass`, not yet restricted
    /// to the files a partial run reports), with display paths relative to `displayPathBase`; `source` gives
    /// the bytes of a file by display path (asked only for the files of findings that are checked). With
    /// `reportedPaths` (a partial run), only the findings such a run can show (in one of those files, or with a
    /// place in one) are checked, the others are returned unchanged (the restriction drops them), and
    /// `hidden` counts what the restriction to those files no longer shows. Restrict the result afterwards.
    ///
    /// A finding is covered when an entry for it as a whole is left (every version 1 entry is one), or when an
    /// entry is left for every one of its places; otherwise its covered places are dropped from
    /// `suppressibleAt`, so a partial run of a covered place's file does not show it there.
    public func filter(_ diagnostics: [Diagnostic], reportedPaths: Set<String>? = nil,
                       displayPathBase: String = Paths.currentDirectory, source: (String) -> [UInt8]?) -> Filtered {
        withoutActuallyEscaping(source) { source in
            var available: [Entry: Int] = [:]
            for entry in entries { available[entry, default: 0] += 1 }
            func take(_ entry: Entry) -> Bool {
                guard let count = available[entry], count > 0 else { return false }
                available[entry] = count - 1
                return true
            }
            var keys = Keys(lines: SourceLines(source: source), directory: directory, base: displayPathBase)
            func isShown(_ d: Diagnostic) -> Bool {
                guard let reportedPaths else { return true }
                return reportedPaths.contains(d.span.file) || d.suppressibleAt.contains { reportedPaths.contains($0.span.file) }
            }
            var remaining: [Diagnostic] = []
            var checkedBefore: [Diagnostic] = []
            var checkedAfter: [Diagnostic] = []
            for var diagnostic in diagnostics.sorted(by: Diagnostic.outputOrder) {
                guard isShown(diagnostic) else { remaining.append(diagnostic); continue }
                checkedBefore.append(diagnostic)
                if take(keys.whole(diagnostic)) { continue }
                if !diagnostic.suppressibleAt.isEmpty {
                    let places = keys.places(diagnostic)
                    let open = zip(diagnostic.suppressibleAt, places).filter { !take($0.1) }.map(\.0)
                    if open.isEmpty { continue }
                    diagnostic.suppressibleAt = open
                }
                remaining.append(diagnostic)
                checkedAfter.append(diagnostic)
            }
            let hidden = reportedPaths.map {
                LintEngine.restrict(checkedBefore, to: $0).count - LintEngine.restrict(checkedAfter, to: $0).count
            } ?? checkedBefore.count - checkedAfter.count
            return Filtered(remaining: remaining, hidden: hidden)
        }
    }

    /// The findings not covered by the baseline, and how many were covered (a full run's findings, whose files'
    /// bytes are in `sources`).
    public func filter(_ diagnostics: [Diagnostic], sources: [String: [UInt8]]) -> (remaining: [Diagnostic], suppressed: Int) {
        let filtered = filter(diagnostics) { sources[$0] }
        return (filtered.remaining, filtered.hidden)
    }

    /// `{"version": 2, "findings": [{"rule", "file", "lineText", "place": {"file", "lineText"}, "message"}, ...]}`,
    /// `place` only in the entries of findings with places.
    public func rendered() -> String {
        JSONValue.object([
            ("version", .int(Baseline.formatVersion)),
            ("findings", .array(entries.map { entry in
                var fields: [(String, JSONValue)] = [
                    ("rule", .string(entry.rule)),
                    ("file", .string(entry.file)),
                    ("lineText", .string(entry.lineText)),
                ]
                if let place = entry.place {
                    fields.append(("place", .object([("file", .string(place.file)), ("lineText", .string(place.lineText))])))
                }
                fields.append(("message", .string(entry.message)))
                return .object(fields)
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
            var baseline = try parse(Data(bytes), path: path, directory: directory(ofFileAt: path))
            baseline.path = path
            return baseline
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
        guard let object = try? JSONDecoder().decode(DecodedJSON.self, from: data) else { throw invalid("not valid JSON") }
        guard case .object(let root) = object else { throw invalid("the top level must be an object") }
        guard let version = root["version"]?.integer, readableVersions.contains(version) else {
            throw invalid("'version' must be \(readableVersions.map(String.init).joined(separator: " or "))")
        }
        guard let findings = root["findings"]?.objects else { throw invalid("'findings' must be a list of objects") }
        var entries: [Entry] = []
        for (index, finding) in findings.enumerated() {
            guard let rule = finding["rule"]?.string, let file = finding["file"]?.string,
                  let lineText = finding["lineText"]?.string, let message = finding["message"]?.string else {
                throw invalid("finding \(index + 1) needs string 'rule', 'file', 'lineText' and 'message'")
            }
            var place: Entry.Place?
            if let value = finding["place"], version >= 2 {
                guard case .object(let object) = value, let file = object["file"]?.string,
                      let lineText = object["lineText"]?.string else {
                    throw invalid("finding \(index + 1): 'place' needs string 'file' and 'lineText'")
                }
                place = Entry.Place(file: file, lineText: lineText)
            }
            entries.append(Entry(rule: rule, file: file, lineText: lineText, message: message, place: place))
        }
        return Baseline(entries: entries, directory: directory)
    }
}

/// A JSON value as `JSONDecoder` (FoundationEssentials) reads it (`JSONValue` is the one FlowLint writes), for a file whose shape is checked by hand so
/// that each error names what is wrong (`JSONSerialization`, which gave `Any`, is outside FoundationEssentials).
enum DecodedJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([DecodedJSON])
    case object([String: DecodedJSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Strings first: they are most of a baseline. A JSON number never decodes as a Bool, nor a Bool as a number.
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let object = try? container.decode([String: DecodedJSON].self) {
            self = .object(object)
        } else {
            self = .array(try container.decode([DecodedJSON].self))
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A whole number (`2`, `2.0`), as `JSONSerialization`'s `NSNumber` gave one to `as? Int`.
    var integer: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// A list of objects; nil when it is not a list or an element is not an object.
    var objects: [[String: DecodedJSON]]? {
        guard case .array(let elements) = self else { return nil }
        var objects: [[String: DecodedJSON]] = []
        for element in elements {
            guard case .object(let object) = element else { return nil }
            objects.append(object)
        }
        return objects
    }
}

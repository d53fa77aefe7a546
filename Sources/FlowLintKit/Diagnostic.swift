import FlowLintSyntax

public enum Severity: String, Codable, Comparable, Sendable, CaseIterable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// A span in one file: byte offsets (what fixes use) and 1-based line/column (what people read; columns in
/// UTF-8 bytes).
public struct SourceSpan: Hashable, Sendable, Codable {
    public var file: String
    public var startOffset: Int
    public var endOffset: Int
    public var start: SourcePosition
    public var end: SourcePosition

    public init(file: String, startOffset: Int, endOffset: Int, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.startOffset = startOffset
        self.endOffset = endOffset
        self.start = start
        self.end = end
    }

    private enum CodingKeys: CodingKey { case file, startOffset, endOffset, start, end }

    /// In the facts cache (`CompactCoding`), a span in the file being coded is written with an empty path and
    /// read back under the file's current path, so an entry does not depend on where the file is.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let coded = encoder.userInfo[CompactCoding.pathKey] as? String
        try container.encode(file == coded ? "" : file, forKey: .file)
        try container.encode(startOffset, forKey: .startOffset)
        try container.encode(endOffset, forKey: .endOffset)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let file = try container.decode(String.self, forKey: .file)
        self.file = file.isEmpty ? decoder.userInfo[CompactCoding.pathKey] as? String ?? "" : file
        startOffset = try container.decode(Int.self, forKey: .startOffset)
        endOffset = try container.decode(Int.self, forKey: .endOffset)
        start = try container.decode(SourcePosition.self, forKey: .start)
        end = try container.decode(SourcePosition.self, forKey: .end)
    }
}

/// A replacement of the bytes `startOffset..<endOffset` of the original file by `replacement`.
public struct TextEdit: Hashable, Sendable, Codable {
    public var startOffset: Int
    public var endOffset: Int
    public var replacement: String

    public init(startOffset: Int, endOffset: Int, replacement: String) {
        self.startOffset = startOffset
        self.endOffset = endOffset
        self.replacement = replacement
    }
}

public struct Fix: Hashable, Sendable, Codable {
    /// Whether `--fix` may apply the fix without a person looking at it.
    public enum Applicability: String, Codable, Sendable {
        /// Always right: applied by `--fix`.
        case safe
        /// Probably right, but it may change meaning or need other edits: shown, never applied.
        case suggestion
    }

    public var message: String
    public var applicability: Applicability
    public var edits: [TextEdit]

    public init(message: String, applicability: Applicability, edits: [TextEdit]) {
        self.message = message
        self.applicability = applicability
        self.edits = edits
    }
}

/// A related location that explains a finding (for example one step of a view chain).
public struct DiagnosticNote: Hashable, Sendable, Codable {
    public var message: String
    public var span: SourceSpan

    public init(message: String, span: SourceSpan) {
        self.message = message
        self.span = span
    }
}

/// Another place a finding is about: where the problem is caused (the declaration that reads an environment
/// object a root does not provide), as opposed to where it is reported (the root, where the fix goes).
public struct RelatedPlace: Hashable, Sendable, Codable {
    public var span: SourceSpan
    /// The finding as worded at this place: what a run that reports this place's file, but not the finding's
    /// own, shows here.
    public var message: String

    public init(span: SourceSpan, message: String) {
        self.span = span
        self.message = message
    }
}

public struct Diagnostic: Hashable, Sendable, Codable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    public var span: SourceSpan
    public var notes: [DiagnosticNote]
    public var fixes: [Fix]
    /// Other places where the finding can be silenced with a `flowlint:` comment (not rendered by reporters).
    /// A finding with such places is silenced when a comment at its own position, or comments at every one of
    /// them, cover its rule; a comment at a place silences the finding's part there (so a partial run of that
    /// place's file does not show it), and is never called superfluous while the finding exists.
    public var suppressibleAt: [RelatedPlace]

    public init(ruleID: String, severity: Severity, message: String, span: SourceSpan,
                notes: [DiagnosticNote] = [], fixes: [Fix] = [], suppressibleAt: [RelatedPlace] = []) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.span = span
        self.notes = notes
        self.fixes = fixes
        self.suppressibleAt = suppressibleAt
    }

    /// The order every reporter prints in: file, then position, then rule, then message. Output never depends
    /// on thread scheduling.
    public static func outputOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.span.file != b.span.file { return a.span.file < b.span.file }
        if a.span.start != b.span.start { return a.span.start < b.span.start }
        if a.span.end != b.span.end { return a.span.end < b.span.end }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}

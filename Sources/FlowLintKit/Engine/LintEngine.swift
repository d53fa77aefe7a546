import FlowLintSyntax

/// One file handed to the engine: its display path (relative to the working directory when under it) and
/// its bytes. Reading, discovery and excludes happen before; the engine never touches the file system.
public struct LintFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

public struct LintRequest: Sendable {
    public var files: [LintFile]
    public var settings: RuleSettings
    /// Worker threads for the per-file phase; 0 means one per core.
    public var jobs: Int
    public init(files: [LintFile], settings: RuleSettings = .defaults, jobs: Int = 0) {
        self.files = files
        self.settings = settings
        self.jobs = jobs
    }
}

public struct LintResult: Sendable {
    /// Findings after suppression, in `Diagnostic.outputOrder`.
    public var diagnostics: [Diagnostic]
    public var filesLinted: Int
}

public enum LintEngine {
    /// Lints `request.files` as one project: per-file facts and findings in parallel, then the project-wide
    /// rules over the merged index, then suppression. Deterministic: the result does not depend on `jobs`.
    public static func lint(_ request: LintRequest) -> LintResult {
        // The pipeline lands with the rules; until then nothing is reported.
        LintResult(diagnostics: [], filesLinted: request.files.count)
    }
}

import FlowLintSyntax

/// A rule is one type in one file: its descriptor, what the parser must keep for it, and its checks. It is
/// listed once in `RuleRegistry`; nothing else names it. The engine runs the checks of the enabled rules,
/// applies severities and suppression, and caches what the per-file check reports.
///
/// The checks run in two phases (facts, then passes):
/// - `check(file:report:)` runs once per file, in parallel, over that file's syntax (`FileContext`). What it
///   reports is kept with the file's facts, so an unchanged file is not parsed again.
/// - `check(project:report:)` runs once, over the merged facts of every file of the project
///   (`ProjectContext.index`), with this rule's per-file findings (`ProjectContext.pending`). A per-file
///   finding whose truth depends on other files (is the owner a view? is this collection a constant
///   somewhere?) carries a `Condition`, a small value the project check reads to decide. A rule that needs
///   to know something of every file, not only of the files with findings, records a `Record` per file.
///
/// Most rules implement only `check(file:)` and report unconditional findings; the project check then
/// reports them all. A rule whose findings are conditional must implement `check(project:)`.
protocol Rule {
    static var descriptor: RuleDescriptor { get }
    /// The bodies the parser must parse for this rule (see `BodySkipping`): e.g. bodies that mention
    /// `objectWillChange`. Everything else may be skipped by brace matching; `FastPathTests` and the document
    /// harness check that the rule sees the same with and without skipping.
    static var parses: BodySkipping { get }

    /// The project analyses the project check reads (`project[SomeAnalysis.self]`), as go/analysis's `Requires`: the
    /// engine computes each once per run for the rules that declare it, an editor's server keeps it while no edit
    /// changes what it reads, and `flowlint rules --reporter json` lists them. Reading one not declared here (nor
    /// required by one declared) stops the check with a message naming both.
    static var analyses: [any ProjectAnalysis.Type] { get }

    /// What a per-file finding needs the project to confirm; `Unconditional` when it stands on its own.
    associatedtype Condition: Codable & Sendable = Unconditional
    /// What the per-file check records of every file for the project check; `NoRecord` when nothing.
    associatedtype Record: Codable & Sendable = NoRecord

    static func check(file: FileContext, report: inout FileReport<Condition, Record>)
    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport)
}

extension Rule {
    static var parses: BodySkipping { BodySkipping() }
    static var analyses: [any ProjectAnalysis.Type] { [] }
    static func check(file: FileContext, report: inout FileReport<Condition, Record>) {}
}

extension Rule where Condition == Unconditional {
    /// Every per-file finding stands.
    static func check(project: ProjectContext<Condition, Record>, report: inout ProjectReport) {
        for finding in project.pending { report.report(finding.diagnostic) }
    }
}

/// The condition of a per-file finding that needs none.
struct Unconditional: Codable, Sendable, Equatable {}

/// The record of a rule that records nothing.
struct NoRecord: Codable, Sendable, Equatable {}

/// A per-file finding waiting for the project check, with what decides it.
struct PendingFinding<Condition> {
    var diagnostic: Diagnostic
    var condition: Condition
}

extension PendingFinding: Codable where Condition: Codable {}
extension PendingFinding: Sendable where Condition: Sendable {}
extension PendingFinding: Equatable where Condition: Equatable {}

extension RuleDescriptor {
    /// The one place a finding of this rule is built: at the rule's default severity (the engine applies the
    /// configured one), with its position, message, notes and fixes.
    func diagnostic(at span: SourceSpan, _ message: String, notes: [DiagnosticNote] = [], fixes: [Fix] = []) -> Diagnostic {
        Diagnostic(ruleID: id, severity: defaultSeverity, message: message, span: span, notes: notes, fixes: fixes)
    }
}

/// What a rule's per-file check reports into.
struct FileReport<Condition, Record> {
    let descriptor: RuleDescriptor
    let file: FileContext
    private(set) var findings: [PendingFinding<Condition>] = []
    private(set) var records: [Record] = []

    init(descriptor: RuleDescriptor, file: FileContext) {
        self.descriptor = descriptor
        self.file = file
    }

    /// A finding at `node` (its whole source range), holding if the project check confirms `condition`.
    mutating func report(at node: Int, _ message: String, notes: [DiagnosticNote] = [], fixes: [Fix] = [],
                         condition: Condition) {
        report(at: file.span(of: node), message, notes: notes, fixes: fixes, condition: condition)
    }

    mutating func report(at span: SourceSpan, _ message: String, notes: [DiagnosticNote] = [], fixes: [Fix] = [],
                         condition: Condition) {
        findings.append(PendingFinding(diagnostic: descriptor.diagnostic(at: span, message, notes: notes, fixes: fixes),
                                       condition: condition))
    }

    /// Something the project check needs to know of this file, findings or not.
    mutating func record(_ record: Record) { records.append(record) }
}

extension FileReport where Condition == Unconditional {
    mutating func report(at node: Int, _ message: String, notes: [DiagnosticNote] = [], fixes: [Fix] = []) {
        report(at: node, message, notes: notes, fixes: fixes, condition: Unconditional())
    }

    mutating func report(at span: SourceSpan, _ message: String, notes: [DiagnosticNote] = [], fixes: [Fix] = []) {
        report(at: span, message, notes: notes, fixes: fixes, condition: Unconditional())
    }
}

/// What a rule's project check sees: the merged facts of every file, and this rule's per-file output.
struct ProjectContext<Condition, Record> {
    let descriptor: RuleDescriptor
    let index: ProjectIndex
    /// This rule's per-file findings, in file order.
    let pending: [PendingFinding<Condition>]
    /// The Xcode that builds the project (`xcode:` in the configuration): advice is worded for what it compiles.
    let toolchain: Toolchain
    private let loadRecords: () -> [(path: String, record: Record)]
    private let loadFileRecords: (Int) -> [Record]
    private let memo: DecodedOutputs.Slot?
    /// This pass's record bytes by file, in file order, when there is a memo (an editor's server).
    private let recordBytes: [(file: Int32, bytes: [UInt8])]
    /// The analyses the rule declared, with those they require (`AnalysisRegistry.closure`).
    private let declared: Set<ObjectIdentifier>

    init(descriptor: RuleDescriptor, index: ProjectIndex, pending: [PendingFinding<Condition>], toolchain: Toolchain = .newest,
         declaredAnalyses: Set<ObjectIdentifier> = [], memo: DecodedOutputs.Slot? = nil,
         recordBytes: [(file: Int32, bytes: [UInt8])] = [],
         records: @escaping () -> [(path: String, record: Record)], recordsInFile: @escaping (Int) -> [Record]) {
        self.descriptor = descriptor
        self.index = index
        self.pending = pending
        self.toolchain = toolchain
        self.memo = memo
        self.recordBytes = recordBytes
        declared = declaredAnalyses
        loadRecords = records
        loadFileRecords = recordsInFile
    }

    /// The value of an analysis the rule declared in `Rule.analyses` (or one a declared analysis requires).
    subscript<A: ProjectAnalysis>(_ analysis: A.Type) -> A.Value {
        precondition(declared.contains(ObjectIdentifier(analysis)),
                     "\(descriptor.id) reads \(A.self) without declaring it in its rule's `analyses`")
        return index[analysis]
    }

    /// This rule's records of one file (its position in `index.files`): for a check that needs the records of
    /// a few files only, such as those declaring a type (`ProjectIndex.types(named:)`).
    func records(inFile file: Int) -> [Record] { loadFileRecords(file) }

    /// A value computed from this rule's records alone (not from the index): an editor's server keeps it while
    /// no file's records change, so an edit elsewhere does not rebuild it. `key` names it among the rule's values.
    func derived<T>(_ key: String, from records: ([(path: String, record: Record)]) -> T) -> T {
        guard let memo else { return records(self.records) }
        return memo.derived(key) { records(self.records) }
    }

    /// A value computed from this rule's records (such as an index of them) that an editor's server keeps across
    /// edits that change the records of at most `limit` files: those are `changedFiles` (positions in
    /// `index.files`, possibly past its end after files left the project), whose records the check reads as they
    /// are now (`records(inFile:)`) instead of what the value says of them. Nil without a server: a command-line
    /// run computes what it needs directly.
    func derived<T>(_ key: String, changedFilesAtMost limit: Int, from build: () -> T) -> (value: T, changedFiles: [Int])? {
        guard let memo else { return nil }
        let (value, changed) = memo.derived(key, records: recordBytes, changedFilesAtMost: limit, build)
        return (value, changed.map(Int.init))
    }

    /// This rule's per-file records, with the path of the file each describes, in file order. Decoded on each
    /// access (most files have records; a check that needs them only for some findings asks only then), so
    /// keep the result.
    var records: [(path: String, record: Record)] { loadRecords() }
}

/// What a rule's project check reports into.
struct ProjectReport {
    let descriptor: RuleDescriptor
    private(set) var diagnostics: [Diagnostic] = []

    init(descriptor: RuleDescriptor) { self.descriptor = descriptor }

    /// A finding built here; `suppressibleAt`: see `Diagnostic.suppressibleAt`.
    mutating func report(at span: SourceSpan, _ message: String, notes: [DiagnosticNote] = [], fixes: [Fix] = [],
                         suppressibleAt: [RelatedPlace] = []) {
        var diagnostic = descriptor.diagnostic(at: span, message, notes: notes, fixes: fixes)
        diagnostic.suppressibleAt = suppressibleAt
        diagnostics.append(diagnostic)
    }

    /// A per-file finding that holds (possibly changed: a fix that the project shows to be unsafe, say).
    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Findings that hold, in order. A list reported before anything else is taken as it is, not copied: a rule
    /// that settles all its findings first hands them over (a finding-dense file has hundreds of thousands).
    mutating func report(contentsOf findings: [Diagnostic]) {
        if diagnostics.isEmpty { diagnostics = findings } else { diagnostics += findings }
    }
}

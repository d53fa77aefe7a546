import Dispatch
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
import FlowLintSyntax

/// One file handed to the engine: its display path (relative to the working directory when under it), and its
/// bytes or where to read them. Discovery and excludes happen before; the engine reads only the files it is
/// handed as deferred (`deferredPath`), through the request's `unsavedBuffers` first.
struct LintFile: Sendable {
    var path: String
    var bytes: [UInt8]
    /// Where the file is on disk. Most files are `directory/path`: the directory string is shared by every
    /// file of a run, so a project of thousands of files does not hold each one's absolute path twice.
    private var location: Location?
    private enum Location: Sendable {
        case under(directory: String)
        case absolute(String)
    }
    /// The file has not been read: see `deferredPath`.
    private(set) var isDeferred = false

    init(path: String, bytes: [UInt8], diskPath: String? = nil) {
        self.path = path
        self.bytes = bytes
        self.diskPath = diskPath
    }

    /// A file read later, if at all (see `deferredPath`).
    static func deferred(path: String, absolutePath: String) -> LintFile {
        var file = LintFile(path: path, bytes: [], diskPath: absolutePath)
        file.isDeferred = true
        return file
    }

    /// A discovered file, read later if at all. `workingDirectory` is the standardized directory display paths
    /// are relative to: one string shared by every file of the run.
    static func deferred(_ discovered: DiscoveredFile, workingDirectory: String) -> LintFile {
        if discovered.displayPath.hasPrefix("/") {
            return .deferred(path: discovered.displayPath, absolutePath: discovered.absolutePath)
        }
        var file = LintFile(path: discovered.displayPath, bytes: [])
        file.location = .under(directory: workingDirectory)
        file.isDeferred = true
        return file
    }

    /// The absolute path the bytes were read from, if any: lets the facts cache recognize the file by its
    /// stat next time without reading it. Not set for an editor's unsaved buffer.
    var diskPath: String? {
        get {
            switch location {
            case .under(let directory): return Paths.join(directory, path)
            case .absolute(let absolute): return absolute
            case nil: return nil
            }
        }
        set { location = newValue.map(Location.absolute) }
    }

    /// Set for a project file that only gives context to a partial run and has not been read: the per-file
    /// phase reads it from this absolute path only when the facts cache cannot answer for it. If it cannot
    /// be read (or is not text) it contributes nothing.
    var deferredPath: String? { isDeferred ? diskPath : nil }
}

struct LintRequest: Sendable {
    var files: [LintFile]
    var settings: RuleSettings
    /// Worker threads for the per-file phase; 0 means one per core.
    var jobs: Int
    /// Skip the bodies no enabled rule and no fact needs (see `BodySkipping`). Off only to check that the fast
    /// path changes nothing.
    var skipsInertBodies: Bool
    /// The display paths findings are reported for; nil reports every file. The other files still give their
    /// facts (a partial run sees the whole project). See `LintEngine.restrict`.
    var reportedPaths: Set<String>?
    /// Per-file facts from earlier runs; updated on disk after the per-file phase.
    var cache: FactsCache?
    /// Set by a command-line run that ends after reporting: the project's facts and index are handed to
    /// `UntilExit` instead of being freed one allocation at a time (tens of thousands for a large project),
    /// work the end of the process makes pointless. Library users leave it off.
    var keepsFactsUntilExit = false
    /// An editor's unsaved buffers, which replace the files on disk they belong to (when deferred files are read).
    var unsavedBuffers: (any UnsavedBuffers)?
    /// Files handed with their bytes are always parsed, never answered from the facts cache (their fresh facts
    /// are still stored). Set by `--fix`: the fixes it applies come from the bytes it rewrites, never from a
    /// pack on disk.
    var recomputesGivenFiles = false
    /// The project's targets (`ProjectModel`): `#if`, names and roots are judged per target and platform. Nil:
    /// every file is compiled everywhere, as without a project file.
    var model: ProjectModel?
    /// The directory relative display paths are relative to (the working directory, unless the caller shows
    /// paths relative to something else), for matching files with the model's absolute paths.
    var displayPathBase = Paths.currentDirectory
    /// Asked between files: a cancelled per-file phase stops within one file's parse (see `Cancellation`).
    var cancellation = Cancellation.never
    /// Findings it covers are not reported (`Baseline.filter`, before the restriction to `reportedPaths`).
    var baseline: Baseline?
    /// Keep the findings a baseline would record (`LintResult.baselineFindings`): `--write-baseline`.
    var keepsBaselineFindings = false
    init(files: [LintFile], settings: RuleSettings = .defaults, jobs: Int = 0, skipsInertBodies: Bool = true,
                reportedPaths: Set<String>? = nil, cache: FactsCache? = nil) {
        self.files = files
        self.settings = settings
        self.jobs = jobs
        self.skipsInertBodies = skipsInertBodies
        self.reportedPaths = reportedPaths
        self.cache = cache
    }
}

struct LintResult: Sendable {
    /// Findings after suppression, in `Diagnostic.outputOrder`.
    var diagnostics: [Diagnostic]
    var filesLinted: Int
    /// Reported files that were deferred and turned out unreadable (`reason`) or binary (`reason == nil`), in
    /// path order. They contributed nothing.
    var readFailures: [ReadFailure]
    /// With `LintRequest.baseline`: how many findings the run does not show because the baseline covers them,
    /// and whether some entry is for a file of the project (the reported files and their context).
    var inBaseline = 0
    var baselineConcernsProject = false
    /// With `LintRequest.keepsBaselineFindings`: the findings as the whole project has them that the run
    /// reports in some form (before `LintEngine.restrict` moves them to the reported files): what a baseline
    /// records.
    var baselineFindings: [Diagnostic] = []
    /// With a baseline and `LintRequest.recomputesGivenFiles` (`--fix`): the reported findings before the
    /// baseline, which `--fix` fixes too (a baseline decides what is reported, not what is fixed).
    var beforeBaseline: [Diagnostic]?
    /// The findings `--fix` applies fixes from.
    var diagnosticsToFix: [Diagnostic] { beforeBaseline ?? diagnostics }
    init(diagnostics: [Diagnostic], filesLinted: Int, readFailures: [ReadFailure] = []) {
        self.diagnostics = diagnostics
        self.filesLinted = filesLinted
        self.readFailures = readFailures
    }
}

/// Unsaved editor buffers that replace files on disk: the engine asks before it reads (or trusts the facts
/// cache for) a deferred file.
public protocol UnsavedBuffers: Sendable {
    /// The buffer for the file at this absolute path, or nil when the file on disk is current.
    func buffer(forAbsolutePath path: String) -> [UInt8]?
}

/// Whether the result of a lint is still wanted, asked between files and between rules: an editor's server cancels a
/// lint that newer input makes useless (an edit, a shutdown), and the lint stops within one file's parse or one
/// rule's project check. A cancelled lint's result is incomplete: the caller drops it.
struct Cancellation: Sendable {
    private let check: @Sendable () -> Bool

    init(_ check: @escaping @Sendable () -> Bool) { self.check = check }

    static let never = Cancellation { false }

    var isCancelled: Bool { check() }
}

struct ReadFailure: Error, Sendable, Equatable {
    var path: String
    /// Why it could not be read; nil when it is skipped with a warning (`skipReason`).
    var reason: String?
    /// Why it is skipped when `reason` is nil: "not a text file" (NUL bytes), "larger than 8 MiB".
    var skipReason: String? = nil
}

public enum LintEngine {
    /// Lints `request.files` as one project: per-file facts and the rules' per-file checks in parallel, then
    /// the rules' project checks over the merged index, then severities, suppression and the restriction to the
    /// reported files. Deterministic: the result does not depend on `jobs`.
    static func lint(_ request: LintRequest) -> LintResult {
        let plan = Plan(request.settings, skipsInertBodies: request.skipsInertBodies)
        let (facts, failures, records) = perFilePhase(request, plan)
        // The facts cache is written while the project pass runs (it needs nothing from it), and waited for
        // before returning.
        let saving = DispatchGroup()
        if let cache = request.cache {
            DispatchQueue.global().async(group: saving) { cache.save(records) }
        }
        defer { saving.wait() }
        var index = ProjectIndex(files: facts)
        if let model = request.model {
            index.layout = BuildLayout(model: model, absolutePaths: request.files.map {
                $0.diskPath ?? Paths.absolute($0.path, base: request.displayPathBase)
            })
        }
        if request.keepsFactsUntilExit { UntilExit.keep(index) }
        var diagnostics = projectPass(index, plan, settings: request.settings, jobs: request.jobs)
        var baselineFindings: [Diagnostic] = []
        if request.keepsBaselineFindings {
            baselineFindings = diagnostics.filter { d in
                request.reportedPaths.map { paths in
                    paths.contains(d.span.file) || d.suppressibleAt.contains { paths.contains($0.span.file) }
                } ?? true
            }
        }
        var inBaseline = 0
        var beforeBaseline: [Diagnostic]?
        if let baseline = request.baseline {
            if request.recomputesGivenFiles {
                beforeBaseline = request.reportedPaths.map { restrict(diagnostics, to: $0) } ?? diagnostics
            }
            // Before the restriction: the baseline judges each finding as the whole project has it.
            var sources = BaselineSources(request)
            let filtered = baseline.filter(diagnostics, reportedPaths: request.reportedPaths,
                                           displayPathBase: request.displayPathBase) { sources.bytes(of: $0) }
            diagnostics = filtered.remaining
            inBaseline = filtered.hidden
        }
        if let reported = request.reportedPaths { diagnostics = restrict(diagnostics, to: reported) }
        diagnostics.sort(by: Diagnostic.outputOrder)
        let reportedFailures = failures.filter { request.reportedPaths?.contains($0.path) ?? true }
        var result = LintResult(diagnostics: diagnostics,
                                filesLinted: (request.reportedPaths?.count ?? request.files.count) - reportedFailures.count,
                                readFailures: reportedFailures)
        result.inBaseline = inBaseline
        result.baselineConcernsProject = request.baseline?.concerns(anyOf: request.files.map(\.path),
                                                                    displayPathBase: request.displayPathBase) ?? false
        result.baselineFindings = baselineFindings
        result.beforeBaseline = beforeBaseline
        return result
    }

    /// The bytes of the files a baseline asks for (the lines of findings): a file handed with its bytes, else an
    /// editor's buffer, else the file on disk, read when first asked.
    struct BaselineSources {
        let request: LintRequest
        private var positions: [String: Int]?

        init(_ request: LintRequest) { self.request = request }

        mutating func bytes(of path: String) -> [UInt8]? {
            if positions == nil {
                positions = Dictionary(request.files.indices.map { (request.files[$0].path, $0) }, uniquingKeysWith: { first, _ in first })
            }
            guard let position = positions?[path] else { return nil }
            let file = request.files[position]
            guard let absolute = file.deferredPath else { return file.bytes }
            if let buffer = request.unsavedBuffers?.buffer(forAbsolutePath: absolute) { return buffer }
            if case .text(let bytes) = FileReader.read(absolute) { return bytes }
            return nil
        }
    }

    /// The project checks of the enabled rules over the merged facts, then the configured severities and
    /// suppression: every finding of the project, before the restriction to reported files. Shared by `lint` and
    /// `LiveProject` (an editor's server), which keeps the facts and the index between runs.
    /// The checks only read the index, so they run side by side on `jobs` threads (0: one per core); each rule's
    /// findings are kept in registry order, so the result does not depend on scheduling. An editor's server runs
    /// the pass per edit over an index that keeps what it can between edits (`DecodedOutputs`, the declared analyses of `ProjectAnalysis`).
    /// `cancellation` is asked before each rule's check: once cancelled, the pass returns no finding at all.
    static func projectPass(_ index: ProjectIndex, _ plan: Plan, settings: RuleSettings, jobs: Int = 0,
                            cancellation: Cancellation = .never) -> [Diagnostic] {
        var perRule = [[Diagnostic]](repeating: [], count: plan.rules.count)
        if jobs == 1 || plan.rules.count < 2 || ProcessInfoCores.count < 2 {
            for (i, rule) in plan.rules.enumerated() where !cancellation.isCancelled {
                perRule[i] = rule.check(project: index, toolchain: settings.toolchain)
            }
        } else {
            perRule.withUnsafeMutableBufferPointer { buffer in
                let out = SendableBuffer(base: buffer)
                DispatchQueue.concurrentPerform(iterations: plan.rules.count) { i in
                    guard !cancellation.isCancelled else { return }
                    out.base[i] = plan.rules[i].check(project: index, toolchain: settings.toolchain)
                }
            }
        }
        if cancellation.isCancelled { return [] }
        // One rule's list taken as it is when no other rule found anything (a finding-dense file): not a copy of
        // what may be hundreds of thousands of findings.
        let withFindings = perRule.indices.filter { !perRule[$0].isEmpty }
        var diagnostics = withFindings.count == 1 ? perRule[withFindings[0]] : Array(perRule.joined())
        perRule = []
        // Severities are applied here, once, after the cache: changing one re-parses nothing.
        for i in diagnostics.indices {
            if let severity = settings.severities[diagnostics[i].ruleID] { diagnostics[i].severity = severity }
        }
        return applySuppression(diagnostics, facts: index.files, settings: settings)
    }

    /// The findings a run that reports only `paths` shows (README, "Partial runs"): those located in these
    /// files, and, for a finding located elsewhere that can be silenced at a place in one of them
    /// (`Diagnostic.suppressibleAt`: the declaration that reads an environment object a root in another file
    /// does not provide), one finding at that place, worded for it, grouping every such finding of the same rule
    /// (one per root) with their positions as notes. Fixes are not moved (their edits belong to the other
    /// file). Applied after suppression: a finding silenced at its root, or a place silenced by a comment there,
    /// is not shown.
    static func restrict(_ diagnostics: [Diagnostic], to paths: Set<String>) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var groups: [String: [(message: String, place: SourceSpan, root: Diagnostic)]] = [:]
        for d in diagnostics {
            if paths.contains(d.span.file) {
                out.append(d)
                continue
            }
            for place in d.suppressibleAt where paths.contains(place.span.file) {
                groups["\(d.ruleID)|\(place.span.file)|\(place.span.startOffset)", default: []].append((place.message, place.span, d))
            }
        }
        for group in groups.values {
            let roots = group.sorted { Diagnostic.outputOrder($0.root, $1.root) }
            let first = roots[0]
            var message = first.message
            if roots.count > 1 { message += "; \(roots.count - 1) more root\(roots.count == 2 ? "" : "s") in other files too (see the notes)" }
            out.append(Diagnostic(ruleID: first.root.ruleID, severity: roots.map(\.root.severity).max() ?? first.root.severity,
                                  message: message, span: first.place,
                                  notes: roots.map { DiagnosticNote(message: $0.root.message, span: $0.root.span) }))
        }
        return out
    }

    /// Parses each file once, on all workers, into its facts; the AST is dropped when the file is done, and so
    /// are the bytes of a deferred file, which is read by the worker that needs it: memory holds one file per
    /// worker, not the project.
    static func perFilePhase(_ request: LintRequest, _ plan: Plan)
        -> (facts: [FileFacts], failures: [ReadFailure], cacheRecords: [FactsCache.Record]) {
        let files = request.files
        let count = files.count
        var records = [FactsCache.Record?](repeating: nil, count: request.cache == nil ? 0 : count)
        let workers = max(1, min(request.jobs > 0 ? request.jobs : ProcessInfoCores.count, count))
        // Each worker's read failures, with the file's index: merged in file order at the end.
        var failures = [[(index: Int, failure: ReadFailure)]](repeating: [], count: workers)
        // Each worker initializes its own slots of the result in place: no optional per file, no second copy.
        let results = [FileFacts](unsafeUninitializedCapacity: count) { out, initialized in
          failures.withUnsafeMutableBufferPointer { failuresOut in
            records.withUnsafeMutableBufferPointer { recordsOut in
                let out = SendableBuffer(base: out)
                let recordsOut = SendableBuffer(base: recordsOut)
                let failuresOut = SendableBuffer(base: failuresOut)
                let next = ChunkCounter(count: count)
                let work: (Int) -> Void = { worker in
                    // Runs of consecutive files, taken as workers become free: files of one directory stay
                    // together for the cursor, and a worker that meets large files does not hold up the others.
                    // Results go to each file's own slot, so they do not depend on who took what.
                    let cursor = DirectoryCursor()
                    while let chunk = next.take() {
                      for i in chunk {
                        let facts: FileFacts
                        var failure: ReadFailure?
                        if request.cancellation.isCancelled {
                            // The slot is filled all the same (the array is whole), without reading or parsing.
                            facts = FileFacts(path: files[i].path)
                        } else if let cache = request.cache {
                            let record: FactsCache.Record?
                            (facts, record, failure) = cachedFacts(for: files[i], cache: cache, request: request, plan,
                                                                   cursor: cursor)
                            recordsOut.base[i] = record
                        } else {
                            switch loadedWithStatus(files[i], request, cursor: cursor).file {
                            case .success(let file):
                                facts = Self.facts(for: file, plan)
                            case .failure(let readFailure):
                                facts = FileFacts(path: files[i].path)
                                failure = readFailure
                            }
                        }
                        (out.base.baseAddress! + i).initialize(to: facts)
                        if let failure { failuresOut.base[worker].append((i, failure)) }
                      }
                    }
                }
                if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
            }
          }
          initialized = count
        }
        return (results, failures.joined().sorted { $0.index < $1.index }.map(\.failure), records.compactMap { $0 })
    }

    /// The file with its bytes, read now when deferred (a failure when it cannot be read or is not text), with
    /// what `fstat` said of it then. An unsaved buffer replaces the file: its bytes come with no status.
    static func loadedWithStatus(_ file: LintFile, _ request: LintRequest, cursor: DirectoryCursor)
        -> (file: Result<LintFile, ReadFailure>, status: stat?) {
        guard let absolute = file.deferredPath else { return (.success(file), nil) }
        if let buffer = request.unsavedBuffers?.buffer(forAbsolutePath: absolute) {
            let contents = buffer.count > FileReader.maximumInputSize ? .tooLarge : FileReader.classify(buffer)
            switch contents {
            case .text(let bytes): return (.success(LintFile(path: file.path, bytes: bytes)), nil)
            case .binary, .tooLarge: return (.failure(ReadFailure(path: file.path, reason: nil, skipReason: contents.skipReason)), nil)
            case .unreadable(let reason): return (.failure(ReadFailure(path: file.path, reason: reason)), nil)
            }
        }
        let (contents, status) = FileReader.readWithStatus(absolute, cursor: cursor)
        switch contents {
        case .text(let bytes): return (.success(LintFile(path: file.path, bytes: bytes, diskPath: absolute)), status)
        case .binary, .tooLarge: return (.failure(ReadFailure(path: file.path, reason: nil, skipReason: contents.skipReason)), status)
        case .unreadable(let reason): return (.failure(ReadFailure(path: file.path, reason: reason)), status)
        }
    }

    /// One file's facts through the cache: a deferred file whose stat is unchanged is not even read.
    static func cachedFacts(for file: LintFile, cache: FactsCache, request: LintRequest, _ plan: Plan, cursor: DirectoryCursor)
        -> (FileFacts, FactsCache.Record?, ReadFailure?) {
        // Only a file read from disk gets a stat entry (not an editor's buffer), and only when its times can be trusted.
        let unsaved = file.deferredPath.map { request.unsavedBuffers?.buffer(forAbsolutePath: $0) != nil } ?? false
        let absolute = unsaved ? nil : file.diskPath
        let pathKey = absolute.map(FactsCache.pathKey)
        var statRecord: FactsCache.StatRecord?
        // A deferred file the stat table knows is stat'ed first, and not read if unchanged. One it does not know
        // (every file of a cold run) is read at once, its stat taken from the open file.
        if let absolute, let pathKey, !file.isDeferred || cache.remembers(pathKey: pathKey) {
            statRecord = cursor.status(absolute).flatMap(cache.status).flatMap { $0.trusted ? $0.0 : nil }
        }
        if let pathKey, let statRecord, file.isDeferred,
           let hash = cache.knownHash(pathKey: pathKey, stat: statRecord),
           let facts = cache.facts(hash: hash, path: file.path) {
            return (facts, FactsCache.Record(hash: hash, fresh: nil, pathKey: pathKey, stat: statRecord, statKnown: true), nil)
        }
        let read: LintFile
        let (loaded, status) = loadedWithStatus(file, request, cursor: cursor)
        switch loaded {
        case .success(let bytes): read = bytes
        case .failure(let failure): return (FileFacts(path: failure.path), nil, failure)
        }
        if statRecord == nil, file.isDeferred, let status {
            statRecord = cache.status(status).flatMap { $0.trusted ? $0.0 : nil }
        }
        let file = read
        let hash = FastHash.hash(file.bytes)
        if !(request.recomputesGivenFiles && !file.isDeferred), let facts = cache.facts(hash: hash, path: file.path) {
            return (facts, FactsCache.Record(hash: hash, fresh: nil, pathKey: pathKey, stat: statRecord), nil)
        }
        let facts = facts(for: file, plan)
        return (facts, FactsCache.Record(hash: hash, fresh: FactsCodec.encode(facts), pathKey: pathKey, stat: statRecord), nil)
    }

    /// The enabled rules and what the parser must keep for them and for the facts.
    struct Plan {
        var rules: [RuleRunner]
        /// Nil: nothing is skipped.
        var skipping: BodySkipping?

        init(_ settings: RuleSettings, skipsInertBodies: Bool) {
            rules = RuleRegistry.runners.filter { settings.enabled.contains($0.descriptor.id) }
            skipping = skipsInertBodies ? BodySkipping.union(of: [FactExtractor.parses] + rules.map(\.parses)) : nil
        }
    }

    /// What the parser keeps for the rules `settings` enables and for the facts (`flowlint debug ast --fast`).
    public static func bodySkipping(for settings: RuleSettings) -> BodySkipping {
        Plan(settings, skipsInertBodies: true).skipping!
    }

    /// One file's facts and the enabled rules' per-file output, from its bytes.
    static func facts(for file: LintFile, _ plan: Plan) -> FileFacts {
        let tree = Parser.parse(SourceFile(path: file.path, bytes: file.bytes), skipping: plan.skipping)
        let context = FileContext(tree: tree, path: file.path)
        var facts = FactExtractor.extract(context)
        for rule in plan.rules {
            if let output = rule.check(file: context) { facts.ruleOutputs.append(output) }
        }
        facts.directives = Suppression.directives(context)
        return facts
    }

    static func facts(for file: LintFile, settings: RuleSettings = .defaults, skipsInertBodies: Bool = true) -> FileFacts {
        facts(for: file, Plan(settings, skipsInertBodies: skipsInertBodies))
    }

    static func applySuppression(_ diagnostics: [Diagnostic], facts: [FileFacts], settings: RuleSettings) -> [Diagnostic] {
        // Without a directive anywhere nothing is silenced: the findings as they are, not regrouped into copies.
        guard facts.contains(where: { !$0.directives.isEmpty }) else { return diagnostics }
        var reaches: [String: DirectiveReach] = [:]
        for file in facts where !file.directives.isEmpty { reaches[file.path] = DirectiveReach(file.directives) }
        // First the findings that may be silenced elsewhere (`suppressibleAt`): a place a directive covers is
        // silenced (dropped from the finding, so a partial run does not show it there), and a finding whose
        // every place is silenced is silenced. Each place counts as a finding of its file for
        // `superfluous_disable`.
        var placed: [String: [Diagnostic]] = [:]
        var remaining: [Diagnostic] = []
        for var d in diagnostics {
            guard !d.suppressibleAt.isEmpty else { remaining.append(d); continue }
            var open: [RelatedPlace] = []
            for place in d.suppressibleAt {
                var atPlace = d
                atPlace.span = place.span
                atPlace.suppressibleAt = []
                placed[place.span.file, default: []].append(atPlace)
                if let reach = reaches[place.span.file], reach.suppresses(atPlace, namedOnly: false) { continue }
                open.append(place)
            }
            if open.isEmpty {
                // Silenced at its places: still counted where it is, so a directive at the root is not superfluous.
                placed[d.span.file, default: []].append(d)
                continue
            }
            d.suppressibleAt = open
            remaining.append(d)
        }
        var byFile: [String: [Diagnostic]] = [:]
        for d in remaining { byFile[d.span.file, default: []].append(d) }
        var out: [Diagnostic] = []
        // Only files with directives change anything (most have none).
        for file in facts where !file.directives.isEmpty {
            out += Suppression.apply(file.directives, to: byFile.removeValue(forKey: file.path) ?? [],
                                     alsoCounted: placed[file.path] ?? [], settings: settings)
        }
        for rest in byFile.values { out += rest }
        return out
    }
}

/// Hands out runs of consecutive indices to worker threads.
private final class ChunkCounter: @unchecked Sendable {
    static let chunkSize = 32
    private let count: Int
    private var next = 0
    private let lock = Lock()
    init(count: Int) { self.count = count }

    func take() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        let chunk = next..<min(count, next + Self.chunkSize)
        next = chunk.upperBound
        return chunk
    }
}

/// A buffer handed to worker threads that each write distinct indices.
private struct SendableBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<T>
}

enum ProcessInfoCores {
    static let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
}

/// Values kept alive until the process ends, because freeing them would only delay its end (compilers skip
/// the same work: clang's `-disable-free`).
enum UntilExit {
    nonisolated(unsafe) private static var kept: [Any] = []
    private static let lock = Lock()

    static func keep(_ value: Any) {
        lock.lock()
        kept.append(value)
        lock.unlock()
    }
}

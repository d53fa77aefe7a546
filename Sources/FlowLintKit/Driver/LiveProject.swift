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

/// A project kept in memory between lints, for an editor's workspace (`Workspace`, `flowlint lsp`): the facts of
/// every file and the merged index stay loaded, so an edit re-parses the edited file only, then re-runs the project
/// checks. The findings are those `flowlint lint` gives for the same contents: the load is the engine's per-file
/// phase (through the facts cache), and every lint is the engine's project pass (`LintEngine.projectPass`).
///
/// Files are the project's members as a full run finds them (`ProjectScope.members`: the search from the root, the
/// configuration's excludes and git's ignores applied, and with a complete project model only the files some
/// target compiles), plus any open buffer the configuration includes (an unsaved new file, a file git ignores or no
/// target compiles): as `--stdin-path` lints a buffer that need not exist on disk or be in a target. The model is
/// given to the index as `LintEngine.lint` gives it (`ProjectIndex.layout`). Display paths are relative to the root,
/// so nothing depends on the server's working directory.
///
/// Not thread-safe: one caller at a time (the server's queue). Public for `flowlint graph`, which draws the index of
/// a project loaded this way.
public final class LiveProject {
    /// The project root (absolute, standardized); nil for a file with no project marker above it, linted alone.
    let root: String?
    let configuration: Configuration
    private let settings: RuleSettings
    private let plan: LintEngine.Plan
    private let reading: ProjectReading
    private let jobs: Int
    /// What the project's packages and Xcode projects say (`ProjectScope.members`), read again when files join or
    /// leave and when a project file changes.
    private(set) var model: ProjectModel?

    /// The project's files in display-path order (the order of a full run); `index.files` holds their facts.
    private var members: [Member] = []
    /// Index in `members` by absolute path.
    private var positions: [String: Int] = [:]
    /// Open editor buffers by absolute path: they replace the files on disk.
    private var buffers: [String: [UInt8]] = [:]
    /// The merged facts, kept up to date file by file (`ProjectIndex.replaceFile`) as files change.
    private var index: ProjectIndex
    /// What the model's loaders could not read, one line each (paths relative to the root), for standard error.
    public private(set) var modelWarnings: [String] = []
    /// The index as of the last `lint()`.
    var projectIndex: ProjectIndex { index }
    /// Set while files join or leave the project (positions move), or the model changes: their facts, from which
    /// the next lint builds the index again.
    private var rebuilding: [FileFacts]?

    /// Every finding of the project after severities and suppression (not restricted to any file), those an open
    /// file shows matched against the baseline (see `applyBaseline`).
    private(set) var diagnostics: [Diagnostic] = []
    /// The same before the baseline: what the last completed project pass found.
    private var found: [Diagnostic] = []
    /// The configuration's baseline (`baseline:`): the findings it covers are not reported. The workspace sets it
    /// again when its file changes; the next `lint()` applies it.
    var baseline: Baseline? {
        didSet { baselineIsStale = true }
    }
    /// `diagnostics` must be matched again: the findings, the baseline or the text of a file with a finding changed
    /// (an edit that leaves the facts as they were can still change a finding's line, which the baseline matches).
    private var baselineIsStale = false
    /// The bytes of files on disk the baseline asked for (the lines of findings), by absolute path, kept between
    /// lints so an edit reads no file; a file's go when it is read again, and those no finding is in any more
    /// after each filter.
    private var baselineSources: [String: [UInt8]] = [:]
    /// What the last `lint()` cost, the parsing since the one before included: for `$/logTrace` and the benchmark.
    private(set) var timings = Timings()
    private var parsing: (seconds: Double, files: Int) = (0, 0)
    private var updating: Double = 0
    /// Some file's facts changed since the last completed project pass.
    private var factsChanged = false
    /// What loading met, one line each, for the editor's log: files that gave no facts (unreadable, not text, too
    /// large) and the project model's warnings.
    private(set) var notices: [String] = []

    /// The largest buffer linted, as the command line's input limit: a larger file gives no facts.
    static let maximumBufferSize = FileReader.maximumInputSize

    private struct Member {
        var displayPath: String
        var absolutePath: String
        /// Found by the project's search (else it is here only while its buffer is open).
        var discovered: Bool
    }

    struct Timings: Sendable, CustomStringConvertible {
        /// Parsing and per-file checks of the changed files (seconds).
        var facts: Double = 0
        /// Updating the project index for the changed files, or building it again when files joined or left.
        var index: Double = 0
        /// Project checks, severities and suppression.
        var checks: Double = 0
        /// Matching the findings against the baseline; nil when none was matched.
        var baseline: Double?
        /// How many files were parsed, whether the index was built from scratch, and whether the project checks
        /// ran (not when no file's facts changed).
        var parsedFiles = 0
        var rebuiltIndex = false
        var ranChecks = false

        /// The line of a `$/logTrace` (`Benchmarks/lsp-bench.py` reads it).
        var description: String {
            func ms(_ seconds: Double) -> String { FixedPoint.text(seconds * 1000, decimals: 1) + " ms" }
            return "parse \(ms(facts)) (\(parsedFiles) files), index \(rebuiltIndex ? "built" : "updated") \(ms(index)), "
                + (ranChecks ? "checks \(ms(checks))" : "checks skipped (no facts changed)")
                + (baseline.map { ", baseline \(ms($0))" } ?? "")
        }
    }

    /// For `flowlint graph`, which draws the index of a project loaded this way: the project's Xcode projects and
    /// packages are read as `flowlint lint` reads them when `readsTargets` (`--no-targets` off), with the build
    /// configuration given (else the configuration's, else Debug).
    public convenience init(root: String?, file: String? = nil, configuration: Configuration, cache: LintOptions.CacheChoice,
                            readsTargets: Bool, buildConfiguration: String?) {
        let reading = ProjectReading(readsTargets: readsTargets, buildConfiguration: buildConfiguration)
        // Never cancelled, so the load completes.
        self.init(root: root, file: file, configuration: configuration, cache: cache, reading: reading, cancellation: .never)!
    }

    /// Loads the project at `root` (its members through the facts cache, open `buffers` in place of their files)
    /// and lints it. With no root, `file` is the project: linted alone, as the command line lints an input with no
    /// project marker above it. Nil when `cancellation` stopped the load (nothing is written to the cache then).
    init?(root: String?, file: String? = nil, configuration: Configuration, cache cacheChoice: LintOptions.CacheChoice,
          reading: ProjectReading = ProjectReading(), jobs: Int = 0, buffers: [String: [UInt8]] = [:],
          baseline: Baseline? = nil, cancellation: Cancellation) {
        self.root = root
        self.configuration = configuration
        self.baseline = baseline
        settings = configuration.ruleSettings
        plan = LintEngine.Plan(settings, skipsInertBodies: true)
        self.reading = reading
        self.jobs = jobs
        self.buffers = buffers
        index = ProjectIndex(files: [])

        var found: [DiscoveredFile] = []
        var cache: FactsCache?
        if let root {
            if cacheChoice != .disabled {
                cache = FactsCache(directories: ProjectPlan.cacheDirectories(root: root, cacheChoice), projectRoot: root,
                                   settings: settings)
            }
            let scope = projectMembers(listings: cache?.listings)
            found = scope.files
            model = scope.model
            modelWarnings = scope.warnings
            notices = scope.warnings
        }
        members = found.map { Member(displayPath: $0.displayPath, absolutePath: $0.absolutePath, discovered: true) }
        let extra = Set(buffers.keys).union(file.map { [$0] } ?? []).subtracting(found.map(\.absolutePath))
        for path in extra where configuration.includes(absolutePath: path) {
            members.append(Member(displayPath: displayPath(of: path), absolutePath: path, discovered: false))
        }
        members.sort { $0.displayPath < $1.displayPath }
        reindexPositions()

        // The per-file phase of a full run, in parallel and through the cache: every file is deferred (read by
        // the worker that needs it, or answered by the cache from its stat), open buffers come first.
        var request = LintRequest(files: members.map { LintFile.deferred(path: $0.displayPath, absolutePath: $0.absolutePath) },
                                  settings: settings, jobs: jobs, cache: cache)
        request.unsavedBuffers = LiveBuffers(buffers: buffers.filter { $0.value.count <= Self.maximumBufferSize })
        request.cancellation = cancellation
        let started = DispatchTime.now()
        let phase = LintEngine.perFilePhase(request, plan)
        if cancellation.isCancelled { return nil }
        var facts = phase.facts
        notices += phase.failures.map { failure in
            failure.reason.map { "\(failure.path): error: cannot read: \($0)" } ?? "\(failure.path): warning: skipped, not a text file"
        }
        // A buffer over the limit gives nothing, as an input over it does on the command line.
        for (path, bytes) in buffers where bytes.count > Self.maximumBufferSize {
            if let position = positions[path] {
                facts[position] = FileFacts(path: members[position].displayPath)
                notices.append(Self.tooLarge(members[position].displayPath))
            }
        }
        parsing = (seconds(since: started), members.count)
        // The cache is written while the project pass runs (it needs nothing from it).
        let saving = DispatchGroup()
        if let cache { DispatchQueue.global().async(group: saving) { cache.save(phase.cacheRecords) } }
        rebuilding = facts
        facts = []
        // A project pass cancelled here leaves the findings to the next lint, as after any cancelled pass.
        lint(cancellation)
        saving.wait()
    }

    /// A project loaded to the end, without buffers.
    public convenience init(root: String?, file: String? = nil, configuration: Configuration, cache: LintOptions.CacheChoice) {
        self.init(root: root, file: file, configuration: configuration, cache: cache, cancellation: .never)!
    }

    // MARK: Files

    /// The display path of an absolute path in this project (relative to the root when under it).
    func displayPath(of absolutePath: String) -> String {
        guard let root else { return absolutePath }
        return Paths.display(absolutePath, workingDirectory: root)
    }

    /// The absolute path of a display path of this project (findings and notes name files by display path).
    func absolutePath(of displayPath: String) -> String {
        guard let root else { return displayPath }
        return Paths.absolute(displayPath, base: root)
    }

    /// Whether the file is linted in this project: one of its files, or one the configuration includes.
    func contains(absolutePath: String) -> Bool { positions[absolutePath] != nil }

    /// Replaces the file with an editor's buffer (nil: the buffer was closed, the file on disk counts again).
    /// Parses the file now; `lint()` brings the findings up to date. Returns a notice when the file gives no facts.
    @discardableResult
    func setBuffer(_ bytes: [UInt8]?, forAbsolutePath path: String) -> String? {
        if let bytes {
            buffers[path] = bytes
            guard configuration.includes(absolutePath: path) else { return nil }
            if positions[path] == nil { insert(Member(displayPath: displayPath(of: path), absolutePath: path, discovered: false)) }
        } else {
            buffers[path] = nil
            guard let position = positions[path] else { return nil }
            if !members[position].discovered {
                remove(at: position)
                return nil
            }
        }
        return reparse(path)
    }

    /// Files changed, created or deleted on disk (an editor's watcher, a checkout): with `searchAgain` (files were
    /// created or deleted, a `.gitignore` or a project file changed) the members and the model are found again as a
    /// full run finds them, and files join or leave; the others are read again unless a buffer stands for them.
    /// Returns a notice per file that gives no facts, and the model's new warnings.
    func filesChangedOnDisk(_ paths: [String], searchAgain: Bool) -> [String] {
        var out: [String] = []
        if searchAgain, root != nil {
            let scope = projectMembers(listings: nil)
            out += scope.warnings.filter { !modelWarnings.contains($0) }
            modelWarnings = scope.warnings
            if scope.model != model {
                // What each file is compiled in changed: the index is built again with the new layout.
                model = scope.model
                startRebuilding()
            }
            let found = scope.files
            let foundPaths = Set(found.map(\.absolutePath))
            for position in members.indices.reversed() where members[position].discovered && !foundPaths.contains(members[position].absolutePath) {
                if buffers[members[position].absolutePath] != nil && configuration.includes(absolutePath: members[position].absolutePath) {
                    members[position].discovered = false
                } else {
                    remove(at: position)
                }
            }
            for file in found {
                if let position = positions[file.absolutePath] {
                    members[position].discovered = true
                } else {
                    insert(Member(displayPath: file.displayPath, absolutePath: file.absolutePath, discovered: true))
                    if let notice = reparse(file.absolutePath) { out.append(notice) }
                }
            }
        }
        for path in paths where buffers[path] == nil && positions[path] != nil {
            if let notice = reparse(path) { out.append(notice) }
        }
        return out
    }

    /// The findings `flowlint lint FILE` shows for this file: its own, and, at a reading declaration in it, those
    /// of roots in other files that do not provide what it reads (`LintEngine.restrict`), in output order, without
    /// those the baseline covers. Each is located in this file, where a suppression comment silences it. Files are
    /// named by absolute path (an editor's unit), in the notes too.
    func findings(forAbsolutePath path: String) -> [Diagnostic] {
        guard let position = positions[path] else { return [] }
        let display = members[position].displayPath
        var all = diagnostics
        if let baseline, buffers[path] == nil {
            // Not open: the last lint matched only the open files' findings against the baseline.
            var asked: Set<String> = []
            all = matched(found, against: baseline, reporting: [display], asked: &asked)
        }
        var own: [Diagnostic] = []
        var elsewhere: [Diagnostic] = []
        for diagnostic in all {
            if diagnostic.span.file == display {
                own.append(diagnostic)
            } else if diagnostic.suppressibleAt.contains(where: { $0.span.file == display }) {
                elsewhere.append(diagnostic)
            }
        }
        // Shown at the reading declaration, where a comment silences them (see `Diagnostic.suppressibleAt`).
        own += LintEngine.restrict(elsewhere, to: [display])
        return own.sorted(by: Diagnostic.outputOrder).map { $0.namingFiles(absolutePath(of:)) }
    }

    // MARK: Linting

    /// Brings `diagnostics` up to date with the files parsed since the last lint: the index (updated for the
    /// changed files, or built again when files joined or left), then the project pass. Returns false when
    /// `cancellation` stopped the pass: the findings are those of before, and the next lint runs the pass again.
    @discardableResult
    func lint(_ cancellation: Cancellation = .never) -> Bool {
        timings = Timings(facts: parsing.seconds, index: updating, parsedFiles: parsing.files)
        parsing = (0, 0)
        updating = 0
        if let files = rebuilding {
            let started = DispatchTime.now()
            index = ProjectIndex(files: [])  // the old index goes first: never two in memory
            index = ProjectIndex(files: files)
            // What each file is compiled in, as `LintEngine.lint` gives it to the index.
            if let model { index.layout = BuildLayout(model: model, absolutePaths: members.map(\.absolutePath)) }
            // Positions change when files join or leave: what was decoded before is dropped with the old index.
            index.decodedOutputs = DecodedOutputs()
            rebuilding = nil
            factsChanged = true
            timings.index += seconds(since: started)
            timings.rebuiltIndex = true
        }
        // The findings depend on the facts alone: none changed, none to compute.
        if factsChanged {
            let started = DispatchTime.now()
            let pass = LintEngine.projectPass(index, plan, settings: settings, jobs: jobs, cancellation: cancellation)
            guard !cancellation.isCancelled else { return false }
            factsChanged = false
            timings.ranChecks = true
            found = pass.sorted(by: Diagnostic.outputOrder)
            baselineIsStale = true
            timings.checks = seconds(since: started)
        }
        if baselineIsStale { applyBaseline() }
        return true
    }

    /// `diagnostics`: the findings the open files show (`findings(forAbsolutePath:)`) that the baseline does not
    /// cover, and the others as they are. Matched as a run of the open files matches them, against the findings of
    /// the whole project before any is restricted to a file (`Baseline.filter` with the open files as the reported
    /// paths), so a root's finding in the baseline is hidden at its readers too. Only the findings open files show
    /// are matched: matching one reads its lines, and a project can have thousands in files nobody looks at.
    private func applyBaseline() {
        baselineIsStale = false
        guard let baseline else {
            diagnostics = found
            baselineSources = [:]
            return
        }
        let started = DispatchTime.now()
        let open = Set(buffers.keys.compactMap { positions[$0].map { members[$0].displayPath } })
        var asked: Set<String> = []
        diagnostics = matched(found, against: baseline, reporting: open, asked: &asked)
        baselineSources = baselineSources.filter { asked.contains($0.key) }
        timings.baseline = seconds(since: started)
    }

    /// The findings the baseline does not cover among those a run of `reported` (display paths) shows, and the
    /// others unchanged. Lines are read from the open buffers, else from the files on disk, kept in
    /// `baselineSources` until the file is read again; `asked` collects the files read from disk.
    private func matched(_ diagnostics: [Diagnostic], against baseline: Baseline, reporting reported: Set<String>,
                         asked: inout Set<String>) -> [Diagnostic] {
        // Most edits are in files with no finding: nothing to match.
        guard diagnostics.contains(where: { reported.contains($0.span.file) || $0.suppressibleAt.contains { reported.contains($0.span.file) } }) else {
            return diagnostics
        }
        return baseline.filter(diagnostics, reportedPaths: reported, displayPathBase: root ?? Paths.currentDirectory) { display in
            let path = absolutePath(of: display)
            if let buffer = buffers[path] { return buffer }
            asked.insert(path)
            if let bytes = baselineSources[path] { return bytes }
            guard case .text(let bytes) = FileReader.read(path) else { return nil }
            baselineSources[path] = bytes
            return bytes
        }.remaining
    }

    /// Whether some entry of the baseline is for a file of the project (`Baseline.concerns`): when none is, it was
    /// written for another project, or its paths do not match this one's. True without a baseline.
    var baselineConcernsProject: Bool {
        guard let baseline, baseline.count > 0 else { return true }
        return baseline.concerns(anyOf: members.map(\.displayPath), displayPathBase: root ?? Paths.currentDirectory)
    }

    /// Parses one member again from its buffer or from disk. A member whose file is gone (and has no buffer)
    /// leaves the project.
    private func reparse(_ path: String) -> String? {
        guard let position = positions[path] else { return nil }
        let display = members[position].displayPath
        let started = DispatchTime.now()
        // Its lines may have changed, and with them what the baseline covers: matched again when a finding is in
        // it (else only if its facts changed, which runs the project checks).
        baselineSources[path] = nil
        if baseline != nil && found.contains(where: { $0.span.file == display || $0.suppressibleAt.contains { $0.span.file == display } }) {
            baselineIsStale = true
        }
        defer {
            parsing.seconds += seconds(since: started)
            parsing.files += 1
        }
        let contents: FileContents
        if let buffer = buffers[path] {
            guard buffer.count <= Self.maximumBufferSize else {
                replaceFacts(at: position, with: FileFacts(path: display))
                return Self.tooLarge(display)
            }
            contents = FileReader.classify(buffer)
        } else {
            contents = FileReader.read(path)
        }
        switch contents {
        case .text(let bytes):
            replaceFacts(at: position, with: LintEngine.facts(for: LintFile(path: display, bytes: bytes), plan))
            return nil
        case .binary, .tooLarge:
            replaceFacts(at: position, with: FileFacts(path: display))
            return "\(Escaping.text(display)): warning: skipped, \(contents.skipReason ?? "not a text file")"
        case .unreadable(let reason):
            if !FileDiscovery.exists(path) {
                remove(at: position)
                return nil
            }
            replaceFacts(at: position, with: FileFacts(path: display))
            return "\(display): error: cannot read: \(reason)"
        }
    }

    private func replaceFacts(at position: Int, with new: FileFacts) {
        if rebuilding != nil {
            rebuilding![position] = new
        } else if index.files[position] != new {
            // Equal facts (an edit after the file's last fact, a buffer saved or closed unchanged) change nothing.
            let started = DispatchTime.now()
            index.replaceFile(at: position, with: new)
            updating += seconds(since: started)
            factsChanged = true
        }
    }

    /// The facts of every member, detached from the index while members join or leave.
    private func startRebuilding() {
        if rebuilding == nil { rebuilding = index.files }
    }

    private func insert(_ member: Member) {
        startRebuilding()
        let position = members.partitionPoint { $0.displayPath >= member.displayPath }
        members.insert(member, at: position)
        rebuilding!.insert(FileFacts(path: member.displayPath), at: position)
        reindexPositions()
    }

    private func remove(at position: Int) {
        startRebuilding()
        members.remove(at: position)
        rebuilding!.remove(at: position)
        reindexPositions()
    }

    private func reindexPositions() {
        positions = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($0.element.absolutePath, $0.offset) })
    }

    /// The project's members and model as a full run finds them (open buffers are linted besides the search).
    private func projectMembers(listings: DirectoryListings?) -> ProjectMembers {
        guard let root else { return ProjectMembers() }
        return ProjectScope.members(root: root, configuration: configuration, workingDirectory: root,
                                    respectingGitIgnores: reading.respectsGitIgnores, readsTargets: reading.readsTargets,
                                    buildConfiguration: reading.buildConfiguration, alsoLinted: Array(buffers.keys),
                                    listings: listings)
    }

    private static func tooLarge(_ display: String) -> String {
        "\(display): warning: skipped, larger than \(maximumBufferSize >> 20) MiB"
    }
}

/// How a project's files are found and read: the command line's `--no-ignore-vcs`, `--no-targets` and
/// `--configuration`, for the editor's workspace.
struct ProjectReading: Sendable, Equatable {
    var respectsGitIgnores = true
    var readsTargets = true
    var buildConfiguration: String?
}

/// The open buffers as the engine asks for them while loading.
private struct LiveBuffers: UnsavedBuffers {
    var buffers: [String: [UInt8]]
    func buffer(forAbsolutePath path: String) -> [UInt8]? { buffers[path] }
}

private func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
}

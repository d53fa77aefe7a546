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

/// What an editor works with: the projects its open files belong to, kept in memory between edits, and the open
/// buffers that stand for their files. The language server (`flowlint lsp`) only translates the protocol to these
/// calls; another client would make the same ones.
///
/// - **Projects** are found as `flowlint lint` finds them (`ProjectScope`): for each open file, its root, the
///   configuration that applies and the project's members and model, each loaded once (`LiveProject`) the first
///   time one of its files needs linting. An invalid configuration makes its project report nothing, as
///   `flowlint lint` exits 2, until it changes.
/// - **Baselines**: the configuration's `baseline:` is read when its project loads and again when its file changes
///   on disk (`filesChanged`); the findings it covers are not reported, as in `flowlint lint`. A baseline that
///   cannot be read makes its project report nothing, as `flowlint lint` exits 2, until it is fixed.
/// - **Buffers** replace their files in their project and in every loaded project whose root holds them (a
///   project enclosing a nested one sees the buffer as context too). A buffer is linted even when its file does not
///   exist, git ignores it or no target compiles it, as `--stdin-path` lints it.
/// - **Findings** of a file are what `flowlint lint FILE` reports for the same contents (`findings(forPath:)`).
///   Files are named by absolute path; inside a project, facts and findings name files relative to its root, so
///   nothing depends on the server's working directory (the command line shows them relative to its working
///   directory: the same problems, named from elsewhere).
/// - **Work** happens in `lint(_:)` only: the calls that change buffers or report files changed on disk record the
///   change, so a burst of edits is parsed once, and a lint can be cancelled (`CancellationToken`).
///
/// Not thread-safe: one caller at a time (the server's queue); only the token is used from other threads.
public final class Workspace {
    public struct Options: Sendable {
        /// A configuration file for every project (`--config`), instead of the `.flowlint.yml` found from each file.
        public var configurationPath: String?
        public var cache: LintOptions.CacheChoice = .automatic
        /// See `LintOptions`: `--no-ignore-vcs`, `--no-targets`, `--configuration`.
        public var respectsGitIgnores = true
        public var readsTargets = true
        public var buildConfiguration: String?
        /// Worker threads for loading a project; 0 means one per core.
        public var jobs = 0

        public init() {}
    }

    /// A file changed on disk, as an editor's file watcher reports it.
    public enum FileChange: Sendable {
        case created, changed, deleted
    }

    /// Something to tell the user: an `error` is shown (an invalid configuration), the others go to a log.
    public struct Message: Equatable, Sendable {
        public enum Kind: Sendable { case error, warning, info }
        public var kind: Kind
        public var text: String
    }

    /// What a lint did.
    public struct LintReport: Sendable {
        /// False when the token stopped it: some findings are not up to date, and the next lint goes on.
        public var completed = true
        public var messages: [Message] = []
        /// One line per project linted: the time spent parsing, updating the index and running the project checks.
        public var traces: [String] = []
    }

    public let options: Options
    /// Open buffers by absolute path.
    private var buffers: [String: [UInt8]] = [:]
    /// Buffers opened, changed or closed since the last lint, by path.
    private var changedBuffers: Set<String> = []
    /// Loaded projects by key: the root, or the lone file's path (see `projectKey`).
    private var projects: [String: LiveProject] = [:]
    /// Why a project could not load (its configuration), by key.
    private var configurationErrors: [String: String] = [:]
    /// Why a loaded project's baseline could not be read, by key: the project reports nothing until it can be.
    private var baselineErrors: [String: String] = [:]
    /// Loaded projects whose baseline file changed on disk since the last lint: it is read again.
    private var baselineChanges: Set<String> = []
    /// Each file's project key, remembered (finding it reads every directory up to the root).
    private var projectKeys: [String: String] = [:]
    /// Projects whose files changed since their last completed lint, by key.
    private var stale: Set<String> = []
    /// Files changed on disk since the last lint, per loaded project: the files to read again, and whether the
    /// project's members must be found again (files created or deleted, a `.gitignore` or project file changed).
    private var diskChanges: [String: (paths: Set<String>, searchAgain: Bool)] = [:]

    /// `folder`: the editor's workspace folder, which relative paths in `options` are relative to (the working
    /// directory without one).
    public init(options: Options, folder: String? = nil) {
        let base = Paths.absolute(folder ?? Paths.currentDirectory)
        var options = options
        options.configurationPath = options.configurationPath.map { Paths.absolute($0, base: base) }
        if case .directory(let directory) = options.cache { options.cache = .directory(Paths.absolute(directory, base: base)) }
        self.options = options
    }

    /// The files whose changes on disk matter (glob patterns for an editor's file watcher): Swift files,
    /// configuration and `.gitignore` files, and the project files the model reads (`.xcconfig` files included).
    public static let watchedFiles = ["**/*.swift", "**/\(Configuration.fileName)", "**/.gitignore", "**/project.pbxproj",
                                      "**/contents.xcworkspacedata", "**/*.xcconfig"]

    /// The baseline files the loaded projects' configurations name (absolute paths), read or not: an editor watches
    /// them too, since their names are the user's.
    public var baselineFiles: Set<String> {
        Set(projects.values.compactMap(\.configuration.baselinePath))
    }

    /// Whether the path names a directory, which is no document (linting it as a project would search all of it).
    public static func isDirectory(_ path: String) -> Bool { FileDiscovery.isDirectory(path, followingSymlinks: true) }

    /// The text of a file on disk, for positions in files that are not open; nil when it cannot be read or is not
    /// text.
    public static func textOnDisk(atPath path: String) -> [UInt8]? {
        if case .text(let bytes) = FileReader.read(path) { return bytes }
        return nil
    }

    // MARK: Changes (recorded; `lint` does the work)

    /// An editor's buffer for a Swift file (absolute, standardized path), opened or changed: it replaces the file.
    public func setBuffer(_ bytes: [UInt8], forPath path: String) {
        buffers[path] = bytes
        changedBuffers.insert(path)
    }

    /// The buffer was closed: the file on disk counts again (a file that is not on disk leaves its project).
    public func closeBuffer(forPath path: String) {
        guard buffers.removeValue(forKey: path) != nil else { return }
        changedBuffers.insert(path)
    }

    /// Files an editor's watcher reports (absolute paths). A changed `.flowlint.yml` (or the configuration file
    /// given), or a project file (`Package.swift`, `project.pbxproj`, `contents.xcworkspacedata`, an `.xcconfig`)
    /// created or deleted, may change settings and even roots: every project loads again. A baseline file created,
    /// changed or deleted is read again by the projects whose configuration names it. Other changes update the
    /// loaded projects that hold the files. Returns whether anything needs a lint.
    @discardableResult
    public func filesChanged(_ changes: [(path: String, change: FileChange)]) -> Bool {
        var reloadsAll = false
        var needsLint = false
        for (path, change) in changes {
            let name = Paths.lastComponent(path)
            let isProjectFile = ["Package.swift", "project.pbxproj", "contents.xcworkspacedata"].contains(name) || name.hasSuffix(".xcconfig")
            if name == Configuration.fileName || path == options.configurationPath || (isProjectFile && change != .changed) {
                reloadsAll = true
                continue
            }
            for (key, project) in projects where project.configuration.baselinePath == path {
                baselineChanges.insert(key)
                needsLint = true
            }
            guard name.hasSuffix(".swift") || name == ".gitignore" || isProjectFile else { continue }
            // What the search skips changed, or files joined or left: the members are found again.
            let searchAgain = name == ".gitignore" || isProjectFile || change != .changed
            for (key, project) in projects where covers(project, path) {
                var pending = diskChanges[key] ?? ([], false)
                if searchAgain { pending.searchAgain = true } else { pending.paths.insert(path) }
                diskChanges[key] = pending
                needsLint = true
            }
        }
        if reloadsAll {
            projects = [:]
            configurationErrors = [:]
            baselineErrors = [:]
            baselineChanges = []
            projectKeys = [:]
            stale = []
            diskChanges = [:]
            changedBuffers.formUnion(buffers.keys)
        }
        return needsLint || reloadsAll
    }

    /// Whether a change is waiting for `lint`.
    public var hasPendingChanges: Bool {
        !changedBuffers.isEmpty || !diskChanges.isEmpty || !stale.isEmpty || !baselineChanges.isEmpty
    }

    // MARK: Linting

    /// Brings every project with changes up to date: changed buffers are parsed into their projects (a project
    /// loads the first time one of its buffers needs it, with every open buffer it holds), files changed on disk
    /// are read again, and each project touched runs its project checks. `token` stops it between files and between
    /// rules; what was done is kept, and the next lint does the rest.
    public func lint(_ token: CancellationToken? = nil) -> LintReport {
        var report = LintReport()
        let stopsUpdates = Cancellation { token?.stopsUpdates ?? false }
        let stopsLoads = Cancellation { token?.stopsLoads ?? false }
        // Projects loaded by this lint: they took every buffer they hold as it is now.
        var loaded: Set<String> = []
        for path in changedBuffers.sorted() {
            let key = projectKey(path)
            let bytes = buffers[path]
            if (projects[key] == nil ? stopsLoads : stopsUpdates).isCancelled {
                report.completed = false
                return report
            }
            if projects[key] == nil {
                // Loading takes every open buffer it holds, this one included.
                if bytes != nil, configurationErrors[key] == nil {
                    guard load(key, for: path, cancellation: stopsLoads, into: &report) else {
                        report.completed = false
                        return report
                    }
                    loaded.insert(key)
                }
            } else if bytes == nil && key == path {
                // A file linted alone (no project marker above it) is linted no more once closed.
                projects[key] = nil
                baselineErrors[key] = nil
                stale.remove(key)
                diskChanges[key] = nil
            } else if let project = projects[key], !loaded.contains(key) {
                update(project, key: key, path: path, bytes: bytes, into: &report)
            }
            // Enclosing projects see the buffer as context too.
            for (other, project) in projects where other != key && !loaded.contains(other) && covers(project, path) {
                update(project, key: other, path: path, bytes: bytes, into: &report)
            }
            changedBuffers.remove(path)
        }
        for key in baselineChanges.sorted() {
            baselineChanges.remove(key)
            guard let project = projects[key] else { continue }
            project.baseline = readBaseline(of: key, project.configuration, into: &report)
            if baselineErrors[key] == nil && !project.baselineConcernsProject, let baseline = project.baseline {
                report.messages.append(.warning(baseline.concernsNoFileWarning))
            }
            stale.insert(key)
        }
        for key in diskChanges.keys.sorted() {
            if stopsUpdates.isCancelled { report.completed = false; return report }
            guard let change = diskChanges.removeValue(forKey: key), let project = projects[key] else { continue }
            report.messages += project.filesChangedOnDisk(change.paths.sorted(), searchAgain: change.searchAgain).map(Message.warning)
            stale.insert(key)
        }
        for key in stale.sorted() {
            guard let project = projects[key] else { stale.remove(key); continue }
            guard project.lint(stopsUpdates) else { report.completed = false; return report }
            stale.remove(key)
            report.traces.append("lint \(key): \(project.timings)")
        }
        return report
    }

    private func update(_ project: LiveProject, key: String, path: String, bytes: [UInt8]?, into report: inout LintReport) {
        if let notice = project.setBuffer(bytes, forAbsolutePath: path) { report.messages.append(.warning(notice)) }
        stale.insert(key)
    }

    /// Loads the project `key` for the buffer at `path`. False when the token stopped the load.
    private func load(_ key: String, for path: String, cancellation: Cancellation, into report: inout LintReport) -> Bool {
        let root: String? = key == path ? nil : key
        let configuration: Configuration
        do {
            configuration = try ProjectScope.configuration(file: ProjectScope.configurationFile(for: path, explicit: options.configurationPath),
                                                           found: options.configurationPath == nil,
                                                           defaultsDirectory: root ?? Paths.parent(path))
        } catch {
            let message = (error as? ConfigurationError)?.message ?? "\(error)"
            configurationErrors[key] = message
            report.messages.append(Message(kind: .error, text: message))
            return true
        }
        report.messages += configuration.warnings.map(Message.warning)
        var held: [String: [UInt8]] = [:]
        for (buffered, bytes) in buffers where root.map({ Paths.relative(buffered, to: $0) != nil }) ?? (buffered == path) {
            held[buffered] = bytes
        }
        let started = DispatchTime.now()
        let reading = ProjectReading(respectsGitIgnores: options.respectsGitIgnores, readsTargets: options.readsTargets,
                                     buildConfiguration: options.buildConfiguration)
        let baseline = readBaseline(of: key, configuration, into: &report)
        guard let project = LiveProject(root: root, file: root == nil ? path : nil, configuration: configuration, cache: options.cache,
                                        reading: reading, jobs: options.jobs, buffers: held, baseline: baseline,
                                        cancellation: cancellation) else {
            return false
        }
        projects[key] = project
        if let baseline, !project.baselineConcernsProject { report.messages.append(.warning(baseline.concernsNoFileWarning)) }
        // A project pass the token stopped runs at the next lint.
        if cancellation.isCancelled { stale.insert(key) }
        report.messages += project.notices.map(Message.warning)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        report.messages.append(Message(kind: .info, text: "loaded \(root ?? path) in \(FixedPoint.text(seconds * 1000, decimals: 1) + " ms")"))
        return !cancellation.isCancelled
    }

    /// The baseline the configuration names, read now (nil without one). One that cannot be read is an error shown
    /// to the user, with the message `flowlint lint` exits 2 with, and its project reports nothing until it is read.
    private func readBaseline(of key: String, _ configuration: Configuration, into report: inout LintReport) -> Baseline? {
        do {
            baselineErrors[key] = nil
            return try configuration.loadBaseline()
        } catch {
            let message = (error as? ConfigurationError)?.message ?? "\(error)"
            baselineErrors[key] = message
            report.messages.append(Message(kind: .error, text: message))
            return nil
        }
    }

    /// The project a file belongs to, as the command line finds it: its root, or the file itself when no project
    /// marker is above it.
    private func projectKey(_ path: String) -> String {
        if let known = projectKeys[path] { return known }
        let key = ProjectScope.root(of: path) ?? path
        projectKeys[path] = key
        return key
    }

    private func covers(_ project: LiveProject, _ path: String) -> Bool {
        guard let root = project.root else { return false }
        return Paths.relative(path, to: root) != nil
    }

    // MARK: Findings and code actions

    /// What `flowlint lint FILE` reports for the file with the buffers as they were at the last lint: its own
    /// findings and, at its reading declarations, those of view chains whose root is elsewhere. Each is located in
    /// this file; files are named by absolute path (notes included). Findings the project's baseline covers are
    /// not among them. None when its project's configuration or baseline cannot be read, or the file is not linted
    /// (excluded, not loaded yet).
    public func findings(forPath path: String) -> [Diagnostic] {
        let key = projectKey(path)
        guard baselineErrors[key] == nil else { return [] }
        return projects[key]?.findings(forAbsolutePath: path) ?? []
    }

    /// The quick fixes for the findings of a file that touch a byte range of it: each fix a rule offers, then
    /// "Disable RULE for this line" (`// flowlint:disable:next RULE` above the finding's line). Edits are in the
    /// bytes of the buffer as last linted (lint first when changes are pending), else of the file on disk.
    public func codeActions(forPath path: String, range: Range<Int>) -> [CodeAction] {
        guard let text = buffers[path] ?? Self.textOnDisk(atPath: path) else { return [] }
        var actions: [CodeAction] = []
        for finding in findings(forPath: path) {
            let span = finding.span
            guard span.startOffset <= range.upperBound && range.lowerBound <= span.endOffset else { continue }
            for fix in finding.fixes where fix.edits.allSatisfy({ 0 <= $0.startOffset && $0.startOffset <= $0.endOffset && $0.endOffset <= text.count }) {
                actions.append(CodeAction(title: fix.message, finding: finding, isPreferred: fix.applicability == .safe, edits: fix.edits))
            }
            // In an open buffer U+FEFF at the start is the editor's text; in a file from disk its mark is not.
            let edit = SuppressionEdit.disableNext(rule: finding.ruleID, lineOf: span.startOffset, in: text,
                                                   skippingByteOrderMark: buffers[path] == nil)
            actions.append(CodeAction(title: "Disable \(finding.ruleID) for this line", finding: finding, isPreferred: false, edits: [edit]))
        }
        return actions
    }
}

/// A quick fix for a finding (see `Workspace.codeActions`).
public struct CodeAction: Equatable, Sendable {
    public var title: String
    /// The finding it resolves (files named by absolute path).
    public var finding: Diagnostic
    /// A fix `--fix` would apply (`safe`): editors offer it first.
    public var isPreferred: Bool
    /// Edits of the file the finding is in (where a fix's edits and a suppression comment go), in its bytes.
    public var edits: [TextEdit]
}

/// Stops a running `Workspace.lint` from another thread, between files and between rules (so within one file's
/// parse or one rule's project check). A token is for one lint.
public final class CancellationToken: @unchecked Sendable {
    private let lock = Lock()
    private var superseded = false
    private var cancelled = false

    public init() {}

    /// Newer input (an edit) makes the lint's findings useless: parsing, reading and project checks stop. A
    /// project's first load goes on, since the next lint would only have to do it again.
    public func supersede() {
        lock.lock()
        superseded = true
        lock.unlock()
    }

    /// Everything stops, project loads included (the server shuts down).
    public func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    var stopsUpdates: Bool {
        lock.lock()
        defer { lock.unlock() }
        return superseded || cancelled
    }

    var stopsLoads: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}

extension Workspace.Message {
    static func warning(_ text: String) -> Self { Self(kind: .warning, text: text) }
}

extension Diagnostic {
    /// The finding with every file it names (its own, its notes', its suppression places') mapped.
    func namingFiles(_ map: (String) -> String) -> Diagnostic {
        var out = self
        out.span.file = map(span.file)
        for i in out.notes.indices { out.notes[i].span.file = map(notes[i].span.file) }
        for i in out.suppressibleAt.indices { out.suppressibleAt[i].span.file = map(suppressibleAt[i].span.file) }
        return out
    }
}

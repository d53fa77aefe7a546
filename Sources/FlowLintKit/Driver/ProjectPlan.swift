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

/// The files to lint, read, with what went wrong on the way.
struct Inputs {
    var files: [(String, [UInt8])] = []
    /// The standardized working directory, which display paths are relative to (one string for all files).
    let workingDirectory = Paths.standardize(Paths.currentDirectory)
    var problems: [InputProblem] = []
    var warnings: [String] = []
    var skipped: [String] = []
    var directoriesWithoutSwiftFiles: [String] = []
    /// Xcode project and workspace bundles the search met (see `DiscoveryResult.projectBundles`).
    var projectBundles: [String] = []

    /// Files found but not read yet: the engine reads them (see `LintFile.deferred`).
    var deferred: [LintFile] = []
    /// For `--fix`: what each file read up front was (by display path), so a fix is written only over those
    /// very bytes.
    var snapshots: [String: FileSnapshot] = [:]

    /// Finds the files; reads them now only when `read` (for `--fix`), else leaves them to the engine.
    mutating func discover(_ paths: [String], configuration: Configuration, read: Bool, respectingGitIgnores: Bool) throws {
        let discovery = try FileDiscovery.discover(paths: paths, configuration: configuration, respectingGitIgnores: respectingGitIgnores)
        problems = discovery.problems
        directoriesWithoutSwiftFiles = discovery.directoriesWithoutSwiftFiles
        projectBundles = discovery.projectBundles
        for file in discovery.files {
            if read {
                let (contents, snapshot) = FileSnapshot.read(file.absolutePath)
                snapshots[file.displayPath] = snapshot
                add(file.displayPath, contents: contents)
            } else {
                deferred.append(.deferred(file, workingDirectory: workingDirectory))
            }
        }
    }

    /// Takes in the files the engine could not read, as if they had been read here.
    mutating func record(_ failures: [ReadFailure]) {
        for failure in failures {
            if let reason = failure.reason {
                problems.append(InputProblem(displayPath: failure.path, reason: reason))
            } else {
                skipped.append(failure.path)
            }
        }
    }

    func message(for failure: ReadFailure) -> String {
        failure.reason == nil ? "\(Escaping.text(failure.path)): warning: skipped, \(failure.skipReason ?? "not a text file")"
            : InputProblem(displayPath: failure.path, reason: failure.reason!).message
    }

    mutating func readStandardInput(_ contents: FileContents, as path: String, configuration: Configuration) {
        let absolute = Paths.absolute(path)
        // Excluded files give an empty report, exactly as `flowlint lint PATH` would.
        guard configuration.includes(absolutePath: absolute) else { return }
        add(Paths.display(absolute), contents: contents)
    }

    private mutating func add(_ displayPath: String, contents: FileContents) {
        switch contents {
        case .text(let bytes):
            files.append((displayPath, bytes))
        case .binary, .tooLarge:
            skipped.append(displayPath)
            warnings.append("\(Escaping.text(displayPath)): warning: skipped, \(contents.skipReason ?? "")")
        case .unreadable(let reason):
            problems.append(InputProblem(displayPath: displayPath, reason: reason))
        }
    }
}

/// How the requested files map to projects: each input belongs to the project at its root (`--project`, or
/// `ProjectRoot.find`), and every other Swift file of that project is added as context, read only if the
/// facts cache cannot answer for it. Inputs with no project root are linted alone, as given.
struct ProjectPlan {
    struct Project {
        var root: String?
        /// Absolute paths of the inputs of this project.
        var inputs: [String]
        var context: [LintFile] = []
        var cache: FactsCache?
        /// What the project's Xcode projects and packages say (nil: not read, or no root).
        var model: ProjectModel?
    }
    var projects: [Project] = []
    /// Requested files (display paths) that no target compiles: found in a directory given as input, they are
    /// not linted.
    var filesInNoTarget: Set<String> = []
    /// Requested `Package.swift` manifests of packages the model read: not linted, not counted.
    var manifestsNotLinted: Set<String> = []
    /// The model loaders' warnings, each once.
    var projectWarnings: [String] = []

    static func make(inputs paths: [String], requested: Inputs, configuration: Configuration, options: LintOptions) -> ProjectPlan {
        var plan = ProjectPlan()
        var byRoot: [String?: Int] = [:]
        let requestedPaths = requested.files.map(\.0) + requested.deferred.map(\.path)
        // The project files the search met: Xcode bundles and package manifests (absolute).
        let projectFiles = requested.projectBundles
            + requestedPaths.filter { Paths.lastComponent($0) == "Package.swift" }.map { Paths.absolute($0) }
        for path in paths {
            let absolute = Paths.absolute(path)
            var root = ProjectScope.root(of: absolute, explicit: options.projectRoot)
            // A directory with no project marker at or above it whose search met an Xcode project or a package below
            // (an extracted archive, a folder of a tree without git) is its own root, as `flowlint project` takes it:
            // its targets, platforms and deployment targets are read.
            if root == nil, FileDiscovery.isDirectory(absolute, followingSymlinks: true),
               projectFiles.contains(where: { Paths.relative($0, to: absolute) != nil }) {
                root = Paths.standardize(absolute)
            }
            if let index = byRoot[root] { plan.projects[index].inputs.append(absolute); continue }
            byRoot[root] = plan.projects.count
            plan.projects.append(Project(root: root, inputs: [absolute]))
        }
        // Built only when a project's search finds files beyond the inputs (not in a full run of the root).
        var requestedAbsolute: Set<String>?
        for index in plan.projects.indices {
            guard let root = plan.projects[index].root else { continue }
            // Only projects with something to report are gathered.
            guard requestedPaths.contains(where: { plan.project(of: $0) == index }) else { continue }
            if options.cache != .disabled {
                plan.projects[index].cache = FactsCache(directories: cacheDirectories(root: root, options.cache),
                                                        projectRoot: root, settings: configuration.ruleSettings)
            }
            // Directories given as inputs were searched already: their files are the requested ones.
            let searched = Set(plan.projects[index].inputs.filter { FileDiscovery.isDirectory($0, followingSymlinks: true) })
            let ownRequested = options.readsTargets ? requestedPaths.filter { plan.project(of: $0) == index }.map { Paths.absolute($0) } : []
            let members = ProjectScope.members(root: root, configuration: configuration, workingDirectory: requested.workingDirectory,
                                               respectingGitIgnores: options.respectsGitIgnores, readsTargets: options.readsTargets,
                                               buildConfiguration: options.buildConfiguration, alsoLinted: ownRequested,
                                               skipping: searched, alsoBundles: requested.projectBundles,
                                               listings: plan.projects[index].cache?.listings, cache: plan.projects[index].cache)
            plan.projects[index].model = members.model
            for warning in members.warnings.map({ shownFromWorkingDirectory($0, root: root) })
            where !plan.projectWarnings.contains(warning) {
                plan.projectWarnings.append(warning)
            }
            var context = members.files
            if !context.isEmpty {
                let requestedSet = requestedAbsolute ?? Set(requestedPaths.map { Paths.absolute($0) })
                requestedAbsolute = requestedSet
                context.removeAll { requestedSet.contains($0.absolutePath) }
            }
            if let membership = members.membership {
                // Requested files no target compiles are not linted, unless named on the command line (or standard
                // input's path); a requested package manifest is not counted as in no target.
                let named = Set(paths.map { Paths.absolute($0) }.filter { !FileDiscovery.isDirectory($0, followingSymlinks: true) })
                for path in requestedPaths where plan.project(of: path) == index && !readsStandardInputPath(path, options) {
                    let absolute = Paths.absolute(path)
                    guard membership.isNotCompiled(absolute), !named.contains(absolute) else { continue }
                    if membership.isManifest(absolute) { plan.manifestsNotLinted.insert(path) } else { plan.filesInNoTarget.insert(path) }
                }
            }
            plan.projects[index].context = context.map { LintFile.deferred($0, workingDirectory: requested.workingDirectory) }
        }
        return plan
    }

    /// A loader's warning names its file relative to the project root (the model is cached, whatever the working
    /// directory of the run that wrote it): a lint shows it as it shows every path, from the working directory.
    static func shownFromWorkingDirectory(_ warning: String, root: String) -> String {
        guard let separator = warning.firstRange(of: ": warning: ") else { return warning }
        let path = String(warning[..<separator.lowerBound])
        let absolute = path.hasPrefix("/") ? path : Paths.join(root, path)
        return Paths.display(absolute) + warning[separator.lowerBound...]
    }

    private static func readsStandardInputPath(_ path: String, _ options: LintOptions) -> Bool {
        options.standardInput.map { Paths.absolute($0.path) == Paths.absolute(path) } ?? false
    }

    /// Where the facts cache of the project at `root` is looked for and written, in order: the project's
    /// `.build/flowlint` for a Swift package, then the user cache directory (or the directory the user chose).
    static func cacheDirectories(root: String, _ choice: LintOptions.CacheChoice) -> [String] {
        var directories: [String] = []
        switch choice {
        case .disabled:
            break
        case .directory(let explicit):
            directories = [Paths.absolute(explicit)]
        case .automatic:
            if ProjectRoot.isSwiftPackage(root) { directories.append(Paths.join(root, ".build/flowlint")) }
            if let user = FactsCache.userCacheDirectory { directories.append(user) }
        }
        return directories
    }

    /// The project a requested file belongs to: that of the first input holding it.
    func project(of displayPath: String) -> Int {
        guard projects.count > 1 else { return 0 }
        let absolute = Paths.absolute(displayPath)
        for (index, project) in projects.enumerated() where project.inputs.contains(where: { Paths.relative(absolute, to: $0) != nil }) {
            return index
        }
        return 0
    }

    func lint(_ files: [LintFile], settings: RuleSettings, jobs: Int) -> LintResult {
        var groups = [[LintFile]](repeating: [], count: max(1, projects.count))
        if projects.count <= 1 && files.allSatisfy({ $0.diskPath != nil || readsStandardInput }) {
            groups[0] = files  // shares the caller's array: a large project's file list is not copied
        } else {
            for var file in files {
                // An editor's buffer is not the file on disk: it gets no stat entry in the cache.
                if file.diskPath == nil && !readsStandardInput { file.diskPath = Paths.absolute(file.path) }
                groups[project(of: file.path)].append(file)
            }
        }
        var diagnostics: [Diagnostic] = []
        var failures: [ReadFailure] = []
        var inBaseline = 0
        var baselineConcernsProject = false
        var baselineFindings: [Diagnostic] = []
        var beforeBaseline: [Diagnostic]?
        for (index, requested) in groups.enumerated() where !requested.isEmpty {
            let project = index < projects.count ? projects[index] : Project(root: nil, inputs: [])
            let result: LintResult
            var request: LintRequest
            if project.root == nil {
                request = LintRequest(files: requested, settings: settings, jobs: jobs)
            } else {
                request = LintRequest(files: merged(requested, project.context), settings: settings, jobs: jobs,
                                      reportedPaths: Set(requested.map(\.path)), cache: project.cache)
                request.model = project.model
            }
            request.keepsFactsUntilExit = keepsFactsUntilExit
            request.unsavedBuffers = unsavedBuffers
            request.recomputesGivenFiles = recomputesGivenFiles
            request.baseline = baseline
            request.keepsBaselineFindings = keepsBaselineFindings
            result = LintEngine.lint(request)
            diagnostics += result.diagnostics
            failures += result.readFailures
            inBaseline += result.inBaseline
            baselineConcernsProject = baselineConcernsProject || result.baselineConcernsProject
            baselineFindings += result.baselineFindings
            if let before = result.beforeBaseline { beforeBaseline = (beforeBaseline ?? []) + before }
        }
        var result = LintResult(diagnostics: diagnostics.sorted(by: Diagnostic.outputOrder),
                                filesLinted: files.count - failures.count, readFailures: failures.sorted { $0.path < $1.path })
        result.inBaseline = inBaseline
        result.baselineConcernsProject = baselineConcernsProject
        result.baselineFindings = baselineFindings
        result.beforeBaseline = beforeBaseline
        return result
    }
    /// See `LintRequest.baseline` and `LintRequest.keepsBaselineFindings`.
    var baseline: Baseline?
    var keepsBaselineFindings = false
    var readsStandardInput = false
    /// See `LintRequest.keepsFactsUntilExit`: off for `--fix`, which lints again after each round of fixes.
    var keepsFactsUntilExit = false
    var unsavedBuffers: (any UnsavedBuffers)?
    /// See `LintRequest.recomputesGivenFiles` (set for `--fix`).
    var recomputesGivenFiles = false
}

/// The requested files and the project's other files in one list sorted by path. The context comes sorted
/// from discovery: merged, not sorted again (a partial run in a large project is mostly this list).
func merged(_ requested: [LintFile], _ context: [LintFile]) -> [LintFile] {
    let byPath: (LintFile, LintFile) -> Bool = { $0.path < $1.path }
    let isSorted: ([LintFile]) -> Bool = { files in zip(files, files.dropFirst()).allSatisfy { !byPath($1, $0) } }
    // Sorted already in a full run (discovery sorts): not copied.
    let requested = isSorted(requested) ? requested : requested.sorted(by: byPath)
    if context.isEmpty { return requested }
    guard isSorted(context) else { return (requested + context).sorted(by: byPath) }
    var out: [LintFile] = []
    out.reserveCapacity(requested.count + context.count)
    var i = requested.startIndex, j = context.startIndex
    while i < requested.endIndex || j < context.endIndex {
        if j == context.endIndex || (i < requested.endIndex && !byPath(context[j], requested[i])) {
            out.append(requested[i]); i += 1
        } else {
            out.append(context[j]); j += 1
        }
    }
    return out
}

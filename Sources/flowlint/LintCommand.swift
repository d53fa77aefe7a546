import ArgumentParser
import FlowLintKit
import Foundation

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Lint Swift files (the default command).",
        discussion: """
            Directories are searched recursively for .swift files, skipping .build, .git, DerivedData, Pods, \
            Carthage, node_modules, .swiftpm and .build-*. Findings go to standard output; a summary and any \
            warnings go to standard error.
            """
    )

    @Argument(help: ArgumentHelp("Files and directories to lint.", valueName: "PATH"))
    var paths: [String] = []

    @Option(help: ArgumentHelp("Output format: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", ")) (default: text, or `reporter` from the configuration).", valueName: "NAME"))
    var reporter: String?

    @Option(help: ArgumentHelp("Configuration file (default: .flowlint.yml in the working directory or above it, up to the repository root).", valueName: "FILE"))
    var config: String?

    @Flag(help: "Fail (exit 1) on warnings too, not only on errors.")
    var strict = false

    @Flag(help: "Do not print the summary line on standard error.")
    var quiet = false

    @Flag(name: .customLong("no-color"), help: "Never color the text report (colors are used only when standard output is a terminal and NO_COLOR is unset).")
    var noColor = false

    @Option(help: ArgumentHelp("Worker threads (0: one per core).", valueName: "N"))
    var jobs = 0

    @Option(name: .customLong("stdin-path"), help: ArgumentHelp("Lint standard input as if it were the file PATH (configuration and excludes apply as for PATH). For editors.", valueName: "PATH"))
    var stdinPath: String?

    @Option(help: ArgumentHelp("Report only findings that are not in this baseline file.", valueName: "FILE"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Record the current findings in FILE and exit 0 (or 3 if inputs could not be read).", valueName: "FILE"))
    var writeBaseline: String?

    @Option(help: ArgumentHelp("Project root: every Swift file under it gives facts, only the inputs get findings (default: the nearest directory at or above the first input holding .flowlint.yml, Package.swift, an .xcodeproj/.xcworkspace or .git).", valueName: "DIR"))
    var project: String?

    @Flag(name: .customLong("no-cache"), help: "Do not read or write the facts cache.")
    var noCache = false

    @Option(name: .customLong("cache-path"), help: ArgumentHelp("Directory for the facts cache (default: the project's .build/flowlint for a Swift package, else the user cache directory).", valueName: "DIR"))
    var cachePath: String?

    @Flag(help: "Apply safe fixes in place (files are replaced atomically, only when changed), then report what remains.")
    var fix = false

    func validate() throws {
        if let reporter, ReporterKind(rawValue: reporter) == nil {
            throw ValidationError("unknown reporter '\(reporter)'; available: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if jobs < 0 { throw ValidationError("--jobs must be 0 or more") }
        if stdinPath != nil && !paths.isEmpty { throw ValidationError("--stdin-path lints standard input; do not also give paths") }
        if stdinPath != nil && fix { throw ValidationError("--fix cannot be used with --stdin-path") }
        if noCache && cachePath != nil { throw ValidationError("--no-cache and --cache-path cannot be used together") }
        // An empty path would mean the working directory (`--cache-path ""` wrote the cache into the source
        // tree) or nothing at all; a path that must exist and does not is a typo, not a default.
        let paths: [(option: String, value: String?)] = [
            ("--config", config), ("--baseline", baseline), ("--write-baseline", writeBaseline),
            ("--project", project), ("--cache-path", cachePath), ("--stdin-path", stdinPath),
        ]
        for (option, value) in paths where value?.isEmpty == true {
            throw ValidationError("\(option) needs a path, not an empty string")
        }
        for (option, value) in [("--config", config), ("--baseline", baseline)] {
            if let value, !FileManager.default.fileExists(atPath: value) {
                throw ValidationError("\(option): no such file: \(Escaping.text(value))")
            }
        }
        if let project {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: project, isDirectory: &isDirectory) {
                throw ValidationError("--project: no such directory: \(Escaping.text(project))")
            }
            if !isDirectory.boolValue { throw ValidationError("--project must be a directory: \(Escaping.text(project))") }
        }
    }

    func run() throws {
        let status = try LintRun(options: self).execute()
        if status != ExitStatus.clean { throw ExitCode(status) }
    }
}

/// One `flowlint lint` invocation, from configuration to exit status.
struct LintRun {
    let options: LintCommand
    let startTime = Date()

    func execute() throws -> Int32 {
        let configuration = try ConfigurationLoader.load(explicitPath: options.config)
        let reporter = ReporterKind(rawValue: options.reporter ?? configuration.reporter ?? "text") ?? .text
        let strict = options.strict || configuration.strict
        let existingBaseline: Baseline?
        do {
            existingBaseline = try options.baseline.map { try Baseline.load(path: $0) }
        } catch let error as ConfigurationError {
            Console.error(error.message)
            return ExitStatus.usageError
        }

        // 1. Inputs. Files are read by the engine's workers, one at a time, and dropped once their facts are
        // taken; only `--fix` (which rewrites them) and standard input hold bytes up front.
        var inputs = Inputs()
        if let stdinPath = options.stdinPath {
            inputs.readStandardInput(as: stdinPath, configuration: configuration)
        } else {
            let paths = options.paths.isEmpty ? ["."] : options.paths
            do {
                try inputs.discover(paths, configuration: configuration, read: options.fix)
            } catch let error as MissingInputError {
                Console.error(error.description)
                return ExitStatus.usageError
            }
        }
        for warning in inputs.warnings { Console.error(warning) }
        for problem in inputs.problems { Console.error(problem.message) }

        // 2. Lint (and fix).
        let settings = configuration.ruleSettings
        let inputPaths = options.stdinPath.map { [$0] } ?? (options.paths.isEmpty ? ["."] : options.paths)
        var projects = ProjectPlan.make(inputs: inputPaths, requested: inputs, configuration: configuration, options: options)
        projects.readsStandardInput = options.stdinPath != nil
        projects.keepsFactsUntilExit = !options.fix
        func lint(_ files: [(String, [UInt8])]) -> LintResult {
            projects.lint(files.map { LintFile(path: $0.0, bytes: $0.1) }, settings: settings, jobs: options.jobs)
        }
        var files = inputs.files
        var result = inputs.deferred.isEmpty ? lint(files) : projects.lint(inputs.deferred, settings: settings, jobs: options.jobs)
        // The file lists and the cache (directory listings included) end with the process, not before it.
        if projects.keepsFactsUntilExit { UntilExit.keep((projects, inputs)) }
        inputs.record(result.readFailures)
        for failure in result.readFailures { Console.error(inputs.message(for: failure)) }
        var fixSummary: String?
        if options.fix {
            let outcome = applyFixes(&files, &result, lint: lint, inputs: inputs)
            if let failure = outcome.failure { Console.error(failure); inputs.writeFailures += 1 }
            if outcome.fixes > 0 {
                fixSummary = "Fixed \(plural(outcome.fixes, "finding")) in \(plural(outcome.files, "file"))"
            }
        }
        // Reporters and baselines need the text of the lines with findings: read back only those files.
        var sources = Dictionary(files, uniquingKeysWith: { first, _ in first })
        if !inputs.deferred.isEmpty {
            let withFindings = Set(result.diagnostics.flatMap { [$0.span.file] + $0.notes.map(\.span.file) })
            for file in inputs.deferred where withFindings.contains(file.path) {
                if let absolute = file.deferredPath, case .text(let bytes) = FileReader.read(absolute) { sources[file.path] = bytes }
            }
        }
        let lintedPaths = inputs.deferred.isEmpty ? files.map(\.0)
            : inputs.deferred.map(\.path).filter { path in !result.readFailures.contains { $0.path == path } }

        // 3. Baselines.
        var diagnostics = result.diagnostics.sorted(by: Diagnostic.outputOrder)
        if let path = options.writeBaseline {
            let baseline = Baseline(diagnostics: diagnostics, sources: sources)
            do {
                try FixApplier.writeAtomically(Array(baseline.rendered().utf8), to: path)
            } catch {
                Console.error("\(path): error: cannot write baseline: \(error)")
                return ExitStatus.usageError
            }
            if !options.quiet { Console.error("Wrote \(plural(baseline.entries.count, "finding")) to baseline \(path)") }
            return inputs.problems.isEmpty && inputs.writeFailures == 0 ? ExitStatus.clean : ExitStatus.unreadableInput
        }
        var inBaseline = 0
        if let existingBaseline {
            (diagnostics, inBaseline) = existingBaseline.filter(diagnostics, sources: sources)
        }

        // 4. Report, whole, then the summary.
        let context = ReportContext(lintedFiles: lintedPaths, sources: sources,
                                    useColor: reporter == .text && Console.colorAllowed(disabledByFlag: options.noColor))
        Console.output(reporter.render(diagnostics, context: context))
        if !options.quiet {
            for path in inputs.directoriesWithoutSwiftFiles { Console.error("no Swift files found in \(path)") }
            if let fixSummary { Console.error(fixSummary) }
            Console.error(summary(diagnostics, filesLinted: lintedPaths.count, inBaseline: inBaseline, inputs: inputs))
        }

        if !inputs.problems.isEmpty || inputs.writeFailures > 0 { return ExitStatus.unreadableInput }
        let failing = diagnostics.contains { strict || $0.severity == .error }
        return failing ? ExitStatus.failingFindings : ExitStatus.clean
    }

    /// Applies safe fixes until none is left (at most 10 rounds, since one fix can make another possible),
    /// re-linting the whole project after each round, then writes each changed file once.
    private func applyFixes(_ files: inout [(String, [UInt8])], _ result: inout LintResult,
                            lint: ([(String, [UInt8])]) -> LintResult, inputs: Inputs) -> (fixes: Int, files: Int, failure: String?) {
        let original = files
        var fixes = 0
        for _ in 0..<10 {
            let byFile = Dictionary(grouping: result.diagnostics, by: \.span.file)
            var appliedThisRound = 0
            for index in files.indices {
                guard let diagnostics = byFile[files[index].0] else { continue }
                let (bytes, applied) = FixApplier.applySafeFixes(of: diagnostics, to: files[index].1)
                if applied > 0 && bytes != files[index].1 {
                    files[index].1 = bytes
                    appliedThisRound += applied
                }
            }
            if appliedThisRound == 0 { break }
            fixes += appliedThisRound
            result = lint(files)
        }
        var changed = 0
        for (index, file) in files.enumerated() where file.1 != original[index].1 {
            let absolute = Paths.absolute(file.0)
            do {
                try FixApplier.writeAtomically(file.1, to: absolute)
                changed += 1
            } catch {
                return (fixes, changed, "\(error)")
            }
        }
        return (fixes, changed, nil)
    }

    private func summary(_ diagnostics: [Diagnostic], filesLinted: Int, inBaseline: Int, inputs: Inputs) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        var parts = ["\(plural(errors, "error"))", "\(plural(warnings, "warning"))"]
        if inBaseline > 0 { parts.append("\(inBaseline) in baseline") }
        if !inputs.skipped.isEmpty { parts.append("\(plural(inputs.skipped.count, "file")) skipped") }
        if !inputs.problems.isEmpty { parts.append("\(plural(inputs.problems.count, "input")) unreadable") }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(startTime))
        return "Linted \(plural(filesLinted, "file")): \(parts.joined(separator: ", ")) (\(seconds)s)"
    }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// The files to lint, read, with what went wrong on the way.
struct Inputs {
    var files: [(String, [UInt8])] = []
    /// The standardized working directory, which display paths are relative to (one string for all files).
    let workingDirectory = Paths.standardize(Paths.currentDirectory)
    var problems: [InputProblem] = []
    var warnings: [String] = []
    var skipped: [String] = []
    var directoriesWithoutSwiftFiles: [String] = []
    var writeFailures = 0

    /// Files found but not read yet: the engine reads them (see `LintFile.deferred`).
    var deferred: [LintFile] = []

    /// Finds the files; reads them now only when `read` (for `--fix`), else leaves them to the engine.
    mutating func discover(_ paths: [String], configuration: Configuration, read: Bool) throws {
        let discovery = try FileDiscovery.discover(paths: paths, configuration: configuration)
        problems = discovery.problems
        directoriesWithoutSwiftFiles = discovery.directoriesWithoutSwiftFiles
        for file in discovery.files {
            if read {
                add(file.displayPath, contents: FileReader.read(file.absolutePath))
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

    mutating func readStandardInput(as path: String, configuration: Configuration) {
        let absolute = Paths.absolute(path)
        let contents = FileReader.readStandardInput()
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
    }
    var projects: [Project] = []

    static func make(inputs paths: [String], requested: Inputs, configuration: Configuration, options: LintCommand) -> ProjectPlan {
        var plan = ProjectPlan()
        let explicitRoot = options.project.map { Paths.absolute($0) }
        var byRoot: [String?: Int] = [:]
        for path in paths {
            let absolute = Paths.absolute(path)
            let root = explicitRoot ?? ProjectRoot.find(for: absolute)
            if let index = byRoot[root] { plan.projects[index].inputs.append(absolute); continue }
            byRoot[root] = plan.projects.count
            plan.projects.append(Project(root: root, inputs: [absolute]))
        }
        let requestedPaths = requested.files.map(\.0) + requested.deferred.map(\.path)
        // Built only when a project's search finds files beyond the inputs (not in a full run of the root).
        var requestedAbsolute: Set<String>?
        for index in plan.projects.indices {
            guard let root = plan.projects[index].root else { continue }
            // Only projects with something to report are gathered.
            guard requestedPaths.contains(where: { plan.project(of: $0) == index }) else { continue }
            if !options.noCache {
                var directories: [String] = []
                if let explicit = options.cachePath {
                    directories = [Paths.absolute(explicit)]
                } else {
                    if ProjectRoot.marker(in: root) == "Package.swift" { directories.append(Paths.join(root, ".build/flowlint")) }
                    if let user = FactsCache.userCacheDirectory { directories.append(user) }
                }
                plan.projects[index].cache = FactsCache(directories: directories, projectRoot: root, settings: configuration.ruleSettings)
            }
            // Directories given as inputs were searched already: their files are the requested ones.
            let searched = Set(plan.projects[index].inputs.filter { FileDiscovery.isDirectory($0, followingSymlinks: true) })
            if let discovery = try? FileDiscovery.discover(paths: [root], configuration: configuration, skipping: searched,
                                                           listings: plan.projects[index].cache?.listings),
               !discovery.files.isEmpty {
                let requestedSet = requestedAbsolute ?? Set(requestedPaths.map { Paths.absolute($0) })
                requestedAbsolute = requestedSet
                plan.projects[index].context = discovery.files
                    .filter { !requestedSet.contains($0.absolutePath) }
                    .map { LintFile.deferred($0, workingDirectory: requested.workingDirectory) }
            }
        }
        return plan
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
        for (index, requested) in groups.enumerated() where !requested.isEmpty {
            let project = index < projects.count ? projects[index] : Project(root: nil, inputs: [])
            let result: LintResult
            if project.root == nil {
                var request = LintRequest(files: requested, settings: settings, jobs: jobs)
                request.keepsFactsUntilExit = keepsFactsUntilExit
                result = LintEngine.lint(request)
            } else {
                let all = merged(requested, project.context)
                var request = LintRequest(files: all, settings: settings, jobs: jobs,
                                          reportedPaths: Set(requested.map(\.path)), cache: project.cache)
                request.keepsFactsUntilExit = keepsFactsUntilExit
                result = LintEngine.lint(request)
            }
            diagnostics += result.diagnostics
            failures += result.readFailures
        }
        return LintResult(diagnostics: diagnostics.sorted(by: Diagnostic.outputOrder),
                          filesLinted: files.count - failures.count, readFailures: failures.sorted { $0.path < $1.path })
    }
    var readsStandardInput = false
    /// See `LintRequest.keepsFactsUntilExit`: off for `--fix`, which lints again after each round of fixes.
    var keepsFactsUntilExit = false
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

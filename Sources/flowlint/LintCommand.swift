import ArgumentParser
import FlowLintKit
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

    @Option(help: ArgumentHelp("Report only findings that are not in this baseline file (default: `baseline` from the configuration).", valueName: "FILE"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Record the current findings in FILE and exit 0 (or 3 if inputs could not be read).", valueName: "FILE"))
    var writeBaseline: String?

    @Option(help: ArgumentHelp("Project root: every Swift file under it gives facts, only the inputs get findings (default: the nearest directory at or above the first input holding .flowlint.yml, Package.swift, an .xcodeproj/.xcworkspace or .git).", valueName: "DIR"))
    var project: String?

    @Flag(name: .customLong("no-ignore-vcs"), help: "Search directories ignored by git too (.gitignore, .git/info/exclude); by default they are skipped inside a git work tree.")
    var noIgnoreVCS = false

    @Flag(name: .customLong("no-targets"), help: "Do not read the project's Xcode projects and Swift packages: lint every Swift file, for every platform (see `flowlint project`).")
    var noTargets = false

    @Option(name: .customLong("configuration"), help: ArgumentHelp("The build configuration whose settings (compilation conditions) are read, as xcodebuild -configuration names it (default: Debug).", valueName: "NAME"))
    var buildConfiguration: String?

    @Flag(name: .customLong("no-cache"), help: "Do not read or write the facts cache.")
    var noCache = false

    @Option(name: .customLong("cache-path"), help: ArgumentHelp("Directory for the facts cache (default: the project's .build/flowlint for a Swift package, else the user cache directory).", valueName: "DIR"))
    var cachePath: String?

    @Option(help: ArgumentHelp("Write the report to FILE instead of standard output (a regular file is replaced atomically; a FIFO or device is written into). The summary still goes to standard error.", valueName: "FILE"))
    var output: String?

    @Flag(help: "Apply safe fixes in place (files are replaced atomically, only when changed), then report what remains.")
    var fix = false

    @Flag(help: "With --fix: print what it would change as a unified diff instead of a report, and change nothing (exit 1 when there is a change).")
    var diff = false

    func validate() throws {
        if let reporter, ReporterKind(rawValue: reporter) == nil {
            throw ValidationError("unknown reporter '\(reporter)'; available: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if jobs < 0 { throw ValidationError("--jobs must be 0 or more") }
        if stdinPath != nil && !paths.isEmpty { throw ValidationError("--stdin-path lints standard input; do not also give paths") }
        if stdinPath != nil && fix { throw ValidationError("--fix cannot be used with --stdin-path") }
        if diff && !fix { throw ValidationError("--diff shows what --fix would change: use --fix --diff") }
        if diff && reporter != nil { throw ValidationError("--fix --diff prints a diff, not a report: --reporter does not apply") }
        if diff && writeBaseline != nil { throw ValidationError("--fix --diff cannot be used with --write-baseline") }
        if noCache && cachePath != nil { throw ValidationError("--no-cache and --cache-path cannot be used together") }
        if buildConfiguration?.isEmpty == true { throw ValidationError("--configuration needs a build configuration name") }
        // An empty path would mean the working directory (`--cache-path ""` wrote the cache into the source
        // tree) or nothing at all; a path that must exist and does not is a typo, not a default.
        let paths: [(option: String, value: String?)] = [
            ("--config", config), ("--baseline", baseline), ("--write-baseline", writeBaseline),
            ("--project", project), ("--cache-path", cachePath), ("--stdin-path", stdinPath), ("--output", output),
        ]
        for (option, value) in paths where value?.isEmpty == true {
            throw ValidationError("\(option) needs a path, not an empty string")
        }
        for (option, value) in [("--config", config), ("--baseline", baseline)] {
            if let value, Paths.isMissing(value) {
                throw ValidationError("\(option): no such file: \(Escaping.text(value))")
            }
        }
        if let project {
            var info = stat()
            if stat(project, &info) != 0 {
                throw ValidationError("--project: no such directory: \(Escaping.text(project))")
            }
            if (info.st_mode & S_IFMT) != S_IFDIR { throw ValidationError("--project must be a directory: \(Escaping.text(project))") }
        }
    }

    func run() throws {
        let status = try LintRun(options: self).execute()
        if status != ExitStatus.clean { throw ExitCode(status) }
    }
}

/// One `flowlint lint` invocation: options to `LintSession`, then baselines, the report, the summary and the
/// exit status.
struct LintRun {
    let options: LintCommand
    let startTime = Date()

    func execute() throws -> Int32 {
        var lint = LintOptions()
        lint.paths = options.paths
        lint.configurationPath = options.config
        if let path = options.stdinPath { lint.standardInput = (path, .text([])) }
        let configurations: ConfigurationPlan
        do {
            configurations = try LintSession.configurations(for: lint)
            for warning in configurations.warnings { Console.error(warning) }
        } catch let error as ConfigurationError {
            Console.error(error.message)
            return ExitStatus.usageError
        }
        if let path = options.stdinPath { lint.standardInput = (path, FileReader.readStandardInput()) }
        lint.projectRoot = options.project
        lint.cache = options.noCache ? .disabled : options.cachePath.map { .directory($0) } ?? .automatic
        lint.jobs = options.jobs
        lint.fix = options.fix
        lint.fixShowsDiffOnly = options.diff
        lint.respectsGitIgnores = !options.noIgnoreVCS
        lint.readsTargets = !options.noTargets
        lint.buildConfiguration = options.buildConfiguration
        lint.keepsFactsUntilExit = true
        // `--write-baseline` records every finding; `--baseline` wins over the configurations' `baseline:`.
        lint.baseline = options.writeBaseline != nil ? .ignored : options.baseline.map { .file($0) } ?? .configured
        lint.recordsBaselineFindings = options.writeBaseline != nil
        let outcome: LintOutcome
        do {
            outcome = try LintSession.run(lint, configurations: configurations)
        } catch let error as LintUsageError {
            Console.error(error.description)
            return ExitStatus.usageError
        }
        for warning in outcome.projectWarnings { Console.error(Escaping.text(warning)) }
        for notice in outcome.notices { Console.error(notice) }
        if options.diff { return writeDiff(outcome) }
        let reporter = ReporterKind(rawValue: options.reporter ?? outcome.configuration.reporter ?? "text") ?? .text
        let strict = options.strict || outcome.configuration.strict
        let writeFailures = outcome.fixes?.failures.count ?? 0

        // Baselines.
        let diagnostics = outcome.diagnostics
        if let path = options.writeBaseline {
            // Findings as the whole project has them, some in files a partial run did not read.
            let sources = outcome.sources
            let baseline = Baseline(diagnostics: outcome.baselineFindings, directory: Baseline.directory(ofFileAt: path)) { file in
                if let bytes = sources[file] { return bytes }
                if case .text(let bytes) = FileReader.read(Paths.absolute(file)) { return bytes }
                return nil
            }
            do {
                try FixApplier.writeOutput(Array(baseline.rendered().utf8), to: path)
            } catch {
                Console.error("\(Escaping.text(path)): error: cannot write baseline: \((error as? FixWriteError)?.reason ?? "\(error)")")
                return ExitStatus.usageError
            }
            if !options.quiet { Console.error("Wrote \(plural(outcome.baselineFindings.count, "finding")) to baseline \(path)") }
            return outcome.problems.isEmpty && writeFailures == 0 ? ExitStatus.clean : ExitStatus.unreadableInput
        }
        for warning in outcome.baselineWarnings { Console.error(warning) }
        let inBaseline = outcome.inBaseline

        // Report, whole, then the summary.
        var context = ReportContext(lintedFiles: outcome.lintedFiles, sources: outcome.sources,
                                    useColor: reporter == .text && Console.colorAllowed(disabledByFlag: options.noColor))
        context.rootDirectory = outcome.rootDirectory
        context.configurationNotices = configurations.warnings
        context.executionNotices = outcome.notices
        context.executionSuccessful = outcome.problems.isEmpty && writeFailures == 0
        // Streamed: a report of many findings is never held whole (`ReportOutput`).
        if let output = options.output {
            do {
                try FixApplier.writeOutput(to: output) { write in
                    reporter.write(diagnostics, context: context, to: ReportOutput(send: write))
                }
            } catch {
                Console.error("\(Escaping.text(output)): error: cannot write the report: \((error as? FixWriteError)?.reason ?? "\(error)")")
                return ExitStatus.outputError
            }
        } else {
            reporter.write(diagnostics, context: context, to: ReportOutput { Console.output(bytes: $0); return true })
        }
        if !options.quiet {
            for path in outcome.directoriesWithoutSwiftFiles { Console.error("no Swift files found in \(path)") }
            if let fixes = outcome.fixes, fixes.applied > 0 {
                Console.error("Fixed \(plural(fixes.applied, "finding")) in \(plural(fixes.files, "file"))")
            }
            Console.error(summary(diagnostics, filesLinted: outcome.lintedFiles.count, inBaseline: inBaseline, outcome: outcome))
        }

        if !outcome.problems.isEmpty || writeFailures > 0 { return ExitStatus.unreadableInput }
        let failing = diagnostics.contains { strict || $0.severity == .error }
        return failing ? ExitStatus.failingFindings : ExitStatus.clean
    }

    /// `--fix --diff`: the diff of every file a fix would change, in path order, instead of a report (like
    /// `ruff check --diff`); exit 1 when there is one (like `gofmt -d`, `ruff check --diff`), 0 when no fix
    /// applies, 3 when some inputs could not be read.
    private func writeDiff(_ outcome: LintOutcome) -> Int32 {
        let diffs = outcome.fixes?.diffs ?? []
        if let output = options.output {
            do {
                try FixApplier.writeOutput(to: output) { write in
                    for file in diffs where !write(file.diff) { return }
                }
            } catch {
                Console.error("\(Escaping.text(output)): error: cannot write the diff: \((error as? FixWriteError)?.reason ?? "\(error)")")
                return ExitStatus.outputError
            }
        } else {
            for file in diffs { Console.output(bytes: file.diff) }
        }
        if !options.quiet {
            for path in outcome.directoriesWithoutSwiftFiles { Console.error("no Swift files found in \(path)") }
            let seconds = FixedPoint.text(Date().timeIntervalSince(startTime), decimals: 2)
            Console.error("Would fix \(plural(outcome.fixes?.applied ?? 0, "finding")) in \(plural(diffs.count, "file")); "
                          + "no file changed (\(plural(outcome.lintedFiles.count, "file")) linted, \(seconds)s)")
        }
        if !outcome.problems.isEmpty { return ExitStatus.unreadableInput }
        return diffs.isEmpty ? ExitStatus.clean : ExitStatus.failingFindings
    }

    private func summary(_ diagnostics: [Diagnostic], filesLinted: Int, inBaseline: Int, outcome: LintOutcome) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        var parts = ["\(plural(errors, "error"))", "\(plural(warnings, "warning"))"]
        if inBaseline > 0 { parts.append("\(inBaseline) in baseline") }
        if !outcome.skipped.isEmpty { parts.append("\(plural(outcome.skipped.count, "file")) skipped") }
        if !outcome.filesInNoTarget.isEmpty { parts.append("\(plural(outcome.filesInNoTarget.count, "file")) in no target") }
        if !outcome.problems.isEmpty { parts.append("\(plural(outcome.problems.count, "input")) unreadable") }
        let seconds = FixedPoint.text(Date().timeIntervalSince(startTime), decimals: 2)
        return "Linted \(plural(filesLinted, "file")): \(parts.joined(separator: ", ")) (\(seconds)s)"
    }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

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

/// What one lint asks for: the choices of a `flowlint lint` invocation, of the SwiftPM plugins (which run the
/// command) and of an editor server. Paths are relative to the working directory unless absolute.
public struct LintOptions: Sendable {
    /// Files and directories to lint; none means the working directory.
    public var paths: [String] = []
    /// `--config`: this configuration file for every input, instead of the `.flowlint.yml` at or above each.
    public var configurationPath: String?
    /// An editor's buffer, linted as if it were the file at `path` (which need not exist). Excludes `paths`.
    /// Read with `FileReader.readStandardInput`, which stops at the input size limit.
    public var standardInput: (path: String, contents: FileContents)?
    /// `--project`: the project root for every input, instead of the one found from each input.
    public var projectRoot: String?
    public var cache: CacheChoice = .automatic
    /// Skip what git ignores (`.gitignore`, `.git/info/exclude`) when searching directories inside a work
    /// tree, for inputs and project context alike (`--no-ignore-vcs` turns it off).
    public var respectsGitIgnores = true
    /// Worker threads for the per-file phase; 0 means one per core.
    public var jobs = 0
    /// Apply safe fixes (and lint again until none is left), writing each changed file once.
    public var fix = false
    /// With `fix`: write nothing; `LintOutcome.fixes.diffs` shows what would change (`--fix --diff`), and the
    /// outcome's findings are those that would remain.
    public var fixShowsDiffOnly = false
    /// Unsaved editor buffers that replace files on disk (project context included).
    public var unsavedBuffers: (any UnsavedBuffers)?
    /// Set by a command-line run that ends after reporting (see `LintRequest.keepsFactsUntilExit`).
    public var keepsFactsUntilExit = false
    /// Read the project's Xcode projects and packages (`ProjectModel`): files in no target are not linted, and
    /// `#if`, names and roots are judged per target. Off with `--no-targets` (or `targets: false`).
    public var readsTargets = true
    /// The build configuration whose settings are read (`--configuration`); nil: the configuration file's
    /// `build_configuration`, else `Debug`.
    public var buildConfiguration: String?
    /// Which baseline hides accepted findings.
    public var baseline: BaselineChoice = .configured
    /// Keep the findings a baseline records (`LintOutcome.baselineFindings`): `--write-baseline`.
    public var recordsBaselineFindings = false

    public enum BaselineChoice: Sendable, Equatable {
        /// Each configuration's `baseline:` for the inputs under it (none when it names none).
        case configured
        /// This file for every input (`--baseline`), whatever the configurations say.
        case file(String)
        /// None (`--write-baseline` records every finding).
        case ignored
    }

    public enum CacheChoice: Sendable, Equatable {
        /// The project's `.build/flowlint` for a Swift package, else the user cache directory.
        case automatic
        case disabled
        case directory(String)
    }

    public init() {}
}

/// What one lint found, with what a report, a baseline and a summary need.
public struct LintOutcome: Sendable {
    public var configuration: Configuration
    /// Findings after suppression, in `Diagnostic.outputOrder`.
    public var diagnostics: [Diagnostic] = []
    /// Display paths of the files linted (read and parsed), for reporters that list clean files.
    public var lintedFiles: [String] = []
    /// Bytes of the files that findings and their notes point into, by display path.
    public var sources: [String: [UInt8]] = [:]
    /// Inputs that could not be read (exit code 3).
    public var problems: [InputProblem] = []
    /// Inputs skipped because they are not text.
    public var skipped: [String] = []
    /// Files found in directories given as inputs that no target of the project compiles: not linted (display
    /// paths, sorted).
    public var filesInNoTarget: [String] = []
    /// What the project model's loaders could not read, one line each, for standard error.
    public var projectWarnings: [String] = []
    /// Lines for standard error, in the order they arose: skipped inputs, unreadable inputs, files that could
    /// not be fixed.
    public var notices: [String] = []
    public var directoriesWithoutSwiftFiles: [String] = []
    /// With `fix`: how many fixes were applied to how many files, and what could not be written.
    public var fixes: FixSummary?
    /// The absolute directory reports anchor paths to (SARIF's `%SRCROOT%`, GitHub annotations): the top of
    /// the first input's git work tree, else its project root (`--project` included); nil when it has neither.
    public var rootDirectory: String?
    /// How many findings the run does not show because a baseline covers them.
    public var inBaseline = 0
    /// A warning per baseline none of whose entries is for a file of the project it was applied to (the linted
    /// files and the project around them: a partial run warns only when that is true of the whole project).
    public var baselineWarnings: [String] = []
    /// With `recordsBaselineFindings`: the findings as the whole project has them that the run reports in some
    /// form, for `Baseline(diagnostics:directory:source:)`. A full run's are its `diagnostics`; a partial run's
    /// are the findings before they are moved to reading places in the linted files (`LintEngine.restrict`),
    /// in files that need not be linted (their bytes are not in `sources`).
    public var baselineFindings: [Diagnostic] = []

    public struct FixSummary: Sendable {
        public var applied = 0
        public var files = 0
        public var failures: [String] = []
        /// With `fixShowsDiffOnly`: each file that would change, with its unified diff (`UnifiedDiff`), by path.
        public var diffs: [(path: String, diff: [UInt8])] = []
    }
}

/// A usage or configuration problem: nothing was linted (exit code 2). The message is one line.
public struct LintUsageError: Error, CustomStringConvertible {
    public var description: String
}

/// The configurations a run's inputs fall under: each input is linted under the `.flowlint.yml` at or above
/// it (up to the top of its git work tree), or under `--config` for all.
public struct ConfigurationPlan: Sendable {
    public struct Group: Sendable {
        public var configuration: Configuration
        /// The inputs (as given) this configuration applies to.
        public var paths: [String]
    }
    /// In the order of each group's first input.
    public var groups: [Group]
    /// The configuration of the first input: where run-wide settings (`reporter`, `strict`) come from.
    public var primary: Configuration { groups[0].configuration }
    /// Directories above the inputs whose project markers were skipped (`ProjectRoot.Walk.skipped`), each once.
    public var skippedMarkers: [String] = []
    /// The skipped markers, then the warnings of every configuration read, each file's once.
    public var warnings: [String] { skippedMarkers + groups.flatMap(\.configuration.warnings) }
}

/// The lint driver: configuration, inputs, project context, the facts cache, the engine, fixes, and the bytes
/// reporters need. The command line, the SwiftPM plugins (through it) and an editor server share it.
public enum LintSession {
    /// Which configuration applies to which input. Throws `ConfigurationError` (exit 2) when one cannot be read.
    public static func configurations(for options: LintOptions) throws -> ConfigurationPlan {
        // The walk up from each input finds its configuration and, unless `--project` names it, its root.
        var skipped: [String] = []
        var walks: [ProjectRoot.Walk] = []
        if options.configurationPath == nil || options.projectRoot == nil {
            for path in options.inputPaths {
                let walk = ProjectRoot.Walk(from: Paths.absolute(path))
                skipped += walk.skipped.filter { !skipped.contains($0) }
                walks.append(walk)
            }
        }
        if let explicit = options.configurationPath {
            return ConfigurationPlan(groups: [.init(configuration: try Configuration.load(path: explicit), paths: options.inputPaths)],
                                     skippedMarkers: skipped)
        }
        var groups: [ConfigurationPlan.Group] = []
        var groupOfFile: [String?: Int] = [:]
        for (path, walk) in zip(options.inputPaths, walks) {
            let file = walk.configurationFile
            if let index = groupOfFile[file] { groups[index].paths.append(path); continue }
            let configuration = try file.map { try Configuration.load(path: Paths.display($0), found: true) }
                ?? Configuration(rootDirectory: Paths.standardize(Paths.currentDirectory))
            groupOfFile[file] = groups.count
            groups.append(.init(configuration: configuration, paths: [path]))
        }
        return ConfigurationPlan(groups: groups, skippedMarkers: skipped)
    }

    /// Lints each group of inputs under its configuration (see `configurations(for:)`; its warnings are the
    /// caller's to show) and merges the outcomes. Throws `LintUsageError` when an input does not exist.
    /// Throws `LintUsageError` too when a baseline cannot be read (`Baseline.load`).
    public static func run(_ options: LintOptions, configurations: ConfigurationPlan) throws -> LintOutcome {
        // Every baseline is read before anything is linted.
        var baselines: [Baseline?] = []
        do {
            switch options.baseline {
            case .ignored:
                baselines = configurations.groups.map { _ in nil }
            case .file(let path):
                let baseline = try Baseline.load(path: path)
                baselines = configurations.groups.map { _ in baseline }
            case .configured:
                var loaded: [String: Baseline] = [:]
                for group in configurations.groups {
                    guard let path = group.configuration.baselinePath else { baselines.append(nil); continue }
                    if loaded[path] == nil { loaded[path] = try group.configuration.loadBaseline() }
                    baselines.append(loaded[path])
                }
            }
        } catch let error as ConfigurationError {
            throw LintUsageError(description: error.message)
        }
        var merged: LintOutcome?
        // Per baseline (by its path): whether it concerns some project it was applied to.
        var concerned: [(baseline: Baseline, concerns: Bool)] = []
        for (group, baseline) in zip(configurations.groups, baselines) {
            var groupOptions = options
            if options.standardInput == nil { groupOptions.paths = group.paths }
            let (outcome, concerns) = try run(groupOptions, configuration: group.configuration, baseline: baseline)
            if let baseline {
                if let i = concerned.firstIndex(where: { $0.baseline.path == baseline.path }) {
                    concerned[i].concerns = concerned[i].concerns || concerns
                } else {
                    concerned.append((baseline, concerns))
                }
            }
            merged = merged.map { $0.merging(outcome) } ?? outcome
        }
        var outcome = merged!
        for (baseline, concerns) in concerned where baseline.count > 0 && !concerns {
            outcome.baselineWarnings.append(baseline.concernsNoFileWarning)
        }
        outcome.configuration = configurations.primary
        let first = Paths.absolute(options.inputPaths[0])
        outcome.rootDirectory = ProjectRoot.repositoryTop(for: first)
            ?? options.projectRoot.map { Paths.standardize(Paths.absolute($0)) } ?? ProjectRoot.find(for: first)
        return outcome
    }

    /// Lints under one configuration, hiding what `baseline` covers; also whether the baseline concerns a file
    /// of the project.
    static func run(_ options: LintOptions, configuration: Configuration, baseline: Baseline? = nil) throws
        -> (outcome: LintOutcome, baselineConcernsProject: Bool) {
        var outcome = LintOutcome(configuration: configuration)

        // 1. Inputs. Files are read by the engine's workers, one at a time, and dropped once their facts are
        // taken; only `--fix` (which rewrites them) and standard input hold bytes up front.
        var inputs = Inputs()
        if let stdin = options.standardInput {
            inputs.readStandardInput(stdin.contents, as: stdin.path, configuration: configuration)
        } else {
            do {
                try inputs.discover(options.inputPaths, configuration: configuration, read: options.fix,
                                    respectingGitIgnores: options.respectsGitIgnores)
            } catch let error as MissingInputError {
                throw LintUsageError(description: error.description)
            }
        }
        outcome.notices += inputs.warnings
        outcome.notices += inputs.problems.map(\.message)

        // 2. Lint (and fix).
        let settings = configuration.ruleSettings
        var projects = ProjectPlan.make(inputs: options.inputPaths, requested: inputs, configuration: configuration, options: options)
        outcome.notices += projects.projects.compactMap(\.cache).flatMap(\.notes)
        projects.readsStandardInput = options.standardInput != nil
        projects.keepsFactsUntilExit = options.keepsFactsUntilExit && !options.fix
        projects.unsavedBuffers = options.unsavedBuffers
        projects.recomputesGivenFiles = options.fix
        projects.baseline = baseline
        projects.keepsBaselineFindings = options.recordsBaselineFindings
        let lintFiles = { (files: [(String, [UInt8])]) -> LintResult in
            projects.lint(files.map { LintFile(path: $0.0, bytes: $0.1) }, settings: settings, jobs: options.jobs)
        }
        // Files of directories given as inputs that no target compiles are not linted (a file named on the command
        // line, or standard input, always is).
        outcome.filesInNoTarget = projects.filesInNoTarget.sorted()
        outcome.projectWarnings = projects.projectWarnings
        let notLinted = projects.filesInNoTarget.union(projects.manifestsNotLinted)
        if !notLinted.isEmpty {
            inputs.deferred.removeAll { notLinted.contains($0.path) }
            inputs.files.removeAll { notLinted.contains($0.0) }
        }
        var files = inputs.files
        var result = inputs.deferred.isEmpty ? lintFiles(files) : projects.lint(inputs.deferred, settings: settings, jobs: options.jobs)
        // The file lists and the cache (directory listings included) end with the process, not before it.
        if projects.keepsFactsUntilExit { UntilExit.keep((projects, inputs)) }
        inputs.record(result.readFailures)
        outcome.notices += result.readFailures.map(inputs.message)
        if options.fix {
            outcome.fixes = applyFixes(&files, &result, snapshots: inputs.snapshots, writing: !options.fixShowsDiffOnly, lint: lintFiles)
            outcome.notices += outcome.fixes!.failures
        }

        // Reporters and baselines need the text of the lines with findings: read back only those files.
        var sources = Dictionary(files, uniquingKeysWith: { first, _ in first })
        if !inputs.deferred.isEmpty {
            let withFindings = Set(result.diagnostics.flatMap { [$0.span.file] + $0.notes.map(\.span.file) })
            for file in inputs.deferred where withFindings.contains(file.path) {
                guard let absolute = file.deferredPath else { continue }
                if let buffer = options.unsavedBuffers?.buffer(forAbsolutePath: absolute) {
                    sources[file.path] = buffer
                } else if case .text(let bytes) = FileReader.read(absolute) {
                    sources[file.path] = bytes
                }
            }
        }
        outcome.lintedFiles = inputs.deferred.isEmpty ? files.map(\.0)
            : inputs.deferred.map(\.path).filter { path in !result.readFailures.contains { $0.path == path } }
        outcome.diagnostics = result.diagnostics.sorted(by: Diagnostic.outputOrder)
        outcome.sources = sources
        outcome.problems = inputs.problems
        outcome.skipped = inputs.skipped
        outcome.directoriesWithoutSwiftFiles = inputs.directoriesWithoutSwiftFiles
        outcome.inBaseline = result.inBaseline
        outcome.baselineFindings = result.baselineFindings
        return (outcome, result.baselineConcernsProject)
    }

    /// Applies safe fixes until none is left (at most 10 rounds, since one fix can make another possible),
    /// re-linting the whole project after each round, then writes each changed file once, only over the bytes
    /// it read (`FixApplier.replace`). A file that cannot be written keeps its old text, and the result
    /// (what is reported) is that of the files as they are on disk: its findings are still there. Without
    /// `writing`, no file is written: the summary holds each changed file's diff, and the result is that of
    /// the fixed text.
    static func applyFixes(_ files: inout [(String, [UInt8])], _ result: inout LintResult,
                           snapshots: [String: FileSnapshot], writing: Bool = true,
                           lint: ([(String, [UInt8])]) -> LintResult) -> LintOutcome.FixSummary {
        let original = files
        var appliedPerFile = [Int](repeating: 0, count: files.count)
        var trails = files.map { EditTrail(originalCount: $0.1.count) }
        for _ in 0..<10 {
            let byFile = Dictionary(grouping: result.diagnosticsToFix, by: \.span.file)
            var appliedThisRound = 0
            for index in files.indices {
                guard let diagnostics = byFile[files[index].0] else { continue }
                let (edits, applied) = FixApplier.chooseFixes(of: diagnostics, in: files[index].1.count) { $0.applicability == .safe }
                let bytes = applied > 0 ? FixApplier.apply(edits, to: files[index].1) : files[index].1
                if bytes != files[index].1 {
                    files[index].1 = bytes
                    trails[index].apply(edits)
                    appliedPerFile[index] += applied
                    appliedThisRound += applied
                }
            }
            if appliedThisRound == 0 { break }
            result = lint(files)
        }
        var summary = LintOutcome.FixSummary()
        if !writing {
            for (index, file) in files.enumerated() where file.1 != original[index].1 {
                let replacements = trails[index].replacements(originalCount: original[index].1.count)
                summary.diffs.append((file.0, UnifiedDiff.render(path: file.0, original: original[index].1, replacements: replacements)))
                summary.files += 1
                summary.applied += appliedPerFile[index]
            }
            summary.diffs.sort { $0.path < $1.path }
            return summary
        }
        var unwritten = false
        for (index, file) in files.enumerated() where file.1 != original[index].1 {
            do {
                guard let snapshot = snapshots[file.0] else {
                    throw FixWriteError(path: file.0, kind: .system(reason: "it was not read as a file"))
                }
                try FixApplier.replace(Paths.absolute(file.0), with: file.1, readAs: snapshot)
                summary.files += 1
                summary.applied += appliedPerFile[index]
            } catch {
                summary.failures.append((error as? FixWriteError)?.description ?? "\(Escaping.text(file.0)): error: \(error)")
                files[index].1 = original[index].1
                unwritten = true
            }
        }
        if unwritten { result = lint(files) }
        return summary
    }
}

extension LintOutcome {
    /// This outcome and another group's, as one run's.
    func merging(_ other: LintOutcome) -> LintOutcome {
        var out = self
        out.diagnostics = (diagnostics + other.diagnostics).sorted(by: Diagnostic.outputOrder)
        out.lintedFiles += other.lintedFiles
        out.sources.merge(other.sources) { first, _ in first }
        out.problems += other.problems
        out.skipped += other.skipped
        out.filesInNoTarget += other.filesInNoTarget
        for warning in other.projectWarnings where !out.projectWarnings.contains(warning) { out.projectWarnings.append(warning) }
        out.notices += other.notices
        out.directoriesWithoutSwiftFiles += other.directoriesWithoutSwiftFiles
        out.inBaseline += other.inBaseline
        out.baselineFindings += other.baselineFindings
        if let theirs = other.fixes {
            var fixes = out.fixes ?? FixSummary()
            fixes.applied += theirs.applied
            fixes.files += theirs.files
            fixes.failures += theirs.failures
            fixes.diffs += theirs.diffs
            out.fixes = fixes
        }
        return out
    }
}

extension LintOptions {
    /// The paths to lint: the standard-input path, the given paths, or the working directory.
    var inputPaths: [String] {
        if let stdin = standardInput { return [stdin.path] }
        return paths.isEmpty ? ["."] : paths
    }
}

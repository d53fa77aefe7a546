import Foundation
import PackagePlugin

/// Lints a target's Swift sources when they, or anything else FlowLint's findings depend on, change;
/// findings show as build warnings and errors.
///
/// A build command without declared outputs, on purpose:
/// - a prebuild command cannot run an executable built from source (SwiftPM allows only binary targets
///   there), and FlowLint is built from source here;
/// - declared outputs that are not Swift sources become resources of the user's target (SwiftPM copies
///   them into a resource bundle), so a marker file would change the product.
/// SwiftPM gives such a command a phony output that the target depends on (when the package applying the
/// plugin has tools version 6.0 or later; older ones get a warning and no lint),
/// and runs it when one of its declared inputs changes. The inputs are every Swift file of the package (or
/// of the Xcode project), the configuration and the `flowlint` binary: a view in another target can change
/// a `missing_environment_object` finding here. The facts cache in the plugin's work directory keeps a run
/// cheap: only changed files are parsed again.
@main
struct FlowLintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let invocation = BuildToolInvocation(
            targetName: target.name,
            flowlint: try context.tool(named: "flowlint").url,
            workDirectory: context.pluginWorkDirectoryURL,
            files: target.sourceFiles(withSuffix: "swift").map(\.url),
            projectFiles: context.package.targets.compactMap { $0 as? SourceModuleTarget }
                .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        )
        return try invocation.commands()
    }
}

/// The one command both plugin forms run.
struct BuildToolInvocation {
    var targetName: String
    var flowlint: URL
    var workDirectory: URL
    /// The target's Swift files: the ones linted.
    var files: [URL]
    /// Every Swift file of the package or project: the command runs again when one of them changes.
    var projectFiles: [URL]

    func commands() throws -> [Command] {
        guard !files.isEmpty else { return [] }
        let cache = workDirectory.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let sourceDirectory = Self.commonDirectory(of: files)

        let lint = [flowlint.path, "lint",
                    "--reporter", "text",  // what SwiftPM and Xcode parse, whatever `reporter` the configuration names
                    "--quiet", "--no-color",
                    "--cache-path", cache.path] + files.map(\.path)
        let candidates = Self.configurationCandidates(above: sourceDirectory)
        let existing = candidates.filter { FileManager.default.fileExists(atPath: $0.path) }
        // The configuration's `baseline:` file is an input too: accepting or dropping findings lints again.
        let baseline = existing.first.flatMap(Self.baselineFile(namedBy:)).map { [$0] } ?? []
        return [.buildCommand(
            displayName: "FlowLint \(targetName)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", Self.script, "flowlint-build-tool", workDirectory.path] + candidates.map(\.path) + ["--"] + lint,
            inputFiles: Array(Set(files + projectFiles)).sorted { $0.path < $1.path } + [flowlint] + existing + baseline,
            outputFiles: []
        )]
    }

    /// Runs `flowlint lint` (the arguments after `--`) from the work directory (`$1`) with the first of the
    /// candidate configuration files (the arguments before `--`) that exists when it runs:
    /// - FlowLint searches `.flowlint.yml` from its working directory up to the repository root (README,
    ///   "Configuration"). Here the search starts at the sources instead, and looks at build time, so a
    ///   configuration created after the build was planned is found too.
    /// - FlowLint prints paths relative to its working directory when the file is under it. Xcode needs
    ///   absolute paths to place an issue, so it runs from the work directory, which holds no sources.
    /// A shell does both: build commands have no working-directory setting. The script uses no `$(` or `${`:
    /// Xcode's build system (and SwiftPM's `--build-system swiftbuild`) expands those in command arguments
    /// as build settings. It is one line because a failing command is shown with its arguments.
    static let script = [
        #"work=$1; shift; config=;"#,
        #"while [ $# -gt 0 ] && [ "$1" != -- ]; do if [ -z "$config" ] && [ -f "$1" ]; then config=$1; fi; shift; done; shift;"#,
        #"cd "$work" || exit 2;"#,
        #"if [ -n "$config" ]; then exec "$@" --config "$config"; fi; exec "$@""#,
    ].joined(separator: " ")

    /// Where `.flowlint.yml` may be, nearest first: `directory` and each directory above it, up to the
    /// repository root (the first directory holding `.git`) or `/`. The ones that exist are inputs of the
    /// command, so editing one lints again (a missing file cannot be an input: SwiftPM refuses to build
    /// with one, and directories make a build cycle); one created later is used from the next run on.
    static func configurationCandidates(above directory: URL) -> [URL] {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        var current = directory.standardizedFileURL
        while true {
            candidates.append(current.appendingPathComponent(".flowlint.yml"))
            if fileManager.fileExists(atPath: current.appendingPathComponent(".git").path) { return candidates }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return candidates }
            current = parent
        }
    }

    /// The existing file a configuration's top-level `baseline:` names (relative to the configuration's
    /// directory), read as a plain `baseline: path` line (quotes and a trailing comment allowed): FlowLint
    /// itself reads the key whatever its YAML form; this only decides which file's changes run the command.
    static func baselineFile(namedBy configuration: URL) -> URL? {
        guard let text = try? String(contentsOf: configuration, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("baseline:") {
            var value = line.dropFirst("baseline:".count)
            if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
            var path = value.trimmingCharacters(in: .whitespaces)
            if path.count >= 2, let quote = path.first, quote == "\"" || quote == "'", path.last == quote {
                path = String(path.dropFirst().dropLast())
            }
            guard !path.isEmpty else { return nil }
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path)
                : configuration.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue ? url : nil
        }
        return nil
    }

    /// The deepest directory holding every file.
    static func commonDirectory(of files: [URL]) -> URL {
        var common = files[0].deletingLastPathComponent().standardizedFileURL.pathComponents
        for file in files.dropFirst() {
            let components = file.deletingLastPathComponent().standardizedFileURL.pathComponents
            common = Array(zip(common, components).prefix { $0 == $1 }.map(\.0))
        }
        return URL(fileURLWithPath: common.isEmpty ? "/" : NSString.path(withComponents: common))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for an Xcode project's targets (an app target added under Build Phases, "Run Build Tool
/// Plug-ins"): the Swift files Xcode compiles for the target.
extension FlowLintBuildTool: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let invocation = BuildToolInvocation(
            targetName: target.displayName,
            flowlint: try context.tool(named: "flowlint").url,
            workDirectory: context.pluginWorkDirectoryURL,
            files: Self.swiftSources(of: target),
            projectFiles: context.xcodeProject.targets.flatMap(Self.swiftSources)
        )
        return try invocation.commands()
    }

    static func swiftSources(of target: XcodeTarget) -> [URL] {
        target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
    }
}
#endif

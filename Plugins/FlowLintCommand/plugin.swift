import Foundation
import PackagePlugin

/// `swift package flowlint [--target NAME ...] [flowlint lint options]`
///
/// Lints the directories of the package's Swift source targets (all of them, or those named with
/// `--target`) with the `flowlint` built from this package. Runs in the package's directory, so paths in
/// the report are relative to it and its `.flowlint.yml` applies. Reads only: no write permission needed
/// (except for `--fix` and `--write-baseline`, which need `--allow-writing-to-package-directory`).
@main
struct FlowLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let packageDirectory = context.package.directoryURL.path
        // `SwiftSourceModuleTarget.directoryURL` is there from tools version 6.0 (`Target`'s only from 6.1); the
        // deprecated `directory` would warn in the build log of every package that uses FlowLint's plugins.
        let directories = targets.compactMap { $0 as? SwiftSourceModuleTarget }
            .filter { $0.sourceFiles(withSuffix: "swift").contains { _ in true } }
            .map { target -> String in
                // Relative to the package, so the report reads `Sources/App/View.swift`.
                let path = target.directoryURL.path
                return path.hasPrefix(packageDirectory + "/") ? String(path.dropFirst(packageDirectory.count + 1)) : path
            }
        guard !directories.isEmpty else {
            Diagnostics.remark("FlowLint: no Swift source targets to lint")
            return
        }

        let tool = try context.tool(named: "flowlint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + extractor.remainingArguments + directories
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()

        if process.terminationReason != .exit || process.terminationStatus != 0 {
            Diagnostics.error("flowlint exited with status \(process.terminationStatus)")
            // The status carries meaning (1 findings, 2 usage, 3 unreadable input): pass it on.
            exit(process.terminationStatus == 0 ? 1 : process.terminationStatus)
        }
    }
}

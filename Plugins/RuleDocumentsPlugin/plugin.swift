import Foundation
import PackagePlugin

/// Compiles the rule documents, `rules/<rule_id>.md`, into FlowLintKit (`RuleDocument.markdown(ruleID:)`):
/// a build command runs `RuleDocumentBundler`, which writes them as string literals into a Swift file in the
/// plugin's work directory, and SwiftPM compiles that file with the target. So the `flowlint` executable carries
/// its documents (no file is looked up next to it at run time) and no generated file is committed.
///
/// The command's inputs are every document and the `rules` directory itself: an edited document, and a document
/// added or removed (which changes the directory), run the command again on the next build. The bundler lists
/// the directory itself, so the set of documents is always the current one.
@main
struct RuleDocumentsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rules = context.package.directoryURL.appendingPathComponent("rules", isDirectory: true)
        let documents = try FileManager.default.contentsOfDirectory(at: rules, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .sorted { $0.path < $1.path }
        let bundler = try context.tool(named: "RuleDocumentBundler").url
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BundledRuleDocuments.swift")
        return [.buildCommand(
            displayName: "Bundling the rule documents into \(target.name)",
            executable: bundler,
            arguments: [rules.path, output.path],
            inputFiles: [rules, bundler] + documents,
            outputFiles: [output]
        )]
    }
}

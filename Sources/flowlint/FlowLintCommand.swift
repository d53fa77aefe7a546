import ArgumentParser
import FlowLintKit

struct FlowLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowlint",
        abstract: "Finds SwiftUI data-flow mistakes: @State, @ObservedObject, ForEach identity, environment objects.",
        discussion: """
            Exit codes: 0 no failing findings; 1 failing findings (errors, or any finding with --strict); \
            2 usage or configuration error (or a working directory that no longer exists); 3 some inputs \
            could not be read (the rest are still linted); 4 standard output or standard error could not be \
            written.
            """,
        version: FlowLintVersion.current,
        subcommands: [LintCommand.self, RulesCommand.self, ExplainCommand.self, GraphCommand.self, ProjectCommand.self, VersionCommand.self, LSPCommand.self, DebugCommand.self],
        defaultSubcommand: LintCommand.self
    )

    /// Whether the command these arguments run reads files, and so needs a working directory it can name:
    /// all but `explain`, `version` and help (which print what is built into the binary).
    static func needsWorkingDirectory(_ arguments: [String]) -> Bool {
        if let first = arguments.first, ["explain", "version", "help"].contains(first) { return false }
        let options = arguments.prefix { $0 != "--" }
        return !options.contains { ["--help", "-h", "--version"].contains($0) }
    }
}

enum ExitStatus {
    static let clean: Int32 = 0
    static let failingFindings: Int32 = 1
    static let usageError: Int32 = 2
    static let unreadableInput: Int32 = 3
    /// Standard output or standard error could not be written (a full disk, a closed descriptor): the report
    /// is missing or incomplete. Takes precedence over every other status.
    static let outputError: Int32 = 4
}

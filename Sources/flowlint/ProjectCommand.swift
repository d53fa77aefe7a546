import ArgumentParser
import FlowLintKit

struct ProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project",
        abstract: "Print what FlowLint read of the project's build: targets, files, modules, platforms, conditions.",
        discussion: """
            The project is found from PATH as `flowlint lint` finds it. FlowLint reads its Xcode projects \
            (project.pbxproj), workspaces and Swift packages (Package.swift, read without running it) and prints \
            each target with its module, Swift file count, platforms and deployment targets, active compilation \
            conditions, language mode and dependencies; then the Swift files no target compiles (not linted unless \
            named on the command line) and what could not be read. Exit status: 0, or 2 for a usage or \
            configuration error.
            """
    )

    @Argument(help: ArgumentHelp("A directory or file of the project (default: the working directory).", valueName: "PATH"))
    var path: String = "."

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "NAME"))
    var reporter: String = "text"

    @Option(name: .customLong("configuration"), help: ArgumentHelp("The build configuration whose settings are read, as xcodebuild -configuration names it (default: Debug).", valueName: "NAME"))
    var buildConfiguration: String?

    @Option(help: ArgumentHelp("Configuration file (default: the .flowlint.yml found from PATH).", valueName: "FILE"))
    var config: String?

    @Flag(name: .customLong("no-ignore-vcs"), help: "Count the Swift files git ignores too.")
    var noIgnoreVCS = false

    func validate() throws {
        if path.isEmpty { throw ValidationError("PATH must not be empty") }
        if reporter != "text" && reporter != "json" { throw ValidationError("unknown reporter '\(reporter)'; use text or json") }
        if let config, config.isEmpty { throw ValidationError("--config needs a path, not an empty string") }
        if let buildConfiguration, buildConfiguration.isEmpty { throw ValidationError("--configuration needs a build configuration name") }
    }

    func run() throws {
        guard FileDiscovery.exists(Paths.absolute(path)) else {
            Console.error("error: no such file or directory: \(Escaping.text(path))")
            throw ExitCode(ExitStatus.usageError)
        }
        var options = LintOptions()
        options.paths = [path]
        options.configurationPath = config
        let configuration: Configuration
        do {
            configuration = try LintSession.configurations(for: options).primary
        } catch let error as ConfigurationError {
            Console.error(error.message)
            throw ExitCode(ExitStatus.usageError)
        }
        for warning in configuration.warnings { Console.error(warning) }
        let description = ProjectDescription(path: path, configuration: configuration,
                                             buildConfiguration: buildConfiguration ?? configuration.buildConfiguration,
                                             respectingGitIgnores: !noIgnoreVCS)
        if !configuration.readsTargets {
            Console.error("note: the configuration says 'targets: false': flowlint lint does not use what follows")
        }
        for warning in description.warnings { Console.error(Escaping.text(warning)) }
        Console.output(reporter == "json" ? description.json() : description.text())
    }
}

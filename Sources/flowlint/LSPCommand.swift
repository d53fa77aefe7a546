import ArgumentParser
import FlowLintKit
import FlowLintLSP

struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the language server for editors (LSP over standard input and output).",
        discussion: """
            Findings as you type: the project's facts stay in memory, an edit re-parses the edited file only. \
            Editors start it and talk to it; see the README's "Editors" section. Exit status: 0 after the \
            client's shutdown and exit, 1 when the client exits without shutdown or goes away.
            """
    )

    @Flag(help: "Talk over standard input and output (the only transport; accepted because editors pass it).")
    var stdio = false

    @Option(help: ArgumentHelp("Configuration file for every project (default: the .flowlint.yml found from each project's root).", valueName: "FILE"))
    var config: String?

    @Flag(name: .customLong("no-cache"), help: "Do not read or write the facts cache.")
    var noCache = false

    @Option(name: .customLong("cache-path"), help: ArgumentHelp("Directory for the facts cache.", valueName: "DIR"))
    var cachePath: String?

    @Flag(name: .customLong("no-ignore-vcs"), help: "Also give facts from files git ignores.")
    var noIgnoreVCS = false

    @Flag(name: .customLong("no-targets"), help: "Do not read the projects' Xcode projects and Swift packages: lint every Swift file, for every platform.")
    var noTargets = false

    @Option(name: .customLong("configuration"), help: ArgumentHelp("The build configuration whose settings (compilation conditions) are read (default: Debug).", valueName: "NAME"))
    var buildConfiguration: String?

    @Option(help: ArgumentHelp("Milliseconds to wait after an edit before linting, so edits that arrive together are linted once.", valueName: "MS"))
    var debounce = LanguageServerOptions.defaultDebounceMilliseconds

    func validate() throws {
        if debounce < 0 || debounce > 10_000 { throw ValidationError("--debounce must be between 0 and 10000") }
        if noCache && cachePath != nil { throw ValidationError("--no-cache and --cache-path cannot be used together") }
        if let config, config.isEmpty { throw ValidationError("--config needs a file") }
        if let cachePath, cachePath.isEmpty { throw ValidationError("--cache-path needs a directory") }
        if buildConfiguration?.isEmpty == true { throw ValidationError("--configuration needs a build configuration name") }
    }

    func run() throws {
        var options = LanguageServerOptions()
        options.debounceMilliseconds = debounce
        options.workspace.configurationPath = config.map { Paths.absolute($0) }
        options.workspace.cache = noCache ? .disabled : cachePath.map { .directory(Paths.absolute($0)) } ?? .automatic
        options.workspace.respectsGitIgnores = !noIgnoreVCS
        options.workspace.readsTargets = !noTargets
        options.workspace.buildConfiguration = buildConfiguration
        throw ExitCode(LanguageServerMain.run(options))
    }
}

import ArgumentParser
import FlowLintKit

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the project's view tree: roots, views, environment objects provided and read, the missing ones in red.",
        discussion: """
            The picture behind missing_environment_object, drawn top to bottom from the walk the rule makes: each \
            @main app and preview, the Scene types and views it shows and the views they show (a node per \
            declaration, named by its type, qualified when nested; its file in the DOT tooltip), what each edge \
            provides (.environmentObject, .environment, provider helpers; dashed when FlowLint cannot judge it) \
            and what each view reads, with the objects some root shows a reader without. The project and its \
            targets are read as `flowlint lint` reads them: an edge no build compiles is not drawn. Render DOT \
            with Graphviz (`flowlint graph | dot -Tsvg -o graph.svg`); Mermaid renders in GitHub Markdown \
            (without the files: a Mermaid tooltip needs a link or a script). \
            Exit status: 0, or 2 for a usage or configuration error (a nonexistent PATH, a --root that names \
            no root or view).
            """
    )

    @Argument(help: ArgumentHelp("A directory or file of the project (default: the working directory).", valueName: "PATH"))
    var path: String = "."

    @Option(help: ArgumentHelp("Output format: dot or mermaid.", valueName: "FORMAT"))
    var format: String = "dot"

    @Option(help: ArgumentHelp("Only what the app, preview provider or view of this name (simple or qualified) shows, and only what it misses in red.", valueName: "NAME"))
    var root: String?

    @Option(help: ArgumentHelp("Configuration file (default: the .flowlint.yml found from PATH).", valueName: "FILE"))
    var config: String?

    @Flag(name: .customLong("no-targets"), help: "Do not read the project's Xcode projects and Swift packages: draw every Swift file's views, for every platform (as flowlint lint --no-targets).")
    var noTargets = false

    @Option(name: .customLong("configuration"), help: ArgumentHelp("The build configuration whose settings (compilation conditions) are read, as xcodebuild -configuration names it (default: Debug).", valueName: "NAME"))
    var buildConfiguration: String?

    @Flag(name: .customLong("no-cache"), help: "Do not read or write the facts cache.")
    var noCache = false

    func validate() throws {
        if path.isEmpty { throw ValidationError("PATH must not be empty") }
        if ViewGraphFormat(rawValue: format) == nil {
            throw ValidationError("unknown format '\(format)'; use one of: \(ViewGraphFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let config, config.isEmpty { throw ValidationError("--config needs a path, not an empty string") }
        if let root, root.isEmpty { throw ValidationError("--root needs a name") }
        if buildConfiguration?.isEmpty == true { throw ValidationError("--configuration needs a build configuration name") }
    }

    func run() throws {
        let absolute = Paths.absolute(path)
        guard FileDiscovery.exists(absolute) else {
            Console.error("error: no such file or directory: \(path)")
            throw ExitCode(ExitStatus.usageError)
        }
        let isDirectory = FileDiscovery.isDirectory(absolute, followingSymlinks: true)
        let projectRoot = ProjectRoot.find(for: absolute) ?? (isDirectory ? Paths.standardize(absolute) : nil)
        // The configuration `flowlint lint PATH` would use.
        var options = LintOptions()
        options.paths = [path]
        options.configurationPath = config
        let plan: ConfigurationPlan
        do {
            plan = try LintSession.configurations(for: options)
        } catch let error as ConfigurationError {
            Console.error(error.message)
            throw ExitCode(ExitStatus.usageError)
        }
        for warning in plan.warnings { Console.error(warning) }
        let configuration = plan.primary
        let project = LiveProject(root: projectRoot, file: isDirectory ? nil : Paths.standardize(absolute),
                                  configuration: configuration, cache: noCache ? .disabled : .automatic,
                                  readsTargets: !noTargets, buildConfiguration: buildConfiguration)
        for warning in project.modelWarnings { Console.error(Escaping.text(warning)) }
        guard let text = project.viewGraph(ViewGraphFormat(rawValue: format)!, root: root) else {
            Console.error("error: no app, preview provider or view named '\(root ?? "")' in the project")
            throw ExitCode(ExitStatus.usageError)
        }
        Console.output(text)
    }
}

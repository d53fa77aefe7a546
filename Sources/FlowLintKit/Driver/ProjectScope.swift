/// What a project is, decided in one place for every driver: `flowlint lint` (full and partial runs,
/// `--stdin-path`, and through it both plugins) and the editor workspace (`flowlint lsp`, `Workspace`). For a path
/// it gives the project root, the configuration that applies, and the project's member files with its model, so
/// the command line and the editor cannot disagree about any of them.
enum ProjectScope {
    /// The root of the project a path (absolute) belongs to: `explicit` (`--project`), else the nearest
    /// `.flowlint.yml`, git work tree top or outermost package or Xcode project above it (`ProjectRoot.find`).
    /// Nil when there is none: the file is linted alone.
    static func root(of absolutePath: String, explicit: String? = nil) -> String? {
        explicit.map { Paths.absolute($0) } ?? ProjectRoot.find(for: absolutePath)
    }

    /// The configuration file that applies to a path (absolute): `explicit` (`--config`), else the `.flowlint.yml`
    /// at or above it, up to the top of its git work tree. Nil: the defaults apply.
    static func configurationFile(for absolutePath: String, explicit: String? = nil) -> String? {
        explicit ?? ProjectRoot.configurationFile(for: absolutePath)
    }

    /// The configuration in `file`, or the defaults (rooted at `defaultsDirectory`) without one. `shownRelativeTo`:
    /// the directory the file's path is shown relative to in messages (the working directory on the command
    /// line); nil shows it as found. `found`: the file was found above an input, not named by the user (it must
    /// then be a regular file, `Configuration.load`). Throws `ConfigurationError` when it cannot be read or is
    /// invalid.
    static func configuration(file: String?, found: Bool, defaultsDirectory: String, shownRelativeTo: String? = nil) throws -> Configuration {
        guard let file else { return Configuration(rootDirectory: Paths.standardize(defaultsDirectory)) }
        return try Configuration.load(path: shownRelativeTo.map { Paths.display(file, workingDirectory: $0) } ?? file, found: found)
    }

    /// The project at `root`: every Swift file a full run of the root lints (found as a directory search finds
    /// them: the skipped directories, git's ignores and the configuration's `excluded` apply), and, when
    /// `readsTargets` and the configuration does not say `targets: false`, what its packages and Xcode projects
    /// say (the build configuration given, else the configuration's, else Debug). Files the model knows no target
    /// compiles are dropped (they give no facts; `CompiledFiles`). `alsoLinted` (absolute paths): files linted
    /// besides the search (a file named on the command line, standard input's path, an editor's buffers), which
    /// the model's targets are matched against too. `skipping`: directories not to search (searched already as
    /// inputs of the same run), whose project bundles are `alsoBundles`. Display paths are relative to
    /// `workingDirectory` (the command line's; the root for an editor's workspace). `cache` keeps the model by the
    /// project files' contents.
    static func members(root: String, configuration: Configuration, workingDirectory: String, respectingGitIgnores: Bool,
                        readsTargets: Bool, buildConfiguration: String?, alsoLinted: [String] = [],
                        skipping: Set<String> = [], alsoBundles: [String] = [], listings: DirectoryListings? = nil,
                        cache: FactsCache? = nil) -> ProjectMembers {
        var members = ProjectMembers()
        let discovery = try? FileDiscovery.discover(paths: [root], configuration: configuration, workingDirectory: workingDirectory,
                                                    skipping: skipping, listings: listings,
                                                    respectingGitIgnores: respectingGitIgnores)
        members.files = discovery?.files ?? []
        guard readsTargets && configuration.readsTargets else { return members }
        var swiftFiles = alsoLinted
        let named = Set(alsoLinted)
        swiftFiles += members.files.map(\.absolutePath).filter { !named.contains($0) }
        let bundles = (alsoBundles + (discovery?.projectBundles ?? [])).filter { Paths.relative($0, to: root) != nil }
        let model = ProjectModel.load(root: root, swiftFiles: swiftFiles, bundles: bundles,
                                      buildConfiguration: buildConfiguration ?? configuration.buildConfiguration
                                        ?? ProjectModel.defaultBuildConfiguration,
                                      cache: cache)
        members.warnings = model.warnings
        guard !model.isEmpty else { return members }
        members.model = model
        let membership = CompiledFiles(model)
        members.membership = membership
        members.files.removeAll { membership.isNotCompiled($0.absolutePath) }
        return members
    }
}

/// A project's member files and model (see `ProjectScope.members`).
struct ProjectMembers {
    /// The Swift files that give facts, sorted by display path.
    var files: [DiscoveredFile] = []
    /// What the project's packages and Xcode projects say; nil when not read or when they declare no target.
    var model: ProjectModel?
    /// Which files the model knows are not compiled; nil without a model.
    var membership: CompiledFiles?
    /// The model loaders' warnings, one line each, their paths relative to the root.
    var warnings: [String] = []
}

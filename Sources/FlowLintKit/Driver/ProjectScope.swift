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
    /// line); nil shows it as found. Throws `ConfigurationError` when the file cannot be read or is invalid.
    static func configuration(file: String?, defaultsDirectory: String, shownRelativeTo: String? = nil) throws -> Configuration {
        guard let file else { return Configuration(rootDirectory: Paths.standardize(defaultsDirectory)) }
        return try Configuration.load(path: shownRelativeTo.map { Paths.display(file, workingDirectory: $0) } ?? file)
    }

    /// The project at `root`: every Swift file a full run of the root lints (found as a directory search finds
    /// them: the skipped directories, git's ignores and the configuration's `excluded` apply), and, when
    /// `readsTargets`, what its packages and Xcode projects say. A complete model drops the files no target
    /// compiles (they give no facts). `alsoLinted` (absolute paths): files linted besides the search (a file named
    /// on the command line, standard input's path, an editor's buffers), which the model's targets are matched
    /// against too. `skipping`: directories not to search (searched already as inputs of the same run). Display
    /// paths are relative to `workingDirectory` (the command line's; the root for an editor's workspace).
    static func members(root: String, configuration: Configuration, workingDirectory: String, respectingGitIgnores: Bool,
                        readsTargets: Bool, buildConfiguration: String?, alsoLinted: [String] = [],
                        skipping: Set<String> = [], listings: DirectoryListings? = nil) -> ProjectMembers {
        var members = ProjectMembers()
        members.files = (try? FileDiscovery.discover(paths: [root], configuration: configuration, workingDirectory: workingDirectory,
                                                     skipping: skipping, listings: listings,
                                                     respectingGitIgnores: respectingGitIgnores))?.files ?? []
        guard readsTargets else { return members }
        let swiftFiles = Set(members.files.map(\.absolutePath)).union(alsoLinted)
        let model = ProjectModel.load(root: root, buildConfiguration: buildConfiguration ?? ProjectModel.defaultBuildConfiguration,
                                      files: SwiftFileSet(Array(swiftFiles)))
        members.warnings = model.warnings
        guard !model.isEmpty else { return members }
        members.model = model
        if model.isComplete {
            // A file no target compiles gives no facts: it is no part of any build. A package's manifest is compiled
            // apart, against PackageDescription: not app code either.
            let compiled = Set(model.targets.flatMap(\.files))
            members.compiled = compiled
            members.manifests = Set(model.manifests.filter { $0.hasSuffix(".swift") }.map { Paths.join(root, $0) })
            members.files.removeAll { !compiled.contains($0.absolutePath) }
        }
        return members
    }
}

/// A project's member files and model (see `ProjectScope.members`).
struct ProjectMembers {
    /// The Swift files that give facts, sorted by display path.
    var files: [DiscoveredFile] = []
    /// What the project's packages and Xcode projects say; nil when not read or when they declare no target.
    var model: ProjectModel?
    /// Absolute paths of the files some target compiles; nil unless the model is complete (then every other Swift
    /// file is in no target).
    var compiled: Set<String>?
    /// Absolute paths of the package manifests (`Package.swift`) the model read.
    var manifests: Set<String> = []
    /// The model loaders' warnings, one line each.
    var warnings: [String] = []

    /// Whether a complete model says no target compiles this file (absolute path).
    func isInNoTarget(_ absolutePath: String) -> Bool {
        compiled.map { !$0.contains(absolutePath) } ?? false
    }
}

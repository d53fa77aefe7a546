/// What `flowlint project` prints: the model FlowLint read for a root (targets with their file counts, modules,
/// platforms, deployment targets and conditions), the Swift files of the root that no target compiles, and the
/// loaders' warnings. Text for people, JSON (`version: 1`, keys in a fixed order) for tools.
public struct ProjectDescription: Sendable {
    let model: ProjectModel
    /// Swift files under the root (as a lint finds them) that no target lists, relative to the root.
    let filesInNoTarget: [String]
    /// Swift files no target lists outside the directories the project files govern (`ProjectModel.regions`):
    /// linted as without a model. Relative to the root.
    let filesOutsideProjects: [String]
    let swiftFileCount: Int

    /// The model of the project `path` belongs to (found as `flowlint lint` finds it; a directory with no project
    /// marker above it is its own root), and the Swift files a lint of that root finds (the configuration's
    /// excludes and `.gitignore` apply) that no target compiles.
    public init(path: String, configuration: Configuration, buildConfiguration: String? = nil, respectingGitIgnores: Bool = true) {
        let absolute = Paths.absolute(path)
        let isDirectory = FileDiscovery.isDirectory(absolute, followingSymlinks: true)
        let root = ProjectRoot.find(for: absolute) ?? Paths.standardize(isDirectory ? absolute : Paths.parent(absolute))
        let discovery = try? FileDiscovery.discover(paths: [root], configuration: configuration,
                                                    respectingGitIgnores: respectingGitIgnores)
        self.init(root: root, swiftFiles: discovery?.files.map(\.absolutePath) ?? [], bundles: discovery?.projectBundles ?? [],
                  buildConfiguration: buildConfiguration)
    }

    /// The model of the project at `root` (absolute), and the files `swiftFiles` (absolute) holds that no target
    /// compiles.
    init(root: String, swiftFiles: [String], bundles: [String], buildConfiguration: String? = nil) {
        let model = ProjectModel.load(root: root, swiftFiles: swiftFiles, bundles: bundles,
                                      buildConfiguration: buildConfiguration ?? ProjectModel.defaultBuildConfiguration)
        self.model = model
        // A package's manifest is compiled apart, against PackageDescription: it is in no target, and no app code.
        let manifests = Set(model.manifests.map { Paths.join(root, $0) })
        let inTargets = Set(model.targets.flatMap(\.files)).union(manifests)
        let relative = { (path: String) in Paths.relative(path, to: root).map { $0.isEmpty ? "." : $0 } ?? path }
        let unlisted = model.isEmpty ? [] : swiftFiles.filter { !inTargets.contains($0) }
        let regions = GovernedRegions(model.regions)
        filesInNoTarget = unlisted.filter { regions.governs($0) }.map(relative).sorted()
        filesOutsideProjects = unlisted.filter { !regions.governs($0) }.map(relative).sorted()
        swiftFileCount = swiftFiles.filter { !manifests.contains($0) }.count
    }

    /// What the loaders could not read (the warnings a lint prints, then the details only this command shows),
    /// for standard error.
    public var warnings: [String] { model.warnings + model.notes }

    public func text() -> String {
        var lines: [String] = []
        lines.append("Project \(Escaping.text(model.root)) (\(Escaping.text(model.buildConfiguration)) configuration)")
        if model.isEmpty {
            lines.append("  no Xcode project or Swift package found: every Swift file is linted, for every platform")
        }
        for target in model.targets {
            lines.append("")
            lines.append("target \(Escaping.text(target.name)) (\(target.kind.rawValue), module \(Escaping.text(target.module))) "
                         + "in \(Escaping.text(target.manifest)): \(target.files.count) Swift file\(target.files.count == 1 ? "" : "s")")
            let platforms = target.platforms.isEmpty ? "every platform (none stated)"
                : target.platforms.map { p in p.platform.rawValue + (p.minimum.map { " \($0)" } ?? "") }.joined(separator: ", ")
            lines.append("  platforms: \(platforms)")
            for entry in target.conditions {
                let on = entry.platform.map { " on \($0.rawValue)" } ?? ""
                let flags = entry.conditions.isEmpty ? "none" : entry.conditions.map(Escaping.text).joined(separator: " ")
                lines.append("  conditions\(on): \(flags)")
            }
            if let mode = target.languageMode { lines.append("  Swift language mode: \(Escaping.text(mode))") }
            if let isolation = target.defaultIsolation { lines.append("  default isolation: \(Escaping.text(isolation))") }
            if !target.dependencies.isEmpty {
                // Another manifest's target is named with its manifest.
                let names = target.dependencies.map { id in id.hasPrefix(target.manifest + ":") ? String(id.dropFirst(target.manifest.count + 1)) : id }
                lines.append("  depends on: \(names.map(Escaping.text).joined(separator: ", "))")
            }
            if !target.productDependencies.isEmpty {
                lines.append("  products of packages outside the project: "
                             + target.productDependencies.map(Self.describe).map(Escaping.text).joined(separator: ", "))
            }
        }
        if !model.isEmpty {
            lines.append("")
            lines.append("\(filesInNoTarget.count) of \(swiftFileCount) Swift file\(swiftFileCount == 1 ? "" : "s") in no target"
                         + (filesInNoTarget.isEmpty ? "" : ":"))
            for file in filesInNoTarget { lines.append("  \(Escaping.text(file))") }
            if !filesOutsideProjects.isEmpty {
                lines.append("\(filesOutsideProjects.count) Swift file\(filesOutsideProjects.count == 1 ? "" : "s") that no project file read "
                             + "describes (outside their directories, or in one that could not be read): linted for every platform")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Nuke (Nuke)`, `Seeds`: a product and the package it was asked from.
    static func describe(_ product: ProductDependency) -> String {
        product.package.map { "\(product.product) (\(Paths.lastComponent($0)))" } ?? product.product
    }

    public func json() -> String {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        func product(_ d: ProductDependency) -> JSONValue {
            .object([("product", .string(d.product)), ("package", d.package.map(JSONValue.string) ?? .null)])
        }
        let targets: [JSONValue] = model.targets.map { target in
            .object([
                ("name", .string(target.name)),
                ("module", .string(target.module)),
                ("kind", .string(target.kind.rawValue)),
                ("manifest", .string(target.manifest)),
                ("platforms", .array(target.platforms.map { p in
                    .object([("platform", .string(p.platform.rawValue)), ("minimum", p.minimum.map { .string($0.description) } ?? .null)])
                })),
                ("conditions", .array(target.conditions.map { c in
                    .object([("platform", c.platform.map { .string($0.rawValue) } ?? .null), ("conditions", strings(c.conditions))])
                })),
                ("languageMode", target.languageMode.map(JSONValue.string) ?? .null),
                ("defaultIsolation", target.defaultIsolation.map(JSONValue.string) ?? .null),
                ("dependencies", strings(target.dependencies)),
                ("externalProducts", .array(target.productDependencies.map(product))),
                ("files", strings(target.files.map { Paths.relative($0, to: model.root) ?? $0 })),
            ])
        }
        return JSONValue.object([
            ("version", .int(1)),
            ("root", .string(model.root)),
            ("buildConfiguration", .string(model.buildConfiguration)),
            ("manifests", strings(model.manifests)),
            ("complete", .bool(model.isComplete)),
            ("targets", .array(targets)),
            ("filesInNoTarget", strings(filesInNoTarget)),
            ("filesOutsideProjects", strings(filesOutsideProjects)),
            ("warnings", strings(model.warnings)),
            ("notes", strings(model.notes)),
        ]).rendered()
    }
}

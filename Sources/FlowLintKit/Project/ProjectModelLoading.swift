#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The project files of a root and how they are read into one `ProjectModel`.
extension ProjectModel {
    /// The project files of a root: the `Package.swift` files among its Swift files and the `*.xcodeproj` /
    /// `*.xcworkspace` bundles (their `project.pbxproj`, their `contents.xcworkspacedata`), as the run's discovery
    /// found them (`DiscoveryResult.projectBundles`): what git ignores, the configuration excludes and the
    /// directories discovery never enters hold none. Absolute paths, sorted.
    struct Manifests: Sendable, Equatable {
        var packages: [String] = []
        var projects: [String] = []
        var workspaces: [String] = []

        var isEmpty: Bool { packages.isEmpty && projects.isEmpty && workspaces.isEmpty }

        init(swiftFiles: [String], bundles: [String]) {
            packages = swiftFiles.filter { Paths.lastComponent($0) == "Package.swift" }.sorted()
            projects = bundles.filter { $0.hasSuffix(".xcodeproj") }.sorted()
            workspaces = bundles.filter { $0.hasSuffix(".xcworkspace") }.sorted()
        }
    }

    /// The model of the project at `root`, from the Swift files and project bundles a search of the root found
    /// (`FileDiscovery.discover`). Never fails: what cannot be read is a warning, and the region of its project
    /// file is then not known (`regions`).
    static func load(root: String, swiftFiles: [String], bundles: [String],
                     buildConfiguration: String = defaultBuildConfiguration, cache: FactsCache? = nil) -> ProjectModel {
        let manifests = Manifests(swiftFiles: swiftFiles, bundles: bundles)
        guard let cache else {
            return load(root: root, manifests: manifests, buildConfiguration: buildConfiguration, files: SwiftFileSet(swiftFiles))
        }
        // The model depends on the project files' contents, on which Swift files exist (targets' folders are
        // matched against them) and on the build configuration: the key covers the last two, and the stored model
        // lists its input files with their stamps and contents' hashes, checked before it is used.
        let files = swiftFiles.sorted()
        var key = FastHash.hash("configuration=\(buildConfiguration)")
        for path in manifests.packages + manifests.projects + manifests.workspaces + ["--"] + files {
            var path = path
            key = path.withUTF8 { FastHash.hash(UnsafeRawBufferPointer($0), seed: key &+ 0x9E37_79B9_7F4A_7C15) }
        }
        if let stored = cache.storedModel, stored.key == key,
           let cached = try? CompactCoding.decode(CachedModel.self, from: stored.bytes),
           cached.inputs.allSatisfy({ $0.isUnchanged(runStart: cache.runStart) }),
           let model = cached.model(files: files) {
            return model
        }
        let model = load(root: root, manifests: manifests, buildConfiguration: buildConfiguration, files: SwiftFileSet(files))
        let inputs = model.inputs.map { CachedModel.Input(path: $0) }
        cache.modelToSave = (key, CompactCoding.encode(CachedModel(model, inputs: inputs, files: files)))
        return model
    }

    /// What the facts cache keeps of a model: the model with each target's files as positions in the run's sorted
    /// Swift files (the key fixes that list, and positions decode without building a string per file), and the
    /// files it was read from, each with what `stat` said of it and the hash of its contents (0 for a file that
    /// could not be read: its appearing changes the model too).
    struct CachedModel: Codable {
        struct Input: Codable {
            var path: String
            var size: UInt64
            var stamp: [Int]
            var hash: UInt64

            init(path: String) {
                self.path = path
                (size, stamp) = Self.status(path)
                hash = Self.contentHash(path)
            }

            /// The same stamp, when the file was settled then, says the contents are the same; otherwise they are
            /// read again and compared.
            func isUnchanged(runStart: timespec) -> Bool {
                let (size, stamp) = Self.status(path)
                if size == self.size, stamp == self.stamp, stamp.count == 5,
                   FileStamp(mtime: stamp[0], mtimeNanos: stamp[1], ctime: stamp[2], ctimeNanos: stamp[3], inode: UInt64(stamp[4]))
                    .isSettled(before: runStart) { return true }
                return Self.contentHash(path) == hash
            }

            static func status(_ path: String) -> (UInt64, [Int]) {
                var info = stat()
                guard stat(path, &info) == 0 else { return (0, []) }
                let s = FileStamp(info)
                return (UInt64(info.st_size), [s.mtime, s.mtimeNanos, s.ctime, s.ctimeNanos, Int(s.inode)])
            }

            static func contentHash(_ path: String) -> UInt64 {
                guard case .text(let bytes) = FileReader.read(path) else { return 0 }
                return FastHash.hash(bytes) | 1
            }
        }

        var inputs: [Input]
        /// The model, its targets' `files` emptied.
        var model: ProjectModel
        /// Per target, its files' positions in the sorted Swift files.
        var targetFiles: [[UInt32]]
        /// Files of targets that are not among the Swift files found (a target's explicit file that discovery did
        /// not list): kept by path.
        var otherFiles: [[String]]

        init(_ model: ProjectModel, inputs: [Input], files: [String]) {
            self.inputs = inputs
            var positions: [String: UInt32] = [:]
            positions.reserveCapacity(files.count)
            for (i, file) in files.enumerated() { positions[file] = UInt32(i) }
            var stripped = model
            targetFiles = []
            otherFiles = []
            for t in stripped.targets.indices {
                var found: [UInt32] = [], other: [String] = []
                for file in stripped.targets[t].files {
                    if let p = positions[file] { found.append(p) } else { other.append(file) }
                }
                targetFiles.append(found)
                otherFiles.append(other)
                stripped.targets[t].files = []
            }
            self.model = stripped
        }

        /// The model with its targets' files back, or nil when the positions do not fit `files`.
        func model(files: [String]) -> ProjectModel? {
            guard targetFiles.count == model.targets.count, otherFiles.count == model.targets.count else { return nil }
            var model = self.model
            for t in model.targets.indices {
                var list: [String] = []
                list.reserveCapacity(targetFiles[t].count + otherFiles[t].count)
                for p in targetFiles[t] {
                    guard Int(p) < files.count else { return nil }
                    list.append(files[Int(p)])
                }
                list += otherFiles[t]
                model.targets[t].files = list.count == targetFiles[t].count ? list : list.sorted()
            }
            return model
        }
    }

    /// `files`: the Swift files a lint found under the root, which targets' directories are matched against; nil
    /// to list the directories.
    static func load(root: String, manifests: Manifests, buildConfiguration: String, files: SwiftFileSet? = nil) -> ProjectModel {
        var model = ProjectModel(root: root, buildConfiguration: buildConfiguration)
        // Workspaces add the projects and packages they list (usually found under the root already).
        var projects = manifests.projects
        var packages = manifests.packages
        for workspace in manifests.workspaces {
            let listed = XcodeWorkspaceLoader.projects(in: workspace, root: root)
            model.note(warnings: listed.warnings, complete: listed.isComplete, manifest: Paths.join(workspace, "contents.xcworkspacedata"))
            projects += listed.projects
            packages += listed.packages.map { Paths.join($0, "Package.swift") }
        }
        var seenProjects: Set<String> = []
        for project in projects where seenProjects.insert(Paths.standardize(project)).inserted {
            let result = XcodeProjectLoader.load(project: project, root: root, buildConfiguration: buildConfiguration, files: files)
            model.add(result.targets, warnings: result.warnings, complete: result.isComplete, manifest: Paths.join(project, "project.pbxproj"))
            model.regions.append(ProjectRegion(directory: Paths.parent(Paths.standardize(project)), isComplete: result.isComplete))
            model.inputs += result.inputs
            packages += result.localPackages.map { Paths.join($0, "Package.swift") }
        }
        var seenPackages: Set<String> = []
        for package in packages where seenPackages.insert(Paths.standardize(package)).inserted {
            guard FileDiscovery.exists(package) else { continue } // a package a project or workspace names but that is not there
            let result = PackageManifestLoader.load(manifest: package, root: root, buildConfiguration: buildConfiguration, files: files)
            model.add(result.targets, warnings: result.warnings, complete: result.isComplete, manifest: package)
            model.products += result.products
            // A package governs its targets' directories (a fallback to the layout, being a guess, governs nothing).
            if result.isComplete {
                model.regions += result.directories.map { ProjectRegion(directory: $0, isComplete: true) }
            }
        }
        model.resolveDependencyNames()
        model.resolveProductDependencies()
        model.targets.sort { ($0.manifest, $0.name) < ($1.manifest, $1.name) }
        model.inputs = Array(Set(model.inputs)).sorted()
        return model
    }

    /// An Xcode target names the targets it depends on (of its project, or of another project of the workspace):
    /// each becomes the `id` of the target of that name in the same project, else of the one target of the model
    /// with that name.
    mutating func resolveDependencyNames() {
        let ids = Set(targets.map(\.id))
        var byName: [String: [String]] = [:]
        for target in targets { byName[target.name, default: []].append(target.id) }
        for t in targets.indices {
            targets[t].dependencies = targets[t].dependencies.compactMap { dependency in
                if ids.contains(dependency) { return dependency }
                let sameManifest = "\(targets[t].manifest):\(dependency)"
                if ids.contains(sameManifest) { return sameManifest }
                let others = byName[dependency] ?? []
                return others.count == 1 ? others[0] : nil
            }.sorted()
        }
    }

    /// Turns each product dependency on a package of the model into dependencies on the product's targets; the
    /// others (remote packages) are kept as they are.
    mutating func resolveProductDependencies() {
        var idsByPackage: [String: [String: String]] = [:]  // package directory → target name → id
        for target in targets {
            let directory = Paths.parent(Paths.join(root, target.manifest))
            idsByPackage[directory, default: [:]][target.name] = target.id
        }
        for t in targets.indices where !targets[t].productDependencies.isEmpty {
            var unresolved: [ProductDependency] = []
            var dependencies = Set(targets[t].dependencies)
            for dependency in targets[t].productDependencies {
                let named = products.filter { $0.name == dependency.product }
                let product: PackageProduct?
                if let package = dependency.package {
                    product = named.first { product in
                        product.packageDirectory == package
                            || Paths.lastComponent(product.packageDirectory).lowercased() == package.lowercased()
                            || product.packageName?.lowercased() == package.lowercased()
                    }
                } else {
                    // A package the project does not name (a folder dragged into an Xcode project): by the product's
                    // name, when one package of the model has it.
                    product = named.count == 1 ? named[0] : nil
                }
                guard let product, let ids = idsByPackage[product.packageDirectory] else { unresolved.append(dependency); continue }
                for name in product.targets { if let id = ids[name] { dependencies.insert(id) } }
            }
            targets[t].dependencies = dependencies.sorted()
            targets[t].productDependencies = unresolved
        }
    }

    private mutating func add(_ newTargets: [BuildTarget], warnings newWarnings: [String], complete: Bool, manifest: String) {
        targets += newTargets
        note(warnings: newWarnings, complete: complete, manifest: manifest)
    }

    private mutating func note(warnings newWarnings: [String], complete: Bool, manifest: String) {
        // A project file read completely lost no file: what its loader says is a detail, for `flowlint project`.
        if complete { notes += newWarnings } else { warnings += newWarnings }
        isComplete = isComplete && complete
        inputs.append(manifest)
        if let relative = Paths.relative(manifest, to: root), !relative.isEmpty { manifests.append(relative) } else { manifests.append(manifest) }
        manifests.sort()
    }
}

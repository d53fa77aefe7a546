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

/// Reads an Xcode project (`X.xcodeproj/project.pbxproj`) without Xcode: its native targets with their Swift
/// files, module, platforms, deployment targets, active compilation conditions, language mode, default actor
/// isolation, target dependencies and local package products.
///
/// The file is an old-style property list, read by `PropertyListReader`.
/// Files come from each target's Sources build phase (file references resolved through the group tree) and from
/// the Xcode 16 folders it lists (`PBXFileSystemSynchronizedRootGroup`: every Swift file below, minus that
/// target's membership exceptions; a folder's exceptions for a target that does not list the folder add those
/// files to it). Settings are layered as Xcode layers them (`BuildSettings`), `.xcconfig` files included.
///
/// What cannot be read is not guessed: a project file that does not parse, has no root object or holds values of
/// the wrong type gives a warning and an incomplete result (its files in no target are still linted, as without
/// a model). A setting that cannot be evaluated leaves its field nil.
enum XcodeProjectLoader {
    struct Result {
        var targets: [BuildTarget] = []
        var warnings: [String] = []
        var isComplete = true
        /// Every file whose contents (or absence) shaped the result, absolute, sorted: the `project.pbxproj`, the
        /// `.xcconfig` files read, and optional `#include?` files that do not exist. The model's cache key.
        var inputs: [String] = []
        /// Directories of the local Swift packages the project refers to (absolute, sorted): those it names
        /// (`XCLocalSwiftPackageReference`) and package folders in its group tree. The model's builder reads
        /// their `Package.swift` and resolves targets' `productDependencies` to their targets.
        var localPackages: [String] = []
    }

    /// A larger `project.pbxproj` is not read (the same limit as a Swift input, `FileReader`): a 7.5 MB project
    /// (40,000 files) takes `flowlint project` 0.35 s of CPU and 73 MB (0.7 s and 89 MB with Foundation's parser,
    /// used before `PropertyListReader`), and the largest projects of real apps are well under it (0.5 MB among
    /// 26 open-source apps).
    static var maximumProjectSize: Int { FileReader.maximumInputSize }
    /// Groups nest at most this deep (real projects: under 20).
    static let maximumGroupDepth = 256
    /// At most this many problems of the same project are listed; then a count of the rest.
    static let maximumProblems = 20

    /// `project`: the absolute path of an `X.xcodeproj`; `root`: the model's root, which `BuildTarget.manifest` and
    /// the paths in warnings are relative to; `buildConfiguration`: the configuration whose settings are read
    /// (the project's default configuration, with a warning, when it has none of that name).
    /// `files`: the Swift files a lint found, which synchronized folders are matched against (nil: the folders are
    /// listed).
    static func load(project: String, root: String, buildConfiguration: String = ProjectModel.defaultBuildConfiguration,
                     files: SwiftFileSet? = nil) -> Result {
        let project = Paths.standardize(project)
        let pbxproj = Paths.join(project, "project.pbxproj")
        let shown = display(pbxproj, root: root)
        var result = Result()
        result.inputs = [pbxproj]
        func fail(_ message: String) -> Result {
            result.warnings.append("\(shown): warning: \(message); the files of its targets are not known")
            result.isComplete = false
            return result
        }
        let bytes: [UInt8]
        switch FileReader.read(pbxproj) {
        case .text(let text): bytes = text
        case .binary: return fail("is not a text file")
        case .tooLarge: return fail("is larger than \(maximumProjectSize >> 20) MiB and is not read")
        case .unreadable(let reason): return fail("cannot be read (\(reason))")
        }
        let plist: Any
        switch PropertyListReader.parse(bytes) {
        case .success(let value): plist = value
        case .failure(let reason): return fail("is not a valid property list (\(reason))")
        }
        guard let top = plist as? PBXObject else { return fail("is not a dictionary") }
        guard let objects = top["objects"] as? PBXObject else { return fail("has no 'objects' dictionary") }
        guard let rootID = top["rootObject"] as? String, let rootObject = objects[rootID] as? PBXObject,
              rootObject["isa"] as? String == "PBXProject"
        else { return fail("has no root object of type PBXProject") }

        var loader = Loader(project: project, root: root, shown: shown, buildConfiguration: buildConfiguration,
                            graph: ObjectGraph(objects: objects), rootID: rootID, rootObject: rootObject)
        loader.known = files
        loader.run()
        result.targets = loader.targets
        result.warnings = loader.warnings.map { "\($0.path): warning: \($0.message)" }
        if loader.problems.count > 0 {
            var listed = loader.problems.prefix(maximumProblems).map { "\(shown): warning: \($0)" }
            if loader.problems.count > maximumProblems {
                listed.append("\(shown): warning: \(loader.problems.count - maximumProblems) more problems of the same kind")
            }
            result.warnings += listed
            result.isComplete = false
        }
        result.inputs = (result.inputs + loader.inputs).uniqueSorted()
        result.localPackages = loader.localPackages.uniqueSorted()
        return result
    }

    static func display(_ path: String, root: String) -> String {
        Paths.relative(path, to: root).map { $0.isEmpty ? path : $0 } ?? path
    }

    /// The kind of a target by its `productType`.
    static func kind(productType: String?) -> BuildTarget.Kind {
        guard let type = productType?.replacing("com.apple.product-type.", with: "") else { return .other }
        if type.hasPrefix("application") { return .app } // apps, watch apps, App Clips, iMessage apps
        if type.hasPrefix("app-extension") || type.hasPrefix("extensionkit-extension") || type.hasPrefix("watchkit")
            || type.hasPrefix("tv-app-extension") || type == "system-extension" { return .appExtension }
        if type.hasPrefix("framework") { return .framework }
        if type.hasPrefix("library.") { return .library }
        if type == "tool" { return .executable }
        if type.hasPrefix("bundle.unit-test") || type.hasPrefix("bundle.ui-testing") || type.hasPrefix("bundle.ocunit-test") { return .test }
        return .other
    }

    /// The platform an `SDKROOT` names: `iphoneos`, `macosx`, `iphoneos17.2`, a path to `iPhoneOS.sdk`.
    static func platform(sdkRoot: String) -> ApplePlatform? {
        let name = Paths.lastComponent(sdkRoot).lowercased()
        let letters = name.prefix { $0.isLetter }
        return ApplePlatform(sdk: String(letters))
    }

    /// `5.0` → `5`, `6` → `6`, `4.2` → `4.2`; nil for anything that is not a version.
    static func languageMode(_ swiftVersion: String) -> String? {
        guard let version = OSVersion(swiftVersion.trimmingBlanks()) else { return nil }
        return version.components.map(String.init).joined(separator: ".")
    }

    /// An identifier: a condition name `#if` can test, a module name.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || $0.properties.numericType == .decimal }
    }
}

private extension Array where Element == String {
    func uniqueSorted() -> [String] { Array(Set(self)).sorted() }
}

/// An object of a project file as Foundation gives it: read as it is, since converting each to `[String: Any]`
/// would copy every dictionary (a third of the load of a large project).
private typealias PBXObject = [AnyHashable: Any]

/// The `objects` of a project file, read by id, with the checks of what each value must be.
private struct ObjectGraph {
    let objects: PBXObject
    /// Values of the wrong type found, each once: "PBXGroup A1B2: 'children' is not a list".
    private(set) var problems: [String] = []
    private var seen: Set<String> = []

    init(objects: PBXObject) { self.objects = objects }

    /// The object of an id; nil for a dangling reference (Xcode drops those silently, and so does the loader).
    func object(_ id: String) -> PBXObject? { objects[id] as? PBXObject }

    func isa(_ id: String) -> String? { object(id)?["isa"] as? String }

    mutating func string(_ object: PBXObject, _ key: String, of id: String) -> String? {
        guard let value = object[key] else { return nil }
        if let text = value as? String { return text }
        problem(id, object, "'\(key)' is not a string")
        return nil
    }

    /// A list of strings (ids, paths); a value of another type is a problem, and counts as empty.
    mutating func strings(_ object: PBXObject, _ key: String, of id: String) -> [String] {
        guard let value = object[key] else { return [] }
        if let list = value as? [Any] {
            let strings = list.compactMap { $0 as? String }
            if strings.count != list.count { problem(id, object, "'\(key)' holds values that are not strings") }
            return strings
        }
        problem(id, object, "'\(key)' is not a list")
        return []
    }

    mutating func dictionary(_ object: PBXObject, _ key: String, of id: String) -> PBXObject? {
        guard let value = object[key] else { return nil }
        if let dictionary = value as? PBXObject { return dictionary }
        problem(id, object, "'\(key)' is not a dictionary")
        return nil
    }

    mutating func problem(_ id: String, _ object: PBXObject?, _ message: String) {
        let text = "\(object?["isa"] as? String ?? "object") \(id): \(message)"
        if seen.insert(text).inserted { problems.append(text) }
    }
}

/// One load: the project's group tree, settings and targets.
private struct Loader {
    let project: String
    let root: String
    let shown: String
    let buildConfiguration: String
    var graph: ObjectGraph
    let rootID: String
    let rootObject: PBXObject

    /// The directory `SOURCE_ROOT` paths start from: the project's directory, moved by `projectDirPath`.
    let sourceRoot: String
    /// The directory that holds the `.xcodeproj`.
    let projectDirectory: String

    var targets: [BuildTarget] = []
    var warnings: [(path: String, message: String)] = []
    var problems: [String] { graph.problems }
    /// The Swift files a lint found (see `SwiftFileLister`), nil to list folders.
    var known: SwiftFileSet?
    var inputs: [String] = []
    var localPackages: [String] = []

    /// What the loader needs of an object of the group tree, read from the property list once: each read of a
    /// value goes through Foundation's bridging, the larger part of the loader's own time.
    struct Node {
        var isa: String?
        var path: String?
        var sourceTree: String
        /// `lastKnownFileType`, else `explicitFileType` (`wrapper`, `folder`, `sourcecode.swift`).
        var fileType: String?
    }

    /// The objects of the group tree (and those outside it that a path was asked of), by id.
    private var nodes: [String: Node] = [:]
    /// Child → the group that lists it, for every object reachable from the main group.
    private var parents: [String: String] = [:]
    /// The file references of the group tree (ids), for package folders.
    private var fileReferences: [String] = []
    /// The synchronized folders of the group tree (ids), in the order found.
    private var synchronizedFolders: [String] = []
    /// Memo of `location(of:)`: nil inside when the object is not a source location.
    private var locations: [String: String?] = [:]
    /// Directory entries read by `spelledOnDisk`, by absolute path.
    private var directories: [String: Set<String>] = [:]
    /// `.xcconfig` files read, by absolute path.
    private var xcconfigs: [String: XCConfigReader.File] = [:]

    init(project: String, root: String, shown: String, buildConfiguration: String, graph: ObjectGraph,
         rootID: String, rootObject: PBXObject) {
        self.project = project
        self.root = root
        self.shown = shown
        self.buildConfiguration = buildConfiguration
        self.graph = graph
        self.rootID = rootID
        self.rootObject = rootObject
        projectDirectory = Paths.parent(project)
        var sourceRoot = projectDirectory
        if let dirPath = rootObject["projectDirPath"] as? String, !dirPath.isEmpty {
            sourceRoot = dirPath.hasPrefix("/") ? Paths.standardize(dirPath) : Paths.standardize(Paths.join(projectDirectory, dirPath))
        }
        self.sourceRoot = sourceRoot
    }

    mutating func warn(_ message: String) { warnings.append((shown, message)) }

    mutating func run() {
        buildGroupTree()
        let projectSettings = configuration(listOf: rootObject, id: rootID, owner: nil)
        let projectName = Paths.lastComponent(project).replacing(".xcodeproj", with: "")
        let targetIDs = graph.strings(rootObject, "targets", of: rootID)

        // Which target owns which build phase (for the synchronized folders' build-phase exceptions), and which
        // targets list which synchronized folder.
        var phaseOwner: [String: String] = [:]
        var foldersOf: [String: [String]] = [:]
        var nativeTargets: [(id: String, object: PBXObject, name: String)] = []
        var seenTargets: Set<String> = []
        for id in targetIDs where seenTargets.insert(id).inserted {
            guard let object = graph.object(id) else { continue }
            // Aggregate and legacy (external build tool) targets compile no Swift of their own.
            guard graph.isa(id) == "PBXNativeTarget" else { continue }
            guard let name = graph.string(object, "name", of: id), !name.isEmpty else {
                graph.problem(id, object, "has no name")
                continue
            }
            nativeTargets.append((id, object, name))
            for phase in graph.strings(object, "buildPhases", of: id) { phaseOwner[phase] = id }
            foldersOf[id] = graph.strings(object, "fileSystemSynchronizedGroups", of: id)
        }
        let additions = synchronizedFolderAdditions(phaseOwner: phaseOwner, foldersOf: foldersOf)
        let namesByID = Dictionary(nativeTargets.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })

        for (id, object, name) in nativeTargets {
            var target = BuildTarget(name: name, module: PackageManifestLoader.c99Name(name),
                                     kind: XcodeProjectLoader.kind(productType: object["productType"] as? String),
                                     manifest: shown)
            let targetSettings = configuration(listOf: object, id: id, owner: name, quietFallback: projectSettings?.name)
            var settings = BuildSettings()
            for level in [projectSettings, targetSettings] {
                guard let level else { continue }
                for (key, value) in level.xcconfig { settings.push(key: key, value: value) }
                settings.push(dictionary: level.settings)
            }
            let configurationName = targetSettings?.name ?? projectSettings?.name ?? buildConfiguration
            // The values Xcode gives these when the project does not set them.
            let builtins: [String: String] = [
                "TARGET_NAME": name, "PROJECT_NAME": projectName, "PRODUCT_NAME": "$(TARGET_NAME)",
                "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
                "SRCROOT": sourceRoot, "SOURCE_ROOT": sourceRoot, "PROJECT_DIR": sourceRoot,
                "PROJECT_FILE_PATH": project, "CONFIGURATION": configurationName,
            ]
            applySettings(settings, builtins: builtins, configuration: configurationName, to: &target)

            var files = Set(sourcesPhaseFiles(of: object, id: id))
            files.formUnion(synchronizedFolderFiles(target: id, folders: foldersOf[id] ?? []))
            files.formUnion(additions.added[id] ?? [])
            files.subtract(additions.removed[id] ?? [])
            target.files = files.sorted()

            target.dependencies = targetDependencies(of: object, id: id, namesByID: namesByID)
            target.productDependencies = packageProducts(of: object, id: id)
            targets.append(target)
        }
        collectLocalPackages()
    }

    // MARK: Groups and paths

    /// Records the parent of every object reachable from the main group, breadth first: each object is entered
    /// once, so a cycle of groups cannot loop. An object listed by two groups keeps its first place, as in Xcode;
    /// a group that lists one of its ancestors is a problem.
    mutating func buildGroupTree() {
        guard let main = graph.string(rootObject, "mainGroup", of: rootID) else {
            graph.problem(rootID, rootObject, "has no main group")
            return
        }
        var queue = [main]
        var entered: Set<String> = [main]
        var head = 0
        while head < queue.count {
            let group = queue[head]
            head += 1
            guard let object = graph.object(group) else { continue }
            for child in graph.strings(object, "children", of: group) {
                guard entered.insert(child).inserted else {
                    if isAncestor(child, of: group) {
                        graph.problem(group, object, "lists its own enclosing group \(child) (a cycle); that entry is ignored")
                    }
                    continue
                }
                parents[child] = group
                guard let childObject = graph.object(child) else { continue }
                let node = Self.node(childObject)
                nodes[child] = node
                switch node.isa {
                case "PBXFileReference": fileReferences.append(child)
                case "PBXFileSystemSynchronizedRootGroup": synchronizedFolders.append(child)
                default: if childObject["children"] != nil { queue.append(child) }
                }
            }
        }
    }

    static func node(_ object: PBXObject?) -> Node {
        Node(isa: object?["isa"] as? String, path: object?["path"] as? String,
             sourceTree: object?["sourceTree"] as? String ?? "<group>",
             fileType: object?["lastKnownFileType"] as? String ?? object?["explicitFileType"] as? String)
    }

    /// The node of an object, read now if it is not in the group tree.
    mutating func node(_ id: String) -> Node {
        if let known = nodes[id] { return known }
        let node = Self.node(graph.object(id))
        nodes[id] = node
        return node
    }

    func isAncestor(_ candidate: String, of group: String) -> Bool {
        var current: String? = group
        var steps = 0
        while let node = current, steps <= XcodeProjectLoader.maximumGroupDepth {
            if node == candidate { return true }
            current = parents[node]
            steps += 1
        }
        return false
    }

    /// The absolute path an object of the group tree stands for, or nil when it is not in the sources
    /// (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`, an unknown source tree). `<group>` paths are relative
    /// to the parent group's location (the source root for the main group), `SOURCE_ROOT` ones to the source root.
    mutating func location(of id: String) -> String? {
        // Walk up to the first object whose location is known or does not depend on a parent's.
        var chain: [String] = []
        var current = id
        var base: String?
        while true {
            if let known = locations[current] { base = known; break }
            if chain.count == XcodeProjectLoader.maximumGroupDepth {
                graph.problem(id, graph.object(id), "is nested more than \(XcodeProjectLoader.maximumGroupDepth) groups deep")
                for node in chain { locations[node] = .some(nil) }
                return nil
            }
            chain.append(current)
            let tree = node(current).sourceTree
            if tree != "<group>" { base = anchor(of: tree); break }
            guard let parent = parents[current] else { base = sourceRoot; break }
            current = parent
        }
        // Then down: each object's location is its base joined with its own path.
        for id in chain.reversed() {
            let value = base.map { join($0, node(id).path) }
            locations[id] = .some(value)
            base = value
        }
        return locations[id] ?? nil
    }

    func anchor(of sourceTree: String) -> String? {
        switch sourceTree {
        case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR": return sourceRoot
        case "<absolute>": return "/"
        default: return nil // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR, a custom source tree: not the project's sources
        }
    }

    func join(_ base: String, _ path: String?) -> String {
        guard let path, !path.isEmpty else { return base }
        return Paths.standardize(path.hasPrefix("/") ? path : Paths.join(base, path))
    }

    // MARK: Build settings

    struct Level {
        var name: String
        var settings: PBXObject
        var xcconfig: [(key: String, value: String)]
    }

    /// The configuration of an object's `buildConfigurationList` that is read: the one named
    /// `buildConfiguration`, else the list's default (with a warning), else the first.
    /// `quietFallback`: a configuration whose use as a fallback was already reported (the project's).
    mutating func configuration(listOf object: PBXObject, id: String, owner: String?, quietFallback: String? = nil) -> Level? {
        guard let listID = graph.string(object, "buildConfigurationList", of: id), let list = graph.object(listID) else { return nil }
        var byName: [(name: String, id: String, object: PBXObject)] = []
        for configID in graph.strings(list, "buildConfigurations", of: listID) {
            guard let config = graph.object(configID), let name = graph.string(config, "name", of: configID) else { continue }
            byName.append((name, configID, config))
        }
        let whose = owner.map { "target '\($0)'" } ?? "the project"
        let chosen: (name: String, id: String, object: PBXObject)
        if let exact = byName.first(where: { $0.name == buildConfiguration })
            ?? byName.first(where: { $0.name.lowercased() == buildConfiguration.lowercased() }) {
            chosen = exact
        } else if let fallback = byName.first(where: { $0.name == list["defaultConfigurationName"] as? String }) ?? byName.first {
            if fallback.name != quietFallback {
                warn("\(whose) has no '\(buildConfiguration)' build configuration; its '\(fallback.name)' settings are read")
            }
            chosen = fallback
        } else {
            warn("\(whose) has no build configuration; its settings are not known")
            return nil
        }
        var level = Level(name: chosen.name, settings: graph.dictionary(chosen.object, "buildSettings", of: chosen.id) ?? [:], xcconfig: [])
        if let path = xcconfigPath(of: chosen.object, id: chosen.id) {
            level.xcconfig = readXCConfig(path).assignments
        }
        return level
    }

    /// The `.xcconfig` a configuration is based on: a file reference, or (Xcode 16) a path inside a
    /// synchronized folder.
    mutating func xcconfigPath(of config: PBXObject, id: String) -> String? {
        if let reference = graph.string(config, "baseConfigurationReference", of: id) {
            return location(of: reference)
        }
        if let anchor = graph.string(config, "baseConfigurationReferenceAnchor", of: id),
           let relative = graph.string(config, "baseConfigurationReferenceRelativePath", of: id),
           let folder = location(of: anchor) {
            return Paths.standardize(Paths.join(folder, relative))
        }
        return nil
    }

    mutating func readXCConfig(_ path: String) -> XCConfigReader.File {
        if let known = xcconfigs[path] { return known }
        let root = self.root
        let file = XCConfigReader.read(path) { XcodeProjectLoader.display($0, root: root) }
        xcconfigs[path] = file
        inputs += file.inputs
        for problem in file.problems {
            warnings.append((problem.path.map { XcodeProjectLoader.display($0, root: root) } ?? shown, problem.message))
        }
        return file
    }

    /// Platforms, deployment targets, conditions, language mode, default isolation and module of a target. Each
    /// platform is evaluated for its device SDK (`iphoneos`, not `iphonesimulator`): a condition set only for a
    /// simulator SDK is not in the model. Language mode, isolation and module are read for the first platform.
    func applySettings(_ settings: BuildSettings, builtins: [String: String], configuration: String, to target: inout BuildTarget) {
        let neutral = BuildSettingScope(sdk: nil, configuration: configuration, builtins: builtins)
        var platforms = Set((settings.list("SUPPORTED_PLATFORMS", in: neutral) ?? []).compactMap(ApplePlatform.init(sdk:)))
        if platforms.isEmpty, let sdkRoot = settings.value("SDKROOT", in: neutral), let platform = XcodeProjectLoader.platform(sdkRoot: sdkRoot) {
            platforms.insert(platform)
        }
        // A Mac Catalyst build (`SUPPORTS_MACCATALYST`) compiles the iOS sources with `os(iOS)` true, and
        // "Designed for iPhone/iPad" on a Mac or Vision Pro runs the iOS build: neither adds a platform.
        let sorted = platforms.sorted()
        target.platforms = []
        target.conditions = []
        var scopes: [(ApplePlatform?, BuildSettingScope)] = sorted.map { platform in
            var builtins = builtins
            builtins["PLATFORM_NAME"] = platform.sdkNames[0]
            builtins["SDK_NAME"] = platform.sdkNames[0]
            return (platform, BuildSettingScope(sdk: platform.sdkNames[0], configuration: configuration, builtins: builtins))
        }
        if scopes.isEmpty { scopes = [(nil, neutral)] }
        for (platform, scope) in scopes {
            if let platform {
                let minimum = settings.value(platform.deploymentTargetSetting, in: scope).flatMap { OSVersion($0.trimmingBlanks()) }
                target.platforms.append(PlatformDeployment(platform: platform, minimum: minimum))
            }
            var conditions = settings.list("SWIFT_ACTIVE_COMPILATION_CONDITIONS", in: scope) ?? []
            conditions += PackageManifestLoader.definedConditions(in: settings.list("OTHER_SWIFT_FLAGS", in: scope) ?? [])
            target.conditions.append(PlatformConditions(platform: platform,
                                                        conditions: Set(conditions.filter(XcodeProjectLoader.isIdentifier)).sorted()))
        }
        let first = scopes[0].1
        if let module = settings.value("PRODUCT_MODULE_NAME", in: first)?.trimmingBlanks(), XcodeProjectLoader.isIdentifier(module) {
            target.module = module
        }
        target.languageMode = settings.value("SWIFT_VERSION", in: first).flatMap(XcodeProjectLoader.languageMode)
        switch settings.value("SWIFT_DEFAULT_ACTOR_ISOLATION", in: first)?.trimmingBlanks() {
        case "MainActor": target.defaultIsolation = "MainActor"
        case "nonisolated": target.defaultIsolation = "nonisolated"
        default: target.defaultIsolation = nil
        }
    }

    // MARK: Files

    /// The Swift files of a target's Sources build phases that exist.
    mutating func sourcesPhaseFiles(of object: PBXObject, id: String) -> [String] {
        var files: [String] = []
        for phaseID in graph.strings(object, "buildPhases", of: id) {
            guard let phase = graph.object(phaseID), phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
            for buildFileID in graph.strings(phase, "files", of: phaseID) {
                guard let buildFile = graph.object(buildFileID),
                      let reference = graph.string(buildFile, "fileRef", of: buildFileID) else { continue }
                // A localized or versioned group compiles its children.
                let isa = node(reference).isa
                let candidates = isa == "PBXFileReference" ? [reference]
                    : isa == "PBXVariantGroup" || isa == "XCVersionGroup" ? graph.strings(graph.object(reference) ?? [:], "children", of: reference)
                    : []
                for candidate in candidates {
                    guard let path = location(of: candidate), path.hasSuffix(".swift"), let found = spelledOnDisk(path) else { continue }
                    files.append(found)
                }
            }
        }
        return files
    }

    /// A source file's path as the disk spells it, or nil when no file is there. Xcode runs on a file system that
    /// ignores case, so a group's path may differ in case from its folder (`path = Components` for `components/`):
    /// Xcode compiles the file, and FlowLint must find it under the name its listing has (on any file system).
    /// Each directory is compared by its entries' names, ignoring case only when the exact name is not there; a
    /// name that two entries match ignoring case is not guessed.
    mutating func spelledOnDisk(_ path: String) -> String? {
        if let known { if known.contains(path) { return path } } else if FileDiscovery.exists(path) { return path }
        guard let current = spelledWithEntries(path) else { return nil }
        if let known { return known.contains(current) ? current : nil }
        return FileDiscovery.exists(current) ? current : nil
    }

    /// A synchronized folder's directory as the disk spells it (`path = manuscript` for `Manuscript/`), or as
    /// written when it is there or cannot be told.
    mutating func directorySpelledOnDisk(_ path: String) -> String {
        if FileDiscovery.isDirectory(path, followingSymlinks: true) { return path }
        guard let current = spelledWithEntries(path), FileDiscovery.isDirectory(current, followingSymlinks: true) else { return path }
        return current
    }

    /// `path` with each component named as its directory's entries name it, ignoring case only when the exact name
    /// is not there; nil when a component matches no entry or two.
    mutating func spelledWithEntries(_ path: String) -> String? {
        let start = path.hasPrefix(sourceRoot + "/") ? sourceRoot : "/"
        var current = start
        for component in path.dropFirst(start == "/" ? 1 : start.utf8.count + 1).split(separator: "/") {
            let name = String(component)
            let entries = directoryEntries(current)
            var next = name
            if !entries.contains(name) {
                let folded = name.lowercased()
                let matches = entries.filter { $0.lowercased() == folded }
                guard matches.count == 1 else { return nil }
                next = matches.first!
            }
            current = current == "/" ? "/" + next : current + "/" + next
        }
        return current
    }

    /// The names in a directory (subdirectories, `.swift` files and links), read once per load.
    mutating func directoryEntries(_ directory: String) -> Set<String> {
        if let listed = directories[directory] { return listed }
        let names = Set((DirectoryListings.read(directory) ?? []).map(\.name))
        directories[directory] = names
        return names
    }

    /// The Swift files of the synchronized folders a target lists, minus its membership exceptions and the
    /// folders Xcode treats as one item (`explicitFolders`).
    mutating func synchronizedFolderFiles(target: String, folders: [String]) -> [String] {
        var files: [String] = []
        for folderID in folders {
            guard let folder = graph.object(folderID), let written = location(of: folderID) else { continue }
            let directory = directorySpelledOnDisk(written)
            var excluded = graph.strings(folder, "explicitFolders", of: folderID).map { Paths.standardize(Paths.join(directory, $0)) }
            for setID in graph.strings(folder, "exceptions", of: folderID) {
                guard let set = graph.object(setID), set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      graph.string(set, "target", of: setID) == target else { continue }
                excluded += graph.strings(set, "membershipExceptions", of: setID).map { Paths.standardize(Paths.join(directory, $0)) }
            }
            files += SwiftFileLister.swiftFiles(under: [directory], excluding: excluded, in: known)
        }
        return files
    }

    /// What the exception sets of synchronized folders add to and remove from targets other than by the folder
    /// listing: a build-file exception set naming a target that does not list its folder adds those files to it
    /// (how a widget shares a file of the app's folder); a build-phase exception set moves files into a build
    /// phase: into a Sources phase, they are compiled by its target; into another phase (copy, headers), they
    /// are not compiled by the target that lists the folder.
    mutating func synchronizedFolderAdditions(phaseOwner: [String: String], foldersOf: [String: [String]]) -> (added: [String: [String]], removed: [String: [String]]) {
        var added: [String: [String]] = [:]
        var removed: [String: [String]] = [:]
        // Folders of the group tree, and those targets list (normally the same); a folder no target lists can
        // still add files through its exception sets.
        var folders = synchronizedFolders
        var seen = Set(folders)
        for list in foldersOf.values { for folder in list where seen.insert(folder).inserted { folders.append(folder) } }
        for folderID in folders {
            guard let folder = graph.object(folderID), let written = location(of: folderID) else { continue }
            let directory = directorySpelledOnDisk(written)
            let listers = Set(foldersOf.filter { $0.value.contains(folderID) }.keys)
            for setID in graph.strings(folder, "exceptions", of: folderID) {
                guard let set = graph.object(setID) else { continue }
                let paths = graph.strings(set, "membershipExceptions", of: setID).map { Paths.standardize(Paths.join(directory, $0)) }
                switch set["isa"] as? String {
                case "PBXFileSystemSynchronizedBuildFileExceptionSet":
                    guard let target = graph.string(set, "target", of: setID), !listers.contains(target) else { continue }
                    added[target, default: []] += SwiftFileLister.swiftFiles(under: paths, excluding: [], in: known)
                case "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet":
                    guard let phaseID = graph.string(set, "buildPhase", of: setID), let owner = phaseOwner[phaseID] else { continue }
                    let files = SwiftFileLister.swiftFiles(under: paths, excluding: [], in: known)
                    if graph.isa(phaseID) == "PBXSourcesBuildPhase" {
                        added[owner, default: []] += files
                    } else if listers.contains(owner) {
                        removed[owner, default: []] += files
                    }
                default:
                    continue
                }
            }
        }
        return (added, removed)
    }

    // MARK: Dependencies

    /// Names of the targets a target depends on: of this project (`target`, or a proxy into this project), or
    /// of another project of the workspace (a proxy's `remoteInfo`).
    mutating func targetDependencies(of object: PBXObject, id: String, namesByID: [String: String]) -> [String] {
        var names: Set<String> = []
        for dependencyID in graph.strings(object, "dependencies", of: id) {
            guard let dependency = graph.object(dependencyID) else { continue }
            if let target = graph.string(dependency, "target", of: dependencyID), let name = namesByID[target] {
                names.insert(name)
                continue
            }
            guard let proxyID = graph.string(dependency, "targetProxy", of: dependencyID), let proxy = graph.object(proxyID),
                  (proxy["proxyType"] as? String) == "1" else { continue }
            if proxy["containerPortal"] as? String == rootID {
                if let remote = proxy["remoteGlobalIDString"] as? String, let name = namesByID[remote] { names.insert(name) }
            } else if let name = proxy["remoteInfo"] as? String, !name.isEmpty {
                names.insert(name)
            }
        }
        return names.sorted()
    }

    /// The products of local packages a target uses; those of remote packages are left out.
    mutating func packageProducts(of object: PBXObject, id: String) -> [ProductDependency] {
        var products: Set<ProductDependency> = []
        for productID in graph.strings(object, "packageProductDependencies", of: id) {
            guard let product = graph.object(productID),
                  let name = graph.string(product, "productName", of: productID), !name.hasPrefix("plugin:") else { continue }
            guard let packageID = graph.string(product, "package", of: productID) else {
                products.insert(ProductDependency(product: name, package: nil))
                continue
            }
            guard let package = graph.object(packageID), package["isa"] as? String == "XCLocalSwiftPackageReference",
                  let directory = localPackageDirectory(package, id: packageID) else { continue }
            products.insert(ProductDependency(product: name, package: directory))
        }
        return products.sorted()
    }

    mutating func localPackageDirectory(_ package: PBXObject, id: String) -> String? {
        guard let relative = graph.string(package, "relativePath", of: id), !relative.isEmpty else { return nil }
        return Paths.standardize(relative.hasPrefix("/") ? relative : Paths.join(projectDirectory, relative))
    }

    /// The packages the project names, and package folders of its group tree (a folder reference with a
    /// `Package.swift`).
    mutating func collectLocalPackages() {
        for packageID in graph.strings(rootObject, "packageReferences", of: rootID) {
            guard let package = graph.object(packageID), package["isa"] as? String == "XCLocalSwiftPackageReference",
                  let directory = localPackageDirectory(package, id: packageID) else { continue }
            localPackages.append(directory)
        }
        for reference in fileReferences {
            let type = node(reference).fileType
            guard type == "wrapper" || type == "folder", let directory = location(of: reference),
                  FileDiscovery.exists(Paths.join(directory, "Package.swift")) else { continue }
            localPackages.append(directory)
        }
    }
}

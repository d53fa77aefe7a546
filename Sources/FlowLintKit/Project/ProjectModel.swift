/// What FlowLint understood of the build of one project root: the targets its Xcode projects and Swift packages
/// declare, each with its Swift files, module, platforms, deployment targets and active compilation conditions.
/// Built once per run by the loaders (`ProjectModel.load`), cached with the facts, and shared by every driver
/// (`flowlint lint`, partial runs, `--stdin-path`, `flowlint graph`, `flowlint project`, the language server, and
/// through `flowlint lint` both plugins).
///
/// A model answers which files are compiled at all (a file in no target is not linted), and, per target and
/// platform, what a file's `#if` clauses select and which modules a name can come from.
struct ProjectModel: Sendable, Equatable, Codable {
    /// The project root (absolute, standardized) the model was loaded for.
    var root: String
    /// The build configuration whose settings were read (`Debug` unless chosen otherwise).
    var buildConfiguration: String
    var targets: [BuildTarget] = []
    /// The project files read, relative to `root`, sorted: `project.pbxproj`, `contents.xcworkspacedata`,
    /// `Package.swift`. Their contents key the cached model.
    var manifests: [String] = []
    /// What a loader could not read, where that changes which files are known to be compiled (a project file
    /// that cannot be read, targets that are not written literally): one line each (`path: warning: ...`), in the
    /// order found. `flowlint lint` prints these.
    var warnings: [String] = []
    /// What a loader read only in part without losing a file (a setting that is not written literally, a target
    /// with no directory): `flowlint project` prints these too; a lint does not repeat them on every run.
    var notes: [String] = []
    /// Whether every project file found was read: false when one could not be (a malformed `project.pbxproj`,
    /// a manifest whose targets are not written literally). See `regions` for what that changes.
    var isComplete = true
    /// The directories the project files govern: a package's targets' directories, the directory that holds an
    /// `.xcodeproj`. A Swift file no target lists is "in no target" only inside the innermost region holding it,
    /// and only when that region's project file was read completely; elsewhere (an example app or fixtures beside a
    /// package's targets, an XcodeGen or Tuist project whose project file is not committed) nothing is known of it,
    /// and it is linted as without a model.
    var regions: [ProjectRegion] = []
    /// The library products of the model's packages, for resolving product dependencies.
    var products: [PackageProduct] = []
    /// Every file whose contents (or absence) shaped the model, absolute, sorted: the project files and the
    /// `.xcconfig` files they include.
    var inputs: [String] = []

    init(root: String, buildConfiguration: String = ProjectModel.defaultBuildConfiguration) {
        self.root = root
        self.buildConfiguration = buildConfiguration
    }

    static let defaultBuildConfiguration = "Debug"

    /// Whether any target was found: a model without targets changes nothing (every file, every platform).
    var isEmpty: Bool { targets.isEmpty }
}

/// A directory a project file governs (see `ProjectModel.regions`).
struct ProjectRegion: Sendable, Equatable, Codable {
    var directory: String
    var isComplete: Bool
}

/// Which files the model knows are not compiled: found once per model, asked once per file.
struct CompiledFiles {
    private let compiled: Set<String>
    private let manifests: Set<String>
    private let regions: GovernedRegions

    init(_ model: ProjectModel) {
        regions = GovernedRegions(model.regions)
        compiled = Set(model.targets.flatMap(\.files))
        manifests = Set(model.manifests.filter { $0.hasSuffix(".swift") }.map { Paths.join(model.root, $0) })
    }

    /// A package manifest: compiled apart, against PackageDescription; not app code.
    func isManifest(_ absolutePath: String) -> Bool { manifests.contains(absolutePath) }

    /// No build compiles the file: a manifest, or a file no target lists where the model knows
    /// (`GovernedRegions.governs`).
    func isNotCompiled(_ absolutePath: String) -> Bool {
        !compiled.contains(absolutePath) && (manifests.contains(absolutePath) || regions.governs(absolutePath))
    }
}

/// A model's regions by directory, made once per model and asked once per file (`governs`). A file's innermost
/// region is found by looking up the directories holding it, innermost first: a few lookups per file, where
/// testing every region (a project of many packages has hundreds) for each of thousands of files took a tenth of
/// a whole lint.
struct GovernedRegions {
    /// Per directory (its UTF-8 bytes, compared as `Paths.relative` compares them): whether its project file was
    /// read completely. The first region listed for a directory decides.
    private let isComplete: [[UInt8]: Bool]

    init(_ regions: [ProjectRegion]) {
        var isComplete: [[UInt8]: Bool] = [:]
        for region in regions where isComplete[Array(region.directory.utf8)] == nil {
            isComplete[Array(region.directory.utf8)] = region.isComplete
        }
        self.isComplete = isComplete
    }

    /// Whether a file no target lists is known not to be compiled: it lies in a region whose project file was read
    /// completely (the innermost region holding it decides). Both absolute and standardized, as for
    /// `Paths.relative`, which places the file in exactly these directories: itself, every prefix of it that a `/`
    /// follows, and `/`. They are tried longest first.
    func governs(_ absolutePath: String) -> Bool {
        guard !isComplete.isEmpty else { return false }
        let path = Array(absolutePath.utf8)
        if let complete = isComplete[path] { return complete }
        var end = path.count - 1
        while end >= 0 {
            if path[end] == UInt8(ascii: "/") {
                if end == 0, let complete = isComplete[[UInt8(ascii: "/")]] { return complete }
                if let complete = isComplete[Array(path[..<end])] { return complete }
            }
            end -= 1
        }
        return false
    }
}

/// One compiled module: an Xcode target or a SwiftPM target.
struct BuildTarget: Sendable, Equatable, Codable {
    enum Kind: String, Sendable, Codable, CaseIterable {
        case app, appExtension = "app-extension", framework, library, executable, test, macro, plugin, other
    }

    var name: String
    /// The module its files are compiled into (`PRODUCT_MODULE_NAME`, else the target's name made a C99
    /// identifier; a package target's name).
    var module: String
    var kind: Kind
    /// The project file that declares it, relative to the model's root.
    var manifest: String
    /// The platforms it is built for, each with its deployment target when the project states one. Empty when
    /// the project does not say (a package without `platforms:`): every platform, as without a model.
    var platforms: [PlatformDeployment] = []
    /// The active compilation conditions (`#if FLAG`) per platform, sorted. A platform that is built has an
    /// entry, even when empty; with no platforms, one entry for `.all`.
    var conditions: [PlatformConditions] = []
    /// `SWIFT_VERSION` / `swiftLanguageMode`, when set (`5`, `6`).
    var languageMode: String?
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION` / `.defaultIsolation(...)`, when set (`MainActor`, `nonisolated`).
    var defaultIsolation: String?
    /// The targets of the same model it depends on directly (`id`s: target dependencies, and products of
    /// packages of the model resolved to their targets), sorted.
    var dependencies: [String] = []
    /// Products of packages it depends on (`.product(name:package:)`, an Xcode target's local package products),
    /// until `ProjectModel.load` resolves those of packages in the model into `dependencies`; what is left names
    /// packages outside the project (remote ones). Sorted.
    var productDependencies: [ProductDependency] = []

    /// Unique in a model: the manifest and the target's name.
    var id: String { "\(manifest):\(name)" }
    /// Absolute paths of its Swift files, sorted.
    var files: [String] = []
}

/// A product of a package a target uses: `.product(name: "Models", package: "Models")`, an Xcode target's package
/// product. `package` is the absolute directory of a package the loader located (a `.package(path:)`, an
/// `XCLocalSwiftPackageReference`), else the package's identity as written (a directory or declared name), or nil
/// when the project leaves it to the packages in its group tree or workspace (a package folder dragged into an
/// Xcode project): then the product is found by its name.
struct ProductDependency: Sendable, Hashable, Codable, Comparable {
    var product: String
    var package: String?

    static func < (a: ProductDependency, b: ProductDependency) -> Bool {
        (a.product, a.package ?? "") < (b.product, b.package ?? "")
    }
}

/// A library product of a package of the model, for resolving `ProductDependency`s: the package's directory and
/// name, the product's name and the targets it is made of.
struct PackageProduct: Sendable, Equatable, Codable {
    var packageDirectory: String
    var packageName: String?
    var name: String
    var targets: [String]
}

/// A platform a target is built for, and its deployment target (`17.0`) when known.
struct PlatformDeployment: Sendable, Equatable, Codable {
    var platform: ApplePlatform
    var minimum: OSVersion?
}

struct PlatformConditions: Sendable, Equatable, Codable {
    /// Nil: every platform of the target (the target states no platform, or the conditions do not depend on it).
    var platform: ApplePlatform?
    var conditions: [String]
}

/// The platforms `#if os(...)` tells apart, as a build setting or manifest names them.
enum ApplePlatform: String, Sendable, Codable, CaseIterable, Comparable {
    case iOS, macOS, tvOS, watchOS, visionOS

    /// The `Platforms` bit `#if os(...)` evaluation uses.
    var platforms: Platforms {
        switch self {
        case .iOS: return .iOS
        case .macOS: return .macOS
        case .tvOS: return .tvOS
        case .watchOS: return .watchOS
        case .visionOS: return .visionOS
        }
    }

    /// The platform of an Xcode SDK name (`iphoneos`, `iphonesimulator`, `macosx`, `appletvos`, `watchos`,
    /// `xros`), or nil for one that is not an Apple platform FlowLint knows.
    init?(sdk: String) {
        switch sdk.lowercased() {
        case "iphoneos", "iphonesimulator": self = .iOS
        case "macosx", "macos": self = .macOS
        case "appletvos", "appletvsimulator": self = .tvOS
        case "watchos", "watchsimulator": self = .watchOS
        case "xros", "xrsimulator", "visionos", "visionsimulator": self = .visionOS
        default: return nil
        }
    }

    /// The Xcode build setting that holds its deployment target.
    var deploymentTargetSetting: String {
        switch self {
        case .iOS: return "IPHONEOS_DEPLOYMENT_TARGET"
        case .macOS: return "MACOSX_DEPLOYMENT_TARGET"
        case .tvOS: return "TVOS_DEPLOYMENT_TARGET"
        case .watchOS: return "WATCHOS_DEPLOYMENT_TARGET"
        case .visionOS: return "XROS_DEPLOYMENT_TARGET"
        }
    }

    /// The SDK name prefix Xcode's conditional settings use (`KEY[sdk=iphoneos*]`).
    var sdkNames: [String] {
        switch self {
        case .iOS: return ["iphoneos", "iphonesimulator"]
        case .macOS: return ["macosx"]
        case .tvOS: return ["appletvos", "appletvsimulator"]
        case .watchOS: return ["watchos", "watchsimulator"]
        case .visionOS: return ["xros", "xrsimulator"]
        }
    }

    static func < (a: ApplePlatform, b: ApplePlatform) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A version such as `17.0` or `10.15.4`, compared component by component (`17` equals `17.0`).
struct OSVersion: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    var components: [Int]

    init(_ components: [Int]) {
        var trimmed = components
        while trimmed.count > 1 && trimmed.last == 0 { trimmed.removeLast() }
        self.components = trimmed
    }

    /// `17`, `17.0`, `"10.15.4"`; nil for anything else (`$(RECOMMENDED_MACOSX_DEPLOYMENT_TARGET)`).
    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 4 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(part), n < 1_000_000 else { return nil }
            numbers.append(n)
        }
        self.init(numbers)
    }

    var description: String { components.count == 1 ? "\(components[0]).0" : components.map(String.init).joined(separator: ".") }

    static func < (a: OSVersion, b: OSVersion) -> Bool {
        for i in 0..<max(a.components.count, b.components.count) {
            let x = i < a.components.count ? a.components[i] : 0
            let y = i < b.components.count ? b.components[i] : 0
            if x != y { return x < y }
        }
        return false
    }
}

import FlowLintSyntax

/// Reads a `Package.swift` with FlowLint's own parser, without running it (no toolchain is needed at lint time:
/// pre-commit and CI images often have none): `platforms:`, the targets with their `path:`, `exclude:`,
/// `sources:`, dependencies and `swiftSettings` (`.define`, `.swiftLanguageMode`, `.defaultIsolation`,
/// `-D` in `.unsafeFlags`), and the package's language modes. What is not written literally is not guessed:
/// a target list that is not literal falls back to the directory layout (`Sources/*`, `Tests/*`) with a warning,
/// and the model is then incomplete (files in no target are still linted).
enum PackageManifestLoader {
    struct Result {
        var targets: [BuildTarget] = []
        var warnings: [String] = []
        var isComplete = true
        var products: [PackageProduct] = []
        /// The targets' directories: what the package governs (see `ProjectModel.regions`). SwiftPM compiles
        /// nothing outside them, so a Swift file elsewhere in the package's directory (an example app, a script, a
        /// fixture) may be compiled by something else: it is not said to be in no target.
        var directories: [String] = []
    }

    /// `manifest`: the absolute path of a `Package.swift`; `root`: the model's root, which `BuildTarget.manifest`
    /// is relative to; `files`: the Swift files a lint found (the targets' files are taken from them), nil to
    /// list the targets' directories.
    static func load(manifest: String, root: String, buildConfiguration: String, files: SwiftFileSet? = nil) -> Result {
        let shown = Paths.relative(manifest, to: root).map { $0.isEmpty ? manifest : $0 } ?? manifest
        var result = Result()
        func warn(_ message: String) { result.warnings.append("\(shown): warning: \(message)") }
        let directory = Paths.parent(manifest)
        guard case .text(let bytes) = FileReader.read(manifest) else {
            warn("cannot be read; its directories are linted as files of no known target")
            result.isComplete = false
            return result
        }
        let tree = Parser.parse(SourceFile(path: manifest, bytes: bytes))
        let evaluator = ManifestEvaluator(tree: tree)
        guard let call = packageCall(tree, evaluator) else {
            warn("no 'Package(...)' found; each directory of Sources/ and Tests/ is taken as a target")
            result.targets = layoutTargets(directory: directory, manifest: shown, platforms: [], languageMode: nil,
                                          debug: isDebug(buildConfiguration), files: files)
            result.isComplete = false
            return result
        }
        let package = evaluator.evaluate(call)
        let debug = isDebug(buildConfiguration)

        var platforms: [PlatformDeployment] = []
        if let list = package.argument("platforms") {
            if let items = list.array {
                for item in items {
                    guard let callee = item.callee else { warn("a platform that is not written literally is not read"); continue }
                    guard let platform = ApplePlatform(rawValue: callee) else { continue } // macCatalyst, driverKit, custom
                    let version = item.argument(nil).flatMap(Self.version)
                    if version == nil { warn("the '\(callee)' deployment target is not written literally") }
                    platforms.append(PlatformDeployment(platform: platform, minimum: version))
                }
            } else {
                warn("'platforms:' is not written literally; every platform is assumed")
            }
        }
        platforms.sort { $0.platform < $1.platform }
        let languageMode = (package.argument("swiftLanguageModes") ?? package.argument("swiftLanguageVersions"))
            .flatMap(\.array)?.compactMap(Self.languageMode).max()

        // Targets given to `Package(...)`, and those a later statement adds (`package.targets.append(...)`,
        // `package.targets += [...]`), even inside a top-level `#if`: every branch counts.
        let context = FileContext(tree: tree, path: manifest)
        let later = added("targets", context, evaluator)
        guard package.argument("targets") != nil || !later.isEmpty else {
            return result // a package with no targets (an umbrella of dependencies)
        }
        let given = package.argument("targets") ?? .array([])
        guard let listed = given.array, later.allSatisfy({ $0.array != nil }),
              case let items = listed + later.flatMap({ $0.array ?? [] }),
              items.allSatisfy({ $0.callee != nil && $0.argument("name")?.string != nil }) else {
            warn("the targets are not written literally; each directory of Sources/ and Tests/ is taken as a target")
            result.targets = layoutTargets(directory: directory, manifest: shown, platforms: platforms, languageMode: languageMode,
                                           debug: debug, files: files)
            result.isComplete = false
            return result
        }
        let localNames = Set(items.compactMap { $0.argument("name")?.string })
        let packageName = package.argument("name")?.string
        // Products, and the local packages this one depends on (`.package(path:)`), by the names a
        // `.product(name:package:)` may use for them: the directory's name and the declared name.
        let products = (package.argument("products")?.array ?? []) + added("products", context, evaluator).flatMap { $0.array ?? [] }
        for product in products where product.callee == "library" {
            guard let name = product.argument("name")?.string else { continue }
            result.products.append(PackageProduct(packageDirectory: directory, packageName: packageName, name: name,
                                                  targets: (product.argument("targets")?.array ?? []).compactMap(\.string)))
        }
        var localPackages: [String: String] = [:]
        for dependency in package.argument("dependencies")?.array ?? [] where dependency.callee == "package" {
            guard let path = dependency.argument("path")?.string else { continue }
            let absolute = Paths.standardize(Paths.join(directory, path))
            localPackages[Paths.lastComponent(absolute).lowercased()] = absolute
            if let name = dependency.argument("name")?.string { localPackages[name.lowercased()] = absolute }
        }
        for item in items {
            guard let callee = item.callee, let name = item.argument("name")?.string else { continue }
            let kind: BuildTarget.Kind
            switch callee {
            case "target": kind = .library
            case "executableTarget": kind = .executable
            case "testTarget": kind = .test
            case "macro": kind = .macro
            case "plugin": kind = .plugin
            default: continue // systemLibrary, binaryTarget: no Swift sources of the package's own
            }
            var target = BuildTarget(name: name, module: Self.c99Name(name), kind: kind, manifest: shown)
            target.platforms = platforms
            target.languageMode = languageMode

            // Where its sources are.
            let path: String
            if let given = item.argument("path") {
                guard let text = given.string else {
                    warn("the path of target '\(name)' is not written literally; its files are not known")
                    result.isComplete = false
                    continue
                }
                path = Paths.standardize(Paths.join(directory, text))
                // SwiftPM refuses a target outside its package, and FlowLint reads nothing outside the project.
                guard Paths.relative(path, to: directory) != nil else {
                    warn("the path of target '\(name)' is outside the package; the target is not read")
                    result.isComplete = false
                    continue
                }
            } else {
                guard let found = defaultDirectory(of: name, kind: kind, packageDirectory: directory) else {
                    warn("target '\(name)' has no directory (Sources/\(name), Tests/\(name), ...)")
                    continue
                }
                path = found
            }
            let excluded = (item.argument("exclude")?.array ?? []).compactMap(\.string).map { Paths.standardize(Paths.join(path, $0)) }
            if let exclude = item.argument("exclude"), !exclude.isLiteral {
                warn("the excludes of target '\(name)' are not all written literally; those that are not are ignored")
            }
            var roots = [path]
            if let sources = item.argument("sources") {
                if let list = sources.array, sources.isLiteral {
                    roots = list.compactMap(\.string).map { Paths.standardize(Paths.join(path, $0)) }
                } else {
                    warn("the sources of target '\(name)' are not written literally; its whole directory is taken")
                }
            }
            target.files = SwiftFileLister.swiftFiles(under: roots, excluding: excluded, in: files)
            result.directories.append(path)

            // Dependencies on targets of the same package (a product of another package is not in this model).
            var dependencies: Set<String> = []
            for dependency in item.argument("dependencies")?.array ?? [] {
                switch dependency {
                case .string(let n) where localNames.contains(n):
                    dependencies.insert(n)
                case .string(let n):
                    // A name that is not a target of this package is a product of one of its dependencies.
                    target.productDependencies.append(ProductDependency(product: n, package: nil))
                case .call(let c, _):
                    let n = dependency.argument("name")?.string
                    if (c == "target" || c == "byName"), let n, localNames.contains(n) { dependencies.insert(n) }
                    if c == "product", let n, let p = dependency.argument("package")?.string {
                        if p == packageName, localNames.contains(n) {
                            dependencies.insert(n)
                        } else {
                            target.productDependencies.append(ProductDependency(product: n, package: localPackages[p.lowercased()] ?? p))
                        }
                    }
                default:
                    break
                }
            }
            target.dependencies = dependencies.map { "\(shown):\($0)" }.sorted()

            // Swift settings.
            var defines: [(name: String, platforms: [ApplePlatform]?)] = [("SWIFT_PACKAGE", nil)]
            if debug { defines.append(("DEBUG", nil)) }
            let settings = item.argument("swiftSettings")
            if let settings, settings.array == nil {
                warn("the Swift settings of target '\(name)' are not written literally; they are not read")
            }
            for setting in settings?.array ?? [] {
                guard let callee = setting.callee else {
                    warn("a Swift setting of target '\(name)' is not written literally; it is not read")
                    continue
                }
                // `.when(platforms: [...], configuration: .debug)`: the setting applies only there.
                var onPlatforms: [ApplePlatform]?
                if case .call(_, let arguments) = setting,
                   let condition = arguments.first(where: { $0.value.callee == "when" })?.value {
                    if let configuration = condition.argument("configuration") {
                        guard case .member(let c) = configuration else { continue }
                        if (c == "debug") != debug { continue }
                    }
                    if let list = condition.argument("platforms")?.array {
                        onPlatforms = list.compactMap { value -> ApplePlatform? in
                            if case .member(let p) = value { return ApplePlatform(rawValue: p) }
                            return nil
                        }
                    }
                }
                switch callee {
                case "define":
                    if let flag = setting.argument(nil)?.string { defines.append((flag, onPlatforms)) }
                case "unsafeFlags":
                    let flags = setting.argument(nil)?.array?.compactMap(\.string) ?? []
                    for flag in Self.definedConditions(in: flags) { defines.append((flag, onPlatforms)) }
                case "swiftLanguageMode", "swiftLanguageVersion":
                    if let mode = setting.argument(nil).flatMap(Self.languageMode) { target.languageMode = mode }
                case "defaultIsolation":
                    if case .member(let actor)? = setting.argument(nil) {
                        target.defaultIsolation = actor.hasSuffix(".self") ? String(actor.dropLast(5)) : actor
                    } else if case .unknown? = setting.argument(nil) {
                        break
                    } else {
                        target.defaultIsolation = "nonisolated"
                    }
                default:
                    break
                }
            }
            target.conditions = Self.conditions(defines, platforms: platforms.map(\.platform))
            result.targets.append(target)
        }
        if changesTargetsAfterward(context) {
            warn("the targets' settings are changed after 'Package(...)' (package.targets); those changes are not read")
        }
        return result
    }

    /// The conditions active per platform, given defines that apply everywhere (nil) or on some platforms.
    static func conditions(_ defines: [(name: String, platforms: [ApplePlatform]?)], platforms: [ApplePlatform]) -> [PlatformConditions] {
        if platforms.isEmpty {
            // Every platform: a platform-only define cannot be told to apply.
            return [PlatformConditions(platform: nil, conditions: Set(defines.filter { $0.platforms == nil }.map(\.name)).sorted())]
        }
        return platforms.map { platform in
            PlatformConditions(platform: platform,
                               conditions: Set(defines.filter { $0.platforms?.contains(platform) ?? true }.map(\.name)).sorted())
        }
    }

    /// `-DFLAG` and `-D FLAG` in compiler flags (`OTHER_SWIFT_FLAGS`, `.unsafeFlags`); not the flags passed on to
    /// another tool (`-Xcc -DFLAG` defines a C macro, not a Swift condition).
    static func definedConditions(in flags: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < flags.count {
            let flag = flags[index]
            if flag == "-Xcc" || flag == "-Xfrontend" || flag == "-Xlinker" || flag == "-Xclang-linker" {
                index += 2
                continue
            }
            if flag == "-D", index + 1 < flags.count {
                out.append(flags[index + 1])
                index += 2
                continue
            }
            if flag.hasPrefix("-D"), flag.count > 2 { out.append(String(flag.dropFirst(2))) }
            index += 1
        }
        return out.filter { !$0.contains("=") }
    }

    static func isDebug(_ configuration: String) -> Bool { configuration.lowercased() != "release" }

    /// `.v17` → 17.0, `.v10_15` → 10.15, `"17.4"` → 17.4.
    static func version(_ value: ManifestValue) -> OSVersion? {
        switch value {
        case .string(let text): return OSVersion(text)
        case .member(let member) where member.hasPrefix("v"):
            return OSVersion(String(member.dropFirst().replacing("_", with: ".")))
        default: return nil
        }
    }

    /// `.v5`, `.v6`, `.version("6")` → `5`, `6`.
    static func languageMode(_ value: ManifestValue) -> String? {
        switch value {
        case .member(let member) where member.hasPrefix("v"):
            return String(member.dropFirst().replacing("_", with: "."))
        case .call("version", _):
            return value.argument(nil)?.string
        default:
            return nil
        }
    }

    /// The module name SwiftPM gives a target: its name with characters that cannot be in an identifier made `_`.
    static func c99Name(_ name: String) -> String {
        var out = ""
        for (i, scalar) in name.unicodeScalars.enumerated() {
            let isLetter = scalar.properties.isAlphabetic || scalar == "_"
            let isDigit = scalar.properties.numericType == .decimal
            out.unicodeScalars.append(isLetter || (isDigit && i > 0) ? scalar : "_")
        }
        return out.isEmpty ? "_" : out
    }

    /// The `Package(...)` call: the initializer of the top-level `package`, else the first `Package(` anywhere.
    private static func packageCall(_ tree: SyntaxTree, _ evaluator: ManifestEvaluator) -> Int? {
        if let bound = evaluator.binding("package"), tree.kind(bound) == .callExpr { return bound }
        for n in tree.nodes.indices where tree.kind(n) == .callExpr {
            if let callee = tree.firstChild(n), tree.kind(callee) == .identifierExpr, tree.name(callee) == "Package" { return n }
        }
        return nil
    }

    /// What later statements add to `package.<member>` (`targets`, `products`): `package.targets.append(.target(...))`
    /// (one element, as a one-element array), `package.targets.append(contentsOf: [...])` and `package.targets +=
    /// [...]`, each as evaluated (an `unknown` when not written literally).
    private static func added(_ member: String, _ context: FileContext, _ evaluator: ManifestEvaluator) -> [ManifestValue] {
        let tree = context.tree
        var added: [ManifestValue] = []
        for n in tree.nodes.indices where isPackageMember(n, member, tree) {
            guard let parent = context.parent(n) else { continue }
            switch tree.kind(parent) {
            case .memberAccessExpr where tree.name(parent) == "append":
                // `package.targets.append(...)`: the call around the member access.
                guard let call = context.parent(parent), tree.kind(call) == .callExpr,
                      let argument = tree.children(call).first(where: { tree.kind($0) == .argument }),
                      let value = tree.firstChild(argument) else { continue }
                let evaluated = evaluator.evaluate(value)
                added.append(tree.name(argument) == "contentsOf" ? evaluated : .array([evaluated]))
            case .binaryExpr where tree.name(parent) == "+=" && tree.firstChild(parent) == n:
                let operands = Array(tree.children(parent))
                if operands.count == 2 { added.append(evaluator.evaluate(operands[1])) }
            default:
                break
            }
        }
        return added
    }

    /// Whether a statement other than an addition reads or changes `package.targets` (`for target in
    /// package.targets { target.swiftSettings = ... }`): the settings read may not be the ones built.
    private static func changesTargetsAfterward(_ context: FileContext) -> Bool {
        let tree = context.tree
        for n in tree.nodes.indices where isPackageMember(n, "targets", tree) {
            guard let parent = context.parent(n) else { return true }
            let isAppend = tree.kind(parent) == .memberAccessExpr && tree.name(parent) == "append"
            let isAddition = tree.kind(parent) == .binaryExpr && tree.name(parent) == "+=" && tree.firstChild(parent) == n
            if !isAppend && !isAddition { return true }
        }
        return false
    }

    /// `package.<member>`.
    private static func isPackageMember(_ n: Int, _ member: String, _ tree: SyntaxTree) -> Bool {
        guard tree.kind(n) == .memberAccessExpr, tree.name(n) == member, let base = tree.firstChild(n) else { return false }
        return tree.kind(base) == .identifierExpr && tree.name(base) == "package"
    }

    /// Where SwiftPM looks for a target's sources when it has no `path:`.
    private static func defaultDirectory(of name: String, kind: BuildTarget.Kind, packageDirectory: String) -> String? {
        let parents: [String]
        switch kind {
        case .test: parents = ["Tests", "Sources", "Source", "src", "srcs"]
        case .plugin: parents = ["Plugins"]
        default: parents = ["Sources", "Source", "src", "srcs"]
        }
        for parent in parents {
            let candidate = Paths.join(Paths.join(packageDirectory, parent), name)
            if FileDiscovery.isDirectory(candidate, followingSymlinks: true) { return candidate }
        }
        return nil
    }

    /// One target per directory of `Sources/` (and `Tests/`, as test targets): the layout SwiftPM's
    /// conventions give when the manifest cannot be read literally.
    private static func layoutTargets(directory: String, manifest: String, platforms: [PlatformDeployment],
                                      languageMode: String?, debug: Bool, files: SwiftFileSet?) -> [BuildTarget] {
        var targets: [BuildTarget] = []
        for (parent, kind) in [("Sources", BuildTarget.Kind.library), ("Tests", .test)] {
            let base = Paths.join(directory, parent)
            for name in SwiftFileLister.subdirectories(of: base) {
                var target = BuildTarget(name: name, module: c99Name(name), kind: kind, manifest: manifest)
                target.platforms = platforms
                target.languageMode = languageMode
                target.files = SwiftFileLister.swiftFiles(under: [Paths.join(base, name)], excluding: [], in: files)
                var defines: [(name: String, platforms: [ApplePlatform]?)] = [("SWIFT_PACKAGE", nil)]
                if debug { defines.append(("DEBUG", nil)) }
                target.conditions = conditions(defines, platforms: platforms.map(\.platform))
                targets.append(target)
            }
        }
        return targets
    }
}

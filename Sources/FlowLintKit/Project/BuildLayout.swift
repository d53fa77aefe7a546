/// The project model resolved against the files of one run: the builds (a target on one platform) each file is
/// compiled in, what each build decides of `#if`, and which targets' declarations each build can see (its own and
/// its dependencies', transitively). Without a model, or for a file no target lists in an incomplete model,
/// nothing is known: such a file is compiled "somewhere", as FlowLint always assumed.
struct BuildLayout: Sendable {
    /// One compilation: a target on one platform (or on every platform, when the target states none).
    struct Build: Sendable {
        var target: Int
        var platforms: Platforms
        var environment: BuildEnvironment
        /// The targets whose declarations this build can see: its own and its dependencies', transitively.
        var visibleTargets: Set<Int>
    }

    let model: ProjectModel?
    private(set) var builds: [Build] = []
    /// Per file (its position in the index's files): the builds it is compiled in. Nil when nothing is known of it
    /// (no model, or no target lists it outside the regions the model governs); empty when it is known to be in no
    /// target (`GovernedRegions.governs`).
    private(set) var buildsOfFile: [[Int32]?] = []
    /// Per target: its builds.
    private(set) var buildsOfTarget: [[Int32]] = []

    static let unknown = BuildLayout(model: nil, absolutePaths: [])

    /// `absolutePaths`: the absolute path of each file of the index, in order.
    init(model: ProjectModel?, absolutePaths: [String]) {
        self.model = model
        guard let model, !model.isEmpty else {
            buildsOfFile = Array(repeating: nil, count: absolutePaths.count)
            return
        }
        // Module names, for `canImport` of the project's own modules.
        let ids = Dictionary(model.targets.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var closure: [Set<Int>] = []
        for t in model.targets.indices {
            // Dependencies, transitively: a loop over a stack, with a visited set (a cycle in a broken project ends).
            var seen: Set<Int> = [t]
            var stack = [t]
            while let next = stack.popLast() {
                for id in model.targets[next].dependencies {
                    if let d = ids[id], seen.insert(d).inserted { stack.append(d) }
                }
            }
            closure.append(seen)
        }
        buildsOfTarget = Array(repeating: [], count: model.targets.count)
        for (t, target) in model.targets.enumerated() {
            let modules = Set(closure[t].map { model.targets[$0].module })
            let platforms: [ApplePlatform?] = target.platforms.isEmpty ? [nil] : target.platforms.map(\.platform)
            for platform in platforms {
                let conditions = target.conditions.first { $0.platform == platform }?.conditions
                    ?? target.conditions.first { $0.platform == nil }?.conditions
                let environment = BuildEnvironment(platform: platform, conditions: conditions.map(Set.init),
                                                   projectModules: modules)
                buildsOfTarget[t].append(Int32(builds.count))
                builds.append(Build(target: t, platforms: platform?.platforms ?? .all, environment: environment,
                                    visibleTargets: closure[t]))
            }
        }
        var targetsOfPath: [String: [Int]] = [:]
        for (t, target) in model.targets.enumerated() {
            for file in target.files { targetsOfPath[file, default: []].append(t) }
        }
        let regions = GovernedRegions(model.regions)
        buildsOfFile = absolutePaths.map { path in
            guard let targets = targetsOfPath[path] else { return regions.governs(path) ? [] : nil }
            return targets.flatMap { buildsOfTarget[$0] }
        }
    }

    /// Whether the file is known to be in no target (it is not compiled at all).
    func isInNoTarget(file: Int) -> Bool { buildsOfFile[file]?.isEmpty ?? false }
}

/// SwiftUI and Observation APIs whose use rules advise, with the OS versions that introduced them: no rule
/// suggests an API a target's deployment target lacks.
enum SwiftUIAPI: Sendable {
    case stateObject
    /// `@Observable`, `@Bindable`, `@Environment(T.self)`.
    case observation
    case previewable

    var name: String {
        switch self {
        case .stateObject: return "@StateObject"
        case .observation: return "Observation (@Observable)"
        case .previewable: return "@Previewable"
        }
    }

    func introduced(on platform: ApplePlatform) -> OSVersion {
        switch (self, platform) {
        case (.stateObject, .iOS), (.stateObject, .tvOS): return OSVersion([14])
        case (.stateObject, .macOS): return OSVersion([11])
        case (.stateObject, .watchOS): return OSVersion([7])
        case (.observation, .iOS), (.observation, .tvOS): return OSVersion([17])
        case (.observation, .macOS): return OSVersion([14])
        case (.observation, .watchOS): return OSVersion([10])
        case (.previewable, .iOS), (.previewable, .tvOS): return OSVersion([18])
        case (.previewable, .macOS): return OSVersion([15])
        case (.previewable, .watchOS): return OSVersion([11])
        case (.previewable, .visionOS): return OSVersion([2])
        case (_, .visionOS): return OSVersion([1])
        }
    }
}

extension BuildLayout {
    /// A platform a file is built for whose deployment target is older than the one that introduced `api`, with
    /// both versions; nil when every build of the file has it (or nothing is known of the file's builds).
    func missing(_ api: SwiftUIAPI, inFile file: Int) -> (platform: ApplePlatform, deployment: OSVersion, needed: OSVersion)? {
        guard let model, file < buildsOfFile.count, let builds = buildsOfFile[file] else { return nil }
        var worst: (platform: ApplePlatform, deployment: OSVersion, needed: OSVersion)?
        for b in builds {
            let build = self.builds[Int(b)]
            guard let platform = build.environment.platform,
                  let deployment = model.targets[build.target].platforms.first(where: { $0.platform == platform })?.minimum else { continue }
            let needed = api.introduced(on: platform)
            if deployment < needed, worst.map({ platform < $0.platform }) ?? true { worst = (platform, deployment, needed) }
        }
        return worst
    }
}

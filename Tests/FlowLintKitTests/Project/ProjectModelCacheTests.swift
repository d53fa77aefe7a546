import Foundation
import XCTest
@testable import FlowLintKit

/// The project model is kept in the facts cache: reused while the project files, the set of Swift files and the
/// build configuration are the same, read again when any of them changes.
final class ProjectModelCacheTests: XCTestCase {
    var directory = ""
    var cacheDirectory = ""
    let key = CacheKey(k0: 0x0123_4567_89ab_cdef, k1: 0xfedc_ba98_7654_3210)

    override func setUpWithError() throws {
        directory = Paths.standardize(NSTemporaryDirectory() + "/flowlint-model-\(UUID().uuidString)")
        cacheDirectory = directory + "-cache"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.removeItem(atPath: cacheDirectory)
    }

    func write(_ relative: String, _ text: String) throws {
        let path = Paths.join(directory, relative)
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    /// One run: a cache read from disk, the model loaded through it, the pack written.
    func loadThroughCache(configuration: String = "Debug") throws -> (model: ProjectModel, reused: Bool) {
        let cache = FactsCache(directories: [cacheDirectory], projectRoot: directory, settings: .defaults, key: key)
        let discovery = try FileDiscovery.discover(paths: [directory], configuration: Configuration(rootDirectory: directory))
        let model = ProjectModel.load(root: directory, swiftFiles: discovery.files.map(\.absolutePath), bundles: discovery.projectBundles,
                                      buildConfiguration: configuration, cache: cache)
        let reused = cache.modelToSave == nil
        cache.save([])
        return (model, reused)
    }

    func conditions(_ model: ProjectModel) -> [String] { model.targets.first?.conditions.first?.conditions ?? [] }

    func testTheModelIsReusedUntilAnInputChanges() throws {
        try write("Package.swift", "import PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n")
        try write("Sources/A/A.swift", "struct A {}\n")
        let first = try loadThroughCache()
        XCTAssertFalse(first.reused)
        XCTAssertEqual(first.model.targets.map(\.name), ["A"])

        let second = try loadThroughCache()
        XCTAssertTrue(second.reused)
        XCTAssertEqual(second.model, first.model)

        // The manifest's contents.
        try write("Package.swift", "import PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\", swiftSettings: [.define(\"NEW\")])])\n")
        let edited = try loadThroughCache()
        XCTAssertFalse(edited.reused)
        XCTAssertEqual(conditions(edited.model), ["DEBUG", "NEW", "SWIFT_PACKAGE"])
        XCTAssertTrue(try loadThroughCache().reused)

        // A Swift file appears in a target's directory.
        try write("Sources/A/B.swift", "struct B {}\n")
        let grown = try loadThroughCache()
        XCTAssertFalse(grown.reused)
        XCTAssertEqual(grown.model.targets.first?.files.map(Paths.lastComponent), ["A.swift", "B.swift"])

        // Another build configuration.
        let release = try loadThroughCache(configuration: "Release")
        XCTAssertFalse(release.reused)
        XCTAssertEqual(conditions(release.model), ["NEW", "SWIFT_PACKAGE"])
    }

    func testAnIncludedSettingsFileIsAnInput() throws {
        try write("App.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 77;
                objects = {
                    AAAA = {isa = PBXProject; buildConfigurationList = CL00; mainGroup = G000; targets = (T000); };
                    G000 = {isa = PBXGroup; children = (F000); sourceTree = "<group>"; };
                    F000 = {isa = PBXFileReference; path = A.swift; sourceTree = "<group>"; };
                    BF00 = {isa = PBXBuildFile; fileRef = F000; };
                    SP00 = {isa = PBXSourcesBuildPhase; files = (BF00); };
                    T000 = {isa = PBXNativeTarget; name = App; buildConfigurationList = CL01; buildPhases = (SP00); productType = "com.apple.product-type.application"; };
                    CL00 = {isa = XCConfigurationList; buildConfigurations = (C000); };
                    C000 = {isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = X000; buildSettings = {SDKROOT = iphoneos; }; };
                    X000 = {isa = PBXFileReference; path = Shared.xcconfig; sourceTree = "<group>"; };
                    CL01 = {isa = XCConfigurationList; buildConfigurations = (C001); };
                    C001 = {isa = XCBuildConfiguration; name = Debug; buildSettings = {}; };
                };
                rootObject = AAAA;
            }
            """)
        try write("Shared.xcconfig", "SWIFT_ACTIVE_COMPILATION_CONDITIONS = ONE\n")
        try write("A.swift", "struct A {}\n")
        let first = try loadThroughCache()
        XCTAssertEqual(conditions(first.model), ["ONE"])
        XCTAssertTrue(try loadThroughCache().reused)
        try write("Shared.xcconfig", "SWIFT_ACTIVE_COMPILATION_CONDITIONS = TWO\n")
        let edited = try loadThroughCache()
        XCTAssertFalse(edited.reused)
        XCTAssertEqual(conditions(edited.model), ["TWO"])
    }
}

import Foundation
import XCTest
@testable import FlowLintKit

/// `Package.swift` is read with FlowLint's own parser, literally: what is written is read, what is not is said.
final class PackageManifestLoaderTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = Paths.standardize(NSTemporaryDirectory() + "/flowlint-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func write(_ relative: String, _ text: String = "") throws {
        let path = Paths.join(directory, relative)
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func load(_ manifest: String = "Package.swift", configuration: String = "Debug") -> PackageManifestLoader.Result {
        PackageManifestLoader.load(manifest: Paths.join(directory, manifest), root: directory, buildConfiguration: configuration)
    }

    func relative(_ files: [String]) -> [String] { files.map { Paths.relative($0, to: directory) ?? $0 } }

    func testLiteralTargetsWithPathsExcludesSourcesAndSettings() throws {
        try write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let common: [SwiftSetting] = [.define("SHARED")]

            let package = Package(
                name: "Shop",
                platforms: [.iOS(.v17), .macOS("14.0"), .watchOS(.v10_2)],
                products: [.library(name: "Shop", targets: ["Shop"])],
                targets: [
                    .target(
                        name: "Shop",
                        dependencies: ["Core", .target(name: "UI"), .product(name: "Collections", package: "swift-collections")],
                        path: "Code/Shop",
                        exclude: ["Legacy"],
                        swiftSettings: common + [
                            .define("MAC_ONLY", .when(platforms: [.macOS])),
                            .define("RELEASE_ONLY", .when(configuration: .release)),
                            .unsafeFlags(["-DUNSAFE", "-D", "SPLIT", "-Onone"]),
                            .swiftLanguageMode(.v5),
                            .defaultIsolation(MainActor.self),
                        ]
                    ),
                    .target(name: "Core", sources: ["Model.swift", "Sub"]),
                    .target(name: "UI"),
                    .testTarget(name: "ShopTests", dependencies: ["Shop"]),
                    .binaryTarget(name: "Blob", path: "Blob.xcframework"),
                ],
                swiftLanguageModes: [.v6]
            )
            """)
        try write("Code/Shop/Cart.swift")
        try write("Code/Shop/Deep/Row.swift")
        try write("Code/Shop/Legacy/Old.swift")
        try write("Code/Shop/notes.md")
        try write("Sources/Core/Model.swift")
        try write("Sources/Core/Other.swift")
        try write("Sources/Core/Sub/Nested.swift")
        try write("Sources/UI/View.swift")
        try write("Sources/UI/.hidden/Skip.swift")
        try write("Tests/ShopTests/CartTests.swift")

        let result = load()
        XCTAssertEqual(result.warnings, [])
        XCTAssertTrue(result.isComplete)
        XCTAssertEqual(result.targets.map(\.name), ["Shop", "Core", "UI", "ShopTests"])
        XCTAssertEqual(result.targets.map(\.kind), [.library, .library, .library, .test])
        let shop = result.targets[0]
        XCTAssertEqual(relative(shop.files), ["Code/Shop/Cart.swift", "Code/Shop/Deep/Row.swift"])
        XCTAssertEqual(shop.platforms.map(\.platform), [.iOS, .macOS, .watchOS])
        XCTAssertEqual(shop.platforms.map { $0.minimum?.description }, ["17.0", "14.0", "10.2"])
        XCTAssertEqual(shop.conditions.first { $0.platform == .iOS }?.conditions, ["DEBUG", "SHARED", "SPLIT", "SWIFT_PACKAGE", "UNSAFE"])
        XCTAssertEqual(shop.conditions.first { $0.platform == .macOS }?.conditions, ["DEBUG", "MAC_ONLY", "SHARED", "SPLIT", "SWIFT_PACKAGE", "UNSAFE"])
        XCTAssertEqual(shop.languageMode, "5")
        XCTAssertEqual(shop.defaultIsolation, "MainActor")
        XCTAssertEqual(shop.dependencies, ["Package.swift:Core", "Package.swift:UI"])
        XCTAssertEqual(shop.productDependencies, [ProductDependency(product: "Collections", package: "swift-collections")])
        XCTAssertEqual(relative(result.targets[1].files), ["Sources/Core/Model.swift", "Sources/Core/Sub/Nested.swift"])
        XCTAssertEqual(relative(result.targets[2].files), ["Sources/UI/View.swift"])
        XCTAssertEqual(result.targets[2].languageMode, "6")
        XCTAssertEqual(relative(result.targets[3].files), ["Tests/ShopTests/CartTests.swift"])
        XCTAssertEqual(result.products.map(\.name), ["Shop"])

        // Release: DEBUG is gone and the release-only define applies.
        let release = load(configuration: "Release").targets[0]
        XCTAssertEqual(release.conditions.first { $0.platform == .iOS }?.conditions, ["RELEASE_ONLY", "SHARED", "SPLIT", "SWIFT_PACKAGE", "UNSAFE"])
    }

    func testWithoutPlatformsEveryPlatformAndOnlyUnconditionalDefines() throws {
        try write("Package.swift", """
            import PackageDescription
            let package = Package(name: "Lib", targets: [
                .target(name: "Lib", swiftSettings: [.define("ANY"), .define("IOS", .when(platforms: [.iOS]))]),
            ])
            """)
        try write("Sources/Lib/A.swift")
        let target = load().targets[0]
        XCTAssertEqual(target.platforms, [])
        XCTAssertEqual(target.conditions, [PlatformConditions(platform: nil, conditions: ["ANY", "DEBUG", "SWIFT_PACKAGE"])])
    }

    func testATargetListThatIsNotLiteralFallsBackToTheLayoutWithAWarning() throws {
        try write("Package.swift", """
            import PackageDescription
            let names = ["A", "B"]
            let package = Package(name: "Gen", targets: names.map { .target(name: $0) })
            """)
        try write("Sources/A/A.swift")
        try write("Sources/B/B.swift")
        try write("Tests/ATests/T.swift")
        let result = load()
        XCTAssertFalse(result.isComplete)
        XCTAssertEqual(result.warnings, ["Package.swift: warning: the targets are not written literally; each directory of Sources/ and Tests/ is taken as a target"])
        XCTAssertEqual(result.targets.map(\.name), ["A", "B", "ATests"])
        XCTAssertEqual(result.targets.map(\.kind), [.library, .library, .test])
    }

    func testNoPackageCallAndChangesAfterItAreSaid() throws {
        try write("Package.swift", "import PackageDescription\nlet p = makePackage()\n")
        try write("Sources/A/A.swift")
        let none = load()
        XCTAssertFalse(none.isComplete)
        XCTAssertEqual(none.warnings, ["Package.swift: warning: no 'Package(...)' found; each directory of Sources/ and Tests/ is taken as a target"])
        XCTAssertEqual(none.targets.map(\.name), ["A"])

        try write("Package.swift", """
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A")])
            for target in package.targets { target.swiftSettings = [.define("LATE")] }
            """)
        let changed = load()
        XCTAssertEqual(changed.warnings, ["Package.swift: warning: the targets' settings are changed after 'Package(...)' (package.targets); those changes are not read"])
        XCTAssertEqual(changed.targets.map(\.name), ["A"])
    }

    func testAnUnreadableManifestIsAWarningNotACrash() throws {
        try write("Package.swift", "")
        try FileManager.default.removeItem(atPath: Paths.join(directory, "Package.swift"))
        try FileManager.default.createDirectory(atPath: Paths.join(directory, "Package.swift"), withIntermediateDirectories: true)
        let result = load()
        XCTAssertFalse(result.isComplete)
        XCTAssertEqual(result.targets.count, 0)
        XCTAssertEqual(result.warnings.count, 1)
    }

    func testBrokenAndHostileManifestsEndWithoutACrash() throws {
        let hostile = [
            "let package = Package(name: \"X\", targets: [.target(name: \"A\", path: \"../../../../etc\")",
            "let package = Package(",
            "let a = b\nlet b = a\nlet package = Package(name: \"X\", targets: a)",
            "let package = Package(name: \"X\", targets: [" + String(repeating: "[", count: 5_000) + "])",
            "let package = Package(name: \"\\(x)\", platforms: [.iOS(.v)], targets: [.target(name: \"\")])",
        ]
        for text in hostile {
            try write("Package.swift", text)
            _ = load()
        }
        try write("Package.swift", hostile[0] + ")")
        XCTAssertEqual(load().warnings, ["Package.swift: warning: the path of target 'A' is outside the package; the target is not read"])
    }

    func testProductsOfLocalPackagesResolveToTheirTargets() throws {
        try write("Package.swift", """
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(path: "Packages/Models"), .package(name: "UIKitPlus", path: "Packages/UIPlus")],
                targets: [.target(name: "App", dependencies: [.product(name: "Models", package: "Models"), .product(name: "Widgets", package: "UIKitPlus"), .product(name: "Remote", package: "remote")])])
            """)
        try write("Sources/App/App.swift")
        try write("Packages/Models/Package.swift", """
            import PackageDescription
            let package = Package(name: "Models", products: [.library(name: "Models", targets: ["Models", "ModelsExtra"])],
                targets: [.target(name: "Models"), .target(name: "ModelsExtra")])
            """)
        try write("Packages/Models/Sources/Models/M.swift")
        try write("Packages/Models/Sources/ModelsExtra/E.swift")
        try write("Packages/UIPlus/Package.swift", """
            import PackageDescription
            let package = Package(name: "UIKitPlus", products: [.library(name: "Widgets", targets: ["Widgets"])], targets: [.target(name: "Widgets")])
            """)
        try write("Packages/UIPlus/Sources/Widgets/W.swift")
        let discovery = try FileDiscovery.discover(paths: [directory], configuration: Configuration(rootDirectory: directory))
        let model = ProjectModel.load(root: directory, swiftFiles: discovery.files.map(\.absolutePath), bundles: discovery.projectBundles)
        let app = try XCTUnwrap(model.targets.first { $0.name == "App" })
        XCTAssertEqual(app.dependencies, ["Packages/Models/Package.swift:Models", "Packages/Models/Package.swift:ModelsExtra",
                                          "Packages/UIPlus/Package.swift:Widgets"])
        XCTAssertEqual(app.productDependencies, [ProductDependency(product: "Remote", package: "remote")])
        XCTAssertEqual(model.manifests, ["Package.swift", "Packages/Models/Package.swift", "Packages/UIPlus/Package.swift"])
    }

    func testTheFilesOfALintAreUsedInsteadOfWalking() throws {
        try write("Package.swift", "import PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\")])\n")
        try write("Sources/A/On.swift")
        try write("Sources/A/Ignored.swift")
        try write("Sources/A-x/Other.swift")
        let known = SwiftFileSet([Paths.join(directory, "Sources/A/On.swift"), Paths.join(directory, "Sources/A-x/Other.swift"),
                                  Paths.join(directory, "Sources/A.swift")])
        let result = PackageManifestLoader.load(manifest: Paths.join(directory, "Package.swift"), root: directory,
                                                buildConfiguration: "Debug", files: known)
        XCTAssertEqual(relative(result.targets[0].files), ["Sources/A/On.swift"])
    }
}

import Foundation
import XCTest
@testable import FlowLintKit

/// The Xcode project reader, on hand-written projects: `Fixtures/Garden` (groups, an Xcode 16 folder shared with
/// a widget through exception sets, `.xcconfig` files, SDK-conditional settings, an iOS + Mac app, a watch app,
/// local packages), and small projects written into temporary directories for the malformed cases.
final class XcodeProjectLoaderTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path
    static let garden = Paths.join(fixtures, "Garden")

    func loadGarden(_ configuration: String = "Debug") -> XcodeProjectLoader.Result {
        XcodeProjectLoader.load(project: Paths.join(Self.garden, "Garden.xcodeproj"), root: Self.garden, buildConfiguration: configuration)
    }

    func target(_ name: String, in result: XcodeProjectLoader.Result) throws -> BuildTarget {
        try XCTUnwrap(result.targets.first { $0.name == name }, "no target \(name)")
    }

    func relative(_ files: [String], to root: String = XcodeProjectLoaderTests.garden) -> [String] {
        files.map { Paths.relative($0, to: root) ?? $0 }
    }

    // MARK: The Garden project

    func testNativeTargetsInProjectOrderWithKindsAndModules() {
        let result = loadGarden()
        XCTAssertTrue(result.isComplete)
        // The aggregate target compiles nothing and is not listed.
        XCTAssertEqual(result.targets.map(\.name), ["Garden", "GardenWidgetExtension", "Garden Watch", "GardenTests"])
        XCTAssertEqual(result.targets.map(\.kind), [.app, .appExtension, .app, .test])
        // PRODUCT_NAME made an identifier; the default PRODUCT_NAME is the target's name.
        XCTAssertEqual(result.targets.map(\.module), ["Garden_Club", "GardenWidgetExtension", "Garden_Watch", "GardenTests"])
        XCTAssertEqual(Set(result.targets.map(\.manifest)), ["Garden.xcodeproj/project.pbxproj"])
    }

    func testFilesThroughGroupsSourceTreesAndSynchronizedFolders() throws {
        let result = loadGarden()
        // Groups with paths, a group without one, `name` differing from `path`, a variant group, a SOURCE_ROOT
        // file, the app's synchronized folder minus the app's exceptions and minus a file moved to a Copy Files
        // phase. A BUILT_PRODUCTS_DIR file, a file that does not exist and a dangling reference are left out.
        XCTAssertEqual(relative(try target("Garden", in: result).files), [
            "Garden/App/GardenApp.swift", "Garden/Base.lproj/Greeting.swift", "Garden/InVirtual.swift",
            "Garden/Models/Plant.swift", "Intents/SharedEntity.swift", "Intents/WaterIntent.swift", "Tools/Generated.swift",
        ])
        // Its own folder minus a file and a whole subfolder; plus files of the app's folder whose exception set
        // names the widget.
        XCTAssertEqual(relative(try target("GardenWidgetExtension", in: result).files), [
            "Intents/AppExcluded.swift", "Intents/SharedEntity.swift", "Widgets/GardenWidget.swift",
        ])
        // A synchronized folder inside an ordinary group, without its explicit folder (`Resources.bundle`); a file
        // of a folder no target lists, moved into the watch app's Sources phase.
        XCTAssertEqual(relative(try target("Garden Watch", in: result).files), ["Docs/WatchShared.swift", "Targets/Watch/WatchApp.swift"])
        XCTAssertEqual(relative(try target("GardenTests", in: result).files), ["Docs/TestSnippet.swift", "Tests/GardenTests.swift"])
    }

    func testFilesOfTheProjectFolderInNoTarget() {
        let result = loadGarden()
        let inTargets = Set(result.targets.flatMap(\.files))
        let walked = SwiftFileLister.swiftFiles(under: [Self.garden], excluding: result.localPackages)
        XCTAssertEqual(relative(walked.filter { !inTargets.contains($0) }), [
            "Docs/Notes.swift", "Garden/Models/Stale.swift", "Garden/Orphan.swift", "Intents/Scripts/Embedded.swift",
            "Targets/Watch/Resources.bundle/Inner.swift", "Widgets/Previews/WidgetPreview.swift",
        ])
    }

    func testPlatformsDeploymentTargetsAndConditionsPerPlatform() throws {
        let result = loadGarden()
        let app = try target("Garden", in: result)
        // SUPPORTED_PLATFORMS with SDKROOT = auto; Mac Catalyst adds no platform (it compiles as iOS).
        XCTAssertEqual(app.platforms, [
            PlatformDeployment(platform: .iOS, minimum: OSVersion("17.0")),
            PlatformDeployment(platform: .macOS, minimum: OSVersion("14.0")),
        ])
        // Project .xcconfig < project < target .xcconfig (with an include) < target; `[sdk=macosx*]` variants
        // inherit the unconditional value of their level.
        XCTAssertEqual(app.conditions, [
            PlatformConditions(platform: .iOS, conditions: ["APP", "DEBUG", "FLAGS_BASE", "PROJECT_XCCONFIG", "SHARED_FLAG"]),
            PlatformConditions(platform: .macOS, conditions: ["APP", "DEBUG", "FLAGS_BASE", "MAC_APP", "MAC_FLAG", "PROJECT_XCCONFIG", "SHARED_FLAG"]),
        ])
        XCTAssertEqual(app.languageMode, "6") // SWIFT_VERSION = 6.0 of the project
        XCTAssertEqual(app.defaultIsolation, "MainActor")

        // The widget: SDKROOT and the deployment target inherited from the project; `-D` flags, not `-DX=1`.
        let widget = try target("GardenWidgetExtension", in: result)
        XCTAssertEqual(widget.platforms, [PlatformDeployment(platform: .iOS, minimum: OSVersion("16.0"))])
        XCTAssertEqual(widget.conditions, [PlatformConditions(platform: .iOS, conditions: ["DEBUG", "EXTENSION", "PROJECT_XCCONFIG", "WIDGET"])])
        XCTAssertEqual(widget.languageMode, "5")
        XCTAssertNil(widget.defaultIsolation)

        let watch = try target("Garden Watch", in: result)
        XCTAssertEqual(watch.platforms, [PlatformDeployment(platform: .watchOS, minimum: OSVersion("10.0"))])
        XCTAssertEqual(watch.conditions, [PlatformConditions(platform: .watchOS, conditions: ["DEBUG", "PROJECT_XCCONFIG"])])
        XCTAssertEqual(watch.defaultIsolation, "nonisolated")
        XCTAssertEqual(try target("GardenTests", in: result).languageMode, "5")
    }

    func testDependenciesAndLocalPackageProducts() throws {
        let result = loadGarden()
        let app = try target("Garden", in: result)
        XCTAssertEqual(app.dependencies, ["GardenWidgetExtension"])
        // The remote package's product is not listed; the package named by the project has its directory; a
        // product with no package is left to the package folders of the group tree.
        XCTAssertEqual(app.productDependencies, [
            ProductDependency(product: "GardenKit", package: Paths.join(Self.garden, "LocalPackages/GardenKit")),
            ProductDependency(product: "Seeds", package: nil),
        ])
        // Through a proxy into this project, and into another project (by the name it gives).
        XCTAssertEqual(try target("GardenTests", in: result).dependencies, ["Garden"])
        XCTAssertEqual(try target("Garden Watch", in: result).dependencies, ["WeatherShim"])
        // A plugin dependency is not a target.
        XCTAssertEqual(try target("GardenWidgetExtension", in: result).dependencies, [])
        XCTAssertEqual(relative(result.localPackages), ["LocalPackages/GardenKit", "LocalPackages/Seeds"])
    }

    func testInputsAndWarnings() {
        let result = loadGarden()
        // The optional include that does not exist is an input (creating it changes the model), not a warning.
        XCTAssertEqual(relative(result.inputs), [
            "Config/Flags.xcconfig", "Config/Optional.xcconfig", "Config/Project.xcconfig", "Config/Shared.xcconfig",
            "Garden.xcodeproj/project.pbxproj",
        ])
        XCTAssertEqual(result.warnings, [])
    }

    func testAnotherConfigurationAndAMissingOne() throws {
        let result = loadGarden("Release")
        XCTAssertEqual(try target("Garden", in: result).conditions, [
            PlatformConditions(platform: .iOS, conditions: ["APP"]),
            PlatformConditions(platform: .macOS, conditions: ["APP"]),
        ])
        XCTAssertNil(try target("Garden Watch", in: result).defaultIsolation)
        // The widget has only Debug: its default is read, with a warning; the model stays complete.
        XCTAssertEqual(result.warnings, [
            "Garden.xcodeproj/project.pbxproj: warning: target 'GardenWidgetExtension' has no 'Release' build configuration; its 'Debug' settings are read",
        ])
        // Its Debug settings over the project's Release ones.
        XCTAssertEqual(try target("GardenWidgetExtension", in: result).conditions.first?.conditions, ["EXTENSION", "WIDGET"])
        XCTAssertTrue(result.isComplete)

        // A configuration no list has: the project's default (Release), reported once for the whole project.
        let profile = loadGarden("Profile")
        XCTAssertEqual(profile.warnings, [
            "Garden.xcodeproj/project.pbxproj: warning: the project has no 'Profile' build configuration; its 'Release' settings are read",
            "Garden.xcodeproj/project.pbxproj: warning: target 'GardenWidgetExtension' has no 'Profile' build configuration; its 'Debug' settings are read",
        ])
        // Configuration names are matched exactly first, then regardless of case.
        XCTAssertEqual(loadGarden("debug").warnings, [])
    }

    // MARK: Small projects written for the test

    /// Writes `X.xcodeproj/project.pbxproj` with `objects` (old-style property list text) into `directory`.
    @discardableResult
    func writeProject(_ objects: String, in directory: String, name: String = "App", root: String = "ROOT") throws -> String {
        let project = Paths.join(directory, "\(name).xcodeproj")
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\(objects)\n\t};\n\trootObject = \(root);\n}\n"
        try text.write(toFile: Paths.join(project, "project.pbxproj"), atomically: true, encoding: .utf8)
        return project
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A project with one app target `App` whose Sources phase compiles `files` (build file ids), with `extra`
    /// objects (groups, references), `settings` as the target's Debug settings, and the Debug configurations of
    /// the project and the target replaceable whole (`projectConfiguration`, `targetConfiguration`).
    func appProject(main: String = "(G1)", extra: String, files: String = "", settings: String = "SDKROOT = iphoneos;",
                    projectDirPath: String = "\"\"", projectConfiguration: String? = nil, targetConfiguration: String? = nil) -> String {
        """
        ROOT = {isa = PBXProject; buildConfigurationList = CL0; mainGroup = MAIN; projectDirPath = \(projectDirPath); targets = (T1); };
        MAIN = {isa = PBXGroup; children = \(main); sourceTree = "<group>"; };
        T1 = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; buildConfigurationList = CL1; buildPhases = (SP1); };
        SP1 = {isa = PBXSourcesBuildPhase; files = (\(files)); };
        CL0 = {isa = XCConfigurationList; buildConfigurations = (PC1); defaultConfigurationName = Debug; };
        \(projectConfiguration ?? "PC1 = {isa = XCBuildConfiguration; name = Debug; buildSettings = {}; };")
        CL1 = {isa = XCConfigurationList; buildConfigurations = (TC1); defaultConfigurationName = Debug; };
        \(targetConfiguration ?? "TC1 = {isa = XCBuildConfiguration; name = Debug; buildSettings = {\(settings)}; };")
        \(extra)
        """
    }

    func testAbsoluteAndSourceRootPathsWithProjectDirPath() throws {
        let root = try temporaryDirectory()
        try write("struct A {}\n", to: Paths.join(root, "src/A.swift"))
        try write("struct B {}\n", to: Paths.join(root, "outside/B.swift"))
        try write("struct C {}\n", to: Paths.join(root, "src/deep/C.swift"))
        // The project lives in `build/`; projectDirPath moves its source root to `../src`.
        let project = try writeProject(appProject(extra: """
            G1 = {isa = PBXGroup; children = (F1, F3); path = deep; sourceTree = "<group>"; };
            F1 = {isa = PBXFileReference; path = C.swift; sourceTree = "<group>"; };
            F2 = {isa = PBXFileReference; path = "\(root)/outside/B.swift"; sourceTree = "<absolute>"; };
            F3 = {isa = PBXFileReference; path = A.swift; sourceTree = SOURCE_ROOT; };
            F4 = {isa = PBXFileReference; path = A.swift; sourceTree = DEVELOPER_DIR; };
            B1 = {isa = PBXBuildFile; fileRef = F1; };
            B2 = {isa = PBXBuildFile; fileRef = F2; };
            B3 = {isa = PBXBuildFile; fileRef = F3; };
            B4 = {isa = PBXBuildFile; fileRef = F4; };
            """, files: "B1, B2, B3, B4", projectDirPath: "../src"), in: Paths.join(root, "build"))
        let result = XcodeProjectLoader.load(project: project, root: root)
        XCTAssertEqual(result.warnings, [])
        XCTAssertEqual(relative(try target("App", in: result).files, to: root), ["outside/B.swift", "src/A.swift", "src/deep/C.swift"])
    }

    /// Xcode's file system ignores case: a group spelled `Components` for the folder `components` compiles its files,
    /// found under the spelling on disk (on Linux the exact path does not exist; on macOS it does, but the files
    /// FlowLint lists are spelled as the directory has them). Two entries that match ignoring case are not guessed.
    func testGroupPathsThatDifferFromTheDiskOnlyInCase() throws {
        let root = try temporaryDirectory()
        try write("struct A {}\n", to: Paths.join(root, "app/components/Avatar.swift"))
        try write("struct B {}\n", to: Paths.join(root, "app/Twice/B.swift"))
        try write("struct B {}\n", to: Paths.join(root, "app/twice/B.swift"))
        let project = try writeProject(appProject(main: "(G1)", extra: """
            G1 = {isa = PBXGroup; children = (G2, G3); path = App; sourceTree = "<group>"; };
            G2 = {isa = PBXGroup; children = (F1); path = Components; sourceTree = "<group>"; };
            G3 = {isa = PBXGroup; children = (F2); path = TWICE; sourceTree = "<group>"; };
            F1 = {isa = PBXFileReference; path = avatar.swift; sourceTree = "<group>"; };
            F2 = {isa = PBXFileReference; path = B.swift; sourceTree = "<group>"; };
            B1 = {isa = PBXBuildFile; fileRef = F1; };
            B2 = {isa = PBXBuildFile; fileRef = F2; };
            """, files: "B1, B2"), in: root)
        let result = XcodeProjectLoader.load(project: project, root: root)
        XCTAssertEqual(relative(try target("App", in: result).files, to: root), ["app/components/Avatar.swift"])
        let listed = SwiftFileSet([Paths.join(root, "app/components/Avatar.swift"), Paths.join(root, "app/Twice/B.swift"),
                                   Paths.join(root, "app/twice/B.swift")])
        let withListing = XcodeProjectLoader.load(project: project, root: root, files: listed)
        XCTAssertEqual(relative(try target("App", in: withListing).files, to: root), ["app/components/Avatar.swift"])
    }

    /// The same for a synchronized folder (`path = manuscript` for `Manuscript/`): its files are the target's.
    func testASynchronizedFolderThatDiffersFromTheDiskOnlyInCase() throws {
        let root = try temporaryDirectory()
        try write("struct A {}\n", to: Paths.join(root, "Manuscript/Views/A.swift"))
        let text = appProject(main: "(S1)", extra: """
            S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = manuscript; sourceTree = "<group>"; };
            """).replacingOccurrences(of: "buildPhases = (SP1); };", with: "buildPhases = (SP1); fileSystemSynchronizedGroups = (S1); };")
        let project = try writeProject(text, in: root)
        let result = XcodeProjectLoader.load(project: project, root: root)
        XCTAssertEqual(relative(try target("App", in: result).files, to: root), ["Manuscript/Views/A.swift"])
        let listed = SwiftFileSet([Paths.join(root, "Manuscript/Views/A.swift")])
        let withListing = XcodeProjectLoader.load(project: project, root: root, files: listed)
        XCTAssertEqual(relative(try target("App", in: withListing).files, to: root), ["Manuscript/Views/A.swift"])
    }

    func testAnXcconfigInsideASynchronizedFolderAndOneThatDoesNotExist() throws {
        let root = try temporaryDirectory()
        try write("SWIFT_ACTIVE_COMPILATION_CONDITIONS = FROM_FOLDER\n", to: Paths.join(root, "Config/App.xcconfig"))
        let project = try writeProject(appProject(main: "(S1, F9)", extra: """
            S1 = {isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = "<group>"; };
            F9 = {isa = PBXFileReference; path = Gone.xcconfig; sourceTree = "<group>"; };
            """,
            projectConfiguration: "PC1 = {isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = F9; buildSettings = {}; };",
            targetConfiguration: """
            TC1 = {isa = XCBuildConfiguration; name = Debug; baseConfigurationReferenceAnchor = S1; baseConfigurationReferenceRelativePath = App.xcconfig; buildSettings = {SDKROOT = macosx;}; };
            """), in: root)
        let result = XcodeProjectLoader.load(project: project, root: root)
        XCTAssertEqual(try target("App", in: result).conditions, [PlatformConditions(platform: .macOS, conditions: ["FROM_FOLDER"])])
        XCTAssertEqual(result.warnings, [
            "App.xcodeproj/project.pbxproj: warning: the configuration file 'Gone.xcconfig' does not exist; its settings are not read",
        ])
        XCTAssertTrue(result.isComplete)
        XCTAssertEqual(relative(result.inputs, to: root), ["App.xcodeproj/project.pbxproj", "Config/App.xcconfig", "Gone.xcconfig"])
    }

    func testSettingsNobodyCanKnowLeaveFieldsNil() throws {
        let root = try temporaryDirectory()
        let project = try writeProject(appProject(extra: "G1 = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };", settings: """
            SDKROOT = "$(PLATFORM_OF_THE_CI)";
            IPHONEOS_DEPLOYMENT_TARGET = "$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)";
            SWIFT_VERSION = "$(SWIFT_VERSION_FROM_ENV)";
            SWIFT_DEFAULT_ACTOR_ISOLATION = "$(ISOLATION)";
            PRODUCT_MODULE_NAME = "$(UNKNOWN_MODULE)";
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = "A $(A_AND_B) B";
            A_AND_B = "$(B_AND_A)";
            B_AND_A = "$(A_AND_B)";
            """), in: root)
        let result = XcodeProjectLoader.load(project: project, root: root)
        let app = try target("App", in: result)
        // No platform known: one set of conditions for every platform. A cycle of references makes the setting
        // unknown rather than looping.
        XCTAssertEqual(app.platforms, [])
        XCTAssertEqual(app.conditions, [PlatformConditions(platform: nil, conditions: [])])
        XCTAssertNil(app.languageMode)
        XCTAssertNil(app.defaultIsolation)
        XCTAssertEqual(app.module, "App")
    }

    // MARK: Malformed projects

    /// Runs `body` with standard error pointed at a file; returns its result and what was written there.
    func captureStandardError<T>(_ body: () -> T) throws -> (T, String) {
        let log = Paths.join(try temporaryDirectory(), "stderr.txt")
        let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let saved = dup(STDERR_FILENO)
        fflush(stderr)
        dup2(fd, STDERR_FILENO)
        close(fd)
        let result = body()
        fflush(stderr)
        dup2(saved, STDERR_FILENO)
        close(saved)
        return (result, try String(contentsOfFile: log, encoding: .utf8))
    }

    func testTruncatedProjectWarnsCleanlyAndIsIncomplete() throws {
        let root = try temporaryDirectory()
        let text = try String(contentsOfFile: Paths.join(Self.garden, "Garden.xcodeproj/project.pbxproj"), encoding: .utf8)
        let project = Paths.join(root, "Cut.xcodeproj")
        try write(String(text.prefix(text.count / 2)), to: Paths.join(project, "project.pbxproj"))
        let (result, standardError) = try captureStandardError { XcodeProjectLoader.load(project: project, root: root) }
        XCTAssertEqual(result.targets, [])
        XCTAssertFalse(result.isComplete)
        XCTAssertEqual(result.warnings.count, 1)
        XCTAssertTrue(result.warnings[0].hasPrefix("Cut.xcodeproj/project.pbxproj: warning: is not a valid property list ("), result.warnings[0])
        XCTAssertTrue(result.warnings[0].hasSuffix("); the files of its targets are not known"), result.warnings[0])
        // Nothing about the missing ';' reaches standard error: the loader's warning says it, once.
        XCTAssertEqual(standardError, "")
    }

    func testFilesThatAreNotProjectsAtAll() throws {
        let root = try temporaryDirectory()
        func load(_ name: String) -> XcodeProjectLoader.Result {
            XcodeProjectLoader.load(project: Paths.join(root, "\(name).xcodeproj"), root: root)
        }
        try write("not { a property list", to: Paths.join(root, "Text.xcodeproj/project.pbxproj"))
        try write("( a, list )", to: Paths.join(root, "List.xcodeproj/project.pbxproj"))
        try write("{ objects = \"none\"; }", to: Paths.join(root, "Objects.xcodeproj/project.pbxproj"))
        try write("{ objects = { R = {isa = PBXGroup;}; }; rootObject = R; }", to: Paths.join(root, "Root.xcodeproj/project.pbxproj"))
        try write("{ objects = {}; }", to: Paths.join(root, "NoRoot.xcodeproj/project.pbxproj"))
        try FileManager.default.createDirectory(atPath: Paths.join(root, "Folder.xcodeproj/project.pbxproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: Paths.join(root, "Empty.xcodeproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: Paths.join(root, "Binary.xcodeproj"), withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: Paths.join(root, "Binary.xcodeproj/project.pbxproj"), contents: Data([0x7B, 0, 0x7D])))
        // Larger than the limit: refused by its size, without reading it (a sparse file costs nothing).
        try FileManager.default.createDirectory(atPath: Paths.join(root, "Huge.xcodeproj"), withIntermediateDirectories: true)
        let huge = Paths.join(root, "Huge.xcodeproj/project.pbxproj")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: nil))
        XCTAssertEqual(truncate(huge, off_t(XcodeProjectLoader.maximumProjectSize + 1)), 0)

        let expected: [(String, String)] = [
            ("Text", "is not a valid property list ("),
            ("List", "is not a dictionary"),
            ("Objects", "has no 'objects' dictionary"),
            ("Root", "has no root object of type PBXProject"),
            ("NoRoot", "has no root object of type PBXProject"),
            ("Folder", "cannot be read (is a directory)"),
            ("Empty", "cannot be read (No such file or directory)"),
            ("Binary", "is not a text file"),
            ("Huge", "is larger than 8 MiB and is not read"),
        ]
        for (name, message) in expected {
            let result = load(name)
            XCTAssertFalse(result.isComplete, name)
            XCTAssertEqual(result.targets, [], name)
            XCTAssertEqual(result.warnings.count, 1, name)
            XCTAssertTrue(result.warnings.first?.hasPrefix("\(name).xcodeproj/project.pbxproj: warning: \(message)") == true,
                          "\(name): \(result.warnings)")
        }
    }

    func testValuesOfTheWrongTypeAreReportedAndMakeTheModelIncomplete() throws {
        let root = try temporaryDirectory()
        try write("struct A {}\n", to: Paths.join(root, "A.swift"))
        let project = try writeProject("""
            ROOT = {isa = PBXProject; buildConfigurationList = CL0; mainGroup = MAIN; targets = (T1, T2, T3); };
            MAIN = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
            F1 = {isa = PBXFileReference; path = A.swift; sourceTree = "<group>"; };
            B1 = {isa = PBXBuildFile; fileRef = F1; };
            T1 = {isa = PBXNativeTarget; name = Good; buildPhases = (SP1); productType = "com.apple.product-type.framework"; };
            SP1 = {isa = PBXSourcesBuildPhase; files = (B1); };
            T2 = {isa = PBXNativeTarget; name = BadPhases; buildPhases = "SP1"; dependencies = {a = b;}; };
            T3 = {isa = PBXNativeTarget; name = (Bad, Name); };
            CL0 = {isa = XCConfigurationList; buildConfigurations = PC1; };
            """, in: root)
        let result = XcodeProjectLoader.load(project: project, root: root)
        XCTAssertFalse(result.isComplete)
        XCTAssertEqual(result.targets.map(\.name), ["Good", "BadPhases"])
        XCTAssertEqual(relative(try target("Good", in: result).files, to: root), ["A.swift"])
        XCTAssertEqual(try target("Good", in: result).kind, .framework)
        XCTAssertEqual(try target("BadPhases", in: result).files, [])
        XCTAssertEqual(result.warnings.sorted(), [
            "App.xcodeproj/project.pbxproj: warning: XCConfigurationList CL0: 'buildConfigurations' is not a list",
            "App.xcodeproj/project.pbxproj: warning: PBXNativeTarget T2: 'buildPhases' is not a list",
            "App.xcodeproj/project.pbxproj: warning: PBXNativeTarget T3: 'name' is not a string",
            "App.xcodeproj/project.pbxproj: warning: PBXNativeTarget T3: has no name",
            "App.xcodeproj/project.pbxproj: warning: PBXNativeTarget T2: 'dependencies' is not a list",
            "App.xcodeproj/project.pbxproj: warning: the project has no build configuration; its settings are not known",
        ].sorted())
    }

    func testCyclicAndDeepGroupsEndWithAWarning() throws {
        let root = try temporaryDirectory()
        try write("struct A {}\n", to: Paths.join(root, "a/A.swift"))
        // G1 lists G2, which lists G1 again; the file keeps its first place.
        let project = try writeProject(appProject(extra: """
            G1 = {isa = PBXGroup; children = (G2, F1); path = a; sourceTree = "<group>"; };
            G2 = {isa = PBXGroup; children = (G1, F1); path = b; sourceTree = "<group>"; };
            F1 = {isa = PBXFileReference; path = A.swift; sourceTree = "<group>"; };
            B1 = {isa = PBXBuildFile; fileRef = F1; };
            """, files: "B1"), in: root)
        let result = XcodeProjectLoader.load(project: project, root: root)
        XCTAssertEqual(relative(try target("App", in: result).files, to: root), ["a/A.swift"])
        XCTAssertEqual(result.warnings, ["App.xcodeproj/project.pbxproj: warning: PBXGroup G2: lists its own enclosing group G1 (a cycle); that entry is ignored"])
        XCTAssertFalse(result.isComplete)

        // 400 groups in a chain: deeper than the bound; the file at the bottom is not placed, nothing overflows.
        let depth = 400
        var objects = (0..<depth).map { "D\($0) = {isa = PBXGroup; children = (\($0 + 1 < depth ? "D\($0 + 1)" : "F1")); path = d; sourceTree = \"<group>\"; };" }
        objects.append("F1 = {isa = PBXFileReference; path = A.swift; sourceTree = \"<group>\"; };")
        objects.append("B1 = {isa = PBXBuildFile; fileRef = F1; };")
        let deep = try writeProject(appProject(main: "(D0)", extra: objects.joined(separator: "\n"), files: "B1"), in: root, name: "Deep")
        let deepResult = XcodeProjectLoader.load(project: deep, root: root)
        XCTAssertEqual(try target("App", in: deepResult).files, [])
        XCTAssertEqual(deepResult.warnings, ["Deep.xcodeproj/project.pbxproj: warning: PBXFileReference F1: is nested more than 256 groups deep"])
        XCTAssertFalse(deepResult.isComplete)
    }

    func testProblemsAreListedUpToALimit() throws {
        let root = try temporaryDirectory()
        let targets = (0..<30).map { "T\($0)" }
        let objects = targets.map { "\($0) = {isa = PBXNativeTarget; name = \($0); buildPhases = oops; };" }.joined(separator: "\n")
        let project = try writeProject("""
            ROOT = {isa = PBXProject; mainGroup = MAIN; targets = (\(targets.joined(separator: ", "))); };
            MAIN = {isa = PBXGroup; children = (); };
            \(objects)
            """, in: root)
        let result = XcodeProjectLoader.load(project: project, root: root)
        XCTAssertEqual(result.targets.count, 30)
        XCTAssertEqual(result.warnings.count, XcodeProjectLoader.maximumProblems + 1)
        XCTAssertEqual(result.warnings.last, "App.xcodeproj/project.pbxproj: warning: 10 more problems of the same kind")
    }

    // MARK: Pieces

    func testProductTypes() {
        let kinds: [(String?, BuildTarget.Kind)] = [
            ("com.apple.product-type.application", .app), ("com.apple.product-type.application.watchapp2", .app),
            ("com.apple.product-type.application.on-demand-install-capable", .app),
            ("com.apple.product-type.app-extension", .appExtension), ("com.apple.product-type.extensionkit-extension", .appExtension),
            ("com.apple.product-type.watchkit2-extension", .appExtension), ("com.apple.product-type.app-extension.messages", .appExtension),
            ("com.apple.product-type.framework", .framework), ("com.apple.product-type.framework.static", .framework),
            ("com.apple.product-type.library.static", .library), ("com.apple.product-type.library.dynamic", .library),
            ("com.apple.product-type.tool", .executable), ("com.apple.product-type.bundle.unit-test", .test),
            ("com.apple.product-type.bundle.ui-testing", .test), ("com.apple.product-type.bundle", .other),
            ("com.apple.product-type.xpc-service", .other), (nil, .other),
        ]
        for (type, kind) in kinds { XCTAssertEqual(XcodeProjectLoader.kind(productType: type), kind, type ?? "nil") }
    }

    func testSDKRootsAndLanguageModes() {
        XCTAssertEqual(XcodeProjectLoader.platform(sdkRoot: "iphoneos"), .iOS)
        XCTAssertEqual(XcodeProjectLoader.platform(sdkRoot: "macosx14.2"), .macOS)
        XCTAssertEqual(XcodeProjectLoader.platform(sdkRoot: "/Applications/Xcode.app/Contents/Developer/Platforms/AppleTVOS.platform/Developer/SDKs/AppleTVOS.sdk"), .tvOS)
        XCTAssertEqual(XcodeProjectLoader.platform(sdkRoot: "xros"), .visionOS)
        XCTAssertNil(XcodeProjectLoader.platform(sdkRoot: "driverkit"))
        XCTAssertNil(XcodeProjectLoader.platform(sdkRoot: "auto"))
        XCTAssertEqual(XcodeProjectLoader.languageMode("5.0"), "5")
        XCTAssertEqual(XcodeProjectLoader.languageMode("6"), "6")
        XCTAssertEqual(XcodeProjectLoader.languageMode("4.2"), "4.2")
        XCTAssertNil(XcodeProjectLoader.languageMode("latest"))
    }

    func testDefinedConditionsOfCompilerFlags() {
        XCTAssertEqual(PackageManifestLoader.definedConditions(in: ["-D", "A", "-DB", "-DX=1", "-Xcc", "-DC", "-Xfrontend", "-D", "E", "-O"]), ["A", "B"])
    }

    func testTruncatedProjectsLoadedAtOnceLeaveStandardErrorWorking() throws {
        let root = try temporaryDirectory()
        // Long enough to parse that the loads overlap, and cut short.
        let objects = (0..<20_000).map { "G\($0) = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };" }
        try write("{ objects = {\n" + objects.joined(separator: "\n"), to: Paths.join(root, "Cut.xcodeproj/project.pbxproj"))
        let (results, standardError) = try captureStandardError {
            var results = [XcodeProjectLoader.Result?](repeating: nil, count: 6)
            let lock = NSLock()
            DispatchQueue.concurrentPerform(iterations: 6) { index in
                let result = XcodeProjectLoader.load(project: Paths.join(root, "Cut.xcodeproj"), root: root)
                lock.lock(); results[index] = result; lock.unlock()
            }
            fputs("still here\n", stderr)
            return results
        }
        XCTAssertEqual(results.compactMap { $0?.isComplete }, Array(repeating: false, count: 6))
        XCTAssertEqual(standardError, "still here\n")
    }
}

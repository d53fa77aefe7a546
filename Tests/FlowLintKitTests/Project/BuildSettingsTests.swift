import Foundation
import XCTest
@testable import FlowLintKit

/// How Xcode settings are layered and evaluated (`BuildSettings`), and how `.xcconfig` files are read.
final class BuildSettingsTests: XCTestCase {
    let ios = BuildSettingScope(sdk: "iphoneos", configuration: "Debug")
    let mac = BuildSettingScope(sdk: "macosx", configuration: "Debug")

    func settings(_ levels: [[String: String]]) -> BuildSettings {
        var settings = BuildSettings()
        for level in levels { settings.push(dictionary: level) }
        return settings
    }

    func testInheritedAcrossLevelsAndTheSettingsOwnName() {
        let s = settings([
            ["FLAGS": "-DPROJECT"],
            ["FLAGS": "$(inherited) -DTARGET"],
            ["FLAGS": "${inherited} -DXCCONFIG $(FLAGS)"],
        ])
        // `$(FLAGS)` inside FLAGS means what came before, as `$(inherited)` does.
        XCTAssertEqual(s.value("FLAGS", in: ios), "-DPROJECT -DTARGET -DXCCONFIG -DPROJECT -DTARGET")
        XCTAssertEqual(s.value("UNSET", in: ios), nil)
        // `$(inherited)` at the bottom is empty.
        XCTAssertEqual(settings([["A": "$(inherited) x"]]).value("A", in: ios), " x")
    }

    func testConditionalAssignmentsTakePrecedenceInTheirLevelAndInheritTheUnconditionalOne() {
        let s = settings([
            ["C": "BASE"],
            ["C[sdk=macosx*]": "$(inherited) MAC", "C": "$(inherited) TARGET", "C[sdk=iphone*][arch=*]": "$(inherited) PHONE"],
        ])
        XCTAssertEqual(s.value("C", in: ios), "BASE TARGET PHONE")
        XCTAssertEqual(s.value("C", in: mac), "BASE TARGET MAC")
        // No SDK known: no `[sdk=...]` condition holds.
        XCTAssertEqual(s.value("C", in: BuildSettingScope(sdk: nil, configuration: "Debug")), "BASE TARGET")
        // `[config=...]`; a condition on something the loader cannot know holds only for `*`.
        var c = BuildSettings()
        c.push(key: "X", value: "plain")
        c.push(key: "X[config=Rel*]", value: "release")
        c.push(key: "Y[variant=profile]", value: "profile")
        XCTAssertEqual(c.value("X", in: ios), "plain")
        XCTAssertEqual(c.value("X", in: BuildSettingScope(sdk: "iphoneos", configuration: "Release")), "release")
        XCTAssertNil(c.value("Y", in: ios))
    }

    func testKeysThatAreNotSettingsAreIgnored() {
        XCTAssertNil(BuildSettings.parseKey("1ABC"))
        XCTAssertNil(BuildSettings.parseKey("A B"))
        XCTAssertNil(BuildSettings.parseKey("A[sdk=x"))
        XCTAssertNil(BuildSettings.parseKey("A[sdk]"))
        XCTAssertNil(BuildSettings.parseKey("A[sdk=x]tail"))
        XCTAssertEqual(BuildSettings.parseKey(" A_1[sdk=iphoneos*][arch=*] ")?.1.map(\.parameter), ["sdk", "arch"])
    }

    func testReferencesOperatorsAndBuiltins() {
        var scope = ios
        scope.builtins = ["TARGET_NAME": "My App", "PRODUCT_NAME": "$(TARGET_NAME)", "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)"]
        let s = settings([[
            "KIND": "LOWER",
            "NAME_LOWER": "$(TARGET_NAME:lower)",
            "NAME_UPPER": "$(TARGET_NAME:upper)",
            "PICK": "$(NAME_$(KIND))",
            "FALLBACK": "$(NOT_SET:default=$(KIND:lower))",
            "BUNDLE": "com.example.$(TARGET_NAME:rfc1034identifier)",
            "PATH_PARTS": "$(SOME_PATH:file) $(SOME_PATH:base) $(SOME_PATH:suffix) $(SOME_PATH:dir)",
            "SOME_PATH": "/a/b/c.tar.gz",
            "DIGIT": "$(LEADING:c99extidentifier)",
            "LEADING": "2048 Game",
        ]])
        XCTAssertEqual(s.value("PICK", in: scope), "my app")
        XCTAssertEqual(s.value("FALLBACK", in: scope), "lower")
        XCTAssertEqual(s.value("BUNDLE", in: scope), "com.example.My-App")
        XCTAssertEqual(s.value("PATH_PARTS", in: scope), "c.tar.gz c.tar .gz /a/b/")
        XCTAssertEqual(s.value("PRODUCT_MODULE_NAME", in: scope), "My_App")
        XCTAssertEqual(s.value("DIGIT", in: scope), "_048_Game")
        // An unknown operator leaves the value; an unclosed reference is text.
        XCTAssertEqual(settings([["A": "$(KIND2:frobnicate)", "KIND2": "k", "B": "x $(y"]]).value("A", in: ios), "k")
        XCTAssertEqual(settings([["B": "x $(y"]]).value("B", in: ios), "x $(y")
    }

    func testCyclesAndExplosionsEndUnknown() {
        XCTAssertNil(settings([["A": "$(B)", "B": "$(A)"]]).value("A", in: ios))
        // 40 levels each referencing the next twice: 2^40 expansions if nothing stopped it.
        var levels: [String: String] = [:]
        for i in 0..<40 { levels["L\(i)"] = "$(L\(i + 1))$(L\(i + 1))" }
        levels["L40"] = "x"
        let start = Date()
        XCTAssertNil(settings([levels]).value("L0", in: ios))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "the step budget bounds the work")
        // A value that doubles past the length bound.
        var growing: [String: String] = ["G0": String(repeating: "x", count: 1000)]
        for i in 1...20 { growing["G\(i)"] = "$(G\(i - 1))$(G\(i - 1))" }
        XCTAssertNil(settings([growing]).value("G20", in: ios))
    }

    func testListsSplitLikeXcode() {
        XCTAssertEqual(BuildSettings.splitList(#"  A "B C"  'D E' F\ G "" H"#), ["A", "B C", "D E", "F G", "", "H"])
        XCTAssertEqual(BuildSettings.splitList(""), [])
        XCTAssertEqual(BuildSettings.splitList("-D\tX\n-DY"), ["-D", "X", "-DY"])
    }

    func testGlob() {
        XCTAssertTrue(BuildSettingScope.glob("iphoneos*", matches: "iphoneos"))
        XCTAssertTrue(BuildSettingScope.glob("*", matches: "anything"))
        XCTAssertTrue(BuildSettingScope.glob("i?hone*", matches: "iphonesimulator"))
        XCTAssertFalse(BuildSettingScope.glob("iphoneos*", matches: "iphonesimulator"))
        XCTAssertFalse(BuildSettingScope.glob("macosx", matches: "macosx14.0"))
        XCTAssertTrue(BuildSettingScope.glob("*os*", matches: "watchos"))
    }

    // MARK: .xcconfig files

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func testXcconfigAssignmentsIncludesAndComments() throws {
        let root = try temporaryDirectory()
        try write("""
            // A comment
            #include "Base/Common.xcconfig"
            #include? "Missing.xcconfig"
            #include <DEVELOPER_DIR>/Makefiles/CoreOS/Xcode/BSD.xcconfig
            OTHER_SWIFT_FLAGS = $(inherited) -DMAIN // trailing comment
            URL = https:/$()/example.com
            SWIFT_VERSION = 6.0;
            not an assignment
            """, to: Paths.join(root, "Main.xcconfig"))
        try write("OTHER_SWIFT_FLAGS[sdk=macosx*] = -DMAC\r\nOTHER_SWIFT_FLAGS = -DCOMMON\r\n", to: Paths.join(root, "Base/Common.xcconfig"))
        let file = XCConfigReader.read(Paths.join(root, "Main.xcconfig")) { $0 }
        XCTAssertEqual(file.assignments.map { "\($0.key)=\($0.value)" }, [
            "OTHER_SWIFT_FLAGS[sdk=macosx*]=-DMAC", "OTHER_SWIFT_FLAGS=-DCOMMON", "OTHER_SWIFT_FLAGS=$(inherited) -DMAIN",
            "URL=https:/$()/example.com", "SWIFT_VERSION=6.0",
        ])
        XCTAssertEqual(file.problems.count, 0)
        XCTAssertEqual(file.inputs.map { Paths.relative($0, to: root) }, ["Main.xcconfig", "Base/Common.xcconfig", "Missing.xcconfig"])

        // In order, an include's later unconditional line wins over its earlier conditional one.
        var settings = BuildSettings()
        for (key, value) in file.assignments { settings.push(key: key, value: value) }
        XCTAssertEqual(settings.value("OTHER_SWIFT_FLAGS", in: BuildSettingScope(sdk: "macosx", configuration: "Debug")), "-DCOMMON -DMAIN")
    }

    func testXcconfigIncludeCyclesDepthAndMissingFiles() throws {
        let root = try temporaryDirectory()
        try write("#include \"B.xcconfig\"\nA = 1\n", to: Paths.join(root, "A.xcconfig"))
        try write("#include \"A.xcconfig\"\n#include \"Gone.xcconfig\"\nB = 2\n", to: Paths.join(root, "B.xcconfig"))
        let file = XCConfigReader.read(Paths.join(root, "A.xcconfig")) { Paths.relative($0, to: root) ?? $0 }
        XCTAssertEqual(file.assignments.map(\.key), ["B", "A"])
        XCTAssertEqual(file.problems.map { "\($0.path.flatMap { Paths.relative($0, to: root) } ?? "-"): \($0.message)" }, [
            "B.xcconfig: '#include \"A.xcconfig\"' makes a cycle of includes; ignored",
            "B.xcconfig: the included file 'Gone.xcconfig' does not exist; its settings are not read",
        ])

        // A chain of 30 files: read down to the bound, then a warning.
        for i in 0..<30 { try write("#include \"C\(i + 1).xcconfig\"\nC\(i) = \(i)\n", to: Paths.join(root, "C\(i).xcconfig")) }
        let chain = XCConfigReader.read(Paths.join(root, "C0.xcconfig")) { Paths.relative($0, to: root) ?? $0 }
        XCTAssertEqual(chain.assignments.count, XCConfigReader.maximumIncludeDepth)
        XCTAssertEqual(chain.problems.map(\.message), ["'#include' nested more than 16 deep; 'C16.xcconfig' is not read"])

        let missing = XCConfigReader.read(Paths.join(root, "Nope.xcconfig")) { Paths.relative($0, to: root) ?? $0 }
        XCTAssertEqual(missing.problems.map(\.message), ["the configuration file 'Nope.xcconfig' does not exist; its settings are not read"])
        XCTAssertNil(missing.problems.first?.path)
    }
}

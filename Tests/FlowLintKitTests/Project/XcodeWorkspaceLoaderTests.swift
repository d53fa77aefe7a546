import Foundation
import XCTest
@testable import FlowLintKit

/// The workspace reader (`XcodeWorkspaceLoader`) and its XML scanner.
final class XcodeWorkspaceLoaderTests: XCTestCase {
    static let orchard = Paths.join(XcodeProjectLoaderTests.fixtures, "Orchard")

    func testProjectsAndPackagesOfAWorkspace() {
        let result = XcodeWorkspaceLoader.projects(in: Paths.join(Self.orchard, "Orchard.xcworkspace"), root: Self.orchard)
        XCTAssertEqual(result.warnings, [])
        XCTAssertTrue(result.isComplete)
        // Listed twice, kept once; a group's `container:` location composes with its entries' `group:` ones; a
        // plain file and a `developer:` entry are neither.
        XCTAssertEqual(result.projects, [Paths.join(Self.orchard, "App/Orchard.xcodeproj")])
        XCTAssertEqual(result.packages, [Paths.join(Self.orchard, "Modules/OrchardKit")])

        // The workspace inside a project names the project (`self:`).
        let inner = XcodeWorkspaceLoader.projects(in: Paths.join(Self.orchard, "App/Orchard.xcodeproj/project.xcworkspace"), root: Self.orchard)
        XCTAssertEqual(inner.projects, [Paths.join(Self.orchard, "App/Orchard.xcodeproj")])

        // And the project it lists loads, with its product left to the workspace's packages.
        let project = XcodeProjectLoader.load(project: result.projects[0], root: Self.orchard)
        XCTAssertEqual(project.targets.map(\.name), ["Orchard"])
        XCTAssertEqual(project.targets[0].platforms, [PlatformDeployment(platform: .macOS, minimum: OSVersion("14.0"))])
        XCTAssertEqual(project.targets[0].productDependencies, [ProductDependency(product: "OrchardKit", package: nil)])
        XCTAssertEqual(project.targets[0].files, [Paths.join(Self.orchard, "App/Sources/OrchardApp.swift")])
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func testNestedGroupsAbsoluteLocationsAndMissingProjects() throws {
        let root = try temporaryDirectory()
        try write("", to: Paths.join(root, "a/b/Deep.xcodeproj/project.pbxproj"))
        try write("", to: Paths.join(root, "elsewhere/Abs.xcodeproj/project.pbxproj"))
        try write("", to: Paths.join(root, "ws/Local.xcodeproj/project.pbxproj"))
        try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <Group location = "group:../a" name = "a">
                  <Group location = "group:b" name = "b">
                     <FileRef location = "group:Deep.xcodeproj"/>
                  </Group>
               </Group>
               <FileRef location = "absolute:\(root)/elsewhere/Abs.xcodeproj"></FileRef>
               <FileRef location = "container:Local.xcodeproj"></FileRef>
               <FileRef location = "group:Submodule/Gone.xcodeproj"></FileRef>
            </Workspace>
            """, to: Paths.join(root, "ws/W.xcworkspace/contents.xcworkspacedata"))
        let result = XcodeWorkspaceLoader.projects(in: Paths.join(root, "ws/W.xcworkspace"), root: root)
        XCTAssertEqual(result.projects.map { Paths.relative($0, to: root) }, ["a/b/Deep.xcodeproj", "elsewhere/Abs.xcodeproj", "ws/Local.xcodeproj"])
        XCTAssertEqual(result.warnings, [
            "ws/W.xcworkspace/contents.xcworkspacedata: warning: lists 'ws/Submodule/Gone.xcodeproj', which has no project.pbxproj (a submodule not checked out?)",
        ])
        XCTAssertFalse(result.isComplete)
    }

    func testMalformedWorkspaces() throws {
        let root = try temporaryDirectory()
        let cases: [(String, String)] = [
            ("<Workspace><FileRef location = \"group:A.xcodeproj></Workspace>", "is not well-formed XML (an unterminated value of attribute 'location'); only the entries before it are read"),
            ("<Workspace><FileRef location = \"group:&bogus;\"/></Workspace>", "is not well-formed XML (an unknown entity in attribute 'location'); only the entries before it are read"),
            ("<Workspace><FileRef location/></Workspace>", "is not well-formed XML (attribute 'location' without '='); only the entries before it are read"),
            ("<Workspace><Group location = \"group:x\">", "ends inside an element"),
            ("<Workspace><!-- never closed", "is not well-formed XML (an unterminated '<!'); only the entries before it are read"),
            (String(repeating: "<Group location = \"group:x\">", count: 100), "nests elements more than 64 deep; the entries below are not read"),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let workspace = Paths.join(root, "W\(index).xcworkspace")
            try write(text, to: Paths.join(workspace, "contents.xcworkspacedata"))
            let result = XcodeWorkspaceLoader.projects(in: workspace, root: root)
            XCTAssertEqual(result.warnings, ["W\(index).xcworkspace/contents.xcworkspacedata: warning: \(message)"], text)
            XCTAssertFalse(result.isComplete, text)
        }
        let missing = XcodeWorkspaceLoader.projects(in: Paths.join(root, "None.xcworkspace"), root: root)
        XCTAssertEqual(missing.warnings, ["None.xcworkspace/contents.xcworkspacedata: warning: cannot be read (No such file or directory)"])
    }

    func testEntities() {
        XCTAssertEqual(XMLScanner.decodeEntities(ArraySlice("a &amp; &quot;b&quot; &apos;c&apos; &lt;d&gt; &#65;&#x42;&#x2014;".utf8)), "a & \"b\" 'c' <d> AB\u{2014}")
        XCTAssertNil(XMLScanner.decodeEntities(ArraySlice("&nbsp;".utf8)))
        XCTAssertNil(XMLScanner.decodeEntities(ArraySlice("a & b".utf8)))
        XCTAssertNil(XMLScanner.decodeEntities(ArraySlice("&#0;".utf8)))
        XCTAssertNil(XMLScanner.decodeEntities(ArraySlice("&#xD800;".utf8)))
    }
}

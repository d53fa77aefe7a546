import XCTest
@testable import FlowLintKit

final class FileDiscoveryTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = try temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ relative: String, _ text: String = "let x = 1\n") throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: Paths.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    func discover(_ paths: [String] = ["."], configuration: Configuration? = nil) throws -> DiscoveryResult {
        try FileDiscovery.discover(paths: paths, configuration: configuration ?? Configuration(rootDirectory: root),
                                   workingDirectory: root)
    }

    func testFindsSwiftFilesSortedAndSkipsBuildDirectories() throws {
        for file in ["b.swift", "a/z.swift", "a/b.swift", "notes.txt", ".build/x.swift", ".build-cli/x.swift",
                     ".git/x.swift", "DerivedData/x.swift", "Pods/x.swift", "Carthage/x.swift",
                     "node_modules/x.swift", ".swiftpm/x.swift", "sub/.build/y.swift"] {
            try write(file)
        }
        XCTAssertEqual(try discover().files.map(\.displayPath), ["a/b.swift", "a/z.swift", "b.swift"])
    }

    func testSymlinkLoopsEndAndLinksOutOfTheTreeAreNotFollowed() throws {
        try write("src/a.swift")
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "let y = 2\n".write(toFile: outside + "/outside.swift", atomically: false, encoding: .utf8)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: root + "/src/loop", withDestinationPath: root + "/src")
        try fm.createSymbolicLink(atPath: root + "/src/self", withDestinationPath: ".")
        try fm.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
        try fm.createSymbolicLink(atPath: root + "/alias.swift", withDestinationPath: root + "/src/a.swift")
        try fm.createSymbolicLink(atPath: root + "/l1", withDestinationPath: root + "/l2")
        try fm.createSymbolicLink(atPath: root + "/l2", withDestinationPath: root + "/l1")
        let result = try discover()
        // a.swift once (alias.swift resolves to it and sorts first, so it is the one kept).
        XCTAssertEqual(result.files.count, 1)
        XCTAssertEqual(result.problems, [])
    }

    func testExplicitFilesAndDirectoriesAreDeduplicated() throws {
        try write("a.swift")
        let result = try discover(["a.swift", ".", "./a.swift", root + "/a.swift"])
        XCTAssertEqual(result.files.map(\.displayPath), ["a.swift"])
    }

    func testMissingPathIsAnError() throws {
        XCTAssertThrowsError(try discover(["nope", "."])) { error in
            XCTAssertEqual((error as? MissingInputError)?.paths, ["nope"])
        }
    }

    func testDirectoryWithoutSwiftFiles() throws {
        try write("docs/readme.md")
        XCTAssertEqual(try discover(["docs"]).directoriesWithoutSwiftFiles, ["docs"])
    }

    func testExcludedDirectoriesArePruned() throws {
        try write("Sources/A.swift")
        try write("Sources/Generated/B.swift")
        var configuration = Configuration(rootDirectory: root)
        configuration.excluded = GlobSet([Glob("Sources/Generated")])
        XCTAssertEqual(try discover(configuration: configuration).files.map(\.displayPath), ["Sources/A.swift"])
        // An explicitly named excluded file is excluded too (editors and pre-commit name files).
        XCTAssertEqual(try discover(["Sources/Generated/B.swift"], configuration: configuration).files, [])
    }

    func testFIFONamedSwiftIsUnreadableNotAHang() throws {
        try write("a.swift")
        XCTAssertEqual(mkfifo(root + "/pipe.swift", 0o644), 0)
        let result = try discover()
        XCTAssertEqual(result.files.map(\.displayPath), ["a.swift", "pipe.swift"])
        XCTAssertEqual(FileReader.read(root + "/pipe.swift"), .unreadable(reason: "not a regular file"))
        XCTAssertEqual(FileReader.read(root + "/a.swift"), .text(Array("let x = 1\n".utf8)))
    }

    func testReaderClassifiesBinaryAndKeepsInvalidUTF8() {
        XCTAssertEqual(FileReader.classify([0x61, 0x00, 0x62]), .binary)
        XCTAssertEqual(FileReader.classify([0xFF, 0xFE, 0x61]), .text([0xFF, 0xFE, 0x61]))
        XCTAssertEqual(FileReader.classify([]), .text([]))
    }

    func testPaths() {
        XCTAssertEqual(Paths.standardize("/a/./b//c/../d/"), "/a/b/d")
        XCTAssertEqual(Paths.relative("/a/b/c", to: "/a"), "b/c")
        XCTAssertNil(Paths.relative("/ab/c", to: "/a"))
        XCTAssertEqual(Paths.display("/w/x.swift", workingDirectory: "/w"), "x.swift")
        XCTAssertEqual(Paths.display("/elsewhere/x.swift", workingDirectory: "/w"), "/elsewhere/x.swift")
        XCTAssertEqual(Paths.display("/w/x.swift", workingDirectory: "/w/./"), "x.swift")
    }

    /// Files read through a directory cursor (the per-file phase) read as they do by path, across directories,
    /// and missing ones fail the same way.
    func testCursorReadsAsPathsDo() throws {
        try write("A/one.swift", "let one = 1\n")
        try write("A/two.swift", "let two = 2\n")
        try write("B/three.swift", "let three = 3\n")
        let cursor = DirectoryCursor()
        for relative in ["A/one.swift", "A/two.swift", "B/three.swift", "A/one.swift", "A/missing.swift", "Nowhere/x.swift"] {
            let path = root + "/" + relative
            let (viaCursor, status) = FileReader.readWithStatus(path, cursor: cursor)
            XCTAssertEqual(viaCursor, FileReader.read(path), relative)
            XCTAssertEqual(cursor.status(path)?.st_ino, status?.st_ino, relative)
            XCTAssertEqual(cursor.status(path) == nil, relative.contains("issing") || relative.hasPrefix("Nowhere"), relative)
        }
    }

    /// The fast check that lets `standardize` return its input must agree with the full rewrite.
    func testStandardizedPathsAreRecognized() {
        let standard = ["/", "/a", "/a/b.swift", "/a/.hidden/b", "/a/...", "/a/..b/c", "/a/b..", "/.x"]
        let notStandard = ["", "a", "a/b", "//", "/a/", "/a//b", "/a/./b", "/a/../b", "/.", "/..", "/a/.", "/a/..",
                           "/a/b/"]
        for path in standard {
            XCTAssertTrue(Paths.isStandardized(path), path)
            XCTAssertEqual(Paths.standardize(path), path, path)
        }
        for path in notStandard {
            XCTAssertFalse(Paths.isStandardized(path), path)
            XCTAssertTrue(Paths.isStandardized(Paths.standardize(path)), path)
        }
    }
}

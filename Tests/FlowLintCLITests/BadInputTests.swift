import Foundation
import XCTest

/// Inputs a linter meets in the wild. Each is linted correctly or gets one clear line on standard error;
/// never a crash, a hang, partial JSON or a modified file (the harness checks bytes and mtimes).
final class BadInputTests: CLITestCase {
    func testNonexistentPathIsAUsageError() throws {
        try write("A.swift", Self.goodView)
        let run = try flowlint(["lint", "--reporter", "json", "A.swift", "missing/B.swift"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertEqual(run.stderr, "error: no such file or directory: missing/B.swift\n")
    }

    func testDirectoryWithoutSwiftFiles() throws {
        try write("docs/readme.md", "# hi\n")
        let run = try flowlint(["lint", "docs"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("no Swift files found in docs\n"), run.stderr)
    }

    func testUnreadableFileByPermissions() throws {
        if geteuid() == 0 {
            throw XCTSkip("running as root, where chmod 000 does not stop reading; testFIFONamedSwiftIsUnreadable covers exit 3")
        }
        try write("A.swift", Self.goodView)
        let locked = try write("Locked.swift", Self.goodView)
        chmod(locked, 0)
        defer { chmod(locked, 0o644) }
        let run = try flowlint(["lint", "--reporter", "json"])
        XCTAssertEqual(run.status, 3)
        XCTAssertTrue(run.stderr.contains("Locked.swift: error: cannot read: Permission denied"), run.stderr)
        XCTAssertEqual(diagnostics(run).count, 0)
    }

    func testFIFONamedSwiftIsUnreadable() throws {
        try write("A.swift", Self.goodView)
        XCTAssertEqual(mkfifo(directory + "/pipe.swift", 0o644), 0)
        for arguments in [["lint", "--reporter", "json"], ["lint", "--reporter", "json", "pipe.swift", "A.swift"]] {
            let run = try flowlint(arguments, timeout: 30)
            XCTAssertEqual(run.status, 3, run.stderr)
            XCTAssertTrue(run.stderr.contains("pipe.swift: error: cannot read: not a regular file"), run.stderr)
            XCTAssertTrue(run.stderr.contains("Linted 1 file"), "the rest is still linted: \(run.stderr)")
            _ = diagnostics(run)
        }
    }

    func testDirectoryNamedLikeASwiftFileIsSearched() throws {
        try write("x.swift/inner.swift", Self.goodView)
        let run = try flowlint(["lint", "x.swift"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("Linted 1 file"), run.stderr)
    }

    func testNonUTF8BytesAreLintedAsBytes() throws {
        try write("Latin1.swift", bytes: Array("// caf".utf8) + [0xE9, 0xFF, 0x0A] + Array(Self.badView.utf8))
        let run = try flowlint(["lint", "--reporter", "json"])
        XCTAssertTrue(run.status == 0 || run.status == 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 1 file"), run.stderr)
        _ = diagnostics(run)
    }

    func testBinaryFileNamedSwiftIsSkipped() throws {
        try write("A.swift", Self.goodView)
        try write("image.swift", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48])
        let run = try flowlint(["lint", "--reporter", "json"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("image.swift: warning: skipped, not a text file\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 1 file"), run.stderr)
        XCTAssertEqual(diagnostics(run).count, 0)
    }

    func testNULBytesInOtherwiseTextFile() throws {
        try write("Nul.swift", bytes: Array("let a = 1\n".utf8) + [0] + Array("let b = 2\n".utf8))
        let run = try flowlint(["lint", "Nul.swift"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("Nul.swift: warning: skipped, not a text file"), run.stderr)
    }

    func testEmptyFile() throws {
        try write("Empty.swift", "")
        let run = try flowlint(["lint", "--reporter", "json"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(diagnostics(run).count, 0)
        XCTAssertTrue(run.stderr.contains("Linted 1 file"), run.stderr)
    }

    /// Just under the 8 MiB input limit (larger inputs are skipped unread: HostileIOTests).
    func testEightMegabyteOneLineFile() throws {
        var bytes = Array("let x = [".utf8)
        let element = Array("1, ".utf8)
        while bytes.count < 8_000_000 { bytes += element }
        bytes += Array("1]".utf8)
        try write("Huge.swift", bytes: bytes)
        let run = try flowlint(["lint", "--reporter", "json"], timeout: 300)
        XCTAssertTrue(run.status == 0 || run.status == 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 1 file: "), run.stderr)
        _ = diagnostics(run)
    }

    func testDeeplyNestedParentheses() throws {
        let depth = 100_000
        try write("Deep.swift", "let x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n")
        try write("Unbalanced.swift", "let y = " + String(repeating: "(", count: depth) + "\n")
        let run = try flowlint(["lint", "--reporter", "json"], timeout: 300)
        XCTAssertTrue(run.status == 0 || run.status == 1, "status \(run.status): \(run.stderr.prefix(500))")
        _ = diagnostics(run)
    }

    func testSymlinkLoops() throws {
        try write("Sources/A.swift", Self.goodView)
        try FileManager.default.createSymbolicLink(atPath: directory + "/Sources/again", withDestinationPath: directory + "/Sources")
        try FileManager.default.createSymbolicLink(atPath: directory + "/l1", withDestinationPath: directory + "/l2")
        try FileManager.default.createSymbolicLink(atPath: directory + "/l2", withDestinationPath: directory + "/l1")
        try FileManager.default.createSymbolicLink(atPath: directory + "/Broken.swift", withDestinationPath: directory + "/nowhere")
        let run = try flowlint(["lint"], timeout: 30)
        XCTAssertEqual(run.status, 3, "a dangling .swift link cannot be read: \(run.stderr)")
        XCTAssertTrue(run.stderr.contains("Broken.swift: error: cannot read: broken symbolic link"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 1 file"), run.stderr)
    }

    func testPathsWithSpacesQuotesAndUnicode() throws {
        let name = "dir with space/Qu\"ote's <ü> 😀 100%.swift"
        try write(name, Self.badView)
        for reporter in ["json", "junit", "sarif", "checkstyle", "github", "text"] {
            let run = try flowlint(["lint", "--reporter", reporter, "dir with space"])
            XCTAssertTrue(run.status == 0 || run.status == 1, "\(reporter): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("Linted 1 file"), "\(reporter): \(run.stderr)")
        }
        let junit = try flowlint(["lint", "--reporter", "junit"])
        XCTAssertTrue(junit.stdout.contains("dir with space/Qu&quot;ote&apos;s &lt;ü&gt; 😀 100%.swift"), junit.stdout)
        let json = try flowlint(["lint", "--reporter", "json", name])
        for diagnostic in diagnostics(json) { XCTAssertEqual(diagnostic["file"] as? String, name) }
    }

    func testUnknownFlagAndReporterAndMalformedConfig() throws {
        try write("A.swift", Self.goodView)
        XCTAssertEqual(try flowlint(["lint", "--frobnicate"]).status, 2)
        XCTAssertEqual(try flowlint(["lint", "--reporter", "html"]).status, 2)
        try write(".flowlint.yml", "included:\n  - Sources\n bad: [\n")
        let run = try flowlint(["lint", "--reporter", "json"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.range(of: #"^\.flowlint\.yml:\d+:\d+: error: "#, options: .regularExpression) != nil, run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, "one line: \(run.stderr)")
    }

    func testNoColorWhenNotATerminal() throws {
        try write("A.swift", Self.badView)
        let run = try flowlint(["lint"])
        XCTAssertFalse(run.stdout.contains("\u{1B}"), "standard output is a file here, not a terminal")
        XCTAssertFalse(run.stderr.contains("\u{1B}"))
    }
}

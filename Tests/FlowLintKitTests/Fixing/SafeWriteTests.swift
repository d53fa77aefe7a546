import XCTest
@testable import FlowLintKit

/// `FixApplier.replace` (fixed files) and `FixApplier.writeOutput` (baselines, reports): nothing is lost,
/// nothing is replaced that should be written into.
final class SafeWriteTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = try temporaryDirectory()
    }

    override func tearDownWithError() throws {
        _ = chmod(root, 0o755)
        try? FileManager.default.removeItem(atPath: root)
    }

    @discardableResult
    func file(_ name: String, _ text: String, mode: mode_t = 0o644) throws -> String {
        let path = root + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode)
        return path
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func status(_ path: String) -> stat {
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0, path)
        return info
    }

    /// What `--fix` does: read (with the snapshot), compute, replace.
    func snapshot(_ path: String) throws -> FileSnapshot {
        let (contents, snapshot) = FileSnapshot.read(path)
        guard case .text = contents, let snapshot else { throw XCTSkip("not readable: \(contents)") }
        return snapshot
    }

    func assertReplaceFails(_ path: String, readAs snapshot: FileSnapshot, with kind: FixWriteError.Kind,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try FixApplier.replace(path, with: Array("fixed".utf8), readAs: snapshot), file: file, line: line) { error in
            XCTAssertEqual((error as? FixWriteError)?.kind, kind, file: file, line: line)
        }
    }

    /// No temporary file is ever left behind.
    func assertDirectoryHolds(_ names: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: root))?.sorted(), names.sorted(), file: file, line: line)
    }

    // MARK: replace

    func testReplaceKeepsPermissionsAndSymlinks() throws {
        let path = try file("A.swift", "old", mode: 0o640)
        try FileManager.default.createSymbolicLink(atPath: root + "/link.swift", withDestinationPath: path)
        try FixApplier.replace(root + "/link.swift", with: Array("new".utf8), readAs: try snapshot(root + "/link.swift"))
        XCTAssertEqual(contents(path), "new")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/link.swift"), path)
        XCTAssertEqual(status(path).st_mode & 0o7777, 0o640)
        assertDirectoryHolds(["A.swift", "link.swift"])
    }

    func testChangedSinceReadIsNotOverwritten() throws {
        let path = try file("A.swift", "struct A {}\n")
        let read = try snapshot(path)
        // An editor saves meanwhile: same size, other bytes.
        try "struct B {}\n".write(toFile: path, atomically: false, encoding: .utf8)
        assertReplaceFails(path, readAs: read, with: .changedSinceRead)
        XCTAssertEqual(contents(path), "struct B {}\n")

        // Same size and the old modification time put back: the content hash still tells.
        let before = status(path)
        let again = try snapshot(path)
        try "struct C {}\n".write(toFile: path, atomically: false, encoding: .utf8)
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        assertReplaceFails(path, readAs: again, with: .changedSinceRead)
        XCTAssertEqual(contents(path), "struct C {}\n")

        // Replaced by another file (an editor's save by rename), even with the same text.
        let third = try snapshot(path)
        try "struct C {}\n".write(toFile: path, atomically: true, encoding: .utf8)
        assertReplaceFails(path, readAs: third, with: .changedSinceRead)
        assertDirectoryHolds(["A.swift"])
    }

    func testReadOnlyFileIsNotFixedNorMadeWritable() throws {
        let path = try file("A.swift", "old", mode: 0o444)
        assertReplaceFails(path, readAs: try snapshot(path), with: .readOnly)
        XCTAssertEqual(contents(path), "old")
        XCTAssertEqual(status(path).st_mode & 0o7777, 0o444)
        assertDirectoryHolds(["A.swift"])
    }

    func testHardLinkedFileIsNotSplit() throws {
        let path = try file("A.swift", "old")
        XCTAssertEqual(link(path, root + "/B.swift"), 0)
        assertReplaceFails(path, readAs: try snapshot(path), with: .hardLinked(links: 2))
        XCTAssertEqual(contents(path), "old")
        XCTAssertEqual(contents(root + "/B.swift"), "old")
        XCTAssertEqual(status(path).st_ino, status(root + "/B.swift").st_ino)
        assertDirectoryHolds(["A.swift", "B.swift"])
    }

    func testFileTurnedIntoSomethingElseIsLeftAlone() throws {
        let path = try file("A.swift", "old")
        let read = try snapshot(path)
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        assertReplaceFails(path, readAs: read, with: .notRegularFile)
        XCTAssertEqual(status(path).st_mode & S_IFMT, S_IFIFO)
    }

    func testOwnerAndGroupAreKept() throws {
        guard geteuid() == 0 else { throw XCTSkip("giving a file another owner needs root") }
        let path = try file("A.swift", "old", mode: 0o4750)
        XCTAssertEqual(chown(path, 1234, 5678), 0)
        XCTAssertEqual(chmod(path, 0o4750), 0)  // chown cleared set-user-ID
        try FixApplier.replace(path, with: Array("new".utf8), readAs: try snapshot(path))
        let info = status(path)
        XCTAssertEqual(contents(path), "new")
        XCTAssertEqual(info.st_uid, 1234)
        XCTAssertEqual(info.st_gid, 5678)
        XCTAssertEqual(info.st_mode & 0o7777, 0o4750, "the mode is set after the owner, which clears set-user-ID")
    }

    func testErrorsNameTheFileAndTheReason() {
        XCTAssertEqual(FixWriteError(path: "A\u{1B}.swift", kind: .changedSinceRead).description,
                       "A\\u{1B}.swift: error: cannot write fixed file: changed since it was read")
        XCTAssertEqual(FixWriteError(path: "A.swift", kind: .hardLinked(links: 3)).description,
                       "A.swift: error: cannot write fixed file: has 3 hard links (fixing it would split them or change every linked copy)")
        XCTAssertEqual(FixWriteError(path: "b.json", kind: .readOnly, writing: .output).description,
                       "b.json: error: cannot write: read-only")
    }

    // MARK: writeOutput

    func testOutputToARegularFileOrANewOneGoesThroughRename() throws {
        let path = try file("baseline.json", "old", mode: 0o600)
        let before = status(path).st_ino
        try FixApplier.writeOutput(Array("new".utf8), to: path)
        XCTAssertEqual(contents(path), "new")
        XCTAssertNotEqual(status(path).st_ino, before, "a new file, renamed into place")
        XCTAssertEqual(status(path).st_mode & 0o7777, 0o600)

        let mask = umask(0o027)
        defer { umask(mask) }
        try FixApplier.writeOutput(Array("fresh".utf8), to: root + "/new.json")
        XCTAssertEqual(contents(root + "/new.json"), "fresh")
        XCTAssertEqual(status(root + "/new.json").st_mode & 0o7777, 0o640, "0666 less the umask")

        try FileManager.default.createSymbolicLink(atPath: root + "/link.json", withDestinationPath: path)
        try FixApplier.writeOutput(Array("linked".utf8), to: root + "/link.json")
        XCTAssertEqual(contents(path), "linked")
        XCTAssertEqual(status(root + "/link.json").st_mode & S_IFMT, S_IFLNK)
        assertDirectoryHolds(["baseline.json", "new.json", "link.json"])
    }

    func testOutputToAFIFOIsWrittenIntoIt() throws {
        let path = root + "/pipe"
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        // Less than a pipe's buffer, read after the write: the reading end is open first (without waiting
        // for a writer), so neither side waits, and a writeOutput that replaced the FIFO cannot hang the test.
        let payload = Array(Array(repeating: Array("line\n".utf8), count: 6_000).joined())
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        try FixApplier.writeOutput(payload, to: path)
        var received = [UInt8](repeating: 0, count: 65_536)
        let count = received.withUnsafeMutableBytes { read(reader, $0.baseAddress!, $0.count) }
        XCTAssertEqual(Array(received[0..<max(count, 0)]), payload)
        XCTAssertEqual(status(path).st_mode & S_IFMT, S_IFIFO, "still a FIFO, not replaced by a file")
        assertDirectoryHolds(["pipe"])
    }

    func testOutputToDevicesAndProcIsWrittenIntoThem() throws {
        // As root, a node of the same device here, never the machine's own /dev/null: a writeOutput that
        // renamed over it would replace it. Anyone else cannot replace /dev/null, so the real one is safe.
        var nullPath = "/dev/null"
        if geteuid() == 0 {
            nullPath = root + "/null"
            XCTAssertEqual(mknod(nullPath, S_IFCHR | 0o666, status("/dev/null").st_rdev), 0)
        }
        let null = status(nullPath)
        try FixApplier.writeOutput(Array("discarded".utf8), to: nullPath)
        let after = status(nullPath)
        XCTAssertEqual(after.st_mode & S_IFMT, S_IFCHR)
        XCTAssertEqual(after.st_ino, null.st_ino)
        XCTAssertEqual(after.st_rdev, null.st_rdev)
        if geteuid() == 0 { XCTAssertEqual(unlink(nullPath), 0) }

        // /proc/self/fd/N of a file this process has open: written through the descriptor's file, in place.
        let path = try file("out.json", "previous, longer content")
        let descriptor = open(path, O_RDWR)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let inode = status(path).st_ino
        try FixApplier.writeOutput(Array("new".utf8), to: "/proc/self/fd/\(descriptor)")
        XCTAssertEqual(contents(path), "new")
        XCTAssertEqual(status(path).st_ino, inode)
        assertDirectoryHolds(["out.json"])
    }

    func testOutputRefusesReadOnlyFilesAndDirectories() throws {
        let path = try file("baseline.json", "old", mode: 0o444)
        XCTAssertThrowsError(try FixApplier.writeOutput(Array("new".utf8), to: path)) { error in
            XCTAssertEqual((error as? FixWriteError)?.kind, .readOnly)
        }
        XCTAssertEqual(contents(path), "old")
        XCTAssertThrowsError(try FixApplier.writeOutput(Array("new".utf8), to: root)) { error in
            XCTAssertEqual((error as? FixWriteError)?.kind, .system(reason: "is a directory"))
        }
        XCTAssertThrowsError(try FixApplier.writeOutput(Array("new".utf8), to: root + "/missing/dir/b.json"))
        assertDirectoryHolds(["baseline.json"])
    }
}

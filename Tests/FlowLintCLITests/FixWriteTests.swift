import Foundation
import XCTest

/// `--fix` never loses data: a file it cannot or must not write is left exactly as it was, named on standard
/// error (exit 3), and its findings are still reported; the other files are fixed and reported as usual.
final class FixWriteTests: CLITestCase {
    static let fixable = """
        import SwiftUI

        struct Row: View {
            @State var isOn = false
            var body: some View { Text("x") }
        }

        """

    func statOf(_ relative: String) -> stat {
        var info = stat()
        stat(directory + "/" + relative, &info)
        return info
    }

    func testAReadOnlyFileIsNotFixedAndTheOthersAre() throws {
        try write("Locked.swift", Self.fixable)
        try write("Open.swift", Self.fixable.replacingOccurrences(of: "Row", with: "OpenRow"))
        chmod(directory + "/Locked.swift", 0o444)
        let before = statOf("Locked.swift")
        let run = try flowlint(["lint", "--fix", "--no-cache", "--reporter", "json"], mayModify: true)
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertTrue(run.stderr.contains("Locked.swift: error: cannot write fixed file: read-only"), run.stderr)
        XCTAssertEqual(try read("Locked.swift"), Self.fixable)
        let after = statOf("Locked.swift")
        XCTAssertEqual([after.st_mode, UInt32(after.st_ino)], [before.st_mode, UInt32(before.st_ino)], "mode and inode kept")
        XCTAssertTrue(try read("Open.swift").contains("@State private var isOn"))
        // What could not be written is still reported; what was written is gone.
        XCTAssertEqual(diagnostics(run).map { "\($0["file"] ?? "")" }, ["Locked.swift"])
        XCTAssertTrue(run.stderr.contains("Fixed 1 finding in 1 file"), run.stderr)
    }

    func testAHardLinkedFileIsNotSplit() throws {
        try write("Row.swift", Self.fixable)
        XCTAssertEqual(link(directory + "/Row.swift", directory + "/Copy.swift.txt"), 0)
        let run = try flowlint(["lint", "--fix", "--no-cache", "Row.swift"], mayModify: true)
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertTrue(run.stderr.contains("Row.swift: error: cannot write fixed file: has 2 hard links"), run.stderr)
        XCTAssertEqual(statOf("Row.swift").st_nlink, 2, "still one file under two names")
        XCTAssertEqual(try read("Copy.swift.txt"), Self.fixable)
        XCTAssertTrue(run.stdout.contains("Row.swift:4:5: warning: @State 'isOn' should be private"), run.stdout)
    }

    /// Owner and group are kept on the fixed file (as root here: give it to another user first).
    func testOwnerAndGroupAreKept() throws {
        try write("Row.swift", Self.fixable)
        if geteuid() == 0 { XCTAssertEqual(chown(directory + "/Row.swift", 12345, 23456), 0) }
        let before = statOf("Row.swift")
        let run = try flowlint(["lint", "--fix", "--no-cache"], mayModify: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(try read("Row.swift").contains("@State private var isOn"))
        let after = statOf("Row.swift")
        XCTAssertEqual([after.st_uid, after.st_gid], [before.st_uid, before.st_gid])
    }
}

import Foundation
import XCTest

/// `flowlint lint --fix --diff`: what `--fix` would change, as a unified diff on standard output; no file is
/// written (every test here runs with `mayModify: false` unless it names an `--output` file). Exit 1 when
/// there is a change, 0 when no fix applies, 3 when an input cannot be read.
final class FixDiffTests: CLITestCase {
    static let fixable = FixWriteTests.fixable

    func testPrintsTheDiffAndChangesNothing() throws {
        try write("Sources/Row.swift", Self.fixable)
        try write("Sources/Clean.swift", Self.goodView)
        let run = try flowlint(["lint", "--fix", "--diff", "--no-cache"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, """
            --- a/Sources/Row.swift
            +++ b/Sources/Row.swift
            @@ -1,6 +1,6 @@
             import SwiftUI
             
             struct Row: View {
            -    @State var isOn = false
            +    @State private var isOn = false
                 var body: some View { Text("x") }
             }

            """)
        XCTAssertTrue(run.stderr.hasPrefix("Would fix 1 finding in 1 file; no file changed (2 files linted, "), run.stderr)
    }

    /// The diff, applied with `git apply` to a copy of the project, gives exactly what `--fix` writes.
    func testTheDiffAppliedIsWhatFixWrites() throws {
        try write("A/Row.swift", Self.fixable)
        try write("A/Rows.swift", """
            import SwiftUI

            struct First: View {
                @State var a = 1
                @State var b = 2
                var body: some View { Text("\\(a)\\(b)") }
            }
            \(String(repeating: "// filler\n", count: 12))
            struct Second: View {
                @State var c = 3
                var body: some View { Text("\\(c)") }
            }
            """)  // no final line break
        try write("B/Clean.swift", Self.goodView)
        let diff = try flowlint(["lint", "--fix", "--diff", "--no-cache", "--quiet"])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertEqual(diff.stderr, "")
        XCTAssertEqual(diff.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }.count, 3, diff.stdout)

        let copy = NSTemporaryDirectory() + "flowlint-diff-copy-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: directory, toPath: copy)
        try FileManager.default.removeItem(atPath: copy + "/.git")
        try Data(diff.stdoutBytes).write(to: URL(fileURLWithPath: copy + "/fix.diff"))
        let apply = Process()
        apply.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        apply.arguments = ["git", "apply", "fix.diff"]
        apply.currentDirectoryURL = URL(fileURLWithPath: copy)
        try apply.run()
        apply.waitUntilExit()
        XCTAssertEqual(apply.terminationStatus, 0, "git apply failed on:\n\(diff.stdout)")

        let fix = try flowlint(["lint", "--fix", "--no-cache", "--quiet"], mayModify: true)
        XCTAssertEqual(fix.status, 0, fix.stderr)
        for file in ["A/Row.swift", "A/Rows.swift", "B/Clean.swift"] {
            XCTAssertEqual(try String(contentsOfFile: copy + "/" + file, encoding: .utf8), try read(file), file)
        }
    }

    func testNoFixToApplyPrintsNothingAndExitsZero() throws {
        try write("Clean.swift", Self.goodView)
        // A finding without a safe fix does not count: --diff shows changes, not findings.
        try write("Inline.swift", Self.badView)
        let run = try flowlint(["lint", "--fix", "--diff", "--no-cache"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasPrefix("Would fix 0 findings in 0 files; no file changed"), run.stderr)
    }

    func testAReadOnlyFileIsShownAndNotTouched() throws {
        try write("Locked.swift", Self.fixable)
        chmod(directory + "/Locked.swift", 0o444)
        let run = try flowlint(["lint", "--fix", "--diff", "--no-cache", "--quiet"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("--- a/Locked.swift\n+++ b/Locked.swift\n"), run.stdout)
        XCTAssertEqual(run.stderr, "")
    }

    func testAnUnreadableInputExitsThreeAndTheOthersAreDiffed() throws {
        try write("Row.swift", Self.fixable)
        XCTAssertEqual(mkfifo(directory + "/pipe.swift", 0o644), 0)
        let run = try flowlint(["lint", "--fix", "--diff", "--no-cache"], timeout: 30)
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("--- a/Row.swift\n"), run.stdout)
        XCTAssertTrue(run.stderr.contains("pipe.swift: error: cannot read: not a regular file"), run.stderr)
    }

    func testPathsAreThoseOfTheReport() throws {
        try write("App/Sources/Row.swift", Self.fixable)
        let inside = try flowlint(["lint", "--fix", "--diff", "--no-cache", "--quiet", "Sources"], in: directory + "/App")
        XCTAssertTrue(inside.stdout.hasPrefix("--- a/Sources/Row.swift\n+++ b/Sources/Row.swift\n"), inside.stdout)
        // A file outside the working directory is shown by its absolute path, as `git diff --no-index` does.
        try FileManager.default.createDirectory(atPath: directory + "/Elsewhere", withIntermediateDirectories: true)
        let outside = try flowlint(["lint", "--fix", "--diff", "--no-cache", "--quiet", directory + "/App/Sources/Row.swift"],
                                   in: directory + "/Elsewhere")
        XCTAssertTrue(outside.stdout.hasPrefix("--- a\(directory)/App/Sources/Row.swift\n"), outside.stdout)
    }

    func testOutputWritesTheDiffToAFile() throws {
        try write("Row.swift", Self.fixable)
        let run = try flowlint(["lint", "--fix", "--diff", "--no-cache", "--quiet", "--output", "fix.diff"], mayModify: true)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(try read("fix.diff").hasPrefix("--- a/Row.swift\n+++ b/Row.swift\n@@ -1,6 +1,6 @@\n"))
        XCTAssertEqual(try read("Row.swift"), Self.fixable)
    }

    func testDiffNeedsFixAndNoReport() throws {
        try write("Row.swift", Self.fixable)
        for (arguments, message) in [
            (["--diff"], "--diff shows what --fix would change: use --fix --diff"),
            (["--fix", "--diff", "--reporter", "json"], "--fix --diff prints a diff, not a report: --reporter does not apply"),
            (["--fix", "--diff", "--write-baseline", "b.json"], "--fix --diff cannot be used with --write-baseline"),
        ] {
            let run = try flowlint(["lint", "--no-cache"] + arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
            XCTAssertEqual(run.stdout, "")
        }
    }
}

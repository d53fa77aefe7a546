import Foundation
import XCTest

/// FlowLint attacked as a hostile CI input would attack it: configurations, globs, file names and sizes,
/// output descriptors and option paths. Each case crashed, hung, wrote where it should not or passed raw
/// control characters through before; now each ends with a clear line and a documented exit code.
final class HostileIOTests: CLITestCase {
    func assertNoCrashReport(_ stderr: String, file: StaticString = #filePath, line: UInt = #line) {
        for marker in ["Fatal error", "Backtrace", "Crash", "Signal"] {
            XCTAssertFalse(stderr.contains(marker), "\(marker) in: \(stderr.prefix(400))", file: file, line: line)
        }
    }

    // MARK: 1. Configuration nesting

    /// A pull request adds a `.flowlint.yml` nested 10,000 deep: found automatically, it crashed every run
    /// (signal 11), `flowlint rules` too.
    func testDeeplyNestedConfigurationIsAnErrorNotACrash() throws {
        try write("A.swift", Self.goodView)
        let attacks = [
            "excluded: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n",
            "excluded:\n" + String(repeating: "- ", count: 10_000) + "x\n",
        ]
        for attack in attacks {
            try write(".flowlint.yml", attack)
            for arguments in [["lint", "A.swift"], ["rules"], ["lint", "--reporter", "json", "."]] {
                let run = try flowlint(arguments, timeout: 60)
                XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr.prefix(300))")
                XCTAssertEqual(run.stdout, "")
                XCTAssertTrue(run.stderr.hasPrefix(".flowlint.yml:"), run.stderr)
                XCTAssertTrue(run.stderr.contains(": error: the configuration nests deeper than 64 levels"), run.stderr)
                XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            }
        }
    }

    /// Aliases build depth without nesting text (a chain of 100,000 short lines crashed Yams).
    func testAliasesInTheConfigurationAreAnError() throws {
        try write("A.swift", Self.goodView)
        var chain = "a0: &a0 [x]\n"
        for i in 1..<40_000 { chain += "a\(i): &a\(i) [*a\(i - 1)]\n" }
        try write(".flowlint.yml", chain)
        let run = try flowlint(["rules"], timeout: 60)
        XCTAssertEqual(run.status, 2, run.stderr.prefix(300).description)
        XCTAssertEqual(run.stderr, ".flowlint.yml:2:10: error: YAML aliases ('*name') are not supported in the configuration; quote a glob that starts with '*'\n")
    }

    func testOversizedConfigurationIsAnError() throws {
        try write("A.swift", Self.goodView)
        try write(".flowlint.yml", "excluded:\n" + String(repeating: "  - \"Generated/some/rather/long/path/File.swift\"\n", count: 30_000))
        let run = try flowlint(["lint", "A.swift"], timeout: 60)
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stderr, ".flowlint.yml: error: configuration file is larger than 1 MiB\n")
    }

    // MARK: 2. Exponential globs

    /// Six `**` against a path 40 directories deep: more than 30 s (every split of 40 among six) before.
    func testGlobsWithManyGlobstarsFinishQuickly() throws {
        let deep = Array(repeating: "d", count: 40).joined(separator: "/")
        try write(deep + "/A.swift", Self.goodView)
        try write(".flowlint.yml", "excluded:\n  - \"**/**/**/**/**/**/zz\"\n")
        let start = Date()
        let run = try flowlint(["lint", "--no-cache", "."], timeout: 30)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 1 file"), run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }

    // MARK: 3. SwiftLint habits

    func testSwiftLintStyleRuleKeysSetSeverities() throws {
        try write("A.swift", Self.badView)
        try write(".flowlint.yml", "observed_object_inline: error\nnon_private_stat: warning\n")
        var run = try flowlint(["lint", "--reporter", "json", "A.swift"])
        XCTAssertEqual(run.status, 1, "the finding is an error now: \(run.stderr)")
        XCTAssertEqual(diagnostics(run).first { $0["rule"] as? String == "observed_object_inline" }?["severity"] as? String, "error")
        XCTAssertTrue(run.stderr.contains(".flowlint.yml:2:1: warning: unknown configuration key 'non_private_stat' (did you mean 'non_private_state'?)"), run.stderr)

        try write(".flowlint.yml", "observed_object_inline:\n  severity: error\n")
        run = try flowlint(["lint", "A.swift"])
        XCTAssertEqual(run.status, 1, run.stderr)

        // Both spellings, disagreeing: FlowLint's own `severity:` wins, and the user is told.
        try write(".flowlint.yml", "observed_object_inline: error\nseverity:\n  observed_object_inline: warning\n")
        run = try flowlint(["lint", "A.swift"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains(".flowlint.yml:1:1: warning: 'observed_object_inline: error' conflicts with 'severity: observed_object_inline: warning' (line 3); using 'warning'"), run.stderr)
    }

    // MARK: 4. Oversized inputs

    /// A 3 GB sparse `.swift` file was read into a 3 GB buffer: under a memory limit the run aborted
    /// (signal 6) and every other result was lost. Now it is skipped by its size, unread.
    func testOversizedInputsAreSkippedUnread() throws {
        try write("A.swift", Self.goodView)
        let sparse = directory + "/Sparse.swift"
        XCTAssertTrue(FileManager.default.createFile(atPath: sparse, contents: nil))
        XCTAssertEqual(truncate(sparse, 3 << 30), 0)
        // Real text just over the limit: 9 MiB of declarations.
        try write("Large.swift", String(repeating: "let value = 1\n", count: 9 * (1 << 20) / 14 + 1))
        let run = try shell("ulimit -v 2000000; exec \"$FLOWLINT\" lint --no-cache . >/dev/null", timeout: 120)
        XCTAssertEqual(run.reason, .exit, "ended by signal \(run.status): \(run.stderr.prefix(300))")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("Sparse.swift: warning: skipped, larger than 8 MiB\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Large.swift: warning: skipped, larger than 8 MiB\n"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Linted 1 file: 0 errors, 0 warnings, 2 files skipped"), run.stderr)
        assertNoCrashReport(run.stderr)
    }

    func testOversizedStandardInputIsSkipped() throws {
        let large = Array(String(repeating: "let value = 1\n", count: 9 * (1 << 20) / 14 + 1).utf8)
        // From a file (its size is known) and from a pipe (read up to the limit).
        let fromFile = try flowlint(["lint", "--reporter", "json", "--stdin-path", "Buffer.swift"], stdin: large)
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertEqual(diagnostics(fromFile).count, 0)
        XCTAssertTrue(fromFile.stderr.contains("Buffer.swift: warning: skipped, larger than 8 MiB\n"), fromFile.stderr)
        let piped = try shell("yes 'let value = 1' | head -c 9437184 | \"$FLOWLINT\" lint --stdin-path Buffer.swift >/dev/null")
        XCTAssertEqual(piped.reason, .exit)
        XCTAssertTrue(piped.stderr.contains("Buffer.swift: warning: skipped, larger than 8 MiB\n"), piped.stderr)
        XCTAssertTrue(piped.stderr.contains("1 file skipped"), piped.stderr)
    }

    // MARK: 5. Output errors

    /// A full disk or a closed descriptor trapped with a backtrace (exit 132). Now: one line, exit 4.
    func testFailedWritesToStandardOutputAndErrorExitFour() throws {
        try write("A.swift", Self.goodView)
        let cases: [(String, String?)] = [
            ("\"$FLOWLINT\" lint --no-cache A.swift --reporter json > /dev/full", "error: cannot write to standard output: No space left on device\n"),
            ("\"$FLOWLINT\" lint --no-cache A.swift --reporter json >&-", "error: cannot write to standard output: Bad file descriptor\n"),
            ("\"$FLOWLINT\" rules > /dev/full", "error: cannot write to standard output: No space left on device\n"),
            ("\"$FLOWLINT\" --help > /dev/full", "error: cannot write to standard output: No space left on device\n"),
            ("\"$FLOWLINT\" version >&-", "error: cannot write to standard output: Bad file descriptor\n"),
            // Standard error cannot say anything; the exit code still does.
            ("\"$FLOWLINT\" lint --no-cache A.swift 2> /dev/full", nil),
            ("\"$FLOWLINT\" lint --no-cache A.swift 2>&-", nil),
            ("\"$FLOWLINT\" lint --no-cache A.swift >&- 2>&-", nil),
        ]
        for (script, message) in cases {
            let run = try shell(script)
            XCTAssertEqual(run.reason, .exit, "\(script): signal \(run.status)")
            XCTAssertEqual(run.status, 4, "\(script): \(run.stderr.prefix(300))")
            if let message { XCTAssertEqual(run.stderr, message, script) }
            assertNoCrashReport(run.stderr)
        }
    }

    /// A reader that goes away (`| head -1`) ends FlowLint through SIGPIPE, quietly, as it ends `cat`.
    func testClosedPipeEndsQuietly() throws {
        var descriptors: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&descriptors), 0)
        close(descriptors[0])  // no reader, before FlowLint even starts
        let run = try shell("exec \"$FLOWLINT\" rules", stdout: FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true))
        XCTAssertEqual(run.reason, .uncaughtSignal)
        XCTAssertEqual(run.status, SIGPIPE)
        XCTAssertEqual(run.stderr, "")
    }

    // MARK: 6. Control characters

    func testControlCharactersInFileNamesAreEscapedEverywhere() throws {
        let hostile = "x\u{1B}]0;pwned\u{7}\u{1B}[31m.swift"
        try write(hostile, Self.badView)
        try write("bin\u{1B}[2J.swift", bytes: [0x61, 0, 0x62])
        XCTAssertEqual(mkfifo(directory + "/fifo\u{1B}[1m.swift", 0o644), 0)
        for reporter in ["github", "text"] {
            let run = try flowlint(["lint", "--no-cache", "--reporter", reporter, "."], timeout: 30)
            XCTAssertEqual(run.status, 3, run.stderr)
            for (stream, text) in [("stdout", run.stdout), ("stderr", run.stderr)] {
                XCTAssertFalse(text.contains("\u{1B}") || text.contains("\u{7}"), "\(reporter) \(stream): \(text.debugDescription)")
            }
            XCTAssertTrue(run.stdout.contains("x\\u{1B}]0;pwned\\u{7}\\u{1B}[31m.swift"), run.stdout)
            XCTAssertTrue(run.stderr.contains("bin\\u{1B}[2J.swift: warning: skipped, not a text file\n"), run.stderr)
            XCTAssertTrue(run.stderr.contains("fifo\\u{1B}[1m.swift: error: cannot read: not a regular file\n"), run.stderr)
        }
    }

    // MARK: 7. Option paths

    func testEmptyAndMissingOptionPathsAreUsageErrors() throws {
        try write("A.swift", Self.goodView)
        let cases: [([String], String)] = [
            (["lint", "--cache-path", "", "A.swift"], "--cache-path needs a path, not an empty string"),
            (["lint", "--stdin-path", ""], "--stdin-path needs a path, not an empty string"),
            (["lint", "--config", "", "A.swift"], "--config needs a path, not an empty string"),
            (["lint", "--baseline", "", "A.swift"], "--baseline needs a path, not an empty string"),
            (["lint", "--write-baseline", "", "A.swift"], "--write-baseline needs a path, not an empty string"),
            (["lint", "--project", "", "A.swift"], "--project needs a path, not an empty string"),
            (["lint", "--project", "/does/not/exist", "A.swift"], "--project: no such directory: /does/not/exist"),
            (["lint", "--project", "A.swift", "A.swift"], "--project must be a directory: A.swift"),
            (["lint", "--config", "missing.yml", "A.swift"], "--config: no such file: missing.yml"),
            (["lint", "--baseline", "missing.json", "A.swift"], "--baseline: no such file: missing.json"),
        ]
        for (arguments, message) in cases {
            // The harness fails the test if a file appears (--cache-path "" wrote the facts pack here).
            let run = try flowlint(arguments, stdin: Array(Self.goodView.utf8))
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertEqual(run.stderr.split(separator: "\n").first.map(String.init), "Error: \(message)", "\(arguments): \(run.stderr)")
        }
    }

    // MARK: 8. Output files that are not regular files

    /// `--write-baseline` renamed a regular file over a FIFO (and over a device node or /proc/self/fd/N);
    /// now it writes into them.
    func testWriteBaselineWritesIntoAFIFO() throws {
        try write("A.swift", Self.goodView)
        let fifo = directory + "/baseline.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // The reading end is open before FlowLint starts (without waiting for a writer), so FlowLint's open
        // does not wait either, and a FlowLint that replaced the FIFO instead cannot make the test hang.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let run = try flowlint(["lint", "--no-cache", "--write-baseline", "baseline.fifo", "A.swift"], timeout: 30)
        XCTAssertEqual(run.status, 0, run.stderr)
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { Foundation.read(reader, $0.baseAddress!, $0.count) }
        let received = String(decoding: chunk[0..<max(count, 0)], as: UTF8.self)
        XCTAssertTrue(received.contains("\"version\""), received)
    }

    func testWriteBaselineToStandardOutputWritesThroughTheDescriptor() throws {
        try write("A.swift", Self.goodView)
        let output = directory + "/../flowlint-out-" + UUID().uuidString
        XCTAssertTrue(FileManager.default.createFile(atPath: output, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: output) }
        var before = stat(), after = stat()
        XCTAssertEqual(stat(output, &before), 0)
        let run = try shell("exec \"$FLOWLINT\" lint --no-cache --quiet --write-baseline /dev/stdout A.swift", stdout: FileHandle(forWritingAtPath: output))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(stat(output, &after), 0)
        XCTAssertEqual(after.st_ino, before.st_ino, "written into the file behind descriptor 1, not renamed over it")
        XCTAssertTrue((try? String(contentsOfFile: output, encoding: .utf8))?.contains("\"version\"") == true)
    }
}

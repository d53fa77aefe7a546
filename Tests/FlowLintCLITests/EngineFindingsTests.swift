import Foundation
import XCTest

/// End-to-end checks of real findings through the binary: every reporter, baselines, `--fix`, colors.
final class EngineFindingsTests: CLITestCase {
    func positions(_ run: Run) -> [String] {
        diagnostics(run).map { "\($0["rule"] ?? ""):\($0["line"] ?? 0):\($0["column"] ?? 0)" }
    }

    func testFindingIsReportedInEveryFormat() throws {
        try write("Sources/ContentView.swift", Self.badView)
        let json = try flowlint(["lint", "--reporter", "json"])
        XCTAssertEqual(json.status, 0, "a warning does not fail without --strict")
        XCTAssertTrue(positions(json).contains("observed_object_inline:6:5"), "\(positions(json))")
        let text = try flowlint(["lint"])
        XCTAssertTrue(text.stdout.contains("Sources/ContentView.swift:6:5: warning: "), text.stdout)
        XCTAssertTrue(text.stdout.contains("(observed_object_inline)"), text.stdout)
        XCTAssertTrue(text.stderr.contains("Linted 1 file: 0 errors, 1 warning"), text.stderr)
        XCTAssertTrue(try flowlint(["lint", "--reporter", "github"]).stdout.hasPrefix("::warning file=Sources/ContentView.swift,line=6,col=5,"))
        XCTAssertTrue(try flowlint(["lint", "--reporter", "sarif"]).stdout.contains("\"ruleId\": \"observed_object_inline\""))
        XCTAssertTrue(try flowlint(["lint", "--reporter", "checkstyle"]).stdout.contains("source=\"flowlint.observed_object_inline\""))
        XCTAssertTrue(try flowlint(["lint", "--reporter", "junit"]).stdout.contains("<failure type=\"observed_object_inline\""))
    }

    func testStrictAndSeverityDecideTheExitCode() throws {
        try write("A.swift", Self.badView)
        XCTAssertEqual(try flowlint(["lint"]).status, 0)
        XCTAssertEqual(try flowlint(["lint", "--strict"]).status, 1)
        try write(".flowlint.yml", "strict: true\n")
        XCTAssertEqual(try flowlint(["lint"]).status, 1)
        try write(".flowlint.yml", "severity:\n  observed_object_inline: error\n")
        let run = try flowlint(["lint", "--reporter", "json"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(diagnostics(run).first?["severity"] as? String, "error")
        try write(".flowlint.yml", "disabled_rules: [observed_object_inline]\n")
        XCTAssertFalse(positions(try flowlint(["lint", "--reporter", "json", "--strict"])).contains { $0.hasPrefix("observed_object_inline") })
    }

    func testCRLFAndBOMKeepColumns() throws {
        try write("LF.swift", Self.badView)
        try write("CRLF.swift", Self.badView.replacingOccurrences(of: "\n", with: "\r\n"))
        try write("BOM.swift", bytes: [0xEF, 0xBB, 0xBF] + Array(Self.badView.utf8))
        let expected = positions(try flowlint(["lint", "--reporter", "json", "LF.swift"]))
        XCTAssertTrue(expected.contains("observed_object_inline:6:5"), "\(expected)")
        XCTAssertEqual(positions(try flowlint(["lint", "--reporter", "json", "CRLF.swift"])), expected)
        XCTAssertEqual(positions(try flowlint(["lint", "--reporter", "json", "BOM.swift"])), expected)
    }

    func testStdinPathReportsTheUnsavedBuffer() throws {
        try write("Sources/ContentView.swift", Self.goodView)  // on disk: clean; in the editor: not yet saved
        let run = try flowlint(["lint", "--stdin-path", "Sources/ContentView.swift", "--reporter", "json"], stdin: Array(Self.badView.utf8))
        XCTAssertEqual(diagnostics(run).first?["file"] as? String, "Sources/ContentView.swift")
        XCTAssertTrue(positions(run).contains("observed_object_inline:6:5"), "\(positions(run))")
    }

    func testBaselineSurvivesLineShiftsAndCountsCopies() throws {
        try write("A.swift", Self.badView)
        XCTAssertEqual(try flowlint(["lint", "--write-baseline", "flowlint-baseline.json"], mayModify: true).status, 0)
        XCTAssertTrue(try read("flowlint-baseline.json").contains("\"lineText\": \"@ObservedObject var store = Store()\""))
        XCTAssertEqual(diagnostics(try flowlint(["lint", "--reporter", "json", "--baseline", "flowlint-baseline.json", "--strict"])).count, 0)
        // Unrelated edits move the finding down: still covered.
        try write("A.swift", "// A new header comment.\n\n" + Self.badView)
        let shifted = try flowlint(["lint", "--reporter", "json", "--baseline", "flowlint-baseline.json", "--strict"])
        XCTAssertEqual(shifted.status, 0, shifted.stderr)
        XCTAssertTrue(shifted.stderr.contains("in baseline"), shifted.stderr)
        // A second, identical finding is new.
        try write("A.swift", Self.badView.replacingOccurrences(of: "    @ObservedObject var store = Store()\n",
                                                                with: "    @ObservedObject var store = Store()\n    @ObservedObject var store = Store()\n"))
        XCTAssertEqual(diagnostics(try flowlint(["lint", "--reporter", "json", "--baseline", "flowlint-baseline.json"])).count, 1)
    }

    func testFixAppliesSafeFixesAndTouchesNothingElse() throws {
        let fixable = """
            import SwiftUI

            struct Toggle: View {
                @State var isOn = false
                var body: some View { Text("x") }
            }

            """
        try write("Fixable.swift", fixable)
        try write("Suggestion.swift", Self.badView)  // only a suggestion: must not be touched
        let before = snapshot()
        let run = try flowlint(["lint", "--fix", "--reporter", "json"], mayModify: true)
        XCTAssertTrue(run.stderr.contains("Fixed 1 finding in 1 file"), run.stderr)
        let fixed = try read("Fixable.swift")
        XCTAssertTrue(fixed.contains("@State private var isOn = false"), fixed)
        XCTAssertFalse(positions(run).contains { $0.hasPrefix("non_private_state") }, "re-linted after fixing")
        let after = snapshot()
        XCTAssertTrue(after["Suggestion.swift"]!.0 == before["Suggestion.swift"]!.0 && after["Suggestion.swift"]!.1 == before["Suggestion.swift"]!.1)
        XCTAssertEqual(Set(after.keys), Set(before.keys), "no temporary files left behind")
        // Nothing left to fix: no file is written.
        XCTAssertFalse(try flowlint(["lint", "--fix"], mayModify: false).stderr.contains("Fixed"))
    }
}

extension EngineFindingsTests {
    /// Runs flowlint with standard output on a pseudo-terminal (util-linux `script`), returning what the
    /// terminal showed.
    func flowlintOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), let binary = Self.binary else {
            throw XCTSkip("needs /usr/bin/script to give flowlint a terminal")
        }
        let quoted = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", quoted, "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testColorOnlyOnATerminalAndNeverWithNoColor() throws {
        try write("A.swift", Self.badView)
        XCTAssertTrue(try flowlintOnTerminal(["lint", "--quiet", "A.swift"]).contains("\u{1B}["), "a terminal gets colors")
        XCTAssertFalse(try flowlintOnTerminal(["lint", "--quiet", "--no-color", "A.swift"]).contains("\u{1B}["))
        XCTAssertFalse(try flowlintOnTerminal(["lint", "--quiet", "A.swift"], environment: ["NO_COLOR": "1"]).contains("\u{1B}["))
        XCTAssertFalse(try flowlint(["lint", "--quiet", "A.swift"]).stdout.contains("\u{1B}["), "a file gets no colors")
    }
}

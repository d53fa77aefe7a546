import Foundation
import XCTest

final class CommandTests: CLITestCase {
    func testHelpEverywhere() throws {
        for arguments in [["--help"], ["lint", "--help"], ["rules", "--help"], ["explain", "--help"], ["version", "--help"], ["help", "lint"]] {
            let run = try flowlint(arguments)
            XCTAssertEqual(run.status, 0, "\(arguments)")
            XCTAssertTrue(run.stdout.contains("USAGE: flowlint"), "\(arguments): \(run.stdout)")
        }
        XCTAssertTrue(try flowlint(["lint", "--help"]).stdout.contains("--stdin-path"))
    }

    func testVersion() throws {
        let run = try flowlint(["version"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, run.stdout)
        XCTAssertEqual(try flowlint(["--version"]).stdout, run.stdout)
    }

    func testRulesTableFollowsTheConfiguration() throws {
        var run = try flowlint(["rules"])
        XCTAssertEqual(run.status, 0)
        let header = run.stdout.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(header.hasPrefix("ID"), header)
        XCTAssertTrue(run.stdout.contains("observed_object_inline"))
        XCTAssertEqual(header.split(separator: " ", omittingEmptySubsequences: true),
                       ["ID", "DEFAULT", "SEVERITY", "ENABLED", "FIX", "SUMMARY"])
        try write(".flowlint.yml", "disabled_rules: [observed_object_inline]\nseverity:\n  non_private_state: error\n")
        run = try flowlint(["rules"])
        let row = run.stdout.split(separator: "\n").first { $0.hasPrefix("observed_object_inline ") } ?? ""
        XCTAssertEqual(row.split(separator: " ", omittingEmptySubsequences: true).prefix(5),
                       ["observed_object_inline", "on", "warning", "no", "suggestion"])
        let nps = run.stdout.split(separator: "\n").first { $0.hasPrefix("non_private_state ") } ?? ""
        XCTAssertEqual(nps.split(separator: " ", omittingEmptySubsequences: true).prefix(5),
                       ["non_private_state", "on", "error", "yes", "safe"])

        let json = try flowlint(["rules", "--reporter", "json"])
        XCTAssertEqual(json.status, 0)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdoutBytes) as? [String: Any])
        XCTAssertEqual(document["version"] as? Int, 1)
        let rules = try XCTUnwrap(document["rules"] as? [[String: Any]])
        let inline = try XCTUnwrap(rules.first { $0["id"] as? String == "observed_object_inline" })
        XCTAssertEqual(inline["enabled"] as? Bool, false)
        XCTAssertEqual(inline["default"] as? String, "on")
        XCTAssertEqual(inline["fix"] as? String, "suggestion")
        XCTAssertEqual(rules.first { $0["id"] as? String == "non_private_state" }?["severity"] as? String, "error")
        XCTAssertEqual(try flowlint(["rules", "--reporter", "xml"]).status, 2)
    }

    func testExplain() throws {
        let run = try flowlint(["explain", "observed_object_inline"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stdout.hasPrefix("observed_object_inline\n"), run.stdout)  // rendered: ExplainCommandTests
        XCTAssertTrue(run.stdout.contains("observed_object_inline") || run.stdout.contains("ObservedObject"))
        let unknown = try flowlint(["explain", "observed_object_inlin"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertTrue(unknown.stderr.contains("unknown rule 'observed_object_inlin' (did you mean 'observed_object_inline'?)"), unknown.stderr)
    }

    func testLintIsTheDefaultCommandAndDefaultsToTheWorkingDirectory() throws {
        try write("A.swift", Self.goodView)
        for arguments in [[], ["."], ["lint"], ["lint", "."]] {
            let run = try flowlint(arguments)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("Linted 1 file: 0 errors, 0 warnings"), "\(arguments): \(run.stderr)")
        }
    }

    func testQuietDropsTheSummary() throws {
        try write("A.swift", Self.goodView)
        let run = try flowlint(["lint", "--quiet"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(run.stderr, "")
    }

    func testUsageErrorsExitTwo() throws {
        try write("A.swift", Self.goodView)
        let cases: [([String], String)] = [
            (["lint", "--no-such-flag"], "Unknown option '--no-such-flag'"),
            (["lint", "--reporter", "xml"], "unknown reporter 'xml'; available: text, json, sarif, github, checkstyle, junit, codeclimate"),
            (["lint", "--jobs", "-1"], "--jobs"),
            (["lint", "--jobs", "many"], "jobs"),
            (["lint", "--stdin-path", "A.swift", "--fix"], "--fix cannot be used with --stdin-path"),
            (["lint", "--config", "missing.yml"], "--config: no such file: missing.yml"),
            (["lint", "--baseline", "missing.json"], "--baseline: no such file: missing.json"),
            (["no-such-command-or-path"], "no such file or directory: no-such-command-or-path"),
        ]
        for (arguments, message) in cases {
            let run = try flowlint(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stdout, "", "\(arguments)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }

    func testConfigurationWarningsAndErrors() throws {
        try write("A.swift", Self.goodView)
        try write(".flowlint.yml", "strict: true\nbogus_key: 1\ndisabled_rules: [not_a_rule]\n")
        var run = try flowlint(["lint"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains(".flowlint.yml:2:1: warning: unknown configuration key 'bogus_key'"), run.stderr)
        XCTAssertTrue(run.stderr.contains(".flowlint.yml:3:18: warning: unknown rule 'not_a_rule' in 'disabled_rules'"), run.stderr)

        try write(".flowlint.yml", "strict: true\nexcluded: [unclosed\n")
        run = try flowlint(["lint", "--reporter", "json"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.hasPrefix(".flowlint.yml:3:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("error: invalid YAML"), run.stderr)

        try write(".flowlint.yml", "strict: 3\n")
        run = try flowlint(["lint"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, ".flowlint.yml:1:9: error: 'strict' must be true or false, not a number\n")
    }

    func testConfigurationIsFoundAboveTheWorkingDirectoryAndGlobsAreRelativeToIt() throws {
        try write(".flowlint.yml", "excluded: [\"Sources/Generated\"]\nreporter: junit\n")
        try write("Sources/App/A.swift", Self.goodView)
        try write("Sources/Generated/B.swift", Self.goodView)
        let run = try flowlint(["lint", "."], in: directory + "/Sources")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("<testsuite name=\"App/A.swift\""), run.stdout)
        XCTAssertFalse(run.stdout.contains("B.swift"), run.stdout)
    }

    func testExplicitConfigFile() throws {
        try write("A.swift", Self.goodView)
        try write("ci/flowlint.yml", "reporter: json\n")
        let run = try flowlint(["lint", "--config", "ci/flowlint.yml"])
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(diagnostics(run).count, 0)
    }

    func testStdinPathIsTheEditorContract() throws {
        try write(".flowlint.yml", "excluded: [\"Generated\"]\n")
        // The file need not exist on disk: the unsaved buffer is what is linted.
        var run = try flowlint(["lint", "--stdin-path", "Sources/Unsaved.swift", "--reporter", "json"], stdin: Array(Self.badView.utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        for diagnostic in diagnostics(run) {
            XCTAssertEqual(diagnostic["file"] as? String, "Sources/Unsaved.swift")
        }
        XCTAssertTrue(run.stderr.contains("Linted 1 file"), run.stderr)
        run = try flowlint(["lint", "--stdin-path", "Generated/X.swift", "--reporter", "json"], stdin: Array(Self.badView.utf8))
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(diagnostics(run).count, 0, "excluded paths are not linted, even from standard input")
        XCTAssertTrue(run.stderr.contains("Linted 0 files"), run.stderr)
        run = try flowlint(["lint", "--stdin-path", "A.swift", "B.swift"])
        XCTAssertEqual(run.status, 2)
    }

    func testEveryReporterProducesCompleteOutputWithNoFindings() throws {
        try write("A.swift", Self.goodView)
        XCTAssertEqual(diagnostics(try flowlint(["lint", "--reporter", "json"])).count, 0)
        let sarif = try flowlint(["lint", "--reporter", "sarif"])
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: sarif.stdoutBytes) as? [String: Any])
        XCTAssertTrue(try flowlint(["lint", "--reporter", "checkstyle"]).stdout.hasSuffix("</checkstyle>\n"))
        XCTAssertTrue(try flowlint(["lint", "--reporter", "junit"]).stdout.contains("<testcase classname=\"A.swift\" name=\"flowlint\"/>"))
        XCTAssertEqual(try flowlint(["lint", "--reporter", "github"]).stdout, "")
        XCTAssertEqual(try flowlint(["lint", "--reporter", "text"]).stdout, "")
    }

    func testWriteBaselineWritesOnlyTheBaselineFile() throws {
        try write("A.swift", Self.goodView)
        let run = try flowlint(["lint", "--write-baseline", "baseline.json"], mayModify: true)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try read("baseline.json"), "{\n  \"version\": 2,\n  \"findings\": []\n}\n")
        XCTAssertEqual(try read("A.swift"), Self.goodView)
        XCTAssertEqual(try flowlint(["lint", "--baseline", "baseline.json"]).status, 0)
        try write("bad.json", "{\"version\": 7}")
        XCTAssertEqual(try flowlint(["lint", "--baseline", "bad.json"]).status, 2)
    }
}

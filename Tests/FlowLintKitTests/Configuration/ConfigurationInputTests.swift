import XCTest
@testable import FlowLintKit

/// Configuration text as a hostile pull request or a SwiftLint user would write it.
final class ConfigurationInputTests: XCTestCase {
    func parse(_ yaml: String) throws -> Configuration {
        try Configuration.parse(yaml, path: ".flowlint.yml", rootDirectory: "/project")
    }

    func error(_ yaml: String) -> String? {
        do { _ = try parse(yaml); return nil } catch { return (error as? ConfigurationError)?.message }
    }

    // MARK: Nesting and size

    func testDeepNestingIsAnErrorBeforeYAMLSeesIt() {
        let flow = "excluded: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        XCTAssertEqual(error(flow), ".flowlint.yml:1:74: error: the configuration nests deeper than 64 levels (indentation and brackets)")
        XCTAssertEqual(error(String(repeating: "- ", count: 10_000) + "x\n"),
                       ".flowlint.yml:1:129: error: the configuration nests deeper than 64 levels (indentation and brackets)")
        var block = ""
        for level in 0..<1_000 { block += String(repeating: " ", count: level) + "k:\n" }
        XCTAssertEqual(error(block), ".flowlint.yml:65:65: error: the configuration nests deeper than 64 levels (indentation and brackets)")
        // 64 levels are fine (FlowLint's keys then say what is wrong).
        XCTAssertEqual(error("excluded: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n"),
                       ".flowlint.yml:1:12: error: 'excluded' must be a list of strings; this element is a list")
    }

    func testAliasesAreAnError() {
        var chain = "a0: &a0 [x]\n"
        for i in 1..<20_000 { chain += "a\(i): &a\(i) [*a\(i - 1)]\n" }
        XCTAssertEqual(error(chain), ".flowlint.yml:2:10: error: YAML aliases ('*name') are not supported in the configuration; quote a glob that starts with '*'")
        XCTAssertEqual(error("excluded:\n  - **/*.swift\n")?.hasPrefix(".flowlint.yml:2:5: error: YAML aliases"), true)
    }

    func testSizeLimit() throws {
        let large = "excluded:\n" + String(repeating: "  - \"Sources/Generated/a-rather-long-path/File.swift\"\n", count: 20_000)
        XCTAssertGreaterThan(large.utf8.count, Configuration.maximumFileSize)
        XCTAssertEqual(error(large), ".flowlint.yml:1:1: error: configuration is larger than 1 MiB")

        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/.flowlint.yml"
        // A sparse file: its size says enough, nothing is read.
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        XCTAssertEqual(truncate(path, 3 << 30), 0)
        XCTAssertThrowsError(try Configuration.load(path: path)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.message, "\(path): error: configuration file is larger than 1 MiB")
        }
        // A device that never ends is read up to the limit, then refused.
        XCTAssertThrowsError(try Configuration.load(path: "/dev/zero")) { error in
            XCTAssertEqual((error as? ConfigurationError)?.message, "/dev/zero: error: configuration file is larger than 1 MiB")
        }
    }

    /// A FIFO named `.flowlint.yml` with no writer: opened without waiting, read as empty, never a hang.
    func testFIFOConfigurationDoesNotBlock() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/.flowlint.yml"
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        let configuration = try Configuration.load(path: path)
        XCTAssertEqual(configuration.ruleSettings, RuleSettings.defaults)
        XCTAssertThrowsError(try Configuration.load(path: root)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.message, "\(root): error: cannot read configuration file: is a directory")
        }
    }

    func testControlCharactersInMessagesAreEscaped() {
        XCTAssertEqual(try parse("\"bad\\e[31m\\u0007key\": 1\n").warnings,
                       [".flowlint.yml:1:1: warning: unknown configuration key 'bad\\u{1B}[31m\\u{7}key'"])
        XCTAssertEqual(error("reporter: \"x\\ny\"\n"),
                       ".flowlint.yml:1:11: error: unknown reporter 'x\\ny'; available: text, json, sarif, github, checkstyle, junit, codeclimate")
        XCTAssertThrowsError(try Configuration.parse("strict: 3\n", path: "dir\u{1B}]0;x\u{7}\n/.flowlint.yml", rootDirectory: "/p")) { error in
            XCTAssertEqual((error as? ConfigurationError)?.message,
                           "dir\\u{1B}]0;x\\u{7}\\n/.flowlint.yml:1:9: error: 'strict' must be true or false, not a number")
        }
    }

    // MARK: SwiftLint's spelling

    func testTopLevelRuleKeysSetSeverities() throws {
        let configuration = try parse("""
            non_private_state: error
            observed_object_inline:
              severity: error
            foreach_index_id: { severity: warning }
            """)
        XCTAssertEqual(configuration.warnings, [])
        XCTAssertEqual(configuration.severities, ["non_private_state": .error, "observed_object_inline": .error,
                                                  "foreach_index_id": .warning])
        XCTAssertEqual(configuration.ruleSettings.severities["non_private_state"], .error)
    }

    func testTopLevelRuleKeysAreCheckedLikeSeverity() {
        XCTAssertEqual(error("non_private_state: fatal\n"),
                       ".flowlint.yml:1:20: error: severity of 'non_private_state' must be 'warning' or 'error', not 'fatal'")
        XCTAssertEqual(error("non_private_state: true\n"),
                       ".flowlint.yml:1:20: error: severity of 'non_private_state' must be 'warning' or 'error', not a boolean")
        XCTAssertEqual(error("non_private_state: [error]\n"),
                       ".flowlint.yml:1:20: error: 'non_private_state' must be 'warning', 'error' or a mapping with 'severity', not a list")
        XCTAssertEqual(try parse("non_private_state: {severity: error, max_length: 3}\n").warnings,
                       [".flowlint.yml:1:38: warning: unknown option 'max_length' for rule 'non_private_state' (FlowLint rules have no options, only 'severity')"])
    }

    /// `severity:` is FlowLint's spelling: when it and a top-level key disagree, it wins, with a warning.
    func testSeverityMappingWinsOverATopLevelRuleKey() throws {
        let conflicting = try parse("""
            non_private_state: error
            severity:
              non_private_state: warning
            """)
        XCTAssertEqual(conflicting.severities["non_private_state"], .warning)
        XCTAssertEqual(conflicting.warnings, [
            ".flowlint.yml:1:1: warning: 'non_private_state: error' conflicts with 'severity: non_private_state: warning' (line 3); using 'warning'",
        ])
        let agreeing = try parse("severity: {non_private_state: error}\nnon_private_state: error\n")
        XCTAssertEqual(agreeing.severities["non_private_state"], .error)
        XCTAssertEqual(agreeing.warnings, [])
    }

    func testDidYouMeanForKeysCloseToRulesOrKeys() throws {
        XCTAssertEqual(try parse("""
            non_private_stat: error
            non-private-state: error
            NonPrivateState: error
            exclude: []
            Strict: true
            non-private-stat: error
            Disabled-Rule: []
            """).warnings, [
            ".flowlint.yml:1:1: warning: unknown configuration key 'non_private_stat' (did you mean 'non_private_state'?)",
            ".flowlint.yml:2:1: warning: unknown configuration key 'non-private-state' (did you mean 'non_private_state'?)",
            ".flowlint.yml:3:1: warning: unknown configuration key 'NonPrivateState' (did you mean 'non_private_state'?)",
            ".flowlint.yml:4:1: warning: unknown configuration key 'exclude' (did you mean 'excluded'?)",
            ".flowlint.yml:5:1: warning: unknown configuration key 'Strict' (did you mean 'strict'?)",
            ".flowlint.yml:6:1: warning: unknown configuration key 'non-private-stat' (did you mean 'non_private_state'?)",
            ".flowlint.yml:7:1: warning: unknown configuration key 'Disabled-Rule' (did you mean 'disabled_rules'?)",
        ])
    }
}

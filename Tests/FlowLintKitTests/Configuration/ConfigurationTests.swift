import XCTest
@testable import FlowLintKit

final class ConfigurationTests: XCTestCase {
    func parse(_ yaml: String) throws -> Configuration {
        try Configuration.parse(yaml, path: ".flowlint.yml", rootDirectory: "/project")
    }

    func error(_ yaml: String) -> String? {
        do { _ = try parse(yaml); return nil } catch { return (error as? ConfigurationError)?.message }
    }

    func testFullConfiguration() throws {
        let configuration = try parse("""
            included:
              - Sources
            excluded:
              - "Sources/Generated/**"
              - "**/*.pb.swift"
            disabled_rules: [foreach_index_id]
            opt_in_rules: []
            severity:
              observed_object_inline: error
            reporter: json
            strict: true
            """)
        XCTAssertEqual(configuration.included.patterns.map(\.pattern), ["Sources"])
        XCTAssertEqual(configuration.excluded.patterns.map(\.pattern), ["Sources/Generated/**", "**/*.pb.swift"])
        XCTAssertEqual(configuration.reporter, "json")
        XCTAssertTrue(configuration.strict)
        XCTAssertEqual(configuration.warnings, [])
        let settings = configuration.ruleSettings
        XCTAssertFalse(settings.enabled.contains("foreach_index_id"))
        XCTAssertTrue(settings.enabled.contains("observed_object_inline"))
        XCTAssertEqual(settings.severities["observed_object_inline"], .error)

        XCTAssertTrue(configuration.includes(absolutePath: "/project/Sources/App/View.swift"))
        XCTAssertFalse(configuration.includes(absolutePath: "/project/Sources/Generated/A.swift"))
        XCTAssertFalse(configuration.includes(absolutePath: "/project/Sources/Deep/x/Model.pb.swift"))
        XCTAssertFalse(configuration.includes(absolutePath: "/project/Tests/ATests.swift"))
        XCTAssertTrue(configuration.excludesDirectory(absolutePath: "/project/Sources/Generated"))
    }

    func testOnlyRulesWins() throws {
        let configuration = try parse("only_rules: [non_private_state]\ndisabled_rules: [non_private_state]\n")
        XCTAssertEqual(configuration.ruleSettings.enabled, ["non_private_state"])
    }

    func testDefaultsWhenEmpty() throws {
        XCTAssertEqual(try parse("").ruleSettings, RuleSettings.defaults)
        XCTAssertEqual(try parse("# only a comment\n").ruleSettings, RuleSettings.defaults)
        XCTAssertEqual(try parse("disabled_rules:\n").ruleSettings, RuleSettings.defaults)
    }

    func testUnknownKeysAndRulesAreWarningsWithLines() throws {
        let configuration = try parse("""
            strict: false
            disabled_ruels: [x]
            disabled_rules:
              - foreach_index_id
              - no_such_rule
            """)
        XCTAssertEqual(configuration.warnings, [
            ".flowlint.yml:2:1: warning: unknown configuration key 'disabled_ruels' (did you mean 'disabled_rules'?)",
            ".flowlint.yml:5:5: warning: unknown rule 'no_such_rule' in 'disabled_rules'",
        ])
    }

    func testInvalidYAMLIsAnErrorWithPosition() {
        let message = error("disabled_rules: [a, b\nstrict: true\n")
        XCTAssertNotNil(message)
        XCTAssertTrue(message!.hasPrefix(".flowlint.yml:"), message!)
        XCTAssertTrue(message!.contains(": error: invalid YAML"), message!)
        XCTAssertEqual(error("key: value\n  bad indentation: here\n")?.contains(".flowlint.yml:2:"), true)
    }

    func testWrongTypesAreErrorsWithPosition() {
        XCTAssertEqual(error("strict: maybe\n"), ".flowlint.yml:1:9: error: 'strict' must be true or false, not a string")
        XCTAssertEqual(error("disabled_rules: foreach_index_id\n"),
                       ".flowlint.yml:1:17: error: 'disabled_rules' must be a list of strings, not a string")
        XCTAssertEqual(error("excluded:\n  - 3\n"), ".flowlint.yml:2:5: error: 'excluded' must be a list of strings; this element is a number")
        XCTAssertEqual(error("severity:\n  observed_object_inline: fatal\n"),
                       ".flowlint.yml:2:27: error: severity of 'observed_object_inline' must be 'warning' or 'error', not 'fatal'")
        XCTAssertEqual(error("reporter: xml\n"),
                       ".flowlint.yml:1:11: error: unknown reporter 'xml'; available: text, json, sarif, github, checkstyle, junit, codeclimate")
        XCTAssertEqual(error("- a\n- b\n"), ".flowlint.yml:1:1: error: the configuration must be a mapping of keys to values")
    }

    /// `xcode:` names the Xcode that builds the project, the newest by default; rules read it in their project checks.
    func testXcodeVersion() throws {
        XCTAssertEqual(try parse("").toolchain, .newest)
        XCTAssertEqual(try parse("").ruleSettings.toolchain, Toolchain(xcode: OSVersion([27])))
        XCTAssertEqual(try parse("xcode: 26.4\n").ruleSettings.toolchain.xcode, OSVersion([26, 4]))
        XCTAssertEqual(try parse("xcode: 27\n").toolchain.xcode, OSVersion([27]))
        XCTAssertEqual(try parse("xcode: \"27.1\"\n").toolchain.xcode, OSVersion([27, 1]))
        XCTAssertEqual(try parse("xcode: 16.4.1\n").toolchain.xcode, OSVersion([16, 4, 1]))
        XCTAssertTrue(try parse("xcode: 27.0\n").toolchain.stateIsMacro)
        XCTAssertFalse(try parse("xcode: 26.4\n").toolchain.stateIsMacro)
        XCTAssertEqual(try parse("xcode: 26\n").warnings, [])
        XCTAssertEqual(error("xcode: latest\n"), ".flowlint.yml:1:8: error: 'xcode' must be an Xcode version such as 27 or 26.4, not 'latest'")
        XCTAssertEqual(error("xcode: [27]\n"), ".flowlint.yml:1:8: error: 'xcode' must be an Xcode version such as 27 or 26.4, not a list")
        XCTAssertEqual(error("xcode: true\n"), ".flowlint.yml:1:8: error: 'xcode' must be an Xcode version such as 27 or 26.4, not a boolean")
        XCTAssertEqual(error("xcode: 10.3\n"), ".flowlint.yml:1:8: error: 'xcode' must be an Xcode with SwiftUI (11 or later), not '10.3'")
        XCTAssertEqual(error("xcode: -27\n"), ".flowlint.yml:1:8: error: 'xcode' must be an Xcode version such as 27 or 26.4, not '-27'")
        XCTAssertEqual(try parse("xcod: 27\n").warnings, [".flowlint.yml:1:1: warning: unknown configuration key 'xcod' (did you mean 'xcode'?)"])
    }

    /// Wildcard components that are tried one by one are limited; names, `*`, `**`, `*suffix` and `prefix*`
    /// are looked up at once and are not.
    func testGeneralWildcardComponentsAreLimited() {
        let many = (0...GlobSet.maximumGeneralComponents).map { "  - \"*Tests\($0)*\"\n" }.joined()
        XCTAssertEqual(error("strict: true\nexcluded:\n" + many),
                       ".flowlint.yml:3:3: error: 'excluded' holds 1001 wildcard components like '*Tests*' or 'a?c' (each is tried in turn against every path); at most 1000 are allowed: name paths, or use '*', '**', '*suffix' and 'prefix*', which are looked up at once")
        let lookedUp = (0..<5_000).map { "  - \"**/Gen\($0)*/*.pb\($0).swift\"\n" }.joined()
        XCTAssertNil(error("included:\n" + lookedUp))
    }

    func testFindStopsAtRepositoryRoot() throws {
        let root = try temporaryDirectory()
        let repository = root + "/repo", nested = repository + "/a/b"
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: repository + "/.git", withIntermediateDirectories: true)
        // A configuration above the repository root is not used.
        try "strict: true\n".write(toFile: root + "/.flowlint.yml", atomically: false, encoding: .utf8)
        XCTAssertNil(ProjectRoot.configurationFile(for: nested))
        try "strict: true\n".write(toFile: repository + "/.flowlint.yml", atomically: false, encoding: .utf8)
        XCTAssertEqual(ProjectRoot.configurationFile(for: nested), repository + "/.flowlint.yml")
        try "strict: false\n".write(toFile: nested + "/.flowlint.yml", atomically: false, encoding: .utf8)
        XCTAssertEqual(ProjectRoot.configurationFile(for: nested), nested + "/.flowlint.yml")
    }

    func testGlobs() {
        XCTAssertTrue(Glob("*.swift").matches("A.swift"))
        XCTAssertFalse(Glob("*.swift").matches("dir/A.swift"))
        XCTAssertTrue(Glob("**/*.swift").matches("A.swift"))
        XCTAssertTrue(Glob("**/*.swift").matches("a/b/c/A.swift"))
        XCTAssertTrue(Glob("Sources/**/Gen*").matches("Sources/x/y/Generated/A.swift"))
        XCTAssertTrue(Glob("Sources").matches("Sources/App/A.swift"))
        XCTAssertTrue(Glob("./Sources/").matches("Sources/App/A.swift"))
        XCTAssertFalse(Glob("Sources").matches("SourcesExtra/A.swift"))
        XCTAssertTrue(Glob("?.swift").matches("A.swift"))
        XCTAssertFalse(Glob("?.swift").matches("AB.swift"))
        XCTAssertTrue(Glob("a*b*c").matches("aXbYc"))
        XCTAssertFalse(Glob("a*b*c").matches("aXbY"))
        XCTAssertTrue(Glob("Café/*").matches("Café/é.swift"))
        XCTAssertTrue(Glob("**").matches("anything/at/all"))
    }
}

extension XCTestCase {
    /// A new empty directory, removed when the test ends.
    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "flowlint-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return Paths.resolved(path) ?? path
    }
}

import Foundation
import XCTest
@testable import FlowLintKit

/// Runs every example of every `rules/<rule_id>.md` through the engine, so the documents cannot drift from
/// behaviour (SwiftLint's triggering/non-triggering examples). Each example is also checked after four
/// mutations: commented out, wrapped in a string literal, shifted by a line of multi-byte characters, and
/// preceded by its rule's disable comment.
final class RuleDocumentTests: XCTestCase {
    static let marker = "\u{2193}" // ↓

    struct Example {
        var rule: String
        var triggering: Bool
        /// (file name, source without markers, expected finding positions as (line, UTF-8 column))
        var files: [(name: String, source: String, expected: [Position])]
        var documentLine: Int
    }

    struct Position: Hashable, CustomStringConvertible {
        var file: String, line: Int, column: Int
        var description: String { "\(file):\(line):\(column)" }
    }

    static var rulesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("rules")
    }

    static func examples(rule: String) throws -> [Example] {
        let text = try String(contentsOf: rulesDirectory.appendingPathComponent("\(rule).md"), encoding: .utf8)
        var examples: [Example] = []
        var current: (triggering: Bool, lines: [String], start: Int)?
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            if current == nil {
                if line == "```swift triggering" { current = (true, [], i + 1) }
                if line == "```swift non-triggering" { current = (false, [], i + 1) }
            } else if line == "```" {
                examples.append(example(rule: rule, triggering: current!.triggering, lines: current!.lines, at: current!.start))
                current = nil
            } else {
                current!.lines.append(line)
            }
        }
        return examples
    }

    /// Splits a block at `// file: Name.swift` lines and takes the `↓` markers out, recording where they were.
    static func example(rule: String, triggering: Bool, lines: [String], at documentLine: Int) -> Example {
        var files: [(String, [String])] = []
        for line in lines {
            if line.hasPrefix("// file: ") {
                files.append((String(line.dropFirst("// file: ".count)), []))
            } else {
                if files.isEmpty { files.append(("Example.swift", [])) }
                files[files.count - 1].1.append(line)
            }
        }
        return Example(rule: rule, triggering: triggering, files: files.map { name, lines in
            var expected: [Position] = []
            var clean: [String] = []
            for (n, line) in lines.enumerated() {
                var text = line
                while let r = text.range(of: marker) {
                    expected.append(Position(file: name, line: n + 1, column: text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound) + 1))
                    text.removeSubrange(r)
                }
                clean.append(text)
            }
            return (name, clean.joined(separator: "\n") + "\n", expected)
        }, documentLine: documentLine)
    }

    /// Positions of the findings of `rule` when the example's files are linted as one project.
    static func findings(_ rule: String, _ files: [(name: String, source: String)]) -> [Position] {
        let result = LintEngine.lint(LintRequest(files: files.map { LintFile(path: $0.name, bytes: Array($0.source.utf8)) }, jobs: 1))
        return result.diagnostics.filter { $0.ruleID == rule }.map {
            Position(file: $0.span.file, line: $0.span.start.line, column: $0.span.start.column)
        }
    }

    func check(rule: String, minimum: Int) throws {
        let examples = try Self.examples(rule: rule)
        let triggering = examples.filter(\.triggering).count
        let nonTriggering = examples.count - triggering
        XCTAssertGreaterThanOrEqual(triggering, minimum, "\(rule): triggering examples")
        XCTAssertGreaterThanOrEqual(nonTriggering, minimum, "\(rule): non-triggering examples")
        for example in examples {
            let place = "rules/\(rule).md:\(example.documentLine)"
            let files = example.files.map { ($0.name, $0.source) }
            let expected = example.files.flatMap(\.expected)
            XCTAssertEqual(Set(Self.findings(rule, files)), Set(expected), "\(place): findings")
            XCTAssertEqual(Self.findings(rule, files).count, expected.count, "\(place): number of findings")
            if example.triggering {
                XCTAssertFalse(expected.isEmpty, "\(place): a triggering example marks its findings with ↓")
            }

            // Commented out: no finding.
            let commented = files.map { name, source in
                (name, source.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n"))
            }
            XCTAssertEqual(Self.findings(rule, commented), [], "\(place): commented out")

            // Inside a string literal: no finding.
            let quoted = files.map { name, source in (name, "let text = #\"\"\"\n" + source + "\"\"\"#\n") }
            XCTAssertEqual(Self.findings(rule, quoted), [], "\(place): in a string literal")

            // A line of multi-byte characters in front: the same positions, one line down.
            let shifted = files.map { name, source in (name, "/* ÄÖÜ 中文 👩‍👩‍👧 ∑ */\n" + source) }
            XCTAssertEqual(Set(Self.findings(rule, shifted)),
                           Set(expected.map { Position(file: $0.file, line: $0.line + 1, column: $0.column) }),
                           "\(place): after a line of multi-byte characters")

            // Its rule's disable comment in front: silent.
            if example.triggering {
                let disabled = files.map { name, source in (name, "// flowlint:disable \(rule)\n" + source) }
                XCTAssertEqual(Self.findings(rule, disabled), [], "\(place): under flowlint:disable")
            }
        }
    }

    func testObservedObjectInline() throws { try check(rule: "observed_object_inline", minimum: 12) }
    func testNonPrivateState() throws { try check(rule: "non_private_state", minimum: 12) }
    func testForEachIndexID() throws { try check(rule: "foreach_index_id", minimum: 12) }
    func testMissingEnvironmentObject() throws { try check(rule: "missing_environment_object", minimum: 12) }
    func testSuperfluousDisable() throws { try check(rule: "superfluous_disable", minimum: 4) }
    func testUnknownRuleInSuppression() throws { try check(rule: "unknown_rule_in_suppression", minimum: 4) }

    /// Every rule has a document and every document a rule; ids are snake_case and summaries follow the
    /// message style (lower-case start, no final period).
    func testEveryRuleHasADocument() throws {
        let documents = try FileManager.default.contentsOfDirectory(atPath: Self.rulesDirectory.path)
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        XCTAssertEqual(Set(documents), Set(RuleRegistry.descriptors.map(\.id)))
        for rule in RuleRegistry.descriptors {
            XCTAssertNotNil(rule.id.range(of: "^[a-z][a-z0-9]*(_[a-z0-9]+)*$", options: .regularExpression), rule.id)
            XCTAssertEqual(rule.summary.first.map { $0.isLowercase || $0 == "@" }, true, rule.id)
            XCTAssertFalse(rule.summary.hasSuffix("."), rule.id)
            let document = try String(contentsOf: Self.rulesDirectory.appendingPathComponent("\(rule.id).md"), encoding: .utf8)
            XCTAssertTrue(document.hasPrefix("# \(rule.id)\n"), rule.id)
            XCTAssertTrue(document.contains("**Severity:** \(rule.defaultSeverity.rawValue)"), rule.id)
        }
    }
}

import Foundation
import XCTest
@testable import FlowLintKit

/// Every `rules/<rule_id>.md` of every registered rule is a test (SwiftLint's triggering/non-triggering
/// examples, Clippy's UI tests): its header must match the rule's descriptor, each example must produce
/// exactly the findings its `↓` markers place, and the blocks that follow an example pin its output (`text
/// output`), what `--fix` makes of it (`swift fixed`) and what applying each finding's first fix gives
/// (`swift suggested`). Each example is also checked commented out, inside a string literal, shifted by a line
/// of multi-byte characters, and under its rule's disable comment.
///
/// After an intended change, `FLOWLINT_BLESS=1 swift test --filter RuleDocumentTests` rewrites the pinned
/// blocks (and adds a `text output` block to every triggering example without one); review the diff.
final class RuleDocumentTests: XCTestCase {
    static var rulesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("rules")
    }

    static func document(rule: String) throws -> RuleDocument {
        RuleDocument(markdown: try String(contentsOf: rulesDirectory.appendingPathComponent("\(rule).md"), encoding: .utf8))
    }

    /// The examples of a rule's document (for `FastPathTests` too).
    static func examples(rule: String) throws -> [RuleDocument.Example] { try document(rule: rule).examples }

    /// Fewer examples than this and a rule is not documented well enough to trust.
    static func minimumExamples(_ rule: String) -> Int {
        ["superfluous_disable", "unknown_rule_in_suppression"].contains(rule) ? 4 : 12
    }

    func testEveryRuleDocumentHoldsAndIsTested() throws {
        let bless = ProcessInfo.processInfo.environment["FLOWLINT_BLESS"] == "1"
        for rule in RuleRegistry.descriptors {
            let url = Self.rulesDirectory.appendingPathComponent("\(rule.id).md")
            let document = try Self.document(rule: rule.id)
            if bless {
                let blessed = DocumentHarness.blessed(document, rule: rule)
                if blessed != document.text { try blessed.write(to: url, atomically: false, encoding: .utf8) }
                continue
            }
            let failures = DocumentHarness.check(document, rule: rule, minimumExamples: Self.minimumExamples(rule.id))
            XCTAssertEqual(failures, [], "rules/\(rule.id).md")
        }
    }

    /// The harness is what keeps documents honest, so it must fail for the mistakes it exists to catch.
    func testHarnessFailsWhenAMarkerMovesOrAPinnedMessageChanges() throws {
        let rule = try XCTUnwrap(RuleRegistry.descriptor(id: "non_private_state"))
        let document = try Self.document(rule: rule.id)
        XCTAssertEqual(DocumentHarness.check(document, rule: rule, minimumExamples: 1), [])

        // The first ↓ one column to the right.
        let marker = try XCTUnwrap(document.text.range(of: RuleDocument.marker))
        var moved = document.text
        moved.removeSubrange(marker)
        moved.insert(contentsOf: RuleDocument.marker, at: moved.index(after: marker.lowerBound))
        let movedFailures = DocumentHarness.check(RuleDocument(markdown: moved), rule: rule, minimumExamples: 1)
        XCTAssertTrue(movedFailures.contains { $0.contains("findings at") }, "\(movedFailures)")

        // A word of the first pinned message changed.
        let firstOutput = try XCTUnwrap(document.text.range(of: "```text output\n"))
        let pinned = try XCTUnwrap(document.text.range(of: "should be private", range: firstOutput.upperBound..<document.text.endIndex))
        var reworded = document.text
        reworded.replaceSubrange(pinned, with: "should be hidden")
        let rewordedFailures = DocumentHarness.check(RuleDocument(markdown: reworded), rule: rule, minimumExamples: 1)
        XCTAssertTrue(rewordedFailures.contains { $0.contains("text output") }, "\(rewordedFailures)")

        // The pinned fixed source changed.
        let fixed = try XCTUnwrap(document.text.range(of: "```swift fixed\n"))
        var unfixed = document.text
        unfixed.insert(contentsOf: "// an extra line\n", at: fixed.upperBound)
        let unfixedFailures = DocumentHarness.check(RuleDocument(markdown: unfixed), rule: rule, minimumExamples: 1)
        XCTAssertTrue(unfixedFailures.contains { $0.contains("swift fixed") }, "\(unfixedFailures)")

        // A header that disagrees with the descriptor.
        let header = document.text.replacingOccurrences(of: "**Severity:** warning", with: "**Severity:** error")
        XCTAssertTrue(DocumentHarness.check(RuleDocument(markdown: header), rule: rule, minimumExamples: 1)
            .contains { $0.contains("header") })
    }

    /// The examples of a `Test cases` section are tests like the others (`flowlint explain` leaves them out of
    /// its screenful, `ExplainCommandTests`), and SARIF help leaves them out.
    func testHarnessRunsTheTestCases() throws {
        let rule = try XCTUnwrap(RuleRegistry.descriptor(id: "non_private_state"))
        let text = try Self.document(rule: rule.id).text
        let testCase = "\n## Test cases\n\n```swift triggering\nimport SwiftUI\nstruct HiddenCase: View {\n    ↓@State var on = false\n    var body: some View { Text(\"\") }\n}\n```\n"
        let document = RuleDocument(markdown: text + testCase)
        let last = try XCTUnwrap(document.examples.last)
        XCTAssertTrue(last.isTestCase)
        XCTAssertEqual(last.files.flatMap(\.expected), [RuleDocument.Position(file: "Example.swift", line: 3, column: 5)])
        XCTAssertEqual(DocumentHarness.check(document, rule: rule, minimumExamples: 1), [])

        // The marker two columns off: the harness says where.
        let moved = RuleDocument(markdown: text + testCase.replacingOccurrences(of: "    ↓@State", with: "  ↓  @State"))
        let failures = DocumentHarness.check(moved, rule: rule, minimumExamples: 1)
        XCTAssertEqual(failures.count, 2, "\(failures)")  // the findings, and the same one line down
        XCTAssertTrue(failures.allSatisfy { $0.hasPrefix("rules/non_private_state.md:\(last.documentLine):") }, "\(failures)")

        XCTAssertFalse(document.markdownWithoutTestCases.contains("HiddenCase"))
        XCTAssertEqual(document.markdownWithoutTestCases, text.hasSuffix("\n") ? text : text + "\n")
        XCTAssertEqual(RuleDocument.withoutTestCases(document.text), document.markdownWithoutTestCases)
        XCTAssertEqual(RuleDocument.withoutTestCases(text), text)
        let sarif = ReporterKind.sarif.render([], context: ReportContext(rules: [rule], ruleDocuments: [rule.id: document.text]))
        XCTAssertTrue(sarif.contains("should be private"), "the document's examples are in SARIF help")
        XCTAssertFalse(sarif.contains("HiddenCase"), "the test cases are not")
    }

    /// What `flowlint explain` and SARIF print is what `rules/` holds: the build compiles the documents in.
    func testTheBinaryCarriesTheDocumentsOfRules() throws {
        for rule in RuleRegistry.descriptors {
            let file = try String(contentsOf: Self.rulesDirectory.appendingPathComponent("\(rule.id).md"), encoding: .utf8)
            XCTAssertEqual(RuleDocument.markdown(ruleID: rule.id), file, "rules/\(rule.id).md")
        }
        XCTAssertNil(RuleDocument.markdown(ruleID: "no_such_rule"))
        // SARIF reads them when no documents are given.
        let rule = try XCTUnwrap(RuleRegistry.descriptor(id: "non_private_state"))
        XCTAssertTrue(ReporterKind.sarif.render([], context: ReportContext(rules: [rule])).contains("should be private"))
    }

    /// Every registered rule has a document and every document a rule; ids are snake_case and summaries follow
    /// the message style (lower-case start, no final period).
    func testEveryRuleHasADocument() throws {
        let documents = try FileManager.default.contentsOfDirectory(atPath: Self.rulesDirectory.path)
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }
        XCTAssertEqual(Set(documents), Set(RuleRegistry.descriptors.map(\.id)))
        for rule in RuleRegistry.descriptors {
            XCTAssertNotNil(rule.id.range(of: "^[a-z][a-z0-9]*(_[a-z0-9]+)*$", options: .regularExpression), rule.id)
            XCTAssertEqual(rule.summary.first.map { $0.isLowercase || $0 == "@" }, true, rule.id)
            XCTAssertFalse(rule.summary.hasSuffix("."), rule.id)
        }
    }
}

/// Runs a document's examples through the engine and says what does not hold.
enum DocumentHarness {
    typealias Position = RuleDocument.Position

    static func lint(_ files: [(name: String, source: String)]) -> LintResult {
        LintEngine.lint(LintRequest(files: files.map { LintFile(path: $0.name, bytes: Array($0.source.utf8)) }, jobs: 1))
    }

    static func findings(_ rule: String, _ files: [(name: String, source: String)]) -> [Position] {
        lint(files).diagnostics.filter { $0.ruleID == rule }.map {
            Position(file: $0.span.file, line: $0.span.start.line, column: $0.span.start.column)
        }
    }

    /// What the text reporter prints for the rule's findings in the example.
    static func output(_ rule: String, _ files: [(name: String, source: String)]) -> String {
        let diagnostics = lint(files).diagnostics.filter { $0.ruleID == rule }
        return ReporterKind.text.render(diagnostics, context: ReportContext(lintedFiles: files.map(\.name)))
    }

    /// The example's files after `--fix` (safe fixes, re-linting until none is left, as the command does),
    /// or after applying each finding's first fix once (`safeOnly` false), in block form.
    static func fixedSource(_ rule: String, _ files: [(name: String, source: String)], safeOnly: Bool) -> String {
        var current = files.map { ($0.name, Array($0.source.utf8)) }
        for _ in 0..<(safeOnly ? 10 : 1) {
            let diagnostics = lint(current.map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }).diagnostics.filter { $0.ruleID == rule }
            var applied = 0
            for i in current.indices {
                let mine = diagnostics.filter { $0.span.file == current[i].0 }
                let (bytes, count) = FixApplier.applyFixes(of: mine, to: current[i].1) { !safeOnly || $0.applicability == .safe }
                current[i].1 = bytes
                applied += count
            }
            if applied == 0 { break }
        }
        let sources = current.map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
        if sources.count == 1 && sources[0].0 == "Example.swift" { return sources[0].1 }
        return sources.map { "// file: \($0.0)\n" + $0.1 }.joined()
    }

    static func check(_ document: RuleDocument, rule: RuleDescriptor, minimumExamples: Int) -> [String] {
        var failures: [String] = []
        let id = rule.id
        if !document.text.hasPrefix("# \(id)\n") { failures.append("the document does not start with '# \(id)'") }
        failures += headerFailures(document.header, rule)
        let triggering = document.examples.filter(\.triggering).count
        let nonTriggering = document.examples.count - triggering
        if triggering < minimumExamples { failures.append("\(triggering) triggering examples, fewer than \(minimumExamples)") }
        if nonTriggering < minimumExamples { failures.append("\(nonTriggering) non-triggering examples, fewer than \(minimumExamples)") }

        for example in document.examples {
            let place = "rules/\(id).md:\(example.documentLine)"
            let files = example.files.map { ($0.name, $0.source) }
            let expected = example.files.flatMap(\.expected)
            let found = findings(id, files)
            if found.sorted(by: { $0.description < $1.description }) != expected.sorted(by: { $0.description < $1.description }) {
                failures.append("\(place): findings at \(found.map(\.description).sorted()), the ↓ markers say \(expected.map(\.description).sorted())")
            }
            if example.triggering && expected.isEmpty { failures.append("\(place): a triggering example marks its findings with ↓") }
            if !example.triggering && (example.output != nil || example.fixed != nil || example.suggested != nil) {
                failures.append("\(place): a non-triggering example has pinned blocks")
            }
            if let block = example.output, block.text != output(id, files) {
                failures.append("\(place): the text output block differs:\n\(output(id, files))")
            }
            if let block = example.fixed, block.text != fixedSource(id, files, safeOnly: true) {
                failures.append("\(place): the swift fixed block differs:\n\(fixedSource(id, files, safeOnly: true))")
            }
            if let block = example.suggested, block.text != fixedSource(id, files, safeOnly: false) {
                failures.append("\(place): the swift suggested block differs:\n\(fixedSource(id, files, safeOnly: false))")
            }

            // Commented out: no finding.
            let commented = files.map { name, source in
                (name, source.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n"))
            }
            if !findings(id, commented).isEmpty { failures.append("\(place): findings when commented out") }
            // Inside a string literal: no finding.
            let quoted = files.map { name, source in (name, "let text = #\"\"\"\n" + source + "\"\"\"#\n") }
            if !findings(id, quoted).isEmpty { failures.append("\(place): findings inside a string literal") }
            // A line of multi-byte characters in front: the same positions, one line down.
            let shifted = files.map { name, source in (name, "/* ÄÖÜ 中文 👩‍👩‍👧 ∑ */\n" + source) }
            if Set(findings(id, shifted)) != Set(expected.map { Position(file: $0.file, line: $0.line + 1, column: $0.column) }) {
                failures.append("\(place): other findings after a line of multi-byte characters")
            }
            // Its rule's disable comment in front: silent.
            if example.triggering {
                let disabled = files.map { name, source in (name, "// flowlint:disable \(id)\n" + source) }
                if !findings(id, disabled).isEmpty { failures.append("\(place): findings under flowlint:disable") }
            }
        }
        return failures
    }

    /// `**Severity:** warning · **Enabled by default:** yes · **Fix:** none|safe…|suggestion…`, as the
    /// descriptor says.
    static func headerFailures(_ header: String?, _ rule: RuleDescriptor) -> [String] {
        guard let header else { return ["no header line (**Severity:** …)"] }
        let fix: String
        switch rule.fix {
        case nil: fix = "none"
        case .safe?: fix = "safe"
        case .suggestion?: fix = "suggestion"
        }
        let expected = "**Severity:** \(rule.defaultSeverity.rawValue) · **Enabled by default:** \(rule.isOptIn ? "no" : "yes") · **Fix:** \(fix)"
        return header.hasPrefix(expected) ? [] : ["the header says '\(header)', the descriptor '\(expected)…'"]
    }

    /// The document with every pinned block regenerated, and a `text output` block after each triggering
    /// example that has none.
    static func blessed(_ document: RuleDocument, rule: RuleDescriptor) -> String {
        var lines = document.lines
        // From the end, so earlier line numbers stay valid.
        for example in document.examples.reversed() where example.triggering {
            let files = example.files.map { ($0.name, $0.source) }
            func replace(_ block: RuleDocument.Block, with text: String) {
                lines.replaceSubrange((block.open + 1)..<block.close, with: text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
            }
            for block in example.pinned.reversed() {
                switch block.info {
                case "text output": replace(block, with: output(rule.id, files))
                case "swift fixed": replace(block, with: fixedSource(rule.id, files, safeOnly: true))
                default: replace(block, with: fixedSource(rule.id, files, safeOnly: false))
                }
            }
            if example.output == nil {
                let text = output(rule.id, files)
                let outputLines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                lines.insert(contentsOf: ["", "```text output"] + outputLines + ["```"], at: example.block.close + 1)
            }
        }
        return lines.joined(separator: "\n")
    }
}

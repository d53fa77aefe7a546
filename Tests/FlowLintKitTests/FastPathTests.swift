import Foundation
import XCTest
@testable import FlowLintKit
import FlowLintSyntax

/// Skipping inert function bodies must not change a single fact or finding.
final class FastPathTests: XCTestCase {
    func assertSameFacts(_ files: [LintFile], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        for f in files {
            let fast = LintEngine.facts(for: f, settings: .defaults, skipsInertBodies: true)
            let full = LintEngine.facts(for: f, settings: .defaults, skipsInertBodies: false)
            XCTAssertEqual(fast, full, "\(label): \(f.path)", file: file, line: line)
        }
        let fast = LintEngine.lint(LintRequest(files: files, jobs: 1, skipsInertBodies: true)).diagnostics
        let full = LintEngine.lint(LintRequest(files: files, jobs: 1, skipsInertBodies: false)).diagnostics
        XCTAssertEqual(fast, full, label, file: file, line: line)
    }

    func testFixturesHaveTheSameFactsOnTheFastPath() throws {
        for fixture in try FixtureTests.fixtures() {
            assertSameFacts(try FixtureTests.sources(in: fixture), fixture.lastPathComponent)
        }
    }

    func testRuleExamplesHaveTheSameFactsOnTheFastPath() throws {
        for rule in RuleRegistry.descriptors {
            for example in try RuleDocumentTests.examples(rule: rule.id) {
                assertSameFacts(example.files.map { LintFile(path: $0.name, bytes: Array($0.source.utf8)) },
                                "rules/\(rule.id).md:\(example.documentLine)")
            }
        }
    }

    /// The fast path really skips: a file of inert functions yields fewer nodes.
    func testInertBodiesAreSkipped() {
        let source = "struct Store { func load() { let x = compute(1, 2); print(x) } var total: Int { items.reduce(0, +) } }"
        let file = FlowLintSyntax.SourceFile(path: "a.swift", text: source)
        let fast = FlowLintSyntax.Parser.parse(file, skipping: LintEngine.Plan(.defaults, skipsInertBodies: true).skipping)
        let full = FlowLintSyntax.Parser.parse(file, skipping: nil)
        XCTAssertLessThan(fast.nodes.count, full.nodes.count)
        XCTAssertEqual(fast.outline(), full.outline())
    }
}

extension FastPathTests {
    /// The parser notes which noted words a file mentions, in the scan it makes for skipping, past a file word too;
    /// `FileContext.mentions` answers from them as it would by scanning the tokens.
    func testNotedWordsAreTheWordsTheFileMentions() {
        let source = "struct V { @State var x = 0\n func f() { show.sheet(); let popover2 = 1 } }"
        let skipping = BodySkipping(fileWords: ["State"], notedWords: ["sheet", "State", "popover"])
        let file = FlowLintSyntax.SourceFile(path: "a.swift", text: source)
        let noted = FlowLintSyntax.Parser.parse(file, skipping: skipping)
        XCTAssertEqual(noted.notedWords?.tracked, ["sheet", "State", "popover"])
        XCTAssertEqual(noted.notedWords?.present, ["sheet", "State"])
        let scanned = FlowLintSyntax.Parser.parse(file, skipping: nil)
        XCTAssertNil(scanned.notedWords)
        // Noted words only: answered from the notes. A word the parser did not track: the tokens are scanned.
        let groups = [TokenWords(["popover"]), TokenWords(["sheet", "popover"]), TokenWords(["State"])]
        let fromNotes = FileContext(tree: noted, path: "a.swift").mentions(each: groups)
        XCTAssertEqual(fromNotes, [false, true, true])
        XCTAssertEqual(fromNotes, FileContext(tree: scanned, path: "a.swift").mentions(each: groups))
        XCTAssertEqual(FileContext(tree: noted, path: "a.swift").mentions(each: [TokenWords(["show"]), TokenWords(["popover"])]),
                       [true, false])
    }

    /// On the benchmark corpus (`Benchmarks/corpus.sh` builds it; skipped when absent): every file's facts
    /// and the whole run's findings are the same on both paths.
    func testCorpusHasTheSameFactsOnTheFastPath() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/corpus")
        guard let paths = FileManager.default.subpaths(atPath: corpus.path), !paths.isEmpty else {
            throw XCTSkip("no corpus at \(corpus.path); run Benchmarks/corpus.sh")
        }
        let files = paths.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path -> LintFile? in
            guard let data = FileManager.default.contents(atPath: corpus.path + "/" + path) else { return nil }
            return LintFile(path: path, bytes: Array(data))
        }
        var differing: [String] = []
        for f in files where LintEngine.facts(for: f, settings: .defaults, skipsInertBodies: true)
            != LintEngine.facts(for: f, settings: .defaults, skipsInertBodies: false) {
            differing.append(f.path)
        }
        XCTAssertEqual(differing, [], "\(differing.count) of \(files.count) corpus files")
        print("fast path: \(files.count) corpus files, \(differing.count) with different facts")
    }
}

import Foundation
import XCTest

final class DebugCommandTests: CLITestCase {
    func testDumpsForRuleAuthors() throws {
        try write("V.swift", "struct V: View {\n  @State var x = 0 // note\n}\n")
        let tokens = try flowlint(["debug", "tokens", "V.swift"])
        XCTAssertEqual(tokens.status, 0)
        XCTAssertTrue(tokens.stdout.hasPrefix("1:1 keyword \"struct\" [line-start]\n"), tokens.stdout)
        XCTAssertTrue(tokens.stdout.contains("2:4 identifier \"State\"\n"), tokens.stdout)
        XCTAssertTrue(tokens.stdout.hasSuffix("4:1 endOfFile \"\" [line-start]\n"), tokens.stdout)

        let ast = try flowlint(["debug", "ast", "V.swift"])
        XCTAssertEqual(ast.status, 0)
        XCTAssertTrue(ast.stdout.contains("  structDecl 1:1-3:2 name=\"V\"\n"), ast.stdout)
        XCTAssertTrue(ast.stdout.contains("      variableDecl 2:3-2:19 name=\"var\"\n        attribute 2:3-2:9 name=\"State\" \"@State\"\n"), ast.stdout)

        let outline = try flowlint(["debug", "outline", "V.swift"])
        XCTAssertEqual(outline.stdout, "1: struct V\n2: var x @State\n")
    }

    /// `--fast` shows the tree the rules see: bodies no enabled rule needs are skipped (an empty `codeBlock`),
    /// and a rule turned off in the configuration no longer keeps its bodies.
    func testFastASTIsTheTreeTheRulesSee() throws {
        let source = "struct Store {\n  func load() { print(1) }\n  func rows() { ForEach(items.indices) { _ in } }\n}\n"
        try write("Store.swift", source)
        let full = try flowlint(["debug", "ast", "Store.swift"])
        XCTAssertTrue(full.stdout.contains("callExpr 2:17-2:25"), full.stdout)
        let fast = try flowlint(["debug", "ast", "--fast", "Store.swift"])
        XCTAssertEqual(fast.status, 0)
        XCTAssertTrue(fast.stdout.hasPrefix("# keeps body words: Button ForEach List "), fast.stdout)
        XCTAssertFalse(fast.stdout.contains("callExpr 2:17-2:25"), "the inert body is skipped:\n\(fast.stdout)")
        XCTAssertTrue(fast.stdout.contains("callExpr 3:17-3:48"), "a ForEach body is kept:\n\(fast.stdout)")

        try write(".flowlint.yml", "disabled_rules: [foreach_index_id]\n")
        let withoutRule = try flowlint(["debug", "ast", "--fast", "Store.swift"])
        XCTAssertFalse(withoutRule.stdout.contains("ForEach List"), withoutRule.stdout)
        XCTAssertFalse(withoutRule.stdout.contains("callExpr 3:17-3:48"), withoutRule.stdout)
    }

    func testUnreadableFile() throws {
        let run = try flowlint(["debug", "ast", "missing.swift"])
        XCTAssertEqual(run.status, 3)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains("cannot read 'missing.swift'"), run.stderr)
    }
}

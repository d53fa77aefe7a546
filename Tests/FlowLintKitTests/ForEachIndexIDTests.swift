import XCTest
@testable import FlowLintKit

/// Cases beyond the rule document's examples.
final class ForEachIndexIDTests: XCTestCase {
    func findings(_ source: String) -> [Int] {
        LintEngine.lint(LintRequest(files: [LintFile(path: "V.swift", bytes: Array(source.utf8))], jobs: 1))
            .diagnostics.filter { $0.ruleID == "foreach_index_id" }.map(\.span.start.line)
    }

    /// Parameters are matched by the name the body uses (the second name), not by spelling inside others.
    func testParametersAreMatchedByTheirInternalName() {
        XCTAssertEqual(findings("""
            import SwiftUI
            struct V: View {
                let items = ["a", "b"]
                var body: some View { row(myitems: []) }
                func row(myitems: [String]) -> some View {
                    ForEach(0..<items.count, id: \\.self) { Text(items[$0]) }
                }
                func other(for people: [String]) -> some View {
                    ForEach(0..<people.count, id: \\.self) { Text(people[$0]) }
                }
            }
            """), [9])
    }
}

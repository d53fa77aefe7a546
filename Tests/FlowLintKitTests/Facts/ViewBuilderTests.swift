import XCTest
@testable import FlowLintKit
import FlowLintSyntax

/// Xcode 27's `@ContentBuilder` is read as `@ViewBuilder` is, wherever a member builds views by its attribute.
final class ViewBuilderTests: XCTestCase {
    func facts(_ source: String) -> FileFacts {
        LintEngine.facts(for: LintFile(path: "Example.swift", bytes: Array(source.utf8)))
    }

    func testBothBuildersMakeViewMembersAndContent() throws {
        for builder in ["ViewBuilder", "ContentBuilder", "SwiftUI.ContentBuilder"] {
            let facts = facts("""
                import SwiftUI
                struct Panel<Content: View>: View {
                    @\(builder) let content: () -> Content
                    var body: some View { content().environmentObject(Session()) }
                    @\(builder) func badge() -> Badge { Badge(count: 1) }
                    @\(builder) var toolbarItems: some ToolbarContent { ToolbarItem { AccountMenu() } }
                    func plain() -> Badge { Badge(count: 2) }
                }
                """)
            let panel = try XCTUnwrap(facts.types.first { $0.name == "Panel" })
            XCTAssertEqual(panel.viewMembers, ["badge", "content", "toolbarItems"], builder)
            let body = try XCTUnwrap(facts.renderers.first { if case .viewBody = $0.kind { return true } else { return false } })
            XCTAssertNotNil(body.contentProviders, "\(builder): the stored content is handed the body's providers")
            let member = facts.renderers.first { if case .member(_, _, "toolbarItems") = $0.kind { return true } else { return false } }
            XCTAssertEqual(member?.edges.map(\.target), [.view("ToolbarItem"), .view("AccountMenu")], builder)
        }
    }

    /// A member marked `@ContentBuilder` keeps its body when the parser skips inert ones: its declaration says so.
    func testTheParserKeepsContentBuilderBodies() {
        let skipping = LintEngine.bodySkipping(for: RuleSettings(enabled: []))
        XCTAssertTrue(skipping.declarationWords.contains("ContentBuilder"))
        let source = "struct Row: View {\n    @ContentBuilder func badge() -> Badge { Badge(count: 1) }\n}\n"
        let tree = Parser.parse(SourceFile(path: "Example.swift", bytes: Array(source.utf8)), skipping: skipping)
        XCTAssertTrue(tree.nodes.contains { $0.kind == .callExpr }, "the body of badge() was parsed")
    }
}

import XCTest
@testable import FlowLintKit

/// Suppression comments in every form users write them, and the messages for the ones that cannot work.
final class SuppressionTests: XCTestCase {
    /// (line, rule, message) of every finding when `body` is the members of a view.
    func findings(_ members: String) -> [(line: Int, rule: String, message: String)] {
        let source = "import SwiftUI\n\nstruct CounterView: View {\n" + members + "\n    var body: some View { Text(\"\") }\n}\n"
        let result = LintEngine.lint(LintRequest(files: [LintFile(path: "Example.swift", bytes: Array(source.utf8))], jobs: 1))
        // Line numbers relative to `members` (its first line is 1).
        return result.diagnostics.sorted(by: Diagnostic.outputOrder).map { ($0.span.start.line - 3, $0.ruleID, $0.message) }
    }

    func rules(_ members: String) -> [String] { findings(members).map { "\($0.line):\($0.rule)" } }

    func testEveryFormSuppressesItsLineAndNothingElse() {
        let suppressed: [(String, String)] = [
            ("line comment, next", "    // flowlint:disable:next non_private_state\n    @State var count = 0"),
            ("line comment, this", "    @State var count = 0 // flowlint:disable:this non_private_state"),
            ("line comment, previous", "    @State var count = 0\n    // flowlint:disable:previous non_private_state"),
            ("no space after //", "    //flowlint:disable:next non_private_state\n    @State var count = 0"),
            ("block, next", "    /* flowlint:disable:next non_private_state */\n    @State var count = 0"),
            ("block, this, end of line", "    @State var count = 0 /* flowlint:disable:this non_private_state */"),
            ("block, this, before the code", "    /* flowlint:disable:this non_private_state */ @State var count = 0"),
            ("block, previous", "    @State var count = 0\n    /* flowlint:disable:previous non_private_state */"),
            ("block without spaces", "    @State var count = 0 /*flowlint:disable:this non_private_state*/"),
            ("block region", "    /* flowlint:disable non_private_state */\n    @State var count = 0\n    /* flowlint:enable non_private_state */"),
            ("block, next, over lines: after the last line",
             "    /* flowlint:disable:next non_private_state\n       the parent sets it\n     */\n    @State var count = 0"),
            ("block, previous, over lines: before the first line",
             "    @State var count = 0\n    /* flowlint:disable:previous non_private_state\n       the parent sets it */"),
            ("block, this, over lines: its first line", "    @State var count = 0 /* flowlint:disable:this non_private_state\n       the parent sets it */"),
            ("block, this, over lines: its last line", "    /* flowlint:disable:this non_private_state\n       the parent sets it */ @State var count = 0"),
            ("flowlint: on the line after /*", "    /*\n     flowlint:disable:next non_private_state\n     */\n    @State var count = 0"),
            ("a reason", "    // flowlint:disable:next non_private_state - the parent sets it\n    @State var count = 0"),
            ("all", "    @State var count = 0 /* flowlint:disable:this all */"),
        ]
        for (name, members) in suppressed {
            XCTAssertEqual(rules(members), [], name)
        }
        // Ids separated by commas are judged one by one: the one that suppresses nothing is reported.
        XCTAssertEqual(findings("    // flowlint:disable:next observed_object_inline,non_private_state\n    @State var count = 0").map(\.message),
                       ["'flowlint:disable:next observed_object_inline' suppresses nothing; remove it"])
    }

    func testDirectivesReachOnlyTheirLines() {
        // `:next` of a two-line block comment is the line after its end, not its second line + 1 of the start.
        XCTAssertEqual(rules("    /* flowlint:disable:next non_private_state\n       reason */\n    @State var a = 0\n    @State var b = 0"),
                       ["4:non_private_state"])
        XCTAssertEqual(rules("    @State var a = 0\n    @State var b = 0\n    // flowlint:disable:previous non_private_state"),
                       ["1:non_private_state"])
        XCTAssertEqual(rules("    @State var a = 0\n    @State var b = 0\n    /* x */ // flowlint:disable:previous non_private_state"),
                       ["1:non_private_state"])
        // A region ends at its enable, also written as a block comment.
        XCTAssertEqual(rules("    // flowlint:disable non_private_state\n    @State var a = 0\n    /* flowlint:enable non_private_state */\n    @State var b = 0"),
                       ["4:non_private_state"])
        // A block comment before the code on its line starts the region there; code before it is not in it.
        XCTAssertEqual(rules("    @State var a = 0; /* flowlint:disable non_private_state */ @State var b = 0"), ["1:non_private_state"])
        // Nothing before the first line: a `:previous` on line 1 suppresses nothing.
        let source = "// flowlint:disable:previous non_private_state\nimport SwiftUI\n"
        let result = LintEngine.lint(LintRequest(files: [LintFile(path: "A.swift", bytes: Array(source.utf8))], jobs: 1))
        XCTAssertEqual(result.diagnostics.map(\.ruleID), ["superfluous_disable"])
        XCTAssertEqual(result.diagnostics.first?.message, "'flowlint:disable:previous non_private_state' suppresses nothing; remove it")
    }

    func testSuperfluousFormsAreReportedAtTheComment() {
        XCTAssertEqual(findings("    @State private var count = 0\n    /* flowlint:disable:previous non_private_state */").map { "\($0.line):\($0.message)" },
                       ["2:'flowlint:disable:previous non_private_state' suppresses nothing; remove it"])
        let block = LintEngine.lint(LintRequest(files: [LintFile(path: "A.swift", bytes: Array("let a = 1 /* flowlint:disable:this non_private_state */\n".utf8))], jobs: 1))
        XCTAssertEqual(block.diagnostics.map { "\($0.span.start.line):\($0.span.start.column):\($0.ruleID)" }, ["1:11:superfluous_disable"])
    }

    func testNearMissesNameWhatWasMeant() {
        let cases: [(String, String)] = [
            ("// flowlint:disable:next non-private-state",
             "'non-private-state' is not a FlowLint rule (did you mean 'non_private_state'?); this comment suppresses nothing for it"),
            ("// flowlint:disable:next NonPrivateState",
             "'NonPrivateState' is not a FlowLint rule (did you mean 'non_private_state'?); this comment suppresses nothing for it"),
            ("/* flowlint:disable:next nonPrivateState */",
             "'nonPrivateState' is not a FlowLint rule (did you mean 'non_private_state'?); this comment suppresses nothing for it"),
            ("// flowlint:disable:next NON_PRIVATE_STATE",
             "'NON_PRIVATE_STATE' is not a FlowLint rule (did you mean 'non_private_state'?); this comment suppresses nothing for it"),
            ("// flowlint:disable:next non_private_states",
             "'non_private_states' is not a FlowLint rule (did you mean 'non_private_state'?); this comment suppresses nothing for it"),
            ("// flowlint:disable:next nonn_privte_state",
             "'nonn_privte_state' is not a FlowLint rule (did you mean 'non_private_state'?); this comment suppresses nothing for it"),
            ("// flowlint:disable:next ForEachIndexID",
             "'ForEachIndexID' is not a FlowLint rule (did you mean 'foreach_index_id'?); this comment suppresses nothing for it"),
            ("// flowlint:disable:next foreach_index",
             "'foreach_index' is not a FlowLint rule (did you mean 'foreach_index_id'?); this comment suppresses nothing for it"),
            ("// flowlint:disable:next ALL",
             "'ALL' is not a FlowLint rule (did you mean 'all'?); this comment suppresses nothing for it"),
            ("// flowlint:disable:next force_unwrapping",
             "'force_unwrapping' is not a FlowLint rule; this comment suppresses nothing for it"),
            ("// flowlint:disable next non_private_state",
             "'next' is not a FlowLint rule (did you mean 'flowlint:disable:next'?); this comment suppresses nothing for it"),
            ("// flowlint:disabel non_private_state",
             "'flowlint:disabel' is not a FlowLint command (did you mean 'flowlint:disable'?); this comment does nothing"),
            ("// flowlint:disable-next non_private_state",
             "'flowlint:disable-next' is not a FlowLint command (did you mean 'flowlint:disable:next'?); this comment does nothing"),
            ("// flowlint:disable_next non_private_state",
             "'flowlint:disable_next' is not a FlowLint command (did you mean 'flowlint:disable:next'?); this comment does nothing"),
            ("// flowlint:disableNext non_private_state",
             "'flowlint:disableNext' is not a FlowLint command (did you mean 'flowlint:disable:next'?); this comment does nothing"),
            ("// flowlint:disable-next-line non_private_state",
             "'flowlint:disable-next-line' is not a FlowLint command (did you mean 'flowlint:disable:next'?); this comment does nothing"),
            ("// flowlint:disable-line non_private_state",
             "'flowlint:disable-line' is not a FlowLint command (did you mean 'flowlint:disable:this'?); this comment does nothing"),
            ("// flowlint:disable:prev non_private_state",
             "'flowlint:disable:prev' is not a FlowLint command (did you mean 'flowlint:disable:previous'?); this comment does nothing"),
            ("/* flowlint:Disable non_private_state */",
             "'flowlint:Disable' is not a FlowLint command (did you mean 'flowlint:disable'?); this comment does nothing"),
            ("// flowlint:ignore non_private_state",
             "'flowlint:ignore' is not a FlowLint command (use disable, enable, disable:next, disable:this or disable:previous); this comment does nothing"),
            ("// flowlint: disable non_private_state",
             "'flowlint:' must be followed directly by a command (did you mean 'flowlint:disable'?); this comment does nothing"),
            ("// flowlint:",
             "'flowlint:' must be followed directly by a command (disable, enable, disable:next, disable:this or disable:previous); this comment does nothing"),
            ("// flowlint:disable:next - the parent sets it",
             "'flowlint:disable:next' names no rule (give rule ids or 'all'); this comment does nothing"),
            ("/// flowlint:disable:next non_private_state",
             "'///' starts a doc comment, not a suppression comment (write '// flowlint:...'); this comment does nothing"),
            ("/** flowlint:disable:next non_private_state */",
             "'/**' starts a doc comment, not a suppression comment (write '/* flowlint:... */'); this comment does nothing"),
        ]
        for (comment, message) in cases {
            let found = findings("    \(comment)\n    @State private var count = 0").filter { $0.rule == "unknown_rule_in_suppression" }
            XCTAssertEqual(found.map(\.message), [message], comment)
            XCTAssertEqual(found.map(\.line), [1], comment)
        }
    }

    func testCommentsThatCannotWorkSuppressNothing() {
        for comment in ["// flowlint:disable-next non_private_state", "/// flowlint:disable:next non_private_state",
                        "/** flowlint:disable:next non_private_state */", "// flowlint: disable:next non_private_state",
                        "// flowlint:disable:next - reason"] {
            XCTAssertEqual(rules("    \(comment)\n    @State var count = 0"), ["1:unknown_rule_in_suppression", "2:non_private_state"], comment)
        }
        // Other ids of the same comment still apply.
        XCTAssertEqual(rules("    // flowlint:disable:next nonPrivateState, non_private_state\n    @State var count = 0"),
                       ["1:unknown_rule_in_suppression"])
    }

    func testWhatIsNotADirective() {
        for comment in ["// // flowlint:disable:next non_private_state", "//// flowlint:disabel", "// see flowlint: rules",
                        "/* Checked by flowlint: see the rules */", "/* * flowlint:disabel */", "// FlowLint:disable:next x"] {
            XCTAssertEqual(rules("    \(comment)\n    @State private var count = 0"), [], comment)
        }
    }

    func testUnusableCommentsCanBeSilencedAndRespectSettings() {
        XCTAssertEqual(rules("    // flowlint:disable unknown_rule_in_suppression\n    // flowlint:disabel x\n    /// flowlint:disable:next y"), [])
        var settings = RuleSettings.defaults
        settings.enabled.remove("unknown_rule_in_suppression")
        let source = "// flowlint:disabel x\n/// flowlint:disable:next y\nlet a = 1\n"
        let result = LintEngine.lint(LintRequest(files: [LintFile(path: "A.swift", bytes: Array(source.utf8))], settings: settings, jobs: 1))
        XCTAssertEqual(result.diagnostics.map(\.ruleID), [])
    }

    /// The facts cache stores directives by kind: every kind, unusable ones with their message, comes back.
    func testEveryKindSurvivesTheFactsCache() throws {
        let source = """
            // flowlint:disable a
            // flowlint:enable a
            // flowlint:disable:next a
            // flowlint:disable:this a
            /* flowlint:disable:previous a, b */
            // flowlint:disabel a
            /// flowlint:disable:next a
            let x = 1

            """
        let facts = LintEngine.facts(for: LintFile(path: "A.swift", bytes: Array(source.utf8)), settings: .defaults, skipsInertBodies: true)
        XCTAssertEqual(facts.directives.count, 7)
        XCTAssertEqual(facts.directives.map(\.kind.rawValue).prefix(5), ["disable", "enable", "disable:next", "disable:this", "disable:previous"])
        let encoded = FactsCodec.encode(facts)
        let decoded = try encoded.withUnsafeBytes { try FactsCodec.decode($0, path: "A.swift") }
        XCTAssertEqual(decoded.directives, facts.directives)
        for kind in SuppressionDirective.Kind.commands + [.unusable("x")] {
            XCTAssertEqual(SuppressionDirective.Kind(rawValue: kind.rawValue), kind)
        }
        XCTAssertNil(SuppressionDirective.Kind(rawValue: "disable:nope"))
    }

    /// The marker search scans for the needle's rare byte: a needle at either end, one cut off by either end, and
    /// key bytes too close to the start to belong to a match.
    func testMarkerSearchFindsTheNeedleWhereverItsKeyByteIs() {
        let needle = Array("flowlint:".utf8), key = Suppression.prefixRareByte
        func found(_ text: String) -> Bool { Suppression.contains(Array(text.utf8), needle, scanningFor: key) }
        XCTAssertTrue(found("flowlint:"))
        XCTAssertTrue(found("// flowlint:disable"))
        XCTAssertTrue(found("wwww flowlint:"))
        XCTAssertTrue(found("flowlint:wwww"))
        XCTAssertTrue(found("flowflowlint:"))
        XCTAssertFalse(found("w flowlint"))
        XCTAssertFalse(found("lowlint: flowlint"))
        XCTAssertFalse(found("flowlin"))
        XCTAssertFalse(found(""))
        for key in needle.indices {
            XCTAssertEqual(Suppression.contains(Array("ab flowlint: cd".utf8), needle, scanningFor: key), true, "key \(key)")
            XCTAssertEqual(Suppression.contains(Array("ab flowlint; cd".utf8), needle, scanningFor: key), false, "key \(key)")
        }
    }
}

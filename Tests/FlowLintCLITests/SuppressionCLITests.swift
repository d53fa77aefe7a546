import Foundation
import XCTest

/// Every suppression form, through the binary: what it suppresses, and what is reported about comments that
/// cannot work.
final class SuppressionCLITests: CLITestCase {
    func testEverySuppressionForm() throws {
        try write("Forms.swift", """
            import SwiftUI

            final class Store: ObservableObject { @Published var count = 0 }

            struct FormsView: View {
                // flowlint:disable:next non_private_state
                @State var a = 0
                @State var b = 0 // flowlint:disable:this non_private_state
                @State var c = 0
                // flowlint:disable:previous non_private_state
                /* flowlint:disable:next non_private_state */
                @State var d = 0
                @State var e = 0 /* flowlint:disable:this non_private_state */
                @State var f = 0
                /* flowlint:disable:previous non_private_state */
                /* flowlint:disable:next non_private_state
                   the parent sets it */
                @State var g = 0
                /* flowlint:disable non_private_state */
                @State var h = 0
                /* flowlint:enable non_private_state */
                // flowlint:disable non_private_state - a region
                @State var i = 0
                // flowlint:enable non_private_state
                @State var reported = 0
                /// flowlint:disable:next non_private_state
                @State var documented = 0
                // flowlint:disable:next non-private-state
                @State var misspelled = 0
                @ObservedObject var store = Store() // flowlint:disable-line observed_object_inline
                var body: some View { Button("\\(store.count)") { store.count += 1 } }
            }

            """)
        let run = try flowlint(["lint", "--reporter", "json", "--no-cache", "Forms.swift"])
        let found = diagnostics(run).map { "\($0["line"] as? Int ?? 0):\($0["rule"] as? String ?? "")" }
        XCTAssertEqual(found, ["25:non_private_state", "26:unknown_rule_in_suppression", "27:non_private_state",
                               "28:unknown_rule_in_suppression", "29:non_private_state", "30:observed_object_inline",
                               "30:unknown_rule_in_suppression"], run.stdout)
        let text = try flowlint(["lint", "--no-cache", "Forms.swift"])
        XCTAssertTrue(text.stdout.contains("Forms.swift:28:5: warning: 'non-private-state' is not a FlowLint rule (did you mean 'non_private_state'?); this comment suppresses nothing for it (unknown_rule_in_suppression)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Forms.swift:30:41: warning: 'flowlint:disable-line' is not a FlowLint command (did you mean 'flowlint:disable:this'?); this comment does nothing (unknown_rule_in_suppression)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Forms.swift:26:5: warning: '///' starts a doc comment, not a suppression comment (write '// flowlint:...'); this comment does nothing (unknown_rule_in_suppression)"), text.stdout)
    }
}

import FlowLintSyntax
import XCTest
@testable import FlowLintKit

final class BaselineTests: XCTestCase {
    func finding(_ file: String, line: Int, rule: String = "observed_object_inline", message: String = "m") -> Diagnostic {
        Diagnostic(ruleID: rule, severity: .warning, message: message,
                   span: SourceSpan(file: file, startOffset: 0, endOffset: 0,
                                    start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 2)))
    }

    func testSurvivesLineShiftsAndReportsOnlyNewFindings() throws {
        let before = Array("struct A {\n  @ObservedObject var s = S()\n}\n".utf8)
        let baseline = Baseline(diagnostics: [finding("A.swift", line: 2)], sources: ["A.swift": before], directory: Paths.currentDirectory)
        XCTAssertEqual(baseline.entries, [Baseline.Entry(rule: "observed_object_inline", file: "A.swift",
                                                         lineText: "@ObservedObject var s = S()", message: "m")])
        // Three lines added above, and a new finding elsewhere.
        let after = Array("// one\n// two\n\nstruct A {\n    @ObservedObject var s = S()\n  @ObservedObject var t = T()\n}\n".utf8)
        let (remaining, suppressed) = baseline.filter([finding("A.swift", line: 5), finding("A.swift", line: 6)],
                                                       sources: ["A.swift": after])
        XCTAssertEqual(suppressed, 1)
        XCTAssertEqual(remaining.map(\.span.start.line), [6])
    }

    func testMultisetMatching() throws {
        let source = Array("x\nx\nx\n".utf8)
        let baseline = Baseline(diagnostics: [finding("A.swift", line: 1), finding("A.swift", line: 2)], sources: ["A.swift": source],
                                directory: Paths.currentDirectory)
        let (remaining, suppressed) = baseline.filter((1...3).map { finding("A.swift", line: $0) }, sources: ["A.swift": source])
        XCTAssertEqual(suppressed, 2)
        XCTAssertEqual(remaining.count, 1)
    }

    func testRoundTripIsSortedAndStable() throws {
        let source = Array("b\na\n".utf8)
        let baseline = Baseline(diagnostics: [finding("B.swift", line: 1), finding("A.swift", line: 2, message: "é \"q\"\n")],
                                sources: ["A.swift": source, "B.swift": source], directory: Paths.currentDirectory)
        let text = baseline.rendered()
        XCTAssertEqual(text, """
            {
              "version": 2,
              "findings": [
                {
                  "rule": "observed_object_inline",
                  "file": "A.swift",
                  "lineText": "a",
                  "message": "é \\"q\\"\\n"
                },
                {
                  "rule": "observed_object_inline",
                  "file": "B.swift",
                  "lineText": "b",
                  "message": "m"
                }
              ]
            }

            """)
        XCTAssertEqual(try Baseline.parse(Data(text.utf8), path: "b.json", directory: Paths.standardize(Paths.currentDirectory)), baseline)
    }

    func testInvalidBaselineIsAnError() {
        XCTAssertThrowsError(try Baseline.parse(Data("{".utf8), path: "b.json", directory: "/"))
        XCTAssertThrowsError(try Baseline.parse(Data("{\"version\": 3, \"findings\": []}".utf8), path: "b.json", directory: "/"))
        XCTAssertThrowsError(try Baseline.parse(Data("{\"version\": 0, \"findings\": []}".utf8), path: "b.json", directory: "/"))
        let badPlace = #"{"version": 2, "findings": [{"rule": "r", "file": "f", "lineText": "t", "message": "m", "place": {"file": 1}}]}"#
        XCTAssertThrowsError(try Baseline.parse(Data(badPlace.utf8), path: "b.json", directory: "/"))
        XCTAssertThrowsError(try Baseline.parse(Data("{\"version\": 1, \"findings\": [{\"rule\": 1}]}".utf8), path: "b.json", directory: "/"))
    }

    // MARK: Findings with places (a root, and the readers a partial run shows it at)

    func span(_ file: String, line: Int) -> SourceSpan {
        SourceSpan(file: file, startOffset: 0, endOffset: 0, start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 2))
    }

    /// A root in App.swift whose chain message names `chain`, read at the given places (file, line, message).
    func rootFinding(line: Int = 2, chain: String, places: [(String, Int, String)]) -> Diagnostic {
        Diagnostic(ruleID: "missing_environment_object", severity: .error, message: "'Content' is shown here without a 'Store' (\(chain))",
                   span: span("App.swift", line: line),
                   suppressibleAt: places.map { RelatedPlace(span: span($0.0, line: $0.1), message: $0.2) })
    }

    static let sources: [String: [UInt8]] = [
        "App.swift": Array("@main struct A: App {\n  WindowGroup { Content() }\n}\n".utf8),
        "Badge.swift": Array("struct Badge: View {\n  @EnvironmentObject var store: Store\n}\n".utf8),
        "Other.swift": Array("struct Other: View {\n\n  @EnvironmentObject var session: Session\n}\n".utf8),
    ]
    static let badgeReads = "'Badge' reads a 'Store' here, and the app shows 'Content' (App.swift) without one: it crashes when shown"
    static let otherReads = "'Other' reads a 'Session' here, and the app shows 'Content' (App.swift) without one: it crashes when shown"

    func testAFindingWithPlacesIsRecordedPerPlaceAndHiddenWhenTheChainBetweenChanges() throws {
        let written = Baseline(diagnostics: [rootFinding(chain: "Content -> Badge needs Store", places: [("Badge.swift", 2, Self.badgeReads)])],
                               sources: Self.sources, directory: Paths.currentDirectory)
        XCTAssertEqual(written.entries, [Baseline.Entry(rule: "missing_environment_object", file: "App.swift", lineText: "WindowGroup { Content() }",
                                                        message: Self.badgeReads,
                                                        place: .init(file: "Badge.swift", lineText: "@EnvironmentObject var store: Store"))])
        XCTAssertEqual(try Baseline.parse(Data(written.rendered().utf8), path: "b.json", directory: Paths.standardize(Paths.currentDirectory)), written)
        // A view inserted between root and reader rewords the root's message: the problem is the same.
        let later = rootFinding(chain: "Content -> Panel -> Badge needs Store", places: [("Badge.swift", 2, Self.badgeReads)])
        let filtered = written.filter([later]) { Self.sources[$0] }
        XCTAssertEqual(filtered.remaining, [])
        XCTAssertEqual(filtered.hidden, 1)
        // A run of the reader's file alone: what it would show there is hidden too.
        let partial = written.filter([later], reportedPaths: ["Badge.swift"]) { Self.sources[$0] }
        XCTAssertEqual(partial.remaining, [])
        XCTAssertEqual(partial.hidden, 1)
    }

    func testOnlyTheNewPlacesOfAFindingRemain() throws {
        let written = Baseline(diagnostics: [rootFinding(chain: "c", places: [("Badge.swift", 2, Self.badgeReads)])],
                               sources: Self.sources, directory: Paths.currentDirectory)
        // The root now misses a second object, read in Other.swift.
        let later = rootFinding(chain: "c2", places: [("Badge.swift", 2, Self.badgeReads), ("Other.swift", 3, Self.otherReads)])
        let full = written.filter([later]) { Self.sources[$0] }
        XCTAssertEqual(full.remaining.map(\.suppressibleAt.count), [1])
        XCTAssertEqual(full.remaining.first?.suppressibleAt.first?.span.file, "Other.swift")
        XCTAssertEqual(full.hidden, 0)  // the root's finding is still reported
        // Badge.swift alone shows nothing, Other.swift alone the new problem, App.swift alone the root.
        let badge = written.filter([later], reportedPaths: ["Badge.swift"]) { Self.sources[$0] }
        XCTAssertEqual(LintEngine.restrict(badge.remaining, to: ["Badge.swift"]), [])
        XCTAssertEqual(badge.hidden, 1)
        let other = written.filter([later], reportedPaths: ["Other.swift"]) { Self.sources[$0] }
        XCTAssertEqual(LintEngine.restrict(other.remaining, to: ["Other.swift"]).map(\.message), [Self.otherReads])
        XCTAssertEqual(other.hidden, 0)
        let app = written.filter([later], reportedPaths: ["App.swift"]) { Self.sources[$0] }
        XCTAssertEqual(LintEngine.restrict(app.remaining, to: ["App.swift"]).map(\.span.file), ["App.swift"])
        // A finding no reported file can show is not looked at (its files are not read).
        let elsewhere = written.filter([later], reportedPaths: ["Unrelated.swift"]) { path in
            XCTFail("read \(path)")
            return nil
        }
        XCTAssertEqual(elsewhere.remaining, [later])
        XCTAssertEqual(elsewhere.hidden, 0)
    }

    /// A version 1 baseline recorded a root finding as a whole (its message and line): it still hides it, in
    /// runs of the root's file and of the reader's.
    func testAVersionOneEntryHidesTheFindingAsAWhole() throws {
        let finding = rootFinding(chain: "c", places: [("Badge.swift", 2, Self.badgeReads)])
        let v1 = """
            {"version": 1, "findings": [{"rule": "missing_environment_object", "file": "App.swift", "lineText": "WindowGroup { Content() }",
             "message": "\(finding.message)"}]}
            """
        let baseline = try Baseline.parse(Data(v1.utf8), path: "b.json", directory: Paths.standardize(Paths.currentDirectory))
        for reported in [nil, ["App.swift"], ["Badge.swift"]] as [Set<String>?] {
            let filtered = baseline.filter([finding], reportedPaths: reported) { Self.sources[$0] }
            XCTAssertEqual(filtered.remaining, [], "\(String(describing: reported))")
            XCTAssertEqual(filtered.hidden, 1)
        }
        XCTAssertTrue(baseline.concerns(anyOf: ["App.swift"]))
        XCTAssertFalse(baseline.concerns(anyOf: ["Badge.swift"]))
    }
}

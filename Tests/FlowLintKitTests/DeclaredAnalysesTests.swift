import Foundation
import XCTest
@testable import FlowLintKit

/// Rules declare the project analyses they read (`Rule.analyses`, go/analysis's `Requires`): what a rule asks the
/// index for, it declares; what it declares, it reads; and tools see the declarations.
final class DeclaredAnalysesTests: XCTestCase {
    /// A rule's file asks for `project[X.self]` only with `X` among its declared analyses, and declares only what it
    /// reads (a stale declaration would make every edit recompute an analysis nobody needs).
    func testEveryRuleDeclaresExactlyTheAnalysesItReads() throws {
        let read = try NSRegularExpression(pattern: "project\\[([A-Z][A-Za-z0-9]*)\\.self\\]")
        let declared = try NSRegularExpression(pattern: "static var analyses: \\[any ProjectAnalysis\\.Type\\] \\{ \\[([^\\]]*)\\] \\}")
        var checked = 0
        for (path, text) in try ObservationVocabularyTests.sources() where path.hasPrefix("FlowLintKit/Rules/") && path.hasSuffix("Rule.swift") && path != "FlowLintKit/Rules/Rule.swift" {
            let range = NSRange(text.startIndex..., in: text)
            let reads = Set(read.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
            let declarations = declared.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
            let names = Set(declarations.flatMap { $0.split(separator: ",") }.map {
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".self", with: "")
            })
            XCTAssertEqual(reads, names, "\(path): the analyses it reads and those it declares")
            if !reads.isEmpty { checked += 1 }
        }
        XCTAssertEqual(checked, 11, "the environment and model-container rules and their preview rules read EnvironmentAnalysis, "
                       + "observable_created_in_view reads ClassNames and ObservableObjectsPublishingNothing, "
                       + "observed_object_inline reads ViewsShownOnlyOutsideSwiftUI, ViewsShownOnlyInPreviews and ViewConstructionArguments, "
                       + "foreach_index_id reads ViewsShownOnlyInPreviews and ViewConstructionArguments, published_without_observable_object "
                       + "and published_from_background and will_change_in_did_set read ProjectViewReads, non_private_state reads "
                       + "ViewConstructionArguments")
    }

    /// What the engine knows of each rule's analyses: its declarations and what they require, requirements first.
    func testTheRegistryListsEachRulesAnalysesWithTheirRequirements() {
        XCTAssertEqual(RuleRegistry.analyses(of: "missing_environment_object"),
                       ["ViewDeclarations", "ViewNames", "TypeAliases", "ObservedTypes", "PersistedFlagFlips", "EnvironmentAnalysis"])
        XCTAssertEqual(RuleRegistry.analyses(of: "non_private_state"), ["ViewConstructionArguments"])
        XCTAssertEqual(RuleRegistry.analyses(of: "state_mutation_in_body"), [])
        let closure = AnalysisRegistry.closure(of: [EnvironmentAnalysis.self, ViewNames.self]).map(AnalysisRegistry.name(of:))
        XCTAssertEqual(closure, ["ViewDeclarations", "ViewNames", "TypeAliases", "ObservedTypes", "PersistedFlagFlips", "EnvironmentAnalysis"],
                       "each once, requirements first")
    }

    /// A suppression comment or a rule's per-file output is not read by the environment walk: an edit that changes
    /// only those keeps the analysis; a changed provider does not.
    func testAnEditOfOnlyACommentKeepsTheEnvironmentAnalysis() {
        let source = """
            final class Settings: ObservableObject {}
            struct Home: View { @EnvironmentObject var settings: Settings; var body: some View { Text(String(describing: settings)) } }
            @main struct App1: App { var body: some Scene { WindowGroup { Home() } } }
            """
        func facts(_ text: String) -> FileFacts { LintEngine.facts(for: LintFile(path: "A.swift", bytes: Array(text.utf8))) }
        let before = facts(source)
        var commented = before
        commented.directives = facts("// flowlint:disable:next missing_environment_object\n" + source).directives
        commented.ruleOutputs = []
        XCTAssertNotEqual(commented, before)
        XCTAssertFalse(EnvironmentAnalysis.isAffected(from: before, to: commented))
        let provided = facts(source.replacingOccurrences(of: "WindowGroup { Home() }", with: "WindowGroup { Home().environmentObject(Settings()) }"))
        XCTAssertTrue(EnvironmentAnalysis.isAffected(from: before, to: provided))
    }
}

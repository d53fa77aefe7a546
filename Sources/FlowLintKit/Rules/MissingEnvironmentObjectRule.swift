import FlowLintSyntax

/// The rule `missing_environment_object`: see `rules/missing_environment_object.md`. Previews are
/// `missing_environment_object_in_preview`'s; both read the same `EnvironmentGraph`.
enum MissingEnvironmentObjectRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "missing_environment_object",
        name: "Missing Environment Object",
        summary: "a view reads an environment object that no ancestor provides",
        rationale: """
            `@EnvironmentObject var x: T` and Observation's `@Environment(T.self) var x` read an object that \
            an ancestor must provide with `.environmentObject(_:)` or `.environment(_:)`. When no ancestor \
            does, SwiftUI stops the app with a fatal error the first time the view is rendered.
            """,
        defaultSeverity: .error
    )

    static var analyses: [any ProjectAnalysis.Type] { [EnvironmentAnalysis.self] }

    /// Works on the project's shared facts only (renderers, providers, properties): no per-file check. The graph
    /// is walked from every root, previews too (a reader some root reaches is reported there, by this rule or the
    /// preview rule), once for both rules (`EnvironmentAnalysis`).
    static func check(project: ProjectContext<Unconditional, NoRecord>, report: inout ProjectReport) {
        let analysis = project[EnvironmentAnalysis.self]
        // 1. An App scene that shows views reading objects nothing above them provides.
        for finding in analysis.rootFindings where finding.rootKind == .app {
            report.report(at: finding.span, EnvironmentGraph.rootMessage(finding), notes: EnvironmentGraph.rootNotes(finding),
                          suppressibleAt: EnvironmentGraph.readerPlaces(finding))
        }
        // 2. A reader no root reaches (a library's view, one hosted by UIKit) of a type nothing provides.
        for reader in analysis.unreachedReaders { report.report(at: reader.span, reader.message) }
    }
}

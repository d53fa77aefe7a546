import FlowLintSyntax

/// The rule `missing_environment_object_in_preview`: see `rules/missing_environment_object_in_preview.md`.
/// `missing_environment_object` without the App: the roots are `PreviewProvider.previews` and `#Preview`, where
/// a missing object crashes the canvas, not the shipped app, so a team can tune the two apart.
enum MissingEnvironmentObjectInPreviewRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "missing_environment_object_in_preview",
        name: "Missing Environment Object In Preview",
        summary: "a preview shows a view that reads an environment object the preview does not provide",
        rationale: """
            `@EnvironmentObject var x: T` and Observation's `@Environment(T.self) var x` read an object that \
            an ancestor must provide with `.environmentObject(_:)` or `.environment(_:)`. A preview is a root \
            of its own: when it does not provide the object, the preview stops with a fatal error instead of \
            rendering.
            """,
        defaultSeverity: .warning,
        isOptIn: true
    )

    static var analyses: [any ProjectAnalysis.Type] { [EnvironmentAnalysis.self] }

    /// Works on the project's shared facts only: the analysis `missing_environment_object` shares, its previews.
    static func check(project: ProjectContext<Unconditional, NoRecord>, report: inout ProjectReport) {
        for var finding in project[EnvironmentAnalysis.self].rootFindings where finding.rootKind != .app {
            // A read only in a `catch` clause waits for a failing call, which a preview's sample data seldom makes.
            finding.missing.removeAll { $0.steps.last?.tap?.onFailure == true }
            if finding.missing.isEmpty { continue }
            report.report(at: finding.span, EnvironmentGraph.rootMessage(finding), notes: EnvironmentGraph.rootNotes(finding),
                          suppressibleAt: EnvironmentGraph.readerPlaces(finding))
        }
    }
}

import FlowLintSyntax

/// The rule `missing_model_container_in_preview`: see `rules/missing_model_container_in_preview.md`.
/// `missing_model_container` for the roots `PreviewProvider.previews` and `#Preview`, where a missing container
/// breaks the canvas, not the shipped app, so a team can tune the two apart (as the environment object pair).
enum MissingModelContainerInPreviewRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "missing_model_container_in_preview",
        name: "Missing Model Container In Preview",
        summary: "a preview shows a view that uses @Query or the model context without attaching a model container",
        rationale: """
            `@Query` and `@Environment(\\.modelContext)` use the model context that `.modelContainer(...)` puts \
            in the environment. A preview is a root of its own: what the app's scene attaches does not reach \
            it, and without a container of its own the preview fails.
            """,
        defaultSeverity: .warning,
        isOptIn: true
    )

    static var analyses: [any ProjectAnalysis.Type] { [EnvironmentAnalysis.self] }

    static func check(project: ProjectContext<Unconditional, NoRecord>, report: inout ProjectReport) {
        for finding in project[EnvironmentAnalysis.self].modelContainerFindings where finding.rootKind != .app {
            guard let reader = EnvironmentGraph.modelContainerReader(finding, index: project.index) else { continue }
            report.report(at: finding.span, EnvironmentGraph.modelContainerMessage(finding, reader: reader),
                          notes: EnvironmentGraph.modelContainerNotes(finding, reader: reader),
                          suppressibleAt: [EnvironmentGraph.modelContainerReaderPlace(finding, reader: reader)])
        }
    }
}

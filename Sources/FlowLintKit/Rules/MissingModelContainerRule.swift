import FlowLintSyntax

/// The rule `missing_model_container`: see `rules/missing_model_container.md`. The environment analysis of
/// `missing_environment_object` tracks SwiftData's model container as one more type: read by `@Query` and
/// `@Environment(\.modelContext)`, provided by `.modelContainer(...)`, `.modelContext(_:)` and
/// `.environment(\.modelContext, _)`. Previews are `missing_model_container_in_preview`'s.
enum MissingModelContainerRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "missing_model_container",
        name: "Missing Model Container",
        summary: "an app scene shows a view that uses @Query or the model context with no model container above it",
        rationale: """
            `@Query` and `@Environment(\\.modelContext)` use the model context that `.modelContainer(...)` puts \
            in the environment of a scene or a view. Without one above the view, SwiftData has no store: the \
            query fetches nothing ("Set a .modelContext in view's environment to use Query") and inserting \
            through the context fails at run time.
            """,
        defaultSeverity: .error
    )

    static var analyses: [any ProjectAnalysis.Type] { [EnvironmentAnalysis.self] }

    static func check(project: ProjectContext<Unconditional, NoRecord>, report: inout ProjectReport) {
        for finding in project[EnvironmentAnalysis.self].modelContainerFindings where finding.rootKind == .app {
            guard let reader = EnvironmentGraph.modelContainerReader(finding, index: project.index) else { continue }
            report.report(at: finding.span, EnvironmentGraph.modelContainerMessage(finding, reader: reader),
                          notes: EnvironmentGraph.modelContainerNotes(finding, reader: reader),
                          suppressibleAt: [EnvironmentGraph.modelContainerReaderPlace(finding, reader: reader)])
        }
    }
}

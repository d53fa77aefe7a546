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
        let index = project.index
        for finding in analysis.rootFindings where finding.rootKind == .app {
            // A target that cannot build (its root's view constructs views only other targets compile) runs nothing.
            if let file = index.position(ofFile: finding.span.file), showsViewsItsTargetLacks(finding.view, from: file, index) {
                continue
            }
            report.report(at: finding.span, EnvironmentGraph.rootMessage(finding), notes: EnvironmentGraph.rootNotes(finding),
                          suppressibleAt: EnvironmentGraph.readerPlaces(finding))
        }
        // 2. A reader no root reaches (a library's view, one hosted by UIKit) of a type nothing provides.
        for reader in analysis.unreachedReaders { report.report(at: reader.span, reader.message) }
    }

    /// Whether `view`, as the targets that compile `file` see it, constructs a view the sources declare only in files
    /// no such target can see (neither one of them nor a target they depend on compiles it; outside `#if`): those
    /// targets do not build (a macOS target left behind as files were added to the iOS one), and what their roots
    /// show never runs (judged wrong in BB: SMHS's macOS app).
    static func showsViewsItsTargetLacks(_ view: String, from file: Int, _ index: ProjectIndex) -> Bool {
        let layout = index.layout
        guard let own = layout.targets(ofFile: file), !own.isEmpty, let visible = layout.visibleTargets(ofFile: file) else {
            return false
        }
        // A file whose targets are not known may be any target's.
        for ref in index.renderersByType[view] ?? [] where layout.isCompiled(Int(ref.file), byOneOf: own) ?? true {
            for edge in index.renderer(ref).edges where edge.platforms == .all && edge.clause < 0 {
                guard let shown = edge.viewName else { continue }
                let declared = index.types(named: shown).filter { index.type($0).kind != .extension }
                if !declared.isEmpty, !declared.contains(where: { layout.isCompiled($0.file, byOneOf: visible) ?? true }) {
                    return true
                }
            }
        }
        return false
    }
}

/// The wording of `missing_model_container` and `missing_model_container_in_preview`: the environment analysis's
/// findings whose one missing "type" is SwiftData's model container (`EnvironmentAnalysis.modelContainerFindings`),
/// told as what SwiftData does without one.
extension EnvironmentGraph {
    /// The property that uses the container: where the chain's last step reads it.
    struct ModelContainerReader {
        /// The view that declares it.
        var view: String
        var property: String
        /// `@Query` (else `@Environment(\.modelContext)`).
        var isQuery: Bool
        var span: SourceSpan

        /// `@Query 'sightings'`, `the model context 'context'`.
        var described: String { isQuery ? "@Query '\(property)'" : "the model context '\(property)'" }

        /// What SwiftData does with the property and no container, in SwiftData's words where it has some; `below`
        /// names the view below the root that declares it (nil: the root itself).
        func failure(below: String?) -> String {
            if isQuery {
                return "\(below.map { "the @Query '\(property)' of \($0)" } ?? "its @Query '\(property)'") fetches nothing "
                    + "(\"Set a .modelContext in view's environment to use Query\")"
            }
            return "\(below ?? "it") uses the model context '\(property)', through which inserting fails at run time "
                + "(\"failed to find a currently active container\")"
        }
    }

    /// The reader at the end of a model-container finding's chain.
    static func modelContainerReader(_ finding: RootFinding, index: ProjectIndex) -> ModelContainerReader? {
        guard let entry = finding.missing.first, let last = entry.steps.last, let key = last.reader else { return nil }
        let span = last.note.span
        guard let property = index.properties(of: (key.file, key.type)).first(where: { $0.readsModelContext && $0.attributeSpan == span })
        else { return nil }
        return ModelContainerReader(view: last.view, property: property.name, isQuery: property.wrapper == "Query", span: span)
    }

    /// `'RootView' is shown here without a model container in its environment; 'SightingList' below it uses
    /// @Query 'sightings': ...`.
    static func modelContainerMessage(_ finding: RootFinding, reader: ModelContainerReader) -> String {
        let root = finding.view
        let isApp = finding.rootKind == .app
        let head = "'\(root)' \(isApp ? "is shown" : "is previewed") here without a model container in its environment"
        let fix = isApp ? "attach one with .modelContainer(for:) on the scene or above the view"
            : "attach one to the preview with .modelContainer(for:inMemory:)"
        guard let entry = finding.missing.first, reader.view != root || entry.chainStart.view != root else {
            return "\(head), and \(reader.failure(below: nil)); \(fix)"
        }
        let chain = chainNames(start: entry.chainStart.view, steps: entry.steps).joined(separator: " -> ")
        return "\(head); \(reader.failure(below: "'\(reader.view)' below it")) (\(chain)); \(fix)"
    }

    /// The chain's notes, its last one (the reader) said as the reader's use.
    static func modelContainerNotes(_ finding: RootFinding, reader: ModelContainerReader) -> [DiagnosticNote] {
        var notes = rootNotes(finding)
        if let last = notes.indices.last, notes[last].span == reader.span {
            notes[last] = DiagnosticNote(message: "'\(reader.view)' uses \(reader.described) here", span: reader.span)
        }
        return notes
    }

    /// The reading property, with the finding as worded there (see `readerPlaces`).
    static func modelContainerReaderPlace(_ finding: RootFinding, reader: ModelContainerReader) -> RelatedPlace {
        let file = finding.span.file.split(separator: "/").last.map(String.init) ?? finding.span.file
        let uses = "'\(reader.view)' uses \(reader.described) here"
        let message = finding.rootKind == .app
            ? "\(uses), and the app shows '\(finding.view)' (\(file)) without a model container: SwiftData fails at run time"
            : "\(uses), and a preview of '\(finding.view)' (\(file)) attaches no model container: the preview fails"
        return RelatedPlace(span: reader.span, message: message)
    }
}

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff.
/// Notes are appended to the message, one per line, since an annotation has a single location. Paths are
/// relative to the repository's root (the context's root) when the file is under it, as GitHub needs them
/// whatever the step's working directory.
enum GitHubReporter {
    static func write(_ diagnostics: [Diagnostic], context: ReportContext, to out: ReportOutput) {
        for diagnostic in diagnostics {
            let span = diagnostic.span
            let properties = [
                "file=\(Escaping.githubProperty(context.rootRelative(span.file) ?? span.file))",
                "line=\(span.start.line)",
                "col=\(span.start.column)",
                "endLine=\(span.end.line)",
                "endColumn=\(span.end.column)",
                "title=\(Escaping.githubProperty("flowlint (\(diagnostic.ruleID))"))",
            ].joined(separator: ",")
            var message = diagnostic.message
            for note in diagnostic.notes {
                message += "\nnote: \(context.rootRelative(note.span.file) ?? note.span.file):\(note.span.start.line):\(note.span.start.column): \(note.message)"
            }
            out.write("::\(diagnostic.severity.rawValue) \(properties)::\(Escaping.githubData(message))\n")
        }
    }
}

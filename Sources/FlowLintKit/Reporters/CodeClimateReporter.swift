/// GitLab Code Quality (`artifacts: reports: codequality:`), the subset of the Code Climate issue format
/// GitLab reads (docs.gitlab.com/ci/testing/code_quality, "Code Quality report format"): a JSON array of
/// objects with `description`, `check_name`, `fingerprint`, `severity` (`minor` for warnings, `major` for
/// errors, as ESLint's GitLab formatter maps them) and `location.path` / `location.lines.begin`. Code
/// Climate's own required `type` and `categories` are written too, and notes as `other_locations`, so the
/// report is also a valid Code Climate engine output. `Tests/schemas/gitlab-code-quality.schema.json`
/// describes it.
///
/// GitLab matches findings between the base and head of a merge request by `fingerprint`, and shows only one
/// finding per fingerprint. So it is made, like SARIF's `primaryLocationLineHash`, from the rule, the file
/// and the trimmed text of the finding's line (not its number, so an edit above it keeps it), plus an
/// occurrence counter that tells identical lines apart.
enum CodeClimateReporter {
    static func write(_ diagnostics: [Diagnostic], context: ReportContext, to out: ReportOutput) {
        var lines = SourceLines(sources: context.sources)
        var occurrences = OccurrenceCounter()
        var json = JSONStream(out)
        json.open("[")
        for diagnostic in diagnostics {
            let lineText = lines.trimmedText(file: diagnostic.span.file, line: diagnostic.span.start.line)
            let key = SARIFReporter.fingerprint(ruleID: diagnostic.ruleID, file: diagnostic.span.file, lineText: lineText)
            let occurrence = occurrences.next(key, file: diagnostic.span.file)
            var issue: [(String, JSONValue)] = [
                ("type", .string("issue")),
                ("check_name", .string(diagnostic.ruleID)),
                ("description", .string(diagnostic.message)),
                ("categories", .array([.string("Bug Risk")])),
                ("severity", .string(diagnostic.severity == .error ? "major" : "minor")),
                ("fingerprint", .string(fingerprint(key, occurrence: occurrence))),
                ("location", location(diagnostic.span, context)),
            ]
            if !diagnostic.notes.isEmpty {
                issue.append(("other_locations", .array(diagnostic.notes.map { location($0.span, context) })))
            }
            json.value(.object(issue))
        }
        json.close("]")
    }

    static func location(_ span: SourceSpan, _ context: ReportContext) -> JSONValue {
        .object([
            // GitLab resolves paths against the repository's top, whatever directory the job linted from.
            ("path", .string(context.rootRelative(span.file) ?? span.file)),
            ("lines", .object([("begin", .int(span.start.line)), ("end", .int(span.end.line))])),
        ])
    }

    /// 32 hexadecimal digits (the length of the MD5 hashes in GitLab's examples): the line's key, then a
    /// hash of the key with the occurrence number.
    static func fingerprint(_ key: String, occurrence: Int) -> String {
        key + SARIFReporter.fingerprint(ruleID: key, file: String(occurrence), lineText: "")
    }
}

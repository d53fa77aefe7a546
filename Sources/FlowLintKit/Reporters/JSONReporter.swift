/// The machine-readable format; its schema is `docs/flowlint-output.schema.json`. Editors use it with
/// `--stdin-path`.
enum JSONReporter {
    static let formatVersion = 1

    static func write(_ diagnostics: [Diagnostic], context: ReportContext, to out: ReportOutput) {
        var json = JSONStream(out)
        json.open("{")
        json.value(.int(formatVersion), key: "version")
        json.open("[", key: "diagnostics")
        for diagnostic in diagnostics { json.value(self.json(diagnostic)) }
        json.close("]")
        json.close("}")
    }

    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("rule", .string(diagnostic.ruleID)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
        ] + location(diagnostic.span) + [
            ("notes", .array(diagnostic.notes.map { note in
                .object([("message", .string(note.message))] + location(note.span))
            })),
            ("fixes", .array(diagnostic.fixes.map { fix in
                .object([
                    ("message", .string(fix.message)),
                    ("applicability", .string(fix.applicability.rawValue)),
                    ("edits", .array(fix.edits.map { edit in
                        .object([
                            ("startOffset", .int(edit.startOffset)),
                            ("endOffset", .int(edit.endOffset)),
                            ("replacement", .string(edit.replacement)),
                        ])
                    })),
                ])
            })),
        ])
    }

    private static func location(_ span: SourceSpan) -> [(String, JSONValue)] {
        [
            ("file", .string(span.file)),
            ("line", .int(span.start.line)),
            ("column", .int(span.start.column)),
            ("endLine", .int(span.end.line)),
            ("endColumn", .int(span.end.column)),
        ]
    }
}

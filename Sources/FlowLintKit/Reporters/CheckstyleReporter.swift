/// Checkstyle XML, read by Jenkins' warnings plugin, danger and many CI dashboards.
enum CheckstyleReporter {
    static func write(_ diagnostics: [Diagnostic], context: ReportContext, to out: ReportOutput) {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n")
        for (file, range) in fileRuns(diagnostics) {
            out.write("  <file name=\"\(Escaping.xml(file))\">\n")
            for diagnostic in diagnostics[range] {
                var message = diagnostic.message
                for note in diagnostic.notes {
                    message += "\nnote: \(note.span.file):\(note.span.start.line):\(note.span.start.column): \(note.message)"
                }
                out.write("    <error line=\"\(diagnostic.span.start.line)\" column=\"\(diagnostic.span.start.column)\""
                          + " severity=\"\(diagnostic.severity.rawValue)\" message=\"\(Escaping.xml(message))\""
                          + " source=\"flowlint.\(Escaping.xml(diagnostic.ruleID))\"/>\n")
            }
            out.write("  </file>\n")
        }
        out.write("</checkstyle>\n")
    }
}

/// The runs of diagnostics (already in output order) of each file: the file and the indices of its
/// diagnostics, files in first-seen order. Indices, not copies: a report of many findings holds them once.
func fileRuns(_ diagnostics: [Diagnostic]) -> [(file: String, range: Range<Int>)] {
    var runs: [(file: String, range: Range<Int>)] = []
    for (index, diagnostic) in diagnostics.enumerated() {
        if let last = runs.last, last.file == diagnostic.span.file {
            runs[runs.count - 1].range = last.range.lowerBound..<index + 1
        } else {
            runs.append((diagnostic.span.file, index..<index + 1))
        }
    }
    return runs
}

/// Checkstyle XML, read by Jenkins' warnings plugin, danger and many CI dashboards.
enum CheckstyleReporter {
    static func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for (file, findings) in groupedByFile(diagnostics) {
            out += "  <file name=\"\(Escaping.xml(file))\">\n"
            for diagnostic in findings {
                var message = diagnostic.message
                for note in diagnostic.notes {
                    message += "\nnote: \(note.span.file):\(note.span.start.line):\(note.span.start.column): \(note.message)"
                }
                out += "    <error line=\"\(diagnostic.span.start.line)\" column=\"\(diagnostic.span.start.column)\""
                out += " severity=\"\(diagnostic.severity.rawValue)\" message=\"\(Escaping.xml(message))\""
                out += " source=\"flowlint.\(Escaping.xml(diagnostic.ruleID))\"/>\n"
            }
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }
}

/// Diagnostics (already in output order) grouped by file, files in first-seen order.
func groupedByFile(_ diagnostics: [Diagnostic]) -> [(String, [Diagnostic])] {
    var groups: [(String, [Diagnostic])] = []
    for diagnostic in diagnostics {
        if let last = groups.last, last.0 == diagnostic.span.file {
            groups[groups.count - 1].1.append(diagnostic)
        } else {
            groups.append((diagnostic.span.file, [diagnostic]))
        }
    }
    return groups
}

/// JUnit XML, which most CI systems show as test results: one test suite per file, one failing test case
/// per finding, and one passing test case for each linted file without findings.
enum JUnitReporter {
    static func write(_ diagnostics: [Diagnostic], context: ReportContext, to out: ReportOutput) {
        let runs = fileRuns(diagnostics)
        let cleanFiles = Set(context.lintedFiles).subtracting(runs.map(\.file)).sorted()
        let total = diagnostics.count + cleanFiles.count
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.write("<testsuites name=\"flowlint\" tests=\"\(total)\" failures=\"\(diagnostics.count)\" errors=\"0\">\n")
        // Suites sorted by file: the files with findings (in output order, so sorted) merged with the clean ones.
        var nextClean = 0
        func writeCleanSuites(before file: String?) {
            while nextClean < cleanFiles.count, file.map({ cleanFiles[nextClean] < $0 }) ?? true {
                let name = Escaping.xml(cleanFiles[nextClean])
                out.write("  <testsuite name=\"\(name)\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
                          + "    <testcase classname=\"\(name)\" name=\"flowlint\"/>\n  </testsuite>\n")
                nextClean += 1
            }
        }
        for (file, range) in runs {
            writeCleanSuites(before: file)
            out.write("  <testsuite name=\"\(Escaping.xml(file))\" tests=\"\(range.count)\" failures=\"\(range.count)\" errors=\"0\">\n")
            for diagnostic in diagnostics[range] {
                let span = diagnostic.span
                let name = "\(diagnostic.ruleID) at \(span.start.line):\(span.start.column)"
                var body = "\(span.file):\(span.start.line):\(span.start.column): \(diagnostic.severity.rawValue): \(diagnostic.message) (\(diagnostic.ruleID))"
                for note in diagnostic.notes {
                    body += "\n\(note.span.file):\(note.span.start.line):\(note.span.start.column): note: \(note.message)"
                }
                out.write("    <testcase classname=\"\(Escaping.xml(file))\" name=\"\(Escaping.xml(name))\">\n"
                          + "      <failure type=\"\(Escaping.xml(diagnostic.ruleID))\" message=\"\(Escaping.xml(diagnostic.message))\">"
                          + Escaping.xml(body, attribute: false)
                          + "</failure>\n    </testcase>\n")
            }
            out.write("  </testsuite>\n")
        }
        writeCleanSuites(before: nil)
        out.write("</testsuites>\n")
    }
}

/// JUnit XML, which most CI systems show as test results: one test suite per file, one failing test case
/// per finding, and one passing test case for each linted file without findings.
enum JUnitReporter {
    static func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let groups = groupedByFile(diagnostics)
        let filesWithFindings = Set(groups.map(\.0))
        let cleanFiles = Set(context.lintedFiles).subtracting(filesWithFindings).sorted()
        let total = diagnostics.count + cleanFiles.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"flowlint\" tests=\"\(total)\" failures=\"\(diagnostics.count)\" errors=\"0\">\n"
        var suites: [(String, String)] = []  // (file, rendered suite), sorted by file below
        for (file, findings) in groups {
            var suite = "  <testsuite name=\"\(Escaping.xml(file))\" tests=\"\(findings.count)\" failures=\"\(findings.count)\" errors=\"0\">\n"
            for diagnostic in findings {
                let span = diagnostic.span
                let name = "\(diagnostic.ruleID) at \(span.start.line):\(span.start.column)"
                var body = "\(span.file):\(span.start.line):\(span.start.column): \(diagnostic.severity.rawValue): \(diagnostic.message) (\(diagnostic.ruleID))"
                for note in diagnostic.notes {
                    body += "\n\(note.span.file):\(note.span.start.line):\(note.span.start.column): note: \(note.message)"
                }
                suite += "    <testcase classname=\"\(Escaping.xml(file))\" name=\"\(Escaping.xml(name))\">\n"
                suite += "      <failure type=\"\(Escaping.xml(diagnostic.ruleID))\" message=\"\(Escaping.xml(diagnostic.message))\">"
                suite += Escaping.xml(body, attribute: false)
                suite += "</failure>\n    </testcase>\n"
            }
            suite += "  </testsuite>\n"
            suites.append((file, suite))
        }
        for file in cleanFiles {
            var suite = "  <testsuite name=\"\(Escaping.xml(file))\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
            suite += "    <testcase classname=\"\(Escaping.xml(file))\" name=\"flowlint\"/>\n  </testsuite>\n"
            suites.append((file, suite))
        }
        for (_, suite) in suites.sorted(by: { $0.0 < $1.0 }) { out += suite }
        out += "</testsuites>\n"
        return out
    }
}

/// `path:line:col: severity: message (rule_id)`, the format Xcode and most editors parse, with each note on
/// its own `path:line:col: note: message` line after its finding.
enum TextReporter {
    static func write(_ diagnostics: [Diagnostic], context: ReportContext, to out: ReportOutput) {
        let paint = Painter(enabled: context.useColor)
        for diagnostic in diagnostics {
            let span = diagnostic.span
            let severity = diagnostic.severity == .error ? paint.red("error") : paint.yellow("warning")
            out.write(paint.bold("\(Escaping.text(span.file)):\(span.start.line):\(span.start.column):"))
            out.write(" \(severity): \(Escaping.text(diagnostic.message)) (\(diagnostic.ruleID))\n")
            for note in diagnostic.notes {
                out.write(paint.bold("\(Escaping.text(note.span.file)):\(note.span.start.line):\(note.span.start.column):"))
                out.write(" \(paint.cyan("note")): \(Escaping.text(note.message))\n")
            }
        }
    }

    /// ANSI SGR colors, or nothing.
    struct Painter {
        let enabled: Bool
        func wrap(_ text: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        func bold(_ text: String) -> String { wrap(text, "1") }
        func red(_ text: String) -> String { wrap(text, "1;31") }
        func yellow(_ text: String) -> String { wrap(text, "1;33") }
        func cyan(_ text: String) -> String { wrap(text, "1;36") }
    }
}

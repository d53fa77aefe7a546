import FlowLintSyntax

/// `CompactCoding`'s bytes for findings, written and read without the generic containers: every rule's per-file
/// findings are encoded into the file's facts (the pending ones too, which the project check mostly drops) and
/// decoded by its project check, and the containers' dispatch per field, with a `userInfo` lookup per span, cost
/// about as much as the rules' own work for several rules. The layout is what the synthesized conformances write
/// (fields in declaration order, arrays as a count then the elements, a `String` enum as its raw value);
/// `DiagnosticCodingTests` checks both agree byte for byte and that each reads the other's bytes.
extension Diagnostic {
    func write(to w: inout BinaryWriter, path: String) {
        w.string(ruleID)
        w.string(severity.rawValue)
        w.string(message)
        span.write(to: &w, path: path)
        w.uint(UInt64(notes.count))
        for note in notes {
            w.string(note.message)
            note.span.write(to: &w, path: path)
        }
        w.uint(UInt64(fixes.count))
        for fix in fixes {
            w.string(fix.message)
            w.string(fix.applicability.rawValue)
            w.uint(UInt64(fix.edits.count))
            for edit in fix.edits {
                w.int(edit.startOffset)
                w.int(edit.endOffset)
                w.string(edit.replacement)
            }
        }
        w.uint(UInt64(suppressibleAt.count))
        for place in suppressibleAt {
            place.span.write(to: &w, path: path)
            w.string(place.message)
        }
    }

    init(reading r: inout BinaryReader, path: String) throws {
        let ruleID = try r.string()
        guard let severity = Severity(rawValue: try r.string()) else { throw CacheFormatError() }
        let message = try r.string()
        let span = try SourceSpan(reading: &r, path: path)
        var notes: [DiagnosticNote] = []
        for _ in 0..<(try r.count()) {
            let message = try r.string()
            notes.append(DiagnosticNote(message: message, span: try SourceSpan(reading: &r, path: path)))
        }
        var fixes: [Fix] = []
        for _ in 0..<(try r.count()) {
            let message = try r.string()
            guard let applicability = Fix.Applicability(rawValue: try r.string()) else { throw CacheFormatError() }
            var edits: [TextEdit] = []
            for _ in 0..<(try r.count()) {
                let start = try r.int()
                let end = try r.int()
                edits.append(TextEdit(startOffset: start, endOffset: end, replacement: try r.string()))
            }
            fixes.append(Fix(message: message, applicability: applicability, edits: edits))
        }
        var places: [RelatedPlace] = []
        for _ in 0..<(try r.count()) {
            let span = try SourceSpan(reading: &r, path: path)
            places.append(RelatedPlace(span: span, message: try r.string()))
        }
        self.init(ruleID: ruleID, severity: severity, message: message, span: span, notes: notes, fixes: fixes,
                  suppressibleAt: places)
    }
}

extension SourceSpan {
    /// Reads what `write(to:path:)` writes: an empty file is the file at `path`.
    init(reading r: inout BinaryReader, path: String) throws {
        let file = try r.string()
        let startOffset = try r.int()
        let endOffset = try r.int()
        let startLine = try r.int()
        let startColumn = try r.int()
        let endLine = try r.int()
        let endColumn = try r.int()
        self.init(file: file.isEmpty ? path : file, startOffset: startOffset, endOffset: endOffset,
                  start: SourcePosition(line: startLine, column: startColumn),
                  end: SourcePosition(line: endLine, column: endColumn))
    }
}

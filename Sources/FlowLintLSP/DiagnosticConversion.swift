import FlowLintKit

/// The workspace's findings and quick fixes as LSP JSON: byte offsets become positions in the negotiated encoding,
/// files become URIs. Positions count the text of an open document (what the editor has), else that of the file on
/// disk, read once per conversion and counted after its byte order mark, as editors, which do not show the mark,
/// count them.
struct DiagnosticConversion {
    let encoding: PositionEncoding
    private var texts: [String: LineText?] = [:]
    private var uris: [String: String] = [:]

    init(documents: OpenDocuments, encoding: PositionEncoding) {
        self.encoding = encoding
        for document in documents.currentDocuments {
            texts[document.path] = document.text
            uris[document.path] = document.uri
        }
    }

    private mutating func text(_ path: String) -> LineText? {
        if let known = texts[path] { return known }
        let text = Workspace.textOnDisk(atPath: path).map { LineText($0, hidesByteOrderMark: true) }
        texts[path] = text
        return text
    }

    /// The URI the client uses for a file: an open document's own, else the file's.
    private func uri(_ path: String) -> String { uris[path] ?? DocumentURI.uri(ofPath: path) }

    /// A finding as an LSP diagnostic; nil when the file it is in cannot be read any more.
    mutating func diagnostic(_ diagnostic: Diagnostic) -> JSON? {
        guard let found = text(diagnostic.span.file) else { return nil }
        let related = diagnostic.notes.compactMap { note -> JSON? in
            guard let noteText = text(note.span.file) else { return nil }
            return JSON([
                "location": JSON([
                    "uri": .string(uri(note.span.file)),
                    "range": noteText.range(ofOffsets: note.span.startOffset, note.span.endOffset, encoding).json,
                ]),
                "message": .string(note.message),
            ])
        }
        let documentation = RuleRegistry.descriptor(id: diagnostic.ruleID)?.documentationURL
        return JSON([
            "range": found.range(ofOffsets: diagnostic.span.startOffset, diagnostic.span.endOffset, encoding).json,
            "severity": .int(diagnostic.severity == .error ? 1 : 2),
            "code": .string(diagnostic.ruleID),
            "codeDescription": documentation.map { JSON(["href": .string($0)]) },
            "source": .string("flowlint"),
            "message": .string(diagnostic.message),
            "relatedInformation": related.isEmpty ? nil : .array(related),
        ])
    }

    /// A quick fix for the document `uri` (its edits are in that file), as an LSP code action of kind `quickfix`.
    mutating func codeAction(_ action: CodeAction, uri: String, text: LineText) -> JSON? {
        guard let diagnostic = diagnostic(action.finding) else { return nil }
        let edits = action.edits.map { edit in
            JSON(["range": text.range(ofOffsets: edit.startOffset, edit.endOffset, encoding).json, "newText": .string(edit.replacement)])
        }
        return JSON([
            "title": .string(action.title),
            "kind": .string("quickfix"),
            "diagnostics": .array([diagnostic]),
            "isPreferred": action.isPreferred ? .bool(true) : nil,
            "edit": JSON(["changes": .object([(uri, .array(edits))])]),
        ])
    }
}

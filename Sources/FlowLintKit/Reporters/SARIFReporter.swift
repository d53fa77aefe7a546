/// SARIF 2.1.0, as GitHub code scanning accepts it (upload with `github/codeql-action/upload-sarif`). Paths
/// under the context's root are relative URIs against `%SRCROOT%` (`originalUriBaseIds`), so a report made in a
/// subdirectory (`working-directory: ios`) still names the right files; configuration warnings and unreadable
/// inputs go under `invocations`.
enum SARIFReporter {
    static let rootBase = "%SRCROOT%"

    static func write(_ diagnostics: [Diagnostic], context: ReportContext, to out: ReportOutput) {
        var lines = SourceLines(sources: context.sources)

        // Every known rule, plus any id the engine reported that the registry does not list, so each
        // result has a `ruleIndex`.
        var rules = context.rules
        let known = Set(rules.map(\.id))
        for id in Set(diagnostics.map(\.ruleID)).subtracting(known).sorted() {
            rules.append(RuleDescriptor(id: id, name: id, summary: id, rationale: id, defaultSeverity: .warning))
        }
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }

        let driver: JSONValue = .object([
            ("name", .string("FlowLint")),
            ("version", .string(context.toolVersion)),
            ("semanticVersion", .string(context.toolVersion)),
            ("informationUri", .string(ReportContext.informationURI)),
            ("rules", .array(rules.map { ruleJSON($0, document: document(of: $0, context)) })),
        ])
        var json = JSONStream(out)
        json.open("{")
        json.value(.string("https://json.schemastore.org/sarif-2.1.0.json"), key: "$schema")
        json.value(.string("2.1.0"), key: "version")
        json.open("[", key: "runs")
        json.open("{")
        json.value(.object([("driver", driver)]), key: "tool")
        if let root = context.rootDirectory {
            json.value(.object([
                (rootBase, .object([("uri", .string(Escaping.uri(forPath: root.hasSuffix("/") ? root : root + "/")))])),
            ]), key: "originalUriBaseIds")
        }
        json.value(.array([invocation(context)]), key: "invocations")
        json.value(.string("utf16CodeUnits"), key: "columnKind")
        json.open("[", key: "results")
        var occurrences = OccurrenceCounter()
        for diagnostic in diagnostics {
            let lineText = lines.trimmedText(file: diagnostic.span.file, line: diagnostic.span.start.line)
            let hash = fingerprint(ruleID: diagnostic.ruleID, file: diagnostic.span.file, lineText: lineText)
            let occurrence = occurrences.next(hash, file: diagnostic.span.file)
            var result: [(String, JSONValue)] = [
                ("ruleId", .string(diagnostic.ruleID)),
                ("ruleIndex", .int(ruleIndex[diagnostic.ruleID] ?? 0)),
                ("level", .string(level(diagnostic.severity))),
                ("message", .object([("text", .string(diagnostic.message))])),
                ("locations", .array([.object([("physicalLocation", physicalLocation(diagnostic.span, &lines, context))])])),
            ]
            if !diagnostic.notes.isEmpty {
                result.append(("relatedLocations", .array(diagnostic.notes.enumerated().map { index, note in
                    .object([
                        ("id", .int(index + 1)),
                        ("physicalLocation", physicalLocation(note.span, &lines, context)),
                        ("message", .object([("text", .string(note.message))])),
                    ])
                })))
            }
            result.append(("partialFingerprints", .object([
                ("primaryLocationLineHash", .string("\(hash):\(occurrence)")),
            ])))
            if !diagnostic.fixes.isEmpty {
                result.append(("fixes", .array(diagnostic.fixes.map { fix in
                    .object([
                        ("description", .object([("text", .string(fix.message))])),
                        ("artifactChanges", .array([.object([
                            ("artifactLocation", artifactLocation(diagnostic.span.file, context)),
                            ("replacements", .array(fix.edits.map { edit in
                                .object([
                                    ("deletedRegion", .object([
                                        ("byteOffset", .int(edit.startOffset)),
                                        ("byteLength", .int(edit.endOffset - edit.startOffset)),
                                    ])),
                                    ("insertedContent", .object([("text", .string(edit.replacement))])),
                                ])
                            })),
                        ])])),
                    ])
                })))
            }
            json.value(.object(result))
        }
        json.close("]")
        json.close("}")
        json.close("]")
        json.close("}")
    }

    /// Whether the run succeeded, with what it said besides findings.
    static func invocation(_ context: ReportContext) -> JSONValue {
        func notifications(_ notices: [String], level: String) -> JSONValue {
            .array(notices.map { .object([("level", .string(level)), ("message", .object([("text", .string($0))]))]) })
        }
        var invocation: [(String, JSONValue)] = [("executionSuccessful", .bool(context.executionSuccessful))]
        if !context.configurationNotices.isEmpty {
            invocation.append(("toolConfigurationNotifications", notifications(context.configurationNotices, level: "warning")))
        }
        if !context.executionNotices.isEmpty {
            invocation.append(("toolExecutionNotifications", notifications(context.executionNotices, level: "error")))
        }
        return .object(invocation)
    }

    /// A file under the root as a relative URI against `%SRCROOT%`, else as the path displays.
    static func artifactLocation(_ path: String, _ context: ReportContext) -> JSONValue {
        if let relative = context.rootRelative(path) {
            return .object([("uri", .string(Escaping.uri(forPath: relative))), ("uriBaseId", .string(rootBase))])
        }
        return .object([("uri", .string(Escaping.uri(forPath: path)))])
    }

    static func level(_ severity: Severity) -> String { severity == .error ? "error" : "warning" }

    /// The rule's document: the context's, or else the one compiled into the binary.
    static func document(of rule: RuleDescriptor, _ context: ReportContext) -> String? {
        if let documents = context.ruleDocuments { return documents[rule.id] }
        return RuleDocument.markdown(ruleID: rule.id)
    }

    /// `help.markdown` is the rule's document without its `Test cases` section (the examples kept for the
    /// test harness), or the rationale for a rule without a document.
    static func ruleJSON(_ rule: RuleDescriptor, document: String?) -> JSONValue {
        let markdown = document.map(RuleDocument.withoutTestCases) ?? rule.rationale
        return .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.name.split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())),
            ("shortDescription", .object([("text", .string(rule.summary))])),
            ("fullDescription", .object([("text", .string(rule.rationale))])),
            ("help", .object([("text", .string(rule.rationale)), ("markdown", .string(markdown))])),
            ("helpUri", .string(rule.documentationURL)),
            ("defaultConfiguration", .object([
                ("enabled", .bool(!rule.isOptIn)),
                ("level", .string(level(rule.defaultSeverity))),
            ])),
            ("properties", .object([("tags", .array([.string("swiftui"), .string("data-flow")]))])),
        ])
    }

    static func physicalLocation(_ span: SourceSpan, _ lines: inout SourceLines, _ context: ReportContext) -> JSONValue {
        let startColumn = lines.utf16Column(file: span.file, line: span.start.line, byteColumn: span.start.column)
        let endColumn = lines.utf16Column(file: span.file, line: span.end.line, byteColumn: span.end.column)
        return .object([
            ("artifactLocation", artifactLocation(span.file, context)),
            ("region", .object([
                ("startLine", .int(span.start.line)),
                ("startColumn", .int(startColumn)),
                ("endLine", .int(span.end.line)),
                ("endColumn", .int(endColumn)),
            ])),
        ])
    }

    /// A stable hash of what identifies a finding independently of its line number: rule, file and the
    /// trimmed text of the line. With the occurrence counter GitHub keeps alerts across line shifts.
    static func fingerprint(ruleID: String, file: String, lineText: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in ruleID.utf8 + [0] + file.utf8 + [0] + lineText.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

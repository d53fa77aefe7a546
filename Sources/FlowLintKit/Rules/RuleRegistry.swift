import FlowLintSyntax

/// Every rule FlowLint knows, in the order `flowlint rules` prints them: the one line a new rule adds
/// (`Tools/new-rule.sh` writes it). The engine, the cache, the documents and the CLI find rules only here.
public enum RuleRegistry {
    static let rules: [any Rule.Type] = [
        ObservedObjectInlineRule.self,
        NonPrivateStateRule.self,
        ForEachIndexIDRule.self,
        MissingEnvironmentObjectRule.self,
        StateMutationInBodyRule.self,
        StateInitFromParameterRule.self,
        PublishedFromBackgroundRule.self,
        SuperfluousDisableRule.self,
        UnknownRuleInSuppressionRule.self,
    ]

    /// The rules, each behind the engine's uniform interface, in registry order.
    static let runners: [RuleRunner] = rules.map { RuleRunner($0) }

    public static let descriptors: [RuleDescriptor] = runners.map(\.descriptor)

    public static func descriptor(id: String) -> RuleDescriptor? {
        descriptors.first { $0.id == id }
    }
}

/// One rule as the engine drives it, whatever its `Condition` and `Record` types: the per-file check, whose
/// output is encoded into the file's facts (and so cached with them), and the project check, which decodes
/// the output of every file.
struct RuleRunner: Sendable {
    let descriptor: RuleDescriptor
    let parses: BodySkipping
    private let checkFile: @Sendable (FileContext) -> RuleOutput?
    private let checkProject: @Sendable (ProjectIndex) -> [Diagnostic]

    init<R: Rule>(_ rule: R.Type) {
        let descriptor = R.descriptor
        self.descriptor = descriptor
        parses = R.parses
        checkFile = { file in
            var report = FileReport<R.Condition, R.Record>(descriptor: descriptor, file: file)
            R.check(file: file, report: &report)
            if report.findings.isEmpty && report.records.isEmpty { return nil }
            let output = FileOutput(findings: report.findings, records: report.records)
            return RuleOutput(rule: descriptor.id, encoded: RawBytes(CompactCoding.encode(output, path: file.path)))
        }
        checkProject = { index in
            var outputs: [(path: String, output: FileOutput<R.Condition, R.Record>)] = []
            for facts in index.files {
                for output in facts.ruleOutputs where output.rule == descriptor.id {
                    // Outputs were encoded by this build (the cache key includes it) and the pack is checked as a
                    // whole: one that does not decode is left out.
                    if let decoded = try? CompactCoding.decode(FileOutput<R.Condition, R.Record>.self, from: output.encoded.bytes,
                                                                path: facts.path) {
                        outputs.append((facts.path, decoded))
                    }
                }
            }
            let context = ProjectContext<R.Condition, R.Record>(
                descriptor: descriptor, index: index, pending: outputs.flatMap(\.output.findings),
                records: outputs.flatMap { entry in entry.output.records.map { (entry.path, $0) } })
            var report = ProjectReport(descriptor: descriptor)
            R.check(project: context, report: &report)
            return report.diagnostics
        }
    }

    func check(file: FileContext) -> RuleOutput? { checkFile(file) }
    func check(project index: ProjectIndex) -> [Diagnostic] { checkProject(index) }
}

/// What one rule's per-file check produced for one file.
struct FileOutput<Condition: Codable, Record: Codable>: Codable {
    var findings: [PendingFinding<Condition>]
    var records: [Record]
}

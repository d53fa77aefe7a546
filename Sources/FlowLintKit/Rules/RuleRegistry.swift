import FlowLintSyntax

/// Every rule FlowLint knows, in the order `flowlint rules` prints them: the one line a new rule adds
/// (`Tools/new-rule.sh` writes it). The engine, the cache, the documents and the CLI find rules only here.
public enum RuleRegistry {
    static let rules: [any Rule.Type] = [
        ObservedObjectInlineRule.self,
        NonPrivateStateRule.self,
        ForEachIndexIDRule.self,
        MissingEnvironmentObjectRule.self,
        MissingEnvironmentObjectInPreviewRule.self,
        StateReferenceTypeRule.self,
        PublishedWithoutObservableObjectRule.self,
        WillChangeInDidSetRule.self,
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
            return RuleOutput(
                rule: descriptor.id,
                findings: report.findings.isEmpty ? nil : RawBytes(CompactCoding.encode(report.findings, path: file.path)),
                records: report.records.isEmpty ? nil : RawBytes(CompactCoding.encode(report.records, path: file.path)))
        }
        checkProject = { index in
            // Outputs were encoded by this build (the cache key includes it) in a pack authenticated as a whole:
            // one that does not decode is left out. Records are decoded only if the check asks for them: most
            // files have some, and most project checks need them only when there are findings.
            var pending: [PendingFinding<R.Condition>] = []
            for facts in index.files {
                for output in facts.ruleOutputs where output.rule == descriptor.id {
                    guard let findings = output.findings,
                          let decoded = try? CompactCoding.decode([PendingFinding<R.Condition>].self, from: findings.bytes, path: facts.path)
                    else { continue }
                    pending += decoded
                }
            }
            let context = ProjectContext<R.Condition, R.Record>(descriptor: descriptor, index: index, pending: pending) {
                var records: [(path: String, record: R.Record)] = []
                for facts in index.files {
                    for output in facts.ruleOutputs where output.rule == descriptor.id {
                        guard let encoded = output.records,
                              let decoded = try? CompactCoding.decode([R.Record].self, from: encoded.bytes, path: facts.path)
                        else { continue }
                        records += decoded.map { (facts.path, $0) }
                    }
                }
                return records
            }
            var report = ProjectReport(descriptor: descriptor)
            R.check(project: context, report: &report)
            return report.diagnostics
        }
    }

    func check(file: FileContext) -> RuleOutput? { checkFile(file) }
    func check(project index: ProjectIndex) -> [Diagnostic] { checkProject(index) }
}

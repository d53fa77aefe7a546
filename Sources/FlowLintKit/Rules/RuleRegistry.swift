import FlowLintSyntax

/// Every rule FlowLint knows, in the order `flowlint rules` prints them: the one line a new rule adds
/// (`Tools/new-rule.sh` writes it). The engine, the cache, the documents and the CLI find rules only here.
public enum RuleRegistry {
    /// The rules, each behind the engine's uniform interface, in registry order. Each is named with its type
    /// (not through `any Rule.Type`), so the compiler specializes its runner: the per-file check runs per file
    /// per rule.
    static let runners: [RuleRunner] = [
        RuleRunner(ObservedObjectInlineRule.self),
        RuleRunner(NonPrivateStateRule.self),
        RuleRunner(ForEachIndexIDRule.self),
        RuleRunner(MissingEnvironmentObjectRule.self),
        RuleRunner(MissingEnvironmentObjectInPreviewRule.self),
        RuleRunner(StateReferenceTypeRule.self),
        RuleRunner(PublishedWithoutObservableObjectRule.self),
        RuleRunner(WillChangeInDidSetRule.self),
        RuleRunner(StateMutationInBodyRule.self),
        RuleRunner(StateInitFromParameterRule.self),
        RuleRunner(PublishedFromBackgroundRule.self),
        RuleRunner(ObservableCreatedInViewRule.self),
        RuleRunner(ObservationIgnoredStorageRule.self),
        RuleRunner(ObservableConformanceWithoutMacroRule.self),
        RuleRunner(MissingModelContainerRule.self),
        RuleRunner(MissingModelContainerInPreviewRule.self),
        RuleRunner(StateAssignedWithDefaultInInitRule.self),
        RuleRunner(UnstableIdentityRule.self),
        RuleRunner(DynamicPropertyOutsideViewRule.self),
        RuleRunner(StateInitInOtherFileRule.self),
        RuleRunner(SuperfluousDisableRule.self),
        RuleRunner(UnknownRuleInSuppressionRule.self),
    ]

    public static let descriptors: [RuleDescriptor] = runners.map(\.descriptor)

    public static func descriptor(id: String) -> RuleDescriptor? {
        descriptors.first { $0.id == id }
    }

    /// The names of the project analyses a rule's check reads, with those they require (requirements first).
    static func analyses(of id: String) -> [String] {
        runners.first { $0.descriptor.id == id }?.analysisNames ?? []
    }
}

/// One rule as the engine drives it, whatever its `Condition` and `Record` types: the per-file check, whose
/// output is encoded into the file's facts (and so cached with them), and the project check, which decodes
/// the output of every file.
final class RuleRunner: Sendable {
    let descriptor: RuleDescriptor
    let parses: BodySkipping
    /// The names of `Rule.analyses` with what they require, requirements first (for `flowlint rules`).
    let analysisNames: [String]
    private let checkFile: @Sendable (FileContext) -> RuleOutput?
    private let checkProject: @Sendable (ProjectIndex, Toolchain) -> [Diagnostic]

    init<R: Rule>(_ rule: R.Type) {
        let descriptor = R.descriptor
        self.descriptor = descriptor
        parses = R.parses
        let analyses = AnalysisRegistry.closure(of: R.analyses)
        analysisNames = analyses.map(AnalysisRegistry.name(of:))
        // Worked out once here, not at every project pass (an editor's server runs one per edit).
        let declaredAnalyses = Set(analyses.map { ObjectIdentifier($0) })
        checkFile = { file in
            var report = FileReport<R.Condition, R.Record>(descriptor: descriptor, file: file)
            R.check(file: file, report: &report)
            if report.findings.isEmpty && report.records.isEmpty { return nil }
            return RuleOutput(
                rule: descriptor.id,
                findings: report.findings.isEmpty ? nil : RawBytes(CompactCoding.encode(report.findings, path: file.path)),
                records: report.records.isEmpty ? nil : RawBytes(CompactCoding.encode(report.records, path: file.path)))
        }
        checkProject = { index, toolchain in
            // Outputs were encoded by this build (the cache key includes it) in a pack authenticated as a whole:
            // one that does not decode is left out. Records are decoded only if the check asks for them: most
            // files have some, and most project checks need them only when there are findings. An editor's
            // server keeps what was decoded (`DecodedOutputs`).
            let outputs = index.outputs(of: descriptor.id)
            let memo = index.decodedOutputs?.slot(descriptor.id)
            // Labelled as the memo takes them: an unlabelled tuple array would be converted, element by element.
            let recordBytes: [(file: Int32, bytes: [UInt8])] = memo == nil ? []
                : outputs.compactMap { output in output.output.records.map { (file: output.file, bytes: $0.bytes) } }
            memo?.noteRecords(recordBytes)
            func decode<T: Decodable>(_ type: T.Type, _ bytes: RawBytes, file: Int32) -> T? {
                try? CompactCoding.decode(type, from: bytes.bytes, path: index.files[Int(file)].path)
            }
            let findingEntries = memo?.entries(isRecords: false, as: [PendingFinding<R.Condition>].self)
            var pending: [PendingFinding<R.Condition>] = []
            for (file, output) in outputs {
                guard let findings = output.findings else { continue }
                let decoded = findingEntries.map { $0.value(file: file, bytes: findings.bytes) { decode([PendingFinding<R.Condition>].self, findings, file: file) } }
                    ?? decode([PendingFinding<R.Condition>].self, findings, file: file)
                if let decoded { pending += decoded }
            }
            let recordEntries = memo?.entries(isRecords: true, as: [R.Record].self)
            func records(of output: RuleOutput, file: Int32) -> [R.Record]? {
                guard let encoded = output.records else { return nil }
                return recordEntries.map { $0.value(file: file, bytes: encoded.bytes) { decode([R.Record].self, encoded, file: file) } }
                    ?? decode([R.Record].self, encoded, file: file)
            }
            func assembleRecords() -> [(path: String, record: R.Record)] {
                var assembled: [(path: String, record: R.Record)] = []
                for (file, output) in outputs {
                    guard let decoded = records(of: output, file: file) else { continue }
                    let path = index.files[Int(file)].path
                    assembled += decoded.map { (path, $0) }
                }
                return assembled
            }
            let context = ProjectContext<R.Condition, R.Record>(descriptor: descriptor, index: index, pending: pending,
                                                                toolchain: toolchain, declaredAnalyses: declaredAnalyses, memo: memo,
                                                                recordBytes: recordBytes) {
                // Kept by an editor's server while no file's records change (most edits change none).
                memo?.derived(" records", assembleRecords) ?? assembleRecords()
            } recordsInFile: { file in
                index.files[file].ruleOutputs.first { $0.rule == descriptor.id }.flatMap { records(of: $0, file: Int32(file)) } ?? []
            }
            var report = ProjectReport(descriptor: descriptor)
            R.check(project: context, report: &report)
            return report.diagnostics
        }
    }

    func check(file: FileContext) -> RuleOutput? { checkFile(file) }
    func check(project index: ProjectIndex, toolchain: Toolchain = .newest) -> [Diagnostic] { checkProject(index, toolchain) }
}

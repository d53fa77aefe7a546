import ArgumentParser
import FlowLintKit

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Print a rule's documentation: what it finds, why it matters, how to fix it."
    )

    @Argument(help: ArgumentHelp("A rule id, as `flowlint rules` lists them.", valueName: "RULE"))
    var rule: String

    func run() throws {
        guard let descriptor = RuleRegistry.descriptor(id: rule) else {
            let known = Set(RuleRegistry.descriptors.map(\.id))
            Console.error("error: unknown rule '\(rule)'\(Configuration.suggestion(for: rule, among: known)); `flowlint rules` lists them")
            throw ExitCode(ExitStatus.usageError)
        }
        if let document = RuleDocuments.document(for: descriptor.id) {
            Console.output(document.hasSuffix("\n") ? document : document + "\n")
            return
        }
        // No document bundled yet: what the descriptor says.
        Console.output("""
            # \(descriptor.name) (`\(descriptor.id)`)

            Default severity: \(descriptor.defaultSeverity.rawValue)\(descriptor.isOptIn ? " (opt-in)" : "")

            \(descriptor.summary.prefix(1).uppercased() + descriptor.summary.dropFirst()).

            \(descriptor.rationale)

            """)
    }
}

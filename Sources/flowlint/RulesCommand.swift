import ArgumentParser
import FlowLintKit

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, default severity, whether the configuration enables it, summary."
    )

    @Option(name: .long, help: ArgumentHelp("Configuration file (default: .flowlint.yml in the working directory or above it).", valueName: "FILE"))
    var config: String?

    func run() throws {
        let configuration = try ConfigurationLoader.load(explicitPath: config)
        let settings = configuration.ruleSettings
        let rows = RuleRegistry.descriptors.map { rule in
            [rule.id, rule.defaultSeverity.rawValue,
             settings.enabled.contains(rule.id) ? "yes" : (rule.isOptIn ? "no (opt-in)" : "no"),
             rule.summary]
        }
        Console.output(table(header: ["ID", "DEFAULT SEVERITY", "ENABLED", "SUMMARY"], rows: rows))
    }

    /// Columns padded to their widest cell; the last column is not padded.
    func table(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

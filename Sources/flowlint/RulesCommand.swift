import ArgumentParser
import FlowLintKit

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, whether it is on by default or opt-in, severity, whether the configuration enables it, whether --fix can fix it, summary.",
        discussion: """
            DEFAULT is `on` for a rule that runs unless disabled, `opt-in` for one that runs only when listed under \
            `opt_in_rules` (or `only_rules`). SEVERITY is the one the configuration gives it (its default otherwise). \
            FIX is `safe` when `--fix` applies some of its fixes, `suggestion` when it only offers fixes (editors, \
            JSON, SARIF), `-` when it offers none. `--reporter json` prints the same as a JSON document for tools.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Configuration file (default: .flowlint.yml in the working directory or above it).", valueName: "FILE"))
    var config: String?

    @Option(help: ArgumentHelp("Output format: text or json.", valueName: "NAME"))
    var reporter: String = "text"

    func validate() throws {
        if reporter != "text" && reporter != "json" { throw ValidationError("unknown reporter '\(reporter)'; use text or json") }
    }

    func run() throws {
        let configuration = try ConfigurationLoader.load(explicitPath: config)
        let settings = configuration.ruleSettings
        if reporter == "json" {
            Console.output(RuleList.json(RuleRegistry.descriptors, settings: settings))
            return
        }
        let rows = RuleRegistry.descriptors.map { rule in
            [rule.id, rule.isOptIn ? "opt-in" : "on", settings.severity(of: rule).rawValue,
             settings.enabled.contains(rule.id) ? "yes" : "no", rule.fix?.rawValue ?? "-", rule.summary]
        }
        Console.output(table(header: ["ID", "DEFAULT", "SEVERITY", "ENABLED", "FIX", "SUMMARY"], rows: rows))
    }

    /// Columns padded to their widest cell; the last column is not padded.
    func table(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}

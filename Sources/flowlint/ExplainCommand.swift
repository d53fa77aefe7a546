import ArgumentParser
import FlowLintKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a rule: what it wants, why, an example, how to configure it.",
        discussion: """
            By default a screenful: the rule's statement, why it matters, its first triggering example (with \
            the fixed code when the document has it) and how to configure it. --full prints the whole \
            document, test cases included, --markdown the document as it is written (Markdown).
            """
    )

    @Argument(help: ArgumentHelp("A rule id, as `flowlint rules` lists them.", valueName: "RULE"))
    var rule: String

    @Flag(help: "Print the whole document: what is flagged and what is not, every example.")
    var full = false

    @Flag(help: "Print the document's Markdown source instead of rendering it for the terminal.")
    var markdown = false

    @Flag(name: .customLong("no-color"), help: "Never color the output (colors are used only when standard output is a terminal and NO_COLOR is unset).")
    var noColor = false

    func validate() throws {
        if full && markdown { throw ValidationError("--full and --markdown cannot be used together (--markdown prints the whole document)") }
    }

    func run() throws {
        guard let descriptor = RuleRegistry.descriptor(id: rule) else {
            let known = Set(RuleRegistry.descriptors.map(\.id))
            Console.error("error: unknown rule '\(rule)'\(Configuration.suggestion(for: rule, among: known)); `flowlint rules` lists them")
            throw ExitCode(ExitStatus.usageError)
        }
        let source = RuleDocument.markdown(ruleID: descriptor.id) ?? Self.fallbackDocument(descriptor)
        if markdown {
            Console.output(source.hasSuffix("\n") ? source : source + "\n")
            return
        }
        let document = full ? source : RuleDocument(markdown: source).summary(ruleID: descriptor.id)
        let renderer = TerminalMarkdown(color: Console.colorAllowed(disabledByFlag: noColor), width: Console.outputWidth)
        Console.output(renderer.render(document))
    }

    /// What the descriptor says, for a rule without a document (`RuleDocumentTests` requires one for every
    /// registered rule, so this is for a rule being written).
    static func fallbackDocument(_ descriptor: RuleDescriptor) -> String {
        let severity = "**Severity:** \(descriptor.defaultSeverity.rawValue) · **Enabled by default:** \(descriptor.isOptIn ? "no (opt-in)" : "yes")"
        return """
            # \(descriptor.id)

            \(severity)

            \(descriptor.summary.prefix(1).uppercased() + descriptor.summary.dropFirst()).

            ## Why

            \(descriptor.rationale)

            """
    }
}

import ArgumentParser
import FlowLintKit
import FlowLintSyntax
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

/// Dumps of the front end for rule authors and bug reports.
struct DebugCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract: "Print what FlowLint's front end sees in a file (for rule authors and bug reports).",
        subcommands: [Tokens.self, AST.self, Outline.self]
    )

    struct FileArgument: ParsableArguments {
        @Argument(help: ArgumentHelp("A Swift file.", valueName: "FILE"))
        var file: String

        func load() throws -> SourceFile {
            guard let data = FileManager.default.contents(atPath: file) else {
                Console.error("error: cannot read '\(file)'")
                throw ExitCode(ExitStatus.unreadableInput)
            }
            return SourceFile(path: file, bytes: Array(data))
        }
    }

    struct Tokens: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "One line per token: line:column, kind, text, flags (line start, contextual keyword, malformed).")
        @OptionGroup var input: FileArgument
        func run() throws {
            let source = try input.load()
            Console.output(dumpTokens(source, Lexer.tokenize(source)))
        }
    }

    struct AST: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ast",
            abstract: "The syntax tree, one node per line, indented: kind, range, name, text of small leaves.",
            discussion: """
                By default every body is parsed. With --fast, the bodies no enabled rule needs are skipped, as \
                when linting: this is the tree the rules see (a skipped body is an empty codeBlock). The words \
                that keep a body come first, as comments.
                """)
        @OptionGroup var input: FileArgument
        @Flag(help: "Skip the bodies the enabled rules do not need, as the linter does.")
        var fast = false
        @Option(help: ArgumentHelp("Configuration whose enabled rules decide what --fast keeps (default: .flowlint.yml found from the working directory).", valueName: "FILE"))
        var config: String?

        func run() throws {
            let source = try input.load()
            guard fast else { return Console.output(Parser.parse(source).dump()) }
            let skipping = LintEngine.bodySkipping(for: try ConfigurationLoader.load(explicitPath: config).ruleSettings)
            let header = skipping.summary.split(separator: "\n").map { "# keeps \($0)\n" }.joined()
            Console.output(header + Parser.parse(source, skipping: skipping).dump())
        }
    }

    struct Outline: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The declarations the differential oracle compares with swift-syntax: line, kind, name, attributes.")
        @OptionGroup var input: FileArgument
        func run() throws {
            Console.output(Parser.parse(try input.load()).outline().map { "\($0)\n" }.joined())
        }
    }
}

import ArgumentParser
import FlowLintKit
import FlowLintSyntax
import Foundation

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
            abstract: "The syntax tree, one node per line, indented: kind, range, name, text of small leaves.")
        @OptionGroup var input: FileArgument
        func run() throws {
            Console.output(Parser.parse(try input.load()).dump())
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

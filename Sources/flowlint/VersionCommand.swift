import ArgumentParser
import FlowLintKit

struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print FlowLint's version.")

    func run() {
        Console.output(FlowLintVersion.current + "\n")
    }
}

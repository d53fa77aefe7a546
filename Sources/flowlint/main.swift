import ArgumentParser
import Foundation

// Exit codes (README, "Exit codes"): 0 no failing findings, 1 failing findings, 2 usage or configuration
// error, 3 some inputs could not be read. ArgumentParser's own usage errors exit with 64 (EX_USAGE); they
// are mapped to 2 here so scripts see one code for every kind of usage error.
do {
    var command = try FlowLintCommand.parseAsRoot()
    try command.run()
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    if FlowLintCommand.exitCode(for: error) == .success {
        FlowLintCommand.exit(withError: error)  // --help, --version: printed to stdout, exit 0
    }
    Console.error(FlowLintCommand.fullMessage(for: error))
    exit(ExitStatus.usageError)
}

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

// Exit codes (README, "Exit codes"): 0 no failing findings, 1 failing findings, 2 usage or configuration
// error, 3 some inputs could not be read, 4 standard output or standard error could not be written.
// ArgumentParser's own usage errors exit with 64 (EX_USAGE); they are mapped to 2 here so scripts see one
// code for every kind of usage error.
MemoryPolicy.apply()
Console.prepareStandardStreams()
// Every command that reads files resolves relative paths against the working directory: one that cannot be
// named (deleted under the shell, too long) stops them here, before any path is looked at.
if FlowLintCommand.needsWorkingDirectory(Array(CommandLine.arguments.dropFirst())),
   case .failure(let problem) = Paths.workingDirectory {
    Console.error(problem.description)
    exit(Console.writeFailed ? ExitStatus.outputError : ExitStatus.usageError)
}
var status = ExitStatus.clean
do {
    var command = try FlowLintCommand.parseAsRoot()
    try command.run()
} catch let code as ExitCode {
    status = code.rawValue
} catch {
    let message = FlowLintCommand.fullMessage(for: error)
    if FlowLintCommand.exitCode(for: error) == .success {
        // --help, --version: to standard output, exit 0, through the same checked writes as everything else.
        if !message.isEmpty { Console.output(message + "\n") }
    } else {
        Console.error(message)
        status = ExitStatus.usageError
    }
}
exit(Console.writeFailed ? ExitStatus.outputError : status)

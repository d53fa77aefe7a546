import ArgumentParser
import FlowLintKit

enum ConfigurationLoader {
    /// The configuration `flowlint rules` describes (see `Configuration.resolve`). Warnings are printed;
    /// errors are printed and exit with 2.
    static func load(explicitPath: String?) throws -> Configuration {
        do {
            let configuration = try Configuration.resolve(explicitPath: explicitPath)
            for warning in configuration.warnings { Console.error(warning) }
            return configuration
        } catch let error as ConfigurationError {
            Console.error(error.message)
            throw ExitCode(ExitStatus.usageError)
        }
    }
}

import ArgumentParser
import FlowLintKit

enum ConfigurationLoader {
    /// `--config FILE`, else the `.flowlint.yml` found from the working directory up to the repository
    /// root, else the defaults. Warnings are printed; errors are printed and exit with 2.
    static func load(explicitPath: String?) throws -> Configuration {
        let workingDirectory = Paths.currentDirectory
        do {
            var configuration: Configuration
            if let explicitPath {
                configuration = try Configuration.load(path: explicitPath)
            } else if let found = Configuration.find(startingAt: workingDirectory) {
                configuration = try Configuration.load(path: Paths.display(found))
            } else {
                configuration = Configuration(rootDirectory: Paths.standardize(workingDirectory))
            }
            for warning in configuration.warnings { Console.error(warning) }
            return configuration
        } catch let error as ConfigurationError {
            Console.error(error.message)
            throw ExitCode(ExitStatus.usageError)
        }
    }
}

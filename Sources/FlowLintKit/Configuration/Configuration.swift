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

/// The contents of a `.flowlint.yml`. FlowLint only reads configuration files; it never writes one.
public struct Configuration: Sendable {
    /// The file it was read from (absolute), or nil for the built-in defaults.
    var filePath: String?
    /// The directory `included` and `excluded` are relative to: the configuration file's directory, or the
    /// working directory when there is no file or it is a pipe (`--config <(...)`).
    var rootDirectory: String
    var included = GlobSet([])
    var excluded = GlobSet([])
    var disabledRules: [String] = []
    var optInRules: [String] = []
    /// When present, exactly these rules run (opt-in ones included) and the two lists above are ignored.
    var onlyRules: [String]? = nil
    var severities: [String: Severity] = [:]
    public var reporter: String? = nil
    public var strict: Bool = false
    /// `targets: false`: do not read the project's Xcode projects and packages (`--no-targets`).
    public var readsTargets = true
    /// `build_configuration:` the build configuration whose settings are read (`--configuration` wins).
    public var buildConfiguration: String? = nil
    /// `baseline:` the baseline file (absolute; written relative to the configuration file's directory), and
    /// where the key is (`file:line:column`) for errors. `--baseline` wins.
    public var baselinePath: String? = nil
    var baselineKeyLocation = ""
    /// `xcode:` the Xcode that builds the project (`Toolchain`), the newest by default.
    var toolchain = Toolchain.newest
    /// Problems that do not stop the run (unknown keys, unknown rule ids), as `file:line:column: warning: ...`.
    public var warnings: [String] = []

    public init(rootDirectory: String) {
        self.rootDirectory = rootDirectory
    }

    public static let fileName = ".flowlint.yml"

    /// The keys FlowLint understands, in the order the README documents them.
    static let knownKeys = [
        "included", "excluded", "disabled_rules", "opt_in_rules", "only_rules", "severity", "reporter", "strict",
        "targets", "build_configuration", "xcode", "baseline",
    ]

    /// Reads the file `baseline:` names (`Baseline.load`: the same limits as `--baseline`), shown as the working
    /// directory sees it; nil when the key is absent. Throws `ConfigurationError` (exit 2) that names the key.
    public func loadBaseline() throws -> Baseline? {
        guard let baselinePath else { return nil }
        do {
            return try Baseline.load(path: Paths.display(baselinePath))
        } catch let error as ConfigurationError {
            throw ConfigurationError(message: "\(error.message) (named by 'baseline' at \(baselineKeyLocation))")
        }
    }

    /// The rules that run, at which severities.
    public var ruleSettings: RuleSettings {
        let all = RuleRegistry.descriptors
        var enabled: Set<String>
        if let only = onlyRules {
            enabled = Set(only)
        } else {
            enabled = Set(all.filter { !$0.isOptIn }.map(\.id))
            enabled.formUnion(optInRules)
            enabled.subtract(disabledRules)
        }
        // Ids nobody knows were already warned about; the engine never sees them.
        enabled.formIntersection(all.map(\.id))
        return RuleSettings(enabled: enabled, severities: severities, toolchain: toolchain)
    }

    /// Whether a file (absolute path) is linted under `included` / `excluded`. Files outside the root
    /// directory are matched by no pattern: they are linted unless `included` is set.
    func includes(absolutePath: String) -> Bool {
        if excluded.isEmpty && included.isEmpty { return true }
        let relative = Paths.relative(absolutePath, to: rootDirectory)
        if let relative {
            if !excluded.isEmpty && excluded.matches(relative) { return false }
            if !included.isEmpty { return included.matches(relative) }
            return true
        }
        return included.isEmpty
    }

    /// Whether a directory met during the search is excluded as a whole, so the search does not descend.
    func excludesDirectory(absolutePath: String) -> Bool {
        guard !excluded.isEmpty, let relative = Paths.relative(absolutePath, to: rootDirectory), !relative.isEmpty else { return false }
        return excluded.matches(relative)
    }

    /// The configuration of a run: the file at `explicitPath` (`--config`), else the `.flowlint.yml` that applies
    /// to the working directory (`ProjectRoot.configurationFile`), else the defaults. Markers skipped on the way
    /// (another user's) are among its warnings. Throws `ConfigurationError` (exit 2).
    public static func resolve(explicitPath: String?) throws -> Configuration {
        let workingDirectory = Paths.currentDirectory
        if let explicitPath { return try load(path: explicitPath) }
        let walk = ProjectRoot.Walk(from: workingDirectory)
        var configuration = try walk.configurationFile.map { try load(path: Paths.display($0), found: true) }
            ?? Configuration(rootDirectory: Paths.standardize(workingDirectory))
        configuration.warnings = walk.skipped + configuration.warnings
        return configuration
    }

    /// The largest configuration file FlowLint reads: 1 MiB. A `.flowlint.yml` is a few hundred bytes; even a
    /// list of thousands of excluded paths stays far below this, while the YAML tree of a file costs many times
    /// its size in memory.
    static let maximumFileSize = 1 << 20

    /// How deeply the configuration may nest, counting indentation levels and open `[` / `{`: 64. FlowLint's
    /// own keys need 3; the YAML reader recurses once per level.
    static let maximumNesting = 64

    /// Reads and checks a configuration file. Only `maximumFileSize` bytes are ever read: the size of a
    /// regular file is checked before reading; a pipe named on the command line (`--config <(...)`) is read up
    /// to the limit. A `found` file (the `.flowlint.yml` at or above an input, not named by the user) must be a
    /// regular file: anything else there (a dangling link, a loop of links, a directory, a FIFO) is an error
    /// that says so, never a reason to fall back to the defaults and drop the project's `strict: true`.
    public static func load(path: String, found: Bool = false) throws -> Configuration {
        let absolute = Paths.absolute(path)
        let shownPath = Escaping.text(path)
        let data: [UInt8]
        switch readLimited(absolute, limit: maximumFileSize, regularOnly: found) {
        case .success(let bytes):
            data = bytes
        case .failure(.tooLarge):
            throw ConfigurationError(message: "\(shownPath): error: configuration file is larger than \(maximumFileSize >> 20) MiB")
        case .failure(.system(let reason)):
            throw ConfigurationError(message: "\(shownPath): error: cannot read configuration file: \(reason)")
        }
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw ConfigurationError(message: "\(shownPath): error: configuration file is not valid UTF-8")
        }
        return try parse(text, path: path, rootDirectory: Paths.anchorDirectory(ofFileAt: absolute), filePath: absolute)
    }

    enum ReadError: Error, Equatable {
        case tooLarge
        case system(String)
    }

    /// A file's bytes, at most `limit` of them. Opened without waiting for a writer (a FIFO named
    /// `.flowlint.yml` cannot block the run); a regular file's size is checked before anything is read.
    /// `regularOnly`: anything but a regular file is refused, with what it is.
    static func readLimited(_ absolutePath: String, limit: Int, regularOnly: Bool = false) -> Result<[UInt8], ReadError> {
        let descriptor = open(absolutePath, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT && lstat(absolutePath, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK {
                return .failure(.system("it is a symbolic link to a file that does not exist"))
            }
            return .failure(.system(String(cString: strerror(code))))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.system(String(cString: strerror(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return .failure(.system("is a directory"))
        case S_IFREG:
            if info.st_size > limit { return .failure(.tooLarge) }
        case S_IFIFO where regularOnly:
            return .failure(.system("not a regular file (a FIFO)"))
        case _ where regularOnly:
            return .failure(.system("not a regular file"))
        default:
            // A pipe or device named explicitly (`--config /dev/stdin`): read it as it comes, up to the limit.
            let flags = fcntl(descriptor, F_GETFL)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(String(cString: strerror(errno))))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes.count > limit ? .failure(.tooLarge) : .success(bytes)
    }

    /// Parses configuration text. `path` is how messages name the file.
    static func parse(_ text: String, path: String, rootDirectory: String, filePath: String? = nil) throws -> Configuration {
        var configuration = Configuration(rootDirectory: rootDirectory)
        configuration.filePath = filePath
        let shownPath = Escaping.text(path)
        if text.utf8.count > maximumFileSize {
            throw ConfigurationError(message: "\(shownPath):1:1: error: configuration is larger than \(maximumFileSize >> 20) MiB")
        }
        // Before the YAML reader sees the text: it recurses once per level of nesting.
        if let violation = YAMLNestingCheck.firstViolation(in: text, limit: maximumNesting) {
            throw ConfigurationError(message: "\(shownPath):\(violation.line):\(violation.column): error: \(violation.message)")
        }
        let root: YAMLNode?
        do {
            root = try YAMLReader.read(text)
        } catch let error as YAMLError {
            throw ConfigurationError(message: "\(shownPath):\(error.line):\(error.column): error: invalid YAML: \(Escaping.text(error.message))")
        }
        guard let root else { return configuration }  // An empty file: all defaults.
        if case .scalar(let scalar) = root.value, scalar.type == .null { return configuration }
        guard case .mapping(let mapping) = root.value else {
            throw ConfigurationError(message: "\(at(path, root)): error: the configuration must be a mapping of keys to values")
        }
        let reader = NodeReader(path: path)
        let knownRules = Set(RuleRegistry.descriptors.map(\.id))
        func checkRuleIDs(_ ids: [(String, YAMLNode)], key: String) {
            for (id, node) in ids where !knownRules.contains(id) {
                configuration.warnings.append("\(at(path, node)): warning: unknown rule '\(Escaping.text(id))' in '\(key)'\(suggestion(for: id, among: knownRules))")
            }
        }
        /// Where `severity:` set each rule's severity, to explain a conflict with a top-level rule key.
        var severityEntries: [String: YAMLNode] = [:]
        /// SwiftLint's spelling, `rule_id: error` or `rule_id: {severity: error}`, applied after the loop.
        var ruleKeys: [(id: String, key: YAMLNode, severity: Severity)] = []
        for (keyNode, value) in mapping {
            guard case .scalar(let keyScalar) = keyNode.value else {
                throw ConfigurationError(message: "\(at(path, keyNode)): error: configuration keys must be plain strings")
            }
            let key = keyScalar.string
            switch key {
            case "included":
                configuration.included = try reader.globs(value, key: key)
            case "excluded":
                configuration.excluded = try reader.globs(value, key: key)
            case "disabled_rules":
                let ids = try reader.strings(value, key: key)
                checkRuleIDs(ids, key: key)
                configuration.disabledRules = ids.map(\.0)
            case "opt_in_rules":
                let ids = try reader.strings(value, key: key)
                checkRuleIDs(ids, key: key)
                configuration.optInRules = ids.map(\.0)
            case "only_rules":
                let ids = try reader.strings(value, key: key)
                checkRuleIDs(ids, key: key)
                configuration.onlyRules = ids.map(\.0)
            case "severity":
                for (id, node, severityName) in try reader.stringMapping(value, key: key) {
                    checkRuleIDs([(id, node)], key: key)
                    guard let severity = Severity(rawValue: severityName.0) else {
                        throw ConfigurationError(message: "\(at(path, severityName.1)): error: severity of '\(Escaping.text(id))' must be 'warning' or 'error', not '\(Escaping.text(severityName.0))'")
                    }
                    configuration.severities[id] = severity
                    severityEntries[id] = node
                }
            case "reporter":
                configuration.reporter = try reader.string(value, key: key)
                if let name = configuration.reporter, ReporterKind(rawValue: name) == nil {
                    throw ConfigurationError(message: "\(at(path, value)): error: unknown reporter '\(Escaping.text(name))'; available: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            case "strict":
                configuration.strict = try reader.bool(value, key: key)
            case "targets":
                configuration.readsTargets = try reader.bool(value, key: key)
            case "build_configuration":
                configuration.buildConfiguration = try reader.string(value, key: key)
                if configuration.buildConfiguration?.isEmpty ?? true {
                    throw ConfigurationError(message: "\(at(path, value)): error: 'build_configuration' must name a build configuration")
                }
            case "baseline":
                let named = try reader.string(value, key: key)
                guard !named.isEmpty else {
                    throw ConfigurationError(message: "\(at(path, value)): error: 'baseline' must name a baseline file")
                }
                configuration.baselinePath = Paths.standardize(Paths.absolute(named, base: rootDirectory))
                configuration.baselineKeyLocation = at(path, value)
            case "xcode":
                configuration.toolchain = Toolchain(xcode: try reader.xcodeVersion(value, key: key))
            case _ where knownRules.contains(key):
                if let severity = try reader.ruleSeverity(value, rule: key, warnings: &configuration.warnings) {
                    ruleKeys.append((key, keyNode, severity))
                }
            default:
                configuration.warnings.append("\(at(path, keyNode)): warning: unknown configuration key '\(Escaping.text(key))'\(suggestion(for: key, among: Set(knownKeys).union(knownRules)))")
            }
        }
        // `severity:` is FlowLint's own spelling: it wins over a top-level rule key that says otherwise.
        for (id, keyNode, severity) in ruleKeys {
            if let existing = configuration.severities[id], let entry = severityEntries[id] {
                if existing != severity {
                    configuration.warnings.append("\(at(path, keyNode)): warning: '\(id): \(severity.rawValue)' conflicts with 'severity: \(id): \(existing.rawValue)' (line \(entry.line)); using '\(existing.rawValue)'")
                }
            } else {
                configuration.severities[id] = severity
            }
        }
        return configuration
    }

    /// `path:line:column` of a node, the path's control characters escaped.
    static func at(_ path: String, _ node: YAMLNode) -> String {
        "\(Escaping.text(path)):\(node.line):\(node.column)"
    }

    /// " (did you mean 'x'?)" when a known name is spelled the same in another case or with `-` for `_`
    /// (`NonPrivateState`, `non-private-state`), or is one or two edits away, case and separators aside
    /// (`non-private-stat`).
    public static func suggestion(for name: String, among known: Set<String>) -> String {
        func folded(_ text: String) -> String { text.lowercased().filter { $0 != "_" && $0 != "-" } }
        let sameWord = known.filter { folded($0) == folded(name) && $0 != name }.sorted()
        if let match = sameWord.first { return " (did you mean '\(match)'?)" }
        let prefixMatches = known.filter { name.count >= 3 && folded($0).hasPrefix(folded(name)) }.sorted()
        if prefixMatches.count == 1 { return " (did you mean '\(prefixMatches[0])'?)" }
        let best = known.map { ($0, editDistance(folded(name), folded($0))) }.filter { $0.1 <= 2 }.min { ($0.1, $0.0) < ($1.1, $1.0) }
        return best.map { " (did you mean '\($0.0)'?)" } ?? ""
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where j <= b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// A configuration problem that stops the run (exit code 2). `message` is ready to print.
public struct ConfigurationError: Error, CustomStringConvertible, Equatable {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// Typed access to YAML values, with errors that point at the offending node.
private struct NodeReader {
    let path: String

    func fail(_ node: YAMLNode, _ message: String) -> ConfigurationError {
        ConfigurationError(message: "\(Configuration.at(path, node)): error: \(message)")
    }

    func kind(_ node: YAMLNode) -> String {
        switch node.value {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            switch scalar.type {
            case .bool: return "a boolean"
            case .int, .float: return "a number"
            case .null: return "null"
            default: return "a string"
            }
        }
    }

    func string(_ node: YAMLNode, key: String) throws -> String {
        guard case .scalar(let scalar) = node.value, scalar.type == .str else {
            throw fail(node, "'\(key)' must be a string, not \(kind(node))")
        }
        return scalar.string
    }

    func bool(_ node: YAMLNode, key: String) throws -> Bool {
        guard case .scalar(let scalar) = node.value, scalar.type == .bool else {
            throw fail(node, "'\(key)' must be true or false, not \(kind(node))")
        }
        return scalar.bool
    }

    /// An Xcode version, `27` or `26.4` (a YAML number or string), from the first Xcode with SwiftUI on.
    func xcodeVersion(_ node: YAMLNode, key: String) throws -> OSVersion {
        let example = "such as 27 or 26.4"
        guard case .scalar(let scalar) = node.value, [.int, .float, .str].contains(scalar.type) else {
            throw fail(node, "'\(key)' must be an Xcode version \(example), not \(kind(node))")
        }
        guard let version = OSVersion(scalar.string) else {
            throw fail(node, "'\(key)' must be an Xcode version \(example), not '\(Escaping.text(scalar.string))'")
        }
        guard version >= Toolchain.oldest else {
            throw fail(node, "'\(key)' must be an Xcode with SwiftUI (\(Toolchain.oldest.components[0]) or later), not '\(Escaping.text(scalar.string))'")
        }
        return version
    }

    /// A list of strings; null (the key with no value) is the empty list.
    func strings(_ node: YAMLNode, key: String) throws -> [(String, YAMLNode)] {
        if case .scalar(let scalar) = node.value, scalar.type == .null { return [] }
        guard case .sequence(let sequence) = node.value else {
            throw fail(node, "'\(key)' must be a list of strings, not \(kind(node))")
        }
        return try sequence.map { element in
            guard case .scalar(let scalar) = element.value, scalar.type == .str else {
                throw fail(element, "'\(key)' must be a list of strings; this element is \(kind(element))")
            }
            return (scalar.string, element)
        }
    }

    /// A list of globs, compiled; more than `GlobSet.maximumGeneralComponents` wildcard components that are
    /// tried one by one is an error.
    func globs(_ node: YAMLNode, key: String) throws -> GlobSet {
        let patterns = try strings(node, key: key).map(\.0)
        let general = GlobSet.generalComponentCount(patterns)
        if general > GlobSet.maximumGeneralComponents {
            throw fail(node, "'\(key)' holds \(general) wildcard components like '*Tests*' or 'a?c' (each is tried in turn against every path); at most \(GlobSet.maximumGeneralComponents) are allowed: name paths, or use '*', '**', '*suffix' and 'prefix*', which are looked up at once")
        }
        return GlobSet(patterns.map(Glob.init))
    }

    /// A top-level rule key in SwiftLint's spelling: `rule_id: error` or `rule_id: {severity: error}`. Other
    /// options of the mapping are warned about (FlowLint rules have none); nil when it sets no severity.
    func ruleSeverity(_ node: YAMLNode, rule: String, warnings: inout [String]) throws -> Severity? {
        func severity(_ value: YAMLNode) throws -> Severity {
            guard case .scalar(let scalar) = value.value, scalar.type == .str, let severity = Severity(rawValue: scalar.string) else {
                let shown = { if case .scalar(let scalar) = value.value, scalar.type == .str { return "'\(Escaping.text(scalar.string))'" } else { return kind(value) } }()
                throw fail(value, "severity of '\(rule)' must be 'warning' or 'error', not \(shown)")
            }
            return severity
        }
        switch node.value {
        case .scalar:
            return try severity(node)
        case .mapping(let mapping):
            var result: Severity?
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key.value else { throw fail(key, "options of '\(rule)' must be plain strings") }
                if keyScalar.string == "severity" {
                    result = try severity(value)
                } else {
                    warnings.append("\(Configuration.at(path, key)): warning: unknown option '\(Escaping.text(keyScalar.string))' for rule '\(rule)' (FlowLint rules have no options, only 'severity')")
                }
            }
            return result
        case .sequence:
            throw fail(node, "'\(rule)' must be 'warning', 'error' or a mapping with 'severity', not a list")
        }
    }

    /// A mapping of strings to strings: (key, key node, (value, value node)).
    func stringMapping(_ node: YAMLNode, key: String) throws -> [(String, YAMLNode, (String, YAMLNode))] {
        if case .scalar(let scalar) = node.value, scalar.type == .null { return [] }
        guard case .mapping(let mapping) = node.value else {
            throw fail(node, "'\(key)' must be a mapping of rule ids to severities, not \(kind(node))")
        }
        return try mapping.map { pair in
            guard case .scalar(let k) = pair.key.value else { throw fail(pair.key, "keys of '\(key)' must be rule ids") }
            guard case .scalar(let v) = pair.value.value, v.type == .str else {
                throw fail(pair.value, "severity of '\(Escaping.text(k.string))' must be 'warning' or 'error', not \(kind(pair.value))")
            }
            return (k.string, pair.key, (v.string, pair.value))
        }
    }
}

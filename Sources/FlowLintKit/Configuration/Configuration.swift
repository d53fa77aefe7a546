import Foundation
import Yams

/// The contents of a `.flowlint.yml`. FlowLint only reads configuration files; it never writes one.
public struct Configuration: Sendable {
    /// The file it was read from (absolute), or nil for the built-in defaults.
    public var filePath: String?
    /// The directory `included` and `excluded` are relative to: the configuration file's directory, or the
    /// working directory when there is no file.
    public var rootDirectory: String
    public var included: [Glob] = []
    public var excluded: [Glob] = []
    public var disabledRules: [String] = []
    public var optInRules: [String] = []
    /// When present, exactly these rules run (opt-in ones included) and the two lists above are ignored.
    public var onlyRules: [String]? = nil
    public var severities: [String: Severity] = [:]
    public var reporter: String? = nil
    public var strict: Bool = false
    /// Problems that do not stop the run (unknown keys, unknown rule ids), as `file:line:column: warning: ...`.
    public var warnings: [String] = []

    public init(rootDirectory: String) {
        self.rootDirectory = rootDirectory
    }

    public static let fileName = ".flowlint.yml"

    /// The keys FlowLint understands, in the order the README documents them.
    public static let knownKeys = [
        "included", "excluded", "disabled_rules", "opt_in_rules", "only_rules", "severity", "reporter", "strict",
    ]

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
        return RuleSettings(enabled: enabled, severities: severities)
    }

    /// Whether a file (absolute path) is linted under `included` / `excluded`. Files outside the root
    /// directory are matched by no pattern: they are linted unless `included` is set.
    public func includes(absolutePath: String) -> Bool {
        if excluded.isEmpty && included.isEmpty { return true }
        let relative = Paths.relative(absolutePath, to: rootDirectory)
        if let relative {
            if excluded.contains(where: { $0.matches(relative) }) { return false }
            if !included.isEmpty { return included.contains(where: { $0.matches(relative) }) }
            return true
        }
        return included.isEmpty
    }

    /// Whether a directory met during the search is excluded as a whole, so the search does not descend.
    public func excludesDirectory(absolutePath: String) -> Bool {
        guard !excluded.isEmpty, let relative = Paths.relative(absolutePath, to: rootDirectory), !relative.isEmpty else { return false }
        return excluded.contains(where: { $0.matches(relative) })
    }

    /// Looks for `.flowlint.yml` in `directory` and its parents, stopping after the first directory that
    /// contains `.git` (the repository root) or at `/`.
    public static func find(startingAt directory: String) -> String? {
        var current = Paths.standardize(directory)
        let fm = FileManager.default
        while true {
            let candidate = Paths.join(current, fileName)
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
            if fm.fileExists(atPath: Paths.join(current, ".git")) { return nil }
            let parent = Paths.parent(current)
            if parent == current { return nil }
            current = parent
        }
    }

    /// The configuration of a run: the file at `explicitPath` (`--config`), else the `.flowlint.yml` found from
    /// the working directory up to the repository root, else the defaults. Throws `ConfigurationError` (exit 2).
    public static func resolve(explicitPath: String?) throws -> Configuration {
        let workingDirectory = Paths.currentDirectory
        if let explicitPath { return try load(path: explicitPath) }
        if let found = find(startingAt: workingDirectory) { return try load(path: Paths.display(found)) }
        return Configuration(rootDirectory: Paths.standardize(workingDirectory))
    }

    /// Reads and checks a configuration file.
    public static func load(path: String) throws -> Configuration {
        let absolute = Paths.absolute(path)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: absolute))
        } catch {
            throw ConfigurationError(message: "\(path): error: cannot read configuration file: \(Paths.reason(of: error))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(message: "\(path): error: configuration file is not valid UTF-8")
        }
        return try parse(text, path: path, rootDirectory: Paths.parent(absolute), filePath: absolute)
    }

    /// Parses configuration text. `path` is how messages name the file.
    public static func parse(_ text: String, path: String, rootDirectory: String, filePath: String? = nil) throws -> Configuration {
        var configuration = Configuration(rootDirectory: rootDirectory)
        configuration.filePath = filePath
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationError(message: describe(error, path: path))
        } catch {
            throw ConfigurationError(message: "\(path):1:1: error: invalid YAML: \(error)")
        }
        guard let root else { return configuration }  // An empty file: all defaults.
        if case .scalar(let scalar) = root, scalar.resolvedTagName == .null { return configuration }
        guard case .mapping(let mapping) = root else {
            throw ConfigurationError(message: "\(at(path, root)): error: the configuration must be a mapping of keys to values")
        }
        let reader = NodeReader(path: path)
        let knownRules = Set(RuleRegistry.descriptors.map(\.id))
        func checkRuleIDs(_ ids: [(String, Node)], key: String) {
            for (id, node) in ids where !knownRules.contains(id) {
                configuration.warnings.append("\(at(path, node)): warning: unknown rule '\(id)' in '\(key)'\(suggestion(for: id, among: knownRules))")
            }
        }
        for (keyNode, value) in mapping {
            guard case .scalar(let keyScalar) = keyNode else {
                throw ConfigurationError(message: "\(at(path, keyNode)): error: configuration keys must be plain strings")
            }
            let key = keyScalar.string
            switch key {
            case "included":
                configuration.included = try reader.strings(value, key: key).map { Glob($0.0) }
            case "excluded":
                configuration.excluded = try reader.strings(value, key: key).map { Glob($0.0) }
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
                        throw ConfigurationError(message: "\(at(path, severityName.1)): error: severity of '\(id)' must be 'warning' or 'error', not '\(severityName.0)'")
                    }
                    configuration.severities[id] = severity
                }
            case "reporter":
                configuration.reporter = try reader.string(value, key: key)
                if let name = configuration.reporter, ReporterKind(rawValue: name) == nil {
                    throw ConfigurationError(message: "\(at(path, value)): error: unknown reporter '\(name)'; available: \(ReporterKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            case "strict":
                configuration.strict = try reader.bool(value, key: key)
            default:
                configuration.warnings.append("\(at(path, keyNode)): warning: unknown configuration key '\(key)'\(suggestion(for: key, among: Set(knownKeys)))")
            }
        }
        return configuration
    }

    static func at(_ path: String, _ node: Node) -> String {
        guard let mark = node.mark else { return "\(path):1:1" }
        return "\(path):\(mark.line):\(mark.column)"
    }

    private static func describe(_ error: YamlError, path: String) -> String {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let contextText = context.map { "\($0.text); " } ?? ""
            return "\(path):\(mark.line):\(mark.column): error: invalid YAML: \(contextText)\(problem)"
        case let .reader(problem, _, _, _):
            return "\(path):1:1: error: invalid YAML: \(problem)"
        default:
            return "\(path):1:1: error: invalid YAML: \(error)"
        }
    }

    /// " (did you mean 'x'?)" when a known name is one or two edits away.
    public static func suggestion(for name: String, among known: Set<String>) -> String {
        let prefixMatches = known.filter { name.count >= 3 && $0.hasPrefix(name) }.sorted()
        if prefixMatches.count == 1 { return " (did you mean '\(prefixMatches[0])'?)" }
        let best = known.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }.min { ($0.1, $0.0) < ($1.1, $1.0) }
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

    func fail(_ node: Node, _ message: String) -> ConfigurationError {
        ConfigurationError(message: "\(Configuration.at(path, node)): error: \(message)")
    }

    func kind(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar):
            switch scalar.resolvedTagName {
            case .bool: return "a boolean"
            case .int, .float: return "a number"
            case .null: return "null"
            default: return "a string"
            }
        }
    }

    func string(_ node: Node, key: String) throws -> String {
        guard case .scalar(let scalar) = node, scalar.resolvedTagName == .str else {
            throw fail(node, "'\(key)' must be a string, not \(kind(node))")
        }
        return scalar.string
    }

    func bool(_ node: Node, key: String) throws -> Bool {
        guard case .scalar(let scalar) = node, scalar.resolvedTagName == .bool, let value = node.bool else {
            throw fail(node, "'\(key)' must be true or false, not \(kind(node))")
        }
        return value
    }

    /// A list of strings; null (the key with no value) is the empty list.
    func strings(_ node: Node, key: String) throws -> [(String, Node)] {
        if case .scalar(let scalar) = node, scalar.resolvedTagName == .null { return [] }
        guard case .sequence(let sequence) = node else {
            throw fail(node, "'\(key)' must be a list of strings, not \(kind(node))")
        }
        return try sequence.map { element in
            guard case .scalar(let scalar) = element, scalar.resolvedTagName == .str else {
                throw fail(element, "'\(key)' must be a list of strings; this element is \(kind(element))")
            }
            return (scalar.string, element)
        }
    }

    /// A mapping of strings to strings: (key, key node, (value, value node)).
    func stringMapping(_ node: Node, key: String) throws -> [(String, Node, (String, Node))] {
        if case .scalar(let scalar) = node, scalar.resolvedTagName == .null { return [] }
        guard case .mapping(let mapping) = node else {
            throw fail(node, "'\(key)' must be a mapping of rule ids to severities, not \(kind(node))")
        }
        return try mapping.map { pair in
            guard case .scalar(let k) = pair.key else { throw fail(pair.key, "keys of '\(key)' must be rule ids") }
            guard case .scalar(let v) = pair.value, v.resolvedTagName == .str else {
                throw fail(pair.value, "severity of '\(k.string)' must be 'warning' or 'error', not \(kind(pair.value))")
            }
            return (k.string, pair.key, (v.string, pair.value))
        }
    }
}

private extension Node.Scalar {
    /// The scalar's type as YAML resolves it (`str`, `bool`, `int`, `null`, ...).
    var resolvedTagName: Tag.Name { Tag.Name(rawValue: Node.scalar(self).tag.description) }
}

/// The Xcode build settings of one target in one build configuration, as the build system layers them (lowest
/// precedence first): the project's `.xcconfig`, the project's settings, the target's `.xcconfig`, the
/// target's settings. Each level is a list of assignments; a setting's value is its last assignment whose
/// conditions (`KEY[sdk=iphoneos*]`, `[config=Debug]`, `[arch=*]`) hold, and `$(inherited)` (or the setting's
/// own name) in it stands for the value of the assignment before that one. This is how swift-build evaluates
/// them: a level of a `project.pbxproj` is pushed in key order, so `KEY[sdk=...]` comes after `KEY` and takes
/// precedence over it; an `.xcconfig` is pushed line by line, includes in place.
///
/// References to other settings (`$(PRODUCT_NAME)`, `${TARGET_NAME}`, `$(A_$(B))`) are evaluated in the
/// whole scope; a setting defined nowhere is empty, as in Xcode. Evaluation is bounded (depth, steps, length),
/// so a cycle or an exponential chain of references ends with "unknown" (nil), never a hang.
struct BuildSettings {
    struct Condition: Equatable {
        var parameter: String
        var pattern: String
    }

    struct Assignment: Equatable {
        var conditions: [Condition]
        var value: String
    }

    /// Per setting name, its assignments, lowest precedence first.
    private(set) var assignments: [String: [Assignment]] = [:]

    /// Pushes one level of a `project.pbxproj` (a configuration's `buildSettings`): in key order, as swift-build.
    /// Values that are lists (`(a, b)`) are joined with spaces, as Xcode does; other non-string values are skipped.
    mutating func push(dictionary: [AnyHashable: Any]) {
        let keyed = dictionary.compactMap { entry in (entry.key.base as? String).map { ($0, entry.value) } }
        for (key, raw) in keyed.sorted(by: { $0.0 < $1.0 }) {
            let value: String
            switch raw {
            case let text as String: value = text
            case let list as [Any]: value = list.compactMap { $0 as? String }.map(Self.quotedListItem).joined(separator: " ")
            default: continue
            }
            push(key: key, value: value)
        }
    }

    /// Pushes `KEY` or `KEY[parameter=pattern]...` = value; a key that cannot be read is ignored.
    mutating func push(key: String, value: String) {
        guard let (name, conditions) = Self.parseKey(key) else { return }
        assignments[name, default: []].append(Assignment(conditions: conditions, value: value))
    }

    /// `NAME[sdk=iphoneos*][arch=*]` → (`NAME`, conditions); nil when the key is not of that form.
    static func parseKey(_ key: String) -> (String, [Condition])? {
        let trimmed = key.trimmingBlanks()
        guard let open = trimmed.firstIndex(of: "[") else {
            return isSettingName(trimmed) ? (trimmed, []) : nil
        }
        let name = String(trimmed[..<open])
        guard isSettingName(name) else { return nil }
        var conditions: [Condition] = []
        var rest = trimmed[open...]
        while let first = rest.first, first == "[" {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let body = rest[rest.index(after: rest.startIndex)..<close]
            guard let equals = body.firstIndex(of: "=") else { return nil }
            let parameter = String(body[..<equals]).trimmingBlanks()
            let pattern = String(body[body.index(after: equals)...]).trimmingBlanks()
            guard !parameter.isEmpty else { return nil }
            conditions.append(Condition(parameter: parameter, pattern: pattern))
            rest = rest[rest.index(after: close)...]
        }
        return rest.isEmpty ? (name, conditions) : nil
    }

    static func isSettingName<S: StringProtocol>(_ name: S) -> Bool {
        guard let first = name.utf8.first, !(first >= 48 && first <= 57) else { return false }
        return name.utf8.allSatisfy { $0 == 95 || ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 122) }
    }

    /// An item of a list value written back into a string list: quoted when it holds a space.
    private static func quotedListItem(_ item: String) -> String {
        item.contains(" ") && !item.contains("\"") ? "\"\(item)\"" : item
    }
}

/// Where settings are evaluated: the SDK built for (`iphoneos`; nil when no platform is known, then no
/// `[sdk=...]` condition holds), the configuration, and the values Xcode itself defines that the loader knows
/// (`TARGET_NAME`, `PROJECT_NAME`, `SRCROOT`, the defaults of `PRODUCT_NAME` and `PRODUCT_MODULE_NAME`).
struct BuildSettingScope {
    var sdk: String?
    var configuration: String
    /// The architecture `[arch=...]` conditions are matched against: the one every current Apple device has.
    var architecture = "arm64"
    /// Built-in settings, used when no assignment defines the name; values may reference other settings.
    var builtins: [String: String] = [:]

    func matches(_ conditions: [BuildSettings.Condition]) -> Bool {
        conditions.allSatisfy { condition in
            switch condition.parameter {
            case "sdk": return sdk.map { BuildSettingScope.glob(condition.pattern, matches: $0) } ?? false
            case "config": return BuildSettingScope.glob(condition.pattern, matches: configuration)
            case "arch": return BuildSettingScope.glob(condition.pattern, matches: architecture)
            default: return condition.pattern == "*" // variant, dependency, ...: only "any" is known to hold
            }
        }
    }

    /// `*` matches any run of characters, `?` one; everything else itself. A loop with one backtrack point.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == UInt8(ascii: "?") || p[pi] == t[ti]) {
                pi += 1; ti += 1
            } else if pi < p.count && p[pi] == UInt8(ascii: "*") {
                star = pi; mark = ti; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}

extension BuildSettings {
    /// How deep references may nest, how many a whole evaluation may follow, and how long a value may grow:
    /// real settings nest a few levels and stay short; these end cycles and exponential chains.
    static let maximumDepth = 32
    static let stepBudget = 10_000
    static let maximumLength = 64 * 1024

    /// The value of `name` in `scope`: nil when no assignment holds and Xcode's default is not known, or when
    /// evaluation ran into a cycle or a bound.
    func value(_ name: String, in scope: BuildSettingScope) -> String? {
        var evaluation = Evaluation(settings: self, scope: scope)
        let result = evaluation.lookup(name, before: nil, depth: 0)
        return evaluation.failed ? nil : result
    }

    /// The value of `name` split as Xcode splits a list setting: at spaces, with `"..."`, `'...'` and `\`
    /// quoting. Empty when the setting is not set.
    func list(_ name: String, in scope: BuildSettingScope) -> [String]? {
        value(name, in: scope).map(Self.splitList)
    }

    static func splitList(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var inItem = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character); escaped = false; inItem = true
                continue
            }
            if character == "\\" { escaped = true; inItem = true; continue }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" || character == "'" { quote = character; inItem = true; continue }
            if character == " " || character == "\t" || character == "\n" || character == "\r" {
                if inItem { items.append(current); current = ""; inItem = false }
                continue
            }
            current.append(character)
            inItem = true
        }
        if inItem { items.append(current) }
        return items
    }

    /// One evaluation: the steps it may still take, and whether it gave up.
    private struct Evaluation {
        let settings: BuildSettings
        let scope: BuildSettingScope
        var steps = BuildSettings.stepBudget
        var failed = false

        init(settings: BuildSettings, scope: BuildSettingScope) {
            self.settings = settings
            self.scope = scope
        }

        /// The value of the last assignment of `name` before index `before` (all when nil) whose conditions
        /// hold; Xcode's default when there is none; nil when not set at all.
        mutating func lookup(_ name: String, before: Int?, depth: Int) -> String? {
            guard !failed else { return nil }
            guard depth < BuildSettings.maximumDepth else { failed = true; return nil }
            let list = settings.assignments[name] ?? []
            var index = min(before ?? list.count, list.count) - 1
            while index >= 0 && !scope.matches(list[index].conditions) { index -= 1 }
            if index < 0 {
                // Below every assignment: Xcode's own value, when known. It inherits nothing.
                guard let builtin = scope.builtins[name] else { return nil }
                return expand(builtin, name: name, inheritedBefore: nil, depth: depth + 1)
            }
            return expand(list[index].value, name: name, inheritedBefore: index, depth: depth + 1)
        }

        /// `text` with its references replaced. `$(inherited)` and `$(name)` stand for the value of `name`'s
        /// assignments before index `inheritedBefore` (nil: nothing, for a built-in value).
        mutating func expand(_ text: String, name: String, inheritedBefore: Int?, depth: Int) -> String {
            guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
            guard depth < BuildSettings.maximumDepth else { failed = true; return "" }
            let bytes = Array(text.utf8)
            var out: [UInt8] = []
            var i = 0
            while i < bytes.count, !failed {
                let byte = bytes[i]
                guard byte == UInt8(ascii: "$"), i + 1 < bytes.count,
                      bytes[i + 1] == UInt8(ascii: "(") || bytes[i + 1] == UInt8(ascii: "{"),
                      let close = Self.matchingClose(bytes, open: i + 1)
                else {
                    out.append(byte)
                    i += 1
                    continue
                }
                steps -= 1
                if steps < 0 { failed = true; break }
                let inner = String(decoding: bytes[(i + 2)..<close], as: UTF8.self)
                i = close + 1
                // `NAME:operator:operator=value`; the name may itself hold references.
                let parts = Self.splitOperators(inner)
                let referenced = expand(parts[0], name: name, inheritedBefore: inheritedBefore, depth: depth + 1)
                var value: String
                if referenced == "inherited" || referenced == name {
                    value = inheritedBefore.flatMap { lookup(name, before: $0, depth: depth + 1) } ?? ""
                } else {
                    value = lookup(referenced, before: nil, depth: depth + 1) ?? ""
                }
                for op in parts.dropFirst() {
                    value = Self.apply(op, to: value) { expand($0, name: name, inheritedBefore: inheritedBefore, depth: depth + 1) }
                }
                out += value.utf8
                if out.count > BuildSettings.maximumLength { failed = true }
            }
            return failed ? "" : String(decoding: out, as: UTF8.self)
        }

        /// The index of the `)` or `}` that closes the bracket at `open`, counting nested brackets of both kinds.
        static func matchingClose(_ bytes: [UInt8], open: Int) -> Int? {
            var depth = 0
            var i = open
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return i }
                default: break
                }
                i += 1
            }
            return nil
        }

        /// `A_$(B:lower):default=x` → [`A_$(B:lower)`, `default=x`]: colons inside nested references stay.
        static func splitOperators(_ text: String) -> [String] {
            var parts: [String] = []
            var current: [UInt8] = []
            var depth = 0
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: ":") where depth == 0:
                    parts.append(String(decoding: current, as: UTF8.self))
                    current = []
                    continue
                default: break
                }
                current.append(byte)
            }
            parts.append(String(decoding: current, as: UTF8.self))
            return parts
        }

        /// Xcode's retrieval operators (`$(PRODUCT_NAME:c99extidentifier)`). One that is not known leaves the
        /// value as it is.
        static func apply(_ op: String, to value: String, expand: (String) -> String) -> String {
            if op.hasPrefix("default=") { return value.isEmpty ? expand(String(op.dropFirst(8))) : value }
            switch op {
            case "c99extidentifier", "identifier": return PackageManifestLoader.c99Name(value)
            case "rfc1034identifier":
                return String(value.unicodeScalars.map { scalar -> Character in
                    scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal || scalar == "-" || scalar == ".")
                        ? Character(scalar) : "-"
                })
            case "lower": return value.lowercased()
            case "upper": return value.uppercased()
            case "file": return Paths.lastComponent(value)
            case "dir": return value.contains("/") ? Paths.parent(value) + "/" : ""
            case "base":
                let file = Paths.lastComponent(value)
                return file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
            case "suffix":
                let file = Paths.lastComponent(value)
                return file.lastIndex(of: ".").map { String(file[$0...]) } ?? ""
            default: return value
            }
        }
    }
}

/// The assignments of an `.xcconfig` file, with its `#include`s read in place: `KEY = value`,
/// `KEY[sdk=iphoneos*] = value`, an optional final `;`, `//` comments (anywhere on a line, as in Xcode),
/// `#include "other.xcconfig"` (a missing one is a warning) and `#include? "..."` (a missing one is not).
/// Includes nest at most `maximumIncludeDepth` deep and a file that includes itself is read once; files over
/// `maximumSize` are not read.
enum XCConfigReader {
    static let maximumIncludeDepth = 16
    static let maximumSize = 1 << 20

    struct File {
        /// `(key, value)` in order, includes expanded.
        var assignments: [(key: String, value: String)] = []
        /// Every file whose contents or absence shaped the assignments (absolute): the file, its includes,
        /// and optional includes that do not exist.
        var inputs: [String] = []
        /// Problems: the file (absolute) where each was found (nil: the top file itself, which the project
        /// names), and what.
        var problems: [(path: String?, message: String)] = []
    }

    /// `display` shows a path in a message (relative to the model's root).
    static func read(_ path: String, display: (String) -> String) -> File {
        var file = File()
        // A stack of (path, depth) to read, and the lines still to read of each open file.
        var open: [(path: String, lines: ArraySlice<Substring>)] = []
        func enter(_ path: String, optional: Bool, from includer: String?) {
            file.inputs.append(path)
            if open.contains(where: { $0.path == path }) {
                file.problems.append((includer, "'#include \"\(Paths.lastComponent(path))\"' makes a cycle of includes; ignored"))
                return
            }
            if open.count >= maximumIncludeDepth {
                file.problems.append((includer, "'#include' nested more than \(maximumIncludeDepth) deep; '\(display(path))' is not read"))
                return
            }
            switch readText(path) {
            case .success(let text):
                let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                open.append((path, lines[...]))
            case .failure(let reason):
                if optional && reason == .missing { return }
                file.problems.append((includer, "\(includer == nil ? "the configuration file" : "the included file") '\(display(path))' \(reason.text); its settings are not read"))
            }
        }
        enter(path, optional: false, from: nil)
        while !open.isEmpty {
            guard let line = open[open.count - 1].lines.popFirst() else {
                open.removeLast()
                continue
            }
            let current = open[open.count - 1].path
            var text = Substring(line)
            if let comment = text.firstRange(of: "//") { text = text[..<comment.lowerBound] }
            let trimmed = text.trimmingBlanks()
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#include") {
                var rest = trimmed.dropFirst("#include".count)
                let optional = rest.hasPrefix("?")
                if optional { rest = rest.dropFirst() }
                let target = rest.trimmingBlanks()
                // `#include <...>` names a file of Xcode's own: not in the project, not read.
                guard target.count >= 2, target.hasPrefix("\""), target.hasSuffix("\"") else { continue }
                let included = String(target.dropFirst().dropLast())
                let absolute = Paths.standardize(included.hasPrefix("/") ? included : Paths.join(Paths.parent(current), included))
                enter(absolute, optional: optional, from: current)
                continue
            }
            // The `=` of the assignment, not one of a condition (`KEY[sdk=macosx*] = value`).
            var depth = 0
            guard let equals = trimmed.firstIndex(where: { character in
                if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
                return character == "=" && depth == 0
            }) else { continue }
            let key = String(trimmed[..<equals]).trimmingBlanks()
            var value = String(trimmed[trimmed.index(after: equals)...]).trimmingBlanks()
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingBlanks() }
            file.assignments.append((key, value))
        }
        return file
    }

    enum ReadFailure: Error, Equatable {
        case missing, unreadable(String), tooLarge
        var text: String {
            switch self {
            case .missing: return "does not exist"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            case .tooLarge: return "is larger than \(XCConfigReader.maximumSize >> 20) MiB"
            }
        }
    }

    private static func readText(_ path: String) -> Result<String, ReadFailure> {
        guard FileDiscovery.exists(path) else { return .failure(.missing) }
        switch FileReader.read(path) {
        case .text(let bytes):
            guard bytes.count <= maximumSize else { return .failure(.tooLarge) }
            return .success(String(decoding: bytes, as: UTF8.self))
        case .tooLarge: return .failure(.tooLarge)
        case .binary: return .failure(.unreadable("not a text file"))
        case .unreadable(let reason): return .failure(.unreadable(reason))
        }
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end (line breaks are not inside a setting).
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}

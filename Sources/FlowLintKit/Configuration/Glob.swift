/// A path pattern from `included` / `excluded`, relative to the configuration file's directory.
///
/// `*` matches any run of characters within one path component, `?` one character (not `/`), and a `**`
/// component any number of components (zero included). A pattern that matches a directory also matches
/// everything below it, so `Generated` and `Generated/**` both exclude the whole `Generated` tree.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let components: [String]

    public init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    public var description: String { pattern }

    /// Whether `relativePath` (components separated by `/`, relative to the same directory as the pattern)
    /// or one of its parent directories matches.
    public func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        if components.isEmpty { return true }  // "." or "": the whole directory
        for prefixLength in stride(from: path.count, through: 1, by: -1) {
            if Glob.match(components[...], path[..<prefixLength]) { return true }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            // `**` takes zero, one, ... components.
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                if remaining.isEmpty { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first else { return false }
        return matchComponent(Array(first.unicodeScalars)[...], Array(component.unicodeScalars)[...])
            && match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one component. Iterative with backtracking to the last `*`: linear in practice.
    private static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var starP: Int? = nil, starT = text.startIndex
        while t < text.endIndex {
            if p < pattern.endIndex && (pattern[p] == "?" || pattern[p] == text[t]) && pattern[p] != "*" {
                p += 1; t += 1
            } else if p < pattern.endIndex && pattern[p] == "*" {
                starP = p; starT = t; p += 1
            } else if let star = starP {
                p = star + 1; starT += 1; t = starT
            } else {
                return false
            }
        }
        while p < pattern.endIndex && pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}

/// A path pattern from `included` / `excluded`, relative to the configuration file's directory.
///
/// `*` matches any run of characters within one path component, `?` one character (not `/`), and a `**`
/// component any number of components (zero included). A pattern that matches a directory also matches
/// everything below it, so `Generated` and `Generated/**` both exclude the whole `Generated` tree.
struct Glob: Sendable, Hashable, CustomStringConvertible {
    let pattern: String
    private let components: [String]
    /// Per component: whether it is `**`, and its characters (for `*` and `?`).
    private let globstar: [Bool]
    private let patternScalars: [[Unicode.Scalar]]

    init(_ pattern: String) {
        self.pattern = pattern
        var trimmed = pattern
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
        globstar = components.map { $0 == "**" }
        patternScalars = components.map { Array($0.unicodeScalars) }
    }

    var description: String { pattern }

    /// Whether `relativePath` (components separated by `/`, relative to the same directory as the pattern)
    /// or one of its parent directories matches.
    ///
    /// The pattern is run as an automaton over the path's components (the set of pattern positions reachable
    /// after each component), so the cost is at most components × pattern components component matches,
    /// whatever the number of `**`: `**/**/**/**/**/**/zz` against a path 40 directories deep is 40 × 7 steps,
    /// where trying every way to split the path among the `**` took minutes.
    func matches(_ relativePath: String) -> Bool {
        if components.isEmpty { return true }  // "." or "": the whole directory
        let path = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        let count = components.count
        /// Adds `position` and, since `**` may match no component, every position after a run of `**` there.
        func insertClosed(_ position: Int, into set: inout [Bool]) {
            var position = position
            while position <= count, !set[position] {
                set[position] = true
                guard position < count, globstar[position] else { break }
                position += 1
            }
        }
        var current = [Bool](repeating: false, count: count + 1)
        insertClosed(0, into: &current)
        for component in path {
            var next = [Bool](repeating: false, count: count + 1)
            let text = Array(component.unicodeScalars)[...]
            for position in 0..<count where current[position] {
                if globstar[position] {
                    insertClosed(position, into: &next)  // `**` takes this component and may take more
                } else if Glob.matchComponent(patternScalars[position][...], text) {
                    insertClosed(position + 1, into: &next)
                }
            }
            // The whole pattern matched this path or a parent directory of it.
            if next[count] { return true }
            guard next.contains(true) else { return false }
            current = next
        }
        return false
    }

    /// `*` and `?` within one component. Iterative with backtracking to the last `*`: at worst pattern ×
    /// text steps, linear in practice.
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

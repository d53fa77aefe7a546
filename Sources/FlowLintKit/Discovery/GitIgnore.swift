#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The patterns of one ignore file (`.gitignore`, `.git/info/exclude`), read and matched as git does
/// (gitignore(5), git's `dir.c` and `wildmatch.c`): `#` comments, trailing spaces dropped unless escaped,
/// `!` negation, `dir/` for directories only, a pattern with a `/` anchored to the file's directory and one
/// without matched against the last component at any depth, `*`, `?`, `[...]` classes (ranges, `!`/`^`,
/// `[:alpha:]`...), `**` across directories, `\` escapes. Matching works on bytes, case-sensitively.
///
/// Every pattern is matched in time proportional to its length times the path's (a table over positions, no
/// backtracking), so no pattern of `**` and `*` can make it exponential.
struct GitIgnoreFile {
    struct Pattern {
        var negated: Bool
        var directoryOnly: Bool
        /// No `/` (other than a trailing one): matched against the last path component only.
        var matchesBasename: Bool
        var glob: WildcardPattern
    }

    var patterns: [Pattern] = []

    init(_ bytes: [UInt8]) {
        var start = 0
        // git skips a UTF-8 byte order mark at the start of the file.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var line = Array(bytes[start..<end])
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            if let pattern = Self.pattern(line) { patterns.append(pattern) }
            start = end + 1
        }
    }

    /// One line: nil for blank lines and comments.
    static func pattern(_ line: [UInt8]) -> Pattern? {
        guard let first = line.first, first != UInt8(ascii: "#") else { return nil }
        var text = trimmingTrailingSpaces(line)
        var negated = false
        if text.first == UInt8(ascii: "!") {
            negated = true
            text.removeFirst()
        }
        var directoryOnly = false
        if text.last == UInt8(ascii: "/") {
            directoryOnly = true
            text.removeLast()
        }
        let matchesBasename = !text.contains(UInt8(ascii: "/"))
        if !matchesBasename && text.first == UInt8(ascii: "/") { text.removeFirst() }
        // git compares an anchored pattern's literal start as plain bytes and matches only the rest as a
        // pattern, so the rest's first `**` counts as the start of a pattern (`a**/b` matches `a/x/b`).
        let special: Set<UInt8> = [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "\\")]
        let literalStart = matchesBasename ? 0 : (text.firstIndex(where: special.contains) ?? text.count)
        return Pattern(negated: negated, directoryOnly: directoryOnly, matchesBasename: matchesBasename,
                       glob: WildcardPattern(text, literalPrefix: literalStart, pathname: !matchesBasename))
    }

    /// git's `trim_trailing_spaces`: trailing spaces go, unless the first of them is escaped with `\`.
    static func trimmingTrailingSpaces(_ line: [UInt8]) -> [UInt8] {
        var lastSpace: Int?
        var i = 0
        while i < line.count {
            switch line[i] {
            case UInt8(ascii: " "):
                if lastSpace == nil { lastSpace = i }
            case UInt8(ascii: "\\"):
                i += 1
                if i == line.count { return line }
                lastSpace = nil
            default:
                lastSpace = nil
            }
            i += 1
        }
        return lastSpace.map { Array(line[..<$0]) } ?? line
    }

    /// The verdict of the last pattern that matches `path` (relative to the ignore file's directory, no
    /// leading or trailing `/`): true ignored, false re-included by a `!` pattern, nil when none matches.
    func verdict(_ path: UnsafeBufferPointer<UInt8>, isDirectory: Bool) -> Bool? {
        var basenameStart = path.count
        while basenameStart > 0 && path[basenameStart - 1] != UInt8(ascii: "/") { basenameStart -= 1 }
        let basename = UnsafeBufferPointer(rebasing: path[basenameStart...])
        return patterns.withUnsafeBufferPointer { patterns in
            var index = patterns.count
            while index > 0 {
                index -= 1
                // Through the buffer, not copied: a pattern holds several arrays.
                if patterns[index].directoryOnly && !isDirectory { continue }
                if patterns[index].glob.matches(patterns[index].matchesBasename ? basename : path) { return !patterns[index].negated }
            }
            return nil
        }
    }
}

/// A git wildcard pattern (`wildmatch` with or without `WM_PATHNAME`), compiled to a list of steps.
struct WildcardPattern {
    enum Step: Equatable {
        case byte(UInt8)
        /// `?`: one byte (not `/` in a path).
        case any
        /// `[...]`: one byte of the set (the set never holds `/` in a path).
        case set(ByteSet)
        /// `*`: any run of bytes without `/` in a path.
        case star
        /// `**` between slashes (or at an end): any run of bytes, `/` included. `skipsSlash`: it is followed by
        /// a `/`, and the two together may also match nothing (`a/**/b` matches `a/b`).
        case globstar(skipsSlash: Bool)
    }

    struct ByteSet: Equatable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        static func == (a: ByteSet, b: ByteSet) -> Bool { a.words == b.words }
        func contains(_ byte: UInt8) -> Bool {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: return words.0 & bit != 0
            case 1: return words.1 & bit != 0
            case 2: return words.2 & bit != 0
            default: return words.3 & bit != 0
            }
        }
        mutating func insert(_ byte: UInt8) {
            let bit = UInt64(1) << UInt64(byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }
        mutating func invert() { words = (~words.0, ~words.1, ~words.2, ~words.3) }
    }

    var steps: [Step] = []
    /// A malformed pattern (an unterminated `[`, an unknown `[:class:]`, a trailing `\`): git matches nothing.
    var matchesNothing = false
    /// The pattern is only bytes: compared directly.
    var literal: [UInt8]?
    /// `*` then only bytes (`*.swift`, in a basename): a suffix test.
    var suffix: [UInt8]?
    /// Bytes every match starts with (an anchored pattern's literal start).
    var prefix: [UInt8] = []
    /// Bytes every match ends with (the literal steps after the last wildcard).
    var requiredSuffix: [UInt8] = []
    /// Bytes every match has at least (the steps that match exactly one byte).
    var minimumLength = 0

    /// `literalPrefix`: how many leading bytes hold no special character (see `GitIgnoreFile.pattern`);
    /// `pathname`: `*`, `?` and classes stop at `/` (git's `WM_PATHNAME`, used for patterns with a slash).
    init(_ pattern: [UInt8], literalPrefix: Int = 0, pathname: Bool) {
        let slash = UInt8(ascii: "/")
        steps = pattern[..<literalPrefix].map { .byte($0) }
        prefix = Array(pattern[..<literalPrefix])
        var p = literalPrefix
        /// Where the part matched as a pattern starts: a `**` there counts as at the start.
        let patternStart = literalPrefix
        while p < pattern.count {
            let c = pattern[p]
            switch c {
            case UInt8(ascii: "\\"):
                guard p + 1 < pattern.count else { matchesNothing = true; return }
                steps.append(.byte(pattern[p + 1]))
                p += 2
            case UInt8(ascii: "?"):
                steps.append(.any)
                p += 1
            case UInt8(ascii: "*"):
                var end = p
                while end < pattern.count && pattern[end] == UInt8(ascii: "*") { end += 1 }
                let afterIsSlash = end < pattern.count && (pattern[end] == slash
                    || (pattern[end] == UInt8(ascii: "\\") && end + 1 < pattern.count && pattern[end + 1] == slash))
                if !pathname {
                    // Without WM_PATHNAME, `*` crosses `/` as `**` does; a basename has none anyway.
                    steps.append(.globstar(skipsSlash: false))
                } else if end - p >= 2 && (p == patternStart || pattern[p - 1] == slash) && (end == pattern.count || afterIsSlash) {
                    steps.append(.globstar(skipsSlash: end < pattern.count && pattern[end] == slash))
                } else {
                    steps.append(.star)
                }
                p = end
            case UInt8(ascii: "["):
                guard let (set, next) = Self.bracket(pattern, from: p, pathname: pathname) else { matchesNothing = true; return }
                steps.append(.set(set))
                p = next
            default:
                steps.append(.byte(c))
                p += 1
            }
        }
        var tail = steps.count
        while tail > 0, case .byte = steps[tail - 1] { tail -= 1 }
        // The `/` after `**` may be skipped with it, so it is not required.
        if tail > 0 && tail < steps.count && steps[tail - 1] == .globstar(skipsSlash: true) { tail += 1 }
        requiredSuffix = steps[tail...].map { if case .byte(let b) = $0 { b } else { 0 } }
        for (index, step) in steps.enumerated() {
            switch step {
            case .star, .globstar: continue
            // The `/` after `**` may be skipped with it.
            case .byte where index > 0 && steps[index - 1] == .globstar(skipsSlash: true): continue
            default: minimumLength += 1
            }
        }
        if steps.allSatisfy({ if case .byte = $0 { true } else { false } }) {
            literal = steps.map { if case .byte(let b) = $0 { b } else { 0 } }
        } else if !pathname, case .globstar = steps.first,
                  steps.dropFirst().allSatisfy({ if case .byte = $0 { true } else { false } }) {
            suffix = steps.dropFirst().map { if case .byte(let b) = $0 { b } else { 0 } }
        }
    }

    /// Parses `[...]` starting at `start` (the `[`), as wildmatch reads it: the set and the index after `]`;
    /// nil when malformed.
    static func bracket(_ pattern: [UInt8], from start: Int, pathname: Bool) -> (ByteSet, Int)? {
        var set = ByteSet()
        var p = start + 1
        func at(_ i: Int) -> UInt8 { i < pattern.count ? pattern[i] : 0 }
        var negated = false
        if at(p) == UInt8(ascii: "!") || at(p) == UInt8(ascii: "^") {
            negated = true
            p += 1
        }
        var previous: UInt8 = 0
        var c = at(p)
        // The first member is read before looking for `]`, so `[]x]` holds `]`.
        repeat {
            if c == 0 { return nil }
            if c == UInt8(ascii: "\\") {
                p += 1
                c = at(p)
                if c == 0 { return nil }
                set.insert(c)
            } else if c == UInt8(ascii: "-") && previous != 0 && at(p + 1) != 0 && at(p + 1) != UInt8(ascii: "]") {
                p += 1
                var upper = at(p)
                if upper == UInt8(ascii: "\\") {
                    p += 1
                    upper = at(p)
                    if upper == 0 { return nil }
                }
                if previous <= upper { for b in previous...upper { set.insert(b) } }
                c = 0  // a range is not the start of another
            } else if c == UInt8(ascii: "[") && at(p + 1) == UInt8(ascii: ":") {
                let nameStart = p + 2
                var q = nameStart
                while at(q) != 0 && at(q) != UInt8(ascii: "]") { q += 1 }
                if at(q) == 0 { return nil }
                if q - nameStart - 1 < 0 || pattern[q - 1] != UInt8(ascii: ":") {
                    // No `:]`: an ordinary `[` member.
                    set.insert(UInt8(ascii: "["))
                } else {
                    let name = String(decoding: pattern[nameStart..<(q - 1)], as: UTF8.self)
                    guard let test = characterClasses[name] else { return nil }
                    for b in 0...255 where test(UInt8(b)) { set.insert(UInt8(b)) }
                    p = q
                    c = 0
                }
            } else {
                set.insert(c)
            }
            previous = c
            p += 1
            c = at(p)
        } while c != UInt8(ascii: "]")
        if negated { set.invert() }
        if pathname {
            // With WM_PATHNAME a class never matches `/`, negated or not.
            var withoutSlash = ByteSet()
            for b in 0...255 where b != Int(UInt8(ascii: "/")) && set.contains(UInt8(b)) { withoutSlash.insert(UInt8(b)) }
            set = withoutSlash
        }
        return (set, p + 1)
    }

    /// wildmatch's `[:name:]` classes, ASCII only (git's own ctype).
    static let characterClasses: [String: (UInt8) -> Bool] = [
        "alnum": { isAlpha($0) || isDigit($0) },
        "alpha": isAlpha,
        "blank": { $0 == 0x20 || $0 == 0x09 },
        "cntrl": { $0 < 0x20 || $0 == 0x7F },
        "digit": isDigit,
        "graph": { $0 > 0x20 && $0 < 0x7F },
        "lower": { $0 >= 0x61 && $0 <= 0x7A },
        "print": { $0 >= 0x20 && $0 < 0x7F },
        "punct": { $0 > 0x20 && $0 < 0x7F && !isAlpha($0) && !isDigit($0) },
        "space": { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) },
        "upper": { $0 >= 0x41 && $0 <= 0x5A },
        "xdigit": { isDigit($0) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) },
    ]
    static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if matchesNothing { return false }
        if let literal { return literal.count == text.count && literal.elementsEqual(text) }
        if let suffix { return text.count >= suffix.count && suffix.elementsEqual(text[(text.count - suffix.count)...]) }
        // Cheap tests that most candidates fail: length, literal start, last byte.
        guard text.count >= minimumLength else { return false }
        guard let last = text.last else { return matchesByTable(text) }
        if !prefix.isEmpty && !text.starts(with: prefix) { return false }
        if !requiredSuffix.isEmpty && !requiredSuffix.elementsEqual(text[(text.count - requiredSuffix.count)...]) { return false }
        switch steps.last {
        case .byte(let b)?: if last != b { return false }
        case .set(let set)?: if !set.contains(last) { return false }
        default: break
        }
        return matchesByTable(text)
    }

    /// `reach[i]`: steps `i...` match the text from the current position to its end. Filled from the end of
    /// the text backwards, one column per position: steps × bytes work, whatever the pattern.
    private func matchesByTable(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = steps.count
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * (count + 1)) { buffer in
            var next = UnsafeMutableBufferPointer(rebasing: buffer[0...count])        // position j + 1
            var current = UnsafeMutableBufferPointer(rebasing: buffer[(count + 1)...]) // position j
            // At the end of the text: only the end of the steps, or steps that can match nothing, match.
            for j in stride(from: text.count, through: 0, by: -1) {
                let atEnd = j == text.count
                let byte: UInt8 = atEnd ? 0 : text[j]
                current[count] = atEnd
                for i in stride(from: count - 1, through: 0, by: -1) {
                    switch steps[i] {
                    case .byte(let b): current[i] = !atEnd && byte == b && next[i + 1]
                    case .any: current[i] = !atEnd && byte != UInt8(ascii: "/") && next[i + 1]
                    case .set(let set): current[i] = !atEnd && set.contains(byte) && next[i + 1]
                    case .star: current[i] = current[i + 1] || (!atEnd && byte != UInt8(ascii: "/") && next[i])
                    case .globstar(let skipsSlash):
                        current[i] = current[i + 1] || (!atEnd && next[i]) || (skipsSlash && current[i + 2])
                    }
                }
                swap(&current, &next)
            }
            return next[0]
        }
    }
}

/// The ignore rules in force in one directory of a search inside a git work tree: `.git/info/exclude`, then
/// the `.gitignore` of every directory from the work tree's root down, a deeper file taking precedence, and
/// within a file the last matching line (git's order). The global excludes file (`core.excludesFile`) is not
/// read: what is linted should not depend on the user's home directory.
struct GitIgnoreRules {
    struct Level {
        var file: GitIgnoreFile
        /// Bytes of the work-tree-relative path that lead to the ignore file's directory, its `/` included
        /// (0 at the root).
        var base: Int
    }
    /// The work tree's root, absolute.
    let workTree: String
    /// UTF-8 bytes of an absolute path before its work-tree-relative part.
    let rootLength: Int
    /// Lowest precedence first.
    private(set) var levels: [Level] = []

    /// The rules at the root of the work tree at `workTree` (the directory holding `.git`): its
    /// `info/exclude`.
    init(workTree: String) {
        self.workTree = workTree
        rootLength = workTree == "/" ? 1 : workTree.utf8.count + 1
        if let exclude = Self.excludeFile(workTree: workTree), let bytes = Self.readIgnoreFile(exclude, followingLinks: true) {
            levels.append(Level(file: GitIgnoreFile(bytes), base: 0))
        }
    }

    /// The rules in force in `directory` (absolute, standardized), read from its ancestors, when it is inside
    /// a git work tree; nil otherwise. `directory`'s own `.gitignore` (and `.git`) are left to the search,
    /// which reads them with the directory's entries.
    static func enclosing(_ directory: String) -> GitIgnoreRules? {
        var ancestors: [String] = []
        var current = directory
        // Another user's `.git` above (`/tmp/.git`) is no work tree of ours: its `info/exclude` must not hide
        // files (ProjectRoot skips it the same way).
        let trust = MarkerTrust(inputDirectory: directory)
        while current != "/" {
            current = Paths.parent(current)
            ancestors.append(current)
            let dotGit = Paths.join(current, ".git")
            if FileDiscovery.exists(dotGit), (trust.distrust(directory: current) ?? trust.distrust(entry: dotGit)) == nil {
                var rules = GitIgnoreRules(workTree: current)
                for ancestor in ancestors.reversed() { rules.addIgnoreFile(in: ancestor) }
                return rules
            }
        }
        return nil
    }

    /// Adds `directory`'s `.gitignore`, if it has one (git does not follow a symbolic link there).
    mutating func addIgnoreFile(in directory: String) {
        guard let bytes = Self.readIgnoreFile(Paths.join(directory, ".gitignore"), followingLinks: false) else { return }
        let file = GitIgnoreFile(bytes)
        guard !file.patterns.isEmpty else { return }
        levels.append(Level(file: file, base: directory == workTree ? 0 : directory.utf8.count + 1 - rootLength))
    }

    /// Whether the search skips `absolutePath` (below the work tree's root): its last matching pattern, the
    /// deepest ignore file first, is not a `!` one. Its parent directories are not looked at: the search
    /// does not enter ignored directories.
    func isIgnored(_ absolutePath: String, isDirectory: Bool) -> Bool {
        guard !levels.isEmpty else { return false }
        var path = absolutePath
        return path.withUTF8 { bytes in
            guard bytes.count > rootLength else { return false }
            let relative = UnsafeBufferPointer(rebasing: bytes[rootLength...])
            return isIgnored(relative: relative, isDirectory: isDirectory)
        }
    }

    /// `isIgnored` for a path relative to the work tree's root.
    func isIgnored(relative: UnsafeBufferPointer<UInt8>, isDirectory: Bool) -> Bool {
        for level in levels.reversed() where relative.count > level.base {
            if let verdict = level.file.verdict(UnsafeBufferPointer(rebasing: relative[level.base...]), isDirectory: isDirectory) {
                return verdict
            }
        }
        return false
    }

    /// `info/exclude` of the repository: in `.git/`, or, when `.git` is a file (a linked worktree or a
    /// submodule), in the directory it names, or that directory's common directory.
    static func excludeFile(workTree: String) -> String? {
        let dotGit = Paths.join(workTree, ".git")
        if FileDiscovery.isDirectory(dotGit, followingSymlinks: true) { return Paths.join(dotGit, "info/exclude") }
        guard let bytes = readIgnoreFile(dotGit, followingLinks: true) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let line = text.split(whereSeparator: \.isNewline).first, line.hasPrefix("gitdir:") else { return nil }
        let gitDirectory = Paths.absolute(line.dropFirst("gitdir:".count).trimmingSpaces, base: workTree)
        if let common = readIgnoreFile(Paths.join(gitDirectory, "commondir"), followingLinks: true) {
            let relative = String(decoding: common, as: UTF8.self).trimmingSpaces
            return Paths.join(Paths.absolute(relative, base: gitDirectory), "info/exclude")
        }
        return Paths.join(gitDirectory, "info/exclude")
    }

    /// A small regular file's bytes, or nil (missing, not a regular file, unreadable, over a megabyte).
    static func readIgnoreFile(_ path: String, followingLinks: Bool) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= 1 << 20 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            count += got
        }
        return Array(bytes[..<count])
    }
}

private extension StringProtocol {
    /// Without white space (line ends included) at either end.
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

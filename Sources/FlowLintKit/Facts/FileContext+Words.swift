import FlowLintSyntax

/// A few identifier words, compared with token bytes without building a string per token: per-file checks run
/// on every file of a large corpus, and most of their loops look at names that almost never match.
struct TokenWords {
    private let words: [[UInt8]]
    /// Bit `n` is set when a word has `n` bytes (words of 64 bytes or more always pass this test).
    private let lengths: UInt64

    init(_ words: [String]) {
        self.words = words.map { Array($0.utf8) }
        lengths = words.reduce(0) { $0 | ($1.utf8.count < 64 ? 1 << UInt64($1.utf8.count) : 0) }
    }

    func matches(_ token: Token, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(token.length)
        if length < 64 && lengths & (1 << UInt64(length)) == 0 { return false }
        let start = Int(token.offset)
        for word in words where word.count == length {
            var i = 0
            while i < length && bytes[start + i] == word[i] { i += 1 }
            if i == length { return true }
        }
        return false
    }
}

extension FileContext {
    /// Whether the token naming `n` is one of `words`.
    func nameIs(_ n: Int, _ words: TokenWords) -> Bool {
        let t = tree.nodes[n].name
        guard t >= 0 else { return false }
        return tree.file.bytes.withUnsafeBufferPointer { words.matches(tree.tokens[Int(t)], in: $0) }
    }

    /// Whether an identifier token of the file is one of `words`: a file that never names what a rule looks
    /// for is left at once.
    func mentions(_ words: TokenWords) -> Bool { mentions(each: [words])[0] }

    /// For each group of words, whether an identifier token of the file is one of them, in one pass.
    func mentions(each groups: [TokenWords]) -> [Bool] {
        var found = [Bool](repeating: false, count: groups.count)
        var missing = groups.count
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            tree.tokens.withUnsafeBufferPointer { tokens in
                for t in tokens where t.kind == .identifier {
                    for g in groups.indices where !found[g] && groups[g].matches(t, in: bytes) {
                        found[g] = true
                        missing -= 1
                    }
                    if missing == 0 { return }
                }
            }
        }
        return found
    }
}

import FlowLintSyntax

/// A few identifier words, compared with token bytes without building a string per token: per-file checks run
/// on every file of a large corpus, and most of their loops look at names that almost never match.
struct TokenWords {
    /// The words, for `BodySkipping.notedWords` (see `FileContext.mentions`).
    let words: Set<String>
    /// The words' bytes, one after the other; word `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    /// Bit `n` is set when a word has `n` bytes (words of 64 bytes or more always pass this test).
    let lengths: UInt64
    /// Bit `b` (of 256) is set when a word starts with byte `b`.
    let firstBytes: (UInt64, UInt64, UInt64, UInt64)

    /// Whether `words` are among the noted words of the last parse asked about (see `isNoted(by:)`).
    private let notedMemo = NotedMemo()

    init(_ words: [String]) {
        self.words = Set(words.filter { !$0.isEmpty })
        var bytes: [UInt8] = [], starts = [0]
        var lengths: UInt64 = 0
        var first: [UInt64] = [0, 0, 0, 0]
        for word in words {
            let utf8 = Array(word.utf8)
            guard let b = utf8.first else { continue }
            bytes += utf8
            starts.append(bytes.count)
            lengths |= utf8.count < 64 ? 1 << UInt64(utf8.count) : 0
            first[Int(b >> 6)] |= 1 << UInt64(b & 63)
        }
        self.bytes = bytes
        self.starts = starts
        self.lengths = lengths
        firstBytes = (first[0], first[1], first[2], first[3])
    }

    /// The cheap test: a token of this length that starts with this byte may be a word.
    @inline(__always)
    static func mayMatch(length: Int, first: UInt8, lengths: UInt64, firstBytes: (UInt64, UInt64, UInt64, UInt64)) -> Bool {
        if length < 64 && lengths & (1 << UInt64(length)) == 0 { return false }
        let mask: UInt64
        switch first >> 6 {
        case 0: mask = firstBytes.0
        case 1: mask = firstBytes.1
        case 2: mask = firstBytes.2
        default: mask = firstBytes.3
        }
        return mask & (1 << UInt64(first & 63)) != 0
    }

    /// Whether every word is among `tracked`, the noted words a file was parsed with. Every file of a run is
    /// parsed with the same `BodySkipping`, so the answer is remembered for the last set asked about, which a
    /// copy of compares equal to at once (the same storage); a set of the words' strings per file and per check
    /// was hashed word by word before.
    func isNoted(by tracked: Set<String>) -> Bool {
        notedMemo.lock.withLock {
            if let known = notedMemo.tracked, known == tracked { return notedMemo.answer }
            let answer = words.isSubset(of: tracked)
            notedMemo.tracked = tracked
            notedMemo.answer = answer
            return answer
        }
    }

    private final class NotedMemo: @unchecked Sendable {
        let lock = Lock()
        var tracked: Set<String>?
        var answer = false
    }

    /// Whether `word` is one of the words, compared byte by byte (the words are ASCII identifiers, and a noted
    /// word is one of the strings declared as noted).
    func contains(_ word: String) -> Bool {
        var word = word
        return word.withUTF8 { word in
            guard let first = word.first,
                  Self.mayMatch(length: word.count, first: first, lengths: lengths, firstBytes: firstBytes) else { return false }
            return bytes.withUnsafeBufferPointer { words in
                for w in 0..<(starts.count - 1) where starts[w + 1] - starts[w] == word.count {
                    if words[starts[w]..<starts[w + 1]].elementsEqual(word) { return true }
                }
                return false
            }
        }
    }

    func matches(_ token: Token, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(token.length), start = Int(token.offset)
        guard length > 0, Self.mayMatch(length: length, first: source[start], lengths: lengths, firstBytes: firstBytes) else {
            return false
        }
        return bytes.withUnsafeBufferPointer { words in
            for w in 0..<(starts.count - 1) where starts[w + 1] - starts[w] == length {
                var i = 0
                while i < length && source[start + i] == words[starts[w] + i] { i += 1 }
                if i == length { return true }
            }
            return false
        }
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

    /// For each group of words, whether an identifier token of the file is one of them: from what the parser
    /// noted when the words are among the noted words the checks declare (`BodySkipping.notedWords`), else in one
    /// pass over the tokens.
    func mentions(each groups: [TokenWords]) -> [Bool] {
        if let noted = tree.notedWords, groups.allSatisfy({ $0.isNoted(by: noted.tracked) }) {
            // The few words a file was found to say, compared with each group's bytes.
            return groups.map { group in noted.present.contains(where: group.contains) }
        }
        var found = [Bool](repeating: false, count: groups.count)
        var missing = groups.count
        // One cheap test for all groups first: most tokens fail it.
        let lengths = groups.reduce(0) { $0 | $1.lengths }
        let firstBytes = groups.reduce((UInt64(0), UInt64(0), UInt64(0), UInt64(0))) {
            ($0.0 | $1.firstBytes.0, $0.1 | $1.firstBytes.1, $0.2 | $1.firstBytes.2, $0.3 | $1.firstBytes.3)
        }
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            tree.tokens.withUnsafeBufferPointer { tokens in
                for t in tokens where t.kind == .identifier && t.length > 0 {
                    guard TokenWords.mayMatch(length: Int(t.length), first: bytes[Int(t.offset)], lengths: lengths,
                                              firstBytes: firstBytes) else { continue }
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

extension FileContext {
    /// Whether token `i` is an identifier that spells `word` (ASCII letters), with or without backticks: what
    /// `tree.identifierText(token) == word` says, without building a string per token.
    func identifier(_ i: Int, is word: StaticString) -> Bool {
        let token = tree.tokens[i]
        guard token.kind == .identifier else { return false }
        let length = Int(token.length), count = word.utf8CodeUnitCount
        guard length == count || length == count + 2 else { return false }
        return tree.file.bytes.withUnsafeBufferPointer { bytes in
            var start = Int(token.offset)
            if length == count + 2 {
                guard bytes[start] == UInt8(ascii: "`") else { return false }
                start += 1
            }
            for k in 0..<count where bytes[start + k] != word.utf8Start[k] { return false }
            return true
        }
    }
}

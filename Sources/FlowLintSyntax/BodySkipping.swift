/// Which bodies the parser may skip by brace matching (kept as empty `codeBlock`s) because no client needs
/// what is inside. The parser knows no client's vocabulary: the client names the identifiers that make a
/// body worth parsing.
///
/// Only outermost bodies are skipped: those of functions, initializers, deinitializers and accessors declared
/// outside any other body. A body is parsed when any of these holds:
/// - an identifier of `bodyWords` occurs in it;
/// - an identifier of `declarationWords` occurs in its declaration before the body (attributes, name,
///   parameters, type);
/// - the last token of the declaration's type (a property's annotation, a function's return type) ends with
///   one of `typeSuffixes`;
/// - an identifier of `fileWords` occurs anywhere in the file (then nothing in it is skipped).
/// Subscript accessors are always parsed.
public struct BodySkipping: Sendable, Hashable {
    public var bodyWords: Set<String>
    public var declarationWords: Set<String>
    public var typeSuffixes: Set<String>
    public var fileWords: Set<String>

    public init(bodyWords: Set<String> = [], declarationWords: Set<String> = [], typeSuffixes: Set<String> = [],
                fileWords: Set<String> = []) {
        self.bodyWords = bodyWords
        self.declarationWords = declarationWords
        self.typeSuffixes = typeSuffixes
        self.fileWords = fileWords
    }

    /// Both sets of needs: a body is parsed when either needs it.
    public func union(_ other: BodySkipping) -> BodySkipping {
        BodySkipping(bodyWords: bodyWords.union(other.bodyWords),
                     declarationWords: declarationWords.union(other.declarationWords),
                     typeSuffixes: typeSuffixes.union(other.typeSuffixes),
                     fileWords: fileWords.union(other.fileWords))
    }

    /// A line per set, sorted: what `flowlint debug` prints and what cache keys hash.
    public var summary: String {
        func line(_ name: String, _ words: Set<String>) -> String { "\(name): \(words.sorted().joined(separator: " "))\n" }
        return line("body words", bodyWords) + line("declaration words", declarationWords)
            + line("type suffixes", typeSuffixes) + line("file words", fileWords)
    }
}

/// Words compared with token bytes without building a string per token: by length first (a bit per length
/// below 64), then byte by byte against the few words of that length.
struct WordMatcher {
    private var lengths: UInt64 = 0
    private var words: [[UInt8]] = []

    init(_ set: Set<String>) {
        for word in set.sorted() where !word.isEmpty {
            words.append(Array(word.utf8))
            if word.utf8.count < 64 { lengths |= 1 << UInt64(word.utf8.count) }
        }
    }

    var isEmpty: Bool { words.isEmpty }

    /// Whether `bytes[start..<start + length]` is one of the words.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        if length < 64 && lengths & (1 << UInt64(length)) == 0 { return false }
        return words.contains { word in
            word.count == length && word.withUnsafeBufferPointer { w in
                for i in 0..<length where bytes[start + i] != w[i] { return false }
                return true
            }
        }
    }

    /// Whether the bytes `bytes[start..<end]` end with one of the words.
    func isSuffix(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        words.contains { word in
            word.count <= end - start && word.withUnsafeBufferPointer { w in
                let from = end - word.count
                for i in 0..<word.count where bytes[from + i] != w[i] { return false }
                return true
            }
        }
    }
}

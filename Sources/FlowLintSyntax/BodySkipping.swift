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
///
/// `notedWords` skip nothing: the parser notes which of them occur as identifiers anywhere in the file
/// (`SyntaxTree.notedWords`), in the scan it makes for the others, so a client that asks whether a file mentions
/// a word does not scan the tokens again.
public struct BodySkipping: Sendable, Hashable {
    public let bodyWords: Set<String>
    public let declarationWords: Set<String>
    public let typeSuffixes: Set<String>
    public let fileWords: Set<String>
    public let notedWords: Set<String>
    /// The matchers the parser uses, built once here rather than once per file.
    let compiled: Compiled

    public init(bodyWords: Set<String> = [], declarationWords: Set<String> = [], typeSuffixes: Set<String> = [],
                fileWords: Set<String> = [], notedWords: Set<String> = []) {
        self.bodyWords = bodyWords
        self.declarationWords = declarationWords
        self.typeSuffixes = typeSuffixes
        self.fileWords = fileWords
        self.notedWords = notedWords
        compiled = Compiled(bodyWords: bodyWords, declarationWords: declarationWords, typeSuffixes: typeSuffixes,
                            fileWords: fileWords, notedWords: notedWords)
    }

    /// One matcher for the words of the parser's token scan, each with what it does (a body word marks its
    /// token, a file word turns skipping off, a noted word is noted), and the declaration and suffix matchers.
    final class Compiled: Sendable {
        let scan: WordMatcher
        let roles: [(body: Bool, file: Bool, noted: String?)]
        let declarationWords: WordMatcher
        let typeSuffixes: WordMatcher

        init(bodyWords: Set<String>, declarationWords: Set<String>, typeSuffixes: Set<String>, fileWords: Set<String>,
             notedWords: Set<String>) {
            scan = WordMatcher(bodyWords.union(fileWords).union(notedWords))
            roles = scan.list.map { bytes in
                let word = String(decoding: bytes, as: UTF8.self)
                return (bodyWords.contains(word), fileWords.contains(word), notedWords.contains(word) ? word : nil)
            }
            self.declarationWords = WordMatcher(declarationWords)
            self.typeSuffixes = WordMatcher(typeSuffixes)
        }
    }

    public static func == (a: BodySkipping, b: BodySkipping) -> Bool {
        a.bodyWords == b.bodyWords && a.declarationWords == b.declarationWords && a.typeSuffixes == b.typeSuffixes
            && a.fileWords == b.fileWords && a.notedWords == b.notedWords
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bodyWords)
        hasher.combine(declarationWords)
        hasher.combine(typeSuffixes)
        hasher.combine(fileWords)
        hasher.combine(notedWords)
    }

    /// Both sets of needs: a body is parsed when either needs it.
    public func union(_ other: BodySkipping) -> BodySkipping {
        BodySkipping.union(of: [self, other])
    }

    /// Every one's needs: a body is parsed when any needs it. The matchers are built once, for the union (a
    /// `union` per rule would build them once per rule, a quarter of a millisecond of every run).
    public static func union(of needs: [BodySkipping]) -> BodySkipping {
        func all(_ words: (BodySkipping) -> Set<String>) -> Set<String> {
            needs.reduce(into: Set<String>()) { $0.formUnion(words($1)) }
        }
        return BodySkipping(bodyWords: all(\.bodyWords), declarationWords: all(\.declarationWords),
                            typeSuffixes: all(\.typeSuffixes), fileWords: all(\.fileWords),
                            notedWords: all(\.notedWords))
    }

    /// A line per set, sorted: what `flowlint debug` prints and what cache keys hash.
    public var summary: String {
        func line(_ name: String, _ words: Set<String>) -> String { "\(name): \(words.sorted().joined(separator: " "))\n" }
        return line("body words", bodyWords) + line("declaration words", declarationWords)
            + line("type suffixes", typeSuffixes) + line("file words", fileWords) + line("noted words", notedWords)
    }
}

/// Words compared with token bytes without building a string per token: by length and first byte first (one
/// bit test, for lengths below 64), then byte by byte against the few words of that length.
struct WordMatcher: Sendable {
    private var words: [[UInt8]] = []
    /// For each length below 64, the indices of the words of that length: a token is compared with those only.
    private var byLength: [[Int]] = []
    /// By length (under 64): a bit for each first byte (its low six bits) of a word of that length; 0 when no
    /// word has that length.
    private var firstBytes = [UInt64](repeating: 0, count: 64)

    init(_ set: Set<String>) {
        // Empty when there are no words (`firstBytes`, all 0, then turns every token away first).
        if !set.isEmpty { byLength = Array(repeating: [], count: 64) }
        for word in set.sorted() where !word.isEmpty {
            words.append(Array(word.utf8))
            if word.utf8.count < 64 {
                byLength[word.utf8.count].append(words.count - 1)
                firstBytes[word.utf8.count] |= 1 << UInt64(word.utf8.first! & 63)
            }
        }
    }

    var isEmpty: Bool { words.isEmpty }

    /// The words, in the order `index` numbers them (sorted).
    var list: [[UInt8]] { words }

    /// Whether `bytes[start..<start + length]` is one of the words.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        index(bytes, start: start, length: length) != nil
    }

    /// The index of the word `bytes[start..<start + length]` is, if it is one.
    @inline(__always)
    func index(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Int? {
        if length < 64 {
            // Most identifiers have no word's length, or start with none of those words' first bytes.
            let starts = firstBytes[length]
            if starts == 0 || starts & (1 << UInt64(bytes[start] & 63)) == 0 { return nil }
            for w in byLength[length] where equals(w, bytes, start: start, length: length) { return w }
            return nil
        }
        return words.indices.first { words[$0].count == length && equals($0, bytes, start: start, length: length) }
    }

    private func equals(_ w: Int, _ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        words[w].withUnsafeBufferPointer { word in
            for i in 0..<length where bytes[start + i] != word[i] { return false }
            return true
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

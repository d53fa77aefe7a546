// libFuzzer entry point for FlowLint's front end. Built by `Tools/Fuzz/run.sh` together with every file of
// Sources/FlowLintSyntax (no package, no module: the sources are compiled straight into the fuzzer).
//
// It lexes each input and checks the lossless invariant, then parses it (full, and with the bodies no client word keeps skipped)
// and checks the tree's shape; a violation traps, which libFuzzer reports as a crash and saves as a reproducer.

/// The shape of what the linter's rules keep (`LintEngine.bodySkipping`), without depending on FlowLintKit.
let linterLikeSkipping = BodySkipping(bodyWords: ["ForEach", "List", "environment", "objectWillChange", "State"],
                                      declarationWords: ["body", "previews", "ViewBuilder"], typeSuffixes: ["View"],
                                      fileWords: ["ObservedObject"])

/// Runs the front end on one input and traps if an invariant breaks.
func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    let tokens = Lexer.tokenize(bytes)
    checkLossless(tokens, bytes)
    let file = SourceFile(path: "fuzz.swift", bytes: Array(bytes))
    // Everything parsed, then bodies skipped unless they mention the words the linter keeps them for.
    for skipping in [nil, linterLikeSkipping] {
        let tree = Parser.parse(file, tokens: tokens, skipping: skipping)
        checkTree(tree)
        _ = tree.outline()
    }
}

/// The root covers every token but end-of-file; every node's subtree stays inside its parent's, in nodes and
/// in tokens; token ranges are ordered and in bounds.
func checkTree(_ tree: SyntaxTree) {
    let nodes = tree.nodes
    guard let root = nodes.first, root.kind == .sourceFile, Int(root.size) == nodes.count else {
        fatalError("the root must span the whole node array")
    }
    if Int(root.endToken) != tree.tokens.count - 1 { fatalError("the root must cover every token") }
    for i in nodes.indices {
        let n = nodes[i]
        if n.size < 1 || i + Int(n.size) > nodes.count { fatalError("node #\(i) has a bad size") }
        if n.firstToken < 0 || n.endToken < n.firstToken || Int(n.endToken) > tree.tokens.count { fatalError("node #\(i) has bad tokens") }
        var c = i + 1
        while c < i + Int(n.size) {
            let child = nodes[c]
            if child.firstToken < n.firstToken || child.endToken > n.endToken { fatalError("node #\(c) escapes its parent #\(i)") }
            c += Int(child.size)
        }
        if c != i + Int(n.size) { fatalError("children of node #\(i) overrun it") }
    }
}

/// Tokens are in order, do not overlap, are not empty (but the last), end with one end-of-file token at the
/// byte count, and every gap between them holds only trivia. Then gaps + tokens rebuild the input exactly.
func checkLossless(_ tokens: [Token], _ bytes: UnsafeBufferPointer<UInt8>) {
    guard let last = tokens.last, last.kind == .endOfFile, Int(last.offset) == bytes.count, last.length == 0 else {
        fatalError("stream must end with an end-of-file token at the byte count")
    }
    var position = 0
    for (index, token) in tokens.enumerated() {
        let start = Int(token.offset)
        if start < position || Int(token.end) > bytes.count { fatalError("token #\(index) overlaps or overruns") }
        if token.length == 0 && index != tokens.count - 1 { fatalError("empty token #\(index) \(token.kind)") }
        if token.kind == .endOfFile && index != tokens.count - 1 { fatalError("end of file before the end") }
        for piece in Trivia.pieces(bytes, in: position..<start) {
            if piece.kind == .other && bytes[piece.range.lowerBound] != 0x0B && bytes[piece.range.lowerBound] != 0x0C {
                fatalError("non-trivia byte in the gap before token #\(index) at \(piece.range.lowerBound)")
            }
        }
        position = Int(token.end)
    }
    // Rebuild the input from gaps and tokens; with the checks above this is the identity, but check it anyway.
    var rebuilt: [UInt8] = []
    rebuilt.reserveCapacity(bytes.count)
    position = 0
    for token in tokens {
        rebuilt += bytes[position..<Int(token.offset)]
        rebuilt += bytes[token.range]
        position = Int(token.end)
    }
    if !rebuilt.elementsEqual(bytes) { fatalError("gaps + tokens do not reproduce the input") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzOne(UnsafeBufferPointer(start: size > 0 ? data : nil, count: size))
    return 0
}

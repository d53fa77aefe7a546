// libFuzzer entry point for FlowLint's front end. Built by `Tools/Fuzz/run.sh` together with every file of
// Sources/FlowLintSyntax (no package, no module: the sources are compiled straight into the fuzzer).
//
// It lexes each input and checks the lossless invariant; a violation traps, which libFuzzer reports as a
// crash and saves as a reproducer. To fuzz more of the front end, extend `fuzzOne` (e.g. parse the tokens).

/// Runs the front end on one input and traps if an invariant breaks.
func fuzzOne(_ bytes: UnsafeBufferPointer<UInt8>) {
    let tokens = Lexer.tokenize(bytes)
    checkLossless(tokens, bytes)
    // The parser engineer: add `Parser.parse(...)` here and check its invariants the same way.
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

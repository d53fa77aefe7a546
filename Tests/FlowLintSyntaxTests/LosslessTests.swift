import Foundation
import XCTest
@testable import FlowLintSyntax

/// Checks the token stream's invariants on `bytes`: tokens are in order and do not overlap, the stream ends
/// with one end-of-file token at the byte count, every gap holds only trivia (the pieces of `Trivia` tile
/// it and none is `.other` but vertical tab / form feed), and gap + token bytes, concatenated, give back the
/// input exactly. Returns a description of the first violation, or nil.
func losslessViolation(_ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBufferPointer { buffer -> String? in
        let tokens = Lexer.tokenize(buffer)
        guard let last = tokens.last, last.kind == .endOfFile, Int(last.offset) == bytes.count, last.length == 0 else {
            return "the stream does not end with an end-of-file token at \(bytes.count)"
        }
        if tokens.dropLast().contains(where: { $0.kind == .endOfFile }) { return "end of file before the end" }
        var rebuilt: [UInt8] = []
        rebuilt.reserveCapacity(bytes.count)
        var position = 0
        for (index, token) in tokens.enumerated() {
            let start = Int(token.offset)
            guard start >= position, Int(token.end) <= bytes.count else {
                return "token #\(index) \(token.kind) at \(start) overlaps the previous one (ends at \(position))"
            }
            if token.length == 0 && token.kind != .endOfFile { return "token #\(index) \(token.kind) at \(start) is empty" }
            let gap = position..<start
            for piece in Trivia.pieces(buffer, in: gap) where piece.kind == .other {
                let b = bytes[piece.range.lowerBound]
                if b != 0x0B && b != 0x0C { return "gap \(gap) holds a non-trivia byte \(b) at \(piece.range.lowerBound)" }
            }
            let flags = token.flags
            if flags.contains(.leadingTrivia) != !gap.isEmpty && index > 0 {
                return "token #\(index) at \(start): leadingTrivia flag disagrees with gap \(gap)"
            }
            rebuilt += bytes[gap]
            rebuilt += bytes[token.range]
            position = Int(token.end)
        }
        return rebuilt == bytes ? nil : "concatenation does not reproduce the input"
    }
}

/// A small deterministic generator (SplitMix64), so failures reproduce from the seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Fragments of Swift (and of not-Swift) that tend to meet lexer edge cases when glued at random.
let losslessFragments: [[UInt8]] = {
    let text = [
        "\"", "\"\"\"", "#", "##", "#\"", "\"#", "\\(", "\\#(", "(", ")", "/", "#/", "/#", "//", "/*", "*/", "///", "/**",
        " ", "\t", "\n", "\r\n", "\r", "\\", "\\n", "\\u{1F600}", "\\u{", "'", "`", "@", "$", "$0", "_", "x", "let", "try",
        "?", "!", ".", "...", "..<", "->", "=", "==", "&", "<#", "#>", "<<<<<<< ", ">>>>>>> ", "=======", ">>>> ", "<<<<\n",
        "0x", "0x1p-2", "1.5e+3", "0b", "0o7", "1_000", "1.", "e", "#if", "#endif", "#Preview", "#!", "@State", "{", "}",
        "[", "]", ",", ":", ";", "é", "∘", "😀", "👨‍👩‍👧", "\u{00A0}", "\u{201C}", "\u{201D}", "\u{FEFF}", "\u{0B}", "\u{0C}",
        "func", "operator", "self", "in", "return", "/a/", "#/a/#", "\"a\"", "#\"a\"#", "\"\"\"\na\n\"\"\"",
    ]
    var fragments = text.map { Array($0.utf8) }
    fragments += [[0x00], [0xFF], [0xC3], [0x80], [0xE2, 0x82], [0xF0, 0x9F], [0xED, 0xA0, 0x80], [0x07], [0x7F]]
    return fragments
}()

func generatedSource(seed: UInt64) -> [UInt8] {
    var rng = SeededGenerator(seed: seed)
    var bytes: [UInt8] = []
    for _ in 0..<Int.random(in: 1...60, using: &rng) {
        bytes += losslessFragments.randomElement(using: &rng)!
    }
    return bytes
}

final class LosslessTests: XCTestCase {
    func testHandWrittenEdgeCases() {
        let cases = [
            "", " ", "\n", "\u{FEFF}", "\"", "\"\"\"", "#", "#\"", "\\", "/", "/*", "/* /* */", "//", "`", "<#", "#!",
            "\"\\(", "\"\\(\"", "#\"\\#(", "\"\"\"\n\\(", "#/", "#/\n", "/x", "0x", "0x1.", "1e", "$", "@", "\r", "\r\n",
            "a\u{0}b", "let s = \"abc\nnext", "\"\\(\"\\(\"\\(x\n", "#\"\"\"#", "##/a/#", "`a\nb`",
        ]
        for source in cases {
            XCTAssertNil(losslessViolation(Array(source.utf8)), source.debugDescription)
        }
    }

    func testGeneratedSources() {
        for seed in 0..<3_000 as Range<UInt64> {
            let bytes = generatedSource(seed: seed)
            if let violation = losslessViolation(bytes) {
                XCTFail("seed \(seed): \(violation)\n\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                return
            }
        }
    }

    func testRandomBytes() {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            if let violation = losslessViolation(bytes) { XCTFail("\(violation): \(bytes)"); return }
        }
    }

    /// Every `.swift` file under `Fixtures/` (whatever fixture projects exist), and this package's own sources.
    func testFixturesAndSources() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var checked = 0
        for directory in ["Fixtures", "Sources", "Tests"] {
            let root = repository.appendingPathComponent(directory)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                XCTAssertNil(losslessViolation(Array(data)), url.path)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testTriviaPiecesTileEveryGap() {
        for seed in 0..<500 as Range<UInt64> {
            let bytes = generatedSource(seed: seed)
            bytes.withUnsafeBufferPointer { buffer in
                var position = 0
                for token in Lexer.tokenize(buffer) {
                    let gap = position..<Int(token.offset)
                    let pieces = Trivia.pieces(buffer, in: gap)
                    var next = gap.lowerBound
                    for piece in pieces {
                        XCTAssertEqual(piece.range.lowerBound, next, "seed \(seed)")
                        XCTAssertFalse(piece.range.isEmpty, "seed \(seed)")
                        next = piece.range.upperBound
                    }
                    XCTAssertEqual(next, gap.upperBound, "seed \(seed)")
                    position = Int(token.end)
                }
            }
        }
    }
}

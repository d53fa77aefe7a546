import XCTest
@testable import FlowLintLSP

/// A fixed sequence of pseudo-random numbers (SplitMix64): the same edits on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `Rope` and `LineText` against a plain model (an array of bytes) under random edits: the bytes, the summary and
/// positions must match the model's, whatever the tree looks like after splits and merges.
final class RopeTests: XCTestCase {
    // Line breaks of every kind (a `\r` and a `\n` typed apart may pair), and characters of 1 to 4 UTF-8 bytes.
    let alphabet: [[UInt8]] = ["a", "b", " ", "\n", "\r", "é", "€", "😀", "\n", "x"].map { Array($0.utf8) }

    func randomText(_ count: Int, _ random: inout SeededGenerator) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 2)
        for _ in 0..<count { out += alphabet[Int(random.next() % UInt64(alphabet.count))] }
        return out
    }

    /// A random character start in the model.
    func boundary(_ model: [UInt8], _ random: inout SeededGenerator) -> Int {
        var offset = Int(random.next() % UInt64(model.count + 1))
        while offset < model.count && (model[offset] & 0xC0) == 0x80 { offset -= 1 }
        return offset
    }

    /// The model's summary, counted independently of the rope.
    func summary(_ model: [UInt8]) -> TextSummary {
        let string = String(decoding: model, as: UTF8.self)
        return TextSummary(bytes: model.count, lineBreaks: referenceLineStarts(model).count - 1, utf16: string.utf16.count,
                           scalars: string.unicodeScalars.count)
    }

    func checkPositions(_ text: LineText, _ model: [UInt8], _ random: inout SeededGenerator, samples: Int) {
        let starts = referenceLineStarts(model)
        for _ in 0..<samples {
            let offset = boundary(model, &random)
            let line = starts.lastIndex { $0 <= offset }!
            // Where the line's break starts (inside `\r\n`, a position is at the end of its line).
            var end = model.count
            if line + 1 < starts.count {
                let next = starts[line + 1]
                end = next - 2 >= starts[line] && model[next - 2] == 0x0D && model[next - 1] == 0x0A ? next - 2 : next - 1
            }
            let units = String(decoding: model[starts[line]..<min(offset, end)], as: UTF8.self).utf16.count
            let position = text.position(ofOffset: offset, .utf16)
            XCTAssertEqual(position, Position(line: line, character: units), "offset \(offset)")
            if offset <= end { XCTAssertEqual(text.offset(of: position, .utf16), offset, "position \(position)") }
        }
    }

    func testRandomEditsMatchAPlainModel() {
        var random = SeededGenerator(state: 23)
        var model = randomText(150_000, &random)  // about 70 leaves: two levels
        var text = LineText(model)
        for step in 1...800 {
            // Mostly keystrokes; now and then a large deletion or paste.
            let large = step % 40 == 0
            let lower = boundary(model, &random)
            var upper = min(model.count, lower + Int(random.next() % (large ? 40_000 : 6)))
            while upper < model.count && (model[upper] & 0xC0) == 0x80 { upper += 1 }
            let inserted = randomText(Int(random.next() % (large ? 30_000 : 3)), &random)
            text.replace(lower..<upper, with: inserted)
            model.replaceSubrange(lower..<upper, with: inserted)
            if step % 40 == 0 { XCTAssertEqual(text.rope.summary, summary(model), "step \(step)") }
            if step % 200 == 0 {
                XCTAssertEqual(text.bytes, model, "step \(step)")
                checkPositions(text, model, &random, samples: 20)
            }
        }
        XCTAssertEqual(text.lineStarts, referenceLineStarts(model))
        checkPositions(text, model, &random, samples: 200)
    }

    func testATreeOfSeveralLevelsShrinksToNothingAndGrowsAgain() {
        var random = SeededGenerator(state: 7)
        // More than 32 × 32 leaves: three levels of inner nodes.
        var model = randomText(2_500_000, &random)
        var text = LineText(model)
        for _ in 0..<12 {
            let lower = boundary(model, &random)
            var upper = min(model.count, lower + Int(random.next() % 1_500_000))
            while upper < model.count && (model[upper] & 0xC0) == 0x80 { upper += 1 }
            text.replace(lower..<upper, with: [])
            model.removeSubrange(lower..<upper)
        }
        XCTAssertEqual(text.rope.summary, summary(model))
        XCTAssertEqual(text.bytes, model)
        text.replace(0..<text.count, with: [])
        XCTAssertEqual(text.count, 0)
        XCTAssertEqual(text.lineCount, 1)
        XCTAssertEqual(text.position(ofOffset: 0, .utf16), Position(line: 0, character: 0))
        model = randomText(700_000, &random)
        text.replace(0..<0, with: model)
        XCTAssertEqual(text.rope.summary, summary(model))
        XCTAssertEqual(text.bytes, model)
        checkPositions(text, model, &random, samples: 50)
    }

    func testLineBreaksPairAcrossLeafBoundaries() {
        // 8,192 bytes make two leaves of 4,096: the edits below are at the boundary between them.
        let a = [UInt8](repeating: 0x61, count: 4095), b = [UInt8](repeating: 0x62, count: 4096)
        var text = LineText(a + [0x0D] + b)
        text.replace(4096..<4096, with: [0x0A])  // a `\n` at the start of the second leaf, after the first's `\r`
        XCTAssertEqual(text.lineStarts, [0, 4097])
        text.replace(4096..<4097, with: [])  // and away again
        XCTAssertEqual(text.lineStarts, [0, 4096])
        text = LineText(a + [0x61, 0x0A] + b.dropLast())
        text.replace(4095..<4096, with: [0x0D])  // a `\r` at the end of the first leaf, before the second's `\n`
        XCTAssertEqual(text.lineStarts, [0, 4097])
        XCTAssertEqual(text.lineEnd(0), 4095)
        XCTAssertEqual(text.position(ofOffset: 4096, .utf16), Position(line: 0, character: 4095))
    }

    func testPositionsInALongLineAndCopiesStayApart() {
        var line = LineText(String(repeating: "é", count: 200_000) + "😀x\ny")
        XCTAssertEqual(line.offset(of: Position(line: 0, character: 200_001), .utf16), 400_000)  // inside the emoji
        XCTAssertEqual(line.offset(of: Position(line: 0, character: 200_002), .utf16), 400_004)
        XCTAssertEqual(line.position(ofOffset: 400_005, .utf16), Position(line: 0, character: 200_003))
        XCTAssertEqual(line.position(ofOffset: 400_005, .utf32), Position(line: 0, character: 200_002))
        XCTAssertEqual(line.offset(of: Position(line: 1, character: 0), .utf8), 400_006)
        // A copy is a value: editing one leaves the other as it was.
        let copy = line
        line.replace(0..<2, with: [])
        XCTAssertEqual(copy.count, 400_007)
        XCTAssertEqual(line.count, 400_005)
        XCTAssertEqual(copy.bytes(in: 0..<2), Array("é".utf8))
    }
}

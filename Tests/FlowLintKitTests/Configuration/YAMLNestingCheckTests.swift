import XCTest
@testable import FlowLintKit

/// The nesting check must never count fewer levels than `YAMLReader` opens (or the reader could recurse
/// deeper than the limit says), and should not count more on YAML the reader accepts (or it would reject good
/// configurations). Both are checked against the tree the reader builds, on hand-written cases and on
/// generated YAML full of the tokens whose extent the check must get right: quotes, block scalars, comments,
/// tags, plain scalars over lines (the reader refuses block scalars, tags and anchors; text with them is
/// compared where the reader accepts it, and otherwise only counted).
final class YAMLNestingCheckTests: XCTestCase {
    /// Collections nested in the tree the reader builds (a scalar alone is 0), without recursion.
    func collectionDepth(_ root: YAMLNode) -> Int {
        var deepest = 0
        var stack: [(YAMLNode, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            switch node.value {
            case .scalar: deepest = max(deepest, depth)
            case .sequence(let sequence):
                deepest = max(deepest, depth + 1)
                for child in sequence { stack.append((child, depth + 1)) }
            case .mapping(let mapping):
                deepest = max(deepest, depth + 1)
                for (key, value) in mapping { stack.append((key, depth + 1)); stack.append((value, depth + 1)) }
            }
        }
        return deepest
    }

    /// For YAML that the reader accepts: the check's count is at most the tree's depth (no false alarm) and at
    /// least half of it (each counted level is one collection, or two: an entry's one-pair mapping or a
    /// value's indentless sequence).
    func assertAgrees(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let counted = YAMLNestingCheck.deepestLevel(in: text) else {
            return XCTFail("alias reported in \(text.debugDescription)", file: file, line: line)
        }
        guard let root = try? YAMLReader.read(text) else { return }
        let depth = collectionDepth(root)
        XCTAssertTrue(counted <= depth && depth <= 2 * counted,
                      "counted \(counted), tree depth \(depth) for \(text.debugDescription)", file: file, line: line)
    }

    func testCountsBlockAndFlowLevels() {
        XCTAssertEqual(YAMLNestingCheck.deepestLevel(in: ""), 0)
        XCTAssertEqual(YAMLNestingCheck.deepestLevel(in: "plain"), 0)
        XCTAssertEqual(YAMLNestingCheck.deepestLevel(in: "a: b\n"), 1)
        XCTAssertEqual(YAMLNestingCheck.deepestLevel(in: "a:\n  b:\n    - c\n"), 3)
        XCTAssertEqual(YAMLNestingCheck.deepestLevel(in: "a: [[1, {b: [2]}]]\n"), 5)
        XCTAssertEqual(YAMLNestingCheck.deepestLevel(in: "- - - x\n"), 3)
        XCTAssertEqual(YAMLNestingCheck.deepestLevel(in: "? - a\n: - b\n"), 2)
        XCTAssertEqual(YAMLNestingCheck.deepestLevel(in: "a:\n  b: 1\nc:\n  d: 2\n"), 2, "levels close again")
    }

    func testTextThatOnlyLooksNestedIsNotCounted() {
        for text in [
            "a: '[[[[{{{{'\n",
            "a: \"[[[[\\\"[[[[\"\n",
            "a: it's [[[[ plain\n",
            "# [[[[[[\na: 1\n",
            "a: |\n  [[[[[[\n  - - - -\n",
            "a: >-\n    {{{{\n     b: [[[[\n",
            "a: x # [[[[[\n",
            "a: b[c]{d}\n",
            "a: !tag x[[\n",
        ] {
            XCTAssertLessThanOrEqual(YAMLNestingCheck.deepestLevel(in: text) ?? 99, 2, text.debugDescription)
            assertAgrees(text)
        }
    }

    /// Each of these hides deep nesting behind a token whose end the check must find exactly where libyaml
    /// does: the deep part after it is real and must be counted.
    func testNestingAfterTrickyTokensIsCounted() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        for prefix in [
            "a: 'it''s'\nb: ",
            "a: \"q\\\"\"\nb: ",
            "a: |\n  text '\nb: ",
            "a: |2\n    text \"\nb: ",
            "a: x'y\nb: ",
            "a: x\"y\nb: ",
            "a: !t'x\nb: ",
            "a: [!<a,'b> 1, ",
            "# it's\nb: ",
            "a: &x y\nb: ",
            "a: 'multi\n  line'\nb: ",
            "a: plain\n  continued'\nb: ",
        ] {
            let text = prefix + deep + (prefix.hasSuffix(", ") ? "]" : "") + "\n"
            // Where the reader accepts the prefix, it goes on past it (where it refuses it, it stops there, and
            // the count after that point does not matter).
            let shallow = prefix + "[[x]]" + (prefix.hasSuffix(", ") ? "]" : "") + "\n"
            assertAgrees(shallow)
            let counted = YAMLNestingCheck.deepestLevel(in: text) ?? 0
            XCTAssertGreaterThanOrEqual(counted, 100, prefix.debugDescription)
            XCTAssertNotNil(YAMLNestingCheck.firstViolation(in: text, limit: 64), prefix.debugDescription)
        }
    }

    func testAliasesAreRejectedAnchorsAreNot() {
        XCTAssertNil(YAMLNestingCheck.firstViolation(in: "a: &x [1]\n", limit: 64))
        XCTAssertEqual(YAMLNestingCheck.firstViolation(in: "a: &x [1]\nb: *x\n", limit: 64)?.line, 2)
        XCTAssertNotNil(YAMLNestingCheck.firstViolation(in: "excluded:\n  - **/*.swift\n", limit: 64))
        XCTAssertNil(YAMLNestingCheck.firstViolation(in: "excluded:\n  - \"**/*.swift\"\n  - a*b\n", limit: 64))
    }

    func testViolationPointsAtTheLevelThatGoesOver() {
        let flow = "a: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        // The mapping is one level, so the 64th bracket (column 3 + 64) is the 65th level.
        XCTAssertEqual(YAMLNestingCheck.firstViolation(in: flow, limit: 64),
                       .init(line: 1, column: 3 + 64, message: "the configuration nests deeper than 64 levels (indentation and brackets)"))
        var block = ""
        for level in 0..<100 { block += String(repeating: " ", count: level) + "k\(level):\n" }
        let violation = YAMLNestingCheck.firstViolation(in: block, limit: 64)
        XCTAssertEqual(violation?.line, 65)
        XCTAssertEqual(violation?.column, 65)
        XCTAssertNotNil(YAMLNestingCheck.firstViolation(in: String(repeating: "- ", count: 10_000) + "x", limit: 64))
        XCTAssertNil(YAMLNestingCheck.firstViolation(in: String(repeating: "- ", count: 64) + "x", limit: 64))
    }

    /// Generated YAML, deterministic: random trees written in random styles, and random token soup. The
    /// trees are written twice: with the tokens the reader refuses (block scalars, tags, anchors), which the
    /// check must still scan past correctly, and without them, which the reader must accept.
    func testAgreesWithTheReaderOnGeneratedYAML() {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0..<3000 { assertAgrees(block(&generator, depth: 0, indent: 0, readable: false)) }
        var accepted = 0
        for _ in 0..<3000 {
            let text = block(&generator, depth: 0, indent: 0, readable: true)
            if (try? YAMLReader.read(text)) != nil { accepted += 1 }
            assertAgrees(text)
        }
        XCTAssertEqual(accepted, 3000, "the generator should write YAML the reader reads")
        let pieces = ["- ", "? ", ": ", "k: ", "[", "]", "{", "}", ", ", "'", "\"", "''", "\\\"", "a b", " #c", "|", ">-",
                      "|2", "&x ", "!t ", "!<a,b> ", "\t", "\n", "\r\n", "\n  ", "\n    ", "---\n", "...\n", "x:y", "é",
                      "\u{85}", "\u{2028}", "%YAML 1.1\n", "a\n", "@", "`"]
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<generator.next(below: 30) { text += pieces[generator.next(below: pieces.count)] }
            assertAgrees(text)
        }
    }

    /// A block mapping or sequence at `indent`, one entry per line, values inline, block scalars or nested.
    /// `readable`: without the tokens the reader refuses (a quoted scalar over lines instead of a block scalar).
    private func block(_ g: inout SplitMix, depth: Int, indent: Int, readable: Bool) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = ""
        let isSequence = g.next(below: 2) == 0
        for index in 0..<(1 + g.next(below: 3)) {
            out += pad + (isSequence ? "-" : "k\(index):")
            switch depth > 6 ? g.next(below: 3) : g.next(below: 5) {
            case 0: out += " " + scalar(&g, readable: readable) + "\n"
            case 1: out += " " + flow(&g, level: 0, readable: readable) + "\n"
            case 2 where readable: out += " 'over\n\(pad)  [[ \"\n\(pad)   - - x: y'\n"
            case 2: out += " |\n\(pad)  [[ ' \"\n\(pad)   - - x: y\n"
            case 3 where isSequence:
                out += " " + block(&g, depth: depth + 1, indent: indent + 2, readable: readable).drop(while: { $0 == " " })
            default: out += "\n" + block(&g, depth: depth + 1, indent: indent + 2, readable: readable)
            }
        }
        return out
    }

    private func scalar(_ g: inout SplitMix, readable: Bool) -> String {
        let scalars = ["plain", "'q [ ] { } '' # : x'", "\"d [ \\\" ] {\"", "x[1]{2}", "a # c [", "1", "it's [ x"]
            + (readable ? [] : ["!t v", "&n v"])
        return scalars[g.next(below: scalars.count)]
    }

    private func flow(_ g: inout SplitMix, level: Int, readable: Bool) -> String {
        let leaves = ["x", "'[q'", "\"{q\""] + (readable ? [] : ["!t y", "&a z"])
        if level > 5 || g.next(below: 3) == 0 { return leaves[g.next(below: leaves.count)] }
        let items = (0..<g.next(below: 3)).map { _ in flow(&g, level: level + 1, readable: readable) }
        if g.next(below: 2) == 0 {
            return "[" + items.map { g.next(below: 4) == 0 ? "k: \($0)" : $0 }.joined(separator: ", ") + "]"
        }
        return "{" + items.enumerated().map { "k\($0.offset): \($0.element)" }.joined(separator: ", ") + "}"
    }
}

/// A small deterministic generator (SplitMix64), so a failure reproduces.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

import XCTest
@testable import FlowLintKit

/// The YAML the configuration reader reads, one feature at a time, and what it refuses, with where.
final class YAMLReaderTests: XCTestCase {
    /// A tree as text: scalars as their string (quoted ones in quotes), `[a, b]`, `{k: v}`.
    func shape(_ node: YAMLNode?) -> String {
        guard let node else { return "nil" }
        switch node.value {
        case .scalar(let scalar): return scalar.isPlain ? scalar.string : "'\(scalar.string)'"
        case .sequence(let elements): return "[" + elements.map(shape).joined(separator: ", ") + "]"
        case .mapping(let pairs): return "{" + pairs.map { "\(shape($0.key)): \(shape($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    func read(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            return shape(try YAMLReader.read(text))
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return ""
        }
    }

    func error(_ text: String) -> YAMLError? {
        do {
            _ = try YAMLReader.read(text)
            return nil
        } catch {
            return error as? YAMLError
        }
    }

    /// "line:column: message" of the error.
    func failure(_ text: String) -> String? {
        error(text).map { "\($0.line):\($0.column): \($0.message)" }
    }

    // MARK: Features

    func testBlockMappingsAndSequences() {
        XCTAssertEqual(read("a: 1\nb:\n  - x\n  - y\nc:\n  d: e\n"), "{a: 1, b: [x, y], c: {d: e}}")
        XCTAssertEqual(read("- a\n- b\n"), "[a, b]")
        XCTAssertEqual(read("a:\n    - x\n    -   y\n"), "{a: [x, y]}")
    }

    /// A sequence under a key may be at the key's indentation; the next key ends it.
    func testSequenceAtTheIndentationOfItsKey() {
        XCTAssertEqual(read("b:\n- x\n- y\nc: 2\n"), "{b: [x, y], c: 2}")
    }

    func testCompactNestedCollections() {
        XCTAssertEqual(read("- a: 1\n  b: 2\n- - x\n  - y\n- c\n"), "[{a: 1, b: 2}, [x, y], c]")
    }

    func testEmptyValuesAreEmptyPlainScalars() {
        XCTAssertEqual(read("a:\nb: 2\nc: # comment\n"), "{a: , b: 2, c: }")
        XCTAssertEqual(read("-\n- x\n"), "[, x]")
        XCTAssertEqual(try YAMLReader.read("a:\n").map(shape), "{a: }")
        guard case .mapping(let pairs)? = try? YAMLReader.read("strict:\n")?.value, case .scalar(let empty) = pairs[0].value.value else {
            return XCTFail("not a mapping")
        }
        XCTAssertEqual(empty.type, .null)
        // Where libyaml marked an empty value: right after the ':'.
        XCTAssertEqual([pairs[0].value.line, pairs[0].value.column], [1, 8])
    }

    func testFlowCollections() {
        XCTAssertEqual(read("a: [x, 'y', \"z\"]\n"), "{a: [x, 'y', 'z']}")
        XCTAssertEqual(read("a: {severity: warning, k}\n"), "{a: {severity: warning, k: }}")
        XCTAssertEqual(read("a: [\n  x,   # first\n  y,\n]\n"), "{a: [x, y]}")
        XCTAssertEqual(read("a: [k: v, [1, 2], {}]\n"), "{a: [{k: v}, [1, 2], {}]}")
        XCTAssertEqual(read("{\"a\":1, 'b': [c]}\n"), "{'a': 1, 'b': [c]}")
        XCTAssertEqual(read("a: [http://x.y/z, a:b]\n"), "{a: [http://x.y/z, a:b]}")
        XCTAssertEqual(read("[]\n"), "[]")
    }

    func testPlainScalarsFoldOverMoreIndentedLines() {
        XCTAssertEqual(read("a: one\n  two\n\n  three\nb: x#y  # comment\n"), "{a: one two\nthree, b: x#y}")
        XCTAssertEqual(read("a: b c:d -e ?f\n"), "{a: b c:d -e ?f}")
        XCTAssertEqual(read("- -1\n- :x\n"), "[-1, :x]")
    }

    func testSingleQuotedScalars() {
        XCTAssertEqual(read("a: 'it''s # not a comment'\n"), "{a: 'it's # not a comment'}")
        XCTAssertEqual(read("a: 'one  \n   two\n\n  three'\n"), "{a: 'one two\nthree'}")
        XCTAssertEqual(read("'key with: colon': ''\n"), "{'key with: colon': ''}")
    }

    func testDoubleQuotedScalarsAndEscapes() {
        let scalar = try? YAMLReader.read(#"a: "\t\n\\\"\x41\u00e9\U0001F600\e\0\/\ \_\N\L\P""#)
        guard case .mapping(let pairs)? = scalar?.value, case .scalar(let value) = pairs[0].value.value else { return XCTFail("not read") }
        XCTAssertEqual(value.string, "\t\n\\\"Aé😀\u{1B}\0/ \u{A0}\u{85}\u{2028}\u{2029}")
        XCTAssertFalse(value.isPlain)
        XCTAssertEqual(read("a: \"one\\\n   two\"\n"), "{a: 'onetwo'}")
        XCTAssertEqual(read("a: \"one\n  two\"\n"), "{a: 'one two'}")
    }

    /// As libyaml reads them (and Yams did): a `#` where a token may start is a comment without a blank before
    /// it; in a plain scalar it is part of the text.
    func testCommentsRightAfterAToken() {
        XCTAssertEqual(read("a: 'x'# c\nb: [y]# c\nc: [\"z\"# c\n  ]\nd: x#y\n"), "{a: 'x', b: [y], c: ['z'], d: x#y}")
    }

    func testComments() {
        XCTAssertEqual(read("# top\na: 1 # after\n  # indented\n# between\nb: [x, # in a list\n  y]\n"), "{a: 1, b: [x, y]}")
        XCTAssertNil(try YAMLReader.read("# only a comment\n"))
        XCTAssertNil(try YAMLReader.read(""))
    }

    func testDocumentMarkers() {
        XCTAssertEqual(read("---\na: 1\n...\n"), "{a: 1}")
        XCTAssertEqual(read("--- # the document\na: 1\n"), "{a: 1}")
        XCTAssertNil(try YAMLReader.read("---\n"))
        XCTAssertNil(try YAMLReader.read("--- \n...\n"))
    }

    func testLineEndingsAndByteOrderMark() {
        XCTAssertEqual(read("a: 1\r\nb: [x,\r\n y]\r\n"), "{a: 1, b: [x, y]}")
        XCTAssertEqual(read("\u{FEFF}a: 1\n"), "{a: 1}")
    }

    /// Plain scalars are typed as YAML 1.1 types them; quoted ones are strings.
    func testScalarTypes() throws {
        guard case .mapping(let pairs)? = try YAMLReader.read("a: yes\nb: 'yes'\nc: ~\nd: 1.5\ne: 12\nf: text\n")?.value else {
            return XCTFail("not a mapping")
        }
        let types = pairs.map { pair -> YAMLScalarType? in
            if case .scalar(let scalar) = pair.value.value { return scalar.type }
            return nil
        }
        XCTAssertEqual(types, [.bool, .str, .null, .float, .int, .str])
    }

    func testPositionsAreLinesAndColumnsInCharacters() throws {
        guard case .mapping(let pairs)? = try YAMLReader.read("é: [x, 'y']\nb:\n  - z\n")?.value,
              case .sequence(let flow) = pairs[0].value.value, case .sequence(let block) = pairs[1].value.value else {
            return XCTFail("not read")
        }
        XCTAssertEqual(pairs.map { [$0.key.line, $0.key.column] }, [[1, 1], [2, 1]])
        XCTAssertEqual([pairs[0].value.line, pairs[0].value.column], [1, 4])
        XCTAssertEqual(flow.map { [$0.line, $0.column] }, [[1, 5], [1, 8]])
        XCTAssertEqual([pairs[1].value.line, pairs[1].value.column], [3, 3])
        XCTAssertEqual(block.map { [$0.line, $0.column] }, [[3, 5]])
    }

    // MARK: What it refuses

    func testUnsupportedFeaturesAreErrorsWithPositions() {
        XCTAssertEqual(failure("a: &x 1\n"), "1:4: YAML anchors ('&name') are not supported in the configuration; quote a value that starts with '&'")
        XCTAssertEqual(failure("a: [*x]\n"), "1:5: YAML aliases ('*name') are not supported in the configuration; quote a glob that starts with '*'")
        XCTAssertEqual(failure("a: !!str 1\n"), "1:4: YAML tags ('!tag') are not supported in the configuration; quote a value that starts with '!'")
        XCTAssertEqual(failure("a: |\n  x\n"), "1:4: YAML block scalars ('|', '>') are not supported in the configuration; write the value on one line, quoted")
        XCTAssertEqual(failure("a: >-\n  x\n")?.hasPrefix("1:4: YAML block scalars"), true)
        XCTAssertEqual(failure("? a\n: b\n"), "1:1: explicit YAML keys ('? ') are not supported in the configuration")
        XCTAssertEqual(failure("%YAML 1.2\n---\na: 1\n"), "1:1: YAML directives ('%') are not supported in the configuration")
        XCTAssertEqual(failure("a: 1\n---\nb: 2\n"), "2:1: the configuration is one YAML document; a second one ('---') starts here")
    }

    func testMalformedYAMLIsAnErrorWithPosition() {
        XCTAssertEqual(failure("a: [x, y\n"), "2:1: the flow list that starts at line 1, column 4 is not closed with ']'")
        XCTAssertEqual(failure("a: {x: 1\n"), "2:1: the flow mapping that starts at line 1, column 4 is not closed with '}'")
        XCTAssertEqual(failure("a: ['x' y]\n"), "1:9: expected ',' or ']' in the flow list that starts at line 1, column 4")
        XCTAssertEqual(read("a: [x y: 1 z]\n"), "{a: [{x y: 1 z}]}")
        XCTAssertEqual(failure("a: [x, , y]\n"), "1:8: a ',' without a value before it in a flow list")
        XCTAssertEqual(failure("a: [x}\n"), "1:6: expected ',' or ']' in the flow list that starts at line 1, column 4")
        XCTAssertEqual(failure("a: 'x\n"), "2:1: the quoted value that starts at line 1, column 4 is not closed with \"'\"")
        XCTAssertEqual(failure("a: \"x\\q\"\n"), "1:6: unknown escape '\\q' in a double-quoted value")
        XCTAssertEqual(failure("a: \"\\u12\"\n"), "1:5: '\\u' needs 4 hexadecimal digits")
        XCTAssertEqual(failure("a: \"\\UFFFFFFFF\"\n"), "1:5: '\\U' names no Unicode character")
        XCTAssertEqual(failure("a: b: c\n"), "1:5: a mapping value is not allowed here (after a value); put a nested mapping on the next line, indented")
        XCTAssertEqual(failure("key: value\n  bad indentation: here\n")?.hasPrefix("2:18: a mapping value is not allowed here"), true)
        XCTAssertEqual(failure("a: - b\n"), "1:4: a list cannot start on the line of its key; start it on the next line")
        XCTAssertEqual(failure("a:\n    b: 1\n  c: 2\n"), "3:3: this line is indented more than the keys of the mapping above it (column 1)")
        XCTAssertEqual(failure("- [a]\n  - b\n"), "2:3: this line is indented more than the list entries above it (column 1)")
        XCTAssertEqual(read("- a\n   - b\n"), "[a - b]")
        XCTAssertEqual(failure("a: 1\nb\n"), "2:1: expected ':' after the mapping key")
        XCTAssertEqual(failure("a: 1\n- b\n"), "2:1: a list entry where a key of the mapping was expected")
        XCTAssertEqual(failure("a: [x] y\n"), "1:8: unexpected 'y' after a flow list")
        XCTAssertEqual(failure("a: 'x' y\n"), "1:8: unexpected 'y' after a quoted value")
        XCTAssertEqual(failure("a: 1\n: 2\n"), "2:1: a mapping key is missing before this ':'")
        XCTAssertEqual(failure("a:\n  b\n: 2\n"), "3:1: a mapping key is missing before this ':'")
        XCTAssertEqual(failure("a: ]\n"), "1:4: ']' cannot start a plain value; quote the value")
        XCTAssertEqual(failure("- a\nb\n"), "2:1: unexpected content at indentation 0, outside the configuration's mapping")
        XCTAssertEqual(failure("[a]: b\n"), "1:4: a mapping value is not allowed here (after a flow list); put a nested mapping on the next line, indented")
        XCTAssertEqual(failure("\"a\nb\": 1\n"), "2:3: a mapping value is not allowed here (after a quoted value); put a nested mapping on the next line, indented")
    }

    func testTabsCannotIndent() {
        XCTAssertEqual(failure("a:\n\t- x\n"), "2:2: tabs cannot indent YAML; indent with spaces")
        XCTAssertEqual(read("a:\t1\nb: [x,\tz]\n"), "{a: 1, b: [x, z]}")
    }

    /// NUL and other control characters: an error at the character, never a crash or a cut text.
    func testControlCharactersAreErrors() {
        XCTAssertEqual(failure("a: b\nc: x\0y\n"), "2:5: the control character U+0000 is not allowed in YAML; write it as an escape in a double-quoted string")
        XCTAssertEqual(failure("a: \u{1B}[31m\n"), "1:4: the control character U+001B is not allowed in YAML; write it as an escape in a double-quoted string")
        XCTAssertEqual(failure("\0"), "1:1: the control character U+0000 is not allowed in YAML; write it as an escape in a double-quoted string")
    }

    /// The reader's own bound, for text that did not go through `YAMLNestingCheck`.
    func testNestingIsBounded() {
        let deep = "a: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        XCTAssertEqual(failure(deep), "1:\(4 + YAMLReader.maximumDepth - 1): the configuration nests deeper than \(YAMLReader.maximumDepth) collections")
        var block = ""
        for level in 0..<1_000 { block += String(repeating: " ", count: level) + "k:\n" }
        XCTAssertEqual(error(block)?.message, "the configuration nests deeper than \(YAMLReader.maximumDepth) collections")
        XCTAssertEqual(error(String(repeating: "- ", count: 10_000) + "x\n")?.message,
                       "the configuration nests deeper than \(YAMLReader.maximumDepth) collections")
        XCTAssertNotNil(try? YAMLReader.read("a: " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"))
    }

    /// Text of the shape a hostile configuration takes ends in a result or an error, never a crash or a hang.
    func testGeneratedSoupNeverCrashes() {
        var generator = SplitMix(seed: 0xBADC0DE)
        let pieces = ["- ", ": ", "k: ", "[", "]", "{", "}", ", ", "'", "\"", "\\", "#", " ", "\t", "\n", "\r\n", "  ", "x",
                      "---", "...", "é", "\u{2028}", "\0", "&", "*", "!", "|", "?", "%", "''", "\\u", "\\x4"]
        var accepted = 0, refused = 0
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<generator.next(below: 40) { text += pieces[generator.next(below: pieces.count)] }
            do {
                _ = try YAMLReader.read(text)
                accepted += 1
            } catch is YAMLError {
                refused += 1
            } catch {
                XCTFail("\(text.debugDescription): \(error)")
            }
        }
        // Both outcomes occur: the soup exercises the errors and the paths that succeed.
        XCTAssertGreaterThan(accepted, 100)
        XCTAssertGreaterThan(refused, 1000)
    }
}

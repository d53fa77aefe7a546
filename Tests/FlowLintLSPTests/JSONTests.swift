import XCTest
@testable import FlowLintLSP

final class JSONTests: XCTestCase {
    func parse(_ text: String) throws -> JSON { try JSON.parse(Array(text.utf8)) }

    func testParsesEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5e1, true, false, null], "b": {"c": "d"}, "e": 0} "#)
        XCTAssertEqual(value["a"], .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
        XCTAssertEqual(value["b"]?["c"]?.string, "d")
        XCTAssertEqual(value["e"]?.int, 0)
        XCTAssertEqual(value["a"]?.array?[1].int, -25)
        XCTAssertNil(JSON.number(1.5).int)
    }

    func testStringEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try parse(#""a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00""#).string, "a\"\\/\u{8}\u{c}\n\r\té😀")
        // A lone surrogate cannot be a Swift character: it becomes U+FFFD instead of failing the message.
        XCTAssertEqual(try parse(#""x\ud800y""#).string, "x\u{FFFD}y")
        XCTAssertEqual(try parse(#""\udc00""#).string, "\u{FFFD}")
        XCTAssertEqual(try parse("\"é😀\"").string, "é😀")
    }

    func testRejectsMalformedInput() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", "-", "tru", "nul", "\"abc", "\"a\nb\"",
                     "\"\\x\"", "\"\\u12\"", "{} x", "{1: 2}", "[1 2]"] {
            XCTAssertThrowsError(try parse(text), "accepted \(text.debugDescription)")
        }
        // Invalid UTF-8 inside a string.
        XCTAssertThrowsError(try JSON.parse([0x22, 0xFF, 0xFE, 0x22]))
        XCTAssertThrowsError(try JSON.parse([0x22, 0xC3, 0x22]))
    }

    func testStringsWithAndWithoutEscapesAndInvalidUTF8AfterAnEscape() throws {
        XCTAssertEqual(try parse(#"["plain é", "", "esc\n\u00e9 é"]"#), .array([.string("plain é"), .string(""), .string("esc\né é")]))
        XCTAssertThrowsError(try JSON.parse(Array(#""\n"#.utf8) + [0xC3, 0x22]))
        XCTAssertThrowsError(try parse("\"a\u{1}\""))
        XCTAssertThrowsError(try parse("\"abc\\"))
    }

    func testUTF8ValidationAgreesWithTheStandardLibrary() {
        var random = SeededGenerator(state: 3)
        var samples: [[UInt8]] = (0..<65536).map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
                                    0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<50_000 {
            samples.append((0..<Int(random.next() % 6)).map { _ in interesting[Int(random.next() % UInt64(interesting.count))] })
        }
        for sample in samples {
            let valid = sample.withUnsafeBufferPointer(JSON.isValidUTF8)
            XCTAssertEqual(valid, String(validating: sample, as: UTF8.self) != nil, "\(sample)")
        }
    }

    func testTooManyValuesAreRefused() {
        XCTAssertEqual(JSON.maximumValues, 1 << 22)
        let five = Array(#"{"a": [1, "x", null]}"#.utf8)
        XCTAssertNoThrow(try JSON.parse(five, maximumValues: 5))
        XCTAssertThrowsError(try JSON.parse(five, maximumValues: 4)) { error in
            XCTAssertEqual((error as? JSON.ParseError)?.message, "more than 4 values")
        }
    }

    func testDeepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try parse(deep)) { error in
            XCTAssertEqual((error as? JSON.ParseError)?.message, "nested too deeply")
        }
        let allowed = String(repeating: "[", count: JSON.maximumDepth - 1) + String(repeating: "]", count: JSON.maximumDepth - 1)
        XCTAssertNoThrow(try parse(allowed))
    }

    func testSerializesCompactlyInOrderAndRoundTrips() throws {
        let value = JSON(["z": .string("q\"\\\n\u{1}é"), "a": .array([.int(3), .number(0.5), .null, .bool(true)]), "skipped": nil])
        let text = String(decoding: value.serialized(), as: UTF8.self)
        XCTAssertEqual(text, #"{"z":"q\"\\\n\u0001é","a":[3,0.5,null,true]}"#)
        XCTAssertEqual(try JSON.parse(value.serialized()), value)
    }
}

import XCTest
@testable import FlowLintKit
import FlowLintSyntax

/// Properties are kept encoded until a project pass asks about them; what comes back must be what went in.
final class PropertyListTests: XCTestCase {
    let span = SourceSpan(file: "A.swift", startOffset: 120, endOffset: 138,
                          start: SourcePosition(line: 7, column: 5), end: SourcePosition(line: 7, column: 23))

    var properties: [PropertyFact] {
        [
            PropertyFact(name: "items", isStatic: false, isLet: true, hasInitializer: true, type: nil,
                         environmentObjectType: nil, attributeSpan: nil),
            PropertyFact(name: "shared", isStatic: true, isLet: false, hasInitializer: true, type: "NSManagedObjectContext",
                         environmentObjectType: nil, attributeSpan: nil),
            PropertyFact(name: "settings", isStatic: false, isLet: false, hasInitializer: false, type: "Settings",
                         environmentObjectType: "Settings", attributeSpan: span),
            PropertyFact(name: "é🙂", isStatic: false, isLet: false, hasInitializer: false, type: "Ünïcode",
                         environmentObjectType: nil, attributeSpan: nil),
            PropertyFact(name: "items", isStatic: true, isLet: false, hasInitializer: false, type: "[Int]",
                         environmentObjectType: nil, attributeSpan: nil),
        ]
    }

    func testRoundTripAndLookupByName() {
        let list = PropertyList(properties, path: "A.swift")
        XCTAssertEqual(list.decoded(path: "A.swift"), properties)
        XCTAssertEqual(list.named("items", path: "A.swift"), properties.filter { $0.name == "items" })
        XCTAssertEqual(list.named("é🙂", path: "A.swift").map(\.type), ["Ünïcode"])
        XCTAssertEqual(list.named("item", path: "A.swift"), [])
        // Attribute spans take the path the file has when decoding.
        XCTAssertEqual(list.named("settings", path: "B.swift").first?.attributeSpan?.file, "B.swift")
        XCTAssertTrue(PropertyList([], path: "A.swift").isEmpty)
        XCTAssertEqual(PropertyList([], path: "A.swift").decoded(path: "A.swift"), [])
    }

    /// An entry of 128 bytes or more takes a two-byte length.
    func testLongEntriesRoundTrip() {
        var long = properties
        long[1].type = String(repeating: "Nested.", count: 40) + "Context"
        long[3].readOnlyOnTap = TapAction(titles: (0..<60).map { "Title \($0)" })
        let list = PropertyList(long, path: "A.swift")
        XCTAssertEqual(list.decoded(path: "A.swift"), long)
        XCTAssertEqual(PropertyList(validating: list.bytes), list)
        XCTAssertEqual(list.named("shared", path: "A.swift").first?.type, long[1].type)
    }

    func testOnlyWellFormedBytesAreTaken() {
        let bytes = PropertyList(properties, path: "A.swift").bytes
        XCTAssertEqual(PropertyList(validating: bytes), PropertyList(properties, path: "A.swift"))
        // A cut between two properties leaves a shorter list; anywhere else, nothing.
        var accepted = 0
        for cut in 1..<bytes.count {
            guard let list = PropertyList(validating: Array(bytes[0..<cut])) else { continue }
            accepted += 1
            XCTAssertEqual(list.decoded(path: "A.swift"), Array(properties.prefix(accepted)), "cut at \(cut)")
        }
        XCTAssertEqual(accepted, properties.count - 1)
        // A length that runs past the end is rejected.
        var tooLong = bytes
        tooLong[0] |= 0x80
        XCTAssertNil(PropertyList(validating: tooLong))
    }

    /// The hand-written writer and the generic coder agree byte for byte (the decoder is the generic one), for
    /// every field set and unset, a span in the coded file and in another one.
    func testTheFastWriterWritesWhatCompactCodingWrites() {
        var cases = properties
        cases.append(PropertyFact(name: "model", isStatic: false, isLet: false, hasInitializer: true, type: "Model", wrapper: "State",
                                  environmentObjectType: nil, attributeSpan: nil))
        var elsewhere = span
        elsewhere.file = "Other.swift"
        cases.append(PropertyFact(name: "theme", isStatic: false, isLet: true, hasInitializer: false, type: nil, wrapper: "Environment",
                                  environmentObjectType: "Theme", attributeSpan: elsewhere))
        var unread = cases[cases.count - 1]
        unread.isUnreadInItsFile = true
        unread.platforms = [.macOS, .other]
        cases.append(unread)
        var onTap = unread
        onTap.isUnreadInItsFile = false
        onTap.readOnlyOnTap = TapAction(titles: [])
        cases.append(onTap)
        onTap.readOnlyOnTap = TapAction(titles: ["Save", "Reset"])
        cases.append(onTap)
        var singleton = cases[cases.count - 5]
        singleton.type = nil
        singleton.staticInitializer = StaticMemberName(type: "Service", member: "shared")
        cases.append(singleton)
        for property in cases {
            var w = BinaryWriter()
            property.write(to: &w, path: "A.swift")
            XCTAssertEqual(w.bytes, CompactCoding.encode(property, path: "A.swift", handWritten: false), property.name)
            // The hand-written reader reads what the generic decoder reads, under the path given.
            for path in ["A.swift", "B.swift"] {
                let fast = w.bytes.withUnsafeBytes { buffer -> PropertyFact? in
                    var reader = BinaryReader(buffer)
                    return try? PropertyFact(reading: &reader, path: path)
                }
                XCTAssertEqual(fast, try CompactCoding.decode(PropertyFact.self, from: w.bytes, path: path, handWritten: false), property.name)
            }
            // A cut anywhere is rejected.
            for cut in 0..<w.bytes.count {
                let bytes = Array(w.bytes[0..<cut])
                let fast = bytes.withUnsafeBytes { buffer -> PropertyFact? in
                    var reader = BinaryReader(buffer)
                    return try? PropertyFact(reading: &reader, path: "A.swift")
                }
                XCTAssertNil(fast, "\(property.name) cut at \(cut)")
            }
        }
    }
}

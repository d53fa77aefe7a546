import XCTest
@testable import FlowLintKit

/// The old-style property lists of `project.pbxproj`, read by FlowLint's own parser, and XML ones, read by
/// `PropertyListDecoder`: values as `PropertyListSerialization` gave them, errors with their line.
final class PropertyListReaderTests: XCTestCase {
    func parse(_ text: String) -> Result<Any, PropertyListReader.ParseFailure> {
        PropertyListReader.parse(Array(text.utf8))
    }

    func value(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Any? {
        switch parse(text) {
        case .success(let value): return value
        case .failure(let failure):
            XCTFail(failure.description, file: file, line: line)
            return nil
        }
    }

    func failure(_ text: String) -> String? {
        if case .failure(let failure) = parse(text) { return failure.description }
        return nil
    }

    /// Values as text: dictionaries with sorted keys, so the shape is compared exactly.
    func shape(_ value: Any?) -> String {
        switch value {
        case let text as String: return text.debugDescription
        case let data as Data: return "<" + data.map { String($0, radix: 16) }.joined(separator: " ") + ">"
        case let array as [Any]: return "(" + array.map(shape).joined(separator: ", ") + ")"
        case let dictionary as [AnyHashable: Any]:
            let keys = dictionary.keys.compactMap { $0.base as? String }.sorted()
            return "{" + keys.map { "\($0) = \(shape(dictionary[$0]));" }.joined(separator: " ") + "}"
        default: return "?\(String(describing: value))"
        }
    }

    func testProjectFileShape() {
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {

            /* Begin PBXBuildFile section */
            \t\tB1 /* A.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* A.swift */; };
            /* End PBXBuildFile section */
            \t\tF1 = {isa = PBXFileReference; path = "Sources/A B.swift"; sourceTree = "<group>"; };
            \t\tT1 = {isa = PBXNativeTarget; buildPhases = (SP1, SP2, ); name = "App"; };
            \t};
            \trootObject = R1 /* Project object */;
            }
            """
        XCTAssertEqual(shape(value(text)), """
            {archiveVersion = "1"; objects = {B1 = {fileRef = "F1"; isa = "PBXBuildFile";}; F1 = {isa = "PBXFileReference"; path = "Sources/A B.swift"; sourceTree = "<group>";}; T1 = {buildPhases = ("SP1", "SP2"); isa = "PBXNativeTarget"; name = "App";};}; rootObject = "R1";}
            """)
    }

    func testUnquotedStringsAndEmptyCollections() {
        XCTAssertEqual(shape(value("{ a = com.apple.product-type.app; b = \"$(SRCROOT)/x\"; c = (); d = {}; e = 1.0; f = _x/y:z+1; }")),
                       #"{a = "com.apple.product-type.app"; b = "$(SRCROOT)/x"; c = (); d = {}; e = "1.0"; f = "_x/y:z+1";}"#)
    }

    func testQuotedStringsAndEscapes() {
        XCTAssertEqual(shape(value(#"( "a\"b", 'c"d', "\n\t\\", "\101\U00e9", "line\#nbreak", "é" )"#)),
                       #"("a\"b", "c\"d", "\n\t\\", "Aé", "line\nbreak", "é")"#)
    }

    func testData() {
        XCTAssertEqual(shape(value("{ d = <0fbd 7A\n 01>; }")), "{d = <f bd 7a 1>;}")
        XCTAssertEqual(failure("<0f1>"), "odd number of hexadecimal digits in data on line 1")
        XCTAssertEqual(failure("<0g>"), "unexpected 'g' in data on line 1")
    }

    func testErrorsSayWhatAndWhichLine() {
        XCTAssertEqual(failure("{\n a = b\n c = d;\n}"), "missing ';' after the value of 'a' on line 3")
        XCTAssertEqual(failure("{ a b; }"), "missing '=' after the key 'a' on line 1")
        XCTAssertEqual(failure("{ a = (x y); }"), "missing ',' between array elements, found 'y' on line 1")
        XCTAssertEqual(failure("{\n a = b;\n"), "unterminated dictionary starting on line 1 at the end of the text on line 3")
        XCTAssertEqual(failure("( a,\n b"), "unterminated array starting on line 1 at the end of the text on line 2")
        XCTAssertEqual(failure("{ a = \"x\n; }"), "unterminated string starting on line 1 at the end of the text on line 2")
        XCTAssertEqual(failure("/* never closed\n{}"), "unterminated comment starting on line 1 at the end of the text on line 2")
        XCTAssertEqual(failure("not { a property list"), "unexpected '{' after the property list on line 1")
        XCTAssertEqual(failure("{ = b; }"), "unexpected '=' where a dictionary key was expected on line 1")
        XCTAssertEqual(failure("{ a = ; }"), "unexpected ';' where a value was expected on line 1")
        XCTAssertEqual(failure("  // only a comment\n"), "empty property list on line 2")
    }

    func testNestingIsBounded() {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        XCTAssertEqual(failure(deep), "the property list nests deeper than \(OpenStepPropertyList.maximumDepth) levels on line 1")
        let fine = String(repeating: "(", count: 100) + String(repeating: ")", count: 100)
        XCTAssertNotNil(value(fine))
    }

    func testByteOrderMarkAndNonASCII() {
        XCTAssertEqual(shape(value("\u{FEFF}{ name = \"Café ☕️\"; }")), "{name = \"Café ☕️\";}")
    }

    func testXMLPropertyLists() {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>objects</key>
            \t<dict>
            \t\t<key>R</key>
            \t\t<dict><key>isa</key><string>PBXProject</string><key>targets</key><array><string>T1</string></array></dict>
            \t</dict>
            \t<key>rootObject</key>
            \t<string>R</string>
            </dict>
            </plist>
            """
        XCTAssertEqual(shape(value(xml)), "{objects = {R = {isa = \"PBXProject\"; targets = (\"T1\");};}; rootObject = \"R\";}")
        XCTAssertEqual(failure("<?xml version=\"1.0\"?><plist><dict><key>a</key></plist>")?.hasPrefix("not a valid XML property list: "), true)
    }
}

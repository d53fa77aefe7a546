import XCTest
import FlowLintKit
@testable import FlowLintLSP

/// Where each line starts, found by the plain scan LSP describes: the reference for `LineText`.
func referenceLineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
        if bytes[i] == 0x0A || bytes[i] == 0x0D { starts.append(i + 1) }
        i += 1
    }
    return starts
}

extension LineText {
    var lineStarts: [Int] { (0..<lineCount).map(lineStart) }
}

final class TextDocumentTests: XCTestCase {
    // "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "😀" is 4 bytes and 2 units.
    let sample = LineText(Array("let é = \"😀\" // x\r\nvar b\rlast".utf8))

    func testLineStartsFollowLSP() {
        XCTAssertEqual(sample.lineStarts, [0, 22, 28])
        XCTAssertEqual(sample.lineEnd(0), 20)
        XCTAssertEqual(sample.lineEnd(1), 27)
        XCTAssertEqual(sample.lineEnd(2), 32)
        XCTAssertEqual(LineText([]).lineStarts, [0])
        XCTAssertEqual(LineText(Array("a\n".utf8)).lineStarts, [0, 2])
        XCTAssertEqual(sample.line(ofOffset: 21), 0)  // inside `\r\n`: the line it ends
        XCTAssertEqual(sample.line(ofOffset: 22), 1)
    }

    func testOffsetsToPositions() {
        // The quote after the emoji: byte 15, UTF-16 character 12, UTF-8 character 15.
        XCTAssertEqual(sample.position(ofOffset: 15, .utf16), Position(line: 0, character: 12))
        XCTAssertEqual(sample.position(ofOffset: 15, .utf8), Position(line: 0, character: 15))
        XCTAssertEqual(sample.position(ofOffset: 15, .utf32), Position(line: 0, character: 11))
        XCTAssertEqual(sample.position(ofOffset: 6, .utf16), Position(line: 0, character: 5))
        XCTAssertEqual(sample.position(ofOffset: 23, .utf16), Position(line: 1, character: 1))
        XCTAssertEqual(sample.position(ofOffset: 32, .utf16), Position(line: 2, character: 4))
        // Inside a line break: the end of the line. Past the end: the end.
        XCTAssertEqual(sample.position(ofOffset: 21, .utf16), Position(line: 0, character: 17))
        XCTAssertEqual(sample.position(ofOffset: 99, .utf16), Position(line: 2, character: 4))
    }

    func testPositionsToOffsets() {
        XCTAssertEqual(sample.offset(of: Position(line: 0, character: 12), .utf16), 15)
        XCTAssertEqual(sample.offset(of: Position(line: 0, character: 15), .utf8), 15)
        XCTAssertEqual(sample.offset(of: Position(line: 0, character: 5), .utf16), 6)
        // Half a surrogate pair, half a UTF-8 sequence: the character's start.
        XCTAssertEqual(sample.offset(of: Position(line: 0, character: 10), .utf16), 10)
        XCTAssertEqual(sample.offset(of: Position(line: 0, character: 12), .utf8), 10)
        // Past the end of the line: its end; past the last line: the end of the text.
        XCTAssertEqual(sample.offset(of: Position(line: 1, character: 99), .utf16), 27)
        XCTAssertEqual(sample.offset(of: Position(line: 9, character: 0), .utf16), 32)
        // Every offset at a character boundary comes back from its position.
        for offset in [0, 4, 6, 9, 10, 14, 15, 20, 22, 27, 28, 32] {
            for encoding in [PositionEncoding.utf8, .utf16, .utf32] {
                XCTAssertEqual(sample.offset(of: sample.position(ofOffset: offset, encoding), encoding), offset, "\(offset) \(encoding)")
            }
        }
    }

    func testInvalidUTF8CountsOneCharacterPerByte() {
        let text = LineText([0x61, 0xFF, 0xC3, 0x62, 0xE9, 0x63])  // a, invalid, truncated é, b, lone lead, c
        XCTAssertEqual(text.position(ofOffset: 6, .utf16), Position(line: 0, character: 6))
        XCTAssertEqual(text.offset(of: Position(line: 0, character: 3), .utf16), 3)
    }

    func testByteOrderMarkIsHiddenInAFileFromDiskOnly() {
        // Read from disk: an editor does not show the mark, so line 0 counts from after it.
        let disk = LineText([0xEF, 0xBB, 0xBF] + Array("ab\ncd".utf8), hidesByteOrderMark: true)
        XCTAssertEqual(disk.position(ofOffset: 4, .utf16), Position(line: 0, character: 1))
        XCTAssertEqual(disk.offset(of: Position(line: 0, character: 0), .utf16), 3)
        XCTAssertEqual(disk.offset(of: Position(line: 0, character: 1), .utf8), 4)
        XCTAssertEqual(disk.position(ofOffset: 7, .utf16), Position(line: 1, character: 1))
        // Sent by the editor: U+FEFF is in its text, a character like any other.
        let editor = LineText("\u{FEFF}ab\ncd")
        XCTAssertEqual(editor.position(ofOffset: 4, .utf16), Position(line: 0, character: 2))
        XCTAssertEqual(editor.offset(of: Position(line: 0, character: 1), .utf16), 3)
        XCTAssertEqual(editor.offset(of: Position(line: 0, character: 0), .utf16), 0)
        XCTAssertEqual(editor.position(ofOffset: 4, .utf8), Position(line: 0, character: 4))
    }

    func testAnEditAfterALeadingU_FEFFLandsWhereTheEditorPutIt() throws {
        var doc = TextDocument(uri: "file:///a.swift", path: "/a.swift", languageID: "swift", version: 1, text: LineText("\u{FEFF}struct A {}"))
        try doc.apply([change(0, 1, 0, 1, "/* c */ ")], .utf16)
        XCTAssertEqual(String(decoding: doc.text.bytes, as: UTF8.self), "\u{FEFF}/* c */ struct A {}")
        try doc.apply([change(0, 0, 0, 1, "")], .utf16)  // the mark deleted: nothing shifts
        XCTAssertEqual(String(decoding: doc.text.bytes, as: UTF8.self), "/* c */ struct A {}")
        XCTAssertEqual(doc.text.position(ofOffset: 8, .utf16), Position(line: 0, character: 8))
    }

    func document(_ text: String) -> TextDocument {
        TextDocument(uri: "file:///a.swift", path: "/a.swift", languageID: "swift", version: 1, text: LineText(Array(text.utf8)))
    }

    func change(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int, _ text: String) -> JSON {
        JSON(["range": LSPRange(start: Position(line: startLine, character: startCharacter),
                                end: Position(line: endLine, character: endCharacter)).json,
              "text": .string(text)])
    }

    func testIncrementalEditsInOrder() throws {
        var doc = document("let 😀 = 1\nlet b = 2\n")
        try doc.apply([change(0, 4, 0, 6, "é"), change(1, 4, 1, 5, "bb\nx"), change(0, 0, 0, 0, "// c\r\n")], .utf16)
        XCTAssertEqual(String(decoding: doc.text.bytes, as: UTF8.self), "// c\r\nlet é = 1\nlet bb\nx = 2\n")
        XCTAssertEqual(doc.text.lineStarts, referenceLineStarts(doc.text.bytes))
        // Joining lines; a character past the end of a line is its end (before the line break), so this `\r`
        // makes a line of its own; then a `\r` inserted before a `\n` pairs with it.
        try doc.apply([change(1, 9, 2, 0, ""), change(0, 4, 0, 6, "\r")], .utf16)
        XCTAssertEqual(String(decoding: doc.text.bytes, as: UTF8.self), "// c\r\r\nlet é = 1let bb\nx = 2\n")
        XCTAssertEqual(doc.text.lineStarts, [0, 5, 7, 24, 30])
        try doc.apply([change(2, 15, 2, 15, "\r")], .utf16)
        XCTAssertEqual(String(decoding: doc.text.bytes, as: UTF8.self), "// c\r\r\nlet é = 1let bb\r\nx = 2\n")
        XCTAssertEqual(doc.text.lineStarts, [0, 5, 7, 25, 31])
        XCTAssertEqual(doc.text.lineStarts, referenceLineStarts(doc.text.bytes))
        try doc.apply([JSON(["text": .string("whole")])], .utf16)
        XCTAssertEqual(doc.text.bytes, Array("whole".utf8))
    }

    func testUTF8EditsAndClampedRanges() throws {
        var doc = document("é😀x\n")
        try doc.apply([change(0, 6, 0, 7, "y")], .utf8)
        XCTAssertEqual(String(decoding: doc.text.bytes, as: UTF8.self), "é😀y\n")
        // An end before the start is empty; positions past the text are clamped.
        try doc.apply([change(0, 2, 0, 0, "-"), change(5, 0, 9, 9, "!")], .utf8)
        XCTAssertEqual(String(decoding: doc.text.bytes, as: UTF8.self), "é-😀y\n!")
        XCTAssertThrowsError(try doc.apply([JSON(["range": .null])], .utf8))
        XCTAssertThrowsError(try doc.apply([JSON(["range": JSON(["start": .int(1)]), "text": .string("")])], .utf8))
        // A refused change leaves the text as it was, also when changes before it in the list were valid.
        XCTAssertThrowsError(try doc.apply([change(0, 0, 0, 0, "zz"), JSON(["range": .null])], .utf8))
        XCTAssertEqual(String(decoding: doc.text.bytes, as: UTF8.self), "é-😀y\n!")
    }

    func testURIs() {
        XCTAssertEqual(DocumentURI.path(of: "file:///home/a%20b/%C3%A9.swift"), "/home/a b/é.swift")
        XCTAssertEqual(DocumentURI.path(of: "file://localhost/x/../y.swift"), "/y.swift")
        XCTAssertEqual(DocumentURI.path(of: "FILE:///x.swift"), "/x.swift")
        // One file, however it is spelled: authority, escapes in either case, `.`, `//`, no authority at all.
        for uri in ["file:///p/A.swift", "file://localhost/p/A.swift", "file://LocalHost/p/./A.swift", "file:///p/%41.swift",
                    "file:///p//q/../A.swift", "file:/p/A.swift", "file:///p/A.swift#L3", "file:///%70/A%2eswift"] {
            XCTAssertEqual(DocumentURI.path(of: uri), "/p/A.swift", uri)
            XCTAssertFalse(DocumentURI.namesDirectory(uri), uri)
        }
        XCTAssertEqual(DocumentURI.path(of: "file:///p/%c3%a9"), DocumentURI.path(of: "file:///p/%C3%A9"))
        // A URI ending in `/` names a directory, a workspace folder but no document.
        XCTAssertEqual(DocumentURI.path(of: "file:///p/"), "/p")
        XCTAssertEqual(DocumentURI.path(of: "file:///"), "/")
        XCTAssertTrue(DocumentURI.namesDirectory("file:///"))
        XCTAssertTrue(DocumentURI.namesDirectory("file://localhost/p/"))
        XCTAssertNil(DocumentURI.path(of: "file:p/A.swift"))
        XCTAssertNil(DocumentURI.path(of: "file://localhost"))
        XCTAssertNil(DocumentURI.path(of: "untitled:Untitled-1"))
        XCTAssertNil(DocumentURI.path(of: "file://server/share/x.swift"))
        XCTAssertNil(DocumentURI.path(of: "file:///bad%zz"))
        XCTAssertNil(DocumentURI.path(of: "file:///nul%00"))
        let path = "/tmp/a b/é #1%.swift"
        XCTAssertEqual(DocumentURI.uri(ofPath: path), "file:///tmp/a%20b/%C3%A9%20%231%25.swift")
        XCTAssertEqual(DocumentURI.path(of: DocumentURI.uri(ofPath: path)), path)
    }
}

final class OpenDocumentsTests: XCTestCase {
    func document(_ uri: String, _ text: String, version: Int = 1) -> TextDocument {
        TextDocument(uri: uri, path: DocumentURI.path(of: uri)!, languageID: "swift", version: version, text: LineText(text))
    }

    func text(_ document: TextDocument?) -> String? { document.map { String(decoding: $0.text.bytes, as: UTF8.self) } }

    func testTwoURIsOfOneFileShareItAndClosingOneKeepsTheOther() throws {
        var documents = OpenDocuments()
        documents.open(document("file://localhost/p/A.swift", "local"))
        documents.open(document("file:///p/A.swift", "plain"))
        XCTAssertEqual(Array(documents.paths), ["/p/A.swift"])
        XCTAssertEqual(text(documents.current("/p/A.swift")), "plain")  // opened last
        // A change makes its document the file's text.
        let change = JSON(["range": LSPRange(start: Position(line: 0, character: 5), end: Position(line: 0, character: 5)).json,
                           "text": .string("!")])
        XCTAssertEqual(text(try documents.change("file://localhost/p/A.swift", version: 2, [change], .utf16)), "local!")
        XCTAssertEqual(documents.current("/p/A.swift")?.uri, "file://localhost/p/A.swift")
        XCTAssertEqual(documents["file://localhost/p/A.swift"]?.version, 2)
        // Closing it hands the file to the other URI, with its own text; closing that one closes the file.
        XCTAssertEqual(documents.close("file://localhost/p/A.swift")?.version, 2)
        XCTAssertEqual(text(documents.current("/p/A.swift")), "plain")
        XCTAssertNil(documents.close("file://localhost/p/A.swift"))
        XCTAssertNotNil(documents.close("file:///p/A.swift"))
        XCTAssertNil(documents.current("/p/A.swift"))
        XCTAssertTrue(documents.paths.isEmpty)
        XCTAssertNil(try documents.change("file:///p/A.swift", version: 3, [change], .utf16))
    }
}

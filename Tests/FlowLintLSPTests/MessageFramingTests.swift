import XCTest
@testable import FlowLintLSP

/// Bytes handed out in chunks of a given size; a chunk of `nil` is a pause (the read times out).
final class ScriptedSource: ByteSource {
    var chunks: [[UInt8]?]
    init(_ chunks: [[UInt8]?]) { self.chunks = chunks }
    convenience init(_ bytes: [UInt8], chunkSize: Int = 1 << 20) {
        self.init(stride(from: 0, to: bytes.count, by: chunkSize).map { Array(bytes[$0..<min(bytes.count, $0 + chunkSize)]) })
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Int32) -> ByteRead {
        guard !chunks.isEmpty else { return .end }
        guard let chunk = chunks[0] else {
            chunks.removeFirst()
            return timeout < 0 ? read(into: buffer, timeout: timeout) : .timedOut
        }
        let count = min(buffer.count, chunk.count)
        buffer.copyBytes(from: chunk[0..<count])
        if count == chunk.count { chunks.removeFirst() } else { chunks[0] = Array(chunk[count...]) }
        return .bytes(count)
    }
}

final class MessageFramingTests: XCTestCase {
    func frame(_ body: String) -> [UInt8] { MessageWriter.frame(Array(body.utf8)) }

    func events(_ source: ByteSource, maximum: Int = MessageReader.defaultMaximumMessageSize) -> [MessageReader.Event] {
        var reader = MessageReader(source: source, maximumMessageSize: maximum)
        var out: [MessageReader.Event] = []
        while true {
            let event = reader.next()
            out.append(event)
            if event == .end || out.count > 50 { return out }
        }
    }

    func message(_ text: String) -> MessageReader.Event { .message(Array(text.utf8)) }

    func testReadsMessagesWhateverTheChunking() {
        let bytes = frame(#"{"a":1}"#) + frame(#"{"b":"é"}"#) + Array("Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        for size in [1, 2, 7, 1 << 20] {
            XCTAssertEqual(events(ScriptedSource(bytes, chunkSize: size)),
                           [message(#"{"a":1}"#), message(#"{"b":"é"}"#), message("{}"), .end], "chunk size \(size)")
        }
    }

    func testHeaderNamesAreCaseInsensitiveAndBareLineFeedsAccepted() {
        let bytes = Array("content-length: 2\n\n{}CONTENT-LENGTH:  3 \r\n\r\n[1]".utf8)
        XCTAssertEqual(events(ScriptedSource(bytes)), [message("{}"), message("[1]"), .end])
    }

    func testGarbageBeforeAHeaderIsSkipped() {
        let bytes = Array("hello there\r\n".utf8) + frame("{}") + Array("{\"x\": 1}".utf8) + frame("[]")
        XCTAssertEqual(events(ScriptedSource(bytes)),
                       [.malformed("unexpected bytes before a message header"), message("{}"),
                        .malformed("unexpected bytes before a message header"), message("[]"), .end])
    }

    func testInvalidAndMissingContentLength() {
        let bytes = Array("Content-Length: abc\r\n\r\n{}".utf8) + frame("[1]")
            + Array("Content-Type: x\r\n\r\n".utf8) + frame("[2]")
        XCTAssertEqual(events(ScriptedSource(bytes)),
                       [.malformed("invalid Content-Length"), .malformed("unexpected bytes before a message header"),
                        message("[1]"), .malformed("message header without Content-Length"), message("[2]"), .end])
    }

    func testContentLengthTooLargeRecoversTheNextMessage() {
        // The first body claims 40 bytes but has 7: the next message starts inside the claimed body.
        let bytes = Array("Content-Length: 40\r\n\r\n{\"a\":1}".utf8) + frame(#"{"id":2,"method":"x"}"#) + frame("[3]")
        XCTAssertEqual(events(ScriptedSource(bytes)),
                       [.malformed("message shorter than its Content-Length"), message(#"{"id":2,"method":"x"}"#), message("[3]"), .end])
    }

    func testStalledBodyWithTheNextMessageInsideIsCutAfterAPause() {
        // Declared 200 bytes; the client sent 7 and then one more message, then waits for answers.
        let chunks: [[UInt8]?] = [Array("Content-Length: 200\r\n\r\n{\"a\":1}".utf8) + frame("[2]"), nil]
        XCTAssertEqual(events(ScriptedSource(chunks)),
                       [.malformed("message shorter than its Content-Length"), message("[2]"), .end])
    }

    func testContentLengthTooSmallLeavesGarbageThatIsSkipped() {
        let bytes = Array("Content-Length: 3\r\n\r\n{\"a\":1}".utf8) + frame("[2]")
        XCTAssertEqual(events(ScriptedSource(bytes)),
                       [message("{\"a"), .malformed("unexpected bytes before a message header"), message("[2]"), .end])
    }

    func testOversizedMessagesAreSkippedWithoutKeepingThem() {
        let big = "[" + String(repeating: "1,", count: 5000) + "1]"
        let bytes = frame(big) + frame("{}")
        XCTAssertEqual(events(ScriptedSource(bytes, chunkSize: 1000), maximum: 1000), [.tooLarge(big.utf8.count), message("{}"), .end])
    }

    func testAnOversizedHeaderWhoseBodyNeverComesLosesNoLaterMessage() {
        // Refused at its header, before any body byte; the next message, sent instead of the body, is found in it.
        let chunks: [[UInt8]?] = [Array("Content-Length: 100000000\r\n\r\n".utf8), nil, frame(#"{"id":2}"#), nil, frame("[3]")]
        XCTAssertEqual(events(ScriptedSource(chunks), maximum: 1000),
                       [.tooLarge(100_000_000), .malformed("message shorter than its Content-Length"), message(#"{"id":2}"#),
                        message("[3]"), .end])
        // Its header split across reads, after a long run of body bytes.
        let split: [[UInt8]?] = [Array("Content-Length: 90000\r\n\r\n".utf8) + Array(repeating: 0x61, count: 20_000) + Array("Content-Le".utf8),
                                 Array("ngth: 2\r\n\r\n{}".utf8)]
        XCTAssertEqual(events(ScriptedSource(split), maximum: 1000),
                       [.tooLarge(90000), .malformed("message shorter than its Content-Length"), message("{}"), .end])
        // The input ends inside it.
        XCTAssertEqual(events(ScriptedSource(Array("Content-Length: 5000\r\n\r\nabc".utf8)), maximum: 1000),
                       [.tooLarge(5000), .malformed("unexpected end of input inside a message body"), .end])
    }

    func testALookAlikeHeaderInsideASkippedBodyNeedsItsEmptyLine() {
        // `Content-Length: 1\r` many times with no empty line anywhere: no message inside, and found in linear time.
        let body = Array(String(repeating: "Content-Length: 1\r", count: 20_000).utf8)
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body + frame("{}")
        XCTAssertEqual(events(ScriptedSource(bytes, chunkSize: 4096), maximum: 1000), [.tooLarge(body.count), message("{}"), .end])
    }

    func testEndOfInputInsideAMessage() {
        XCTAssertEqual(events(ScriptedSource(Array("Content-Length: 10\r\n\r\n{}".utf8))),
                       [.malformed("unexpected end of input inside a message body"), .end])
        XCTAssertEqual(events(ScriptedSource(Array("Content-Len".utf8))),
                       [.malformed("unexpected end of input inside a message header"), .end])
        XCTAssertEqual(events(ScriptedSource(Array("\r\n".utf8))), [.end])
    }

    func testHeaderWithoutAnEndIsBounded() {
        let bytes = Array(String(repeating: "x", count: 20_000).utf8) + frame("{}")
        XCTAssertEqual(events(ScriptedSource(bytes, chunkSize: 4096)), [.malformed("header block too long"),
                                                                         .malformed("unexpected bytes before a message header"),
                                                                         message("{}"), .end])
    }
}

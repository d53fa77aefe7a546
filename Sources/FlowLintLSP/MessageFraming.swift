#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// Where the reader's bytes come from: standard input, or bytes given by a test.
protocol ByteSource {
    /// Reads up to `buffer.count` bytes; waits at most `timeout` milliseconds (-1: forever) for the first one.
    func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Int32) -> ByteRead
}

enum ByteRead: Equatable {
    case bytes(Int)
    case timedOut
    case end
}

/// A file descriptor (standard input): `poll` for the timeout, then `read`.
struct DescriptorSource: ByteSource {
    var descriptor: Int32

    func read(into buffer: UnsafeMutableRawBufferPointer, timeout: Int32) -> ByteRead {
        while true {
            var pending = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pending, 1, timeout)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { return .timedOut }
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return count > 0 ? .bytes(count) : .end
        }
    }
}

/// Reads messages of the LSP base protocol: header lines (`Content-Length: N`, optionally `Content-Type`), an
/// empty line, then N bytes of body. Framing errors never stop it: bytes that are not a header are skipped up
/// to the next `Content-Length:`, and a body holding the start of the next message (its length was too large) is
/// cut there. A body over `maximumMessageSize` is refused as soon as its header is read, then skipped without being
/// kept, and the next message is found inside it if it never came. Memory is bounded by the limit: a body is read
/// into an array of its own, reserved at its length and filled as it arrives.
struct MessageReader {
    enum Event: Equatable {
        case message([UInt8])
        /// Bytes that were not a well-framed message, with why (the reader has moved past them).
        case malformed(String)
        /// A message whose body is over `maximumMessageSize`: refused at its header, its body skipped.
        case tooLarge(Int)
        case end
    }

    /// The largest body kept: an 8 MiB document as JSON with every character escaped stays under it.
    static let defaultMaximumMessageSize = 64 << 20
    /// A header block longer than this is not one.
    static let maximumHeaderSize = 8 << 10
    /// How long a body that stopped arriving is waited for before checking whether the next message started
    /// inside it (a Content-Length larger than the body sent).
    static let stallMilliseconds: Int32 = 200

    let source: ByteSource
    let maximumMessageSize: Int
    private var buffer: [UInt8] = []
    /// Bytes of `buffer` before this have been consumed.
    private var start = 0
    private var ended = false
    /// Bytes still to skip of a body over the limit.
    private var skipping = 0
    /// What one read fills.
    private var scratch = [UInt8](repeating: 0, count: 64 << 10)

    init(source: ByteSource, maximumMessageSize: Int = MessageReader.defaultMaximumMessageSize) {
        self.source = source
        self.maximumMessageSize = maximumMessageSize
    }

    private static let contentLength = Array("content-length".utf8)
    private static let headerMarker = Array("Content-Length:".utf8)

    mutating func next() -> Event {
        while true {
            if skipping > 0, let event = skipOversizedBody() { return event }
            // 1. The header block, up to an empty line.
            guard let (headerEnd, bodyStart) = headerBlock() else {
                if ended {
                    let rest = buffer.count - start
                    start = buffer.count
                    return rest > 0 && !isWhitespace(start - rest..<buffer.count) ? .malformed("unexpected end of input inside a message header") : .end
                }
                if buffer.count - start > Self.maximumHeaderSize {
                    // No header end in sight: skip to the next marker (or keep the tail that could start one).
                    if let marker = Self.find(Self.headerMarker, in: buffer, (start + 1)..<buffer.count) {
                        start = marker
                    } else {
                        start = buffer.count - Self.headerMarker.count
                    }
                    return .malformed("header block too long")
                }
                fill(timeout: -1)
                continue
            }
            // 2. Its fields: `Name: value` lines, one of them a valid Content-Length. Anything else is not a header:
            // resume at the next `Content-Length:` inside it, or after it.
            var length: Int?
            var problem: String?
            for line in split(start..<headerEnd) {
                guard let colon = buffer[line].firstIndex(of: UInt8(ascii: ":")), colon > line.lowerBound,
                      buffer[line.lowerBound..<colon].allSatisfy(Self.isTokenByte) else {
                    problem = "unexpected bytes before a message header"
                    break
                }
                let name = buffer[line.lowerBound..<colon].map { ($0 >= 65 && $0 <= 90) ? $0 + 32 : $0 }
                guard name.elementsEqual(Self.contentLength) else { continue }
                let value = trimmed(colon + 1..<line.upperBound)
                guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                    problem = "invalid Content-Length"
                    break
                }
                length = Int(String(decoding: value, as: UTF8.self))
            }
            guard problem == nil, let length else {
                if let marker = Self.find(Self.headerMarker, in: buffer, (start + 1)..<headerEnd) {
                    start = marker
                    return .malformed("unexpected bytes before a message header")
                }
                start = bodyStart
                return .malformed(problem ?? "message header without Content-Length")
            }
            start = bodyStart
            // 3. The body.
            if length > maximumMessageSize {
                skipping = length
                return .tooLarge(length)
            }
            return body(length)
        }
    }

    /// Reads a body of `length` bytes into an array of its own.
    private mutating func body(_ length: Int) -> Event {
        var body: [UInt8] = []
        body.reserveCapacity(length)
        while true {
            let take = min(length - body.count, buffer.count - start)
            body += buffer[start..<(start + take)]
            start += take
            compact()
            if body.count == length || ended { break }
            if fill(timeout: Self.stallMilliseconds) == .timedOut, let marker = Self.nextMessage(in: body, 0..<body.count) {
                // The body stopped short and the next message began inside it.
                return putBack(body[marker...])
            }
        }
        if body.count < length { return .malformed("unexpected end of input inside a message body") }
        if let marker = Self.nextMessage(in: body, 0..<length) {
            // A header cannot be inside a JSON body (raw line breaks are not allowed in strings): the body was
            // shorter than declared and the next message starts here.
            return putBack(body[marker...])
        }
        return .message(body)
    }

    /// Bytes of a body that belong to the next message, given back to the buffer.
    private mutating func putBack(_ bytes: ArraySlice<UInt8>) -> Event {
        buffer.insert(contentsOf: bytes, at: start)
        return .malformed("message shorter than its Content-Length")
    }

    /// Skips (what is left of) a body over the limit, keeping no more than a header's worth of it: nil once it is
    /// skipped, or an event when the next message turned up inside it (its body never came) or the input ended.
    private mutating func skipOversizedBody() -> Event? {
        while skipping > 0 {
            let available = min(buffer.count - start, skipping)
            if let marker = Self.nextMessage(in: buffer, start..<(start + available)) {
                start = marker
                skipping = 0
                return .malformed("message shorter than its Content-Length")
            }
            if available == skipping {
                start += available
                skipping = 0
                break
            }
            if ended {
                start = buffer.count
                skipping = 0
                return .malformed("unexpected end of input inside a message body")
            }
            // The tail may hold the start of a header whose end has not arrived yet.
            let consumed = available - min(available, Self.maximumHeaderSize)
            start += consumed
            skipping -= consumed
            fill(timeout: -1)
        }
        compact()
        return nil
    }

    // MARK: Buffer

    @discardableResult
    private mutating func fill(timeout: Int32) -> ByteRead {
        compact()
        let source = self.source
        let got = scratch.withUnsafeMutableBytes { source.read(into: $0, timeout: timeout) }
        if case .bytes(let count) = got {
            buffer += scratch[0..<count]
        } else if got == .end {
            ended = true
        }
        return got
    }

    /// Drops consumed bytes once they are a good part of the buffer.
    private mutating func compact() {
        if start > 0 && (start >= buffer.count || start > 1 << 16) {
            buffer.removeFirst(start)
            start = 0
        }
    }

    // MARK: Scanning

    /// The end of the header fields and the start of the body: after the first empty line (`\r\n\r\n`, or
    /// `\n\n` from a lenient client).
    private func headerBlock() -> (Int, Int)? {
        var i = start
        while i < buffer.count {
            if buffer[i] == UInt8(ascii: "\n") {
                if i + 1 < buffer.count && buffer[i + 1] == UInt8(ascii: "\n") { return (i, i + 2) }
                if i + 2 < buffer.count && buffer[i + 1] == UInt8(ascii: "\r") && buffer[i + 2] == UInt8(ascii: "\n") {
                    return (i > start && buffer[i - 1] == UInt8(ascii: "\r") ? i - 1 : i, i + 3)
                }
            }
            i += 1
        }
        return nil
    }

    /// The lines of a header block, without line ends; empty lines (stray line breaks before a header) dropped.
    private func split(_ range: Range<Int>) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var lineStart = range.lowerBound
        for i in range where buffer[i] == UInt8(ascii: "\n") {
            let end = i > lineStart && buffer[i - 1] == UInt8(ascii: "\r") ? i - 1 : i
            if end > lineStart { lines.append(lineStart..<end) }
            lineStart = i + 1
        }
        if range.upperBound > lineStart { lines.append(lineStart..<range.upperBound) }
        return lines
    }

    /// Bytes of a header field name (an HTTP token, as LSP uses them).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-")
    }

    private func trimmed(_ range: Range<Int>) -> ArraySlice<UInt8> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper && (buffer[lower] == 0x20 || buffer[lower] == 0x09) { lower += 1 }
        while upper > lower && (buffer[upper - 1] == 0x20 || buffer[upper - 1] == 0x09 || buffer[upper - 1] == 0x0D) { upper -= 1 }
        return buffer[lower..<upper]
    }

    private func isWhitespace(_ range: Range<Int>) -> Bool {
        buffer[range].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.count >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { b in
            var i = range.lowerBound
            while i + needle.count <= range.upperBound {
                if b[i] == needle[0] && b[i..<(i + needle.count)].elementsEqual(needle) { return i }
                i += 1
            }
            return nil
        }
    }

    /// Where a complete header of another message (`Content-Length: digits`, a line break, then an empty line)
    /// starts inside `range` of `bytes`, if one does. Linear: once no empty line follows a marker, none follows a
    /// later one either.
    private static func nextMessage(in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var from = range.lowerBound
        while let marker = find(headerMarker, in: bytes, from..<range.upperBound) {
            var i = marker + headerMarker.count
            while i < range.upperBound && bytes[i] == 0x20 { i += 1 }
            let digits = i
            while i < range.upperBound && bytes[i] >= 48 && bytes[i] <= 57 { i += 1 }
            if i > digits && i < range.upperBound && (bytes[i] == 0x0D || bytes[i] == 0x0A) {
                // Any further header lines, then the empty line, within the range.
                var j = i
                while j + 1 < range.upperBound {
                    if bytes[j] == 0x0A && (bytes[j + 1] == 0x0A || (bytes[j + 1] == 0x0D && j + 2 < range.upperBound && bytes[j + 2] == 0x0A)) {
                        return marker
                    }
                    j += 1
                }
                return nil
            }
            from = marker + 1
        }
        return nil
    }
}

/// Writes framed messages to a file descriptor (standard output), one whole message at a time.
final class MessageWriter: @unchecked Sendable {
    private let descriptor: Int32
    private var lock = pthread_mutex_t()
    /// Set once a write failed (the client closed its end): nothing more is written.
    private(set) var failed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        pthread_mutex_init(&lock, nil)
    }

    static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Returns false when the message could not be written.
    @discardableResult
    func write(_ body: [UInt8]) -> Bool {
        let bytes = Self.frame(body)
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if failed { return false }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                failed = true
                return false
            }
            written += count
        }
        return true
    }
}

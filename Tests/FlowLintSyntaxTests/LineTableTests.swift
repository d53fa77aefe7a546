import XCTest
@testable import FlowLintSyntax

/// `LineTable` skips eight bytes at a time over those that hold no line break: line starts must be those of a
/// byte-by-byte scan wherever the breaks fall against the eight-byte steps (LF, CR, CRLF split across two steps,
/// a break in the last bytes, bytes that differ from LF or CR in one bit).
final class LineTableTests: XCTestCase {
    /// The definition: after every LF, after every CR not followed by LF.
    func lineStartsByScanning(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                starts.append(i + 1)
            } else if bytes[i] == 0x0D {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }

    func testLineStartsAtEveryAlignment() {
        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D], [0x0B], [0x0C], [0x8A], [0x8D], [0x09],
                                 Array("let x = 1".utf8), [0xE2, 0x80, 0xA8], [0x00]]
        // A fixed sequence of pieces (a linear congruential generator), so a failure repeats.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in 0..<40 {
            for _ in 0..<50 {
                var bytes: [UInt8] = []
                while bytes.count < length {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    bytes += pieces[Int(state >> 33) % pieces.count]
                }
                let table = LineTable(bytes)
                XCTAssertEqual(table.lineStarts, lineStartsByScanning(bytes), "\(bytes)")
                XCTAssertEqual(table.count, bytes.count)
            }
        }
        XCTAssertEqual(LineTable(Array("a\r\nb\rc\nd".utf8)).lineStarts, [0, 3, 5, 7])
        XCTAssertEqual(LineTable([]).lineStarts, [0])
    }
}

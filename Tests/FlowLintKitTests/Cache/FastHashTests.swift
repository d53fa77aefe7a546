import XCTest
@testable import FlowLintKit

/// The cache keys files by this hash: a changed byte or length must change it, in the four-lane part and in
/// the tail alike.
final class FastHashTests: XCTestCase {
    func testEveryLengthAndEveryByteMatters() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let prefixes = (0...bytes.count).map { FastHash.hash(Array(bytes[0..<$0])) }
        XCTAssertEqual(Set(prefixes).count, prefixes.count)
        let base = FastHash.hash(bytes)
        for position in bytes.indices {
            for flip: UInt8 in [1, 0x80] {
                var changed = bytes
                changed[position] ^= flip
                XCTAssertNotEqual(FastHash.hash(changed), base, "byte \(position)")
            }
        }
        XCTAssertNotEqual(FastHash.hash(bytes, seed: 1), base)
        XCTAssertEqual(FastHash.hash(bytes), base)
    }
}

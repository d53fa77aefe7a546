import XCTest
@testable import FlowLintKit

/// `NonPrivateStateRule.sort` (a radix sort for long arrays) orders a record's hashes as the standard sort does.
final class NonPrivateStateSortTests: XCTestCase {
    func testOrdersAsTheStandardSort() {
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 29)
        }
        for count in [0, 1, 2, 64, 65, 100, 257, 1000, 5000] {
            // Any values; values that share their high bytes (passes left out); values with repeats.
            let any = (0..<count).map { _ in next() }
            let sharingHighBytes = (0..<count).map { _ in 0xabcd_0000 | next() & 0xff }
            let repeating = (0..<count).map { _ in next() % 7 }
            for values in [any, sharingHighBytes, repeating, any.sorted(), Array(any.sorted().reversed())] {
                var sorted = values
                NonPrivateStateRule.sort(&sorted)
                XCTAssertEqual(sorted, values.sorted(), "\(count) values")
            }
        }
    }
}

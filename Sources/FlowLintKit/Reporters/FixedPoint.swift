#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Number formatting as `String(format: "%.Nf", value)` did it, through the C library's `vsnprintf`:
/// `String(format:)` is outside FoundationEssentials (see `Lock`), and the C library rounds as it always did,
/// so durations print byte for byte as before.
public enum FixedPoint {
    /// `value` with `decimals` digits after the point (0 to 9): `text(0.1234, decimals: 2)` is "0.12".
    public static func text(_ value: Double, decimals: Int) -> String {
        precondition((0...9).contains(decimals), "decimals out of range")
        let format = "%.\(decimals)f"
        // 330 bytes hold any double in %f with up to 9 decimals (309 integer digits, sign, point, decimals).
        var buffer = [CChar](repeating: 0, count: 330)
        let written = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
        }
        guard written >= 0 else { return "\(value)" }
        return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

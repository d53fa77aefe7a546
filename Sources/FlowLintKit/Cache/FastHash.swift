/// A fast non-cryptographic 64-bit hash: four independent lanes of 8 bytes per step (xxHash64's structure,
/// so the multiplications of one step do not wait for each other), then 8 bytes per step for the rest, and a
/// murmur-style finalizer. Used for cache keys and checksums: it detects changes and damage, it is not meant
/// to resist an adversary. A cold run hashes every file of the project, so its speed shows.
enum FastHash {
    static let p1: UInt64 = 0x9e37_79b1_85eb_ca87, p2: UInt64 = 0xc2b2_ae3d_27d4_eb4f
    static let m1: UInt64 = 0x87c3_7b91_1142_53d5, m2: UInt64 = 0x4cf5_ad43_2745_937f

    static func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { hash($0, seed: seed) }
    }

    static func hash(_ buffer: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let n = buffer.count
        var h = seed ^ (UInt64(n) &* 0x9e37_79b9_7f4a_7c15)
        var i = 0
        if n >= 32 {
            var a = h &+ p1 &+ p2, b = h &+ p2, c = h, d = h &- p1
            while i + 32 <= n {
                a = round(a, buffer.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b = round(b, buffer.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c = round(c, buffer.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d = round(d, buffer.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            h = rotate(a, 1) &+ rotate(b, 7) &+ rotate(c, 12) &+ rotate(d, 18)
            h = merge(h, a)
            h = merge(h, b)
            h = merge(h, c)
            h = merge(h, d)
        }
        while i + 8 <= n {
            var k = buffer.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            k = k &* m1
            k = rotate(k, 31)
            h ^= k &* m2
            h = rotate(h, 27) &* 5 &+ 0x52dc_e729
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(buffer[i]) << shift
            shift += 8
            i += 1
        }
        h ^= (tail &* m1) &* m2
        return mix(h)
    }

    @inline(__always) static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* p2, 31) &* p1
    }

    @inline(__always) static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* p1 &+ 0x85eb_ca77_c2b2_ae63
    }

    @inline(__always) static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        (value << bits) | (value >> (64 - bits))
    }

    static func hash(_ string: String, seed: UInt64 = 0) -> UInt64 { hash(Array(string.utf8), seed: seed) }

    static func mix(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }
}

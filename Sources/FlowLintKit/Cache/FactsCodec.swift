import FlowLintSyntax

/// Varints, fixed 64-bit words and length-prefixed strings: what the facts cache's pack and `CompactCoding`
/// are made of.
struct BinaryWriter {
    var bytes: [UInt8] = []

    mutating func uint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }
    mutating func int(_ value: Int) { uint(UInt64(bitPattern: Int64((value << 1) ^ (value >> 63)))) }
    mutating func fixed64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            uint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }
    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }
    mutating func strings<S: Sequence>(_ values: S) where S.Element == String {
        let array = Array(values)
        uint(UInt64(array.count))
        for s in array { string(s) }
    }
    mutating func raw(_ value: [UInt8]) { bytes.append(contentsOf: value) }
}

struct CacheFormatError: Error {}

struct BinaryReader {
    let base: UnsafeRawBufferPointer
    var position: Int
    let end: Int

    init(_ base: UnsafeRawBufferPointer, from start: Int = 0, to end: Int? = nil) {
        self.base = base
        self.position = start
        self.end = end ?? base.count
    }

    mutating func byte() throws -> UInt8 {
        guard position < end else { throw CacheFormatError() }
        defer { position += 1 }
        return base[position]
    }
    mutating func uint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw CacheFormatError() }
            result |= UInt64(b & 0x7f) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }
    mutating func count() throws -> Int {
        let value = try uint()
        guard value <= UInt64(end - position) else { throw CacheFormatError() }  // every element takes a byte
        return Int(value)
    }
    mutating func int() throws -> Int {
        let raw = try uint()
        return Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1))))
    }
    mutating func fixed64() throws -> UInt64 {
        guard end - position >= 8 else { throw CacheFormatError() }
        defer { position += 8 }
        return base.loadUnaligned(fromByteOffset: position, as: UInt64.self).littleEndian
    }
    mutating func bool() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw CacheFormatError()
        }
    }
    mutating func string() throws -> String {
        let n = try count()
        defer { position += n }
        return String(decoding: UnsafeRawBufferPointer(rebasing: base[position..<(position + n)]), as: UTF8.self)
    }
    mutating func optionalString() throws -> String? { try bool() ? try string() : nil }
    mutating func strings() throws -> [String] {
        let n = try count()
        var out: [String] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try string()) }
        return out
    }
    mutating func bytes(_ n: Int) throws -> [UInt8] {
        guard n >= 0, end - position >= n else { throw CacheFormatError() }
        defer { position += n }
        return Array(UnsafeRawBufferPointer(rebasing: base[position..<(position + n)]))
    }
    mutating func skip(_ n: Int) throws {
        guard n >= 0, end - position >= n else { throw CacheFormatError() }
        position += n
    }
}

enum FactsCodec {
    static func encode(_ facts: FileFacts) -> [UInt8] { CompactCoding.encode(facts, path: facts.path) }

    /// Decodes facts under `path` (the file's path in this run). Throws on any malformed input.
    static func decode(_ buffer: UnsafeRawBufferPointer, path: String) throws -> FileFacts {
        try CompactCoding.decode(FileFacts.self, from: buffer, path: path)
    }
}

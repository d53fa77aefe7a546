/// A compact, positional binary form of any `Codable` value, for the facts cache: adding a field to a fact is
/// its declaration and nothing else (the synthesized conformance encodes it, and the cache key changes with
/// every build, so no format number is bumped by hand).
///
/// Fields are written in declaration order without their keys: integers as (zigzag) varints, strings as a
/// varint length and UTF-8 bytes, optionals with a presence byte, arrays and sets with a varint count. The
/// only keys written are those of nested containers, which is how synthesized `Codable` encodes an enum case
/// (`allKeys` then reads the case name back). Dictionaries are not supported (their keys would be lost): facts
/// use arrays. Decoding checks every length against the bytes left and throws on anything malformed, so a
/// damaged cache entry is rejected, never trusted.
enum CompactCoding {
    /// The display path of the file whose facts are coded: spans in that file are written without it (an entry
    /// is independent of where the file is and how it is shown) and read back under the file's current path.
    static let pathKey = CodingUserInfoKey(rawValue: "flowlint.path")!

    /// `handWritten: false` (tests only) writes spans and findings through the generic containers too, which
    /// the hand-written forms must match byte for byte.
    static func encode<T: Encodable>(_ value: T, path: String = "", handWritten: Bool = true) -> [UInt8] {
        let encoder = CompactEncoder(path: path, handWritten: handWritten)
        do {
            try value.encode(to: encoder)
        } catch {
            // Only a schema the coder does not support (a dictionary) throws: a programming error.
            preconditionFailure("facts cannot be encoded: \(error)")
        }
        return encoder.out.bytes
    }

    static func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer, path: String = "",
                                     handWritten: Bool = true) throws -> T {
        let decoder = CompactDecoder(reader: BinaryReader(buffer), path: path, handWritten: handWritten)
        let value = try T(from: decoder)
        guard decoder.reader.position == decoder.reader.end else { throw CacheFormatError() }
        return value
    }

    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], path: String = "", handWritten: Bool = true) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0, path: path, handWritten: handWritten) }
    }
}

/// Bytes that are written as they are (a varint length, then the bytes), not element by element: already
/// encoded data such as a `PropertyList`.
struct RawBytes: Codable, Equatable, Sendable {
    var bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    // Used only when a value is coded by a coder other than CompactCoding (none in the product).
    init(from decoder: Decoder) throws { bytes = try [UInt8](from: decoder) }
    func encode(to encoder: Encoder) throws { try bytes.encode(to: encoder) }
}

struct UnsupportedSchema: Error, CustomStringConvertible { var description: String }

// MARK: Encoding

final class CompactEncoder: Encoder {
    var out = BinaryWriter()
    let path: String
    let codingPath: [CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any]
    /// Spans and findings are written by hand (`SourceSpan.write`, `Diagnostic.write`), not through the
    /// containers: every rule's per-file findings are encoded into the facts, a span or more each.
    let handWritten: Bool

    init(path: String, handWritten: Bool = true) {
        self.path = path
        self.handWritten = handWritten
        userInfo = [CompactCoding.pathKey: path]
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedWriter<Key>(encoder: self))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer { UnkeyedWriter(encoder: self) }
    func singleValueContainer() -> SingleValueEncodingContainer { ValueWriter(encoder: self) }

    func write<T: Encodable>(_ value: T) throws {
        if T.self == RawBytes.self {
            let raw = value as! RawBytes
            out.uint(UInt64(raw.bytes.count))
            out.raw(raw.bytes)
        } else if T.self == [UInt32].self {
            // The bytes the unkeyed container writes (a count, then each value), without a container call per
            // element: rules record thousands of hashes per file.
            let values = value as! [UInt32]
            out.uint(UInt64(values.count))
            for v in values { out.uint(UInt64(v)) }
        } else if handWritten && T.self == Diagnostic.self {
            (value as! Diagnostic).write(to: &out, path: path)
        } else if handWritten && T.self == SourceSpan.self {
            (value as! SourceSpan).write(to: &out, path: path)
        } else {
            try value.encode(to: self)
        }
    }
}

private struct ValueWriter: SingleValueEncodingContainer {
    let encoder: CompactEncoder
    var codingPath: [CodingKey] { [] }
    func encodeNil() throws { encoder.out.bool(false) }
    func encode(_ value: Bool) throws { encoder.out.bool(value) }
    func encode(_ value: String) throws { encoder.out.string(value) }
    func encode(_ value: Double) throws { encoder.out.fixed64(value.bitPattern) }
    func encode(_ value: Float) throws { encoder.out.fixed64(UInt64(value.bitPattern)) }
    func encode(_ value: Int) throws { encoder.out.int(value) }
    func encode(_ value: Int8) throws { encoder.out.int(Int(value)) }
    func encode(_ value: Int16) throws { encoder.out.int(Int(value)) }
    func encode(_ value: Int32) throws { encoder.out.int(Int(value)) }
    func encode(_ value: Int64) throws { encoder.out.int(Int(value)) }
    func encode(_ value: UInt) throws { encoder.out.uint(UInt64(value)) }
    func encode(_ value: UInt8) throws { encoder.out.uint(UInt64(value)) }
    func encode(_ value: UInt16) throws { encoder.out.uint(UInt64(value)) }
    func encode(_ value: UInt32) throws { encoder.out.uint(UInt64(value)) }
    func encode(_ value: UInt64) throws { encoder.out.uint(value) }
    /// Only `Optional` calls the generic form on a single-value container (for `.some`; `.none` calls
    /// `encodeNil`): a presence byte, then the value. The facts' own types use keyed containers.
    func encode<T: Encodable>(_ value: T) throws {
        encoder.out.bool(true)
        try encoder.write(value)
    }
}

private struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: CompactEncoder
    var codingPath: [CodingKey] { [] }

    init(encoder: CompactEncoder) {
        self.encoder = encoder
        #if DEBUG
        // Dictionaries encode their entries under their keys, which this positional format drops.
        if String(describing: Key.self).contains("DictionaryCodingKey") {
            preconditionFailure("CompactCoding does not support dictionaries: use an array in facts")
        }
        #endif
    }

    private var value: ValueWriter { ValueWriter(encoder: encoder) }
    mutating func encodeNil(forKey key: Key) throws { encoder.out.bool(false) }
    mutating func encode(_ v: Bool, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: String, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: Double, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: Float, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: Int, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: Int8, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: Int16, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: Int32, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: Int64, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: UInt, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: UInt8, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: UInt16, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: UInt32, forKey key: Key) throws { try value.encode(v) }
    mutating func encode(_ v: UInt64, forKey key: Key) throws { try value.encode(v) }
    mutating func encode<T: Encodable>(_ v: T, forKey key: Key) throws { try encoder.write(v) }

    // Optionals: a presence byte, then the value (the default implementations would write nothing for nil,
    // which a positional format cannot tell apart from the next field).
    private mutating func present<T: Encodable>(_ v: T?) throws {
        encoder.out.bool(v != nil)
        if let v { try encoder.write(v) }
    }
    mutating func encodeIfPresent(_ v: Bool?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: String?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: Double?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: Float?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: Int?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: Int8?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: Int16?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: Int32?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: Int64?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: UInt?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: UInt8?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: UInt16?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: UInt32?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent(_ v: UInt64?, forKey key: Key) throws { try present(v) }
    mutating func encodeIfPresent<T: Encodable>(_ v: T?, forKey key: Key) throws { try present(v) }

    // A nested container is how an enum case is written: its key (the case name) first.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey> {
        encoder.out.string(key.stringValue)
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(encoder: encoder))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        encoder.out.string(key.stringValue)
        return UnkeyedWriter(encoder: encoder)
    }
    mutating func superEncoder() -> Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> Encoder { encoder }
}

/// Elements after a varint count, which is rewritten in place as elements are added (the count is not known
/// when the container opens). Only the innermost open container grows, and its count slot comes after those of
/// the containers around it, so widening the slot moves no byte another open container points at.
private struct UnkeyedWriter: UnkeyedEncodingContainer {
    let encoder: CompactEncoder
    let slot: Int
    private(set) var count = 0
    private var slotWidth = 1
    var codingPath: [CodingKey] { [] }

    init(encoder: CompactEncoder) {
        self.encoder = encoder
        slot = encoder.out.bytes.count
        encoder.out.bytes.append(0)
    }

    /// The count's varint is written into the slot byte by byte (no scratch writer, which allocated for every
    /// element).
    private mutating func counted() {
        count += 1
        var width = 1
        while UInt64(count) >> UInt64(7 * width) != 0 { width += 1 }
        if width > slotWidth {
            encoder.out.bytes.insert(contentsOf: repeatElement(0, count: width - slotWidth), at: slot + slotWidth)
            slotWidth = width
        }
        var rest = UInt64(count)
        for i in 0..<width {
            encoder.out.bytes[slot + i] = UInt8(truncatingIfNeeded: rest) & 0x7f | (i < width - 1 ? 0x80 : 0)
            rest >>= 7
        }
    }

    private var value: ValueWriter { ValueWriter(encoder: encoder) }
    mutating func encodeNil() throws { counted(); encoder.out.bool(false) }
    mutating func encode(_ v: Bool) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: String) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: Double) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: Float) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: Int) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: Int8) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: Int16) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: Int32) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: Int64) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: UInt) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: UInt8) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: UInt16) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: UInt32) throws { counted(); try value.encode(v) }
    mutating func encode(_ v: UInt64) throws { counted(); try value.encode(v) }
    mutating func encode<T: Encodable>(_ v: T) throws { counted(); try encoder.write(v) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        counted()
        return KeyedEncodingContainer(KeyedWriter<NestedKey>(encoder: encoder))
    }
    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        counted()
        return UnkeyedWriter(encoder: encoder)
    }
    mutating func superEncoder() -> Encoder { encoder }
}

// MARK: Decoding

final class CompactDecoder: Decoder {
    var reader: BinaryReader
    let codingPath: [CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any]
    let path: String
    /// Spans and findings are read by hand (see `CompactEncoder.handWritten`).
    let handWritten: Bool

    init(reader: BinaryReader, path: String, handWritten: Bool = true) {
        self.reader = reader
        self.path = path
        self.handWritten = handWritten
        userInfo = [CompactCoding.pathKey: path]
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedReader<Key>(decoder: self))
    }
    func unkeyedContainer() throws -> UnkeyedDecodingContainer { try UnkeyedReader(decoder: self) }
    func singleValueContainer() throws -> SingleValueDecodingContainer { ValueReader(decoder: self) }

    func read<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == RawBytes.self {
            return RawBytes(try reader.bytes(try reader.count())) as! T
        }
        if T.self == [UInt32].self {
            let count = try reader.count()
            var values: [UInt32] = []
            values.reserveCapacity(count)
            for _ in 0..<count { values.append(try unsigned(UInt32.self)) }
            return values as! T
        }
        if handWritten && T.self == Diagnostic.self { return try Diagnostic(reading: &reader, path: path) as! T }
        if handWritten && T.self == SourceSpan.self { return try SourceSpan(reading: &reader, path: path) as! T }
        return try T(from: self)
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let value = T(exactly: try reader.int()) else { throw CacheFormatError() }
        return value
    }

    func unsigned<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let value = T(exactly: try reader.uint()) else { throw CacheFormatError() }
        return value
    }
}

private struct ValueReader: SingleValueDecodingContainer {
    let decoder: CompactDecoder
    var codingPath: [CodingKey] { [] }
    /// `Optional`'s presence byte (see `ValueWriter.encode`). A malformed byte reads as absent, and the
    /// entry is then rejected by the length check at its end or by the next read.
    func decodeNil() -> Bool {
        guard let present = try? decoder.reader.bool() else { return true }
        return !present
    }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.reader.bool() }
    func decode(_ type: String.Type) throws -> String { try decoder.reader.string() }
    func decode(_ type: Double.Type) throws -> Double { Double(bitPattern: try decoder.reader.fixed64()) }
    func decode(_ type: Float.Type) throws -> Float {
        guard let bits = UInt32(exactly: try decoder.reader.fixed64()) else { throw CacheFormatError() }
        return Float(bitPattern: bits)
    }
    func decode(_ type: Int.Type) throws -> Int { try decoder.integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decoder.unsigned(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.unsigned(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.unsigned(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.unsigned(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.reader.uint() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.read(type) }
}

private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: CompactDecoder
    var codingPath: [CodingKey] { [] }

    /// An enum's case: the key written before its nested container, read without consuming it.
    var allKeys: [Key] {
        var peek = decoder.reader
        guard let name = try? peek.string(), let key = Key(stringValue: name) else { return [] }
        return [key]
    }

    func contains(_ key: Key) -> Bool { true }

    private var value: ValueReader { ValueReader(decoder: decoder) }
    func decodeNil(forKey key: Key) throws -> Bool { !(try decoder.reader.bool()) }
    func decode(_ t: Bool.Type, forKey key: Key) throws -> Bool { try value.decode(t) }
    func decode(_ t: String.Type, forKey key: Key) throws -> String { try value.decode(t) }
    func decode(_ t: Double.Type, forKey key: Key) throws -> Double { try value.decode(t) }
    func decode(_ t: Float.Type, forKey key: Key) throws -> Float { try value.decode(t) }
    func decode(_ t: Int.Type, forKey key: Key) throws -> Int { try value.decode(t) }
    func decode(_ t: Int8.Type, forKey key: Key) throws -> Int8 { try value.decode(t) }
    func decode(_ t: Int16.Type, forKey key: Key) throws -> Int16 { try value.decode(t) }
    func decode(_ t: Int32.Type, forKey key: Key) throws -> Int32 { try value.decode(t) }
    func decode(_ t: Int64.Type, forKey key: Key) throws -> Int64 { try value.decode(t) }
    func decode(_ t: UInt.Type, forKey key: Key) throws -> UInt { try value.decode(t) }
    func decode(_ t: UInt8.Type, forKey key: Key) throws -> UInt8 { try value.decode(t) }
    func decode(_ t: UInt16.Type, forKey key: Key) throws -> UInt16 { try value.decode(t) }
    func decode(_ t: UInt32.Type, forKey key: Key) throws -> UInt32 { try value.decode(t) }
    func decode(_ t: UInt64.Type, forKey key: Key) throws -> UInt64 { try value.decode(t) }
    func decode<T: Decodable>(_ t: T.Type, forKey key: Key) throws -> T { try decoder.read(t) }

    private func present<T: Decodable>(_ t: T.Type) throws -> T? {
        try decoder.reader.bool() ? try decoder.read(t) : nil
    }
    func decodeIfPresent(_ t: Bool.Type, forKey key: Key) throws -> Bool? { try present(t) }
    func decodeIfPresent(_ t: String.Type, forKey key: Key) throws -> String? { try present(t) }
    func decodeIfPresent(_ t: Double.Type, forKey key: Key) throws -> Double? { try present(t) }
    func decodeIfPresent(_ t: Float.Type, forKey key: Key) throws -> Float? { try present(t) }
    func decodeIfPresent(_ t: Int.Type, forKey key: Key) throws -> Int? { try present(t) }
    func decodeIfPresent(_ t: Int8.Type, forKey key: Key) throws -> Int8? { try present(t) }
    func decodeIfPresent(_ t: Int16.Type, forKey key: Key) throws -> Int16? { try present(t) }
    func decodeIfPresent(_ t: Int32.Type, forKey key: Key) throws -> Int32? { try present(t) }
    func decodeIfPresent(_ t: Int64.Type, forKey key: Key) throws -> Int64? { try present(t) }
    func decodeIfPresent(_ t: UInt.Type, forKey key: Key) throws -> UInt? { try present(t) }
    func decodeIfPresent(_ t: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(t) }
    func decodeIfPresent(_ t: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(t) }
    func decodeIfPresent(_ t: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(t) }
    func decodeIfPresent(_ t: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(t) }
    func decodeIfPresent<T: Decodable>(_ t: T.Type, forKey key: Key) throws -> T? { try present(t) }

    private func enterCase(_ key: Key) throws {
        guard try decoder.reader.string() == key.stringValue else { throw CacheFormatError() }
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey> {
        try enterCase(key)
        return KeyedDecodingContainer(KeyedReader<NestedKey>(decoder: decoder))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try enterCase(key)
        return try UnkeyedReader(decoder: decoder)
    }
    func superDecoder() throws -> Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> Decoder { decoder }
}

private struct UnkeyedReader: UnkeyedDecodingContainer {
    let decoder: CompactDecoder
    let count: Int?
    private(set) var currentIndex = 0
    var codingPath: [CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= count! }

    init(decoder: CompactDecoder) throws {
        self.decoder = decoder
        count = try decoder.reader.count()
    }

    private mutating func next() throws {
        guard currentIndex < count! else { throw CacheFormatError() }
        currentIndex += 1
    }

    private var value: ValueReader { ValueReader(decoder: decoder) }
    mutating func decodeNil() throws -> Bool { try next(); return !(try decoder.reader.bool()) }
    mutating func decode(_ t: Bool.Type) throws -> Bool { try next(); return try value.decode(t) }
    mutating func decode(_ t: String.Type) throws -> String { try next(); return try value.decode(t) }
    mutating func decode(_ t: Double.Type) throws -> Double { try next(); return try value.decode(t) }
    mutating func decode(_ t: Float.Type) throws -> Float { try next(); return try value.decode(t) }
    mutating func decode(_ t: Int.Type) throws -> Int { try next(); return try value.decode(t) }
    mutating func decode(_ t: Int8.Type) throws -> Int8 { try next(); return try value.decode(t) }
    mutating func decode(_ t: Int16.Type) throws -> Int16 { try next(); return try value.decode(t) }
    mutating func decode(_ t: Int32.Type) throws -> Int32 { try next(); return try value.decode(t) }
    mutating func decode(_ t: Int64.Type) throws -> Int64 { try next(); return try value.decode(t) }
    mutating func decode(_ t: UInt.Type) throws -> UInt { try next(); return try value.decode(t) }
    mutating func decode(_ t: UInt8.Type) throws -> UInt8 { try next(); return try value.decode(t) }
    mutating func decode(_ t: UInt16.Type) throws -> UInt16 { try next(); return try value.decode(t) }
    mutating func decode(_ t: UInt32.Type) throws -> UInt32 { try next(); return try value.decode(t) }
    mutating func decode(_ t: UInt64.Type) throws -> UInt64 { try next(); return try value.decode(t) }
    mutating func decode<T: Decodable>(_ t: T.Type) throws -> T { try next(); return try decoder.read(t) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next()
        return KeyedDecodingContainer(KeyedReader<NestedKey>(decoder: decoder))
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        try next()
        return try UnkeyedReader(decoder: decoder)
    }
    mutating func superDecoder() throws -> Decoder { decoder }
}

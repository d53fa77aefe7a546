import FlowLintSyntax

/// The properties of one type, kept encoded in one small byte array.
///
/// Facts of every type of the project stay in memory until the project passes run, and those passes look at
/// the properties of only a few types (views, and the types a provider expression or a `ForEach` names). As
/// `PropertyFact` values, a large project's properties took two heap strings and a slot in a growing array
/// each; encoded they take about a third of that, and the facts cache stores and reads them as they are.
///
/// Layout: per property, a varint length, then the property in `CompactCoding` (its name first, so a lookup by
/// name skips the others without building their strings). Spans are written without the file's path, which is
/// given when decoding.
struct PropertyList: Sendable, Equatable, Codable {
    private(set) var bytes: [UInt8] = []

    init() {}

    init(_ properties: [PropertyFact], path: String) {
        var w = BinaryWriter()
        for i in properties.indices {
            // Each entry is written in place after a one-byte length slot (not into a scratch writer and copied),
            // which an entry of 128 bytes or more widens to its varint.
            let slot = w.bytes.count
            w.bytes.append(0)
            properties[i].write(to: &w, path: path)
            let length = w.bytes.count - slot - 1
            if length < 0x80 {
                w.bytes[slot] = UInt8(length)
            } else {
                var prefix = BinaryWriter()
                prefix.uint(UInt64(length))
                w.bytes.replaceSubrange(slot..<(slot + 1), with: prefix.bytes)
            }
        }
        // Exactly as long as it needs to be: these stay in memory for the whole run.
        bytes = w.bytes.exactSized()
    }

    /// Takes bytes read from the facts cache; nil unless they are a sequence of length-prefixed entries. An entry
    /// that does not decode is left out when the list is read.
    init?(validating bytes: [UInt8]) {
        let valid = bytes.withUnsafeBytes { buffer -> Bool in
            var r = BinaryReader(buffer)
            do {
                while r.position < r.end { try r.skip(try r.count()) }
                return true
            } catch {
                return false
            }
        }
        guard valid else { return nil }
        self.bytes = bytes
    }

    private enum CodingKeys: CodingKey { case bytes }

    init(from decoder: Decoder) throws {
        let raw = try decoder.container(keyedBy: CodingKeys.self).decode(RawBytes.self, forKey: .bytes)
        guard let list = PropertyList(validating: raw.bytes) else { throw CacheFormatError() }
        self = list
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(RawBytes(bytes), forKey: .bytes)
    }

    var isEmpty: Bool { bytes.isEmpty }

    /// Every property, with attribute spans in the file at `path`.
    func decoded(path: String) -> [PropertyFact] { decode(path: path, named: nil) }

    /// The properties called `name`: other entries are skipped without building their strings.
    func named(_ name: String, path: String) -> [PropertyFact] { decode(path: path, named: name) }

    private func decode(path: String, named wanted: String?) -> [PropertyFact] {
        var out: [PropertyFact] = []
        let wantedBytes = wanted.map { Array($0.utf8) }
        bytes.withUnsafeBytes { buffer in
            var r = BinaryReader(buffer)
            // The framing was checked by `init(_:)` or `init?(validating:)`.
            while r.position < r.end, let length = try? r.count() {
                let entry = UnsafeRawBufferPointer(rebasing: buffer[r.position..<(r.position + length)])
                r.position += length
                if let wantedBytes {
                    // The name is the entry's first field: a varint length and its bytes.
                    var peek = BinaryReader(entry)
                    guard let nameLength = try? peek.count(),
                          entry[peek.position..<(peek.position + nameLength)].elementsEqual(wantedBytes) else { continue }
                }
                var reader = BinaryReader(entry)
                if let property = try? PropertyFact(reading: &reader, path: path), reader.position == reader.end {
                    out.append(property)
                }
            }
        }
        return out
    }
}

extension PropertyFact {
    /// The bytes `CompactCoding.encode(self, path:)` writes, without going through `Encoder`: every property of
    /// every type is encoded while facts are extracted, and the generic coder's containers and its path lookup
    /// per span cost a tenth of the whole-corpus run. `PropertyListTests` checks that both write the same
    /// bytes, so a field added to `PropertyFact` and not here fails there.
    func write(to w: inout BinaryWriter, path: String) {
        w.string(name)
        w.optional(type) { $0.string($1) }
        w.bool(isStatic)
        w.bool(isLet)
        w.bool(hasInitializer)
        w.optional(wrapper) { $0.string($1) }
        w.optional(environmentObjectType) { $0.string($1) }
        w.optional(attributeSpan) { $1.write(to: &$0, path: path) }
        w.bool(isUnreadInItsFile)
        w.optional(readOnlyOnTap) { w, action in
            w.uint(UInt64(action.titles.count))
            for title in action.titles { w.string(title) }
            w.bool(action.onFailure)
            w.optional(action.event) { $0.string($1) }
        }
        w.optional(readOnlyWhen) { w, condition in
            w.string(condition.input)
            w.uint(UInt64(condition.values.count))
            for value in condition.values { w.string(value) }
        }
        w.optional(staticInitializer) { $0.string($1.type); $0.string($1.member); $0.bool($1.isCall) }
        w.uint(UInt64(platforms.rawValue))
        w.int(Int(clause))
        w.bool(readsModelContext)
        w.uint(UInt64(stateChanges.rawValue))
        w.uint(UInt64(readPlatforms.rawValue))
    }
}

extension PropertyFact {
    /// Reads what `write(to:path:)` writes, as `CompactCoding.decode` would (the same checks, the same
    /// values), without the generic containers: a project check that asks for every property of many types
    /// (`state_init_in_other_file`) spent about 40,000 instructions a type in them.
    init(reading r: inout BinaryReader, path: String) throws {
        let name = try r.string()
        let type = try r.optionalString()
        let isStatic = try r.bool()
        let isLet = try r.bool()
        let hasInitializer = try r.bool()
        let wrapper = try r.optionalString()
        self.init(name: name, isStatic: isStatic, isLet: isLet, hasInitializer: hasInitializer, type: type, wrapper: wrapper,
                  environmentObjectType: nil, attributeSpan: nil)
        environmentObjectType = try r.optionalString()
        attributeSpan = try r.bool() ? try SourceSpan(reading: &r, path: path) : nil
        isUnreadInItsFile = try r.bool()
        if try r.bool() {
            let titles = try r.strings()
            readOnlyOnTap = TapAction(titles: titles, onFailure: try r.bool(), event: try r.optionalString())
        }
        if try r.bool() {
            let input = try r.string()
            readOnlyWhen = InputCondition(input: input, values: try r.strings())
        }
        if try r.bool() {
            let type = try r.string()
            let member = try r.string()
            staticInitializer = StaticMemberName(type: type, member: member, isCall: try r.bool())
        }
        guard let platforms = UInt8(exactly: try r.uint()), let clause = Int32(exactly: try r.int()) else { throw CacheFormatError() }
        self.platforms = Platforms(rawValue: platforms)
        self.clause = clause
        readsModelContext = try r.bool()
        guard let changes = UInt8(exactly: try r.uint()).flatMap(StateChanges.init(rawValue:)) else { throw CacheFormatError() }
        stateChanges = changes
        guard let read = UInt8(exactly: try r.uint()) else { throw CacheFormatError() }
        readPlatforms = Platforms(rawValue: read)
    }
}

extension SourceSpan {
    /// `CompactCoding`'s bytes for a span: the file (empty when it is `path`), offsets, then positions.
    func write(to w: inout BinaryWriter, path: String) {
        w.string(file == path ? "" : file)
        w.int(startOffset)
        w.int(endOffset)
        w.int(start.line)
        w.int(start.column)
        w.int(end.line)
        w.int(end.column)
    }
}

extension BinaryWriter {
    /// `CompactCoding`'s optional: a presence byte, then the value.
    mutating func optional<T>(_ value: T?, _ write: (inout BinaryWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }
}

import FlowLintSyntax

/// The properties of one type, kept encoded in one small byte array.
///
/// Facts of every type of the project stay in memory until the project passes run, and those passes look at
/// the properties of only a few types (views, and the types a provider expression or a `ForEach` names). As
/// `PropertyFact` values, a large project's properties took two heap strings and a slot in a growing array
/// each; encoded they take about a third of that, and the facts cache stores and reads them as they are.
///
/// Layout, per property: a flags byte (`static`, `let`, initializer, has type, reads the environment), the
/// name, the type if any, then for an environment read the object type and the attribute's span (offsets and
/// positions, no path: the file's path is given when decoding). Strings are a varint length and UTF-8 bytes.
struct PropertyList: Sendable, Equatable {
    private(set) var bytes: [UInt8] = []

    private enum Flag {
        static let isStatic: UInt8 = 1, isLet: UInt8 = 2, hasInitializer: UInt8 = 4, hasType: UInt8 = 8, readsEnvironment: UInt8 = 16
        static let all: UInt8 = 31
    }

    init() {}

    init(_ properties: [PropertyFact]) {
        var w = BinaryWriter()
        for p in properties {
            var flags: UInt8 = 0
            if p.isStatic { flags |= Flag.isStatic }
            if p.isLet { flags |= Flag.isLet }
            if p.hasInitializer { flags |= Flag.hasInitializer }
            if p.type != nil { flags |= Flag.hasType }
            let read = p.environmentObjectType.flatMap { t in p.attributeSpan.map { (t, $0) } }
            if read != nil { flags |= Flag.readsEnvironment }
            w.bytes.append(flags)
            w.string(p.name)
            if let type = p.type { w.string(type) }
            if let (type, span) = read {
                w.string(type)
                for value in [span.startOffset, span.endOffset, span.start.line, span.start.column, span.end.line, span.end.column] {
                    w.int(value)
                }
            }
        }
        // Exactly as long as it needs to be: these stay in memory for the whole run.
        bytes = w.bytes.exactSized()
    }

    /// Takes bytes read from the facts cache; nil unless they are a well-formed list.
    init?(validating bytes: [UInt8]) {
        let valid = bytes.withUnsafeBytes { buffer -> Bool in
            var r = BinaryReader(buffer)
            do {
                while r.position < r.end { try Self.skip(&r) }
                return true
            } catch {
                return false
            }
        }
        guard valid else { return nil }
        self.bytes = bytes
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
            // The bytes were built by `init(_:)` or checked by `init?(validating:)`: decoding cannot fail.
            while r.position < r.end {
                let start = r.position
                guard let flags = try? r.byte(), let nameLength = try? r.count() else { return }
                let nameRange = r.position..<(r.position + nameLength)
                if let wantedBytes, !buffer[nameRange].elementsEqual(wantedBytes) {
                    r.position = start
                    _ = try? Self.skip(&r)
                    continue
                }
                r.position = nameRange.upperBound
                let name = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[nameRange]), as: UTF8.self)
                let type = flags & Flag.hasType != 0 ? try? r.string() : nil
                var environmentObjectType: String?, span: SourceSpan?
                if flags & Flag.readsEnvironment != 0, let t = try? r.string(),
                   let v = try? (0..<6).map({ _ in try r.int() }) {
                    environmentObjectType = t
                    span = SourceSpan(file: path, startOffset: v[0], endOffset: v[1],
                                      start: SourcePosition(line: v[2], column: v[3]), end: SourcePosition(line: v[4], column: v[5]))
                }
                out.append(PropertyFact(name: name, isStatic: flags & Flag.isStatic != 0, isLet: flags & Flag.isLet != 0,
                                        hasInitializer: flags & Flag.hasInitializer != 0, type: type,
                                        environmentObjectType: environmentObjectType, attributeSpan: span))
            }
        }
        return out
    }

    /// Steps over one property, checking its shape.
    private static func skip(_ r: inout BinaryReader) throws {
        let flags = try r.byte()
        guard flags & ~Flag.all == 0 else { throw CacheFormatError() }
        try r.skip(try r.count())
        if flags & Flag.hasType != 0 { try r.skip(try r.count()) }
        if flags & Flag.readsEnvironment != 0 {
            try r.skip(try r.count())
            for _ in 0..<6 { _ = try r.int() }
        }
    }
}

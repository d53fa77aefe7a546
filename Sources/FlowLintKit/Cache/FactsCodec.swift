import FlowLintSyntax

/// A fast non-cryptographic 64-bit hash: four independent lanes of 8 bytes per step (xxHash64's structure,
/// so the multiplications of one step do not wait for each other), then 8 bytes per step for the rest, and a
/// murmur-style finalizer. Used for cache keys and checksums: it detects changes and damage, it is not meant
/// to resist an adversary. A cold run hashes every file of the project, so its speed shows.
public enum FastHash {
    static let p1: UInt64 = 0x9e37_79b1_85eb_ca87, p2: UInt64 = 0xc2b2_ae3d_27d4_eb4f
    static let m1: UInt64 = 0x87c3_7b91_1142_53d5, m2: UInt64 = 0x4cf5_ad43_2745_937f

    public static func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { hash($0, seed: seed) }
    }

    public static func hash(_ buffer: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
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

    public static func hash(_ string: String, seed: UInt64 = 0) -> UInt64 { hash(Array(string.utf8), seed: seed) }

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

/// A compact binary encoding of `FileFacts` (varints, length-prefixed strings). Spans in the file itself are
/// written without their path, so an entry is independent of where the file is and how it is displayed: it is
/// read back under whatever path the file has now.
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
    static func encode(_ facts: FileFacts) -> [UInt8] {
        var w = FactsWriter(path: facts.path)
        w.facts(facts)
        return w.out.bytes
    }

    /// Decodes facts under `path` (the file's path in this run). Throws on any malformed input.
    static func decode(_ buffer: UnsafeRawBufferPointer, path: String) throws -> FileFacts {
        var r = FactsReader(path: path, r: BinaryReader(buffer))
        let facts = try r.facts()
        guard r.r.position == r.r.end else { throw CacheFormatError() }
        return facts
    }
}

/// Type kinds by their number in the encoding.
private let typeKinds = TypeFact.Kind.allCases

private struct FactsWriter {
    let path: String
    var out = BinaryWriter()

    mutating func facts(_ f: FileFacts) {
        out.uint(UInt64(f.types.count))
        for t in f.types { type(t) }
        out.uint(UInt64(f.renderers.count))
        for r in f.renderers { renderer(r) }
        references(f.providedTypes)
        out.uint(UInt64(f.providerHelpers.count))
        for h in f.providerHelpers { out.string(h.name); references(h.provided) }
        out.strings(f.fileConstants)
        out.uint(UInt64(f.directives.count))
        for d in f.directives { out.string(d.kind.rawValue); out.strings(d.rules); span(d.span) }
        out.uint(UInt64(f.pendingFindings.count))
        for p in f.pendingFindings { pending(p) }
    }

    mutating func type(_ t: TypeFact) {
        out.string(t.name)
        out.uint(UInt64(typeKinds.firstIndex(of: t.kind)!))
        out.strings(t.inherited)
        // Already encoded, with no path in it.
        out.uint(UInt64(t.properties.bytes.count))
        out.raw(t.properties.bytes)
        out.strings(t.viewMembers.sorted())
    }

    mutating func renderer(_ r: Renderer) {
        switch r.kind {
        case .viewBody(let type, let index): out.uint(0); out.string(type); out.int(index)
        case .member(let type, let index, let name): out.uint(1); out.string(type); out.int(index); out.string(name)
        case .root(let kind): out.uint(2); out.string(kind.rawValue)
        }
        out.uint(UInt64(r.edges.count))
        for e in r.edges {
            switch e.target {
            case .view(let name): out.uint(0); out.string(name)
            case .member(let name): out.uint(1); out.string(name)
            }
            references(e.provided)
            out.strings(e.enclosingCallees)
            out.strings(e.helperCalls)
            out.bool(e.flowsThroughLocal)
            span(e.span)
        }
    }

    mutating func references(_ refs: [TypeReference]) {
        out.uint(UInt64(refs.count))
        for ref in refs {
            switch ref {
            case .named(let name): out.uint(0); out.string(name)
            case .memberChain(let base, let members): out.uint(1); out.string(base); out.strings(members)
            case .staticMember(let type, let member): out.uint(2); out.string(type); out.string(member)
            case .unknown: out.uint(3)
            }
        }
    }

    mutating func pending(_ p: PendingFinding) {
        diagnostic(p.diagnostic)
        switch p.condition {
        case .always: out.uint(0)
        case .ownerIsSwiftUIType(let owner, let structOnly): out.uint(1); out.string(owner); out.bool(structOnly)
        case .collectionNotConstant(let c):
            out.uint(2)
            switch c {
            case .member(let owner, let name): out.uint(0); out.optionalString(owner); out.string(name)
            case .staticMember(let type, let name): out.uint(1); out.string(type); out.string(name)
            case .variable: out.uint(2)
            }
        }
    }

    mutating func diagnostic(_ d: Diagnostic) {
        out.string(d.ruleID)
        out.string(d.severity.rawValue)
        out.string(d.message)
        span(d.span)
        out.uint(UInt64(d.notes.count))
        for n in d.notes { out.string(n.message); span(n.span) }
        out.uint(UInt64(d.fixes.count))
        for f in d.fixes {
            out.string(f.message)
            out.string(f.applicability.rawValue)
            out.uint(UInt64(f.edits.count))
            for e in f.edits { out.int(e.startOffset); out.int(e.endOffset); out.string(e.replacement) }
        }
    }

    mutating func span(_ s: SourceSpan) {
        if s.file == path { out.uint(0) } else { out.uint(1); out.string(s.file) }
        out.int(s.startOffset)
        out.int(s.endOffset)
        out.int(s.start.line)
        out.int(s.start.column)
        out.int(s.end.line)
        out.int(s.end.column)
    }
}

private struct FactsReader {
    let path: String
    var r: BinaryReader

    mutating func facts() throws -> FileFacts {
        var f = FileFacts(path: path)
        let typeCount = try r.count()
        f.types.reserveCapacity(typeCount)
        for _ in 0..<typeCount { f.types.append(try type()) }
        for _ in 0..<(try r.count()) { f.renderers.append(try renderer()) }
        f.providedTypes = try references()
        for _ in 0..<(try r.count()) { f.providerHelpers.append(ProviderHelper(name: try r.string(), provided: try references())) }
        f.fileConstants = try r.strings()
        for _ in 0..<(try r.count()) {
            guard let kind = SuppressionDirective.Kind(rawValue: try r.string()) else { throw CacheFormatError() }
            f.directives.append(SuppressionDirective(kind: kind, rules: try r.strings(), span: try span()))
        }
        for _ in 0..<(try r.count()) { f.pendingFindings.append(try pending()) }
        return f
    }

    mutating func type() throws -> TypeFact {
        let name = try r.string()
        let kindIndex = Int(try r.uint())
        guard kindIndex < typeKinds.count else { throw CacheFormatError() }
        let kind = typeKinds[kindIndex]
        // Not interned (see `InheritanceClauses`): decoding is the warm partial run's critical path, where the
        // shared table's lock costs more than the memory it saves.
        let inherited = try r.strings()
        guard let properties = PropertyList(validating: try r.bytes(try r.count())) else { throw CacheFormatError() }
        return TypeFact(name: name, kind: kind, inherited: inherited, properties: properties, viewMembers: Set(try r.strings()))
    }

    mutating func renderer() throws -> Renderer {
        let kind: Renderer.Kind
        switch try r.uint() {
        case 0: kind = .viewBody(type: try r.string(), typeIndex: try r.int())
        case 1: kind = .member(type: try r.string(), typeIndex: try r.int(), name: try r.string())
        case 2:
            guard let root = Renderer.RootKind(rawValue: try r.string()) else { throw CacheFormatError() }
            kind = .root(root)
        default: throw CacheFormatError()
        }
        var renderer = Renderer(kind: kind)
        for _ in 0..<(try r.count()) {
            let target: RenderEdge.Target
            switch try r.uint() {
            case 0: target = .view(try r.string())
            case 1: target = .member(try r.string())
            default: throw CacheFormatError()
            }
            renderer.edges.append(RenderEdge(target: target, provided: try references(), enclosingCallees: try r.strings(),
                                             helperCalls: try r.strings(), flowsThroughLocal: try r.bool(), span: try span()))
        }
        return renderer
    }

    mutating func references() throws -> [TypeReference] {
        var out: [TypeReference] = []
        for _ in 0..<(try r.count()) {
            switch try r.uint() {
            case 0: out.append(.named(try r.string()))
            case 1: out.append(.memberChain(base: try r.string(), members: try r.strings()))
            case 2: out.append(.staticMember(type: try r.string(), member: try r.string()))
            case 3: out.append(.unknown)
            default: throw CacheFormatError()
            }
        }
        return out
    }

    mutating func pending() throws -> PendingFinding {
        let d = try diagnostic()
        let condition: PendingFinding.Condition
        switch try r.uint() {
        case 0: condition = .always
        case 1: condition = .ownerIsSwiftUIType(owner: try r.string(), structOnly: try r.bool())
        case 2:
            switch try r.uint() {
            case 0: condition = .collectionNotConstant(.member(owner: try r.optionalString(), name: try r.string()))
            case 1: condition = .collectionNotConstant(.staticMember(type: try r.string(), name: try r.string()))
            case 2: condition = .collectionNotConstant(.variable)
            default: throw CacheFormatError()
            }
        default: throw CacheFormatError()
        }
        return PendingFinding(diagnostic: d, condition: condition)
    }

    mutating func diagnostic() throws -> Diagnostic {
        let ruleID = try r.string()
        guard let severity = Severity(rawValue: try r.string()) else { throw CacheFormatError() }
        let message = try r.string()
        let s = try span()
        var notes: [DiagnosticNote] = []
        for _ in 0..<(try r.count()) { notes.append(DiagnosticNote(message: try r.string(), span: try span())) }
        var fixes: [Fix] = []
        for _ in 0..<(try r.count()) {
            let message = try r.string()
            guard let applicability = Fix.Applicability(rawValue: try r.string()) else { throw CacheFormatError() }
            var edits: [TextEdit] = []
            for _ in 0..<(try r.count()) {
                edits.append(TextEdit(startOffset: try r.int(), endOffset: try r.int(), replacement: try r.string()))
            }
            fixes.append(Fix(message: message, applicability: applicability, edits: edits))
        }
        return Diagnostic(ruleID: ruleID, severity: severity, message: message, span: s, notes: notes, fixes: fixes)
    }

    mutating func span() throws -> SourceSpan {
        let file: String
        switch try r.uint() {
        case 0: file = path
        case 1: file = try r.string()
        default: throw CacheFormatError()
        }
        return SourceSpan(file: file, startOffset: try r.int(), endOffset: try r.int(),
                          start: SourcePosition(line: try r.int(), column: try r.int()),
                          end: SourcePosition(line: try r.int(), column: try r.int()))
    }
}

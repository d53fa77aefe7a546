// Keyword lookup without strings or dictionaries: a bit test on the length and the first byte, then a switch
// on the length, then on the first eight bytes packed little-endian into a UInt64, then compare any remaining
// bytes. The constants were generated from the `Keyword` enum (Token.swift); when a keyword is added there,
// add its case and its first byte here too (`LexerTests.testEveryKeywordSpelling` fails until it is).

extension Keyword {
    /// The keyword spelled by `length` bytes at `start`, or `.none`.
    /// `start` must point at `readable` readable bytes, `readable >= length`.
    @inline(__always)
    static func lookup(_ start: UnsafePointer<UInt8>, length: Int, readable: Int) -> Keyword {
        guard length >= 2 && length <= 20 else { return .none }
        let lead = start[0]
        guard lead >= 0x40, lead < 0x80, firstBytes(ofLength: length) >> UInt64(lead - 0x40) & 1 != 0 else { return .none }
        let first: UInt64
        if readable >= 8 {
            // One load, the bytes past the identifier masked off.
            let word = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
            first = length >= 8 ? word : word & ((1 &<< UInt64(8 * length)) &- 1)
        } else {
            first = packedWord(start, count: min(length, 8))
        }
        switch length {
        case 2:
            switch first {
            case 0x0000000000007361: return .`as`
            case 0x0000000000006f64: return .`do`
            case 0x0000000000006669: return .`if`
            case 0x0000000000006e69: return .`in`
            case 0x0000000000007369: return .`is`
            default: return .none
            }
        case 3:
            switch first {
            case 0x0000000000796e41: return .`Any`
            case 0x0000000000796e61: return .any
            case 0x0000000000726f66: return .`for`
            case 0x0000000000746567: return .get
            case 0x000000000074656c: return .`let`
            case 0x00000000006c696e: return .`nil`
            case 0x0000000000746573: return .set
            case 0x0000000000797274: return .`try`
            case 0x0000000000726176: return .`var`
            default: return .none
            }
        case 4:
            switch first {
            case 0x00000000666c6553: return .`Self`
            case 0x0000000065707954: return .`Type`
            case 0x0000000065736163: return .`case`
            case 0x0000000079706f63: return .copy
            case 0x0000000068636165: return .each
            case 0x0000000065736c65: return .`else`
            case 0x000000006d756e65: return .`enum`
            case 0x00000000636e7566: return .`func`
            case 0x0000000074696e69: return .`init`
            case 0x00000000797a616c: return .lazy
            case 0x000000006e65706f: return .open
            case 0x0000000064616572: return .read
            case 0x00000000666c6573: return .`self`
            case 0x00000000656d6f73: return .some
            case 0x000000006e656874: return .then
            case 0x0000000065757274: return .`true`
            case 0x000000006b616577: return .weak
            default: return .none
            }
        case 5:
            switch first {
            case 0x000000646165725f: return ._read
            case 0x000000726f746361: return .actor
            case 0x000000636e797361: return .async
            case 0x0000007469617761: return .await
            case 0x0000006b61657262: return .`break`
            case 0x0000006863746163: return .`catch`
            case 0x0000007373616c63: return .`class`
            case 0x0000007265666564: return .`defer`
            case 0x00000065736c6166: return .`false`
            case 0x0000006c616e6966: return .final
            case 0x0000006472617567: return .`guard`
            case 0x0000007869666e69: return .infix
            case 0x00000074756f6e69: return .`inout`
            case 0x0000006f7263616d: return .macro
            case 0x0000007265707573: return .`super`
            case 0x000000776f726874: return .`throw`
            case 0x0000006572656877: return .`where`
            case 0x000000656c696877: return .`while`
            default: return .none
            }
        case 6:
            switch first {
            case 0x000074696e696564: return .`deinit`
            case 0x0000746553646964: return .didSet
            case 0x000074726f706d69: return .`import`
            case 0x0000796669646f6d: return .modify
            case 0x0000786966657270: return .prefix
            case 0x000063696c627570: return .`public`
            case 0x0000746165706572: return .`repeat`
            case 0x00006e7275746572: return .`return`
            case 0x0000636974617473: return .`static`
            case 0x0000746375727473: return .`struct`
            case 0x0000686374697773: return .`switch`
            case 0x000073776f726874: return .`throws`
            default: return .none
            }
        case 7:
            switch first {
            case 0x00796669646f6d5f: return ._modify
            case 0x00656d75736e6f63: return .consume
            case 0x00746c7561666564: return .`default`
            case 0x0064726163736964: return .discard
            case 0x0063696d616e7964: return .dynamic
            case 0x006567616b636170: return .package
            case 0x0078696674736f70: return .postfix
            case 0x0065746176697270: return .`private`
            case 0x00676e69646e6573: return .sending
            case 0x0064656e776f6e75: return .unowned
            case 0x007465536c6c6977: return .willSet
            default: return .none
            }
        case 8:
            switch first {
            case 0x6c6f636f746f7250: return .`Protocol`
            case 0x65756e69746e6f63: return .`continue`
            case 0x7463657269646e69: return .indirect
            case 0x6c616e7265746e69: return .`internal`
            case 0x646574616c6f7369: return .isolated
            case 0x676e69746174756d: return .mutating
            case 0x726f74617265706f: return .`operator`
            case 0x6c616e6f6974706f: return .optional
            case 0x656469727265766f: return .override
            case 0x6c6f636f746f7270: return .`protocol`
            case 0x6465726975716572: return .required
            case 0x73776f7268746572: return .`rethrows`
            default: return .none
            }
        case 9:
            switch first {
            case 0x6e69776f72726f62: // borrowing
                return tailMatches(start + 8, "g") ? .borrowing : .none
            case 0x6e696d75736e6f63: // consuming
                return tailMatches(start + 8, "g") ? .consuming : .none
            case 0x6f69736e65747865: // extension
                return tailMatches(start + 8, "n") ? .`extension` : .none
            case 0x7069726373627573: // subscript
                return tailMatches(start + 8, "t") ? .`subscript` : .none
            case 0x61696c6165707974: // typealias
                return tailMatches(start + 8, "s") ? .`typealias` : .none
            default: return .none
            }
        case 11:
            switch first {
            case 0x65696e65766e6f63: // convenience
                return tailMatches(start + 8, "nce") ? .convenience : .none
            case 0x7562697274736964: // distributed
                return tailMatches(start + 8, "ted") ? .distributed : .none
            case 0x6f7268746c6c6166: // fallthrough
                return tailMatches(start + 8, "ugh") ? .`fallthrough` : .none
            case 0x76697270656c6966: // fileprivate
                return tailMatches(start + 8, "ate") ? .`fileprivate` : .none
            case 0x616c6f73696e6f6e: // nonisolated
                return tailMatches(start + 8, "ted") ? .nonisolated : .none
            case 0x746174756d6e6f6e: // nonmutating
                return tailMatches(start + 8, "ing") ? .nonmutating : .none
            default: return .none
            }
        case 13:
            switch first {
            case 0x6441656661736e75: // unsafeAddress
                return tailMatches(start + 8, "dress") ? .unsafeAddress : .none
            default: return .none
            }
        case 14:
            switch first {
            case 0x746169636f737361: // associatedtype
                return tailMatches(start + 8, "edtype") ? .`associatedtype` : .none
            default: return .none
            }
        case 15:
            switch first {
            case 0x6e65646563657270: // precedencegroup
                return tailMatches(start + 8, "cegroup") ? .`precedencegroup` : .none
            default: return .none
            }
        case 20:
            switch first {
            case 0x754d656661736e75: // unsafeMutableAddress
                return tailMatches(start + 8, "tableAddress") ? .unsafeMutableAddress : .none
            default: return .none
            }
        default: return .none
        }
    }

    /// For the keywords of `length` bytes, bit `b - 0x40` is set for each byte `b` one of them starts with. Most
    /// identifiers are no keyword: this one test sends most of them away before the switches above. Generated
    /// from the `Keyword` enum like the constants above (`LexerTests.testEveryKeywordSpelling` fails when a
    /// keyword is missing here).
    @inline(__always)
    private static func firstBytes(ofLength length: Int) -> UInt64 {
        switch length {
        case 2: return 0x0000_0212_0000_0000 // as do if in is
        case 3: return 0x0058_50c2_0000_0002 // Any any for get let nil set try var
        case 4: return 0x009c_9268_0018_0000 // Self Type case copy each else enum func init lazy open read self some then true weak
        case 5: return 0x0098_22de_8000_0000 // _read actor async await break catch class defer false final guard infix inout macro super throw where while
        case 6: return 0x001d_2210_0000_0000 // deinit didSet import modify prefix public repeat return static struct switch throws
        case 7: return 0x00a9_0018_8000_0000 // _modify consume default discard dynamic package postfix private sending unowned willSet
        case 8: return 0x0005_a208_0001_0000 // Protocol continue indirect internal isolated mutating operator optional override protocol required rethrows
        case 9: return 0x0018_002c_0000_0000 // borrowing consuming extension subscript typealias
        case 11: return 0x0000_4058_0000_0000 // convenience distributed fallthrough fileprivate nonisolated nonmutating
        case 13: return 0x0020_0000_0000_0000 // unsafeAddress
        case 14: return 0x0000_0002_0000_0000 // associatedtype
        case 15: return 0x0001_0000_0000_0000 // precedencegroup
        case 20: return 0x0020_0000_0000_0000 // unsafeMutableAddress
        default: return 0
        }
    }

    /// Up to eight bytes packed little-endian (first byte in the low bits).
    @inline(__always)
    private static func packedWord(_ p: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var word: UInt64 = 0
        for i in 0..<count { word |= UInt64(p[i]) &<< UInt64(8 * i) }
        return word
    }

    /// Whether the bytes at `p` equal `tail` (same length, checked by the caller).
    @inline(__always)
    private static func tailMatches(_ p: UnsafePointer<UInt8>, _ tail: StaticString) -> Bool {
        let t = tail.utf8Start
        for i in 0..<tail.utf8CodeUnitCount where p[i] != t[i] { return false }
        return true
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The secret that authenticates facts packs, so that only this user's FlowLint could have written a pack it
/// trusts. A pack's findings and fixes are used as they are; without this, whoever can write the cache
/// directory (a CI cache restored from another branch, a committed `.build/`) could hide findings, forge them,
/// or make `--fix` write code into sources.
///
/// The key is, in order: `FLOWLINT_CACHE_KEY` (any text; for CI jobs that share a cache, set it from a secret
/// that untrusted branches do not get), else 16 random bytes in a file of the user's own
/// (`$XDG_STATE_HOME/flowlint/cache.key`, else `~/.local/state/flowlint/cache.key`; `~/Library/Application
/// Support/flowlint/cache.key` on macOS), created on first use with mode 0600 and trusted only while it is a
/// regular file owned by the user that nobody else can read or write. It is kept out of the cache directory, so
/// restoring a cache does not restore the key. Without a usable key, nothing is cached.
struct CacheKey: Sendable {
    let k0: UInt64, k1: UInt64

    static let current: CacheKey? = {
        let environment = ProcessInfo.processInfo.environment
        if let secret = environment["FLOWLINT_CACHE_KEY"], !secret.isEmpty {
            return CacheKey(bytes: Array(secret.utf8))
        }
        guard let path = defaultPath(environment) else { return nil }
        return load(path) ?? create(path)
    }()

    init(k0: UInt64, k1: UInt64) {
        self.k0 = k0
        self.k1 = k1
    }

    /// A key derived from arbitrary text (two differently seeded hashes of it).
    init(bytes: [UInt8]) {
        self.init(k0: FastHash.hash(bytes, seed: 0x6b65_7930), k1: FastHash.hash(bytes, seed: 0x6b65_7931))
    }

    static func defaultPath(_ environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return Paths.join(state, "flowlint/cache.key") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if os(macOS)
        return Paths.join(home, "Library/Application Support/flowlint/cache.key")
        #else
        return Paths.join(home, ".local/state/flowlint/cache.key")
        #endif
    }

    /// The key in `path`, if it is one this user alone controls.
    static func load(_ path: String) -> CacheKey? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid(),
              info.st_mode & 0o077 == 0, info.st_size == 16 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard read(fd, &bytes, 16) == 16 else { return nil }
        return CacheKey(k0: word(bytes, 0), k1: word(bytes, 8))
    }

    /// A new random key, written with mode 0600 (exclusively: if another run created it meanwhile, that one).
    static func create(_ path: String) -> CacheKey? {
        let directory = Paths.parent(path)
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])) != nil else { return nil }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return load(path) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, 16) }
        close(fd)
        guard written == 16 else { unlink(path); return nil }
        return load(path)
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }

    /// SipHash-2-4 of `buffer` under this key: a keyed pseudorandom function, so no one without the key can
    /// compute the tag of a pack they made, and any change to a pack changes its tag.
    func tag(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        var v0: UInt64 = 0x736f_6d65_7073_6575 ^ k0
        var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ k1
        var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ k0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ k1
        @inline(__always) func rotate(_ x: UInt64, _ b: UInt64) -> UInt64 { (x << b) | (x >> (64 - b)) }
        @inline(__always) func round() {
            v0 = v0 &+ v1; v1 = rotate(v1, 13); v1 ^= v0; v0 = rotate(v0, 32)
            v2 = v2 &+ v3; v3 = rotate(v3, 16); v3 ^= v2
            v0 = v0 &+ v3; v3 = rotate(v3, 21); v3 ^= v0
            v2 = v2 &+ v1; v1 = rotate(v1, 17); v1 ^= v2; v2 = rotate(v2, 32)
        }
        let count = buffer.count
        var i = 0
        while i + 8 <= count {
            let m = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            v3 ^= m
            round(); round()
            v0 ^= m
            i += 8
        }
        var last = UInt64(count & 0xff) << 56
        var shift: UInt64 = 0
        while i < count {
            last |= UInt64(buffer[i]) << shift
            shift += 8
            i += 1
        }
        v3 ^= last
        round(); round()
        v0 ^= last
        v2 ^= 0xff
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    func tag(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { tag($0) } }
}

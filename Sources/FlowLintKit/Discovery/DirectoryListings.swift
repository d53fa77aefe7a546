#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Directory contents remembered between runs, so that a partial run does not read every directory of the
/// project again: a directory whose modification time, change time and inode are unchanged has the same
/// entries (adding, removing or renaming an entry updates the directory's times), the technique of git's
/// untracked cache. Files themselves are still checked one by one by the facts cache.
///
/// Only what the search looks at is kept: subdirectories, symbolic links, `.swift` files, entries of unknown
/// type, and `.git` and `.gitignore` (a work tree's root and its ignore files). Ignore files are read again on
/// every run, so editing one (which does not change its directory's times) is seen; the listings themselves
/// do not depend on what is ignored. A directory changed within two seconds of the run is read, never
/// remembered, since its times could still change without moving.
final class DirectoryListings {
    struct Entry: Equatable {
        var name: String
        var type: UInt8
    }
    struct Listing: Equatable {
        var stamp: FileStamp
        var entries: [Entry]
    }

    /// What the previous run saw, by absolute directory path.
    var stored: [String: Listing]
    /// Directories answered from `stored` in this run (a list: nothing to hash when all is unchanged).
    private var hitDirectories: [String] = []
    /// Listings read in this run and worth remembering.
    private var added: [String: Listing] = [:]
    /// Directories answered from `stored` in this run, and directories read.
    var hits: Int { hitDirectories.count }
    private(set) var misses = 0
    let runStart: timespec

    init(stored: [String: Listing], runStart: timespec) {
        self.stored = stored
        self.runStart = runStart
    }

    /// The names in a directory with their `d_type` (only those the search needs), sorted by name; nil (errno
    /// set) when it cannot be read.
    func entries(of directory: String) -> [(name: String, type: UInt8)]? {
        var info = stat()
        guard stat(directory, &info) == 0 else { return Self.read(directory) }
        let stamp = FileStamp(info)
        let trusted = stamp.isSettled(before: runStart)
        if trusted, let listing = stored[directory], listing.stamp == stamp {
            hitDirectories.append(directory)
            return listing.entries.map { ($0.name, $0.type) }
        }
        misses += 1
        guard let entries = Self.read(directory) else { return nil }
        if trusted { added[directory] = Listing(stamp: stamp, entries: entries.map { Entry(name: $0.name, type: $0.type) }) }
        return entries
    }

    /// Whether this run's listings differ from the stored ones (then the pack is written again): some were
    /// read, or some stored directory was not met.
    var changed: Bool { !added.isEmpty || hitDirectories.count != stored.count }

    /// What this run saw and may be remembered, for `FactsCache.save`.
    var seen: [String: Listing] {
        var out = added
        for directory in hitDirectories { out[directory] = stored[directory] }
        return out
    }

    /// Set in an entry's type when its name is not valid UTF-8. A Swift `String` (every path FlowLint handles,
    /// every report) cannot hold such a name, so the entry's name is then a spelling for people, with each
    /// invalid byte as `\xFF`, that names no file; the search reports the entry instead of opening it.
    static let nameNotUTF8: UInt8 = 0x80

    /// `readdir`, keeping what the search needs, sorted by name.
    static func read(_ directory: String) -> [(name: String, type: UInt8)]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var out: [(name: String, type: UInt8)] = []
        while let entry = readdir(handle) {
            var type = entry.pointee.d_type
            let (name, isUTF8) = withUnsafePointer(to: &entry.pointee.d_name) { pointer -> (String, Bool) in
                let start = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
                let bytes = UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)))
                let decoded = String(decoding: bytes, as: UTF8.self)
                // Decoding replaces each invalid sequence: the same bytes back mean there was none.
                return decoded.utf8.elementsEqual(bytes) ? (decoded, true) : (escapedName(bytes), false)
            }
            if name == "." || name == ".." { continue }
            // Other files are never linted (a FIFO or device named `.swift` is kept: it is reported).
            guard type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) || name.hasSuffix(".swift")
                    || name == ".git" || name == ".gitignore" else { continue }
            if !isUTF8 { type |= nameNotUTF8 }
            out.append((name, type))
        }
        return out.sorted { $0.name < $1.name }
    }

    /// A name that is not valid UTF-8, its valid characters as they are and each invalid byte as `\xFF`.
    static func escapedName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                out.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] {
                    out += "\\x" + String(byte, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                return out
            }
        }
    }
}

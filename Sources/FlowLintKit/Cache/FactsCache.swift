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

/// Per-file facts kept on disk between runs, so a partial run (pre-commit, an editor's buffer) re-parses only
/// what changed while still seeing the whole project.
///
/// One pack file per project root, FlowLint build and enabled rules (`facts-<root hash>-<key hash>.bin`). Entries are keyed by the hash of a file's bytes: an entry holds the
/// facts with the file's own path left out, so it is read back under the file's current display path. A stat
/// table (absolute path → size, modification and change times, inode, content hash) lets unchanged files be
/// answered without reading them; files modified within two seconds of a run are not put in it (their stat
/// could still change without the times moving), so they are always read and hashed. The project's directory
/// listings (`DirectoryListings`) are kept too, so the search for the project's files reads only directories
/// that changed.
///
/// The key names the running build (`BuildIdentity`): any rebuild of FlowLint starts from an empty cache, since
/// the facts and the rules' per-file findings stored here come from the code that wrote them. Severities are not
/// part of it: the engine applies them after the cache.
///
/// The pack is authenticated as a whole before use: its last 8 bytes are a SipHash-2-4 tag under the user's
/// `CacheKey`, which no one else can compute, so a pack written by anyone or anything else (a restored CI cache,
/// a committed `.build/`, a damaged disk) is ignored and rebuilt. It is opened only if it is a regular file (a
/// FIFO in its place would block every run) no larger than `maximumPackSize`. Inside the project, the path to it
/// is opened one directory at a time without following a symbolic link (`openDirectory`): a `.build` link
/// committed in a repository cannot lead the cache's writes out of the tree. Directories it makes are private
/// (0700) and packs are 0600: a pack holds what the project's files declare. Then it is validated (magic,
/// build, settings hash, lengths) and each entry again when it is decoded: anything wrong and the cache is ignored and rebuilt.
/// Writes go to a temporary file in the same directory, renamed over the pack, so concurrent runs never see
/// a half-written file (the last writer wins).
final class FactsCache: @unchecked Sendable {
    static let magic: [UInt8] = Array("FLFACTS6".utf8)

    /// Where the pack is looked for and written, in order (the project's `.build/flowlint`, then the user
    /// cache directory).
    let directories: [String]
    let projectRoot: String
    let fileName: String
    let build: String
    let settingsHash: UInt64
    let rootHash: UInt64
    let runStart: timespec
    /// Nil when no key can be had: nothing is then read or written.
    let key: CacheKey?
    /// Larger packs are ignored (and rebuilt): the pack is read whole into memory. The benchmark corpus of 3.1
    /// million lines makes an 8 MB pack.
    static let maximumPackSize = 512 << 20

    /// The pack as read (empty when there was none or it was rejected).
    private var data: [UInt8] = []
    private var entries: [UInt64: Range<Int>] = [:]
    /// By the hash of the file's absolute path (`pathKey`): no string per file to build or keep.
    private var stats: [UInt64: StatRecord] = [:]
    /// Directory contents for the project's file search, checked against each directory's times.
    private(set) var listings: DirectoryListings
    /// The project model of the last run (`ProjectModel.cached`), by the key it was found under, as stored.
    private(set) var storedModel: (key: UInt64, bytes: [UInt8])?
    /// The model to store when this run's pack is written (set once the model is known, before the per-file
    /// phase saves the pack).
    var modelToSave: (key: UInt64, bytes: [UInt8])? {
        get { lock.withLock { newModel } }
        set { lock.withLock { newModel = newValue } }
    }
    private var newModel: (key: UInt64, bytes: [UInt8])?
    /// Why the stored pack was not used, when it existed but was damaged or foreign (for tests and --verbose).
    private(set) var rejection: String?
    /// Where the pack was written last, or the error that stopped it.
    private(set) var savedPath: String?
    private(set) var saveError: String?
    /// Cache directories passed over because the path to them inside the project is a symbolic link or not a
    /// directory: lines for standard error, each once. (A save runs beside the project pass: locked.)
    var notes: [String] { lock.withLock { passedOver } }
    private var passedOver: [String] = []
    private let lock = Lock()
    /// Files answered from the cache in the last run, and files parsed.
    private(set) var hits = 0
    private(set) var misses = 0

    struct StatRecord: Equatable {
        var size: UInt64
        var stamp: FileStamp
        var hash: UInt64
    }

    /// What the per-file phase learned about one file, handed back by `LintEngine` for `save`.
    struct Record {
        var hash: UInt64
        /// The encoded facts when they were just computed; nil when they came from the pack.
        var fresh: [UInt8]?
        /// `pathKey` of the file's absolute path, when it was read from disk.
        var pathKey: UInt64?
        var stat: StatRecord?
        /// The facts were found through the stat table: the file's entry there is already what it would be.
        var statKnown = false
    }

    /// `runStart`: the time files and directories are judged against (changed within two seconds of it: not
    /// remembered); the current time unless a test sets it.
    /// `build` stands for the running FlowLint (tests pass another to simulate a rebuild).
    convenience init(directories: [String], projectRoot: String, settings: RuleSettings, skipsInertBodies: Bool = true,
                build: String = BuildIdentity.current, runStart: timespec? = nil) {
        self.init(directories: directories, projectRoot: projectRoot, settings: settings, skipsInertBodies: skipsInertBodies,
                  build: build, runStart: runStart, key: CacheKey.current)
    }

    init(directories: [String], projectRoot: String, settings: RuleSettings, skipsInertBodies: Bool = true,
         build: String = BuildIdentity.current, runStart: timespec? = nil, key: CacheKey?) {
        self.key = key
        self.directories = key == nil ? [] : directories
        self.projectRoot = Paths.standardize(projectRoot)
        self.build = build
        var key = "build=\(build)\ninert=\(skipsInertBodies)\n"
        for rule in settings.enabled.sorted() { key += "rule=\(rule)\n" }
        settingsHash = FastHash.hash(key)
        rootHash = FastHash.hash(projectRoot)
        fileName = "facts-\(Self.hex(rootHash))-\(Self.hex(settingsHash)).bin"
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        if let runStart { now = runStart }
        self.runStart = now
        listings = DirectoryListings(stored: [:], runStart: now)
        load()
    }

    static func hex(_ value: UInt64) -> String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// The user cache directory: `$XDG_CACHE_HOME/flowlint`, else `~/Library/Caches/flowlint` (macOS) or
    /// `~/.cache/flowlint`.
    static var userCacheDirectory: String? {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return Paths.join(xdg, "flowlint") }
        guard let home = env["HOME"], home.hasPrefix("/") else { return nil }
        #if os(macOS)
        return Paths.join(home, "Library/Caches/flowlint")
        #else
        return Paths.join(home, ".cache/flowlint")
        #endif
    }

    // MARK: Reading

    private func load() {
        for directory in directories {
            let path = Paths.join(directory, fileName)
            guard let descriptor = openDirectory(directory, creating: false) else { continue }
            defer { close(descriptor) }
            guard let bytes = Self.readFile(fileName, in: descriptor) else { continue }
            do {
                try parse(bytes)
                data = bytes
                return
            } catch let error as Rejection {
                rejection = "\(path): \(error.reason)"
            } catch {
                rejection = "\(path): malformed"
            }
            entries = [:]
            stats = [:]
            listings = DirectoryListings(stored: [:], runStart: runStart)
            return
        }
    }

    private struct Rejection: Error { var reason: String }

    private func parse(_ bytes: [UInt8]) throws {
        guard bytes.count >= Self.magic.count + 8, Array(bytes[0..<Self.magic.count]) == Self.magic else {
            throw Rejection(reason: "not a FlowLint facts cache of this format")
        }
        try bytes.withUnsafeBytes { buffer in
            let body = UnsafeRawBufferPointer(rebasing: buffer[0..<(buffer.count - 8)])
            let stored = buffer.loadUnaligned(fromByteOffset: buffer.count - 8, as: UInt64.self).littleEndian
            guard let key, key.tag(body) == stored else {
                throw Rejection(reason: "not authenticated (written by another user or program, truncated or damaged)")
            }
            var r = BinaryReader(body, from: Self.magic.count)
            guard try r.string() == build else { throw Rejection(reason: "written by another FlowLint build") }
            guard try r.fixed64() == settingsHash, try r.fixed64() == rootHash else { throw Rejection(reason: "other settings") }
            let entryCount = try r.count()
            entries.reserveCapacity(entryCount)
            for _ in 0..<entryCount {
                let hash = try r.fixed64()
                let length = try r.count()
                let start = r.position
                try r.skip(length)
                entries[hash] = start..<r.position
            }
            let statCount = try r.count()
            stats.reserveCapacity(statCount)
            for _ in 0..<statCount {
                let path = try r.fixed64()
                stats[path] = StatRecord(size: try r.uint(), stamp: try FileStamp.read(from: &r), hash: try r.fixed64())
            }
            let listingCount = try r.count()
            var storedListings: [String: DirectoryListings.Listing] = [:]
            storedListings.reserveCapacity(listingCount)
            for _ in 0..<listingCount {
                let path = try r.string()
                let stamp = try FileStamp.read(from: &r)
                var entries: [DirectoryListings.Entry] = []
                let entryCount = try r.count()
                entries.reserveCapacity(entryCount)
                for _ in 0..<entryCount { entries.append(DirectoryListings.Entry(name: try r.string(), type: try r.byte())) }
                storedListings[path] = DirectoryListings.Listing(stamp: stamp, entries: entries)
            }
            listings = DirectoryListings(stored: storedListings, runStart: runStart)
            if try r.bool() {
                let modelKey = try r.fixed64()
                let length = try r.count()
                let start = r.position
                try r.skip(length)
                storedModel = (modelKey, Array(buffer[start..<r.position]))
            }
            guard r.position == r.end else { throw Rejection(reason: "trailing bytes") }
        }
    }

    /// The pack's bytes, if it is a regular file no larger than `maximumPackSize`. Opened without blocking and
    /// without following a symbolic link, and judged by `fstat` on the open descriptor.
    static func readFile(_ name: String, in directory: Int32) -> [UInt8]? {
        let fd = openat(directory, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= maximumPackSize else { return nil }
        let size = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
            while done < size {
                let n = read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        return ok ? bytes : nil
    }

    /// What the stat table is keyed by: a 64-bit hash of the absolute path. Two paths of one project sharing
    /// it would also need the same size, times and inode to be confused.
    static func pathKey(_ absolutePath: String) -> UInt64 {
        var path = absolutePath
        return path.withUTF8 { FastHash.hash(UnsafeRawBufferPointer($0)) }
    }

    /// The content hash recorded for the file whose absolute path has `pathKey`, if its stat is unchanged.
    func knownHash(pathKey: UInt64, stat: StatRecord) -> UInt64? {
        guard let record = stats[pathKey] else { return nil }
        var expected = stat
        expected.hash = record.hash
        return record == expected ? record.hash : nil
    }

    /// The stored facts for content `hash`, under `path`; nil when absent or when the entry does not decode.
    func facts(hash: UInt64, path: String) -> FileFacts? {
        guard let range = entries[hash] else { return nil }
        return data.withUnsafeBytes { buffer in
            try? FactsCodec.decode(UnsafeRawBufferPointer(rebasing: buffer[range]), path: path)
        }
    }

    /// The record for what `stat` or `fstat` said of a regular file (nil for anything else), and whether its
    /// times can be trusted.
    static func status(_ info: stat, runStart: timespec) -> (StatRecord, trusted: Bool)? {
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let record = StatRecord(size: UInt64(info.st_size), stamp: FileStamp(info), hash: 0)
        return (record, record.stamp.isSettled(before: runStart))
    }

    func status(_ info: stat) -> (StatRecord, trusted: Bool)? { Self.status(info, runStart: runStart) }

    /// Whether the stat table has an entry for this file: if not, its stat cannot save reading it.
    func remembers(pathKey: UInt64) -> Bool { stats[pathKey] != nil }

    // MARK: Writing

    /// Writes the pack for this run's files (entries no file uses any more are dropped), unless nothing changed.
    func save(_ records: [Record]) {
        hits = records.filter { $0.fresh == nil }.count
        misses = records.count - hits
        let hashes = Set(records.map(\.hash))
        // The usual warm run: every file answered by its unchanged stat, no file gone, the same model. Nothing to write.
        let model = modelToSave
        let modelChanged = model.map { new in storedModel.map { $0.key != new.key || $0.bytes != new.bytes } ?? true } ?? false
        if rejection == nil && !data.isEmpty && records.count == stats.count && records.allSatisfy(\.statKnown)
            && hashes.count == entries.count && !listings.changed && !modelChanged {
            return
        }
        var newStats: [UInt64: StatRecord] = [:]
        for record in records {
            if let path = record.pathKey, var stat = record.stat {
                stat.hash = record.hash
                newStats[path] = stat
            }
        }
        if misses == 0 && newStats == stats && hashes == Set(entries.keys) && rejection == nil && !data.isEmpty
            && !listings.changed && !modelChanged { return }

        var w = BinaryWriter()
        w.raw(Self.magic)
        w.string(build)
        w.fixed64(settingsHash)
        w.fixed64(rootHash)
        var written: Set<UInt64> = []
        var blobs: [(UInt64, [UInt8]?, Range<Int>?)] = []
        for record in records where written.insert(record.hash).inserted {
            if let fresh = record.fresh { blobs.append((record.hash, fresh, nil)) }
            else if let range = entries[record.hash] { blobs.append((record.hash, nil, range)) }
        }
        w.uint(UInt64(blobs.count))
        for (hash, fresh, range) in blobs {
            w.fixed64(hash)
            if let fresh {
                w.uint(UInt64(fresh.count))
                w.raw(fresh)
            } else if let range {
                w.uint(UInt64(range.count))
                w.bytes.append(contentsOf: data[range])
            }
        }
        w.uint(UInt64(newStats.count))
        for (path, s) in newStats.sorted(by: { $0.key < $1.key }) {
            w.fixed64(path)
            w.uint(s.size)
            s.stamp.write(to: &w)
            w.fixed64(s.hash)
        }
        let seen = listings.seen
        w.uint(UInt64(seen.count))
        for (path, listing) in seen.sorted(by: { $0.key < $1.key }) {
            w.string(path)
            listing.stamp.write(to: &w)
            w.uint(UInt64(listing.entries.count))
            for entry in listing.entries { w.string(entry.name); w.bytes.append(entry.type) }
        }
        // This run's model, else the one stored (a run that read no model keeps it for the next).
        if let kept = model ?? storedModel {
            w.bool(true)
            w.fixed64(kept.key)
            w.uint(UInt64(kept.bytes.count))
            w.raw(kept.bytes)
        } else {
            w.bool(false)
        }
        guard let key else { return }
        w.fixed64(key.tag(w.bytes))
        for directory in directories {
            guard let descriptor = openDirectory(directory, creating: true) else {
                saveError = "\(directory): \(String(cString: strerror(errno)))"
                continue
            }
            defer { close(descriptor) }
            do {
                try Self.writeAtomically(w.bytes, in: descriptor, name: fileName)
                savedPath = Paths.join(directory, fileName)
                saveError = nil
                removeStalePacks(in: descriptor)
                return
            } catch {
                saveError = "\(directory): \(error)"
            }
        }
    }

    /// The project's packs written by other builds or under other settings: none will be read again (a build's
    /// packs are unusable to any other), so they are removed when this one is written.
    func removeStalePacks(in directory: Int32) {
        let prefix = "facts-\(Self.hex(rootHash))-"
        let listing = dup(directory)
        guard listing >= 0, let handle = fdopendir(listing) else { return }
        defer { closedir(handle) }
        var stale: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name.hasPrefix(prefix) && name.hasSuffix(".bin") && name != fileName { stale.append(name) }
        }
        for name in stale { unlinkat(directory, name, 0) }
    }

    // MARK: The cache directory

    /// A descriptor of `directory` (to close), or nil (errno set) when it cannot be opened or, with `creating`,
    /// made. Below the project root it is opened one component at a time without following a symbolic link,
    /// and made with mode 0700 where missing; a link or a non-directory there is noted and passed over (the
    /// next directory, the user cache, is used). Elsewhere it is the user's own choice or cache directory:
    /// opened as named, made (0700) when missing.
    private func openDirectory(_ directory: String, creating: Bool) -> Int32? {
        guard let inside = Paths.relative(directory, to: projectRoot), !inside.isEmpty else {
            if creating {
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                         attributes: [.posixPermissions: 0o700])
            }
            let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            return descriptor >= 0 ? descriptor : nil
        }
        var descriptor = open(projectRoot, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var reached = projectRoot
        for component in inside.split(separator: "/").map(String.init) {
            reached = Paths.join(reached, component)
            var next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && creating && mkdirat(descriptor, component, 0o700) == 0 {
                next = openat(descriptor, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            let failure = errno
            close(descriptor)
            guard next >= 0 else {
                if failure == ELOOP || failure == ENOTDIR {
                    let note = "\(Escaping.text(Paths.display(reached))): warning: not a directory but a symbolic link or a file: the facts cache is kept in the user cache directory instead (--cache-path chooses another)"
                    lock.withLock { if !passedOver.contains(note) { passedOver.append(note) } }
                }
                errno = failure
                return nil
            }
            descriptor = next
        }
        return descriptor
    }

    struct WriteError: Error, CustomStringConvertible { var description: String }

    /// Writes `bytes` as `name` in `directory` (a descriptor) through a temporary file (mode 0600, made
    /// exclusively, never through a link) renamed over it.
    static func writeAtomically(_ bytes: [UInt8], in directory: Int32, name: String) throws {
        let temporary = ".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let fd = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(description: String(cString: strerror(errno))) }
        var ok = true
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { ok = false; return }
                done += n
            }
        }
        close(fd)
        guard ok, renameat(directory, temporary, directory, name) == 0 else {
            let reason = String(cString: strerror(errno))
            unlinkat(directory, temporary, 0)
            throw WriteError(description: reason)
        }
    }
}

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

/// Applies fixes to file bytes, and writes files so that a crash or a full disk never leaves half a file.
public enum FixApplier {
    /// Applies every `.safe` fix of `diagnostics` that does not overlap a fix already taken (fixes are
    /// taken in output order; all edits of one fix or none). Edits are against `bytes`, the original file.
    /// Returns the new bytes and how many fixes were applied.
    static func applySafeFixes(of diagnostics: [Diagnostic], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        applyFixes(of: diagnostics, to: bytes) { $0.applicability == .safe }
    }

    /// Applies, for each finding, its first fix that `accepts` (safe or not: what an editor's quick fix does),
    /// under the same rules as `applySafeFixes`.
    static func applyFixes(of diagnostics: [Diagnostic], to bytes: [UInt8], accepting accepts: (Fix) -> Bool)
        -> (bytes: [UInt8], applied: Int) {
        let (edits, applied) = chooseFixes(of: diagnostics, in: bytes.count, accepting: accepts)
        return applied > 0 ? (apply(edits, to: bytes), applied) : (bytes, 0)
    }

    /// The edits `applyFixes` makes, sorted and not overlapping, for a file of `count` bytes; and how many
    /// fixes they come from.
    static func chooseFixes(of diagnostics: [Diagnostic], in count: Int, accepting accepts: (Fix) -> Bool)
        -> (edits: [TextEdit], applied: Int) {
        // Sorted and pairwise apart, so an edit can only overlap the chosen ones next to where it would go; fixes
        // come in output order, so that is nearly always the end (a file of 100,000 fixes took 4 s when every
        // edit was compared with every chosen one).
        var chosen: [TextEdit] = []
        func position(of edit: TextEdit) -> Int {
            var low = 0, high = chosen.count
            while low < high {
                let middle = (low + high) / 2
                if (chosen[middle].startOffset, chosen[middle].endOffset) < (edit.startOffset, edit.endOffset) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        func overlapsChosen(_ edit: TextEdit) -> Bool {
            let index = position(of: edit)
            return (index < chosen.count && overlaps(chosen[index], edit)) || (index > 0 && overlaps(chosen[index - 1], edit))
        }
        var applied = 0
        for diagnostic in diagnostics.sorted(by: Diagnostic.outputOrder) {
            for fix in diagnostic.fixes where accepts(fix) {
                let edits = fix.edits.sorted { ($0.startOffset, $0.endOffset) < ($1.startOffset, $1.endOffset) }
                guard !edits.isEmpty,
                      edits.allSatisfy({ $0.startOffset >= 0 && $0.startOffset <= $0.endOffset && $0.endOffset <= count }),
                      !zip(edits, edits.dropFirst()).contains(where: { overlaps($0, $1) }),
                      !edits.contains(where: overlapsChosen)
                else { continue }
                for edit in edits { chosen.insert(edit, at: position(of: edit)) }
                applied += 1
                break  // one fix per finding
            }
        }
        return (chosen, applied)
    }

    /// `bytes` with `edits` (sorted, not overlapping, as `chooseFixes` returns them) made.
    static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for edit in edits {
            result += bytes[cursor..<edit.startOffset]
            result += Array(edit.replacement.utf8)
            cursor = edit.endOffset
        }
        result += bytes[cursor...]
        return result
    }

    /// Two edits conflict when their ranges share a byte, or when both insert at the same offset (the
    /// order of the two insertions would be arbitrary).
    static func overlaps(_ a: TextEdit, _ b: TextEdit) -> Bool {
        if a.startOffset == b.startOffset { return true }
        return a.startOffset < b.endOffset && b.startOffset < a.endOffset
    }

    // MARK: Writing a fixed file

    /// Replaces the file at `path` (a symlink's target, the link is kept) with `bytes`, the fixed version of
    /// what was read as `snapshot`, so that nothing can be lost:
    ///
    /// - A file that now holds anything but the bytes that were read (another size, modification time,
    ///   inode or content hash) is left alone: an edit saved while FlowLint ran is never overwritten.
    /// - A read-only file is left alone (no write permission for this user; for root, no write bit at all):
    ///   FlowLint never changes permissions to get in.
    /// - A file with more than one hard link is left alone. Replacing it would silently split the links (the
    ///   other names keep the old text); writing through the inode would change every linked copy (often a
    ///   deliberate snapshot, `cp -al`) and could leave half a file if the write fails. Either way is a
    ///   surprise; leaving it, and saying so, is not.
    /// - The new file gets the old one's permissions and owner and group (set on the temporary file before
    ///   it is renamed into place); when they cannot be kept, the file is left alone.
    ///
    /// The new text goes to a temporary file beside the target, is synced, and is renamed over it after a
    /// last check that the target is unchanged; a crash or a full disk never leaves half a file. Throws a
    /// `FixWriteError` naming what went wrong; the file is then exactly as it was.
    static func replace(_ path: String, with bytes: [UInt8], readAs snapshot: FileSnapshot) throws {
        let target = Paths.resolved(path) ?? Paths.absolute(path)
        func failure(_ kind: FixWriteError.Kind) -> FixWriteError { FixWriteError(path: path, kind: kind) }
        var info = stat()
        guard stat(target, &info) == 0 else { throw failure(.system(reason: String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw failure(.notRegularFile) }
        guard userMayWrite(target, info) else { throw failure(.readOnly) }
        guard info.st_nlink <= 1 else { throw failure(.hardLinked(links: Int(info.st_nlink))) }
        guard FileSnapshot.status(info, matches: snapshot) else { throw failure(.changedSinceRead) }

        let temporary = try TemporaryFile(beside: target, path: path)
        defer { temporary.discard() }
        try temporary.write(bytes)
        var written = stat()
        fstat(temporary.descriptor, &written)
        if written.st_uid != info.st_uid || written.st_gid != info.st_gid {
            guard fchown(temporary.descriptor, info.st_uid, info.st_gid) == 0 else {
                throw failure(.ownershipNotKept(reason: String(cString: strerror(errno))))
            }
        }
        // After fchown, which clears set-user-ID and set-group-ID bits.
        guard fchmod(temporary.descriptor, info.st_mode & 0o7777) == 0 else {
            throw failure(.system(reason: String(cString: strerror(errno))))
        }
        try temporary.sync()
        // The last look, as close to the rename as it can be: same file, same bytes.
        guard FileSnapshot.current(target).map({ $0 == snapshot }) == true else { throw failure(.changedSinceRead) }
        try temporary.rename(to: target)
    }

    /// Whether this user may write the file, by its permissions: for root, whether any write bit is set
    /// (root may write anything, but a file made read-only for everyone is meant to stay as it is).
    static func userMayWrite(_ path: String, _ info: stat) -> Bool {
        if geteuid() == 0 { return info.st_mode & 0o222 != 0 }
        return faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0
    }

    // MARK: Writing an output file

    /// Writes an output file (`--write-baseline PATH`, `--output PATH`). A regular file or a path that does
    /// not exist yet is written through a temporary file beside it, renamed into place (a reader never sees
    /// half a file; an existing file keeps its permissions and, when possible, owner and group; a symlink
    /// keeps pointing at its target). Anything else, and every path under `/dev` or `/proc` (`/dev/stdout`,
    /// `/proc/self/fd/3`, a FIFO, `/dev/null`), is opened and written as it is: renaming a file over a device
    /// node or a pipe would replace it (as root, `/dev/null` itself), not write to it. A read-only file or a
    /// directory is an error.
    public static func writeOutput(_ bytes: [UInt8], to path: String) throws {
        try writeOutput(to: path) { write in _ = write(bytes) }
    }

    /// `writeOutput(_:to:)` with the bytes handed over in pieces (a report, rendered as it is written):
    /// `produce` gets a function that writes one piece and returns false once a write has failed.
    public static func writeOutput(to path: String, _ produce: (_ write: @escaping ([UInt8]) -> Bool) -> Void) throws {
        let absolute = Paths.absolute(path)
        func failure(_ kind: FixWriteError.Kind) -> FixWriteError { FixWriteError(path: path, kind: kind, writing: .output) }
        var info = stat()
        let exists = stat(absolute, &info) == 0
        if !exists && errno != ENOENT { throw failure(.system(reason: String(cString: strerror(errno)))) }
        let type = info.st_mode & S_IFMT
        if exists && type == S_IFDIR { throw failure(.system(reason: "is a directory")) }
        if exists && type == S_IFREG && !userMayWrite(absolute, info) { throw failure(.readOnly) }
        let special = absolute.hasPrefix("/dev/") || absolute.hasPrefix("/proc/")
        if exists && (type != S_IFREG || special) {
            // O_NOCTTY: a terminal named here must not become the controlling terminal.
            let descriptor = open(absolute, O_WRONLY | O_CLOEXEC | O_NOCTTY | (type == S_IFREG ? O_TRUNC : 0))
            guard descriptor >= 0 else { throw failure(.system(reason: String(cString: strerror(errno)))) }
            defer { close(descriptor) }
            var error: Int32?
            produce { bytes in
                error = error ?? writeAll(bytes, to: descriptor)
                return error == nil
            }
            if let error { throw failure(.system(reason: String(cString: strerror(error)))) }
            return
        }
        let target = exists ? (Paths.resolved(absolute) ?? absolute) : absolute
        let temporary = try TemporaryFile(beside: target, path: path, writing: .output)
        defer { temporary.discard() }
        var writeError: Error?
        produce { bytes in
            guard writeError == nil else { return false }
            do { try temporary.write(bytes) } catch { writeError = error }
            return writeError == nil
        }
        if let writeError { throw writeError }
        if exists {
            // Best effort for an output file: its content is what matters.
            _ = fchown(temporary.descriptor, info.st_uid, info.st_gid)
            fchmod(temporary.descriptor, info.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(temporary.descriptor, 0o666 & ~mask)
        }
        try temporary.sync()
        try temporary.rename(to: target)
    }

    /// Writes all of `bytes`, retrying after signals and partial writes; the errno of a failure.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if count == 0 { return EIO }
            written += count
        }
        return nil
    }

    /// A temporary file beside its target (same directory, so the rename stays on one file system),
    /// removed unless it was renamed into place.
    private final class TemporaryFile {
        let descriptor: Int32
        let path: String
        private let shownPath: String
        private let writing: FixWriteError.Writing
        private var renamed = false

        init(beside target: String, path shownPath: String, writing: FixWriteError.Writing = .fix) throws {
            var template = Array(Paths.join(Paths.parent(target), ".\(Paths.lastComponent(target)).flowlint-XXXXXX").utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else {
                throw FixWriteError(path: shownPath, kind: .system(reason: String(cString: strerror(errno))), writing: writing)
            }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            self.descriptor = descriptor
            self.path = String(cString: template)
            self.shownPath = shownPath
            self.writing = writing
        }

        private func fail(_ error: Int32) -> FixWriteError {
            FixWriteError(path: shownPath, kind: .system(reason: String(cString: strerror(error))), writing: writing)
        }

        func write(_ bytes: [UInt8]) throws {
            if let error = FixApplier.writeAll(bytes, to: descriptor) { throw fail(error) }
        }

        func sync() throws {
            guard fsync(descriptor) == 0 else { throw fail(errno) }
        }

        func rename(to target: String) throws {
            #if canImport(Glibc)
            let status = Glibc.rename(path, target)
            #else
            let status = Darwin.rename(path, target)
            #endif
            guard status == 0 else { throw fail(errno) }
            renamed = true
        }

        func discard() {
            close(descriptor)
            if !renamed { unlink(path) }
        }
    }
}

/// What `--fix` saw of a file when it read it: compared again just before the file is replaced
/// (`FixApplier.replace(_:with:readAs:)`), so that an edit saved in between is never overwritten.
struct FileSnapshot: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64
    /// `FastHash` of the bytes: the times can stay the same across a quick edit of the same size.
    var contentHash: UInt64

    /// `status` is what `fstat` said of the open file the bytes were read from.
    init(status: stat, bytes: [UInt8]) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        (modifiedSeconds, modifiedNanoseconds) = FileSnapshot.modificationTime(status)
        contentHash = FastHash.hash(bytes)
    }

    /// Reads a file for `--fix`: its contents, and, when it is text, its snapshot (taken from the descriptor
    /// the bytes were read from, so the two describe the same file).
    static func read(_ absolutePath: String) -> (contents: FileContents, snapshot: FileSnapshot?) {
        let (contents, status) = FileReader.readWithStatus(absolutePath)
        guard case .text(let bytes) = contents, let status else { return (contents, nil) }
        return (contents, FileSnapshot(status: status, bytes: bytes))
    }

    /// The snapshot of the file as it is now; nil when it cannot be read as text.
    static func current(_ absolutePath: String) -> FileSnapshot? {
        read(absolutePath).snapshot
    }

    /// Whether `status` describes the same file, unchanged by size and time, as `snapshot` (the content is
    /// compared by `current`).
    static func status(_ status: stat, matches snapshot: FileSnapshot) -> Bool {
        let (seconds, nanoseconds) = modificationTime(status)
        return UInt64(status.st_dev) == snapshot.device && UInt64(status.st_ino) == snapshot.inode
            && Int64(status.st_size) == snapshot.size
            && seconds == snapshot.modifiedSeconds && nanoseconds == snapshot.modifiedNanoseconds
    }

    private static func modificationTime(_ status: stat) -> (Int64, Int64) {
        #if canImport(Darwin)
        return (Int64(status.st_mtimespec.tv_sec), Int64(status.st_mtimespec.tv_nsec))
        #else
        return (Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec))
        #endif
    }
}

/// A file `--fix` did not write, or an output file that could not be written; the file is as it was.
public struct FixWriteError: Error, CustomStringConvertible, Equatable {
    enum Kind: Equatable, Sendable {
        /// Another size, time, inode or content than when it was read: someone saved it meanwhile.
        case changedSinceRead
        /// No write permission for this user.
        case readOnly
        /// More than one hard link (see `FixApplier.replace`).
        case hardLinked(links: Int)
        /// Its owner or group could not be given to the new file.
        case ownershipNotKept(reason: String)
        /// No longer a regular file.
        case notRegularFile
        case system(reason: String)
    }
    enum Writing: Equatable, Sendable {
        case fix, output
    }

    var path: String
    var kind: Kind
    var writing: Writing

    init(path: String, kind: Kind, writing: Writing = .fix) {
        self.path = path
        self.kind = kind
        self.writing = writing
    }

    public var reason: String {
        switch kind {
        case .changedSinceRead: return "changed since it was read"
        case .readOnly: return "read-only"
        case .hardLinked(let links): return "has \(links) hard links (fixing it would split them or change every linked copy)"
        case .ownershipNotKept(let reason): return "its owner and group cannot be kept (\(reason))"
        case .notRegularFile: return "not a regular file"
        case .system(let reason): return reason
        }
    }

    public var description: String {
        switch writing {
        case .fix: return "\(Escaping.text(path)): error: cannot write fixed file: \(reason)"
        case .output: return "\(Escaping.text(path)): error: cannot write: \(reason)"
        }
    }
}

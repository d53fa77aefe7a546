import Foundation

/// Applies fixes to file bytes, and writes files so that a crash or a full disk never leaves half a file.
public enum FixApplier {
    /// Applies every `.safe` fix of `diagnostics` that does not overlap a fix already taken (fixes are
    /// taken in output order; all edits of one fix or none). Edits are against `bytes`, the original file.
    /// Returns the new bytes and how many fixes were applied.
    public static func applySafeFixes(of diagnostics: [Diagnostic], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        applyFixes(of: diagnostics, to: bytes) { $0.applicability == .safe }
    }

    /// Applies, for each finding, its first fix that `accepts` (safe or not: what an editor's quick fix does),
    /// under the same rules as `applySafeFixes`.
    static func applyFixes(of diagnostics: [Diagnostic], to bytes: [UInt8], accepting accepts: (Fix) -> Bool)
        -> (bytes: [UInt8], applied: Int) {
        var chosen: [TextEdit] = []
        var applied = 0
        for diagnostic in diagnostics.sorted(by: Diagnostic.outputOrder) {
            for fix in diagnostic.fixes where accepts(fix) {
                let edits = fix.edits.sorted { ($0.startOffset, $0.endOffset) < ($1.startOffset, $1.endOffset) }
                guard !edits.isEmpty,
                      edits.allSatisfy({ $0.startOffset >= 0 && $0.startOffset <= $0.endOffset && $0.endOffset <= bytes.count }),
                      !zip(edits, edits.dropFirst()).contains(where: { overlaps($0, $1) }),
                      !edits.contains(where: { edit in chosen.contains { overlaps($0, edit) } })
                else { continue }
                chosen += edits
                applied += 1
                break  // one fix per finding
            }
        }
        guard applied > 0 else { return (bytes, 0) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for edit in chosen.sorted(by: { ($0.startOffset, $0.endOffset) < ($1.startOffset, $1.endOffset) }) {
            result += bytes[cursor..<edit.startOffset]
            result += Array(edit.replacement.utf8)
            cursor = edit.endOffset
        }
        result += bytes[cursor...]
        return (result, applied)
    }

    /// Two edits conflict when their ranges share a byte, or when both insert at the same offset (the
    /// order of the two insertions would be arbitrary).
    static func overlaps(_ a: TextEdit, _ b: TextEdit) -> Bool {
        if a.startOffset == b.startOffset { return true }
        return a.startOffset < b.endOffset && b.startOffset < a.endOffset
    }

    /// Writes `bytes` to a temporary file beside `path` (same file system), copies the permissions, syncs
    /// it and renames it over `path`. A symlink is kept: its target is replaced.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws {
        let target = Paths.resolved(path) ?? Paths.absolute(path)
        var info = stat()
        let mode: mode_t = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        var template = Array((Paths.join(Paths.parent(target), ".\(Paths.lastComponent(target)).flowlint-XXXXXX")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FixWriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(cString: template)
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw FixWriteError(path: path, reason: reason)
            }
            written += count
        }
        fchmod(descriptor, mode)
        fsync(descriptor)
        close(descriptor)
        guard rename(temporary, target) == 0 else { throw FixWriteError(path: path, reason: String(cString: strerror(errno))) }
        ok = true
    }
}

public struct FixWriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): error: cannot write fixed file: \(reason)" }
}

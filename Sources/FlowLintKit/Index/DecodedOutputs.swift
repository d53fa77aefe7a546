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

/// Rule outputs (`RuleOutput`) decoded by earlier project passes, for an editor's server, which runs every rule's
/// project check on each edit over a project whose files are nearly all unchanged: each file's findings and
/// records are decoded once, not once per keystroke. A command-line run decodes each output once anyway and does
/// not keep them (that would only hold memory).
///
/// An entry is recognized by the storage of the bytes it was decoded from, which it keeps alive: facts that
/// change get new bytes, so an entry can never answer for other facts, and nothing needs invalidating (an index
/// copied before an edit still finds what belongs to its own facts).
final class DecodedOutputs: @unchecked Sendable, CustomReflectable {
    private let lock = Lock()
    private var slots: [String: Slot] = [:]

    /// One rule's entries, used by that rule's project check alone (checks of different rules run side by side).
    final class Slot: @unchecked Sendable {
        private let lock = Lock()
        /// The decoded findings and records, by kind: one cast per pass, not one per file.
        private var entries: [Bool: AnyObject] = [:]

        /// The decoded values of one kind (findings or records) of this rule, by file.
        final class Entries<T>: @unchecked Sendable {
            private var byFile: [Int32: (bytes: [UInt8], value: T)] = [:]

            /// The value decoded from `bytes` for this file, decoding (and keeping) it when it is not known.
            func value(file: Int32, bytes: [UInt8], decode: () -> T?) -> T? {
                if let entry = byFile[file], Slot.sameStorage(entry.bytes, bytes) { return entry.value }
                guard let decoded = decode() else { return nil }
                byFile[file] = (bytes, decoded)
                return decoded
            }
        }

        /// The entries of records (`isRecords`) or findings, decoded as `T`.
        func entries<T>(isRecords: Bool, as type: T.Type) -> Entries<T> {
            lock.lock()
            defer { lock.unlock() }
            if let known = entries[isRecords] as? Entries<T> { return known }
            let made = Entries<T>()
            entries[isRecords] = made
            return made
        }

        /// The record bytes of the last pass, in file order, and what was derived from them (`derived`).
        private var lastRecords: [(file: Int32, bytes: [UInt8])] = []
        private var derivedValues: [String: Any] = [:]

        /// Called once per pass with every record of the rule: what was derived from the last pass's records is
        /// dropped when these differ.
        func noteRecords(_ current: [(file: Int32, bytes: [UInt8])]) {
            lock.lock()
            defer { lock.unlock() }
            let same = current.count == lastRecords.count && zip(current, lastRecords).allSatisfy { now, before in
                now.file == before.file && (Self.sameStorage(now.bytes, before.bytes) || now.bytes == before.bytes)
            }
            if !same { derivedValues = [:] }
            lastRecords = current
        }

        /// The value `build` derives from the records, built again only when they changed (see `noteRecords`).
        func derived<T>(_ key: String, _ build: () -> T) -> T {
            lock.lock()
            if let value = derivedValues[key] as? T {
                lock.unlock()
                return value
            }
            lock.unlock()
            let value = build()
            lock.lock()
            derivedValues[key] = value
            lock.unlock()
            return value
        }

        /// Values derived from the records that stay usable while a few files' records change (`derived(_:records:
        /// changedFilesAtMost:_:)`), each with the records it was built from.
        private var lasting: [String: (value: Any, builtFrom: [(file: Int32, bytes: [UInt8])])] = [:]

        /// The value `build` derives from `records` (this pass's, in file order), and the files whose records differ
        /// from those it was built from (records gained, lost or changed): the caller reads those files' records as
        /// they are now and ignores what the value says of them. Built again when more than `limit` files differ, so
        /// one edit after another costs the edited files, not the project.
        func derived<T>(_ key: String, records: [(file: Int32, bytes: [UInt8])], changedFilesAtMost limit: Int,
                        _ build: () -> T) -> (value: T, changedFiles: [Int32]) {
            lock.lock()
            if let entry = lasting[key], let value = entry.value as? T,
               let changed = Self.changedFiles(from: entry.builtFrom, to: records, limit: limit) {
                lock.unlock()
                return (value, changed)
            }
            lock.unlock()
            let value = build()
            lock.lock()
            lasting[key] = (value, records)
            lock.unlock()
            return (value, [])
        }

        /// The files whose records differ between two lists in file order; nil when more than `limit` do. A file
        /// found in one list only differs; so does every file of a pair out of step (lists not in file order then
        /// give more files, never fewer).
        static func changedFiles(from old: [(file: Int32, bytes: [UInt8])], to new: [(file: Int32, bytes: [UInt8])],
                                 limit: Int) -> [Int32]? {
            var changed: [Int32] = []
            var i = 0, j = 0
            while i < old.count || j < new.count {
                if i < old.count, j < new.count, old[i].file == new[j].file {
                    if !(sameStorage(old[i].bytes, new[j].bytes) || old[i].bytes == new[j].bytes) { changed.append(new[j].file) }
                    i += 1
                    j += 1
                } else if j == new.count || (i < old.count && old[i].file < new[j].file) {
                    changed.append(old[i].file)
                    i += 1
                } else {
                    changed.append(new[j].file)
                    j += 1
                }
                if changed.count > limit { return nil }
            }
            return changed
        }

        static func sameStorage(_ a: [UInt8], _ b: [UInt8]) -> Bool {
            a.count == b.count && a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
        }
    }

    func slot(_ rule: String) -> Slot {
        lock.lock()
        defer { lock.unlock() }
        if let slot = slots[rule] { return slot }
        let slot = Slot()
        slots[rule] = slot
        return slot
    }

    /// Not part of what an index is: two indexes of the same facts are equal whatever was decoded.
    var customMirror: Mirror { Mirror(self, children: [:]) }
}

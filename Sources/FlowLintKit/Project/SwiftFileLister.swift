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

/// Lists the Swift files a target's directories hold, as a build system sees them: every `*.swift` below, hidden
/// entries (`.build`, `.git`) left out. Within a lint, the files are those the run's discovery found (a
/// `SwiftFileSet`): a directory's files are then a range of that sorted list, and nothing is walked twice.
/// Otherwise the directories are walked: symbolic links to files are listed, links to directories are not followed
/// (a loop cannot trap the walk); the walk is a loop over a stack, and stops at `maximumFiles` (a target of a
/// million files is not a target a linter can help with).
enum SwiftFileLister {
    static let maximumFiles = 200_000

    /// Absolute paths of the Swift files under `roots` (directories, or files themselves), except those under an
    /// `excluded` path; sorted, each once. With `known`, only files of that set are listed, and nothing is read
    /// from the disk.
    static func swiftFiles(under roots: [String], excluding excluded: [String], in known: SwiftFileSet? = nil) -> [String] {
        let excludedSet = Set(excluded)
        if let known {
            var out: Set<String> = []
            for root in roots where !isExcluded(root, excludedSet) {
                for file in known.files(under: root) where !isExcluded(file, excludedSet) { out.insert(file) }
            }
            return out.sorted()
        }
        var out: Set<String> = []
        var stack: [String] = []
        for root in roots where !isExcluded(root, excludedSet) {
            if FileDiscovery.isDirectory(root, followingSymlinks: true) {
                stack.append(root)
            } else if root.hasSuffix(".swift"), FileDiscovery.exists(root) {
                out.insert(root)
            }
        }
        while let directory = stack.popLast(), out.count < maximumFiles {
            for entry in DirectoryListings.read(directory) ?? [] where !entry.name.hasPrefix(".") {
                let path = Paths.join(directory, entry.name)
                if excludedSet.contains(path) { continue }
                switch entry.type {
                case UInt8(DT_DIR):
                    stack.append(path)
                case UInt8(DT_UNKNOWN):
                    if FileDiscovery.isDirectory(path, followingSymlinks: false) { stack.append(path) }
                    else if entry.name.hasSuffix(".swift") { out.insert(path) }
                default:
                    if entry.name.hasSuffix(".swift") { out.insert(path) }
                }
            }
        }
        return out.sorted()
    }

    /// The names of the directories directly in `directory` (hidden ones left out), sorted.
    static func subdirectories(of directory: String) -> [String] {
        (DirectoryListings.read(directory) ?? []).compactMap { entry in
            guard !entry.name.hasPrefix(".") else { return nil }
            let isDirectory = entry.type == UInt8(DT_DIR)
                || (entry.type == UInt8(DT_UNKNOWN) && FileDiscovery.isDirectory(Paths.join(directory, entry.name), followingSymlinks: false))
            return isDirectory ? entry.name : nil
        }
    }

    private static func isExcluded(_ path: String, _ excluded: Set<String>) -> Bool {
        if excluded.isEmpty { return false }
        var current = path
        while true {
            if excluded.contains(current) { return true }
            let parent = Paths.parent(current)
            if parent == current { return false }
            current = parent
        }
    }
}

/// The Swift files a lint found (absolute, standardized paths), sorted, so that the files under a directory are
/// one range found by binary search.
struct SwiftFileSet: Sendable {
    let sorted: [String]

    init(_ files: [String]) { sorted = files.sorted() }

    /// The file itself, or the files below a directory: both are one range of the sorted list (the file sorts
    /// first; `path-x` or `path.swift` may sort between it and `path/...`, so each is searched for apart).
    func files(under path: String) -> [String] {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        var out: [String] = []
        let exact = lowerBound(path)
        if exact < sorted.count, sorted[exact] == path { out.append(path) }
        var i = lowerBound(prefix)
        while i < sorted.count, sorted[i].hasPrefix(prefix) {
            out.append(sorted[i])
            i += 1
        }
        return out
    }

    func contains(_ path: String) -> Bool {
        let i = lowerBound(path)
        return i < sorted.count && sorted[i] == path
    }

    private func lowerBound(_ key: String) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

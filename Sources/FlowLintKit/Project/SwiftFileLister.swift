import Foundation

/// Lists the Swift files a target's directories hold, as a build system sees them: every `*.swift` below, hidden
/// entries (`.build`, `.git`) left out. Symbolic links to files are listed; links to directories are not followed
/// (a loop cannot trap the walk). The walk is a loop over a stack, and stops at `maximumFiles` (a target of a
/// million files is not a target a linter can help with).
enum SwiftFileLister {
    static let maximumFiles = 200_000

    /// Absolute paths of the Swift files under `roots` (directories, or files themselves), except those under an
    /// `excluded` path; sorted, each once.
    static func swiftFiles(under roots: [String], excluding excluded: [String]) -> [String] {
        let excludedSet = Set(excluded)
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
        var current = path
        while true {
            if excluded.contains(current) { return true }
            let parent = Paths.parent(current)
            if parent == current { return false }
            current = parent
        }
    }
}

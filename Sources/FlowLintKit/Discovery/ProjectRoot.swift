import Foundation

/// The project a run belongs to: all of its Swift files give facts, whatever files were asked for. The project
/// is what a team means by "the app": its repository, not the nearest package inside it.
public enum ProjectRoot {
    /// The root for an input (absolute path of a file or directory), in this order:
    /// 1. the nearest directory at or above it holding `.flowlint.yml` (the configuration marks a project);
    /// 2. else the top of the enclosing git work tree (the nearest directory holding `.git`, a directory or,
    ///    for worktrees and submodules, a file);
    /// 3. else the outermost directory holding `Package.swift`, an `.xcodeproj` or an `.xcworkspace`;
    /// 4. else nil: the input is linted on its own.
    /// A `Package.swift` nested in an app (a local package) never shrinks the context to that package.
    public static func find(for path: String) -> String? {
        var outermostMarked: String?
        for directory in directories(from: path) {
            if isFile(Paths.join(directory, Configuration.fileName)) { return directory }
            if FileDiscovery.exists(Paths.join(directory, ".git")) {
                // Above the work tree's top, only a configuration could still mark the root: there is none below.
                return directory
            }
            if hasBuildMarker(directory) { outermostMarked = directory }
        }
        return outermostMarked
    }

    /// The `.flowlint.yml` that applies to an input: the nearest at or above it, not looking above the top of
    /// its git work tree. Nil when there is none (the defaults apply).
    public static func configurationFile(for path: String) -> String? {
        for directory in directories(from: path) {
            let candidate = Paths.join(directory, Configuration.fileName)
            if isFile(candidate) { return candidate }
            if FileDiscovery.exists(Paths.join(directory, ".git")) { return nil }
        }
        return nil
    }

    /// The top of the git work tree holding `path`, if any.
    public static func repositoryTop(for path: String) -> String? {
        directories(from: path).first { FileDiscovery.exists(Paths.join($0, ".git")) }
    }

    /// Where the facts cache of a project goes first: SwiftPM's `.build` when the root is a Swift package.
    static func isSwiftPackage(_ root: String) -> Bool { isFile(Paths.join(root, "Package.swift")) }

    /// The directory of `path` (itself when a directory), then each parent up to `/`.
    private static func directories(from path: String) -> [String] {
        var current = Paths.standardize(path)
        if !FileDiscovery.isDirectory(current, followingSymlinks: true) { current = Paths.parent(current) }
        var out = [current]
        while true {
            let parent = Paths.parent(current)
            if parent == current { return out }
            out.append(parent)
            current = parent
        }
    }

    private static func hasBuildMarker(_ directory: String) -> Bool {
        if isFile(Paths.join(directory, "Package.swift")) { return true }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return false }
        return names.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

import Foundation

/// The project a run belongs to: all of its Swift files give facts, whatever files were asked for.
public enum ProjectRoot {
    /// What marks a project root, checked in this order in each directory (the first directory, going up,
    /// holding any of them wins): `.flowlint.yml`, `Package.swift`, an `.xcodeproj` or `.xcworkspace`, `.git`.
    public static func marker(in directory: String) -> String? {
        if isFile(Paths.join(directory, Configuration.fileName)) { return Configuration.fileName }
        if isFile(Paths.join(directory, "Package.swift")) { return "Package.swift" }
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory),
           let project = names.sorted().first(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) {
            return project
        }
        if FileDiscovery.exists(Paths.join(directory, ".git")) { return ".git" }
        return nil
    }

    /// The nearest directory at or above `path` (a directory, or a file's directory) holding a marker; nil
    /// when there is none up to `/`. `path` must be absolute.
    public static func find(for path: String) -> String? {
        var current = Paths.standardize(path)
        if !FileDiscovery.isDirectory(current, followingSymlinks: true) { current = Paths.parent(current) }
        while true {
            if marker(in: current) != nil { return current }
            let parent = Paths.parent(current)
            if parent == current { return nil }
            current = parent
        }
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

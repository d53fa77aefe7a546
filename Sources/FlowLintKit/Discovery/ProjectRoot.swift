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

/// The project a run belongs to: all of its Swift files give facts, whatever files were asked for. The project
/// is what a team means by "the app": its repository, not the nearest package inside it.
///
/// Markers are taken only from directories and files that the people a run trusts control (`MarkerTrust`):
/// another user's `/tmp/Package.swift` or `/tmp/.flowlint.yml` must not become the root or the configuration of
/// every project below `/tmp`.
public enum ProjectRoot {
    /// The root for an input (absolute path of a file or directory), in this order:
    /// 1. the nearest directory at or above it holding `.flowlint.yml` (the configuration marks a project);
    /// 2. else the top of the enclosing git work tree (the nearest directory holding `.git`, a directory or,
    ///    for worktrees and submodules, a file);
    /// 3. else the outermost directory holding `Package.swift`, an `.xcodeproj` or an `.xcworkspace`;
    /// 4. else nil: the input is linted on its own.
    /// A `Package.swift` nested in an app (a local package) never shrinks the context to that package.
    public static func find(for path: String) -> String? { Walk(from: path).root }

    /// The `.flowlint.yml` that applies to an input: the nearest at or above it, not looking above the top of
    /// its git work tree. Nil when there is none (the defaults apply). Whatever its type: a dangling link, a
    /// directory or a FIFO there is a configuration that cannot be read, not a missing one.
    public static func configurationFile(for path: String) -> String? { Walk(from: path).configurationFile }

    /// The top of the git work tree holding `path`, if any.
    public static func repositoryTop(for path: String) -> String? { Walk(from: path).repositoryTop }

    /// Where the facts cache of a project goes first: SwiftPM's `.build` when the root is a Swift package.
    static func isSwiftPackage(_ root: String) -> Bool { isFile(Paths.join(root, "Package.swift")) }

    /// One walk from an input up to the top of its work tree (or `/`), with what each question above needs.
    struct Walk {
        var configurationFile: String?
        var repositoryTop: String?
        var outermostBuildMarker: String?
        /// Lines for standard error, one per directory whose markers were not taken (see `MarkerTrust`).
        var skipped: [String] = []

        var root: String? { configurationFile.map(Paths.parent) ?? repositoryTop ?? outermostBuildMarker }

        init(from path: String) {
            let directories = ProjectRoot.directories(from: path)
            let trust = MarkerTrust(inputDirectory: directories[0])
            for directory in directories {
                var untrusted: [(marker: String, reason: String)] = []
                var directoryDistrust: String??  // nil until looked at (once, when the directory has a marker)
                /// Whether the marker `name` (present in `directory`) may be taken; an untrusted one is noted.
                func take(_ name: String) -> Bool {
                    if directoryDistrust == nil { directoryDistrust = .some(trust.distrust(directory: directory)) }
                    let path = Paths.join(directory, name)
                    if let reason = directoryDistrust! ?? trust.distrust(entry: path) {
                        untrusted.append((name, reason))
                        return false
                    }
                    return true
                }
                // Past a configuration, only the repository's top is still sought.
                let settled = configurationFile != nil
                if !settled && FileDiscovery.exists(Paths.join(directory, Configuration.fileName)) && take(Configuration.fileName) {
                    configurationFile = Paths.join(directory, Configuration.fileName)
                }
                let isTop = FileDiscovery.exists(Paths.join(directory, ".git")) && take(".git")
                if !settled && !isTop && configurationFile == nil {
                    let buildMarkers = (isFile(Paths.join(directory, "Package.swift")) ? ["Package.swift"] : [])
                        + ProjectRoot.bundleMarkers(in: directory)
                    // Each is judged, so that every untrusted one is named.
                    if buildMarkers.filter(take).count > 0 { outermostBuildMarker = directory }
                }
                if !untrusted.isEmpty { skipped.append(MarkerTrust.note(directory: directory, untrusted)) }
                if isTop {
                    repositoryTop = directory
                    return
                }
            }
        }
    }

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

    /// The `.xcodeproj` and `.xcworkspace` entries of a directory.
    private static func bundleMarkers(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }.sorted()
    }

    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

/// Whom a run trusts to mark its project (README, "Only markers you control count"), after git's `safe.directory`: a
/// marker (`.flowlint.yml`, `.git`, `Package.swift`, an `.xcodeproj` or `.xcworkspace`) is taken from a
/// directory only when
/// - the directory is owned by a trusted user, and is not writable by every user unless its sticky bit is set
///   (as on `/tmp`: then no one can rename or delete another's entry);
/// - the marker itself is owned by a trusted user, and so is what it links to when it is a symbolic link (in a
///   sticky directory anyone may still create a name no one has taken yet).
/// Trusted users: the one running FlowLint, root (which owns `/` and every system directory), and the owner of
/// the input's directory, who already decides what the linted files say, suppression comments included, and so
/// gains nothing from choosing their configuration too (a container running as root on a checkout its runner
/// owns keeps the checkout's configuration). Group write permission is not judged: a group-writable directory
/// is its owner's choice (with user private groups, every directory made under umask 002 is one), and a
/// marker a group member put there is still owned by them.
struct MarkerTrust {
    let owners: Set<uid_t>

    init(inputDirectory: String) {
        var owners: Set<uid_t> = [geteuid(), 0]
        var info = stat()
        if stat(inputDirectory, &info) == 0 { owners.insert(info.st_uid) }
        self.owners = owners
    }

    /// Why no marker of `directory` may be taken; nil when they may.
    func distrust(directory: String) -> String? {
        var info = stat()
        guard stat(directory, &info) == 0 else { return nil }
        if !owners.contains(info.st_uid) { return "the directory is owned by uid \(info.st_uid), not by you, root or the input's owner" }
        if info.st_mode & S_IWOTH != 0 && info.st_mode & S_ISVTX == 0 {
            return "the directory is writable by every user and has no sticky bit"
        }
        return nil
    }

    /// Why the entry at `path` may not be taken as a marker; nil when it may (or when it cannot be looked at:
    /// reading it then says why).
    func distrust(entry path: String) -> String? {
        var link = stat()
        guard lstat(path, &link) == 0 else { return nil }
        if !owners.contains(link.st_uid) { return "owned by uid \(link.st_uid), not by you, root or the input's owner" }
        var target = stat()
        if (link.st_mode & S_IFMT) == S_IFLNK && stat(path, &target) == 0 && !owners.contains(target.st_uid) {
            return "a link to a file owned by uid \(target.st_uid), not by you, root or the input's owner"
        }
        return nil
    }

    /// `DIR: warning: skipped project markers A, B (reason); C (reason)`: one line per directory.
    static func note(directory: String, _ untrusted: [(marker: String, reason: String)]) -> String {
        var groups: [(reason: String, markers: [String])] = []
        for (marker, reason) in untrusted {
            if let index = groups.firstIndex(where: { $0.reason == reason }) { groups[index].markers.append(marker) }
            else { groups.append((reason, [marker])) }
        }
        let parts = groups.map { "\($0.markers.joined(separator: ", ")) (\($0.reason))" }
        return "\(Escaping.text(Paths.display(directory))): warning: skipped project markers \(Escaping.text(parts.joined(separator: "; ")))"
    }
}

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

/// A file to lint: how it is shown, where it is, and what it really is (symlinks resolved, for dedupe).
struct DiscoveredFile: Sendable, Hashable {
    /// Relative to the working directory when under it, else absolute.
    public var displayPath: String
    /// Absolute, standardized, symlinks not resolved (what globs are matched against).
    var absolutePath: String
    init(displayPath: String, absolutePath: String) {
        self.displayPath = displayPath
        self.absolutePath = absolutePath
    }
}

/// An input that cannot be linted: reported on standard error; exit code 3.
public struct InputProblem: Sendable, Hashable {
    public var displayPath: String
    public var reason: String
    public init(displayPath: String, reason: String) {
        self.displayPath = displayPath
        self.reason = reason
    }
    public var message: String { "\(Escaping.text(displayPath)): error: cannot read: \(Escaping.text(reason))" }
}

struct DiscoveryResult: Sendable {
    /// Deduplicated by resolved path, sorted by display path.
    var files: [DiscoveredFile] = []
    /// Inputs (as given) that are directories holding no Swift file that is linted.
    var directoriesWithoutSwiftFiles: [String] = []
    var problems: [InputProblem] = []
    /// The `*.xcodeproj` and `*.xcworkspace` directories met (absolute, sorted), with what was searched: the
    /// project files of `ProjectModel` come from the same walk as the Swift files, so `.gitignore` and the
    /// configuration's excludes apply to them too. (A `project.xcworkspace` inside an `.xcodeproj` is one too.)
    var projectBundles: [String] = []
}

/// A path given on the command line that does not exist: a usage error (exit code 2).
struct MissingInputError: Error, CustomStringConvertible {
    var paths: [String]
    var description: String {
        paths.map { "error: no such file or directory: \(Escaping.text($0))" }.joined(separator: "\n")
    }
}

/// Finds the Swift files to lint under the paths given on the command line.
public enum FileDiscovery {
    /// Directories that hold build products, dependencies or VCS data, never a project's own sources.
    static let skippedDirectoryNames: Set<String> = [
        ".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
    ]

    static func isSkippedDirectory(named name: String) -> Bool {
        skippedDirectoryNames.contains(name) || name.hasPrefix(".build-") || name.hasPrefix(".build_")
    }

    /// Explicit files are linted whatever their extension (unless excluded); directories are searched
    /// recursively for `*.swift`. Symlinks are followed only when they stay inside the directory given and
    /// lead somewhere not yet searched, so loops end and nothing outside the tree is linted.
    /// `skipping`: absolute directories not to search (already searched as inputs of the same run).
    /// `listings`: directory contents remembered from earlier runs (see `DirectoryListings`).
    /// `respectingGitIgnores`: inside a git work tree, what git ignores (`.gitignore` files at every level,
    /// `.git/info/exclude`) is not searched; directories and files named in `paths` are searched or linted
    /// all the same (see `GitIgnoreRules`).
    static func discover(paths: [String], configuration: Configuration,
                                workingDirectory: String = Paths.currentDirectory,
                                skipping: Set<String> = [], listings: DirectoryListings? = nil,
                                respectingGitIgnores: Bool = true) throws -> DiscoveryResult {
        var result = DiscoveryResult()
        let workingDirectory = Paths.standardize(workingDirectory)
        // Missing means missing: a path that exists but cannot be looked up (longer than the system's limit, a
        // parent without search permission) is an input that cannot be read, with the system's reason.
        var missing: [String] = []
        var unreachable: Set<String> = []
        for path in paths {
            let absolute = Paths.absolute(path, base: workingDirectory)
            var info = stat()
            guard lstat(absolute, &info) != 0 else { continue }
            let reason = String(cString: strerror(errno))
            if Paths.isMissing(absolute) { missing.append(path); continue }
            unreachable.insert(path)
            result.problems.append(InputProblem(displayPath: Paths.display(absolute, standardizedWorkingDirectory: workingDirectory),
                                                reason: reason))
        }
        if !missing.isEmpty { throw MissingInputError(paths: missing) }

        var seenResolved: Set<String> = []
        var found: [DiscoveredFile] = []
        func add(_ absolute: String, resolved: String? = nil, unique: Bool = false) {
            if !unique {
                let key = resolved ?? Paths.resolved(absolute) ?? absolute
                guard seenResolved.insert(key).inserted else { return }
            }
            found.append(DiscoveredFile(displayPath: Paths.display(absolute, standardizedWorkingDirectory: workingDirectory),
                                        absolutePath: absolute))
        }

        for path in paths where !unreachable.contains(path) {
            let absolute = Paths.absolute(path, base: workingDirectory)
            if isDirectory(absolute, followingSymlinks: true) {
                let before = found.count
                var walker = Walker(root: Paths.resolved(absolute) ?? absolute, configuration: configuration,
                                    workingDirectory: workingDirectory, skipping: skipping, listings: listings,
                                    respectsGitIgnores: respectingGitIgnores)
                walker.walk(absolute, ignores: respectingGitIgnores ? GitIgnoreRules.enclosing(absolute) : nil)
                result.problems += walker.problems
                result.projectBundles += walker.projectBundles
                // One search that met no symbolic link cannot have found a file twice: no set of resolved paths.
                let unique = paths.count == 1 && !walker.followedLinks
                for (file, resolved) in zip(walker.files, walker.resolvedFiles) { add(file, resolved: resolved, unique: unique) }
                if found.count == before && walker.swiftFilesSeen == 0 { result.directoriesWithoutSwiftFiles.append(path) }
            } else if configuration.includes(absolutePath: absolute) {
                add(absolute)
            }
        }
        result.files = found.sorted { $0.displayPath < $1.displayPath }
        result.projectBundles = Array(Set(result.projectBundles)).sorted()
        result.problems.sort { $0.displayPath < $1.displayPath }
        return result
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    public static func isDirectory(_ path: String, followingSymlinks: Bool) -> Bool {
        var info = stat()
        let status = followingSymlinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// One recursive search under one directory given on the command line.
    private struct Walker {
        let root: String
        let configuration: Configuration
        let workingDirectory: String
        var visitedDirectories: Set<String> = []
        var files: [String] = []
        var projectBundles: [String] = []
        /// The path of each file with every symlink resolved, known from its directory's: the key that makes
        /// each file linted once, found without a `realpath` (a readlink per component) per file.
        var resolvedFiles: [String] = []
        var problems: [InputProblem] = []
        /// Swift files met, linted or excluded: "no Swift files found" is only said when this stays 0.
        var swiftFilesSeen = 0
        /// A symbolic link was followed, or the search started below one: paths and resolved paths differ.
        var followedLinks = false

        let skipping: Set<String>

        let listings: DirectoryListings?

        let respectsGitIgnores: Bool

        init(root: String, configuration: Configuration, workingDirectory: String, skipping: Set<String>,
             listings: DirectoryListings?, respectsGitIgnores: Bool) {
            self.root = root
            self.configuration = configuration
            self.workingDirectory = workingDirectory
            self.skipping = skipping
            self.listings = listings
            self.respectsGitIgnores = respectsGitIgnores
        }

        /// `resolvedDirectory`: the directory's path with symlinks resolved, when the caller knows it (a child
        /// of a resolved directory reached without a link): saves a `realpath` per directory.
        /// `ignores`: what git ignores here, when the directory is in a work tree (and ignores are respected).
        mutating func walk(_ directory: String, resolvedDirectory: String? = nil, ignores: GitIgnoreRules?) {
            if skipping.contains(directory) { return }
            let resolved = resolvedDirectory ?? Paths.resolved(directory) ?? directory
            guard visitedDirectories.insert(resolved).inserted else { return }
            // Below a directory reached without links, each entry's resolved path is its path: not built twice.
            let resolvedIsPath = resolved == directory
            if !resolvedIsPath { followedLinks = true }
            let listed = listings.map { $0.entries(of: directory) } ?? DirectoryListings.read(directory)
            guard let entries = listed else {
                problems.append(InputProblem(displayPath: Paths.display(directory, workingDirectory: workingDirectory),
                                             reason: String(cString: strerror(errno))))
                return
            }
            var ignores = ignores
            if respectsGitIgnores {
                // A `.git` makes this the root of a work tree (a nested repository or submodule included: the
                // enclosing repository's rules stop here, as in git); its `.gitignore` applies below it.
                if entries.contains(where: { $0.name == ".git" }) { ignores = GitIgnoreRules(workTree: directory) }
                if ignores != nil && entries.contains(where: { $0.name == ".gitignore" }) { ignores!.addIgnoreFile(in: directory) }
            }
            for (name, entryType) in entries {
                let path = Paths.join(directory, name)
                if entryType & DirectoryListings.nameNotUTF8 != 0 {
                    reportUnnameable(path, name: name, type: entryType & ~DirectoryListings.nameNotUTF8, ignores: ignores)
                    continue
                }
                var info = stat()
                var type: mode_t
                switch entryType {
                // The directory entry usually says what it is: no lstat needed.
                case UInt8(DT_REG): type = S_IFREG
                case UInt8(DT_DIR): type = S_IFDIR
                case UInt8(DT_LNK): type = S_IFLNK
                default:
                    guard lstat(path, &info) == 0 else { continue }
                    type = info.st_mode & S_IFMT
                }
                var resolvedPath = resolvedIsPath ? path : Paths.join(resolved, name)
                if type == S_IFLNK {
                    followedLinks = true
                    guard let target = Paths.resolved(path) else {
                        // Dangling, or a loop of links: only worth a word when it claims to be Swift.
                        if name.hasSuffix(".swift") {
                            swiftFilesSeen += 1
                            problems.append(InputProblem(displayPath: Paths.display(path, workingDirectory: workingDirectory),
                                                         reason: "broken symbolic link"))
                        }
                        continue
                    }
                    // Links out of the searched tree are not followed: the tree is what was asked for.
                    guard Paths.relative(target, to: root) != nil else { continue }
                    guard stat(target, &info) == 0 else { continue }
                    resolvedPath = target
                    type = info.st_mode & S_IFMT
                }
                if type == S_IFDIR {
                    if FileDiscovery.isSkippedDirectory(named: name) || configuration.excludesDirectory(absolutePath: path) { continue }
                    if let ignores, ignores.isIgnored(path, isDirectory: true) { continue }
                    if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") { projectBundles.append(path) }
                    walk(path, resolvedDirectory: resolvedPath, ignores: ignores)
                } else if name.hasSuffix(".swift") {
                    swiftFilesSeen += 1
                    if let ignores, ignores.isIgnored(path, isDirectory: false) { continue }
                    if configuration.includes(absolutePath: path) {
                        files.append(path)
                        resolvedFiles.append(resolvedPath)
                    }
                }
            }
        }

        /// An entry whose name is not valid UTF-8 (`name` spells it with `\xFF` escapes; `path` names no file):
        /// reported when the search would have linted it (a Swift file) or entered it (a directory), judged by
        /// that spelling, since it cannot be opened by a path FlowLint can hold.
        mutating func reportUnnameable(_ path: String, name: String, type: UInt8, ignores: GitIgnoreRules?) {
            let isDirectory = type == UInt8(DT_DIR)
            if isDirectory {
                if FileDiscovery.isSkippedDirectory(named: name) || configuration.excludesDirectory(absolutePath: path) { return }
            } else {
                guard name.hasSuffix(".swift") else { return }
                swiftFilesSeen += 1
                guard configuration.includes(absolutePath: path) else { return }
            }
            if let ignores, ignores.isIgnored(path, isDirectory: isDirectory) { return }
            problems.append(InputProblem(displayPath: Paths.display(path, workingDirectory: workingDirectory),
                                         reason: "the name is not valid UTF-8 (rename it to lint it)"))
        }
    }
}

/// What reading one input gave.
public enum FileContents: Sendable, Equatable {
    case text([UInt8])
    /// Holds NUL bytes: not source code, skipped with a warning.
    case binary
    /// Larger than `FileReader.maximumInputSize`: skipped with a warning, without reading it.
    case tooLarge
    case unreadable(reason: String)

    /// Why an input is skipped with a warning (`path: warning: skipped, REASON`); nil when it is not skipped.
    public var skipReason: String? {
        switch self {
        case .binary: return "not a text file"
        case .tooLarge: return "larger than \(FileReader.maximumInputSize >> 20) MiB"
        case .text, .unreadable: return nil
        }
    }
}

public enum FileReader {
    /// Inputs larger than this (8 MiB) are skipped with a warning, unread. The largest Swift files in real
    /// projects are generated ones (protobuf, GraphQL clients, asset catalogs) of one to a few MiB; 8 MiB keeps
    /// them with room to spare, while each worker holds a file's bytes, tokens and syntax tree at once (about
    /// 20 times the file's size) and a CI machine's memory is shared by every worker. A file this large is
    /// data, not a view someone edits.
    static let maximumInputSize = 8 << 20

    /// Reads a whole file. Only regular files are opened, so a FIFO or device named `.swift` cannot block
    /// or stream forever. Bytes are not decoded: invalid UTF-8 is linted as it is.
    public static func read(_ absolutePath: String) -> FileContents { readWithStatus(absolutePath).contents }

    /// `read`, with what `fstat` said of the open file (nil when it could not be opened). `cursor` opens it
    /// relative to its directory.
    static func readWithStatus(_ absolutePath: String, cursor: DirectoryCursor? = nil) -> (contents: FileContents, status: stat?) {
        // Plain POSIX calls straight into the array: no URL (which resolves every path component with
        // readlink) and no intermediate Data copy. O_NONBLOCK so that opening a FIFO cannot wait for a writer;
        // the type is then checked on the open descriptor.
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
        let fd = cursor?.openFile(absolutePath, flags: flags) ?? open(absolutePath, flags)
        guard fd >= 0 else { return (.unreadable(reason: String(cString: strerror(errno))), nil) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return (.unreadable(reason: String(cString: strerror(errno))), nil) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return (.unreadable(reason: "is a directory"), info) }
        guard type == S_IFREG else { return (.unreadable(reason: "not a regular file"), info) }
        // The size is known before anything is allocated: a 3 GB (even sparse) file costs nothing.
        if info.st_size > maximumInputSize { return (.tooLarge, info) }
        return (read(descriptor: fd, expectedSize: max(Int(info.st_size), 0)), info)
    }

    /// Standard input (`--stdin-path`), with the same limit: read in chunks, never more than the limit plus
    /// one chunk. When it is a regular file (`< file`), its size is checked first.
    public static func readStandardInput() -> FileContents {
        var info = stat()
        if fstat(STDIN_FILENO, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
            let remaining = Int(info.st_size) - Int(lseek(STDIN_FILENO, 0, SEEK_CUR))
            if remaining > maximumInputSize { return .tooLarge }
        }
        return read(descriptor: STDIN_FILENO, expectedSize: 0)
    }

    /// Reads what `descriptor` holds, up to `maximumInputSize` bytes: first into one buffer of the expected
    /// size plus a byte (reaching that byte means it grew), not zeroed first, then in chunks.
    static func read(descriptor fd: Int32, expectedSize: Int) -> FileContents {
        var failure: Int32 = 0
        /// Reads into `buffer` until it is full or the file ends; the count read.
        func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var count = 0
            while count < buffer.count {
                #if canImport(Glibc)
                let got = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                #else
                let got = Darwin.read(fd, buffer.baseAddress! + count, buffer.count - count)
                #endif
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno; break }
                if got == 0 { break }
                count += got
            }
            return count
        }
        let expected = min(expectedSize, maximumInputSize)
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in count = fill(buffer) }
        if bytes.count == expected + 1 {
            // It grew while being read, st_size was 0 on a special file system, or it is a pipe: read the
            // rest in chunks, and stop as soon as it is over the limit.
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while failure == 0 && bytes.count <= maximumInputSize {
                let got = chunk.withUnsafeMutableBufferPointer { fill($0) }
                if got == 0 { break }
                bytes += chunk[0..<got]
            }
        }
        if failure != 0 { return .unreadable(reason: String(cString: strerror(failure))) }
        if bytes.count > maximumInputSize { return .tooLarge }
        return classify(bytes)
    }

    static func classify(_ bytes: [UInt8]) -> FileContents {
        // memchr, not `contains`: every byte of every file passes here.
        let hasNUL = bytes.withUnsafeBytes { $0.count > 0 && memchr($0.baseAddress!, 0, $0.count) != nil }
        return hasNUL ? .binary : .text(bytes)
    }
}

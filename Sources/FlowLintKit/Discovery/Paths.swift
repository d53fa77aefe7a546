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

/// Plain-string path helpers (`/`-separated, POSIX). FlowLint shows paths relative to the working
/// directory when they are under it, absolute otherwise.
public enum Paths {
    /// The working directory, named once per process (see `workingDirectory`). Every relative path is resolved
    /// against it. When it cannot be named, this is a path below `/dev/null`, under which nothing can exist or
    /// be created, so that a caller that did not check `workingDirectory` first still reads and writes nothing
    /// (Foundation's `currentDirectoryPath` is then "", and relative paths became paths under `/`). The
    /// commands check before anything else, so this is a second line of defence, not a behaviour.
    public static var currentDirectory: String {
        (try? workingDirectory.get()) ?? "/dev/null/unnamed-working-directory"
    }

    /// The working directory's absolute path, or why it has none a run could use: it was deleted (a branch
    /// switch or a cleaned build folder under a shell that stayed there) or its path is longer than the system's
    /// limit (every path below it would fail with "File name too long"). Asked once, at the first use: a
    /// directory deleted later in the run does not change what relative paths meant when it started.
    public static let workingDirectory: Result<String, WorkingDirectoryError> = nameWorkingDirectory()

    static func nameWorkingDirectory() -> Result<String, WorkingDirectoryError> {
        // getcwd(NULL, 0) allocates what it needs (glibc names even a directory deeper than PATH_MAX).
        guard let pointer = getcwd(nil, 0) else {
            let code = errno
            if code == ENOENT { return .failure(.vanished) }
            if code == ENAMETOOLONG || code == ERANGE { return .failure(.tooLong(nil)) }
            return .failure(.unnamed(String(cString: strerror(code))))
        }
        defer { free(pointer) }
        let path = String(cString: pointer)
        if path.utf8.count >= Int(PATH_MAX) { return .failure(.tooLong(path.utf8.count)) }
        // The name must lead back to the directory the process is in: a directory that was deleted and made
        // again under the same name (a branch switch does that) is another directory, and some systems still
        // name a deleted one. A relative path (Linux's "(unreachable)/...") names none.
        var named = stat(), actual = stat()
        guard stat(".", &actual) == 0 else {
            return errno == ENOENT ? .failure(.vanished) : .failure(.unnamed(String(cString: strerror(errno))))
        }
        guard path.hasPrefix("/"), stat(path, &named) == 0,
              named.st_dev == actual.st_dev, named.st_ino == actual.st_ino else { return .failure(.vanished) }
        return .success(path)
    }

    /// `path` made absolute against `base` (default: the working directory) and standardized (`.`, `..`
    /// and repeated `/` removed; symlinks are not resolved).
    public static func absolute(_ path: String, base: String = Paths.currentDirectory) -> String {
        standardize(path.hasPrefix("/") ? path : join(base, path))
    }

    public static func standardize(_ path: String) -> String {
        if isStandardized(path) { return path }
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(component)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Absolute with no empty, `.` or `..` component and no trailing `/` (or exactly `/`): what `standardize`
    /// returns. Checked byte by byte, since discovery asks it of every file it finds.
    static func isStandardized(_ path: String) -> Bool {
        // Over the contiguous bytes when the string has them (a native string always does): the iterator of
        // `String.UTF8View` costs several times as much per byte.
        path.utf8.withContiguousStorageIfAvailable(isStandardized) ?? isStandardized(path.utf8)
    }

    private static func isStandardized<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var utf8 = bytes.makeIterator()
        guard utf8.next() == UInt8(ascii: "/") else { return false }
        // Bytes of the current component so far, and whether they are all dots.
        var length = 0, allDots = true, sawAny = false
        while let byte = utf8.next() {
            sawAny = true
            if byte == UInt8(ascii: "/") {
                if length == 0 || (allDots && length <= 2) { return false }
                length = 0; allDots = true
            } else {
                length += 1
                allDots = allDots && byte == UInt8(ascii: ".")
            }
        }
        return !sawAny || (length > 0 && !(allDots && length <= 2))
    }

    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    public static func parent(_ path: String) -> String {
        guard let slash = lastSlash(path) else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func lastComponent(_ path: String) -> String {
        guard let slash = lastSlash(path) else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path.lastIndex(of: "/")`, found among the UTF-8 bytes: the project's discovery asks it of every file, and
    /// a search by characters cost thousands of instructions a path. A `/` byte between two ASCII bytes (or at an
    /// end) is a character of its own; next to any other byte (a combining mark after it joins it), the
    /// characters are searched.
    static func lastSlash(_ path: String) -> String.Index? {
        let utf8 = path.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let after = utf8.index(after: slash)
        let isAlone = (slash == utf8.startIndex || utf8[utf8.index(before: slash)] < 0x80)
            && (after == utf8.endIndex || utf8[after] < 0x80)
        return isAlone ? slash : path.lastIndex(of: "/")
    }

    /// `path` relative to `directory` when it is `directory` itself ("") or below it; nil otherwise.
    /// Both must be absolute and standardized. Compared and cut as UTF-8 bytes: discovery asks this of every file.
    public static func relative(_ path: String, to directory: String) -> String? {
        let p = path.utf8, d = directory.utf8
        guard p.starts(with: d) else { return nil }
        if p.count == d.count { return "" }
        if directory == "/" { return String(decoding: p.dropFirst(1), as: UTF8.self) }
        guard p.dropFirst(d.count).first == UInt8(ascii: "/") else { return nil }
        return String(decoding: p.dropFirst(d.count + 1), as: UTF8.self)
    }

    /// How FlowLint shows a file: relative to the working directory when under it, else absolute.
    public static func display(_ absolutePath: String, workingDirectory: String = Paths.currentDirectory) -> String {
        display(absolutePath, standardizedWorkingDirectory: standardize(workingDirectory))
    }

    public static func display(_ absolutePath: String, standardizedWorkingDirectory directory: String) -> String {
        relative(absolutePath, to: directory).flatMap { $0.isEmpty ? "." : $0 } ?? absolutePath
    }

    /// The path with every symlink resolved, or nil when it does not exist or a loop stops resolution.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The directory that paths written in the file at `absolutePath` are relative to: the file's own directory,
    /// or the working directory for a pipe, a socket, a device or a path under `/dev` or `/proc`
    /// (`--baseline <(git show ...)`, `--write-baseline /dev/stdout > baseline.json`), whose directory
    /// (`/dev/fd`) says nothing about the project.
    public static func anchorDirectory(ofFileAt absolutePath: String) -> String {
        let path = standardize(absolutePath)
        var info = stat()
        let type = stat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") || type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK {
            return standardize(currentDirectory)
        }
        return parent(path)
    }

    /// Whether nothing at all is at `path`, not even a dangling link. A path that cannot be looked up for
    /// another reason (longer than the system's limit, a parent without search permission) is not missing:
    /// reading it says why.
    public static func isMissing(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) != 0 && (errno == ENOENT || errno == ENOTDIR)
    }
}

/// Why the working directory cannot be used: every command that reads files stops with this (exit code 2).
public enum WorkingDirectoryError: Error, Equatable, CustomStringConvertible {
    case vanished
    /// Its path's length in bytes, when known.
    case tooLong(Int?)
    case unnamed(String)

    public var description: String {
        switch self {
        case .vanished:
            return "error: the working directory no longer exists (deleted or replaced since the shell entered it); cd to an existing directory"
        case .tooLong(let length):
            let size = length.map { " (\($0) bytes)" } ?? ""
            return "error: the working directory's path is longer than the system's limit of \(PATH_MAX) bytes\(size); run FlowLint from a shorter path"
        case .unnamed(let reason):
            return "error: the working directory cannot be named: \(reason)"
        }
    }
}

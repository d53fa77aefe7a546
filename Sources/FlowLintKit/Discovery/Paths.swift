import Foundation

/// Plain-string path helpers (`/`-separated, POSIX). FlowLint shows paths relative to the working
/// directory when they are under it, absolute otherwise.
public enum Paths {
    public static var currentDirectory: String { FileManager.default.currentDirectoryPath }

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
        var utf8 = path.utf8.makeIterator()
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
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
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

    /// A short reason for a file-system error ("Permission denied", "No such file or directory").
    static func reason(of error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}

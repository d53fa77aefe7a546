#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stats and opens files through an open descriptor of their directory. Resolving a deep absolute path costs
/// a lookup per component; consecutive files of one directory (discovery sorts them together) then cost one
/// lookup for the directory and one component each. Each worker of the per-file phase has its own.
final class DirectoryCursor {
    private var directory = ""
    private var descriptor: Int32 = -1

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The descriptor of `absolutePath`'s directory and the file's name in it; nil descriptor (use the path)
    /// when the directory cannot be opened.
    private func locate(_ absolutePath: String) -> (descriptor: Int32?, name: String) {
        let utf8 = absolutePath.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")), slash != utf8.startIndex else { return (nil, absolutePath) }
        let name = String(absolutePath[absolutePath.index(after: slash)...])
        let parent = absolutePath.utf8[..<slash]
        if descriptor < 0 || !parent.elementsEqual(directory.utf8) {
            if descriptor >= 0 { close(descriptor) }
            directory = String(decoding: parent, as: UTF8.self)
            descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        return (descriptor >= 0 ? descriptor : nil, name)
    }

    /// `stat` of the file (symbolic links followed), or nil.
    func status(_ absolutePath: String) -> stat? {
        let (directory, name) = locate(absolutePath)
        var info = stat()
        let result = directory.map { fstatat($0, name, &info, 0) } ?? stat(absolutePath, &info)
        return result == 0 ? info : nil
    }

    /// Opens the file as `open(2)` would (errno set on failure).
    func openFile(_ absolutePath: String, flags: Int32) -> Int32 {
        let (directory, name) = locate(absolutePath)
        return directory.map { openat($0, name, flags) } ?? open(absolutePath, flags)
    }
}

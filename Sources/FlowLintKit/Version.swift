public enum FlowLintVersion { public static let current = "0.1.0" }

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which build of FlowLint is running, for the facts cache: any rebuild (a changed rule, message or fact)
/// must make earlier entries unusable, and the version number does not change with a rebuild. The identity is
/// the running executable's device, inode, size and modification time (a rebuild writes a new file), read once
/// per process; hashing the whole binary would cost a few milliseconds on every run. When the executable cannot
/// be found, each process is its own build, so nothing cached is ever reused.
enum BuildIdentity {
    static let current: String = {
        var info = stat()
        if let path = executablePath, stat(path, &info) == 0 {
            let stamp = FileStamp(info)
            return "\(FlowLintVersion.current) \(info.st_dev):\(stamp.inode):\(info.st_size):\(stamp.mtime).\(stamp.mtimeNanos)"
        }
        return "\(FlowLintVersion.current) process \(getpid()) \(UInt64.random(in: 0...UInt64.max))"
    }()

    private static var executablePath: String? {
        #if os(Linux)
        return "/proc/self/exe"
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
        #else
        return nil
        #endif
    }
}

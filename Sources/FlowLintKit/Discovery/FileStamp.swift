#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says of a file or directory that moves whenever its contents change: modification and change
/// times, and inode. The facts cache's stat table and its directory listings both judge "unchanged" by it.
struct FileStamp: Equatable {
    var mtime: Int, mtimeNanos: Int
    var ctime: Int, ctimeNanos: Int
    var inode: UInt64

    init(mtime: Int, mtimeNanos: Int, ctime: Int, ctimeNanos: Int, inode: UInt64) {
        self.mtime = mtime
        self.mtimeNanos = mtimeNanos
        self.ctime = ctime
        self.ctimeNanos = ctimeNanos
        self.inode = inode
    }

    init(_ info: stat) {
        #if os(Linux)
        let m = info.st_mtim, c = info.st_ctim
        #else
        let m = info.st_mtimespec, c = info.st_ctimespec
        #endif
        self.init(mtime: Int(m.tv_sec), mtimeNanos: Int(m.tv_nsec), ctime: Int(c.tv_sec), ctimeNanos: Int(c.tv_nsec),
                  inode: UInt64(info.st_ino))
    }

    /// Last changed at least two seconds before `runStart`, so an equal stamp later means unchanged. Something
    /// changed more recently could change again without its times moving (coarse file-system timestamps), so
    /// it is never remembered.
    func isSettled(before runStart: timespec) -> Bool {
        let limit = Int(runStart.tv_sec) - 2
        return mtime < limit && ctime < limit
    }

    func write(to w: inout BinaryWriter) {
        w.int(mtime); w.int(mtimeNanos); w.int(ctime); w.int(ctimeNanos); w.uint(inode)
    }

    static func read(from r: inout BinaryReader) throws -> FileStamp {
        FileStamp(mtime: try r.int(), mtimeNanos: try r.int(), ctime: try r.int(), ctimeNanos: try r.int(), inode: try r.uint())
    }
}

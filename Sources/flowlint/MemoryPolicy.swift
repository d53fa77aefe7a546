#if os(Linux)
import Glibc

/// Where the C library's allocator puts large blocks. glibc serves a large block with its own `mmap`, given
/// back to the system when freed, but it raises that threshold to the size of each such block freed (up to
/// 32 MiB): after the first very large file, a file's bytes, tokens and tree come from the heap, and the heap
/// keeps the high-water mark of the largest files each worker met. A worker frees all of it when the file is
/// done and keeps only its compact facts, so FlowLint fixes the threshold at 1 MiB (only files of several
/// hundred kilobytes reach it). Fixing it also fixes the heap's trim threshold, which would then give memory
/// back, and fault it in again, after every file: that one is set high. Benchmark corpus on 2 cores: 43 to
/// 44 MB peak instead of 44 to 49, at the same speed. Set before any thread starts.
enum MemoryPolicy {
    static func apply() {
        // `mallopt` is not part of Swift's Glibc module: looked up by name. From malloc.h: M_TRIM_THRESHOLD -1,
        // M_MMAP_THRESHOLD -3.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 1 << 20)
        _ = mallopt(-1, 32 << 20)
    }
}
#else
/// Other systems' allocators need no setting (see the Linux version).
enum MemoryPolicy {
    static func apply() {}
}
#endif

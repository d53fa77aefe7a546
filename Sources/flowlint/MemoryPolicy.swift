#if os(Linux)
import Glibc

/// Where the C library's allocator puts large blocks. glibc serves a large block with its own `mmap`, given
/// back to the system when freed, but it raises that threshold to the size of each such block freed (up to
/// 32 MiB): after the first very large file, a file's bytes, tokens and tree come from the heap, and the heap
/// keeps the high-water mark of the largest files each worker met. A worker frees all of it when the file is
/// done and keeps only its compact facts, so FlowLint fixes the threshold at 1 MiB (only files of several
/// hundred kilobytes reach it). Fixing it also fixes the heap's trim threshold, which would then give memory
/// back, and fault it in again, after every file: that one is set high. Benchmark corpus on 2 cores: 43 to
/// 44 MB peak instead of 44 to 49, at the same speed.
///
/// And one arena for every thread: glibc gives each thread that allocates at the same time as another an arena of
/// its own, and the facts a worker keeps then sit in its arena beside the holes its files' bytes, tokens and trees
/// left, in each arena apart. With one arena the workers' holes are one pool. Each thread still takes small blocks
/// from its own cache without a lock. Benchmark corpus, every rule on, 2 cores: about 2,400 KiB less at the peak
/// (about 61,000 KiB instead of 63,400), the same CPU time. Set before any thread starts.
enum MemoryPolicy {
    static func apply() {
        // `mallopt` is not part of Swift's Glibc module: looked up by name. From malloc.h: M_TRIM_THRESHOLD -1,
        // M_MMAP_THRESHOLD -3, M_ARENA_MAX -8.
        guard let symbol = dlsym(nil, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 1 << 20)
        _ = mallopt(-1, 32 << 20)
        _ = mallopt(-8, 1)
    }
}
#else
/// Other systems' allocators need no setting (see the Linux version).
enum MemoryPolicy {
    static func apply() {}
}
#endif

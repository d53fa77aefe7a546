#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// On a crash (trap, segfault, abort) prints which files were being processed, so that a crashing file can be
/// named and skipped (`--skip PATH`). Only async-signal-safe calls in the handler: write(2) of C strings made
/// beforehand.
enum CrashReporter {
    nonisolated(unsafe) static var cPaths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    nonisolated(unsafe) static var inflight: UnsafeMutablePointer<Int>?
    nonisolated(unsafe) static var workers = 0
    /// Set by the round-trip worker: on a crash, print "CRASH\t<index>\n" on stdout for the parent.
    nonisolated(unsafe) static var machineReadable = false

    static func install(paths: [String], workers n: Int) {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: paths.count)
        for (i, s) in paths.enumerated() { p[i] = strdup(s) }
        cPaths = p
        workers = n
        inflight = UnsafeMutablePointer<Int>.allocate(capacity: n)
        inflight!.initialize(repeating: -1, count: n)
        for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] {
            signal(sig, crashHandler)
        }
    }

    /// Worker slots the reporter tracks (the pool starts a new worker for each file it gives up on).
    static let maxWorkers = 256
    @inline(__always) static func begin(worker: Int, file: Int) { if worker < workers { inflight?[worker] = file } }
    @inline(__always) static func end(worker: Int) { if worker < workers { inflight?[worker] = -1 } }
}

private func writeString(_ fd: Int32, _ s: UnsafePointer<CChar>) {
    _ = write(fd, s, strlen(s))
}

private func writeInt(_ fd: Int32, _ v: Int) {
    var digits: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { raw in
        let d = raw.bindMemory(to: CChar.self)
        var n = v
        var i = d.count - 1
        d[i] = 0
        repeat {
            i -= 1
            d[i] = CChar(48 + n % 10)
            n /= 10
        } while n > 0 && i > 0
        _ = write(fd, d.baseAddress! + i, d.count - 1 - i)
    }
}

private let crashHandler: @convention(c) (Int32) -> Void = { sig in
    if let inflight = CrashReporter.inflight, let paths = CrashReporter.cPaths {
        for w in 0..<CrashReporter.workers where inflight[w] >= 0 {
            if CrashReporter.machineReadable {
                writeString(1, "CRASH\t")
                writeInt(1, inflight[w])
                writeString(1, "\n")
            }
            writeString(2, "\nsyntax-oracle: crashed (signal ")
            writeInt(2, Int(sig))
            writeString(2, ") while processing ")
            if let p = paths[inflight[w]] { writeString(2, p) }
            writeString(2, "\n  (rerun with --skip on that path to go past it)\n")
        }
    }
    signal(sig, SIG_DFL)
    raise(sig)
}

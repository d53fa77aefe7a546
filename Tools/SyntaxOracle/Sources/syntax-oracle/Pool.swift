import Foundation

/// Runs `work(i)` for every index on `jobs` threads, with a watchdog: a file that takes longer than `timeout`
/// seconds is given up on (`onHang(i, phase)` supplies its result), its thread is abandoned (it keeps spinning
/// until the process exits) and a fresh thread takes over the remaining files. `phase[i]` is a free-form stage
/// number `work` may set so the hang report can say where it was stuck.
final class Pool<R>: @unchecked Sendable {
    let count: Int
    let jobs: Int
    let timeout: Double
    let work: (Int, Pool<R>) -> R
    let onHang: (Int, Int) -> R
    private let lock = NSLock()
    private var next = 0
    private var done = 0
    private var running: [Int: Double] = [:]
    private var hung = Set<Int>()
    private var results: [R?]
    private var nextWorker = 0
    private let finished = DispatchSemaphore(value: 0)
    var phase: UnsafeMutablePointer<Int>

    init(count: Int, jobs: Int, timeout: Double, work: @escaping (Int, Pool<R>) -> R, onHang: @escaping (Int, Int) -> R) {
        self.count = count
        self.jobs = max(1, jobs)
        self.timeout = timeout
        self.work = work
        self.onHang = onHang
        results = Array(repeating: nil, count: count)
        phase = .allocate(capacity: max(1, count))
        phase.initialize(repeating: 0, count: max(1, count))
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Runs everything; returns the results and the indices given up on.
    func run() -> (results: [R], hung: [Int]) {
        if count == 0 { return ([], []) }
        for _ in 0..<jobs { spawnLocked() }
        let watchdog = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                lock.lock()
                if done == count { lock.unlock(); return }
                let t = Pool.now()
                for (i, start) in running where t - start > timeout && !hung.contains(i) {
                    hung.insert(i)
                    running[i] = nil
                    results[i] = onHang(i, phase[i])
                    done += 1
                    if done == count { finished.signal() } else { spawnLocked() }
                }
                lock.unlock()
            }
        }
        watchdog.start()
        finished.wait()
        lock.lock()
        defer { lock.unlock() }
        return (results.map { $0! }, hung.sorted())
    }

    /// Starts one more worker thread (called with the lock held, or before anything runs).
    private func spawnLocked() {
        let w = nextWorker
        nextWorker += 1
        let t = Thread { [self] in
            while true {
                lock.lock()
                let i = next
                if i >= count { lock.unlock(); break }
                next += 1
                running[i] = Pool.now()
                lock.unlock()
                CrashReporter.begin(worker: w, file: i)
                let r = work(i, self)
                CrashReporter.end(worker: w)
                lock.lock()
                running[i] = nil
                if !hung.contains(i) {
                    results[i] = r
                    done += 1
                    if done == count { finished.signal() }
                }
                let abandoned = hung.contains(i)
                lock.unlock()
                if abandoned { break }  // a replacement was started when this one was given up on
            }
        }
        t.stackSize = 64 << 20  // deep nesting in some files; both parsers recurse
        t.start()
    }
}

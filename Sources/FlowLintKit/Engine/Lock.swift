#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over a pthread mutex: what `NSLock` did, without Foundation. `NSLock` is outside
/// FoundationEssentials, and on Linux any use of it links the whole of Foundation with ICU's 34 MB of data into
/// the statically linked binary; `Synchronization.Mutex` needs macOS 15, the package supports macOS 13.
public final class Lock: @unchecked Sendable {
    // Allocated once and never moved: a pthread mutex must stay at the address it was initialized at.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

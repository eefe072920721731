#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A mutex with a condition for waiters, over `pthread_mutex_t` and `pthread_cond_t`: what
/// Foundation's `NSLock` and `NSCondition` did here, without linking Foundation (loading it was
/// half of a one-file run's time on Linux).
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for `broadcast()`; the caller holds the lock (and holds it again on return).
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiter; the caller holds the lock.
    func broadcast() { pthread_cond_broadcast(condition) }
}

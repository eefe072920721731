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

/// Answers remembered by key behind a lock, for run-wide tables that rules of several files ask
/// at once: computed outside the lock on first use, and the first answer stored is kept (two
/// threads racing compute the same answer).
final class LockedMemo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = Lock()
    private var known: [Key: Value] = [:]

    func value(for key: Key, _ compute: () -> Value) -> Value {
        if let value = lock.withLock({ known[key] }) { return value }
        let value = compute()
        return lock.withLock {
            if let stored = known[key] { return stored }
            known[key] = value
            return value
        }
    }
}

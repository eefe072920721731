#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A value computed on another thread, waited for on first use: call summaries are merged while
/// the index merges everything else; app facts are read while the index is built, and needed only
/// by pass two's rules. Or a value another thread supplies (`fulfill`).
public final class Deferred<Value: Sendable>: @unchecked Sendable {
    private let condition = Lock()
    private var result: Value?
    /// Work held for `start()`, not yet begun.
    private var held: (@Sendable () -> Value)?

    /// Starts `compute` on a background thread at once.
    public init(_ compute: @escaping @Sendable () -> Value) {
        launch(compute)
    }

    /// Holds `compute` until `start()`, or the first use of `value`, begins it on a background
    /// thread: for work that should wait for a quieter moment of the run than its start.
    public static func held(_ compute: @escaping @Sendable () -> Value) -> Deferred {
        let deferred = Deferred()
        deferred.held = compute
        return deferred
    }

    /// Begins held work (once; nothing for work already begun or a value already known).
    public func start() {
        condition.lock()
        let compute = held
        held = nil
        condition.unlock()
        if let compute { launch(compute) }
    }

    /// Whether the work has begun (or there was none to hold).
    var hasBegun: Bool {
        condition.lock()
        defer { condition.unlock() }
        return held == nil
    }

    private func launch(_ compute: @escaping @Sendable () -> Value) {
        let body = ThreadStarter.Body { [self] in
            // A deferred value (the index's call summaries, the app facts) is built here: with
            // huge-page heaps asked for (`HugePageHeaps`), its heap is marked too.
            _ = HugePageHeaps.ThreadHeap.forCurrentThread()
            let value = compute()
            condition.lock()
            result = value
            condition.broadcast()
            condition.unlock()
        }
        // Nobody joins it: `value` waits on the condition instead.
        pthread_detach(ThreadStarter.spawn(body, stackSize: 1 << 22))
    }

    /// An already known value.
    public init(ready value: Value) {
        result = value
    }

    /// A value some thread supplies later with `fulfill`: work that needs it only at its end can
    /// start before it is known.
    public init() {}

    public func fulfill(_ value: Value) {
        condition.lock()
        result = value
        condition.broadcast()
        condition.unlock()
    }

    /// The value if its work has begun (waiting for it to end), else `nil`, without beginning
    /// held work: what the run read, for reporting, without reading what nobody asked for.
    public var valueIfBegun: Value? {
        hasBegun ? value : nil
    }

    /// The value, waiting for it if it is still being computed.
    public var value: Value {
        start()
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}

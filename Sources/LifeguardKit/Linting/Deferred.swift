import Foundation

/// A value computed on another thread, started at once and waited for on first use: app facts
/// are read while pass one parses, and needed only by pass two's rules; call summaries are
/// merged while the index merges everything else. Or a value another thread supplies (`fulfill`).
public final class Deferred<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Value?

    /// Starts `compute` on a background thread.
    public init(_ compute: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let value = compute()
            condition.lock()
            result = value
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 1 << 22
        thread.start()
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

    /// The value, waiting for it if it is still being computed.
    public var value: Value {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}

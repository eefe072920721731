/// Values a process that exits after its run never frees (the CLI's index, facts and run-wide
/// tables): tearing their hundreds of thousands of entries down one by one is work at the end of
/// the run, on one thread, whose result nobody waits for. The process's exit returns the memory.
public enum KeptUntilExit {
    public static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Holder(value))
    }

    private final class Holder<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}

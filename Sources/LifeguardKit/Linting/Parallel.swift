import Dispatch

/// Runs independent work on all cores. Concurrency in Lifeguard exists only here, at file level.
enum Parallel {
    /// Results are written to distinct slots by distinct iterations, then read after
    /// `concurrentPerform` returns, which orders every write before the reads.
    private final class Slots<Element>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Element?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        deinit {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }

    static func map<Input: Sendable, Output: Sendable>(_ inputs: [Input], _ transform: @Sendable (Input) -> Output) -> [Output] {
        if inputs.count <= 1 { return inputs.map(transform) }
        let slots = Slots<Output>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            slots.buffer[index] = transform(inputs[index])
        }
        return slots.buffer.map { $0! }
    }
}

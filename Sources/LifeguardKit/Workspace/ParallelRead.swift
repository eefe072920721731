/// Parallel map for the CLI's file reading; the engine's own parallelism stays internal.
public enum ParallelRead {
    public static func map<Input: Sendable, Output: Sendable>(_ inputs: [Input], _ transform: @Sendable (Input) -> Output) -> [Output] {
        Parallel.map(inputs, transform)
    }
}

/// Something that counts the reads of the tokenizer and the outline builder. Production builds use
/// `NoReads`, which compiles away; the linear-time tests use `TokenReadCount`.
protocol ReadCounter {
    func countRead()
    /// Work that was tallied elsewhere (a stack's element moves), added in one go.
    func countReads(_ count: Int)
}

/// Counts nothing: the production counter.
struct NoReads: ReadCounter {
    @inline(__always) func countRead() {}
    @inline(__always) func countReads(_ count: Int) {}
}

/// Counts reads, every lookahead included: the measure the linear-time tests compare.
final class TokenReadCount: ReadCounter, @unchecked Sendable {
    var reads = 0
    func countRead() { reads &+= 1 }
    func countReads(_ count: Int) { reads &+= count }
}

/// Something that counts the reads of the tokenizer and the outline builder. Production builds use
/// `NoReads`, which compiles away; the linear-time tests use `TokenReadCount`.
protocol ReadCounter {
    func countRead()
}

/// Counts nothing: the production counter.
struct NoReads: ReadCounter {
    @inline(__always) func countRead() {}
}

/// Counts reads, every lookahead included: the measure the linear-time tests compare.
final class TokenReadCount: ReadCounter, @unchecked Sendable {
    var reads = 0
    func countRead() { reads &+= 1 }
}

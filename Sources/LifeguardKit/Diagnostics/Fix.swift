/// One change to a file: the bytes of `range` become `replacement`. An empty range inserts.
public struct Edit: Sendable, Hashable {
    /// UTF-8 byte offsets into the file the diagnostic points into.
    public var range: Range<Int>
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// Whether applying both edits to the same text is ambiguous or destroys one of them:
    /// their ranges share a byte, one inserts strictly inside the other's range, or both insert
    /// at the same offset (which one comes first would be a guess).
    public func conflicts(with other: Edit) -> Bool {
        if range.isEmpty && other.range.isEmpty { return range.lowerBound == other.range.lowerBound }
        if range.isEmpty { return other.range.lowerBound < range.lowerBound && range.lowerBound < other.range.upperBound }
        if other.range.isEmpty { return range.lowerBound < other.range.lowerBound && other.range.lowerBound < range.upperBound }
        return range.lowerBound < other.range.upperBound && other.range.lowerBound < range.upperBound
    }

    /// Position order: start, then end, so an insertion sorts before a replacement starting at
    /// the same offset.
    static func positionOrder(_ lhs: Edit, _ rhs: Edit) -> Bool {
        (lhs.range.lowerBound, lhs.range.upperBound) < (rhs.range.lowerBound, rhs.range.upperBound)
    }
}

/// A change that resolves a diagnostic and that Lifeguard is certain of: what it does, in one
/// line ("insert `super.viewDidLoad()`"), and its edits, sorted and pairwise non-conflicting.
public struct Fix: Sendable, Hashable {
    public var message: String
    public private(set) var edits: [Edit]

    /// `nil` when there are no edits or two of them conflict: a fix that is not one clean
    /// change is no fix.
    public init?(message: String, edits: [Edit]) {
        let sorted = edits.sorted(by: Edit.positionOrder)
        guard !sorted.isEmpty, sorted.allSatisfy({ $0.range.lowerBound >= 0 }) else { return nil }
        for (earlier, later) in zip(sorted, sorted.dropFirst()) where earlier.conflicts(with: later) { return nil }
        self.message = message
        self.edits = sorted
    }

    /// The bytes the fix spans, from its first edit's start to its last edit's end.
    public var span: Range<Int> { edits[0].range.lowerBound..<edits.map(\.range.upperBound).max()! }

    /// Whether any edit of this fix conflicts with any edit of `other`.
    public func conflicts(with other: Fix) -> Bool {
        edits.contains { edit in other.edits.contains { edit.conflicts(with: $0) } }
    }
}

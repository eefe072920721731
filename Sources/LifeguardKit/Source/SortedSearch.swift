/// Bisection over positions: the one search behind every "first token at or after", "last entry
/// starting before" and "line holding this offset" question of the engine and the rules, each
/// of which reads a sorted key out of its own table.
public enum Bisection {
    /// The first position of `range` at which `isBefore` fails (`range.upperBound` when it never
    /// does). `isBefore` must hold for a prefix of the range and fail for the rest, as "the key
    /// here is below the one sought" does over keys in ascending order.
    @inlinable
    public static func firstPosition(in range: Range<Int>, where isBefore: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// The first position whose element is not below `value` (the end when there is none), by
    /// bisection: the collection must be sorted.
    func firstIndex(notBelow value: Element) -> Int {
        Bisection.firstPosition(in: startIndex..<endIndex) { self[$0] < value }
    }
}

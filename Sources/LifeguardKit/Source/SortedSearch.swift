extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// The first position whose element is not below `value` (the end when there is none), by
    /// bisection: the collection must be sorted.
    func firstIndex(notBelow value: Element) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

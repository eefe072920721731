extension Array {
    /// `count` copies of `value`: what `init(repeating:count:)` makes, made through the array's
    /// own growth path. `init(repeating:count:)` allocates through the standard library's
    /// unspecialized `_allocateBufferUninitialized`, which looks the storage class up in the
    /// runtime's metadata cache on every call (about 750 instructions, against about 200 here)
    /// and then fills element by element; every file's tables are made this way, several a file.
    @inline(__always)
    init(filledWith value: Element, count: Int) {
        self.init()
        // An empty array stays the shared empty one: reserving room for nothing would allocate.
        guard count > 0 else { return }
        reserveCapacity(count)
        append(contentsOf: repeatElement(value, count: count))
    }
}

extension Array {
    /// The elements in a buffer of their own size, when this one has much room to spare (half or
    /// more): for an array reserved for the most it could hold that is then kept for the run.
    func withoutSpareRoom() -> [Element] {
        guard capacity >= 2 * count + 8 else { return self }
        guard !isEmpty else { return [] }
        var copy: [Element] = []
        copy.reserveCapacity(count)
        copy.append(contentsOf: self)
        return copy
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The distinct names of one file (its call names, its declared locals), each given a slot
/// number in the order first seen. A file looks names up hundreds of times, and `Dictionary`'s
/// seeded hashing of a `String` costs several hundred instructions a lookup; code is written in
/// short ASCII names, which this table hashes with FNV-1a over their bytes and compares byte for
/// byte. A name with any other byte goes to a `Dictionary`, since Swift compares such strings
/// by canonical equivalence, not by bytes.
struct NameSlots: Sendable {
    /// Each slot's name.
    private(set) var names: [String] = []
    /// Open addressing over ASCII names: a slot number, or -1 for an empty bucket.
    private var buckets: [Int32] = []
    private var ascii = 0
    /// Names with a non-ASCII byte.
    private var others: [String: Int32] = [:]

    init() {}

    var count: Int { names.count }

    /// The slot of `name`, if it has one.
    func slot(of name: String) -> Int32? {
        guard let hash = Self.asciiHash(name) else { return others[name] }
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = buckets[bucket]
            if slot < 0 { return nil }
            if names[Int(slot)] == name { return slot }
            bucket = (bucket + 1) & mask
        }
    }

    /// The slot of `name`, given a new one when it has none yet.
    mutating func insert(_ name: String) -> Int32 {
        guard let hash = Self.asciiHash(name) else {
            if let slot = others[name] { return slot }
            let slot = Int32(truncatingIfNeeded: names.count)
            others[name] = slot
            names.append(name)
            return slot
        }
        if (ascii + 1) * 2 > buckets.count { grow() }
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = buckets[bucket]
            if slot < 0 { break }
            if names[Int(slot)] == name { return slot }
            bucket = (bucket + 1) & mask
        }
        let slot = Int32(truncatingIfNeeded: names.count)
        buckets[bucket] = slot
        names.append(name)
        ascii += 1
        return slot
    }

    /// The slot of the name spelled by `bytes` (UTF-8), given a new one when it has none yet: the
    /// string is made only for a name the table has not seen, so interning a file's repeated
    /// names costs a hash and a comparison each.
    mutating func insert(bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard let hash = Self.asciiHash(bytes) else { return insert(String(decoding: bytes, as: UTF8.self)) }
        if (ascii + 1) * 2 > buckets.count { grow() }
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = buckets[bucket]
            if slot < 0 { break }
            if Self.equal(names[Int(slot)], bytes) { return slot }
            bucket = (bucket + 1) & mask
        }
        let slot = Int32(truncatingIfNeeded: names.count)
        buckets[bucket] = slot
        names.append(String(decoding: bytes, as: UTF8.self))
        ascii += 1
        return slot
    }

    /// Whether an ASCII name is spelled by `bytes`.
    private static func equal(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var name = name
        return name.withUTF8 { stored in
            stored.count == bytes.count && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
    }

    /// Doubles the buckets (at most half full) and places the ASCII names again.
    private mutating func grow() {
        let size = max(16, buckets.count * 2)
        buckets = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for (slot, name) in names.enumerated() {
            guard let hash = Self.asciiHash(name) else { continue }
            var bucket = Int(truncatingIfNeeded: hash) & mask
            while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = Int32(truncatingIfNeeded: slot)
        }
    }

    /// FNV-1a of the name's bytes, or `nil` when one is not ASCII.
    static func asciiHash(_ name: String) -> UInt64? {
        if let result = name.utf8.withContiguousStorageIfAvailable({ asciiHash($0) }) { return result }
        return asciiHash(name.utf8)
    }

    /// FNV-1a of the bytes, or `nil` when one is not ASCII.
    static func asciiHash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64? where Bytes.Element == UInt8 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return high < 0x80 ? value ^ (value >> 29) : nil
    }
}

/// Items grouped by their name slot in one pass (a stable counting sort): the order that puts
/// each slot's items together, in their original order, and each slot's range in that order. One
/// array for the file, not one per name.
struct SlotGrouping: Sendable {
    /// Item positions, slot by slot.
    let order: [Int32]
    /// Each slot's part of `order`.
    let ranges: [Range<Int32>]

    /// `slots[item]` is each item's slot, all in `0..<slotCount`.
    init(slots: [Int32], slotCount: Int) {
        var starts = [Int32](repeating: 0, count: slotCount + 1)
        for slot in slots { starts[Int(slot) + 1] += 1 }
        for slot in 0..<slotCount { starts[slot + 1] += starts[slot] }
        var next = starts
        var order = [Int32](repeating: 0, count: slots.count)
        for (item, slot) in slots.enumerated() {
            order[Int(next[Int(slot)])] = Int32(truncatingIfNeeded: item)
            next[Int(slot)] += 1
        }
        self.order = order
        ranges = (0..<slotCount).map { starts[$0]..<starts[$0 + 1] }
    }
}

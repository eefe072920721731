/// The distinct names of one file (its call names, its declared locals), each given a slot
/// number in the order first seen. A file looks names up hundreds of times, and `Dictionary`'s
/// seeded hashing of a `String` costs several hundred instructions a lookup; code is written in
/// short ASCII names, which this table hashes eight bytes at a time and compares byte for byte.
/// A name with any other byte goes to a `Dictionary`, since Swift compares such strings by
/// canonical equivalence, not by bytes.
///
/// The names' bytes are kept one after another in one buffer rather than as a `String` each: a
/// table filled from source bytes makes no string (most of a file's names are only ever looked
/// up, never read back), and freeing it frees three arrays instead of a string per name.
/// `name(_:)` makes the string of a slot when one is needed.
struct NameSlots: Sendable {
    /// Every slot's bytes, one after another: slot `s` ends at `ends[s]` and starts where the one
    /// before it ends. The array is the room, not just the names: a new name is copied into it in
    /// place, where `append(contentsOf:)` cost about a hundred instructions a name through the
    /// standard library's general sequence path. The room past the last name is left unwritten
    /// (see `room(_:keeping:)`) and never read.
    private var bytes: [UInt8] = []
    private var ends: [Int32] = []
    /// Open addressing over ASCII names: 0 for an empty bucket, else the slot plus one in the low
    /// half and the low half of the name's hash in the high half (its bucket is that half masked,
    /// so growing rehashes no name). In a run-wide table each probe is a cache miss; with the hash
    /// in the bucket, a probe reads a name's bytes only when the hashes agree.
    private var buckets: [UInt64] = []
    private var ascii = 0
    /// Names with a non-ASCII byte.
    private var others: [String: Int32] = [:]

    init() {}

    /// A table sized for about `capacity` names, so filling it rehashes nothing.
    init(capacity: Int) {
        // Sixteen bytes a name: calls' full names (`configure(with:)`) and qualified type keys run
        // longer than eight, and a buffer sized for eight was copied as it grew.
        self.init(capacity: capacity, bytes: capacity * 16)
    }

    /// A table sized for about `capacity` names of about `byteCount` bytes in all.
    init(capacity: Int, bytes byteCount: Int) {
        // An empty file's table allocates nothing until a name comes.
        guard capacity > 0 else { return }
        var size = 16
        while size < capacity * 2 { size *= 2 }
        buckets = [UInt64](filledWith: 0, count: size)
        ends.reserveCapacity(capacity)
        bytes = Self.room(byteCount, keeping: [], 0)
    }

    /// An array of `count` bytes whose first `used` are those of `old`, the rest unwritten. A
    /// run-wide table is sized for the most its names could take, and zeroing that room (or the
    /// doubled room it grew into) touched megabytes of pages no name reached: every page written
    /// is a page fault. Bytes are a trivial type, and nothing reads the room past the last name
    /// (a slot's bytes end where `ends` says, and comparing or hashing a name reads only within
    /// it), so what the unwritten room holds never matters.
    private static func room(_ count: Int, keeping old: [UInt8], _ used: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { room, initialized in
            if used > 0 {
                old.withUnsafeBufferPointer { room.baseAddress!.update(from: $0.baseAddress!, count: used) }
            }
            initialized = count
        }
    }

    var count: Int { ends.count }

    /// The name in `slot`, made into a string.
    func name(_ slot: Int32) -> String {
        withName(slot) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of the name in `slot`.
    func withName<Result>(_ slot: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(slot)
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<Int(ends[index])])) }
    }

    /// Every name, in slot order, each made into a string: for callers that read them all once.
    var names: [String] { (0..<Int32(truncatingIfNeeded: count)).map(name) }

    /// The names alone, without the table that finds them, in buffers of their exact size: what
    /// a file keeps for the rest of the run (a table's buckets take more room than its names).
    var list: NameList {
        NameList(bytes: Array(bytes[0..<usedBytes]), ends: Array(ends))
    }

    /// How many bytes of `bytes` the names take.
    private var usedBytes: Int { ends.last.map(Int.init) ?? 0 }

    /// How many bytes the names take, all together.
    var byteCount: Int { usedBytes }

    /// A table of `names`, for membership tests (`slot(of:) != nil`).
    init<Names: Sequence>(_ names: Names) where Names.Element == String {
        self.init()
        for name in names { _ = insert(name) }
    }

    /// The slot of `name`, if it has one.
    func slot(of name: String) -> Int32? {
        Self.withBytes(of: name) { slot(of: $0) }
    }

    /// The slot of the name spelled by `bytes` (UTF-8), if it has one.
    func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        slot(of: bytes, hash: Self.asciiHash(bytes))
    }

    /// `slot(of:)` of a name whose `asciiHash` the caller has (`nil`: the name is not ASCII): a name
    /// looked up in several tables is hashed once for all of them.
    func slot(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64?) -> Int32? {
        guard let hash else { return others[String(decoding: bytes, as: UTF8.self)] }
        return buckets.isEmpty ? nil : probe(hash, bytes).slot
    }

    /// The slot of each name of `list`, by its position there, given a new one when it has none
    /// yet: how a run-wide table takes in a file's names.
    mutating func insert(contentsOf list: NameList) -> [Int32] {
        // The list's buffers are opened once for all its names, not once a name.
        list.withBuffers { bytes, ends in
            [Int32](unsafeUninitializedCapacity: ends.count) { slots, initialized in
                var start = 0
                for position in ends.indices {
                    let end = Int(ends[position])
                    slots[position] = insert(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                }
                initialized = ends.count
            }
        }
    }

    /// The slot of `name`, given a new one when it has none yet.
    mutating func insert(_ name: String) -> Int32 {
        Self.withBytes(of: name) { insert(bytes: $0) }
    }

    /// The slot of the name spelled by `bytes` (UTF-8), given a new one when it has none yet:
    /// interning a file's repeated names costs a hash and a comparison each, a new one a copy of
    /// its bytes.
    mutating func insert(bytes name: UnsafeBufferPointer<UInt8>) -> Int32 {
        guard let hash = Self.asciiHash(name) else { return insertOther(name) }
        if (ascii + 1) * 2 > buckets.count { grow() }
        let found = probe(hash, name)
        if let slot = found.slot { return slot }
        let slot = append(name)
        buckets[found.bucket] = Self.bucketEntry(slot, hash)
        ascii += 1
        return slot
    }

    /// Walks the ASCII buckets from `hash` (the table has buckets): the slot of `name`, or the
    /// empty bucket where it would go.
    @inline(__always)
    private func probe(_ hash: UInt64, _ name: UnsafeBufferPointer<UInt8>) -> (slot: Int32?, bucket: Int) {
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: hash) & mask
        let tag = hash & 0xFFFF_FFFF
        return bytes.withUnsafeBufferPointer { stored in
            ends.withUnsafeBufferPointer { ends in
                buckets.withUnsafeBufferPointer { buckets in
                    while true {
                        let entry = buckets[bucket]
                        if entry == 0 { return (nil, bucket) }
                        if entry >> 32 == tag {
                            let slot = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                            let end = Int(ends[slot])
                            let start = slot == 0 ? 0 : Int(ends[slot - 1])
                            if end - start == name.count
                                && (name.isEmpty || Self.equal(stored.baseAddress! + start, name.baseAddress!, name.count)) {
                                return (Int32(truncatingIfNeeded: slot), bucket)
                            }
                        }
                        bucket = (bucket + 1) & mask
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func bucketEntry(_ slot: Int32, _ hash: UInt64) -> UInt64 {
        hash << 32 | UInt64(UInt32(bitPattern: slot) &+ 1)
    }

    /// Whether `count` bytes at `left` and at `right` are the same: names are short, and a call
    /// of `memcmp` cost more than comparing them a word at a time here (the last word overlapping
    /// the one before, as `asciiHash` reads them).
    @inline(__always)
    private static func equal(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let one = UnsafeRawPointer(left)
        let other = UnsafeRawPointer(right)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                if one.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    != other.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
                offset += 8
            }
            return one.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == other.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        if count >= 4 {
            return one.loadUnaligned(fromByteOffset: 0, as: UInt32.self) == other.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
                && one.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == other.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        for index in 0..<count where left[index] != right[index] { return false }
        return true
    }

    /// Copies `count` bytes a word at a time (the last word overlapping the one before), reading
    /// and writing none past either end: a call of `memmove` cost more than a short name's copy.
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, toByteOffset: 0, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else {
            for index in 0..<count { target[index] = source[index] }
        }
    }

    private mutating func append(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
        let slot = Int32(truncatingIfNeeded: ends.count)
        let start = usedBytes
        let end = start + name.count
        if end > bytes.count {
            // Doubled, so copying the names on growth stays linear in their bytes.
            bytes = Self.room(max(end, 2 * bytes.count, 64), keeping: bytes, start)
        }
        if let source = name.baseAddress, !name.isEmpty {
            bytes.withUnsafeMutableBufferPointer { room in
                Self.copy(source, to: room.baseAddress! + start, count: name.count)
            }
        }
        ends.append(Int32(truncatingIfNeeded: end))
        return slot
    }

    /// Gives a name a new slot without looking for it or making it findable (`slot(of:)` and
    /// `insert` do not see it): for names the table's owner never looks up and that are nearly
    /// always new to it, where a second slot for a repeated name is harmless because a later
    /// table takes every name in again by its bytes. The name is at most `count` bytes, which
    /// `write` spells straight into the table's room, returning how many it wrote: no scratch
    /// copy to copy again.
    mutating func appendUnindexed(count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) -> Int32 {
        let slot = Int32(truncatingIfNeeded: ends.count)
        let start = usedBytes
        if start + count > bytes.count {
            // Doubled, as `append` grows it.
            bytes = Self.room(max(start + count, 2 * bytes.count, 64), keeping: bytes, start)
        }
        let written = bytes.withUnsafeMutableBufferPointer { room in write(room.baseAddress! + start) }
        // The writer is given room for `count` bytes and no more: one that outgrew its count
        // (a spelling changed on one side only) stops here, in the first test that spells it.
        precondition(written <= count, "a name was written past the room counted for it")
        ends.append(Int32(truncatingIfNeeded: start + written))
        return slot
    }

    private mutating func insertOther(_ name: UnsafeBufferPointer<UInt8>) -> Int32 {
        let string = String(decoding: name, as: UTF8.self)
        if let slot = others[string] { return slot }
        let slot = append(name)
        others[string] = slot
        return slot
    }

    /// Calls `body` with the UTF-8 bytes of `name`, in place for a native string.
    @inline(__always)
    static func withBytes<Result>(of name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = name.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = name
        return copy.withUTF8(body)
    }

    /// Doubles the buckets (at most half full) and places the ASCII names again.
    private mutating func grow() {
        let size = max(16, buckets.count * 2)
        let old = buckets
        buckets = [UInt64](filledWith: 0, count: size)
        let mask = size - 1
        // The old buckets hold exactly the ASCII names' slots.
        for entry in old where entry != 0 {
            var bucket = Int(truncatingIfNeeded: entry >> 32) & mask
            while buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
            buckets[bucket] = entry
        }
    }

    /// The hash of the name's bytes, or `nil` when one is not ASCII.
    static func asciiHash(_ name: String) -> UInt64? {
        withBytes(of: name) { asciiHash($0) }
    }

    /// A multiplicative hash of the bytes read sixteen at a time, as two words multiplied apart (the
    /// last pair overlapping the one before; a name of eight to sixteen bytes read as two
    /// overlapping words, a shorter one as two overlapping halves), or `nil` when one is not ASCII.
    /// Two words a round: the table's names are mostly longer than eight bytes (full names such as
    /// `configure(with:)`, qualified keys), and a word at a time hashed them in a loop of one
    /// dependent multiplication each.
    static func asciiHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return value }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var high: UInt64 = 0
        func mix(_ first: UInt64, _ second: UInt64) {
            high |= first | second
            value = ((value ^ first) &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F)
            value ^= value >> 32
        }
        if count > 16 {
            var offset = 0
            while offset &+ 16 < count {
                mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                    raw.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self))
                offset &+= 16
            }
            mix(raw.loadUnaligned(fromByteOffset: count &- 16, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        } else if count >= 8 {
            mix(raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        } else if count >= 4 {
            mix(UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)) << 32, 0)
        } else {
            // One to three bytes: the first, the middle and the last.
            mix(UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count &- 1]) << 16, 0)
        }
        guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
        // A last multiplication: the second word of a round reaches the low bits (which pick the
        // bucket) only through it.
        value = value &* 0x9E37_79B9_7F4A_7C15
        return value ^ (value >> 32) ^ (value >> 29)
    }
}

/// Names by position, their bytes one after another: the part of a `NameSlots` a file keeps.
struct NameList: Sendable {
    private var bytes: [UInt8] = []
    private var ends: [Int32] = []

    init() {}

    fileprivate init(bytes: [UInt8], ends: [Int32]) {
        self.bytes = bytes
        self.ends = ends
    }

    var count: Int { ends.count }

    /// How many bytes the names take, all together.
    var byteCount: Int { bytes.count }

    /// Calls `body` with the UTF-8 bytes of the name at `position`.
    func withName<Result>(_ position: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(position)
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<Int(ends[index])])) }
    }

    /// The name at `position`, made into a string.
    func name(_ position: Int32) -> String { withName(position) { String(decoding: $0, as: UTF8.self) } }

    /// Calls `body` with every name's bytes, one after another, and where each name ends.
    func withBuffers<Result>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int32>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in ends.withUnsafeBufferPointer { body(bytes, $0) } }
    }
}

/// Items grouped by their name slot in one pass (a stable counting sort): the order that puts
/// each slot's items together, in their original order, and where each slot's part of that order
/// starts. One array for the file, not one per name.
struct SlotGrouping: Sendable {
    /// Item positions, slot by slot.
    let order: [Int32]
    /// Where each slot's part of `order` starts, and after the last slot the item count: slot `s`
    /// is `order[starts[s]..<starts[s + 1]]`. The counting array itself, kept: a range per slot
    /// cost every file's groupings one more array to fill and free.
    let starts: [Int32]

    /// How many slots.
    var count: Int { starts.count - 1 }

    /// Slot `slot`'s part of `order`.
    func range(_ slot: Int) -> Range<Int32> { starts[slot]..<starts[slot + 1] }

    /// Each slot's part of `order`.
    var ranges: [Range<Int32>] { (0..<count).map(range) }

    /// `slots[item]` is each item's slot, all in `0..<slotCount`.
    init(slots: [Int32], slotCount: Int) {
        // Through buffer pointers, each slot checked once: this runs for every file (its call
        // names, its declarations), where checked array writes cost more than the counting.
        // Slot `s` is counted at `s + 2`; after the running sums `starts[s + 1]` is where it
        // starts, and it moves to where the slot ends, which is where the next starts, as the
        // items are placed. The extra element at the end is dropped.
        var starts = [Int32](filledWith: 0, count: slotCount + 2)
        var order = [Int32](filledWith: 0, count: slots.count)
        slots.withUnsafeBufferPointer { slots in
            starts.withUnsafeMutableBufferPointer { starts in
                for slot in slots {
                    precondition(slot >= 0 && Int(slot) < slotCount, "slot out of range")
                    starts[Int(slot) + 2] += 1
                }
                for position in 2..<(slotCount + 2) { starts[position] += starts[position - 1] }
                order.withUnsafeMutableBufferPointer { order in
                    for item in slots.indices {
                        let slot = Int(slots[item]) + 1
                        order[Int(starts[slot])] = Int32(truncatingIfNeeded: item)
                        starts[slot] += 1
                    }
                }
            }
        }
        starts.removeLast()
        self.order = order
        self.starts = starts
    }
}

/// A table from non-negative 64-bit keys (two 32-bit ids packed, in practice) to 64-bit values,
/// by open addressing with a multiplicative hash: `Dictionary` hashes every integer key with a
/// seeded SipHash, and these tables are filled and read once per member of the run.
struct IntegerTable: Sendable {
    /// Each bucket's key (-1 when empty) and value side by side: a lookup in a run-wide table is
    /// one cache miss, not one for the key and another for its value.
    private var pairs: [Int64]
    private(set) var count = 0
    /// Bits of the hash used: the tables hold `1 << bits` buckets, at most three quarters full.
    /// Not half: the run-wide tables (members by type and name, functions by type and name) are
    /// filled once and asked little, and at half full they took 12.6 MB of the index's peak.
    private var bits: Int

    /// A table sized for about `capacity` keys; an empty one allocates nothing until a key comes.
    init(capacity: Int = 0) {
        guard capacity > 0 else {
            bits = 3
            pairs = []
            return
        }
        bits = 4
        while (1 << bits) * 3 < capacity * 4 { bits += 1 }
        pairs = Self.emptyPairs(1 << bits)
    }

    private var bucketCount: Int { pairs.count / 2 }

    /// Every key and value -1: one fill, where zeroing then marking each key wrote the table twice
    /// (an empty bucket's value is never read).
    private static func emptyPairs(_ buckets: Int) -> [Int64] {
        [Int64](filledWith: -1, count: buckets * 2)
    }

    /// The value of `key`, if it has one.
    func value(for key: Int64) -> Int64? {
        guard !pairs.isEmpty else { return nil }
        let bucket = find(key)
        return pairs[2 * bucket] == key ? pairs[2 * bucket + 1] : nil
    }

    /// Gives `key` the value `value` unless it has one already; whether it was given.
    @discardableResult
    mutating func insertIfAbsent(_ key: Int64, _ value: Int64) -> Bool {
        precondition(key >= 0, "IntegerTable keys are non-negative")
        if (count + 1) * 4 > bucketCount * 3 { grow() }
        let bucket = find(key)
        guard pairs[2 * bucket] != key else { return false }
        pairs[2 * bucket] = key
        pairs[2 * bucket + 1] = value
        count += 1
        return true
    }

    /// The value of `key`, which is given `value` first if it has none: one probe, where asking
    /// then inserting probed a key met before twice.
    mutating func valueInsertingIfAbsent(_ key: Int64, _ value: Int64) -> (value: Int64, inserted: Bool) {
        precondition(key >= 0, "IntegerTable keys are non-negative")
        if (count + 1) * 4 > bucketCount * 3 { grow() }
        let bucket = find(key)
        guard pairs[2 * bucket] != key else { return (pairs[2 * bucket + 1], false) }
        pairs[2 * bucket] = key
        pairs[2 * bucket + 1] = value
        count += 1
        return (value, true)
    }

    /// The bucket holding `key`, or the empty one where it would go (the table is never full).
    private func find(_ key: Int64) -> Int {
        let mask = bucketCount - 1
        var bucket = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
        return pairs.withUnsafeBufferPointer { pairs in
            while true {
                let stored = pairs[2 * bucket]
                if stored == key || stored < 0 { return bucket }
                bucket = (bucket + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let old = pairs
        bits += 1
        pairs = Self.emptyPairs(1 << bits)
        for bucket in 0..<(old.count / 2) where old[2 * bucket] >= 0 {
            let key = old[2 * bucket]
            let target = find(key)
            pairs[2 * target] = key
            pairs[2 * target + 1] = old[2 * bucket + 1]
        }
    }
}

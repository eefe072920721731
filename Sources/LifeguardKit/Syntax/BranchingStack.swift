/// A stack that follows `#if` branches: each branch starts from the state the stack had at its
/// `#if`, so a branch that opens or closes more than it should cannot derail the rest of the
/// file. After `#endif` the state of the last branch carries on.
///
/// Every operation costs O(1) amortized, however deep the `#if`s nest: a branch saves only the
/// elements it pops from below its low-water mark (each position once, the `#if`-time original),
/// and at `#endif` hands the ones its enclosing group still needs over by splicing a list.
struct BranchingStack<Element> {
    private(set) var elements: [Element] = []
    /// Elements moved and saved entries walked: what the linear-time tests add to their count.
    private(set) var work = 0
    private var groups: [Group] = []
    /// Saved originals of every open group, as singly linked lists in decreasing position order.
    private var saved: [Saved] = []

    private struct Group {
        /// The stack's height at `#if`.
        var depth: Int
        /// The lowest height the current branch has reached: the originals at `low..<depth` were
        /// popped and are in the group's list.
        var low: Int
        /// First and last entries of the group's list in `saved`, or -1.
        var head = -1
        var tail = -1
    }

    private struct Saved {
        var position: Int
        var element: Element
        var next: Int
    }

    /// Room for `capacity` elements before the first regrowth.
    mutating func reserveCapacity(_ capacity: Int) { elements.reserveCapacity(capacity) }

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }
    var last: Element? { elements.last }

    subscript(index: Int) -> Element {
        @inline(__always) get { elements[index] }
        // In place: `scopes[i].kind = ...` must not copy the element out and back.
        _modify { yield &elements[index] }
    }

    @inline(__always)
    mutating func push(_ element: Element) {
        work &+= 1
        elements.append(element)
    }

    /// Inlined up to the `#if` test: outside every `#if` (most of the time) there is nothing to
    /// save, and a call per pop cost more than the pop (the bracket pairing pops once per closer).
    @discardableResult @inline(__always)
    mutating func pop() -> Element {
        work &+= 1
        let element = elements.removeLast()
        if groups.isEmpty { return element }
        save(element)
        return element
    }

    /// Keeps a popped element that an enclosing `#if` branch may need back.
    @inline(never)
    private mutating func save(_ element: Element) {
        let position = elements.count
        // Only the innermost group can need it: below an inner group's low-water mark every
        // position already holds something newer than any enclosing `#if`.
        let group = groups[groups.count - 1]
        guard position < group.low else { return }
        let entry = saved.count
        saved.append(Saved(position: position, element: element, next: -1))
        var updated = group
        if updated.tail >= 0 { saved[updated.tail].next = entry } else { updated.head = entry }
        updated.tail = entry
        updated.low = position
        groups[groups.count - 1] = updated
    }

    /// At `#if`.
    mutating func beginBranches() {
        work &+= 1
        groups.append(Group(depth: elements.count, low: elements.count))
    }

    /// At `#elseif`/`#else`: returns the elements the previous branch left open (to be closed),
    /// innermost first, and restores the stack as it was at `#if`.
    mutating func nextBranch() -> [Element] {
        guard var group = groups.last else { return [] }
        var abandoned: [Element] = []
        while elements.count > group.low {
            work &+= 1
            abandoned.append(elements.removeLast())
        }
        // The list runs from the highest position down; the stack refills from the lowest up.
        var originals: [Element] = []
        var index = group.head
        while index >= 0 {
            work &+= 1
            originals.append(saved[index].element)
            index = saved[index].next
        }
        elements.append(contentsOf: originals.reversed())
        group.low = group.depth
        group.head = -1
        group.tail = -1
        groups[groups.count - 1] = group
        return abandoned
    }

    /// At `#endif`: the last branch's state stands; the originals it popped that the enclosing
    /// group had not popped yet are that group's to restore.
    mutating func endBranches() {
        work &+= 1
        guard let finished = groups.popLast() else { return }
        guard var outer = groups.last else {
            saved.removeAll(keepingCapacity: true)
            return
        }
        // Positions at or above the outer group's low-water mark held newer elements when this
        // group popped them; each is dropped once, so the walk costs O(1) amortized.
        var index = finished.head
        while index >= 0, saved[index].position >= outer.low {
            work &+= 1
            index = saved[index].next
        }
        if index >= 0 {
            if outer.tail >= 0 { saved[outer.tail].next = index } else { outer.head = index }
            outer.tail = finished.tail
            outer.low = saved[finished.tail].position
            groups[groups.count - 1] = outer
        }
    }
}

/// A stack that follows `#if` branches: each branch starts from the state the stack had at its
/// `#if`, so a branch that opens or closes more than it should cannot derail the rest of the
/// file. After `#endif` the state of the last branch carries on.
struct BranchingStack<Element> {
    private(set) var elements: [Element] = []
    private var snapshots: [Snapshot] = []

    private struct Snapshot {
        /// The stack's height at `#if`.
        var depth: Int
        /// Elements below `depth` that the current branch popped, with their positions.
        var borrowed: [(position: Int, element: Element)] = []
    }

    var count: Int { elements.count }
    var isEmpty: Bool { elements.isEmpty }
    var last: Element? { elements.last }

    subscript(index: Int) -> Element {
        get { elements[index] }
        set { elements[index] = newValue }
    }

    mutating func push(_ element: Element) { elements.append(element) }

    @discardableResult
    mutating func pop() -> Element {
        let element = elements.removeLast()
        guard !snapshots.isEmpty else { return element }
        let position = elements.count
        // Remember what a branch took from below its `#if`, so the next branch gets it back.
        if let innermost = snapshots.lastIndex(where: { $0.depth > position }) {
            snapshots[innermost].borrowed.append((position, element))
        }
        return element
    }

    /// At `#if`.
    mutating func beginBranches() {
        snapshots.append(Snapshot(depth: elements.count))
    }

    /// At `#elseif`/`#else`: returns the elements the previous branch left open (to be closed),
    /// innermost first, and restores the stack as it was at `#if`.
    mutating func nextBranch() -> [Element] {
        guard var snapshot = snapshots.last else { return [] }
        let floor = min(snapshot.depth, snapshot.borrowed.map(\.position).min() ?? snapshot.depth)
        var abandoned: [Element] = []
        while elements.count > floor {
            abandoned.append(elements.removeLast())
        }
        for entry in snapshot.borrowed.sorted(by: { $0.position < $1.position }) {
            elements.append(entry.element)
        }
        snapshot.borrowed.removeAll()
        snapshots[snapshots.count - 1] = snapshot
        return abandoned
    }

    /// At `#endif`: the last branch's state stands; what it borrowed stays borrowed for any
    /// enclosing `#if`.
    mutating func endBranches() {
        guard let finished = snapshots.popLast() else { return }
        if var outer = snapshots.last {
            for entry in finished.borrowed where entry.position < outer.depth {
                outer.borrowed.append(entry)
            }
            snapshots[snapshots.count - 1] = outer
        }
    }
}
